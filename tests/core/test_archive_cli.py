"""``plagcheck archive add|list|remove|check`` and ``scan --against-archive``."""

from __future__ import annotations

import argparse
import os
import socket
from pathlib import Path

import pytest

from simhash_core.archive import ArchiveError
from simhash_core.cli.archive import (
    add_archive_commands,
    add_scan_archive_options,
    apply_archive,
    human_size,
    run_archive_command,
)
from simhash_core.messages import Message
from simhash_core.report.export import write_pairs_csv
from simhash_core.scan import scan
from simhash_core.types import ScanSettings
from tests.core.test_archive import near_copy, partial_copy
from tests.core.textgen import zh_essay
from tests.csv_rows import pair_rows


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fingerprint cache and the default archive go to a temporary folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def parser() -> argparse.ArgumentParser:
    """The commands as ``simhash_core.cli`` wires them."""
    p = argparse.ArgumentParser(prog="plagcheck")
    sub = p.add_subparsers(dest="command", required=True)
    add_archive_commands(sub)
    scan_parser = sub.add_parser("scan")
    scan_parser.add_argument("paths", nargs="+", type=Path)
    add_scan_archive_options(scan_parser)
    return p


def run(*argv: str) -> int:
    return run_archive_command(parser().parse_args(["archive", *argv]))


@pytest.fixture
def classes(tmp_path: Path) -> tuple[Path, Path]:
    old, new = tmp_path / "2024", tmp_path / "2025"
    old.mkdir()
    new.mkdir()
    for i in range(6):
        (old / f"old{i}.txt").write_text(zh_essay(i), encoding="utf-8")
        (new / f"new{i}.txt").write_text(zh_essay(100 + i), encoding="utf-8")
    (new / "copy.txt").write_text(near_copy(2), encoding="utf-8")
    (new / "partial.txt").write_text(partial_copy(4), encoding="utf-8")
    return old, new


def test_add_list_scan_remove(
    classes: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    old, new = classes
    archive = str(tmp_path / "archive.sqlite")
    assert run("add", str(old), "--label", "2024 autumn", "--archive", archive, "-q") == 0
    assert "6 new" in capsys.readouterr().out
    again = ["--label", "2024 autumn", "--archive", archive, "-q", "--no-cache"]
    assert run("add", str(old), *again) == 0
    assert "6 already under this label" in capsys.readouterr().out
    assert run("list", "--archive", archive) == 0
    listing = capsys.readouterr().out
    assert "2024 autumn" in listing and "total: 6 documents" in listing

    args = parser().parse_args(["scan", str(new), "--against-archive", "--archive", archive])
    settings = ScanSettings()
    result = apply_archive(args, scan(args.paths, settings=settings), settings)
    out = tmp_path / "pairs.csv"
    write_pairs_csv(result, out)
    rows = [r for r in pair_rows(out) if r["flagged"] == "yes"]
    assert sorted((r["file_a"], r["file_b"], r["archive_label"]) for r in rows) == [
        ("copy.txt", "archive/2024 autumn/old2.txt", "2024 autumn"),
        ("partial.txt", "archive/2024 autumn/old4.txt", "2024 autumn"),
    ]

    assert run("check", "--archive", archive) == 0
    assert "is consistent (6 documents)" in capsys.readouterr().out
    assert run("remove", "--label", "2023", "--archive", archive) == 2
    assert "no label '2023'" in capsys.readouterr().err
    assert run("remove", "--label", "2024 autumn", "--archive", archive) == 0
    assert "0 remain" in capsys.readouterr().out
    assert run("list", "--archive", archive) == 0
    assert "no archived documents" in capsys.readouterr().out


def test_default_archive_is_in_the_user_data_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    default = tmp_path / "data" / "plagcheck" / "archive.sqlite"
    # reading commands never create the archive (as the app's archive dialog doesn't)
    assert run("list") == 0 and run("check") == 0
    assert run("remove", "--label", "2025") == 2
    printed = capsys.readouterr()
    assert not default.exists()
    assert f"archive: {default} (not created yet)" in printed.out
    assert "no archived documents" in printed.out and "nothing to check" in printed.out
    assert "nothing is archived at" in printed.err
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "a.txt").write_text(zh_essay(3), encoding="utf-8")
    assert run("add", str(folder), "--label", "2025", "-q", "--no-cache") == 0
    assert default.exists()  # adding does
    assert run("list") == 0 and "total: 1 documents" in capsys.readouterr().out


def test_damaged_archive_fails_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path = tmp_path / "archive.sqlite"
    path.write_bytes(os.urandom(10_000))
    assert run("list", "--archive", str(path)) == 1
    err = capsys.readouterr().err
    assert "the archive file is damaged" in err and "Traceback" not in err


def test_bad_arguments_are_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    archive = str(tmp_path / "a.sqlite")
    assert run("add", str(tmp_path / "missing"), "--label", "x", "--archive", archive) == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert run("add", str(tmp_path), "--label", "  ", "--archive", archive, "-q") == 2
    with pytest.raises(SystemExit):
        parser().parse_args(["archive", "add", str(tmp_path)])  # --label is required


def test_scan_without_the_option_is_unchanged_and_a_missing_archive_is_an_error(
    tmp_path: Path,
) -> None:
    settings = ScanSettings()
    result = scan([], settings=settings)
    args = parser().parse_args(["scan", str(tmp_path)])
    assert apply_archive(args, result, settings) is result
    args = parser().parse_args(["scan", str(tmp_path), "--archive", str(tmp_path / "no.sqlite")])
    with pytest.raises(ArchiveError, match="no archive at"):
        apply_archive(args, result, settings)


def test_human_size() -> None:
    assert human_size(0) == "0 B"
    assert human_size(5 * 1024**3) == "5.0 GB"


def test_the_plagcheck_command_is_wired(
    classes: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    """Through ``plagcheck`` itself."""
    from simhash_core.cli.main import main as cli_main

    old, new = classes
    archive = str(tmp_path / "archive.sqlite")
    assert cli_main(["archive", "add", str(old), "--label", "2024", "--archive", archive]) == 0
    out = tmp_path / "pairs.csv"
    code = cli_main(
        ["scan", str(new), "-q", "--against-archive", "--archive", archive, "--csv", str(out)]
    )
    assert code == 0
    assert "archive/2024/old2.txt" in out.read_text(encoding="utf-8-sig")
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(os.urandom(10_000))
    assert cli_main(["scan", str(new), "-q", "--archive", str(bad)]) == 1
    assert "damaged" in capsys.readouterr().err


# ---- an archive that can't be used is said before any file is read --------------------


def _class(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(3):
        (folder / f"s{i}.txt").write_text(zh_essay(40 + i), encoding="utf-8")
    (folder / "copy.txt").write_text(zh_essay(40), encoding="utf-8")
    return folder


@pytest.fixture
def no_reading(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records every scan the CLI starts (it must start none)."""
    import simhash_core.scan as cli  # the check's scan (simhash_core.check)

    started: list[str] = []
    real = cli.scan

    def recording(*args, **kwargs):
        started.append("scan")
        return real(*args, **kwargs)

    monkeypatch.setattr(cli, "scan", recording)
    return started


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("redis://127.0.0.1:1/0", "cannot reach the Redis archive at redis://127.0.0.1:1/0"),
        ("redis://:s3cret@no-such-host.invalid:6379/0", "cannot reach the Redis archive"),
        ("redis://:s3cret@127.0.0.1:notaport/0", "not a usable Redis address"),
        ("{missing}", "no archive at"),
    ],
)
def test_an_unusable_archive_fails_before_reading(
    tmp_path: Path,
    capsys: pytest.CaptureFixture,
    no_reading: list[str],
    address: str,
    said: str,
) -> None:
    from simhash_core.cli.main import main

    address = address.format(missing=tmp_path / "missing.sqlite")
    out = tmp_path / "out.csv"
    code = main(["scan", str(_class(tmp_path / "c")), "--archive", address, "--csv", str(out)])
    printed = capsys.readouterr()
    assert code == 1
    assert said in printed.err and "Traceback" not in printed.err
    assert "s3cret" not in printed.out + printed.err
    assert no_reading == [] and not out.exists()


def test_an_archive_that_breaks_mid_scan_still_gives_the_class_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from simhash_core.cli.main import main

    folder = _class(tmp_path / "c")
    archive = str(tmp_path / "a.sqlite")
    assert run("add", str(folder), "--label", "old", "--archive", archive, "-q") == 0

    def broken(*args, **kwargs):
        why = Message.of("archive.unreachable", location="redis://h:1/0", detail="connection reset")
        raise ArchiveError(why)

    import simhash_core.archive as archive_package  # what the check compares with

    monkeypatch.setattr(archive_package, "compare_with_archive", broken)
    out = tmp_path / "out.csv"
    capsys.readouterr()
    code = main(["scan", str(folder), "--archive", archive, "--csv", str(out), "-q"])
    printed = capsys.readouterr()
    assert code == 1
    assert "was asked for but NOT checked: cannot reach" in printed.err
    flagged = [r for r in pair_rows(out) if r["flagged"] == "yes"]
    assert [(r["file_a"], r["file_b"]) for r in flagged] == [("copy.txt", "s0.txt")]


def test_an_archived_class_scanned_again_does_not_match_itself(
    classes: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    """Re-opening an archived class: each file's own archived copy (same content, same
    name) is left out and the file says it is already archived, instead of every file
    flagged 100% against itself. Last year's essay handed in under another name is
    still copying."""
    old, _ = classes
    archive = str(tmp_path / "archive.sqlite")
    assert run("add", str(old), "--label", "2024 autumn", "--archive", archive, "-q") == 0
    capsys.readouterr()
    settings = ScanSettings()

    def scan_against_archive(folder: Path):
        args = parser().parse_args(["scan", str(folder), "--against-archive", "--archive", archive])
        return apply_archive(args, scan(args.paths, settings=settings), settings)

    result = scan_against_archive(old)
    docs = result.documents
    assert [d.path for d in docs if d.archive_label] == []
    assert not [p for p in result.pairs if p.flagged]
    for d in docs:
        assert Message.of("warn.already-archived", label="2024 autumn") in d.warnings

    later = tmp_path / "2026"
    later.mkdir()
    (later / "resubmitted.txt").write_bytes((old / "old3.txt").read_bytes())
    (later / "own.txt").write_text(zh_essay(300), encoding="utf-8")
    result = scan_against_archive(later)
    docs = result.documents
    flagged = [p for p in result.pairs if p.flagged]
    assert [(docs[p.a].path, docs[p.b].path) for p in flagged] == [
        ("resubmitted.txt", "archive/2024 autumn/old3.txt")
    ]
    assert Message.of("pair.identical", label="2024 autumn") in flagged[0].reasons
    assert not any(w.code == "warn.already-archived" for d in docs for w in d.warnings)


def test_an_unknown_archive_scheme_is_an_error_not_a_folder(tmp_path, monkeypatch, capsys):
    """An address whose scheme no backend serves was taken as a file path (an SQLite
    archive in a folder named ``mongodb:``). It is an error naming the schemes that
    work, from every entry point, and nothing is created. ``redis+cluster://`` is
    served now: with no cluster there, it says the archive cannot be reached."""
    from simhash_core.archive import ArchiveError, open_archive
    from simhash_core.archive.service import summarize
    from simhash_core.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "a.txt").write_text("一篇作文。" * 40, encoding="utf-8")
    url = "mongodb://127.0.0.1:27017"
    for call in (lambda: open_archive(url), lambda: open_archive(url, create=False)):
        with pytest.raises(ArchiveError) as caught:
            call()
        assert caught.value.message.code == "archive.unknown-scheme"
    with pytest.raises(ArchiveError):
        summarize(url)
    assert main(["scan", "class", "--archive", url, "-q"]) == 1
    assert main(["archive", "add", "class", "--label", "x", "--archive", url]) == 1
    err = capsys.readouterr().err
    assert err.count("unknown kind of archive address mongodb://127.0.0.1:27017") == 2
    assert "redis://HOST:PORT/DB" in err and "redis+cluster://HOST:PORT" in err
    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    with pytest.raises(ArchiveError) as caught:
        open_archive(f"redis+cluster://127.0.0.1:{closed}")
    assert caught.value.message.code == "archive.unreachable"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class"]
