"""Per-file analysis: everything about one document that does not depend on others.

This is what a worker process computes: extraction, normalization, units and
shingles, SimHash features and the MinHash signature. The result is a picklable
:class:`Analysis`; the scan turns it into a :class:`~simhash_core.types.Document`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

import numpy as np

from simhash_core.extract.digest import content_hasher
from simhash_core.fingerprint import minhash
from simhash_core.fingerprint.simhash import fingerprint_from_sums, weighted_bit_sums
from simhash_core.fingerprint.weights import top_keywords_of
from simhash_core.hashing import in_sorted, sorted_unique
from simhash_core.messages import Message
from simhash_core.text.disguise import DISGUISE_KINDS, disguise_flags
from simhash_core.text.exclusions import excluded_regions
from simhash_core.text.normalize import NormalizedText, normalize
from simhash_core.text.sentences import NO_SENTENCES, Sentences, sentences_of
from simhash_core.text.units import (
    UnitHashes,
    comparable_units,
    shingles_of_hashes,
    unit_hashes,
)
from simhash_core.text.vocabulary import jieba_vocabulary
from simhash_core.text.words import term_counts, word_counts

if TYPE_CHECKING:
    from simhash_core.ocr.reader import OcrReader
from simhash_core.types import (
    Document,
    DocumentMeta,
    ExtractedText,
    FileError,
    IntegrityFlag,
    Keywords,
    OcrRegion,
    ScanSettings,
    UnitSpans,
    deferrable,
    given,
    given_array,
)

KEYWORDS_KEPT = 200
# the fields of an Analysis the cache gives unmade (made when first read, see
# simhash_core.store.codec): a re-scan answered by its verdict reads none of them
DEFERRED_FIELDS = (
    "text", "unit_starts", "unit_ends", "unit_spans", "shingle_seq", "usable", "keywords",
    "minhash", "bit_sums",
)  # fmt: skip


@deferrable(*DEFERRED_FIELDS)
@dataclass(frozen=True)
class Analysis:
    """What one file contributes to a scan (see :class:`~simhash_core.types.Document`)."""

    text: str
    kind: str
    # the DEFERRED_FIELDS are made when first read where the cache gave them: a re-scan
    # answered by its verdict reads none of them
    unit_starts: np.ndarray
    unit_ends: np.ndarray
    shingle_seq: np.ndarray
    usable: np.ndarray
    terms: dict[str, int]
    fingerprint: int
    keywords: Keywords
    minhash: np.ndarray
    ngram: int  # the shingle size its shingles were made with (units per shingle)
    bit_sums: np.ndarray = field(default_factory=lambda: np.zeros(64))  # per-bit SimHash sums
    content_hash: str = ""
    encoding: str | None = None
    pages: int | None = None
    warnings: tuple[Message, ...] = ()
    meta: DocumentMeta | None = None
    ocr: tuple[OcrRegion, ...] = ()  # the parts of text read by OCR
    ocr_skipped: int = 0  # scanned pages and pictures not read (see ExtractedText)
    ocr_offered: int = 0  # scanned pages and pictures that could hold text
    timings: tuple[tuple[str, float], ...] = ()  # seconds per stage, when freshly computed
    sentences: Sentences = NO_SENTENCES  # the meaning layer's sentences and terms
    # the units' hashes the shingles were made of (the cache stores them instead of the
    # shingles); None where the analysis was not made here (the cache, the archive),
    # and once it is stored
    unit_hashes: np.ndarray | None = None
    # the units' spans as a Document holds them, where the cache gave them so (None:
    # made from unit_starts and unit_ends)
    unit_spans: UnitSpans | None = None


def _masked_text(text: str, starts: np.ndarray, ends: np.ndarray, mask: np.ndarray) -> str:
    """The parts of ``text`` under runs of True units, joined by newlines.

    >>> s, e = np.array([0, 2, 4]), np.array([1, 3, 5])
    >>> _masked_text("a b c", s, e, np.array([True, False, True]))
    'a\\nc'
    """
    if mask.all():
        return text
    edges = np.nonzero(np.diff(np.concatenate([[0], mask.astype(np.int8), [0]])))[0]
    return "\n".join(
        text[starts[s] : ends[e - 1]] for s, e in zip(edges[::2], edges[1::2], strict=True)
    )


def _comparable_text(
    text: str, starts: np.ndarray, ends: np.ndarray, usable: np.ndarray, ngram: int
) -> str:
    """The normalized text SimHash features come from: the units of usable shingles
    (no template, no references, no excluded quotes)."""
    return _masked_text(text, starts, ends, comparable_units(usable, len(starts), ngram))


def _kept_chars(length: int, starts: np.ndarray, ends: np.ndarray, kept: np.ndarray) -> np.ndarray:
    """Per normalized character: inside a kept unit (or between two kept units).

    >>> _kept_chars(7, np.array([0, 2, 4]), np.array([1, 3, 5]),
    ...             np.array([True, True, False])).tolist()
    [True, True, True, False, False, False, False]
    """
    delta = np.zeros(length + 1, np.int64)
    runs = np.flatnonzero(np.diff(np.concatenate([[0], kept.astype(np.int8), [0]])))
    for s, e in zip(runs[::2], runs[1::2], strict=True):
        delta[starts[s]] += 1
        delta[ends[e - 1]] -= 1
    return np.cumsum(delta[:-1]) > 0


def _members(values: np.ndarray, of: np.ndarray) -> np.ndarray:
    """``np.isin(values, of)``, by binary search when ``of`` is sorted and distinct (a
    template's shingles are, from :func:`template_shingles`).

    >>> _members(np.array([5, 1, 7, 3]), np.array([4, 3, 1])).tolist()
    [False, True, False, True]
    """
    if (of[1:] > of[:-1]).all():
        return in_sorted(values, of)
    return np.isin(values, of)


def text_shingles(text: str, settings: ScanSettings) -> np.ndarray:
    """Only the shingle hashes of a text (what a template contributes), in order."""
    return shingles_of_hashes(
        unit_hashes(normalize(text, t2s=settings.t2s).text).hashes, settings.ngram
    )


def template_shingles(
    templates: Sequence[Path], settings: ScanSettings
) -> tuple[np.ndarray, list[FileError]]:
    """Shingle hashes of the template files (assignment text), and their read errors."""
    texts, errors = template_texts(templates)
    return shingles_of_texts(texts, settings), errors


def template_texts(templates: Sequence[Path]) -> tuple[list[str], list[FileError]]:
    """The texts of the template files (assignment text) that could be read, and why
    the others could not."""
    from simhash_core.extract import ExtractError, extract

    found = []
    errors = []
    for path in templates:
        try:
            found.append(extract(Path(path)).text)
        except ExtractError as exc:
            errors.append(
                FileError(str(path), exc.code, Message.of("file.template", reason=exc.reason))
            )
    return found, errors


def shingles_of_texts(texts: Sequence[str], settings: ScanSettings) -> np.ndarray:
    """The sorted, distinct shingle hashes of all of ``texts``."""
    if not texts:
        return np.zeros(0, dtype=np.uint64)
    return sorted_unique(np.concatenate([text_shingles(t, settings) for t in texts]))


def analyze_text(
    text: str,
    settings: ScanSettings,
    template_shingles: np.ndarray | None = None,
    kind: str = "txt",
    *,
    excluded_units: np.ndarray | None = None,
) -> Analysis:
    """Analyse already-extracted text. ``excluded_units`` (a mask over the text's
    units) leaves those units out too, as template text is (the review's "treat this
    passage as the assignment text" re-analyses a document with them)."""
    clock = time.perf_counter
    t0 = clock()
    norm = normalize(text, t2s=settings.t2s)
    t1 = clock()
    u = unit_hashes(norm.text)
    n_units = len(u)
    offsets = norm.offsets
    unit_starts = offsets[u.starts] if n_units else np.zeros(0, np.int32)
    unit_ends = offsets[u.ends - 1] + 1 if n_units else np.zeros(0, np.int32)

    seq = shingles_of_hashes(u.hashes, settings.ngram)
    width = min(settings.ngram, max(n_units, 1))
    excluded_unit = np.zeros(n_units, dtype=bool)
    for s, e in excluded_regions(
        text, references=settings.exclude_references, quotes=settings.exclude_quotes
    ):
        excluded_unit[(unit_starts >= s) & (unit_starts < e)] = True
    if template_shingles is not None and len(template_shingles):
        # Every unit inside a shingle of the template is template text. Excluding the
        # units (not only the shingles) also drops the shingles that merely straddle
        # the template's end, which would count its last words as the student's.
        in_template = _members(seq, template_shingles)
        excluded_unit |= comparable_units(in_template, n_units, settings.ngram)
    if excluded_units is not None and len(excluded_units) == n_units:
        excluded_unit |= excluded_units
    # a shingle is unusable if any of its units is excluded
    csum = np.concatenate([[0], np.cumsum(excluded_unit, dtype=np.int64)])
    usable = (csum[width : width + len(seq)] - csum[: len(seq)]) == 0

    t2 = clock()
    comparable = comparable_units(usable, n_units, settings.ngram)
    counts = word_counts(_masked_text(norm.text, u.starts, u.ends, comparable))
    t3 = clock()
    features = jieba_vocabulary().features(counts)
    sums = weighted_bit_sums(features.hashes, features.weights)
    fingerprint = fingerprint_from_sums(sums)
    terms = features.terms
    shingles = sorted_unique(seq[usable])
    t4 = clock()
    sentences = sentences_of(
        text,
        normalized=norm,
        keep=_kept_chars(len(norm.text), u.starts, u.ends, comparable),
        glosses=False,  # glossed at comparison, when the folder holds both languages
    )
    t5 = clock()
    return Analysis(
        text=text,
        kind=kind,
        unit_starts=unit_starts.astype(np.int32),
        unit_ends=unit_ends.astype(np.int32),
        shingle_seq=seq,
        usable=usable,
        terms=terms,
        fingerprint=fingerprint,
        bit_sums=sums,
        keywords=top_keywords_of(list(terms), features.weights, KEYWORDS_KEPT),
        minhash=minhash.signature(shingles, settings.minhash_perms),
        ngram=settings.ngram,
        sentences=sentences,
        unit_hashes=u.hashes,
        timings=(
            ("normalization", t1 - t0),
            ("segmentation", t3 - t2),
            ("fingerprints", (t2 - t1) + (t4 - t3)),
            ("sentences", t5 - t4),
        ),
    )


def file_digest(path: Path) -> str:
    """The content hash of the file's bytes (the cache and archive key; see
    :mod:`simhash_core.extract.digest`)."""
    h = content_hasher()
    try:
        fh = path.open("rb")
    except OSError:
        from simhash_core.extract.zip_entries import is_member, member_digest

        if is_member(path):  # an entry of a ZIP
            return member_digest(path)
        raise
    with fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def analyze_file(
    path: Path,
    settings: ScanSettings,
    template_shingles: np.ndarray | None = None,
    digest: str | None = None,
    extracted: ExtractedText | None = None,
    ocr: OcrReader | None = None,
) -> Analysis:
    """Extract (unless ``extracted`` is given, e.g. from the cache) and analyse one file;
    ``ocr`` reads its scans and pictures (by default: if ``settings.ocr``).

    The analysis carries the content hash of the bytes its text was read from. When
    the scan hashed the file before (``digest``) and the bytes read are others (the
    file was replaced or is still being written), the file is refused as ``changed``:
    its text is never filed under the hash of other bytes.

    Raises ``ExtractError`` for unreadable files.
    """
    from simhash_core.extract import extract
    from simhash_core.extract.errors import DEFAULT_LIMITS
    from simhash_core.ocr.reader import OcrReader

    started = time.perf_counter()
    if extracted is None:
        extracted = extract(path, DEFAULT_LIMITS, ocr or OcrReader(enabled=settings.ocr))
    extraction = time.perf_counter() - started
    digest = read_digest(extracted, digest)
    analysis = analyze_text(extracted.text, settings, template_shingles, extracted.kind)
    return replace(
        analysis,
        content_hash=digest,
        encoding=extracted.encoding,
        pages=extracted.pages,
        warnings=with_disguises(extracted),
        meta=extracted.meta,
        ocr=extracted.ocr,
        ocr_skipped=extracted.ocr_skipped,
        ocr_offered=extracted.ocr_offered,
        timings=(("extraction", extraction), *analysis.timings),
    )


def with_disguises(extracted: ExtractedText) -> tuple[Message, ...]:
    """The text's warnings and the disguised letters in it (:mod:`.text.disguise`), each
    once. A text from the cache tells the disguises found when it was stored: they are
    counted again, so a text stored before a change of the rule tells what the rule
    finds now."""
    kept = [w for w in extracted.warnings if not _disguise(w)]
    found = (flag.message for flag in disguise_flags(extracted.text))
    return tuple(dict.fromkeys((*kept, *found)))


def _disguise(warning: Message) -> bool:
    """Whether ``warning`` tells disguised letters (a kind :mod:`.text.disguise` counts)."""
    flag = IntegrityFlag.from_message(warning)
    return flag is not None and flag.kind in DISGUISE_KINDS


def read_digest(extracted: ExtractedText, expected: str | None) -> str:
    """The content hash a text read from a file may be filed under: that of the bytes
    it was read from; raises ``ExtractError("changed")`` if the scan hashed other bytes.

    >>> from simhash_core.extract import ExtractError
    >>> read_digest(ExtractedText("text", "txt", content_hash="ab"), "ab")
    'ab'
    >>> try:
    ...     read_digest(ExtractedText("text", "txt", content_hash="ab"), "cd")
    ... except ExtractError as exc:
    ...     print(exc.code)
    changed
    """
    from simhash_core.extract import ExtractError

    if not extracted.content_hash:  # not read from a file here (given with its key)
        return expected or ""
    if expected and expected != extracted.content_hash:
        raise ExtractError("changed", Message.of("file.changed"))
    return extracted.content_hash


class AnalysisFields(TypedDict):
    """The :class:`Document` fields an analysis fills (:func:`analysis_fields`)."""

    fingerprint: int
    minhash: np.ndarray
    shingle_seq: np.ndarray  # may be deferred (given_array)
    usable: np.ndarray
    ngram: int
    units: UnitSpans
    terms: dict[str, int]
    keywords: Keywords
    bit_sums: np.ndarray
    sentences: Sentences


def analysis_fields(a: Analysis) -> AnalysisFields:
    """The :class:`Document` fields an analysis fills (what is deferred left unmade)."""
    spans = given(a, "unit_spans")
    return {
        "fingerprint": a.fingerprint,
        "minhash": given(a, "minhash"),
        "shingle_seq": given_array(a, "shingle_seq"),
        "usable": given(a, "usable"),
        "ngram": a.ngram,
        "units": spans if spans is not None else UnitSpans.of(a.unit_starts, a.unit_ends),
        "terms": a.terms,
        "keywords": given(a, "keywords"),
        "bit_sums": given(a, "bit_sums"),
        "sentences": a.sentences,
    }


def with_analysis(doc: Document, a: Analysis) -> Document:
    """``doc`` (its name, label and dates kept) carrying a new analysis of its text."""
    return replace(doc, **analysis_fields(a))


def _units_again(doc: Document, settings: ScanSettings) -> tuple[NormalizedText, UnitHashes | None]:
    """``doc``'s text normalized again, and its units if they are the document's own
    (``None`` for a document made elsewhere, whose units do not match)."""
    norm = normalize(doc.text, t2s=settings.t2s)
    units = unit_hashes(norm.text)
    return norm, units if doc.unit_count and len(units) == doc.unit_count else None


def recount_terms(doc: Document, settings: ScanSettings) -> dict[str, int] | None:
    """The SimHash term counts of ``doc``'s comparable text, as :func:`analyze_text`
    counted them (documents carry them only for corpus IDF); ``None`` if its units do
    not match the document's (a document made elsewhere)."""
    norm, units = _units_again(doc, settings)
    if units is None:
        return None
    text = _comparable_text(norm.text, units.starts, units.ends, doc.usable, doc.ngram)
    return dict(term_counts(text))


def document_sentences(doc: Document, settings: ScanSettings) -> Sentences:
    """``doc``'s sentences: its own, or made from its text (a document from the archive
    or made elsewhere), template and excluded text left out as the analysis does."""
    if doc.sentences is not None:
        return doc.sentences
    norm, units = _units_again(doc, settings)
    keep = None
    if units is not None:
        kept = comparable_units(doc.usable, doc.unit_count, doc.ngram)
        keep = _kept_chars(len(norm.text), units.starts, units.ends, kept)
    return sentences_of(doc.text, normalized=norm, keep=keep, glosses=False)


def _member_mtime(path: Path) -> float:
    """The time of a ZIP's entry (0 for a file that is gone)."""
    from simhash_core.extract import ExtractError
    from simhash_core.extract.zip_entries import is_member, member_mtime

    try:
        return member_mtime(path) if is_member(path) else 0.0
    except ExtractError:
        return 0.0


def file_mtime(abspath: Path) -> float:
    """When a file (or a ZIP's entry) was last changed; 0 for a file that is gone."""
    try:
        return abspath.stat().st_mtime
    except OSError:
        return _member_mtime(abspath)


def to_document(path: str, abspath: Path, a: Analysis) -> Document:
    """A scanned document from one file's analysis."""
    return Document(
        path=path,
        abspath=abspath,
        text=given(a, "text"),
        kind=a.kind,
        mtime=file_mtime(abspath),
        content_hash=a.content_hash,
        warnings=a.warnings,
        meta=a.meta,
        ocr=a.ocr,
        **analysis_fields(a),
    )
