"""One file's :class:`~simhash_core.fingerprint.analyze.Analysis` as the fingerprint
cache stores it: a JSON header (array lengths and packed sizes, the fingerprint) and
three blobs, each made by the codec the archive uses too
(:mod:`simhash_core.fingerprint.codec`). What squeezes well is squeezed: the unit offsets
as compressed differences (21 kB of a 2,800-character essay become 0.6 kB) and the term
counts, which only a scan with the folder's own IDF reads (18 kB, 5 kB compressed). The
text (stored apart, :func:`text_value`) is compressed too. The shingles are not stored:
they are hashes of the units' hashes, and units repeat (a character or word is used many
times), so the cache keeps each distinct unit hash once and the units as compressed
indices into them (:func:`pack_units`); the shingles are made again from those on
reading (20 kB of a 2,800-character Chinese essay become 13 kB, 7 kB of an English one
4 kB, for 40 us of reading). The sentences' term ids are hashes, which do not squeeze.

>>> from simhash_core.fingerprint.analyze import analyze_text
>>> from simhash_core.types import ScanSettings
>>> a = analyze_text("课程论文要求：请阅读本学期指定材料。", ScanSettings())
>>> b = decode_analysis(encode_analysis(a), a.text, a.kind)
>>> b.fingerprint == a.fingerprint and list(b.keywords) == list(a.keywords)
True
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, cast

import numpy as np

from simhash_core.fingerprint.analyze import Analysis
from simhash_core.fingerprint.codec import (
    ARRAYS,
    OFFSET_ARRAYS,
    array_size,
    pack_array,
    pack_offsets,
    pack_sentences,
    pack_terms,
    unpack_array,
    unpack_offsets,
    unpack_sentences,
    unpack_terms,
    utf8,
)
from simhash_core.messages import Message
from simhash_core.text.units import shingles_of_hashes
from simhash_core.types import DocumentMeta, Keywords, OcrRegion

if TYPE_CHECKING:
    from typing_extensions import Unpack  # in typing from Python 3.11 on


class AnalysisArrays(TypedDict):
    """The arrays of an :class:`Analysis`, by name: the keys of ``ARRAYS``."""

    unit_starts: np.ndarray
    unit_ends: np.ndarray
    shingle_seq: np.ndarray
    usable: np.ndarray
    minhash: np.ndarray
    bit_sums: np.ndarray


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
    """The columns of one cached analysis."""

    header: str  # JSON: array lengths and the fingerprint
    # the arrays of ARRAYS, one after another (the shingles as their units: see
    # pack_units), then the packed sentences
    arrays: bytes
    keywords: bytes  # pack_joined
    terms: bytes  # pack_terms, compressed (empty: the terms were not kept)


# arrays whose packed size the header gives (the others' follows from their length)
_SIZED = (*OFFSET_ARRAYS, "shingle_seq")


def encode_analysis(a: Analysis) -> EncodedAnalysis:
    """The cache columns of ``a`` (its text is stored apart, by :func:`text_value`)."""
    lengths = {name: len(getattr(a, name)) for name in ARRAYS}
    units = a.unit_hashes
    if units is not None and not _units_make(units, a.ngram, a.shingle_seq):
        units = None
    parts = [
        pack_units(units) if name == "shingle_seq" and units is not None else _pack(name, a)
        for name in ARRAYS
    ]
    packed = {name: len(part) for name, part in zip(ARRAYS, parts, strict=True)}
    arrays = b"".join(parts) + pack_sentences(a.sentences)  # read from where the arrays end
    header = {
        "lengths": lengths,
        "packed": {name: packed[name] for name in _SIZED},
        "fingerprint": f"{a.fingerprint:016x}",
        "ngram": a.ngram,
        "shingles": "hashes" if units is None else "units",
    }
    terms = zlib.compress(pack_terms(a.terms), 1) if a.terms else b""
    return EncodedAnalysis(json.dumps(header), arrays, pack_joined(a.keywords), terms)


def _units_make(units: np.ndarray, ngram: int, shingles: np.ndarray) -> bool:
    """Whether the units' hashes give these shingles (cheap: their counts agree; an
    analysis is made with both, see :func:`~simhash_core.fingerprint.analyze.analyze_text`)."""
    return len(shingles) == (max(len(units) - ngram + 1, 1) if len(units) else 0)


def _pack(name: str, a: Analysis) -> bytes:
    values = getattr(a, name)
    return pack_offsets(values, 1) if name in OFFSET_ARRAYS else pack_array(name, values)


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


_UNIT = np.dtype("<u8")


def pack_units(hashes: np.ndarray) -> bytes:
    """The units' hashes, compactly: how many distinct ones, the width of an index (2 or
    4 bytes), the distinct hashes, then each unit's index into them, compressed.

    >>> h = np.array([7, 3, 7, 7, 9], np.uint64)
    >>> unpack_units(pack_units(h)).tolist()
    [7, 3, 7, 7, 9]
    """
    distinct, index = np.unique(np.asarray(hashes, np.uint64), return_inverse=True)
    width = 2 if len(distinct) <= 1 << 16 else 4
    head = np.array([len(distinct), width], dtype="<u4").tobytes()
    indices = zlib.compress(index.astype(f"<u{width}").tobytes(), 1)
    return head + distinct.astype(_UNIT).tobytes() + indices


def unpack_units(blob: bytes) -> np.ndarray:
    """The units' hashes :func:`pack_units` packed; ValueError (or ``zlib.error``) on
    damaged bytes."""
    count, width = np.frombuffer(blob, "<u4", 2).tolist()
    if width not in (2, 4):
        raise ValueError(f"units: an index of {width} bytes")
    distinct = np.frombuffer(blob, _UNIT, count, 8).astype(np.uint64)
    index = np.frombuffer(zlib.decompress(blob[8 + count * _UNIT.itemsize :]), f"<u{width}")
    if len(index) and int(index.max()) >= count:
        raise ValueError("units: an index past the distinct hashes")
    return distinct[index]


def decode_analysis(
    encoded: EncodedAnalysis, text: str, kind: str, **document: Unpack[TextFields]
) -> Analysis:
    """The :class:`Analysis` of :func:`encode_analysis`; ``terms`` left empty when
    ``encoded.terms`` is empty. Raises ValueError (or KeyError) on damaged bytes."""
    header = json.loads(encoded.header)
    arrays: dict[str, np.ndarray] = {}
    offset = 0
    by_units = header["shingles"] == "units"
    ngram = int(header["ngram"])
    for name in ARRAYS:
        n = header["lengths"][name]
        if name in OFFSET_ARRAYS:
            size = header["packed"][name]
            arrays[name] = unpack_offsets(name, encoded.arrays[offset : offset + size])
        elif name == "shingle_seq" and by_units:
            size = header["packed"][name]
            units = unpack_units(encoded.arrays[offset : offset + size])
            arrays[name] = shingles_of_hashes(units, ngram)
        else:
            size = array_size(name, n)
            arrays[name] = unpack_array(name, encoded.arrays, n, offset)
        if len(arrays[name]) != n:
            raise ValueError(f"{name}: {len(arrays[name])} values, not {n}")
        offset += size
    return Analysis(
        sentences=unpack_sentences(encoded.arrays, offset),
        text=text,
        kind=kind,
        terms=unpack_terms(zlib.decompress(encoded.terms)) if encoded.terms else {},
        keywords=unpack_joined(encoded.keywords),
        fingerprint=int(header["fingerprint"], 16),
        ngram=ngram,
        **cast(AnalysisArrays, arrays),  # its keys are ARRAYS
        **document,
    )


def text_value(text: str) -> bytes:
    """What to store for ``text``: its UTF-8 bytes (lone surrogates kept, which SQLite
    text can't hold), compressed (8 kB of Chinese become 5 kB, of English 3 kB).

    >>> text_of(text_value("ok \\ud800")) == "ok \\ud800"
    True
    """
    return zlib.compress(utf8(text), 1)


def text_of(value: str | bytes) -> str:
    """The text a :func:`text_value` stands for (``zlib.error`` on damaged bytes)."""
    if isinstance(value, str):
        return value
    return zlib.decompress(value).decode("utf-8", "surrogatepass")


__all__ = [
    "EncodedAnalysis",
    "OcrFields",
    "TextFields",
    "decode_analysis",
    "encode_analysis",
    "pack_units",
    "text_of",
    "text_value",
    "unpack_units",
]
