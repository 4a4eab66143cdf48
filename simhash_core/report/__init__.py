"""Reports a teacher can hand on: a self-contained HTML file and a PDF.

:func:`~simhash_core.report.contents.class_report` turns a scan into a typed
:class:`~simhash_core.report.contents.ClassReport`; :mod:`.html` and :mod:`.pdf` lay it
out. :func:`report_writers` gives the writers that
:func:`simhash_core.export.write_reports` runs with the CSV and the JSON, so every
report of one run is written all or none.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from simhash_core.export import BinaryWriter, Writer
from simhash_core.report.contents import ClassReport, class_report
from simhash_core.types import PairScore, ScanResult

__all__ = ["ClassReport", "class_report", "html_writer", "pdf_writer", "report_writers"]


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
) -> list[tuple[Path, Writer]]:
    """The ``(path, writer)`` of each report asked for, built from one
    :class:`ClassReport`."""
    if html_path is None and pdf_path is None:
        return []
    report = class_report(result, lang=lang, anonymous=anonymous, pairs=pairs, date=date)
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
