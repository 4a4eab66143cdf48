"""``plagcheck-gui --install-shortcut`` / ``--remove-shortcut``: plagcheck in the Linux
desktop's menu (a freedesktop ``.desktop`` entry and the icon, for this user only).

The Windows Start menu and the macOS Applications folder are not written here: on those
systems the bundle's installer puts them there (``docs/bundle.md``).
"""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

APP_ID = "plagcheck"
ICON_SIZES = {"scalable": "plagcheck.svg", "256x256": "plagcheck.png"}


@dataclass(frozen=True)
class Shortcut:
    """The files of the menu entry under one data folder (``~/.local/share``)."""

    data_home: Path

    @property
    def desktop_file(self) -> Path:
        return self.data_home / "applications" / f"{APP_ID}.desktop"

    def icon_file(self, size: str) -> Path:
        suffix = Path(ICON_SIZES[size]).suffix
        return self.data_home / "icons" / "hicolor" / size / "apps" / f"{APP_ID}{suffix}"


def data_home() -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share``."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def icon_path(name: str = "plagcheck.svg") -> Path:
    """The app's icon inside the package (the window's icon too)."""
    return Path(str(files("app") / "icons" / name))


def launch_command() -> list[str]:
    """How the menu starts this copy of plagcheck: the bundle's executable, the
    ``plagcheck-gui`` script beside this Python, or ``python -m app``."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sys.executable).with_name("plagcheck-gui")
    if script.is_file():
        return [str(script)]
    found = shutil.which("plagcheck-gui")
    return [found] if found else [sys.executable, "-m", "app"]


def exec_argument(part: str) -> str:
    """One argument of an ``Exec`` line, double-quoted where the Desktop Entry spec asks
    (spaces and reserved characters; ``"``, `````, ``$`` and ``\\`` escaped inside).

    >>> exec_argument("/usr/bin/plagcheck-gui"), exec_argument("/opt/my apps/plagcheck")
    ('/usr/bin/plagcheck-gui', '"/opt/my apps/plagcheck"')
    """
    part = part.replace("%", "%%")  # a field code otherwise
    if not any(c in part for c in " \t\n\"'\\><~|&;$*?#()`"):
        return part
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in part)
    return f'"{escaped}"'


def desktop_entry(command: list[str], comment: str) -> str:
    """The ``.desktop`` file's text (freedesktop Desktop Entry)."""
    exec_line = " ".join(exec_argument(part) for part in command)
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.0\n"
        "Name=plagcheck\n"
        "GenericName=Plagiarism checker\n"
        "GenericName[zh_CN]=查重工具\n"
        f"Comment={comment}\n"
        f"Exec={exec_line} %F\n"
        f"Icon={APP_ID}\n"
        "Terminal=false\n"
        "Categories=Education;\n"
        "Keywords=plagiarism;copying;essays;查重;抄袭;\n"
        "MimeType=inode/directory;application/zip;\n"
        "StartupWMClass=plagcheck\n"
    )


def install_shortcut(home: Path | None = None, command: list[str] | None = None) -> Shortcut:
    """Write the menu entry and its icons (replacing an older one); returns where."""
    if not sys.platform.startswith("linux"):
        raise OSError("a menu entry is written on Linux only: see docs/bundle.md")
    shortcut = Shortcut(home or data_home())
    for size, name in ICON_SIZES.items():
        target = shortcut.icon_file(size)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(icon_path(name), target)
    shortcut.desktop_file.parent.mkdir(parents=True, exist_ok=True)
    text = desktop_entry(
        command or launch_command(), "Find copied work in a folder of students' submissions"
    )
    shortcut.desktop_file.write_text(text, encoding="utf-8")
    return shortcut


def remove_shortcut(home: Path | None = None) -> list[Path]:
    """Delete the menu entry and its icons; returns the files removed."""
    shortcut = Shortcut(home or data_home())
    removed = []
    for path in (shortcut.desktop_file, *(shortcut.icon_file(s) for s in ICON_SIZES)):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
