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
