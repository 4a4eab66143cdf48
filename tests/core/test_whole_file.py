"""A file written whole or not at all (``whole_file``): the decisions file, the IDF
table and the reports go through it."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from simhash_core import whole_file
from simhash_core.review.decisions import Decision, Verdict
from simhash_core.review.store import read_decisions_file, write_decisions_file
from simhash_core.whole_file import write_whole


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_failed_write_leaves_the_old_file_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "decisions.json"
    target.write_bytes(b"old")

    def no_room(src: str, dst: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(whole_file.os, "replace", no_room)
    with pytest.raises(OSError):
        write_whole(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["decisions.json"]


def test_a_new_file_follows_the_umask_and_a_replaced_one_keeps_its_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        new = tmp_path / "new.json"
        write_whole(new, b"{}")
        assert _mode(new) == 0o644  # as open() would make it, not mkstemp's 0600
        shared = tmp_path / "shared.json"
        shared.write_bytes(b"{}")
        shared.chmod(0o664)
        write_whole(shared, b"[]", durable=False)
        assert _mode(shared) == 0o664 and shared.read_bytes() == b"[]"
    finally:
        os.umask(old)


def test_the_decisions_file_is_written_whole_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "decisions.json"
    names = ("a.docx", "b.docx")
    decision = Decision(("h1", "h2"), Verdict.CONFIRMED, note="same essay", names=names)
    write_decisions_file([decision], path)
    assert [p.name for p in tmp_path.iterdir()] == ["decisions.json"]
    (back,) = read_decisions_file(path)
    assert back == decision


def _pipe_reader(pipe: Path) -> tuple[threading.Thread, list[bytes]]:
    """A thread reading everything written to the named pipe ``pipe``."""
    got: list[bytes] = []

    def read() -> None:
        with pipe.open("rb") as fh:
            got.append(fh.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread, got


def test_a_pipe_or_device_is_written_to_and_stays_what_it_is(tmp_path: Path) -> None:
    """Renaming a temporary file over ``/dev/null`` or a named pipe would put a plain
    file in its place (as root, ``--csv /dev/null`` once replaced the machine's
    ``/dev/null``): such a target is written to as it is."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    thread, got = _pipe_reader(pipe)
    write_whole(pipe, b"through the pipe")
    thread.join(5)
    assert got == [b"through the pipe"]
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_the_pairs_csv_goes_down_a_pipe_without_an_errors_sheet(tmp_path: Path) -> None:
    from simhash_core.report.export import errors_path_for, write_reports
    from simhash_core.sample_class import sample_class
    from simhash_core.scan import scan

    result = scan([sample_class().submissions], isolate=False)
    pipe = tmp_path / "pairs"
    os.mkfifo(pipe)
    assert errors_path_for(pipe) is None
    thread, got = _pipe_reader(pipe)
    assert write_reports(result, csv_path=pipe) == [pipe]
    thread.join(10)
    assert got[0].decode("utf-8-sig").startswith("File A,File B")
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pairs"]
