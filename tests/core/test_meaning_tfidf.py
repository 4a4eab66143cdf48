"""The meaning layer's TF-IDF is scikit-learn's (a dev dependency only): sublinear term
frequency, smoothed IDF, L2-normalised rows, over the terms of the folder's sentences,
terms in too many sentences left out (``max_df``)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer

from simhash_core.compare.meaning import sentence_space
from simhash_core.compare.meaning import tfidf as meaning_tfidf
from simhash_core.scan import scan
from simhash_core.text.sentences import CHINESE, ENGLISH, Sentences
from tests.core.samples import SAMPLES, needs_samples

SPACES = [("word", ENGLISH, ENGLISH), ("word", CHINESE, CHINESE), ("gloss", CHINESE, ENGLISH)]


@cache
def _sentences(name: str) -> list[Sentences]:
    result = scan([SAMPLES / name / "documents"], isolate=False)
    return [result.corpus.glossed(i) for i in range(len(result.documents))]


def _terms(sents: list[Sentences], field: str, docs: np.ndarray, places: np.ndarray) -> list:
    """Each row's terms (term ids as strings, repeats kept), in row order."""
    out = []
    for d, i in zip(docs.tolist(), places.tolist(), strict=True):
        ptr, ids = getattr(sents[d], f"{field}_ptr"), getattr(sents[d], f"{field}_ids")
        out.append([str(t) for t in ids[ptr[i] : ptr[i + 1]].tolist()])
    return out


def _sklearn(rows: list[list[str]], weight: list[int]) -> sparse.csr_matrix:
    """scikit-learn's TF-IDF of ``rows``, fitted on each row ``weight`` times, terms in
    more than the meaning layer's share of the sentences left out (``max_df``), its
    columns placed as the meaning layer places them: one per term id, in order."""
    fitted = [row for row, w in zip(rows, weight, strict=True) for _ in range(w)]
    most = max(meaning_tfidf.COMMON_TERM_SENTENCES, meaning_tfidf.COMMON_TERM_SHARE * len(fitted))
    assert most == int(most)  # a count of sentences (scikit-learn reads a float as a share)
    vectorizer = TfidfVectorizer(
        analyzer=lambda row: row,
        sublinear_tf=True,
        smooth_idf=True,
        norm="l2",
        max_df=int(most),
        dtype=np.float64,
    )
    vectorizer.fit(fitted)
    made = vectorizer.transform(rows).tocsr()
    ids = sorted({int(t) for row in rows for t in row})
    place = {t: k for k, t in enumerate(ids)}
    column = np.array([place[int(term)] for term in vectorizer.get_feature_names_out()])
    out = sparse.csr_matrix(
        (made.data, column[made.indices], made.indptr), shape=(len(rows), len(ids))
    )
    out.sort_indices()
    return out


@needs_samples
@pytest.mark.parametrize("name", ["translated-zh", "paraphrase-en", "paraphrase-zh"])
@pytest.mark.parametrize("field, row_lang, col_lang", SPACES)
@pytest.mark.parametrize("copies", [False, True])
def test_sentence_tfidf_is_scikit_learns(name, field, row_lang, col_lang, copies) -> None:
    """Each sentence's row, on both sides of a space, is scikit-learn's TF-IDF of its
    terms with the IDF over both sides' sentences; with ``copies``, each document's
    sentences counted that many times in the IDF, as if it were handed in that often."""
    sents = _sentences(name)
    weights = np.arange(len(sents)) % 3 + 1 if copies else None
    space = sentence_space(sents, field, row_lang, col_lang, weights)
    if space is None:
        assert name != "translated-zh"  # a one-language set has no cross-language space
        return
    left, right, row_doc, row_local, col_doc, col_local = space
    rows = _terms(sents, field, row_doc, row_local)
    sides = [(left, row_doc, rows)]
    if row_lang != col_lang:
        sides.append((right, col_doc, _terms(sents, field, col_doc, col_local)))
    every = [row for _, _, r in sides for row in r]
    weight = [1 if weights is None else int(weights[d]) for _, doc, _ in sides for d in doc]
    expected = _sklearn(every, weight)
    at = 0
    for made, _, r in sides:
        want = expected[at : at + len(r)]
        at += len(r)
        assert made.shape == want.shape
        assert np.array_equal(made.indptr, want.indptr)
        assert np.array_equal(made.indices, want.indices)
        np.testing.assert_allclose(made.data, want.data, rtol=2e-6, atol=1e-7)


@needs_samples
@pytest.mark.parametrize("field, row_lang, col_lang", SPACES)
def test_rows_made_a_slice_at_a_time_in_threads_are_the_same(
    field, row_lang, col_lang, monkeypatch
) -> None:
    """Slices of a few documents, weighted two at a time in threads, put together give
    the matrix of one slice made alone, to the bit."""
    sents = _sentences("translated-zh")
    whole = sentence_space(sents, field, row_lang, col_lang)
    monkeypatch.setattr(meaning_tfidf, "TFIDF_SLICE", 500)  # about ten documents a slice
    sliced = sentence_space(sents, field, row_lang, col_lang, threads=2)
    assert whole is not None and sliced is not None
    for a, b in ((whole.left, sliced.left), (whole.right, sliced.right)):
        assert a.shape == b.shape
        for part in ("indptr", "indices", "data"):
            assert getattr(a, part).tobytes() == getattr(b, part).tobytes()
