"""One file's :class:`~simhash_core.fingerprint.analyze.Analysis` as the fingerprint
cache stores it: a small binary header (the fingerprint, the shingle size, a check) and
three blobs. Only what cannot be made again cheaply is stored, compactly (measured in
docs/benchmarks.md, "The fingerprint cache's rows"):

* The shingles are not stored: they are hashes of the units' hashes. A unit of one
  character (every Chinese character) that normalization left as it was hashes as
  that character of the stored text, so only the other units' hashes are stored (each
  distinct one once, and an index per unit): 13.5 kB of a 2,800-character Chinese
  essay become 0.3 kB; an English essay's words are stored as their distinct hashes.
* A Chinese sentence's term ids are hashes of its pairs of characters: where the
  stored text at the sentence's span gives them (nine sentences in ten), they are made
  from it again; the others are stored.
* The unit spans as :class:`~simhash_core.types.UnitSpans` holds them (gaps and
  lengths, a byte each), the usable mask, the sentences' spans and pointers as
  differences: all in one compressed frame (:mod:`simhash_core.store.frames`).
* The MinHash signature in 4 bytes a value (they are below 2**31), the bit sums as they
  are (random bits do not squeeze).
* The keywords and the term counts (which only a scan with the folder's own IDF
  reads) compressed. The text (stored apart, :func:`text_value`) is compressed too.

A row is checked when it is read, on its bytes as they are (a hash of the header, the
frames and the text's stored bytes, :func:`_check`): a damaged row, or a row beside a
text that is not the analysed one, raises ValueError, which the cache takes for a miss.
Nothing else is decoded then: the text and each array are decoded when first read
(:class:`_Row`), and a re-scan answered by its cached verdict reads none of them.

>>> from simhash_core.fingerprint.analyze import analyze_text
>>> from simhash_core.types import ScanSettings
>>> a = analyze_text("课程论文要求：请阅读本学期指定材料。", ScanSettings())
>>> b = decode_analysis(encode_analysis(a), a.kind)
>>> b.fingerprint == a.fingerprint and list(b.keywords) == list(a.keywords)
True
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np
import xxhash

from simhash_core.fingerprint.analyze import Analysis
from simhash_core.fingerprint.codec import pack_terms, unpack_terms, utf8
from simhash_core.messages import Message
from simhash_core.store.frames import (
    SQUEEZE_ERRORS,
    pack_frame,
    squeeze,
    unpack_frame,
    unsqueeze,
)
from simhash_core.text.sentences import CHINESE, Sentences, _HanPairs
from simhash_core.text.units import _cjk_hashes, shingles_of_hashes
from simhash_core.types import (
    DocumentMeta,
    Keywords,
    OcrRegion,
    UnitSpans,
    _narrowest,
    deferred_array,
    deferred_value,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack  # in typing from Python 3.11 on


class OcrFields(TypedDict, total=False):
    """What was read by OCR, as the fields of an :class:`Analysis` (or of an
    :class:`~simhash_core.types.ExtractedText`)."""

    ocr: tuple[OcrRegion, ...]
    ocr_skipped: int
    ocr_offered: int


class TextFields(OcrFields, total=False):
    """The fields of an :class:`Analysis` that the cache stores with its text, given to
    :func:`decode_analysis` by name."""

    content_hash: str
    encoding: str | None
    pages: int | None
    warnings: tuple[Message, ...]
    meta: DocumentMeta | None


@dataclass(frozen=True)
class EncodedAnalysis:
    """The columns of one cached analysis, and its text as stored (:func:`text_value`)."""

    header: bytes  # _HEADER: the format, the fingerprint, the counts, the check
    # the compressed frame's size, the compressed frame (_SMALL), then the plain one
    # (_PLAIN)
    arrays: bytes
    terms: bytes  # pack_terms, compressed (empty: the terms were not kept)
    text: bytes  # the text's column in the texts table, which the check covers


# format, how the shingles are stored, the shingle size, the fingerprint, how many
# units and shingles, the check
_HEADER = struct.Struct("<BBHQIIQ")
_CHECK = struct.Struct("<Q")
_CHECKED = _HEADER.size - _CHECK.size  # the header's bytes before the check
FORMAT = 3  # of the rows of CACHE_VERSION 23 (see the module docstring)
_BY_UNITS, _AS_HASHES = 0, 1  # the shingles: made from the units, or stored as they are
_SIZE = struct.Struct("<I")
# the compressed frame's arrays, in order
_SMALL = (
    "first",  # the first unit's start (one value)
    "gaps",  # UnitSpans.gaps
    "lengths",  # UnitSpans.lengths
    "stored_at",  # the units whose hashes are stored (not their characters'), as steps
    "unit_index",  # per stored unit: its hash among the distinct ones
    "usable",
    "span_steps",  # the sentences' spans as differences
    "lang",
    "word_steps",  # word_ptr as differences
    "told",  # per sentence: its term ids are its text's pairs of characters
    "word_ids",  # the term ids of the other sentences
    "gloss_steps",  # gloss_ptr as differences
    "gloss_ids",
    "keywords",  # pack_joined's bytes
)
_PLAIN = ("unit_hashes", "minhash", "bit_sums", "shingles")
_ONE_CHAR = 0x10000  # units of one character below this are hashed by code point


def encode_analysis(a: Analysis) -> EncodedAnalysis:
    """The cache columns of ``a``, and its text as the texts table stores it."""
    units = a.unit_hashes
    if units is not None and not _units_make(units, a.ngram, a.shingle_seq):
        units = None
    codepoints = _codepoints(a.text)
    spans = UnitSpans.of(a.unit_starts, a.unit_ends)
    if units is not None:
        told, known = _one_char_hashes(codepoints, a.unit_starts, a.unit_ends)
        stored_units = ~known | (told != units)
        distinct, index = np.unique(units[stored_units], return_inverse=True)
        shingles = np.zeros(0, np.uint64)
    else:
        stored_units = np.zeros(0, bool)
        distinct, index = np.zeros(0, np.uint64), np.zeros(0, np.int64)
        shingles = np.asarray(a.shingle_seq, np.uint64)
    s = a.sentences
    told_sentences = _told_sentences(a.text, s)
    kept = np.repeat(~told_sentences, np.diff(s.word_ptr))
    small = {
        "first": np.array([spans.first], np.int64),
        "gaps": spans.gaps,
        "lengths": spans.lengths,
        "stored_at": _steps(np.flatnonzero(stored_units)),
        "unit_index": _narrowest(index.reshape(-1)),
        "usable": np.asarray(a.usable, bool),
        "span_steps": _steps(s.spans),
        "lang": np.asarray(s.lang, np.uint8),
        "word_steps": _steps(s.word_ptr),
        "told": told_sentences,
        "word_ids": np.asarray(s.word_ids, np.uint32)[kept],
        "gloss_steps": _steps(s.gloss_ptr),
        "gloss_ids": np.asarray(s.gloss_ids, np.uint32),
        "keywords": np.frombuffer(pack_joined(a.keywords), np.uint8),
    }
    plain = {
        "unit_hashes": distinct.astype(np.uint64),
        "minhash": _narrowest(np.asarray(a.minhash, np.uint64)),  # below 2**31: 4 bytes
        "bit_sums": np.asarray(a.bit_sums, np.float64),
        "shingles": shingles,
    }
    packed = squeeze(pack_frame([small[name] for name in _SMALL]))
    arrays = _SIZE.pack(len(packed)) + packed + pack_frame([plain[name] for name in _PLAIN])
    how = _AS_HASHES if units is None else _BY_UNITS
    counts = (len(spans), len(a.shingle_seq))
    head = _HEADER.pack(FORMAT, how, a.ngram, a.fingerprint, *counts, 0)[:_CHECKED]
    text = text_value(a.text)
    check = _check(head, arrays, text)
    terms = squeeze(pack_terms(a.terms)) if a.terms else b""
    return EncodedAnalysis(head + _CHECK.pack(check), arrays, terms, text)


def _units_make(units: np.ndarray, ngram: int, shingles: np.ndarray) -> bool:
    """Whether the units' hashes give these shingles (cheap: their counts agree; an
    analysis is made with both, see :func:`~simhash_core.fingerprint.analyze.analyze_text`)."""
    return len(shingles) == (max(len(units) - ngram + 1, 1) if len(units) else 0)


def _codepoints(text: str) -> np.ndarray:
    """``text``'s code points (lone surrogates kept), one per character."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)


def _one_char_hashes(
    codepoints: np.ndarray, starts: np.ndarray, ends: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per unit, the hash of the text's character where the unit is one character
    long (below :data:`_ONE_CHAR`), and where it is (the hash of a unit normalization
    left as it was: see :func:`~simhash_core.text.units.unit_hashes`)."""
    starts = np.asarray(starts, np.int64)
    one = (np.asarray(ends, np.int64) - starts) == 1
    if len(starts) and (starts.min() < 0 or starts.max() >= max(len(codepoints), 1)):
        raise ValueError("units: a span outside the text")
    at = np.flatnonzero(one)
    cps = codepoints[starts[at]]
    at = at[cps < _ONE_CHAR]
    hashes = np.zeros(len(starts), np.uint64)
    hashes[at] = _cjk_hashes(codepoints[starts[at]])
    known = np.zeros(len(starts), bool)
    known[at] = True
    return hashes, known


def _told_ids(text: str, spans: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ids of the text's pairs of Chinese characters, and where each sentence's
    (``spans``: start, end, ...) begin and end among them."""
    pairs = _HanPairs(text)
    bounds = np.searchsorted(pairs.starts, np.asarray(spans, np.int64))
    return pairs.ids, bounds[0::2], bounds[1::2]


def _ranges(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The positions ``lo[0]..hi[0]-1``, ``lo[1]..hi[1]-1``, ... in one array."""
    lengths = np.asarray(hi, np.int64) - lo
    if not len(lengths) or not lengths.sum():
        return np.zeros(0, np.int64)
    ends = np.cumsum(lengths)
    return np.repeat(np.asarray(lo, np.int64) - (ends - lengths), lengths) + np.arange(ends[-1])


def _told_sentences(text: str, s: Sentences) -> np.ndarray:
    """Per sentence, whether its term ids are the pairs of Chinese characters the
    stored text holds at its span (to be made again from it, not stored)."""
    count = s.count
    chinese = np.asarray(s.lang) == CHINESE
    if not chinese.any():
        return np.zeros(count, bool)
    ids, lo, hi = _told_ids(text, s.spans)
    ptr = np.asarray(s.word_ptr, np.int64)
    sizes = ptr[1:] - ptr[:-1]
    maybe = np.flatnonzero(chinese & (hi - lo == sizes))
    differ = ids[_ranges(lo[maybe], hi[maybe])] != s.word_ids[_ranges(ptr[maybe], ptr[maybe + 1])]
    wrong = np.concatenate([[0], np.cumsum(differ, dtype=np.int64)])
    ends = np.cumsum(sizes[maybe])
    told = np.zeros(count, bool)
    told[maybe] = (wrong[ends] - wrong[ends - sizes[maybe]]) == 0
    return told


def _steps(values: np.ndarray) -> np.ndarray:
    """Ascending offsets as their differences, in the smallest type that holds them."""
    return _narrowest(np.diff(np.asarray(values, np.int64), prepend=0))


def _check(head: bytes, arrays: bytes, text: bytes) -> int:
    """What a row (but its terms, which their own checksum covers) and its text as
    stored hash to: checked on the bytes as they are read, so that nothing is decoded
    before it is needed, and whatever is made from them later is made from what was
    stored (a damaged row, or a row beside a text stored since, is a miss)."""
    h = xxhash.xxh3_64(head)
    h.update(arrays)
    h.update(text)
    return h.intdigest()


_WEIGHT = np.dtype("<f8")


def pack_joined(keywords: Keywords | Sequence[tuple[str, float]]) -> bytes:
    """Keywords as they are held: their count, the weights, then the words joined
    (read back without splitting them, :func:`unpack_joined`).

    >>> k = Keywords([("课程", 2.5), ("paper", 1.0)])
    >>> unpack_joined(pack_joined(k)) == k
    True
    """
    held = keywords if isinstance(keywords, Keywords) else Keywords(keywords)
    weights = np.ascontiguousarray(held.weights, _WEIGHT)
    return np.array([len(weights)], "<u4").tobytes() + weights.tobytes() + utf8(held.joined)


def unpack_joined(blob: bytes) -> Keywords:
    """The keywords :func:`pack_joined` packed; ValueError on damaged bytes."""
    (n,) = np.frombuffer(blob, "<u4", 1).tolist()
    weights = np.frombuffer(blob, _WEIGHT, n, 4).astype(np.float64)
    joined = blob[4 + n * _WEIGHT.itemsize :].decode("utf-8", "surrogatepass")
    return Keywords.from_joined(joined, weights)


# what damaged bytes may raise while a row is read: each is a cache miss
DECODE_ERRORS = (
    ValueError, KeyError, TypeError, IndexError, UnicodeDecodeError, struct.error,
    *SQUEEZE_ERRORS,
)  # fmt: skip


def decode_analysis(
    encoded: EncodedAnalysis, kind: str, **document: Unpack[TextFields]
) -> Analysis:
    """The :class:`Analysis` of :func:`encode_analysis`, its text that of
    ``encoded.text``; ``terms`` left empty when ``encoded.terms`` is empty. Raises one
    of :data:`DECODE_ERRORS` on damaged bytes or another text.

    Only the header is read here, and the row checked: the text and the arrays are
    decoded when first read (:class:`_Row`), so a re-scan answered by its cached verdict
    decodes none of them."""
    fmt, how, ngram, fingerprint, units, shingles, check = _HEADER.unpack(encoded.header)
    if fmt != FORMAT or how not in (_BY_UNITS, _AS_HASHES):
        raise ValueError(f"a cached analysis of format {fmt}")
    if _check(encoded.header[:_CHECKED], encoded.arrays, encoded.text) != check:
        raise ValueError("a cached analysis damaged, or of another text")
    if how == _BY_UNITS and shingles != _shingle_count(units, ngram):
        raise ValueError("shingles: not as many as the units make")
    row = _Row(encoded.arrays, encoded.text, units, ngram if how == _BY_UNITS else 0)
    return Analysis(
        text=deferred_value(row.text),
        kind=kind,
        unit_starts=deferred_array(lambda: row.spans().starts, units),
        unit_ends=deferred_array(lambda: row.spans().ends, units),
        unit_spans=deferred_value(row.spans),
        shingle_seq=deferred_array(row.shingles, shingles),
        usable=deferred_array(lambda: row.small()["usable"].copy(), shingles),
        minhash=deferred_value(lambda: row.plain()["minhash"].astype(np.uint64)),
        bit_sums=deferred_value(lambda: row.plain()["bit_sums"].copy()),
        sentences=DeferredSentences(row.sentences),
        terms=unpack_terms(unsqueeze(encoded.terms)) if encoded.terms else {},
        keywords=deferred_value(lambda: unpack_joined(row.small()["keywords"].tobytes())),
        fingerprint=fingerprint,
        ngram=ngram,
        **document,
    )


class _Row:
    """A checked row, decoded part by part when its analysis first reads it: its text,
    its compressed frame, its plain frame. What is made of them is copied out (views
    would hold the frames), but the units' spans and the text, which several parts are
    made from, are kept here once made. The row was checked when read (see
    :func:`_check`), so decoding it cannot meet damaged bytes: what does not add up
    raises ValueError, a fault of this module.
    """

    __slots__ = ("_arrays", "_ngram", "_small", "_spans", "_text", "_text_value", "_units")

    def __init__(self, arrays: bytes, text: bytes, units: int, ngram: int) -> None:
        self._arrays, self._text_value = arrays, text
        self._units, self._ngram = units, ngram  # ngram 0: the shingles are stored
        self._small: dict[str, np.ndarray] | None = None
        self._spans: UnitSpans | None = None
        self._text: str | None = None

    def text(self) -> str:
        if self._text is None:
            self._text = text_of(self._text_value)
        return self._text

    def small(self) -> dict[str, np.ndarray]:
        """The compressed frame's arrays, by name (kept: several fields read them)."""
        if self._small is None:
            (size,) = _SIZE.unpack_from(self._arrays)
            frame = unpack_frame(self._arrays[4 : 4 + size], compressed=True)
            self._small = dict(zip(_SMALL, frame, strict=True))
        return self._small

    def plain(self) -> dict[str, np.ndarray]:
        """The plain frame's arrays, by name (views: what is made of them is copied)."""
        (size,) = _SIZE.unpack_from(self._arrays)
        return dict(zip(_PLAIN, unpack_frame(self._arrays[4 + size :]), strict=True))

    def spans(self) -> UnitSpans:
        if self._spans is None:
            small = self.small()
            gaps, lengths = small["gaps"], small["lengths"]
            if not len(gaps) == len(lengths) == self._units:
                raise ValueError("units: not as many gaps and lengths as units")
            self._spans = UnitSpans(int(small["first"][0]), gaps.copy(), lengths.copy())
        return self._spans

    def shingles(self) -> np.ndarray:
        if not self._ngram:
            return self.plain()["shingles"].copy()
        stored = _StoredUnits.of(self.small(), self.plain(), self._units)
        return _shingles_of_units(self.text(), self.spans(), stored, self._ngram)

    def sentences(self) -> Sentences:
        return _sentences(self.text(), self.small())


@dataclass(frozen=True)
class _StoredUnits:
    """The units whose hashes a row stores (not those of their characters): where they
    are and their hashes, copies (views would hold the whole row in memory)."""

    at: np.ndarray  # their positions among the units, ascending
    index: np.ndarray  # per stored unit: its hash among ``distinct``
    distinct: np.ndarray  # uint64

    @classmethod
    def of(
        cls, small: dict[str, np.ndarray], plain: dict[str, np.ndarray], count: int
    ) -> _StoredUnits:
        """The stored units of a row of ``count`` units; ValueError where they do not
        fit (checked here, when the row is read: the shingles are made later)."""
        steps, index, distinct = small["stored_at"], small["unit_index"], plain["unit_hashes"]
        if len(steps) != len(index):
            raise ValueError("units: not one hash per stored unit")
        at = np.cumsum(steps, dtype=np.int64)
        # unsigned steps: ascending from at[0], so its ends bound it
        if len(at) and (
            steps.dtype.kind != "u"
            or index.dtype.kind != "u"
            or at[-1] >= count
            or index.max() >= len(distinct)
        ):
            raise ValueError("units: a stored unit out of range")
        return cls(at, index.copy(), distinct.copy())


def _shingle_count(units: int, ngram: int) -> int:
    """How many shingles :func:`shingles_of_hashes` makes of ``units`` units.

    >>> [_shingle_count(n, 3) for n in (0, 1, 2, 3, 10)]
    [0, 1, 1, 1, 8]
    """
    return max(units - ngram + 1, 1) if units else 0


def _shingles_of_units(text: str, spans: UnitSpans, units: _StoredUnits, ngram: int) -> np.ndarray:
    """A row's shingles: hashes of its units' hashes (:func:`_unit_hashes`)."""
    return shingles_of_hashes(_unit_hashes(_codepoints(text), spans.starts, units), ngram)


def _unit_hashes(codepoints: np.ndarray, starts: np.ndarray, units: _StoredUnits) -> np.ndarray:
    """The units' hashes: those of the text's characters at their ``starts`` (the row
    was checked: they are one character), but the stored ones."""
    chars = codepoints[starts]
    if len(units.at):  # where a stored unit starts with a character past those hashed so
        np.minimum(chars, _ONE_CHAR - 1, out=chars)
    hashes = _cjk_hashes(chars)
    hashes[units.at] = units.distinct[units.index]
    return hashes


def _sentences(text: str, small: dict[str, np.ndarray]) -> Sentences:
    """The sentences of a row: the told ones' term ids made from ``text`` again."""
    spans = np.cumsum(small["span_steps"], dtype=np.int64)
    ptr = np.cumsum(small["word_steps"], dtype=np.int64)
    told, lang = small["told"], small["lang"]
    count = len(lang)
    if len(told) != count or len(ptr) != count + 1 or len(spans) != 2 * count:
        raise ValueError("sentences: arrays of other lengths")
    sizes = np.diff(ptr)
    word_ids = np.zeros(int(ptr[-1]) if count else 0, np.uint32)
    kept = np.repeat(~told, sizes)
    if int(np.count_nonzero(kept)) != len(small["word_ids"]):
        raise ValueError("sentences: not one stored id per term")
    word_ids[kept] = small["word_ids"]
    if told.any():
        ids, lo, hi = _told_ids(text, spans)
        at = np.flatnonzero(told)
        if not np.array_equal(hi[at] - lo[at], sizes[at]):
            raise ValueError("sentences: the text holds other pairs")
        word_ids[~kept] = ids[_ranges(lo[at], hi[at])]
    return Sentences(
        spans=spans.astype(np.int32),
        lang=lang.copy(),
        word_ptr=ptr.astype(np.int32),
        word_ids=word_ids,
        gloss_ptr=np.cumsum(small["gloss_steps"], dtype=np.int64).astype(np.int32),
        gloss_ids=small["gloss_ids"].astype(np.uint32),
    )


class DeferredSentences(Sentences):
    """:class:`Sentences` made when one of their arrays is first read: a re-scan whose
    verdict is cached never reads them (their term ids are made from the text again,
    :func:`_sentences`). The row they come from was checked when it was read, so
    making them cannot meet damaged bytes. Pickled (to a worker), they are plain
    :class:`Sentences`; copied with changes (``dataclasses.replace``), made ones.

    >>> import pickle
    >>> from dataclasses import replace
    >>> from simhash_core.text.sentences import NO_SENTENCES
    >>> s = DeferredSentences(lambda: NO_SENTENCES)
    >>> s.count, s.word_ptr.tolist(), type(pickle.loads(pickle.dumps(s))).__name__
    (0, [0], 'Sentences')
    >>> replace(DeferredSentences(lambda: NO_SENTENCES), lang=NO_SENTENCES.lang).count
    0
    """

    def __init__(self, make: Callable[[], Sentences] | None = None, **arrays: Any) -> None:
        if make is None:  # made by dataclasses.replace, with every array
            super().__init__(**arrays)
        object.__setattr__(self, "_make", make)

    def __getattr__(self, name: str) -> Any:
        # only for what is not set yet: the arrays, before they are made
        if name not in _SENTENCE_FIELDS:
            raise AttributeError(name)
        made = self._make()
        for field_name in _SENTENCE_FIELDS:
            object.__setattr__(self, field_name, getattr(made, field_name))
        return getattr(made, name)

    def __reduce__(self) -> tuple[type, tuple[np.ndarray, ...]]:
        return (Sentences, tuple(getattr(self, name) for name in _SENTENCE_FIELDS))


_SENTENCE_FIELDS = tuple(f.name for f in fields(Sentences))


def text_value(text: str) -> bytes:
    """What to store for ``text``: its UTF-8 bytes (lone surrogates kept, which SQLite
    text can't hold), compressed (:func:`~simhash_core.store.frames.squeeze`: 8 kB of
    Chinese become 5.7 kB, of English 2.9 kB).

    >>> text_of(text_value("ok \\ud800")) == "ok \\ud800"
    True
    """
    return squeeze(utf8(text))


def text_of(value: str | bytes) -> str:
    """The text a :func:`text_value` stands for, or one stored before (zlib compressed,
    or plain); one of :data:`DECODE_ERRORS` on damaged bytes."""
    if isinstance(value, str):
        return value
    return unsqueeze(value).decode("utf-8", "surrogatepass")


__all__ = [
    "DECODE_ERRORS",
    "EncodedAnalysis",
    "OcrFields",
    "TextFields",
    "decode_analysis",
    "encode_analysis",
    "text_of",
    "text_value",
]
