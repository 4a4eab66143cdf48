"""The heatmap: a ``QTableView`` of small square cells painted by :class:`HeatDelegate`.

Only visible cells are painted and each paint is one colour lookup, so 500 x 500
stays smooth. Cells shrink to fit the panel (down to :data:`MIN_CELL` pixels, then the
view scrolls). The highlighted group is outlined as one block on the diagonal.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QPolygon, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from app.heat_colors import ARCHIVE_MARK, DIAGONAL, FLAG_MARK, HIGHLIGHT, heat_color
from app.models.matrix_model import MatrixModel
from app.models.roles import Role

MIN_CELL = 6
MAX_CELL = 28

_Index = QModelIndex | QPersistentModelIndex


class HeatDelegate(QStyledItemDelegate):
    """Paints a cell as a colour tile; flagged pairs get a dot, archived ones a corner."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        rect = option.rect
        h = index.data(Role.HEAT)
        diagonal = index.row() == index.column()
        tile = rect.adjusted(0, 0, -1, -1) if rect.width() > 8 else rect
        painter.fillRect(tile, DIAGONAL if diagonal or h is None else heat_color(h))
        if diagonal:
            return
        side = min(rect.width(), rect.height())
        if index.data(Role.FLAGGED) and side >= 6:
            r = max(1, side // 7)
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(FLAG_MARK if h is not None and h < 0.8 else QColor(255, 255, 255))
            painter.drawEllipse(tile.center(), r, r)
            painter.restore()
        if index.data(Role.ARCHIVED) and side >= 8:
            painter.save()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ARCHIVE_MARK)
            t = max(3, side // 3)
            corner = tile.topRight()
            painter.drawPolygon(
                QPolygon(
                    [corner, QPoint(corner.x() - t, corner.y()), QPoint(corner.x(), corner.y() + t)]
                )
            )
            painter.restore()
        if option.state & QStyle.StateFlag.State_Selected:
            painter.save()
            painter.setPen(QPen(QColor(0, 0, 0), 2))
            painter.drawRect(tile.adjusted(1, 1, -1, -1))
            painter.restore()


class MatrixView(QTableView):
    """The matrix table. Emits :attr:`pairActivated` with two document indices on click."""

    pairActivated = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setItemDelegate(HeatDelegate(self))
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
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, small.pointSizeF() * 0.75))
        self.horizontalHeader().setFont(small)
        self.verticalHeader().setFont(small)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.clicked.connect(self._on_clicked)
        self.cell_size = 16

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
        self.verticalHeader().resizeSections(QHeaderView.ResizeMode.ResizeToContents)
        label_w = self.verticalHeader().sizeHint().width()
        label_h = self.horizontalHeader().sizeHint().height()
        avail_w = self.width() - label_w - 2 * self.frameWidth() - 2
        avail_h = self.height() - label_h - 2 * self.frameWidth() - 2
        cell = max(MIN_CELL, min(MAX_CELL, min(avail_w, avail_h) // n))
        self.cell_size = cell
        self.horizontalHeader().setDefaultSectionSize(cell)
        self.verticalHeader().setDefaultSectionSize(cell)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        for header in (self.horizontalHeader(), self.verticalHeader()):
            header.resizeSections(QHeaderView.ResizeMode.Fixed)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_cells()

    def scroll_to_highlight(self) -> None:
        model = self.matrix_model()
        rows = model.highlighted_rows() if model else None
        if model is not None and rows is not None:
            self.scrollTo(model.index(rows[0], rows[0]), QAbstractItemView.ScrollHint.EnsureVisible)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        model = self.matrix_model()
        rows = model.highlighted_rows() if model else None
        if model is None or rows is None:
            return
        first, last = rows
        top_left = self.visualRect(model.index(first, first))
        bottom_right = self.visualRect(model.index(last, last))
        block = top_left.united(bottom_right).adjusted(-1, -1, 0, 0)
        painter = QPainter(self.viewport())
        painter.setPen(QPen(HIGHLIGHT, 3))
        painter.drawRect(block)
        painter.end()

    def _on_clicked(self, index: QModelIndex) -> None:
        if index.isValid() and index.row() != index.column():
            a, b = index.data(Role.DOC_PAIR)
            self.pairActivated.emit(a, b)
