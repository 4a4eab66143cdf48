"""The heatmap view: a ``QTableView`` (headers, selection, tooltips, clicks) whose cells
are painted from one image instead of cell by cell.

The model renders the N x N heats into an N x N image once per scan and metric (a
vectorised colour lookup); painting scales the visible part of that image to the cell
size and draws the few overlays (flagged dots, archive marks, the selected cell, the
highlighted group). A repaint costs the same at 40 or 500 files, so the view stays
smooth with large classes.

Zoom: by default the cells fit the panel (:attr:`MatrixView.fit`, down to one pixel, so a
whole class of 500 is in view); Ctrl+wheel zooms around the mouse, and
:meth:`MatrixView.zoom_in` / :meth:`~MatrixView.zoom_out` step through
:data:`ZOOM_STEPS`, after which the view scrolls. The headers
(:class:`~app.views.matrix_header.MatrixHeader`) keep readable labels at every size and
name the row and column under the mouse.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QLine, QModelIndex, QPoint, QRect, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygon,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from app.heat_colors import ARCHIVE_MARK, HIGHLIGHT, flag_mark
from app.models.matrix_model import MatrixModel
from app.models.roles import Role
from app.views.matrix_header import MatrixHeader

MIN_CELL = 1  # fitting a big class: one pixel per pair still shows where the copies are
MAX_CELL = 28  # fitting a small class: no bigger than this
ZOOM_STEPS = (1, 2, 3, 4, 6, 8, 10, 13, 16, 20, 24, 28, 36, 48, 64)
GAP_FROM = 8  # cells at least this big get a 1-pixel gap between tiles
SELECTION_FROM = 4  # smaller cells get no frame around the selected cell


def next_zoom(cell: int, direction: int) -> int:
    """The zoom step after ``cell`` (``direction`` +1: bigger, -1: smaller).

    >>> next_zoom(6, 1), next_zoom(7, 1), next_zoom(7, -1), next_zoom(1, -1), next_zoom(64, 1)
    (8, 8, 6, 1, 64)
    """
    if direction > 0:
        return next((z for z in ZOOM_STEPS if z > cell), ZOOM_STEPS[-1])
    return next((z for z in reversed(ZOOM_STEPS) if z < cell), ZOOM_STEPS[0])


class MatrixView(QTableView):
    """The matrix table. Emits :attr:`pairActivated` with two document indices on click
    and :attr:`zoomChanged` (cell size, fit) when the zoom changes."""

    pairActivated = Signal(int, int)
    zoomChanged = Signal(int, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHorizontalHeader(MatrixHeader(Qt.Orientation.Horizontal, self))
        self.setVerticalHeader(MatrixHeader(Qt.Orientation.Vertical, self))
        self.setShowGrid(False)
        self.setMouseTracking(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setCornerButtonEnabled(False)
        # arrow keys move from cell to cell, Tab leaves the matrix, Enter opens the pair
        self.setTabKeyNavigation(False)
        self.setWordWrap(False)
        for header in self.headers():
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setMinimumSectionSize(MIN_CELL)
            header.setHighlightSections(False)
        self.clicked.connect(self._on_clicked)
        self.cell_size = 0
        self.fit = True  # cells follow the panel's size
        self._zoom_cell = MAX_CELL  # the cell size chosen by zooming (fit off)
        self._reported: tuple[int, bool] | None = None  # last zoomChanged arguments

    def headers(self) -> tuple[MatrixHeader, MatrixHeader]:
        h, v = self.horizontalHeader(), self.verticalHeader()
        assert isinstance(h, MatrixHeader) and isinstance(v, MatrixHeader)
        return h, v

    def matrix_model(self) -> MatrixModel | None:
        model = self.model()
        return model if isinstance(model, MatrixModel) else None

    def setModel(self, model: MatrixModel) -> None:  # type: ignore[override]
        super().setModel(model)
        model.modelReset.connect(self._on_reset)
        self._on_reset()

    def _on_reset(self) -> None:
        for header in self.headers():
            header.invalidate_names()
            header.set_hot(None)
        self.fit_cells()

    # --- zoom ------------------------------------------------------------------------
    def fit_size(self) -> int:
        """The largest cell (MIN_CELL..MAX_CELL) that shows the whole matrix."""
        model = self.model()
        n = model.rowCount() if model is not None else 0
        if not n:
            return MAX_CELL
        h, v = self.headers()
        avail_w = self.width() - v.sizeHint().width() - 2 * self.frameWidth() - 2
        avail_h = self.height() - h.sizeHint().height() - 2 * self.frameWidth() - 2
        return max(MIN_CELL, min(MAX_CELL, min(avail_w, avail_h) // n))

    def fit_cells(self) -> None:
        """Apply the zoom: the fitted size in fit mode, else the chosen one."""
        self.set_cell(self.fit_size() if self.fit else self._zoom_cell)
        self._report_zoom()

    def _report_zoom(self) -> None:
        state = (self.cell_size, self.fit)
        if state != self._reported:
            self._reported = state
            self.zoomChanged.emit(*state)

    def set_cell(self, cell: int, anchor: QPoint | None = None) -> None:
        """Square cells of ``cell`` pixels, keeping the matrix point under ``anchor``
        (viewport coordinates; default: the centre) in place."""
        cell = max(MIN_CELL, int(cell))
        h, v = self.headers()
        old = h.defaultSectionSize()
        if cell == self.cell_size and old == cell:
            return
        anchor = anchor if anchor is not None else self.viewport().rect().center()
        # the matrix position under the anchor, in cells
        fx = (self.horizontalOffset() + anchor.x()) / max(old, 1)
        fy = (self.verticalOffset() + anchor.y()) / max(old, 1)
        self.cell_size = cell
        for header in (h, v):
            header.setDefaultSectionSize(cell)
        self.updateGeometries()
        self.horizontalScrollBar().setValue(round(fx * cell - anchor.x()))
        self.verticalScrollBar().setValue(round(fy * cell - anchor.y()))
        self.viewport().update()
        for header in (h, v):
            header.viewport().update()

    def zoom(self, direction: int, anchor: QPoint | None = None) -> None:
        """One zoom step bigger (``direction`` > 0) or smaller; leaves fit mode."""
        self.fit = False
        self._zoom_cell = next_zoom(self.cell_size or self.fit_size(), direction)
        self.set_cell(self._zoom_cell, anchor)
        self._report_zoom()

    def zoom_in(self) -> None:
        self.zoom(+1)

    def zoom_out(self) -> None:
        self.zoom(-1)

    def set_fit(self, on: bool) -> None:
        """Fit the whole matrix in the view (``True``) or keep the current zoom."""
        self.fit = on
        if not on:
            self._zoom_cell = self.cell_size or self.fit_size()
        self.fit_cells()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            delta = event.angleDelta().y()
            if delta:
                self.zoom(1 if delta > 0 else -1, event.position().toPoint())
            event.accept()
            return
        super().wheelEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fit:
            self.fit_cells()

    def scroll_to_highlight(self) -> None:
        model = self.matrix_model()
        rows = model.highlighted_rows() if model else None
        if model is not None and rows is not None:
            self.scrollTo(model.index(rows[0], rows[0]), QAbstractItemView.ScrollHint.EnsureVisible)

    # --- the row and column under the mouse ------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        self._set_hot(self.indexAt(event.position().toPoint()))

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave:
            self._set_hot(QModelIndex())
        return super().viewportEvent(event)

    def _set_hot(self, index: QModelIndex) -> None:
        h, v = self.headers()
        h.set_hot(index.column() if index.isValid() else None)
        v.set_hot(index.row() if index.isValid() else None)

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
        selected = current.isValid() and self.selectionModel().isSelected(current)
        if selected and cell >= SELECTION_FROM:
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
            painter.setBrush(flag_mark(h))
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

    # --- keyboard --------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers() & ~(
            Qt.KeyboardModifier.KeypadModifier
        ):
            self._on_clicked(self.currentIndex())
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Coming in by keyboard, start on the first pair so the arrows have a cell."""
        model = self.model()
        if not self.currentIndex().isValid() and model is not None and model.rowCount() > 1:
            self.setCurrentIndex(model.index(0, 1))
        super().focusInEvent(event)

    def currentChanged(self, current: QModelIndex, previous: QModelIndex) -> None:
        """The row's and column's names light up for the cell the arrows reach, as for
        the cell under the mouse."""
        super().currentChanged(current, previous)
        self._set_hot(current)
        self.viewport().update()

    def _on_clicked(self, index: QModelIndex) -> None:
        if index.isValid() and index.row() != index.column():
            a, b = index.data(Role.DOC_PAIR)
            self.pairActivated.emit(a, b)
