"""Which words make one fingerprint bit differ between two documents (pure, no Qt).

A document's SimHash bit ``i`` is the sign of the sum, over all its weighted words, of
``+weight`` (the word's hash has a 1 at bit ``i``) or ``-weight`` (a 0). Two near
copies share most words with the same weights: those pushes cancel in the difference
of the two sums. What is left, word by word, is exactly why the bit differs: words
only one document has, and words whose weight (count x IDF) differs.

The core keeps each document's 200 strongest keywords and its exact per-bit sums, but
its documents carry the term counts only for corpus IDF. :func:`document_weights`
recounts them with :func:`simhash_core.fingerprint.analyze.recount_terms` and checks the result
against the exact sums: when they agree the explanation is exact, otherwise it falls
back to the kept keywords and says so.

>>> a = WordWeights({"x": 3.0, "y": 1.0}, exact=True)
>>> b = WordWeights({"x": 3.0, "z": 2.0}, exact=True)
>>> pair = PairWords(a, b, hashes={"x": 1 << 63, "y": 0, "z": 1 << 63})
>>> [(w.word, w.push_a, w.push_b, w.difference) for w in pair.differences(0)]
[('z', 0.0, 2.0, -2.0), ('y', -1.0, 0.0, -1.0)]
>>> pair.cancelled(0)
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from simhash_core.fingerprint.simhash import bit_sums
from simhash_core.hashing import stable_hashes
from simhash_core.types import Document, ScanSettings

if TYPE_CHECKING:
    from simhash_core.text.idf_table import IdfLookup

BITS = 64


@dataclass(frozen=True)
class WordWeights:
    """A document's SimHash words and weights; ``exact``: all of them, reproducing the
    fingerprint's per-bit sums (else only the kept strongest keywords)."""

    weights: Mapping[str, float]
    exact: bool


@dataclass(frozen=True)
class WordPush:
    """One word's push on one bit in A and in B (0 where the document lacks it)."""

    word: str
    one: bool  # the word's hash has a 1 at this bit: it pushes towards 1
    push_a: float
    push_b: float

    @property
    def difference(self) -> float:
        return self.push_a - self.push_b

    @property
    def where(self) -> str:
        """``"A"``, ``"B"`` (only that document has the word) or ``"both"``."""
        if not self.push_b:
            return "A"
        if not self.push_a:
            return "B"
        return "both"


def _idf(settings: ScanSettings, corpus: Sequence[Document]) -> tuple[IdfLookup, float]:
    from simhash_core.fingerprint.weights import corpus_idf
    from simhash_core.text.vocabulary import jieba_idf

    if settings.idf == "corpus":
        return corpus_idf(d.terms for d in corpus if not d.archive_label)
    return jieba_idf()


def reproduces(weights: Mapping[str, float], doc: Document) -> bool:
    """Whether ``weights`` give exactly the document's per-bit sums."""
    sums = doc.bit_sums
    if sums is None or len(sums) != BITS or not np.any(sums):
        return False
    return bool(np.allclose(bit_sums(weights.items()), sums, rtol=1e-9, atol=1e-6))


def document_weights(
    doc: Document, settings: ScanSettings, corpus: Sequence[Document] = ()
) -> WordWeights:
    """All of ``doc``'s weighted SimHash words when they can be recovered exactly
    (checked against its per-bit sums), else its kept keywords."""
    from simhash_core.fingerprint.analyze import recount_terms
    from simhash_core.fingerprint.weights import tfidf

    try:
        terms = doc.terms or recount_terms(doc, settings)
        if terms:
            idf, default = _idf(settings, corpus)
            weights = tfidf(terms, idf, default)
            if reproduces(weights, doc):
                return WordWeights(weights, exact=True)
    except (ImportError, RuntimeError, ValueError):
        pass  # no segmenter or IDF table here: the kept keywords still explain a lot
    return WordWeights(dict(doc.keywords), exact=False)


class PairWords:
    """Both documents' words on one axis, for per-bit explanations of a pair."""

    def __init__(
        self, a: WordWeights, b: WordWeights, hashes: Mapping[str, int] | None = None
    ) -> None:
        self.a, self.b = a, b
        self.words = sorted(set(a.weights) | set(b.weights))
        if hashes is None:
            self._hashes = stable_hashes(self.words)
        else:
            self._hashes = np.array([hashes[w] for w in self.words], dtype=np.uint64)
        self._wa = np.array([a.weights.get(w, 0.0) for w in self.words], dtype=np.float64)
        self._wb = np.array([b.weights.get(w, 0.0) for w in self.words], dtype=np.float64)

    @property
    def exact(self) -> bool:
        return self.a.exact and self.b.exact

    def _signs(self, index: int) -> np.ndarray:
        if not 0 <= index < BITS:
            raise ValueError(f"index must be in [0, {BITS}), got {index}")
        bits = (self._hashes >> np.uint64(BITS - 1 - index)) & np.uint64(1)
        return bits.astype(np.float64) * 2.0 - 1.0

    def _differs(self) -> np.ndarray:
        return ~np.isclose(self._wa, self._wb, rtol=1e-12, atol=1e-9)

    def differences(self, index: int) -> list[WordPush]:
        """The words pushing bit ``index`` differently in A and B, largest difference
        first; their differences add up to A's net push minus B's."""
        signs = self._signs(index)
        pa, pb = signs * self._wa + 0.0, signs * self._wb + 0.0  # + 0.0: no "-0.0"
        rows = np.nonzero(self._differs())[0]
        order = rows[np.argsort(-np.abs(pa[rows] - pb[rows]), kind="stable")]
        return [
            WordPush(self.words[i], bool(signs[i] > 0), float(pa[i]), float(pb[i]))
            for i in order.tolist()
        ]

    def cancelled(self, index: int) -> int:
        """How many words push bit ``index`` the same in both (and cancel out)."""
        return int(np.count_nonzero(~self._differs()))
