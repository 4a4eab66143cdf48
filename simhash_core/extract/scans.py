"""The picture a piece of OCR text was read from, to show beside the text.

A teacher checks recognised text against its source: the scanned page of a PDF,
rendered as OCR saw it, or the picture inside a DOCX or ODT, decoded under the same
limits as for OCR (:mod:`simhash_core.ocr.images`). Nothing outside the submission's
own file (or its ZIP's entry) is read.
"""

from __future__ import annotations

import zipfile
import zlib
from pathlib import Path

import numpy as np

from simhash_core.messages import Message
from simhash_core.ocr.images import ImageRefused, decode
from simhash_core.types import Document, OcrRegion

from .digest import content_digest  # the page shown must be the page that was read
from .errors import DEFAULT_LIMITS, ExtractError
from .zip_entries import is_member, read_member


def region_file(doc: Document, region: OcrRegion) -> Path:
    """The file a region was read from: the document's, or for a student's several
    files joined into one, the one the region names (by its path in the submission's
    folder)."""
    if not region.file:
        return doc.abspath
    return doc.abspath / region.file


def source_image(doc: Document, region: OcrRegion) -> np.ndarray | Message:
    """The page or picture ``region`` was read from, as an RGB array, or a message
    why it cannot be shown (the file was moved, changed or is damaged)."""
    path = region_file(doc, region)
    try:
        if is_member(path):  # an entry of a ZIP
            data = read_member(path)
        else:
            if path.stat().st_size > DEFAULT_LIMITS.max_file_bytes:
                return Message.of("file.larger-than", limit="200 MB")
            data = path.read_bytes()
    except ExtractError as exc:
        return exc.reason
    except OSError as exc:
        return Message.of("file.os-error", detail=exc.strerror or type(exc).__name__)
    if not region.file and doc.content_hash and content_digest(data) != doc.content_hash:
        return Message.of("ocr.file-changed")
    if region.page is not None:
        from .pdf import render_page

        return render_page(data, region.page - 1)
    if not region.picture:  # the file is the picture: a photo or screenshot
        return _photo(data)
    return _picture(data, region.picture)


def _photo(data: bytes) -> np.ndarray | Message:
    """A photo handed in as a file, upright by its EXIF orientation."""
    try:
        image = decode(data, photo=True)
    except ImageRefused as exc:
        return exc.reason
    return image if image is not None else Message.of("file.blank")


def _picture(data: bytes, name: str) -> np.ndarray | Message:
    import io

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if name not in archive.namelist():
                return Message.of("file.gone")
            info = archive.getinfo(name)
            if info.file_size > 64 * 1024 * 1024:
                return Message.of("file.larger-than", limit="64 MB")
            picture = archive.read(name)
    except (
        zipfile.BadZipFile,
        zlib.error,
        OSError,
        ValueError,
        EOFError,
        RuntimeError,
        NotImplementedError,
    ) as exc:
        return Message.of("file.library", format=Message.of("format.file"), detail=str(exc)[:160])
    try:
        image = decode(picture)
    except ImageRefused as exc:
        return exc.reason
    return image if image is not None else Message.of("file.blank")
