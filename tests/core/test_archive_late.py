"""A late submission checked against an archived class (issue 37, fault 2).

Every essay of the class starts with the same ~50-word assignment prompt; the late
file holds the prompt and one archived student's essay. The prompt is the class's
common text (and, when the class was scanned with it, its template): it must flag no
archived student, and the copied student must be named as the source.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from simhash_core.archive import open_archive, service
from simhash_core.cli.main import main
from simhash_core.scan import scan
from simhash_core.types import ScanResult, ScanSettings
from tests.core.textgen import en_essay

PROMPT = (
    "Assignment two. Read the chapters on rivers and settlements set for this term and "
    "write an essay of at least eight hundred words on one question of your choice. "
    "Give your sources in a reference list, quote with care, and hand the essay in "
    "before Friday of week twelve; late work loses ten percent each day."
)
NAMES = ("Ann Lee", "Bo Wu", "Cai Lin", "Dan Ma", "Eva Hu", "Fei Xu")


def moodle_class(folder: Path, names: tuple[str, ...] = NAMES, prompt: bool = True) -> Path:
    """A Moodle export: a folder per student, each essay starting with the prompt."""
    for k, name in enumerate(names):
        sub = folder / f"{name}_{20250100 + k}_assignsubmission_file_"
        sub.mkdir(parents=True)
        body = en_essay(700 + k)
        (sub / "answer.txt").write_text(f"{PROMPT}\n\n{body}" if prompt else body, "utf-8")
    return folder


def late_copy(folder: Path, of: int) -> Path:
    """``folder`` with one late student's file: the prompt and essay ``of``'s body."""
    sub = folder / "Gao Yu_20250199_assignsubmission_file_"
    sub.mkdir(parents=True)
    (sub / "late.txt").write_text(f"{PROMPT}\n\n{en_essay(700 + of)}", "utf-8")
    return folder


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def flagged(result: ScanResult) -> list[tuple[str, str, str | None]]:
    """(student, student, named source) of each flagged pair."""
    docs = result.documents
    out = []
    for p in result.pairs:
        if p.flagged:
            d = p.direction
            source = docs[d.source].label if d is not None and d.source is not None else None
            out.append((docs[p.a].label, docs[p.b].label, source))
    return out


def test_a_shared_prompt_flags_no_archived_student(tmp_path: Path) -> None:
    """The class archived without a template: its common text (the prompt, in every
    essay) is kept out of archive comparisons, as the class's own scan keeps it out."""
    archive = str(tmp_path / "a.sqlite")
    klass = moodle_class(tmp_path / "class")
    assert main(["archive", "add", str(klass), "--label", "2025", "--archive", archive, "-q"]) == 0
    late = late_copy(tmp_path / "late", of=2)
    result, check = service.compare_scan(scan([late], isolate=False), archive)
    assert check.status is service.ArchiveStatus.COMPARED
    assert flagged(result) == [("Gao Yu", "Cai Lin", "Cai Lin")]


def test_the_class_template_applies_to_archive_comparisons(tmp_path: Path) -> None:
    """A class too small for the common-text rule, scanned with its template in another
    analysis space than the archive's (quotations excluded), added from the app: the
    template is still left out when a late file (scanned without it) is compared."""
    template = tmp_path / "prompt.txt"
    template.write_text(PROMPT, "utf-8")
    klass = moodle_class(tmp_path / "class", NAMES[:3])
    settings = ScanSettings(exclude_quotes=True)
    result = scan([klass], [template], settings, isolate=False)
    location = str(tmp_path / "a.sqlite")
    open_archive(location).close()  # made earlier, in the default analysis space
    docs = service.new_documents(result)
    service.add_documents(location, docs, "2025", settings, templates=result.templates)
    late = late_copy(tmp_path / "late", of=1)
    compared, _ = service.compare_scan(scan([late], isolate=False), location)
    assert flagged(compared) == [("Gao Yu", "Bo Wu", "Bo Wu")]


def test_one_late_file_against_the_archive_is_a_valid_scan(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    """One readable submission compared with the archive: exit 0 and a summary that
    says what it was compared with."""
    archive = str(tmp_path / "a.sqlite")
    klass = moodle_class(tmp_path / "class")
    assert main(["archive", "add", str(klass), "--label", "2025", "--archive", archive, "-q"]) == 0
    capsys.readouterr()
    late = late_copy(tmp_path / "late", of=2)
    assert main(["scan", str(late), "--archive", archive, "-q", "--no-cache"]) == 0
    printed = capsys.readouterr()
    assert "nothing was compared" not in printed.err
    assert "compared with the archive" in printed.out
    assert "Cai Lin → Gao Yu" in printed.out


def test_one_file_without_an_archive_is_still_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    late = late_copy(tmp_path / "late", of=2)
    assert main(["scan", str(late), "-q", "--no-cache"]) == 1
    assert "only one file could be read" in capsys.readouterr().err


# ---- an archive that fails mid-scan says so in every report (issue 37, fault 3) --------


def pdf_text(path: Path) -> str:
    """The PDF's text, as ``pdftotext`` reads it, on one line."""
    import subprocess

    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True)
    return " ".join(out.stdout.decode().split())


def scan_with_reports(folder: Path, archive: str, out: Path) -> int:
    """``plagcheck scan`` of ``folder`` against ``archive``, every report into ``out``."""
    out.mkdir()
    return main(
        [
            "scan", str(folder), "--archive", archive, "-q", "--no-cache",
            "--csv", str(out / "pairs.csv"), "--json", str(out / "r.json"),
            "--html", str(out / "r.html"), "--pdf", str(out / "r.pdf"),
        ]
    )  # fmt: skip


def assert_reports_say_not_checked(out: Path, why: str) -> None:
    """Every report says the archive was asked for and NOT checked, and why."""
    import json

    from tests.csv_rows import error_rows

    rows = error_rows(out / "pairs-errors.csv")
    assert rows[0]["problem"] == "archive"
    assert "asked for but NOT checked" in rows[0]["reason"] and why in rows[0]["reason"]
    said = json.loads((out / "r.json").read_text("utf-8"))["archive"]
    assert said["status"] == "failed" and not said["checked"] and why in said["reason"]
    html = (out / "r.html").read_text("utf-8")
    assert '<p class="archive failed" id="archive-status">' in html
    assert "asked for but NOT checked" in html and why in html
    pdf = pdf_text(out / "r.pdf")
    assert "asked for but NOT checked" in pdf and why in pdf


def test_an_sqlite_archive_whose_query_fails_mid_scan_is_said_in_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The archive opens (before the scan) and then fails on its first lookup."""
    import sqlite3

    from simhash_core.archive.sqlite_store import SQLiteArchive

    archive = str(tmp_path / "a.sqlite")
    klass = moodle_class(tmp_path / "class")
    assert main(["archive", "add", str(klass), "--label", "2025", "--archive", archive, "-q"]) == 0

    def failing(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(SQLiteArchive, "find_probe", failing)
    capsys.readouterr()
    out = tmp_path / "out"
    assert scan_with_reports(late_copy(tmp_path / "late", of=2), archive, out) == 1
    printed = capsys.readouterr()
    assert "asked for but NOT checked" in printed.out and "disk I/O error" in printed.err
    assert_reports_say_not_checked(out, "disk I/O error")


def test_a_redis_archive_stopped_mid_scan_is_said_in_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Redis server answers when the scan starts and is gone when the late files
    have been read."""
    import simhash_core.scan as cli  # the check's scan (simhash_core.check)
    from tests.core.test_archive_redis import _start_redis

    server = _start_redis(tmp_path)
    port = next(server)
    url = f"redis://127.0.0.1:{port}/0"
    klass = moodle_class(tmp_path / "class")
    assert main(["archive", "add", str(klass), "--label", "2025", "--archive", url, "-q"]) == 0
    real = cli.scan

    def then_stop(*args, **kwargs):
        result = real(*args, **kwargs)
        server.close()  # the server is stopped
        return result

    monkeypatch.setattr(cli, "scan", then_stop)
    out = tmp_path / "out"
    assert scan_with_reports(late_copy(tmp_path / "late", of=2), url, out) == 1
    assert "cannot reach the Redis archive" in capsys.readouterr().err
    assert_reports_say_not_checked(out, "cannot reach the Redis archive")


# ---- a late file added on its own keeps its student (issue 37, fault 2) ----------------


def test_a_file_added_on_its_own_is_named_from_its_own_path(tmp_path: Path) -> None:
    """File → Add files puts a late file beside the class (the app scans the folder and
    the file): the file's display path is its name alone, but its Moodle folder, its
    Moodle file name or its stem says who handed it in."""
    klass = moodle_class(tmp_path / "class", NAMES[:2])
    late = late_copy(tmp_path / "late", of=1)
    in_folder = next(late.rglob("late.txt"))
    flat = tmp_path / "flat" / "José María_20250198_assignsubmission_file_essay.docx.txt"
    flat.parent.mkdir()
    flat.write_text(f"{PROMPT}\n\n{en_essay(900)}", "utf-8")
    plain = tmp_path / "plain" / "Hu Wei.txt"
    plain.parent.mkdir()
    plain.write_text(f"{PROMPT}\n\n{en_essay(901)}", "utf-8")
    course = tmp_path / "20240315_期中作业"  # a course's folder names no student
    course.mkdir()
    for k, name in enumerate(("ode.txt", "sonnet.txt")):
        (course / name).write_text(f"{PROMPT}\n\n{en_essay(910 + k)}", "utf-8")
    loose = [in_folder, flat, plain, *sorted(course.iterdir())]
    result = scan([klass, *loose], isolate=False)
    students = {d.path: d.student.name if d.student else None for d in result.documents}
    assert students == {
        "class/Ann Lee_20250100_assignsubmission_file_/answer.txt": "Ann Lee",
        "class/Bo Wu_20250101_assignsubmission_file_/answer.txt": "Bo Wu",
        "late.txt": "Gao Yu",
        flat.name: "José María",
        "Hu Wei.txt": "Hu Wei",
        "ode.txt": "ode",
        "sonnet.txt": "sonnet",
    }
    copied = [p for p in result.pairs if p.flagged]
    docs = result.documents
    assert [(docs[p.a].label, docs[p.b].label) for p in copied] == [("Bo Wu", "Gao Yu")]


def test_an_anonymous_report_names_the_archive_file_without_its_folders() -> None:
    from simhash_core.report.contents import class_report
    from simhash_core.types import ArchiveCheck, ArchiveStatus

    check = ArchiveCheck(ArchiveStatus.COMPARED, "/home/wang/courses/past.sqlite", 40, 2)
    result = ScanResult(root=None, settings=ScanSettings(), archive=check)
    note = class_report(result, anonymous=True).archive
    assert note is not None and not note.failed
    assert note.text == (
        "compared with the archive past.sqlite: 40 archived documents searched, "
        "2 close enough to compare"
    )
    assert "/home/wang" in class_report(result).archive.text
