"""Recognise common file formats by their first bytes ("magic numbers").

Used to tell a teacher what a misnamed file really is ("a PNG image", "an old Word
document") instead of only saying that it is damaged.
"""

from __future__ import annotations

OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")

# (prefix, description). All of these are binary formats: none can start a text file.
_MAGICS: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "a PDF document"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
    (OLE2_MAGIC, "an old Microsoft Office document (.doc/.xls/.ppt)"),
    (b"PK\x03\x04", "a ZIP archive"),
    (b"PK\x05\x06", "a ZIP archive"),
    (b"PK\x07\x08", "a ZIP archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"\x7fELF", "a program (ELF executable)"),
    (b"\xca\xfe\xba\xbe", "a program (Mach-O or Java class)"),
    (b"\xcf\xfa\xed\xfe", "a program (Mach-O executable)"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"\x00\x00\x00\x0cjP  ", "a JPEG 2000 image"),
    (b"wOFF", "a web font"),
    (b"OggS", "an Ogg audio/video file"),
    (b"fLaC", "a FLAC audio file"),
    (b"ID3", "an MP3 audio file"),
)


def describe_magic(head: bytes) -> str | None:
    """Name the binary format ``head`` (the first bytes of a file) starts with, if known.

    >>> describe_magic(b"\\x89PNG\\r\\n\\x1a\\n....")
    'a PNG image'
    >>> describe_magic(b"hello") is None
    True
    """
    for magic, description in _MAGICS:
        if head.startswith(magic):
            return description
    if head[:4] == b"RIFF" and head[8:12] in (b"WEBP", b"WAVE", b"AVI "):
        return {b"WEBP": "a WebP image", b"WAVE": "a WAV audio file"}.get(
            head[8:12], "an AVI video"
        )
    if head[4:8] == b"ftyp":
        return "an MP4/HEIC media file"
    if head[:2] == b"MZ" and b"\x00" in head[:64]:
        return "a Windows program (.exe)"
    return None


def describe_content(head: bytes) -> str | None:
    """Like :func:`describe_magic`, plus a few text formats worth naming.

    >>> describe_content(b"{\\\\rtf1\\\\ansi ...")
    'an RTF document'
    >>> describe_content(b"  <!DOCTYPE html><html>")
    'a web page (HTML)'
    """
    found = describe_magic(head)
    if found:
        return found
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if start.startswith(b"{\\rtf"):
        return "an RTF document"
    if start.startswith((b"<!doctype html", b"<html")):
        return "a web page (HTML)"
    if start.startswith(b"<?xml"):
        return "an XML file"
    if b"%PDF-" in head[:1024]:
        return "a PDF document"
    return None
