"""Students, not files: the student a platform's folder or file names give is what every
reason, group, summary, report and archived match names."""

from __future__ import annotations

import io
from pathlib import Path

import docx

from simhash_core.cli.main import main
from simhash_core.intake.students import student_of, students
from simhash_core.report.contents import class_report
from simhash_core.report.export import write_pairs_csv
from simhash_core.scan import scan
from simhash_core.types import ScanSettings
from tests.core.textgen import en_essay, zh_essay
from tests.csv_rows import pair_rows


def test_platform_patterns_and_folders_name_students():
    got = students(
        [
            "Zhang San_123456_assignsubmission_file_/answer.docx",
            "Li Si_123457_assignsubmission_onlinetext_/onlinetext.html.txt",
            "2023001_王五_作业.docx",
            "赵六-2023002.pdf",
            "notes.txt",
        ]
    )
    assert [(s.name, s.number) if s else None for s in got] == [
        ("Zhang San", "123456"),
        ("Li Si", "123457"),
        ("王五", "2023001"),
        ("赵六", "2023002"),
        None,
    ]
    # one folder per student, two files in one of them
    by_folder = students(["张三/essay.docx", "张三/draft.docx", "李四/essay.docx"])
    assert [s.name for s in by_folder] == ["张三", "张三", "李四"]
    # a folder with many files is a class or a topic, not a student
    many = [f"class1/s{i:02}.docx" for i in range(10)] + ["class2/s99.docx"]
    assert all(s is None for s in students(many))
    # flat names without a pattern stay files
    assert students(["s001.docx", "s002.pdf"]) == [None, None]
    # two students of one name are told apart by their numbers
    twins = students(["2023001_张伟_作业.docx", "2023009_张伟_作业.docx"])
    assert [s.name for s in twins] == ["张伟 (2023001)", "张伟 (2023009)"]
    assert student_of("2023/作业.docx") is None  # a year is no student number


def _docx(text: str) -> bytes:
    word = docx.Document()
    for paragraph in text.split("\n"):
        word.add_paragraph(paragraph)
    out = io.BytesIO()
    word.save(out)
    return out.getvalue()


def moodle_class(root: Path, copies: dict[str, str], lang: str = "en") -> dict[str, str]:
    """A Moodle export: one folder per student, each with ``answer.docx``; ``copies``
    maps a copier to the student they copied from. Returns each student's essay."""
    essay = en_essay if lang == "en" else zh_essay
    people = ["Ann Lee", "Bo Wu", "Cai Yun", "Dan Ho", "Eve Ma", "Fay Li"]
    texts = {name: essay(10 + k, 30) for k, name in enumerate(people)}
    for copier, source in copies.items():
        texts[copier] = texts[source]
    for k, name in enumerate(people):
        folder = root / f"{name}_{700 + k}_assignsubmission_file_"
        folder.mkdir(parents=True)
        (folder / "answer.docx").write_bytes(_docx(texts[name]))
    return texts


def test_a_moodle_export_names_students_everywhere(tmp_path: Path, capsys):
    root = tmp_path / "moodle"
    moodle_class(root, {"Dan Ho": "Bo Wu"})
    result = scan([root], isolate=False)
    docs = result.documents
    assert sorted(d.label for d in docs) == [
        "Ann Lee", "Bo Wu", "Cai Yun", "Dan Ho", "Eve Ma", "Fay Li"
    ]  # fmt: skip
    (pair,) = [p for p in result.pairs if p.flagged]
    assert {docs[pair.a].label, docs[pair.b].label} == {"Bo Wu", "Dan Ho"}
    said = " ".join(str(r) for r in pair.reasons) + str(pair.direction.reason)
    assert "answer.docx" not in said
    (group,) = result.clusters
    assert sorted(docs[m].label for m in group.members) == ["Bo Wu", "Dan Ho"]
    # the CSV: students first, then the files
    out = tmp_path / "pairs.csv"
    write_pairs_csv(result, out)
    (row,) = [r for r in pair_rows(out) if r["flagged"] == "yes"]
    assert {row["student_a"], row["student_b"]} == {"Bo Wu", "Dan Ho"}
    assert row["file_a"].endswith("/answer.docx")
    # the report's groups and pair titles
    report = class_report(result, lang="en")
    assert report.groups[0].members == ("Bo Wu", "Dan Ho")
    assert {report.pairs[0].name_a, report.pairs[0].name_b} == {"Bo Wu", "Dan Ho"}
    # the command line's summary
    assert main(["scan", str(root), "-q", "--no-cache"]) == 0
    printed = capsys.readouterr().out
    assert "Bo Wu ↔ Dan Ho" in printed or "Dan Ho ↔ Bo Wu" in printed
    assert "group 1 (max 100%, direction unknown): Bo Wu, Dan Ho" in printed


def test_a_student_number_and_name_class_names_students(tmp_path: Path):
    root = tmp_path / "作业"
    root.mkdir()
    texts = {f"20230{k:02}_{name}_作业.docx": zh_essay(30 + k, 30)
             for k, name in enumerate(["张三", "李四", "王五", "赵六", "钱七"])}  # fmt: skip
    texts["2023003_赵六_作业.docx"] = texts["2023001_李四_作业.docx"][:3000]
    for name, text in texts.items():
        (root / name).write_bytes(_docx(text))
    result = scan([root], isolate=False)
    docs = result.documents
    flagged = [p for p in result.pairs if p.flagged]
    assert flagged and all({docs[p.a].label, docs[p.b].label} == {"李四", "赵六"} for p in flagged)
    for p in flagged:
        for r in p.reasons:
            if "name" in dict(r.values):
                assert dict(r.values)["name"] in ("李四", "赵六")


def test_archived_matches_name_the_student(tmp_path: Path, monkeypatch):
    """Last year's Moodle class archived; this year's copier is shown against the
    archived student, by name."""
    from simhash_core.cli.archive import apply_archive
    from tests.core.test_archive_cli import parser, run

    monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    old, new = tmp_path / "2024", tmp_path / "2025"
    last = moodle_class(old, {})
    archive = str(tmp_path / "archive.sqlite")
    assert run("add", str(old), "--label", "2024 autumn", "--archive", archive, "-q") == 0
    folder = new / "Gus Ng_900_assignsubmission_file_"
    folder.mkdir(parents=True)
    (folder / "answer.docx").write_bytes(_docx(last["Cai Yun"]))
    for k in range(3):
        own = new / f"Hal Po{k}_91{k}_assignsubmission_file_"
        own.mkdir()
        (own / "answer.docx").write_bytes(_docx(en_essay(60 + k, 30)))
    args = parser().parse_args(["scan", str(new), "--against-archive", "--archive", archive])
    result = apply_archive(args, scan(args.paths, isolate=False), ScanSettings())
    docs = result.documents
    (pair,) = [p for p in result.pairs if p.flagged]
    assert {docs[pair.a].label, docs[pair.b].label} == {"Gus Ng", "Cai Yun"}
    archived = docs[pair.b] if docs[pair.b].archive_label else docs[pair.a]
    assert archived.archive_label == "2024 autumn" and archived.label == "Cai Yun"
    assert "Cai Yun" in str(pair.direction.reason)  # archived earlier: the source


def test_an_anonymized_report_hides_recognised_students(tmp_path: Path):
    root = tmp_path / "moodle"
    moodle_class(root, {"Dan Ho": "Bo Wu"})
    result = scan([root], isolate=False)
    report = class_report(result, lang="en", anonymous=True)
    shown = repr(report)
    for name in ("Bo Wu", "Dan Ho", "Ann Lee", "_assignsubmission_"):
        assert name not in shown
    assert {report.pairs[0].name_a, report.pairs[0].name_b} <= {f"Student {k}" for k in range(1, 7)}


def test_a_date_or_title_every_file_shares_is_no_student():
    """ "20240315_期中作业/2023001_张三.docx": the file names the student, not the folder;
    "张三/20231015_实验报告.docx" for everyone: the folders do."""
    got = students(["20240315_期中作业/2023001_张三.docx", "20240315_期中作业/2023002_李四.docx"])
    assert [s.name for s in got] == ["张三", "李四"]
    got = students([f"{name}/20231015_实验报告.docx" for name in ("张三", "李四", "王五")])
    assert [s.name for s in got] == ["张三", "李四", "王五"]


def test_a_students_several_files_are_one_submission(tmp_path: Path):
    """Dan Ho handed in answer.docx and appendix.docx; the appendix is Bo Wu's essay.
    The two files are one submission (each under its file name), never compared with
    each other, and the copy is found in it."""
    import json

    from simhash_core.intake.submissions import FILE_HEADER
    from simhash_core.report.export import write_reports

    root = tmp_path / "moodle"
    texts = moodle_class(root, {})
    dan = next(root.glob("Dan Ho_*"))
    (dan / "appendix.docx").write_bytes(_docx(texts["Bo Wu"]))
    result = scan([root], isolate=False)
    docs = result.documents
    (submission,) = [d for d in docs if d.label == "Dan Ho"]
    assert submission.files == ("answer.docx", "appendix.docx")
    assert submission.path == dan.name and len(docs) == 6
    for name in submission.files:
        assert FILE_HEADER.format(name=name) in submission.text
    (pair,) = [p for p in result.pairs if p.flagged]
    assert {docs[pair.a].label, docs[pair.b].label} == {"Bo Wu", "Dan Ho"}
    out = tmp_path / "out.json"
    write_reports(result, json_path=out)
    shown = {d["student"]: d for d in json.loads(out.read_text(encoding="utf-8"))["documents"]}
    assert shown["Dan Ho"]["files"] == ["answer.docx", "appendix.docx"]
    assert shown["Bo Wu"]["student_number"] == "701"


def test_a_students_joined_submission_is_analysed_once_and_cached(tmp_path: Path, monkeypatch):
    """The joined submission is kept in the cache under its own content hash: the next
    scan of the same files analyses no text at all, and finds the same."""
    import simhash_core.fingerprint.analyze as analyze_module
    import simhash_core.intake.submissions as submissions_module
    from simhash_core.report.export import result_dict
    from simhash_core.store.cache import AnalysisCache

    root = tmp_path / "moodle"
    texts = moodle_class(root, {})
    dan = next(root.glob("Dan Ho_*"))
    (dan / "appendix.docx").write_bytes(_docx(texts["Bo Wu"]))
    cache = AnalysisCache(tmp_path / "cache.sqlite")
    first = scan([root], isolate=False, cache=cache)
    calls: list[str] = []
    real = analyze_module.analyze_text
    for module in (analyze_module, submissions_module):
        monkeypatch.setattr(
            module, "analyze_text", lambda text, *a, **k: calls.append(text) or real(text, *a, **k)
        )
    again = scan([root], isolate=False, cache=cache)
    cache.close()
    assert calls == []  # every file and the joined submission came from the cache
    (submission,) = [d for d in again.documents if d.label == "Dan Ho"]
    assert submission.content_hash.startswith("files:")
    assert result_dict(again) == result_dict(first)


def test_a_students_files_are_read_and_analysed_together_once(tmp_path: Path, monkeypatch):
    """Grouped before anything is read: Dan Ho's two files are never analysed apart, only
    their joined text, once; the other students' files once each."""
    import simhash_core.fingerprint.analyze as analyze_module
    import simhash_core.intake.submissions as submissions_module

    root = tmp_path / "moodle"
    texts = moodle_class(root, {})
    dan = next(root.glob("Dan Ho_*"))
    (dan / "appendix.docx").write_bytes(_docx(texts["Bo Wu"]))
    calls: list[str] = []
    real = analyze_module.analyze_text
    for module in (analyze_module, submissions_module):
        monkeypatch.setattr(
            module, "analyze_text", lambda text, *a, **k: calls.append(text) or real(text, *a, **k)
        )
    result = scan([root], isolate=False)
    (submission,) = [d for d in result.documents if d.label == "Dan Ho"]
    assert len(calls) == 6  # five students' files, and Dan Ho's submission
    assert calls.count(submission.text) == 1
    assert not any(text.strip() == texts["Dan Ho"].strip() for text in calls)


def test_a_students_unreadable_file_costs_only_itself(tmp_path: Path):
    """One of Dan Ho's files is damaged: it is an error row of its own, and his readable
    file is still his submission, under his name, with the copy in it found."""
    root = tmp_path / "moodle"
    texts = moodle_class(root, {})
    dan = next(root.glob("Dan Ho_*"))
    (dan / "answer.docx").write_bytes(_docx(texts["Bo Wu"]))
    (dan / "broken.docx").write_bytes(b"PK\x03\x04 not a whole package")
    result = scan([root], isolate=False)
    (submission,) = [d for d in result.documents if d.label == "Dan Ho"]
    assert submission.path == f"{dan.name}/answer.docx" and submission.files == ()
    assert [e.path for e in result.errors] == [f"{dan.name}/broken.docx"]
    (pair,) = [p for p in result.pairs if p.flagged]
    assert {result.documents[pair.a].label, result.documents[pair.b].label} == {"Bo Wu", "Dan Ho"}


def test_a_file_that_hangs_a_students_read_is_read_apart(tmp_path: Path):
    """When one of a student's files hangs the worker reading them together, the files are
    read again one by one: the hanging one times out alone, the others are joined."""
    from simhash_core.intake.submissions import Submission
    from simhash_core.progress import Progress
    from simhash_core.scan import _read_apart
    from tests.core import pool_tasks

    folder = tmp_path / "Dan Ho_20250103_assignsubmission_file_"
    folder.mkdir()
    for name, seed in (("a.txt", 1), ("hang.txt", 2), ("c.txt", 3)):
        (folder / name).write_text(en_essay(seed, 8), "utf-8")
    files = [(folder / n, f"{folder.name}/{n}") for n in ("a.txt", "c.txt", "hang.txt")]
    (read,) = _read_apart(
        files,
        [Submission((0, 1, 2), None)],
        ScanSettings(workers=1),
        np_empty(),
        Progress(),
        isolate=True,
        timeout=2.0,
        cache=None,
        task=pool_tasks.analyze_but_hang_on,
    )
    assert read.joined == (0, 1)
    assert [(k, code) for k, code, _ in read.failed] == [(2, "timeout")]
    assert read.analysis is not None and "── a.txt ──" in read.analysis.text
    assert "── c.txt ──" in read.analysis.text and "hang.txt" not in read.analysis.text


def np_empty():
    import numpy as np

    return np.zeros(0, dtype=np.uint64)
