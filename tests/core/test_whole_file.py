"""A file written whole or not at all (``whole_file``): the decisions file, the IDF
table and the reports go through it."""

from __future__ import annotations

import os
import stat
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
