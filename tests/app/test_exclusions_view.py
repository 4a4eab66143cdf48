"""Exclusions in the window: the pasted prompt treated as the assignment text by
keyboard (T), a source left out from a context menu; every view is judged again, the
pair view says what was left out and by whom, and the next scan of the class keeps it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.i18n import ENGLISH, LanguageManager
from app.main_window import MainWindow
from simhash_core.review.store import DecisionStore
from tests.core.test_exclusions import PASTED, SETTINGS, _class


def _window(qtbot, settings, store: DecisionStore) -> MainWindow:
    settings.set_scan_settings(SETTINGS)  # the prompt counts until the teacher says
    languages = LanguageManager()
    languages.apply(ENGLISH)
    win = MainWindow(settings, languages, decisions=store, persist=False, isolate=False)
    qtbot.addWidget(win)
    win.show()
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    return win


def _flagged_names(win: MainWindow) -> set[tuple[str, str]]:
    docs = win.result.documents
    return {(docs[p.a].path, docs[p.b].path) for p in win.result.pairs if p.flagged}


def _scan(qtbot, win: MainWindow, folder: Path) -> None:
    with qtbot.waitSignal(win.scanner.finished, timeout=120_000):
        win.scan_paths([folder])
    qtbot.waitUntil(lambda: win.result is not None, timeout=10_000)


def test_the_pasted_prompt_is_taken_out_by_keyboard_and_stays_out(qtbot, settings, tmp_path):
    folder = _class(tmp_path / "class")
    store = DecisionStore(tmp_path / "decisions.sqlite")
    win = _window(qtbot, settings, store)
    _scan(qtbot, win, folder)
    before = _flagged_names(win)
    prompt_pairs = {
        (f"s{i:02d}.txt", f"s{j:02d}.txt") for i in range(PASTED) for j in range(i + 1, PASTED)
    } - {("s00.txt", "s01.txt")}  # s01 also copied s00's own essay
    assert prompt_pairs <= before  # the prompt flags every pair of those who pasted it

    # open a pair that shares only the prompt; its first passage is the prompt: T
    docs = {d.path: i for i, d in enumerate(win.result.documents)}
    win.open_pair(docs["s02.txt"], docs["s03.txt"])
    win.side_by_side.wait_for_evidence()
    win.side_by_side.next_button.setFocus()
    QTest.keyClicks(win.side_by_side.next_button, "t")
    assert win.review.wait_judged()
    qtbot.waitUntil(lambda: not (prompt_pairs & _flagged_names(win)), timeout=10_000)
    after = _flagged_names(win)
    assert ("s00.txt", "s01.txt") in after  # the real copy stays flagged
    assert win.current_pair == (docs["s02.txt"], docs["s03.txt"])  # the pair stays shown
    said = win.side_by_side.excluded_label.text()
    assert "as the assignment text" in said and "(by " in said
    assert win.side_by_side.excluded_label.isVisible()

    # a source left out from the pairs table's context menu
    pair = next(p for p in win.result.pairs if p.flagged)
    kept = win.result.documents[pair.a].path
    win.review_actions.exclude_source(pair.a)
    assert win.review.wait_judged()
    qtbot.waitUntil(lambda: all(kept not in names for names in _flagged_names(win)), timeout=10_000)
    win.close()

    # the next scan of the class (another window) leaves out the same
    again = _window(qtbot, settings, store)
    _scan(qtbot, again, folder)
    assert _flagged_names(again) == _flagged_names(win)
    assert not (prompt_pairs & _flagged_names(again))
