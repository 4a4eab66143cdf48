"""Find the submissions under the folders and files a teacher picked.

:func:`discover` walks folders (iteratively, so any depth is safe) and returns the
supported files with a display path, plus a list of what it skipped and why.

Decisions:

- **Nothing outside the chosen folders is read.** A symbolic link is followed only when
  it resolves to a place under one of the folders (or to one of the files) the teacher
  picked; a link to ``/etc/passwd``, another user's home or ``/`` is skipped as
  ``link-outside``. Inside, links are followed but no folder is entered twice, so link
  loops cannot hang the walk.
- Folders nested deeper than :data:`MAX_DEPTH` below a chosen folder are not entered;
  the folder at the limit gets one ``too-deep`` row.
- Display paths use ``/`` and are relative to the root folder they were found under.
  With several roots each display path starts with its root folder's name; a file
  given directly is shown by its name. A display path is printable text (see
  :func:`printable`), while the real ``Path`` is kept. Should two display paths still
  coincide, the later ones get `` (2)``, `` (3)``...
- Names that are never submissions (``.DS_Store``, ``.git``, ``__MACOSX``,
  ``Thumbs.db``...) are skipped silently. Every other hidden name (``.essay.txt``, a file
  named just ``.docx``, a ``.drafts`` folder) is listed in ``skipped`` as ``hidden``, and
  Office lock files (``~$essay.docx``) as ``lock-file``: their names look like
  submissions, so the teacher must see that they were not compared.
- The same file reached twice (a symbolic or hard link, overlapping roots) is kept once;
  the other copy is skipped as ``duplicate`` so that it is not compared with itself.
- Pipes, sockets and devices are skipped without being opened.
- **A ZIP is a folder.** Its entries are listed in place, under the same rules (and
  those of :mod:`simhash_core.extract.zip_entries`: no name leaving the ZIP, sizes and
  counts checked, ZIPs inside it opened a few levels deep, encrypted entries listed as
  such); an entry's path is the ZIP's path and the entry's name below it. A ZIP chosen
  on its own is shown like a folder chosen on its own: its entries by their names.
- A Blackboard receipt (``<assignment>_<user>_attempt_<date>.txt``) is the platform's,
  not the student's: skipped as ``receipt``; so is a plagcheck HTML report left in the
  folder (``report``).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import unicodedata
import zipfile
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from simhash_core.extract import SUPPORTED_SUFFIXES, unsupported_reason
from simhash_core.extract.errors import ExtractError
from simhash_core.extract.zip_entries import (
    MAX_ENTRIES,
    MAX_INNER_TOTAL,
    MAX_ZIP_DEPTH,
    entries_of,
    is_zip_name,
    open_zip,
    read_entry,
    refusal,
)
from simhash_core.messages import Message
from simhash_core.types import FileError

MAX_DEPTH = 100  # folders below a chosen folder; school exports are a few levels deep
# never submissions: system, version-control and desktop metadata
_SILENT_NAMES = {
    "__MACOSX",
    "Thumbs.db",
    "desktop.ini",
    "$RECYCLE.BIN",
    "System Volume Information",
    ".DS_Store",
    ".localized",
    ".directory",
    ".git",
    ".svn",
    ".hg",
    ".Trashes",
    ".Spotlight-V100",
    ".fseventsd",
    ".TemporaryItems",
    ".DocumentRevisions-V100",
}
OUTSIDE_REASON = Message.of("skip.link-outside")
# Blackboard's receipt beside a student's files: "<assignment>_<user>_attempt_<date>.txt"
BLACKBOARD_RECEIPT = re.compile(r"^.+_[^_]+_attempt_\d{4}(?:-\d{2}){5}\.txt$", re.IGNORECASE)
_OWN_REPORT = re.compile(rb"<title>[^<]* \xc2\xb7 plagcheck</title>")  # its HTML report


@dataclass(frozen=True)
class Discovery:
    """Supported files as ``(absolute path, display path)`` sorted by display path, and
    the files that were skipped, with reasons (``FileError.path`` is a display path)."""

    files: list[tuple[Path, str]] = field(default_factory=list)
    skipped: list[FileError] = field(default_factory=list)
    # the ZIPs opened: (path, display path of its entries' folder, "" for a chosen ZIP)
    zips: list[tuple[Path, str]] = field(default_factory=list)


def printable(name: str) -> str:
    """A file name as printable text that shows what it really is.

    Undecodable bytes and control characters become U+FFFD; invisible format
    characters (the right-to-left override that makes ``x\\u202etxt.exe`` display as
    ``xexe.txt``, direction marks and isolates, zero-width characters) and line
    separators are shown escaped as ``<U+202E>``.

    >>> printable("essay\\udcff.txt"), printable("a\\nb")
    ('essay\\ufffd.txt', 'a\\ufffdb')
    >>> printable("x\\u202etxt.exe")
    'x<U+202E>txt.exe'
    """
    text = os.fsencode(name).decode("utf-8", "replace")
    if text.isprintable():
        return text
    out = []
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Cc":
            out.append("\ufffd")
        elif category in ("Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            out.append(f"<U+{ord(ch):04X}>")
        else:
            out.append(ch)
    return "".join(out)


def discover(paths: Iterable[Path]) -> Discovery:
    """Collect the supported files under ``paths`` (folders and/or files).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for name in ("b/essay.txt", "a/essay.txt", "clip.mp4", ".draft.txt"):
    ...         (Path(folder) / name).parent.mkdir(exist_ok=True)
    ...         _ = (Path(folder) / name).write_text("text")
    ...     found = discover([Path(folder)])
    >>> [shown for _, shown in found.files]
    ['a/essay.txt', 'b/essay.txt']
    >>> [(e.path, e.code) for e in found.skipped]
    [('.draft.txt', 'hidden'), ('clip.mp4', 'unsupported')]
    """
    roots = list(dict.fromkeys(Path(os.path.abspath(p)) for p in paths))
    walker = _Walker(roots)
    for root in roots:
        walker.add_root(root, prefix=len(roots) > 1)
    return walker.result()


def _within(real: str, folders: Iterable[str]) -> bool:
    """Whether the resolved path ``real`` is one of ``folders`` or lies below one."""
    for folder in folders:
        if real == folder or real.startswith(folder.rstrip(os.sep) + os.sep):
            return True
    return False


class _Walker:
    def __init__(self, roots: list[Path]) -> None:
        self.files: list[tuple[Path, str]] = []
        self.skipped: list[FileError] = []
        self.zips: list[tuple[Path, str]] = []
        self.seen_dirs: set[tuple[int, int]] = set()
        self.seen_files: dict[tuple[int, int], str] = {}
        # where links may lead: the chosen folders and files, resolved
        self.allowed_folders: list[str] = []
        self.allowed_files: set[str] = set()
        for root in roots:
            real = os.path.realpath(root)
            if os.path.isdir(real):
                self.allowed_folders.append(real)
            else:
                self.allowed_files.add(real)

    def skip(self, display: str, code: str, reason: Message) -> None:
        self.skipped.append(FileError(display, code, reason))

    def add_root(self, root: Path, prefix: bool) -> None:
        label = printable(root.name or str(root))
        info = self._stat(root, label)
        if info is None:
            return
        if stat.S_ISDIR(info.st_mode):
            self._walk(root, label if prefix else "", info)
        elif stat.S_ISREG(info.st_mode) and is_zip_name(root.name):
            self._zip(root, label, info, label if prefix else "")
        else:
            self._consider(root, label, info)

    def _stat(self, path: Path | str, display: str) -> os.stat_result | None:
        """``stat`` following links; report broken links, loops and missing paths."""
        try:
            return os.stat(path)
        except FileNotFoundError:
            if os.path.islink(path):
                self.skip(display, "broken-link", Message.of("skip.broken-link"))
            else:
                self.skip(display, "missing", Message.of("skip.gone"))
        except PermissionError:
            self.skip(display, "unreadable", Message.of("skip.permission"))
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                self.skip(display, "link-loop", Message.of("skip.link-loop"))
            else:
                self.skip(
                    display,
                    "unreadable",
                    Message.of("skip.os-error", detail=str(exc.strerror or exc)),
                )
        return None

    def _inside(self, path: Path) -> bool:
        """Whether a symbolic link at ``path`` resolves to a chosen place."""
        real = os.path.realpath(path)
        return real in self.allowed_files or _within(real, self.allowed_folders)

    def _enter(self, folder: Path, display: str, info: os.stat_result) -> Iterator | None:
        """The sorted entries of a folder not seen before, or None (with a row why)."""
        key = (info.st_dev, info.st_ino)
        if key in self.seen_dirs:
            self.skip(
                display or folder.name,
                "link-loop",
                Message.of("skip.folder-loop"),
            )
            return None
        self.seen_dirs.add(key)
        try:
            with os.scandir(folder) as iterator:
                entries = sorted(iterator, key=lambda e: os.fsencode(e.name))
        except PermissionError:
            self.skip(display or folder.name, "unreadable", Message.of("skip.folder-permission"))
            return None
        except OSError as exc:
            self.skip(
                display or folder.name,
                "unreadable",
                Message.of("skip.folder-error", detail=str(exc.strerror or exc)),
            )
            return None
        return iter(entries)

    def _walk(self, root: Path, display: str, info: os.stat_result) -> None:
        """Depth-first, in sorted order, with an explicit stack (no recursion limit)."""
        first = self._enter(root, display, info)
        if first is None:
            return
        stack: list[tuple[Iterator, str]] = [(first, display)]
        while stack:
            entries, folder_shown = stack[-1]
            entry = next(entries, None)
            if entry is None:
                stack.pop()
                continue
            name = entry.name
            if name in _SILENT_NAMES:
                continue
            shown = f"{folder_shown}/{printable(name)}" if folder_shown else printable(name)
            path = Path(entry.path)
            link = entry.is_symlink()
            if link and not self._inside(path):
                if os.path.lexists(path) and not os.path.exists(path):
                    self._stat(path, shown)  # broken or looping: say which
                else:
                    self.skip(shown, "link-outside", OUTSIDE_REASON)
                continue
            if link:
                child = self._stat(path, shown)
            else:
                try:
                    child = entry.stat(follow_symlinks=False)
                except OSError:
                    child = self._stat(path, shown)
            if child is None:
                continue
            is_dir = stat.S_ISDIR(child.st_mode)
            if name.startswith("."):
                what = Message.of("skip.hidden-folder" if is_dir else "skip.hidden-file")
                self.skip(shown, "hidden", what)
                continue
            if not is_dir:
                self._consider(path, shown, child)
            elif len(stack) > MAX_DEPTH:
                self.skip(
                    shown,
                    "too-deep",
                    Message.of("skip.too-deep", depth=MAX_DEPTH),
                )
            else:
                inner = self._enter(path, shown, child)
                if inner is not None:
                    stack.append((inner, shown))

    def _consider(self, path: Path, shown: str, info: os.stat_result) -> None:
        name = path.name
        if not stat.S_ISREG(info.st_mode):
            self.skip(shown, "unreadable", Message.of("file.special"))
            return
        if name.startswith("~$"):
            self.skip(shown, "lock-file", Message.of("skip.lock-file"))
            return
        suffix = path.suffix.lower()
        if is_zip_name(name):
            self._zip(path, shown, info, shown)
            return
        if not self._submission(shown, name):
            return
        if suffix in (".html", ".htm") and self._own_report(path):
            self.skip(shown, "report", Message.of("skip.own-report"))
            return
        if self._seen(shown, info):
            return
        self.files.append((path, shown))

    def _seen(self, shown: str, info: os.stat_result) -> bool:
        """Whether the file was reached before (a link, overlapping roots): then skipped."""
        key = (info.st_dev, info.st_ino)
        if key in self.seen_files:
            self.skip(shown, "duplicate", Message.of("skip.duplicate", path=self.seen_files[key]))
            return True
        self.seen_files[key] = shown
        return False

    def _submission(self, shown: str, name: str) -> bool:
        """Whether a file's name makes it a submission to read (else a row says why not)."""
        suffix = os.path.splitext(name)[1].lower()
        if suffix not in SUPPORTED_SUFFIXES:
            self.skip(shown, "unsupported", unsupported_reason(suffix))
            return False
        if BLACKBOARD_RECEIPT.match(name):
            self.skip(shown, "receipt", Message.of("skip.receipt"))
            return False
        return True

    @staticmethod
    def _own_report(path: Path) -> bool:
        try:
            with open(path, "rb") as stream:
                return bool(_OWN_REPORT.search(stream.read(4096)))
        except OSError:
            return False  # the reader says why

    def _zip(self, path: Path, shown: str, info: os.stat_result, base: str) -> None:
        """The entries of a ZIP found at ``path`` (shown as ``shown``), their display
        paths below ``base``."""
        if self._seen(shown, info):
            return
        try:
            archive = open_zip(path)
        except ExtractError as exc:
            self.skip(shown, exc.code, exc.reason)
            return
        with archive:
            if _is_package(archive):  # a DOCX, PPTX or ODT named .zip: a document
                self.files.append((path, shown))
                return
            self.zips.append((path, base))
            self._entries(archive, path, shown, base, 1, _Budget())

    def _entries(
        self,
        archive: zipfile.ZipFile,
        path: Path,
        shown_zip: str,
        base: str,
        depth: int,
        budget: _Budget,
    ) -> None:
        """The entries of one open ZIP (``depth`` ZIPs deep)."""
        entries = entries_of(archive)

        def shown_of(name: str) -> str:
            inner = "/".join(printable(p) for p in name.split("/"))
            return f"{base}/{inner}" if base else inner

        for name in entries.unsafe:
            self.skip(
                shown_of(name.replace("\\", "/").lstrip("/")),
                "unsafe-name",
                Message.of("zip.unsafe-name"),
            )
        folders = {n.rsplit("/", 1)[0] for n in entries.files if "/" in n}
        reported: set[str] = set()
        for name in sorted(entries.files, key=lambda n: n.encode("utf-8", "surrogatepass")):
            budget.entries += 1
            if budget.entries > MAX_ENTRIES:
                self.skip(shown_zip, "too-large", Message.of("zip.too-many", limit=MAX_ENTRIES))
                return
            info = entries.files[name]
            parts = name.split("/")
            if any(p in _SILENT_NAMES for p in parts):
                continue
            shown = shown_of(name)
            hidden = next((k for k, p in enumerate(parts) if p.startswith(".")), None)
            if hidden is not None:
                if hidden == len(parts) - 1:
                    self.skip(shown, "hidden", Message.of("skip.hidden-file"))
                elif (folder := "/".join(parts[: hidden + 1])) not in reported:
                    reported.add(folder)
                    self.skip(shown_of(folder), "hidden", Message.of("skip.hidden-folder"))
                continue
            if len(parts) > MAX_DEPTH:
                self.skip(shown, "too-deep", Message.of("skip.too-deep", depth=MAX_DEPTH))
                continue
            member = Path(path, *parts)
            if parts[-1].startswith("~$"):
                self.skip(shown, "lock-file", Message.of("skip.lock-file"))
                continue
            if is_zip_name(name) and name not in folders:
                self._inner_zip(archive, info, member, shown, depth, budget)
                continue
            if not self._submission(shown, parts[-1]):
                continue
            refused = refusal(info)
            if refused is not None:
                self.skip(shown, refused.code, refused.reason)
                continue
            self.files.append((member, shown))

    def _inner_zip(
        self,
        archive: zipfile.ZipFile,
        info: zipfile.ZipInfo,
        member: Path,
        shown: str,
        depth: int,
        budget: _Budget,
    ) -> None:
        """A ZIP inside a ZIP: opened in memory, at most :data:`MAX_ZIP_DEPTH` deep."""
        if depth >= MAX_ZIP_DEPTH:
            self.skip(shown, "too-deep", Message.of("zip.too-deep", depth=MAX_ZIP_DEPTH))
            return
        if budget.inner + info.file_size > MAX_INNER_TOTAL:
            self.skip(shown, "too-large", Message.of("zip.too-many", limit=MAX_ENTRIES))
            return
        try:
            data = read_entry(archive, info)
            inner = open_zip(data)
        except ExtractError as exc:
            self.skip(shown, exc.code, exc.reason)
            return
        budget.inner += len(data)
        with inner:
            if _is_package(inner):
                self.files.append((member, shown))
            else:
                self._entries(inner, member, shown, shown, depth + 1, budget)

    def result(self) -> Discovery:
        files = sorted(self.files, key=lambda f: (f[1].casefold(), f[1], os.fsencode(f[0])))
        counts: Counter[str] = Counter()
        unique = []
        for path, shown in files:
            counts[shown] += 1
            unique.append((path, shown if counts[shown] == 1 else f"{shown} ({counts[shown]})"))
        skipped = sorted(self.skipped, key=lambda e: (e.path.casefold(), e.path, e.code))
        return Discovery(unique, skipped, self.zips)


@dataclass
class _Budget:
    """What one chosen ZIP has cost so far: entries listed, bytes of inner ZIPs read."""

    entries: int = 0
    inner: int = 0


def _is_package(archive: zipfile.ZipFile) -> bool:
    """Whether a ZIP is an office document (DOCX, PPTX, ODT...), not a ZIP of files."""
    names = set(archive.namelist())
    return "[Content_Types].xml" in names or "mimetype" in names
