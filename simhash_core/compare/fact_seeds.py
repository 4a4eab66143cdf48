"""Sentence seeds stating the same facts on both sides, and what they count in a passage.

A seed is a pair of sentences sharing a third of their terms
(:func:`~.extension.sentence_seeds`). A rewritten copy keeps its source's names and
numbers; two texts built from one template fill in their own
(:func:`~simhash_core.compare.meaning.other_facts`), so only seeds with the same facts
are evidence of rewriting. They also count a reworded passage's sentences as a teacher
sees them: a piece copied word for word and joined to a reworded one keeps its sentences
(:func:`recounted`), for the passage's header and the reason alike.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from simhash_core.compare.continuation import Seed
from simhash_core.compare.extension import REWORDED, seeded_sentences, sentence_seeds
from simhash_core.compare.meaning import other_facts
from simhash_core.text.sentences import Sentences
from simhash_core.types import Passage


def fact_seeds(a: Sentences, b: Sentences, texts: tuple[str, str]) -> set[Seed]:
    """The seeds of sentences ``a`` and ``b`` (of documents with ``texts``) stating the
    same facts on both sides.

    >>> from simhash_core.text.sentences import sentences_of
    >>> x = "In 1998 the river flooded 300 villages near the city. Rice fields were lost that year."
    >>> y = "In 2004 the river flooded 120 villages near the city. Rice fields were lost that year."
    >>> fact_seeds(sentences_of(x), sentences_of(y), (x, y))  # the first: other facts
    {(1, 1)}
    """
    return {(x, y) for x, y in sentence_seeds(a, b) if not other_facts(a, b, texts, x, y)}


def holds(p: Passage, a: Sentences, b: Sentences, x: int, y: int) -> bool:
    """Whether passage ``p`` holds sentence ``x`` of ``a`` and sentence ``y`` of ``b``."""
    (a0, a1), (b0, b1) = a.text_span(x), b.text_span(y)
    return p.a_start <= a0 and a1 <= p.a_end and p.b_start <= b0 and b1 <= p.b_end


def seeded_in(p: Passage, a: Sentences, b: Sentences, seeds: Collection[Seed]) -> int:
    """Distinct sentences (the side with fewer) of ``seeds`` inside passage ``p``."""
    return seeded_sentences([(x, y) for x, y in seeds if holds(p, a, b, x, y)])


def recounted(
    whole: Sequence[Passage],
    a: Sentences,
    b: Sentences,
    seeds: Callable[[], Collection[Seed]],
) -> list[Passage]:
    """The ``whole`` passages of sentences ``a`` and ``b``, each reworded one counting
    its sentences with the same facts (``seeds()``, asked only if there is one) when
    they are more than it counts: a piece copied word for word, joined to a reworded
    one, counts none of its own sentences in :attr:`Passage.sentences` (which the rules
    read as the sentences matched in order), yet the teacher sees them rewritten with
    the rest.

    >>> from simhash_core.text.sentences import sentences_of
    >>> x = "One cat sat on one mat. Two dogs ran in two parks."
    >>> p = Passage(0, len(x), 0, len(x), 10, kind=REWORDED, sentences=1)
    >>> s = sentences_of(x)
    >>> [q.sentences for q in recounted([p], s, s, lambda: {(0, 0), (1, 1)})]
    [2]
    """
    if not any(_reworded(p) for p in whole):
        return list(whole)
    held = seeds()
    out = []
    for p in whole:
        n = seeded_in(p, a, b, held) if _reworded(p) else 0
        out.append(replace(p, sentences=n) if n > p.sentences else p)
    return out


def _reworded(p: Passage) -> bool:
    return p.kind == REWORDED and not p.common and p.summary is None
