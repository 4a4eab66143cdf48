"""``plagcheck-gui --install-shortcut`` / ``--remove-shortcut`` and the first-run offer:
plagcheck in the desktop's menu, for this user only.

- Linux: a freedesktop ``.desktop`` entry and the icon (:mod:`app.shortcut.linux`);
- Windows: a Start-menu shortcut (``.lnk``) made by PowerShell (:mod:`app.shortcut.windows`);
- macOS: ``~/Applications/plagcheck.app`` (:mod:`app.shortcut.macos`).

Each system's code takes a :class:`Place` (home folder and environment) and the command
that starts this copy of plagcheck, so its paths and commands can be checked on any
system (``tests/app/test_install.py``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from importlib.resources import files
from pathlib import Path, PurePath
from types import ModuleType

APP_ID = "plagcheck"
APP_PACKAGE = Path(__file__).resolve().parents[1]  # the installed (or checked-out) app/


class System(Enum):
    """The desktops plagcheck puts a menu entry on."""

    LINUX = "linux"
    WINDOWS = "windows"
    MACOS = "macos"


def this_system(platform: str = sys.platform) -> System:
    """The running system (BSDs and others are treated as Linux: freedesktop menus).

    >>> this_system("win32"), this_system("darwin"), this_system("linux")
    (<System.WINDOWS: 'windows'>, <System.MACOS: 'macos'>, <System.LINUX: 'linux'>)
    """
    if platform == "win32":
        return System.WINDOWS
    if platform == "darwin":
        return System.MACOS
    return System.LINUX


@dataclass(frozen=True)
class Place:
    """Whose menu: the home folder and the environment variables that move it."""

    home: Path
    env: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def here(cls) -> Place:
        return cls(Path.home(), dict(os.environ))


def icon_path(name: str = "plagcheck.svg") -> Path:
    """The app's icon inside the package (the window's icon too; ``.ico`` for Windows'
    shortcut, ``.icns`` for the macOS launcher)."""
    return Path(str(files("app") / "icons" / name))


def launch_command(
    system: System | None = None,
    executable: PurePath | None = None,
    frozen: bool | None = None,
) -> list[str]:
    """How the menu starts this copy of plagcheck: the bundle's executable, the
    ``plagcheck-gui`` script beside this Python (``Scripts\\plagcheck-gui.exe`` on
    Windows), or ``python -m app``.

    >>> from pathlib import PureWindowsPath as W
    >>> launch_command(System.WINDOWS, W(r"C:\\plagcheck\\plagcheck-gui.exe"), frozen=True)
    ['C:\\\\plagcheck\\\\plagcheck-gui.exe']
    """
    system = system or this_system()
    executable = executable or Path(sys.executable)
    frozen = getattr(sys, "frozen", False) if frozen is None else frozen
    if frozen:
        return [str(executable)]
    script = executable.with_name(
        "plagcheck-gui.exe" if system is System.WINDOWS else "plagcheck-gui"
    )
    if isinstance(script, Path) and script.is_file():
        return [str(script)]
    return [str(executable), "-m", "app"]


def _module(system: System) -> ModuleType:  # the one place that picks a system's code
    if system is System.WINDOWS:
        from app.shortcut import windows as module
    elif system is System.MACOS:
        from app.shortcut import macos as module
    else:
        from app.shortcut import linux as module
    return module


def entry_path(system: System | None = None, place: Place | None = None) -> PurePath:
    """Where the menu entry of ``system`` is (or would be) for ``place``."""
    system = system or this_system()
    return _module(system).entry_path(place or Place.here())


def has_shortcut(place: Place | None = None) -> bool:
    """Whether this system's menu has plagcheck's entry (any copy's)."""
    return bool(_module(this_system()).is_present(place or Place.here()))


def install_shortcut(place: Place | None = None, command: list[str] | None = None) -> Path:
    """Put plagcheck in this system's menu (replacing an older entry); returns the entry."""
    system = this_system()
    return _module(system).install(place or Place.here(), command or launch_command(system))


def remove_shortcut(place: Place | None = None) -> list[Path]:
    """Take plagcheck out of this system's menu; returns the files removed."""
    return _module(this_system()).remove(place or Place.here())


def running_from_source(package_dir: Path = APP_PACKAGE) -> bool:
    """A developer's checkout (``make run``, an editable install): the repository's
    ``pyproject.toml`` beside the ``app`` package; never the bundle."""
    return not getattr(sys, "frozen", False) and (package_dir.parent / "pyproject.toml").is_file()


def offer_wanted(
    declined: bool,
    place: Place | None = None,
    package_dir: Path = APP_PACKAGE,
) -> bool:
    """Whether the first-run offer is shown: an installed copy (wheel or bundle), no
    entry in the menu yet, and the teacher has not said No, thanks."""
    return not declined and not running_from_source(package_dir) and not has_shortcut(place)
