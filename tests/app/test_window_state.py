"""What the window's actions and dialogs keep: Cancel scan only while a scan runs,
exports offered beside the class, and every setting the Settings dialog edits reaching
the settings file and the next scan."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QFileDialog, QSpinBox

from app.settings import AppSettings
from app.views.settings_dialog import SettingsDialog
from simhash_core.types import ScanSettings

SCAN_TIMEOUT_MS = 120_000


def test_cancel_scan_is_enabled_only_while_a_scan_runs(qtbot, window, small_class):
    assert not window.cancel_action.isEnabled()
    with qtbot.waitSignal(window.scanStarted):
        window.scan_paths([small_class])
    assert window.cancel_action.isEnabled()
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS):
        pass
    qtbot.waitUntil(lambda: not window.scanner.running, timeout=10_000)
    qtbot.wait(20)  # the thread's end is queued to the GUI thread
    assert not window.cancel_action.isEnabled()


def test_exports_are_offered_beside_the_class(qtbot, window, small_result, monkeypatch, tmp_path):
    (tmp_path / "term1" / "7B").mkdir(parents=True)
    window.paths = [tmp_path / "term1" / "7B"]
    window.set_result(small_result)
    offered: list[str] = []

    def answer(parent, caption, start, *rest, **kw):
        offered.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    window.choose_export_path()
    window.choose_report_path(pair=False)
    assert offered == [
        str(tmp_path.resolve() / "term1" / "7B-plagcheck-pairs.csv"),
        str(tmp_path.resolve() / "term1" / "7B-plagcheck-report.html"),
    ]


def change_every_editor(dialog: SettingsDialog) -> None:
    """Move every number and switch of the dialog's scan settings off its value."""
    for box in dialog.findChildren(QSpinBox) + dialog.findChildren(QDoubleSpinBox):
        box.setValue(box.maximum() if box.value() != box.maximum() else box.minimum())
    for check in dialog.findChildren(QCheckBox):
        if check is not dialog.compare_archive:
            check.setChecked(not check.isChecked())


def test_every_setting_the_dialog_edits_is_saved_and_used_by_the_next_scan(
    qtbot, tmp_path, small_class
):
    """dialog -> settings file -> a new session's window -> its next scan's settings."""
    from app.main_window import MainWindow

    path = tmp_path / "settings.ini"
    first = MainWindow(AppSettings.at_path(path))
    qtbot.addWidget(first)
    chosen: list[ScanSettings] = []

    def edit_and_accept() -> None:
        dialog = next(w for w in first.findChildren(SettingsDialog) if w.isVisible())
        change_every_editor(dialog)
        chosen.append(dialog.settings())
        dialog.accept()

    QTimer.singleShot(0, edit_and_accept)
    first.edit_settings()
    assert chosen, "the dialog was shown and accepted"
    edited = {f.name for f in fields(ScanSettings)} - {
        f.name
        for f in fields(ScanSettings)
        if getattr(chosen[0], f.name) == getattr(ScanSettings(), f.name)
    }
    assert "flag_passage_words" in edited and len(edited) >= 10
    first.close()

    again = MainWindow(AppSettings.at_path(path))
    qtbot.addWidget(again)
    with qtbot.waitSignal(again.scanStarted) as started:
        again.scan_paths([small_class])
    used = started.args[0].settings
    for name in sorted(edited):
        assert getattr(used, name) == getattr(chosen[0], name), name
    again.scanner.cancel()
    again.scanner.wait(30_000)


def test_the_first_window_fits_the_screen():
    from PySide6.QtCore import QRect

    from app.main_window import DEFAULT_SIZE, fitted_geometry

    for free in (QRect(0, 0, 1280, 720), QRect(0, 0, 640, 360), QRect(1920, 24, 1366, 744)):
        placed = fitted_geometry(free)
        assert free.contains(placed), (free, placed)
        assert placed.center() == free.center()
    assert fitted_geometry(QRect(0, 0, 2560, 1440)).size() == DEFAULT_SIZE


def test_long_chinese_names_never_widen_the_window(qtbot, tmp_path):
    """Long file names are elided in every view: the window fits a 1280×720 screen at
    scale 2 (640×360), whichever tab is shown, and sits on its own screen."""
    import shutil

    from app.main_window import MainWindow, Tab
    from simhash_core.scan import scan
    from tests.app.conftest import SMALL_CLASS, SUBMISSIONS

    folder = tmp_path / "七年级二班语文作文期末考试提交材料汇总"
    folder.mkdir()
    for k, name in enumerate(SMALL_CLASS):
        long_name = f"张三丰同学的关于我的家乡与传统文化的期末考试作文最终修改版本第{k}稿"
        shutil.copy2(SUBMISSIONS / name, folder / (long_name + Path(name).suffix))
    result = scan([folder], isolate=False)
    win = MainWindow(AppSettings.at_path(tmp_path / "s.ini"), persist=False)
    qtbot.addWidget(win)
    win.paths = [folder]
    win.templates = [folder / "一个很长很长的模板文件名称用于测试窗口宽度是否会被撑开.txt"]
    win.set_result(result)
    win.show()
    free = win.screen().availableGeometry()
    assert free.contains(win.frameGeometry())
    flagged = next(p for p in result.pairs if p.flagged)
    for tab in Tab:
        win.open_pair(flagged.a, flagged.b, tab)
        win.side_by_side.wait_for_evidence()
        qtbot.wait(10)
        least = win.minimumSizeHint()
        assert least.width() <= 640 and least.height() <= 360, (tab, least)
    assert win.side_by_side.title_a.is_elided()
    assert "张三丰" in win.side_by_side.title_a.text()  # the full name, for its tooltip
