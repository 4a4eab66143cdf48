"""The heatmap view: a ``QTableView`` (headers, selection, tooltips, clicks) whose cells
are painted from one image instead of cell by cell.

The model renders the N x N heats into an N x N image once per scan and metric (a
vectorised colour lookup); painting scales the visible part of that image to the cell
size and draws the few overlays (flagged dots, archive marks, the selected cell, the
highlighted group). A repaint costs the same at 40 or 500 files, so the view stays
smooth with large classes. Cells shrink to fit the panel (down to :data:`MIN_CELL`
pixels, then the view scrolls).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QLine, QModelIndex, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QPolygon, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from app.heat_colors import ARCHIVE_MARK, FLAG_MARK, HIGHLIGHT
from app.models.matrix_model import MatrixModel
from app.models.roles import Role

MIN_CELL = 6
MAX_CELL = 28
GAP_FROM = 8  # cells at least this big get a 1-pixel gap between tiles


class MatrixView(QTableView):
    """The matrix table. Emits :attr:`pairActivated` with two document indices on click."""

    pairActivated = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setShowGrid(False)
        self.setMouseTracking(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setCornerButtonEnabled(False)
        self.setWordWrap(False)
        for header in (self.horizontalHeader(), self.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setMinimumSectionSize(MIN_CELL)
            header.setHighlightSections(False)
        self.clicked.connect(self._on_clicked)
        self.cell_size = 0

    def matrix_model(self) -> MatrixModel | None:
        model = self.model()
        return model if isinstance(model, MatrixModel) else None

    def setModel(self, model: MatrixModel) -> None:  # type: ignore[override]
        super().setModel(model)
        model.modelReset.connect(self.fit_cells)
        self.fit_cells()

    def fit_cells(self) -> None:
        """Square cells as large as the panel allows, between MIN_CELL and MAX_CELL."""
        model = self.model()
        n = model.rowCount() if model is not None else 0
        if not n:
            return
        label_w = self.verticalHeader().sizeHint().width()
        label_h = self.horizontalHeader().sizeHint().height()
        avail_w = self.width() - label_w - 2 * self.frameWidth() - 2
        avail_h = self.height() - label_h - 2 * self.frameWidth() - 2
        cell = max(MIN_CELL, min(MAX_CELL, min(avail_w, avail_h) // n))
        if cell != self.cell_size or self.horizontalHeader().defaultSectionSize() != cell:
            self.cell_size = cell
            font = QFont(self.font())
            font.setPixelSize(max(6, min(12, cell - 2)))  # labels never taller than a row
            for header in (self.horizontalHeader(), self.verticalHeader()):
                header.setFont(font)
                header.setDefaultSectionSize(cell)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_cells()

    def scroll_to_highlight(self) -> None:
        model = self.matrix_model()
        rows = model.highlighted_rows() if model else None
        if model is not None and rows is not None:
            self.scrollTo(model.index(rows[0], rows[0]), QAbstractItemView.ScrollHint.EnsureVisible)

    # --- painting --------------------------------------------------------------------
    def _visible_range(self, n: int) -> tuple[int, int, int, int]:
        """First and last visible display rows and columns."""
        vp = self.viewport().rect()
        cell = self.horizontalHeader().defaultSectionSize()
        c0 = max(0, self.horizontalOffset() // cell)
        r0 = max(0, self.verticalOffset() // cell)
        c1 = min(n - 1, (self.horizontalOffset() + vp.width()) // cell)
        r1 = min(n - 1, (self.verticalOffset() + vp.height()) // cell)
        return r0, r1, c0, c1

    def paintEvent(self, event: QPaintEvent) -> None:
        model = self.matrix_model()
        n = model.rowCount() if model is not None else 0
        painter = QPainter(self.viewport())
        painter.fillRect(event.rect(), self.palette().base())
        if model is None or n == 0:
            painter.end()
            return
        cell = self.horizontalHeader().defaultSectionSize()
        r0, r1, c0, c1 = self._visible_range(n)
        x0 = c0 * cell - self.horizontalOffset()
        y0 = r0 * cell - self.verticalOffset()
        cols, rows = c1 - c0 + 1, r1 - r0 + 1
        target = QRect(x0, y0, cols * cell, rows * cell)
        painter.drawImage(target, model.heat_image(), QRect(c0, r0, cols, rows))
        if cell >= GAP_FROM:
            self._draw_gaps(painter, target, cell, rows, cols)
        self._draw_flags(painter, model, (r0, r1, c0, c1), (x0, y0), cell)
        self._draw_archive_marks(painter, model, (r0, r1, c0, c1), (x0, y0), cell)
        current = self.currentIndex()
        if current.isValid() and self.selectionModel().isSelected(current):
            rect = self.visualRect(current)
            painter.setPen(QPen(QColor(0, 0, 0), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(1, 1, -2, -2))
        self._draw_highlight(painter, model)
        painter.end()

    def _draw_gaps(self, painter: QPainter, target: QRect, cell: int, rows: int, cols: int) -> None:
        painter.setPen(QPen(self.palette().base().color(), 1))
        right, bottom = target.right(), target.bottom()
        lines = [
            QLine(
                target.left() + (i + 1) * cell - 1,
                target.top(),
                target.left() + (i + 1) * cell - 1,
                bottom,
            )
            for i in range(cols)
        ]
        lines += [
            QLine(
                target.left(),
                target.top() + (j + 1) * cell - 1,
                right,
                target.top() + (j + 1) * cell - 1,
            )
            for j in range(rows)
        ]
        painter.drawLines(lines)

    def _draw_flags(
        self,
        painter: QPainter,
        model: MatrixModel,
        visible: tuple[int, int, int, int],
        origin: tuple[int, int],
        cell: int,
    ) -> None:
        if cell < 6:
            return
        r0, r1, c0, c1 = visible
        flagged = model.flagged_cells()[r0 : r1 + 1, c0 : c1 + 1]
        rr, cc = np.nonzero(flagged)
        if not len(rr):
            return
        radius = max(1, (cell - (1 if cell >= GAP_FROM else 0)) // 7)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        heats = model.heat_values()
        for r, c in zip(rr.tolist(), cc.tolist(), strict=True):
            h = heats[r0 + r, c0 + c]
            painter.setBrush(QColor(255, 255, 255) if h >= 0.8 else FLAG_MARK)
            center = QPoint(origin[0] + c * cell + cell // 2, origin[1] + r * cell + cell // 2)
            painter.drawEllipse(center, radius, radius)
        painter.restore()

    def _draw_archive_marks(
        self,
        painter: QPainter,
        model: MatrixModel,
        visible: tuple[int, int, int, int],
        origin: tuple[int, int],
        cell: int,
    ) -> None:
        if cell < 8 or not model.archived_rows().any():
            return
        r0, r1, c0, c1 = visible
        # only the pairs with past work, not every cell of an archived row
        rr, cc = np.nonzero(model.archive_cells()[r0 : r1 + 1, c0 : c1 + 1])
        t = max(3, cell // 3)
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ARCHIVE_MARK)
        for r, c in zip(rr.tolist(), cc.tolist(), strict=True):
            x = origin[0] + (c + 1) * cell - 2
            y = origin[1] + r * cell
            painter.drawPolygon(QPolygon([QPoint(x, y), QPoint(x - t, y), QPoint(x, y + t)]))
        painter.restore()

    def _draw_highlight(self, painter: QPainter, model: MatrixModel) -> None:
        rows = model.highlighted_rows()
        if rows is None:
            return
        first, last = rows
        block = self.visualRect(model.index(first, first)).united(
            self.visualRect(model.index(last, last))
        )
        painter.setPen(QPen(HIGHLIGHT, 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(block.adjusted(-1, -1, 0, 0))

    def _on_clicked(self, index: QModelIndex) -> None:
        if index.isValid() and index.row() != index.column():
            a, b = index.data(Role.DOC_PAIR)
            self.pairActivated.emit(a, b)
