"""Bytes for what an analysis holds: one codec for the fingerprint cache (``store/``)
and the archive (``archive/``).

Arrays are raw little-endian bytes of fixed types (:data:`ARRAYS`; the usable mask
packed eight to a byte), and word lists are packed UTF-8 with their lengths: no pickle
(tampered bytes can't run code) and no JSON for the large parts (JSON took about 1 ms
per file for the terms and keywords, more than writing them). Texts and words are
written with ``surrogatepass``: the readers drop lone surrogates, but an analysis can be
made of any ``str``.

>>> unpack_words(pack_words(["中文", "a\\ud800b", ""]))[0]
['中文', 'a\\ud800b', '']
>>> unpack_terms(pack_terms({"课程": 3, "paper": 1}))
{'课程': 3, 'paper': 1}
>>> list(unpack_keywords(pack_keywords([("课程", 2.5)])))
[('课程', 2.5)]
>>> unpack_array("usable", pack_array("usable", [True, False, True]), 3).tolist()
[True, False, True]
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from itertools import accumulate

import numpy as np

from simhash_core.text.sentences import Sentences
from simhash_core.types import Keywords

ARRAYS: dict[str, np.dtype] = {
    "unit_starts": np.dtype("<i4"),
    "unit_ends": np.dtype("<i4"),
    "shingle_seq": np.dtype("<u8"),
    "usable": np.dtype("bool"),  # packed: eight to a byte
    "minhash": np.dtype("<u8"),
    "bit_sums": np.dtype("<f8"),
}
_COUNT = np.dtype("<u4")
_LENGTH = np.dtype("<i4")
_TERM_COUNT = np.dtype("<i8")
_WEIGHT = np.dtype("<f8")


def utf8(text: str) -> bytes:
    """``text`` as UTF-8, lone surrogates included."""
    return text.encode("utf-8", "surrogatepass")


def array_size(name: str, count: int) -> int:
    """Bytes of :func:`pack_array` for ``count`` values of array ``name``."""
    dtype = ARRAYS[name]
    return (count + 7) // 8 if dtype == np.bool_ else count * dtype.itemsize


def pack_array(name: str, values: Iterable) -> bytes:
    """The bytes of one of :data:`ARRAYS`."""
    dtype = ARRAYS[name]
    if dtype == np.bool_:
        return np.packbits(np.asarray(values, dtype=bool)).tobytes()
    return np.ascontiguousarray(values, dtype=dtype).tobytes()


def unpack_array(name: str, blob: bytes, count: int | None = None, offset: int = 0) -> np.ndarray:
    """``count`` values (all of ``blob`` when None, except for the packed mask) of
    array ``name`` at ``offset``, in native types."""
    dtype = ARRAYS[name]
    if dtype == np.bool_:
        if count is None:
            raise ValueError("the usable mask needs its length")
        packed = np.frombuffer(blob, np.uint8, (count + 7) // 8, offset)
        return np.unpackbits(packed, count=count).astype(bool)
    n = -1 if count is None else count
    return np.frombuffer(blob, dtype, n, offset).astype(dtype.newbyteorder("="))


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


def pack_terms(terms: Mapping[str, int]) -> bytes:
    """Term counts: the packed terms, then their counts."""
    counts = np.fromiter(terms.values(), _TERM_COUNT, len(terms)).tobytes()
    return pack_words(list(terms)) + counts


def unpack_terms(blob: bytes, offset: int = 0) -> dict[str, int]:
    words, offset = unpack_words(blob, offset)
    counts = np.frombuffer(blob, _TERM_COUNT, len(words), offset).tolist()
    return dict(zip(words, counts, strict=True))


def pack_keywords(keywords: Iterable[tuple[str, float]]) -> bytes:
    """Weighted keywords: the packed words, then their weights."""
    pairs = list(keywords)
    weights = np.fromiter((w for _, w in pairs), _WEIGHT, len(pairs)).tobytes()
    return pack_words([w for w, _ in pairs]) + weights


def unpack_keywords(blob: bytes, offset: int = 0) -> Keywords:
    words, offset = unpack_words(blob, offset)
    weights = np.frombuffer(blob, _WEIGHT, len(words), offset).astype(np.float64)
    return Keywords.from_arrays(words, weights)


# Unit offsets as compressed differences behind this mark: a unit is a few characters
# long, so the differences squeeze to a thirtieth of the 4-byte offsets (the cache and
# the archive store them so; an archive written before holds plain ones, still read).
OFFSETS = b"OFS1"
OFFSET_ARRAYS = ("unit_starts", "unit_ends")


def pack_offsets(values: np.ndarray, level: int = 6) -> bytes:
    """Ascending text offsets, compactly (``level``: zlib's; the fingerprint cache,
    written while a scan waits, takes 1: three times faster, a tenth larger).

    >>> starts = np.array([0, 3, 5, 9], np.int32)
    >>> unpack_offsets("unit_starts", pack_offsets(starts)).tolist()
    [0, 3, 5, 9]
    """
    deltas = np.diff(np.asarray(values, dtype=np.int64), prepend=0)
    return OFFSETS + zlib.compress(deltas.astype("<i4").tobytes(), level)


def unpack_offsets(name: str, blob: bytes) -> np.ndarray:
    """The offsets :func:`pack_offsets` packed, or plain 4-byte ones (a plain array
    never starts with the mark: its first value is 0, or the end of a first unit, far
    below 2**29). ``zlib.error`` on damaged bytes."""
    if blob.startswith(OFFSETS):
        deltas = np.frombuffer(zlib.decompress(blob[len(OFFSETS) :]), dtype="<i4")
        return np.cumsum(deltas, dtype=np.int64).astype(np.int32)
    return unpack_array(name, blob)


SENTENCE_ARRAYS: dict[str, np.dtype] = {
    "spans": np.dtype("<i4"),
    "lang": np.dtype("u1"),
    "word_ptr": np.dtype("<i4"),
    "word_ids": np.dtype("<u4"),
    "gloss_ptr": np.dtype("<i4"),
    "gloss_ids": np.dtype("<u4"),
}


def pack_sentences(s: Sentences) -> bytes:
    """The meaning layer's sentences: each of :data:`SENTENCE_ARRAYS`, its length first.

    >>> from simhash_core.text.sentences import sentences_of
    >>> s = sentences_of("The second sentence is in English here, and long!")
    >>> back = unpack_sentences(pack_sentences(s))
    >>> back.text_span(0) == s.text_span(0) and back.words(0).tolist() == s.words(0).tolist()
    True
    """
    parts = []
    for name, dtype in SENTENCE_ARRAYS.items():
        values = np.ascontiguousarray(getattr(s, name), dtype=dtype)
        parts.append(np.array([len(values)], _COUNT).tobytes() + values.tobytes())
    return b"".join(parts)


def unpack_sentences(blob: bytes, offset: int = 0) -> Sentences:
    """The :class:`Sentences` of :func:`pack_sentences`; ValueError on damaged bytes."""
    arrays = {}
    for name, dtype in SENTENCE_ARRAYS.items():
        (n,) = np.frombuffer(blob, _COUNT, 1, offset).tolist()
        offset += _COUNT.itemsize
        arrays[name] = np.frombuffer(blob, dtype, n, offset).astype(dtype.newbyteorder("="))
        offset += n * dtype.itemsize
    return Sentences(**arrays)
