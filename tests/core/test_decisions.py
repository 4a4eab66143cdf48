"""A teacher's decisions: kept by the contents of the two submissions, carried by every
report, outdated (never applied, never dropped) when a file changed, safe from a kill
and from two writers."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from simhash_core.report.export import result_dict, write_reports
from simhash_core.review.decisions import (
    Decision,
    Decisions,
    Reason,
    Verdict,
    decision_of,
    review_state,
    submission_key,
)
from simhash_core.review.store import (
    DecisionStore,
    read_decisions_file,
    write_decisions_file,
)
from simhash_core.scan import scan
from simhash_core.types import ScanResult
from tests.core.textgen import zh_essay
from tests.csv_rows import pair_rows

ROOT = Path(__file__).resolve().parents[2]


def _class(folder: Path) -> Path:
    """Four essays; b.txt copies a.txt, d.txt copies c.txt."""
    folder.mkdir(parents=True)
    one, two = zh_essay(501), zh_essay(502)
    (folder / "a.txt").write_text(one, encoding="utf-8")
    (folder / "b.txt").write_text(one[:300] + zh_essay(503)[:300], encoding="utf-8")
    (folder / "c.txt").write_text(two, encoding="utf-8")
    (folder / "d.txt").write_text(two, encoding="utf-8")
    return folder


def _pair(result: ScanResult, x: str, y: str) -> tuple[int, int]:
    index = {d.path: i for i, d in enumerate(result.documents)}
    return index[x], index[y]


def _decide(result: ScanResult, x: str, y: str, verdict: Verdict, **kw: object) -> Decision:
    a, b = _pair(result, x, y)
    docs = result.documents
    return Decision(
        submission_key(docs[a], docs[b]), verdict, names=(docs[a].path, docs[b].path), **kw
    )  # type: ignore[arg-type]


def test_a_decision_follows_the_contents_through_a_rename_and_a_rescan(tmp_path: Path) -> None:
    folder = _class(tmp_path / "class")
    first = scan([folder], isolate=False)
    store = DecisionStore(tmp_path / "d.sqlite")
    store.save(
        _decide(first, "a.txt", "b.txt", Verdict.DISMISSED, reason=Reason.TEMPLATE).signed("ms li")
    )
    store.save(_decide(first, "c.txt", "d.txt", Verdict.CONFIRMED, note="same typos"))

    (folder / "a.txt").rename(folder / "a-renamed.txt")
    (folder / "d.txt").write_text(zh_essay(502) + "补充一句话。", encoding="utf-8")
    again = scan([folder], isolate=False)
    again.decisions = store.load()

    renamed = decision_of(again, *_pair(again, "a-renamed.txt", "b.txt"))
    assert renamed is not None and not renamed.outdated
    assert renamed.decision.verdict is Verdict.DISMISSED and renamed.decision.by == "ms li"
    assert renamed.decision.at.endswith("Z")
    changed = decision_of(again, *_pair(again, "c.txt", "d.txt"))
    assert changed is not None and changed.outdated  # shown, not applied
    assert changed.verdict is Verdict.UNREVIEWED and changed.decision.note == "same typos"
    assert review_state(again, *_pair(again, "c.txt", "d.txt")) == "outdated"


def test_every_report_carries_the_decision(tmp_path: Path) -> None:
    result = scan([_class(tmp_path / "class")], isolate=False)
    result.decisions = Decisions(
        [_decide(result, "a.txt", "b.txt", Verdict.CONFIRMED, reason=Reason.OTHER, note="见第3段")]
    )
    csv_path, json_path = tmp_path / "pairs.csv", tmp_path / "pairs.json"
    write_reports(result, csv_path=csv_path, json_path=json_path)
    rows = {(r["file_a"], r["file_b"]): r for r in pair_rows(csv_path)}
    assert rows[("a.txt", "b.txt")]["decision"] == "Confirmed copying"
    assert rows[("a.txt", "b.txt")]["decision_note"] == "见第3段"
    assert rows[("a.txt", "b.txt")]["decision_reason"] == "Other"
    assert rows[("c.txt", "d.txt")]["decision"] == "Unreviewed"
    data = json.loads(json_path.read_text(encoding="utf-8"))
    found = {(p["file_a"], p["file_b"]): p for p in data["pairs"]}
    assert found[("a.txt", "b.txt")]["decision"] == "confirmed"
    assert found[("a.txt", "b.txt")]["decision_reason"] == "other"
    assert found[("c.txt", "d.txt")]["decision"] == "unreviewed"
    # the same files and decisions give the same report
    assert result_dict(result) == result_dict(result)


def test_the_decisions_file_carries_them_to_a_colleague(tmp_path: Path) -> None:
    mine = DecisionStore(tmp_path / "mine.sqlite")
    theirs = DecisionStore(tmp_path / "theirs.sqlite")
    old = Decision(("h1", "h2"), Verdict.CONFIRMED, note="old", at="2026-11-01T00:00:00Z")
    new = Decision(("h1", "h2"), Verdict.DISMISSED, note="new", at="2026-11-20T00:00:00Z")
    other = Decision(("h3", "h4"), Verdict.CONFIRMED, at="2026-11-02T00:00:00Z")
    mine.save_all([new, other])
    theirs.save(old)
    path = tmp_path / "decisions.json"
    write_decisions_file(mine.load(), path)
    once = path.read_bytes()
    write_decisions_file(mine.load(), path)
    assert path.read_bytes() == once  # the same decisions, the same file
    assert theirs.merge(read_decisions_file(path)) == 2  # the later decision wins
    assert {d.key: d.note for d in theirs.load()} == {("h1", "h2"): "new", ("h3", "h4"): ""}
    assert theirs.merge(read_decisions_file(path)) == 0
    (tmp_path / "bad.json").write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(ValueError, match="not a plagcheck decisions file"):
        read_decisions_file(tmp_path / "bad.json")


def test_setting_a_pair_back_to_unreviewed_forgets_it(tmp_path: Path) -> None:
    store = DecisionStore(tmp_path / "d.sqlite")
    store.save(Decision(("h1", "h2"), Verdict.CONFIRMED))
    store.save(Decision(("h1", "h2"), Verdict.UNREVIEWED))
    assert len(store.load()) == 0
    assert len(DecisionStore(tmp_path / "never-made.sqlite").load()) == 0


_WRITER = """
import sys
from pathlib import Path
from simhash_core.review.decisions import Decision, Verdict
from simhash_core.review.store import DecisionStore
store = DecisionStore(Path(sys.argv[1]))
tag = sys.argv[2]
for i in range(100000):
    store.save(Decision((f"{tag}{i:06d}", "x"), Verdict.CONFIRMED, note="n" * 200))
    print(i, flush=True)
"""


def _writer(path: Path, tag: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(path), tag],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def _saved(proc: subprocess.Popen[str], at_least: int) -> int:
    """Read the writer's reports until ``at_least`` decisions are saved; the last."""
    assert proc.stdout is not None
    last = -1
    while last < at_least:
        line = proc.stdout.readline()
        assert line, "the writer stopped"
        last = int(line)
    return last


def test_the_store_survives_a_kill_and_two_writers(tmp_path: Path) -> None:
    path = tmp_path / "d.sqlite"
    one, two = _writer(path, "a"), _writer(path, "b")
    try:
        seen_one, seen_two = _saved(one, 30), _saved(two, 30)
        time.sleep(0.05)
        one.send_signal(signal.SIGKILL)  # mid-save, at any moment
        two.send_signal(signal.SIGKILL)
    finally:
        one.wait(10)
        two.wait(10)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    keys = {d.key for d in DecisionStore(path).load()}
    # every decision reported saved is there, from both writers
    assert all((f"a{i:06d}", "x") in keys for i in range(seen_one + 1))
    assert all((f"b{i:06d}", "x") in keys for i in range(seen_two + 1))


def test_a_students_standing_follows_the_decisions(tmp_path: Path) -> None:
    from simhash_core.review.standing import Review, standings

    result = scan([_class(tmp_path / "class")], isolate=False)
    by_name = {result.documents[s.document].path: s for s in standings(result)}
    assert by_name["a.txt"].review is Review.TO_REVIEW and by_name["a.txt"].to_review == 1
    assert by_name["a.txt"].partner == _pair(result, "a.txt", "b.txt")[1]
    result.decisions = Decisions(
        [
            _decide(result, "a.txt", "b.txt", Verdict.DISMISSED),
            _decide(result, "c.txt", "d.txt", Verdict.CONFIRMED),
        ]
    )
    by_name = {result.documents[s.document].path: s for s in standings(result)}
    assert by_name["a.txt"].review is Review.CLEARED and by_name["b.txt"].dismissed == 1
    assert by_name["d.txt"].review is Review.CONFIRMED
    only = standings(result, only={_pair(result, "c.txt", "d.txt")[0]})
    assert [result.documents[s.document].path for s in only] == ["c.txt"]


def test_the_next_pair_to_decide_skips_decided_pairs_and_goes_round(tmp_path: Path) -> None:
    from simhash_core.review.standing import next_to_review, to_review

    result = scan([_class(tmp_path / "class")], isolate=False)
    ab, cd = _pair(result, "a.txt", "b.txt"), _pair(result, "c.txt", "d.txt")
    score = {(p.a, p.b): p for p in result.pairs}
    left = to_review(result)
    assert [(p.a, p.b) for p in left] == [cd, ab]  # strongest first
    step = [next_to_review(left), next_to_review(left, score[cd]), next_to_review(left, score[ab])]
    assert [(p.a, p.b) for p in step if p is not None] == [cd, ab, cd]  # round at the end
    back = next_to_review(left, score[ab], -1)
    assert back is not None and (back.a, back.b) == cd
    result.decisions = Decisions([_decide(result, "c.txt", "d.txt", Verdict.CONFIRMED)])
    left = to_review(result)
    after_decided = next_to_review(left, score[cd])
    assert after_decided is not None and (after_decided.a, after_decided.b) == ab
    result.decisions = Decisions(
        [
            _decide(result, "c.txt", "d.txt", Verdict.CONFIRMED),
            _decide(result, "a.txt", "b.txt", Verdict.DISMISSED),
        ]
    )
    assert to_review(result) == [] and next_to_review(to_review(result), score[ab]) is None
