"""A student's own report (#39.6): one submission's evidence, every other student
anonymized, at the level the teacher chooses (score only, summary, full passages), in
HTML and PDF; the same files and decisions give the same bytes."""

from __future__ import annotations

import datetime
import re
import subprocess
from pathlib import Path

import pytest

from simhash_core.report.export import write_reports
from simhash_core.report.student import (
    StudentNotFound,
    find_student,
    student_report,
    student_writers,
)
from simhash_core.review.decisions import Decision, Decisions, Reason, Verdict, submission_key
from simhash_core.scan import scan
from simhash_core.types import ScanResult
from tests.core.textgen import zh_essay

DAY = datetime.date(2026, 11, 27)
OTHERS = ("李四", "王五", "赵六", "s02", "s03", "s04")


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> ScanResult:
    """张三's essay; 李四 copied its first half, 王五 a passage of it; 赵六 wrote
    their own (and signed it)."""
    folder = tmp_path_factory.mktemp("student") / "class"
    own = zh_essay(601)
    texts = {
        "s01_张三": own,
        "s02_李四": "作者：李四。" + own[:500] + zh_essay(602)[:400],
        "s03_王五": zh_essay(603)[:200] + own[600:1000] + zh_essay(604)[:200],
        "s04_赵六": zh_essay(605),
    }
    for who, text in texts.items():
        (folder / who).mkdir(parents=True)
        (folder / who / "作业.txt").write_text(text, encoding="utf-8")
    found = scan([folder], isolate=False)
    docs = {d.label: d for d in found.documents}
    one, two = docs[_label(found, "张三")], docs[_label(found, "李四")]
    found.decisions = Decisions(
        [
            Decision(
                submission_key(one, two),
                Verdict.CONFIRMED,
                Reason.OTHER,
                note="李四 admitted it",
                by="ms li",
                at="2026-11-26T10:00:00Z",
                names=(one.path, two.path),
            )
        ]
    )
    return found


def _label(result: ScanResult, name: str) -> str:
    return next(d.label for d in result.documents if name in d.label)


def test_the_student_is_found_by_name_or_file(result: ScanResult) -> None:
    by_name = find_student(result, _label(result, "张三"))
    assert [result.documents[i].path for i in by_name] == ["s01_张三/作业.txt"]
    assert find_student(result, "s01_张三/作业.txt") == by_name
    with pytest.raises(StudentNotFound):
        find_student(result, "nobody")


@pytest.mark.parametrize("level", ["score", "summary", "full"])
def test_each_level_shows_what_it_says_and_names_no_other_student(
    result: ScanResult, level: str, tmp_path: Path
) -> None:
    report = student_report(result, _label(result, "张三"), level=level, lang="zh", date=DAY)
    assert [p.name for p in report.partners] == ["学生 1", "学生 2"][: len(report.partners)]
    assert len(report.partners) == 2  # 李四 and 王五, not 赵六
    first = report.partners[0]
    assert first.decision == "确认抄袭" and "李四" not in repr(report)
    assert bool(first.reasons) == (level != "score")
    assert bool(first.passages) == (level == "full")
    if level == "full":
        assert "张三" not in first.passages[0].other
        assert (
            first.passages[0].own.strip()[:10]
            in result.documents[find_student(result, "s01_张三/作业.txt")[0]].text
        )
    html, pdf = tmp_path / "s.html", tmp_path / "s.pdf"
    writers = student_writers(
        result, "张三", html_path=html, pdf_path=pdf, level=level, lang="zh", date=DAY
    )
    write_reports(result, more=writers)
    page = html.read_text(encoding="utf-8")
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)  # the font's base64 may hold any
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    for out in (page, text):
        assert "张三" in out
        assert not [o for o in OTHERS if o in out], level
        assert "admitted" not in out  # the teacher's note stays with the teacher
    again = tmp_path / "again.pdf"
    write_reports(
        result,
        more=student_writers(result, "张三", pdf_path=again, level=level, lang="zh", date=DAY),
    )
    assert again.read_bytes() == pdf.read_bytes()
