"""The Linux menu entry: a freedesktop ``.desktop`` file and the icon under
``$XDG_DATA_HOME`` (``~/.local/share``), for this user only."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from app.shortcut import APP_ID, Place, icon_path

ICON_SIZES = {"scalable": "plagcheck.svg", "256x256": "plagcheck.png"}
COMMENT = "Find copied work in a folder of students' submissions"


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


def data_home(place: Place) -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share``."""
    return Path(place.env.get("XDG_DATA_HOME") or place.home / ".local" / "share")


def entry_path(place: Place) -> Path:
    return Shortcut(data_home(place)).desktop_file


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


def desktop_entry(command: list[str], comment: str = COMMENT) -> str:
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


def is_present(place: Place) -> bool:
    """Whether the entry is there (any copy's)."""
    return Path(entry_path(place)).is_file()


def install(place: Place, command: list[str]) -> Path:
    """Write the menu entry and its icons (replacing an older one); returns the entry."""
    shortcut = Shortcut(data_home(place))
    for size, name in ICON_SIZES.items():
        target = shortcut.icon_file(size)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(icon_path(name), target)
    shortcut.desktop_file.parent.mkdir(parents=True, exist_ok=True)
    shortcut.desktop_file.write_text(desktop_entry(command), encoding="utf-8")
    return shortcut.desktop_file


def remove(place: Place) -> list[Path]:
    """Delete the menu entry and its icons; returns the files removed."""
    shortcut = Shortcut(data_home(place))
    removed = []
    for path in (shortcut.desktop_file, *(shortcut.icon_file(s) for s in ICON_SIZES)):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
