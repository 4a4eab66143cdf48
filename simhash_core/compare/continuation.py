"""Seed clusters carried on to the sentences next to them, on weaker evidence.

A heavily edited copy (words shuffled and replaced, a text translated through two
languages and back) keeps enough terms in some of its sentences to seed a passage
(:mod:`.extension`), but not in all: the sentences at a passage's ends, edited more,
share a few terms with their source sentence, below the seeding thresholds, and the
copy is shown shorter than it is, or, when only one sentence seeds, not at all. The
extension of Sanchez-Perez, Sidorov and Gelbukh (2014) clusters seeds only; this
carries a cluster on the way a reader would check it: the next sentence on each side
belongs to the passage when the two are each other's closest sentence in the whole
other document (whatever their cosine: the evidence is the pair's own, not a
threshold) and share at least :data:`CONTINUE_SHARED` terms and a part of their terms
(a Dice coefficient of half what a seed needs: in Chinese, whose terms are pairs of
characters, two shared terms are one shared word). A step may skip one sentence on one
side (a sentence added or left out in the copy, or one said as two).

Everything depends only on the two documents: the same pair gives the same passages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property

import numpy as np

from simhash_core.text.sentences import Sentences

Seed = tuple[int, int]  # sentence of A, sentence of B
Terms = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # see extension._term_rows

CONTINUE_SHARED = 2  # one shared word is chance; two in a sentence pair next to a passage
# the steps from a cluster's end to the next pair: (sentences of A, sentences of B)
STEPS = ((1, 1), (2, 1), (1, 2))


class SentenceCosines:
    """The TF-IDF cosines of one sentence with every sentence of the other document
    (0 across languages), from the pair's term rows (``rows, cols, weights, sizes``:
    ``a``'s sentences, then ``b``'s, in row order; see :func:`.extension.scored_seeds`),
    each computed when first asked."""

    def __init__(self, a: Sentences, b: Sentences, terms: Terms) -> None:
        self.a, self.b = a, b
        rows, cols, weights, _ = terms
        self._rows, self._cols, self._weights = rows, cols, weights
        self._got: dict[tuple[int, int], np.ndarray] = {}  # (side, sentence): cosines
        self._sets: dict[tuple[int, int], frozenset[int]] = {}  # (side, sentence): terms

    @cached_property
    def _n_terms(self) -> int:
        return int(self._cols.max()) + 1 if len(self._cols) else 1

    @cached_property
    def _ptr(self) -> np.ndarray:
        """Where each sentence's term entries start in the rows (and the end)."""
        return np.searchsorted(self._rows, np.arange(self.a.count + self.b.count + 1))

    def of_a(self, x: int) -> np.ndarray:
        """Sentence ``x`` of A against every sentence of B."""
        return self._against(0, x)

    def of_b(self, y: int) -> np.ndarray:
        """Sentence ``y`` of B against every sentence of A."""
        return self._against(1, y)

    def _against(self, side: int, k: int) -> np.ndarray:
        """Sentence ``k`` of A (``side`` 0) or B (1) against the other's sentences:
        the dot products of its TF-IDF weights with theirs, once."""
        if (side, k) not in self._got:
            here, there = (self.a, self.b) if side == 0 else (self.b, self.a)
            row = k if side == 0 else self.a.count + k
            first = self.a.count if side == 0 else 0  # the other side's first row
            lo, hi = self._ptr[row], self._ptr[row + 1]
            vector = np.zeros(self._n_terms)
            vector[self._cols[lo:hi]] = self._weights[lo:hi]
            them = slice(self._ptr[first], self._ptr[first + there.count])
            got = np.bincount(
                self._rows[them] - first,
                weights=self._weights[them] * vector[self._cols[them]],
                minlength=there.count,
            )
            self._got[(side, k)] = np.where(there.lang == here.lang[k], got, 0.0)
        return self._got[(side, k)]

    def mutual_best(self, x: int, y: int) -> bool:
        """Whether sentences ``x`` of A and ``y`` of B share a term and each is the
        other's closest sentence in the other document (ties count)."""
        row, col = self.of_a(x), self.of_b(y)
        return bool(row[y] > 0 and row[y] >= row.max() and col[x] >= col.max())

    def shared(self, x: int, y: int) -> int:
        """How many distinct terms sentences ``x`` of A and ``y`` of B share."""
        return len(self._terms_of(0, x) & self._terms_of(1, y))

    def dice(self, x: int, y: int) -> float:
        """The Dice coefficient of the distinct terms of sentences ``x`` of A and
        ``y`` of B (what the seeds ask, :data:`.extension.SEED_DICE`)."""
        n = len(self._terms_of(0, x)) + len(self._terms_of(1, y))
        return 2 * self.shared(x, y) / max(n, 1)

    def _terms_of(self, side: int, k: int) -> frozenset[int]:
        """The distinct terms of sentence ``k`` of A (``side`` 0) or B (1), once."""
        if (side, k) not in self._sets:
            s = self.a if side == 0 else self.b
            self._sets[(side, k)] = frozenset(s.words(k).tolist())
        return self._sets[(side, k)]


def continued(
    clusters: Sequence[list[Seed]],
    cosines: SentenceCosines,
    free: Callable[[Seed], bool],
    min_dice: float,
) -> list[list[Seed]]:
    """Each of ``clusters`` with the sentence pairs that carry it on, after its last
    sentences and before its first: the next pair (one of :data:`STEPS` away, the
    first that fits) whose sentences are each other's closest (:meth:`mutual_best`),
    share :data:`CONTINUE_SHARED` terms and a Dice coefficient of ``min_dice``, belong
    to no cluster, and ``free`` takes; then the pair after that, until none fits.

    >>> from simhash_core.text.sentences import sentences_of
    >>> from simhash_core.compare.extension import _term_rows
    >>> a = sentences_of("Rain fell on the old stone bridge all night. "
    ...                  "The river rose over the lower fields by morning. Stocks fell in Tokyo.")
    >>> b = sentences_of("All night the rain fell on the stone bridge. "
    ...                  "By morning the river had risen over the low fields. Bread is cheap.")
    >>> continued([[(0, 0)]], SentenceCosines(a, b, _term_rows(a, b)), lambda s: True, 0.15)
    [[(0, 0), (1, 1)]]
    """
    a, b = cosines.a, cosines.b
    used_a = {x for c in clusters for x, _ in c}
    used_b = {y for c in clusters for _, y in c}

    def fits(x: int, y: int) -> bool:
        return (
            0 <= x < a.count
            and 0 <= y < b.count
            and x not in used_a
            and y not in used_b
            and cosines.shared(x, y) >= CONTINUE_SHARED
            and cosines.dice(x, y) >= min_dice
            and free((x, y))
            and cosines.mutual_best(x, y)
        )

    out = []
    for cluster in clusters:
        grown = list(cluster)
        for way in (1, -1):
            end = max if way > 0 else min
            x, y = end(s[0] for s in grown), end(s[1] for s in grown)
            while True:
                ahead = ((x + dx * way, y + dy * way) for dx, dy in STEPS)
                step = next((s for s in ahead if fits(*s)), None)
                if step is None:
                    break
                grown.append(step)
                used_a.add(step[0])
                used_b.add(step[1])
                x, y = step
        out.append(sorted(grown))
    return out
