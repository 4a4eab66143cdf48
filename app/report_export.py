"""File → Export report: the class or the shown pair, as HTML or PDF, in the background.

The report is built and written by the core (:mod:`simhash_core.report`, all or none
through :func:`simhash_core.report.export.write_reports`) in a :class:`BackgroundRunner`
thread, so a class of a thousand files never freezes the window. The format follows
the file's suffix (``.pdf`` or ``.html``), the language is the UI's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.background import BackgroundRunner
from simhash_core.progress import Progress
from simhash_core.report import report_writers
from simhash_core.report.export import ReportError, write_reports
from simhash_core.report.student import student_writers
from simhash_core.types import PairScore, ScanResult


@dataclass(frozen=True)
class ReportRequest:
    """What to export: the whole class, or one pair (the evidence for a hearing)."""

    path: Path
    pair: PairScore | None = None
    anonymous: bool = False
    lang: str = "en"
    kind: str = "class"  # "class", or "confirmed": the confirmed cases for an exam board
    student: str | None = None  # one student's own report (a document's path)
    level: str = "summary"  # and how much of it: "score", "summary" or "full"

    @property
    def is_pdf(self) -> bool:
        return self.path.suffix.lower() == ".pdf"


def _report_error(exc: BaseException) -> str | None:
    return str(exc) if isinstance(exc, ReportError) else None


class ReportExporter(QObject):
    """Writes one report at a time in a worker thread."""

    exported = Signal(object)  # the Path written
    failed = Signal(str)  # one sentence for the teacher

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = BackgroundRunner(self, name="plagcheck-report", user_error=_report_error)
        self.runner.finished.connect(self.exported)
        self.runner.errored.connect(self.failed)

    @property
    def busy(self) -> bool:
        return self.runner.busy

    def export(self, result: ScanResult, request: ReportRequest) -> bool:
        """Start writing ``request``; ``False`` while another report is being written."""

        def job(progress: Progress) -> Path:
            html = None if request.is_pdf else request.path
            pdf = request.path if request.is_pdf else None
            if request.student is not None:
                writers = student_writers(
                    result,
                    request.student,
                    html_path=html,
                    pdf_path=pdf,
                    level=request.level,
                    lang=request.lang,
                )
            else:
                writers = report_writers(
                    result,
                    html_path=html,
                    pdf_path=pdf,
                    lang=request.lang,
                    anonymous=request.anonymous,
                    pairs=[request.pair] if request.pair is not None else None,
                    kind=request.kind,
                )
            write_reports(result, more=writers)
            return request.path

        return self.runner.start(job)
