"""The Windows Start-menu entry: ``plagcheck.lnk`` in the user's Start menu
(``%APPDATA%\\Microsoft\\Windows\\Start Menu\\Programs``), made by PowerShell through the
``WScript.Shell`` COM object that every Windows since XP has (no extra package).

The script goes to PowerShell as ``-EncodedCommand`` (UTF-16 in Base64), so no path,
however quoted or Chinese, is reinterpreted by the Windows command line.
"""

from __future__ import annotations

import base64
import subprocess
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

from app.shortcut import APP_ID, Place, icon_path

POWERSHELL = "powershell.exe"  # Windows PowerShell 5.1, in every Windows 10 and 11
DESCRIPTION = "Find copied work in a folder of students' submissions"
PS_QUOTES = "'\u2018\u2019\u201a\u201b"  # PowerShell ends a '...' string at any of them


def ps_string(text: str) -> str:
    """``text`` as a PowerShell single-quoted string (each quote mark doubled).

    >>> ps_string("C:\\\\Users\\\\O'Brien")
    "'C:\\\\Users\\\\O''Brien'"
    """
    return "'" + "".join(c * 2 if c in PS_QUOTES else c for c in text) + "'"


def programs_folder(place: Place) -> PureWindowsPath:
    """The user's Start-menu programs folder."""
    appdata = place.env.get("APPDATA") or str(PureWindowsPath(place.home) / "AppData" / "Roaming")
    return PureWindowsPath(appdata) / "Microsoft" / "Windows" / "Start Menu" / "Programs"


def entry_path(place: Place) -> PureWindowsPath:
    return programs_folder(place) / f"{APP_ID}.lnk"


def is_present(place: Place) -> bool:
    """Whether the shortcut is there (any copy's: the installer's too)."""
    return Path(entry_path(place)).is_file()


@dataclass(frozen=True)
class StartMenuShortcut:
    """A ``.lnk`` to write: where, what it starts (with which arguments), its icon."""

    link: PureWindowsPath
    target: str
    arguments: str
    icon: str
    working_folder: str

    def script(self) -> str:
        """The PowerShell that writes the shortcut."""
        return "\n".join(
            [
                "$ErrorActionPreference = 'Stop'",
                "$shell = New-Object -ComObject WScript.Shell",
                f"$link = $shell.CreateShortcut({ps_string(str(self.link))})",
                f"$link.TargetPath = {ps_string(self.target)}",
                f"$link.Arguments = {ps_string(self.arguments)}",
                f"$link.WorkingDirectory = {ps_string(self.working_folder)}",
                f"$link.IconLocation = {ps_string(self.icon + ',0')}",
                f"$link.Description = {ps_string(DESCRIPTION)}",
                "$link.Save()",
            ]
        )

    def command(self) -> list[str]:
        """The program and arguments that run :meth:`script`."""
        encoded = base64.b64encode(self.script().encode("utf-16-le")).decode("ascii")
        return [
            POWERSHELL,
            "-NoProfile",
            "-NonInteractive",
            "-ExecutionPolicy",
            "Bypass",
            "-EncodedCommand",
            encoded,
        ]


def windowed(command: list[str]) -> list[str]:
    """``python.exe -m app`` started by ``pythonw.exe`` (no console window beside it)."""
    first = PureWindowsPath(command[0])
    if first.name.lower() == "python.exe":
        return [str(first.with_name("pythonw.exe")), *command[1:]]
    return command


def shortcut_for(place: Place, command: list[str]) -> StartMenuShortcut:
    """The Start-menu shortcut that runs ``command`` for ``place``'s user."""
    command = windowed(command)
    return StartMenuShortcut(
        link=entry_path(place),
        target=command[0],
        arguments=subprocess.list2cmdline(command[1:]),
        icon=str(icon_path("plagcheck.ico")),
        working_folder=place.env.get("USERPROFILE") or str(place.home),
    )


def install(place: Place, command: list[str]) -> Path:
    """Write the shortcut (replacing an older one) by running PowerShell; returns it."""
    shortcut = shortcut_for(place, command)
    Path(shortcut.link).parent.mkdir(parents=True, exist_ok=True)
    ran = subprocess.run(
        shortcut.command(),
        capture_output=True,
        text=True,
        timeout=60,
        creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
    )
    if ran.returncode != 0:
        raise OSError(f"PowerShell could not write {shortcut.link}: {ran.stderr.strip()}")
    return Path(shortcut.link)


def remove(place: Place) -> list[Path]:
    """Delete the shortcut; returns the files removed."""
    link = Path(entry_path(place))
    if link.is_file():
        link.unlink()
        return [link]
    return []
