"""How a document is stored in the archive and how it comes back.

The archive works in one *analysis space*: the settings that change shingles,
fingerprints and signatures (``ngram``, ``t2s``, exclusions, ``minhash_perms``), fixed
when the archive is created and recorded in it (:class:`ArchiveConfig`). Documents
analysed with other settings are re-analysed from their text into that space before
they are filed or looked up, and archived documents are re-analysed into the query's
settings when loaded, so scores never mix two analyses. Re-analysis cannot know the
template text of the original scan; the stored ``usable`` mask is kept only when no
re-analysis is needed.

The config also records a *canary*: a digest of the analysis of a fixed text. If a
later plagcheck tokenizes, hashes or signs differently, the canary changes, and the
archive refuses lookups and additions with a clear error instead of silently finding
nothing (listing, removal and checks still work).

The SimHash fingerprint stored is always the one with jieba's IDF table (the only one
that depends on the file alone); :func:`jieba_weighted` recomputes it from a
document's term counts when a scan used the folder's own IDF.

Arrays are stored as little-endian bytes of a known dtype; text, term counts and
keywords are zlib-compressed UTF-8.

>>> cfg = ArchiveConfig()
>>> cfg.key == ArchiveConfig.from_settings(ScanSettings(flag_similarity=0.5)).key
True
>>> cfg.key == ArchiveConfig.from_settings(ScanSettings(ngram=4)).key
False
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, TypedDict

import numpy as np

from simhash_core.archive.errors import ArchiveError
from simhash_core.archive.keys import band_keys, has_bands, simhash_blocks, winnow_keys
from simhash_core.fingerprint.analyze import analyze_text, document_sentences, with_analysis
from simhash_core.fingerprint.codec import (
    OFFSET_ARRAYS,
    pack_array,
    pack_keywords,
    pack_offsets,
    pack_sentences,
    pack_terms,
    unpack_array,
    unpack_keywords,
    unpack_offsets,
    unpack_sentences,
    unpack_terms,
)
from simhash_core.fingerprint.simhash import bit_sums, fingerprint_from_sums
from simhash_core.fingerprint.weights import tfidf
from simhash_core.messages import Message, dump_messages, load_messages
from simhash_core.settings import ANALYSIS_FIELDS, ScanSettings, analysis_settings
from simhash_core.text.sentences import CHINESE, Sentences, with_glosses
from simhash_core.text.vocabulary import jieba_idf
from simhash_core.types import Document, Keywords, UnitSpans

FORMAT_VERSION = 1
PAYLOAD_FIELDS = (
    "text",
    "shingle_seq",
    "usable",
    "unit_starts",
    "unit_ends",
    "terms",
    "keywords",
    "warnings",
    "bit_sums",
    "sentences",
)
# fields an archive written before may lack, and what stands for them there (the
# document's sentences: made from its text when it is compared)
OPTIONAL_PAYLOAD = {"sentences": b""}
LABEL_SEPARATOR = "; "
CANARY_TEXT = (
    "抄袭检测的档案：去年的论文与今年的作业逐段比较，繁體字也一樣。\n"
    "Plagiarism archive canary: the quick brown fox jumps over the lazy dog, 2025.\n"
)


def analysis_canary(settings: ScanSettings) -> str:
    """Digest of the analysis of :data:`CANARY_TEXT` with ``settings``: it changes
    whenever normalization, tokenization, shingle hashing, SimHash or MinHash change."""
    return _canary(*(getattr(settings, name) for name in ANALYSIS_FIELDS))


@lru_cache(maxsize=8)
def _canary(*values: Any) -> str:  # the values of ANALYSIS_FIELDS, each of its own type
    settings = ScanSettings(**dict(zip(ANALYSIS_FIELDS, values, strict=True)))
    a = analyze_text(CANARY_TEXT, settings)
    h = hashlib.blake2b(digest_size=8)
    h.update(str(a.fingerprint).encode())
    h.update(np.ascontiguousarray(a.minhash, dtype="<u8").tobytes())
    h.update(np.ascontiguousarray(a.shingle_seq, dtype="<u8").tobytes())
    h.update(np.ascontiguousarray(a.unit_starts, dtype="<i4").tobytes())
    return h.hexdigest()


def analysis_key(settings: ScanSettings) -> str:
    """A short stable key of the settings that change a document's analysis."""
    values = analysis_settings(settings)
    values["format"] = FORMAT_VERSION
    raw = json.dumps(values, sort_keys=True).encode()
    return hashlib.blake2b(raw, digest_size=8).hexdigest()


def default_bands(perms: int) -> int:
    """LSH bands of 4 rows: 32 bands for 128 permutations, so pairs with a Jaccard
    estimate of about 0.4 or more become candidates (probability ``1 - (1 - s**4)**32``).

    >>> default_bands(128), default_bands(130)
    (32, 130)
    """
    return perms // 4 if perms % 4 == 0 else perms


@dataclass(frozen=True)
class ArchiveConfig:
    """The analysis space and index layout of one archive (stored in it)."""

    ngram: int = 5
    t2s: bool = True
    exclude_quotes: bool = False
    exclude_references: bool = True
    minhash_perms: int = 128
    index_k: int = 3  # SimHash blocks: exact for distances up to this
    bands: int = 32
    winnow_window: int = 8
    format: int = FORMAT_VERSION
    canary: str = ""  # analysis_canary() when the archive was created

    @classmethod
    def from_settings(cls, settings: ScanSettings, index_k: int = 3) -> ArchiveConfig:
        perms = settings.minhash_perms
        return cls(
            ngram=settings.ngram,
            t2s=settings.t2s,
            exclude_quotes=settings.exclude_quotes,
            exclude_references=settings.exclude_references,
            minhash_perms=perms,
            index_k=index_k,
            bands=default_bands(perms),
            canary=analysis_canary(settings),
        )

    @property
    def settings(self) -> ScanSettings:
        """Scan settings of the archive's analysis space (other knobs at defaults)."""
        return ScanSettings(**{name: getattr(self, name) for name in ANALYSIS_FIELDS}, idf="jieba")

    @property
    def key(self) -> str:
        return analysis_key(self.settings)

    def check_current(self) -> None:
        """Raise ArchiveError when this plagcheck analyses text differently from the one
        that built the archive (its fingerprints could not be compared)."""
        if self.canary and self.canary != analysis_canary(self.settings):
            raise ArchiveError(Message.of("archive.other-analysis"))

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> ArchiveConfig:
        """Parse a stored configuration; a newer format or nonsense raises ArchiveError."""
        try:
            raw = json.loads(text)
            known = {f.name for f in fields(cls)}
            config = cls(**{k: v for k, v in raw.items() if k in known})
            config.settings  # noqa: B018 - the analysis settings must be valid ones
        except (ValueError, TypeError) as exc:
            raise ArchiveError(Message.of("archive.bad-settings", detail=str(exc))) from exc
        if config.format > FORMAT_VERSION:
            raise ArchiveError(Message.of("archive.newer-format", format=str(config.format)))
        return config


@dataclass(frozen=True, eq=False)
class ArchiveEntry:
    """Everything filed for one document: identity, fingerprints, index keys, payload.

    ``payload`` maps :data:`PAYLOAD_FIELDS` to bytes; it is empty for fingerprint-only
    entries (benchmarks), which then load as documents without text.
    """

    content_hash: str
    name: str
    kind: str
    fingerprint: int
    minhash: np.ndarray
    mtime: float
    blocks: tuple[int, ...]
    bands: np.ndarray  # uint64 band keys, empty for an empty signature
    winnow: np.ndarray  # uint64 winnow keys, sorted unique
    payload: dict[str, bytes] = field(default_factory=dict)
    meaning: np.ndarray = field(default_factory=lambda: NO_TERMS)  # see meaning_terms

    @property
    def size(self) -> int:
        """Stored bytes of the document (signature and payload)."""
        return self.minhash.nbytes + sum(len(b) for b in self.payload.values())


@dataclass(frozen=True, eq=False)
class Probe:
    """A query in the archive's analysis space."""

    fingerprint: int
    minhash: np.ndarray
    blocks: tuple[int, ...]
    bands: np.ndarray
    winnow: np.ndarray
    meaning: np.ndarray = field(default_factory=lambda: NO_TERMS)


@dataclass(frozen=True, eq=False)
class StoredDocument:
    """One archived document as a backend reads it back."""

    doc_id: int
    content_hash: str
    name: str
    kind: str
    fingerprint: int
    minhash: np.ndarray
    mtime: float
    labels: tuple[tuple[str, str], ...]  # (label, file name) in the order they were added
    payload: dict[str, bytes]


def jieba_weighted(doc: Document) -> Document:
    """``doc`` with the SimHash (and per-bit sums) it has with jieba's IDF table, which
    is what the archive stores."""
    idf, default = jieba_idf()
    sums = bit_sums(tfidf(doc.terms, idf, default).items())
    return replace(doc, fingerprint=fingerprint_from_sums(sums), bit_sums=sums)


def signature_bytes(sig: np.ndarray) -> bytes:
    """A MinHash signature as stored: 4 bytes a value (MinHash values are below the
    Mersenne prime 2**31 - 1), 8 when one does not fit. Half the bytes of the 8-byte
    form that archives wrote before, which :func:`signature_from` still reads.

    >>> len(signature_bytes(np.arange(128, dtype=np.uint64)))
    512
    """
    sig = np.asarray(sig, dtype=np.uint64)
    if len(sig) and int(sig.max()) >> 32:
        return sig.astype("<u8").tobytes()
    return sig.astype("<u4").tobytes()


def signature_from(blob: bytes, perms: int) -> np.ndarray:
    """The signature of ``perms`` values stored by :func:`signature_bytes` (or in the
    8-byte form of earlier archives).

    >>> sig = np.arange(5, dtype=np.uint64)
    >>> signature_from(signature_bytes(sig), 5).tolist(), signature_from(sig.tobytes(), 5).tolist()
    ([0, 1, 2, 3, 4], [0, 1, 2, 3, 4])
    """
    width = 4 if len(blob) == 4 * perms else 8
    return np.frombuffer(blob, dtype=f"<u{width}").astype(np.uint64)


def content_key(doc: Document) -> str:
    """The dedupe key: the file's BLAKE2b, or a hash of the text when it is unknown."""
    if doc.content_hash:
        return doc.content_hash
    digest = hashlib.blake2b(doc.text.encode("utf-8", "surrogatepass"), digest_size=20)
    return "text:" + digest.hexdigest()


def in_archive_space(
    doc: Document, settings: ScanSettings | None, config: ArchiveConfig
) -> Document:
    """``doc`` with fingerprint, signature and shingles as the archive computes them."""
    settings = settings or ScanSettings()
    if analysis_key(settings) != config.key or len(doc.minhash) != config.minhash_perms:
        return reanalysed(doc, config.settings)
    if settings.idf != "jieba":
        return jieba_weighted(doc)
    return doc


def reanalysed(doc: Document, settings: ScanSettings) -> Document:
    """``doc`` analysed again from its text with ``settings`` (no template)."""
    return with_analysis(doc, analyze_text(doc.text, settings, kind=doc.kind))


NO_TERMS: np.ndarray = np.zeros(0, np.uint64)
ENGLISH_SIDE, CHINESE_SIDE = 1, 2
BOTH_SIDES = frozenset({ENGLISH_SIDE, CHINESE_SIDE})
_SIDE_SHIFT = np.uint64(32)


def meaning_terms(
    doc: Document, settings: ScanSettings | None = None, sides: frozenset[int] = BOTH_SIDES
) -> np.ndarray:
    """The language-neutral terms the archive files ``doc`` under, so that a source in
    the other language can be found: the English stems of its English sentences and the
    CC-CEDICT glosses of its Chinese ones (the meaning layer's cross-language space, see
    :mod:`simhash_core.text.glossary`), each tagged with its side in the top half:
    ``side << 32 | stem id``, :data:`ENGLISH_SIDE` or :data:`CHINESE_SIDE`. Sorted,
    unique. Only the ``sides`` asked for are made (without the Chinese side, the
    dictionary is not needed), and only a side with enough sentences for a passage
    (``settings.meaning_sentences``): an English title in a Chinese essay can never be
    a translated passage.

    >>> from simhash_core.fingerprint.analyze import to_document
    >>> from simhash_core.text.glossary import term_id
    >>> text = " ".join(f"Students of school {n} study the history of translation every day."
    ...                 for n in ("rivers", "glaciers", "deserts"))
    >>> doc = to_document("a.txt", Path("a.txt"), analyze_text(text, ScanSettings()))
    >>> (1 << 32 | term_id("translat")) in meaning_terms(doc).tolist()
    True
    """
    settings = settings or ScanSettings()
    s = document_sentences(doc, settings)
    side = np.where(s.lang == CHINESE, CHINESE_SIDE, ENGLISH_SIDE).astype(np.uint64)
    sides = frozenset(x for x in sides if np.count_nonzero(side == x) >= settings.meaning_sentences)
    if not sides:
        return NO_TERMS
    if CHINESE_SIDE in sides:
        s = with_glosses(s, doc.text, t2s=settings.t2s)
        ids, ptr = s.gloss_ids, s.gloss_ptr
    else:  # an English sentence's words are its stems
        ids, ptr = s.word_ids, s.word_ptr
    wanted = np.isin(side, list(sides)).repeat(np.diff(ptr))
    tagged = (side.repeat(np.diff(ptr)) << _SIDE_SHIFT) | ids.astype(np.uint64)
    return np.unique(tagged[wanted])


def sides_of(terms: np.ndarray) -> frozenset[int]:
    """The sides ``terms`` (from :func:`meaning_terms`) hold."""
    return frozenset(np.unique(terms >> _SIDE_SHIFT).tolist())


def other_side(terms: np.ndarray) -> np.ndarray:
    """The keys a document's terms are found under in the other language (a Chinese
    text's glosses among English texts' stems, and the other way round).

    >>> other_side(np.array([1 << 32 | 7, 2 << 32 | 9], np.uint64)).tolist() == [
    ...     2 << 32 | 7, 1 << 32 | 9]
    True
    """
    side = terms >> _SIDE_SHIFT
    return ((np.uint64(3) - side) << _SIDE_SHIFT) | (terms & np.uint64(0xFFFFFFFF))


def _index_keys(
    fingerprint: int, sig: np.ndarray, seq: np.ndarray, usable: np.ndarray, config: ArchiveConfig
) -> tuple[tuple[int, ...], np.ndarray, np.ndarray]:
    blocks = tuple(simhash_blocks(fingerprint, config.index_k))
    bands = band_keys(sig, config.bands)[0] if has_bands(sig) else np.zeros(0, np.uint64)
    return blocks, bands, winnow_keys(seq, usable, config.winnow_window)


def entry_from_document(
    doc: Document, config: ArchiveConfig, settings: ScanSettings | None = None
) -> ArchiveEntry:
    """What the archive files for ``doc`` (analysed with ``settings``)."""
    d = in_archive_space(doc, settings, config)
    blocks, bands, winnowed = _index_keys(d.fingerprint, d.minhash, d.shingle_seq, d.usable, config)
    return ArchiveEntry(
        content_hash=content_key(doc),
        name=doc.path,
        kind=doc.kind,
        fingerprint=int(d.fingerprint),
        minhash=np.ascontiguousarray(d.minhash, dtype=np.uint64),
        mtime=float(doc.mtime),
        blocks=blocks,
        bands=bands,
        winnow=winnowed,
        payload=encode_payload(d),
        meaning=meaning_terms(d, config.settings),
    )


def entries_from_arrays(
    fingerprints: np.ndarray,
    signatures: np.ndarray,
    config: ArchiveConfig,
    *,
    start: int = 0,
    prefix: str = "synthetic",
) -> list[ArchiveEntry]:
    """Fingerprint-only entries (no text) for benchmarks, band keys computed at once."""
    fps = np.asarray(fingerprints, dtype=np.uint64)
    sigs = np.asarray(signatures, dtype=np.uint64)
    bands = band_keys(sigs, config.bands)
    empty = np.zeros(0, np.uint64)
    out = []
    for i, fp in enumerate(fps.tolist()):
        name = f"{prefix}-{start + i}"
        out.append(
            ArchiveEntry(
                content_hash=name,
                name=name,
                kind="txt",
                fingerprint=fp,
                minhash=sigs[i],
                mtime=0.0,
                blocks=tuple(simhash_blocks(fp, config.index_k)),
                bands=bands[i] if has_bands(sigs[i]) else empty,
                winnow=empty,
            )
        )
    return out


def probe_for(
    doc: Document,
    config: ArchiveConfig,
    settings: ScanSettings | None = None,
    ignore: np.ndarray | None = None,
    archived_sides: frozenset[int] = BOTH_SIDES,
) -> Probe:
    """The archive lookup keys of ``doc``. Shingles in ``ignore`` (the class's common
    text) are left out of the winnowing, so boilerplate does not crowd out real
    sources. The meaning terms are looked up only when ``settings`` keep a meaning
    layer on, and only against the ``archived_sides`` the archive holds (a Chinese text
    is glossed only if English texts are archived)."""
    d = in_archive_space(doc, settings, config)
    usable = d.usable
    if ignore is not None and len(ignore):
        usable = usable & ~np.isin(d.shingle_seq, ignore)
    blocks, bands, winnowed = _index_keys(d.fingerprint, d.minhash, d.shingle_seq, usable, config)
    wanted = settings is None or settings.reworded or settings.translated
    own = frozenset(3 - side for side in archived_sides) if wanted else frozenset()
    meaning = other_side(meaning_terms(d, config.settings, own))
    return Probe(int(d.fingerprint), d.minhash, blocks, bands, winnowed, meaning)


def probe_from_arrays(fingerprint: int, signature: np.ndarray, config: ArchiveConfig) -> Probe:
    """A probe without text (benchmarks): SimHash blocks and MinHash bands only."""
    sig = np.asarray(signature, dtype=np.uint64)
    bands = band_keys(sig, config.bands)[0] if has_bands(sig) else np.zeros(0, np.uint64)
    blocks = tuple(simhash_blocks(fingerprint, config.index_k))
    return Probe(int(fingerprint), sig, blocks, bands, np.zeros(0, np.uint64))


def _pack_text(text: str) -> bytes:
    return zlib.compress(text.encode("utf-8", "surrogatepass"), 6)


# Terms and keywords are the shared codec's bytes (fingerprint.codec, as in the cache)
# behind this mark, compressed; an archive written before holds compressed JSON there.
PACKED = b"PCK1"


def _packed(blob: bytes) -> bytes:
    return zlib.compress(PACKED + blob, 6)


def encode_payload(doc: Document) -> dict[str, bytes]:
    """The bytes that rebuild ``doc`` for passage matching (see :func:`decode_payload`)."""
    return {
        "text": _pack_text(doc.text),
        **{name: pack_array(name, getattr(doc, name)) for name in PAYLOAD_ARRAYS},
        **{name: pack_offsets(getattr(doc, name)) for name in OFFSET_ARRAYS},
        "terms": _packed(pack_terms(doc.terms)),
        "keywords": _packed(pack_keywords(doc.keywords)),
        "warnings": dump_messages(doc.warnings).encode("utf-8"),
        "sentences": _pack_sentences(doc.sentences),
    }


def _pack_sentences(sentences: Sentences | None) -> bytes:
    """The meaning layer's sentences, compressed (empty: not made; the comparison makes
    them from the text)."""
    if sentences is None:
        return b""
    return zlib.compress(pack_sentences(sentences), 6)


def full_payload(found: dict[str, bytes]) -> dict[str, bytes]:
    """A stored payload's fields as :func:`decode_payload` reads them: those an older
    archive lacks (:data:`OPTIONAL_PAYLOAD`) filled in, or empty when a required one is
    missing (a fingerprint-only document).

    >>> full_payload({f: b"x" for f in PAYLOAD_FIELDS if f != "sentences"})["sentences"]
    b''
    >>> len(full_payload({f: b"x" for f in PAYLOAD_FIELDS})) == len(PAYLOAD_FIELDS)
    True
    >>> full_payload({"text": b"x"})
    {}
    """
    payload = {**OPTIONAL_PAYLOAD, **found}
    return payload if all(payload.get(f) is not None for f in PAYLOAD_FIELDS) else {}


PAYLOAD_ARRAYS = ("shingle_seq", "usable", "bit_sums")


def _terms(blob: bytes) -> dict[str, int]:
    raw = zlib.decompress(blob)
    if raw.startswith(PACKED):
        return unpack_terms(raw, len(PACKED))
    return {str(t): int(c) for t, c in json.loads(raw).items()}  # written before


def _keywords(blob: bytes) -> Keywords:
    raw = zlib.decompress(blob)
    if raw.startswith(PACKED):
        return unpack_keywords(raw, len(PACKED))
    return Keywords((str(t), float(w)) for t, w in json.loads(raw))  # written before


class Payload(TypedDict):
    """The :class:`Document` fields (and unit offsets) an archived payload holds."""

    text: str
    shingle_seq: np.ndarray
    usable: np.ndarray
    unit_starts: np.ndarray
    unit_ends: np.ndarray
    terms: dict[str, int]
    keywords: Sequence[tuple[str, float]]
    warnings: tuple[Message, ...]
    bit_sums: np.ndarray
    sentences: Sentences | None  # None: not stored (made from the text when compared)


def decode_payload(blobs: dict[str, bytes]) -> Payload:
    """Document fields from stored bytes; inconsistent bytes raise ArchiveError."""
    if not blobs:
        empty_i = np.zeros(0, np.int32)
        return {
            "text": "",
            "shingle_seq": np.zeros(0, np.uint64),
            "usable": np.zeros(0, bool),
            "unit_starts": empty_i,
            "unit_ends": empty_i,
            "terms": {},
            "keywords": (),
            "warnings": (),
            "bit_sums": np.zeros(64),
            "sentences": None,
        }
    try:
        seq = unpack_array("shingle_seq", blobs["shingle_seq"])
        usable = unpack_array("usable", blobs["usable"], len(seq))
        starts = unpack_offsets("unit_starts", blobs["unit_starts"])
        ends = unpack_offsets("unit_ends", blobs["unit_ends"])
        text = zlib.decompress(blobs["text"]).decode("utf-8", "surrogatepass")
        terms = _terms(blobs["terms"])
        keywords = _keywords(blobs["keywords"])
        warnings = load_messages(blobs["warnings"])
        sums = unpack_array("bit_sums", blobs["bit_sums"])
        stored = blobs.get("sentences", b"")
        sentences = unpack_sentences(zlib.decompress(stored)) if stored else None
    except (KeyError, ValueError, TypeError, AttributeError, zlib.error) as exc:
        raise ArchiveError(Message.of("archive.bad-document", detail=str(exc))) from exc
    if len(starts) != len(ends):
        raise ArchiveError(Message.of("archive.bad-offsets"))
    return {
        "text": text,
        "shingle_seq": seq,
        "usable": usable,
        "unit_starts": starts,
        "unit_ends": ends,
        "terms": terms,
        "keywords": keywords,
        "warnings": warnings,
        "bit_sums": sums,
        "sentences": sentences,
    }


def to_document(
    stored: StoredDocument, config: ArchiveConfig, settings: ScanSettings | None = None
) -> Document:
    """A :class:`Document` of an archived file: ``path`` is ``archive/<label>/<name>``
    (first label), ``archive_label`` lists every label, re-analysed when ``settings``
    describe another analysis space than the archive's."""
    f = decode_payload(stored.payload)
    label, name = stored.labels[0] if stored.labels else ("?", stored.name)
    seq, usable = f["shingle_seq"], f["usable"]
    doc = Document(
        path=f"archive/{label}/{name}",
        abspath=Path("archive", label, name),
        text=f["text"],
        kind=stored.kind,
        fingerprint=int(stored.fingerprint),
        minhash=stored.minhash,
        shingle_seq=seq,
        usable=usable,
        units=UnitSpans.of(f["unit_starts"], f["unit_ends"]),
        terms=f["terms"],
        keywords=f["keywords"],
        bit_sums=f["bit_sums"],
        mtime=stored.mtime,
        content_hash=stored.content_hash,
        warnings=f["warnings"],
        archive_label=LABEL_SEPARATOR.join(lab for lab, _ in stored.labels) or None,
        sentences=f["sentences"],
        ngram=config.ngram,
    )
    if settings is not None and analysis_key(settings) != config.key and doc.text:
        doc = reanalysed(doc, settings)
    return doc
