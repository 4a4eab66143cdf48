"""Text extraction from submissions: TXT, DOCX, PDF, ODT and RTF.

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
from typing import Any, BinaryIO

from simhash_core.messages import Message
from simhash_core.ocr.reader import OcrReader
from simhash_core.types import ExtractedText

from .digest import content_hasher
from .docx import extract_docx
from .errors import (
    CODES,
    DEFAULT_LIMITS,
    ExtractError,
    ExtractLimits,
    size_label,
    too_large_reason,
)
from .odt import ODT_MIMETYPE, extract_odt
from .pdf import extract_pdf
from .rtf import extract_rtf
from .txt import extract_txt
from .wrap import join_wrapped_lines

__all__ = [
    "CODES",
    "SUPPORTED_SUFFIXES",
    "ExtractError",
    "ExtractLimits",
    "extract",
    "join_wrapped_lines",
]

SUPPORTED_SUFFIXES = frozenset({".txt", ".docx", ".pdf", ".odt", ".rtf"})
_FORMATS = {
    ".txt": "format.txt",
    ".docx": "format.docx",
    ".pdf": "format.pdf",
    ".odt": "format.odt",
    ".rtf": "format.rtf",
}


def extract(
    path: Path, limits: ExtractLimits = DEFAULT_LIMITS, ocr: OcrReader | None = None
) -> ExtractedText:
    """Read the text of one submission; the format is chosen by suffix (any case).

    ``ocr`` reads scanned PDF pages and the pictures in a DOCX or ODT body (without
    it they are left out, and a PDF that is only scans is an error).

    Raises :class:`ExtractError` for every file that cannot be used, and nothing else:
    unexpected library errors become ``ExtractError("corrupt", ...)``.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    try:
        if suffix not in SUPPORTED_SUFFIXES:
            raise ExtractError("unsupported", unsupported_reason(suffix))
        if suffix == ".txt":
            data, truncated, digest = _read(
                path, limits.max_txt_bytes, truncate=True, refuse_above=limits.max_file_bytes
            )
            text = extract_txt(data, truncated_at=limits.max_txt_bytes if truncated else None)
        else:
            data, _, digest = _read(path, limits.max_file_bytes, truncate=False)
            text = _extract_document(suffix, data, limits, ocr)
        return replace(text, content_hash=digest)
    except ExtractError:
        raise
    except MemoryError as exc:
        raise ExtractError("too-large", Message.of("file.no-memory")) from exc
    except RecursionError as exc:
        kind = Message.of(_FORMATS.get(suffix, "format.file"))
        raise ExtractError("corrupt", Message.of("file.nested", format=kind)) from exc
    except Exception as exc:  # a library failed on a file it could not handle
        kind = Message.of(_FORMATS.get(suffix, "format.file"))
        detail = f"{type(exc).__name__}: {exc}".strip()[:160]
        raise ExtractError(
            "corrupt", Message.of("file.library", format=kind, detail=detail)
        ) from exc


def _extract_document(
    suffix: str, data: bytes, limits: ExtractLimits, ocr: OcrReader | None
) -> ExtractedText:
    """The text of a DOCX, ODT, RTF or PDF file's bytes."""
    if suffix in (".docx", ".odt"):
        # by content: LibreOffice users rename one to the other
        if _is_odt(data) or (suffix == ".odt" and b"[Content_Types].xml" not in data[:4096]):
            return extract_odt(data, limits, ocr)
        return extract_docx(data, limits, ocr=ocr)
    if suffix == ".rtf":
        return extract_rtf(data)
    return extract_pdf(data, limits, ocr)


def _is_odt(data: bytes) -> bool:
    """An OpenDocument package starts with its stored ``mimetype`` entry."""
    return data.startswith(b"PK") and b"mimetype" + ODT_MIMETYPE in data[:120]


def unsupported_reason(suffix: str) -> Message:
    """Why a file of this suffix is not read.

    >>> str(unsupported_reason(".xlsx")), str(unsupported_reason(""))
    ('unsupported file type .xlsx', 'unsupported file type (no extension)')
    """
    if not suffix:
        return Message.of("file.no-suffix")
    return Message.of("file.unsupported", suffix=suffix)


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
