"""Pictures decoded for OCR without letting one of them take the worker's memory.

The size a picture claims is read from its header first, before any pixel is decoded:

* a JPEG larger than :data:`MAX_PIXELS` is decoded at 1/2, 1/4 or 1/8 of its size by
  the JPEG decoder itself (``draft``), which never holds the full picture;
* any other picture larger than :data:`MAX_PIXELS` is refused (a decompression bomb: a
  PNG of a few kilobytes that claims 30,000 × 30,000 pixels);
* a picture too small to hold a line of text (an icon, a rule) is skipped;
* what is decoded is scaled so its longest side is at most :data:`MAX_SIDE`.

Every failure is an :class:`ImageRefused` whose message names the problem.
"""

from __future__ import annotations

import io
import warnings

import numpy as np

from simhash_core.messages import Message

MAX_PIXELS = 40_000_000  # decoded at most: a 600 dpi A4 scan is 35 MP
MAX_SIDE = 4000  # longest side handed to the recognizer (A4 at 340 dpi)
MIN_WIDTH, MIN_HEIGHT = 120, 24  # smaller pictures cannot hold a line of text
# the formats decoded (Pillow would also run Ghostscript for EPS, or read WMF on Windows
# only); a phone's MPO photo opens as JPEG and reports "MPO"
FORMATS = ("PNG", "JPEG", "GIF", "BMP", "TIFF", "WEBP")
HEIF = "HEIF"  # an iPhone's photos (.heic): decoded by pillow-heif where it is installed
_JPEG_LIKE = ("JPEG", "MPO")


class ImageRefused(Exception):
    """A picture that is not read; ``reason`` says why, for the teacher."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason)
        self.reason = reason


def too_small(width: int, height: int) -> bool:
    """Whether a picture of this size is skipped (no line of text fits).

    >>> too_small(64, 64), too_small(800, 200)
    (True, False)
    """
    return width < MIN_WIDTH or height < MIN_HEIGHT


def peek_size(data: bytes) -> tuple[int, int]:
    """A picture's ``(width, height)`` from its header, ``(0, 0)`` if it has none.

    >>> peek_size(b"not a picture")
    (0, 0)
    """
    from PIL import Image

    Image.init()  # every plugin registered: open() checks the names in FORMATS
    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as image:
            return image.size
    except Exception:
        return 0, 0


def heif_available() -> bool:
    """Whether HEIC photos can be decoded here (pillow-heif registered with Pillow)."""
    try:
        from pillow_heif import register_heif_opener
    except Exception:  # not installed, or its native library is broken
        return False
    register_heif_opener()
    return True


def decode(data: bytes, *, photo: bool = False) -> np.ndarray | None:
    """An RGB array of the picture in ``data``, or None when it is too small to hold
    text. Raises :class:`ImageRefused` for a picture that cannot or must not be decoded.

    A ``photo`` (a picture handed in as a file) may also be a HEIC, and is turned the
    way its EXIF orientation says, as a photo viewer shows it.
    """
    from PIL import Image, ImageOps, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = None  # the checks below replace Pillow's warning
    Image.init()
    formats = (*FORMATS, HEIF) if photo and heif_available() else FORMATS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                image: Image.Image = Image.open(io.BytesIO(data), formats=formats)
            except UnidentifiedImageError as exc:
                raise ImageRefused(Message.of("ocr.image-format")) from exc
            width, height = image.size
            if too_small(width, height):
                return None
            if width * height > MAX_PIXELS:
                if image.format not in _JPEG_LIKE:
                    raise ImageRefused(
                        Message.of("ocr.image-too-large", width=width, height=height)
                    )
                scale = 1
                while scale < 8 and width * height / (scale * scale) > MAX_PIXELS:
                    scale *= 2
                if width * height / (scale * scale) > MAX_PIXELS:
                    raise ImageRefused(
                        Message.of("ocr.image-too-large", width=width, height=height)
                    )
                image.draft("RGB", (width // scale, height // scale))
            if getattr(image, "n_frames", 1) > 1:
                image.seek(0)  # a multi-page TIFF or an animation: its first picture
            if photo:
                image = ImageOps.exif_transpose(image)
            image = image.convert("RGB")
    except ImageRefused:
        raise
    except MemoryError as exc:
        raise ImageRefused(Message.of("ocr.image-no-memory")) from exc
    except Exception as exc:  # truncated, corrupt, an unknown format
        detail = f"{type(exc).__name__}: {exc}".strip()[:120]
        raise ImageRefused(Message.of("ocr.image-damaged", detail=detail)) from exc
    longest = max(image.size)
    if longest > MAX_SIDE:
        factor = MAX_SIDE / longest
        size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return np.asarray(image)
