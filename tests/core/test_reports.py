"""Reports: every pair streamed with --all-pairs, all or none on a full disk, and the
user's permissions."""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import json
import os
import shutil
import stat
import subprocess
import tracemalloc
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import simhash_core.report.export as export
from simhash_core.cli.main import main
from simhash_core.compare.corpus import shared_counts
from simhash_core.compare.pair_score import score_pair
from simhash_core.compare.pair_stream import OtherPairs
from simhash_core.fingerprint import minhash
from simhash_core.report.export import percent, write_reports
from simhash_core.scan import scan
from simhash_core.translations import translation
from tests.core.textgen import en_essay, sentences_of, zh_essay
from tests.csv_rows import pair_rows

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _class(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(7):
        (folder / f"s{i}.txt").write_text(zh_essay(200 + i), encoding="utf-8")
    copied = "".join(sentences_of(zh_essay(200))[:12])
    (folder / "copy.txt").write_text(zh_essay(300) + copied, encoding="utf-8")
    (folder / "same.txt").write_text(zh_essay(201) + "。", encoding="utf-8")
    (folder / "en.txt").write_text(en_essay(5), encoding="utf-8")
    return folder


_rows = pair_rows


COUNTS = (
    "simhash_distance",
    "matched_chars",
    "passages",
    "reworded_sentences",
    "translated_sentences",
)


def test_all_pairs_rows_equal_scoring_each_pair(tmp_path: Path) -> None:
    result = scan([_class(tmp_path / "class")], all_pairs=True, isolate=False)
    n = len(result.documents)
    out = tmp_path / "out.csv"
    write_reports(result, csv_path=out, json_path=tmp_path / "out.json")
    rows = _rows(out)
    assert len(rows) == n * (n - 1) // 2
    reported = len(result.pairs)
    assert 0 < reported < len(rows)  # the rest were streamed, not held
    # each row as scoring that pair on its own gives (the old all-pairs path)
    corpus = result.corpus
    shared = shared_counts(corpus.sets)
    index = {d.path: i for i, d in enumerate(result.documents)}
    for row in rows:
        i, j = sorted((index[row["file_a"]], index[row["file_b"]]))
        a, b = result.documents[i], result.documents[j]
        p = score_pair(
            corpus,
            i,
            j,
            shared.get((i, j), 0),
            (a.fingerprint ^ b.fingerprint).bit_count(),
            minhash.estimate_jaccard(a.minhash, b.minhash),
        )
        assert row["similarity"] == percent(p.similarity)
        assert row["flagged"] == ("yes" if p.flagged else "no")
        assert int(row["simhash_distance"]) == p.simhash_distance
        assert row["jaccard"] == percent(p.jaccard)
        got = {row["containment_a"], row["containment_b"]}
        assert got == {percent(p.containment_a), percent(p.containment_b)}
        assert int(row["passages"]) == p.passages
    flagged = {tuple(sorted((r["file_a"], r["file_b"]))) for r in rows if r["flagged"] == "yes"}
    assert ("copy.txt", "s0.txt") in flagged and ("s1.txt", "same.txt") in flagged
    data = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert len(data["pairs"]) == len(rows)
    assert len(data["pairs"]) == len(rows)
    for row, obj in zip(rows, data["pairs"], strict=True):  # the same pairs, in one order
        assert (obj["file_a"], obj["file_b"]) == (row["file_a"], row["file_b"])
        for key in COUNTS:
            assert obj[key] == int(row[key])
        for key in ("similarity", "jaccard", "containment_a", "containment_b", "share_a"):
            assert percent(obj[key]) == row[key]  # 4 decimals in the JSON, 2 in percent
        assert obj["flagged"] is (row["flagged"] == "yes")
        assert obj["group"] == (int(row["group"]) if row["group"] else None)
        assert obj["reasons"] == row["reasons"]
        assert bool(obj.get("matched_passages")) == (
            int(row["passages"]) > 0 or obj["reworded_sentences"] > 0
        )


def test_streamed_rows_hold_one_matrix_row_at_a_time() -> None:
    n, perms = 1200, 128
    rng = np.random.default_rng(7)
    others = OtherPairs.build(
        fingerprints=rng.integers(0, 2**63, n, dtype=np.uint64),
        signatures=rng.integers(0, 2**61, (n, perms), dtype=np.uint64),
        set_sizes=np.full(n, 500),
        shared={(i, i + 1): 3 for i in range(n - 1)},
        measured=[(i, i + 2) for i in range(n - 2)],
    )
    result = SimpleNamespace(
        documents=[
            SimpleNamespace(path=f"s{i}.txt", archive_label=None, student=None, ocr=())
            for i in range(n)
        ]
    )
    expected = n * (n - 1) // 2 - (n - 2)
    assert len(others) == expected
    tracemalloc.start()
    try:
        lines = 0
        t = translation("en")
        for block in export._other_csv_lines(result, others, t):  # type: ignore[arg-type]
            lines += block.count("\r\n")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert lines == expected
    # 718,000 pairs as objects would take hundreds of MB; a row of text takes ~100 KB
    assert peak < 8 * 1024 * 1024, f"peak {peak / 1e6:.1f} MB"


def _previous_reports(tmp_path: Path) -> dict[Path, str]:
    old = {
        tmp_path / "out.csv": "old pairs",
        tmp_path / "out-errors.csv": "old errors",
        tmp_path / "out.json": "old json",
    }
    for path, text in old.items():
        path.write_text(text, encoding="utf-8")
    return old


def test_a_failing_report_writes_none_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _class(tmp_path / "class")
    old = _previous_reports(tmp_path)

    def full_disk(result):
        def write(fh):
            fh.write("{")
            raise OSError(errno.ENOSPC, "No space left on device")

        return write

    monkeypatch.setattr(export, "_json_writer", full_disk)
    args = ["scan", str(folder), "--csv", str(tmp_path / "out.csv")]
    code = main([*args, "--json", str(tmp_path / "out.json"), "--no-cache", "-q"])
    err = capsys.readouterr().err
    assert code == 1
    assert err.strip() == (
        "plagcheck: error: no space left on the device for out.json; no report was written"
    )
    assert "Traceback" not in err
    for path, text in old.items():  # the CSVs were complete, but none replaced its file
        assert path.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "class",
        "out-errors.csv",
        "out.csv",
        "out.json",
    ]  # fmt: skip: no temporary file left


@pytest.mark.skipif(not IS_ROOT or not shutil.which("mount"), reason="mounting needs root")
def test_a_really_full_disk(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _class(tmp_path / "class")
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(disk)], check=False
    )
    if mounted.returncode:
        pytest.skip("this machine does not allow a tmpfs mount")
    try:
        old = _previous_reports(disk)
        reports = ["--csv", str(disk / "out.csv"), "--json", str(disk / "out.json")]
        code = main(["scan", str(folder), *reports, "--all-pairs", "--no-cache", "-q"])
        err = capsys.readouterr().err
        assert code == 1 and "no space left on the device for out" in err
        assert len(err.strip().splitlines()) == 1
        for path, text in old.items():
            assert path.read_text(encoding="utf-8") == text
        assert sorted(p.name for p in disk.iterdir()) == ["out-errors.csv", "out.csv", "out.json"]
    finally:
        subprocess.run(["umount", str(disk)], check=False)


@contextlib.contextmanager
def _umask(mask: int):
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_reports_follow_the_umask(tmp_path: Path) -> None:
    result = scan([_class(tmp_path / "class")], isolate=False)
    with _umask(0o022):
        paths = write_reports(result, csv_path=tmp_path / "a.csv", json_path=tmp_path / "a.json")
    assert [stat.S_IMODE(p.stat().st_mode) for p in paths] == [0o644] * 3
    with _umask(0o002):
        write_reports(result, csv_path=tmp_path / "b.csv")
    assert stat.S_IMODE((tmp_path / "b.csv").stat().st_mode) == 0o664
    os.chmod(tmp_path / "a.csv", 0o640)
    with _umask(0o022):
        write_reports(result, csv_path=tmp_path / "a.csv")
    assert stat.S_IMODE((tmp_path / "a.csv").stat().st_mode) == 0o640  # replaced: kept


def test_csv_text_keeps_its_format() -> None:
    buf = io.StringIO()
    export.write_csv(buf, ["a", "b"], [["=x", 1]])
    assert buf.getvalue() == "\ufeffa,b\r\n'=x,1\r\n"


def test_the_csv_reads_in_the_teachers_language_and_the_json_carries_passages(
    tmp_path: Path,
) -> None:
    """The CSV puts who, how much, flagged and why first, in percent and in the chosen
    language; the JSON gives each pair's passages as offsets into the texts."""
    result = scan([_class(tmp_path / "class")], isolate=False)
    zh, en = tmp_path / "zh.csv", tmp_path / "en.csv"
    write_reports(result, csv_path=zh, json_path=tmp_path / "out.json", lang="zh")
    write_reports(result, csv_path=en, lang="en")
    with zh.open(encoding="utf-8-sig", newline="") as fh:
        header, *body = list(csv.reader(fh))
    assert header[:7] == ["文件 A", "文件 B", "学生 A", "学生 B", "相似度", "已标记", "原因"]
    copied = next(r for r in body if {r[0], r[1]} == {"copy.txt", "s0.txt"})
    assert copied[2:4] == ["", ""]  # no platform names here: the files are the students
    assert copied[4].endswith("%") and float(copied[4][:-1]) > 15
    assert copied[5] == "是" and "匹配" in copied[6]  # the reasons in Chinese
    assert [r[:2] for r in body] == [
        r[:2] for r in list(csv.reader(en.open(encoding="utf-8-sig")))[1:]
    ]
    # the shared scorer reads the English CSV as it is (headers, percent, yes/no)
    tool = Path(__file__).resolve().parents[2].parent / "shared" / "tools" / "score_pairs.py"
    if tool.exists():
        truth = tmp_path / "truth.csv"
        truth.write_text("file_a,file_b,label\ncopy.txt,s0.txt,partial\ns1.txt,s2.txt,none\n")
        run = subprocess.run(
            ["python3", str(tool), str(truth), str(en)], capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        assert "partial      flagged 1/1" in run.stdout and "auc=1" in run.stdout
    data = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    docs = {d.path: d for d in result.documents}
    pair = next(p for p in data["pairs"] if {p["file_a"], p["file_b"]} == {"copy.txt", "s0.txt"})
    assert pair["reason_messages"] and pair["reason_messages"][0]["code"].startswith("pair.")
    (passage,) = [x for x in pair["matched_passages"] if x["kind"] == "copied"]
    a, b = docs[pair["file_a"]].text, docs[pair["file_b"]].text
    left, right = a[slice(*passage["a"])], b[slice(*passage["b"])]
    # the copied sentences, character for character (line breaks aside)
    assert len(left) > 100 and "".join(left.split()) == "".join(right.split())
