"""What an installed plagcheck adds to the desktop: the menu entry (``--install-shortcut``),
the window's icon, the version in Help → About, the error log, "Open the sample class"."""

from __future__ import annotations

import base64
import os
import plistlib
import shutil
import subprocess
import sys
from pathlib import Path, PureWindowsPath

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app import error_log
from app.__main__ import main
from app.application import window_icon
from app.i18n import ENGLISH, LanguageManager
from app.main_window import MainWindow
from app.settings import AppSettings
from app.shortcut import Place, System, launch_command, linux, macos, windows
from simhash_core.sample_class import sample_class
from simhash_core.version import version

VALIDATE = shutil.which("desktop-file-validate")


@pytest.mark.skipif(VALIDATE is None, reason="desktop-file-validate missing: .ci/system-deps.sh")
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux menu entry")
def test_the_menu_entry_is_valid_and_goes_again(tmp_path: Path) -> None:
    place = Place(tmp_path, {"XDG_DATA_HOME": str(tmp_path / "data")})
    desktop = linux.install(place, ["/opt/plag check/plagcheck-gui"])
    shortcut = linux.Shortcut(tmp_path / "data")
    assert desktop == shortcut.desktop_file
    entry = desktop.read_text("utf-8")
    assert 'Exec="/opt/plag check/plagcheck-gui" %F' in entry
    assert "Icon=plagcheck" in entry
    checked = subprocess.run(
        [str(VALIDATE), str(shortcut.desktop_file)], capture_output=True, text=True
    )
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    for size in ("scalable", "256x256"):
        assert shortcut.icon_file(size).stat().st_size > 1000
    removed = linux.remove(place)
    assert len(removed) == 3 and not shortcut.desktop_file.exists()
    assert linux.remove(place) == []


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


# --- Windows and macOS, their code run here with the system's places faked -------------


def test_the_windows_start_menu_shortcut_is_written_by_powershell() -> None:
    """The .lnk's place in the user's Start menu, and the PowerShell that writes it:
    a Chinese user name and a quote mark in a path survive, python.exe becomes pythonw.exe."""
    place = Place(
        Path("/unused"),
        {"APPDATA": r"C:\Users\王老师\AppData\Roaming", "USERPROFILE": r"C:\Users\王老师"},
    )
    command = [r"C:\Users\王老师\O'Neil tools\python.exe", "-m", "app"]
    shortcut = windows.shortcut_for(place, command)
    link = r"C:\Users\王老师\AppData\Roaming\Microsoft\Windows\Start Menu\Programs\plagcheck.lnk"
    assert str(shortcut.link) == link
    program = shortcut.command()
    assert program[:-1] == [
        "powershell.exe",
        "-NoProfile",
        "-NonInteractive",
        "-ExecutionPolicy",
        "Bypass",
        "-EncodedCommand",
    ]
    script = base64.b64decode(program[-1]).decode("utf-16-le")
    assert script == shortcut.script()
    lines = script.splitlines()
    assert "$shell = New-Object -ComObject WScript.Shell" in lines
    assert f"$link = $shell.CreateShortcut('{link}')" in lines
    assert r"$link.TargetPath = 'C:\Users\王老师\O''Neil tools\pythonw.exe'" in lines
    assert "$link.Arguments = '-m app'" in lines
    assert r"$link.WorkingDirectory = 'C:\Users\王老师'" in lines
    icon = next(x for x in lines if x.startswith("$link.IconLocation"))
    assert icon.endswith("plagcheck.ico,0'")
    assert lines[-1] == "$link.Save()"
    assert windows.icon_path("plagcheck.ico").read_bytes()[:4] == b"\0\0\1\0"  # an ICO


def test_the_windows_shortcut_of_the_bundle_and_without_appdata() -> None:
    place = Place(Path("/unused"), {})
    bundle = launch_command(
        System.WINDOWS, PureWindowsPath(r"D:\plagcheck\plagcheck-gui.exe"), frozen=True
    )
    shortcut = windows.shortcut_for(place, bundle)
    assert (shortcut.target, shortcut.arguments) == (r"D:\plagcheck\plagcheck-gui.exe", "")
    assert shortcut.link.parts[-4:] == ("Windows", "Start Menu", "Programs", "plagcheck.lnk")
    assert windows.ps_string("‘it’s’") == "'‘‘it’’s’’'"  # PowerShell's other quote marks


def test_the_macos_launcher_app_starts_this_plagcheck(tmp_path: Path) -> None:
    """From a wheel: ~/Applications/plagcheck.app with its Info.plist, icon and a launcher
    script that really starts plagcheck (run here: a POSIX shell script)."""
    place = Place(tmp_path)
    app = macos.install(place, [sys.executable, "-m", "app"])
    assert app == tmp_path / "Applications" / "plagcheck.app"
    with (app / "Contents" / "Info.plist").open("rb") as source:
        info = plistlib.load(source)
    assert info["CFBundleExecutable"] == "plagcheck" and info["CFBundlePackageType"] == "APPL"
    assert info["CFBundleShortVersionString"] == version()
    icon = app / "Contents" / "Resources" / info["CFBundleIconFile"]
    assert icon.read_bytes()[:4] == b"icns"
    launcher = app / "Contents" / "MacOS" / "plagcheck"
    shown = subprocess.run(
        [str(launcher), "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    assert shown.stdout.strip() == f"plagcheck {version()}", shown.stderr
    assert macos.install(place, [sys.executable, "-m", "app"]) == app  # replaced
    assert macos.remove(place) == [app] and not app.exists()


def test_the_macos_bundle_is_linked_and_another_app_is_left_alone(tmp_path: Path) -> None:
    place = Place(tmp_path / "home")
    bundle = tmp_path / "Volumes" / "plagcheck" / "plagcheck.app"
    (bundle / "Contents" / "MacOS").mkdir(parents=True)
    program = bundle / "Contents" / "MacOS" / "plagcheck-gui"
    entry = macos.install(place, launch_command(System.MACOS, program, frozen=True))
    assert entry.is_symlink() and entry.resolve() == bundle.resolve()
    assert macos.remove(place) == [entry] and bundle.is_dir()
    other = macos.entry_path(place) / "Contents"
    other.mkdir(parents=True)
    with (other / "Info.plist").open("wb") as out:
        plistlib.dump({"CFBundleIdentifier": "com.example.plagcheck"}, out)
    with pytest.raises(OSError, match="another program's"):
        macos.install(place, [str(program)])
    assert macos.remove(place) == [] and other.is_dir()


# --- the first run's offer -------------------------------------------------------------


def installed_package(tmp_path: Path) -> Path:
    """An ``app`` package folder as an install has it (no pyproject.toml beside it)."""
    package = tmp_path / "site-packages" / "app"
    package.mkdir(parents=True, exist_ok=True)
    return package


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux menu")
def test_the_first_run_offers_the_menu_entry_in_a_bar_and_adds_it(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    window.show()
    assert not window.offer_menu_entry(Path(__file__).resolve().parents[2] / "app")  # make run
    assert not window.menu_entry_bar.isVisible()
    assert window.offer_menu_entry(installed_package(tmp_path))
    bar = window.menu_entry_bar
    assert bar.isVisible() and QApplication.activeModalWidget() is None  # no dialog
    assert bar.add_button.text() == "Add to the menu"
    qtbot.mouseClick(bar.add_button, Qt.MouseButton.LeftButton)
    desktop = tmp_path / "data" / "applications" / "plagcheck.desktop"
    assert desktop.is_file() and not bar.isVisible()
    assert str(desktop) in window.statusBar().currentMessage()
    assert not window.offer_menu_entry(installed_package(tmp_path))  # it is there now


def test_no_thanks_is_remembered(
    qtbot, settings, decision_store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    languages = LanguageManager()
    languages.apply(ENGLISH)
    first = MainWindow(settings, languages, persist=False, decisions=decision_store)
    qtbot.addWidget(first)
    first.show()
    assert first.offer_menu_entry(installed_package(tmp_path))
    qtbot.mouseClick(first.menu_entry_bar.decline_button, Qt.MouseButton.LeftButton)
    assert not first.menu_entry_bar.isVisible()
    assert "Help → Add plagcheck" in first.statusBar().currentMessage()
    settings.sync()
    again = MainWindow(
        AppSettings.at_path(settings.qsettings.fileName()),
        languages,
        persist=False,
        decisions=decision_store,
    )
    qtbot.addWidget(again)
    assert not again.offer_menu_entry(installed_package(tmp_path))
    assert not list(tmp_path.rglob("plagcheck.desktop"))  # nothing written


def test_help_adds_the_entry_at_any_time(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert window.menu_entry_action in window.help_menu.actions()
    assert window.menu_entry_action.text() == "Add plagcheck to the applications &menu"
    if not sys.platform.startswith("linux"):
        pytest.skip("writes the Linux entry")
    window.menu_entry_action.trigger()
    assert (tmp_path / "data" / "applications" / "plagcheck.desktop").is_file()


def test_the_macos_app_dragged_into_applications_counts_as_the_entry(tmp_path: Path) -> None:
    """From the disk image the teacher drags plagcheck.app into /Applications: it is in
    Launchpad, so no offer and no link beside it."""
    place = Place(tmp_path / "home")
    applications = tmp_path / "Applications"
    assert not macos.is_present(place, applications)
    program = applications / "plagcheck.app" / "Contents" / "MacOS" / "plagcheck-gui"
    program.parent.mkdir(parents=True)
    assert macos.is_present(place, applications)
    assert macos.install(place, [str(program)]) == applications / "plagcheck.app"
    assert not macos.entry_path(place).exists()
