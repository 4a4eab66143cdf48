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

import numpy as np
from scipy import sparse

from simhash_core.text.sentences import Sentences

Seed = tuple[int, int]  # sentence of A, sentence of B
Terms = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # see extension._term_rows

CONTINUE_SHARED = 2  # one shared word is chance; two in a sentence pair next to a passage
# the steps from a cluster's end to the next pair: (sentences of A, sentences of B)
STEPS = ((1, 1), (2, 1), (1, 2))


class SentenceCosines:
    """The TF-IDF cosines of one sentence with every sentence of the other document
    (0 across languages), from the pair's term rows (``rows, cols, weights, sizes``:
    ``a``'s sentences, then ``b``'s; see :func:`.extension.scored_seeds`)."""

    def __init__(self, a: Sentences, b: Sentences, terms: Terms) -> None:
        rows, cols, weights, _ = terms
        shape = (a.count + b.count, int(cols.max()) + 1 if len(cols) else 1)
        m = sparse.csr_matrix((weights, (rows, cols)), shape=shape)
        self.a, self.b = a, b
        self._a, self._b = m[: a.count], m[a.count :]

    def of_a(self, x: int) -> np.ndarray:
        """Sentence ``x`` of A against every sentence of B."""
        got = (self._a[x] @ self._b.T).toarray().ravel()
        return np.where(self.b.lang == self.a.lang[x], got, 0.0)

    def of_b(self, y: int) -> np.ndarray:
        """Sentence ``y`` of B against every sentence of A."""
        got = (self._b[y] @ self._a.T).toarray().ravel()
        return np.where(self.a.lang == self.b.lang[y], got, 0.0)

    def mutual_best(self, x: int, y: int) -> bool:
        """Whether sentences ``x`` of A and ``y`` of B share a term and each is the
        other's closest sentence in the other document (ties count)."""
        row, col = self.of_a(x), self.of_b(y)
        return bool(row[y] > 0 and row[y] >= row.max() and col[x] >= col.max())

    def shared(self, x: int, y: int) -> int:
        """How many distinct terms sentences ``x`` of A and ``y`` of B share."""
        return len(np.intersect1d(self.a.words(x), self.b.words(y)))

    def dice(self, x: int, y: int) -> float:
        """The Dice coefficient of the distinct terms of sentences ``x`` of A and
        ``y`` of B (what the seeds ask, :data:`.extension.SEED_DICE`)."""
        n = len(np.unique(self.a.words(x))) + len(np.unique(self.b.words(y)))
        return 2 * self.shared(x, y) / max(n, 1)


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
            and free((x, y))
            and cosines.mutual_best(x, y)
            and cosines.shared(x, y) >= CONTINUE_SHARED
            and cosines.dice(x, y) >= min_dice
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
