"""A passage copied with edits (words shuffled, replaced, left out between copied
stretches) flags its pair when the whole passage is as long as one copied passage that
flags alone: copied word for word for half of it, or reworded sentence by sentence
around its copied stretches (``pair_score.edited_passage``)."""

from __future__ import annotations

import re

import pytest

from simhash_core.compare.corpus import Corpus
from simhash_core.compare.meaning import NOTHING_FOUND
from simhash_core.compare.pair_score import Counted, edited_passage
from simhash_core.types import Passage, ScanSettings
from tests.core.test_archive import make_doc

SETTINGS = ScanSettings()  # a passage flags alone from 40 words; reworded: 3 sentences
WORDS = [f"word{k:03d}" for k in range(400)]  # every word different: one unit each


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    text = " ".join(WORDS[:200])
    other = " ".join(WORDS[200:])
    docs = [make_doc(text, "a.txt", SETTINGS), make_doc(other, "b.txt", SETTINGS)]
    return Corpus.build(docs, SETTINGS)


def at(k: int, n: int) -> tuple[int, int]:
    """Character span of words ``k`` to ``k + n`` of either text (same word lengths)."""
    starts = [m.start() for m in re.finditer(r"\S+", " ".join(WORDS[:200]))]
    return starts[k], starts[k + n - 1] + len(WORDS[0])


def passage(k: int, n: int, sentences: int = 0) -> Passage:
    """Words ``k`` to ``k + n`` of A matching the same words' places in B."""
    a0, a1 = at(k, n)
    return Passage(a0, a1, a0, a1, n, kind="copied", sentences=sentences)


def counted(whole: list[Passage], words: list[Passage]) -> Counted:
    return Counted(0.1, 0.1, 0, 0, len(whole), tuple(whole), tuple(words))


def test_a_passage_copied_in_stretches_between_edits_flags(corpus: Corpus):
    """60 words, 36 of them copied in three stretches of 12 (no stretch near 40)."""
    whole = [passage(20, 60)]
    words = [passage(20, 12), passage(40, 12), passage(60, 12)]
    found = edited_passage(corpus, 0, 1, counted(whole, words))
    assert found is not None
    assert (found.words, found.copied, found.longest) == (60, 36, 12)


def test_little_copied_text_flags_only_where_sentences_are_reworded_around_it(corpus: Corpus):
    """60 words of which one stretch of 12 is copied: not enough alone; with 3 sentences
    matched around it in a pair the meaning layer linked, a copy with edits."""
    words = [passage(20, 12)]
    assert edited_passage(corpus, 0, 1, counted([passage(20, 60)], words)) is None
    reworded = [passage(20, 60, sentences=3)]
    assert edited_passage(corpus, 0, 1, counted(reworded, words)) is None  # not linked
    corpus.meaning[(0, 1)] = NOTHING_FOUND
    try:
        found = edited_passage(corpus, 0, 1, counted(reworded, words))
        assert found is not None and (found.words, found.copied, found.longest) == (60, 12, 12)
        two = [passage(20, 60, sentences=2)]
        assert edited_passage(corpus, 0, 1, counted(two, words)) is None
    finally:
        del corpus.meaning[(0, 1)]


def test_short_passages_short_stretches_and_common_text_never_flag(corpus: Corpus):
    # shorter than one passage that flags alone
    assert edited_passage(corpus, 0, 1, counted([passage(20, 30)], [passage(20, 25)])) is None
    # copied only in stretches of 8 words: a coincidence of phrases, however many
    stretches = [passage(20 + 9 * k, 8) for k in range(6)]
    assert edited_passage(corpus, 0, 1, counted([passage(20, 60)], stretches)) is None
    # the class's common text is never evidence
    common = Passage(*at(20, 60)[:2], *at(20, 60)[:2], 60, common=True)
    assert edited_passage(corpus, 0, 1, counted([common], [passage(20, 40)])) is None
