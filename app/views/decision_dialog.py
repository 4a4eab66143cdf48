"""The dialog a decision is made in with its reason and note (Review → Decide…, N)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QWidget,
)

from app.models.pairs_model import report_word
from simhash_core.review.decisions import REASON_WORDS, VERDICT_WORDS, Decision, Reason, Verdict


class DecisionDialog(QDialog):
    """A pair's verdict, the reason from the list, a free note and who decides."""

    def __init__(
        self,
        title: str,
        earlier: Decision | None,
        by: str,
        parent: QWidget | None = None,
        verdict: Verdict | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.verdicts = QButtonGroup(self)
        row = QHBoxLayout()
        chosen = verdict or (earlier.verdict if earlier is not None else Verdict.CONFIRMED)
        for k, v in enumerate(Verdict):
            button = QRadioButton(report_word(VERDICT_WORDS[v]))
            button.setChecked(v is chosen)
            self.verdicts.addButton(button, k)
            row.addWidget(button)
        self.reason = QComboBox()
        self.reason.addItem(self.tr("(no reason given)"), None)
        for r in Reason:
            self.reason.addItem(report_word(REASON_WORDS[r]), r.value)
        if earlier is not None and earlier.reason is not None:
            self.reason.setCurrentIndex(self.reason.findData(earlier.reason.value))
        self.note = QPlainTextEdit(earlier.note if earlier is not None else "")
        self.note.setTabChangesFocus(True)
        self.note.setPlaceholderText(self.tr("What you saw, what the student said…"))
        self.note.setMinimumHeight(90)
        self.by = QLineEdit(by)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("Decision:"), row)
        form.addRow(self.tr("Because:"), self.reason)
        form.addRow(self.tr("Note:"), self.note)
        form.addRow(self.tr("Decided by:"), self.by)
        form.addRow(buttons)
        self.note.setFocus()

    def verdict(self) -> Verdict:
        return list(Verdict)[self.verdicts.checkedId()]

    def chosen_reason(self) -> Reason | None:
        value = self.reason.currentData()
        return Reason(value) if value else None

    def note_text(self) -> str:
        return self.note.toPlainText().strip()

    def by_text(self) -> str:
        return self.by.text().strip()
