"""Find the submissions under the folders and files a teacher picked.

:func:`discover` walks folders recursively (following symbolic links, but never into a
folder twice, so link loops cannot hang it) and returns the supported files with a
display path, plus a list of what it skipped and why.

Decisions:

- Display paths use ``/`` and are relative to the root folder they were found under.
  With several roots each display path starts with its root folder's name; a file
  given directly is shown by its name. A display path is printable text: bytes that
  are not valid UTF-8 and control characters show as U+FFFD, while the real ``Path``
  is kept. Should two display paths still coincide, the later ones get `` (2)``,
  `` (3)``...
- Hidden files and folders (names starting with ``.``, such as ``.DS_Store`` or
  ``.git``), macOS ``__MACOSX`` folders and ``Thumbs.db``/``desktop.ini`` are skipped
  silently: they are never submissions. Office lock files (``~$essay.docx``) *are*
  listed in ``skipped``, because their names look like submissions.
- The same file reached twice (a symbolic or hard link, overlapping roots) is kept once;
  the other copy is skipped as ``duplicate`` so that it is not compared with itself.
- Pipes, sockets and devices are skipped without being opened.
"""

from __future__ import annotations

import errno
import os
import stat
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from simhash_core.extract import SUPPORTED_SUFFIXES
from simhash_core.extract.docx import OLD_DOC_REASON
from simhash_core.types import FileError

_SILENT_NAMES = {
    "__MACOSX",
    "Thumbs.db",
    "desktop.ini",
    "$RECYCLE.BIN",
    "System Volume Information",
}


@dataclass(frozen=True)
class Discovery:
    """Supported files as ``(absolute path, display path)`` sorted by display path, and
    the files that were skipped, with reasons (``FileError.path`` is a display path)."""

    files: list[tuple[Path, str]] = field(default_factory=list)
    skipped: list[FileError] = field(default_factory=list)


def printable(name: str) -> str:
    """A file name as printable text: undecodable bytes and control characters -> U+FFFD.

    >>> printable("essay\\udcff.txt"), printable("a\\nb")
    ('essay\\ufffd.txt', 'a\\ufffdb')
    """
    text = os.fsencode(name).decode("utf-8", "replace")
    return "".join("\ufffd" if unicodedata.category(ch) == "Cc" else ch for ch in text)


def discover(paths: Iterable[Path]) -> Discovery:
    """Collect the supported files under ``paths`` (folders and/or files).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for name in ("b/essay.txt", "a/essay.txt", "photo.jpg"):
    ...         (Path(folder) / name).parent.mkdir(exist_ok=True)
    ...         _ = (Path(folder) / name).write_text("text")
    ...     found = discover([Path(folder)])
    >>> [shown for _, shown in found.files], [e.reason for e in found.skipped]
    (['a/essay.txt', 'b/essay.txt'], ['unsupported file type .jpg'])
    """
    walker = _Walker()
    roots = list(dict.fromkeys(Path(os.path.abspath(p)) for p in paths))
    for root in roots:
        walker.add_root(root, prefix=len(roots) > 1)
    return walker.result()


class _Walker:
    def __init__(self) -> None:
        self.files: list[tuple[Path, str]] = []
        self.skipped: list[FileError] = []
        self.seen_dirs: set[tuple[int, int]] = set()
        self.seen_files: dict[tuple[int, int], str] = {}

    def skip(self, display: str, code: str, reason: str) -> None:
        self.skipped.append(FileError(display, code, reason))

    def add_root(self, root: Path, prefix: bool) -> None:
        label = printable(root.name or str(root))
        info = self._stat(root, label)
        if info is None:
            return
        if stat.S_ISDIR(info.st_mode):
            self._walk(root, label if prefix else "", info)
        else:
            self._consider(root, label, info)

    def _stat(self, path: Path | str, display: str) -> os.stat_result | None:
        """``stat`` following links; report broken links, loops and missing paths."""
        try:
            return os.stat(path)
        except FileNotFoundError:
            if os.path.islink(path):
                self.skip(display, "broken-link", "broken symbolic link")
            else:
                self.skip(display, "missing", "not found: it was moved or deleted")
        except PermissionError:
            self.skip(display, "unreadable", "permission denied: cannot read it")
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                self.skip(display, "link-loop", "symbolic link loop")
            else:
                self.skip(display, "unreadable", f"cannot read it: {exc.strerror or exc}")
        return None

    def _walk(self, folder: Path, display: str, info: os.stat_result) -> None:
        key = (info.st_dev, info.st_ino)
        if key in self.seen_dirs:
            self.skip(
                display or folder.name,
                "link-loop",
                "symbolic link to a folder that is already scanned (a loop or a duplicate)",
            )
            return
        self.seen_dirs.add(key)
        try:
            with os.scandir(folder) as iterator:
                entries = sorted(iterator, key=lambda e: os.fsencode(e.name))
        except PermissionError:
            self.skip(
                display or folder.name, "unreadable", "permission denied: cannot open the folder"
            )
            return
        except OSError as exc:
            self.skip(
                display or folder.name, "unreadable", f"cannot open the folder: {exc.strerror}"
            )
            return
        for entry in entries:
            name = entry.name
            if name.startswith(".") or name in _SILENT_NAMES:
                continue
            shown = f"{display}/{printable(name)}" if display else printable(name)
            path = Path(entry.path)
            if entry.is_symlink():
                child = self._stat(path, shown)
            else:
                try:
                    child = entry.stat(follow_symlinks=False)
                except OSError:
                    child = self._stat(path, shown)
            if child is None:
                continue
            if stat.S_ISDIR(child.st_mode):
                self._walk(path, shown, child)
            else:
                self._consider(path, shown, child)

    def _consider(self, path: Path, shown: str, info: os.stat_result) -> None:
        name = path.name
        if not stat.S_ISREG(info.st_mode):
            self.skip(shown, "unreadable", "not a regular file (device, pipe or socket)")
            return
        if name.startswith("~$"):
            self.skip(shown, "lock-file", "Office lock file (left while the document was open)")
            return
        suffix = path.suffix.lower()
        if suffix not in SUPPORTED_SUFFIXES:
            if suffix == ".doc":
                self.skip(shown, "old-doc", OLD_DOC_REASON)
            else:
                self.skip(
                    shown, "unsupported", f"unsupported file type {suffix or '(no extension)'}"
                )
            return
        key = (info.st_dev, info.st_ino)
        if key in self.seen_files:
            self.skip(shown, "duplicate", f"same file as {self.seen_files[key]} (a link to it)")
            return
        self.seen_files[key] = shown
        self.files.append((path, shown))

    def result(self) -> Discovery:
        files = sorted(self.files, key=lambda f: (f[1].casefold(), f[1], os.fsencode(f[0])))
        counts: Counter[str] = Counter()
        unique = []
        for path, shown in files:
            counts[shown] += 1
            unique.append((path, shown if counts[shown] == 1 else f"{shown} ({counts[shown]})"))
        skipped = sorted(self.skipped, key=lambda e: (e.path.casefold(), e.path, e.code))
        return Discovery(unique, skipped)
