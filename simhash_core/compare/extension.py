"""Whole passages: a pair's pieces joined, and copies rewritten past the other layers.

Word passages (:mod:`.passages`) and reworded or translated ones (:mod:`.meaning`) find
a copied passage in pieces when it was edited: a few words replaced or shuffled, a
sentence reworded, one left out. Shown as they are, one copy is several passages, and a
copy rewritten so heavily that no piece survives is not found at all. This module puts
together the passages a pair shows, the way the best text-alignment systems of PAN do
(Sanchez-Perez, Sidorov and Gelbukh 2014: seeding, extension, filtering):

1. **Seeds.** Sentence pairs of the two documents, in the same language, that share
   their terms: a TF-IDF cosine of at least :data:`SEED_COSINE` *and* a Dice
   coefficient of at least :data:`SEED_DICE` (shared distinct terms over all of them).
   The IDF counts the two documents' sentences, so a word both use everywhere weighs
   little. A seed whose sentences lie inside one word-for-word passage on both sides
   adds nothing: that text is shown as copied already.
2. **Extension.** Seeds close in both documents (at most :data:`MAX_GAP` sentences
   apart on each side) are one cluster: seeds are split where one side jumps, side by
   side in turn, until no cluster splits. A cluster is a reworded passage from the
   first to the last of its sentences on each side.
3. **Filtering.** A cluster of one seed is evidence only beside a passage already found
   (a lone similar sentence is a coincidence); one of :data:`MIN_SEEDS` or more stands
   on its own.
4. **Summaries.** A summary says a text again in a few sentences: at least
   :data:`SUMMARY_SENTENCES` sentences close together on one side match, in the same
   order, sentences spread over the other (at most :data:`SUMMARY_GAP` sentences apart,
   in more than one cluster): one passage over all of them (many-to-one alignment).
5. **Joining.** Passages that overlap or nearly touch on both sides (with at most
   :data:`GAP_SENTENCES` whole sentence, no longer than a sentence may be, between them
   on each side) are one passage: a
   copy is shown as one passage, of the kind that covers most of it.

Passages of common text are left as they are: they are greyed, never evidence.
Everything depends only on the two documents: the same pair gives the same passages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simhash_core.text.sentences import MAX_CHARS, Sentences
from simhash_core.types import Passage

SEED_COSINE = 0.33  # Sanchez-Perez et al. 2014: both at least 0.33
SEED_DICE = 0.33
MAX_GAP = 4  # seeds more than this many sentences apart on one side are two clusters
MIN_SEEDS = 2  # a cluster of this many seeds is a passage on its own
SUMMARY_SENTENCES = 3  # a summary: this many close sentences matching in the other...
SUMMARY_GAP = 3 * MAX_GAP  # ...in order, at most this many sentences apart there
GAP_SENTENCES = 1  # passages with at most one whole sentence between them are one
COPIED, REWORDED = "copied", "reworded"

Seed = tuple[int, int]  # sentence of A, sentence of B


@dataclass
class _Part:
    """A passage being joined: its spans, and its characters of A by kind."""

    a0: int
    a1: int
    b0: int
    b1: int
    units: int
    sentences: int
    chars: dict[str, int]

    @classmethod
    def of(cls, p: Passage) -> _Part:
        return cls(
            p.a_start,
            p.a_end,
            p.b_start,
            p.b_end,
            p.units,
            p.sentences,
            {p.kind: max(p.a_end - p.a_start, 1)},
        )

    def passage(self) -> Passage:
        kind = max(sorted(self.chars), key=lambda k: self.chars[k])
        sentences = self.sentences if kind != COPIED or len(self.chars) > 1 else 0
        return Passage(self.a0, self.a1, self.b0, self.b1, self.units, False, kind, sentences)


def whole_passages(
    found: Sequence[Passage],
    a: Sentences,
    b: Sentences,
    *,
    seeds: bool = True,
    blocked: Sequence[Passage] = (),
) -> list[Passage]:
    """The passages a pair shows: ``found`` (word for word, reworded, translated) with
    the clusters of sentence seeds (``seeds``: the reworded layer is on), joined where
    they overlap or nearly touch on both sides. No seed is taken from text ``blocked``
    on both sides (a passage the teacher left out).

    >>> from simhash_core.text.sentences import sentences_of
    >>> s = sentences_of("One two three four five six. Seven eight nine ten eleven twelve.")
    >>> got = whole_passages([Passage(0, 28, 0, 28, 6), Passage(29, 65, 29, 65, 6)], s, s,
    ...                      seeds=False)
    >>> [(p.a_start, p.a_end, p.kind) for p in got]
    [(0, 65, 'copied')]
    """
    common = [p for p in found if p.common]
    pieces = [p for p in found if not p.common]
    if seeds:
        held = [*(p for p in pieces if p.kind == COPIED), *blocked]
        pieces += seed_passages(a, b, held, pieces)
    return join_passages(pieces, a, b) + common


def seed_passages(
    a: Sentences, b: Sentences, copied: Sequence[Passage], found: Sequence[Passage]
) -> list[Passage]:
    """The clusters of sentence seeds that are evidence: :data:`MIN_SEEDS` seeds or
    more, or beside (overlapping or nearly touching) a passage ``found``. Seeds inside
    a passage of ``copied`` on both sides are not taken."""
    seeds = _outside_copied(sentence_seeds(a, b), a, b, copied)
    out = []
    for cluster in seed_clusters(seeds):
        p = _cluster_passage(cluster, a, b)
        if p.sentences >= MIN_SEEDS or any(_near(p, q, a, b) for q in found):
            out.append(p)
    return out + summary_passages(seeds, a, b)


def summary_passages(seeds: Sequence[Seed], a: Sentences, b: Sentences) -> list[Passage]:
    """Summaries: clusters of seeds close on one side only (the summary), whose
    longest chain in the same order on both sides holds at least
    :data:`SUMMARY_SENTENCES` sentences of each side, spread on the other side (more
    than one cluster close on both sides) but at most :data:`SUMMARY_GAP` sentences
    apart there: the summary's sentences matching the text summed up in its order. A
    passage over that chain."""
    if not seeds:
        return []
    home = {s: k for k, cluster in enumerate(seed_clusters(seeds)) for s in cluster}
    out = []
    for side in (0, 1):
        for cluster in _cut(sorted(seeds), side):
            for chain in _cut(in_order(cluster), 1 - side, SUMMARY_GAP):
                if min(len({s[0] for s in chain}), len({s[1] for s in chain})) < SUMMARY_SENTENCES:
                    continue
                if max(Counter(home[s] for s in chain).values()) < len(chain):
                    out.append(_cluster_passage(chain, a, b))
    return out


def in_order(seeds: Sequence[Seed]) -> list[Seed]:
    """The longest chain of ``seeds`` rising on both sides (the first such, in order).

    >>> in_order([(0, 5), (1, 40), (2, 6), (3, 9)])
    [(0, 5), (2, 6), (3, 9)]
    """
    ordered = sorted(seeds)
    best = [1] * len(ordered)
    prev = [-1] * len(ordered)
    for x, (xa, xb) in enumerate(ordered):
        for y in range(x):
            ya, yb = ordered[y]
            if ya < xa and yb < xb and best[y] + 1 > best[x]:
                best[x], prev[x] = best[y] + 1, y
    x = max(range(len(ordered)), key=lambda k: (best[k], -k), default=-1)
    chain = []
    while x != -1:
        chain.append(ordered[x])
        x = prev[x]
    return chain[::-1]


def sentence_seeds(a: Sentences, b: Sentences) -> list[Seed]:
    """Sentence pairs of ``a`` and ``b`` in the same language with a TF-IDF cosine of
    at least :data:`SEED_COSINE` and a Dice coefficient of at least :data:`SEED_DICE`,
    in order.

    >>> from simhash_core.text.sentences import sentences_of
    >>> a = sentences_of("The cat sat on the warm mat today. Stocks fell sharply in Tokyo again.")
    >>> b = sentences_of("Prices of rice rose in the north. Today the cat sat on a warm mat.")
    >>> sentence_seeds(a, b)
    [(0, 1)]
    """
    if a.count == 0 or b.count == 0:
        return []
    rows, cols, weights, sizes = _term_rows(a, b)
    # the sentence pairs sharing a term, term by term (an inverted index: a pair's
    # sentences hold few of the terms, so this is far less than every pair of them)
    in_a = rows < a.count
    order_b = np.argsort(cols[~in_a], kind="stable")
    b_rows, b_cols, b_weights = (
        rows[~in_a][order_b] - a.count,
        cols[~in_a][order_b],
        weights[~in_a][order_b],
    )
    n_terms = int(cols.max()) + 1
    b_count = np.bincount(b_cols, minlength=n_terms)
    b_start = np.concatenate([[0], np.cumsum(b_count)[:-1]])
    a_rows, a_cols, a_weights = rows[in_a], cols[in_a], weights[in_a]
    times = b_count[a_cols]
    ends = np.cumsum(times)
    out: list[Seed] = []
    lo = 0  # A's term entries in blocks of whole sentences, each joining few enough pairs
    while lo < len(a_rows):
        hi = int(np.searchsorted(ends, (ends[lo - 1] if lo else 0) + _JOINED, side="right"))
        # to the end of a sentence: each pair of sentences is one block's
        hi = int(np.searchsorted(a_rows, a_rows[max(hi, lo + 1) - 1], side="right"))
        part = slice(lo, hi)
        out += _seeds_of(
            a, b, a_rows[part], a_cols[part], a_weights[part], times[part],
            (b_rows, b_weights, b_start), sizes,
        )  # fmt: skip
        lo = hi
    return out


_JOINED = 1 << 22  # sentence-term pairs joined at once (memory)


def _seeds_of(
    a: Sentences,
    b: Sentences,
    a_rows: np.ndarray,
    a_cols: np.ndarray,
    a_weights: np.ndarray,
    times: np.ndarray,
    b_side: tuple[np.ndarray, np.ndarray, np.ndarray],
    sizes: np.ndarray,
) -> list[Seed]:
    """The seeds among A's term entries given (whole sentences), each joined with the
    ``times`` entries of B holding its term."""
    b_rows, b_weights, b_start = b_side
    total = int(times.sum())
    if total == 0:
        return []
    left = np.repeat(np.arange(len(a_rows)), times)
    step = np.arange(total) - np.repeat(np.cumsum(times) - times, times)
    right = b_start[a_cols[left]] + step
    cells = a_rows[left] * b.count + b_rows[right]
    found, where = np.unique(cells, return_inverse=True)
    shared = np.bincount(where)
    cosine = np.bincount(where, weights=a_weights[left] * b_weights[right])
    x, y = found // b.count, found % b.count
    dice = 2.0 * shared / np.maximum(sizes[x] + sizes[a.count + y], 1)
    keep = (dice >= SEED_DICE) & (cosine >= SEED_COSINE) & (a.lang[x] == b.lang[y])
    return list(zip(x[keep].tolist(), y[keep].tolist(), strict=True))


def _term_rows(a: Sentences, b: Sentences) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Both documents' sentences (``a``'s, then ``b``'s) as their distinct terms: the
    row (sentence) and column (term) of each, its L2-normalised TF-IDF weight
    (sublinear term frequency, the IDF over these sentences), and each sentence's
    number of distinct terms."""
    ptr = np.concatenate([a.word_ptr[:-1], a.word_ptr[-1] + b.word_ptr]).astype(np.int64)
    n = len(ptr) - 1
    ids = np.concatenate([a.word_ids, b.word_ids])
    terms, cols = np.unique(ids, return_inverse=True)
    rows = np.repeat(np.arange(n, dtype=np.int64), np.diff(ptr))
    cells, tf = np.unique(rows * len(terms) + cols.ravel(), return_counts=True)
    rows, cols = cells // len(terms), cells % len(terms)
    df = np.bincount(cols, minlength=len(terms))
    idf = np.log(n / np.maximum(df, 1))
    weights = (1.0 + np.log(tf)) * idf[cols]
    norms = np.sqrt(np.bincount(rows, weights=weights * weights, minlength=n))
    weights = weights / np.where(norms > 0, norms, 1.0)[rows]
    return rows, cols, weights, np.bincount(rows, minlength=n)


def seed_clusters(seeds: Sequence[Seed]) -> list[list[Seed]]:
    """``seeds`` split into clusters close on both sides: a cluster is cut wherever
    its seeds, in the order of one side, are more than :data:`MAX_GAP` sentences
    apart there, each side in turn, until no cluster is cut.

    >>> seed_clusters([(0, 10), (1, 11), (2, 30), (20, 12)])
    [[(0, 10), (1, 11)], [(2, 30)], [(20, 12)]]
    """
    done: list[list[Seed]] = []
    todo = [sorted(seeds)] if seeds else []
    while todo:
        group = todo.pop()
        parts = _cut(group, 0)
        if len(parts) == 1:
            parts = _cut(group, 1)
        if len(parts) == 1:
            done.append(group)
        else:
            todo.extend(parts)
    return sorted(done)


def _cut(group: list[Seed], side: int, gap: int = MAX_GAP) -> list[list[Seed]]:
    """``group`` in the order of ``side``, cut where that side jumps more than ``gap``
    sentences."""
    ordered = sorted(group, key=lambda s: (s[side], s[1 - side]))
    parts = [[ordered[0]]]
    for seed in ordered[1:]:
        if seed[side] - parts[-1][-1][side] > gap:
            parts.append([])
        parts[-1].append(seed)
    return [sorted(p) for p in parts]


def _cluster_passage(cluster: list[Seed], a: Sentences, b: Sentences) -> Passage:
    """A cluster of seeds as a reworded passage from its first to its last sentence on
    each side; ``sentences`` counts the side with fewer distinct sentences."""
    sa, sb = sorted({x for x, _ in cluster}), sorted({y for _, y in cluster})
    a0, a1 = a.text_span(sa[0])[0], a.text_span(sa[-1])[1]
    b0, b1 = b.text_span(sb[0])[0], b.text_span(sb[-1])[1]
    n = min(len(sa), len(sb))
    return Passage(a0, a1, b0, b1, n, False, REWORDED, n)


def _outside_copied(
    seeds: list[Seed], a: Sentences, b: Sentences, copied: Sequence[Passage]
) -> list[Seed]:
    """``seeds`` but those whose two sentences overlap one word-for-word passage."""
    if not seeds or not copied:
        return seeds
    x, y = np.array(seeds).T
    a0, a1, b0, b1 = a.spans[2 * x], a.spans[2 * x + 1], b.spans[2 * y], b.spans[2 * y + 1]
    inside = np.zeros(len(seeds), bool)
    for p in copied:
        inside |= (p.a_start < a1) & (a0 < p.a_end) & (p.b_start < b1) & (b0 < p.b_end)
    return [s for s, k in zip(seeds, inside.tolist(), strict=True) if not k]


def join_passages(pieces: Sequence[Passage], a: Sentences, b: Sentences) -> list[Passage]:
    """``pieces`` joined where they overlap or nearly touch on both sides, in A's order.

    >>> from simhash_core.text.sentences import NO_SENTENCES as none
    >>> got = join_passages([Passage(0, 10, 50, 60, 5), Passage(10, 20, 60, 70, 5),
    ...                      Passage(30, 40, 900, 910, 5)], none, none)
    >>> [(p.a_start, p.a_end, p.b_start, p.b_end, p.units) for p in got]
    [(0, 20, 50, 70, 10), (30, 40, 900, 910, 5)]
    """
    parts = sorted((_Part.of(p) for p in pieces), key=lambda q: (q.a0, q.b0, q.a1, q.b1))
    while True:
        joined = _join_pass(parts, a, b)
        if len(joined) == len(parts):
            return [q.passage() for q in joined]
        parts = joined


def _join_pass(parts: list[_Part], a: Sentences, b: Sentences) -> list[_Part]:
    """One sweep of :func:`join_passages` over parts sorted by ``a0``."""
    out: list[_Part] = []
    for q in parts:
        into = next((k for k in out if _near(k, q, a, b)), None)
        if into is None:
            out.append(_Part(q.a0, q.a1, q.b0, q.b1, q.units, q.sentences, dict(q.chars)))
            continue
        into.a0, into.a1 = min(into.a0, q.a0), max(into.a1, q.a1)
        into.b0, into.b1 = min(into.b0, q.b0), max(into.b1, q.b1)
        into.units += q.units
        into.sentences += q.sentences
        for kind, n in q.chars.items():
            into.chars[kind] = into.chars.get(kind, 0) + n
    return out


def _near(p: _Part | Passage, q: _Part | Passage, a: Sentences, b: Sentences) -> bool:
    """Whether ``p`` and ``q`` overlap or nearly touch in both documents."""
    (pa, pb), (qa, qb) = _spans(p), _spans(q)
    return _close(pa, qa, a) and _close(pb, qb, b)


def _spans(p: _Part | Passage) -> tuple[tuple[int, int], tuple[int, int]]:
    if isinstance(p, _Part):
        return (p.a0, p.a1), (p.b0, p.b1)
    return (p.a_start, p.a_end), (p.b_start, p.b_end)


def _close(x: tuple[int, int], y: tuple[int, int], s: Sentences) -> bool:
    """Whether spans ``x`` and ``y`` of one document overlap, or have at most
    :data:`GAP_SENTENCES` whole sentences of ``s`` between them (and no more text than
    that many sentences can hold: text without sentences is no smaller a gap)."""
    gap0, gap1 = min(x[1], y[1]), max(x[0], y[0])
    if gap1 <= gap0:
        return True
    if gap1 - gap0 > GAP_SENTENCES * MAX_CHARS:
        return False
    return _sentences_within(s, gap0, gap1) <= GAP_SENTENCES


def _sentences_within(s: Sentences, start: int, end: int) -> int:
    """How many of ``s``'s sentences lie wholly inside ``[start, end)``."""
    starts, ends = s.spans[0::2], s.spans[1::2]
    return int(np.count_nonzero((starts >= start) & (ends <= end)))
