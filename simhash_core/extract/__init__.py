"""Text extraction from submissions: TXT, DOCX and PDF.

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
from pathlib import Path

from simhash_core.types import ExtractedText

from .docx import extract_docx
from .errors import (
    CODES,
    DEFAULT_LIMITS,
    ExtractError,
    ExtractLimits,
    size_label,
    too_large_reason,
)
from .pdf import extract_pdf
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

SUPPORTED_SUFFIXES = frozenset({".txt", ".docx", ".pdf"})
_KIND_NAMES = {".txt": "text file", ".docx": "DOCX", ".pdf": "PDF"}


def extract(path: Path, limits: ExtractLimits = DEFAULT_LIMITS) -> ExtractedText:
    """Read the text of one submission; the format is chosen by suffix (any case).

    Raises :class:`ExtractError` for every file that cannot be used, and nothing else:
    unexpected library errors become ``ExtractError("corrupt", ...)``.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    try:
        if suffix not in SUPPORTED_SUFFIXES:
            shown = suffix or "(no extension)"
            raise ExtractError("unsupported", f"unsupported file type {shown}")
        if suffix == ".txt":
            data, truncated = _read(
                path, limits.max_txt_bytes, truncate=True, refuse_above=limits.max_file_bytes
            )
            return extract_txt(data, truncated_at=limits.max_txt_bytes if truncated else None)
        data, _ = _read(path, limits.max_file_bytes, truncate=False)
        if suffix == ".docx":
            return extract_docx(data, limits)
        return extract_pdf(data, limits)
    except ExtractError:
        raise
    except MemoryError as exc:
        raise ExtractError("too-large", "refused: not enough memory to read this file") from exc
    except RecursionError as exc:
        kind = _KIND_NAMES.get(suffix, "file")
        raise ExtractError(
            "corrupt", f"damaged {kind}: its structure is nested too deeply"
        ) from exc
    except Exception as exc:  # a library failed on a file it could not handle
        kind = _KIND_NAMES.get(suffix, "file")
        detail = f"{type(exc).__name__}: {exc}".strip()[:160]
        raise ExtractError(
            "corrupt", f"damaged {kind}: it could not be read ({detail}); ask for the file again"
        ) from exc


def _read(
    path: Path, limit: int, *, truncate: bool, refuse_above: int | None = None
) -> tuple[bytes, bool]:
    """Read at most ``limit`` bytes; return ``(data, truncated)``.

    With ``truncate=False`` a larger file is refused instead; with ``refuse_above`` a file
    larger than that is refused even where it would be truncated. Operating-system errors
    become ``unreadable``/``missing`` errors; FIFOs and devices are never opened.
    """
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise ExtractError("unreadable", "not a file: it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise ExtractError("unreadable", "not a regular file (device, pipe or socket)")
        if info.st_size == 0:
            raise ExtractError("empty", "empty file (0 bytes)")
        if not truncate and info.st_size > limit:
            raise ExtractError("too-large", too_large_reason(info.st_size, limit))
        if refuse_above is not None and info.st_size > refuse_above:
            raise ExtractError("too-large", too_large_reason(info.st_size, refuse_above))
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except PermissionError as exc:
        raise ExtractError("unreadable", "permission denied: cannot read the file") from exc
    except FileNotFoundError as exc:
        if os.path.islink(path):
            raise ExtractError(
                "missing", "broken symbolic link: the file it points to is missing"
            ) from exc
        raise ExtractError("missing", "file not found: it was moved or deleted") from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ExtractError("unreadable", "symbolic link loop: cannot read the file") from exc
        message = exc.strerror or type(exc).__name__
        raise ExtractError("unreadable", f"cannot read the file: {message}") from exc
    if not data:
        raise ExtractError("empty", "empty file (0 bytes)")
    if len(data) > limit:
        if not truncate:
            raise ExtractError("too-large", f"refused: the file is larger than {size_label(limit)}")
        return data[:limit], True
    return data, False
