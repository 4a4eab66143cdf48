"""One file's :class:`~simhash_core.fingerprint.analyze.Analysis` as the fingerprint
cache stores it.

Arrays are raw little-endian bytes and word lists are packed UTF-8 with their lengths:
no pickle (a tampered cache can't run code) and no JSON for the large parts (JSON
took about 1 ms per file for the term counts and keywords, more than the SQLite write).
Texts and words are written with ``surrogatepass``: the readers drop lone surrogates
(the PDF reader removes them with other undecodable characters), but an analysis can be
made of any ``str`` (``analyze_text``), and SQLite text can't hold them.

>>> unpack_words(pack_words(["中文", "a\\ud800b", ""]))[0]
['中文', 'a\\ud800b', '']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import accumulate

import numpy as np

from simhash_core.fingerprint.analyze import Analysis
from simhash_core.types import Keywords

ARRAYS = {
    "unit_starts": np.dtype("<i4"),
    "unit_ends": np.dtype("<i4"),
    "shingle_seq": np.dtype("<u8"),
    "usable": np.dtype("bool"),
    "minhash": np.dtype("<u8"),
    "bit_sums": np.dtype("<f8"),
}
_COUNT = np.dtype("<u4")
_LENGTH = np.dtype("<i4")
_TERM_COUNT = np.dtype("<i8")
_WEIGHT = np.dtype("<f8")


@dataclass(frozen=True)
class EncodedAnalysis:
    """The columns of one cached analysis."""

    header: str  # JSON: array lengths and the fingerprint
    arrays: bytes  # the arrays of ARRAYS, then the keyword weights
    keywords: bytes  # pack_words of the keywords
    terms: bytes  # pack_words of the terms, then their counts


def utf8(text: str) -> bytes:
    """``text`` as UTF-8, lone surrogates included."""
    return text.encode("utf-8", "surrogatepass")


def pack_words(words: list[str]) -> bytes:
    """Word count, UTF-8 size, each word's length in characters, then the words."""
    joined = utf8("".join(words))
    head = np.array([len(words), len(joined)], dtype=_COUNT).tobytes()
    return head + np.fromiter(map(len, words), _LENGTH, len(words)).tobytes() + joined


def unpack_words(blob: bytes, offset: int = 0) -> tuple[list[str], int]:
    """The words packed at ``offset`` and the offset just after them."""
    n, size = np.frombuffer(blob, _COUNT, 2, offset).tolist()
    offset += 2 * _COUNT.itemsize
    lengths = np.frombuffer(blob, _LENGTH, n, offset).tolist()
    offset += n * _LENGTH.itemsize
    joined = blob[offset : offset + size].decode("utf-8", "surrogatepass")
    ends = list(accumulate(lengths))
    words = [joined[e - k : e] for e, k in zip(ends, lengths, strict=True)]
    return words, offset + size


def encode_analysis(a: Analysis) -> EncodedAnalysis:
    """The cache columns of ``a`` (its text is stored apart, by :func:`text_value`)."""
    lengths = {}
    chunks = []
    for name, dtype in ARRAYS.items():
        arr = np.ascontiguousarray(getattr(a, name), dtype=dtype)
        lengths[name] = len(arr)
        chunks.append(arr.tobytes())
    words = [w for w, _ in a.keywords]
    chunks.append(np.fromiter((w for _, w in a.keywords), _WEIGHT, len(words)).tobytes())
    terms = (
        pack_words(list(a.terms))
        + np.fromiter(a.terms.values(), _TERM_COUNT, len(a.terms)).tobytes()
    )
    header = json.dumps({"lengths": lengths, "fingerprint": f"{a.fingerprint:016x}"})
    return EncodedAnalysis(header, b"".join(chunks), pack_words(words), terms)


def decode_terms(blob: bytes) -> dict[str, int]:
    words, offset = unpack_words(blob)
    counts = np.frombuffer(blob, _TERM_COUNT, len(words), offset).tolist()
    return dict(zip(words, counts, strict=True))


def decode_analysis(encoded: EncodedAnalysis, text: str, kind: str, **document: object) -> Analysis:
    """The :class:`Analysis` of :func:`encode_analysis`; ``terms`` left empty when
    ``encoded.terms`` is empty. Raises ValueError (or KeyError) on damaged bytes."""
    header = json.loads(encoded.header)
    arrays = {}
    offset = 0
    for name, dtype in ARRAYS.items():
        n = header["lengths"][name]
        arrays[name] = np.frombuffer(encoded.arrays, dtype, n, offset).copy()
        offset += n * dtype.itemsize
    words, _ = unpack_words(encoded.keywords)
    weights = np.frombuffer(encoded.arrays, _WEIGHT, len(words), offset).astype(np.float64)
    return Analysis(
        text=text,
        kind=kind,
        terms=decode_terms(encoded.terms) if encoded.terms else {},
        keywords=Keywords.from_arrays(words, weights),
        fingerprint=int(header["fingerprint"], 16),
        **arrays,
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
    "ARRAYS",
    "EncodedAnalysis",
    "decode_analysis",
    "decode_terms",
    "encode_analysis",
    "pack_words",
    "text_of",
    "text_value",
    "unpack_words",
    "utf8",
]
