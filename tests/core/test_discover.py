"""Folder walking: display paths, skipped files, odd names and symbolic-link loops."""

from __future__ import annotations

import doctest
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from simhash_core.intake import discover as discover_mod
from simhash_core.intake.discover import Discovery, discover, printable
from simhash_core.messages import Message

ROOT = Path(__file__).resolve().parents[2]
has_symlinks = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need admin")


def _load_generator() -> ModuleType:
    path = ROOT / "tests" / "data" / "make_bad_files.py"
    spec = importlib.util.spec_from_file_location("make_bad_files", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], Discovery]:
    dest = tmp_path_factory.mktemp("bad")
    expected = _load_generator().make_bad_files(dest, large_txt_bytes=1024, bomb_bytes=1024)
    return dest, expected, discover([dest])


def _write(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("text", encoding="utf-8")


def _shown(found: Discovery) -> list[str]:
    return [shown for _, shown in found.files]


def _skips(found: Discovery) -> dict[str, str]:
    return {error.path: error.code for error in found.skipped}


def test_generated_tree(bad: tuple[Path, dict[str, str], Discovery]) -> None:
    dest, expected, found = bad
    shown = _shown(found)
    assert shown == sorted(shown, key=lambda s: (s.casefold(), s))
    assert "class-a/essay.txt" in shown and "class-b/essay.txt" in shown
    assert "😀 مرحبا שלום.txt" in shown
    assert shown.count("loop/inside.txt") == 1
    assert all(path.is_absolute() for path, _ in found.files)
    assert all(s.isprintable() for s in shown)
    skips = _skips(found)
    if "broken-link.txt" in expected:
        assert skips["broken-link.txt"] == "broken-link"
        assert skips["self-loop.txt"] == "link-loop"
        assert skips["loop/back"] == "link-loop"
    reasons = {e.path: e.reason for e in found.skipped}
    if "broken-link.txt" in reasons:
        assert reasons["broken-link.txt"] == Message.of("skip.broken-link")
    # every supported regular file of the generator is found exactly once
    regular = {n for n in expected if not (dest / n).is_symlink()}
    assert {p.relative_to(dest).as_posix() for p, _ in found.files} == regular


def test_undecodable_name_keeps_real_path(bad: tuple[Path, dict[str, str], Discovery]) -> None:
    _, expected, found = bad
    bad_names = [n for n in expected if n.startswith("bad-")]
    if not bad_names:
        pytest.skip("this file system refuses names that are not valid UTF-8")
    (path, shown) = next((p, s) for p, s in found.files if s.startswith("bad-"))
    assert shown == "bad-\ufffd\ufffd-name.txt"
    assert path.exists() and path.read_bytes()


def test_unsupported_hidden_lock_and_doc(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "essay.docx", "clip.MP4", "README", "old.doc", "~$essay.docx", ".hidden.txt",
        ".git/config.txt", "__MACOSX/._essay.docx", "Thumbs.db", "sub/Report.PDF",
    )  # fmt: skip
    found = discover([tmp_path])
    assert _shown(found) == ["essay.docx", "old.doc", "sub/Report.PDF"]
    assert {e.path: (e.code, e.reason) for e in found.skipped} == {
        "clip.MP4": ("unsupported", Message.of("file.unsupported", suffix=".mp4")),
        "README": ("unsupported", Message.of("file.no-suffix")),
        "~$essay.docx": ("lock-file", Message.of("skip.lock-file")),
        ".hidden.txt": ("hidden", Message.of("skip.hidden-file")),
    }


def test_several_roots_are_prefixed(tmp_path: Path) -> None:
    _write(tmp_path, "class1/a.txt", "class2/a.txt", "loose/single.pdf")
    found = discover([tmp_path / "class1", tmp_path / "class2", tmp_path / "loose/single.pdf"])
    assert _shown(found) == ["class1/a.txt", "class2/a.txt", "single.pdf"]


def test_single_root_has_no_prefix_and_relative_input_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path, "class/sub/a.txt")
    monkeypatch.chdir(tmp_path)
    found = discover([Path("class")])
    assert found.files == [(tmp_path / "class" / "sub" / "a.txt", "sub/a.txt")]


def test_colliding_display_paths_are_made_unique(tmp_path: Path) -> None:
    _write(tmp_path, "x/class/a.txt", "y/class/a.txt")
    found = discover([tmp_path / "x" / "class", tmp_path / "y" / "class"])
    assert _shown(found) == ["class/a.txt", "class/a.txt (2)"]
    assert len({path for path, _ in found.files}) == 2


def test_same_root_twice_and_overlapping_roots(tmp_path: Path) -> None:
    _write(tmp_path, "class/sub/a.txt")
    assert len(discover([tmp_path / "class", tmp_path / "class"]).files) == 1
    found = discover([tmp_path / "class", tmp_path / "class" / "sub"])
    assert _shown(found) == ["class/sub/a.txt"]
    assert _skips(found) == {"sub": "link-loop"}  # the folder was already scanned


def test_missing_root(tmp_path: Path) -> None:
    found = discover([tmp_path / "nowhere"])
    assert found.files == [] and _skips(found) == {"nowhere": "missing"}


@has_symlinks
def test_symlink_loops_terminate(tmp_path: Path) -> None:
    _write(tmp_path, "a/b/essay.txt")
    (tmp_path / "a" / "b" / "up").symlink_to("../..", target_is_directory=True)
    (tmp_path / "a" / "self").symlink_to("self")
    (tmp_path / "a" / "link.txt").symlink_to("b/essay.txt")
    found = discover([tmp_path])
    assert _shown(found) == ["a/b/essay.txt"]
    assert _skips(found) == {
        "a/b/up": "link-loop",
        "a/self": "link-loop",
        "a/link.txt": "duplicate",
    }


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_fifo_is_never_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.txt")
    found = discover([tmp_path])
    assert found.files == [] and _skips(found) == {"pipe.txt": "unreadable"}


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
def test_unreadable_folder(tmp_path: Path) -> None:
    _write(tmp_path, "locked/a.txt", "open/b.txt")
    os.chmod(tmp_path / "locked", 0)
    try:
        found = discover([tmp_path])
    finally:
        os.chmod(tmp_path / "locked", 0o755)
    if os.geteuid() == 0:
        assert _shown(found) == ["locked/a.txt", "open/b.txt"]  # root reads anyway
    else:
        assert _shown(found) == ["open/b.txt"]
        assert _skips(found) == {"locked": "unreadable"}


def test_result_is_deterministic(bad: tuple[Path, dict[str, str], Discovery]) -> None:
    dest, _, found = bad
    assert discover([dest]) == found


def test_printable() -> None:
    assert printable("ok.txt") == "ok.txt"
    assert printable(os.fsdecode(b"\xff.txt")) == "\ufffd.txt"
    assert printable("tab\there") == "tab\ufffdhere"


def test_doctests() -> None:
    failures, _ = doctest.testmod(discover_mod)
    assert failures == 0


# ---- nothing outside the chosen folders, any depth, every file accounted for ----------


@has_symlinks
def test_links_out_of_the_folder_are_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    _write(outside, "secret.txt", "deep/other.txt")
    cls = tmp_path / "class"
    _write(cls, "a.txt", "sub/b.txt")
    (cls / "passwd.txt").symlink_to("/etc/passwd")
    (cls / "secret.txt").symlink_to(outside / "secret.txt")
    (cls / "usr").symlink_to("/usr", target_is_directory=True)
    (cls / "root").symlink_to("/", target_is_directory=True)
    (cls / "deep").symlink_to(outside / "deep", target_is_directory=True)
    (cls / "inside.txt").symlink_to("sub/b.txt")  # stays inside: a duplicate, not outside
    (cls / "sub2").symlink_to("sub", target_is_directory=True)
    found = discover([cls])
    assert _shown(found) == ["a.txt", "inside.txt"]
    skips = _skips(found)
    for name in ("passwd.txt", "secret.txt", "usr", "root", "deep"):
        assert skips[name] == "link-outside"
    assert {e.reason for e in found.skipped if e.code == "link-outside"} == {
        Message.of("skip.link-outside")
    }
    assert skips["sub/b.txt"] == "duplicate" and skips["sub2"] == "link-loop"
    assert all(str(p).startswith(str(cls)) for p, _ in found.files)


@has_symlinks
def test_a_link_into_another_chosen_folder_is_allowed(tmp_path: Path) -> None:
    _write(tmp_path, "one/a.txt", "two/b.txt")
    (tmp_path / "one" / "to-two.txt").symlink_to(tmp_path / "two" / "b.txt")
    found = discover([tmp_path / "one", tmp_path / "two"])
    assert _shown(found) == ["one/a.txt", "one/to-two.txt"]
    assert _skips(found) == {"two/b.txt": "duplicate"}


def _remove_chain(top: Path, name: str, depth: int) -> None:
    """Remove ``top/name/name/...`` (``depth`` levels) and its files, deepest first."""
    fds = [os.open(top, os.O_RDONLY)]
    for _ in range(depth):
        fds.append(os.open(name, os.O_RDONLY, dir_fd=fds[-1]))
    for level in range(depth, 0, -1):
        for entry in os.listdir(fds[level]):
            if entry != name:
                os.unlink(entry, dir_fd=fds[level])
        os.close(fds[level])
        os.rmdir(name, dir_fd=fds[level - 1])
    os.close(fds[0])


def test_a_thousand_nested_folders(tmp_path: Path) -> None:
    _write(tmp_path, "normal.txt")
    # built one level at a time, relative to an open folder (pathlib's mkdir recurses)
    fd = os.open(tmp_path, os.O_RDONLY)
    for _ in range(1000):
        os.mkdir("d", dir_fd=fd)
        inner = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = inner
    os.close(os.open("bottom.txt", os.O_WRONLY | os.O_CREAT, dir_fd=fd))
    os.close(fd)
    (tmp_path / "d" / "d" / "shallow.txt").write_text("text")
    try:
        found = discover([tmp_path])  # RecursionError before: the whole scan was lost
    finally:
        _remove_chain(tmp_path, "d", 1000)  # shutil.rmtree recurses too: pytest's would fail
    assert _shown(found) == ["d/d/shallow.txt", "normal.txt"]
    too_deep = [e for e in found.skipped if e.code == "too-deep"]
    assert len(too_deep) == 1
    assert too_deep[0].path.count("/") == discover_mod.MAX_DEPTH
    assert too_deep[0].reason == Message.of("skip.too-deep", depth=100)


def test_hidden_files_are_listed_not_dropped(tmp_path: Path) -> None:
    _write(tmp_path, ".essay.txt", ".docx", ".drafts/copy.docx", ".DS_Store", "ok.txt")
    found = discover([tmp_path])
    assert _shown(found) == ["ok.txt"]
    assert {e.path: (e.code, e.reason) for e in found.skipped} == {
        ".essay.txt": ("hidden", Message.of("skip.hidden-file")),
        ".docx": ("hidden", Message.of("skip.hidden-file")),
        ".drafts": ("hidden", Message.of("skip.hidden-folder")),
    }


@pytest.mark.parametrize("char", ["\u202e", "\u200e", "\u200f", "\u2066", "\u2069", "\u2028"])
def test_format_characters_in_names_are_escaped(tmp_path: Path, char: str) -> None:
    name = f"x{char}txt.exe.txt"
    try:
        (tmp_path / name).write_text("text")
    except OSError:
        pytest.skip("this file system refuses the name")
    (shown,) = _shown(discover([tmp_path]))
    assert char not in shown and shown.isprintable()
    assert shown == f"x<U+{ord(char):04X}>txt.exe.txt"
