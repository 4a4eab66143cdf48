"""The matrix's row and column labels, drawn so they never overlap or get clipped.

Cells may be a single pixel wide (a whole class of 500 fitted into the window), far
smaller than a readable label. Instead of shrinking the text to the cell, the headers
keep a readable font and label every ``step``-th section, with ``step`` the smallest
round number (1, 2, 5, 10, 20, 25, 50...) whose labels have room. The section under the
mouse (:attr:`MatrixHeader.hot`) is always labelled, on a highlighted plate over its
neighbours, so hovering the matrix names any row and column; tooltips name every
section too. Painting only looks at the visible sections.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHeaderView, QWidget

from app.models.matrix_model import MatrixModel
from app.models.roles import Role
from app.theme import legible

LABEL_PIXELS = (12, 11, 10)  # label font sizes tried, largest first
THINNED_PIXELS = 11  # the font size when not every row can be labelled
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)
LABEL_GAP = 6  # pixels between two column numbers
MAX_NAME_WIDTH = 260  # longer row names are elided (the tooltip has the full path)
PADDING = 4
HOT_PLATE = QColor(255, 244, 200)
HOT_BORDER = QColor(190, 150, 40)


def label_step(cell: int, needed: int) -> int:
    """The smallest round step whose labels, ``step * cell`` pixels apart, have the
    ``needed`` pixels each.

    >>> label_step(20, 14), label_step(13, 20), label_step(6, 14), label_step(1, 27)
    (1, 2, 5, 50)
    """
    if cell <= 0:
        return NICE_STEPS[-1]
    for step in NICE_STEPS:
        if step * cell >= needed:
            return step
    return NICE_STEPS[-1]


def labelled(section: int, step: int) -> bool:
    """Whether ``section`` (0-based) is numbered a multiple of ``step``."""
    return step == 1 or (section + 1) % step == 0


class MatrixHeader(QHeaderView):
    """Row (vertical) or column (horizontal) labels of :class:`MatrixView`."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self.hot: int | None = None  # the section under the mouse: always labelled
        self._name_width: int | None = None  # widest row name, measured once per model

    # --- fonts and sizes -------------------------------------------------------------
    def cell(self) -> int:
        return self.defaultSectionSize()

    def label_font(self, bold: bool = False) -> QFont:
        """The largest label font whose line fits in a cell; when none does, labels are
        thinned out anyway, so a comfortable one (:data:`THINNED_PIXELS`)."""
        font = QFont(self.font())
        font.setBold(bold)
        for pixels in LABEL_PIXELS:
            font.setPixelSize(pixels)
            if QFontMetrics(font).height() <= self.cell():
                return font
        font.setPixelSize(THINNED_PIXELS)
        return font

    def _widest_font(self) -> QFont:
        """The largest label font, bold (highlighted rows are bold: keep room for them);
        made once per header font (a font made anew took 2.5 ms, a dozen times a reset)."""
        key = self.font().key()
        cached = getattr(self, "_widest", None)
        if cached is None or cached[0] != key:
            font = QFont(self.font())
            font.setPixelSize(LABEL_PIXELS[0])
            font.setBold(True)
            cached = self._widest = (key, font)
        return QFont(cached[1])

    def number_width(self, fm: QFontMetrics | None = None) -> int:
        fm = fm or QFontMetrics(self._widest_font())
        return fm.horizontalAdvance(str(max(self.count(), 1)))

    def name_width(self) -> int:
        """The widest row name (capped), measured once per model reset."""
        if self._name_width is None:
            fm = QFontMetrics(self._widest_font())
            widths = map(fm.horizontalAdvance, self._names())
            self._name_width = min(max(widths, default=0), MAX_NAME_WIDTH)
        return self._name_width

    def _names(self) -> list[str]:
        """Every row's name: from the matrix model in one call (asking it row by row,
        5,000 rows of a group overview took 0.1 s of a turn)."""
        model = self.model()  # (a MatrixView takes only a MatrixModel)
        return model.row_names() if isinstance(model, MatrixModel) else []

    def invalidate_names(self) -> None:
        self._name_width = None
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        fm = QFontMetrics(self._widest_font())
        if self.orientation() == Qt.Orientation.Horizontal:
            return QSize(self.length(), fm.height() + 2 * PADDING)
        gap = fm.horizontalAdvance("  ")
        width = PADDING + self.number_width(fm) + gap + self.name_width() + 2 * PADDING
        return QSize(width, self.length())

    def needed(self) -> int:
        """Pixels one label needs along the header (a number's width plus a gap, or a
        line's height)."""
        fm = QFontMetrics(self.label_font())
        if self.orientation() == Qt.Orientation.Horizontal:
            return fm.horizontalAdvance(str(max(self.count(), 1))) + LABEL_GAP
        return fm.height()

    def step(self) -> int:
        """Label every ``step``-th section (1: every one)."""
        return label_step(self.cell(), self.needed())

    # --- what is drawn where ---------------------------------------------------------
    def visible_sections(self) -> range:
        n, cell = self.count(), self.cell()
        if not n or cell <= 0:
            return range(0)
        length = (
            self.viewport().width()
            if self.orientation() == Qt.Orientation.Horizontal
            else self.viewport().height()
        )
        first = max(0, self.offset() // cell)
        last = min(n - 1, (self.offset() + length) // cell)
        return range(first, last + 1)

    def labelled_sections(self) -> list[int]:
        """The visible sections that get a label (the hot one aside): number 1 and the
        multiples of :meth:`step` (1 only when it does not crowd the first multiple)."""
        step = self.step()
        visible = self.visible_sections()
        candidates = [s for s in visible if labelled(s, step)]
        if step > 1 and 0 in visible and (step - 1) * self.cell() >= self.needed():
            candidates.insert(0, 0)
        # labels moved inside the header at its ends may crowd their neighbour: then
        # number 1 gives way to the round number, else the later label is left out
        out: list[int] = []
        font = self.label_font()
        for s in candidates:
            if out and self.label_rect(s, font).intersects(self.label_rect(out[-1], font)):
                if out[-1] != 0:
                    continue
                out.pop()
            out.append(s)
        return out

    def label_rect(self, section: int, font: QFont | None = None) -> QRect:
        """Where the label of ``section`` is drawn, in viewport coordinates."""
        fm = QFontMetrics(font or self.label_font())
        cell = self.cell()
        start = section * cell - self.offset()
        centre = start + cell // 2
        vp = self.viewport().rect()
        if self.orientation() == Qt.Orientation.Horizontal:
            w = fm.horizontalAdvance(str(section + 1)) + 2
            rect = QRect(centre - w // 2, vp.top(), w, vp.height())
            # a label at either end stays whole inside the header
            if rect.left() < vp.left():
                rect.moveLeft(vp.left())
            elif rect.right() > vp.right():
                rect.moveRight(vp.right())
            return rect
        h = fm.height()
        rect = QRect(vp.left(), centre - h // 2 if h > cell else start, vp.width(), max(h, cell))
        if rect.top() < vp.top():
            rect.moveTop(vp.top())
        elif rect.bottom() > vp.bottom():
            rect.moveBottom(vp.bottom())
        return rect

    # --- painting --------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        vp = self.viewport().rect()
        painter.fillRect(event.rect(), self.palette().button())
        model = self.model()
        if model is None or not self.count():
            painter.end()
            return
        cell = self.cell()
        horizontal = self.orientation() == Qt.Orientation.Horizontal
        visible = self.visible_sections()
        # group highlight (and archive) backgrounds, whatever the labels
        for s in visible:
            brush = model.headerData(s, self.orientation(), Qt.ItemDataRole.BackgroundRole)
            if isinstance(brush, QBrush):
                start = s * cell - self.offset()
                rect = (
                    QRect(start, vp.top(), cell, vp.height())
                    if horizontal
                    else QRect(vp.left(), start, vp.width(), cell)
                )
                painter.fillRect(rect, brush)
        painter.setPen(QPen(self.palette().mid().color(), 1))
        if horizontal:
            painter.drawLine(vp.bottomLeft(), vp.bottomRight())
        else:
            painter.drawLine(vp.topRight(), vp.bottomRight())
        hot = self.hot if self.hot is not None and self.hot in visible else None
        # the hot label's plate hides the regular labels it would overlap
        hot_rect = self.label_rect(hot).adjusted(-3, 0, 3, 0) if hot is not None else QRect()
        for s in self.labelled_sections():
            if s != hot and not self.label_rect(s).intersects(hot_rect):
                self._draw_label(painter, s, plate=False)
        if hot is not None:
            self._draw_label(painter, hot, plate=True)
        painter.end()

    def _draw_label(self, painter: QPainter, section: int, *, plate: bool) -> None:
        model = self.model()
        orientation = self.orientation()
        font_data = model.headerData(section, orientation, Qt.ItemDataRole.FontRole)
        bold = isinstance(font_data, QFont) and font_data.bold()
        font = self.label_font(bold)
        fm = QFontMetrics(font)
        rect = self.label_rect(section, font)
        colour = model.headerData(section, orientation, Qt.ItemDataRole.ForegroundRole)
        pen = colour.color() if isinstance(colour, QBrush) else self.palette().text().color()
        if plate:  # the light plate under the hot label: a text colour that reads on it
            pen = legible(pen, HOT_PLATE)
        painter.setFont(font)
        cell = self.cell()
        centre = section * cell - self.offset() + cell // 2
        if orientation == Qt.Orientation.Horizontal:
            if plate:
                painter.fillRect(rect.adjusted(-2, 0, 2, -1), HOT_PLATE)
                painter.setPen(HOT_BORDER)
                painter.drawRect(rect.adjusted(-2, 0, 1, -1))
            painter.setPen(pen)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(section + 1))
            if cell < fm.horizontalAdvance(str(section + 1)):  # a tick shows the column
                painter.drawLine(centre, rect.bottom() - 2, centre, rect.bottom())
            return
        number_w = self.number_width(fm)
        gap = fm.horizontalAdvance("  ")
        x = rect.left() + PADDING
        if plate:
            painter.fillRect(rect.adjusted(0, 0, -1, -1), HOT_PLATE)
            painter.setPen(HOT_BORDER)
            painter.drawRect(rect.adjusted(0, 0, -1, -1))
        painter.setPen(pen)
        number_rect = QRect(x, rect.top(), number_w, rect.height())
        painter.drawText(
            number_rect,
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            str(section + 1),
        )
        name = str(model.headerData(section, orientation, Role.HEADER_NAME) or "")
        name_x = x + number_w + gap
        name_w = max(0, rect.right() - PADDING - name_x)
        painter.drawText(
            QRect(name_x, rect.top(), name_w, rect.height()),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            fm.elidedText(name, Qt.TextElideMode.ElideMiddle, name_w),
        )
        if cell < fm.height():  # a tick shows which row the label names
            painter.drawLine(rect.right() - 2, centre, rect.right(), centre)

    def set_hot(self, section: int | None) -> None:
        """Label ``section`` on a plate (the row or column under the mouse)."""
        if section != self.hot:
            self.hot = section
            self.viewport().update()
