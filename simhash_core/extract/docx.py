"""DOCX files, read directly with :mod:`zipfile` and defusedxml (no python-docx).

Reading the package by hand lets us check every part *before* parsing it: uncompressed
sizes and compression ratios (zip bombs) and DTDs (entity expansion, external
entities). Real Word files never contain a DTD. The text is, in order: each distinct
header, the body (paragraphs and table cells in document order, text boxes after the
paragraph that anchors them), footnotes, endnotes, then each distinct footer.
Deleted revisions, field codes and the fallback copy of drawings are left out.

The text is what a reader sees: runs marked hidden (directly or through a style), in
the page's colour or in letters of 2 points or less are left out and counted as
integrity flags (:mod:`.hidden_runs`, styles in :mod:`.docx_styles`), and of an
``mc:AlternateContent`` block the alternative Word shows is read, the one it would
never show (a decoy) counted.

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

from .docx_styles import DocxStyles, could_hide, run_look, w_attr, w_child
from .errors import DEFAULT_LIMITS, ExtractError, ExtractLimits
from .hidden_runs import PAGE, HiddenText, hiding
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
# the namespace prefixes Word knows in an mc:Choice's Requires: a choice that requires
# any other is never shown, Word shows the next one or the fallback
_KNOWN_PREFIXES = frozenset(
    prefix
    for line in (
        "w w10 w14 w15 w16 w16se w16cid w16cex w16sdtdh w16du w16sdtfl wne wp wp14 wps wpg",
        "wpc wpi a a14 a15 a16 pic c c14 c16 cx cx1 cx2 cx3 cx4 cx5 cx6 cx7 cx8 v o m r mc",
        "am3d aink dgm dsp sl x14 p14 p15 mo mv",
    )
    for prefix in line.split(" ")
)

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
        self.looks = Looks(DocxStyles(None))

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
        styles = next((n for _, k, n in rels if k.endswith("/styles") and n in self.names), None)
        background = w_attr(w_child(document, "background"), "color") or ""
        page = background.upper() if len(background) == 6 else PAGE
        self.looks = Looks(self._styles(styles, page), page)

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
            PARAGRAPH_BREAK.join(_blocks(document, chunk, read_picture, self.looks)),
            *(self._part_text(name) for name in notes),
            *_distinct(self._part_text(name) for name in dict.fromkeys(footers)),
        ]
        text = PARAGRAPH_BREAK.join(s for s in sections if s.strip())
        text, regions = self.pictures.located(text)
        if not text.strip():
            raise ExtractError("empty", Message.of("file.blank"))
        hidden = [flag.message for flag in self.looks.seen.flags()]
        return ExtractedText(
            text,
            "docx",
            warnings=tuple(dict.fromkeys([*hidden, *self.warnings, *self.pictures.warnings()])),
            meta=self.meta(),
            ocr=regions,
            ocr_skipped=self.pictures.skipped,
            ocr_offered=self.pictures.offered,
        )

    def _styles(self, name: str | None, page: str) -> DocxStyles:
        """The styles part, parsed only where it could hide text (see
        :func:`.docx_styles.could_hide`)."""
        if not name:
            return DocxStyles(None)
        data = self.read(name)
        if not could_hide(data, page):
            return DocxStyles(None)
        return DocxStyles(data, lambda fragment: self.parse_bytes(fragment, name))

    def meta(self) -> DocumentMeta | None:
        """The core and extended properties: author, last saved by, times, template."""
        found = part_properties(self, "docProps/core.xml", _CORE_PROPERTIES)
        found |= part_properties(self, "docProps/app.xml", _APP_PROPERTIES)
        return DocumentMeta(**found) if found else None

    def _part_text(self, name: str) -> str:
        return PARAGRAPH_BREAK.join(_blocks(self.parse(name), looks=self.looks))

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
        elif DTD_DECLARATION.search(data[:4096]) and b"<html" not in head and b"xhtml" not in head:
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


class Looks:
    """What a reader sees of a document's runs: its styles, its page's colour, and the
    hidden characters found so far (:class:`.hidden_runs.HiddenText`)."""

    def __init__(self, styles: DocxStyles, page: str = PAGE) -> None:
        self.styles, self.page, self.seen = styles, page, HiddenText()

    def hidden(self, run: Element, paragraph_style: str | None, grounded: bool) -> str | None:
        """How ``run`` is hidden (a flag kind), or None where a reader sees it."""
        properties = w_child(run, "rPr")
        run_style = w_attr(w_child(properties, "rStyle"), "val")
        look = self.styles.look(paragraph_style, run_style, run_look(properties))
        return hiding(
            hidden=look.vanish,
            color=look.color,
            points=look.size / 2 if look.size is not None else None,
            page=self.page,
            grounded=grounded or _shaded(properties),
        )

    def shown(self, alternate: Element) -> Element:
        """The alternative of an ``mc:AlternateContent`` that Word shows: the first
        ``mc:Choice`` whose required namespaces it knows, else the ``mc:Fallback``.
        A choice it skips whose text differs is a decoy, and counted."""
        shown: Element | None = None
        skipped: list[Element] = []
        for child in alternate:
            if shown is not None:
                break
            if child.tag == _MC + "Choice":
                needs = (child.get("Requires") or "").split()
                if all(prefix in _KNOWN_PREFIXES for prefix in needs):
                    shown = child
                else:
                    skipped.append(child)
            elif child.tag == _MC + "Fallback":
                shown = child
        shown = shown if shown is not None else Element("empty")
        text = _all_text(shown)
        for choice in skipped:
            decoy = _all_text(choice)
            if decoy.split() != text.split():
                self.seen.add("decoy", decoy)
        return shown


def _shaded(properties: Element | None) -> bool:
    """Whether run or paragraph properties put the text on a ground of its own (a
    shading fill or a highlight), where a light colour may be read."""
    fill = (w_attr(w_child(properties, "shd"), "fill") or "auto").upper()
    highlight = (w_attr(w_child(properties, "highlight"), "val") or "none").lower()
    return fill not in ("AUTO", "FFFFFF") or highlight != "none"


def _all_text(element: Element) -> str:
    """Every ``w:t`` under ``element``, joined (deleted text is ``w:delText``)."""
    return "".join(
        child.text or ""
        for child in element.iter()
        if isinstance(child.tag, str) and child.tag.startswith(_W) and _local(child.tag) == "t"
    )


ChunkReader = Callable[[Element], Iterator[str]]
PictureReader = Callable[[str], Iterator[str]]  # a picture's relationship id: its text


def _no_chunks(element: Element) -> Iterator[str]:
    return iter(())


def _no_pictures(rid: str) -> Iterator[str]:
    return iter(())


def _blocks(
    container: Element,
    chunk: ChunkReader = _no_chunks,
    picture: PictureReader = _no_pictures,
    looks: Looks | None = None,
    grounded: bool = False,
) -> Iterator[str]:
    """Paragraph texts under ``container`` (body, cell, header...) in reading order;
    ``chunk`` reads the parts that ``altChunk`` elements import, ``picture`` the text
    of a picture (OCR), which follows the paragraph that holds the picture. ``looks``
    leaves out (and counts) what a reader does not see; ``grounded``: inside a table or
    a text box, whose fill may make light letters readable."""
    looks = looks or Looks(DocxStyles(None))
    for child in container:
        local = _local(child.tag)
        if local in _SKIP:
            continue
        if _is_w(child, "p"):
            yield from _paragraph(child, chunk, picture, looks, grounded)
        elif _is_w(child, "altChunk"):
            yield from (strip_marks(text) for text in chunk(child) if text.strip())
        elif _is_w(child, "footnote") or _is_w(child, "endnote"):
            if child.get(_W[0] + "type", child.get(_W[1] + "type", "normal")) == "normal":
                yield from _blocks(child, chunk, picture, looks, grounded)
        elif local == "AlternateContent":
            yield from _blocks(looks.shown(child), chunk, picture, looks, grounded)
        else:  # tbl, tr, tc, sdt, sdtContent, customXml, ins, moveTo, ...
            inside = grounded or _is_w(child, "tbl")
            yield from _blocks(child, chunk, picture, looks, inside)


def _paragraph(
    paragraph: Element,
    chunk: ChunkReader = _no_chunks,
    picture: PictureReader = _no_pictures,
    looks: Looks | None = None,
    grounded: bool = False,
) -> Iterator[str]:
    looks = looks or Looks(DocxStyles(None))
    parts: list[str] = []
    boxes: list[Element] = []
    pictures: list[str] = []
    properties = w_child(paragraph, "pPr")
    style = w_attr(w_child(properties, "pStyle"), "val")
    grounded = grounded or _shaded(properties)

    def walk(element: Element, out: list[str]) -> None:
        for child in element:
            local = _local(child.tag)
            if local in _SKIP:
                continue
            tag = child.tag
            if local == "t" and isinstance(tag, str) and (tag.startswith(_W) or tag == _MATH + "t"):
                out.append(child.text or "")
            elif local == "r" and tag.startswith(_W):
                kind = looks.hidden(child, style, grounded)
                if kind is None:
                    walk(child, out)
                    continue
                hidden: list[str] = []
                walk(child, hidden)
                looks.seen.add(kind, "".join(hidden))
                out.append(looks.seen.gap(kind))
            elif local == "tab" and tag.startswith(_W):
                out.append("\t")
            elif local in ("br", "cr") and tag.startswith(_W):
                out.append("\n")
            elif local == "noBreakHyphen":
                out.append("-")
            elif local == "txbxContent":
                boxes.append(child)  # a text box: its paragraphs follow this one
            elif local in _PICTURES:  # a:blip (DrawingML) or v:imagedata (VML)
                rid = next((child.get(a) for a in _PICTURE_IDS if child.get(a)), None)
                if rid:
                    pictures.append(rid)
            elif local == "AlternateContent":
                walk(looks.shown(child), out)
            else:
                walk(child, out)

    walk(paragraph, parts)
    text = strip_marks("".join(parts))
    if text.strip():
        yield text
    for box in boxes:
        yield from _blocks(box, chunk, picture, looks, grounded=True)
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
