"""The app on a real X display (Xvfb) with Qt's xcb platform plug-in, as ``make run``
starts it on a desktop: it opens, scans, and the display server shows the matrix.

Qt 6.5+ refuses to start xcb without libxcb-cursor0 and the other xcb libraries, which
the offscreen tests never load; ``.ci/system-deps.sh`` installs them and Xvfb."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from tests.app.conftest import TEMPLATE
from tests.app.test_application import hot, pixels
from tests.core.samples import needs_samples

ROOT = Path(__file__).resolve().parents[2]
XVFB = shutil.which("Xvfb")

pytestmark = pytest.mark.skipif(XVFB is None, reason="no Xvfb: .ci/system-deps.sh installs xvfb")


@pytest.fixture()
def display(tmp_path):
    """A fresh Xvfb server on a free display number, accepting connections; its name,
    e.g. ``":3"``."""
    read, write = os.pipe()
    log = tmp_path / "xvfb.log"
    with log.open("w") as err:
        server = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    os.close(write)
    try:
        # up to the newline (Xvfb may write the number and the newline apart); the pipe
        # stays open while the server runs: a closed one kills it ("Cannot write display
        # number")
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        name = number.decode().strip()
        assert name.isdigit(), f"Xvfb did not start: {log.read_text()}"
        _wait_for_connections(Path(f"/tmp/.X11-unix/X{name}"), server, log)
        yield f":{name}"
    finally:
        server.terminate()
        server.wait(10)
        os.close(read)


def _wait_for_connections(path: Path, server: subprocess.Popen, log: Path) -> None:
    """Until the server's socket takes a connection (at most 10 s)."""
    deadline = time.monotonic() + 10
    while True:
        assert server.poll() is None, f"Xvfb exited: {log.read_text()}"
        with socket.socket(socket.AF_UNIX) as probe:
            try:
                probe.connect(str(path))
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
        time.sleep(0.05)


@needs_samples
def test_the_app_runs_on_xcb_and_the_display_shows_the_matrix(display, small_class, tmp_path):
    png = tmp_path / "xcb.png"
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", DISPLAY=display)
    out = subprocess.run(
        [
            sys.executable, "-m", "app", str(small_class), "--template", str(TEMPLATE),
            "--screenshot", str(png), "--lang", "zh_CN", "--settings", str(tmp_path / "gui.ini"),
        ],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr + (tmp_path / "xvfb.log").read_text()
    assert f"({'xcb'})" in out.stdout  # the real plug-in, not a fallback
    rgb = pixels(png)
    h, w, _ = rgb.shape
    assert w >= 1000 and h >= 600
    # grabbed from the X server: the copied pairs' hot cells, drawn in the left part
    hot_cells = hot(rgb[: h - 120])
    assert hot_cells.sum() >= 8 * 14 * 14 * 0.6
    assert np.nonzero(hot_cells)[1].max() < w * 0.6
    assert len(np.unique(rgb.reshape(-1, 3)[::7], axis=0)) > 200  # not a blank window
