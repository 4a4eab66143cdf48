"""Small office files written from scratch for tests: ODT packages and RTF documents,
shaped as LibreOffice and Word write them."""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape

ODT_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"'
)
MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
    '<manifest:file-entry manifest:full-path="/" '
    'manifest:media-type="application/vnd.oasis.opendocument.text"/>'
    "{extra}</manifest:manifest>"
)


def odt_body(paragraphs: list[str]) -> str:
    """``text:p`` elements, runs of spaces written as LibreOffice does (``text:s``)."""
    out = []
    for p in paragraphs:
        parts = []
        for k, word in enumerate(p.split("  ")):
            if k:
                parts.append('<text:s text:c="2"/>')
            parts.append(escape(word))
        out.append(f"<text:p>{''.join(parts)}</text:p>")
    return "".join(out)


def odt_bytes(
    paragraphs: list[str],
    *,
    body_xml: str | None = None,
    header: str | None = None,
    encrypted: bool = False,
    content_override: bytes | None = None,
) -> bytes:
    """An ODT whose body holds ``paragraphs`` (or ``body_xml`` as it is)."""
    body = body_xml if body_xml is not None else odt_body(paragraphs)
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODT_NS}>'
        f"<office:body><office:text>{body}</office:text></office:body>"
        "</office:document-content>"
    ).encode()
    styles = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-styles {ODT_NS}>'
        '<office:master-styles><style:master-page style:name="Standard">'
        + (f"<style:header><text:p>{escape(header)}</text:p></style:header>" if header else "")
        + "</style:master-page></office:master-styles></office:document-styles>"
    ).encode()
    extra = (
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">'
        '<manifest:encryption-data manifest:checksum-type="SHA1"/></manifest:file-entry>'
        if encrypted
        else ""
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(
            zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text"
        )  # stored, first: as LibreOffice writes it
        z.writestr("META-INF/manifest.xml", MANIFEST.format(extra=extra))
        z.writestr(
            "content.xml",
            content_override if content_override is not None else content,
            compress_type=zipfile.ZIP_DEFLATED,
        )
        z.writestr("styles.xml", styles, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


WORD_SYMBOLS = {
    "’": r"\rquote ",
    "‘": r"\lquote ",
    "“": r"\ldblquote ",
    "”": r"\rdblquote ",
    "—": r"\emdash ",
    "–": r"\endash ",
}


def rtf_bytes(paragraphs: list[str], *, chinese_as_bytes: bool = True) -> bytes:
    r"""An RTF as Word writes a mixed Chinese/English essay: Western text in font 0
    (Windows-1252), Chinese in font 1 (``\fcharset134``) as ``\'hh`` GBK bytes, or as
    ``\uN?`` escapes with ``chinese_as_bytes=False``. The document's code page is 1252."""
    head = (
        r"{\rtf1\ansi\ansicpg1252\deff0\uc1{\fonttbl{\f0\fswiss\fcharset0 Arial;}"
        r"{\f1\fnil\fcharset134 \'cb\'ce\'cc\'e5;}}"
        r"{\colortbl;\red0\green0\blue0;}{\*\generator Msftedit 5.41.21.2510;}"
        r"{\info{\author Somebody}}\viewkind4\pard\f0\fs24 "
    )
    body = []
    for p in paragraphs:
        runs = []
        for ch in p:
            if ord(ch) < 0x80:
                runs.append({"\\": "\\\\", "{": "\\{", "}": "\\}"}.get(ch, ch))
            elif chinese_as_bytes and _gbk(ch):
                runs.append(r"{\f1 " + "".join(f"\\'{b:02x}" for b in ch.encode("gbk")) + "}")
            elif ch in WORD_SYMBOLS:
                runs.append(WORD_SYMBOLS[ch])
            else:
                code = ord(ch)
                runs.append(f"\\u{code if code < 32768 else code - 65536}?")
        body.append("".join(runs) + "\\par\r\n")
    return (head + "".join(body) + "}").encode("ascii")


def _gbk(ch: str) -> bool:
    try:
        ch.encode("gbk")
    except UnicodeEncodeError:
        return False
    return True
