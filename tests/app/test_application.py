"""The program as a whole: start-up, the command line and --screenshot, the CJK font,
and a guard against attributes that shadow Qt virtual methods."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QFontDatabase, QImage

from tests.app.conftest import TEMPLATE, needs_samples

ROOT = Path(__file__).resolve().parents[2]


def run_gui(args: list[str], tmp_path: Path, timeout: int = 180) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-m", "app", *args, "--settings", str(tmp_path / "gui.ini")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_window_shows_without_importing_jieba(tmp_path):
    """Start-up stays fast: the segmenter is loaded by the scan, never before the window."""
    code = (
        "import sys, time; t = time.perf_counter();"
        "from app.application import create_application; app = create_application();"
        "from app.main_window import MainWindow; from app.settings import AppSettings;"
        f"w = MainWindow(AppSettings.at_path({str(tmp_path / 's.ini')!r})); w.show();"
        "app.processEvents(); print(round(time.perf_counter() - t, 3));"
        "print('jieba' in sys.modules, 'simhash_core.scan' in sys.modules)"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    seconds, flags = out.stdout.split("\n")[:2]
    print(f"\nwindow shown after {seconds} s")
    assert flags == "False False"
    assert float(seconds) < 5.0


def pixels(png: Path) -> np.ndarray:
    """The PNG as an ``H x W x 3`` RGB array."""
    image = QImage(str(png)).convertToFormat(QImage.Format.Format_RGB32)
    h, w = image.height(), image.width()
    bgra = np.frombuffer(image.constBits(), np.uint8, count=h * image.bytesPerLine())
    bgra = bgra.reshape(h, image.bytesPerLine() // 4, 4)[:, :w]
    return bgra[:, :, [2, 1, 0]].astype(np.int16)


def near(rgb: np.ndarray, colour: tuple[int, int, int], tolerance: int = 12) -> np.ndarray:
    """Pixels within ``tolerance`` of ``colour`` on every channel."""
    return (np.abs(rgb - np.array(colour, np.int16)) <= tolerance).all(axis=2)


def hot(rgb: np.ndarray) -> np.ndarray:
    """Pixels in the hot end of the heat ramp (heat >= 0.85: dark red to red)."""
    r, g, b = rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2]
    return (r >= 120) & (r <= 220) & (g <= 60) & (b <= 45)


@needs_samples
def test_screenshot_of_the_class_shows_hot_cells_and_groups(tmp_path, small_class):
    """The saved picture has content, not just a size: the copied pairs as hot matrix
    cells on the left, the groups list at the top right."""
    from app.views.groups_panel import SOURCE_COLOR

    png = tmp_path / "main.png"
    args = [str(small_class), "--template", str(TEMPLATE), "--screenshot", str(png)]
    out = run_gui([*args, "--lang", "en"], tmp_path)
    assert out.returncode == 0, out.stderr
    rgb = pixels(png)
    h, w, _ = rgb.shape
    assert (w, h) == (1400, 900)
    legend_top = h - 120  # the colour legend's gradient below the matrix is hot too
    hot_cells = hot(rgb[:legend_top])
    # two groups (3 + 2 files): 8 hot cells of at least 14 x 14 pixels, all in the matrix
    assert hot_cells.sum() >= 8 * 14 * 14 * 0.6
    ys, xs = np.nonzero(hot_cells)
    assert xs.max() < w * 0.6 and ys.min() > 60
    # the hot cells sit on the diagonal blocks: the groups are ordered first
    assert np.abs((xs - xs.min()) - (ys - ys.min())).mean() < 40
    # the groups list at the top right has its rows of text (no group of this class
    # has a stated direction, so no member is green: none is guessed)
    dark = rgb.max(axis=2) < 90
    assert dark[: int(h * 0.45), int(w * 0.6) :].sum() > 2000, "an empty groups list"
    source = (SOURCE_COLOR.red(), SOURCE_COLOR.green(), SOURCE_COLOR.blue())
    assert near(rgb, source, 30)[: int(h * 0.45), int(w * 0.6) :].sum() < 40
    # not a blank window either: many distinct colours
    assert len(np.unique(rgb.reshape(-1, 3)[::7], axis=0)) > 200


@needs_samples
def test_screenshot_of_a_pair_and_exit_code(tmp_path, small_class):
    png = tmp_path / "bits.png"
    out = run_gui(
        [
            str(small_class),
            "--template",
            str(TEMPLATE),
            "--screenshot",
            str(png),
            "--open-pair",
            "s021.txt",
            "s027.txt",
            "--view",
            "bitdiff",
            "--lang",
            "zh_CN",
        ],
        tmp_path,
    )
    assert out.returncode == 0, out.stderr
    image = QImage(str(png))
    assert image.width() >= 1000 and image.height() >= 700
    assert not (tmp_path / "gui.ini").exists()  # screenshots never write settings
    # the bit grid: orange differing bits, a green identical block, the differing words
    from app.views.bit_diff_view import TOWARDS_ONE, TOWARDS_ZERO
    from app.views.bit_grid import BLOCK_EQUAL, DIFFERENT

    rgb = pixels(png)
    orange = near(rgb, (DIFFERENT.red(), DIFFERENT.green(), DIFFERENT.blue()), 8)
    assert orange.sum() >= 24 * 24  # at least one 24-pixel differing cell
    assert near(rgb, (BLOCK_EQUAL.red(), BLOCK_EQUAL.green(), BLOCK_EQUAL.blue()), 8).sum() > 100
    tints = [(c.red(), c.green(), c.blue()) for c in (TOWARDS_ONE, TOWARDS_ZERO)]
    assert sum(near(rgb, t, 3).sum() for t in tints) > 40 * 15  # rows of differing words


def test_screenshot_of_a_pair_shows_its_passages(tmp_path):
    from app.views.side_by_side import passage_color
    from tests.core.textgen import two_passages

    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in zip(("a.txt", "b.txt"), two_passages(apart=8), strict=True):
        (folder / name).write_text(text, encoding="utf-8")
    png = tmp_path / "pair.png"
    args = [str(folder), "--screenshot", str(png), "--lang", "en"]
    out = run_gui([*args, "--open-pair", "a.txt", "b.txt", "--view", "pair"], tmp_path)
    assert out.returncode == 0, out.stderr
    rgb = pixels(png)
    w = rgb.shape[1]
    sides = rgb[:, : int(w * 0.3)], rgb[:, int(w * 0.3) : int(w * 0.6)]
    # two passages, each in its colour on both sides (the first, current, darker)
    for k, colour in enumerate((passage_color(0).darker(125), passage_color(1))):
        rgb_k = (colour.red(), colour.green(), colour.blue())
        assert all(near(side, rgb_k, 2).sum() > 2_000 for side in sides), k


def test_screenshot_without_paths_just_opens(tmp_path):
    png = tmp_path / "empty.png"
    out = run_gui(["--screenshot", str(png), "--lang", "en"], tmp_path, timeout=60)
    assert out.returncode == 0, out.stderr
    rgb = pixels(png)
    h, w, _ = rgb.shape
    # the invitation to drop a folder, in the middle of the matrix tab
    middle = rgb[h // 3 : 2 * h // 3, : int(w * 0.6)]
    assert (middle.max(axis=2) < 170).sum() > 300, "no placeholder text"
    assert not hot(rgb[: h - 120]).any()  # no matrix yet


def test_unknown_pair_name_fails_clearly(tmp_path, small_class):
    out = run_gui(
        [
            str(small_class),
            "--screenshot",
            str(tmp_path / "x.png"),
            "--open-pair",
            "nope",
            "s002.txt",
        ],
        tmp_path,
    )
    assert out.returncode == 2 and "nope" in out.stderr


def test_application_font_can_draw_chinese(qapp):
    from app.fonts import find_cjk_family, install_cjk_font

    family = find_cjk_family()
    if family is None:
        pytest.skip("no CJK font installed (make system-deps installs fonts-wqy-microhei)")
    install_cjk_font(qapp)
    assert family in qapp.font().families()
    assert QFontDatabase.WritingSystem.SimplifiedChinese in QFontDatabase.writingSystems(family)


def test_no_attribute_shadows_a_qt_method(qtbot, settings, small_result):
    """A Python attribute named like a Qt virtual (``metric``, ``event``...) makes Qt call
    the attribute and crash; every widget and model of the app is checked."""
    from PySide6.QtCore import QObject, Signal

    from app.main_window import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.set_result(small_result)
    win.open_pair(0, 1)
    win.side_by_side.wait_for_evidence()
    # walk the objects once the background count is over: wrapping every child while a
    # worker thread creates and deletes its own can crash shiboken
    qtbot.waitUntil(lambda: not win.bit_diff.counting, timeout=30_000)
    qtbot.wait(50)
    objects = [win, *win.findChildren(QObject)]
    checked = 0
    for obj in objects:
        cls = type(obj)
        if not cls.__module__.startswith("app."):
            continue
        qt_base = next(b for b in cls.__mro__ if b.__module__.startswith("PySide6."))
        clashes = [
            name
            for name in vars(obj)  # PySide caches bound signals in the instance: not a clash
            if hasattr(qt_base, name) and not isinstance(getattr(qt_base, name), Signal)
        ]
        assert not clashes, f"{cls.__name__} shadows {qt_base.__name__} members: {clashes}"
        checked += 1
    assert checked >= 10


def test_many_qt_calls_and_signals_never_free_none_or_true():
    """PySide6 6.12 on Python 3.11 drops a reference to None on every Qt call that
    returns nothing and to True on every signal emission; the app's start-up guard
    (app.refcount_guard) keeps them alive."""
    from app.refcount_guard import leaking_singletons

    loop = (
        "from PySide6.QtCore import QObject, QPoint, Signal\n"
        "class Source(QObject):\n    changed = Signal(int)\n"
        "p, s = QPoint(), Source()\n"
        "for _ in range(300_000): p.setX(1); s.changed.emit(1)\n"
    )
    guarded = "from app.application import create_application\ncreate_application()\n" + loop
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    run = [sys.executable, "-c"]
    out = subprocess.run(
        [*run, guarded + "print('alive')"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0 and "alive" in out.stdout, out.stderr
    if leaking_singletons():  # the bug is present here: unguarded, Python aborts
        bare = subprocess.run([*run, loop], cwd=ROOT, env=env, capture_output=True, text=True)
        assert bare.returncode != 0 and "_dealloc" in bare.stderr


@needs_samples
def test_a_screenshot_waits_as_long_as_it_is_told(tmp_path, small_class):
    """``--wait``: a scan still running then is cancelled, the window saved as it is,
    and the exit code says so (3)."""
    png = tmp_path / "early.png"
    args = [str(small_class), "--screenshot", str(png)]
    out = run_gui([*args, "--wait", "0.001"], tmp_path)
    assert out.returncode == 3, out.stderr
    assert "did not finish in time" in out.stderr
    assert QImage(str(png)).width() >= 1000
