"""Settings persist in an INI file: scan thresholds, recent folders, language, layout."""

from __future__ import annotations

from dataclasses import replace

from app.settings import RECENT_LIMIT, AppSettings
from simhash_core.types import ScanSettings


def test_scan_settings_round_trip(tmp_path):
    path = tmp_path / "s.ini"
    first = AppSettings.at_path(path)
    assert first.scan_settings() == ScanSettings()
    changed = replace(
        ScanSettings(), simhash_k=5, flag_similarity=0.3, ngram=7, t2s=False, exclude_quotes=True
    )
    first.set_scan_settings(changed)
    first.sync()
    again = AppSettings.at_path(path).scan_settings()
    assert (again.simhash_k, again.flag_similarity, again.ngram) == (5, 0.3, 7)
    assert again.t2s is False and again.exclude_quotes is True


def test_unreadable_values_fall_back_to_defaults(tmp_path):
    path = tmp_path / "s.ini"
    path.write_text("[scan]\nsimhash_k=banana\nt2s=maybe\n", encoding="utf-8")
    s = AppSettings.at_path(path).scan_settings()
    assert s.simhash_k == ScanSettings().simhash_k and s.t2s == ScanSettings().t2s


def test_recent_folders_are_unique_and_bounded(settings):
    for i in range(RECENT_LIMIT + 3):
        settings.add_recent_folder(f"/class/{i}")
    settings.add_recent_folder("/class/5")
    recent = settings.recent_folders()
    assert recent[0] == "/class/5" and len(recent) == RECENT_LIMIT
    assert len(set(recent)) == len(recent)


def test_window_layout_is_saved_on_close(qtbot, tmp_path):
    from app.main_window import MainWindow

    settings = AppSettings.at_path(tmp_path / "s.ini")
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.show()
    win.resize(700, 500)
    saved_size = win.size()
    win.close()
    again = AppSettings.at_path(tmp_path / "s.ini")
    assert again.window_geometry() is not None and again.window_state() is not None
    restored = MainWindow(again)
    qtbot.addWidget(restored)
    assert restored.size() == saved_size
