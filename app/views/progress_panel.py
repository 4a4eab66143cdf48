"""The scan progress strip: the stage, files done out of total, the current file, the
time left while files are read, and a Cancel button (which keeps the results computed
so far). It switches on the core's :class:`~simhash_core.progress.Stage`, never on text."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from app.eta import TimeLeft, format_seconds
from simhash_core.progress import ProgressReport, Stage


class ProgressPanel(QWidget):
    """Shown while a scan runs."""

    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = QProgressBar()
        self.bar.setMinimumWidth(140)
        self.bar.setTextVisible(True)
        self.file_label = QLabel()
        self.file_label.setMinimumWidth(60)
        self.file_label.setTextFormat(Qt.TextFormat.PlainText)
        self.eta_label = QLabel()
        self.cancel_button = QPushButton()
        self.cancel_button.clicked.connect(self._cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.file_label, 1)
        layout.addWidget(self.eta_label)
        layout.addWidget(self.cancel_button)
        self.eta = TimeLeft()
        self.done = 0
        self.total = 0
        self.message = ""
        self.step: tuple[int, int] | None = None
        self.left: float | None = None
        self.cancelling = False
        self.stage = Stage.DISCOVER
        self.retranslate_ui()

    def start(self) -> None:
        self.eta.reset()
        self.done = self.total = 0
        self.message = ""
        self.left = None
        self.cancelling = False
        self.stage = Stage.DISCOVER
        self.cancel_button.setEnabled(True)
        self.bar.setRange(0, 0)  # busy until the first report
        self.retranslate_ui()
        self.show()

    def update_progress(self, report: ProgressReport) -> None:
        if report.stage is not self.stage:
            if report.stage is Stage.COMPARE:  # a cancel while reading was acted on
                self.cancelling = False
                self.cancel_button.setEnabled(True)
            self.stage = report.stage
        self.message = report.item
        self.step = report.step
        self.done, self.total = report.done, report.total
        if report.stage is Stage.READ:
            self.left = self.eta.update(report.done, report.total)
        if report.total:
            self.bar.setRange(0, report.total)
            self.bar.setValue(report.done)
        else:
            self.bar.setRange(0, 0)  # busy
        self.retranslate_ui()

    def _cancel(self) -> None:
        self.cancelling = True
        self.cancel_button.setEnabled(False)
        self.retranslate_ui()
        self.cancelRequested.emit()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.cancel_button.setText(self.tr("Cancel"))
        formats = {
            Stage.READ: self.tr("%v / %m files"),
            Stage.COMPARE: self.tr("%p% compared"),
        }
        self.bar.setFormat(formats.get(self.stage, "%p%"))
        if self.cancelling:
            self.eta_label.setText(self.tr("Stopping; keeping the files read so far…"))
        elif self.stage is Stage.DISCOVER:
            self.eta_label.setText(self.tr("Finding the files…"))
        elif self.stage is Stage.ARCHIVE:
            self.eta_label.setText(self.tr("Searching the archive of past submissions…"))
        elif self.stage is Stage.COMPARE or (self.total and self.done >= self.total):
            self.eta_label.setText(self.tr("Comparing documents…"))
        elif self.stage is Stage.WRITE:
            self.eta_label.setText(self.tr("Writing the reports…"))
        elif self.left is None:
            self.eta_label.setText(self.tr("Estimating time left…"))
        else:
            self.eta_label.setText(
                self.tr("About {time} left").format(time=format_seconds(self.left))
            )
        step = self.step
        if step is not None and step[1] > 0 and step[0] < step[1]:
            self.file_label.setText(
                self.tr("{file}: reading page {page} of {pages} by OCR").format(
                    file=self.message, page=step[0] + 1, pages=step[1]
                )
            )
        else:
            self.file_label.setText(self.message)
