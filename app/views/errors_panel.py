"""The Errors panel: every file that could not be used, with the reason, in one table
(never a dialog per file)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.models.errors_model import ErrorsModel, Kind


class ErrorsPanel(QWidget):
    """Table of unreadable, skipped and warned-about files, with a one-line summary."""

    def __init__(self, model: ErrorsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.table = QTableView()
        self.table.setModel(model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        model.modelReset.connect(self._on_reset)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        self.retranslate_ui()

    def _on_reset(self) -> None:
        self.table.resizeColumnsToContents()
        self.table.setColumnWidth(0, min(self.table.columnWidth(0), 260))
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
