"""The keys of a find box above a list: a teacher types a name, then ↓ moves into the
list and Enter opens what the box found, as Enter on the list's row does.

Without it the keyboard stops in the box: ↓ does nothing and the letters of the review
keys (C, D, J…) are typed into it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QLineEdit

_INTO_LIST = (Qt.Key.Key_Down, Qt.Key.Key_PageDown)
_OPEN = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class FindBoxKeys(QObject):
    """Installed on ``box`` (a filter of ``view``): ↓ (or Page Down) puts the keyboard
    on the row the box found (:meth:`found`); Enter activates it (the view's
    ``activated`` signal, which opens its pair). Other keys edit the box as before."""

    def __init__(self, box: QLineEdit, view: QAbstractItemView) -> None:
        super().__init__(box)
        self.box = box
        self.view = view
        box.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False  # Shift+Enter, Ctrl+↓…: not ours
        key = Qt.Key(event.key())
        if key not in (*_INTO_LIST, *_OPEN):
            return False
        row = self.found()
        if not row.isValid():
            return False  # nothing found: the box keeps the key
        self.view.setCurrentIndex(row)
        self.view.scrollTo(row)
        if key in _INTO_LIST:
            self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.view.activated.emit(row)
        return True

    def found(self) -> QModelIndex:
        """The row the box points at: the list's first (its best match, in the list's
        order) while the box holds text, else the list's current row if it has one;
        invalid if the list is empty."""
        model = self.view.model()
        if model is None or model.rowCount() == 0:
            return QModelIndex()
        current = self.view.currentIndex()
        if current.isValid() and not self.box.text():
            return current
        return model.index(0, 0)
