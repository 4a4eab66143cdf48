"""Progress through sub-jobs (progress.Job), in the manner of dupeGuru's Job."""

from __future__ import annotations

import pytest

from simhash_core.progress import Cancelled, Job, Progress, Stage


def _watched() -> tuple[Progress, list[tuple[int, int]]]:
    seen: list[tuple[int, int]] = []
    return Progress(lambda r: seen.append((r.done, r.total)) or True), seen


def test_sub_jobs_report_their_part_of_the_stage() -> None:
    """Each sub-job fills its proportion of its parent, whatever units it counts in,
    and the root job its share of the stage."""
    progress, seen = _watched()
    progress.begin(Stage.COMPARE)
    job = Job(progress, 100, share=(0.2, 0.6))
    spaces = [job.subjob(30), job.subjob(70)]
    spaces[0].advance(30)
    assert seen[-1] == (320, 1000)  # 30 of 100 units: 0.2 + 0.4 * 0.3
    halves = [spaces[1].subjob(35, total=5), spaces[1].subjob(35, total=5)]
    halves[0].advance(5)
    assert seen[-1] == (460, 1000)
    halves[1].advance(2.5)
    halves[1].advance(2.5)
    assert seen[-1] == (600, 1000)  # the whole share
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_job_never_reports_past_its_share_and_stops_on_cancel() -> None:
    progress, seen = _watched()
    job = Job(progress, 4, share=(0.0, 0.5))
    job.subjob(4).advance(10)  # more than planned
    assert seen[-1] == (500, 1000)
    job.subjob(1).check()  # not cancelled: nothing happens
    progress.cancel()
    with pytest.raises(Cancelled):
        job.subjob(1).subjob(1).check()


def test_an_empty_job_counts_one_unit() -> None:
    """A job of nothing (a space without sentences) divides by one, never by zero."""
    progress, seen = _watched()
    job = Job(progress, 0)
    job.subjob(0).advance(0)
    assert seen == [(0, 1000)]


def test_a_scan_says_the_comparison_began_before_preparing_it(tmp_path, monkeypatch) -> None:
    """The comparison's preparation (the shared text, the sentence spaces) takes half a
    minute in a large folder: the front end hears the comparison began before it, not
    after (its bar would stand at "read, all files" meanwhile)."""
    from simhash_core.compare import comparison
    from simhash_core.scan import scan
    from simhash_core.types import ScanSettings

    for k in range(3):
        (tmp_path / f"s{k}.txt").write_text(f"Essay {k} on rivers and their floods. " * 20)
    seen: list[tuple[Stage, int, int]] = []
    heard_before: list[list[tuple[Stage, int, int]]] = []
    prepare = comparison.shared_text_shingles

    def watched(*args, **kwargs):
        heard_before.append(list(seen))
        return prepare(*args, **kwargs)

    monkeypatch.setattr(comparison, "shared_text_shingles", watched)
    progress = Progress(lambda r: seen.append((r.stage, r.done, r.total)) or True)
    scan([tmp_path], [], ScanSettings(workers=1), progress, isolate=False)
    assert len(heard_before) == 1
    assert heard_before[0][-1] == (Stage.COMPARE, 0, Job.SCALE)
    assert any(stage is Stage.READ for stage, _, _ in heard_before[0])


def test_the_comparisons_preparation_moves_the_bar(tmp_path, monkeypatch) -> None:
    """Each step before the first sentence product is told when it ends: the shared
    text, the shared counts, each sentence space and (in a large folder) its candidate
    documents; judging the pairs is told as it goes. The bar never goes back."""
    from simhash_core.compare import comparison
    from simhash_core.compare.meaning import blocking, links
    from simhash_core.scan import scan
    from simhash_core.types import ScanSettings

    monkeypatch.setattr(blocking, "BLOCKING_FROM", 0)  # the large folder's path
    topics = ("rivers flood the valley", "bridges carry trains", "forests hold water")
    for k, topic in enumerate(topics):
        text = " ".join(f"Sentence {n} says that {topic} in spring." for n in range(12))
        (tmp_path / f"s{k}.txt").write_text(text)
    seen: list[tuple[Stage, int]] = []
    before: dict[str, list[int]] = {}

    def watch(module, name: str) -> None:
        step = getattr(module, name)

        def watched(*args, **kwargs):
            before.setdefault(name, []).append(seen[-1][1])
            return step(*args, **kwargs)

        monkeypatch.setattr(module, name, watched)

    watch(comparison, "shared_text_shingles")
    watch(links, "sentence_space")
    watch(links, "candidate_documents")
    watch(links, "blocked_pairs")
    progress = Progress(lambda r: seen.append((r.stage, r.done)) or True)
    scan([tmp_path], [], ScanSettings(workers=1), progress, isolate=False)
    prepared = int(comparison.PREPARED * Job.SCALE)
    assert before["shared_text_shingles"] == [0]
    assert before["sentence_space"][0] == prepared  # the shared text and counts told
    assert before["candidate_documents"][0] > prepared  # the space told
    assert before["blocked_pairs"][0] > before["candidate_documents"][0]
    compared = [done for stage, done in seen if stage is Stage.COMPARE]
    assert compared == sorted(compared) and compared[-1] == Job.SCALE
    # judging the pairs (their passages found) has its own share: the bar does not
    # stand at the end of the measuring while it runs
    judging = comparison.judging_from(comparison.MEANING_SHARE)
    assert int(judging * Job.SCALE) in compared


def test_a_cancel_is_acted_on_inside_the_shared_text_and_the_shared_counts(monkeypatch) -> None:
    """The comparison's first steps take minutes in 100,000 files: a cancel is acted on
    as they go through the documents, not after them."""
    import numpy as np

    from simhash_core.compare import comparison, shared_text
    from simhash_core.compare.corpus import Corpus
    from simhash_core.types import ScanSettings
    from tests.core.test_archive import make_doc
    from tests.core.textgen import zh_essay

    monkeypatch.setattr(shared_text, "CHECK_EVERY", 1)
    touched: list[int] = []

    class Doc:
        def __init__(self, k: int) -> None:
            self.k, self.ngram = k, 1
            self.usable = np.ones(40, bool)

        @property
        def shingle_seq(self) -> np.ndarray:
            touched.append(self.k)
            return np.arange(100 * self.k, 100 * self.k + 40, dtype=np.uint64)

    docs = [Doc(k) for k in range(1, 9)]
    assert not len(shared_text.shared_text_shingles(docs, 4))  # runs through
    touched.clear()
    stop = Progress()
    stop.cancel()
    with pytest.raises(Cancelled):
        shared_text.shared_text_shingles(docs, 4, stop)
    assert touched == [1]  # the first document, then the cancel

    settings = ScanSettings(reworded=False, translated=False)
    essays = [make_doc(zh_essay(k), f"{k}.txt", settings) for k in range(3)]
    corpus = Corpus.build(essays, settings)
    assert comparison._shared(corpus, Progress())[1].tolist()  # runs through
    with pytest.raises(Cancelled):
        comparison._shared(corpus, stop)


def test_a_cancel_is_acted_on_while_the_sentence_rows_are_made(monkeypatch) -> None:
    """A sentence space of 100,000 essays takes minutes: a cancel is acted on between
    its slices of documents."""
    from simhash_core.compare.meaning import ENGLISH, tfidf
    from simhash_core.text.sentences import sentences_of

    monkeypatch.setattr(tfidf, "TFIDF_SLICE", 8)  # a slice or two per document
    topics = ("rivers flood the valley", "bridges carry trains", "forests hold water")
    sents = [sentences_of(f"The {t} in spring. Then {t} again in autumn.") for t in topics]
    assert tfidf.sentence_space(sents, "word", ENGLISH, ENGLISH, progress=Progress())
    stop = Progress()
    stop.cancel()
    with pytest.raises(Cancelled):
        tfidf.sentence_space(sents, "word", ENGLISH, ENGLISH, progress=stop)
