"""Word 97-2003 documents (.doc) and WPS Writer documents (.wps), read from their binary
format ([MS-DOC]) with ``olefile`` for the compound file around it.

A .doc is an OLE2 compound file. Its ``WordDocument`` stream starts with the File
Information Block (FIB), which says where everything else is; the text is found through
the piece table (the CLX, in the ``0Table`` or ``1Table`` stream): a list of pieces, each
a run of characters stored either as single cp1252 bytes ("compressed") or as UTF-16.
Chinese text is in UTF-16 pieces. A fast-saved file is read the same way: its pieces
are in order of the text, wherever they lie in the stream.

In the text, fields (a hyperlink, a page number, a table of contents) keep their shown
result and drop their code; a deletion made with changes tracked is dropped (what the
document shows once the changes are accepted). Footnotes, endnotes and text boxes
follow the body; headers, footers and comments are left out, as in a DOCX.

WPS Writer (Kingsoft) saves its own .wps files in the same binary format (a
``WordDocument`` stream); Microsoft Works' .wps files are another format, named as such.
Every failure is an :class:`ExtractError` with a message saying what to do.
"""

from __future__ import annotations

import bisect
import io
import struct
from dataclasses import dataclass
from datetime import datetime

from simhash_core.messages import Message
from simhash_core.types import DocumentMeta, ExtractedText

from .errors import DEFAULT_LIMITS, ExtractError, ExtractLimits
from .sniff import OLE2_MAGIC

MAX_CHARS = 20_000_000  # no essay comes near it: a FIB claiming more is damaged
MAX_PIECES = 1_000_000
WORD97_IDENT = 0xA5EC
WORD6_IDENT = 0xA5DC  # Word 6 and Word 95
MIN_WORD97_FIB = 0x00C1  # nFib of Word 97; Word 95 and older are below 0x0069
F_ENCRYPTED = 0x0100
F_WHICH_TABLE = 0x0200
F_OBFUSCATED = 0x8000
# FibRgLw97 indices of the character counts of the story ranges, in their order
CCP_TEXT, CCP_FTN, CCP_HDD, CCP_MCR, CCP_ATN, CCP_EDN, CCP_TXBX = range(3, 10)
READ_STORIES = {CCP_TEXT, CCP_FTN, CCP_EDN, CCP_TXBX}  # the body, notes and text boxes
FC_CLX = 33  # FibRgFcLcb97 index of the piece table
FC_BTE_CHPX = 12  # ... of the character formatting's bin table
SPRM_DELETED = 0x0800  # sprmCFRMarkDel: the text is a tracked deletion
FIELD_BEGIN, FIELD_SEPARATE, FIELD_END = "\x13", "\x14", "\x15"
# special characters: what each becomes in the text (None: dropped)
_SPECIAL = {
    "\r": "\n",  # paragraph end
    "\x0b": "\n",  # line break
    "\x0c": "\n",  # page or section break
    "\x07": "\t",  # table cell end (a row's last is followed by a paragraph end)
    "\x1e": "-",  # non-breaking hyphen
    "\xa0": " ",
}
_DROPPED = frozenset("\x00\x01\x02\x03\x04\x05\x06\x08\x1f")  # pictures, note marks


@dataclass(frozen=True)
class Piece:
    """A run of characters ``[cp_start, cp_end)`` stored at byte ``fc`` of the
    ``WordDocument`` stream, one byte (cp1252, ``compressed``) or two per character."""

    cp_start: int
    cp_end: int
    fc: int
    compressed: bool

    def byte_range(self) -> tuple[int, int]:
        width = 1 if self.compressed else 2
        return self.fc, self.fc + (self.cp_end - self.cp_start) * width


def extract_doc(
    data: bytes, limits: ExtractLimits = DEFAULT_LIMITS, *, kind: str = "doc"
) -> ExtractedText:
    """The text of a Word 97-2003 document (``kind="wps"``: a WPS Writer file) given as
    bytes.

    >>> try:
    ...     extract_doc(b"plain text")
    ... except ExtractError as exc:
    ...     print(exc.code, exc)
    corrupt not a Word 97-2003 document: open it in Word or WPS and save as DOCX
    """
    del limits  # the file's size is bounded by read_source; the FIB's counts below
    word, table, meta = _open_streams(data, kind)
    fib = _Fib.parse(word)
    fib.check(kind)
    table_stream = table.get("1Table" if fib.flags & F_WHICH_TABLE else "0Table")
    if table_stream is None:
        raise ExtractError("corrupt", Message.of("doc.damaged", detail="no table stream"))
    pieces = _pieces(fib.clx(table_stream))
    deleted = _deleted_ranges(word, table_stream, fib)
    raw = _characters(word, pieces, fib.stories(), deleted)
    text = _clean(raw)
    if not text.strip():
        raise ExtractError("empty", Message.of("file.blank"))
    return ExtractedText(text, kind, meta=meta)


def _open_streams(data: bytes, kind: str) -> tuple[bytes, dict[str, bytes], DocumentMeta | None]:
    """The ``WordDocument`` stream, the table streams and the summary properties of an
    OLE2 file."""
    import olefile

    if not data.startswith(OLE2_MAGIC):
        raise ExtractError("corrupt", Message.of("doc.not-ole"))
    try:
        ole = olefile.OleFileIO(io.BytesIO(data))
    except Exception as exc:  # olefile raises OSError, struct.error, IndexError ...
        raise _unopened(data, _damaged(exc)) from exc
    with ole:
        try:
            names = {"/".join(entry) for entry in ole.listdir(streams=True, storages=False)}
            if "EncryptedPackage" in names:  # a password-protected DOCX (OOXML in OLE)
                raise ExtractError("encrypted", Message.of("docx.encrypted"))
            if "WordDocument" not in names:
                raise _unopened(data, _not_word(names, kind))
            word = _stream(ole, "WordDocument", len(data))
            tables: dict[str, bytes] = {
                n: _stream(ole, n, len(data)) for n in ("0Table", "1Table") if n in names
            }
        except ExtractError:
            raise
        except Exception as exc:
            raise ExtractError("corrupt", _damaged(exc)) from exc
        meta = _meta(ole)
    return word, tables, meta


def _meta(ole) -> DocumentMeta | None:
    """Who wrote the document and when, from its summary information (None where it
    says nothing, or the stream is damaged: never a reason to refuse the text)."""
    try:
        found = ole.get_metadata()
    except Exception:
        return None
    page = found.codepage if isinstance(found.codepage, int) else 1252
    codec = {65001: "utf-8", 1200: "utf-16-le"}.get(page & 0xFFFF, f"cp{page & 0xFFFF}")

    def text(value: object) -> str:
        if isinstance(value, bytes):
            try:
                return text(value.decode(codec))
            except (LookupError, UnicodeDecodeError):
                return text(value.decode("gb18030", errors="replace"))
        if not isinstance(value, str):
            return ""
        return value.replace("\x00", "").strip()[:200]

    def when(value: object) -> str:
        if not isinstance(value, datetime) or value.year < 1980:  # unset: 1601-01-01
            return ""
        return value.strftime("%Y-%m-%dT%H:%M:%SZ")

    fields = {
        "author": text(found.author),
        "last_saved_by": text(found.last_saved_by),
        "created": when(found.create_time),
        "modified": when(found.last_saved_time),
        "template": text(found.template),
        "application": text(found.creating_application),
    }
    fields = {k: v for k, v in fields.items() if v}
    return DocumentMeta(**fields) if fields else None


def _unopened(data: bytes, reason: Message) -> ExtractError:
    """Why a compound file whose streams cannot be found is not read: by the stream
    names its damaged directory still shows, else ``reason``."""
    if "EncryptedPackage".encode("utf-16-le") in data:  # a password-protected DOCX
        return ExtractError("encrypted", Message.of("docx.encrypted"))
    if "WordDocument".encode("utf-16-le") in data:
        return ExtractError("corrupt", Message.of("doc.damaged", detail="no readable text stream"))
    code = "corrupt" if reason.code == "doc.damaged" else "unsupported"
    return ExtractError(code, reason)


def _stream(ole, name: str, most: int) -> bytes:
    """A stream's bytes; a stream claiming more than the whole file is damaged."""
    if ole.get_size(name) > most:
        raise ExtractError("corrupt", Message.of("doc.damaged", detail=f"{name} too long"))
    with ole.openstream(name) as stream:
        return stream.read()


def _not_word(names: set[str], kind: str) -> Message:
    """Why an OLE2 file without a Word text stream is not read."""
    if {"CONTENTS", "MatOST"} & names or any(n.startswith("MN0") for n in names):
        return Message.of("doc.works")
    if "PowerPoint Document" in names:
        return Message.of("pptx.old-ppt")
    if "Workbook" in names or "Book" in names:
        return Message.of("doc.excel")
    return Message.of("doc.wps-other" if kind == "wps" else "doc.not-word")


def _damaged(exc: BaseException) -> Message:
    return Message.of("doc.damaged", detail=f"{type(exc).__name__}: {exc}".strip()[:120])


@dataclass(frozen=True)
class _Fib:
    """What the reader needs of the File Information Block."""

    ident: int
    n_fib: int
    flags: int
    counts: tuple[int, ...]  # FibRgLw97
    places: tuple[int, ...]  # FibRgFcLcb97, as fc, lcb, fc, lcb ...

    @classmethod
    def parse(cls, word: bytes) -> _Fib:
        if len(word) < 34:
            raise ExtractError("corrupt", Message.of("doc.damaged", detail="no FIB"))
        ident, n_fib = struct.unpack_from("<HH", word, 0)
        (flags,) = struct.unpack_from("<H", word, 10)
        at = 32
        try:
            (csw,) = struct.unpack_from("<H", word, at)
            at += 2 + csw * 2
            (cslw,) = struct.unpack_from("<H", word, at)
            counts = struct.unpack_from(f"<{cslw}i", word, at + 2)
            at += 2 + cslw * 4
            (pairs,) = struct.unpack_from("<H", word, at)
            places = struct.unpack_from(f"<{pairs * 2}I", word, at + 2)
        except struct.error:
            counts, places = (), ()
        return cls(ident, n_fib, flags, tuple(counts), tuple(places))

    def check(self, kind: str) -> None:
        """Refuse what this reader cannot read, saying what to do."""
        if self.ident == WORD6_IDENT or (self.ident == WORD97_IDENT and self.n_fib < 0x0069):
            raise ExtractError("old-doc", Message.of("doc.word95"))
        if self.ident != WORD97_IDENT:
            code = "doc.wps-other" if kind == "wps" else "doc.not-word"
            raise ExtractError("unsupported", Message.of(code))
        if self.flags & (F_ENCRYPTED | F_OBFUSCATED):
            raise ExtractError("encrypted", Message.of("doc.encrypted"))
        if len(self.counts) <= CCP_TXBX or len(self.places) <= FC_CLX * 2 + 1:
            raise ExtractError("corrupt", Message.of("doc.damaged", detail="short FIB"))

    def stories(self) -> list[tuple[int, int]]:
        """The character ranges read: the body, footnotes, endnotes, text boxes."""
        ranges, start = [], 0
        for index in range(CCP_TEXT, CCP_TXBX + 1):
            count = self.counts[index]
            if count < 0 or count > MAX_CHARS:
                raise ExtractError("corrupt", Message.of("doc.damaged", detail="bad counts"))
            if index in READ_STORIES and count:
                ranges.append((start, start + count))
            start += count
        return ranges

    def place(self, index: int, table: bytes) -> bytes:
        """The bytes of the table stream's structure ``index`` (empty where absent)."""
        fc, lcb = self.places[index * 2], self.places[index * 2 + 1]
        if not lcb or fc + lcb > len(table):
            return b""
        return table[fc : fc + lcb]

    def clx(self, table: bytes) -> bytes:
        found = self.place(FC_CLX, table)
        if not found:
            raise ExtractError("corrupt", Message.of("doc.damaged", detail="no piece table"))
        return found


def _pieces(clx: bytes) -> list[Piece]:
    """The piece table: skip the formatting (Prc) blocks, read the PlcPcd."""
    at = 0
    while at < len(clx) and clx[at] == 0x01:  # a Prc: its grpprl's size, then it
        if at + 3 > len(clx):
            break
        (size,) = struct.unpack_from("<h", clx, at + 1)
        at += 3 + max(size, 0)
    if at + 5 > len(clx) or clx[at] != 0x02:
        raise ExtractError("corrupt", Message.of("doc.damaged", detail="bad piece table"))
    (lcb,) = struct.unpack_from("<I", clx, at + 1)
    plc = clx[at + 5 : at + 5 + lcb]
    count = (len(plc) - 4) // 12
    if count <= 0 or count > MAX_PIECES:
        raise ExtractError("corrupt", Message.of("doc.damaged", detail="bad piece table"))
    cps = struct.unpack_from(f"<{count + 1}I", plc, 0)
    pieces = []
    for i in range(count):
        (fc,) = struct.unpack_from("<I", plc, (count + 1) * 4 + i * 8 + 2)
        compressed = bool(fc & 0x40000000)
        fc &= 0x3FFFFFFF
        start, end = cps[i], cps[i + 1]
        if end <= start:
            continue
        pieces.append(Piece(start, end, fc // 2 if compressed else fc, compressed))
    return pieces


def _deleted_ranges(word: bytes, table: bytes, fib: _Fib) -> list[tuple[int, int]]:
    """The byte ranges of the ``WordDocument`` stream holding tracked deletions, from
    the character formatting (the CHPX pages the bin table points to), sorted."""
    plc = fib.place(FC_BTE_CHPX, table)
    count = (len(plc) - 4) // 8
    if count <= 0:
        return []
    pages = struct.unpack_from(f"<{count}I", plc, (count + 1) * 4)
    found: list[tuple[int, int]] = []
    for pn in dict.fromkeys(p & 0x3FFFFF for p in pages):
        page = word[pn * 512 : pn * 512 + 512]
        if len(page) == 512:
            found.extend(_page_deletions(page))
    found.sort()
    return found


def _page_deletions(page: bytes) -> list[tuple[int, int]]:
    """The runs of one CHPX page (a ChpxFkp) marked as deleted."""
    runs = page[511]
    if runs == 0 or (runs + 1) * 4 + runs > 511:
        return []
    fcs = struct.unpack_from(f"<{runs + 1}I", page, 0)
    found = []
    for i in range(runs):
        offset = page[(runs + 1) * 4 + i] * 2
        if not offset:
            continue
        size = page[offset]
        if _is_deleted(page[offset + 1 : offset + 1 + size]):
            found.append((fcs[i], fcs[i + 1]))
    return found


def _is_deleted(grpprl: bytes) -> bool:
    """Whether a run's property modifiers (sprms) mark it as a tracked deletion."""
    at = 0
    while at + 2 <= len(grpprl):
        (sprm,) = struct.unpack_from("<H", grpprl, at)
        at += 2
        size = {0: 1, 1: 1, 2: 2, 3: 4, 4: 2, 5: 2, 7: 3}.get(sprm >> 13)
        if size is None:  # variable: a size byte first
            if at >= len(grpprl):
                return False
            size = 1 + grpprl[at]
        if sprm == SPRM_DELETED and at < len(grpprl):
            return grpprl[at] in (1, 0x81)
        at += size
    return False


def _characters(
    word: bytes,
    pieces: list[Piece],
    stories: list[tuple[int, int]],
    deleted: list[tuple[int, int]],
) -> str:
    """The characters of ``stories`` (CP ranges), tracked deletions left out."""
    starts = [start for start, _ in deleted]
    out: list[str] = []
    total = 0
    for piece in pieces:
        for first, last in stories:
            lo, hi = max(piece.cp_start, first), min(piece.cp_end, last)
            if lo >= hi:
                continue
            total += hi - lo
            if total > MAX_CHARS:
                too_many = Message.of("doc.damaged", detail="too many characters")
                raise ExtractError("corrupt", too_many)
            out.append(_piece_text(word, piece, lo, hi, deleted, starts))
        if stories and piece.cp_start >= stories[-1][1]:
            break
    return "".join(out)


def _piece_text(
    word: bytes,
    piece: Piece,
    lo: int,
    hi: int,
    deleted: list[tuple[int, int]],
    starts: list[int],
) -> str:
    """Characters ``[lo, hi)`` of ``piece``, without the deleted byte ranges."""
    width = 1 if piece.compressed else 2
    begin = piece.fc + (lo - piece.cp_start) * width
    end = begin + (hi - lo) * width
    if end > len(word):
        raise ExtractError("corrupt", Message.of("doc.damaged", detail="text past the end"))
    parts = []
    at = begin
    index = max(bisect.bisect_right(starts, begin) - 1, 0)
    while index < len(deleted) and deleted[index][0] < end:
        cut_start, cut_end = deleted[index]
        index += 1
        if cut_end <= at:
            continue
        cut_start = max(cut_start, at)
        parts.append(word[at:cut_start])
        at = min(cut_end, end)
    parts.append(word[at:end])
    chunk = b"".join(parts)
    if piece.compressed:
        return chunk.decode("cp1252", errors="replace")
    return chunk[: len(chunk) // 2 * 2].decode("utf-16-le", errors="replace")


def _clean(raw: str) -> str:
    """The text a reader sees: field codes dropped (their results kept), special
    characters turned into line ends, tabs and spaces, marks for pictures dropped."""
    out: list[str] = []
    # for each open field, whether its code is being read (True until its separator)
    fields: list[bool] = []
    for ch in raw:
        if ch == FIELD_BEGIN:
            fields.append(True)
            continue
        if ch == FIELD_SEPARATE:
            if fields:
                fields[-1] = False
            continue
        if ch == FIELD_END:
            if fields:
                fields.pop()
            continue
        if any(fields):
            continue
        if ch in _DROPPED:
            continue
        out.append(_SPECIAL.get(ch, ch))
    lines = [line.rstrip("\t ") for line in "".join(out).split("\n")]
    return "\n".join(lines).strip("\n")
