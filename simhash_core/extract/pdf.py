"""PDF files: characters from pypdfium2 (fast) or pdfminer.six (fallback), laid out by
:mod:`.pdf_layout` and unwrapped by :func:`.wrap.join_wrapped_lines`.

pdfminer.six is used when PDFium cannot open a file (other than for a password) or its
text is mostly undecodable. Both back ends deliver characters with boxes and the same
layout code turns them into text, so the result does not depend on which one ran.

PDFium's characters are read in bulk: the text of a page in one call, and the boxes by
mapping ctypes functions over the character indices straight into one array, so no
Python object is made per character (:class:`.pdf_columns.GlyphColumns`). Loading the
page and its text page is then most of the cost.
"""

from __future__ import annotations

import ctypes
import io
import os
import re
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import repeat
from typing import Any, cast

import numpy as np

from simhash_core.messages import Message
from simhash_core.ocr.images import MAX_SIDE
from simhash_core.ocr.marks import OCR_END, OCR_START, mark, strip_marks, unmark
from simhash_core.ocr.reader import LOW_CONFIDENCE, OcrPiece, OcrReader
from simhash_core.types import DocumentMeta, ExtractedText, IntegrityFlag, OcrRegion

from .errors import DEFAULT_LIMITS, ExtractError, ExtractLimits
from .pdf_columns import CJK, SPACE, GlyphColumns, char_flags, is_undecodable
from .pdf_invisible import HIDDEN_KINDS, hidden_chars
from .pdf_layout import Glyph, Line, assemble_pages, group_lines
from .pdf_order import reading_order
from .pdf_words import reads_as_words, same_text
from .sniff import describe_content
from .wrap import is_cjk, join_wrapped_lines

ENCRYPTED_REASON = Message.of("pdf.encrypted")
SCANNED_REASON = Message.of("pdf.scanned")
GARBLED_REASON = Message.of("pdf.garbled")
MIN_CHARS_PER_PAGE = 16  # fewer letters/digits per page on average means "no text layer"
OCR_DPI = 200  # pages without a text layer are rendered at this resolution for OCR
# a page whose largest picture has more pixels is not rendered (decoding it would need
# more memory than a worker may use): 150 MP is a 600 dpi scan of a 50 x 70 cm sheet
MAX_PAGE_PICTURE_PIXELS = 150_000_000
MAX_GARBAGE = 0.3  # share of undecodable characters above which a back end's text is refused
# a page whose text layer holds less of what OCR read on it (letter trigrams) does not
# show its layer: OCR's text is taken (measured: an honest page's layer holds 0.97-1.0
# of what OCR reads, a scrambled map's or a Type3 font's 0.07)
SAME_LAYER = 0.5

# PDFium keeps global state and is not thread-safe: one document at a time per process.
_PDFIUM_LOCK = threading.Lock()


class _BackendFailed(Exception):
    """A back end could not read the file; the message says why (for the user)."""


PageGlyphs = list[Sequence[Glyph]]  # a GlyphColumns or a list per page


class ReadPages(list[Sequence[Glyph]]):
    """The glyphs of each page, and how many characters a reader never sees were left
    out of them, by kind (see :mod:`.pdf_invisible`)."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden: Counter[str] = Counter()
        # the information dictionary, read while the document was open (None: unreadable)
        self.info: dict[str, Any] | None = None


# What is_undecodable() matches: U+FFFD and the categories Cc, Cs and Co, which are fixed
# ranges (checked against unicodedata for every code point by the tests).
_UNDECODABLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ue000-\uf8ff\ufffd"
    "\U000f0000-\U000ffffd\U00100000-\U0010fffd]"
)


def extract_pdf(
    data: bytes, limits: ExtractLimits = DEFAULT_LIMITS, ocr: OcrReader | None = None
) -> ExtractedText:
    """Extract the text of a PDF given as bytes; pages without a text layer are read by
    ``ocr`` (rendered at :data:`OCR_DPI`) when it is given and enabled.

    Raises :class:`ExtractError` with ``encrypted``, ``scanned``, ``garbled``, ``corrupt``
    or ``empty``.
    """
    if b"%PDF-" not in data[:1024]:
        what = describe_content(data[:64])
        looks = Message.of("pdf.not-pdf", what=what) if what else Message.of("pdf.not-pdf-unknown")
        raise ExtractError("corrupt", looks)
    pages, page_count, garbage = _read_with_fallback(data, limits.max_pdf_pages)
    if page_count == 0:
        raise ExtractError("corrupt", Message.of("pdf.no-pages"))
    shuffled = _in_reading_order(pages)
    per_page = [_count_alnum(glyphs) for glyphs in pages]
    reading = ocr is not None and ocr.enabled
    if garbage > MAX_GARBAGE:
        if not reading:
            raise ExtractError("garbled", GARBLED_REASON)
        per_page = [0] * len(pages)  # its pages look right: OCR reads what they show
    untexted = [i for i, n in enumerate(per_page) if n < MIN_CHARS_PER_PAGE]
    if garbage > MAX_GARBAGE:
        lines: list[list[Line]] = [[] for _ in pages]
    else:
        lines = [group_lines(glyphs) for glyphs in pages]
    scanned_layout = sum(per_page) < MIN_CHARS_PER_PAGE * len(pages)
    warnings: list[Message] = []
    regions: list[tuple[int, float]] = []  # (page, confidence) of each piece read
    if untexted and ocr is not None:
        regions = _read_scanned_pages(data, untexted, lines, ocr, warnings)
    mismatched: dict[int, int] = {}
    if garbage <= MAX_GARBAGE and ocr is not None:
        suspects = [i for i in _junk_layers(pages, lines) if i not in untexted]
        mismatched = _check_layers(data, suspects, lines, ocr, warnings, regions)
    if ocr is not None:
        warnings.extend(ocr.warnings)
    skipped = ocr.skipped if ocr is not None else 0
    if scanned_layout and not regions:
        if ocr is None:
            raise ExtractError("scanned", SCANNED_REASON)
        if not ocr.enabled:
            raise ExtractError("scanned", Message.of("pdf.scanned-ocr-off"))
        if ocr.warnings:  # the engine could not run, or no page could be rendered
            raise ExtractError("scanned", ocr.warnings[0])
        too_large = [w for w in warnings if w.code == "ocr.page-too-large"]
        if too_large:
            raise ExtractError("too-large", too_large[0])
        raise ExtractError("scanned", Message.of("pdf.scanned-no-text"))

    if page_count > len(pages):
        warnings.append(Message.of("warn.pages-truncated", read=len(pages), pages=page_count))
    blank = sum(1 for n in per_page if n == 0)
    if skipped and not reading:
        warnings.append(Message.of("warn.ocr-off", count=skipped))
    elif blank and ocr is None:
        warnings.append(Message.of("warn.blank-pages", blank=blank, pages=len(pages)))
    if garbage > 0.02 and not regions:
        warnings.append(Message.of("warn.undecodable", share=round(float(garbage), 4)))
    hidden = pages.hidden if isinstance(pages, ReadPages) else Counter[str]()
    flags = [IntegrityFlag(k, hidden[k]) for k in HIDDEN_KINDS if hidden[k]]
    for kind, by_page in (("shuffled", shuffled), ("mismatch", mismatched)):
        if by_page:
            on = tuple(i + 1 for i in sorted(by_page))
            flags.append(IntegrityFlag(kind, sum(by_page.values()), pages=on))
    warnings[:0] = [flag.message for flag in flags]

    regions.sort(key=lambda region: region[0])  # the marked pieces come in page order
    text = join_wrapped_lines(assemble_pages(lines))
    spans: list[tuple[int, int]] = []
    if regions:
        text, spans = unmark(text)
    text, spans = _drop_undecodable_keeping(text, spans)
    if not text.strip():
        raise ExtractError("empty", Message.of("file.blank"))
    found = tuple(
        OcrRegion(a, b, conf, page=page)
        for (a, b), (page, conf) in zip(spans, regions, strict=False)
        if b > a
    )
    return ExtractedText(
        text,
        "pdf",
        pages=page_count,
        warnings=tuple(dict.fromkeys(warnings)),
        meta=_meta(pages.info) if isinstance(pages, ReadPages) else pdf_meta(data),
        ocr=found,
        ocr_skipped=skipped,
        ocr_offered=ocr.offered if ocr is not None else 0,
    )


def _read_scanned_pages(
    data: bytes,
    untexted: list[int],
    lines: list[list[Line]],
    ocr: OcrReader,
    warnings: list[Message],
) -> list[tuple[int, float]]:
    """Read the pages without a text layer by OCR, in place in ``lines`` (a page where
    OCR finds nothing keeps what little text it had); returns ``(page, confidence)`` of
    each piece read, in page order. What was not read is counted in ``ocr``."""
    regions: list[tuple[int, float]] = []
    drawn = _drawn_pages(data, untexted)
    if not ocr.enabled:
        ocr.offered += len(drawn)
        ocr.skipped += len(drawn)
        return regions
    reading = drawn[: ocr.max_pages]
    if len(drawn) > len(reading):
        warnings.append(Message.of("warn.ocr-pages-limit", read=len(reading), pages=len(drawn)))
    for index, piece in _ocr_pages(data, reading, ocr, warnings):
        if piece is not None and piece.text:
            _put_read_page(lines, index, piece, regions, warnings)
    return regions


def _ocr_pages(
    data: bytes, reading: list[int], ocr: OcrReader, warnings: list[Message]
) -> Iterator[tuple[int, OcrPiece | None]]:
    """Each of the pages ``reading`` rendered and read by ``ocr``: ``(page, piece)``
    (the piece None when OCR read nothing); a page that cannot be rendered is a warning
    and left out of ``ocr``'s plan."""
    ocr.plan(len(reading))
    for index, image in _render_pages(data, reading):
        if isinstance(image, Message):
            warnings.append(image)
            ocr.plan(-1)
            continue
        yield index, ocr.pixels(image, Message.of("ocr.where-page", page=index + 1))


def _put_read_page(
    lines: list[list[Line]],
    index: int,
    piece: OcrPiece,
    regions: list[tuple[int, float]],
    warnings: list[Message],
) -> None:
    """Page ``index``'s text as OCR read it, in place of its lines, marked as read by
    OCR; its ``(page, confidence)`` added to ``regions``."""
    if not regions:  # the first piece read: a file's own text never carries the marks
        for i, page_lines in enumerate(lines):
            if any(OCR_START in ln.text or OCR_END in ln.text for ln in page_lines):
                lines[i] = [replace(ln, text=strip_marks(ln.text)) for ln in page_lines]
    lines[index] = [Line((), 0.0, 0.0, 1.0, mark(join_wrapped_lines(piece.text)))]
    regions.append((index + 1, piece.confidence))
    if piece.confidence < LOW_CONFIDENCE:
        warnings.append(
            Message.of(
                "warn.ocr-low",
                where=Message.of("ocr.where-page", page=index + 1),
                confidence=piece.confidence,
            )
        )


def _in_reading_order(pages: PageGlyphs) -> dict[int, int]:
    """Put the glyphs of each page its stream draws shuffled in the order the page
    shows them (in place); how many glyphs were put in order, by page index."""
    moved = {}
    for index, glyphs in enumerate(pages):
        pages[index], count = reading_order(glyphs)
        if count:
            moved[index] = count
    return moved


def _junk_layers(pages: PageGlyphs, lines: list[list[Line]]) -> list[int]:
    """The pages whose text layer is junk: mostly undecodable, or letters that do not
    read as words (see :mod:`.pdf_words`)."""
    found = []
    for index, (glyphs, page_lines) in enumerate(zip(pages, lines, strict=True)):
        layer = "\n".join(line.text for line in page_lines)
        if garbage_share([glyphs]) > MAX_GARBAGE or reads_as_words(layer) is False:
            found.append(index)
    return found


def _check_layers(
    data: bytes,
    suspects: list[int],
    lines: list[list[Line]],
    ocr: OcrReader,
    warnings: list[Message],
    regions: list[tuple[int, float]],
) -> dict[int, int]:
    """Read the ``suspects`` (pages whose text layer looks like junk) by OCR and, where
    the layer does not hold what OCR read, put what OCR read in its place; the
    characters of each layer replaced, by page index. With OCR off, the layers are
    kept and the pages counted as not read."""
    if not suspects:
        return {}
    if not ocr.enabled:
        ocr.offered += len(suspects)
        ocr.skipped += len(suspects)
        return {}
    replaced = {}
    for index, piece in _ocr_pages(data, suspects[: ocr.max_pages], ocr, warnings):
        layer = "\n".join(line.text for line in lines[index])
        if piece is None or not piece.text or same_text(layer, piece.text) >= SAME_LAYER:
            continue
        replaced[index] = sum(not ch.isspace() for ch in layer)
        _put_read_page(lines, index, piece, regions, warnings)
    return replaced


def _drawn_pages(data: bytes, indices: list[int]) -> list[int]:
    """Those of the pages that draw something other than text (a picture, lines,
    shapes): a blank page, or a title page of a few typed words, is not worth reading."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    found = []
    with _PDFIUM_LOCK:
        pdf = pdfium.PdfDocument(data)
        try:
            for index in indices:
                page = raw.FPDF_LoadPage(pdf.raw, index)
                if not page:
                    continue
                try:
                    kinds = (
                        raw.FPDFPageObj_GetType(raw.FPDFPage_GetObject(page, k))
                        for k in range(raw.FPDFPage_CountObjects(page))
                    )
                    if any(kind != raw.FPDF_PAGEOBJ_TEXT for kind in kinds):
                        found.append(index)
                finally:
                    raw.FPDF_ClosePage(page)
        finally:
            pdf.close()
    return found


def _render_pages(data: bytes, indices: list[int]) -> Iterator[tuple[int, np.ndarray | Message]]:
    """Each page rendered for OCR at :data:`OCR_DPI` (longest side at most
    :data:`~simhash_core.ocr.images.MAX_SIDE`), or a message why it is not: a page
    whose picture is too large to decode within the memory limit."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    for index in indices:
        with _PDFIUM_LOCK:
            pdf = pdfium.PdfDocument(data)
            try:
                page = pdf[index]
                try:
                    largest = max(
                        (
                            obj.get_px_size()
                            for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_IMAGE,))
                        ),
                        key=lambda size: size[0] * size[1],
                        default=(0, 0),
                    )
                    if largest[0] * largest[1] > MAX_PAGE_PICTURE_PIXELS:
                        width, height = largest
                        image: np.ndarray | Message = Message.of(
                            "ocr.page-too-large", page=index + 1, width=width, height=height
                        )
                    else:
                        width, height = page.get_size()
                        scale = min(OCR_DPI / 72, MAX_SIDE / max(width, height, 1.0))
                        bitmap = page.render(scale=scale, grayscale=False)
                        image = bitmap.to_numpy()[:, :, :3][:, :, ::-1].copy()  # BGR(A) to RGB
                        bitmap.close()
                finally:
                    page.close()
            finally:
                pdf.close()
        yield index, image


_PDF_PROPERTIES = {
    "Author": "author",
    "CreationDate": "created",
    "ModDate": "modified",
    "Producer": "application",
}


def pdf_meta(data: bytes) -> DocumentMeta | None:
    """The information dictionary (author, times, producer), or None; never fails the
    file: a PDF whose text was read is used even when this part cannot be."""
    try:
        import pypdfium2 as pdfium

        with _PDFIUM_LOCK:
            pdf = pdfium.PdfDocument(data)
            try:
                info = _information(pdf)
            finally:
                pdf.close()
    except Exception:
        return None
    return _meta(info)


def _information(pdf: Any) -> dict[str, Any] | None:
    """An open document's information dictionary, or None if it cannot be read."""
    try:
        return cast("dict[str, Any]", pdf.get_metadata_dict(skip_empty=True))
    except Exception:
        return None


def _meta(info: dict[str, Any] | None) -> DocumentMeta | None:
    """What :func:`pdf_meta` tells of an information dictionary."""
    if info is None:
        return None
    found = {
        key: _pdf_date(str(info[name])) if key in ("created", "modified") else str(info[name])
        for name, key in _PDF_PROPERTIES.items()
        if info.get(name)
    }
    found = {k: v.strip()[:200] for k, v in found.items() if v.strip()}
    return DocumentMeta(**found) if found else None


_PDF_DATE = re.compile(
    r"D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz]|[+-]\d{2}'?\d{2}'?)?"
)


def _pdf_date(value: str) -> str:
    """A PDF date (``D:20251103141500+08'00'``) as ISO 8601, or as it is.

    >>> _pdf_date("D:20251103141500+08'00'"), _pdf_date("D:2025"), _pdf_date("yesterday")
    ('2025-11-03T14:15:00+08:00', '2025', 'yesterday')
    """
    m = _PDF_DATE.match(value)
    if not m:
        return value
    year, month, day, hour, minute, second, zone = m.groups()
    if not month:
        return year
    out = f"{year}-{month}-{day or '01'}"
    if hour:
        out += f"T{hour}:{minute or '00'}:{second or '00'}"
        if zone:
            out += "Z" if zone in "Zz" else f"{zone[:3]}:{zone.replace(chr(39), '')[3:5]}"
    return out


def _backends() -> tuple:
    """PDFium then pdfminer.six; ``PLAGCHECK_PDF=pdfminer`` uses pdfminer.six alone
    (the reference path, for checking that the fast one changes no result)."""
    if os.environ.get("PLAGCHECK_PDF") == "pdfminer":
        return (read_pdfminer,)
    return (read_pdfium, read_pdfminer)


def _read_with_fallback(data: bytes, max_pages: int) -> tuple[PageGlyphs, int, float]:
    """Run PDFium, then pdfminer.six if PDFium failed or gave mostly garbage."""
    failures: list[Message | str] = []
    best: tuple[PageGlyphs, int, float] | None = None
    for backend in _backends():
        try:
            pages, count = backend(data, max_pages)
        except ExtractError:
            raise
        except _BackendFailed as exc:
            failures.append(exc.args[0])
            continue
        except Exception as exc:  # a library bug on a hostile file: try the other one
            failures.append(f"{type(exc).__name__}: {exc}"[:200])
            continue
        garbage = garbage_share(pages)
        if best is None or garbage < best[2]:
            best = (pages, count, garbage)
        if garbage <= MAX_GARBAGE:
            break
    if best is None:
        detail = failures[0] if failures else Message.of("pdf.unparsable")
        raise ExtractError("corrupt", Message.of("pdf.damaged", detail=detail))
    return best


def garbage_share(pages: PageGlyphs) -> float:
    """Share of non-space characters that are undecodable (U+FFFD, private use, control)."""
    total = bad = 0
    for glyphs in pages:
        if isinstance(glyphs, GlyphColumns):
            page_total, page_bad = glyphs.count_undecodable()
            total += page_total
            bad += page_bad
            continue
        for g in glyphs:
            for ch in g.text:
                if ch.isspace():
                    continue
                total += 1
                if is_undecodable(ch):
                    bad += 1
    return bad / total if total else 0.0


def _count_alnum(glyphs: Sequence[Glyph]) -> int:
    if isinstance(glyphs, GlyphColumns):
        return glyphs.count_alnum()
    return sum(ch.isalnum() for g in glyphs for ch in g.text)


def _drop_undecodable(text: str) -> str:
    """``text`` without undecodable characters, except line breaks and tabs."""
    return _UNDECODABLE.sub("", text)


def _drop_undecodable_keeping(
    text: str, spans: list[tuple[int, int]]
) -> tuple[str, list[tuple[int, int]]]:
    """:func:`_drop_undecodable`, with ``spans`` moved to where their text went.

    >>> _drop_undecodable_keeping("a\ufffdbc\ufffdd", [(2, 6)])
    ('abcd', [(1, 4)])
    """
    if not spans or not _UNDECODABLE.search(text):
        return _drop_undecodable(text), spans
    gone = np.zeros(len(text) + 1, np.int64)
    for m in _UNDECODABLE.finditer(text):
        gone[m.start() + 1] += 1
    before = np.cumsum(gone)  # characters dropped before each offset
    return _drop_undecodable(text), [(a - int(before[a]), b - int(before[b])) for a, b in spans]


def read_pdfium(data: bytes, max_pages: int) -> tuple[PageGlyphs, int]:
    """Glyphs of the first ``max_pages`` pages and the page count, read with PDFium."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    with _PDFIUM_LOCK:
        try:
            pdf = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as exc:
            if exc.err_code == raw.FPDF_ERR_PASSWORD:
                raise ExtractError("encrypted", ENCRYPTED_REASON) from exc
            if exc.err_code == raw.FPDF_ERR_SECURITY:
                raise ExtractError("encrypted", Message.of("pdf.protection")) from exc
            raise _BackendFailed(Message.of("pdf.unparsable")) from exc
        try:
            count = len(pdf)
            pages = ReadPages()
            pages.info = _information(pdf)  # read now, not by opening the file again
            for index in range(min(count, max_pages)):
                # The raw calls behind pdf[index] and page.get_textpage(), without their
                # wrapper objects and finalizers; failures raise the same errors.
                page = raw.FPDF_LoadPage(pdf.raw, index)
                if not page:
                    raise pdfium.PdfiumError("Failed to load page.")
                try:
                    textpage = raw.FPDFText_LoadPage(page)
                    if not textpage:
                        raise pdfium.PdfiumError("Failed to load text page.")
                    try:
                        chars = raw.FPDFText_CountChars(textpage)
                        hidden = hidden_chars(page, textpage, raw, max(chars, 0))
                        left_out = np.concatenate(list(hidden.values())) if hidden else None
                        pages.append(_pdfium_page_glyphs(textpage, raw, left_out))
                        pages.hidden.update({k: len(v) for k, v in hidden.items()})
                    finally:
                        raw.FPDFText_ClosePage(textpage)
                finally:
                    raw.FPDF_ClosePage(page)
            return pages, count
        finally:
            pdf.close()


class _Pdfium:
    """PDFium's per-character functions, called with as little ctypes work as possible.

    The functions are bound without argument types (no conversion per call) and without
    releasing the GIL (they only read the text page, in microseconds), and boxes are
    written straight into a buffer through pointers made once, so ``map(function, ...)``
    runs the loop over characters in C, a chunk of characters at a time. Only used under
    ``_PDFIUM_LOCK``.
    """

    chunk = 4096

    def __init__(self, raw: Any) -> None:
        def bind(name: str, restype: Any) -> Any:
            # a loaded function's address: never NULL (None)
            address = cast(int, ctypes.cast(getattr(raw, name), ctypes.c_void_p).value)
            return ctypes.PYFUNCTYPE(restype)(address)

        self.map_error = bind("FPDFText_HasUnicodeMapError", ctypes.c_int)
        self.loose_box = bind("FPDFText_GetLooseCharBox", ctypes.c_int)
        self.origin = bind("FPDFText_GetCharOrigin", ctypes.c_int)
        self.font_size = bind("FPDFText_GetFontSize", ctypes.c_double)
        boxes = (ctypes.c_float * (4 * self.chunk))()  # FS_RECTF: left, top, right, bottom
        origins = (ctypes.c_double * (2 * self.chunk))()  # x, y
        self._buffers = (boxes, origins)
        # ctypes arrays are buffers, which numpy's stubs see only from Python 3.12 on
        self.box_view = np.frombuffer(cast(memoryview, boxes), np.float32).reshape(self.chunk, 4)
        self.origin_view = np.frombuffer(cast(memoryview, origins), np.float64).reshape(
            self.chunk, 2
        )
        box, origin = ctypes.addressof(boxes), ctypes.addressof(origins)
        self.box_ptrs = [ctypes.c_void_p(box + 16 * i) for i in range(self.chunk)]
        self.x_ptrs = [ctypes.c_void_p(origin + 16 * i) for i in range(self.chunk)]
        self.y_ptrs = [ctypes.c_void_p(origin + 16 * i + 8) for i in range(self.chunk)]

    def boxes(self, handle: Any, index: list[int]) -> np.ndarray | None:
        """Loose boxes (left, top, right, bottom) of characters, or None if a call failed."""
        out = np.empty((len(index), 4))
        for lo in range(0, len(index), self.chunk):
            part = index if len(index) <= self.chunk else index[lo : lo + self.chunk]
            if not all(map(self.loose_box, repeat(handle, len(part)), part, self.box_ptrs)):
                return None
            out[lo : lo + len(part)] = self.box_view[: len(part)]
        return out

    def origins_x(self, handle: Any, index: list[int]) -> np.ndarray | None:
        """x of the characters' origins, or None if a call failed."""
        out = np.empty(len(index))
        for lo in range(0, len(index), self.chunk):
            part = index if len(index) <= self.chunk else index[lo : lo + self.chunk]
            calls = map(self.origin, repeat(handle, len(part)), part, self.x_ptrs, self.y_ptrs)
            if not all(calls):
                return None
            out[lo : lo + len(part)] = self.origin_view[: len(part), 0]
        return out


_pdfium_calls: _Pdfium | None = None


def _pdfium_page_glyphs(handle: Any, raw: Any, hidden: np.ndarray | None = None) -> Sequence[Glyph]:
    """One text page's glyphs, as GlyphColumns (a list if the fast path does not apply),
    without the characters at the indices ``hidden`` (an invisible layer).

    Gives what :func:`_pdfium_page_glyphs_one_by_one` gives, glyph for glyph.
    """
    global _pdfium_calls
    count = raw.FPDFText_CountChars(handle)
    if count <= 0:
        return []
    # Zeros where PDFium writes fewer characters; room for twice as many UTF-16 units in
    # case it writes surrogate pairs (only the first count units are read).
    units = np.zeros(2 * count + 2, np.uint16)
    raw.FPDFText_GetText(handle, 0, count, units.ctypes.data_as(ctypes.POINTER(ctypes.c_ushort)))
    units = units[:count]
    if ((units >= 0xD800) & (units <= 0xDFFF)).any():  # outside the BMP
        return _pdfium_page_glyphs_one_by_one(handle, raw, count, hidden)
    shown = (char_flags(units) & SPACE) == 0
    if hidden is not None and len(hidden):
        shown[hidden[hidden < count]] = False
    keep = shown.nonzero()[0]
    n = len(keep)
    if n == 0:
        return []
    if _pdfium_calls is None:
        _pdfium_calls = _Pdfium(raw)
    calls = _pdfium_calls
    index = keep.tolist()
    map_error = np.fromiter(map(calls.map_error, repeat(handle, n), index), np.intc, n)
    box = calls.boxes(handle, index)
    if box is None:  # a call failed: the reference reader keeps its stale-box quirk
        return _pdfium_page_glyphs_one_by_one(handle, raw, count, hidden)
    left, top, right, bottom = box[:, 0], box[:, 1], box[:, 2], box[:, 3]

    codes = units[keep].astype(np.int64)
    codes[(codes == 0x02) | (codes == 0xFFFE)] = 0xAD  # PDFium's end-of-line hyphen marks
    codes[map_error == 1] = 0xFFFD
    code_flags = char_flags(codes)
    x0 = left.copy()
    # The loose box of a Latin glyph may start left of the pen position (side bearing);
    # pdfminer and the gap rule use the pen position.
    latin = ((code_flags & CJK) == 0).nonzero()[0]
    m = len(latin)
    if m:
        origin_x = calls.origins_x(handle, keep[latin].tolist())
        if origin_x is None:
            return _pdfium_page_glyphs_one_by_one(handle, raw, count, hidden)
        inside = (left[latin] <= origin_x) & (origin_x < right[latin])
        x0[latin[inside]] = origin_x[inside]

    # Font size, asked where the loose height changes (same font and size, same height);
    # the glyphs before the first change (a first height of exactly -1) get size 0.
    height = top - bottom
    changed = np.empty(n, bool)
    changed[0] = height[0] != -1.0
    np.not_equal(height[1:], height[:-1], out=changed[1:])
    at = changed.nonzero()[0]
    asked = np.fromiter(
        map(calls.font_size, repeat(handle, len(at)), keep[at].tolist()), np.float64, len(at)
    )
    h = height[at]
    sizes = np.where((0.5 * h <= asked) & (asked <= 3 * h), asked, h)  # Tf 1, scaled matrix
    if not changed[0]:
        sizes, at = np.concatenate(([0.0], sizes)), np.concatenate(([0], at))
    runs = np.concatenate((at[1:], [n])) - at
    return GlyphColumns(codes, x0, bottom, right, top, sizes.repeat(runs), flags=code_flags)


def _pdfium_page_glyphs_one_by_one(
    handle: Any, raw: Any, count: int, hidden: np.ndarray | None = None
) -> list[Glyph]:
    """One page's glyphs, a few ctypes calls per character (about 5 us each), without
    the characters at the indices ``hidden``.

    The reference for :func:`_pdfium_page_glyphs`, used for pages with characters
    outside the BMP or a failed call.
    """
    text = _pdfium_text(raw, handle, count)
    rect = raw.FS_RECTF()
    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    ref_x, ref_y = ctypes.byref(origin_x), ctypes.byref(origin_y)
    last_height, size = -1.0, 0.0
    glyphs = []
    left_out = set(hidden.tolist()) if hidden is not None else set()
    for i in range(count):
        ch = text[i] if text is not None else _pdfium_char(raw, handle, i)
        if ch.isspace() or i in left_out:
            continue
        if raw.FPDFText_HasUnicodeMapError(handle, i) == 1:
            ch = "\ufffd"
        elif ch in "\x02\ufffe":  # PDFium's marks for a hyphen at the end of a line
            ch = "\u00ad"
        raw.FPDFText_GetLooseCharBox(handle, i, rect)
        x0 = rect.left
        if not is_cjk(ch):
            # The loose box of a Latin glyph may start left of the pen position (side
            # bearing); pdfminer and the gap rule use the pen position.
            raw.FPDFText_GetCharOrigin(handle, i, ref_x, ref_y)
            if rect.left <= origin_x.value < rect.right:
                x0 = origin_x.value
        height = rect.top - rect.bottom
        if height != last_height:  # same font and size give the same loose height
            last_height = height
            size = raw.FPDFText_GetFontSize(handle, i)
            if not 0.5 * height <= size <= 3 * height:  # Tf size 1 with a scaled matrix
                size = height
        glyphs.append(Glyph(ch, x0, rect.bottom, rect.right, rect.top, size))
    return glyphs


def _pdfium_text(raw: Any, handle: Any, count: int) -> str | None:
    """All characters of a text page in one call, or None if not one unit per character."""
    buffer = ctypes.create_string_buffer(2 * (count + 1))
    raw.FPDFText_GetText(handle, 0, count, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)))
    text = buffer.raw[: 2 * count].decode("utf-16-le", errors="surrogatepass")
    if len(text) != count or any("\ud800" <= ch <= "\udfff" for ch in text):
        return None  # characters outside the BMP: fetch them one by one
    return text


def _pdfium_char(raw: Any, handle: Any, index: int) -> str:
    code = raw.FPDFText_GetUnicode(handle, index)
    return chr(code) if 0 < code < 0x110000 and not 0xD800 <= code <= 0xDFFF else "\ufffd"


def read_pdfminer(data: bytes, max_pages: int) -> tuple[PageGlyphs, int]:
    """Glyphs of the first ``max_pages`` pages and the page count, read with pdfminer.six."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LTChar, LTContainer
    from pdfminer.pdfdocument import PDFDocument, PDFEncryptionError, PDFPasswordIncorrect
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser

    try:
        document = PDFDocument(PDFParser(io.BytesIO(data)))
    except (PDFPasswordIncorrect, PDFEncryptionError) as exc:
        raise ExtractError("encrypted", ENCRYPTED_REASON) from exc
    all_pages = list(PDFPage.create_pages(document))
    manager = PDFResourceManager(caching=True)
    device = PDFPageAggregator(manager, laparams=None)
    interpreter = PDFPageInterpreter(manager, device)

    def walk(container: LTContainer, out: list[Glyph]) -> None:
        for item in container:
            if isinstance(item, LTChar):
                text = item.get_text()
                if text.startswith("(cid:"):
                    text = "\ufffd"
                out.append(Glyph(text, item.x0, item.y0, item.x1, item.y1, item.size))
            elif isinstance(item, LTContainer):
                walk(item, out)

    pages: PageGlyphs = []
    for page in all_pages[:max_pages]:
        interpreter.process_page(page)
        glyphs: list[Glyph] = []
        walk(device.get_result(), glyphs)
        pages.append(glyphs)
    return pages, len(all_pages)


def render_page(data: bytes, index: int) -> np.ndarray | Message:
    """Page ``index`` (0-based) of a PDF as an RGB array, as OCR saw it, or a message
    why it cannot be shown: the side-by-side view puts it beside the recognised text."""
    try:
        for _, image in _render_pages(data, [index]):
            return image
    except Exception as exc:  # damaged since it was read, or not the same file any more
        return Message.of("pdf.damaged", detail=f"{type(exc).__name__}: {exc}"[:160])
    return Message.of("pdf.no-pages")
