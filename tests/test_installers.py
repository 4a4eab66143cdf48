"""The Windows and macOS packaging scripts, checked where they can be on Linux: the NSIS
installer script compiled for real by Debian's ``makensis`` over a small fake bundle
folder, its contents listed by 7-Zip; the build scripts' syntax and the files they name.
(They have not been run on Windows or macOS: docs/bundle.md.)"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from simhash_core.version import version

ROOT = Path(__file__).resolve().parents[1]
NSI = ROOT / "packaging" / "windows" / "plagcheck.nsi"
BUILD_PS1 = ROOT / "packaging" / "windows" / "build.ps1"
BUILD_SH = ROOT / "packaging" / "macos" / "build.sh"


def fake_bundle(folder: Path) -> Path:
    """A folder shaped like PyInstaller's ``dist\\plagcheck`` (two programs, ``_internal``)."""
    bundle = folder / "plagcheck"
    (bundle / "_internal" / "app" / "icons").mkdir(parents=True)
    for program in ("plagcheck-gui.exe", "plagcheck.exe"):
        (bundle / program).write_bytes(b"MZ" + program.encode() * 50)
    (bundle / "_internal" / "app" / "icons" / "plagcheck.ico").write_bytes(
        (ROOT / "app" / "icons" / "plagcheck.ico").read_bytes()
    )
    return bundle


def test_the_nsis_installer_compiles_and_carries_the_bundle(tmp_path: Path) -> None:
    makensis, sevenzip = shutil.which("makensis"), shutil.which("7z")
    assert makensis and sevenzip, "nsis and p7zip-full missing: .ci/system-deps.sh"
    bundle = fake_bundle(tmp_path)
    setup = tmp_path / f"plagcheck-{version()}-setup.exe"
    compiled = subprocess.run(
        [
            makensis,
            "-WX",
            "-V2",
            f"-DVERSION={version()}",
            f"-DSOURCE={bundle}",
            f"-DOUTFILE={setup}",
            str(NSI),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr  # warnings are errors
    assert setup.read_bytes()[:2] == b"MZ"
    listed = subprocess.run(
        [sevenzip, "l", "-slt", str(setup)], capture_output=True, text=True, timeout=60
    )
    names = {
        line.removeprefix("Path = ").replace("\\", "/")
        for line in listed.stdout.splitlines()
        if line.startswith("Path = ")
    }
    assert {
        "plagcheck-gui.exe",
        "plagcheck.exe",
        "_internal/app/icons/plagcheck.ico",
        "uninstall.exe",
    } <= names, listed.stdout


def test_the_nsis_script_needs_the_version_and_puts_the_entry_where_the_app_looks(
    tmp_path: Path,
) -> None:
    makensis = shutil.which("makensis")
    assert makensis, "nsis missing: .ci/system-deps.sh"
    refused = subprocess.run(
        [makensis, "-V2", f"-DSOURCE={fake_bundle(tmp_path)}", str(NSI)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode != 0 and "give the version" in refused.stdout + refused.stderr
    script = NSI.read_text("utf-8")
    # the same place as app/shortcut/windows.py: the app sees it and offers no other
    assert 'CreateShortcut "$SMPROGRAMS\\plagcheck.lnk" "$INSTDIR\\plagcheck-gui.exe"' in script
    assert 'Delete "$SMPROGRAMS\\plagcheck.lnk"' in script
    assert "RequestExecutionLevel user" in script


def named_paths(script: Path) -> set[str]:
    """The repository paths a build script names (``packaging/...``, ``app/...``)."""
    text = script.read_text("utf-8").replace("\\", "/")
    return set(re.findall(r"\b((?:packaging|app)/[\w./-]+\.\w+)", text))


@pytest.mark.parametrize("script", [BUILD_PS1, BUILD_SH, NSI], ids=lambda p: p.name)
def test_the_build_scripts_name_files_that_exist(script: Path) -> None:
    named = named_paths(script)
    assert named, script
    missing = [p for p in named if not (ROOT / p).is_file()]
    assert missing == []


def test_the_macos_build_script_is_valid_sh() -> None:
    checked = subprocess.run(["sh", "-n", str(BUILD_SH)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert BUILD_SH.stat().st_mode & 0o111, "executable"
