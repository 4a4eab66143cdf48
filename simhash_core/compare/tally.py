"""One sorted tally: distinct integer keys, sorted, each with its counts.

What ``np.unique(every key added, return_counts=True)`` gives, without ever holding
every key added: keys wait in batches and are folded into the tally by one sort of the
batch and one merge. The corpus tallies pairs of documents by their shared shingles
(:func:`simhash_core.compare.corpus.shared_counts`); the meaning layer tallies each
term's sentences (:mod:`simhash_core.compare.meaning.tfidf`).

>>> t = SortedTally()
>>> t.add(np.array([5, 3, 5])); t.add(np.array([3, 9]))
>>> [x.tolist() for x in t.result()]
[[3, 5, 9], [2, 2, 1]]

Several counts per key (a row each), added with the keys:

>>> t = SortedTally(rows=2, waiting=1)
>>> t.add(np.array([7, 2]), np.array([[1, 1], [4, 0]]))
>>> t.add(np.array([7]), np.array([[1], [2]]))
>>> keys, counts = t.result()
>>> keys.tolist(), counts.tolist()
([2, 7], [[1, 2], [0, 6]])
"""

from __future__ import annotations

import numpy as np

TALLY_WAITING = 1 << 23  # keys waiting before they are folded into the counts (64 MB)


class SortedTally:
    """Sorted distinct keys and their counts (int32), summed over every :meth:`add`.

    ``rows``: counts per key (None: one, as a flat array; a number: that many, as the
    rows of a matrix). ``waiting``: how many added keys wait before they are folded in
    (:data:`TALLY_WAITING` if None); with ``grow``, batches also wait until they
    outnumber the keys tallied so far (fewer merges of a large tally, for batches that
    were made distinct already). Memory follows the distinct keys and one batch, never
    every key added.
    """

    def __init__(
        self,
        rows: int | None = None,
        *,
        waiting: int | None = None,
        grow: bool = False,
        dtype: type = np.int64,
    ) -> None:
        self.keys: np.ndarray = np.zeros(0, dtype)
        self.counts = np.zeros((0,) if rows is None else (rows, 0), np.int32)
        self.waiting: list[tuple[np.ndarray, np.ndarray | None]] = []
        self.size = 0
        self.limit = waiting
        self.grow = grow

    def add(self, keys: np.ndarray, counts: np.ndarray | None = None) -> None:
        """``keys`` in any order, repeats allowed: each counted once (a one-row tally),
        or ``counts[..., k]`` for ``keys[k]`` (the last axis follows the keys)."""
        self.waiting.append((keys, counts))
        self.size += len(keys)
        limit = TALLY_WAITING if self.limit is None else self.limit
        if self.size >= (max(limit, len(self.keys)) if self.grow else limit):
            self._fold()

    def result(self) -> tuple[np.ndarray, np.ndarray]:
        """The sorted distinct keys and their counts (the last axis follows the keys)."""
        self._fold()
        return self.keys, self.counts

    def _fold(self) -> None:
        if not self.waiting:
            return
        keys = np.concatenate([k for k, _ in self.waiting])
        given = [c for _, c in self.waiting if c is not None]
        counts = np.concatenate(given, axis=-1) if given else None
        self.waiting, self.size = [], 0
        keys, counts = distinct_counts(keys, counts, in_place=True)
        self.keys, self.counts = _merged_counts(self.keys, self.counts, keys, counts)


def distinct_counts(
    keys: np.ndarray, counts: np.ndarray | None = None, *, in_place: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """The sorted distinct ``keys`` and how often each occurs (int32), or the sum of
    its ``counts`` (the last axis follows the keys). ``in_place``: ``keys`` may be
    sorted where it is (no copy), when no counts come with it.

    >>> k, c = distinct_counts(np.array([4, 1, 4, 4]))
    >>> k.tolist(), c.tolist()
    ([1, 4], [1, 3])
    >>> k, c = distinct_counts(np.array([4, 1, 4]), np.array([[1, 2, 3], [5, 6, 7]]))
    >>> k.tolist(), c.tolist()
    ([1, 4], [[2, 4], [6, 12]])
    """
    if counts is None:
        if in_place:
            keys.sort()
        else:
            keys = np.sort(keys)
    else:
        order = np.argsort(keys, kind="stable")
        keys, counts = keys[order], counts[..., order]
    first = np.ones(len(keys), bool)
    np.not_equal(keys[1:], keys[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    if counts is None:
        summed = np.diff(np.append(starts, len(keys))).astype(np.int32)
    elif len(starts):
        summed = np.add.reduceat(counts, starts, axis=-1)
    else:
        summed = counts
    return keys[starts], summed


def _merged_counts(
    values: np.ndarray, counts: np.ndarray, more: np.ndarray, more_counts: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Two sorted tallies (distinct values, their counts: the last axis follows the
    values) as one: counts of equal values added (into ``counts`` itself: no copy of a
    tally of millions), the others placed in order (no sort: a search, and one array
    each).

    >>> v, c = _merged_counts(np.array([2, 5]), np.array([1, 1], np.int32),
    ...                       np.array([1, 5, 9]), np.array([4, 2, 1], np.int32))
    >>> v.tolist(), c.tolist()
    ([1, 2, 5, 9], [4, 1, 3, 1])
    """
    if not len(values):
        return more, more_counts.astype(counts.dtype, copy=False)
    at = np.searchsorted(values, more)
    found = at < len(values)
    found[found] = values[at[found]] == more[found]
    counts[..., at[found]] += more_counts[..., found]  # each place at most once
    new, new_counts, new_at = more[~found], more_counts[..., ~found], at[~found]
    # a new value goes before the old ones at its place, after the new ones before it
    where = new_at + np.arange(len(new))
    out = np.empty(len(values) + len(new), values.dtype)
    out_counts = np.empty((*counts.shape[:-1], len(out)), counts.dtype)
    old = np.ones(len(out), bool)
    old[where] = False
    out[where], out_counts[..., where] = new, new_counts
    out[old], out_counts[..., old] = values, counts
    return out, out_counts
