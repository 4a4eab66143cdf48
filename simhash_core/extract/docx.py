"""DOCX files, read directly with :mod:`zipfile` and defusedxml (no python-docx).

Reading the package by hand lets us check every part *before* parsing it: uncompressed
sizes and compression ratios (zip bombs) and DTDs (entity expansion, external
entities). Real Word files never contain a DTD. The text is, in order: each distinct
header, the body (paragraphs and table cells in document order, text boxes after the
paragraph that anchors them), footnotes, endnotes, then each distinct footer.
Deleted revisions, field codes and the fallback copy of drawings are left out.

Imported chunks (``w:altChunk``: an HTML page, plain text or a whole DOCX that Word shows
as part of the document) are read at their place, under the same limits: a chunk's part
is decompressed within the size limit, HTML is parsed without any DTD, and a DOCX chunk
is read like the outer file, at most :data:`MAX_CHUNK_DEPTH` packages deep. Hiding a
copied essay in a chunk is therefore no way around the comparison.
"""

from __future__ import annotations

import posixpath
import zipfile
from collections.abc import Callable, Iterable, Iterator
from xml.etree.ElementTree import Element

from simhash_core.messages import Message
from simhash_core.ocr.marks import strip_marks
from simhash_core.ocr.reader import OcrReader
from simhash_core.types import DocumentMeta, ExtractedText

from .errors import DEFAULT_LIMITS, ExtractError, ExtractLimits
from .html import decode_markup, html_paragraphs
from .rtf import extract_rtf
from .sniff import OLE2_MAGIC
from .zip_parts import (
    DTD_DECLARATION,
    PARAGRAPH_BREAK,
    PictureTexts,
    ZipParts,
    open_package,
    part_properties,
)

OLD_DOC_REASON = Message.of("docx.old-doc")
ENCRYPTED_REASON = Message.of("docx.encrypted")

MAX_CHUNK_DEPTH = 3  # a DOCX chunk inside a DOCX chunk inside ... the file

# Paragraphs are separated by a blank line, as in the PDF extractor and most TXT files.
_W = (
    "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}",
    "{http://purl.oclc.org/ooxml/wordprocessingml/main}",  # ISO 29500 Strict
)
_MATH = "{http://schemas.openxmlformats.org/officeDocument/2006/math}"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_R_ID = (
    "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id",
    "{http://purl.oclc.org/ooxml/officeDocument/relationships}id",
)
_PICTURES = {"blip", "imagedata"}
_PICTURE_IDS = (
    "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed",
    "{http://purl.oclc.org/ooxml/officeDocument/relationships}embed",
    *_R_ID,
)
_ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")

_CORE_PROPERTIES = {
    "creator": "author",
    "lastModifiedBy": "last_saved_by",
    "created": "created",
    "modified": "modified",
}
_APP_PROPERTIES = {"Template": "template", "Application": "application"}

# Elements whose content is not document text.
_SKIP = {
    "pPr", "rPr", "sectPr", "tblPr", "tblGrid", "trPr", "tcPr", "del", "moveFrom",
    "delText", "instrText", "delInstrText", "fldData", "Fallback", "footnoteReference",
    "endnoteReference", "commentReference", "annotationRef", "bookmarkStart",
}  # fmt: skip


def extract_docx(
    data: bytes,
    limits: ExtractLimits = DEFAULT_LIMITS,
    *,
    depth: int = 0,
    ocr: OcrReader | None = None,
) -> ExtractedText:
    """Extract the text of a DOCX given as bytes (``depth``: how many packages it is
    nested in, for an imported chunk); ``ocr`` reads the body's pictures."""
    if data.startswith(OLE2_MAGIC):
        if _ENCRYPTED_PACKAGE in data:
            raise ExtractError("encrypted", ENCRYPTED_REASON)
        raise ExtractError("old-doc", OLD_DOC_REASON)
    with open_package(data, "docx") as archive:
        return _Package(archive, limits, depth, ocr).extract()


class _Package(ZipParts):
    """One open DOCX package: bounded part reading (:class:`.zip_parts.ZipParts`) and
    the text walk."""

    def __init__(
        self,
        archive: zipfile.ZipFile,
        limits: ExtractLimits,
        depth: int = 0,
        ocr: OcrReader | None = None,
    ) -> None:
        super().__init__(archive, limits, "docx")
        self.depth = depth
        self.warnings: list[Message] = []
        self.pictures = PictureTexts(self, ocr)

    def main_part(self) -> str:
        for _, kind, name in self.relationships(""):
            if kind.endswith("/officeDocument") and name in self.names:
                return name
        if "word/document.xml" in self.names:
            return "word/document.xml"
        raise ExtractError("corrupt", Message.of("docx.not-docx", what=self._what()))

    def _what(self) -> Message:
        if "xl/workbook.xml" in self.names:
            return Message.of("looks.xlsx")
        if "ppt/presentation.xml" in self.names:
            return Message.of("looks.pptx")
        if "mimetype" in self.names:
            mimetype = self.read("mimetype")[:100]
            if b"opendocument.text" in mimetype:
                return Message.of("looks.odt")
        return Message.of("looks.zip-no-word")

    def extract(self) -> ExtractedText:
        main = self.main_part()
        document = self.parse(main)
        if not _is_w(document, "document"):
            raise ExtractError("corrupt", Message.of("docx.not-docx", what=self._what()))
        rels = self.relationships(main)
        by_id = {rid: name for rid, _, name in rels}
        chunk = self._chunk_reader(by_id)

        headers: list[str] = []
        footers: list[str] = []
        pictures: set[str] = set()
        for element in document.iter():
            local = _local(element.tag)
            if local in _PICTURES:
                rid = next((element.get(a) for a in _PICTURE_IDS if element.get(a)), None)
                if by_id.get(rid or "") in self.names:
                    pictures.add(by_id[rid or ""])
            elif local in ("headerReference", "footerReference"):
                rid = next((element.get(a) for a in _R_ID if element.get(a)), None)
                name = by_id.get(rid or "")
                if name and name in self.names:
                    (headers if local == "headerReference" else footers).append(name)
        notes = [
            name
            for _, kind, name in rels
            if kind.endswith(("/footnotes", "/endnotes")) and name in self.names
        ]
        self.pictures.plan(len(pictures))
        read_picture = self.pictures.reader(by_id)
        sections = [
            *_distinct(self._part_text(name) for name in dict.fromkeys(headers)),
            PARAGRAPH_BREAK.join(_blocks(document, chunk, read_picture)),
            *(self._part_text(name) for name in notes),
            *_distinct(self._part_text(name) for name in dict.fromkeys(footers)),
        ]
        text = PARAGRAPH_BREAK.join(s for s in sections if s.strip())
        text, regions = self.pictures.located(text)
        if not text.strip():
            raise ExtractError("empty", Message.of("file.blank"))
        return ExtractedText(
            text,
            "docx",
            warnings=tuple(dict.fromkeys([*self.warnings, *self.pictures.warnings()])),
            meta=self.meta(),
            ocr=regions,
            ocr_skipped=self.pictures.skipped,
            ocr_offered=self.pictures.offered,
        )

    def meta(self) -> DocumentMeta | None:
        """The core and extended properties: author, last saved by, times, template."""
        found = part_properties(self, "docProps/core.xml", _CORE_PROPERTIES)
        found |= part_properties(self, "docProps/app.xml", _APP_PROPERTIES)
        return DocumentMeta(**found) if found else None

    def _part_text(self, name: str) -> str:
        return PARAGRAPH_BREAK.join(_blocks(self.parse(name)))

    def _chunk_reader(self, by_id: dict[str, str]) -> Callable[[Element], Iterator[str]]:
        """Reads the part an ``altChunk`` element imports, as paragraphs."""

        def read(element: Element) -> Iterator[str]:
            rid = next((element.get(a) for a in _R_ID if element.get(a)), None)
            name = by_id.get(rid or "")
            if not name or name not in self.names:
                return
            yield from self._chunk_paragraphs(name, self.read(name))

        return read

    def _chunk_paragraphs(self, name: str, data: bytes) -> Iterator[str]:
        head = data[:2048].lstrip().lower()
        if data.startswith(b"PK"):
            if self.depth + 1 > MAX_CHUNK_DEPTH:
                raise ExtractError(
                    "malicious", Message.of("docx.too-nested", depth=MAX_CHUNK_DEPTH)
                )
            inner = extract_docx(data, self.limits, depth=self.depth + 1)
            self.warnings.extend(inner.warnings)
            yield from inner.text.split(PARAGRAPH_BREAK)
        elif head.startswith(b"mime-version") or b"\ncontent-type: multipart" in head:
            yield from _html_paragraphs(_mht_html(data))
        elif head.startswith(b"{\\rtf"):
            try:
                yield from extract_rtf(data).text.split("\n")
            except ExtractError:
                self.warnings.append(Message.of("warn.rtf-part", part=posixpath.basename(name)))
        elif (
            DTD_DECLARATION.search(data[:4096]) and b"<html" not in head and b"xhtml" not in head
        ):
            raise ExtractError("malicious", Message.of("docx.entities"))
        elif b"<" in head[:200] and (b"html" in head or b"<p" in head or b"<?xml" in head):
            yield from _html_paragraphs(_decode_chunk(data))
        else:
            yield from _decode_chunk(data).split("\n")


def _distinct(texts: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for text in texts:
        if text.strip():
            seen.setdefault(text, None)
    return list(seen)


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _is_w(element: Element, local: str) -> bool:
    tag = element.tag
    return isinstance(tag, str) and tag.endswith("}" + local) and tag.startswith(_W)


ChunkReader = Callable[[Element], Iterator[str]]
PictureReader = Callable[[str], Iterator[str]]  # a picture's relationship id: its text


def _no_chunks(element: Element) -> Iterator[str]:
    return iter(())


def _no_pictures(rid: str) -> Iterator[str]:
    return iter(())


def _blocks(
    container: Element, chunk: ChunkReader = _no_chunks, picture: PictureReader = _no_pictures
) -> Iterator[str]:
    """Paragraph texts under ``container`` (body, cell, header...) in reading order;
    ``chunk`` reads the parts that ``altChunk`` elements import, ``picture`` the text
    of a picture (OCR), which follows the paragraph that holds the picture."""
    for child in container:
        local = _local(child.tag)
        if local in _SKIP:
            continue
        if _is_w(child, "p"):
            yield from _paragraph(child, chunk, picture)
        elif _is_w(child, "altChunk"):
            yield from (strip_marks(text) for text in chunk(child) if text.strip())
        elif _is_w(child, "footnote") or _is_w(child, "endnote"):
            if child.get(_W[0] + "type", child.get(_W[1] + "type", "normal")) == "normal":
                yield from _blocks(child, chunk, picture)
        elif local == "AlternateContent":
            yield from _blocks(_choice(child), chunk, picture)
        else:  # tbl, tr, tc, sdt, sdtContent, customXml, ins, moveTo, ...
            yield from _blocks(child, chunk, picture)


def _choice(alternate: Element) -> Element:
    """The first ``mc:Choice`` of an ``mc:AlternateContent`` (its fallback repeats it)."""
    for child in alternate:
        if child.tag == _MC + "Choice":
            return child
    return Element("empty")


def _paragraph(
    paragraph: Element, chunk: ChunkReader = _no_chunks, picture: PictureReader = _no_pictures
) -> Iterator[str]:
    parts: list[str] = []
    boxes: list[Element] = []
    pictures: list[str] = []

    def walk(element: Element) -> None:
        for child in element:
            local = _local(child.tag)
            if local in _SKIP:
                continue
            tag = child.tag
            if local == "t" and isinstance(tag, str) and (tag.startswith(_W) or tag == _MATH + "t"):
                parts.append(child.text or "")
            elif local == "tab" and tag.startswith(_W):
                parts.append("\t")
            elif local in ("br", "cr") and tag.startswith(_W):
                parts.append("\n")
            elif local == "noBreakHyphen":
                parts.append("-")
            elif local == "txbxContent":
                boxes.append(child)  # a text box: its paragraphs follow this one
            elif local in _PICTURES:  # a:blip (DrawingML) or v:imagedata (VML)
                rid = next((child.get(a) for a in _PICTURE_IDS if child.get(a)), None)
                if rid:
                    pictures.append(rid)
            elif local == "AlternateContent":
                walk(_choice(child))
            else:
                walk(child)

    walk(paragraph)
    text = strip_marks("".join(parts))
    if text.strip():
        yield text
    for box in boxes:
        yield from _blocks(box, chunk, picture)
    for rid in dict.fromkeys(pictures):
        yield from picture(rid)


# ---- imported chunks: HTML, MHT and plain text -------------------------------------------

def _html_paragraphs(html: str) -> Iterator[str]:
    """The paragraphs of an HTML chunk.

    >>> list(_html_paragraphs("<html><style>p{}</style><p>One &amp; two</p><p>三</p></html>"))
    ['One & two', '三']
    """
    return html_paragraphs(html)


def _decode_chunk(data: bytes) -> str:
    """Text of a chunk: its byte-order mark or declared charset, else UTF-8 or GB18030."""
    return decode_markup(data)[0]


def _mht_html(data: bytes) -> str:
    """The HTML part of a MIME HTML (.mht) chunk."""
    import email
    from email import policy

    message = email.message_from_bytes(data, policy=policy.default)
    part = message.get_body(preferencelist=("html", "plain"))
    if part is None:
        return ""
    content = part.get_content()
    return content if isinstance(content, str) else _decode_chunk(content)
