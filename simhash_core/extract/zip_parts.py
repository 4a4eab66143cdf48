"""Office packages (DOCX, ODT) opened under limits: the parts a reader may decompress
and parse, each checked before it is touched.

* **Sizes first.** Every XML part's declared size and compression ratio are checked
  before anything is decompressed (a zip bomb is refused from its directory), and no
  part is ever decompressed beyond the limit (declared sizes may lie).
* **No DTD.** A part with a DOCTYPE or ENTITY declaration is refused before parsing,
  and defusedxml parses the rest with DTDs forbidden: no entity expansion ("billion
  laughs"), no external entities.

The reasons a teacher reads name the format: codes ``<prefix>.bad-zip``,
``<prefix>.bomb``, ``<prefix>.entities`` and ``<prefix>.bad-xml`` of
:data:`simhash_core.messages.CATALOGUE`, where the prefix is ``docx`` or ``odt``.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from simhash_core.messages import Message
from simhash_core.ocr.marks import mark, unmark
from simhash_core.ocr.reader import LOW_CONFIDENCE, OcrPiece, OcrReader
from simhash_core.types import OcrRegion

from .errors import MB, ExtractError, ExtractLimits, size_label
from .sniff import describe_content
from .wrap import join_wrapped_lines

PARAGRAPH_BREAK = "\n\n"
DTD_DECLARATION = re.compile(rb"<!(?i:doctype|entity)")


@contextmanager
def open_package(data: bytes, prefix: str) -> Iterator[zipfile.ZipFile]:
    """The zip archive of a package given as bytes; a file that is no zip at all says
    what it looks like instead."""
    if not data.startswith(b"PK"):
        what = describe_content(data[:1024])
        looks = (
            Message.of(f"{prefix}.not-{prefix}", what=what)
            if what
            else Message.of(f"{prefix}.not-package")
        )
        raise ExtractError("corrupt", looks)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, OSError) as exc:
        raise ExtractError("corrupt", Message.of(f"{prefix}.bad-zip")) from exc
    with archive:
        yield archive


# an OOXML package's relationship element
RELATIONSHIP = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"


class ZipParts:
    """The parts of one open package, read and parsed within ``limits``."""

    def __init__(self, archive: zipfile.ZipFile, limits: ExtractLimits, prefix: str) -> None:
        self.archive = archive
        self.limits = limits
        self.prefix = prefix
        self.names = {info.filename for info in archive.infolist()}
        self._check_sizes()

    def _check_sizes(self) -> None:
        limit = self.limits.max_docx_xml_bytes
        total = 0
        for info in self.archive.infolist():
            if not info.filename.lower().endswith((".xml", ".rels")):
                continue  # images and other media are never decompressed
            total += info.file_size
            ratio = info.file_size / max(info.compress_size, 1)
            if (
                info.file_size > limit
                or (info.file_size > MB and ratio > self.limits.max_docx_ratio)
                or total > 4 * limit
            ):
                raise ExtractError("too-large", self.bomb_reason(max(info.file_size, total)))

    def bomb_reason(self, n_bytes: int) -> Message:
        limit = self.limits.max_docx_xml_bytes
        return Message.of(f"{self.prefix}.bomb", size=size_label(n_bytes), limit=size_label(limit))

    def read(self, name: str) -> bytes:
        """Decompress one part, never more than the limit (sizes in the header may lie)."""
        limit = self.limits.max_docx_xml_bytes
        bad_zip = Message.of(f"{self.prefix}.bad-zip")
        try:
            with self.archive.open(name) as stream:
                data = stream.read(limit + 1)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError) as exc:
            raise ExtractError("corrupt", bad_zip) from exc
        except (NotImplementedError, RuntimeError) as exc:  # odd compression, encrypted zip
            raise ExtractError("corrupt", bad_zip) from exc
        if len(data) > limit:
            raise ExtractError("too-large", self.bomb_reason(len(data)))
        return data

    def parse(self, name: str) -> Element:
        """One XML part, parsed with DTDs refused."""
        return self.parse_bytes(self.read(name), name)

    def relationships(self, part: str) -> list[tuple[str, str, str]]:
        """``(id, type, target part name)`` of a part's internal relationships (its
        ``_rels/<name>.rels``; external targets left out), as OOXML packages (DOCX,
        PPTX) declare them."""
        folder, base = posixpath.split(part)
        rels_name = posixpath.join(folder, "_rels", base + ".rels")
        if rels_name not in self.names:
            return []
        found = []
        for rel in self.parse(rels_name).iter(RELATIONSHIP):
            if rel.get("TargetMode") == "External":
                continue
            target = rel.get("Target", "")
            if target.startswith("/"):
                name = target.lstrip("/")
            else:
                name = posixpath.normpath(posixpath.join(folder, target))
            found.append((rel.get("Id", ""), rel.get("Type", ""), name))
        return found

    def parse_bytes(self, data: bytes, name: str) -> Element:
        malicious = Message.of(f"{self.prefix}.entities")
        if DTD_DECLARATION.search(data):
            raise ExtractError("malicious", malicious)
        try:
            return fromstring(data, forbid_dtd=True)
        except DefusedXmlException as exc:
            raise ExtractError("malicious", malicious) from exc
        except ParseError as exc:
            raise ExtractError("corrupt", Message.of(f"{self.prefix}.bad-xml", part=name)) from exc


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def part_properties(parts: ZipParts, name: str, wanted: dict[str, str]) -> dict[str, str]:
    """Text of the elements of one properties part (``docProps/core.xml``,
    ``meta.xml``...) whose local names ``wanted`` maps to property names; ``{}`` when
    the part is missing or damaged (a hostile one is still refused)."""
    if name not in parts.names:
        return {}
    try:
        root = parts.parse(name)
    except ExtractError as exc:
        if exc.code == "malicious":
            raise
        return {}
    found: dict[str, str] = {}
    for element in root.iter():
        key = wanted.get(_local(element.tag))
        if key and element.text and element.text.strip() and key not in found:
            found[key] = element.text.strip()[:200]
    return found


MAX_PICTURE_BYTES = 64 * MB  # a picture part larger than this is not read


class PictureTexts:
    """The text of a package's pictures, read by OCR, and where it lands in the text.

    :meth:`text_of` gives a picture's text, bracketed by OCR marks, to put where the
    picture is; :meth:`located` removes the marks from the finished text and returns
    an :class:`~simhash_core.types.OcrRegion` for each piece. A picture used twice is
    read once. Without a reader (or with OCR off) nothing is read; pictures that could
    hold text are counted in :attr:`skipped`.
    """

    def __init__(self, parts: ZipParts, ocr: OcrReader | None) -> None:
        self.parts = parts
        self.ocr = ocr
        self._read: dict[str, OcrPiece | None] = {}
        self._order: list[tuple[str, float]] = []  # (picture, confidence) of each piece put
        self._low: list[Message] = []

    def plan(self, count: int) -> None:
        if self.ocr is not None:
            self.ocr.plan(count)

    @property
    def skipped(self) -> int:
        return self.ocr.skipped if self.ocr is not None else 0

    @property
    def offered(self) -> int:
        return self.ocr.offered if self.ocr is not None else 0

    def text_of(self, name: str) -> Iterator[str]:
        """The text of the picture stored at ``name`` (none if it holds none)."""
        if self.ocr is None or name not in self.parts.names:
            return
        if name not in self._read:
            self._read[name] = self._recognise(name)
        piece = self._read[name]
        if piece is not None and piece.text:
            self._order.append((name, piece.confidence))
            yield mark(join_wrapped_lines(piece.text))

    def _recognise(self, name: str) -> OcrPiece | None:
        assert self.ocr is not None
        shown = posixpath.basename(name)
        try:
            info = self.parts.archive.getinfo(name)
            if info.file_size > MAX_PICTURE_BYTES:
                reason = Message.of("file.larger-than", limit=size_label(MAX_PICTURE_BYTES))
                self.ocr.warnings.append(Message.of("warn.ocr-picture", name=shown, reason=reason))
                return None
            with self.parts.archive.open(name) as stream:
                data = stream.read(MAX_PICTURE_BYTES)
        except (
            zipfile.BadZipFile,
            zlib.error,
            EOFError,
            OSError,
            ValueError,
            KeyError,
            NotImplementedError,
            RuntimeError,
        ):
            reason = Message.of(f"{self.parts.prefix}.bad-zip")
            self.ocr.warnings.append(Message.of("warn.ocr-picture", name=shown, reason=reason))
            return None
        piece = self.ocr.picture(data, shown)
        if piece is not None and piece.text and piece.confidence < LOW_CONFIDENCE:
            where = Message.of("ocr.where-picture", name=shown)
            self._low.append(Message.of("warn.ocr-low", where=where, confidence=piece.confidence))
        return piece

    def reader(self, by_id: dict[str, str]) -> Callable[[str], Iterator[str]]:
        """Reads the picture a relationship id names."""

        def read(rid: str) -> Iterator[str]:
            name = by_id.get(rid)
            if name:
                yield from self.text_of(name)

        return read

    def located(self, text: str) -> tuple[str, tuple[OcrRegion, ...]]:
        """``text`` without the marks, and a region for each picture's text in it."""
        if not self._order:
            return text, ()
        clean, spans = unmark(text)
        return clean, tuple(
            OcrRegion(a, b, confidence, picture=name)
            for (a, b), (name, confidence) in zip(spans, self._order, strict=False)
            if b > a
        )

    def warnings(self) -> list[Message]:
        if self.ocr is None:
            return []
        off = [Message.of("warn.ocr-off", count=self.skipped)] if self.skipped else []
        return [*self.ocr.warnings, *self._low, *(off if not self.ocr.enabled else ())]
