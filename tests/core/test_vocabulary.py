"""The per-process vocabulary gives the same features as the dictionary path."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simhash_core.fingerprint.simhash import bit_sums, weighted_bit_sums
from simhash_core.fingerprint.weights import tfidf, top_keywords, top_keywords_of
from simhash_core.hashing import stable_hashes
from simhash_core.text.stopwords import stopwords
from simhash_core.text.vocabulary import Vocabulary, jieba_idf, jieba_vocabulary
from simhash_core.text.words import term_counts, word_counts

TEXT = (
    "我们的研究表明，黄河流域的水土流失与降水、植被和人类活动密切相关。"
    "The results of the study show that soil erosion in the Yellow River basin "
    "depends on rainfall, vegetation and human activity; 研究表明 the results hold."
)


def _by_dictionaries(text: str):
    terms = dict(term_counts(text))
    idf, default = jieba_idf()
    weights = tfidf(terms, idf, default)
    return terms, weights


def test_features_equal_the_dictionary_path():
    terms, weights = _by_dictionaries(TEXT)
    f = jieba_vocabulary().features(word_counts(TEXT))
    assert f.terms == terms and list(f.terms) == list(terms)
    assert f.weights.tolist() == list(weights.values())
    assert f.hashes.tolist() == stable_hashes(list(terms)).tolist()
    assert np.array_equal(weighted_bit_sums(f.hashes, f.weights), bit_sums(weights.items()))
    assert top_keywords_of(list(f.terms), f.weights, 5) == top_keywords(weights, 5)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(["河流", "the", "a", "河", "study", "水土", "流失", "x1"]), max_size=40
    )
)
def test_a_small_vocabulary_that_empties_itself_gives_the_same_features(words):
    idf, default = jieba_idf()
    small = Vocabulary(idf, default, stopwords(), max_words=3)
    reference = Vocabulary(idf, default, stopwords())
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    for _ in range(3):  # repeated calls, with the table emptied between them
        a, b = small.features(counts), reference.features(counts)
        assert a.terms == b.terms
        assert a.weights.tolist() == b.weights.tolist()
        assert a.hashes.tolist() == b.hashes.tolist()
    assert all(len(w) >= 2 and w not in stopwords() for w in a.terms)


def test_top_keywords_break_ties_by_term_and_keep_n():
    terms = ["c", "b", "a", "d"]
    w = np.array([1.0, 2.0, 2.0, 0.5])
    assert top_keywords_of(terms, w, 2) == (("a", 2.0), ("b", 2.0))
    assert top_keywords_of(terms, w, 10) == (("a", 2.0), ("b", 2.0), ("c", 1.0), ("d", 0.5))
    assert top_keywords_of(terms, w, 0) == ()


def test_threads_sharing_one_vocabulary_get_the_same_features():
    """The app's in-process scan modes analyse files on several threads at once, and
    words are added (and the table emptied) while other threads look theirs up."""
    import sys
    from concurrent.futures import ThreadPoolExecutor

    from tests.core.textgen import en_essay, zh_essay

    counts = [word_counts(zh_essay(s) + en_essay(s)) for s in range(40)]
    idf, default = jieba_idf()
    expected = [Vocabulary(idf, default, stopwords()).features(c) for c in counts]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        for _ in range(5):
            shared = Vocabulary(idf, default, stopwords(), max_words=500)
            with ThreadPoolExecutor(8) as pool:
                got = list(pool.map(shared.features, counts))
            for a, b in zip(got, expected, strict=True):
                assert a.terms == b.terms
                assert a.weights.tolist() == b.weights.tolist()
                assert a.hashes.tolist() == b.hashes.tolist()
    finally:
        sys.setswitchinterval(interval)


def test_recounted_terms_are_the_analysed_ones(tmp_path):
    """Documents carry term counts only for corpus IDF; recounting them from the text
    gives the analysis's counts, with quotes and the template's text left out."""
    from simhash_core.fingerprint.analyze import recount_terms
    from simhash_core.scan import scan
    from simhash_core.types import ScanSettings
    from tests.core.textgen import zh_essay

    template = tmp_path / "template.txt"
    template.write_text(zh_essay(99)[:300], encoding="utf-8")
    folder = tmp_path / "class"
    folder.mkdir()
    for i in range(3):
        quoted = f"“{zh_essay(50 + i)[:120]}”"
        body = zh_essay(99)[:300] + zh_essay(i) + quoted + TEXT
        (folder / f"s{i}.txt").write_text(body, encoding="utf-8")
    settings = ScanSettings(idf="corpus", exclude_quotes=True)
    result = scan([folder], [template], settings=settings, isolate=False)
    assert len(result.documents) == 3
    for doc in result.documents:
        assert doc.terms and not all(doc.usable)  # something was left out
        assert recount_terms(doc, settings) == doc.terms
    jieba = ScanSettings(idf="jieba", exclude_quotes=True)
    plain = scan([folder], [template], settings=jieba, isolate=False).documents[0]
    assert plain.terms == {} and recount_terms(plain, jieba) == result.documents[0].terms
