"""The ``plagcheck`` command line end to end on the sample class."""

import io
import json
import os
import subprocess
import sys

import pytest

from simhash_core.cli.main import main
from simhash_core.cli.terminal import TerminalProgress
from tests.core.samples import CLASS_ZH, needs_samples, truth
from tests.csv_rows import error_rows, pair_rows

REQUIRED = [
    "file_a",
    "file_b",
    "similarity",
    "flagged",
    "simhash_distance",
    "jaccard",
    "containment_a",
    "containment_b",
    "group",
]

GB18030_GUESS = (
    "the file does not say how its text is encoded; it was read as Simplified Chinese "
    "(GB18030). If its text looks wrong in the side-by-side view, save it as UTF-8 and "
    "scan again"
)


def run_cli(
    args: list[str], env_extra: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    env = {**os.environ, **(env_extra or {})}
    return subprocess.run(
        [sys.executable, "-m", "simhash_core.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


read_rows = pair_rows


@needs_samples
def test_sample_class_flags_copies_and_is_deterministic(tmp_path):
    outs = []
    for seed in ("1", "4242"):
        out = tmp_path / f"out{seed}.csv"
        res = run_cli(
            [
                "scan",
                str(CLASS_ZH / "submissions"),
                "--template",
                str(CLASS_ZH / "template.txt"),
                "--all-pairs",
                "--csv",
                str(out),
                "--no-cache",
                "--json",
                str(tmp_path / f"out{seed}.json"),
            ],
            {"PYTHONHASHSEED": seed},
        )
        assert res.returncode == 0, res.stderr
        assert "files read: 40   errors: 0" in res.stdout
        outs.append(out)
    assert outs[0].read_bytes() == outs[1].read_bytes()
    assert outs[0].read_bytes().startswith(b"\xef\xbb\xbf")

    rows = read_rows(outs[0])
    assert set(REQUIRED) <= set(rows[0])
    assert len(rows) == 40 * 39 // 2
    flagged = {tuple(sorted((r["file_a"], r["file_b"]))) for r in rows if r["flagged"] == "yes"}
    labels = truth(CLASS_ZH)
    for pair, label in labels.items():
        if label in {"verbatim", "reformat"}:
            assert pair in flagged, (pair, label)
    assert not [p for p in flagged if labels[p] == "none"]
    problems = error_rows(outs[0].with_name("out1-errors.csv"))
    assert [r for r in problems if r["problem"] != "warning"] == []  # every file read
    assert {r["reason"] for r in problems} <= {GB18030_GUESS}
    data = json.loads((tmp_path / "out1.json").read_text(encoding="utf-8"))
    assert len(data["documents"]) == 40 and data["groups"]


def test_usage_errors_exit_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["scan", str(tmp_path / "missing")])
    assert exc.value.code == 2
    assert "no such file or folder" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["frobnicate"])
    assert exc.value.code == 2


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--ngram", "-1", "not between 2 and 12"),
        ("--ngram", "0", "not between 2 and 12"),
        ("-k", "99", "not between 0 and 12"),
        ("--threshold", "1.5", "not between 0.01 and 1.0"),
        ("--passage-words", "0", "not between 5 and 100000"),
        ("--workers", "1025", "not between 0 and 1024"),
        ("--threshold", "high", "is not a number"),
    ],
)
def test_out_of_range_settings_are_usage_errors(tmp_path, capsys, option, value, message):
    """The limits come from ScanSettings (see test_settings_check_their_ranges)."""
    with pytest.raises(SystemExit) as exc:
        main(["scan", str(tmp_path), option, value])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_scan_with_unreadable_files_exits_0(tmp_path, capsys):
    (tmp_path / "a.txt").write_text("这是第一篇文章。" * 50, encoding="utf-8")
    (tmp_path / "b.txt").write_text("这是第一篇文章。" * 50, encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "broken.docx").write_bytes(b"not a zip")
    out = tmp_path / "pairs.csv"
    assert main(["scan", str(tmp_path), "--csv", str(out), "-q", "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert "errors: 2" in text and "empty.txt" in text and "broken.docx" in text
    errors = error_rows(tmp_path / "pairs-errors.csv")
    assert {e["file"] for e in errors} == {"empty.txt", "broken.docx"}
    rows = read_rows(out)
    assert rows[0]["file_a"] == "a.txt" and rows[0]["flagged"] == "yes"


def test_reporting_floor_without_all_pairs(tmp_path):
    from tests.core.textgen import zh_essay

    for i in range(4):
        (tmp_path / f"h{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    (tmp_path / "copy.txt").write_text(zh_essay(0), encoding="utf-8")
    out = tmp_path / "o.csv"
    assert main(["scan", str(tmp_path), "--csv", str(out), "-q"]) == 0
    rows = read_rows(out)
    assert [(r["file_a"], r["file_b"]) for r in rows] == [("copy.txt", "h0.txt")]
    assert main(["scan", str(tmp_path), "--csv", str(out), "-q", "--all-pairs"]) == 0
    assert len(read_rows(out)) == 10


def test_terminal_progress_bar_shows_stage_count_time_left_and_file():
    """Files read of files to read while reading; the comparison as a percentage (its
    reports count thousandths of its work, never files)."""
    from simhash_core.progress import ProgressReport, Stage

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    bar = TerminalProgress(screen)
    assert bar(ProgressReport(Stage.READ, 0, 4)) is True
    bar.last = 0.0  # draw every call (it draws at most every 0.1 s)
    bar(ProgressReport(Stage.READ, 1, 4, "r01/essay.docx"))
    bar.last = 0.0
    bar(ProgressReport(Stage.READ, 4, 4, "r01/last.pdf"))
    bar(ProgressReport(Stage.COMPARE, 500, 1000))
    lines = screen.getvalue().split("\r")
    assert "reading   [#######-----------------------] 1/4" in lines[-3]
    assert "s left" in lines[-3] and "r01/essay.docx" in lines[-3]
    assert lines[-2].startswith("reading   [" + "#" * 30 + "] 4/4") and lines[-2].endswith("\n")
    assert lines[-1].startswith("comparing [" + "#" * 15 + "-" * 15 + "]  50% ")
    assert "500/1000" not in lines[-1] and "left" not in lines[-1]
    quiet = io.StringIO()  # not a terminal: nothing drawn
    TerminalProgress(quiet)(ProgressReport(Stage.READ, 1, 4, "x"))
    assert quiet.getvalue() == ""


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("simhash_k", 13, "ScanSettings.simhash_k must be between 0 and 12, got 13"),
        ("ngram", 2.5, "ScanSettings.ngram must be a whole number, got 2.5"),
        ("flag_similarity", 0, "ScanSettings.flag_similarity must be between 0.01 and 1"),
        ("workers", -1, "ScanSettings.workers must be between 0 and 1024, got -1"),
        ("t2s", "yes", "ScanSettings.t2s must be True or False, got 'yes'"),
        ("idf", "tfidf", "ScanSettings.idf must be one of jieba, corpus, got 'tfidf'"),
        ("report_floor", "0.4", "ScanSettings.report_floor must be a number, got '0.4'"),
        ("shared_text_files", 1, "ScanSettings.shared_text_files must be between 2 and"),
    ],
)
def test_settings_check_their_ranges(field, value, message):
    from simhash_core.types import ScanSettings

    with pytest.raises(ValueError) as exc:
        ScanSettings(**{field: value})
    assert str(exc.value).startswith(message)


def test_scan_writes_the_html_and_pdf_reports_with_the_others(tmp_path, capsys):
    """``--html`` and ``--pdf`` are written with the CSV, all or none, in ``--lang``, anonymous on
    request."""
    from tests.core.textgen import zh_essay

    for i in range(4):
        (tmp_path / f"h{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    (tmp_path / "王小明.txt").write_text(zh_essay(0), encoding="utf-8")
    out, page, pdf = tmp_path / "o.csv", tmp_path / "r.html", tmp_path / "r.pdf"
    argv = ["scan", str(tmp_path), "--csv", str(out), "--html", str(page), "-q", "--lang", "zh"]
    assert main([*argv, "--pdf", str(pdf), "--anonymize"]) == 0
    printed = capsys.readouterr().out
    assert f"html: {page}" in printed and f"pdf: {pdf}" in printed
    assert pdf.read_bytes().startswith(b"%PDF") and b"%%EOF" in pdf.read_bytes()[-32:]
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "标记的文档对" in text
    assert "王小明" not in text and str(tmp_path) not in text and "学生" in text
    assert "王小明" in out.read_text(encoding="utf-8-sig")  # the CSV is the teacher's own
    with pytest.raises(SystemExit):
        main(["scan", str(tmp_path), "--html", str(tmp_path / "no" / "r.html")])


def test_scan_reports_one_chosen_pair(tmp_path, capsys):
    """``--pair A B`` gives the evidence of that pair only; a pair that is not one says
    why, writes no HTML, and still writes the CSV."""
    from tests.core.textgen import zh_essay

    src = tmp_path / "class"
    (src / "a").mkdir(parents=True)
    (src / "b").mkdir()
    for i in range(3):
        (src / "a" / f"h{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    (src / "b" / "h0.txt").write_text(zh_essay(0) + zh_essay(1)[:300], encoding="utf-8")
    (src / "王小明.txt").write_text(zh_essay(1), encoding="utf-8")
    out, page = tmp_path / "o.csv", tmp_path / "r.html"
    argv = ["scan", str(src), "--csv", str(out), "--html", str(page), "-q"]
    assert main([*argv, "--pair", "王小明", "a/h1.txt"]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.count('<section class="pair"') == 1
    assert "王小明.txt ↔ a/h1.txt" in text or "a/h1.txt ↔ 王小明.txt" in text
    capsys.readouterr()

    page.unlink()
    for pair, why in (
        (["a/h0.txt", "a/h2.txt"], "not similar enough"),
        (["h0.txt", "王小明"], "names 2 files (a/h0.txt, b/h0.txt)"),
        (["nobody", "王小明"], "no file of the scan is named 'nobody'"),
    ):
        out.unlink(missing_ok=True)
        assert main([*argv, "--pair", *pair]) == 1
        err = capsys.readouterr().err
        assert why in err and "no HTML or PDF report was written" in err, err
        assert out.exists() and not page.exists()
    with pytest.raises(SystemExit):
        main(["scan", str(src), "--pair", "a/h0.txt", "b/h0.txt"])  # nothing to report


def test_a_scan_that_compares_nothing_says_so_and_fails(tmp_path, capsys):
    """An empty folder, or a single readable file, is no success: exit 1 with a reason."""
    (tmp_path / "empty").mkdir()
    assert main(["scan", str(tmp_path / "empty"), "-q"]) == 1
    assert "no file could be read, so nothing was compared" in capsys.readouterr().err
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "a.txt").write_text("An essay of a few words.", encoding="utf-8")
    assert main(["scan", str(tmp_path / "one"), "-q"]) == 1
    assert "only one file could be read" in capsys.readouterr().err


STARTS_FIRST = """
import sys
import simhash_core.pool as pool
heavy = ("numpy", "simhash_core.scan", "simhash_core.cli.main")
before = [m for m in heavy if m in sys.modules]
seen = []
pool.start_server = lambda preload: seen.append(
    (list(preload), [m for m in heavy if m in sys.modules])
)
from simhash_core.cli import main
main(["scan", sys.argv[1], "-q", *sys.argv[2:]])
print(before, seen[:1])
"""


def test_a_scan_starts_its_workers_server_before_the_command_line_imports(tmp_path):
    """``plagcheck scan`` asks for the workers' fork server before it imports numpy,
    the scan or the command line itself (the server's imports overlap them); the
    package's public names are imported when first used."""
    (tmp_path / "a.txt").write_text("一段文字。" * 20, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", STARTS_FIRST, str(tmp_path), "--no-cache"],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    assert done.stdout.strip().splitlines()[-1] == "[] [(['simhash_core.worker_preload'], [])]"


def test_a_rescan_the_cache_answers_starts_no_workers_server(tmp_path):
    """A re-scan of a folder the cache has seen leaves the server to the scan, which
    starts it at the first file the cache lacks: one the cache answers starts none (a
    server importing beside it made it slower). A scan before the cache exists, and one
    of a folder it has not seen, start it first."""
    env = {**os.environ, "PLAGCHECK_CACHE_DIR": str(tmp_path / "cache")}

    def started(name: str) -> str:
        folder = tmp_path / name
        if not folder.exists():
            folder.mkdir()
            for k in range(3):
                text = f"{name}{k}。" + "一段文字。" * 20
                (folder / f"{k}.txt").write_text(text, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-c", STARTS_FIRST, str(folder)],
            capture_output=True, text=True, timeout=120, check=True, env=env,
        )  # fmt: skip
        return done.stdout.strip().splitlines()[-1]

    first = "[] [(['simhash_core.worker_preload'], [])]"
    assert started("class") == first  # no cache yet
    assert started("class") == "[] []"  # every file and the verdict from the cache
    assert started("another") == first  # a folder the cache has not seen


def test_a_warning_many_files_share_is_one_line_and_the_groups_are_cut_short(tmp_path, capsys):
    """A large folder's summary stays readable: files that share a warning are counted
    on one line (every one of them is in the errors sheet), and the groups are listed
    up to SUMMARY_GROUPS (the reports have them all)."""
    from dataclasses import replace

    from simhash_core.cli.main import SAME_REASON_FILES, SUMMARY_GROUPS, summary
    from simhash_core.scan import scan
    from tests.core.textgen import zh_essay

    many = SAME_REASON_FILES + 3
    for k in range(many):  # GB18030 with no mark: each is read with the same warning
        (tmp_path / f"s{k:02}.txt").write_bytes(zh_essay(k).encode("gb18030"))
    (tmp_path / "copy.txt").write_text(zh_essay(0), encoding="utf-8")
    out = tmp_path / "pairs.csv"
    assert main(["scan", str(tmp_path), "--csv", str(out), "-q", "--workers", "1"]) == 0
    printed = capsys.readouterr().out
    sheet = tmp_path / "pairs-errors.csv"
    assert f"  warning  {many} files: {GB18030_GUESS}" in printed
    named = ", ".join(f"s{k:02}.txt" for k in range(SAME_REASON_FILES))
    assert f"{named} and 3 more (all in {sheet})" in printed
    assert printed.count(GB18030_GUESS) == 1
    warned = [r["file"] for r in error_rows(sheet) if r["reason"] == GB18030_GUESS]
    assert len(warned) == many  # the sheet still lists each file
    assert "group 1 " in printed and "more groups" not in printed

    result = scan([tmp_path], isolate=False)
    (group,) = result.clusters
    groups = [replace(group, id=k + 1) for k in range(SUMMARY_GROUPS + 5)]
    lines = summary(replace(result, clusters=groups)).splitlines()
    assert sum(line.startswith("  group ") for line in lines) == SUMMARY_GROUPS
    assert "  ... and 5 more groups in the reports" in lines
    assert "--csv FILE lists them all" in "\n".join(lines)  # no sheet was written here
