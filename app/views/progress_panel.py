"""The scan progress strip: files done out of total, the current file, the time left
and a Cancel button (which keeps the results computed so far)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from app.eta import TimeLeft, format_seconds

ARCHIVE_PREFIX = "searching the archive"  # the core's progress messages for that stage


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
        self.left: float | None = None
        self.cancelling = False
        self.searching_archive = False
        self.retranslate_ui()

    def start(self) -> None:
        self.eta.reset()
        self.done = self.total = 0
        self.message = ""
        self.left = None
        self.cancelling = False
        self.searching_archive = False
        self.cancel_button.setEnabled(True)
        self.bar.setRange(0, 0)  # busy until the first report
        self.retranslate_ui()
        self.show()

    def update_progress(self, done: int, total: int, message: str) -> None:
        if message.startswith(ARCHIVE_PREFIX):
            # the archive stage after the scan: the file being looked up, no time estimate
            self.searching_archive = True
            self.message = message[len(ARCHIVE_PREFIX) :].lstrip(": ")
            if total:
                self.bar.setRange(0, total)
                self.bar.setValue(done)
            self.retranslate_ui()
            return
        if message and not message.startswith("comparing") and done <= total:
            self.message = message
        if message.startswith("comparing"):
            self.message = ""
            self.bar.setRange(0, 0)
            self.eta_label.setText(self.tr("Comparing documents…"))
            return
        self.done, self.total = done, total
        self.left = self.eta.update(done, total)
        if total:
            self.bar.setRange(0, total)
            self.bar.setValue(done)
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
        self.bar.setFormat(self.tr("%v / %m files"))
        if self.cancelling:
            self.eta_label.setText(self.tr("Stopping; keeping the files read so far…"))
        elif self.searching_archive:
            self.eta_label.setText(self.tr("Searching the archive of past submissions…"))
        elif self.total and self.done >= self.total:
            self.eta_label.setText(self.tr("Comparing documents…"))
        elif self.left is None:
            self.eta_label.setText(self.tr("Estimating time left…"))
        else:
            self.eta_label.setText(
                self.tr("About {time} left").format(time=format_seconds(self.left))
            )
        self.file_label.setText(self.message)
