"""A kill during ``archive add`` leaves exactly the completed documents; a damaged
archive file gives a clear error, never a traceback."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from simhash_core.archive import ArchiveError, open_archive
from simhash_core.archive.sqlite_store import SQLiteArchive
from tests.core.test_archive import fill, make_doc
from tests.core.textgen import zh_essay

ROOT = Path(__file__).resolve().parents[2]

# Adds essays one by one, printing ADDED after each completed addition. With a
# stop index, the addition of that document pauses inside its transaction (after the
# document row and its index rows are written, before COMMIT) and prints MIDWAY.
_CHILD = r"""
import sys, time
from simhash_core.archive.sqlite_store import SQLiteArchive
from tests.core.test_archive import make_doc
from tests.core.textgen import zh_essay

path, stop, total = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
docs = [make_doc(zh_essay(i, 12), f"s{i:03d}.txt") for i in range(total)]
store = SQLiteArchive(path)
state = {"n": 0}
original = SQLiteArchive._insert_postings

def pausing(self, db, fresh):
    original(self, db, fresh)
    if state["n"] == stop:
        print("MIDWAY", flush=True)
        time.sleep(120)

SQLiteArchive._insert_postings = pausing
print("READY", flush=True)
for i, doc in enumerate(docs):
    store.add(doc, "2024 spring")
    state["n"] += 1
    print("ADDED", i, flush=True)
"""


def _spawn(path: Path, stop: int, total: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(path), str(stop), str(total)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _read_until(proc: subprocess.Popen, marker: str, count: int = 1, timeout: float = 60) -> int:
    """Lines starting with ADDED read before ``count`` lines starting with ``marker``."""
    deadline = time.monotonic() + timeout
    added = seen = 0
    while seen < count:
        assert time.monotonic() < deadline, "child did not reach the kill point"
        line = proc.stdout.readline()
        assert line, "child exited early"
        added += line.startswith("ADDED")
        seen += line.startswith(marker)
    return added


def _kill(proc: subprocess.Popen) -> int:
    """SIGKILL the child; returns the ADDED lines it had already written."""
    os.kill(proc.pid, signal.SIGKILL)
    rest, _ = proc.communicate(timeout=30)
    return sum(line.startswith("ADDED") for line in rest.splitlines())


def _assert_consistent(path: Path, expected: int | set[int]) -> None:
    with SQLiteArchive(path) as store:
        assert store.check() == []
        n = store.count()
        assert n in (expected if isinstance(expected, set) else {expected})
        # exactly the first n essays, each complete and loadable
        docs = store.load(list(range(1, n + 1)))
        assert [d.path for d in docs] == [f"archive/2024 spring/s{i:03d}.txt" for i in range(n)]
        assert all(d.text == zh_essay(i, 12) for i, d in enumerate(docs))
        # the archive stays usable: the interrupted document can be added now
        assert store.add(make_doc(zh_essay(n, 12), f"s{n:03d}.txt"), "2024 spring").status == (
            "added"
        )
        assert store.check() == []
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    db.close()


def test_kill_inside_a_transaction_leaves_the_completed_documents(tmp_path: Path) -> None:
    path = tmp_path / "archive.sqlite"
    proc = _spawn(path, stop=7, total=20)
    try:
        added = _read_until(proc, "MIDWAY")
        added += _kill(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert added == 7
    _assert_consistent(path, 7)


def test_kill_at_any_moment_leaves_a_consistent_archive(tmp_path: Path) -> None:
    """Killed while adding freely: the archive holds the acknowledged additions (and
    possibly the one that committed just before the kill), each complete."""
    path = tmp_path / "archive.sqlite"
    proc = _spawn(path, stop=-1, total=60)
    try:
        _read_until(proc, "READY")
        seen = _read_until(proc, "ADDED", count=12)
        seen += _kill(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert 12 <= seen < 60
    _assert_consistent(path, {seen, seen + 1})


def test_random_bytes_are_a_damaged_archive(tmp_path: Path) -> None:
    path = tmp_path / "archive.sqlite"
    path.write_bytes(os.urandom(64 * 1024))
    with pytest.raises(ArchiveError, match=r"the archive file is damaged: .*archive\.sqlite"):
        open_archive(path)


def test_damage_inside_a_valid_archive_is_reported_not_raised_raw(tmp_path: Path) -> None:
    path = tmp_path / "archive.sqlite"
    with SQLiteArchive(path) as store:
        fill(store)
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(2 * page, len(data), 3 * page):  # scribble over every third page
        data[start + 16 : start + 3000] = os.urandom(2984)
    path.write_bytes(bytes(data))
    try:
        with SQLiteArchive(path) as store:
            problems = store.check()
            assert problems
            store.find(make_doc(zh_essay(2), "a.txt"))
            store.load([1, 2, 3])
    except ArchiveError as exc:
        assert "damaged" in str(exc)


def test_an_sqlite_file_of_something_else_is_not_an_archive(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (x)")
    db.commit()
    db.close()
    with pytest.raises(ArchiveError, match="not a plagcheck archive"):
        SQLiteArchive(path)


def test_missing_archive_is_an_error_when_not_creating(tmp_path: Path) -> None:
    with pytest.raises(ArchiveError, match="no archive at"):
        open_archive(tmp_path / "none.sqlite", create=False)
    with pytest.raises(ArchiveError, match="is a folder"):
        open_archive(tmp_path)


# ``plagcheck archive add`` as a teacher runs it, with the archive's writes slowed
# after the first dozen documents so the test can kill it there (SIGKILL: no clean-up).
_ADD_CHILD = r"""
import sys, time
from simhash_core.archive.sqlite_store import SQLiteArchive
from simhash_core.cli.main import main

original = SQLiteArchive._write
state = {"n": 0}

def counting(self, entries, label):
    out = original(self, entries, label)
    state["n"] += len(entries)
    print("FILED", state["n"], flush=True)
    if state["n"] >= 12:
        time.sleep(120)
    return out

SQLiteArchive._write = counting
sys.exit(main(sys.argv[1:]))
"""


def test_a_killed_archive_add_resumes_where_it_stopped(tmp_path: Path, monkeypatch) -> None:
    """``archive add`` analyses the files in the worker pool, then files them one
    transaction each. Killed midway, it leaves the documents it filed; run again, it
    files only the rest (the analyses come back from the cache) and the archive
    checks clean."""
    import io

    from simhash_core.cli.main import main

    folder = tmp_path / "2024 spring"
    folder.mkdir()
    for i in range(30):
        (folder / f"s{i:02d}.txt").write_text(zh_essay(i, 12), encoding="utf-8")
    archive = tmp_path / "past.sqlite"
    cache = tmp_path / "cache"
    args = ["archive", "add", str(folder), "--label", "2024 spring", "--archive", str(archive)]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PLAGCHECK_CACHE_DIR": str(cache)}
    child = subprocess.Popen(
        [sys.executable, "-c", _ADD_CHILD, *args, "--workers", "2", "-q"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith("FILED") and int(line.split()[1]) >= 12:
                break
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=60)
    with SQLiteArchive(archive) as store:
        assert store.count() == 12 and store.check() == []
    from simhash_core.store.cache import CACHE_VERSION

    analysed = (
        sqlite3.connect(cache / "analyses.sqlite")
        .execute(f"SELECT COUNT(*) FROM analyses_v{CACHE_VERSION}")
        .fetchone()[0]
    )
    assert analysed >= 30  # every analysis was kept as it finished

    monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(cache))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main([*args, "-q"]) == 0
    said = out.getvalue()
    assert "18 new" in said and "12 already under this label" in said, said
    with SQLiteArchive(archive) as store:
        assert store.count() == 30 and store.check() == []
        assert {x.label: x.documents for x in store.labels()} == {"2024 spring": 30}
