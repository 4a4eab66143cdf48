"""PDF files: characters from pypdfium2 (fast) or pdfminer.six (fallback), laid out by
:mod:`.pdf_layout` and unwrapped by :func:`.wrap.join_wrapped_lines`.

pdfminer.six is used when PDFium cannot open a file (other than for a password) or its
text is mostly undecodable. Both back ends deliver characters with boxes and the same
layout code turns them into text, so the result does not depend on which one ran.
"""

from __future__ import annotations

import ctypes
import io
import threading
import unicodedata
from typing import Any

from simhash_core.types import ExtractedText

from .errors import DEFAULT_LIMITS, ExtractError, ExtractLimits
from .pdf_layout import Glyph, assemble_pages, group_lines
from .sniff import describe_content
from .wrap import is_cjk, join_wrapped_lines

ENCRYPTED_REASON = "encrypted PDF: remove the password and submit again"
SCANNED_REASON = "scanned image: no text to compare; run OCR first"
GARBLED_REASON = (
    "garbled PDF: its text cannot be decoded (fonts without a character map); "
    "export the PDF again from the original document, or run OCR"
)
MIN_CHARS_PER_PAGE = 16  # fewer letters/digits per page on average means "no text layer"
MAX_GARBAGE = 0.3  # share of undecodable characters above which a back end's text is refused

# PDFium keeps global state and is not thread-safe: one document at a time per process.
_PDFIUM_LOCK = threading.Lock()


class _BackendFailed(Exception):
    """A back end could not read the file; the message says why (for the user)."""


PageGlyphs = list[list[Glyph]]


def extract_pdf(data: bytes, limits: ExtractLimits = DEFAULT_LIMITS) -> ExtractedText:
    """Extract the text of a PDF given as bytes.

    Raises :class:`ExtractError` with ``encrypted``, ``scanned``, ``garbled``, ``corrupt``
    or ``empty``.
    """
    if b"%PDF-" not in data[:1024]:
        what = describe_content(data[:64])
        looks = f": it looks like {what}" if what else ""
        raise ExtractError("corrupt", f"not a PDF document{looks}")
    pages, page_count, garbage = _read_with_fallback(data, limits.max_pdf_pages)
    if page_count == 0:
        raise ExtractError("corrupt", "damaged PDF: it has no pages")
    if garbage > MAX_GARBAGE:
        raise ExtractError("garbled", GARBLED_REASON)
    per_page = [sum(ch.isalnum() for g in glyphs for ch in g.text) for glyphs in pages]
    if sum(per_page) < MIN_CHARS_PER_PAGE * len(pages):
        raise ExtractError("scanned", SCANNED_REASON)

    warnings = []
    if page_count > len(pages):
        warnings.append(f"truncated: only the first {len(pages)} of {page_count} pages were read")
    blank = sum(1 for n in per_page if n == 0)
    if blank:
        warnings.append(
            f"{blank} of {len(pages)} pages have no text layer (scanned?) and are not compared"
        )
    if garbage > 0.02:
        warnings.append(f"{garbage:.0%} of the characters could not be decoded and were dropped")

    text = join_wrapped_lines(assemble_pages([group_lines(glyphs) for glyphs in pages]))
    text = _drop_undecodable(text)
    if not text.strip():
        raise ExtractError("empty", "no text: the file contains only whitespace")
    return ExtractedText(text, "pdf", pages=page_count, warnings=tuple(warnings))


def _read_with_fallback(data: bytes, max_pages: int) -> tuple[PageGlyphs, int, float]:
    """Run PDFium, then pdfminer.six if PDFium failed or gave mostly garbage."""
    failures: list[str] = []
    best: tuple[PageGlyphs, int, float] | None = None
    for backend in (read_pdfium, read_pdfminer):
        try:
            pages, count = backend(data, max_pages)
        except ExtractError:
            raise
        except _BackendFailed as exc:
            failures.append(str(exc))
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
        detail = failures[0] if failures else "unreadable"
        raise ExtractError("corrupt", f"damaged PDF: {detail}; ask for the file again")
    return best


def garbage_share(pages: PageGlyphs) -> float:
    """Share of non-space characters that are undecodable (U+FFFD, private use, control)."""
    total = bad = 0
    for glyphs in pages:
        for g in glyphs:
            for ch in g.text:
                if ch.isspace():
                    continue
                total += 1
                if ch == "\ufffd" or unicodedata.category(ch) in ("Co", "Cc", "Cs"):
                    bad += 1
    return bad / total if total else 0.0


def _drop_undecodable(text: str) -> str:
    return "".join(
        ch
        for ch in text
        if ch in "\n\t" or (ch != "\ufffd" and unicodedata.category(ch) not in ("Co", "Cc", "Cs"))
    )


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
                raise ExtractError(
                    "encrypted", "encrypted PDF (unsupported protection): " + ENCRYPTED_REASON
                ) from exc
            raise _BackendFailed("the file structure cannot be parsed") from exc
        try:
            count = len(pdf)
            pages = []
            for index in range(min(count, max_pages)):
                page = pdf[index]
                try:
                    pages.append(_pdfium_page_glyphs(page, raw))
                finally:
                    page.close()
            return pages, count
        finally:
            pdf.close()


def _pdfium_page_glyphs(page: Any, raw: Any) -> list[Glyph]:
    """One page's glyphs. About 5 us per character: every ctypes call counts here."""
    textpage = page.get_textpage()
    try:
        handle = textpage.raw
        count = raw.FPDFText_CountChars(handle)
        text = _pdfium_text(raw, handle, count)
        rect = raw.FS_RECTF()
        origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
        ref_x, ref_y = ctypes.byref(origin_x), ctypes.byref(origin_y)
        last_height, size = -1.0, 0.0
        glyphs = []
        for i in range(count):
            ch = text[i] if text is not None else _pdfium_char(raw, handle, i)
            if ch.isspace():
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
    finally:
        textpage.close()


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

    def walk(container: LTContainer, out: list[Glyph]) -> None:  # type: ignore[type-arg]
        for item in container:
            if isinstance(item, LTChar):
                text = item.get_text()
                if text.startswith("(cid:"):
                    text = "\ufffd"
                out.append(Glyph(text, item.x0, item.y0, item.x1, item.y1, item.size))
            elif isinstance(item, LTContainer):
                walk(item, out)

    pages = []
    for page in all_pages[:max_pages]:
        interpreter.process_page(page)
        glyphs: list[Glyph] = []
        walk(device.get_result(), glyphs)
        pages.append(glyphs)
    return pages, len(all_pages)
