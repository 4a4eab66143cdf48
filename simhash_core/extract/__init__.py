"""Text extraction from submissions: TXT, Markdown, DOCX (and DOCM, DOTX, DOTM), Word
97-2003 DOC, WPS, PPTX, PDF, ODT, RTF, HTML, and photos or screenshots (by OCR), as files
or as entries of a ZIP.

:func:`extract` is the single entry point. It never raises anything but
:class:`ExtractError`, whose ``code`` and ``reason`` tell the teacher what is wrong
with a file and what to do about it (see :data:`CODES`).

>>> from pathlib import Path
>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder) / "essay.txt"
...     _ = path.write_bytes("课程论文要求".encode("gb18030"))
...     extract(path).encoding
'gb18030'
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from simhash_core.messages import Message
from simhash_core.types import ExtractedText

from .digest import content_hasher
from .errors import (
    CODES,
    DEFAULT_LIMITS,
    ExtractError,
    ExtractLimits,
    size_label,
    too_large_reason,
)
from .sniff import IMAGE_SUFFIXES, ODT_MIMETYPE, OLE2_MAGIC
from .wrap import join_wrapped_lines
from .zip_entries import is_member, read_member

if TYPE_CHECKING:
    from simhash_core.ocr.reader import OcrReader

__all__ = [
    "CODES",
    "SUPPORTED_SUFFIXES",
    "ExtractError",
    "ExtractLimits",
    "extract",
    "join_wrapped_lines",
]

# the reader of each suffix; the content decides where it says otherwise (:func:`kind_of`)
SUFFIX_KINDS = {
    ".txt": "txt",
    ".md": "md",
    ".markdown": "md",
    ".docx": "docx",
    ".docm": "docx",
    ".dotx": "docx",
    ".dotm": "docx",
    ".pptx": "pptx",
    ".pdf": "pdf",
    ".odt": "odt",
    ".rtf": "rtf",
    ".html": "html",
    ".htm": "html",
    ".doc": "doc",
    ".dot": "doc",
    ".wps": "wps",
    **{suffix: "image" for suffix in IMAGE_SUFFIXES},
}
SUPPORTED_SUFFIXES = frozenset(SUFFIX_KINDS)
_FORMATS = {
    "txt": "format.txt",
    "md": "format.md",
    "doc": "format.doc",
    "wps": "format.wps",
    "image": "format.image",
    "docx": "format.docx",
    "pptx": "format.pptx",
    "pdf": "format.pdf",
    "odt": "format.odt",
    "rtf": "format.rtf",
    "html": "format.html",
}
_TEXT_KINDS = frozenset({"txt", "md"})  # read up to max_txt_bytes, the rest dropped


def extract(
    path: Path, limits: ExtractLimits = DEFAULT_LIMITS, ocr: OcrReader | None = None
) -> ExtractedText:
    """Read the text of one submission: a file, or an entry of a ZIP (a path below the
    ZIP's, see :mod:`.zip_entries`). The reader is chosen by the suffix (any case),
    unless the content is plainly another supported format (a DOCX named ``.pdf``): then
    by the content, with a warning.

    ``ocr`` reads scanned PDF pages and the pictures in a DOCX or ODT body (without
    it they are left out, and a PDF that is only scans is an error).

    Raises :class:`ExtractError` for every file that cannot be used, and nothing else:
    unexpected library errors become ``ExtractError("corrupt", ...)``.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    kind = SUFFIX_KINDS.get(suffix, "")
    try:
        if not kind and suffix != ".zip":  # a ZIP comes here when it is a document
            raise ExtractError("unsupported", unsupported_reason(suffix))
        data, truncated, digest = read_source(path, limits, text=kind in _TEXT_KINDS)
        found = kind_of(data, kind)
        if not found:
            raise ExtractError("unsupported", unsupported_reason(suffix))
        if found != kind and truncated:  # a large "text" file that is none
            data, truncated, digest = read_source(path, limits, text=False)
        text = _extract_kind(found, data, limits, ocr, truncated)
        if kind and found != kind and {kind, found} != {"docx", "odt"}:
            said = Message.of("warn.named-as", suffix=suffix, format=Message.of(_FORMATS[found]))
            text = replace(text, warnings=(said, *text.warnings))
        return replace(text, content_hash=digest)
    except ExtractError:
        raise
    except MemoryError as exc:
        raise ExtractError("too-large", Message.of("file.no-memory")) from exc
    except RecursionError as exc:
        what = Message.of(_FORMATS.get(kind, "format.file"))
        raise ExtractError("corrupt", Message.of("file.nested", format=what)) from exc
    except Exception as exc:  # a library failed on a file it could not handle
        what = Message.of(_FORMATS.get(kind, "format.file"))
        detail = f"{type(exc).__name__}: {exc}".strip()[:160]
        raise ExtractError(
            "corrupt", Message.of("file.library", format=what, detail=detail)
        ) from exc


def read_source(
    path: Path, limits: ExtractLimits = DEFAULT_LIMITS, *, text: bool = False
) -> tuple[bytes, bool, str]:
    """The bytes of a file or a ZIP entry, ``(data, truncated, content hash)``: a text
    file (``text``) is cut at ``limits.max_txt_bytes``, anything else larger than
    ``limits.max_file_bytes`` is refused. The hash is of every byte of the source."""
    if not is_member(path):
        if text:
            return _read(
                path, limits.max_txt_bytes, truncate=True, refuse_above=limits.max_file_bytes
            )
        return _read(path, limits.max_file_bytes, truncate=False)
    data = read_member(path, limits.max_file_bytes)
    digest = content_hasher()
    digest.update(data)
    if text and len(data) > limits.max_txt_bytes:
        return data[: limits.max_txt_bytes], True, digest.hexdigest()
    return data, False, digest.hexdigest()


def kind_of(data: bytes, kind: str) -> str:
    """The reader for ``data``, a file whose suffix says ``kind``: the suffix's, unless
    the bytes are plainly another supported format (PDF, RTF, a DOCX, PPTX or ODT
    package). Text formats are never told apart by content (an essay may quote HTML).

    >>> kind_of(b"%PDF-1.7 ...", "docx"), kind_of(b"{\\\\rtf1 ...", "txt"), kind_of(b"<p>", "md")
    ('pdf', 'rtf', 'md')
    >>> kind_of(OLE2_MAGIC + bytes(504), "docx"), kind_of(OLE2_MAGIC, "wps")
    ('doc', 'wps')
    """
    if data.startswith(b"%PDF-"):
        return "pdf"
    if data.startswith(OLE2_MAGIC):
        return kind if kind in ("doc", "wps") else "doc"
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{\\rtf"):
        return "rtf"
    if data.startswith(b"PK"):
        package = _package_kind(data)
        if package == "docx" and kind == "odt":
            return kind  # told apart as before (see _extract_kind)
        return package or kind
    return kind


def _package_kind(data: bytes) -> str:
    """Which office package a ZIP's bytes are ("" for none)."""
    if _is_odt(data):
        return "odt"
    import io
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, OSError):
        return ""
    if "ppt/presentation.xml" in names:
        return "pptx"
    if "word/document.xml" in names or "[Content_Types].xml" in names:
        return "docx"
    if "mimetype" in names and "content.xml" in names:
        return "odt"
    return ""


def _extract_kind(
    kind: str, data: bytes, limits: ExtractLimits, ocr: OcrReader | None, truncated: bool
) -> ExtractedText:
    """The text of a file's bytes by the reader of ``kind``. Each reader is imported
    when first used: a re-scan the cache answers, or a folder of one format, imports
    none or one of them (with their XML, PDF and encoding libraries)."""
    if kind in _TEXT_KINDS:
        cut = limits.max_txt_bytes if truncated else None
        if kind == "md":
            from .html import extract_markdown

            return extract_markdown(data, truncated_at=cut)
        from .txt import extract_txt

        return extract_txt(data, truncated_at=cut)
    if kind in ("docx", "odt"):
        # by content: LibreOffice users rename one to the other
        if _is_odt(data) or (kind == "odt" and b"[Content_Types].xml" not in data[:4096]):
            from .odt import extract_odt

            return extract_odt(data, limits, ocr)
        from .docx import extract_docx

        return extract_docx(data, limits, ocr=ocr)
    if kind == "pptx":
        from .pptx import extract_pptx

        return extract_pptx(data, limits)
    if kind in ("doc", "wps"):
        from .doc import extract_doc

        return extract_doc(data, limits, kind=kind)
    if kind == "image":
        from .image import extract_image

        return extract_image(data, ocr)
    if kind == "rtf":
        from .rtf import extract_rtf

        return extract_rtf(data)
    if kind == "html":
        from .html import extract_html

        return extract_html(data)
    from .pdf import extract_pdf

    return extract_pdf(data, limits, ocr)


def _is_odt(data: bytes) -> bool:
    """An OpenDocument package starts with its stored ``mimetype`` entry."""
    return data.startswith(b"PK") and b"mimetype" + ODT_MIMETYPE in data[:120]


def unsupported_reason(suffix: str) -> Message:
    """Why a file of this suffix is not read.

    >>> str(unsupported_reason(".exe")), str(unsupported_reason(""))
    ('unsupported file type .exe', 'unsupported file type (no extension)')
    >>> str(unsupported_reason(".rar"))
    'a .rar archive is not opened: unpack it, or hand in a ZIP'
    """
    if not suffix:
        return Message.of("file.no-suffix")
    advice = _ADVICE.get(suffix)
    if advice:
        return Message.of(advice, suffix=suffix)
    return Message.of("file.unsupported", suffix=suffix)


# what to do with files often handed in that are not read
_ADVICE = {
    ".ppt": "file.old-slides",
    ".pps": "file.old-slides",
    ".xls": "file.spreadsheet",
    ".xlsx": "file.spreadsheet",
    ".et": "file.spreadsheet",
    ".csv": "file.spreadsheet",
    ".pages": "file.apple",
    ".key": "file.apple",
    ".rar": "file.archive",
    ".7z": "file.archive",
    ".gif": "file.picture",
    ".bmp": "file.picture",
    ".avif": "file.picture",
}


def _read(
    path: Path, limit: int, *, truncate: bool, refuse_above: int | None = None
) -> tuple[bytes, bool, str]:
    """Read at most ``limit`` bytes; return ``(data, truncated, content hash)``, the hash
    of every byte of the file as this one read saw it (a truncated text file is read to
    its end for the hash alone), so the text is never filed under other bytes' hash.

    With ``truncate=False`` a larger file is refused instead; with ``refuse_above`` a file
    larger than that is refused even where it would be truncated. Operating-system errors
    become ``unreadable``/``missing`` errors; FIFOs and devices are never opened.
    """
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise ExtractError("unreadable", Message.of("file.folder"))
        if not stat.S_ISREG(info.st_mode):
            raise ExtractError("unreadable", Message.of("file.special"))
        if info.st_size == 0:
            raise ExtractError("empty", Message.of("file.empty"))
        if not truncate and info.st_size > limit:
            raise ExtractError("too-large", too_large_reason(info.st_size, limit))
        if refuse_above is not None and info.st_size > refuse_above:
            raise ExtractError("too-large", too_large_reason(info.st_size, refuse_above))
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
            digest = content_hasher()
            digest.update(data)
            if truncate and len(data) > limit:
                _hash_rest(stream, digest, len(data), refuse_above or limit)
    except PermissionError as exc:
        raise ExtractError("unreadable", Message.of("file.permission")) from exc
    except FileNotFoundError as exc:
        if os.path.islink(path):
            raise ExtractError("missing", Message.of("file.broken-link")) from exc
        raise ExtractError("missing", Message.of("file.gone")) from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ExtractError("unreadable", Message.of("file.link-loop")) from exc
        message = exc.strerror or type(exc).__name__
        raise ExtractError("unreadable", Message.of("file.os-error", detail=message)) from exc
    if not data:
        raise ExtractError("empty", Message.of("file.empty"))
    if len(data) > limit:
        if not truncate:
            raise ExtractError("too-large", Message.of("file.larger-than", limit=size_label(limit)))
        return data[:limit], True, digest.hexdigest()
    return data, False, digest.hexdigest()


def _hash_rest(stream: BinaryIO, digest: Any, read: int, most: int) -> None:
    """Feed the rest of ``stream`` (``read`` bytes in) to ``digest``, a chunk at a time;
    a file that has grown past ``most`` bytes since it was measured is refused."""
    for chunk in iter(lambda: stream.read(1 << 20), b""):
        read += len(chunk)
        if read > most:
            raise ExtractError("too-large", Message.of("file.larger-than", limit=size_label(most)))
        digest.update(chunk)
