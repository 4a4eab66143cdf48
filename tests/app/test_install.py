"""What an installed plagcheck adds to the desktop: the menu entry (``--install-shortcut``),
the window's icon, the version in Help → About, the error log, "Open the sample class"."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app import error_log
from app.__main__ import main
from app.application import window_icon
from app.main_window import MainWindow
from app.shortcut import install_shortcut, remove_shortcut
from simhash_core.sample_class import sample_class
from simhash_core.version import version

VALIDATE = shutil.which("desktop-file-validate")


@pytest.mark.skipif(
    VALIDATE is None, reason="desktop-file-validate missing: .ci/system-deps.sh"
)
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux menu entry")
def test_the_menu_entry_is_valid_and_goes_again(tmp_path: Path) -> None:
    shortcut = install_shortcut(tmp_path, ["/opt/plag check/plagcheck-gui"])
    entry = shortcut.desktop_file.read_text("utf-8")
    assert 'Exec="/opt/plag check/plagcheck-gui" %F' in entry
    assert "Icon=plagcheck" in entry
    checked = subprocess.run(
        [str(VALIDATE), str(shortcut.desktop_file)], capture_output=True, text=True
    )
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    for size in ("scalable", "256x256"):
        assert shortcut.icon_file(size).stat().st_size > 1000
    removed = remove_shortcut(tmp_path)
    assert len(removed) == 3 and not shortcut.desktop_file.exists()
    assert remove_shortcut(tmp_path) == []


def test_install_shortcut_on_the_command_line_uses_this_python(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["--install-shortcut"]) == 0
    desktop = tmp_path / "applications" / "plagcheck.desktop"
    assert f"menu entry: {desktop}" in capsys.readouterr().out
    exec_line = next(x for x in desktop.read_text("utf-8").splitlines() if x.startswith("Exec="))
    program = exec_line.removeprefix("Exec=").rsplit(" ", 1)[0].strip('"')
    assert Path(program).is_file() and os.access(program, os.X_OK)
    assert main(["--remove-shortcut"]) == 0
    assert not desktop.exists()


def test_the_window_has_the_icon_and_about_says_the_version(window: MainWindow) -> None:
    icon = window_icon()
    assert not icon.isNull() and icon.availableSizes()[0].width() >= 256
    assert version()[0].isdigit()
    assert window.about_text().startswith(f"plagcheck {version()}")


def test_open_the_sample_class_scans_the_shipped_essays(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.scanFinished, timeout=120_000) as finished:
        window.sample_action.trigger()
    result = finished.args[0]
    sample = sample_class()
    assert window.templates == [sample.template]
    assert len(result.documents) == len(list(sample.submissions.iterdir()))
    assert sum(p.flagged for p in result.pairs) == len(sample.copies)


def test_an_uncaught_error_is_logged_with_the_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLAGCHECK_LOG_DIR", str(tmp_path))
    try:
        raise ValueError("a broken cell")
    except ValueError as exc:
        path = error_log.record(type(exc), exc, exc.__traceback__)
    text = path.read_text("utf-8")
    assert path == tmp_path / "errors.log"
    assert f"plagcheck {version()}" in text and "ValueError: a broken cell" in text
    assert "test_an_uncaught_error_is_logged_with_the_version" in text  # the traceback


def test_the_error_log_catches_what_nobody_caught(tmp_path: Path) -> None:
    """In a real process: an error raised in a Qt slot lands in the log, and the
    GUI program keeps its exit code."""
    script = (
        "import sys\n"
        "from app import error_log\n"
        "error_log.install()\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "def boom():\n"
        "    raise RuntimeError('from a slot')\n"
        "QTimer.singleShot(0, boom)\n"
        "QTimer.singleShot(100, app.quit)\n"
        "sys.exit(app.exec())\n"
    )
    env = {**os.environ, "PLAGCHECK_LOG_DIR": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, "-c", script], env=env, timeout=60, capture_output=True)
    text = (tmp_path / "errors.log").read_text("utf-8")
    assert "RuntimeError: from a slot" in text
