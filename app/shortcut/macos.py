"""The macOS entry: ``~/Applications/plagcheck.app``, which Launchpad, Spotlight and the
Finder's Applications show.

The bundle (``plagcheck.app`` from ``packaging/macos/build.sh``) is linked there as it is;
an install from the wheel gets a small launcher app: an ``Info.plist``, the icon, and a
shell script that starts this copy's ``plagcheck-gui``.
"""

from __future__ import annotations

import plistlib
import shlex
import shutil
from pathlib import Path, PurePath

from app.shortcut import APP_ID, Place, icon_path

LAUNCHER_ID = "org.plagcheck.launcher"  # a launcher this module wrote (and may delete)
SYSTEM_APPLICATIONS = Path("/Applications")  # where the disk image's app is dragged


def entry_path(place: Place) -> Path:
    return place.home / "Applications" / f"{APP_ID}.app"


def is_present(place: Place, applications: Path = SYSTEM_APPLICATIONS) -> bool:
    """plagcheck in ``~/Applications`` or in ``/Applications`` (dragged there from the
    disk image): either is in Launchpad already."""
    return any(
        path.exists() or path.is_symlink()
        for path in (entry_path(place), applications / f"{APP_ID}.app")
    )


def enclosing_app(program: PurePath) -> PurePath | None:
    """The ``.app`` a program runs from (``X.app/Contents/MacOS/program``), if any.

    >>> enclosing_app(PurePath("/Volumes/p/plagcheck.app/Contents/MacOS/plagcheck-gui"))
    PurePosixPath('/Volumes/p/plagcheck.app')
    """
    parents = program.parents
    if len(parents) > 2 and parents[0].name == "MacOS" and parents[2].suffix == ".app":
        return parents[2]
    return None


def info_plist(version: str) -> dict[str, object]:
    """The launcher's ``Contents/Info.plist``."""
    return {
        "CFBundleName": APP_ID,
        "CFBundleDisplayName": APP_ID,
        "CFBundleIdentifier": LAUNCHER_ID,
        "CFBundleExecutable": APP_ID,
        "CFBundleIconFile": f"{APP_ID}.icns",
        "CFBundlePackageType": "APPL",
        "CFBundleShortVersionString": version,
        "NSHighResolutionCapable": True,
    }


def launcher_script(command: list[str]) -> str:
    """``Contents/MacOS/plagcheck``: starts ``command`` with the files dropped on it."""
    return "#!/bin/sh\nexec " + " ".join(shlex.quote(part) for part in command) + ' "$@"\n'


def write_launcher(app: Path, command: list[str]) -> None:
    from simhash_core.version import version

    contents = app / "Contents"
    (contents / "MacOS").mkdir(parents=True, exist_ok=True)
    (contents / "Resources").mkdir(exist_ok=True)
    with (contents / "Info.plist").open("wb") as out:
        plistlib.dump(info_plist(version()), out)
    script = contents / "MacOS" / APP_ID
    script.write_text(launcher_script(command), encoding="utf-8")
    script.chmod(0o755)
    shutil.copyfile(icon_path("plagcheck.icns"), contents / "Resources" / f"{APP_ID}.icns")


def is_ours(app: Path) -> bool:
    """A link, or a launcher this module wrote (never another program's app)."""
    if app.is_symlink():
        return True
    try:
        with (app / "Contents" / "Info.plist").open("rb") as source:
            return plistlib.load(source).get("CFBundleIdentifier") == LAUNCHER_ID
    except (OSError, plistlib.InvalidFileException):
        return False


def install(place: Place, command: list[str]) -> Path:
    """Link the bundle's ``.app`` into ``~/Applications``, or write the launcher there
    (replacing an older entry of plagcheck's); returns the entry."""
    entry = entry_path(place)
    bundle = enclosing_app(PurePath(command[0])) if len(command) == 1 else None
    if bundle is not None and Path(bundle).parent.name == "Applications":
        return Path(bundle)  # dragged into an Applications folder: there already
    if entry.exists() or entry.is_symlink():
        if not is_ours(entry):
            raise OSError(f"{entry} is another program's: not replaced")
        remove(place)
    entry.parent.mkdir(parents=True, exist_ok=True)
    if bundle is not None:
        entry.symlink_to(bundle, target_is_directory=True)
    else:
        write_launcher(entry, command)
    return entry


def remove(place: Place) -> list[Path]:
    """Take plagcheck's entry out of ``~/Applications``; returns what was removed."""
    entry = entry_path(place)
    if entry.is_symlink():
        entry.unlink()
        return [entry]
    if entry.is_dir() and is_ours(entry):
        shutil.rmtree(entry)
        return [entry]
    return []
