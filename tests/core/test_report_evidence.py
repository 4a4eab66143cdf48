"""What the reports say is what was found (issue 37, item 4): the overview's counts say
what the problem table below them lists, a pair found by the meaning layer counts its
reworded or translated passages where its similarity counts them, and the first reason
of a flagged pair is one a teacher reads without knowing what a fingerprint is."""

from __future__ import annotations

import datetime
import json
import re
import subprocess
from pathlib import Path

import pytest

from simhash_core.report import report_writers
from simhash_core.report.contents import class_report
from simhash_core.report.export import percent, write_reports
from simhash_core.report.html import render_html
from simhash_core.report.pair_fields import FIELD
from simhash_core.review.evidence import pair_evidence
from simhash_core.scan import scan
from simhash_core.types import PairScore, ScanResult
from tests.core.samples import SAMPLES
from tests.core.textgen import sentences_of, zh_essay
from tests.csv_rows import pair_rows

DAY = datetime.date(2026, 11, 26)
TRANSLATED = SAMPLES / "translated-zh" / "documents"
PARAPHRASE_EN = SAMPLES / "paraphrase-en" / "documents"


def _samples(folder: Path) -> Path:
    """A sample folder, which must be there: these tests fail, never skip, without it."""
    assert folder.is_dir(), f"the sample set is missing: {folder}"
    return folder


def _union(spans: list[tuple[int, int]]) -> int:
    """Characters inside ``spans`` (overlaps counted once)."""
    covered: set[int] = set()
    for start, end in spans:
        covered.update(range(start, end))
    return len(covered)


# --- the overview's counts and the problem table --------------------------------------


def _class_with_problems(folder: Path) -> Path:
    """Five readable essays, one of them GB18030 without a BOM (read with a warning),
    and an empty file (not read)."""
    folder.mkdir(parents=True)
    for i in range(4):
        (folder / f"s{i}.txt").write_text(zh_essay(400 + i), encoding="utf-8")
    (folder / "gb.txt").write_text(zh_essay(410), encoding="gb18030")
    (folder / "empty.txt").write_bytes(b"")
    return folder


@pytest.fixture(scope="module")
def with_problems(tmp_path_factory: pytest.TempPathFactory) -> ScanResult:
    return scan([_class_with_problems(tmp_path_factory.mktemp("c") / "class")], isolate=False)


def test_the_overview_counts_files_read_with_warnings_apart_from_unread_ones(
    with_problems: ScanResult,
) -> None:
    result = with_problems
    assert [e.path for e in result.errors] == ["empty.txt"]
    assert [d.path for d in result.documents if d.warnings] == ["gb.txt"]
    for lang, unread, warned in (
        ("en", "Files that could not be read", "Files read with warnings"),
        ("zh", "无法读取的文件", "读取时有警告的文件"),
    ):
        counts = {m.label: m.value for m in class_report(result, lang=lang, date=DAY).counts}
        assert counts[unread] == "1"
        assert counts[warned] == "1"


def test_the_problem_table_is_titled_by_what_it_lists(
    with_problems: ScanResult, tmp_path: Path
) -> None:
    """The heading above the table of unread and warned files does not say they all
    could not be read, in the HTML and in the PDF."""
    report = class_report(with_problems, lang="en", date=DAY)
    html = render_html(report, embed_font=False)
    titles = re.findall(r"<h2>([^<]*)</h2>\s*<table><thead><tr><th>File</th>", html)
    assert titles == ["Files not read, skipped or read with warnings"]
    rows = re.findall(r"<tr><td>(empty\.txt|gb\.txt)</td><td>([^<]*)</td>", html)
    assert rows == [("empty.txt", "empty"), ("gb.txt", "warning")]

    pdf = tmp_path / "class.pdf"
    write_reports(with_problems, more=report_writers(with_problems, pdf_path=pdf, date=DAY))
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                                   text=True, check=True).stdout.split())  # fmt: skip
    assert "Files not read, skipped or read with warnings" in text
    assert "Files read with warnings" in text
    assert text.count("Files that could not be read") == 1  # the count, not the table


def test_a_class_without_warnings_shows_no_warnings_count(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    for i in range(3):
        (folder / f"s{i}.txt").write_text(zh_essay(420 + i), encoding="utf-8")
    labels = [m.label for m in class_report(scan([folder], isolate=False), date=DAY).counts]
    assert labels == ["Files compared", "Files that could not be read", "Flagged pairs", "Groups"]


# --- a pair found by the meaning layer counts its passages ----------------------------


@pytest.fixture(scope="module")
def translated() -> ScanResult:
    return scan([_samples(TRANSLATED)], isolate=False)


@pytest.fixture(scope="module")
def reworded() -> ScanResult:
    return scan([_samples(PARAPHRASE_EN)], isolate=False)


def _meaning_pairs(result: ScanResult, kind: str) -> list[PairScore]:
    found = [p for p in result.pairs if p.flagged and getattr(p, kind)]
    assert found, f"no {kind} pair flagged"
    return found


def _check_counts(result: ScanResult, p: PairScore) -> None:
    """The pair's shares, passages and matched characters count the passages the
    reports list, word for word or by meaning, as its similarity does."""
    shown = pair_evidence(result, p.a, p.b).passages
    assert p.passages == len(shown) > 0
    assert max(p.share_a, p.share_b) == p.similarity
    assert p.matched_chars == _union([(x.a_start, x.a_end) for x in shown]) > 0
    assert p.matched_chars_b == _union([(x.b_start, x.b_end) for x in shown]) > 0


@pytest.mark.parametrize("kind", ["translated", "reworded"])
def test_a_meaning_pair_counts_its_passages_where_its_similarity_does(
    kind: str, request: pytest.FixtureRequest
) -> None:
    result = request.getfixturevalue(kind)
    for p in _meaning_pairs(result, kind):
        _check_counts(result, p)
        assert any(x.kind == kind for x in pair_evidence(result, p.a, p.b).passages)


def test_every_report_shows_the_same_counts_for_a_translated_pair(
    translated: ScanResult, tmp_path: Path
) -> None:
    """The CSV, the JSON and the HTML/PDF model give s015 ↔ src07 (12 translated
    sentences, all of src07, in one passage: the meaning layer's two halves have two
    sentences between them in the essay and none in the source) the numbers of its
    passages."""
    result = translated
    docs = result.documents
    (p,) = [q for q in result.pairs if _names(result, q) == {"s015.docx", "src07.docx"}]
    _check_counts(result, p)
    assert p.passages == 1 and p.similarity == 1.0
    chars = max(p.matched_chars, p.matched_chars_b)
    share_a, share_b = percent(p.share_a), percent(p.share_b)
    assert "100.00%" in (share_a, share_b)

    csv_path, json_path = tmp_path / "pairs.csv", tmp_path / "pairs.json"
    write_reports(result, csv_path=csv_path, json_path=json_path)
    (row,) = [r for r in pair_rows(csv_path) if {r["file_a"], r["file_b"]} == {
        docs[p.a].path, docs[p.b].path}]  # fmt: skip
    assert (row["passages"], row["matched_chars"]) == (str(p.passages), str(chars))
    assert (row["share_a"], row["share_b"]) == (share_a, share_b)
    data = json.loads(json_path.read_text(encoding="utf-8"))
    (item,) = [x for x in data["pairs"] if {x["file_a"], x["file_b"]} == {
        docs[p.a].path, docs[p.b].path}]  # fmt: skip
    assert (item["passages"], item["matched_chars"]) == (1, chars)
    assert len(item["matched_passages"]) == 1
    assert max(item["share_a"], item["share_b"]) == item["similarity"] == 1.0

    report = class_report(result, lang="en", pairs=[p], date=DAY)
    (section,) = report.pairs
    measures = {m.label: m.value for m in section.measures}
    assert measures["Passages"] == "1" == str(len(section.passages))
    assert measures["Matched characters"] == str(chars)
    assert (measures["Share of A"], measures["Share of B"]) == (share_a, share_b)
    assert measures["Similarity"] == section.similarity_text == "100.00%"
    # the app's pairs table reads the same fields
    table = {key: FIELD[key].value(result, p) for key in ("passages", "matched_chars")}
    assert table == {"passages": 1, "matched_chars": chars}


# --- the first reason is the one a teacher reads ----------------------------------------


@pytest.fixture(scope="module")
def near_copies(tmp_path_factory: pytest.TempPathFactory) -> ScanResult:
    """A class where one essay is handed in again with one more full stop (a SimHash
    near-duplicate) and another holds a copied passage."""
    folder = tmp_path_factory.mktemp("near") / "class"
    folder.mkdir()
    for i in range(6):
        (folder / f"s{i}.txt").write_text(zh_essay(500 + i), encoding="utf-8")
    (folder / "again.txt").write_text(zh_essay(501) + "。", encoding="utf-8")
    copied = "".join(sentences_of(zh_essay(502))[:12])
    (folder / "part.txt").write_text(zh_essay(520) + copied, encoding="utf-8")
    return scan([folder], isolate=False)


def test_the_first_reason_is_in_plain_words_and_the_fingerprint_comes_last(
    near_copies: ScanResult, tmp_path: Path
) -> None:
    result = near_copies
    (again,) = [p for p in result.pairs if _names(result, p) == {"again.txt", "s1.txt"}]
    assert [m.code for m in again.reasons] == ["pair.share", "pair.passage", "pair.simhash"]
    (part,) = [p for p in result.pairs if _names(result, p) == {"part.txt", "s2.txt"}]
    assert [m.code for m in part.reasons] == ["pair.share", "pair.passage"]
    assert all(p.reasons[0].code != "pair.simhash" for p in result.pairs if p.flagged)
    # every report reads them in that order, in either language
    out = tmp_path / "pairs.csv"
    write_reports(result, csv_path=out)
    (row,) = [r for r in pair_rows(out) if {r["file_a"], r["file_b"]} == {"again.txt", "s1.txt"}]
    assert row["reasons"].startswith("100% of ")
    assert row["reasons"].endswith("; SimHash distance 0 ≤ 3")
    (section,) = class_report(result, lang="zh", pairs=[again], date=DAY).pairs
    assert section.reasons[0].endswith("有 100% 是匹配文本")
    assert section.reasons[-1].startswith("SimHash")


def _names(result: ScanResult, p: PairScore) -> set[str]:
    return {result.documents[p.a].name, result.documents[p.b].name}
