"""PDFs written operator by operator for the integrity tests (#41 item 6): an essay's
lines drawn in Helvetica, with the trick a student's tool applies to them. Nothing here
is a sample file: the text is passed in.

- ``colour``, ``tiny``: two junk letters after every word, filled white or drawn at
  1 point (the page shows the essay with wider gaps);
- ``grounded``: the same white junk, but over a black bar drawn under each line (white
  letters on a dark ground, which a reader sees);
- ``shuffled``: every letter drawn at its place, in a shuffled order; ``words``: every
  word so;
- ``sideways``, ``sideways-down``: honest lines turned on their side, read bottom to
  top (or top to bottom);
- ``scrambled``: a ToUnicode map that gives other letters than the page shows;
- ``type3``: a Type3 font with no character map whose glyph for each code draws
  another letter (the codes are the essay's letters scrambled); ``type3-low``: one
  whose codes are the characters' less 31 (a space is code 1).
"""

from __future__ import annotations

import itertools
import random
import string
import textwrap
from collections.abc import Callable

from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.data.make_bad_files import pdf_file

TRICKS = (
    "plain", "colour", "tiny", "grounded", "shuffled", "words", "sideways", "sideways-down",
    "scrambled", "type3", "type3-low",
)  # fmt: skip
JUNK = "qzxkvj"  # the letters slipped between the words
LINES_PER_PAGE = 60
_LOWER = string.ascii_lowercase
_SWAP = dict(zip(_LOWER, _LOWER[7:] + _LOWER[:7], strict=True))  # a -> h, b -> i ...
_SWAP.update({a.upper(): b.upper() for a, b in _SWAP.items() if a.islower()})
_BACK = {b: a for a, b in _SWAP.items()}


def tricked_pdf(text: str, trick: str, *, max_lines: int | None = None) -> tuple[bytes, int]:
    """``text`` as a PDF with ``trick`` applied (one of :data:`TRICKS`), and how many
    characters the trick added or moved (junk letters, letters drawn shuffled)."""
    if trick not in TRICKS:
        raise ValueError(f"trick must be one of {TRICKS}, not {trick!r}")
    lines = [line for para in text.split("\n") for line in textwrap.wrap(para, 95)]
    lines = [_latin1(line) for line in lines[:max_lines]]
    pages, count = [], 0
    for start in range(0, len(lines), LINES_PER_PAGE):
        ops, n = _page(lines[start : start + LINES_PER_PAGE], trick, seed=start)
        pages.append(ops)
        count += n
    font = {
        "scrambled": _scrambled_font,
        "type3": _type3_font,
        "type3-low": lambda add: _type3_font(add, low=True),
    }.get(trick, _helvetica)
    return _document(pages, font), count


def _latin1(line: str) -> str:
    return "".join(ch if ord(ch) < 0x100 else " " for ch in line)


def _page(lines: list[str], trick: str, seed: int) -> tuple[str, int]:
    """A page's content stream and the characters the trick added or moved."""
    if trick in ("shuffled", "words"):
        return _shuffled(lines, seed, by_word=trick == "words")
    if trick.startswith("sideways"):
        return _sideways(lines, down=trick == "sideways-down"), 0
    junk = itertools.cycle(JUNK)
    ops, added = [], 0
    for k, line in enumerate(lines):
        y = 800 - 12 * k
        if trick == "grounded":
            ops.append(f"0 0 0 rg 0 {y - 3} 1200 12 re f")  # past the page: the lines are long
        shown = "".join(_SWAP.get(ch, ch) for ch in line) if trick == "type3" else line
        if trick == "type3-low":
            codes = "".join(f"{ord(ch) - 31:02X}" for ch in line if " " <= ch <= "~")
            ops.append(f"BT /F1 10 Tf 50 {y} Td <{codes}> Tj ET")
            continue
        ops.append(f"BT /F1 10 Tf 50 {y} Td")
        for word in shown.split(" "):
            ops.append(f"{'1 1 1' if trick == 'grounded' else '0 0 0'} rg ({_escape(word)} ) Tj")
            if trick in ("colour", "tiny", "grounded"):
                slip = next(junk) + next(junk)
                added += len(slip)
                look = "/F1 1 Tf" if trick == "tiny" else "1 1 1 rg"
                after = "/F1 10 Tf" if trick == "tiny" else ""
                ops.append(f"{look} ({slip}) Tj {after}")
        ops.append("ET")
    return "\n".join(ops), added


def _shuffled(lines: list[str], seed: int, by_word: bool = False) -> tuple[str, int]:
    """Each letter (or word) drawn at its place, in a shuffled order; how many letters."""
    pieces, letters = [], 0
    for k, line in enumerate(lines):
        x = 50.0
        for piece in line.split(" ") if by_word else list(line):
            if piece.strip():
                at = f"1 0 0 1 {x:.2f} {800 - 12 * k} Tm"
                pieces.append(f"BT /F1 10 Tf {at} ({_escape(piece)}) Tj ET")
                letters += len(piece)
            x += stringWidth(piece + (" " if by_word else ""), "Helvetica", 10)
    random.Random(seed).shuffle(pieces)
    return "\n".join(pieces), letters


def _sideways(lines: list[str], down: bool) -> str:
    """Lines turned a quarter, as a landscape table in a portrait page is."""
    ops = []
    for k, line in enumerate(lines[:40]):
        turn, x, y = ("0 -1 1 0", 550 - 12 * k, 800) if down else ("0 1 -1 0", 60 + 12 * k, 40)
        ops.append(f"BT /F1 10 Tf {turn} {x} {y} Tm ({_escape(line[:120])}) Tj ET")
    return "\n".join(ops)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


Add = Callable[[bytes], int]


def _stream(add: Add, data: bytes) -> int:
    return add(b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream")


def _helvetica(add: Add) -> int:
    return add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")


def _scrambled_font(add: Add) -> int:
    """Helvetica, its ToUnicode map giving each letter as the one 7 letters on."""
    pairs = "\n".join(f"<{ord(a):02X}> <{ord(b):04X}>" for a, b in _SWAP.items())
    cmap = (
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def "
        "/CMapName /Adobe-Identity-UCS def /CMapType 2 def\n"
        "1 begincodespacerange <00> <FF> endcodespacerange\n"
        f"{len(_SWAP)} beginbfchar\n{pairs}\nendbfchar\n"
        "endcmap CMapName currentdict /CMap defineresource pop end end"
    )
    to_unicode = _stream(add, cmap.encode())
    return add(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding "
        b"/ToUnicode %d 0 R >>" % to_unicode
    )


def _type3_font(add: Add, low: bool = False) -> int:
    """A Type3 font without a character map: code c draws the letter _BACK[c] (with
    ``low``: the character c + 31), in Helvetica inside the glyph, named /gNN so no
    reader can tell which letter."""
    helvetica = _helvetica(add)
    procs, widths = [], []
    codes = range(1, 96) if low else range(32, 127)
    for code in codes:
        letter = chr(code + 31) if low else _BACK.get(chr(code), chr(code))
        width = round(stringWidth(letter, "Helvetica", 1000))
        widths.append(str(width))
        glyph = f"{width} 0 d0 BT /H 1000 Tf 0 0 Td ({_escape(letter)}) Tj ET"
        procs.append(f"/g{code} {_stream(add, glyph.encode())} 0 R")
    names = " ".join(f"/g{code}" for code in codes)
    return add(
        (
            "<< /Type /Font /Subtype /Type3 /FontBBox [0 -300 1000 1000] "
            "/FontMatrix [0.001 0 0 0.001 0 0] "
            f"/CharProcs << {' '.join(procs)} >> "
            f"/Encoding << /Type /Encoding /Differences [{codes[0]} {names}] >> "
            f"/FirstChar {codes[0]} /LastChar {codes[-1]} /Widths [{' '.join(widths)}] "
            f"/Resources << /Font << /H {helvetica} 0 R >> >> >>"
        ).encode()
    )


def _document(pages: list[str], font: Callable[[Add], int]) -> bytes:
    """A PDF of A4 pages with these content streams and one font, /F1."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    font_id = font(add)
    tree = add(b"")  # filled in below, once the pages are numbered
    kids = []
    for content in pages:
        stream = _stream(add, content.encode("latin-1"))
        kids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] "
                b"/Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>"
                % (tree, font_id, stream)
            )
        )
    refs = " ".join(f"{k} 0 R" for k in kids).encode()
    objects[tree - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (refs, len(kids))
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % tree)
    return pdf_file(objects, root=catalog)
