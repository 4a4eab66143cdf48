"""The shipped sample class: made from the essays in benchmarks/, scanned, its known
copies flagged and its honest pairs not; the self-test an install runs."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

from simhash_core.check import CheckRequest, check_class
from simhash_core.cli.main import main
from simhash_core.compare.meaning import sentence_share
from simhash_core.sample_class import (
    SampleClass,
    report_problems,
    sample_class,
    scan_problems,
)
from simhash_core.types import ScanResult
from simhash_core.version import version

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sample() -> SampleClass:
    return sample_class()


@pytest.fixture(scope="module")
def scanned(sample: SampleClass) -> ScanResult:
    request = CheckRequest((sample.submissions,), (sample.template,), use_cache=False)
    return check_class(request)


def test_the_shipped_class_is_what_the_generator_makes(tmp_path: Path) -> None:
    """The files in the package are the generator's output from benchmarks/sample_class,
    byte for byte: the sources and the class cannot drift apart."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import make_sample_class
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    made = make_sample_class.make(tmp_path)
    shipped = sample_class()
    assert sorted(p.name for p in made) == sorted(p.name for p in shipped.submissions.iterdir())
    for path in made:
        assert path.read_bytes() == (shipped.submissions / path.name).read_bytes(), path.name
    assert (tmp_path / "expected.json").read_text("utf-8") == (
        shipped.submissions.parent / "expected.json"
    ).read_text("utf-8")


def test_the_class_has_every_kind_of_copy_and_format(sample: SampleClass) -> None:
    expected = json.loads((sample.submissions.parent / "expected.json").read_text("utf-8"))
    kinds = {c["how"] for c in expected["copies"]}
    assert kinds == {"word for word", "reworded", "translated", "one paragraph"}
    suffixes = {p.suffix for p in sample.submissions.iterdir()}
    assert suffixes == {".docx", ".pdf", ".txt"}
    assert sample.template.is_file()


def test_known_copies_are_flagged_and_honest_pairs_are_not(
    sample: SampleClass, scanned: ScanResult
) -> None:
    assert len(scanned.documents) == 32
    assert not scanned.errors
    names = [d.name for d in scanned.documents]
    flagged = {frozenset((names[p.a], names[p.b])) for p in scanned.pairs if p.flagged}
    assert flagged == {frozenset(c) for c in sample.copies}
    for a, b in sample.honest:
        assert frozenset((a, b)) not in flagged
    assert scan_problems(scanned, sample) == []


def test_a_pair_counts_the_passages_it_shows(sample: SampleClass, scanned: ScanResult) -> None:
    """The reworded and the translated copy: the reason, the pair's measures and the
    passages shown side by side count the same sentences, and the similarity is the
    share of the text those passages hold (the reworded essay is reworded throughout:
    the meaning layer's three sentences grow into one passage of ten)."""
    expected = json.loads((sample.submissions.parent / "expected.json").read_text("utf-8"))
    names = [d.name for d in scanned.documents]
    assert scanned.corpus is not None
    for copy in expected["copies"]:
        if copy["how"] not in ("reworded", "translated"):
            continue
        pair = next(
            p for p in scanned.pairs if {names[p.a], names[p.b]} == {copy["copy"], copy["original"]}
        )
        shown = [x for x in scanned.corpus.passages(pair.a, pair.b) if x.kind == copy["how"]]
        count = pair.reworded if copy["how"] == "reworded" else pair.translated
        assert count == sum(x.sentences for x in shown) >= 7
        assert dict(pair.reasons[0].values)["sentences"] == count
        sentences = (scanned.corpus.sentences(pair.a), scanned.corpus.sentences(pair.b))
        held = max(
            sentence_share(sentences[0], [(x.a_start, x.a_end) for x in shown]),
            sentence_share(sentences[1], [(x.b_start, x.b_end) for x in shown]),
        )
        assert pair.similarity == pytest.approx(held, abs=1e-4)
        assert pair.meaning_share == pair.similarity


def test_scan_problems_names_a_missed_copy_and_a_flagged_honest_pair(
    sample: SampleClass, scanned: ScanResult
) -> None:
    """The self-test's check can fail: a copy unflagged and an honest pair flagged."""
    names = [d.name for d in scanned.documents]
    reworded = next(p for p in scanned.pairs if {names[p.a], names[p.b]} == set(sample.copies[2]))
    honest = dataclasses.replace(
        reworded, a=names.index(sample.honest[0][0]), b=names.index(sample.honest[0][1])
    )
    others = [p for p in scanned.pairs if p is not reworded]
    broken = dataclasses.replace(scanned, pairs=[*others, honest])
    problems = scan_problems(broken, sample)
    copy, original = sample.copies[2]
    assert f"the copy {copy} of {original} is not flagged" in problems
    assert f"the honest pair {sample.honest[0][0]}, {sample.honest[0][1]} is flagged" in problems


def test_the_reports_are_written_and_checked(scanned: ScanResult, tmp_path: Path) -> None:
    html, pdf = tmp_path / "class.html", tmp_path / "class.pdf"
    assert report_problems(scanned, html, pdf) == []
    assert pdf.read_bytes().startswith(b"%PDF-")
    page = html.read_text("utf-8")
    assert "周敏" in page and "张磊" in page  # the word-for-word copy's students


@pytest.mark.slow
def test_self_test_passes_and_leaves_its_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``plagcheck self-test --out FOLDER`` (:func:`self_test`) on this install."""
    assert main(["self-test", "--out", str(tmp_path)]) == 0
    assert f"self-test: passed (plagcheck {version()})" in capsys.readouterr().out
    assert {p.name for p in tmp_path.iterdir()} >= {"sample.html", "sample.pdf"}


def test_the_command_line_says_its_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"plagcheck {version()}"
