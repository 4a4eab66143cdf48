"""The meaning layer in a large folder: each document's sentences meet its candidate
documents and a reference sample, not every sentence of the folder.

The sample sets are small, so the tests make them take the large-folder path, with
few candidates and no reference sample: what is found then is found through the
candidates alone.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from simhash_core.compare import meaning
from simhash_core.compare.meaning import (
    CHINESE,
    ENGLISH,
    blocking,
    candidate_documents,
    judge_meaning,
    meaning_pairs,
    products,
    tfidf,
)
from simhash_core.progress import Cancelled, Progress
from simhash_core.scan import scan
from simhash_core.types import ScanSettings
from tests.core.samples import SAMPLES, needs_samples, truth

SETS = ("paraphrase-en", "paraphrase-zh", "translated-zh")


@cache
def _sample(name: str):
    result = scan([SAMPLES / name / "documents"], isolate=False)
    sents = [result.corpus.glossed(i) for i in range(len(result.documents))]
    return result, sents


def _with_passages(found, sents) -> set[tuple[int, int]]:
    """The pairs a teacher is shown a reworded or translated passage for (defaults)."""
    s = ScanSettings()
    return {
        (i, j)
        for (i, j), f in found.items()
        if judge_meaning(
            f, sents[i], sents[j], margin=s.meaning_margin, min_sentences=s.meaning_sentences
        ).passages
    }


@pytest.fixture
def large(monkeypatch):
    """The large-folder path for any folder: 4 candidates per document, no reference."""
    monkeypatch.setattr(blocking, "BLOCKING_FROM", 0)
    monkeypatch.setattr(blocking, "CANDIDATES", 4)
    monkeypatch.setattr(blocking, "REFERENCE_DOCS", 0)
    return monkeypatch


@needs_samples
@pytest.mark.parametrize("name", SETS)
def test_candidates_find_the_passages_that_every_sentence_pair_finds(name, monkeypatch) -> None:
    _, sents = _sample(name)
    exact = _with_passages(meaning_pairs(sents), sents)
    assert len(exact) >= 7  # the labelled copies
    monkeypatch.setattr(blocking, "BLOCKING_FROM", 0)
    monkeypatch.setattr(blocking, "CANDIDATES", 4)
    monkeypatch.setattr(blocking, "REFERENCE_DOCS", 0)
    # through 4 candidates alone, nothing is missed...
    found = meaning_pairs(sents, min_links=3)
    assert exact <= _with_passages(found, sents)
    # ...and a pair with fewer matched sentences than a passage needs is left out
    assert all(sum(len(r.links) for r in f.runs) >= 3 for f in found.values())
    # with neighbours measured on 4 documents only, a margin can be too generous (an
    # unrelated pair may gain a passage); a reference sample of a third of the folder
    # gives the same passages as every sentence pair
    monkeypatch.setattr(blocking, "REFERENCE_DOCS", 16)
    assert _with_passages(meaning_pairs(sents, min_links=3), sents) == exact


@needs_samples
@pytest.mark.parametrize("name", SETS)
def test_a_copy_and_its_source_are_each_others_candidates(name, large) -> None:
    """A reworded copy keeps its source's rare terms (names, numbers, specialist words),
    a translation their dictionary glosses: among the 4 candidates of one side."""
    result, sents = _sample(name)
    docs = result.documents
    n = len(docs)
    labels = truth(SAMPLES / name)
    copies = {k for k, v in labels.items() if v != "none"}
    found: set[tuple[str, str]] = set()
    spaces = [("word", CHINESE, CHINESE), ("word", ENGLISH, ENGLISH), ("gloss", CHINESE, ENGLISH)]
    for field, row_lang, col_lang in spaces:
        space = meaning.sentence_space(sents, field, row_lang, col_lang)
        if space is None:
            continue
        keys = candidate_documents(space, n, Progress())
        assert np.array_equal(keys, np.unique(keys))
        a, b = keys // n, keys % n
        assert not np.any(a == b)  # never itself
        if row_lang == col_lang:  # both sides asked: symmetric
            pairs = set(zip(a.tolist(), b.tolist(), strict=True))
            assert pairs == {(y, x) for x, y in pairs}
        found |= {tuple(sorted((docs[x].name, docs[y].name))) for x, y in zip(a, b, strict=True)}
        # four each way: far fewer than every pair
        assert len(keys) <= 2 * blocking.CANDIDATES * n
    missed = copies - found
    # translated-zh: two labelled translations share too few glossed terms with their
    # sources, and no layer finds a passage in them (see the test above)
    assert len(missed) <= (2 if name == "translated-zh" else 0), missed


@needs_samples
def test_the_large_path_is_the_same_whatever_the_blocks_and_threads(large) -> None:
    _, sents = _sample("translated-zh")
    large.setattr(blocking, "REFERENCE_DOCS", 8)
    one = meaning_pairs(sents, threads=1)
    assert one
    large.setattr(products, "ROWS_PER_BLOCK", 16)  # a few documents per block
    large.setattr(blocking, "BLOCK_RIGHT", 64)
    large.setattr(blocking, "DOC_CHUNK", 5)  # the candidates' documents a few at a time
    large.setattr(tfidf, "TFIDF_SLICE", 500)  # and the sentence rows
    assert meaning_pairs(sents, threads=1) == one
    assert meaning_pairs(sents, threads=2) == one
    stop = Progress()
    stop.cancel()
    with pytest.raises(Cancelled):
        meaning_pairs(sents, progress=stop, threads=2)


@needs_samples
def test_a_large_folder_flags_what_a_small_one_does(large) -> None:
    """Through the whole scan: the same pairs are flagged, with the same reasons. The
    reworded sentences counted may differ by one where a link's margin sits on the
    threshold (neighbours measured on the candidates and a reference sample of a third
    of the folder, not on all of it)."""
    folder = SAMPLES / "paraphrase-en" / "documents"
    large.setattr(blocking, "REFERENCE_DOCS", 10)
    large.setattr(blocking, "BLOCKING_FROM", 10**9)
    small = scan([folder], isolate=False)
    large.setattr(blocking, "BLOCKING_FROM", 0)
    big = scan([folder], isolate=False)

    def flagged(result):
        docs = result.documents
        return {
            (docs[p.a].name, docs[p.b].name): ([r.code for r in p.reasons], p.reworded)
            for p in result.pairs
            if p.flagged
        }

    before, after = flagged(small), flagged(big)
    assert before and after.keys() == before.keys()
    for key, (reasons, reworded) in before.items():
        assert after[key][0] == reasons
        assert abs(after[key][1] - reworded) <= 1, key


def _plain_tfidf(ptr, ids, weight, common_share):
    """TF-IDF of whole rows at once, as the layer defines it: each row's distinct terms,
    1 + log of their count, times the (weighted) IDF, terms in too many sentences out,
    rows scaled to length 1."""
    from scipy import sparse

    rows = len(ptr) - 1
    vocab = np.unique(ids)
    m = sparse.csr_matrix(
        (np.ones(len(ids), np.float32), np.searchsorted(vocab, ids), ptr),
        shape=(rows, len(vocab)),
    )
    m.sum_duplicates()
    m.data = np.log(m.data) + np.float32(1.0)
    per_row = np.repeat(weight, np.diff(m.indptr))
    df = np.bincount(m.indices, per_row, minlength=len(vocab))
    total = weight.sum()
    idf = np.log((total + 1) / (df + 1)).astype(np.float32) + np.float32(1.0)
    idf[df > max(tfidf.COMMON_TERM_SENTENCES, common_share * total)] = 0.0
    m.data *= idf[m.indices]
    m.eliminate_zeros()
    norms = np.sqrt(np.asarray(m.multiply(m).sum(axis=1)).ravel())
    return m.multiply(1.0 / np.maximum(norms, 1e-12)[:, None]).tocsr()


@pytest.mark.parametrize("slice_size", [1, 7, 1 << 22])
@pytest.mark.parametrize("weighted", [False, True])
def test_tfidf_by_slices_is_the_whole_folders_tfidf(slice_size, weighted, monkeypatch):
    """The sentence matrices, made a slice of documents at a time in two passes (each
    term's sentences counted, then the rows written), are the matrices of every
    sentence at once: the same IDF over both languages' sentences, the same common
    terms left out, the same rows, each document's copies counted in the IDF."""
    from simhash_core.text.sentences import Sentences

    monkeypatch.setattr(tfidf, "TFIDF_SLICE", slice_size)
    monkeypatch.setattr(tfidf, "COMMON_TERM_SENTENCES", 12)  # some terms are too common
    rng = np.random.default_rng(slice_size)
    sents = []
    for _ in range(30):
        count = int(rng.integers(0, 9))
        lang = rng.integers(0, 2, count).astype(np.uint8)
        ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 12, count))]).astype(np.int32)
        # terms in most sentences (left out), terms repeated within and across
        # sentences, and terms of one sentence only
        pick = rng.random(ptr[-1])
        ids = np.where(pick < 0.15, rng.integers(0, 3, ptr[-1]), rng.integers(3, 40, ptr[-1]))
        ids = np.where(pick > 0.6, rng.integers(0, 2**32, ptr[-1]), ids)
        ids = ids.astype(np.uint64).astype(np.uint32)
        spans = np.zeros(2 * count, np.int32)
        sents.append(Sentences(spans, lang, ptr, ids, ptr, ids[::-1].copy()))
    copies = rng.integers(1, 4, len(sents)) if weighted else None
    for field, row_lang, col_lang in (("word", CHINESE, CHINESE), ("gloss", CHINESE, ENGLISH)):
        left, right, ldoc, llocal, rdoc, rlocal = meaning.sentence_space(
            sents, field, row_lang, col_lang, copies
        )
        # the plain way: every sentence of both sides in one matrix, then cut in two
        ptr, ids, weight = [0], [], []
        for docs, places in (
            ((ldoc, llocal), (rdoc, rlocal)) if col_lang != row_lang else ((ldoc, llocal),)
        ):
            for d, i in zip(docs.tolist(), places.tolist(), strict=True):
                s = sents[d]
                terms = getattr(s, f"{field}_ids")[
                    getattr(s, f"{field}_ptr")[i] : getattr(s, f"{field}_ptr")[i + 1]
                ]
                ids.append(terms)
                ptr.append(ptr[-1] + len(terms))
                weight.append(1 if copies is None else copies[d])
        whole = _plain_tfidf(
            np.array(ptr), np.concatenate(ids), np.array(weight, float), tfidf.COMMON_TERM_SHARE
        )
        assert len(whole.data) < sum(len(x) for x in ids)  # common terms were left out
        for made, expected in (
            (left, whole[: len(ldoc)]),
            (right, whole[len(whole.indptr) - 1 - len(rdoc) :]),
        ):
            assert made.shape == expected.shape
            assert np.array_equal(made.indptr, expected.indptr)
            assert np.array_equal(made.indices, expected.indices)
            np.testing.assert_allclose(made.data, expected.data, rtol=1e-6)
        for d in range(len(sents)):  # each row is the document's sentence in that language
            assert np.array_equal(llocal[ldoc == d], np.flatnonzero(sents[d].lang == row_lang))


@pytest.mark.parametrize("slice_size", [1, 3, 1 << 22])
def test_row_sums_by_slices_are_the_sums_of_each_row(slice_size, monkeypatch):
    """The block planner's cost of each sentence (the right rows sharing each of its
    terms), summed a slice of term occurrences at a time: each row's plain sum."""
    from scipy import sparse

    monkeypatch.setattr(products, "ROW_SUM_SLICE", slice_size)
    rng = np.random.default_rng(slice_size)
    m = sparse.random(40, 25, density=0.2, format="csr", random_state=slice_size)
    m = sparse.vstack([m, sparse.csr_matrix((3, 25)), m], format="csr")  # empty rows too
    values = rng.integers(0, 1000, 25)
    bounds = zip(m.indptr[:-1], m.indptr[1:], strict=True)
    expected = [int(values[m.indices[a:b]].sum()) for a, b in bounds]
    assert products._row_sums(m.indptr, m.indices, values).tolist() == expected


@pytest.mark.parametrize("key_limit", [1, 5_000, 1 << 62])
@pytest.mark.parametrize("chunk", [7, 4096])
def test_each_documents_rarest_terms_are_its_count_rarest(key_limit, chunk, monkeypatch):
    """A document's query terms: its ``count`` terms in the fewest documents, the lower
    term first among equals; whatever the rows ranked at once."""
    from scipy import sparse

    monkeypatch.setattr(blocking, "RARE_KEY_LIMIT", key_limit)
    monkeypatch.setattr(blocking, "DOC_CHUNK", chunk)
    rng = np.random.default_rng(key_limit + chunk)
    m = sparse.random(60, 300, density=0.1, format="csr", random_state=chunk, dtype=np.float32)
    m.data[:] = 1.0
    m = sparse.vstack([m, sparse.csr_matrix((9, 300), dtype=np.float32), m], format="csr")
    df = rng.integers(2, 12, 300)  # many ties: the lower term goes first
    count = 5
    made = blocking._rarest(m, df, count, Progress())
    for r in range(m.shape[0]):
        terms = m.indices[m.indptr[r] : m.indptr[r + 1]].tolist()
        expected = sorted(sorted(terms, key=lambda t: (df[t], t))[:count])
        assert sorted(made.indices[made.indptr[r] : made.indptr[r + 1]].tolist()) == expected
    assert made.shape == m.shape and set(made.data.tolist()) <= {1.0}


@needs_samples
def test_candidates_are_the_same_whether_the_terms_are_kept_or_gathered_again(
    monkeypatch,
) -> None:
    """A folder's documents' terms are kept between the candidate search's passes when
    they fit (:data:`blocking.KEPT_TERMS`), else gathered again: the same candidates
    either way, whatever the documents gathered at once."""
    result, sents = _sample("translated-zh")
    n = len(result.documents)
    for field, row_lang, col_lang in [("word", CHINESE, CHINESE), ("gloss", CHINESE, ENGLISH)]:
        space = meaning.sentence_space(sents, field, row_lang, col_lang)
        assert space is not None
        made = []
        for kept, chunk in [(1 << 25, 4096), (0, 4096), (1 << 25, 3), (0, 3), (40, 3)]:
            monkeypatch.setattr(blocking, "KEPT_TERMS", kept)
            monkeypatch.setattr(blocking, "DOC_CHUNK", chunk)
            made.append(candidate_documents(space, n, Progress()))
        assert len(made[0]) > 0
        assert all(np.array_equal(keys, made[0]) for keys in made)
