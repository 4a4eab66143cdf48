"""OpenDocument text (``.odt``, LibreOffice's and Apple Pages' export), read directly
with :mod:`zipfile` and defusedxml under the same limits as DOCX.

The package is checked exactly as a DOCX is (:class:`.zip_parts.ZipParts`: uncompressed
sizes and ratios before anything is decompressed, no DTD, nothing beyond the limit).
The text is, in order: each distinct page header (``styles.xml``), the body
(paragraphs, headings, lists and table cells in document order, text frames after the
paragraph that anchors them), the footnotes and endnotes, then each distinct footer.
Tracked deletions, comments and note citations are left out.

The text is what a reader sees: text hidden by its paragraph's or span's style
(``text:display="none"``, the page's colour, letters of 2 points or less; styles in
:mod:`.odt_styles`), hidden text fields and hidden sections are left out and counted
as integrity flags (:mod:`.hidden_runs`).
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.etree.ElementTree import Element

from simhash_core.messages import Message
from simhash_core.ocr.marks import strip_marks
from simhash_core.ocr.reader import OcrReader
from simhash_core.types import DocumentMeta, ExtractedText

from .errors import DEFAULT_LIMITS, ExtractError, ExtractLimits
from .hidden_runs import PAGE, HiddenText, hiding
from .odt_styles import OdtLook, OdtStyles, page_colour
from .sniff import ODT_MIMETYPE
from .zip_parts import PARAGRAPH_BREAK, PictureTexts, ZipParts, open_package, part_properties

_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
_DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
_MANIFEST = "{urn:oasis:names:tc:opendocument:xmlns:manifest:1.0}"
_IMAGE = f"{_DRAW}image"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

# blocks that are not the document's text
_SKIP_BLOCKS = {
    f"{_TEXT}tracked-changes",
    f"{_TEXT}sequence-decls",
    f"{_TEXT}variable-decls",
    f"{_TEXT}user-field-decls",
    f"{_OFFICE}forms",
    f"{_OFFICE}annotation",
    f"{_OFFICE}annotation-end",
}
_PARAGRAPHS = {f"{_TEXT}p", f"{_TEXT}h"}
PLAIN = OdtLook()  # text no style hides
_GROUNDS = {"{urn:oasis:names:tc:opendocument:xmlns:table:1.0}table", f"{_DRAW}frame"}
_META_PROPERTIES = {
    "initial-creator": "author",
    "creator": "last_saved_by",
    "creation-date": "created",
    "date": "modified",
    "template": "template",
    "generator": "application",
}


def extract_odt(
    data: bytes, limits: ExtractLimits = DEFAULT_LIMITS, ocr: OcrReader | None = None
) -> ExtractedText:
    """Extract the text of an ODT given as bytes; ``ocr`` reads the body's pictures."""
    with open_package(data, "odt") as archive:
        return _Odt(ZipParts(archive, limits, "odt"), ocr).extract()


# spaces ``text:s`` may add to one document: 22 bytes of XML say "1,000 spaces", so
# without a budget a 50 MB part could become billions of characters
SPACES_BUDGET = 100_000


class _Odt:
    def __init__(self, parts: ZipParts, ocr: OcrReader | None = None) -> None:
        self.parts = parts
        self.notes: list[str] = []
        self.spaces_left = SPACES_BUDGET
        self.pictures = PictureTexts(parts, ocr)
        self.in_body = False  # pictures are read in the body only (not a header's logo)
        self.styles = OdtStyles(())
        self.page = PAGE
        self.seen = HiddenText()
        self.grounded = 0  # inside tables and frames: a fill may make light letters readable

    def extract(self) -> ExtractedText:
        parts = self.parts
        if "mimetype" in parts.names and not parts.read("mimetype").startswith(ODT_MIMETYPE):
            raise ExtractError("corrupt", Message.of("odt.not-text"))
        if "META-INF/manifest.xml" in parts.names:
            manifest = parts.parse("META-INF/manifest.xml")
            if next(manifest.iter(f"{_MANIFEST}encryption-data"), None) is not None:
                raise ExtractError("encrypted", Message.of("odt.encrypted"))
        if "content.xml" not in parts.names:
            raise ExtractError("corrupt", Message.of("odt.no-content"))
        content = parts.parse("content.xml")
        body = next(content.iter(f"{_OFFICE}text"), None)
        if body is None:
            raise ExtractError("corrupt", Message.of("odt.not-text"))
        styles = parts.parse("styles.xml") if "styles.xml" in parts.names else None
        containers = [*_style_containers(styles), *_style_containers(content)]
        self.styles, self.page = OdtStyles(containers), page_colour(styles) or PAGE
        headers, footers = self._page_parts(styles)
        self.pictures.plan(len({_href(i) for i in body.iter(_IMAGE)} & parts.names))
        self.in_body = True
        text_body = PARAGRAPH_BREAK.join(p for p in self._blocks(body) if p.strip())
        self.in_body = False
        sections = [*headers, text_body, *self.notes, *footers]
        text = PARAGRAPH_BREAK.join(s for s in sections if s.strip())
        text, regions = self.pictures.located(text)
        if not text.strip():
            raise ExtractError("empty", Message.of("file.blank"))
        found = part_properties(parts, "meta.xml", _META_PROPERTIES)
        hidden = [flag.message for flag in self.seen.flags()]
        return ExtractedText(
            text,
            "odt",
            warnings=tuple(dict.fromkeys([*hidden, *self.pictures.warnings()])),
            meta=DocumentMeta(**found) if found else None,
            ocr=regions,
            ocr_skipped=self.pictures.skipped,
            ocr_offered=self.pictures.offered,
        )

    def _page_parts(self, styles: Element | None) -> tuple[list[str], list[str]]:
        """The distinct headers and footers of the master pages (``styles.xml``)."""
        if styles is None:
            return [], []
        found: dict[str, dict[str, None]] = {"header": {}, "footer": {}}
        for page in styles.iter(f"{_STYLE}master-page"):
            for child in page:
                kind = child.tag.removeprefix(_STYLE).removesuffix("-left")
                kind = kind.removesuffix("-first")
                if kind in found:
                    text = PARAGRAPH_BREAK.join(p for p in self._blocks(child) if p.strip())
                    if text.strip():
                        found[kind][text] = None
        return list(found["header"]), list(found["footer"])

    def _blocks(self, container: Element) -> Iterator[str]:
        """The paragraphs inside ``container``, in document order."""
        for child in container:
            if child.tag in _SKIP_BLOCKS:
                continue
            if child.tag in _PARAGRAPHS:
                frames: list[Element] = []
                look = self.styles.look("paragraph", child.get(f"{_TEXT}style-name"))
                text = strip_marks("".join(self._inline(child, frames, look)))
                kind = self._hiding(look)
                if kind is None:
                    yield text
                else:
                    self.seen.add(kind, text)
                for frame in frames:
                    self.grounded += 1
                    yield from self._blocks(frame)
                    self.grounded -= 1
            elif child.tag == _IMAGE:
                if self.in_body:
                    yield from self.pictures.text_of(_href(child))
                yield from self._blocks(child)
            elif child.tag == f"{_TEXT}section" and child.get(f"{_TEXT}display") == "none":
                self.seen.add("vanish", PARAGRAPH_BREAK.join(self._blocks(child)))
            else:  # lists, sections, tables, rows, cells, frames, index bodies
                grounds = child.tag in _GROUNDS
                self.grounded += grounds
                yield from self._blocks(child)
                self.grounded -= grounds

    def _hiding(self, look: OdtLook) -> str | None:
        """How text of this look is hidden (a flag kind), or None where it is seen."""
        return hiding(
            hidden=look.hidden,
            color=look.color,
            points=look.points,
            page=self.page,
            grounded=look.grounded or self.grounded > 0,
        )

    def _inline(
        self, element: Element, frames: list[Element], look: OdtLook = PLAIN
    ) -> Iterator[str]:
        """The text of one paragraph (``look``: its style's); text frames anchored in it
        go to ``frames``. Spans a reader does not see are counted and left out."""
        if element.text:
            yield element.text
        for child in element:
            tag = child.tag
            if tag == f"{_TEXT}span":
                inner = self.styles.look("text", child.get(f"{_TEXT}style-name")).over(look)
                kind = self._hiding(inner)
                if kind is None:
                    yield from self._inline(child, frames, inner)
                else:
                    self.seen.add(kind, "".join(self._inline(child, frames, inner)))
                    yield self.seen.gap(kind)
            elif tag == f"{_TEXT}hidden-text":
                if child.get(f"{_TEXT}is-hidden", "true") == "false":
                    yield from self._inline(child, frames, look)
                else:
                    self.seen.add("vanish", child.get(f"{_TEXT}string-value") or "")
            elif tag == f"{_TEXT}s":
                spaces = min(_count(child.get(f"{_TEXT}c")), max(self.spaces_left, 1))
                self.spaces_left -= spaces
                yield " " * spaces
            elif tag == f"{_TEXT}tab":
                yield "\t"
            elif tag == f"{_TEXT}line-break":
                yield "\n"
            elif tag == f"{_TEXT}note":
                body = next(child.iter(f"{_TEXT}note-body"), None)
                if body is not None:
                    # a note's text goes after the body: its pictures are not read
                    in_body, self.in_body = self.in_body, False
                    self.notes.append(PARAGRAPH_BREAK.join(self._blocks(body)))
                    self.in_body = in_body
            elif tag == f"{_DRAW}frame":
                frames.append(child)
            elif tag not in _SKIP_BLOCKS:
                yield from self._inline(child, frames, look)
            if child.tail:
                yield child.tail


def _style_containers(root: Element | None) -> list[Element]:
    """A part's ``office:styles`` and ``office:automatic-styles``, in that order."""
    if root is None:
        return []
    found = [root.find(f"{_OFFICE}styles"), root.find(f"{_OFFICE}automatic-styles")]
    return [c for c in found if c is not None]


def _href(image: Element) -> str:
    """The package part a ``draw:image`` shows (``Pictures/...``), or ``""``."""
    return image.get(_XLINK_HREF, "").removeprefix("./")


def _count(value: str | None) -> int:
    """``text:s``'s ``c`` attribute: how many spaces (1 when absent; at most 1000).

    >>> _count(None), _count("3"), _count("99999"), _count("x")
    (1, 3, 1000, 1)
    """
    try:
        return max(1, min(int(value or 1), 1000))
    except ValueError:
        return 1
