"""Normalization and its map back to the original text."""

from hypothesis import given, settings
from hypothesis import strategies as st

from simhash_core.text.normalize import normalize
from simhash_core.text.units import units
from simhash_core.text.words import segment, term_counts


def test_nfkc_full_width_to_half_width():
    assert normalize("ＡＢＣ１２３，").text == "abc123,"


def test_zero_width_and_controls_removed():
    assert normalize("学\u200b习\u200d方\ufeff法\x07").text == "学习方法"


def test_whitespace_folded_and_latin_lowercased():
    assert normalize("  Hello \t\n  World  ").text == "hello world"


def test_traditional_to_simplified_by_default():
    assert normalize("學習漢語").text == "学习汉语"
    assert normalize("學習漢語", t2s=False).text == "學習漢語"


def test_spaces_between_cjk_characters_removed():
    assert normalize("帕 特 纳 赫\n峡谷").text == "帕特纳赫峡谷"


def test_spaced_out_latin_rejoined():
    assert normalize("t h e  c a t sat").text == "the cat sat"


def test_offsets_map_back_to_original():
    original = "Ｈｅｌｌｏ\u200b，  學\n習 world"
    n = normalize(original)
    assert n.text == "hello, 学习 world"
    s = n.text.index("学习")
    a, b = n.original_span(s, s + 2)
    assert original[a:b] == "學\n習"
    w = n.text.index("world")
    a, b = n.original_span(w, w + 5)
    assert original[a:b] == "world"


@given(st.text(max_size=300))
def test_offsets_always_valid(text):
    n = normalize(text)
    assert len(n.offsets) == len(n.text) + 1
    assert n.offsets[-1] == len(text)
    assert all(0 <= o <= len(text) for o in n.offsets.tolist())
    assert list(n.offsets) == sorted(n.offsets)


def _reference(text: str, t2s: bool = True) -> str:
    """Character by character, the definition the code point table caches."""
    from simhash_core.text.normalize import _char_form

    return "".join(_char_form(ch, t2s) for ch in text)


@given(st.lists(st.text(max_size=40), min_size=1, max_size=6), st.booleans())
def test_table_mapping_equals_the_per_character_forms(texts, t2s):
    """The whole-text table lookup, warm or cold, maps like the per-character rule, also
    for characters whose form is empty or longer (then the offsets follow them)."""
    from simhash_core.text.normalize import _TABLES

    for text in [*texts, "ﬁ學\u200b", *texts]:
        mapped = _TABLES[t2s].map(text)
        if mapped is not None:
            assert mapped == _reference(text, t2s)
        else:
            assert len(_reference(text, t2s)) != len(text) or any(
                len(_reference(ch, t2s)) != 1 for ch in text
            )
    assert _TABLES[True].map("ﬁ") is None and normalize("ﬁ學").text == "fi学"


def test_units_cjk_chars_and_latin_words():
    u = units("hello 世界, hi 2024")
    assert u.tokens == ["hello", "世", "界", "hi", "2024"]


def test_segment_uses_jieba_for_chinese():
    assert "峡谷" in segment("帕特纳赫峡谷位于德国")
    assert segment("the quick fox") == ["the", "quick", "fox"]


def test_stop_words_dropped_from_features():
    counts = term_counts("我们的研究表明 the results of the study")
    assert "的" not in counts and "the" not in counts and "我们" not in counts
    assert counts["研究"] == 1 and counts["results"] == 1


@settings(max_examples=200, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(
            list("研究黄河流域的水土流失我们和") + list("かなカナ가나ー") + list("ab1 ,.，。\n")
        ),
        max_size=80,
    ),
    st.sampled_from(["rjieba", "jieba"]),
)
def test_one_segmenter_call_cuts_every_run_as_alone(text, name):
    """Segmenting all CJK runs in one call, joined by line breaks, gives the words of
    one call per run, in text order, with either segmenter."""
    from simhash_core.text import words as tokenize

    cut = tokenize.segmenter(name)
    pieces = tokenize._CJK_SPLIT.split(text)
    reference = tokenize._segment_run_by_run(pieces, cut)
    original = tokenize.segmenter
    tokenize.segmenter = lambda name_=None: cut
    try:
        assert tokenize.segment(text) == reference
    finally:
        tokenize.segmenter = original


def test_look_alike_letters_are_folded_only_among_latin_letters():
    """Cyrillic and Greek letters that imitate Latin ones (an evasion Copyleaks checks
    for) read as Latin; real Russian and Greek text is untouched; offsets still point at
    the original characters."""
    from simhash_core.text.normalize import fold_lookalikes

    disguised = "Тhе рlаgiаrism сhесkеr misses this pаssаge"  # Cyrillic Т е р а с е к
    n = normalize(disguised)
    assert n.text == "the plagiarism checker misses this passage"
    assert n.original_span(4, 14) == (4, 14)
    assert fold_lookalikes("Москва — столица России") == "Москва — столица России"
    assert fold_lookalikes("ο Σωκράτης και ο Πλάτων") == "ο Σωκράτης και ο Πλάτων"
    assert fold_lookalikes("see сору here") == "see copy here"  # a whole look-alike word
    assert fold_lookalikes("сору") == "сору"  # alone, it may be Russian


def test_an_essay_with_look_alike_letters_is_still_a_copy():
    from simhash_core.compare import compare_documents
    from simhash_core.text.normalize import LOOKALIKES
    from simhash_core.types import ScanSettings
    from tests.core.test_archive import make_doc
    from tests.core.textgen import en_essay

    latin_to_other = {}
    for other, latin in LOOKALIKES.items():
        latin_to_other.setdefault(latin, other)
    essay = en_essay(4)
    disguised = "".join(latin_to_other.get(c, c) for c in essay)
    assert sum(a != b for a, b in zip(essay, disguised, strict=True)) > len(essay) // 5
    settings = ScanSettings()
    docs = [
        make_doc(t, name, settings)
        for t, name in ((essay, "a.txt"), (disguised, "b.txt"), (en_essay(9), "c.txt"))
    ]
    pairs = {(p.a, p.b): p for p in compare_documents(docs, settings).pairs}
    assert pairs[(0, 1)].flagged and pairs[(0, 1)].similarity > 0.95
    assert not any(p.flagged for key, p in pairs.items() if 2 in key)
