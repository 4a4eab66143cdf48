"""One file's :class:`~simhash_core.fingerprint.analyze.Analysis` as the fingerprint
cache stores it: a JSON header (array lengths and packed sizes, the fingerprint) and
three blobs, each made by the codec the archive uses too
(:mod:`simhash_core.fingerprint.codec`). What squeezes well is squeezed: the unit offsets
as compressed differences (21 kB of a 2,800-character essay become 0.6 kB) and the term
counts, which only a scan with the folder's own IDF reads (18 kB, 5 kB compressed);
the shingles and the sentences' term ids are hashes, which do not squeeze.

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
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, cast

import numpy as np

from simhash_core.fingerprint.analyze import Analysis
from simhash_core.fingerprint.codec import (
    ARRAYS,
    OFFSET_ARRAYS,
    array_size,
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
    utf8,
)
from simhash_core.messages import Message
from simhash_core.types import DocumentMeta, OcrRegion

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
    arrays: bytes  # the arrays of ARRAYS, one after another, then the packed sentences
    keywords: bytes  # pack_keywords
    terms: bytes  # pack_terms (empty: the terms were not kept)


def encode_analysis(a: Analysis) -> EncodedAnalysis:
    """The cache columns of ``a`` (its text is stored apart, by :func:`text_value`)."""
    lengths = {name: len(getattr(a, name)) for name in ARRAYS}
    parts = [_pack(name, getattr(a, name)) for name in ARRAYS]
    packed = {name: len(part) for name, part in zip(ARRAYS, parts, strict=True)}
    arrays = b"".join(parts) + pack_sentences(a.sentences)  # read from where the arrays end
    header = {
        "lengths": lengths,
        "packed": {name: packed[name] for name in OFFSET_ARRAYS},
        "fingerprint": f"{a.fingerprint:016x}",
        "ngram": a.ngram,
    }
    terms = zlib.compress(pack_terms(a.terms), 1) if a.terms else b""
    return EncodedAnalysis(json.dumps(header), arrays, pack_keywords(a.keywords), terms)


def _pack(name: str, values: np.ndarray) -> bytes:
    return pack_offsets(values) if name in OFFSET_ARRAYS else pack_array(name, values)


def decode_analysis(
    encoded: EncodedAnalysis, text: str, kind: str, **document: Unpack[TextFields]
) -> Analysis:
    """The :class:`Analysis` of :func:`encode_analysis`; ``terms`` left empty when
    ``encoded.terms`` is empty. Raises ValueError (or KeyError) on damaged bytes."""
    header = json.loads(encoded.header)
    arrays: dict[str, np.ndarray] = {}
    offset = 0
    for name in ARRAYS:
        n = header["lengths"][name]
        if name in OFFSET_ARRAYS:
            size = header["packed"][name]
            arrays[name] = unpack_offsets(name, encoded.arrays[offset : offset + size])
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
        keywords=unpack_keywords(encoded.keywords),
        fingerprint=int(header["fingerprint"], 16),
        ngram=int(header["ngram"]),
        **cast(AnalysisArrays, arrays),  # its keys are ARRAYS
        **document,
    )


def text_value(text: str) -> str | bytes:
    """What to store for ``text``: itself, or UTF-8 bytes when it holds lone
    surrogates (SQLite text can't).

    >>> text_value("ok"), text_value("\\ud800")
    ('ok', b'\\xed\\xa0\\x80')
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return utf8(text)
    return text


def text_of(value: str | bytes) -> str:
    """The text a :func:`text_value` stands for."""
    return value.decode("utf-8", "surrogatepass") if isinstance(value, bytes) else value


__all__ = [
    "EncodedAnalysis",
    "OcrFields",
    "TextFields",
    "decode_analysis",
    "encode_analysis",
    "text_of",
    "text_value",
]
