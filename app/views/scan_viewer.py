"""The scan beside its text: the page or picture a document's OCR text was read from.

Opened from the side-by-side view ("Show the scan"), at the page that holds the current
passage. A teacher reads the picture and the recognised text side by side and judges
whether the recognition can be trusted; Previous / Next step through the document's
scanned pages and pictures. Each is decoded by the core under the OCR limits, so a
hostile picture cannot take the app's memory.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.doc_names import display_name
from app.message_text import text
from simhash_core.extract.scans import source_image
from simhash_core.types import Document


def to_pixmap(image: np.ndarray) -> QPixmap:
    """An RGB array as a pixmap (copied: the array may go)."""
    image = np.ascontiguousarray(image[:, :, :3])
    height, width = image.shape[:2]
    qimage = QImage(image.data, width, height, 3 * width, QImage.Format.Format_RGB888)
    return QPixmap.fromImage(qimage.copy())


class ScanViewer(QDialog):
    """One document's scanned pages and pictures, one at a time, fitted to the width."""

    def __init__(self, doc: Document, region: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.index = max(0, min(region, len(doc.ocr) - 1))
        self.pixmap: QPixmap | None = None
        self.setWindowTitle(self.tr("Scan of {name}").format(name=display_name(doc)))
        self.where = QLabel()
        self.where.setWordWrap(True)
        self.image = QLabel()
        self.image.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.image)
        self.scroll.setWidgetResizable(True)
        self.previous = QPushButton(self.tr("◀ Previous"))
        self.next = QPushButton(self.tr("Next ▶"))
        self.previous.clicked.connect(lambda: self.show_region(self.index - 1))
        self.next.clicked.connect(lambda: self.show_region(self.index + 1))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        nav = QHBoxLayout()
        nav.addWidget(self.previous)
        nav.addWidget(self.where, 1)
        nav.addWidget(self.next)
        layout = QVBoxLayout(self)
        layout.addLayout(nav)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(buttons)
        self.resize(760, 900)
        self.show_region(self.index)

    def show_region(self, index: int) -> None:
        """Show the page or picture of the document's ``index``-th OCR region."""
        if not self.doc.ocr:
            return
        self.index = max(0, min(index, len(self.doc.ocr) - 1))
        region = self.doc.ocr[self.index]
        image = source_image(self.doc, region)
        where = text(region.where)
        sure = f"{region.confidence:.0%}"
        if isinstance(image, np.ndarray):
            self.pixmap = to_pixmap(image)
            self.where.setText(
                self.tr("{where} ({n} of {count}): read by OCR, {sure} sure").format(
                    where=where, n=self.index + 1, count=len(self.doc.ocr), sure=sure
                )
            )
        else:
            self.pixmap = None
            self.image.clear()
            self.where.setText(
                self.tr("{where} cannot be shown: {why}").format(where=where, why=text(image))
            )
        self.previous.setEnabled(self.index > 0)
        self.next.setEnabled(self.index + 1 < len(self.doc.ocr))
        self._fit()

    def _fit(self) -> None:
        if self.pixmap is None:
            return
        width = max(100, self.scroll.viewport().width() - 4)
        self.image.setPixmap(
            self.pixmap.scaledToWidth(
                min(width, self.pixmap.width()), Qt.TransformationMode.SmoothTransformation
            )
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()
