"""Judging: the passages a teacher is shown, by the settings' thresholds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from simhash_core.compare.meaning.runs import (
    REWORDED,
    TRANSLATED,
    MeaningRun,
    PairMeaning,
    SentenceLink,
    chain_runs,
)
from simhash_core.text.facts import Facts, facts_disagree
from simhash_core.text.sentences import Sentences
from simhash_core.types import Passage

COPIED_COSINE = 0.9  # sentences this alike keep their words: copied, not reworded


@dataclass(frozen=True)
class MeaningFound:
    """A pair's reworded and translated passages, judged by the settings' thresholds.
    Which side they come from is not guessed here (see :mod:`.direction`)."""

    passages: tuple[Passage, ...]
    reworded: int  # sentences (the fewer of the two sides) in reworded passages
    translated: int
    share_a: float  # share of A's sentence text inside the passages
    share_b: float
    strength: float
    # the sentences (of A, of B) the meaning layer matched, closer than the class's usual
    # ones, in passages or not (one is what chance gives two texts on one subject)
    links: tuple[tuple[int, int], ...] = ()


NOTHING_FOUND = MeaningFound((), 0, 0, 0.0, 0.0, 0.0)


def sentence_share(s: Sentences, spans: Sequence[tuple[int, int]]) -> float:
    """Share of ``s``'s sentence text in sentences lying wholly inside one of ``spans``
    (original-text offsets).

    >>> from simhash_core.text.sentences import sentences_of
    >>> s = sentences_of("The cat sat on the warm mat today. Stocks fell in Tokyo again and again.")
    >>> s.text_span(0), round(sentence_share(s, [(0, 34)]), 2), sentence_share(s, [(0, 90)])
    ((0, 34), 0.48, 1.0)
    """
    starts, ends = s.spans[0::2].astype(np.int64), s.spans[1::2].astype(np.int64)
    total = int((ends - starts).sum())
    if not total or not spans:
        return 0.0
    inside = np.zeros(len(starts), bool)
    for a, b in spans:
        inside |= (a <= starts) & (ends <= b)
    return float((ends - starts)[inside].sum() / total)


def spans_covered(spans: list[tuple[int, int]], start: int, end: int) -> float:
    """Share of ``[start, end)`` inside ``spans`` (which do not overlap each other).

    >>> spans_covered([(0, 5), (8, 10)], 0, 10)
    0.7
    """
    if end <= start:
        return 0.0
    inside = sum(max(0, min(e, end) - max(s, start)) for s, e in spans)
    return min(1.0, inside / (end - start))


def shown_beside(words: Sequence[Passage], found: Sequence[Passage]) -> list[Passage]:
    """The reworded and translated passages of ``found`` that a pair shows beside its
    word-for-word passages ``words``: one mostly copied word for word (half of it or
    more inside word passages on both sides) shows as copied, not again.

    >>> copied = Passage(0, 100, 0, 100, 50)
    >>> meant = [Passage(10, 60, 10, 60, 3, kind="reworded"), Passage(200, 260, 200, 260, 3)]
    >>> [x.a_start for x in shown_beside([copied], meant)]
    [200]
    """
    a_spans = [(p.a_start, p.a_end) for p in words]
    b_spans = [(p.b_start, p.b_end) for p in words]
    return [
        p
        for p in found
        if spans_covered(a_spans, p.a_start, p.a_end) < 0.5
        or spans_covered(b_spans, p.b_start, p.b_end) < 0.5
    ]


def judge_meaning(
    found: PairMeaning,
    a: Sentences,
    b: Sentences,
    *,
    margin: float,
    min_sentences: int,
    texts: tuple[str, str] | None = None,
) -> MeaningFound:
    """The passages of ``found`` that a teacher is shown: runs of at least
    ``min_sentences`` sentences, each link at least ``margin``. Sentences that keep
    their words (a cosine of at least :data:`COPIED_COSINE`) are left out: word
    passages show them as copied. With the documents' ``texts``, so are reworded
    sentences whose names and numbers disagree (:func:`~simhash_core.text.facts.
    facts_disagree`): two texts built from one template, each filled with its own
    facts, are not reworded copies.

    >>> from simhash_core.text.sentences import sentences_of
    >>> s = sentences_of(" ".join(f"Sentence {k} has six words here." for k in range(4)))
    >>> links = tuple(SentenceLink(k, k, 2.0, 0.5) for k in range(4))
    >>> f = judge_meaning(PairMeaning((MeaningRun(REWORDED, links),), 2.0), s, s,
    ...                   margin=1.3, min_sentences=3)
    >>> f.reworded, str(f.passages[0].kind), f.passages[0].sentences, f.share_a
    (4, 'reworded', 4, 1.0)
    """
    passages: list[Passage] = []
    counts = {REWORDED: 0, TRANSLATED: 0}
    a_spans: set[int] = set()
    b_spans: set[int] = set()
    links = _linked(found, margin)
    for run in found.runs:
        if len(run.links) < min_sentences:  # no part of it can make a passage
            continue
        for part in chain_runs(_judged_links(run, margin, a, b, texts), run.kind):
            if part.sentences < min_sentences:
                continue
            counts[part.kind] += part.sentences
            sa = {k.a for k in part.links}
            sb = {k.b for k in part.links}
            a_spans |= sa
            b_spans |= sb
            a0, a1 = a.text_span(min(sa))[0], a.text_span(max(sa))[1]
            b0, b1 = b.text_span(min(sb))[0], b.text_span(max(sb))[1]
            passages.append(
                Passage(a0, a1, b0, b1, part.sentences, False, part.kind, part.sentences)
            )
    if not passages:
        return MeaningFound((), 0, 0, 0.0, 0.0, found.strength, links)
    share_a = _text_share(a, a_spans)
    share_b = _text_share(b, b_spans)
    passages.sort(key=lambda p: (p.a_start, p.b_start))
    return MeaningFound(
        tuple(passages),
        counts[REWORDED],
        counts[TRANSLATED],
        share_a,
        share_b,
        found.strength,
        links,
    )


def _judged_links(
    run: MeaningRun, margin: float, a: Sentences, b: Sentences, texts: tuple[str, str] | None
) -> list[SentenceLink]:
    """The links of ``run`` that may be shown: at least ``margin`` or between two such
    (:func:`between_kept`), and (reworded) not a sentence that keeps its words, nor one
    whose facts disagree."""
    kept = [k for k in run.links if run.kind == TRANSLATED or k.cosine < COPIED_COSINE]
    if run.kind == REWORDED and texts is not None:
        kept = [k for k in kept if not _other_facts(a, b, texts, k)]
    return between_kept(kept, margin)


def between_kept(links: Sequence[SentenceLink], margin: float) -> list[SentenceLink]:
    """The ``links`` of at least ``margin``, and those weaker (the layer links them at
    :data:`~.links.BETWEEN_MARGIN`) lying between two of them on both sides: sentence
    ``x + 1`` matching ``y + 1`` where ``x`` matches ``y`` and ``x + 2`` matches ``y + 2``.

    >>> L = [SentenceLink(0, 5, 2.0, .4), SentenceLink(1, 6, 1.1, .2), SentenceLink(2, 7, 1.6, .4),
    ...      SentenceLink(4, 9, 1.1, .2)]
    >>> [(k.a, k.b) for k in between_kept(L, 1.3)]
    [(0, 5), (1, 6), (2, 7)]
    """
    strong = {(k.a, k.b) for k in links if k.margin >= margin}
    return [
        k
        for k in links
        if (k.a, k.b) in strong or ((k.a - 1, k.b - 1) in strong and (k.a + 1, k.b + 1) in strong)
    ]


def _linked(found: PairMeaning, margin: float) -> tuple[tuple[int, int], ...]:
    """The sentences (of A, of B) of ``found``'s links of at least ``margin``: the
    sentences the pair is linked by (:attr:`MeaningFound.links`)."""
    return tuple(sorted((k.a, k.b) for run in found.runs for k in run.links if k.margin >= margin))


def _other_facts(a: Sentences, b: Sentences, texts: tuple[str, str], k: SentenceLink) -> bool:
    """Whether the two sentences of link ``k`` state other facts (names, numbers)."""
    return other_facts(a, b, texts, k.a, k.b)


def other_facts(a: Sentences, b: Sentences, texts: tuple[str, str], x: int, y: int) -> bool:
    """Whether sentence ``x`` of ``a`` and sentence ``y`` of ``b`` (of the documents'
    ``texts``) state other facts: names or numbers that disagree
    (:func:`~simhash_core.text.facts.facts_disagree`).

    >>> from simhash_core.text.sentences import sentences_of
    >>> t1, t2 = "Brown County had 44,846 people.", "Adams County had 28,550 people."
    >>> other_facts(sentences_of(t1), sentences_of(t2), (t1, t2), 0, 0)
    True
    """
    (a0, a1), (b0, b1) = a.text_span(x), b.text_span(y)
    return facts_disagree(_facts(texts[0][a0:a1]), _facts(texts[1][b0:b1]))


@lru_cache(maxsize=4096)
def _facts(sentence: str) -> Facts:
    return Facts.of(sentence)


def _text_share(s: Sentences, chosen: set[int]) -> float:
    lengths = s.spans[1::2].astype(np.int64) - s.spans[0::2]
    total = int(lengths.sum())
    return float(lengths[sorted(chosen)].sum() / total) if total else 0.0
