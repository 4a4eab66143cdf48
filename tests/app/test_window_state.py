"""What the window's actions and dialogs keep: Cancel scan only while a scan runs,
exports offered beside the class, and every setting the Settings dialog edits reaching
the settings file and the next scan."""

from __future__ import annotations

from dataclasses import fields

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


def test_exports_are_offered_beside_the_class(
    qtbot, window, small_result, monkeypatch, tmp_path
):
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
        f.name for f in fields(ScanSettings) if getattr(chosen[0], f.name) == getattr(
            ScanSettings(), f.name
        )
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
