"""The pair view's decision line: what was decided on the pair shown, and the buttons
of the Review menu's actions (confirm, dismiss, unreviewed, note), with their keys."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from app.models.pairs_model import report_word
from app.theme import muted_style
from simhash_core.review.decisions import REASON_WORDS, STATE_WORDS, Found


class DecisionBar(QWidget):
    """One line: the decision's state, reason, who and when, the note; the buttons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = QLabel()
        font = self.state.font()
        font.setBold(True)
        self.state.setFont(font)
        self.details = QLabel()
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        self.details.setStyleSheet(muted_style())
        self.details.setWordWrap(True)
        self.buttons: list[QToolButton] = []
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.state)
        self._layout.addWidget(self.details, 1)

    def set_actions(self, actions: Sequence[QAction]) -> None:
        """The buttons: one per action (they show its text, and its key in the tip)."""
        for action in actions:
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            self.buttons.append(button)
            self._layout.addWidget(button)

    def show_found(self, found: Found | None, shown: bool) -> None:
        """Show the decision ``found`` on the pair (``shown`` False: no pair shown)."""
        self.setVisible(shown)
        if found is None:
            self.state.setText(report_word(STATE_WORDS["unreviewed"]))
            self.details.setText("")
            return
        d = found.decision
        self.state.setText(report_word(STATE_WORDS[found.state]))
        parts = []
        if found.outdated:
            parts.append(
                self.tr("decided before as: {verdict}").format(
                    verdict=report_word(STATE_WORDS[d.verdict.value])
                )
            )
        if d.reason is not None:
            parts.append(report_word(REASON_WORDS[d.reason]))
        if d.by or d.at:
            parts.append(self.tr("by {who}, {when}").format(who=d.by or "?", when=d.when or "?"))
        if d.note:
            parts.append(f"“{d.note}”")
        self.details.setText(" · ".join(parts))
