"""Matched passages: alignment, offsets into the original text, evasions."""

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simhash_core.compare import compare_documents
from simhash_core.compare.pair_stream import every_pair
from simhash_core.compare.passages import usable_set
from simhash_core.fingerprint.analyze import analyze_text, to_document
from simhash_core.text.normalize import normalize
from simhash_core.types import ScanSettings
from tests.core.textgen import en_essay, sentences_of, zh_essay

SETTINGS = ScanSettings()


def docs_from(texts: dict[str, str], template: str | None = None):
    tmpl = analyze_text(template, SETTINGS).shingle_seq if template else None
    tmpl = np.unique(tmpl) if tmpl is not None else None
    return [
        to_document(name, __import__("pathlib").Path(name), analyze_text(text, SETTINGS, tmpl))
        for name, text in texts.items()
    ]


def compare(texts: dict[str, str], template: str | None = None):
    docs = docs_from(texts, template)
    c = compare_documents(docs, SETTINGS, all_pairs=True)
    by_names = {(docs[p.a].path, docs[p.b].path): p for p in every_pair(c.pairs, c.others)}
    corpus = c.corpus
    return docs, by_names, corpus


def honest_class(n: int = 6) -> dict[str, str]:
    return {f"h{i}.txt": zh_essay(100 + i) for i in range(n)}


def test_passage_offsets_point_at_the_original_text():
    source = zh_essay(1)
    lifted = "".join(sentences_of(source)[5:12])
    # the copier put a space between every character, so the normalized text (spaces
    # between CJK characters dropped) is shorter than the original
    own = zh_essay(2, 10)
    copier = own + " ".join(lifted) + zh_essay(3, 10)
    docs, _pairs, corpus = compare({"src.txt": source, "cp.txt": copier, **honest_class(3)})
    i = [d.path for d in docs].index("src.txt")
    j = [d.path for d in docs].index("cp.txt")
    passages = corpus.passages(i, j)
    assert passages, "the lifted passage is found"
    p = max(passages, key=lambda p: p.units)
    a_text = docs[i].text[p.a_start : p.a_end]
    b_text = docs[j].text[p.b_start : p.b_end]
    assert normalize(a_text).text.replace(" ", "") == normalize(b_text).text.replace(" ", "")
    assert normalize(b_text).text.replace(" ", "") in normalize(lifted).text.replace(" ", "")
    assert p.b_end - p.b_start > len(normalize(b_text).text)  # the original had spaces


def test_partial_copy_ranks_far_above_honest_pairs():
    source = zh_essay(10)
    lifted = "".join(sentences_of(source)[:9])  # about 30% of the source
    texts = {"src.txt": source, "copier.txt": zh_essay(11, 21) + lifted, **honest_class()}
    _docs, pairs, _ = compare(texts)
    copied = pairs[("src.txt", "copier.txt")]
    honest = [p for k, p in pairs.items() if "copier.txt" not in k or "src.txt" not in k]
    honest = [p for k, p in pairs.items() if set(k) != {"src.txt", "copier.txt"}]
    assert copied.flagged and copied.passages >= 1
    assert 0.2 < copied.similarity < 0.5
    assert max(p.similarity for p in honest) < 0.05
    assert not any(p.flagged for p in honest)


def test_template_text_is_not_plagiarism():
    template = zh_essay(999, 8)
    texts = {f"s{i}.txt": template + zh_essay(200 + i) for i in range(4)}
    _docs, pairs, _ = compare(texts, template=template)
    assert not any(p.flagged for p in pairs.values())
    assert max(p.similarity for p in pairs.values()) < 0.05


def test_template_ends_where_the_student_text_starts():
    """No shingle straddling the template's end counts: the template's last words are
    not the student's, and the student's first word is comparable."""
    template = zh_essay(999, 8)
    student = zh_essay(201)
    (doc,) = docs_from({"s.txt": template + student}, template=template)
    from simhash_core.text.units import comparable_units

    comparable = comparable_units(doc.usable, doc.unit_count, SETTINGS.ngram)
    first_student = int(np.searchsorted(doc.unit_starts, len(template)))
    assert doc.unit_starts[first_student] >= len(template) > doc.unit_starts[first_student - 1]
    assert not comparable[:first_student].any()  # every template unit, to the last one
    assert comparable[first_student:].all()


def test_class_wide_shared_text_is_ignored():
    common = zh_essay(555, 6)
    texts = {f"s{i}.txt": zh_essay(300 + i) + common for i in range(8)}
    _docs, pairs, corpus = compare(texts)
    assert len(corpus.common) > 0
    assert not any(p.flagged for p in pairs.values())
    assert corpus.common_spans(0), "common text is reported for greying"


def _evade(kind: str, text: str) -> str:
    import random

    from simhash_core.text.normalize import _t2s_table

    rng = random.Random(5)
    if kind == "traditional":
        s2t = {v: k for k, v in _t2s_table().items()}
        return "".join(s2t.get(c, c) for c in text)
    if kind == "zero-width":
        return "".join(c + ("\u200b" if rng.random() < 0.3 else "") for c in text)
    if kind == "full-width":
        return text.translate({ord(c): ord(c) + 0xFEE0 for c in "0123456789abcXYZ"}) + "１２３"
    if kind == "spaced":
        return " ".join(text)
    if kind == "line-breaks":
        return "\n".join(text[i : i + 17] for i in range(0, len(text), 17))
    if kind == "punctuation":
        return text.replace("，", ",").replace("。", ".").replace("；", ";")
    if kind == "reordered":
        s = sentences_of(text)
        rng.shuffle(s)
        del s[3:5]
        s.insert(7, "这是我自己加上的一句话，用来迷惑检查程序的。\n")
        return "\n".join(s)
    raise ValueError(kind)


@pytest.mark.parametrize(
    "kind",
    [
        "traditional",
        "zero-width",
        "full-width",
        "spaced",
        "line-breaks",
        "punctuation",
        "reordered",
    ],
)
def test_evasion_does_not_work_chinese(kind):
    source = zh_essay(42) + "实验编号12345，样本abcXYZ。\n"
    copy = _evade(kind, source)
    _docs, pairs, _ = compare({"orig.txt": source, "copy.txt": copy, **honest_class(4)})
    p = pairs[("orig.txt", "copy.txt")]
    assert p.flagged, (kind, p)
    assert p.similarity > 0.6, (kind, p.similarity)
    honest = [q for k, q in pairs.items() if set(k) != {"orig.txt", "copy.txt"}]
    assert not any(q.flagged for q in honest)


@pytest.mark.parametrize("kind", ["spaced", "line-breaks", "zero-width"])
def test_evasion_does_not_work_english(kind):
    source = en_essay(7)
    if kind == "spaced":
        copy = "  ".join(" ".join(w) for w in source.split(" "))
    elif kind == "line-breaks":
        copy = "\n".join(source[i : i + 60] for i in range(0, len(source), 60))
    else:
        copy = source.replace("e", "e\u200c")
    texts = {"orig.txt": source, "copy.txt": copy}
    texts.update({f"h{i}.txt": en_essay(50 + i) for i in range(3)})
    _docs, pairs, _ = compare(texts)
    assert pairs[("orig.txt", "copy.txt")].flagged
    assert pairs[("orig.txt", "copy.txt")].similarity > 0.6


def _references(seed: int) -> str:
    return (
        "\n参考文献\n"
        f"[1] 王力. 汉语史稿[M]. 北京: 中华书局, 19{seed:02d}.\n"
        "[2] Smith J, et al. Rivers and valleys[J]. Nature, 2019, 12(3): 4-9.\n"
        "[3] 吕叔湘. 现代汉语八百词[M]. 北京: 商务印书馆, 1999.\n"
    )


def test_a_shared_reference_list_is_not_copying():
    texts = {"a.txt": zh_essay(60) + _references(80), "b.txt": zh_essay(61) + _references(80)}
    _docs, pairs, _ = compare({**texts, **honest_class(3)})
    p = pairs[("a.txt", "b.txt")]
    assert not p.flagged and p.matched_chars == 0, p


def test_an_essay_pasted_below_a_reference_heading_is_still_compared():
    source = zh_essay(62)
    cheat = zh_essay(63, 12) + "\n参考文献\n" + source  # a fake heading, then the copy
    _docs, pairs, _ = compare({"src.txt": source, "cheat.txt": cheat, **honest_class(3)})
    p = pairs[("src.txt", "cheat.txt")]
    assert p.flagged and p.similarity > 0.9, p


def test_quoted_text_counts_unless_quotes_are_excluded():
    quote = "“" + "".join(sentences_of(zh_essay(64))[:8]) + "”"
    texts = {"a.txt": zh_essay(65) + quote, "b.txt": zh_essay(66) + quote, **honest_class(3)}
    docs = docs_from(texts)
    c = compare_documents(docs, SETTINGS, all_pairs=True)
    pairs = list(every_pair(c.pairs, c.others))
    (shared,) = [p for p in pairs if {docs[p.a].path, docs[p.b].path} == {"a.txt", "b.txt"}]
    assert shared.flagged  # the default: a quote is not a licence to copy
    quotes_off = replace(SETTINGS, exclude_quotes=True)
    docs = [
        to_document(name, Path(name), analyze_text(text, quotes_off))
        for name, text in texts.items()
    ]
    c = compare_documents(docs, quotes_off, all_pairs=True)
    pairs = list(every_pair(c.pairs, c.others))
    (shared,) = [p for p in pairs if {docs[p.a].path, docs[p.b].path} == {"a.txt", "b.txt"}]
    assert not shared.flagged and shared.matched_chars == 0


def test_a_stock_phrase_in_short_answers_is_not_copying():
    phrase = "随着社会的不断发展和进步，人们"  # a stock opening, 14 characters
    answers = {
        "a.txt": phrase + "我认为网络让学习变得更加方便，我每天都用手机查资料。",
        "b.txt": phrase + "城市里的交通越来越拥挤，政府应该多修地铁和公交线路。",
    }
    texts = {**answers, **honest_class(3)}
    _docs, pairs, _ = compare(texts)
    p = pairs[("a.txt", "b.txt")]
    assert p.passages >= 1 and p.similarity >= SETTINGS.flag_similarity  # matched, but
    assert not p.flagged, p  # one short phrase is not evidence
    copied = "我认为网络让学习变得更加方便，我每天都用手机查资料，还能和同学讨论问题。"
    texts["b.txt"] = phrase + copied
    _docs, pairs, _ = compare(texts)
    assert pairs[("a.txt", "b.txt")].flagged  # a copied answer still is


def test_repeated_shingles_keep_text_order_in_the_alignment_index():
    """Which occurrences of a repeated shingle an alignment uses (at most MAX_REPEATS)
    must not depend on unrelated positions: equal hashes stay in text order, so
    masking a few shingles elsewhere (a template's edge) leaves the passages alone."""
    from simhash_core.compare.passages import sorted_shingles

    rng = np.random.default_rng(3)
    seq = rng.integers(0, 50, size=20_000).astype(np.uint64)  # every hash ~400 times
    ok = np.ones(len(seq), bool)
    hashes, positions = sorted_shingles(seq, ok)
    same = hashes[1:] == hashes[:-1]
    assert (positions[1:][same] > positions[:-1][same]).all()
    ok[:8] = False  # masking the first few keeps every other occurrence where it was
    hashes2, positions2 = sorted_shingles(seq, ok)
    keep = positions >= 8
    assert np.array_equal(positions2, positions[keep]) and np.array_equal(hashes2, hashes[keep])


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sets(st.integers(0, 40), max_size=25), min_size=0, max_size=8),
    st.sampled_from([1, 2, 3, 7, 1 << 22]),
    st.sampled_from([1, 2, 4]),
    st.sampled_from([1, 2, 5, 1 << 25]),
)
def test_shared_counts_equal_pairwise_intersections(raw_sets, block, parts, waiting):
    import simhash_core.compare.corpus as corpus_module
    import simhash_core.compare.tally as tally_module
    from simhash_core.compare.corpus import shared_counts

    corpus_module._BLOCK, kept = block, corpus_module._BLOCK  # block edges anywhere
    # codes folded into the counts after any number of them
    tally_module.TALLY_WAITING, kept_waiting = waiting, tally_module.TALLY_WAITING

    # spread over the top bits too, so that every part of a split pass has hashes
    sets = [
        (np.array(sorted(s), dtype=np.uint64) << np.uint64(40))
        | (np.array(sorted(s), dtype=np.uint64) % np.uint64(4) << np.uint64(62))
        for s in raw_sets
    ]
    expected = {
        (i, j): len(raw_sets[i] & raw_sets[j])
        for i in range(len(raw_sets))
        for j in range(i + 1, len(raw_sets))
        if raw_sets[i] & raw_sets[j]
    }
    try:
        assert shared_counts(sets) == expected
        streamed = shared_counts(iter(sets), n=len(sets), capacity=sum(map(len, sets)) + 3)
        assert streamed == expected
        sizes: list[int] = []
        split = shared_counts(
            lambda: iter(sets), n=len(sets), capacity=sum(map(len, sets)), sizes=sizes, parts=parts
        )
        assert split == expected and sizes == [len(s) for s in sets]
    finally:
        corpus_module._BLOCK = kept
        tally_module.TALLY_WAITING = kept_waiting


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sets(st.integers(0, 30), max_size=20), min_size=0, max_size=12),
    st.integers(1, 6),
)
def test_held_by_equals_a_plain_count(raw_sets, files):
    from collections import Counter
    from types import SimpleNamespace

    from simhash_core.compare.shared_text import held_by

    # values 0-30 share only 4 top-32-bit prefixes: the first pass is full of collisions
    def doc(values):
        seq = np.array([(v % 4) << 32 | v for v in sorted(values)], np.uint64)
        return SimpleNamespace(shingle_seq=seq, usable=np.ones(len(seq), bool))

    docs = [doc(v) for v in raw_sets]
    counts = Counter(v for values in raw_sets for v in values)
    expected = sorted((v % 4) << 32 | v for v, c in counts.items() if c >= files)
    assert held_by(docs, files).tolist() == expected


PADDING = "本文字数不足，特此重复。\n"  # a line repeated to reach the word count


def _padded_pair(a_lines: int, b_lines: int, b_tail: int = 0) -> tuple[str, str]:
    essay = zh_essay(41)
    return PADDING * a_lines + essay, PADDING * b_lines + essay + PADDING * b_tail


def test_a_repeated_line_in_two_identical_files_is_one_passage():
    """Issue 37, fault 9: every repetition of a padding line was its own passage (one
    per line, matched with the other file's first few), and the alignment grew with
    the square of the text. Identical files are one passage, from start to end."""
    text, _ = _padded_pair(3000, 0)
    _docs, pairs, corpus = compare({"a.txt": text, "b.txt": text})
    pair = pairs[("a.txt", "b.txt")]
    assert pair.passages == 1 and pair.similarity == 1.0
    (p,) = corpus.passages(pair.a, pair.b)
    assert (p.a_start, p.b_start) == (0, 0)
    assert p.a_end == p.b_end == len(text.rstrip("。\n"))  # the last word


def test_more_repetitions_on_one_side_are_still_one_passage():
    """A padded 3,000 times, B 100 times before the essay and 200 after: what matches
    touches or overlaps on both sides, so it is one passage covering all of B."""
    a, b = _padded_pair(3000, 100, 200)
    docs, pairs, corpus = compare({"a.txt": a, "b.txt": b})
    pair = pairs[("a.txt", "b.txt")]
    (p,) = corpus.passages(pair.a, pair.b)
    b_side = (p.b_start, p.b_end) if docs[pair.b].path == "b.txt" else (p.a_start, p.a_end)
    assert b_side == (0, len(b.rstrip("。\n")))


def test_passages_that_touch_or_overlap_on_both_sides_are_one():
    from simhash_core.compare.passages import UnitMatch, merge_touching

    def spans(matches):
        return [(m.a0, m.a1, m.b0, m.b1) for m in merge_touching(matches)]

    # a chain that only joins once its first two are joined (the second pass)
    chain = [
        UnitMatch(0, 30, 0, 10, 20),
        UnitMatch(5, 40, 50, 60, 20),
        UnitMatch(10, 20, 10, 55, 10),
    ]
    assert spans(chain) == [(0, 40, 0, 60)]
    # the same text of B matched twice in A, far apart: two passages
    twice = [UnitMatch(0, 20, 0, 20, 20), UnitMatch(100, 120, 0, 20, 20)]
    assert spans(twice) == [(0, 20, 0, 20), (100, 120, 0, 20)]
    # overlapping in A only (B far apart): two passages
    apart = [UnitMatch(0, 20, 0, 20, 20), UnitMatch(10, 30, 500, 520, 20)]
    assert spans(apart) == [(0, 20, 0, 20), (10, 30, 500, 520)]
    merged = merge_touching([UnitMatch(0, 20, 0, 20, 20), UnitMatch(15, 40, 15, 40, 25)])
    assert [(m.a0, m.a1, m.units) for m in merged] == [(0, 40, 40)]


def test_text_repeated_on_one_side_only_is_no_longer_passage() -> None:
    """A phrase five times in A (a web page's "images in this gallery" after each
    picture) and once in B: each repetition matches B's one, and none is joined with
    the next, which would make fifteen words of A match three of B (a passage of 245
    characters against 27 in PAN's source-document00709, 21 % of it counted as copied
    where 9 % is). The same on B's side."""
    from simhash_core.compare.passages import align_units
    from simhash_core.text.units import shingle_hashes

    def matches(a: list[str], b: list[str], min_units: int) -> list[tuple[int, ...]]:
        sa, sb = shingle_hashes(a, 3), shingle_hashes(b, 3)
        ok_a, ok_b = np.ones(len(sa), bool), np.ones(len(sb), bool)
        got = align_units(sa, ok_a, sb, ok_b, 3, min_units=min_units)
        return [(m.a0, m.a1, m.b0, m.b1, m.units) for m in got]

    repeated = [w for k in range(5) for w in ("images", "in", "gallery", str(k))]
    once = ["updated", "images", "in", "gallery", "today"]
    assert matches(repeated, once, 12) == []  # three words, five times: never twelve
    assert matches(repeated, once, 3) == [(4 * k, 4 * k + 3, 1, 4, 3) for k in range(5)]
    assert matches(once, repeated, 3) == [(1, 4, 4 * k, 4 * k + 3, 3) for k in range(5)]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 30), min_size=0, max_size=160),
    st.lists(st.integers(0, 30), min_size=0, max_size=160),
    st.sampled_from([1, 2, 3, 5]),
    st.sampled_from([1, 3, 8, 12, 20]),
    st.integers(0, 2**32 - 1),
)
def test_a_pair_said_to_hold_no_passage_aligns_to_none(a, b, n, min_units, seed) -> None:
    """may_hold_passage is only ever False where align_units finds nothing: words
    drawn from 31, so texts share runs, repeats and scattered shingles of every kind,
    with some shingles unusable on either side."""
    from simhash_core.compare.passages import align_units, may_hold_passage
    from simhash_core.text.units import shingle_hashes

    sa, sb = shingle_hashes([str(w) for w in a], n), shingle_hashes([str(w) for w in b], n)
    rng = np.random.default_rng(seed)
    ok_a, ok_b = rng.random(len(sa)) > 0.1, rng.random(len(sb)) > 0.1
    found = align_units(sa, ok_a, sb, ok_b, n, min_units=min_units)
    if found:
        assert may_hold_passage(sa, ok_a, usable_set(sb[ok_b]), n, min_units=min_units)


def test_shingles_shared_by_chance_hold_no_passage_and_a_copy_does() -> None:
    """Two English essays on other subjects share stock phrases here and there: no
    passage can come of them, said without aligning them; a copied paragraph can."""
    from simhash_core.compare.passages import may_hold_passage

    stock = ["on the other hand", "at the end of the day", "as a matter of fact"]

    def with_stock(seed: int, every: int) -> str:
        said = sentences(seed)
        for k, phrase in enumerate(stock):
            said[k * every] = f"{phrase.capitalize()}, {said[k * every]}"
        return ". ".join(said)

    def sentences(seed: int) -> list[str]:
        return [s for s in en_essay(seed).split(". ") if s]

    one, two = with_stock(11, 9), with_stock(12, 4)
    copied = two + ". " + ". ".join(sentences(11)[20:25])
    a, b, c = (analyze_text(t, SETTINGS) for t in (one, two, copied))
    ok = np.ones(len(a.shingle_seq), bool)

    def may(other) -> bool:
        usable = usable_set(other.shingle_seq)
        return may_hold_passage(a.shingle_seq, ok, usable, SETTINGS.ngram, min_units=12)

    assert len(np.intersect1d(a.shingle_seq, b.shingle_seq)) >= 3
    assert not may(b)
    assert may(c)


@pytest.mark.parametrize("between", [11, 12, 13])
def test_may_hold_passage_at_the_edge_of_the_gap_a_passage_bridges(between: int) -> None:
    """Two runs of four words, ``between`` other words apart in both texts: one
    passage of eight units up to MAX_GAP (12) words between them, none beyond; the
    check says so on both sides of the edge."""
    from simhash_core.compare.passages import MAX_GAP, align_units, may_hold_passage
    from simhash_core.text.units import shingle_hashes

    def text(filler: str) -> list[str]:
        return ["a", "b", "c", "d"] + [f"{filler}{k}" for k in range(between)] + list("efgh")

    sa, sb = shingle_hashes(text("x"), 3), shingle_hashes(text("y"), 3)
    ok_a, ok_b = np.ones(len(sa), bool), np.ones(len(sb), bool)
    found = align_units(sa, ok_a, sb, ok_b, 3, min_units=8)
    assert bool(found) == (between <= MAX_GAP)
    assert may_hold_passage(sa, ok_a, usable_set(sb), 3, min_units=8) == bool(found)
