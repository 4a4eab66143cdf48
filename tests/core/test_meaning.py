"""The meaning layer: reworded and translated passages, on the labelled sample sets."""

from __future__ import annotations

import numpy as np
import pytest

from simhash_core.compare import comparison
from simhash_core.compare.meaning import meaning_pairs
from simhash_core.scan import scan
from simhash_core.store.cache import AnalysisCache
from simhash_core.text.sentences import CHINESE, ENGLISH, sentences_of
from simhash_core.types import ScanSettings
from tests.core.samples import SAMPLES, needs_samples, truth

TRANSLATED = SAMPLES / "translated-zh"
PARAPHRASE_EN = SAMPLES / "paraphrase-en"


def _pairs(result):
    docs = result.documents
    return {tuple(sorted((docs[p.a].name, docs[p.b].name))): p for p in result.pairs}


@pytest.fixture(scope="module")
def translated_scan():
    return scan([TRANSLATED / "documents"], isolate=False)


@needs_samples
def test_translated_passages_are_found_and_named(translated_scan) -> None:
    labels = truth(TRANSLATED)
    got = _pairs(translated_scan)
    translated = [k for k, v in labels.items() if v == "translated"]
    found = [k for k in translated if k in got and got[k].flagged and got[k].translated >= 3]
    assert len(found) >= len(translated) - 1
    false = [k for k, p in got.items() if p.flagged and labels[k] == "none"]
    assert false == []
    # the reason says what was found, and guesses no direction: a translation does not
    # show which side came first
    key = ("s015.docx", "src07.docx")
    p = got[key]
    assert [r.code for r in p.reasons] == ["pair.translated"]
    assert p.direction is not None and p.direction.source is None
    passages = translated_scan.corpus.passages(p.a, p.b)
    kinds = {x.kind for x in passages}
    assert kinds == {"translated"}
    doc_a, doc_b = translated_scan.documents[p.a], translated_scan.documents[p.b]
    for x in passages:
        assert x.sentences >= 3
        assert 0 <= x.a_start < x.a_end <= len(doc_a.text)
        assert 0 <= x.b_start < x.b_end <= len(doc_b.text)


@needs_samples
def test_each_layer_can_be_turned_off(translated_scan) -> None:
    off = scan([TRANSLATED / "documents"], settings=ScanSettings(translated=False), isolate=False)
    on_pairs, off_pairs = _pairs(translated_scan), _pairs(off)
    assert on_pairs[("s015.docx", "src07.docx")].flagged
    assert ("s015.docx", "src07.docx") not in off_pairs
    # the word layer is untouched: the essays copied word for word stay flagged
    assert off_pairs[("s009.pdf", "s026.docx")].flagged


@needs_samples
def test_reworded_english_passages_rank_above_honest_pairs() -> None:
    result = scan([PARAPHRASE_EN / "documents"], isolate=False, all_pairs=True)
    labels = truth(PARAPHRASE_EN)
    got = _pairs(result)
    copied = [got[k] for k, v in labels.items() if v == "paraphrase"]
    honest = [got.get(k) for k, v in labels.items() if v == "none"]
    assert sum(p.flagged and p.reworded >= 3 for p in copied) >= 6
    assert sum(1 for p in honest if p is not None and p.flagged) <= 0.01 * len(honest)
    # ranking: every reworded pair scores above most honest pairs (no tie at zero)
    honest_scores = np.array([p.similarity if p is not None else 0.0 for p in honest])
    for p in copied:
        assert p.similarity > np.quantile(honest_scores, 0.95)


def test_sentences_keep_their_language_and_offsets() -> None:
    text = (
        "课程论文：黄河是中国第二长的河流，流经九个省区。"
        "The Yellow River is the second longest river in China."
    )
    s = sentences_of(text)
    assert s.lang.tolist() == [CHINESE, ENGLISH]
    spans = [s.text_span(i) for i in range(s.count)]
    assert text[spans[1][0] : spans[1][1]].startswith("The Yellow River")
    # a Chinese sentence's glosses and its English translation share stems
    shared = set(s.glosses(0).tolist()) & set(s.glosses(1).tolist())
    assert len(shared) >= 3


def test_one_similar_sentence_is_never_a_passage() -> None:
    words = [
        "river",
        "mountain",
        "forest",
        "valley",
        "harbour",
        "castle",
        "garden",
        "market",
        "bridge",
        "tower",
        "museum",
        "school",
        "theatre",
        "station",
        "village",
        "meadow",
        "island",
        "canyon",
        "desert",
        "glacier",
        "volcano",
        "lagoon",
        "orchard",
        "vineyard",
        "prairie",
        "marsh",
        "plateau",
        "summit",
        "cliff",
        "dune",
    ]
    rng = np.random.default_rng(3)

    def sentence() -> str:
        return "The " + " ".join(rng.choice(words, 7, replace=False)) + " stood there."

    shared = "The committee finally approved the new budget for the city library."
    essays = [" ".join([sentence(), shared if k < 2 else sentence(), sentence()]) for k in range(8)]
    found = meaning_pairs([sentences_of(t) for t in essays], min_margin=1.3)
    assert (0, 1) in found  # the shared sentence is seen...
    assert all(max(r.sentences for r in f.runs) < 3 for f in found.values())  # ...alone


@needs_samples
def test_a_rescan_takes_the_meaning_layer_from_the_memo(tmp_path, monkeypatch) -> None:
    calls = []

    def counted(*args, **kwargs):
        calls.append(1)
        return meaning_pairs(*args, **kwargs)

    monkeypatch.setattr(comparison, "meaning_pairs", counted)
    cache = AnalysisCache(tmp_path / "c.sqlite")
    folder = TRANSLATED / "documents"
    cold = scan([folder], isolate=False, cache=cache)
    warm = scan([folder], isolate=False, cache=cache)
    assert len(calls) == 1
    assert [(p.a, p.b, p.reasons) for p in warm.pairs] == [
        (p.a, p.b, p.reasons) for p in cold.pairs
    ]
    # another margin re-makes them, and judges by it
    strict = scan([folder], settings=ScanSettings(meaning_margin=5.0), isolate=False, cache=cache)
    assert len(calls) == 2
    assert not any(p.translated for p in strict.pairs)


@needs_samples
def test_the_command_line_turns_the_layers_off(tmp_path) -> None:
    from simhash_core.cli.main import main

    out = tmp_path / "pairs.csv"
    folder = str(TRANSLATED / "documents")
    assert main(["scan", folder, "-q", "--no-cache", "--csv", str(out)]) == 0
    on = out.read_text(encoding="utf-8-sig")
    assert "sentences translated between Chinese and English" in on
    argv = ["scan", folder, "-q", "--no-cache", "--no-translated", "--no-reworded"]
    assert main([*argv, "--csv", str(out)]) == 0
    off = out.read_text(encoding="utf-8-sig")
    assert "translated between" not in off and "in other words" not in off
    assert "s009.pdf,s026.docx" in off  # the word layer still flags its copy


@needs_samples
def test_the_products_report_their_progress_and_stop_on_cancel() -> None:
    from simhash_core.progress import Cancelled, Progress

    seen: list[float] = []

    class Watch(Progress):
        def update(self, done, total, item=""):
            seen.append(done / total if total else 0.0)
            super().update(done, total, item)

    result = scan([PARAPHRASE_EN / "documents"], isolate=False)
    sents = [result.corpus.sentences(i) for i in range(len(result.documents))]
    meaning_pairs(sents, progress=Watch(), share=(0.0, 0.5))
    assert seen and seen == sorted(seen) and 0 < seen[-1] <= 0.5

    stop = Progress()
    stop.cancel()
    with pytest.raises(Cancelled):
        meaning_pairs(sents, progress=stop)


@needs_samples
def test_the_products_run_side_by_side_and_find_the_same(monkeypatch) -> None:
    """Threads multiply blocks of sentences side by side; the links, margins and
    progress are the same as one block after the other, and Cancel still stops them."""
    from simhash_core.compare.meaning import products
    from simhash_core.progress import Cancelled, Progress

    monkeypatch.setattr(products, "ROWS_PER_BLOCK", 16)  # many blocks even here
    for folder in (PARAPHRASE_EN, TRANSLATED):
        result = scan([folder / "documents"], isolate=False)
        sents = [result.corpus.glossed(i) for i in range(len(result.documents))]
        one = meaning_pairs(sents, threads=1)
        assert one  # something to compare
        for threads in (2, 3):
            assert meaning_pairs(sents, threads=threads) == one
    stop = Progress()
    stop.cancel()
    with pytest.raises(Cancelled):
        meaning_pairs(sents, progress=stop, threads=2)


# ----- through the archive ---------------------------------------------------------


def _split_by_language(tmp_path):
    """translated-zh's English articles and Chinese essays in two folders."""
    import shutil

    articles, essays = tmp_path / "articles", tmp_path / "essays"
    articles.mkdir()
    essays.mkdir()
    for f in sorted((TRANSLATED / "documents").iterdir()):
        shutil.copy(f, (articles if f.name.startswith("src") else essays) / f.name)
    return articles, essays


def translated_through(store_url: str, archived, scanned) -> tuple[set, set]:
    """Archive the folder ``archived``, scan ``scanned`` against it: the translated
    pairs found between the two (by file name) and the archived names loaded."""
    from simhash_core.archive import compare_with_archive, open_archive

    with open_archive(store_url) as store:
        store.add_many(scan([archived], compare=False, isolate=False).documents, "2024")
        result = compare_with_archive(scan([scanned], isolate=False), store)
        assert store.check() == []
    docs = result.documents
    found = {
        tuple(sorted((docs[p.a].name, docs[p.b].name)))
        for p in result.pairs
        if p.flagged and p.translated and (docs[p.a].archive_label or docs[p.b].archive_label)
    }
    loaded = {d.name for d in docs if d.archive_label}
    return found, loaded


@needs_samples
@pytest.mark.parametrize("archived_side", ["articles", "essays"])
def test_a_translated_source_is_found_through_the_archive(tmp_path, archived_side) -> None:
    """English articles in the archive are found for Chinese essays that translate them,
    and the other way round; no file in the other language is flagged for nothing."""
    articles, essays = _split_by_language(tmp_path)
    archived, scanned = (articles, essays) if archived_side == "articles" else (essays, articles)
    found, loaded = translated_through(str(tmp_path / "a.sqlite"), archived, scanned)
    labels = truth(TRANSLATED)
    want = {pair for pair, label in labels.items() if label == "translated"}
    assert found == want
    assert len(loaded) < len(list(archived.iterdir()))  # candidates, not the whole archive


@needs_samples
def test_the_meaning_index_needs_the_other_language(tmp_path) -> None:
    """A Chinese essay is never proposed for another Chinese essay by the meaning index
    (the shingle indexes find those); an English article is, for its translation."""
    from simhash_core.archive import open_archive

    articles, essays = _split_by_language(tmp_path)
    with open_archive(str(tmp_path / "a.sqlite")) as store:
        store.add_many(scan([articles, essays], compare=False, isolate=False).documents, "x")
        s005 = next(d for d in scan([essays / "s005.docx"], isolate=False).documents)
        found = store.find(s005)
        by_meaning = [c for c in found if c.meaning is not None]
        loaded = store.load([c.doc_id for c in by_meaning])
    assert by_meaning and all(d.name.startswith("src") for d in loaded)
    assert "src05.docx" in {d.name for d in loaded}
