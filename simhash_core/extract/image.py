"""Photos and screenshots handed in as files (.jpg, .png, .heic, .webp, .tif), read by OCR.

The picture is decoded under the limits of :mod:`simhash_core.ocr.images`, turned as
its EXIF orientation says, and read by the OCR reader, which turns a page photographed
sideways or upside down before reading it (:mod:`simhash_core.ocr.orientation`). The
whole text is one OCR region, so the teacher sees its confidence and the photo beside it.
"""

from __future__ import annotations

from simhash_core.messages import Message
from simhash_core.ocr.images import ImageRefused, decode
from simhash_core.ocr.reader import LOW_CONFIDENCE, OcrReader
from simhash_core.types import ExtractedText, OcrRegion

from .errors import ExtractError
from .wrap import join_wrapped_lines

PHOTO_WHERE = Message.of("ocr.where-photo")


def extract_image(data: bytes, ocr: OcrReader | None) -> ExtractedText:
    """The text OCR reads on a photo or screenshot given as bytes.

    Raises :class:`ExtractError` when OCR is off or cannot run (``scanned``), the
    picture cannot be decoded (``corrupt``, ``too-large``) or holds no text (``empty``).
    """
    if ocr is None:
        raise ExtractError("scanned", Message.of("image.ocr-off"))
    if not ocr.enabled:
        ocr.offered += 1
        ocr.skipped += 1
        raise ExtractError("scanned", Message.of("image.ocr-off"))
    image = _decoded(data)
    ocr.plan(1)
    piece = ocr.pixels(image, PHOTO_WHERE)
    if piece is None:  # the engine could not run, or failed on this picture
        reason = ocr.warnings[0] if ocr.warnings else Message.of("image.no-text")
        raise ExtractError("scanned", reason)
    if not piece.text:
        raise ExtractError("empty", Message.of("image.no-text"))
    text = join_wrapped_lines(piece.text)
    warnings = list(ocr.warnings)
    if piece.turn:
        warnings.append(Message.of("warn.ocr-turned", degrees=(360 - 90 * piece.turn) % 360))
    if piece.confidence < LOW_CONFIDENCE:
        warnings.append(Message.of("warn.ocr-low", where=PHOTO_WHERE, confidence=piece.confidence))
    return ExtractedText(
        text,
        "image",
        pages=1,
        warnings=tuple(dict.fromkeys(warnings)),
        ocr=(OcrRegion(0, len(text), piece.confidence),),
        ocr_skipped=ocr.skipped,
        ocr_offered=ocr.offered,
    )


def _decoded(data: bytes):
    """The picture as an RGB array, upright by its EXIF orientation."""
    from simhash_core.ocr.images import heif_available

    try:
        image = decode(data, photo=True)
    except ImageRefused as exc:
        if exc.reason.code == "ocr.image-format" and _is_heif(data) and not heif_available():
            raise ExtractError("unsupported", Message.of("image.heic-missing")) from exc
        code = "too-large" if exc.reason.code in _TOO_LARGE else "corrupt"
        raise ExtractError(code, exc.reason) from exc
    if image is None:  # smaller than a line of text
        raise ExtractError("empty", Message.of("image.no-text"))
    return image


_TOO_LARGE = frozenset({"ocr.image-too-large", "ocr.image-no-memory"})


def _is_heif(data: bytes) -> bool:
    """Whether ``data`` is an ISO media file of a HEIF brand (an iPhone's .heic)."""
    return data[4:8] == b"ftyp" and data[8:12] in (b"heic", b"heix", b"mif1", b"msf1", b"hevc")
