"""Reports a teacher can hand on: a self-contained HTML file and a PDF.

:func:`~simhash_core.report.contents.class_report` turns a scan into a typed
:class:`~simhash_core.report.contents.ClassReport`; :mod:`.html` and :mod:`.pdf` lay it
out. :func:`report_writers` gives the writers that
:func:`simhash_core.report.export.write_reports` runs with the CSV and the JSON, so every
report of one run is written all or none.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from simhash_core.report.contents import ClassReport, class_report
from simhash_core.report.export import BinaryWriter, Writer
from simhash_core.types import PairScore, ScanResult

__all__ = [
    "ClassReport",
    "PairNotFound",
    "class_report",
    "find_pair",
    "html_writer",
    "pdf_writer",
    "report_writers",
]


class PairNotFound(LookupError):
    """The files asked for are not a pair of the scan; the message says why."""


def _document(result: ScanResult, name: str) -> int:
    """The index of the one document ``name`` names: its path as shown (relative to the
    scanned folder), a path ending, its file name or its stem."""
    wanted = name.replace("\\", "/").strip("/")
    docs = result.documents
    exact = [i for i, d in enumerate(docs) if d.path == wanted]
    if exact:
        return exact[0]
    found = [
        i
        for i, d in enumerate(docs)
        if d.path.endswith("/" + wanted) or d.name == wanted or Path(d.name).stem == wanted
    ]
    if len(found) == 1:
        return found[0]
    if not found:
        raise PairNotFound(f"no file of the scan is named {name!r}")
    listed = ", ".join(docs[i].path for i in found[:5])
    raise PairNotFound(f"{name!r} names {len(found)} files ({listed}); give more of the path")


def find_pair(result: ScanResult, first: str, second: str) -> PairScore:
    """The scored pair of two documents named as :func:`_document` reads names.

    Raises :class:`PairNotFound` if a name is unknown or ambiguous, or if the two are
    not among the scan's pairs (only similar pairs are kept without ``all_pairs``).
    """
    a, b = sorted((_document(result, first), _document(result, second)))
    if a == b:
        raise PairNotFound(f"{first!r} and {second!r} are the same file")
    for pair in result.pairs:
        if {pair.a, pair.b} == {a, b}:
            return pair
    raise PairNotFound(
        f"{result.documents[a].path} and {result.documents[b].path} are not similar enough "
        "to be a pair of this scan (scan with --all-pairs to report any two files)"
    )


def html_writer(report: ClassReport) -> Writer:
    from simhash_core.report.html import render_html

    text = render_html(report)

    def write(fh: IO[str]) -> None:
        fh.write(text)

    return write


def report_writers(
    result: ScanResult,
    *,
    html_path: Path | None = None,
    pdf_path: Path | None = None,
    lang: str | None = None,
    anonymous: bool = False,
    pairs: Sequence[PairScore] | None = None,
    date: datetime.date | None = None,
    kind: str = "class",
) -> list[tuple[Path, Writer]]:
    """The ``(path, writer)`` of each report asked for, built from one
    :class:`ClassReport`: the class (``kind="class"``) or its confirmed cases
    (``kind="confirmed"``), with the decisions of ``result.decisions``."""
    if html_path is None and pdf_path is None:
        return []
    report = class_report(result, lang=lang, anonymous=anonymous, pairs=pairs, date=date, kind=kind)
    out: list[tuple[Path, Writer]] = []
    if html_path is not None:
        out.append((Path(html_path), html_writer(report)))
    if pdf_path is not None:
        out.append((Path(pdf_path), pdf_writer(report, overview=pairs is None)))
    return out


def pdf_writer(report: ClassReport, *, overview: bool = True) -> Writer:
    """The PDF's writer; the PDF is laid out when it is written (after the others are
    ready), in memory, so a failure leaves no partial file."""
    from simhash_core.report.pdf import render_pdf

    return BinaryWriter(lambda: render_pdf(report, overview=overview))  # type: ignore[return-value]
