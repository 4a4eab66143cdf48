"""One file's :class:`~simhash_core.fingerprint.analyze.Analysis` as the fingerprint
cache stores it: a JSON header (array lengths, the fingerprint) and three blobs, each
made by the codec the archive uses too (:mod:`simhash_core.fingerprint.codec`).

>>> from simhash_core.fingerprint.analyze import analyze_text
>>> from simhash_core.types import ScanSettings
>>> a = analyze_text("课程论文要求：请阅读本学期指定材料。", ScanSettings())
>>> b = decode_analysis(encode_analysis(a), a.text, a.kind)
>>> b.fingerprint == a.fingerprint and list(b.keywords) == list(a.keywords)
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, cast

import numpy as np

from simhash_core.fingerprint.analyze import Analysis
from simhash_core.fingerprint.codec import (
    ARRAYS,
    array_size,
    pack_array,
    pack_keywords,
    pack_sentences,
    pack_terms,
    unpack_array,
    unpack_keywords,
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
    arrays = b"".join(pack_array(name, getattr(a, name)) for name in ARRAYS)
    arrays += pack_sentences(a.sentences)  # after the fixed arrays: read from where they end
    header = json.dumps(
        {"lengths": lengths, "fingerprint": f"{a.fingerprint:016x}", "ngram": a.ngram}
    )
    terms = pack_terms(a.terms) if a.terms else b""
    return EncodedAnalysis(header, arrays, pack_keywords(a.keywords), terms)


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
        arrays[name] = unpack_array(name, encoded.arrays, n, offset)
        offset += array_size(name, n)
    return Analysis(
        sentences=unpack_sentences(encoded.arrays, offset),
        text=text,
        kind=kind,
        terms=unpack_terms(encoded.terms) if encoded.terms else {},
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
