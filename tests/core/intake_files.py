"""Files as teachers receive them, written from scratch for tests: PPTX presentations,
DOCX essays, the ZIPs learning platforms hand out, and hostile ZIPs (names leaving the
ZIP, bombs, encrypted and damaged entries, names in GBK without the UTF-8 flag)."""

from __future__ import annotations

import io
import os
import time
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import docx

_P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
_A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
_R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def docx_bytes(text: str) -> bytes:
    """A DOCX with one paragraph per line of ``text`` (python-docx)."""
    word = docx.Document()
    for paragraph in text.split("\n"):
        word.add_paragraph(paragraph)
    out = io.BytesIO()
    word.save(out)
    return out.getvalue()


def _shape(paragraphs: list[str], placeholder: str = "") -> str:
    ph = f'<p:nvPr><p:ph type="{placeholder}"/></p:nvPr>' if placeholder else "<p:nvPr/>"
    body = "".join(f"<a:p><a:r><a:t>{escape(p)}</a:t></a:r></a:p>" for p in paragraphs)
    return (
        f'<p:sp><p:nvSpPr><p:cNvPr id="2" name="t"/><p:cNvSpPr/>{ph}</p:nvSpPr>'
        f"<p:txBody><a:bodyPr/>{body}</p:txBody></p:sp>"
    )


def pptx_bytes(slides: list[list[str]], notes: list[list[str]] | None = None) -> bytes:
    """A PPTX whose slides hold ``slides`` (paragraphs each) and speaker ``notes``; each
    slide also carries a slide number placeholder, which is not text to compare. The
    slides are listed in the presentation in reverse order of their part names."""
    notes = notes or [[] for _ in slides]
    out = io.BytesIO()
    n = len(slides)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/'
            '2006/content-types"><Default Extension="xml" ContentType="application/xml"/>'
            "</Types>",
        )
        z.writestr(
            "_rels/.rels",
            f'<?xml version="1.0"?><Relationships xmlns="{_RELS}"><Relationship Id="rId1" '
            f'Type="{_TYPE}/officeDocument" Target="ppt/presentation.xml"/></Relationships>',
        )
        ids = "".join(f'<p:sldId id="{256 + k}" r:id="rId{k + 1}"/>' for k in reversed(range(n)))
        z.writestr(
            "ppt/presentation.xml",
            f'<?xml version="1.0"?><p:presentation {_P} {_R}><p:sldIdLst>{ids}</p:sldIdLst>'
            "</p:presentation>",
        )
        rels = "".join(
            f'<Relationship Id="rId{k + 1}" Type="{_TYPE}/slide" Target="slides/slide{k + 1}.xml"/>'
            for k in range(n)
        )
        z.writestr(
            "ppt/_rels/presentation.xml.rels",
            f'<?xml version="1.0"?><Relationships xmlns="{_RELS}">{rels}</Relationships>',
        )
        for k, (paragraphs, said) in enumerate(zip(slides, notes, strict=True)):
            tree = _shape(paragraphs) + _shape([str(k + 1)], "sldNum")
            z.writestr(
                f"ppt/slides/slide{k + 1}.xml",
                f'<?xml version="1.0"?><p:sld {_P} {_A} {_R}><p:cSld><p:spTree>{tree}'
                "</p:spTree></p:cSld></p:sld>",
            )
            if said:
                z.writestr(
                    f"ppt/slides/_rels/slide{k + 1}.xml.rels",
                    f'<?xml version="1.0"?><Relationships xmlns="{_RELS}"><Relationship '
                    f'Id="rId9" Type="{_TYPE}/notesSlide" '
                    f'Target="../notesSlides/notesSlide{k + 1}.xml"/></Relationships>',
                )
                z.writestr(
                    f"ppt/notesSlides/notesSlide{k + 1}.xml",
                    f'<?xml version="1.0"?><p:notes {_P} {_A} {_R}><p:cSld><p:spTree>'
                    f"{_shape(said, 'body')}{_shape([str(k + 1)], 'sldNum')}</p:spTree>"
                    "</p:cSld></p:notes>",
                )
    return out.getvalue()


def zip_bytes(entries: dict[str, bytes], *, stored: bool = False) -> bytes:
    """A ZIP of ``entries`` (name: bytes), in that order, dated 2025-03-01 10:00."""
    out = io.BytesIO()
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(out, "w", method) as z:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, date_time=(2025, 3, 1, 10, 0, 0))
            info.compress_type = method
            z.writestr(info, data)
    return out.getvalue()


def unzip_like_a_teacher(archive: Path, folder: Path) -> None:
    """Unzip ``archive`` into ``folder`` as an unzip tool does (entries' times kept)."""
    with zipfile.ZipFile(archive) as z:
        z.extractall(folder)
        for info in z.infolist():
            when = time.mktime((*info.date_time, 0, 0, -1))
            os.utime(folder / info.filename, (when, when))


def with_legacy_names(data: bytes, names: dict[str, bytes]) -> bytes:
    """``data`` (a ZIP) with the ASCII placeholder names of ``names`` replaced by raw
    bytes of the same length (GBK names, as a Chinese Windows writes them without the
    UTF-8 flag)."""
    for placeholder, raw in names.items():
        assert len(placeholder.encode()) == len(raw)
        data = data.replace(placeholder.encode(), raw)
    return data


def with_flag(data: bytes, name: str, flag: int) -> bytes:
    """``data`` (a ZIP) with general purpose ``flag`` bits set on entry ``name`` in both
    of its headers (the encrypted bit, to fake a password-protected entry)."""
    out = bytearray(data)
    raw = name.encode()
    for signature, flag_at, name_at in ((b"PK\x03\x04", 6, 30), (b"PK\x01\x02", 8, 46)):
        at = out.find(signature)
        while at >= 0:
            if out[at + name_at : at + name_at + len(raw)] == raw:
                flags = int.from_bytes(out[at + flag_at : at + flag_at + 2], "little") | flag
                out[at + flag_at : at + flag_at + 2] = flags.to_bytes(2, "little")
            at = out.find(signature, at + 4)
    return bytes(out)


def damaged(data: bytes, name: str) -> bytes:
    """``data`` (a ZIP of stored entries) with the bytes of entry ``name`` changed, its
    check sum left as it was."""
    out = bytearray(data)
    at = out.find(b"PK\x03\x04")
    while at >= 0:
        name_length = int.from_bytes(out[at + 26 : at + 28], "little")
        extra_length = int.from_bytes(out[at + 28 : at + 30], "little")
        if out[at + 30 : at + 30 + name_length] == name.encode():
            start = at + 30 + name_length + extra_length
            out[start : start + 8] = b"XXXXXXXX"
            return bytes(out)
        at = out.find(b"PK\x03\x04", at + 4)
    raise KeyError(name)
