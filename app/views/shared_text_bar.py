"""The bar over the results that tells of shared text: text many students hold at
the same place (a prompt they pasted, a cover sheet), greyed and not counted, with a
button that treats it as the assignment text (the review's template exclusion, key T
on a passage)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from app.message_text import text as message_text
from app.theme import muted_style
from app.views.elided_label import ElidedLabel
from simhash_core.types import SharedText

SHOWN = 3  # shared texts the bar lists (the reports list them all)
EXCERPT = 90  # characters of each one's start


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` on one line, cut at ``limit`` characters, in quotation marks.

    >>> excerpt("Write an essay\\non the river.", 12)
    '“Write an ess…”'
    """
    flat = " ".join(text.split())
    return f"“{flat[:limit]}…”" if len(flat) > limit else f"“{flat}”"


class SharedTextRow(QWidget):
    """One shared text: what it is, its start, and the button."""

    assignmentText = Signal(str)

    def __init__(self, shared: SharedText, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.shared = shared
        # elided, never widening the window (a long prompt, a narrow screen)
        self.message = ElidedLabel(mode=Qt.TextElideMode.ElideRight)
        font = self.message.font()
        font.setBold(True)
        self.message.setFont(font)
        self.start = ElidedLabel(mode=Qt.TextElideMode.ElideRight)
        self.start.setStyleSheet(muted_style())
        self.button = QPushButton()
        self.button.clicked.connect(lambda: self.assignmentText.emit(self.shared.text))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.message)
        layout.addWidget(self.start, 1)
        layout.addWidget(self.button)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.message.setText(message_text(self.shared.message))
        self.message.setToolTip(
            self.tr(
                "Text many students hold at the same place is greyed and not counted: "
                "it is no evidence of copying."
            )
        )
        self.start.setText(excerpt(self.shared.text))
        self.button.setText(self.tr("Treat as the assignment text"))
        self.button.setToolTip(
            self.tr(
                "It is not counted now; as the assignment text it also leaves the shares' "
                "denominators, and the class is judged again"
            )
        )


class SharedTextBar(QFrame):
    """The shared texts of the scan shown, one row each; hidden when there are none."""

    assignmentText = Signal(str)  # the text to treat as the assignment text

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SharedTextBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.rows: list[SharedTextRow] = []
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(8, 2, 8, 2)
        self._layout.setSpacing(2)
        self.hide()

    def set_shared(self, shared: Sequence[SharedText]) -> None:
        """Show ``shared`` (the first :data:`SHOWN`), or hide the bar."""
        for row in self.rows:
            self._layout.removeWidget(row)
            row.deleteLater()
        self.rows = []
        for x in shared[:SHOWN]:
            row = SharedTextRow(x, self)
            row.assignmentText.connect(self.assignmentText)
            self._layout.addWidget(row)
            self.rows.append(row)
        self.setVisible(bool(self.rows))
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        for row in self.rows:
            row.retranslate_ui()
