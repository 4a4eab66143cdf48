"""The window by keyboard alone: Tab reaches every panel and leaves the matrix at once,
arrow keys move between cells, Enter opens a pair from the matrix, the pairs table and
the groups, and the side-by-side view's buttons and texts are reachable and usable."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from app.main_window import Tab
from app.models.roles import Role


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "something has the keyboard focus"
    return widget


def press(key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(focused(), key, modifier)


def tab_to(target: QWidget, limit: int = 30) -> int:
    """Press Tab until ``target`` has the focus; how many presses it took."""
    for presses in range(limit):
        if focused() is target:
            return presses
        press(Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {type(target).__name__} (at {focused()})")


def test_tab_reaches_every_panel_and_enter_opens_pairs(window, small_result, qtbot):
    window.set_result(small_result)
    window.resize(1280, 720)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.tabs.tabBar().setFocus()
    matrix = window.matrix_panel.view
    groups = window.groups_panel.tree
    pairs = window.pairs_panel.table

    # the matrix: reached by Tab, left by one Tab, not cell by cell
    tab_to(matrix)
    start = matrix.currentIndex()
    assert start.isValid() and start.row() != start.column(), "a cell to start from"
    press(Qt.Key.Key_Tab)
    assert focused() is not matrix, "Tab leaves the matrix"
    tab_to(matrix)
    # arrow keys move from cell to cell
    press(Qt.Key.Key_Right)
    press(Qt.Key.Key_Down)
    cell = matrix.currentIndex()
    assert (cell.row(), cell.column()) == (start.row() + 1, start.column() + 1)
    if cell.row() == cell.column():
        press(Qt.Key.Key_Right)
        cell = matrix.currentIndex()
    # the cell's row and column names light up, as under the mouse
    assert matrix.horizontalHeader().hot == cell.column()
    assert matrix.verticalHeader().hot == cell.row()
    with qtbot.waitSignal(window.pairOpened) as opened:
        press(Qt.Key.Key_Return)
    assert set(opened.args) == set(cell.data(Role.DOC_PAIR))
    assert window.tabs.currentIndex() == Tab.PAIR
    # the matrix is hidden now: the keyboard goes on in the pair, on Next once the
    # passages are shown (they are found in a worker)
    window.side_by_side.wait_for_evidence()
    assert focused() is window.side_by_side.next_button

    # the side-by-side view: Next by keyboard, and the texts take the focus to scroll
    view = window.side_by_side
    window.tabs.tabBar().setFocus()
    tab_to(view.next_button)
    before = view.current
    press(Qt.Key.Key_Space)
    assert view.current == (before + 1) % len(view.passages)
    tab_to(view.left)
    tab_to(view.right)

    # back to the matrix by its shortcut, then on to the other panels
    press(Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentIndex() == Tab.MATRIX
    matrix.setFocus()
    tab_to(groups)
    assert tab_to(pairs) > 0
    # Enter on a row of the pairs table opens its pair
    pairs.setCurrentIndex(window.pairs_panel.proxy.index(1, 0))
    with qtbot.waitSignal(window.pairOpened) as opened:
        press(Qt.Key.Key_Return)
    row_pair = window.pairs_panel.proxy.index(1, 0).data(Role.DOC_PAIR)
    assert set(opened.args) == set(row_pair)
    # Enter on a member of a group opens the group's strongest pair with it
    window.tabs.tabBar().setFocus()
    tab_to(groups)
    groups.setCurrentIndex(groups.model().index(0, 0, groups.model().index(0, 0)))
    with qtbot.waitSignal(window.pairOpened):
        press(Qt.Key.Key_Return)


def test_after_a_scan_enter_opens_the_first_flagged_pair(window, small_class, qtbot):
    """The scan's end leaves the keyboard on the matrix, not on the tabs: Enter opens a
    flagged pair at once."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.tabs.tabBar().setFocus()
    with qtbot.waitSignal(window.scanFinished, timeout=120_000):
        window.scan_paths([small_class])
    assert focused() is window.matrix_panel.view
    qtbot.waitUntil(lambda: window.matrix_panel.view.currentIndex().isValid(), timeout=10_000)
    with qtbot.waitSignal(window.pairOpened) as opened:
        press(Qt.Key.Key_Return)
    pair = tuple(sorted(opened.args))
    assert pair in {(p.a, p.b) for p in window.result.pairs if p.flagged}


def test_a_find_box_leads_into_its_list(window, small_result, qtbot):
    """Typing a name in a find box, then ↓ moves into the list and Enter opens what the
    box found (its first row), in the students panel, the pairs table and the groups;
    with nothing found the box keeps the keys."""
    window.set_result(small_result)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    students = window.students_panel
    qtbot.waitUntil(lambda: students.proxy.rowCount() > 0, timeout=10_000)
    name = students.proxy.index(1, 0).data()  # not the row the list starts on
    box = students.name_filter
    box.setFocus()
    QTest.keyClicks(box, name)
    qtbot.waitUntil(lambda: students.proxy.rowCount() >= 1)
    first = students.proxy.index(0, 0)
    assert name in first.data()
    press(Qt.Key.Key_Down)
    assert focused() is students.table
    assert students.table.currentIndex().row() == 0
    box.setFocus()
    with qtbot.waitSignal(window.pairOpened) as opened:
        press(Qt.Key.Key_Return)
    assert set(opened.args) == set(first.data(Role.DOC_PAIR))

    # the pairs table: Enter opens the first pair the filter leaves
    window.tabs.setCurrentIndex(Tab.MATRIX)
    pairs = window.pairs_panel
    pairs.filter_edit.setFocus()
    QTest.keyClicks(
        pairs.filter_edit,
        small_result.documents[pairs.proxy.index(0, 0).data(Role.DOC_PAIR)[1]].name,
    )
    first = pairs.proxy.index(0, 0)
    with qtbot.waitSignal(window.pairOpened) as opened:
        press(Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert set(opened.args) == set(first.data(Role.DOC_PAIR))

    # the groups: ↓ to the first group left
    groups = window.groups_panel
    groups.filter_edit.setFocus()
    press(Qt.Key.Key_Down)
    assert focused() is groups.tree and groups.tree.currentIndex().isValid()

    # nothing found: the keys stay in the box, nothing opens
    box.setFocus()
    box.clear()
    QTest.keyClicks(box, "zzzz-no-such-student")
    assert students.proxy.rowCount() == 0
    with qtbot.assertNotEmitted(window.pairOpened):
        press(Qt.Key.Key_Return)
        press(Qt.Key.Key_Down)
    assert focused() is box
