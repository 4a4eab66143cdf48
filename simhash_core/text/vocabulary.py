"""The words a process has met, each looked up once: its stable hash, jieba IDF and
whether it is a SimHash feature at all.

Turning a document's word counts into weighted features needs three facts per distinct
word. Asked of the 350,000-word IDF table and the hash memo separately, that is two
lookups in large dictionaries per word (most of them cache misses: about 1.5 ms for a
2,800-character essay). Here one lookup in a table of only the words seen so far (tens
of thousands, cache-friendly) gives an id, and numpy gathers the rest by id.

>>> vocab = Vocabulary({"峡谷": 5.0}, default_idf=2.0, stop=frozenset({"the"}))
>>> f = vocab.features({"峡谷": 2, "the": 3, "cat": 1, "猫": 4})
>>> f.terms, f.weights.tolist()
({'峡谷': 2, 'cat': 1}, [10.0, 2.0])
>>> from simhash_core.hashing import stable_hash64
>>> bool(f.hashes[0] == stable_hash64("峡谷"))
True
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from pathlib import Path

import numpy as np

from simhash_core.text.idf_table import IdfLookup, IdfTable, idf_table, idf_values, word_hashes
from simhash_core.text.stopwords import stopwords


@dataclass(frozen=True)
class Features:
    """A document's SimHash features, in first-occurrence order: ``terms`` (count per
    feature word), and per term its ``weights`` (count x IDF) and 64-bit ``hashes``."""

    terms: dict[str, int]
    weights: np.ndarray  # float64
    hashes: np.ndarray  # uint64


def is_feature_word(word: str, stop: frozenset[str]) -> bool:
    """A SimHash feature is a word of two or more characters that is not a stop word
    (single CJK characters carry little meaning; the units handle them)."""
    return len(word) >= 2 and word not in stop


class Vocabulary:
    """Per-process table: word -> id, with per-id hash, IDF and feature flag.

    Ids are only meaningful inside one call, so the table may be emptied between calls
    when it grows past ``max_words``.
    """

    def __init__(
        self,
        idf: IdfLookup,
        default_idf: float,
        stop: frozenset[str],
        max_words: int = 1_000_000,
    ) -> None:
        self._idf = idf
        self._default_idf = default_idf
        self._stop = stop
        self._max_words = max_words
        self._lock = threading.Lock()
        self._clear()

    def _clear(self) -> None:
        self._ids: dict[str, int] = {}
        self._hashes = array("Q")
        self._idfs = array("d")
        self._keep = array("b")

    def __len__(self) -> int:
        return len(self._ids)

    def _add(self, new: list[str]) -> None:
        """Give each of ``new`` (distinct words the table lacks) the next id: their hashes
        and IDFs found together (one search of jieba's table for them all)."""
        hashes = word_hashes(new)
        first = len(self._hashes)
        self._ids.update(zip(new, range(first, first + len(new)), strict=True))
        self._hashes.extend(hashes.tolist())
        self._idfs.extend(idf_values(self._idf, new, self._default_idf, hashes))
        self._keep.extend(is_feature_word(w, self._stop) for w in new)

    def _ids_of(self, words: list[str]) -> np.ndarray:
        """The id of each word (int64), adding the words not seen before; under the lock."""
        if len(self._ids) > self._max_words:
            self._clear()
        found = list(map(self._ids.get, words))
        if None in found:  # ``words`` are distinct (a Counter's keys)
            self._add([w for w, i in zip(words, found, strict=True) if i is None])
            found = list(map(self._ids.__getitem__, words))
        return np.array(found, dtype=np.int64)

    def features(self, counts: Mapping[str, int]) -> Features:
        """Feature terms of word ``counts`` with TF-IDF weights and hashes.

        Same numbers as :func:`~simhash_core.fingerprint.weights.tfidf` over the counts with the
        stop words and single characters removed, and
        :func:`~simhash_core.hashing.stable_hashes` of those terms. Safe to call from
        several threads (the app's in-process scan modes).
        """
        words = list(counts)
        with self._lock:  # ids, and the arrays they index, change as words are added
            ids = self._ids_of(words)
            keep = np.frombuffer(self._keep, dtype=np.int8)[ids].astype(bool)
            ids = ids[keep]
            idf = np.frombuffer(self._idfs, dtype=np.float64)[ids]
            hashes = np.frombuffer(self._hashes, dtype=np.uint64)[ids]
        tf = np.fromiter(counts.values(), dtype=np.int64, count=len(words))[keep]
        kept = list(compress(words, keep.tolist()))
        return Features(
            terms=dict(zip(kept, tf.tolist(), strict=True)), weights=tf * idf, hashes=hashes
        )


@lru_cache(maxsize=1)
def jieba_vocabulary() -> Vocabulary:
    """The process's vocabulary over jieba's IDF table and the stop-word list."""

    idf, default = jieba_idf()
    return Vocabulary(idf, default, stopwords())


__all__ = ["Features", "Vocabulary", "is_feature_word", "jieba_idf", "jieba_vocabulary"]


@lru_cache(maxsize=1)
def jieba_idf() -> tuple[IdfTable, float]:
    """jieba's IDF table and its median (the weight of unknown words), as arrays kept in
    the user's cache folder (:mod:`simhash_core.text.idf_table`: milliseconds, where
    parsing ``idf.txt`` takes half a second)."""
    from importlib.util import find_spec

    from simhash_core.user_folders import cache_folder

    # locate the table without importing jieba.analyse, which loads far more than this
    spec = find_spec("jieba")
    if spec is None or spec.origin is None:
        raise RuntimeError("jieba is not installed")
    table = idf_table(Path(spec.origin).parent / "analyse" / "idf.txt", cache_folder())
    return table, table.median
