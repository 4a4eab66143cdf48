"""A one-line label that never widens the window: what does not fit is elided.

A plain ``QLabel`` asks for the width of its whole text, so one long Chinese file name
in a title made the main window wider than a 1280-pixel screen and squeezed every panel.
:class:`ElidedLabel` asks for a few characters at least; when its width is short of its
text, each line is drawn elided (in the middle by default, so a file name keeps its end)
and the tooltip says it in full. :meth:`text` is always the full text.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QToolTip, QWidget

MIN_CHARACTERS = 8  # the least width asked for, in average character widths


class ElidedLabel(QLabel):
    """A plain-text label whose lines are elided (``mode``) when they do not fit."""

    def __init__(
        self,
        text: str = "",
        parent: QWidget | None = None,
        mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle,
    ) -> None:
        super().__init__(text, parent)
        self.mode = mode
        self.setTextFormat(Qt.TextFormat.PlainText)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        least = self.fontMetrics().averageCharWidth() * MIN_CHARACTERS + 2 * self.margin()
        return QSize(min(hint.width(), least), hint.height())

    def shown_lines(self) -> list[str]:
        """The lines as drawn at the label's present width."""
        width = self.contentsRect().width() - 2 * self.margin()
        metrics = self.fontMetrics()
        return [metrics.elidedText(line, self.mode, width) for line in self.text().split("\n")]

    def is_elided(self) -> bool:
        return self.shown_lines() != self.text().split("\n")

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.is_elided():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.setFont(self.font())
        area = self.contentsRect().adjusted(
            self.margin(), self.margin(), -self.margin(), -self.margin()
        )
        step = self.fontMetrics().lineSpacing()
        lines = self.shown_lines()
        top = area.top() + max(0, (area.height() - step * len(lines)) // 2)
        for k, line in enumerate(lines):
            row = QRect(area.left(), top + k * step, area.width(), step)
            flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            painter.drawText(row, int(flags), line)
        painter.end()

    def event(self, event: QEvent) -> bool:
        """An elided label without a tooltip of its own shows its full text as one."""
        if event.type() == QEvent.Type.ToolTip and not self.toolTip() and self.is_elided():
            assert isinstance(event, QHelpEvent)
            QToolTip.showText(event.globalPos(), self.text(), self)
            return True
        return super().event(event)
