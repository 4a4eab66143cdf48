"""The Errors panel: every file that could not be used, with the reason, in one table
(never a dialog per file)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.models.errors_model import Column, ErrorsModel, Kind


class ErrorsPanel(QWidget):
    """Table of unreadable, skipped and warned-about files, with a one-line summary."""

    def __init__(self, model: ErrorsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.table = QTableView()
        self.table.setTabKeyNavigation(False)  # Tab leaves the table, arrows move in it
        self.table.setModel(model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # The reason is what the teacher acts on: it takes the remaining width and wraps
        # (rows grow to fit) instead of being cut off; file names elide in the middle.
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # fitted to the first rows, not to each of 5,000 warnings (150 ms on the GUI thread)
        self.table.horizontalHeader().setResizeContentsPrecision(50)
        self.table.verticalHeader().setResizeContentsPrecision(50)
        model.modelReset.connect(self._on_reset)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        self.retranslate_ui()

    def _on_reset(self) -> None:
        self.table.resizeColumnsToContents()
        for column, widest in ((Column.FILE, 220), (Column.KIND, 110), (Column.PROBLEM, 150)):
            self.table.setColumnWidth(column, min(self.table.columnWidth(column), widest))
        self.retranslate_ui()

    def summary_text(self) -> str:
        errors, skipped = self.model.count(Kind.ERROR), self.model.count(Kind.SKIPPED)
        warnings = self.model.count(Kind.WARNING)
        if not (errors or skipped or warnings):
            return self.tr("No problem files.")
        return self.tr(
            "{errors} unreadable (left out of the comparison), {skipped} skipped, "
            "{warnings} warnings"
        ).format(errors=errors, skipped=skipped, warnings=warnings)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.summary.setText(self.summary_text())
        self.model.retranslate()
