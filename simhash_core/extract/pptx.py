"""PowerPoint presentations (.pptx): the text of the slides, then of their notes.

A PPTX is a ZIP of XML parts like a DOCX, and is read the same way, under the same
limits (:mod:`.zip_parts`: sizes checked before anything is decompressed, DTDs
refused). The slides are read in the presentation's order (``p:sldIdLst``), each
slide's paragraphs (``a:p``: text boxes, placeholders, tables, grouped shapes) in the
order they are stored, then the speaker notes of each slide in the same order. The
slide numbers, dates and footers that PowerPoint fills in by itself are left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.etree.ElementTree import Element

from simhash_core.messages import Message
from simhash_core.types import DocumentMeta, ExtractedText

from .errors import DEFAULT_LIMITS, ExtractError, ExtractLimits
from .sniff import OLE2_MAGIC
from .zip_parts import PARAGRAPH_BREAK, ZipParts, open_package, part_properties

_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")
_AUTOMATIC = {"sldNum", "dt", "ftr", "hdr", "sldImg"}  # placeholders PowerPoint fills
_CORE_PROPERTIES = {
    "creator": "author",
    "lastModifiedBy": "last_saved_by",
    "created": "created",
    "modified": "modified",
}
_APP_PROPERTIES = {"Template": "template", "Application": "application"}


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def extract_pptx(data: bytes, limits: ExtractLimits = DEFAULT_LIMITS) -> ExtractedText:
    """The text of a PPTX given as bytes: slides in order, then their notes."""
    if data.startswith(OLE2_MAGIC):
        if _ENCRYPTED_PACKAGE in data:
            raise ExtractError("encrypted", Message.of("pptx.encrypted"))
        raise ExtractError("old-doc", Message.of("pptx.old-ppt"))
    with open_package(data, "pptx") as archive:
        parts = ZipParts(archive, limits, "pptx")
        slides = _slides(parts)
        texts = [PARAGRAPH_BREAK.join(_paragraphs(parts.parse(s))) for s in slides]
        notes = [_notes_of(parts, s) for s in slides]
        found = part_properties(parts, "docProps/core.xml", _CORE_PROPERTIES)
        found |= part_properties(parts, "docProps/app.xml", _APP_PROPERTIES)
    text = PARAGRAPH_BREAK.join(t for t in [*texts, *notes] if t.strip())
    if not text.strip():
        raise ExtractError("empty", Message.of("file.blank"))
    return ExtractedText(
        text, "pptx", pages=len(slides), meta=DocumentMeta(**found) if found else None
    )


def _slides(parts: ZipParts) -> list[str]:
    """The slide parts in the presentation's order."""
    main = next(
        (n for _, k, n in parts.relationships("") if k.endswith("/officeDocument")),
        "ppt/presentation.xml",
    )
    if main not in parts.names:
        what = Message.of("looks.zip-no-word")
        if "word/document.xml" in parts.names:
            what = Message.of("format.docx")
        raise ExtractError("corrupt", Message.of("pptx.not-pptx", what=what))
    by_id = {rid: name for rid, _, name in parts.relationships(main)}
    order = [
        by_id[rid]
        for element in parts.parse(main).iter()
        if _local(element.tag) == "sldId" and (rid := element.get(_R_ID, "")) in by_id
    ]
    return [name for name in dict.fromkeys(order) if name in parts.names]


def _notes_of(parts: ZipParts, slide: str) -> str:
    notes = [n for _, k, n in parts.relationships(slide) if k.endswith("/notesSlide")]
    if not notes or notes[0] not in parts.names:
        return ""
    return PARAGRAPH_BREAK.join(_paragraphs(parts.parse(notes[0])))


def _paragraphs(root: Element) -> Iterator[str]:
    """The text of each ``a:p`` outside the placeholders PowerPoint fills itself."""

    def walk(element: Element) -> Iterator[str]:
        local = _local(element.tag)
        if local == "sp" and _automatic(element):
            return
        if local == "p" and element.tag.startswith("{http://schemas.openxmlformats.org/drawingml"):
            text = "".join(_runs(element)).strip()
            if text:
                yield text
            return
        for child in element:
            yield from walk(child)

    yield from walk(root)


def _automatic(shape: Element) -> bool:
    for element in shape.iter():
        if _local(element.tag) == "ph":
            return element.get("type", "") in _AUTOMATIC
    return False


def _runs(paragraph: Element) -> Iterator[str]:
    for element in paragraph.iter():
        local = _local(element.tag)
        if local == "t" and element.text:
            yield element.text
        elif local == "br":
            yield "\n"
        elif local == "tab":
            yield "\t"
