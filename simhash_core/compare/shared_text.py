"""Shared text: what many submissions hold at the same place, short beside them.

A prompt pasted at the top of the essays, a cover sheet, a signed declaration at the
end: text that at least ``files`` submissions (:attr:`ScanSettings.shared_text_files`)
hold **at the same place** (their start or their end) and that is **short beside
them**. Such text is no evidence: it is greyed and not counted, and reported
(:class:`~simhash_core.types.SharedText`) so that a teacher can confirm it as the
assignment text.

Text many students hold is not shared text for that alone: four copies of one essay
in a folder of five are the strongest finding there is, not boilerplate. The whole
essay is the same from start to end, so it is not short beside its documents, and it
is never hidden.

How (exact, two passes over the documents' shingles as the class-wide count makes
them):

1. the shingles at least ``files`` documents hold (:func:`held_by`);
2. in each document, the runs of those shingles among its usable ones (a gap of up
   to two shingles' units is one run: a name or a changed word inside a prompt); the
   run that begins near the start of its usable text and the one that ends near its
   end are its *placed blocks* when each covers at most :data:`SHORT` of it, and
   when the rest of it is its own (at most :data:`HELD_ELSEWHERE` of the rest is
   text others hold: a copy edited here and there is held in runs from start to end);
3. a shingle is shared text when at least ``files`` documents hold it in such a
   block (:func:`shared_text_shingles`).

>>> import numpy as np
>>> from types import SimpleNamespace as D
>>> def doc(own):  # a prompt (shingles 1-4) before 40 shingles of its own
...     seq = np.array([1, 2, 3, 4, *own], np.uint64)
...     return D(shingle_seq=seq, usable=np.ones(len(seq), bool), ngram=1)
>>> docs = [doc(range(100 * k, 100 * k + 40)) for k in range(1, 6)]
>>> shared_text_shingles(docs, 4).tolist()
[1, 2, 3, 4]
>>> copies = [doc(range(100, 140)) for _ in range(4)]  # one essay, four times
>>> shared_text_shingles(copies, 4).tolist()
[]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from simhash_core.hashing import HashSet, in_sorted, sorted_unique
from simhash_core.memory import drop_mapped_pages
from simhash_core.progress import Progress
from simhash_core.text.normalize import is_cjk_codepoint
from simhash_core.types import Document, SharedPlace, SharedText

SHORT = 0.25  # a placed block covers at most this share of its document's shingles
NEAR = 0.1  # it begins (ends) within this share of the document's start (end) ...
NEAR_UNITS = 30  # ... or within this many units of it (a name and a title above it)
HELD_ELSEWHERE = 0.5  # at most this share of the rest of it is text others hold too


def _each(docs: Sequence[Document], progress: Progress | None) -> Iterator[Document]:
    """``docs`` in turn, for one pass over a folder: the mapped pages of those done are
    dropped now and then, and a cancel of ``progress`` is acted on."""
    for done, d in enumerate(docs, start=1):
        yield d
        drop_mapped_pages(done)
        if progress is not None and done % CHECK_EVERY == 0:
            progress.check()


CHECK_EVERY = 256  # documents (a few hundredths of a second)


def held_by(docs: Sequence[Document], files: int, progress: Progress | None = None) -> np.ndarray:
    """The usable shingles that at least ``files`` of ``docs`` hold. Sorted uint64.

    Two passes keep memory at half a class of shingles: first the top 32 bits of every
    document's shingles, sorted in one array (a prefix held by at least ``files``
    documents is one whose run is at least ``files`` long); then, exactly, the full
    shingles under those prefixes. A shingle in ``files`` documents has its prefix in
    at least as many, so nothing is missed.
    """
    if len(docs) < files:
        return np.zeros(0, dtype=np.uint64)
    prefixes = np.empty(sum(int(np.count_nonzero(d.usable)) for d in docs), dtype=np.uint32)
    at = 0
    # each document's shingles are taken one at a time, in both passes (mapped ones
    # leave the process's memory as the pass goes on)
    for d in _each(docs, progress):
        own = sorted_unique((d.shingle_seq[d.usable] >> np.uint64(32)).astype(np.uint32))
        prefixes[at : at + len(own)] = own
        at += len(own)
    candidates = runs_at_least(prefixes[:at], files)
    del prefixes
    if not len(candidates):
        return np.zeros(0, dtype=np.uint64)
    held = []
    member = Members(candidates)
    for d in _each(docs, progress):
        own = d.shingle_seq[d.usable]
        top = (own >> np.uint64(32)).astype(np.uint32)
        held.append(sorted_unique(own[member(top)]))
    return runs_at_least(np.concatenate(held), files)


def runs_at_least(values: np.ndarray, limit: int) -> np.ndarray:
    """The values occurring at least ``limit`` times, sorted unique (sorts in place).

    >>> runs_at_least(np.array([3, 1, 3, 2, 3, 1]), 2).tolist()
    [1, 3]
    """
    if len(values) < limit:
        return values[:0]
    values.sort()
    return sorted_unique(
        values[np.flatnonzero(values[limit - 1 :] == values[: len(values) - limit + 1])]
    )


FILTER_BITS = 20  # a set's filter: one flag per value of a hash's low bits, 20 at least
FILTER_MAX_BITS = 24  # (16 MB): a larger set has no filter
FILTER_SPARE_BITS = 6  # a filter has 64 flags per value: one value in 64 falsely flagged


class Members:
    """Membership in a set of hashes, asked of every document in turn.

    A class's shared text is a few hundred shingles, asked of millions: a flag per
    value of their low bits (``least_bits``, :data:`FILTER_BITS` unless given, or for a
    larger set as many more as keep one false flag in 64) answers almost every one in
    one look-up, and only the few flagged are looked up exactly, in a
    :class:`~simhash_core.hashing.HashSet` (a set too large for a filter is asked there
    directly). A set asked of a few documents only (``searched``) builds no table: the
    few flagged are found by a binary search of the sorted set.

    >>> m = Members(np.array([5, 1 << 40], np.uint64))
    >>> m(np.array([5, 6, 1 << 40, (1 << 41) | 5], np.uint64)).tolist()
    [True, False, True, False]
    >>> m = Members(np.array([5, 1 << 40], np.uint64), least_bits=0, searched=True)
    >>> len(m.filter), m(np.array([5, 6, 1 << 40, (1 << 41) | 5], np.uint64)).tolist()
    (256, [True, False, True, False])
    """

    def __init__(
        self, sorted_set: np.ndarray, *, least_bits: int = FILTER_BITS, searched: bool = False
    ) -> None:
        self.set = sorted_set
        self.exact = None if searched else HashSet(sorted_set)
        self.filter: np.ndarray | None = None
        bits = max(least_bits, len(sorted_set).bit_length() + FILTER_SPARE_BITS)
        if len(sorted_set) and bits <= FILTER_MAX_BITS:
            self.filter = np.zeros(1 << bits, bool)
            self.filter[self._low(sorted_set)] = True

    def _low(self, values: np.ndarray) -> np.ndarray:
        assert self.filter is not None
        return (values & values.dtype.type(len(self.filter) - 1)).astype(np.intp)

    def _exactly(self, values: np.ndarray) -> np.ndarray:
        return in_sorted(values, self.set) if self.exact is None else self.exact(values)

    def __call__(self, values: np.ndarray) -> np.ndarray:
        if self.filter is None:
            return self._exactly(values)
        found = self.filter[self._low(values)]
        maybe = np.flatnonzero(found)
        if len(maybe):
            found[maybe] = self._exactly(values[maybe])
        return found


def placed_blocks(
    d: Document, held: np.ndarray | Members
) -> Iterator[tuple[SharedPlace, int, int]]:
    """The shingle positions ``[start, end)`` of document ``d``'s runs of ``held``
    shingles that stand at its start or its end and are short beside it, both counted
    in its usable shingles (the text that counts: a template or a quotation around a
    run neither moves it from its place nor makes it short).

    >>> from types import SimpleNamespace as D
    >>> d = D(shingle_seq=np.arange(100, dtype=np.uint64), usable=np.ones(100, bool), ngram=1)
    >>> list(placed_blocks(d, np.array([0, 1, 2, 3, 97, 98, 99], np.uint64)))
    [(<SharedPlace.START: 'start'>, 0, 4), (<SharedPlace.END: 'end'>, 97, 100)]
    >>> list(placed_blocks(d, np.arange(60, dtype=np.uint64)))  # not short beside it
    []
    """
    member = held if isinstance(held, Members) else Members(held)
    usable = np.flatnonzero(d.usable)
    n = len(usable)
    hit = np.flatnonzero(member(d.shingle_seq[usable]))
    if not len(hit):
        return
    breaks = np.flatnonzero(np.diff(hit) > 2 * d.ngram + 1)
    starts = hit[np.concatenate([[0], breaks + 1])]
    ends = hit[np.concatenate([breaks, [len(hit) - 1]])] + 1
    near = max(NEAR_UNITS, int(NEAR * n))
    longest = SHORT * n
    first, last = (int(starts[0]), int(ends[0])), (int(starts[-1]), int(ends[-1]))
    at_start = first[0] <= near and first[1] - first[0] <= longest
    at_end = (last != first or not at_start) and last[1] >= n - near
    at_end = at_end and last[1] - last[0] <= longest
    placed = [(SharedPlace.START, first)] if at_start else []
    placed += [(SharedPlace.END, last)] if at_end else []
    # the rest of the document is its own: a copy edited here and there is held by the
    # others in runs from its start to its end, and its first run is no prompt
    inside = sum(int(np.count_nonzero((hit >= s) & (hit < e))) for _, (s, e) in placed)
    rest = n - sum(e - s for _, (s, e) in placed)
    if len(hit) - inside > HELD_ELSEWHERE * rest:
        return
    for place, (s, e) in placed:
        yield place, int(usable[s]), int(usable[e - 1]) + 1


def shared_text_shingles(
    docs: Sequence[Document], files: int, progress: Progress | None = None
) -> np.ndarray:
    """The shingles that at least ``files`` of ``docs`` hold in a placed block (see the
    module docstring): the class's shared text, sorted uint64. A cancel of ``progress``
    is acted on as it goes."""
    held = held_by(docs, files, progress)
    if not len(held):
        return held
    voted = []
    member = Members(held)
    for d in _each(docs, progress):
        for _, start, end in placed_blocks(d, member):
            block = d.shingle_seq[start:end][d.usable[start:end]]
            voted.append(sorted_unique(block[member(block)]))
    if not voted:
        return np.zeros(0, dtype=np.uint64)
    return runs_at_least(np.concatenate(voted), files)


def shared_texts(
    docs: Sequence[Document], shared: np.ndarray, files: int
) -> tuple[SharedText, ...]:
    """The shared texts of ``docs`` (``shared``: their :func:`shared_text_shingles`),
    each a text at one place held by at least ``files`` documents, most files first.

    Blocks at the same place that hold a shingle in common are one shared text (a
    prompt with a student's name inside it is still the prompt)."""
    if not len(shared):
        return ()
    blocks: list[tuple[SharedPlace, int, int, int]] = []  # place, document, start, end
    held: list[np.ndarray] = []  # the shared shingles of each block
    member = Members(shared)
    for i, d in enumerate(_each(docs, None)):
        for place, start, end in placed_blocks(d, member):
            blocks.append((place, i, start, end))
            seq = d.shingle_seq[start:end]
            held.append(sorted_unique(seq[member(seq)]))
    texts = [_shared_text(docs, [blocks[k] for k in ks]) for ks in _joined(blocks, held)]
    kept = [t for t in texts if t.files >= files]
    return tuple(sorted(kept, key=lambda t: (-t.files, t.place.value, t.documents)))


def _joined(
    blocks: Sequence[tuple[SharedPlace, int, int, int]], held: Sequence[np.ndarray]
) -> list[list[int]]:
    """The blocks (their indices, rising) that are one shared text: at the same place,
    linked by shingles held in common, directly or through other blocks.

    >>> S, E = SharedPlace.START, SharedPlace.END
    >>> u = lambda *h: np.array(h, np.uint64)
    >>> _joined([(S, 0, 0, 1), (S, 1, 0, 1), (E, 2, 5, 6), (S, 3, 0, 1)],
    ...         [u(1, 2), u(2, 3), u(1), u(3, 4)])
    [[0, 1, 3], [2]]
    """
    parent = list(range(len(blocks)))
    for place in SharedPlace:
        ks = [k for k, b in enumerate(blocks) if b[0] is place]
        if len(ks) < 2:
            continue
        hashes = np.concatenate([held[k] for k in ks])
        owner = np.repeat(np.array(ks, np.int64), [len(held[k]) for k in ks])
        order = np.lexsort((owner, hashes))
        hashes, owner = hashes[order], owner[order]
        new = np.concatenate([[True], hashes[1:] != hashes[:-1]])
        first = owner[np.flatnonzero(new)][np.cumsum(new) - 1]  # each shingle's first block
        apart = first != owner
        n = len(blocks)
        for link in np.unique(first[apart] * n + owner[apart]).tolist():
            a, b = divmod(link, n)
            parent[_root(parent, b)] = _root(parent, a)
    found: dict[int, list[int]] = {}
    for k in range(len(blocks)):
        found.setdefault(_root(parent, k), []).append(k)
    return list(found.values())


def _root(parent: list[int], k: int) -> int:
    while parent[k] != k:
        parent[k] = parent[parent[k]]
        k = parent[k]
    return k


def _shared_text(
    docs: Sequence[Document], blocks: list[tuple[SharedPlace, int, int, int]]
) -> SharedText:
    """One shared text from its documents' blocks (one block per document kept)."""
    first: dict[int, tuple[int, int]] = {}
    for _, i, start, end in sorted(blocks, key=lambda b: b[1]):
        first.setdefault(i, _chars(docs[i], start, end))
    spans = tuple(first.values())
    words = sorted(_words(docs[i].text[a:b]) for i, (a, b) in first.items())
    i0, (a0, b0) = next(iter(first.items()))
    median = words[len(words) // 2]
    return SharedText(blocks[0][0], tuple(first), spans, median, docs[i0].text[a0:b0])


def _chars(d: Document, start: int, end: int) -> tuple[int, int]:
    """The characters of shingle positions ``[start, end)`` of ``d`` (their units)."""
    last = min(end - 1 + d.ngram, d.unit_count) - 1
    return int(d.unit_starts[start]), int(d.unit_ends[last])


def _words(text: str) -> int:
    """Words of ``text``: a Latin word counts 1, two Chinese characters 1.

    >>> _words("The prompt: 请写一篇文章"), _words("a\u3000b c"), _words("")
    (5, 3, 0)
    """
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    cjk = is_cjk_codepoint(codes)
    # a Latin word: a run of characters that are neither Chinese nor white space
    word = ~cjk & ~_SPACE[np.minimum(codes, len(_SPACE) - 1)]
    starts = int(np.count_nonzero(word[1:] & ~word[:-1])) + bool(len(word) and word[0])
    return starts + round(int(cjk.sum()) / 2)


# which code points str.split() splits on (none lies above U+3000)
_SPACE = np.array([chr(c).isspace() for c in range(0x3002)], bool)
