"""The sample class the package ships (``simhash_core/data/sample-class/``, made by
``benchmarks/make_sample_class.py``): 32 short essays with six known copies and six
honest pairs on one idea. ``make run``, the app's "Open the sample class" and the
self-test of an installed copy (wheel or bundle) scan it: :func:`self_test` scans it,
writes an HTML and a PDF report and says what is wrong (nothing, when all is well).

>>> sample = sample_class()
>>> len(list(sample.submissions.iterdir())), len(sample.copies), len(sample.honest)
(32, 6, 6)
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from simhash_core.types import ScanResult

# the shortest PDF page the report can be (a header, one table): a smaller file is broken
_MIN_PDF_BYTES = 2000


@dataclass(frozen=True)
class SampleClass:
    """Where the sample class is, and what a scan of it must find (file names)."""

    submissions: Path
    template: Path
    copies: tuple[tuple[str, str], ...]  # (copy, original): each must be flagged
    honest: tuple[tuple[str, str], ...]  # honest pairs on one idea: none may be flagged


def sample_class() -> SampleClass:
    """The shipped sample class. Raises :class:`FileNotFoundError` if the install lost it."""
    root = Path(str(files("simhash_core") / "data" / "sample-class"))
    answers = root / "expected.json"
    if not answers.is_file():
        raise FileNotFoundError(f"the sample class is missing from this install: {root}")
    expected = json.loads(answers.read_text(encoding="utf-8"))
    return SampleClass(
        submissions=root / "submissions",
        template=root / "template.txt",
        copies=tuple((c["copy"], c["original"]) for c in expected["copies"]),
        honest=tuple((h["a"], h["b"]) for h in expected["honest"]),
    )


def scan_problems(result: ScanResult, sample: SampleClass) -> list[str]:
    """What is wrong with a scan of the sample class: a file not read, a known copy not
    flagged, an honest pair flagged, a flag nobody planted."""
    problems = [f"{e.path}: not read" for e in result.errors]
    names = [d.name for d in result.documents]
    flagged = {frozenset((names[p.a], names[p.b])) for p in result.pairs if p.flagged}
    known = {frozenset(pair) for pair in sample.copies}
    for copy, original in sample.copies:
        if frozenset((copy, original)) not in flagged:
            problems.append(f"the copy {copy} of {original} is not flagged")
    for a, b in sample.honest:
        if frozenset((a, b)) in flagged:
            problems.append(f"the honest pair {a}, {b} is flagged")
    for pair in sorted(flagged - known, key=sorted):
        if not pair & {a for h in sample.honest for a in h}:
            problems.append(f"{' and '.join(sorted(pair))} are flagged but not a known copy")
    if len(result.documents) != len(list(sample.submissions.iterdir())):
        problems.append(f"{len(result.documents)} files read, not all of the class")
    return problems


def report_problems(result: ScanResult, html: Path, pdf: Path) -> list[str]:
    """Write the class's HTML and PDF reports to ``html`` and ``pdf`` and check them: each
    there, the HTML naming every flagged pair's students, the PDF a PDF."""
    from simhash_core.report import report_writers
    from simhash_core.report.export import write_reports

    write_reports(result, more=report_writers(result, html_path=html, pdf_path=pdf))
    problems = []
    page = html.read_text(encoding="utf-8") if html.is_file() else ""
    for pair in (p for p in result.pairs if p.flagged):
        for index in (pair.a, pair.b):
            shown = result.documents[index].label
            if shown not in page:
                problems.append(f"the HTML report does not name {shown}")
    head = pdf.read_bytes()[:5] if pdf.is_file() else b""
    if head != b"%PDF-" or pdf.stat().st_size < _MIN_PDF_BYTES:
        problems.append(f"{pdf} is not a complete PDF")
    return problems


def self_test(out: Path | None = None, *, isolate: bool = True) -> list[str]:
    """Scan the sample class (no cache), write its reports into ``out`` (a temporary
    folder when ``None``) and return what is wrong: ``[]`` when the install works."""
    from simhash_core.check import CheckRequest, check_class

    sample = sample_class()
    request = CheckRequest(
        (sample.submissions,), (sample.template,), isolate=isolate, use_cache=False
    )
    result = check_class(request)
    with tempfile.TemporaryDirectory(prefix="plagcheck-self-test-") as tmp:
        folder = Path(out) if out is not None else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        reports = report_problems(result, folder / "sample.html", folder / "sample.pdf")
    return scan_problems(result, sample) + reports
