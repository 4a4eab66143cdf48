"""``plagcheck review`` and the decisions ``plagcheck scan`` reports with (#39.7): set,
list, export and import decisions; a scan applies the stored ones unless told not to,
and a decisions file on top; the confirmed cases and a student's report from the
command line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from simhash_core.cli.main import main
from tests.core.test_review_reports import make_class
from tests.csv_rows import pair_rows


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PLAGCHECK_DATA_DIR", str(tmp_path / "data"))
    return make_class(tmp_path / "class")


def decisions_by_pair(csv_path: Path) -> dict[frozenset[str], str]:
    return {frozenset((r["file_a"], r["file_b"])): r["decision"] for r in pair_rows(csv_path)}


def test_review_sets_lists_and_a_scan_reports_the_stored_decisions(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review"]) == 0
    assert "no decisions kept yet" in capsys.readouterr().out
    args = ["review", str(folder), "--confirm", "a.txt", "b.txt", "--reason", "other"]
    assert main([*args, "--note", "same typos", "--by", "ms li"]) == 0
    out = capsys.readouterr().out
    assert "confirmed copying: a.txt ↔ b.txt" in out
    assert any(x.startswith("confirmed") and "'same typos'; by ms li" in x for x in out.split("\n"))
    assert main(["review", str(folder), "--dismiss", "c", "d", "--reason", "group-work"]) == 0
    capsys.readouterr()
    assert main(["review"]) == 0
    listed = capsys.readouterr().out
    assert "confirmed   a.txt ↔ b.txt" in listed and "dismissed   c.txt ↔ d.txt" in listed

    csv_path = tmp_path / "pairs.csv"
    assert main(["scan", str(folder), "-q", "--csv", str(csv_path)]) == 0
    assert "decisions: 1 confirmed, 1 dismissed, 1 to review" in capsys.readouterr().out
    states = decisions_by_pair(csv_path)
    assert states[frozenset(("a.txt", "b.txt"))] == "Confirmed copying"
    assert states[frozenset(("c.txt", "d.txt"))] == "Dismissed"
    bare = tmp_path / "bare.csv"
    assert main(["scan", str(folder), "-q", "--no-stored-decisions", "--csv", str(bare)]) == 0
    assert set(decisions_by_pair(bare).values()) == {"Unreviewed"}

    assert main(["review", str(folder), "--unreview", "a.txt", "b.txt"]) == 0
    assert main(["scan", str(folder), "-q", "--csv", str(csv_path)]) == 0
    assert decisions_by_pair(csv_path)[frozenset(("a.txt", "b.txt"))] == "Unreviewed"


def test_a_decisions_file_travels_and_applies_on_top_of_the_store(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["review", str(folder), "--confirm", "a.txt", "b.txt", "--by", "ms li"]) == 0
    handed = tmp_path / "decisions.json"
    assert main(["review", str(folder), "--export", str(handed)]) == 0
    data = json.loads(handed.read_text(encoding="utf-8"))
    assert data["format"] == "plagcheck-decisions" and len(data["decisions"]) == 1

    # a colleague with an empty store: the file alone, or imported into their store
    monkeypatch.setenv("PLAGCHECK_DATA_DIR", str(tmp_path / "colleague"))
    csv_path = tmp_path / "theirs.csv"
    assert main(["scan", str(folder), "-q", "--csv", str(csv_path)]) == 0
    assert decisions_by_pair(csv_path)[frozenset(("a.txt", "b.txt"))] == "Unreviewed"
    scan_args = ["scan", str(folder), "-q", "--decisions", str(handed), "--csv", str(csv_path)]
    assert main(scan_args) == 0
    assert decisions_by_pair(csv_path)[frozenset(("a.txt", "b.txt"))] == "Confirmed copying"
    # on top of the store: the file's decision replaces the store's on the same pair
    assert main(["review", str(folder), "--dismiss", "a.txt", "b.txt"]) == 0
    assert main(scan_args) == 0
    assert decisions_by_pair(csv_path)[frozenset(("a.txt", "b.txt"))] == "Confirmed copying"
    assert main(["review", "--import", str(handed)]) == 0  # their own later decision stays
    assert main(["scan", str(folder), "-q", "--csv", str(csv_path)]) == 0
    assert decisions_by_pair(csv_path)[frozenset(("a.txt", "b.txt"))] == "Dismissed"


def test_the_confirmed_cases_and_a_students_report_from_the_command_line(
    folder: Path, tmp_path: Path
) -> None:
    assert main(["review", str(folder), "--confirm", "a.txt", "b.txt"]) == 0
    cases = tmp_path / "cases.pdf"
    assert main(["scan", str(folder), "-q", "--confirmed", "--pdf", str(cases)]) == 0
    text = subprocess.run(
        ["pdftotext", str(cases), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Case 1: a.txt ↔ b.txt" in text and "Case 2" not in text
    page = tmp_path / "student.html"
    args = ["scan", str(folder), "-q", "--student", "b", "--level", "full", "--html", str(page)]
    assert main(args) == 0
    html = page.read_text(encoding="utf-8")
    assert "Similarity report for b.txt" in html and "a.txt" not in html
    assert main(["scan", str(folder), "-q", "--student", "nobody", "--html", str(page)]) == 1


def test_usage_errors(folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ["review", "--confirm", "a.txt", "b.txt"],  # which class?
        ["review", "--note", "x"],
        ["scan", str(folder), "--confirmed"],  # no --html or --pdf
        ["scan", str(folder), "--student", "a", "--pair", "a", "b", "--html", "x.html"],
        ["scan", str(folder), "--decisions", str(tmp_path / "missing.json")],
    ):
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 2, args
    broken = tmp_path / "broken.json"
    broken.write_text("{}", encoding="utf-8")
    assert main(["scan", str(folder), "-q", "--decisions", str(broken)]) == 1
    assert "not a plagcheck decisions file" in capsys.readouterr().err
