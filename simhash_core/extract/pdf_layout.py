"""Turn the positioned characters of PDF pages into text (pure functions, no PDF library).

Both PDF back ends (pypdfium2 and pdfminer.six) only report characters with their boxes
in content-stream order; this module builds lines and paragraphs from them, so the two
give the same text. Steps:

1. Group characters into lines in stream order (a character joins the current line
   when it overlaps it vertically), then merge stray fragments drawn out of order (for
   example quotation marks LibreOffice draws in a separate run) into the line they sit
   in, and sort each line left to right. Spaces come from horizontal gaps, never from
   the PDF's own space characters, which back ends report differently.
2. Mark paragraph breaks by vertical gaps larger than the page's usual line gap, by a
   change of font size, or by a line that ends well short of the right margin.
3. Remove running headers and footers (the same top or bottom line on most pages) and
   keep each one once, like the DOCX extractor does.

The PDFium back end hands over pages as :class:`.pdf_columns.GlyphColumns`, which do step
1 with numpy and give the same lines; the code here is the reference for both.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from simhash_core.ocr.marks import OCR_START

from .wrap import is_cjk

_SENTENCE_END = set("。！？!?.:：;；…”」』）)")
_DIGITS = re.compile(r"\d+")


class Glyph(NamedTuple):
    """One character on a page: its text and box in PDF units (y grows upwards)."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float  # font size (em) in PDF units


@dataclass
class Line:
    """A line of glyphs; ``y0``/``y1``/``size`` come from its tallest glyph.

    ``glyphs`` is a list while lines are built here, a lazy view of the page's columns
    when :class:`.pdf_columns.GlyphColumns` built it.
    """

    glyphs: Sequence[Glyph]
    y0: float
    y1: float
    size: float
    text: str = ""
    x0: float = 0.0
    x1: float = 0.0

    def v_overlap(self, g: Glyph | Line) -> float:
        return min(self.y1, g.y1) - max(self.y0, g.y0)


def _is_rtl(ch: str) -> bool:
    cp = ord(ch)
    return 0x0590 <= cp <= 0x08FF or 0xFB1D <= cp <= 0xFDFF or 0xFE70 <= cp <= 0xFEFF


def _same_line(line: Line, g: Glyph) -> bool:
    height = max(g.y1 - g.y0, 0.1)
    return line.v_overlap(g) >= 0.5 * min(height, line.y1 - line.y0)


def group_lines(glyphs: Sequence[Glyph]) -> list[Line]:
    """Group one page's glyphs (stream order) into lines in reading order.

    >>> gs = [Glyph(c, 10 * i, 0, 10 * i + 10, 10, 10) for i, c in enumerate("ab")]
    >>> [line.text for line in group_lines(gs + [Glyph("c", 0, -20, 10, -10, 10)])]
    ['ab', 'c']
    """
    columnar: Callable[[], list[Line]] | None = getattr(glyphs, "group_lines", None)
    if columnar is not None:  # GlyphColumns: the same lines, vectorised
        return columnar()
    return _group_lines_one_by_one(glyphs)


def _group_lines_one_by_one(glyphs: Sequence[Glyph]) -> list[Line]:
    """group_lines for any sequence of glyphs: the reference for GlyphColumns."""
    lines: list[Line] = []
    current: Line | None = None
    members: list[Glyph] = []
    for g in glyphs:
        if not g.text or g.text.isspace():
            continue
        if current is not None and _same_line(current, g):
            members.append(g)
            if g.y1 - g.y0 > current.y1 - current.y0:
                current.y0, current.y1, current.size = g.y0, g.y1, g.size
        else:
            members = [g]
            current = Line(members, g.y0, g.y1, g.size)
            lines.append(current)
    lines = _merge_fragments(lines)
    for line in lines:
        _finish_line(line)
    return [line for line in lines if line.text]


def _merge_fragments(lines: list[Line], lookback: int = 40) -> list[Line]:
    """Merge a line into an earlier one it sits inside (same height, within its span)."""
    kept: list[Line] = []
    spans: list[tuple[float, float]] = []
    for line in lines:
        lx0 = min(g.x0 for g in line.glyphs)
        lx1 = max(g.x1 for g in line.glyphs)
        target = None
        for k in range(len(kept) - 1, max(len(kept) - lookback, 0) - 1, -1):
            other, (ox0, ox1) = kept[k], spans[k]
            tol = 0.5 * other.size
            if (
                other.v_overlap(line) >= 0.6 * min(line.y1 - line.y0, other.y1 - other.y0)
                and lx0 >= ox0 - tol
                and lx1 <= ox1 + tol
            ):
                target = other
                break
        if target is None:
            kept.append(line)
            spans.append((lx0, lx1))
        elif isinstance(target.glyphs, list):
            target.glyphs.extend(line.glyphs)
        else:
            target.glyphs = [*target.glyphs, *line.glyphs]
    return kept


def _finish_line(line: Line) -> None:
    """Sort glyphs left to right, drop doubled glyphs (fake bold), insert spaces."""
    glyphs = line.glyphs
    if not any(_is_rtl(g.text[0]) for g in glyphs):
        glyphs = sorted(glyphs, key=lambda g: g.x0)
    parts: list[str] = []
    prev: Glyph | None = None
    right = 0.0  # right edge of the glyphs so far (combining marks lie inside their base)
    for g in glyphs:
        if prev is not None:
            width = max(g.x1 - g.x0, 0.1)
            if (
                g.text == prev.text
                and abs(g.x0 - prev.x0) < 0.3 * width
                and abs(g.y0 - prev.y0) < 0.3 * max(g.size, 0.1)
            ):
                continue  # the same character drawn twice to look bold
            if g.x0 >= right:
                gap = g.x0 - right
            elif g.x1 <= prev.x0:
                gap = prev.x0 - g.x1  # right-to-left text, kept in stream order
            else:
                gap = 0.0
            em = max(min(g.size, prev.size), 0.1)
            wide = is_cjk(prev.text[-1]) and is_cjk(g.text[0])
            if gap > (1.0 if wide else 0.1) * em:
                parts.append(" ")
        parts.append(g.text)
        right = max(right, g.x1) if prev is not None else g.x1
        prev = g
    line.glyphs = glyphs
    line.text = "".join(parts).strip()
    line.x0 = min(g.x0 for g in glyphs)
    line.x1 = max(g.x1 for g in glyphs)


def page_text(lines: Sequence[Line]) -> str:
    """Join a page's lines: ``"\\n"`` inside a paragraph, ``"\\n\\n"`` between paragraphs.

    The rules of :func:`_page_text_one_by_one`, evaluated for all lines at once.
    """
    if len(lines) < 2:
        return lines[0].text if lines else ""
    ends = [line.text[-1:] for line in lines[:-1]]
    values = np.array([(ln.y0, ln.y1, ln.size, ln.x0, ln.x1) for ln in lines], np.float64)
    if not (all(ends) and np.isfinite(values).all()):
        return _page_text_one_by_one(lines)
    y0, y1, size, x0, x1 = values.T
    down = y1[1:] <= y0[:-1] + 0.5 * size[:-1]  # else: went up, never a break
    em = np.minimum(size[:-1], size[1:])
    similar = np.maximum(size[:-1], size[1:]) <= 1.2 * np.maximum(em, 0.1)
    gap = y0[:-1] - y1[1:]
    gaps = gap[down & similar].tolist()
    limit = statistics.median(gaps) + 0.6 * em if gaps else 0.8 * em
    short = _right_edges(x0, x1, size)[:-1] - x1[:-1]
    sentence_end = np.array([ch in _SENTENCE_END for ch in ends])
    breaks = down & (~similar | (gap > limit) | (short > np.where(sentence_end, 2.0, 8.0) * em))
    out = [lines[0].text]
    for brk, line in zip(breaks.tolist(), lines[1:], strict=True):
        out.append("\n\n" if brk else "\n")
        out.append(line.text)
    return "".join(out)


def _right_edges(x0: np.ndarray, x1: np.ndarray, size: np.ndarray, block: int = 256) -> np.ndarray:
    """For each line, _page_text_one_by_one's ``right``: the right edge of the lines of
    similar size that overlap it horizontally (its own if none), as one matrix."""
    edges = np.empty(len(x0))
    for a in range(0, len(x0), block):
        b = min(a + block, len(x0))
        small = np.minimum(size[None, :], size[a:b, None])
        big = np.maximum(size[None, :], size[a:b, None])
        over = (
            (x0[None, :] < x1[a:b, None])
            & (x1[None, :] > x0[a:b, None])
            & (big <= 1.2 * np.maximum(small, 0.1))
        )
        widest = np.where(over, x1[None, :], -np.inf).max(axis=1)
        edges[a:b] = np.where(over.any(axis=1), widest, x1[a:b])
    return edges


def _page_text_one_by_one(lines: Sequence[Line]) -> str:
    """page_text line by line: the reference, used for non-finite coordinates."""
    if not lines:
        return ""
    gaps = [
        a.y0 - b.y1
        for a, b in itertools.pairwise(lines)
        if b.y1 <= a.y0 + 0.5 * a.size and _similar_size(a, b)
    ]
    usual_gap = statistics.median(gaps) if gaps else None
    out = [lines[0].text]
    for i, line in enumerate(lines[1:]):
        out.append("\n\n" if _paragraph_break(lines, i, usual_gap) else "\n")
        out.append(line.text)
    return "".join(out)


def _similar_size(a: Line, b: Line) -> bool:
    small, big = sorted((a.size, b.size))
    return big <= 1.2 * max(small, 0.1)


def _paragraph_break(lines: Sequence[Line], i: int, usual_gap: float | None) -> bool:
    a, b = lines[i], lines[i + 1]
    if b.y1 > a.y0 + 0.5 * a.size:
        return False  # went up: next column or table cell; let the joiner decide
    if not _similar_size(a, b):
        return True
    gap = a.y0 - b.y1
    em = min(a.size, b.size)
    limit = (usual_gap + 0.6 * em) if usual_gap is not None else 0.8 * em
    if gap > limit:
        return True
    # A line that stops well before the right margin ends its paragraph.
    right = max(
        (o.x1 for o in lines if o.x0 < a.x1 and o.x1 > a.x0 and _similar_size(o, a)),
        default=a.x1,
    )
    # Wrapped lines end near the margin; only a line that ends a sentence may be short
    # (CJK lines also wrap early before an unbreakable Latin word or number).
    short = right - a.x1
    return short > (2.0 if a.text[-1] in _SENTENCE_END else 8.0) * em


def _running_key(text: str) -> str:
    """Compare header lines ignoring spaces and page numbers."""
    return _DIGITS.sub("#", "".join(text.split()))


def _read_by_ocr(lines: Sequence[Line]) -> bool:
    """A page whose text OCR read: one line holding it all, never a running header."""
    return len(lines) == 1 and lines[0].text.startswith(OCR_START)


def _find_running(pages: Sequence[Sequence[Line]], top: bool) -> str | None:
    """Key of a line that is the top (or bottom) line of most pages, if any."""
    keys = []
    for lines in pages:
        if lines and not _read_by_ocr(lines):
            edge = max(lines, key=lambda ln: ln.y1) if top else min(lines, key=lambda ln: ln.y0)
            keys.append(_running_key(edge.text))
    if len(keys) < 2:
        return None
    key, count = Counter(keys).most_common(1)[0]
    return key if count >= 2 and 2 * count >= len(pages) else None


def assemble_pages(pages: Sequence[Sequence[Line]]) -> str:
    """Text of a document from its pages' lines, with running headers/footers once.

    Pages are joined by a single line break, so a sentence running over a page break is
    joined like any wrapped line. A running header is kept once at the start and a footer
    once at the end, unless it is only a page number.
    """
    page_lines = [list(lines) for lines in pages]  # copies: running lines are taken out
    header = footer = ""
    for top in (True, False):
        key = _find_running(page_lines, top)
        if key is None:
            continue
        kept = ""
        for lines in page_lines:
            if not lines or _read_by_ocr(lines):
                continue
            edge = max(lines, key=lambda ln: ln.y1) if top else min(lines, key=lambda ln: ln.y0)
            if _running_key(edge.text) == key:
                kept = kept or edge.text
                lines[:] = [ln for ln in lines if ln is not edge]
        if any(ch.isalpha() for ch in kept):
            if top:
                header = kept
            else:
                footer = kept
    body = "\n".join(t for t in (page_text(lines) for lines in page_lines) if t)
    return "\n\n".join(part for part in (header, body, footer) if part)
