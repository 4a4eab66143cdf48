"""Issue 37, fault 9: repetitive text (a line repeated as word-count padding).

Two identical files that start with one line repeated gave one passage per
repetition, a comparison that grew with the square of the text, a PDF whose passages
table never finished, and after Ctrl-C no report at all.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simhash_core.report.pdf as pdf
from simhash_core.cli.main import main
from simhash_core.report.contents import MarkedPassage
from tests.core.textgen import zh_essay

PADDING = "凑字数凑字数凑字数。\n"  # 11 characters, repeated to reach the word count
HANG_GUARD = 120  # seconds: a guard against the hang (each takes 5-15 s)


def _padded(folder: Path, repetitions: int) -> str:
    folder.mkdir()
    text = PADDING * repetitions + zh_essay(5)
    for name in ("a.txt", "b.txt"):
        (folder / name).write_text(text, encoding="utf-8")
    return text


def _scan(folder: Path, out: dict[str, Path]) -> None:
    """The CLI on ``folder`` writing the reports ``out`` ({kind: path}), in a process
    of its own that may take at most :data:`HANG_GUARD` seconds."""
    cli = [sys.executable, "-m", "simhash_core.cli", "scan", str(folder), "--no-cache", "-q"]
    started = time.monotonic()
    run = subprocess.run(
        [*cli, "--workers", "1", *(f"--{kind}={path}" for kind, path in out.items())],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    print(f"{folder.name}: comparison and {', '.join(out)}: {time.monotonic() - started:.1f} s")


def _one_passage_everywhere(text: str, out: dict[str, Path]) -> None:
    """The JSON and the HTML's data block hold one passage, all of both files."""
    (pair,) = json.loads(out["json"].read_text(encoding="utf-8"))["pairs"]
    (passage,) = pair["matched_passages"]
    assert passage["a"] == passage["b"] and passage["a"][0] == 0
    assert passage["a"][1] >= len(text) - 2  # to the last word
    data = re.search(r'"pairs":\[\{"n":1,.*?"p":(\[\[.*?\]\])', out["html"].read_text("utf-8"))
    assert data is not None and len(json.loads(data.group(1))) == 1


@pytest.mark.slow
def test_identical_padded_files_of_600000_characters_are_one_passage(tmp_path):
    """54,000 repetitions (about 600,000 characters): one passage in the JSON and the
    HTML, in seconds (the comparison alone took 26 minutes); the PDF prints what
    surrounds the passage's start and end of each text, a few pages, not 3,000."""
    import pypdfium2

    text = _padded(tmp_path / "class", 54_000)
    assert len(text) > 590_000
    out = {kind: tmp_path / f"r.{kind}" for kind in ("csv", "json", "html", "pdf")}
    _scan(tmp_path / "class", out)
    _one_passage_everywhere(text, out)
    document = pypdfium2.PdfDocument(out["pdf"])
    assert len(document) <= 12, f"{len(document)} pages"
    words = "".join(document[k].get_textpage().get_text_range() for k in range(len(document)))
    assert "A long text: the parts around its passages are shown" in words
    gaps = [int(n.replace(",", "")) for n in re.findall(r"\[… ([\d,]+) characters …\]", words)]
    assert gaps and max(gaps) > 500_000, gaps  # the padding between start and end: left out


@pytest.mark.slow
def test_identical_padded_files_of_160000_characters_give_every_report(tmp_path):
    """14,500 repetitions (160,000 characters): the PDF too (its passages table of one
    row per repetition never finished)."""
    text = _padded(tmp_path / "class", 14_500)
    out = {kind: tmp_path / f"r.{kind}" for kind in ("csv", "json", "html", "pdf")}
    _scan(tmp_path / "class", out)
    _one_passage_everywhere(text, out)
    assert out["pdf"].read_bytes().startswith(b"%PDF")


def _segments_by_definition(n, marks, grey):
    """:func:`pdf._segments` as it was defined: each run's first covering mark."""
    points = sorted({0, n, *(x for _, span in marks for x in span), *(x for g in grey for x in g)})
    points = [p for p in points if 0 <= p <= n]
    started = set()
    for s, e in itertools.pairwise(points):
        mark = next((m for m, (ms, me) in marks if ms <= s and e <= me), None)
        first = mark is not None and mark.number not in started
        if mark is not None:
            started.add(mark.number)
        yield s, e, mark, any(gs <= s and e <= ge for gs, ge in grey), first


span = st.tuples(st.integers(-3, 45), st.integers(0, 50)).map(lambda x: (x[0], max(x)))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 40), st.lists(span, max_size=8), st.lists(span, max_size=4))
def test_pdf_segments_sweep_equals_the_definition(n, spans, grey):
    marks = [(MarkedPassage(k + 1, "copied", s, s), s) for k, s in enumerate(spans)]
    assert list(pdf._segments(n, marks, grey)) == list(_segments_by_definition(n, marks, grey))


def test_pdf_segments_of_20000_passages_take_a_sweep_not_their_square():
    marks = [(MarkedPassage(k + 1, "copied", (k * 10, k * 10 + 15), (0, 1)),
              (k * 10, k * 10 + 15)) for k in range(20_000)]  # fmt: skip
    started = time.monotonic()
    runs = list(pdf._segments(200_000, marks, [(0, 200_000)]))
    # cut every 5 characters from 10 on: 39,999 runs, each in its first passage
    assert len(runs) == 39_999 and all(grey for *_, grey, _ in runs)
    assert all(m.a[0] <= s and e <= m.a[1] < e + 10 for s, e, m, *_ in runs[1:])
    assert time.monotonic() - started < 10  # looking through the marks: minutes


def _copier_class(folder: Path) -> None:
    """Two files sharing six passages apart from each other (own text in between)."""
    folder.mkdir()
    source = [zh_essay(100 + k, 4) for k in range(6)]
    (folder / "src.txt").write_text("".join(source), encoding="utf-8")
    mixed = "".join(zh_essay(200 + k, 4) + piece for k, piece in enumerate(source))
    (folder / "copy.txt").write_text(mixed, encoding="utf-8")
    for k in range(3):
        (folder / f"own{k}.txt").write_text(zh_essay(300 + k), encoding="utf-8")


needs_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler-utils missing: .ci/system-deps.sh"
)


@needs_poppler
def test_the_pdf_passages_table_lists_a_bounded_number_and_counts_the_rest(
    tmp_path, monkeypatch, capsys
):
    _copier_class(tmp_path / "class")
    out = tmp_path / "r.json"
    assert main(["scan", str(tmp_path / "class"), "--json", str(out), "--no-cache", "-q"]) == 0
    (pair,) = [p for p in json.loads(out.read_text("utf-8"))["pairs"] if p["flagged"]]
    shown = len(pair["matched_passages"])
    assert shown > 3
    monkeypatch.setattr(pdf, "TABLE_PASSAGES", 3)
    for lang, words in (("en", f"… and {shown - 3} more passages"), ("zh", f"另有 {shown - 3} 段")):
        page = tmp_path / f"r-{lang}.pdf"
        args = ["scan", str(tmp_path / "class"), "--pdf", str(page), "--lang", lang]
        assert main([*args, "--no-cache", "-q"]) == 0
        text = subprocess.run(["pdftotext", str(page), "-"], capture_output=True, text=True)
        assert words in text.stdout.replace("\n", " ")
    capsys.readouterr()


def test_ctrl_c_while_the_pdf_is_made_keeps_the_reports_already_written(
    tmp_path, monkeypatch, capsys
):
    """Ctrl-C after the comparison: the CSVs, the JSON and the HTML are complete and
    written; the PDF is not, and the output says so."""
    _copier_class(tmp_path / "class")
    old_pdf = tmp_path / "r.pdf"
    old_pdf.write_bytes(b"last week's report")

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pdf, "render_pdf", interrupted)
    out = {kind: tmp_path / f"r.{kind}" for kind in ("csv", "json", "html", "pdf")}
    args = [f"--{kind}={path}" for kind, path in out.items()]
    assert main(["scan", str(tmp_path / "class"), *args, "--no-cache", "-q"]) == 130
    err = capsys.readouterr().err
    assert f"not written: {out['pdf']}" in err and f"written: {out['csv']}" in err
    assert old_pdf.read_bytes() == b"last week's report"
    for kind in ("csv", "json", "html"):
        assert out[kind].stat().st_size > 0
    assert json.loads(out["json"].read_text("utf-8"))["pairs"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["class", "r-errors.csv", *(p.name for p in out.values())]
    )  # no temporary file left
