"""Ctrl-C on the command line leaves no worker processes behind."""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.core.textgen import zh_essay


def processes_with(marker: str) -> list[int]:
    """The processes started with ``marker`` in their environment, but for
    multiprocessing's resource tracker (it starts with the fork server, before any
    worker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            env = (entry / "environ").read_bytes()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in env and b"resource_tracker" not in command:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs Linux /proc")
def test_ctrl_c_leaves_no_workers(tmp_path):
    # enough files that the signal lands while they are read, long before the scan ends
    # (a scan that has finished by then exits 0: the test would race it)
    for i in range(1200):
        (tmp_path / f"s{i:04}.txt").write_text(zh_essay(i, 60), encoding="utf-8")
    marker = f"PLAGCHECK_TEST_MARK={uuid.uuid4().hex}"
    env = {**os.environ, marker.split("=")[0]: marker.split("=")[1]}
    proc = subprocess.Popen(
        [sys.executable, "-m", "simhash_core.cli", "scan", str(tmp_path), "--no-cache", "-q"],
        env=env,
        # Ctrl-C as a terminal delivers it: whatever this test process does with SIGINT,
        # the CLI starts with the default (an ignored signal stays ignored in a child)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(processes_with(marker)) < 3:
        time.sleep(0.2)  # the CLI, the fork server and at least one worker are up
    assert len(processes_with(marker)) >= 3, "workers never started"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and processes_with(marker):
        time.sleep(0.2)
    assert processes_with(marker) == []


def test_ctrl_c_while_the_command_line_starts_says_interrupted(tmp_path):
    """Ctrl-C before the scan has begun (the command line still importing, its workers'
    server already started) ends the same way: "interrupted", exit 130, no traceback,
    no process left."""
    (tmp_path / "a.txt").write_text(zh_essay(1, 60), encoding="utf-8")
    marker = f"PLAGCHECK_TEST_MARK={uuid.uuid4().hex}"
    env = {**os.environ, marker.split("=")[0]: marker.split("=")[1]}
    proc = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_WHILE_IMPORTING, str(tmp_path)],
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and processes_with(marker):
        time.sleep(0.2)
    assert processes_with(marker) == []


# the command line, interrupted the moment it imports its own modules (after the
# workers' server was started): as a Ctrl-C lands in the first second
INTERRUPTED_WHILE_IMPORTING = """
import builtins, os, signal, sys
real_import = builtins.__import__
def interrupting(name, *args, **kwargs):
    if name == "simhash_core.cli.main":
        os.kill(os.getpid(), signal.SIGINT)
    return real_import(name, *args, **kwargs)
builtins.__import__ = interrupting
sys.argv = ["plagcheck", "scan", sys.argv[1], "-q", "--no-cache"]
from simhash_core.cli import main
sys.exit(main())
"""
