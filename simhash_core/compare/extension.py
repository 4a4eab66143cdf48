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
   little. A seed with a sentence that a word-for-word passage holds (covers at least
   :data:`SEED_HELD` of) adds nothing: that text is shown as copied already, and the
   seed would only stretch the passage over the rest of the other sentence. A seed
   whose sentences a word passage only touches is kept: it carries the passage over the
   words an edit changed, to the sentences' ends.
2. **Extension.** Each sentence keeps its seeds in one place of the other document:
   the strongest and those next to it there (:func:`one_place`; a sentence said again
   as two), so a short sentence matching a word or two of a distant one does not
   stretch a passage. Seeds close in both documents (at most :data:`MAX_GAP` sentences
   apart on each side) are one cluster: seeds are split where one side jumps, side by
   side in turn, until no cluster splits. A cluster is a reworded passage from the
   first to the last of its sentences on each side, carried on over the sentences
   next to it that are each other's closest match (:mod:`.continuation`: the ends of
   a heavily edited copy keep fewer terms than its middle).
3. **Filtering.** A cluster of one seed is evidence only beside a passage already found
   (a lone similar sentence is a coincidence), or when its sentences share half their
   terms (:data:`LONE_DICE`) and the next sentences carry it on; one of
   :data:`MIN_SEEDS` or more stands on its own.
4. **Summaries.** A summary says a text again in a few sentences (many-to-one
   alignment), in two shapes: at least :data:`SUMMARY_SENTENCES` sentences close
   together on one side match, in the same order, sentences spread over the other (at
   most :data:`SUMMARY_GAP` sentences apart, in more than one cluster); or sentences
   close together on one side match, in any order, sentences in at least
   :data:`SUMMARY_SENTENCES` places of the other, each sentence standing for its own
   stretch there (:func:`spread_summaries`). One passage over all of them, unless it
   is a copy in pieces: clusters that are passages on their own, two of them inside
   it, or one matching text inside it elsewhere (:func:`_in_pieces`). A summary keeps
   fewer of its source's words than a copy does: once two of its sentences match
   full seeds in two places, its other sentences count with half a seed's cosine and
   Dice (:func:`loose_summaries`), as a passage is carried on with half a seed's Dice.
5. **Joining.** Passages that overlap or nearly touch on both sides (with at most
   ``2 * GAP_SENTENCES`` whole sentences, each no longer than a sentence may be,
   between them on the two sides together: one on each, or two on one side where the
   other goes straight on) are one passage: a copy is shown as one passage, of the
   kind that covers most of it.

Passages of common text are left as they are: they are greyed, never evidence.
Everything depends only on the two documents: the same pair gives the same passages.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from simhash_core.compare.continuation import Seed, SentenceCosines, Terms, continued
from simhash_core.text.lazy_regex import LazyRegex
from simhash_core.text.normalize import CJK_RANGES
from simhash_core.text.sentences import MAX_CHARS, Sentences, terms_of
from simhash_core.types import Passage, PassageKind, Summing

SEED_COSINE = 0.33  # Sanchez-Perez et al. 2014: both at least 0.33
SEED_DICE = 0.33
CONTINUE_DICE = SEED_DICE / 2  # the next sentences carry a passage on with half of it
MAX_GAP = 4  # seeds more than this many sentences apart on one side are two clusters
MIN_SEEDS = 2  # a cluster of this many seeds is a passage on its own
SUMMARY_SENTENCES = 3  # a summary: this many close sentences matching in the other...
SUMMARY_GAP = 3 * MAX_GAP  # ...in order, at most this many sentences apart there
GAP_SENTENCES = 1  # passages with one whole sentence between them on each side are one
COPIED, REWORDED = PassageKind.COPIED, PassageKind.REWORDED
LONE_DICE = 0.5  # a seed carried on stands alone when its sentences share half their terms
LOOSE = 0.5  # a summary's other sentences match with this share of a seed's cosine and Dice
CONDENSED = 2  # a summary is at most half as long as the text it sums up


@dataclass
class _Part:
    """A passage being joined: its spans, and its characters of A by kind."""

    a0: int
    a1: int
    b0: int
    b1: int
    units: int
    sentences: int
    chars: dict[PassageKind, int]
    summary: bool = False  # a summary rule found it, or part of it

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
            p.summary is not None,
        )

    def passage(self, a: Sentences, b: Sentences) -> Passage:
        """The joined passage; a summary still if one was joined in and it still has
        at most half as many sentences on one side (:func:`summing`)."""
        kind = max(sorted(self.chars), key=lambda k: self.chars[k])
        sentences = self.sentences if kind != COPIED or len(self.chars) > 1 else 0
        p = Passage(self.a0, self.a1, self.b0, self.b1, self.units, False, kind, sentences)
        return _summed(p, a, b) if self.summary else p


def whole_passages(
    found: Sequence[Passage],
    a: Sentences,
    b: Sentences,
    *,
    seeds: bool = True,
    blocked: Sequence[Passage] = (),
    texts: tuple[str, str] | None = None,
) -> list[Passage]:
    """The passages a pair shows: ``found`` (word for word, reworded, translated) with
    the clusters of sentence seeds (``seeds``: the reworded layer is on), joined where
    they overlap or nearly touch on both sides. No seed is taken from text ``blocked``
    on both sides (a passage the teacher left out). ``texts``: the two documents' texts,
    which tell what a seed that a word passage touches adds (see :func:`seed_passages`).

    >>> from simhash_core.text.sentences import sentences_of
    >>> s = sentences_of("One two three four five six. Seven eight nine ten eleven twelve.")
    >>> got = whole_passages([Passage(0, 28, 0, 28, 6), Passage(29, 65, 29, 65, 6)], s, s,
    ...                      seeds=False)
    >>> [(p.a_start, p.a_end, str(p.kind)) for p in got]
    [(0, 65, 'copied')]
    """
    common = [p for p in found if p.common]
    pieces = [p for p in found if not p.common]
    if seeds:
        copied = [p for p in pieces if p.kind == COPIED]
        pieces += seed_passages(a, b, copied, pieces, blocked, texts)
    return join_passages(pieces, a, b) + common


def seed_passages(
    a: Sentences,
    b: Sentences,
    copied: Sequence[Passage],
    found: Sequence[Passage],
    blocked: Sequence[Passage] = (),
    texts: tuple[str, str] | None = None,
) -> list[Passage]:
    """The clusters of sentence seeds that are evidence: :data:`MIN_SEEDS` seeds or
    more, or beside (overlapping or nearly touching) a passage ``found``. A seed with a
    sentence that a passage of ``copied`` holds adds nothing and is not taken, nor is
    one touching a passage ``blocked`` on both sides. A seed that a copied passage
    touches on both sides is taken only if the rest of its sentences, past the
    passage, still share their terms (a Dice coefficient of :data:`SEED_DICE`, on the
    ``texts``; without them it is not taken): else what the two sentences share is the
    copied words alone, and the passage would grow over text that is not copied."""
    if a.count == 0 or b.count == 0:
        return []
    terms = _term_rows(a, b)
    graded = graded_seeds(a, b, terms, LOOSE)
    scored = [(s, c) for s, c, full in graded if full]
    unblocked = _outside([s for s, _ in scored], a, b, blocked, _touches, both=True)
    seeds = _outside(unblocked, a, b, copied, _holds, both=False)
    extending = _beyond(seeds, a, b, copied, texts)
    out = []
    placed = set(one_place(scored))
    clusters = seed_clusters([s for s in extending if s in placed])
    closed = [*blocked, *copied]
    cosines = SentenceCosines(a, b, terms)
    grown = continued(clusters, cosines, lambda s: _free(s, a, b, closed), CONTINUE_DICE)
    for cluster, whole in zip(clusters, grown, strict=True):
        p = _cluster_passage(whole, a, b)
        if _stands(cluster, whole, cosines) or any(_near(p, q, a, b) for q in found):
            out.append(p)
    # a summary's sentences may be copied word for word: its seeds count all the same
    kept = set(unblocked)
    spread = spread_summaries([(s, c) for s, c in scored if s in kept], a, b)
    summaries = summary_passages(seeds, a, b) + spread
    loose = set(_outside([s for s, _, _ in graded], a, b, blocked, _touches, both=True))
    summaries += loose_summaries([g for g in graded if g[0] in loose], a, b)
    if summaries:
        pieces = [_cluster_passage(c, a, b) for c in clusters if seeded_sentences(c) >= MIN_SEEDS]
        summaries = [q for q in summaries if not _in_pieces(q, pieces)]
    return out + summaries


def seeded_sentences(cluster: Collection[Seed]) -> int:
    """The fewer distinct sentences ``cluster`` holds of the two sides.

    >>> seeded_sentences([(3, 7), (4, 7), (5, 8)])
    2
    """
    return min(len({x for x, _ in cluster}), len({y for _, y in cluster}))


def _stands(cluster: list[Seed], whole: list[Seed], cosines: SentenceCosines) -> bool:
    """Whether a seed ``cluster`` (carried on to ``whole``) is a passage on its own:
    :data:`MIN_SEEDS` seeds, or one seed whose sentences share at least half their
    terms (a Dice coefficient of :data:`LONE_DICE`: most of a sentence said again)
    and that the next sentences carry on. A seed alone, or a weaker one carried on, is
    the kind of coincidence two texts on one topic hold."""
    if seeded_sentences(cluster) >= MIN_SEEDS:
        return True
    return len(whole) > len(cluster) and cosines.dice(*cluster[0]) >= LONE_DICE


def _in_pieces(summary: Passage, pieces: Sequence[Passage]) -> bool:
    """Whether ``summary`` is a copy in pieces rather than a summary: it spans two or
    more of ``pieces`` (seed clusters that are passages on their own) on both sides
    (passages copied from several places, put side by side in one document), or it
    holds, on one side only, text that one of them matches elsewhere (text copied from
    another place is not also summed up here)."""
    inside = 0
    for p in pieces:
        on_a = p.a_start < summary.a_end and summary.a_start < p.a_end
        on_b = p.b_start < summary.b_end and summary.b_start < p.b_end
        if on_a != on_b:
            return True
        inside += on_a and on_b
    return inside >= 2


def spread_summaries(
    scored: Sequence[tuple[Seed, float]], a: Sentences, b: Sentences
) -> list[Passage]:
    """Summaries in their own order: sentences close together on one side (at most
    :data:`GAP_SENTENCES` sentence between two) whose strongest seeds fall in at least
    :data:`SUMMARY_SENTENCES` places of the other document (places more than
    :data:`GAP_SENTENCES` sentence apart), and in at least half as many places as they
    are sentences (each summing up its own stretch; a copy in pieces puts a run of
    sentences in each place), over more sentences there than they are. The passage
    spans the summing sentences on one side, and on the other its matches, widened at
    each end by half their mean step (each match stands for the text around it).

    >>> from simhash_core.text.sentences import sentences_of
    >>> s = sentences_of(" ".join(f"Sentence {k} tells of rivers and hills." for k in range(20)))
    >>> s.text_span(0), s.text_span(1), s.text_span(19)
    ((0, 37), (38, 75), (731, 769))
    >>> [(p.a_start, p.a_end, p.b_start, p.b_end, p.units) for p in spread_summaries(
    ...     [((0, 4), 0.5), ((1, 10), 0.4), ((2, 16), 0.6)], s, s)]
    [(0, 113, 38, 769, 3)]
    >>> spread_summaries([((0, 4), 0.5), ((1, 5), 0.4), ((2, 16), 0.6)], s, s)  # a copy
    []
    """
    out = []
    for side in (0, 1):
        strongest = _strongest(scored, side)
        for block in _runs(sorted(strongest)):
            matched = sorted({strongest[x] for x in block})
            places = len(_runs(matched))
            if places < SUMMARY_SENTENCES or 2 * places < len(block):
                continue
            if matched[-1] - matched[0] <= block[-1] - block[0]:
                continue  # no shorter than what it would sum up
            out.append(_summary_passage(block, matched, side, a, b))
    return out


def _strongest(scored: Sequence[tuple[Seed, float]], side: int) -> dict[int, int]:
    """Each sentence of ``side`` that a seed of ``scored`` holds, with the sentence of
    the other side its strongest seed matches (the first, at equal cosines).

    >>> _strongest([((0, 4), 0.5), ((0, 7), 0.6), ((1, 2), 0.3), ((1, 3), 0.3)], 0)
    {0: 7, 1: 2}
    """
    best: dict[int, tuple[float, int]] = {}
    for seed, cosine in scored:
        here, there = seed[side], seed[1 - side]
        if (cosine, -there) > best.get(here, (-1.0, 0)):
            best[here] = (cosine, -there)
    return {here: -there for here, (_, there) in best.items()}


def loose_summaries(
    graded: Sequence[tuple[Seed, float, bool]], a: Sentences, b: Sentences
) -> list[Passage]:
    """Summaries that keep few of the words they sum up: ``graded`` holds the sentence
    pairs with at least :data:`LOOSE` of a seed's cosine and Dice (and whether each is
    a full seed). On each side, sentences close together (at most
    :data:`GAP_SENTENCES` between two), each with its strongest match in the other
    document, whose longest chain in the same order on both sides

    - runs over sentences close together on this side too (a summary is one stretch),
    - falls in at least :data:`SUMMARY_SENTENCES` places of the other side, and in
      at least half as many places as it holds sentences (each sums up its own stretch),
    - holds full seeds in at least two of those places (full seeds in one place are a
      copy, and the weaker matches around it what two texts on one topic share), and
    - sums up text at least :data:`CONDENSED` times as long as itself,

    is a summary: one passage over it, on the other side widened as in
    :func:`spread_summaries`.

    >>> from simhash_core.text.sentences import sentences_of
    >>> s = sentences_of(" ".join(f"Sentence {k} tells of rivers and hills." for k in range(20)))
    >>> graded = [((0, 3), 0.9, True), ((1, 9), 0.2, False), ((2, 15), 0.8, True)]
    >>> [(p.a_start, p.a_end, p.b_start, p.b_end) for p in loose_summaries(graded, s, s)]
    [(0, 113, 0, 730)]
    >>> loose_summaries([((0, 3), 0.9, True), ((1, 9), 0.2, False), ((2, 15), 0.3, False)], s, s)
    []
    """
    full = {seed for seed, _, whole in graded if whole}
    scored = [(seed, cosine) for seed, cosine, _ in graded]
    out = []
    for side in (0, 1):
        strongest = _strongest(scored, side)
        for block in _runs(sorted(strongest)):
            matches = [(x, strongest[x]) for x in block]
            if len(_runs(sorted({y for x, y in matches if _oriented(x, y, side) in full}))) < 2:
                continue  # no chain of these holds full seeds in two places
            for chain in _cut(in_order(matches), 0, GAP_SENTENCES + 1):
                seeds = {_oriented(x, y, side) for x, y in chain}
                matched = sorted({y for _, y in chain})
                places = len(_runs(matched))
                if places < SUMMARY_SENTENCES or 2 * places < len(chain):
                    continue
                if len(_runs(sorted({s[1 - side] for s in seeds & full}))) < 2:
                    continue
                p = _summary_passage([x for x, _ in chain], matched, side, a, b)
                if _condensed(p, side):
                    out.append(p)
    return out


def _summed(p: Passage, a: Sentences, b: Sentences) -> Passage:
    """Passage ``p`` that a summary rule found, marked as a summary if it is one."""
    return replace(p, summary=summing(p, a, b))


def summing(p: Passage, a: Sentences, b: Sentences) -> Summing | None:
    """Passage ``p`` (found by a summary rule) as a summary, when its sentences and its
    text on one side are at most a :data:`CONDENSED` part of those on the other; None
    otherwise (a copy whose sentences were cut or joined is as long as its source).

    >>> from simhash_core.text.sentences import sentences_of
    >>> s = sentences_of(" ".join(f"Sentence {k} tells of rivers and hills." for k in range(20)))
    >>> summing(Passage(0, 113, 0, 730, 3, kind="reworded"), s, s)
    Summing(side=0, sentences=3, summed=19)
    >>> summing(Passage(0, 113, 38, 190, 3, kind="reworded"), s, s) is None  # 3 and 4
    True
    """
    na = _sentences_within(a, p.a_start, p.a_end)
    nb = _sentences_within(b, p.b_start, p.b_end)
    side = 0 if na < nb else 1
    if min(na, nb) and CONDENSED * min(na, nb) <= max(na, nb) and _condensed(p, side):
        return Summing(side, min(na, nb), max(na, nb))
    return None


def _oriented(here: int, there: int, side: int) -> Seed:
    """The seed of sentence ``here`` of ``side`` and ``there`` of the other side."""
    return (here, there) if side == 0 else (there, here)


def _condensed(p: Passage, side: int) -> bool:
    """Whether passage ``p``'s text on ``side`` is at most a :data:`CONDENSED` part of
    its text on the other side."""
    here, there = (p.a_end - p.a_start, p.b_end - p.b_start)
    if side == 1:
        here, there = there, here
    return CONDENSED * here <= there


def _runs(sentences: Sequence[int]) -> list[list[int]]:
    """Sorted ``sentences`` cut where more than :data:`GAP_SENTENCES` lie between two.

    >>> _runs([1, 3, 6, 7, 12])
    [[1, 3], [6, 7], [12]]
    """
    out: list[list[int]] = []
    for x in sentences:
        if not out or x - out[-1][-1] > GAP_SENTENCES + 1:
            out.append([])
        out[-1].append(x)
    return out


def _summary_passage(
    block: list[int], matched: list[int], side: int, a: Sentences, b: Sentences
) -> Passage:
    """The passage of a summary: ``block`` on ``side``, ``matched`` on the other side
    widened by half their mean step at each end."""
    here, there = (a, b) if side == 0 else (b, a)
    half = (matched[-1] - matched[0]) / (len(matched) - 1) / 2
    first = max(0, math.floor(matched[0] - half + 0.5))
    last = min(there.count - 1, math.floor(matched[-1] + half + 0.5))
    s0, s1 = here.text_span(block[0])[0], here.text_span(block[-1])[1]
    o0, o1 = there.text_span(first)[0], there.text_span(last)[1]
    n = len(block)
    if side == 0:
        return _summed(Passage(s0, s1, o0, o1, n, False, REWORDED, n), a, b)
    return _summed(Passage(o0, o1, s0, s1, n, False, REWORDED, n), a, b)


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
                if 2 * len(_runs(sorted({s[1 - side] for s in chain}))) < len(chain):
                    continue  # a copy in pieces: a run of sentences in each place
                if max(Counter(home[s] for s in chain).values()) < len(chain):
                    out.append(_summed(_cluster_passage(chain, a, b), a, b))
    return out


def in_order(seeds: Sequence[Seed]) -> list[Seed]:
    """The longest chain of ``seeds`` rising on both sides (the first such, in order):
    of the longest chains, the one ending at the first seed in order, each step coming
    from the first seed in order that gives its length. A Fenwick tree over the second
    side holds, for each prefix, the longest chain ending there and its first seed, so
    a folder's long documents cost ``n log n``, not ``n ** 2``.

    >>> in_order([(0, 5), (1, 40), (2, 6), (3, 9)])
    [(0, 5), (2, 6), (3, 9)]
    >>> in_order([(0, 1), (0, 2), (1, 1), (1, 2)])  # a step rises on both sides
    [(0, 1), (1, 2)]
    """
    ordered = sorted(seeds)
    rank = {y: r for r, y in enumerate(sorted({y for _, y in ordered}))}
    tree = [(0, 0)] * (len(rank) + 1)  # (length, -first seed) over ranges of ranks
    best, prev = [1] * len(ordered), [-1] * len(ordered)
    start = 0
    while start < len(ordered):
        end = start  # seeds of one sentence of the first side: none follows another
        while end < len(ordered) and ordered[end][0] == ordered[start][0]:
            end += 1
        for x in range(start, end):
            length, first = _longest_before(tree, rank[ordered[x][1]])
            if length:
                best[x], prev[x] = length + 1, -first
        for x in range(start, end):
            _rise(tree, rank[ordered[x][1]] + 1, (best[x], -x))
        start = end
    x = max(range(len(ordered)), key=lambda k: (best[k], -k), default=-1)
    chain = []
    while x != -1:
        chain.append(ordered[x])
        x = prev[x]
    return chain[::-1]


def _longest_before(tree: list[tuple[int, int]], rank: int) -> tuple[int, int]:
    """The largest entry of Fenwick ``tree`` over ranks below ``rank``."""
    got = (0, 0)
    while rank > 0:
        got = max(got, tree[rank])
        rank -= rank & -rank
    return got


def _rise(tree: list[tuple[int, int]], at: int, value: tuple[int, int]) -> None:
    """Fenwick ``tree`` with ``value`` entered at (1-based) position ``at``."""
    while at < len(tree):
        if value > tree[at]:
            tree[at] = value
        at += at & -at


def one_place(scored: Sequence[tuple[Seed, float]]) -> list[Seed]:
    """The seeds that keep each sentence in one place of the other document: of the
    seeds of one sentence, the strongest and those next to it there (a sentence said
    again as two), side by side in turn.

    >>> one_place([((4, 2), 0.4), ((4, 5), 0.7), ((4, 6), 0.5), ((9, 6), 0.3)])
    [(4, 5), (4, 6)]
    """
    kept = dict(scored)
    for side in (0, 1):
        places: dict[int, list[Seed]] = {}
        for s in kept:
            places.setdefault(s[side], []).append(s)
        for group in places.values():
            if len(group) < 2:
                continue
            best = max(group, key=lambda s: (kept[s], -s[1 - side]))
            run = {best[1 - side]}
            for s in sorted(group, key=lambda s: abs(s[1 - side] - best[1 - side])):
                if s[1 - side] - 1 in run or s[1 - side] + 1 in run:
                    run.add(s[1 - side])
            for s in group:
                if s[1 - side] not in run:
                    del kept[s]
    return sorted(kept)


def sentence_seeds(a: Sentences, b: Sentences) -> list[Seed]:
    """:func:`scored_seeds` without their cosines."""
    return [s for s, _ in scored_seeds(a, b)]


def may_seed(a: Sentences, b: Sentences, x: int, y: int) -> bool:
    """Whether sentence ``x`` of ``a`` and ``y`` of ``b`` may be a seed: the same
    language, sharing :data:`SEED_DICE` of their distinct terms (a seed's cosine, which
    needs both documents' sentences for its IDF, is not asked). A check of one pair of
    sentences, for pairs where the whole seeding would mostly find nothing.

    >>> from simhash_core.text.sentences import sentences_of
    >>> a = sentences_of("The cat sat on the warm mat today. Stocks fell sharply in Tokyo again.")
    >>> b = sentences_of("Today the cat sat on a warm mat.")
    >>> may_seed(a, b, 0, 0), may_seed(a, b, 1, 0)
    (True, False)
    """
    if a.lang[x] != b.lang[y]:
        return False
    terms_a, terms_b = set(a.words(x).tolist()), set(b.words(y).tolist())
    return 2 * len(terms_a & terms_b) >= SEED_DICE * max(len(terms_a) + len(terms_b), 1)


def scored_seeds(
    a: Sentences, b: Sentences, terms: Terms | None = None
) -> list[tuple[Seed, float]]:
    """Sentence pairs of ``a`` and ``b`` in the same language with a TF-IDF cosine of
    at least :data:`SEED_COSINE` and a Dice coefficient of at least :data:`SEED_DICE`,
    in order.

    >>> from simhash_core.text.sentences import sentences_of
    >>> a = sentences_of("The cat sat on the warm mat today. Stocks fell sharply in Tokyo again.")
    >>> b = sentences_of("Prices of rice rose in the north. Today the cat sat on a warm mat.")
    >>> [(seed, round(cosine, 2)) for seed, cosine in scored_seeds(a, b)]
    [((0, 1), 1.0)]
    """
    return [(seed, cosine) for seed, cosine, _ in graded_seeds(a, b, terms)]


def graded_seeds(
    a: Sentences, b: Sentences, terms: Terms | None = None, strength: float = 1.0
) -> list[tuple[Seed, float, bool]]:
    """Sentence pairs of ``a`` and ``b`` in the same language with at least
    ``strength`` times a seed's cosine and Dice coefficient, in order, with their
    cosines and whether each is a full seed (see :func:`scored_seeds`).

    >>> from simhash_core.text.sentences import sentences_of
    >>> a = sentences_of("The cat sat on the warm mat today. Stocks fell sharply in Tokyo again.")
    >>> b = sentences_of("Stocks fell in London on Monday. Today the cat sat on a warm mat.")
    >>> [(seed, round(cosine, 2), full) for seed, cosine, full in graded_seeds(a, b, None, 0.5)]
    [((0, 1), 1.0, True), ((1, 0), 0.2, False)]
    """
    if a.count == 0 or b.count == 0:
        return []
    rows, cols, weights, sizes = _term_rows(a, b) if terms is None else terms
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
    out: list[tuple[Seed, float, bool]] = []
    lo = 0  # A's term entries in blocks of whole sentences, each joining few enough pairs
    while lo < len(a_rows):
        hi = int(np.searchsorted(ends, (ends[lo - 1] if lo else 0) + _JOINED, side="right"))
        # to the end of a sentence: each pair of sentences is one block's
        hi = int(np.searchsorted(a_rows, a_rows[max(hi, lo + 1) - 1], side="right"))
        part = slice(lo, hi)
        out += _seeds_of(
            a, b, a_rows[part], a_cols[part], a_weights[part], times[part],
            (b_rows, b_weights, b_start), sizes, strength,
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
    strength: float,
) -> list[tuple[Seed, float, bool]]:
    """The seeds of ``strength`` (their cosines, and whether each is a full seed) among
    A's term entries given (whole sentences), each joined with the ``times`` entries of
    B holding its term."""
    b_rows, b_weights, b_start = b_side
    total = int(times.sum())
    if total == 0:
        return []
    left = np.repeat(np.arange(len(a_rows)), times)
    step = np.arange(total) - np.repeat(np.cumsum(times) - times, times)
    right = b_start[a_cols[left]] + step
    cells = a_rows[left] * b.count + b_rows[right]
    found, shared, cosine = _summed_cells(cells, a_weights[left] * b_weights[right])
    x, y = found // b.count, found % b.count
    dice = 2.0 * shared / np.maximum(sizes[x] + sizes[a.count + y], 1)
    same = a.lang[x] == b.lang[y]
    keep = (dice >= strength * SEED_DICE) & (cosine >= strength * SEED_COSINE) & same
    full = (dice[keep] >= SEED_DICE) & (cosine[keep] >= SEED_COSINE)
    pairs = zip(x[keep].tolist(), y[keep].tolist(), strict=True)
    return list(zip(pairs, cosine[keep].tolist(), full.tolist(), strict=True))


def _summed_cells(cells: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, ...]:
    """The distinct ``cells`` in order, how often each occurs and the sum of its
    ``weights`` (added in the order given). Counted in place over the cells' range when
    it is not much larger than the cells (a block of sentence pairs: the common case),
    else through a sort; the same numbers either way.

    >>> found, n, w = _summed_cells(np.array([7, 3, 7, 5]), np.array([0.5, 1.0, 0.25, 2.0]))
    >>> found.tolist(), n.tolist(), w.tolist()
    ([3, 5, 7], [1, 1, 2], [1.0, 2.0, 0.75])
    """
    low = int(cells.min())
    span = int(cells.max()) - low + 1
    if span > _DENSE * len(cells) + 1024:
        found, where = np.unique(cells, return_inverse=True)
        return found, np.bincount(where), np.bincount(where, weights=weights)
    at = cells - low
    counts = np.bincount(at, minlength=span)
    held = np.flatnonzero(counts)
    sums = np.bincount(at, weights=weights, minlength=span)
    return held + low, counts[held], sums[held]


_DENSE = 8  # cells counted in place over a range up to this many times their number


def _term_rows(a: Sentences, b: Sentences) -> Terms:
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


SEED_HELD = 0.9  # a sentence a word passage covers this much of is shown as copied already


def _holds(s0: np.ndarray, s1: np.ndarray, p0: int, p1: int) -> np.ndarray:
    """Whether passage ``[p0, p1)`` holds each sentence ``[s0, s1)``: covers at least
    :data:`SEED_HELD` of it (what a word passage leaves out at a sentence's edges, its
    full stop or a word not copied, does not make the sentence new evidence)."""
    covered = np.minimum(s1, p1) - np.maximum(s0, p0)
    return covered >= SEED_HELD * np.maximum(s1 - s0, 1)


def _beyond(
    seeds: list[Seed],
    a: Sentences,
    b: Sentences,
    copied: Sequence[Passage],
    texts: tuple[str, str] | None,
) -> list[Seed]:
    """``seeds`` but those a passage of ``copied`` touches on both sides whose
    sentences share too few terms past it (see :func:`seed_passages`)."""
    out = []
    for x, y in seeds:
        (a0, a1), (b0, b1) = a.text_span(x), b.text_span(y)
        near = [
            p for p in copied if p.a_start < a1 and a0 < p.a_end and p.b_start < b1 and b0 < p.b_end
        ]
        if not near:
            out.append((x, y))
            continue
        if texts is None:
            continue
        rest_a = _past(texts[0], a0, a1, [(p.a_start, p.a_end) for p in near])
        rest_b = _past(texts[1], b0, b1, [(p.b_start, p.b_end) for p in near])
        if _dice(rest_a, rest_b) >= SEED_DICE:
            out.append((x, y))
    return out


def _past(text: str, start: int, end: int, spans: Sequence[tuple[int, int]]) -> str:
    """``text[start:end]`` without the characters of ``spans`` (each gap a new line).

    >>> _past("abcdefgh", 0, 8, [(2, 4), (5, 6)]).split()
    ['ab', 'e', 'gh']
    """
    parts, at = [], start
    for s, e in sorted(spans):
        if s > at:
            parts.append(text[at : min(s, end)])
        at = max(at, e)
    if at < end:
        parts.append(text[at:end])
    return "\n".join(p for p in parts if p)


def _dice(x: str, y: str) -> float:
    """The Dice coefficient of the terms of two bits of text (as sentences count them)."""
    tx, ty = (set(terms_of(t).tolist()) for t in (x, y))
    return 2 * len(tx & ty) / max(len(tx) + len(ty), 1)


def _free(seed: Seed, a: Sentences, b: Sentences, closed: Sequence[Passage]) -> bool:
    """Whether no passage of ``closed`` touches both sentences of ``seed`` nor holds
    either (as :func:`_touches` and :func:`_holds` tell): text left out or copied word
    for word already."""
    (a0, a1), (b0, b1) = a.text_span(seed[0]), b.text_span(seed[1])
    for p in closed:
        on_a = min(a1, p.a_end) - max(a0, p.a_start)
        on_b = min(b1, p.b_end) - max(b0, p.b_start)
        if on_a > 0 and on_b > 0:
            return False
        if on_a >= SEED_HELD * max(a1 - a0, 1) or on_b >= SEED_HELD * max(b1 - b0, 1):
            return False
    return True


def _touches(s0: np.ndarray, s1: np.ndarray, p0: int, p1: int) -> np.ndarray:
    """Whether passage ``[p0, p1)`` shares a character with each sentence ``[s0, s1)``."""
    return (p0 < s1) & (s0 < p1)


def _outside(
    seeds: list[Seed],
    a: Sentences,
    b: Sentences,
    passages: Sequence[Passage],
    meets: Callable[[np.ndarray, np.ndarray, int, int], np.ndarray],
    *,
    both: bool,
) -> list[Seed]:
    """``seeds`` but those whose sentences ``meets`` one of ``passages`` on both sides
    (``both``) or on either side (``meets(starts, ends, start, end)``: per sentence,
    on one side)."""
    if not seeds or not passages:
        return seeds
    x, y = np.array(seeds).T
    a0, a1, b0, b1 = a.spans[2 * x], a.spans[2 * x + 1], b.spans[2 * y], b.spans[2 * y + 1]
    met = np.zeros(len(seeds), bool)
    for p in passages:
        on_a, on_b = meets(a0, a1, p.a_start, p.a_end), meets(b0, b1, p.b_start, p.b_end)
        met |= (on_a & on_b) if both else (on_a | on_b)
    return [s for s, k in zip(seeds, met.tolist(), strict=True) if not k]


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
            return [q.passage(a, b) for q in joined]
        parts = joined


def _join_pass(parts: list[_Part], a: Sentences, b: Sentences) -> list[_Part]:
    """One sweep of :func:`join_passages` over parts sorted by ``a0``."""
    out: list[_Part] = []
    for q in parts:
        into = next((k for k in out if _near(k, q, a, b)), None)
        if into is None:
            out.append(replace(q, chars=dict(q.chars)))
            continue
        # two finds of the same sentences (a seed cluster over a reworded passage, two
        # summary rules) count them once; passages side by side count both
        both = into.a0 < q.a1 and q.a0 < into.a1 and into.b0 < q.b1 and q.b0 < into.b1
        into.sentences = max(into.sentences, q.sentences) if both else into.sentences + q.sentences
        into.a0, into.a1 = min(into.a0, q.a0), max(into.a1, q.a1)
        into.b0, into.b1 = min(into.b0, q.b0), max(into.b1, q.b1)
        into.units += q.units
        into.summary = into.summary or q.summary
        for kind, n in q.chars.items():
            into.chars[kind] = into.chars.get(kind, 0) + n
    return out


def _near(p: _Part | Passage, q: _Part | Passage, a: Sentences, b: Sentences) -> bool:
    """Whether ``p`` and ``q`` overlap or nearly touch in both documents."""
    (pa, pb), (qa, qb) = _spans(p), _spans(q)
    on_a = _gap(pa, qa, a)
    return on_a <= 2 * GAP_SENTENCES and on_a + _gap(pb, qb, b) <= 2 * GAP_SENTENCES


def _spans(p: _Part | Passage) -> tuple[tuple[int, int], tuple[int, int]]:
    if isinstance(p, _Part):
        return (p.a0, p.a1), (p.b0, p.b1)
    return (p.a_start, p.a_end), (p.b_start, p.b_end)


def _gap(x: tuple[int, int], y: tuple[int, int], s: Sentences) -> int:
    """How many whole sentences of ``s`` lie between spans ``x`` and ``y`` of one
    document (0 when they overlap or touch; more than ``2 * GAP_SENTENCES`` when the
    gap holds more text than that many sentences can: text without sentences is no
    smaller a gap)."""
    gap0, gap1 = min(x[1], y[1]), max(x[0], y[0])
    if gap1 <= gap0:
        return 0
    if gap1 - gap0 > 2 * GAP_SENTENCES * MAX_CHARS:
        return 2 * GAP_SENTENCES + 1
    return _sentences_within(s, gap0, gap1)


def ended(p: Passage, a: Sentences, b: Sentences, texts: tuple[str, str]) -> Passage:
    """``p`` with each end that lies in text without sentence ends of its own moved to
    the last (or first) word there that the other side's passage holds too.

    A list, a table or a web page's lines have no full stops: such text is cut into
    pieces of :data:`MAX_CHARS` characters (:func:`~.sentences.sentence_bounds`), and a
    passage taking whole sentences would run on to a cut that says nothing about where
    the copy ends. An end in an ordinary sentence stays where the sentence ends; so does
    one in a piece with no word of the other side's passage, or in a translated passage
    (its two sides share no words).

    >>> from simhash_core.text.sentences import sentences_of
    >>> x = "Listed: " + " ".join(["red apples and green pears"] * 3) + " " + "zzz " * 100
    >>> y = "Shown here: red apples and green pears and more red apples and green pears."
    >>> p = ended(Passage(0, len(x), 0, len(y), 10, kind="reworded"),
    ...           sentences_of(x), sentences_of(y), (x, y))
    >>> x[p.a_start:p.a_end][-11:], p.b_end == len(y)
    ('green pears', True)
    """
    if p.common or p.kind not in (COPIED, REWORDED):
        return p
    a0, a1 = _open_ends(a, texts[0], p.a_start, p.a_end, (texts[1], p.b_start, p.b_end))
    b0, b1 = _open_ends(b, texts[1], p.b_start, p.b_end, (texts[0], p.a_start, p.a_end))
    if (a0, a1, b0, b1) == (p.a_start, p.a_end, p.b_start, p.b_end):
        return p
    return replace(p, a_start=a0, a_end=a1, b_start=b0, b_end=b1)


_HAN_RUN = LazyRegex(rf"[{CJK_RANGES}]+")
_TOKEN = LazyRegex(rf"{_HAN_RUN.pattern}|[^\W_{CJK_RANGES}]+")  # a Chinese run, or a word


def _open_ends(
    s: Sentences, text: str, start: int, end: int, other: tuple[str, int, int]
) -> tuple[int, int]:
    """``[start, end)`` of ``text`` (sentences ``s``) with an end in a run-on
    (:func:`_run_on`) moved to the nearest word of the run inside the span whose terms
    the ``other`` side's span (its text, start and end) holds too."""
    if s.count == 0:
        return start, end
    starts, ends = s.spans[0::2], s.spans[1::2]
    first = int(np.searchsorted(ends, start, side="right"))  # the piece holding start
    last = int(np.searchsorted(starts, end, side="left")) - 1  # the piece holding end - 1
    wanted: set[int] | None = None
    if 0 <= last < s.count and _run_on(s, last):
        k = last
        while k > 0 and _run_on(s, k - 1) and starts[k] == ends[k - 1]:
            k -= 1
        wanted = set(terms_of(other[0][other[1] : other[2]]).tolist())
        end = _moved_end(text, max(int(starts[k]), start), end, wanted)
    if first < s.count and _run_on(s, first):
        k = first
        while k + 1 < s.count and _run_on(s, k + 1) and starts[k + 1] == ends[k]:
            k += 1
        if wanted is None:
            wanted = set(terms_of(other[0][other[1] : other[2]]).tolist())
        start = _moved_start(text, start, min(int(ends[k]), end), wanted)
    return start, end


_WINDOW = 1024  # characters read first from a passage's end (its last held word is near)


def _moved_end(text: str, lo: int, end: int, wanted: set[int]) -> int:
    """:func:`_last_kept` over the words of ``text[lo:end]``, read from the end in
    windows growing fourfold until one holds a word ``wanted`` holds (a run-on of a
    megabyte is not read whole for each passage ending in it)."""
    width = _WINDOW
    while True:
        at = max(lo, end - width)
        words = _words_in(text, at, end)[1 if at > lo else 0 :]  # the first may be cut
        if at == lo or any(not wanted.isdisjoint(w[2]) for w in words):
            return _last_kept(words, wanted, end)
        width *= 4


def _moved_start(text: str, start: int, hi: int, wanted: set[int]) -> int:
    """:func:`_moved_end` for a passage's start: its words up to ``hi`` read forward."""
    width = _WINDOW
    while True:
        to = min(hi, start + width)
        words = _words_in(text, start, to)
        if to < hi:
            words = words[:-1]  # the last may be cut
        if to == hi or any(not wanted.isdisjoint(w[2]) for w in words):
            mirrored = [(-w1, -w0, t) for w0, w1, t in reversed(words)]
            return -_last_kept(mirrored, wanted, -start)
        width *= 4


def _last_kept(
    words: Sequence[tuple[int, int, Collection[int]]], wanted: set[int], end: int
) -> int:
    """Where a passage ending at ``end`` after ``words`` (in order) ends: after the word
    before the first term past the last word whose terms ``wanted`` holds (words
    without terms there, such as "of the", stay with it); ``end`` when no word is
    held, or none with terms follows the last one held.

    >>> w = [(0, 3, {1}), (4, 6, set()), (7, 9, {2}), (10, 12, {5})]
    >>> _last_kept(w, {1}, 12), _last_kept(w, {5}, 12), _last_kept(w, {9}, 12)
    (6, 12, 12)
    """
    held = [k for k, w in enumerate(words) if not wanted.isdisjoint(w[2])]
    if not held:
        return end
    after = next((k for k in range(held[-1] + 1, len(words)) if words[k][2]), None)
    return end if after is None else words[after - 1][1]


def _run_on(s: Sentences, k: int) -> bool:
    """Whether sentence ``k`` of ``s`` is a piece of a run of text without a sentence
    end (:func:`~.sentences.sentence_bounds` cuts one longer than :data:`MAX_CHARS`
    into pieces of that length and what is left): a piece that long, or the piece that
    goes straight on from one."""
    starts, ends = s.spans[0::2], s.spans[1::2]
    if ends[k] - starts[k] >= MAX_CHARS:
        return True
    return bool(k > 0 and ends[k - 1] - starts[k - 1] >= MAX_CHARS and starts[k] == ends[k - 1])


def _words_in(text: str, start: int, end: int) -> list[tuple[int, int, frozenset[int]]]:
    """The words of ``text[start:end]`` in order: each one's span and terms (none for
    a word sentences do not count; a Chinese run gives each pair of its characters)."""
    out = []
    for m in _TOKEN.finditer(text, start, end):
        if _HAN_RUN.fullmatch(m.group()):
            for k in range(m.start(), m.end() - 1):
                out.append((k, k + 2, _terms(text[k : k + 2])))
            continue
        out.append((m.start(), m.end(), _terms(m.group())))
    return out


@lru_cache(maxsize=1 << 16)
def _terms(word: str) -> frozenset[int]:
    """The terms of one word or pair of Chinese characters (:func:`terms_of`), once per
    process: the words of a folder repeat."""
    return frozenset(terms_of(word).tolist())


def _sentences_within(s: Sentences, start: int, end: int) -> int:
    """How many of ``s``'s sentences lie wholly inside ``[start, end)``."""
    starts, ends = s.spans[0::2], s.spans[1::2]
    return int(np.count_nonzero((starts >= start) & (ends <= end)))
