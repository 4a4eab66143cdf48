"""The meaning layer's block products look at the entries that can matter only: the
same links and best cosines as looking at every entry (#43)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import sparse

from simhash_core.compare.meaning import products
from simhash_core.compare.meaning.products import (
    KEEP_COSINE,
    MARGIN_FLOOR,
    NEIGHBOUR_FLOOR,
    NEIGHBOURS,
    kept_pairs,
    neighbour_closeness,
    top_per_row,
)
from simhash_core.compare.meaning.runs import SentenceLink, chain_runs, chain_strength


def _every_entry(block, row_doc, col_doc, first, min_margin, copies=None):
    """What a block keeps when every entry is looked at: the plain definition."""
    row = np.repeat(np.arange(block.shape[0]), np.diff(block.indptr))
    a, b = row_doc[row], col_doc[block.indices]
    counts = None if copies is None else copies[b] - (a == b)
    counted = (a != b) if copies is None else counts > 0
    v = block.data * counted
    v[v < NEIGHBOUR_FLOOR] = 0.0
    top = top_per_row(block.indptr, v, counts)
    near = neighbour_closeness(top)
    best = v * np.float32(2.0) / (near[row] + np.float32(MARGIN_FLOOR))
    keep = (v >= KEEP_COSINE) & (best >= min_margin * (1.0 - 1e-4))
    rows = row[keep] + first if isinstance(first, int) else first[row[keep]]
    return rows, block.indices[keep], v[keep], top


def _block(rng, rows, cols, density, levels):
    """A random block of products whose cosines take few values (many ties), most of
    them too weak for a link (as in a folder), with rows longer than the sample and rows
    shorter than it."""
    m = sparse.random(rows, cols, density=density, random_state=rng, format="csr")
    m.data = (np.ceil(m.data**3 * levels) / levels * 0.2).astype(np.float32)
    m.indices = m.indices.astype(np.int32)
    return m


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("with_copies", [False, True])
def test_kept_pairs_equal_looking_at_every_entry(seed, with_copies):
    rng = np.random.default_rng(seed)
    docs = 12
    block = _block(rng, 300, 900, density=0.3 if seed % 2 else 0.02, levels=7 + seed)
    row_doc = np.sort(rng.integers(0, docs, 300))
    col_doc = np.sort(rng.integers(0, docs, 900))
    copies = rng.integers(1, 4, docs) if with_copies else None

    def counted(row, at):
        a, b = row_doc[row], col_doc[block.indices[at]]
        return (a != b) if copies is None else copies[b] - (a == b)

    # an offset, or each block row's row (a large folder's blocks)
    first = 40 if seed % 2 else np.arange(300) * 3 + 7
    for min_margin in (0.0, 1.0, 2.5):
        rows, at, v, top = kept_pairs(
            block.indptr, block.data, counted, first, min_margin, with_copies
        )
        want = _every_entry(block, row_doc, col_doc, first, min_margin, copies)
        assert rows.tolist() == want[0].tolist()
        assert block.indices[at].tolist() == want[1].tolist()
        assert v.tobytes() == want[2].tobytes()
        assert top.tobytes() == want[3].tobytes()
        assert len(rows) > 0 or min_margin > 0


def test_a_row_longer_than_the_sample_keeps_its_best_beyond_it():
    # the row's best four come after the sampled entries: found all the same
    n = products.SAMPLED + 10
    values = np.full(n, 0.03, np.float32)
    values[-4:] = [0.9, 0.07, 0.06, 0.05]
    indptr = np.array([0, n])
    rows, at, v, top = kept_pairs(indptr, values, lambda row, at: at >= 0, 0, 0.0)
    assert rows.tolist() == [0] and v.tolist() == [pytest.approx(0.9)]
    assert top.tolist() == [[pytest.approx(x) for x in (0.9, 0.07, 0.06, 0.05)]]
    assert at.tolist() == [n - 4]  # the one strong enough for a link
    assert top.shape == (1, NEIGHBOURS)


def test_a_chain_of_one_link():
    link = SentenceLink(3, 7, 2.4, 0.5)
    assert [r.links for r in chain_runs([link], "reworded")] == [(link,)]
    assert chain_strength([link]) == pytest.approx(0.8)
    # the same as a chain made of it among others that do not chain
    far = SentenceLink(40, 1, 1.2, 0.3)
    assert chain_strength([link, far]) == chain_strength([link])


def test_judging_reads_no_facts_of_runs_too_short_for_a_passage():
    from simhash_core.compare.meaning import judging
    from simhash_core.compare.meaning.runs import REWORDED, MeaningRun, PairMeaning
    from simhash_core.text.sentences import sentences_of

    text = " ".join(f"Sentence {k} was written by Li Wei in {1990 + k} here." for k in range(6))
    s = sentences_of(text)
    short = MeaningRun(REWORDED, tuple(SentenceLink(k, k, 3.0, 0.5) for k in range(2)))
    judging._facts.cache_clear()
    found = judging.judge_meaning(
        PairMeaning((short,), 1.0), s, s, margin=1.3, min_sentences=3, texts=(text, text)
    )
    assert found.passages == () and judging._facts.cache_info().misses == 0
    assert found.links == ((0, 0), (1, 1))  # still linked by its sentences
    # a run long enough is judged, its sentences' facts read
    long = MeaningRun(REWORDED, tuple(SentenceLink(k, k, 3.0, 0.5) for k in range(4)))
    found = judging.judge_meaning(
        PairMeaning((long,), 1.0), s, s, margin=1.3, min_sentences=3, texts=(text, text)
    )
    assert found.reworded == 4 and judging._facts.cache_info().misses == 4


def _space(seed, sentences=400, terms=60, docs=25):
    """A one-language sentence space of random sentences (few terms: many ties and
    neighbours), rows grouped by document."""
    from simhash_core.compare.meaning.tfidf import SentenceSpace

    rng = np.random.default_rng(seed)
    m = sparse.random(sentences, terms, density=0.08, random_state=rng, format="csr")
    m.data = np.ceil(m.data * 4).astype(np.float32)
    norms = np.sqrt(np.asarray(m.multiply(m).sum(axis=1)).ravel())
    m = sparse.csr_matrix(sparse.diags(1 / np.maximum(norms, 1e-12)) @ m, dtype=np.float32)
    m.sort_indices()
    doc = np.sort(rng.integers(0, docs, sentences)).astype(np.int32)
    local = np.zeros(sentences, np.int32)
    return SentenceSpace(m, m, doc, local, doc, local)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("with_copies", [False, True])
@pytest.mark.parametrize("threads", [1, 3])
def test_half_products_find_what_every_pair_finds(seed, with_copies, threads):
    from simhash_core.compare.meaning.halves import half_pairs
    from simhash_core.compare.meaning.products import Products, similar_pairs
    from simhash_core.progress import Job, Progress

    space = _space(seed)
    copies = np.random.default_rng(seed).integers(1, 4, 25) if with_copies else None
    for min_margin in (0.0, 1.2):

        def how(space=space, min_margin=min_margin):
            job = Job(Progress(), space.left.shape[0])
            return Products(job, threads, min_margin, copies)

        r, c, v, top = half_pairs(space, how())
        r0, c0, v0, top0 = similar_pairs(space, how())
        assert top.tobytes() == top0.tobytes()
        assert (top[:, 0] > 0).any()
        # the links a margin keeps (as the links of a space are chosen): the same pairs
        # of sentences with the same cosines, each found from one side or both
        found, every = _links(r, c, v, top, min_margin), _links(r0, c0, v0, top0, min_margin)
        assert found == every and (len(every) > 0 or min_margin > 0)


def _links(rows, cols, cosines, top, min_margin):
    """Each pair of sentences whose margin reaches ``min_margin``, with its cosine."""
    near = neighbour_closeness(top)
    margin = cosines / ((near[rows] + near[cols]) / 2.0)
    out = {}
    found = zip(rows.tolist(), cols.tolist(), cosines.tolist(), margin.tolist(), strict=True)
    for a, b, x, m in found:
        if m >= min_margin:
            assert out.setdefault((min(a, b), max(a, b)), x) == x
    return out
