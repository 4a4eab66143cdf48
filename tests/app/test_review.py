"""Reviewing a class in the window: decisions by keyboard and by mouse, in every view,
kept when the app is closed and re-opened, and after a file is renamed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from app.i18n import ENGLISH, LanguageManager
from app.main_window import MainWindow, Tab
from app.models.pairs_model import Column
from app.models.roles import Role
from app.views.decision_dialog import DecisionDialog
from simhash_core.review.decisions import Reason, Verdict, decision_of
from simhash_core.review.store import DecisionStore
from simhash_core.scan import scan


def _window(qtbot, settings, store: DecisionStore) -> MainWindow:
    languages = LanguageManager()
    languages.apply(ENGLISH)
    win = MainWindow(settings, languages, decisions=store, persist=False)
    qtbot.addWidget(win)
    win.show()
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    return win


def _decision_text(win: MainWindow, pair: tuple[int, int]) -> str:
    model = win.pairs_model
    row = next(r for r, p in enumerate(model.pairs) if {p.a, p.b} == set(pair))
    shown = model.index(row, Column.DECISION).data()
    mark, _, words = shown.partition(" ")
    assert not shown or mark in "✔✖⚠"  # a decision at a glance, then its words
    return words


def _press(qtbot, widget, key: str) -> None:
    QTest.keyClicks(widget, key)
    qtbot.wait(10)


def _flagged(win: MainWindow) -> list[tuple[int, int]]:
    return [(p.a, p.b) for p in win.result.pairs if p.flagged]


def _answer_dialog(note: str, reason: Reason, verdict: Verdict) -> None:
    """Fill in the decision dialog once it is open (it is modal)."""

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, DecisionDialog):
            QTimer.singleShot(20, fill)
            return
        dialog.verdicts.button(list(Verdict).index(verdict)).setChecked(True)
        dialog.reason.setCurrentIndex(dialog.reason.findData(reason.value))
        dialog.note.setPlainText(note)
        dialog.by.setText("Ms Li")
        dialog.accept()

    QTimer.singleShot(20, fill)


def _choose_in_popup(qtbot, *path: str) -> None:
    """Pick ``path`` (menu texts) in the context menu that is open."""
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=5000)
    menu = QApplication.activePopupWidget()
    for k, text in enumerate(path):
        action = next(a for a in menu.actions() if a.text().replace("&", "") == text)
        if k < len(path) - 1:
            menu = action.menu()
        else:
            action.trigger()
    QApplication.activePopupWidget() and QApplication.activePopupWidget().close()


def test_a_class_is_reviewed_by_keyboard_and_mouse_and_kept(qtbot, settings, small_class, tmp_path):
    store = DecisionStore(tmp_path / "decisions.sqlite")
    win = _window(qtbot, settings, store)
    win.set_result(scan([small_class], isolate=False))
    first, second, third, fourth = _flagged(win)[:4]

    # the keyboard: in the pairs table, D dismisses the current pair, C confirms the next
    table = win.pairs_panel.table
    win.pairs_dock.raise_()
    table.setFocus()
    proxy = win.pairs_panel.proxy
    rows = {tuple(proxy.index(r, 0).data(Role.DOC_PAIR)): r for r in range(proxy.rowCount())}
    table.setCurrentIndex(proxy.index(rows[first], Column.SIMILARITY))
    _press(qtbot, table, "d")
    table.setCurrentIndex(proxy.index(rows[second], Column.SIMILARITY))
    _press(qtbot, table, "c")
    assert _decision_text(win, first) == "Dismissed"
    assert _decision_text(win, second) == "Confirmed copying"
    assert not table.isColumnHidden(Column.NOTE)  # once a pair is decided

    # Enter shows the next pair while the keyboard stays in the list, and N opens the
    # decision on it, with its reason and note
    table.setCurrentIndex(proxy.index(rows[third], Column.SIMILARITY))
    QTest.keyClick(table, Qt.Key.Key_Return)
    win.side_by_side.wait_for_evidence()
    assert win.current_pair == tuple(sorted(third))
    _answer_dialog("the prompt, pasted", Reason.TEMPLATE, Verdict.DISMISSED)
    _press(qtbot, table, "n")
    qtbot.waitUntil(lambda: _decision_text(win, third) == "Dismissed", timeout=5000)
    bar = win.side_by_side.decision_bar
    assert bar.state.text() == "Dismissed"
    assert "Template or assignment prompt" in bar.details.text()
    assert "Ms Li" in bar.details.text() and "the prompt, pasted" in bar.details.text()
    assert settings.reviewer() == "Ms Li"  # the name typed is the next default

    # the mouse: a context menu on a matrix cell
    win.show_view(Tab.MATRIX)
    view = win.matrix_panel.view
    model = view.model()
    cell = next(
        model.index(r, c)
        for r in range(model.rowCount())
        for c in range(model.columnCount())
        if r != c and set(model.index(r, c).data(Role.DOC_PAIR)) == set(fourth)
    )
    view.scrollTo(cell)
    view.customContextMenuRequested.emit(view.visualRect(cell).center())
    _choose_in_popup(qtbot, "Dismiss", "Shared source or quotation")
    assert _decision_text(win, fourth) == "Dismissed"
    found = decision_of(win.result, *fourth)
    assert found is not None and found.decision.reason is Reason.SOURCE
    assert win.review.wait_saved()
    win.close()

    # re-opened: every decision is there; a renamed file keeps its pair's decision
    a_name = win.result.documents[first[0]].path
    (small_class / a_name).rename(small_class / f"renamed-{a_name}")
    again = _window(qtbot, settings, store)
    again.set_result(scan([small_class], isolate=False))
    index = {d.path: i for i, d in enumerate(again.result.documents)}

    def pair_now(pair: tuple[int, int]) -> tuple[int, int]:
        names = [win.result.documents[i].path for i in pair]
        names = [f"renamed-{n}" if n == a_name else n for n in names]
        return index[names[0]], index[names[1]]

    assert _decision_text(again, pair_now(first)) == "Dismissed"
    assert _decision_text(again, pair_now(second)) == "Confirmed copying"
    assert _decision_text(again, pair_now(third)) == "Dismissed"
    kept = decision_of(again.result, *pair_now(third))
    assert kept is not None and kept.decision.note == "the prompt, pasted"
    assert kept.decision.by == "Ms Li"
    assert _decision_text(again, pair_now(fourth)) == "Dismissed"

    # U takes a decision back, and it stays taken back
    again.open_pair(*pair_now(second))
    again.side_by_side.wait_for_evidence()
    _press(qtbot, again.side_by_side.next_button, "u")
    assert _decision_text(again, pair_now(second)) == ""
    assert again.review.wait_saved()
    assert len(store.load()) == 3


def test_decisions_travel_in_a_file(qtbot, settings, small_result, tmp_path: Path):
    from dataclasses import replace

    mine = _window(qtbot, settings, DecisionStore(tmp_path / "mine.sqlite"))
    mine.set_result(replace(small_result, decisions=None))  # each window its own
    pair = _flagged(mine)[0]
    mine.review.decide(*pair, Verdict.CONFIRMED, note="same mistakes")
    path = tmp_path / "decisions.json"
    mine.review_actions.export_to(path)
    assert "1 decision exported" in mine.statusBar().currentMessage()

    colleague = _window(qtbot, settings, DecisionStore(tmp_path / "theirs.sqlite"))
    colleague.set_result(replace(small_result, decisions=None))
    assert _decision_text(colleague, pair) == ""
    colleague.review_actions.import_from(path)
    assert _decision_text(colleague, pair) == "Confirmed copying"
    assert "1 decision imported" in colleague.statusBar().currentMessage()


def test_the_confirmed_cases_and_a_students_report_are_exported_from_the_app(
    qtbot, settings, small_result, tmp_path: Path
):
    from dataclasses import replace

    win = _window(qtbot, settings, DecisionStore(tmp_path / "d.sqlite"))
    win.set_result(replace(small_result, decisions=None))
    a, b = _flagged(win)[0]
    win.review.decide(a, b, Verdict.CONFIRMED, Reason.OTHER, "same mistakes in §3")
    cases = tmp_path / "cases.html"
    with qtbot.waitSignal(win.reports.exported, timeout=60_000):
        assert win.export_report(cases, kind="confirmed")
    html = cases.read_text(encoding="utf-8")
    docs = win.result.documents
    assert docs[a].name in html and docs[b].name in html and "same mistakes in §3" in html
    other = next(p for p in win.result.pairs if p.flagged and {p.a, p.b} != {a, b})
    assert docs[other.a].name not in html  # only the confirmed pair is a case

    mine = tmp_path / "student.html"
    qtbot.waitUntil(lambda: not win.reports.busy, timeout=10_000)
    with qtbot.waitSignal(win.reports.exported, timeout=60_000):
        assert win.export_report(mine, student=docs[a].path, level="full")
    text = mine.read_text(encoding="utf-8")
    assert docs[a].name in text and docs[b].name not in text  # the other stays anonymous


def test_typing_in_a_filter_never_decides(qtbot, settings, small_result, tmp_path: Path):
    """The single-letter keys are the window's, but a text field keeps its letters."""
    from dataclasses import replace

    win = _window(qtbot, settings, DecisionStore(tmp_path / "d.sqlite"))
    win.set_result(replace(small_result, decisions=None))
    pair = _flagged(win)[0]
    win.open_pair(*pair)
    win.side_by_side.wait_for_evidence()
    for field in (win.pairs_panel.filter_edit, win.students_panel.name_filter):
        field.setFocus()
        QTest.keyClicks(field, "cdunet")
        assert field.text() == "cdunet"
        field.clear()
    assert not win.result.decisions and not win.review.exclusions()
    assert win.review.wait_saved() and len(win.review.store.load()) == 0


def test_j_and_k_walk_the_flagged_pairs_left_to_decide(qtbot, settings, small_class, tmp_path):
    """J opens the strongest flagged pair without a decision, and after a decision the
    next one left; K goes back; once every flagged pair is decided J says so."""
    store = DecisionStore(tmp_path / "decisions.sqlite")
    win = _window(qtbot, settings, store)
    win.set_result(scan([small_class], isolate=False))
    flagged = sorted(
        (p for p in win.result.pairs if p.flagged),
        key=lambda p: (-p.similarity, p.simhash_distance, p.a, p.b),
    )
    assert len(flagged) >= 3
    order = [(p.a, p.b) for p in flagged]
    where = win.pairs_panel.table  # any widget of the window: the shortcut is the window's
    _press(qtbot, where, "j")
    assert win.current_pair == order[0] and win.tabs.currentIndex() == Tab.PAIR.value
    win.side_by_side.wait_for_evidence()
    _press(qtbot, win.side_by_side.next_button, "c")
    _press(qtbot, win.side_by_side.next_button, "j")
    assert win.current_pair == order[1]  # the decided pair is not offered again
    _press(qtbot, win.side_by_side.next_button, "j")
    assert win.current_pair == order[2]
    _press(qtbot, win.side_by_side.next_button, "k")
    assert win.current_pair == order[1]
    for pair in order[1:]:
        win.review.decide(*pair, Verdict.DISMISSED)
    _press(qtbot, win.side_by_side.next_button, "j")
    assert win.current_pair == order[1]  # nothing left: the pair shown stays
    assert win.statusBar().currentMessage() == "Every flagged pair has a decision."
    # typed into a filter, j and k are letters
    win.pairs_panel.filter_edit.setFocus()
    _press(qtbot, win.pairs_panel.filter_edit, "jk")
    assert win.pairs_panel.filter_edit.text() == "jk"


def test_after_j_the_keys_decide_the_pair_opened(qtbot, settings, small_result, tmp_path):
    """J pressed in the Students list opens the next pair to decide and takes the
    keyboard with it: C then confirms the pair shown, not the list's row."""
    from dataclasses import replace

    win = _window(qtbot, settings, DecisionStore(tmp_path / "d.sqlite"))
    win.set_result(replace(small_result, decisions=None))
    table, proxy = win.students_panel.table, win.students_panel.proxy
    qtbot.waitUntil(lambda: proxy.rowCount() > 0, timeout=10_000)
    first = max((p for p in win.result.pairs if p.flagged), key=lambda p: p.similarity)
    row = next(
        r for r in range(proxy.rowCount())
        if set(proxy.index(r, 0).data(Role.DOC_PAIR) or ()) not in ({first.a, first.b}, set())
    )  # fmt: skip
    in_list = tuple(proxy.index(row, 0).data(Role.DOC_PAIR))
    table.setFocus()
    table.setCurrentIndex(proxy.index(row, 0))
    _press(qtbot, table, "j")
    assert win.current_pair == (first.a, first.b)
    win.side_by_side.wait_for_evidence()
    qtbot.waitUntil(lambda: win.side_by_side.isAncestorOf(QApplication.focusWidget()))
    _press(qtbot, QApplication.focusWidget(), "c")
    assert win.review.found(first.a, first.b) is not None
    assert win.review.found(*in_list) is None, "the list's row is not decided"
