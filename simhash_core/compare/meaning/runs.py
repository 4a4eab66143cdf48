"""Runs: a pair's matched sentences chained in order on both sides.

A reworded or translated passage is a chain of at least :data:`MIN_SENTENCES` matched
sentences (a step may skip one sentence, or merge two into one: translators split and
join sentences); one similar sentence is never evidence. A pair's *strength* ranks it
when it has no passage: how close its best few sentences in a row are.
"""

from __future__ import annotations

from dataclasses import dataclass

from simhash_core.types import PassageKind

MIN_SENTENCES = 3  # a reworded or translated passage has at least 3 sentences
MAX_STEP = 2  # consecutive matched sentences may skip one sentence on either side


REWORDED, TRANSLATED = PassageKind.REWORDED, PassageKind.TRANSLATED


@dataclass(frozen=True)
class SentenceLink:
    """Sentence ``a`` of the first document matches sentence ``b`` of the second."""

    a: int
    b: int
    margin: float
    cosine: float


@dataclass(frozen=True)
class MeaningRun:
    """Consecutive matched sentences of two documents: one reworded or translated
    passage. ``links`` are in order on both sides."""

    kind: PassageKind  # REWORDED or TRANSLATED
    links: tuple[SentenceLink, ...]

    @property
    def sentences(self) -> int:
        """Distinct sentences on the side with fewer of them."""
        return min(len({k.a for k in self.links}), len({k.b for k in self.links}))


@dataclass(frozen=True)
class PairMeaning:
    """What the meaning layer found for documents ``a < b``: every run of matched
    sentences (longest first) and a ranking strength."""

    runs: tuple[MeaningRun, ...]
    strength: float  # best mean margin of MIN_SENTENCES chained sentences (0: none)


def chain_runs(links: list[SentenceLink], kind: PassageKind) -> list[MeaningRun]:
    """Matched sentences of one pair grouped into runs that keep their order.

    Each link continues the longest run ending at a link at most :data:`MAX_STEP`
    sentences before it on both sides (and not behind it on either). Runs are returned
    longest first; a link belongs to one run.

    >>> L = [SentenceLink(a, b, 3.0, 0.5) for a, b in [(0, 5), (1, 6), (3, 7), (9, 1)]]
    >>> [[(k.a, k.b) for k in r.links] for r in chain_runs(L, "reworded")]
    [[(0, 5), (1, 6), (3, 7)], [(9, 1)]]
    """
    if len(links) == 1:  # most pairs of a folder: one similar sentence
        return [MeaningRun(kind, (links[0],))]
    links = sorted(links, key=lambda k: (k.a, k.b))
    best_len, best_sum, prev = _longest_chains(links)
    used = [False] * len(links)
    runs: list[MeaningRun] = []
    for end in sorted(range(len(links)), key=lambda x: (-best_len[x], -best_sum[x], x)):
        chain = _unused_chain(end, prev, used)
        if chain:
            runs.append(MeaningRun(kind, tuple(links[x] for x in reversed(chain))))
    runs.sort(key=lambda r: (-r.sentences, -sum(k.margin for k in r.links), r.links[0].a))
    return runs


def _longest_chains(links: list[SentenceLink]) -> tuple[list[int], list[float], list[int]]:
    """For each of the sorted ``links``: the length and margin sum of the longest
    (then strongest) chain ending at it, and the link before it there (-1: none)."""
    best_len = [1] * len(links)
    best_sum = [k.margin for k in links]
    prev = [-1] * len(links)
    for x, lx in enumerate(links):
        for y in range(x - 1, -1, -1):
            ly = links[y]
            if lx.a - ly.a > MAX_STEP:
                break
            da, db = lx.a - ly.a, lx.b - ly.b
            if 0 <= db <= MAX_STEP and (da, db) != (0, 0):
                better = (best_len[y] + 1, best_sum[y] + lx.margin) > (best_len[x], best_sum[x])
                if better:
                    best_len[x], best_sum[x], prev[x] = best_len[y] + 1, best_sum[y] + lx.margin, y
    return best_len, best_sum, prev


def _unused_chain(end: int, prev: list[int], used: list[bool]) -> list[int]:
    """The links of the chain ending at ``end``, back to the first one used already
    (last first), marked used."""
    chain, x = [], end
    while x != -1 and not used[x]:
        chain.append(x)
        x = prev[x]
    for x in chain:
        used[x] = True
    return chain


def chain_strength(links: list[SentenceLink]) -> float:
    """The best sum of margins of up to :data:`MIN_SENTENCES` links chained in order,
    divided by :data:`MIN_SENTENCES`: how close the pair's best few sentences in a row
    are (it ranks pairs that have no passage)."""
    if len(links) == 1 and links[0].margin >= 0:  # a chain of one: its part
        return max(0.0, links[0].margin / MIN_SENTENCES)
    links = sorted(links, key=lambda k: (k.a, k.b))
    best: list[list[float]] = []  # best[x][n - 1]: best sum of a chain of n ending at x
    top = 0.0
    for x, lx in enumerate(links):
        sums = [lx.margin] + [-1.0] * (MIN_SENTENCES - 1)
        for y in range(x - 1, -1, -1):
            ly = links[y]
            if lx.a - ly.a > MAX_STEP:
                break
            da, db = lx.a - ly.a, lx.b - ly.b
            if da >= 1 and 1 <= db <= MAX_STEP:
                for n in range(1, MIN_SENTENCES):
                    if best[y][n - 1] >= 0:
                        sums[n] = max(sums[n], best[y][n - 1] + lx.margin)
        best.append(sums)
        top = max(top, max(sums) / MIN_SENTENCES)  # a shorter chain counts its part
    return top
