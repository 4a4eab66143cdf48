"""Recognise common file formats by their first bytes ("magic numbers").

Used to tell a teacher what a misnamed file really is ("looks.png", "an old Word
document") instead of only saying that it is damaged. Formats are named by message
codes (``looks.png``), so every language can name them.
"""

from __future__ import annotations

from simhash_core.messages import Message

OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ODT_MIMETYPE = b"application/vnd.oasis.opendocument.text"  # an ODT's first entry holds it
# photos and screenshots, read by OCR (:mod:`.image`)
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".heic", ".heif", ".webp", ".tif", ".tiff")
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")

# (prefix, message code). All of these are binary formats: none can start a text file.
_MAGICS: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "looks.pdf"),
    (b"\x89PNG\r\n\x1a\n", "looks.png"),
    (b"\xff\xd8\xff", "looks.jpeg"),
    (b"GIF87a", "looks.gif"),
    (b"GIF89a", "looks.gif"),
    (b"II*\x00", "looks.tiff"),
    (b"MM\x00*", "looks.tiff"),
    (OLE2_MAGIC, "looks.ole2"),
    (b"PK\x03\x04", "looks.zip"),
    (b"PK\x05\x06", "looks.zip"),
    (b"PK\x07\x08", "looks.zip"),
    (b"Rar!\x1a\x07", "looks.rar"),
    (b"7z\xbc\xaf\x27\x1c", "looks.7z"),
    (b"\x1f\x8b", "looks.gzip"),
    (b"\x7fELF", "looks.elf"),
    (b"\xca\xfe\xba\xbe", "looks.java"),
    (b"\xcf\xfa\xed\xfe", "looks.macho"),
    (b"SQLite format 3\x00", "looks.sqlite"),
    (b"\x00\x00\x00\x0cjP  ", "looks.jp2"),
    (b"wOFF", "looks.woff"),
    (b"OggS", "looks.ogg"),
    (b"fLaC", "looks.flac"),
    (b"ID3", "looks.mp3"),
)


def describe_magic(head: bytes) -> Message | None:
    """Name the binary format ``head`` (the first bytes of a file) starts with, if known.

    >>> str(describe_magic(b"\\x89PNG\\r\\n\\x1a\\n...."))
    'a PNG image'
    >>> describe_magic(b"hello") is None
    True
    """
    code = _magic_code(head)
    return Message.of(code) if code else None


def _magic_code(head: bytes) -> str | None:
    for magic, code in _MAGICS:
        if head.startswith(magic):
            return code
    if head[:4] == b"RIFF" and head[8:12] in (b"WEBP", b"WAVE", b"AVI "):
        return {b"WEBP": "looks.webp", b"WAVE": "looks.wav"}.get(head[8:12], "looks.avi")
    if head[4:8] == b"ftyp":
        return "looks.mp4"
    if head[:2] == b"MZ" and b"\x00" in head[:64]:
        return "looks.exe"
    return None


def describe_content(head: bytes) -> Message | None:
    """Like :func:`describe_magic`, plus a few text formats worth naming.

    >>> str(describe_content(b"{\\\\rtf1\\\\ansi ..."))
    'an RTF document'
    >>> str(describe_content(b"  <!DOCTYPE html><html>"))
    'a web page (HTML)'
    """
    code = _magic_code(head) or _text_code(head)
    return Message.of(code) if code else None


def _text_code(head: bytes) -> str | None:
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if start.startswith(b"{\\rtf"):
        return "looks.rtf"
    if start.startswith((b"<!doctype html", b"<html")):
        return "looks.html"
    if start.startswith(b"<?xml"):
        return "looks.xml"
    if b"%PDF-" in head[:1024]:
        return "looks.pdf"
    return None
