"""A copy rewritten sentence by sentence (every sentence reworded, words moved and
replaced, nothing copied for five words in a row) flags its pair when its sentences make
one whole passage of three or more and the meaning layer matched two of them or more
(``pair_score.rewritten``), or one of them beside another seed; one matched sentence
alone, texts that share no sentence's terms and the reworded layer turned off flag
nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from simhash_core.compare.corpus import Corpus
from simhash_core.compare.extension import sentence_seeds
from simhash_core.compare.meaning import NOTHING_FOUND, MeaningFound
from simhash_core.compare.pair_score import (
    MIN_LINKS,
    NOTHING,
    fact_seeds,
    judge_pair,
    same_facts,
    seeded_beside,
)
from simhash_core.scan import scan
from simhash_core.types import PairScore, Passage, ScanSettings
from tests.core.samples import SAMPLES, needs_samples
from tests.core.test_extension import FILLER, OTHER, REWRITTEN, SOURCE


def _write(folder: Path, a: list[str], b: list[str]) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "a.txt").write_text(" ".join(a), encoding="utf-8")
    (folder / "b.txt").write_text(" ".join(b), encoding="utf-8")
    return folder


def _judged(corpus: Corpus, meaning: MeaningFound) -> PairScore:
    """Documents 0 and 1 judged with no word passage and the meaning layer's ``meaning``."""
    corpus.meaning[(0, 1)] = meaning
    return judge_pair(
        corpus, 0, 1, NOTHING, shared=0, set_sizes=(1, 1), distance=32, jaccard=0.0,
        meaning=meaning,
    )  # fmt: skip


def test_a_copy_rewritten_sentence_by_sentence_is_flagged(tmp_path: Path) -> None:
    """Four of six sentences rewritten between other text: no word passage, no three
    sentences in a row at the meaning layer's margin; one passage, flagged, scored by
    the share of the source inside it, and reported without asking for every pair."""
    rewritten = [REWRITTEN[k] for k in (1, 2, 4, 5)]
    folder = _write(tmp_path / "c", OTHER[:3] + rewritten + OTHER[3:], SOURCE)
    result = scan([folder], isolate=False)
    (pair,) = result.pairs
    assert pair.flagged and [r.code for r in pair.reasons] == ["pair.rewritten"]
    assert pair.reasons[0]["sentences"] == 4
    assert pair.reworded == 4 and pair.meaning_share == 0.0  # no meaning-layer passage
    (shown,) = result.corpus.passages(0, 1)
    source = " ".join(SOURCE)
    assert source[shown.b_start : shown.b_end].startswith("Farmers along its banks")
    assert source[shown.b_start : shown.b_end].endswith("to the mountains.")
    # the share of the source (b) in the sentences the passage holds: 5 of 6
    assert pair.share_b == max(pair.share_a, pair.share_b) == pair.similarity
    assert 0.7 < pair.similarity < 0.9


def test_one_matched_sentence_links_the_pair_only_where_it_is_a_seed(tmp_path: Path) -> None:
    """The same passage flags from one sentence the meaning layer matched only where
    that sentence pair is itself a seed with another beside it: one matched sentence
    that keeps none of its words is what two texts on one subject share by chance."""
    rewritten = [REWRITTEN[k] for k in (1, 2, 4, 5)]
    folder = _write(tmp_path / "c", OTHER[:3] + rewritten + OTHER[3:], SOURCE)
    corpus = scan([folder], isolate=False, all_pairs=True).corpus
    found = corpus.meaning[(0, 1)]
    seeds = sentence_seeds(corpus.sentences(0), corpus.sentences(1))
    assert len(found.links) >= MIN_LINKS == 2 and found.links[0] in seeds
    assert _judged(corpus, replace(found, links=found.links[:1])).flagged
    assert _judged(corpus, replace(found, links=found.links[:2])).flagged
    assert (0, 0) not in seeds  # an unrelated sentence of each matched, and nothing else
    assert not _judged(corpus, replace(found, links=((0, 0),))).flagged
    assert not _judged(corpus, NOTHING_FOUND).flagged  # not linked at all


def test_honest_texts_are_never_rewritten_however_linked(tmp_path: Path) -> None:
    """Texts whose sentences share no terms make no passage: nothing flags them, even
    if the meaning layer had matched many of their sentences."""
    folder = _write(tmp_path / "h", OTHER, SOURCE)
    corpus = scan([folder], isolate=False, all_pairs=True).corpus
    p = _judged(corpus, replace(NOTHING_FOUND, links=tuple((k, k) for k in range(9)), strength=2.0))
    assert not p.flagged and p.similarity < 0.01


def test_the_rule_is_part_of_the_reworded_layer(tmp_path: Path) -> None:
    rewritten = [REWRITTEN[k] for k in (1, 2, 4, 5)]
    folder = _write(tmp_path / "c", OTHER[:3] + rewritten + OTHER[3:], SOURCE)
    result = scan([folder], (), ScanSettings(reworded=False), isolate=False, all_pairs=True)
    assert not any(p.flagged for p in result.pairs)


def test_a_template_filled_with_other_facts_is_not_rewritten() -> None:
    """Two articles from one template share their sentences' words but not their names
    and numbers: too few of their sentences count towards a rewritten passage (only
    those naming no fact of their own), while a rewording of one article (its facts
    kept) counts most of them."""
    from tests.core.test_archive import make_doc
    from tests.core.test_facts import COUNTIES, county, county_reworded

    texts = [county(*COUNTIES[0]), county(*COUNTIES[1]), county_reworded(*COUNTIES[0])]
    corpus = Corpus.build([make_doc(t, f"{k}.txt") for k, t in enumerate(texts)], ScanSettings())
    everything = Passage(0, 10_000, 0, 10_000, 1, kind="reworded", sentences=7)
    assert len(sentence_seeds(corpus.sentences(0), corpus.sentences(1))) >= 4
    assert same_facts(corpus, 0, 1, everything) < ScanSettings().meaning_sentences
    assert same_facts(corpus, 0, 2, everything) >= 3


LONG_SOURCE = [
    "The town council built stone dykes along both banks after the great flood of 1911 "
    "had destroyed the lower bridge, the old mill and most of the houses near the harbour.",
    "Every spring since then the melting snow from the northern glaciers has filled the "
    "reservoirs, and the farmers have opened the sluices to water their barley and potatoes.",
]
LONG_REWRITTEN = [
    "After the great flood of 1911 destroyed the old mill, the lower bridge and most houses "
    "near the harbour, the council of the town built dykes of stone along both banks.",
    "Since then, each spring the snow melting from the glaciers of the north has filled the "
    "reservoirs, and farmers open the sluices so that their potatoes and barley get water.",
]


def _two_sentences(folder: Path, rewritten: list[str], source: list[str]) -> Corpus:
    """A corpus of two texts whose only seeds are two sentences in a row."""
    _write(folder, OTHER[:3] + rewritten + OTHER[3:], [*FILLER[:2], *source, *FILLER[2:6]])
    corpus = scan([folder], isolate=False, all_pairs=True).corpus
    seeds = sentence_seeds(corpus.sentences(0), corpus.sentences(1))
    assert seeds == [(3, 2), (4, 3)]
    return corpus


def test_two_long_sentences_linked_and_rewritten_are_a_copy(tmp_path: Path) -> None:
    """Two sentences in a row, 60 words, each keeping a third of its words and both
    matched by the meaning layer: as long as a copied passage that flags alone."""
    corpus = _two_sentences(tmp_path / "c", LONG_REWRITTEN, LONG_SOURCE)
    p = _judged(corpus, replace(NOTHING_FOUND, links=((3, 2), (4, 3))))
    assert p.flagged and [r.code for r in p.reasons] == ["pair.rewritten"]
    assert p.reasons[0]["sentences"] == 2
    # one of the two linked, the other seeded beside it: enough (one reason, two sentences)
    p = _judged(corpus, replace(NOTHING_FOUND, links=((0, 0), (3, 2))))
    assert p.flagged and p.reasons[0]["sentences"] == 2
    assert _judged(corpus, replace(NOTHING_FOUND, links=((4, 3),))).flagged
    # a sentence linked that is not a seed: not enough, whatever the seeds beside it
    assert not _judged(corpus, replace(NOTHING_FOUND, links=((0, 0),))).flagged
    assert not _judged(corpus, replace(NOTHING_FOUND, links=((3, 3),))).flagged
    assert not _judged(corpus, replace(NOTHING_FOUND, links=((0, 0), (3, 3)))).flagged


def test_a_linked_seed_with_the_other_seed_far_away_is_not_a_copy(tmp_path: Path) -> None:
    """Two seeds of 60 words, but five sentences apart in one text: one linked sentence
    and a lone similar sentence elsewhere are not one rewritten passage."""
    _write(
        tmp_path / "c",
        [*OTHER[:3], LONG_REWRITTEN[0], *OTHER[3:], *FILLER[6:7], LONG_REWRITTEN[1]],
        [*FILLER[:2], *LONG_SOURCE, *FILLER[2:6]],
    )
    corpus = scan([tmp_path / "c"], isolate=False, all_pairs=True).corpus
    seeds = sentence_seeds(corpus.sentences(0), corpus.sentences(1))
    assert seeds == [(3, 2), (8, 3)]  # 5 sentences apart in A, beyond MAX_GAP (4)
    assert not _judged(corpus, replace(NOTHING_FOUND, links=((3, 2),))).flagged
    assert not _judged(corpus, replace(NOTHING_FOUND, links=((8, 3),))).flagged


def test_two_short_sentences_are_too_short_a_copy(tmp_path: Path) -> None:
    """The same with two sentences of 22 words: shorter than a passage that flags."""
    corpus = _two_sentences(tmp_path / "c", REWRITTEN[1:3], SOURCE[1:3])
    assert not _judged(corpus, replace(NOTHING_FOUND, links=((3, 2), (4, 3)))).flagged
    assert not _judged(corpus, replace(NOTHING_FOUND, links=((3, 2),))).flagged


def test_a_rewritten_passage_left_out_by_the_teacher_flags_nothing(tmp_path: Path) -> None:
    """Excluding the passage (review: exclude this passage) takes its sentences out of
    every seed: the pair is no longer flagged nor reported, and the exclusion says it
    removed it."""
    from simhash_core.review.evidence import pair_evidence
    from simhash_core.review.exclusions import Exclusions, apply_exclusions, passage_exclusion

    rewritten = [REWRITTEN[k] for k in (1, 2, 4, 5)]
    folder = _write(tmp_path / "c", OTHER[:3] + rewritten + OTHER[3:], SOURCE)
    result = scan([folder], isolate=False)
    (pair,) = result.pairs
    assert pair.flagged
    (shown,) = pair_evidence(result, 0, 1).passages
    e = passage_exclusion(result, 0, 1, shown).signed()
    out = apply_exclusions(result, Exclusions.of([e]))
    assert out.pairs == [] and out.exclusions.removed == {(0, 1): (e,)}


def test_texts_seeded_everywhere_are_not_rewritten_from_one_link(tmp_path: Path) -> None:
    """Two texts drawn from one small vocabulary share a third of their words in most
    sentence pairs: a matched sentence has seeds beside it as it has everywhere, so it
    is no copy; the same sentences with only the seeds beside it are."""
    from tests.core.textgen import en_essay

    _write(tmp_path / "c", [en_essay(41, 24)], [en_essay(42, 24)])
    corpus = scan([tmp_path / "c"], isolate=False, all_pairs=True).corpus
    seeds = fact_seeds(corpus, 0, 1)
    assert len(seeds) >= 40 and (16, 6) in seeds
    shape = (corpus.sentences(0).count, corpus.sentences(1).count)
    beside = {(x, y) for x, y in seeds if abs(x - 16) <= 4 and abs(y - 6) <= 4}
    assert len(beside) >= 3
    assert not seeded_beside(beside, seeds, (16, 6), shape)
    assert seeded_beside(beside, beside, (16, 6), shape)
    assert not _judged(corpus, replace(NOTHING_FOUND, links=((16, 6),))).flagged


ZH_OWN_A = [
    "今天的天气非常晴朗，我们一家人去公园散步，看到了许多盛开的花朵。",
    "午饭以后大家坐在湖边休息，孩子们在草地上放风筝玩得很开心。",
    "傍晚的时候起风了，我们收拾好东西坐公交车回家。",
]
ZH_OWN_B = [
    "学校图书馆上个月添置了一批新书，同学们借阅的热情很高。",
    "老师建议我们每周至少读完一本课外书，并写一篇读后感。",
    "期末考试之前，图书馆会延长开放时间，方便大家复习。",
    "周末的阅览室里总是坐满了安静学习的学生。",
]
ZH_SOURCE = [
    "黄河发源于青藏高原巴颜喀拉山北麓，流经九个省区，最后在山东省东营市注入渤海，"
    "全长约五千四百六十四公里。",
    "由于中游流经黄土高原，河水携带大量泥沙，下游河床不断抬高，形成了著名的地上河，"
    "历史上多次决口改道。",
]
ZH_REWRITTEN = [
    "全长约五千四百六十四公里的黄河，发源于青藏高原巴颜喀拉山的北麓，流经九个省区以后，"
    "在山东省东营市注入渤海。",
    "因为中游流经黄土高原，河水里携带了大量泥沙，使下游的河床不断抬高，成为著名的地上河，"
    "在历史上多次决口和改道。",
]


def test_a_short_chinese_rewrite_flags_from_one_linked_sentence(tmp_path: Path) -> None:
    """Chinese the same as English: two sentences reworded (clauses moved, words added),
    both keeping a third of their character pairs and the source's names and numbers,
    one matched by the meaning layer: one rewritten passage of two sentences."""
    folder = tmp_path / "zh"
    folder.mkdir()
    (folder / "a.txt").write_text("".join([*ZH_OWN_A[:2], *ZH_REWRITTEN, ZH_OWN_A[2]]), "utf-8")
    (folder / "b.txt").write_text("".join([*ZH_OWN_B[:2], *ZH_SOURCE, *ZH_OWN_B[2:]]), "utf-8")
    corpus = scan([folder], isolate=False, all_pairs=True).corpus
    assert fact_seeds(corpus, 0, 1) == {(2, 2), (3, 3)}
    p = _judged(corpus, replace(NOTHING_FOUND, links=((2, 2),)))
    assert p.flagged and [r.code for r in p.reasons] == ["pair.rewritten"]
    assert p.reasons[0]["sentences"] == 2
    assert not _judged(corpus, replace(NOTHING_FOUND, links=((0, 0),))).flagged


@needs_samples
def test_a_copied_piece_joined_to_a_rewritten_one_counts_its_sentences() -> None:
    """A PAN copy (random obfuscation) whose passage joins a piece copied word for word
    to a reworded sentence: the reason, the pair's measure and the passage's header
    count the same two sentences (the header said 1 while the reason said 2)."""
    pan = SAMPLES / "pan13-obfuscated"
    result = scan(
        [pan / "src" / "source-document00709.txt", pan / "susp" / "suspicious-document01629.txt"],
        isolate=False,
    )
    assert result.corpus is not None
    (pair,) = result.pairs
    assert [m.code for m in pair.reasons] == ["pair.rewritten"]
    (shown,) = result.corpus.passages(pair.a, pair.b)
    assert shown.kind == "reworded"
    whole = result.corpus.whole_passages(
        pair.a, pair.b, result.corpus.found_passages(pair.a, pair.b)
    )
    assert [p.sentences for p in whole] == [1], "the rules still read the sentences in order"
    assert dict(pair.reasons[0].values)["sentences"] == pair.reworded == shown.sentences == 2
