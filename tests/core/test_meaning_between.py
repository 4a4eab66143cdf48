"""The sentence between two matched ones: linked at a lower margin, counted only there."""

from __future__ import annotations

import numpy as np
from scipy import sparse

from simhash_core.compare.meaning.judging import judge_meaning
from simhash_core.compare.meaning.links import BETWEEN_MARGIN, _Links, _with_between
from simhash_core.compare.meaning.runs import (
    REWORDED,
    PairMeaning,
    SentenceLink,
    chain_runs,
)
from simhash_core.compare.meaning.tfidf import SentenceSpace
from simhash_core.text.sentences import sentences_of


def _space(vectors: list[list[float]], docs: list[int], places: list[int]) -> SentenceSpace:
    """One language's sentences (rows normalised) of ``docs`` at ``places``."""
    m = np.array(vectors, np.float32)
    m /= np.linalg.norm(m, axis=1, keepdims=True)
    rows = sparse.csr_matrix(m)
    d, p = np.array(docs), np.array(places)
    return SentenceSpace(rows, rows, d, p, d, p)


def _links(pairs: list[tuple[int, int, int, int]], margin: float = 2.0) -> _Links:
    """Links (doc_a, doc_b, sent_a, sent_b), each at ``margin``."""
    cols = np.array(pairs, np.int64).reshape(-1, 4).T
    n = cols.shape[1]
    return _Links(*cols, np.full(n, margin), np.full(n, 0.5), np.zeros(n, np.int8))


# two documents of three sentences: 0 <-> 3 and 2 <-> 5 alike, 1 <-> 4 less so
VECTORS = [
    [1, 0, 0, 0],
    [0, 1, 0.2, 0],
    [0, 0, 0, 1],
    [1, 0.1, 0, 0],
    [0, 0.5, 1, 0],
    [0, 0, 0.1, 1],
]
SPACE = _space(VECTORS, [0, 0, 0, 1, 1, 1], [0, 1, 2, 0, 1, 2])
OUTER = [(0, 1, 0, 0), (0, 1, 2, 2)]


def _middle_cosine() -> float:
    v = np.array(VECTORS, np.float64)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return float(v[1] @ v[4])


def test_the_sentence_between_two_matched_ones_is_linked_at_its_own_margin() -> None:
    cosine = _middle_cosine()  # about 0.55
    near = np.full(6, cosine / 1.15)  # its margin: 1.15, under the threshold of 1.3
    got = _with_between(_links(OUTER), SPACE, (near, near), 1.3)
    places = list(zip(got.sent_a.tolist(), got.sent_b.tolist(), strict=True))
    assert places == [(0, 0), (1, 1), (2, 2)]
    assert abs(got.margin[1] - 1.15) < 1e-4
    assert abs(got.cosine[1] - cosine) < 1e-5


def test_a_middle_sentence_farther_than_its_usual_nearest_is_not_linked() -> None:
    cosine = _middle_cosine()
    near = np.full(6, cosine / (BETWEEN_MARGIN * 0.9))  # margin 0.9
    got = _with_between(_links(OUTER), SPACE, (near, near), 1.3)
    assert got.sent_a.tolist() == [0, 2]


def test_only_a_gap_of_one_sentence_on_both_sides_is_filled() -> None:
    near = np.full(6, 0.1)  # every middle would reach any margin
    # one step apart, or two on one side only: nothing lies between on both sides
    for outer in ([(0, 1, 0, 0), (0, 1, 1, 1)], [(0, 1, 0, 0), (0, 1, 2, 1)]):
        got = _with_between(_links(outer), SPACE, (near, near), 1.3)
        assert len(got.sent_a) == 2
    # a middle linked already keeps its own link (not a second one)
    three = _links([*OUTER, (0, 1, 1, 1)])
    got = _with_between(three, SPACE, (near, near), 1.3)
    assert len(got.sent_a) == 3


def test_a_middle_sentence_of_another_language_is_not_looked_for() -> None:
    # sentence 1 of each document is not in this space (another language)
    space = _space([VECTORS[k] for k in (0, 2, 3, 5)], [0, 0, 1, 1], [0, 2, 0, 2])
    near = np.full(4, 0.1)
    got = _with_between(_links(OUTER), space, (near, near), 1.3)
    assert got.sent_a.tolist() == [0, 2]


def test_nothing_is_added_when_the_threshold_is_already_that_low() -> None:
    near = np.full(6, 0.1)
    got = _with_between(_links(OUTER), SPACE, (near, near), BETWEEN_MARGIN)
    assert got.sent_a.tolist() == [0, 2]


def test_judging_counts_a_weak_link_only_between_two_at_the_threshold() -> None:
    text = " ".join(f"Sentence number {k} says something of its own here." for k in range(8))
    s = sentences_of(text)

    def found(pairs: list[tuple[int, int, float]]) -> int:
        links = [SentenceLink(a, b, m, 0.4) for a, b, m in pairs]
        runs = tuple(chain_runs(links, REWORDED))
        meaning = PairMeaning(runs, 1.0)
        return judge_meaning(meaning, s, s, margin=1.3, min_sentences=3).reworded

    # two strong sentences with a weak one between them: a passage of three
    assert found([(0, 0, 2.0), (1, 1, 1.1), (2, 2, 2.0)]) == 3
    # the weak one at the end of a run is not between two: two sentences, no passage
    assert found([(0, 0, 2.0), (1, 1, 2.0), (2, 2, 1.1)]) == 0
    # three strong ones, and a weak one beyond them: still three
    assert found([(0, 0, 2.0), (1, 1, 2.0), (2, 2, 2.0), (4, 4, 1.1)]) == 3
