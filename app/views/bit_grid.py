"""An 8 x 8 grid of the 64 fingerprint bits of a pair.

Equal bits are pale and show the shared value; differing bits are orange and show
"A/B". Thick outlines mark the pigeonhole blocks (green when the block is identical in
both fingerprints); a label beside each block says so. Click (or use the arrow keys)
to choose a bit.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from simhash_core.fingerprint.bit_compare import BITS, BitComparison, bit

COLUMNS = 8
ROWS = BITS // COLUMNS
EQUAL_ZERO = QColor(240, 243, 247)
EQUAL_ONE = QColor(210, 222, 236)
DIFFERENT = QColor(243, 139, 80)
BLOCK_EQUAL = QColor(30, 140, 70)
BLOCK_DIFFERENT = QColor(120, 120, 130)
SELECTED = QColor(33, 102, 208)


class BitGrid(QWidget):
    """Draws a :class:`BitComparison`; emits :attr:`bitSelected` with a bit index."""

    bitSelected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison: BitComparison | None = None
        self.selected = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setMinimumSize(COLUMNS * 26 + self._label_width() + 2, ROWS * 26 + 2)

    def set_comparison(self, comparison: BitComparison | None) -> None:
        self.comparison = comparison
        if comparison is not None:
            self.selected = comparison.differing[0] if comparison.differing else 0
        self.update()
        if comparison is not None:
            self.bitSelected.emit(self.selected)

    def select(self, index: int) -> None:
        index = max(0, min(BITS - 1, index))
        if index != self.selected:
            self.selected = index
            self.update()
            self.bitSelected.emit(index)

    # --- geometry --------------------------------------------------------------------
    def _label_width(self) -> int:
        return self.fontMetrics().horizontalAdvance("✗ Block 8: 16 of 16 bits differ") + 16

    def cell_size(self) -> int:
        avail_w = self.width() - self._label_width() - 2
        avail_h = self.height() - 2
        return max(24, min(avail_w // COLUMNS, avail_h // ROWS, 56))

    def cell_rect(self, index: int) -> QRect:
        c = self.cell_size()
        row, col = divmod(index, COLUMNS)
        return QRect(1 + col * c, 1 + row * c, c, c)

    def bit_at(self, pos: QPoint) -> int | None:
        c = self.cell_size()
        col, row = (pos.x() - 1) // c, (pos.y() - 1) // c
        if 0 <= col < COLUMNS and 0 <= row < ROWS:
            return row * COLUMNS + col
        return None

    def sizeHint(self) -> QSize:
        return QSize(COLUMNS * 40 + self._label_width() + 2, ROWS * 40 + 2)

    # --- painting --------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        cmp = self.comparison
        if cmp is None:
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("No pair selected"))
            p.end()
            return
        c = self.cell_size()
        digit_font = QFont(self.font())
        digit_font.setPointSizeF(max(7.0, c * 0.28))
        p.setFont(digit_font)
        differing = set(cmp.differing)
        for i in range(BITS):
            rect = self.cell_rect(i)
            ba, bb = bit(cmp.a, i), bit(cmp.b, i)
            if i in differing:
                p.fillRect(rect.adjusted(1, 1, -1, -1), DIFFERENT)
                text = f"{ba}/{bb}"
                p.setPen(QColor(60, 20, 0))
            else:
                p.fillRect(rect.adjusted(1, 1, -1, -1), EQUAL_ONE if ba else EQUAL_ZERO)
                text = str(ba)
                p.setPen(QColor(70, 80, 95))  # reads on both light cells (WCAG AA)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        self._draw_blocks(p, cmp, c)
        sel = self.cell_rect(self.selected)
        p.setPen(QPen(SELECTED, 3))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(sel.adjusted(1, 1, -2, -2))
        p.end()

    def _draw_blocks(self, p: QPainter, cmp: BitComparison, c: int) -> None:
        p.setFont(self.font())
        fm = self.fontMetrics()
        x_label = 1 + COLUMNS * c + 10
        for block in cmp.blocks:
            colour = BLOCK_EQUAL if block.equal else BLOCK_DIFFERENT
            p.setPen(QPen(colour, 3 if block.equal else 2))
            inside = set(range(block.first, block.last + 1))
            for i in inside:
                r = self.cell_rect(i)
                row, col = divmod(i, COLUMNS)
                if row == 0 or (i - COLUMNS) not in inside:
                    p.drawLine(r.topLeft(), r.topRight())
                if row == ROWS - 1 or (i + COLUMNS) not in inside:
                    p.drawLine(r.bottomLeft(), r.bottomRight())
                if col == 0 or (i - 1) not in inside:
                    p.drawLine(r.topLeft(), r.bottomLeft())
                if col == COLUMNS - 1 or (i + 1) not in inside:
                    p.drawLine(r.topRight(), r.bottomRight())
            diff = sum(1 for i in cmp.differing if block.first <= i <= block.last)
            text = (
                self.tr("Block {n}: identical").format(n=block.number)
                if block.equal
                else self.tr("Block {n}: {count} of {width} bits differ").format(
                    n=block.number, count=diff, width=block.last - block.first + 1
                )
            )
            first_row = block.first // COLUMNS
            last_row = block.last // COLUMNS
            y = 1 + int((first_row + last_row + 1) * c / 2) + fm.ascent() // 2 - 2
            p.setPen(colour)
            p.drawText(x_label, y, ("✓ " if block.equal else "✗ ") + text)

    # --- interaction -----------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.bit_at(event.position().toPoint())
        if index is not None:
            self.select(index)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        index = self.bit_at(event.position().toPoint())
        cmp = self.comparison
        if index is not None and cmp is not None:
            QToolTip.showText(
                event.globalPosition().toPoint(),
                self.tr("Bit {bit} (block {block}): A = {a}, B = {b}").format(
                    bit=index,
                    block=cmp.block_of(index).number,
                    a=bit(cmp.a, index),
                    b=bit(cmp.b, index),
                ),
                self,
            )
        super().mouseMoveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        step = {
            Qt.Key.Key_Left: -1,
            Qt.Key.Key_Right: 1,
            Qt.Key.Key_Up: -COLUMNS,
            Qt.Key.Key_Down: COLUMNS,
        }.get(Qt.Key(event.key()))
        if step is None:
            super().keyPressEvent(event)
            return
        self.select(self.selected + step)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.update()
        super().changeEvent(event)
