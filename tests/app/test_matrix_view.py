"""The matrix view at class sizes from 8 to 500: labels that never overlap or get
clipped, fitting the whole class, zooming around the mouse, naming the row and column
under the mouse, and a click on a cell opening its pair."""

from __future__ import annotations

import itertools
import time

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QMouseEvent, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.main_window import Tab
from app.models.matrix_model import MatrixModel
from app.models.roles import Role
from app.views.matrix_header import HOT_PLATE
from app.views.matrix_panel import MatrixPanel
from tests.app.conftest import doc_index
from tests.app.synthetic import synthetic_result

PANEL_SIZE = (820, 760)  # the matrix tab of the default 1400 x 900 window


@pytest.fixture
def panel_of(qtbot):
    """``panel_of(n)``: a shown matrix panel over a synthetic class of ``n`` files."""
    kept = []  # the panels live until the test ends

    def make(n: int) -> MatrixPanel:
        result = synthetic_result(n, seed=5)
        model = MatrixModel()
        model.set_result(result)
        panel = MatrixPanel(model)
        qtbot.addWidget(panel)
        panel.resize(*PANEL_SIZE)
        panel.set_result(result)
        panel.show()
        qtbot.waitExposed(panel)
        kept.append((panel, model))
        return panel

    return make


def wheel(view, pos: QPoint, steps: int) -> None:
    point = QPointF(pos)
    for _ in range(abs(steps)):
        event = QWheelEvent(
            point,
            QPointF(view.viewport().mapToGlobal(pos)),
            QPoint(0, 0),
            QPoint(0, 120 if steps > 0 else -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.ControlModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(view.viewport(), event)


def hover(view, pos: QPoint) -> None:
    event = QMouseEvent(
        QMouseEvent.Type.MouseMove,
        QPointF(pos),
        QPointF(view.viewport().mapToGlobal(pos)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.viewport(), event)


def assert_labels_fit(header) -> None:
    """Drawn labels are whole: never overlapping, never cut by the cell or the header."""
    sections = header.labelled_sections()
    assert sections, "no label drawn"
    font = header.label_font()
    fm = QFontMetrics(font)
    rects = [header.label_rect(s, font) for s in sections]
    area = header.viewport().rect()
    horizontal = header.orientation() == Qt.Orientation.Horizontal
    for s, rect in zip(sections, rects, strict=True):
        assert area.contains(rect), f"label {s + 1} cut by the header's edge: {rect} {area}"
        if horizontal:
            assert rect.width() >= fm.horizontalAdvance(str(s + 1))
            assert rect.height() >= fm.height()
        else:
            assert rect.height() >= fm.height(), "the bottom of the text would be clipped"
    for a, b in itertools.pairwise(rects):
        assert not a.intersects(b), f"labels overlap: {a} {b}"


@pytest.mark.parametrize("n", [8, 51, 120, 500])
def test_labels_never_overlap_or_clip(panel_of, n):
    view = panel_of(n).view
    horizontal, vertical = view.headers()
    assert_labels_fit(horizontal)
    assert_labels_fit(vertical)
    if n <= 51:
        # a class of about 50 fits with every row named and two-digit column numbers
        assert vertical.step() == 1
        assert horizontal.step() <= 2
    # thinned labels still cover the matrix evenly
    shown = vertical.labelled_sections()
    assert max(b - a for a, b in itertools.pairwise(shown)) <= vertical.step()
    # zoomed in and scrolled to an odd place: still whole, inside the headers
    view.zoom_in()
    view.zoom_in()
    for bar in (view.verticalScrollBar(), view.horizontalScrollBar()):
        bar.setValue(bar.maximum() // 2 + 3)
    assert_labels_fit(horizontal)
    assert_labels_fit(vertical)


def test_fit_shows_a_whole_class_of_500_and_zoom_scrolls(panel_of):
    panel = panel_of(500)
    view = panel.view
    assert view.fit and panel.fit_action.isChecked()
    vp = view.viewport().rect()
    assert view.cell_size * 500 <= min(vp.width(), vp.height())
    assert view.verticalScrollBar().maximum() == 0  # every row is in view
    panel.zoom_in_action.trigger()
    panel.zoom_in_action.trigger()
    assert view.cell_size > 1 and not view.fit and not panel.fit_action.isChecked()
    assert view.verticalScrollBar().maximum() > 0
    panel.fit_action.trigger()
    assert view.fit and view.cell_size == view.fit_size() and panel.fit_action.isChecked()


def test_ctrl_wheel_zooms_around_the_mouse(panel_of):
    view = panel_of(500).view
    pos = QPoint(300, 220)
    before = view.indexAt(pos)
    cell = view.cell_size
    wheel(view, pos, 4)
    assert view.cell_size > cell and not view.fit
    after = view.indexAt(pos)
    # the pair under the mouse stays under the mouse (within a cell's rounding)
    assert abs(after.row() - before.row()) <= 1 and abs(after.column() - before.column()) <= 1
    wheel(view, pos, -1)
    assert view.cell_size < 13
    view.set_cell(view.cell_size)  # no change, no jump
    assert abs(view.indexAt(pos).row() - before.row()) <= 1


def test_plain_wheel_scrolls_instead_of_zooming(panel_of):
    view = panel_of(500).view
    view.zoom_in()
    view.zoom_in()
    cell = view.cell_size
    pos = QPointF(100, 100)
    event = QWheelEvent(
        pos,
        QPointF(view.viewport().mapToGlobal(pos)),
        QPoint(0, 0),
        QPoint(0, -120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)
    assert view.cell_size == cell and view.verticalScrollBar().value() > 0


def test_hovering_a_cell_names_its_row_and_column(panel_of):
    view = panel_of(500).view  # one-pixel cells: most rows have no label of their own
    horizontal, vertical = view.headers()
    pos = QPoint(4 * view.cell_size, 203 * view.cell_size)
    hover(view, pos)
    index = view.indexAt(pos)
    assert vertical.hot == index.row() and horizontal.hot == index.column()
    assert index.row() not in vertical.labelled_sections()
    image = vertical.grab().toImage()
    rect = vertical.label_rect(index.row())
    plate = QColor(image.pixel(rect.left() + 2, rect.center().y())).name()
    assert plate == HOT_PLATE.name()
    # the labels the plate would cover are left out, the others still fit
    assert_labels_fit(vertical)
    QApplication.sendEvent(view.viewport(), QEvent(QEvent.Type.Leave))
    assert vertical.hot is None and horizontal.hot is None


def test_zooming_500_files_stays_smooth(panel_of):
    view = panel_of(500).view
    pos = QPoint(200, 200)
    timings = []
    for steps in (1, 1, 1, -1, -1, -1):
        t0 = time.perf_counter()
        wheel(view, pos, steps)
        view.grab()
        timings.append(time.perf_counter() - t0)
    print(f"\nzoom + repaint at 500 files: worst {max(timings) * 1000:.0f} ms")
    assert max(timings) < 0.5


def test_clicking_a_cell_opens_that_pair(window, small_result, qtbot):
    window.set_result(small_result)
    a, b = doc_index(small_result, "s021.txt"), doc_index(small_result, "s027.txt")
    view = window.matrix_panel.view
    qtbot.waitExposed(view)
    model = window.matrix_model
    index = model.index(model.row_of(a), model.row_of(b))
    assert index.data(Role.DOC_PAIR) == (a, b)
    view.scrollTo(index)
    with qtbot.waitSignal(window.pairOpened) as opened:
        QTest.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center()
        )
    assert tuple(opened.args) == (min(a, b), max(a, b))
    assert window.tabs.currentIndex() == Tab.PAIR
    names = {d.name for d in window.side_by_side.documents()}
    assert names == {"s021.txt", "s027.txt"}
    assert window.bit_diff.pair == (min(a, b), max(a, b))
    # the diagonal (a file with itself) opens nothing
    window.show_view(Tab.MATRIX)
    diagonal = model.index(0, 0)
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(diagonal).center()
    )
    assert window.tabs.currentIndex() == Tab.MATRIX
