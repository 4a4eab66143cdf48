"""Nothing a student hands in can crash, hang or fool the scan (issue 5)."""

import csv
import json
import os
import shutil
import time

import docx
import pytest

from simhash_core.cli.main import main
from simhash_core.messages import Message
from simhash_core.report.export import safe_cell, write_pairs_csv
from simhash_core.scan import scan
from simhash_core.types import ScanSettings
from tests.core import pool_tasks
from tests.core.samples import CLASS_ZH, needs_samples
from tests.core.textgen import zh_essay
from tests.csv_rows import error_rows, pair_rows
from tests.data.make_bad_files import make_bad_files, make_hostile_files


def flagged_pairs(path):
    return {
        tuple(sorted((r["file_a"], r["file_b"]))) for r in pair_rows(path) if r["flagged"] == "yes"
    }


@needs_samples
def test_bad_files_beside_the_class_cost_nothing(tmp_path, capsys, monkeypatch):
    clean = tmp_path / "clean.csv"
    template = str(CLASS_ZH / "template.txt")
    assert (
        main(
            [
                "scan",
                str(CLASS_ZH / "submissions"),
                "--template",
                template,
                "--csv",
                str(clean),
                "-q",
                "--no-cache",
            ]
        )
        == 0
    )
    mixed = tmp_path / "mixed"
    shutil.copytree(CLASS_ZH / "submissions", mixed)
    expected = make_bad_files(
        mixed / "bad", large_txt_bytes=2 * 1024 * 1024, bomb_bytes=60 * 1024 * 1024
    )
    hostile = make_hostile_files(mixed / "hostile", tmp_path / "outside")
    expected.update({f"../hostile/{name}": code for name, code in hostile.items()})
    # with the fingerprint cache on, as a teacher runs it: a cold scan, then a warm one
    monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "mixed.csv"
    js = tmp_path / "mixed.json"
    for _run in ("cold", "warm"):
        capsys.readouterr()
        argv = ["scan", str(mixed), "--template", template, "--csv", str(out), "--json", str(js)]
        assert main([*argv, "-q"]) == 0
    printed = capsys.readouterr().out
    problems = error_rows(tmp_path / "mixed-errors.csv")
    reported = {r["file"]: r for r in problems if r["problem"] != "warning"}
    warned = {r["file"]: r["reason"] for r in problems if r["problem"] == "warning"}
    assert warned["bad/gbk.txt"].startswith(
        "the file does not say how its text is encoded; it was read as Simplified Chinese"
    )
    for name, code in expected.items():
        shown = os.path.normpath(f"bad/{name}")
        if code == "too-deep":
            (deep,) = [r for r in reported if r.startswith(shown + "/")]
            assert reported[deep]["problem"] == "too-deep"
            continue
        if code == "ok":
            assert shown not in reported, reported.get(shown)
            continue
        if name == "no-permission.txt" and shown not in reported:
            continue  # root reads anything (CI runs as root)
        assert shown in reported, f"{shown} is not listed"
        assert reported[shown]["reason"], shown
    for name in ("truncated.docx", "encrypted.pdf", "no-text.pdf", "zip-bomb.docx"):
        assert f"bad/{name}" in printed
    assert "skipped  bad/broken-link.txt: broken symbolic link" in printed
    assert reported["bad/encrypted.pdf"]["problem"] == "encrypted"
    assert "remove the password" in reported["bad/encrypted.pdf"]["reason"]
    assert "OCR" in reported["bad/no-text.pdf"]["reason"]
    for name, code in hostile.items():  # the new cases give the reason named in the issue
        if code not in ("ok", "too-deep"):
            assert reported[f"hostile/{name}"]["problem"] == code, name
    assert reported["hostile/passwd.txt"]["reason"] == "link points outside the folder: not read"
    assert reported["hostile/.essay.txt"]["reason"] == "hidden file: not compared"
    assert "too large" in reported["hostile/huge.txt"]["reason"]
    assert warned["hostile/nul-inside.txt"].startswith("removed 1 stray control byte")
    # nothing outside was read: the canary (good.docx's text) is in no pair, no document
    report = js.read_text(encoding="utf-8")
    assert "canary" not in report.replace("hostile/canary-link.txt", "")
    assert "root:x:0:0" not in report and "/usr/" not in report
    documents = {d["path"] for d in json.loads(report)["documents"]}
    assert {"hostile/alt-chunk.docx", "hostile/utf16le-zh.txt"} <= documents
    assert "hostile/x<U+202E>txt.exe.txt" in documents and "\u202e" not in report
    # the class itself scores exactly as it does alone
    ours = ("bad/", "hostile/")
    sample_pairs = {p for p in flagged_pairs(out) if not p[0].startswith(ours)}
    sample_pairs = {p for p in sample_pairs if not p[1].startswith(ours)}
    # the hostile files that must be read are: their shared text is found
    assert ("hostile/alt-chunk.docx", "hostile/nul-inside.txt") in flagged_pairs(out)
    assert sample_pairs == flagged_pairs(clean)


def test_hanging_reader_is_stopped_and_the_scan_goes_on(tmp_path):
    for i in range(3):
        (tmp_path / f"s{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    (tmp_path / "copy.txt").write_text(zh_essay(0), encoding="utf-8")
    (tmp_path / "hang.txt").write_text(zh_essay(9), encoding="utf-8")
    started = time.monotonic()
    result = scan(
        [tmp_path],
        settings=ScanSettings(workers=2),
        timeout=2.0,
        task=pool_tasks.analyze_but_hang_on,
    )
    assert time.monotonic() - started < 30
    assert [(e.path, e.code) for e in result.errors] == [("hang.txt", "timeout")]
    assert result.errors[0].reason.code == "task.timeout"
    assert len(result.documents) == 4
    assert any(p.flagged for p in result.pairs)


def test_crashing_reader_costs_one_file(tmp_path):
    for i in range(3):
        (tmp_path / f"s{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    (tmp_path / "crash.txt").write_text(zh_essay(5), encoding="utf-8")
    result = scan(
        [tmp_path], settings=ScanSettings(workers=1), task=pool_tasks.analyze_but_crash_on
    )
    assert [(e.path, e.code) for e in result.errors] == [("crash.txt", "crashed")]
    assert len(result.documents) == 3


def test_formula_file_names_are_neutralised(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    evil = '=HYPERLINK("x").docx'
    word = docx.Document()
    word.add_paragraph(zh_essay(1))
    word.save(str(folder / evil))
    (folder / "+cmd.txt").write_text(zh_essay(1), encoding="utf-8")
    (folder / "@sum.txt").write_text(zh_essay(2), encoding="utf-8")
    result = scan([folder], isolate=False)
    out = tmp_path / "pairs.csv"
    write_pairs_csv(result, out, result.pairs)
    text = out.read_text(encoding="utf-8-sig")
    for line in csv.reader(text.splitlines()):
        for cell in line:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    assert "'=HYPERLINK" in text
    assert safe_cell(evil) == "'" + evil


def test_report_is_written_atomically(tmp_path, monkeypatch):
    folder = tmp_path / "class"
    folder.mkdir()
    for i in range(2):
        (folder / f"s{i}.txt").write_text(zh_essay(1), encoding="utf-8")
    result = scan([folder], isolate=False)
    out = tmp_path / "pairs.csv"
    out.write_text("previous report", encoding="utf-8")

    import simhash_core.report.export as export

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(export.os, "replace", boom)
    with pytest.raises(OSError):
        write_pairs_csv(result, out)
    assert out.read_text(encoding="utf-8") == "previous report"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_warnings_and_skipped_files_reach_the_errors_sheet_and_the_summary(tmp_path):
    from dataclasses import replace

    from simhash_core.cli.main import summary

    for i in range(2):
        (tmp_path / f"s{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    (tmp_path / "clip.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42")
    result = scan([tmp_path], isolate=False)
    truncated = "truncated: only the first 20 MB were read"
    warning = Message.of("warn.truncated", size="20 MB")
    result.documents[0] = replace(result.documents[0], warnings=(warning,))
    errors = error_rows(write_pairs_csv(result, tmp_path / "pairs.csv"))
    assert {(r["file"], r["problem"], r["reason"]) for r in errors} == {
        ("clip.mp4", "unsupported", "unsupported file type .mp4"),
        ("s0.txt", "warning", truncated),
    }
    printed = summary(result)
    assert f"warning  s0.txt: {truncated}" in printed
    assert "skipped  clip.mp4: unsupported file type .mp4" in printed


def test_a_huge_sparse_file_is_refused_by_its_size(tmp_path, monkeypatch):
    import simhash_core.scan as scan_module

    folder = tmp_path / "class"
    folder.mkdir()
    for i in range(2):
        (folder / f"s{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    for name in ("huge.txt", "huge.pdf"):
        with (folder / name).open("wb") as fh:
            fh.truncate(100 * 1024**3)  # 100 GB, sparse: no disk used
    hashed = []
    real = scan_module.file_digest
    monkeypatch.setattr(scan_module, "file_digest", lambda p: hashed.append(p.name) or real(p))
    monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    from simhash_core.store.cache import AnalysisCache

    cache = AnalysisCache(tmp_path / "cache" / "analyses.sqlite")
    try:
        result = scan([folder], cache=cache, timeout=10)  # hashed 176 s in the parent before
    finally:
        cache.close()
    assert sorted(hashed) == ["s0.txt", "s1.txt"]  # never read, not even to hash it
    assert {(e.path, e.code, e.reason) for e in result.errors} == {
        (name, "too-large", Message.of("file.too-large", size="100 GB", limit="200 MB"))
        for name in ("huge.pdf", "huge.txt")
    }
    assert len(result.documents) == 2
