"""A one-paragraph label of short items (``a · b · c``) that wraps only between items.

Plain word wrap breaks a summary like "containment 72% / 75%" after the slash, leaving
"75%" alone on the next line, and Chinese text may break between any two characters.
:class:`ItemLabel` lays the items out itself: as many whole items per line as fit the
label's width, a line break before the next one. Only an item wider than the whole
label wraps inside (Qt's word wrap). The layout is redone when the label is resized.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


def flow(items: Sequence[str], separator: str, width: int, fm: QFontMetrics) -> list[str]:
    """Lines of whole ``items`` joined by ``separator``, each at most ``width`` pixels
    wide when possible (an item wider than ``width`` gets a line of its own)."""
    lines: list[str] = []
    line = ""
    for item in items:
        candidate = f"{line}{separator}{item}" if line else item
        if line and fm.horizontalAdvance(candidate.rstrip()) > width:
            lines.append(line.rstrip())
            line = item
        else:
            line = candidate
    if line:
        lines.append(line.rstrip())
    return lines


class ItemLabel(QLabel):
    """Shows :attr:`items` joined by :attr:`separator`, wrapping between items only."""

    def __init__(self, separator: str = " · ", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.separator = separator
        self.items: list[str] = []
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)  # for an item wider than the label

    def set_items(self, items: Sequence[str]) -> None:
        self.items = [i for i in items if i]
        self._reflow()

    def full_text(self) -> str:
        """The items on one line (what the label says, whatever its width)."""
        return self.separator.join(self.items)

    def lines(self) -> list[str]:
        """The lines shown at the label's current width."""
        return self.text().split("\n") if self.text() else []

    def _reflow(self) -> None:
        width = self.contentsRect().width() - 2 * self.margin() - 2
        if width <= 0:
            text = self.full_text()
        else:
            text = "\n".join(flow(self.items, self.separator, width, self.fontMetrics()))
        if text != self.text():
            self.setText(text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._reflow()
