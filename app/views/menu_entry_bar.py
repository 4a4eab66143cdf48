"""The first-run offer over the results: "Add plagcheck to the applications menu?", with
Add and No, thanks. A bar, never a dialog: the teacher can scan first and answer later,
or never (Help → Add plagcheck to the applications menu does it at any time)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from app.application import window_icon


class MenuEntryBar(QFrame):
    """The offer; hidden until :meth:`offer`. ``accepted``: add the entry;
    ``declined``: never offer again."""

    accepted = Signal()
    declined = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MenuEntryBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.icon = QLabel()
        self.icon.setPixmap(window_icon().pixmap(24, 24))
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.add_button = QPushButton()
        self.add_button.setDefault(False)
        self.add_button.clicked.connect(self.accepted)
        self.decline_button = QPushButton()
        self.decline_button.setFlat(True)
        self.decline_button.clicked.connect(self.declined)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.icon)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.add_button)
        layout.addWidget(self.decline_button)
        self.hide()
        self.retranslate_ui()

    def offer(self) -> None:
        self.show()

    def retranslate_ui(self) -> None:
        self.message.setText(
            self.tr(
                "Add plagcheck to the applications menu, so that you can start it from "
                "there next time?"
            )
        )
        self.add_button.setText(self.tr("Add to the menu"))
        self.decline_button.setText(self.tr("No, thanks"))
        self.decline_button.setToolTip(
            self.tr("Not asked again: Help → Add plagcheck to the applications menu")
        )
