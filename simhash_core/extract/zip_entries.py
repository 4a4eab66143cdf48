"""ZIP files read in place: the submissions inside the ZIP a learning platform hands out.

A file inside a ZIP is named by a path below the ZIP's own path:
``/t/class.zip/Zhang San_123_assignsubmission_file_/essay.docx`` is the entry
``Zhang San_123_assignsubmission_file_/essay.docx`` of ``/t/class.zip`` (a ZIP inside
it: ``/t/class.zip/late.zip/essay.docx``). Nothing is ever written to disk: the
readers take an entry's bytes from :func:`read_source`, which also reads plain files.

Under the same rules as the parts of a DOCX (:mod:`.zip_parts`), all decided from the
ZIP's directory before anything is decompressed:

* **No zip-slip.** An entry named ``../x``, ``/etc/passwd`` or ``C:\\x`` is refused by
  name; an entry's path never leaves its ZIP.
* **No bombs.** A directory of more than :data:`MAX_ENTRIES` entries or
  :data:`MAX_DIRECTORY_BYTES` is refused before it is parsed; an entry larger than a
  submission can be, or compressed more than :attr:`ExtractLimits.max_docx_ratio`
  times (from 1 MB), is refused, and no entry is ever decompressed beyond the limit
  (sizes in the directory may lie).
* **Bounded nesting.** A ZIP inside a ZIP is opened, at most :data:`MAX_ZIP_DEPTH`
  ZIPs deep.
* **Encrypted or damaged entries** cost only themselves: each gets its own reason.

Entry names: a ZIP made on a Chinese Windows stores names in GBK without saying so
(no UTF-8 flag), which Python would read as CP437 mojibake. The names are taken from
the Info-ZIP Unicode path field when present, else decoded as UTF-8, GB18030 or Big5
when every such name of the ZIP decodes that way (and mostly as Chinese characters for
GB18030 and Big5), else as CP437.
"""

from __future__ import annotations

import io
import os
import re
import stat
import struct
import threading
import time
import zipfile
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from simhash_core.messages import Message

from .digest import content_hasher
from .errors import DEFAULT_LIMITS, MB, ExtractError, size_label

ZIP_SUFFIXES = frozenset({".zip"})
MAX_ZIP_DEPTH = 3  # ZIPs in a chain: a ZIP in a ZIP in the chosen ZIP
MAX_ENTRIES = 20_000  # of one chosen ZIP, the ZIPs inside it included
MAX_DIRECTORY_BYTES = 32 * MB
MAX_INNER_TOTAL = 1024 * MB  # the ZIPs inside one chosen ZIP, decompressed to list them
_UNICODE_PATH = 0x7075  # Info-ZIP Unicode path extra field
_UTF8_FLAG = 0x800
_ENCRYPTED_FLAG = 0x1
_DRIVE = re.compile(r"^[A-Za-z]:")


def is_zip_name(name: str) -> bool:
    """Whether a file of this name is opened as a ZIP of submissions."""
    return os.path.splitext(name)[1].lower() in ZIP_SUFFIXES


# --- opening ----------------------------------------------------------------------


def open_zip(source: Path | bytes) -> zipfile.ZipFile:
    """A ZIP file (a path or the bytes of a ZIP inside a ZIP), its directory checked
    for size before it is parsed."""
    try:
        stream = io.BytesIO(source) if isinstance(source, bytes) else open(source, "rb")  # noqa: SIM115
    except OSError as exc:
        raise _os_error(exc) from exc
    try:
        end = zipfile._EndRecData(stream)  # type: ignore[attr-defined]  # no public API
        if end is None:
            raise ExtractError("corrupt", Message.of("zip.bad-zip"))
        entries, size = end[zipfile._ECD_ENTRIES_TOTAL], end[zipfile._ECD_SIZE]  # type: ignore[attr-defined]
        if entries > MAX_ENTRIES or size > MAX_DIRECTORY_BYTES:
            raise ExtractError("too-large", Message.of("zip.too-many", limit=MAX_ENTRIES))
        stream.seek(0)
        return zipfile.ZipFile(stream)
    except ExtractError:
        stream.close()
        raise
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        ValueError,
        EOFError,
        OSError,
        struct.error,
        NotImplementedError,
    ) as exc:
        stream.close()
        raise ExtractError("corrupt", Message.of("zip.bad-zip")) from exc


def _os_error(exc: OSError) -> ExtractError:
    if isinstance(exc, PermissionError):
        return ExtractError("unreadable", Message.of("file.permission"))
    if isinstance(exc, FileNotFoundError):
        return ExtractError("missing", Message.of("file.gone"))
    return ExtractError("unreadable", Message.of("file.os-error", detail=exc.strerror or str(exc)))


# --- names ------------------------------------------------------------------------


def _raw_name(info: zipfile.ZipInfo) -> bytes:
    """The bytes of an entry's name as stored."""
    if info.flag_bits & _UTF8_FLAG:
        return info.orig_filename.encode("utf-8", "surrogateescape")
    return info.orig_filename.encode("cp437")


def _unicode_path(info: zipfile.ZipInfo, raw: bytes) -> str | None:
    """The name in the Info-ZIP Unicode path field (written by 7-Zip, WinRAR...)."""
    extra = info.extra
    at = 0
    while at + 4 <= len(extra):
        kind, size = struct.unpack_from("<HH", extra, at)
        body = extra[at + 4 : at + 4 + size]
        at += 4 + size
        if kind == _UNICODE_PATH and len(body) > 5 and body[0] == 1:
            if struct.unpack_from("<I", body, 1)[0] != zlib.crc32(raw):
                return None  # the name was changed since: the field is stale
            try:
                return body[5:].decode("utf-8")
            except UnicodeDecodeError:
                return None
    return None


def _han_share(text: str) -> float:
    wide = [ch for ch in text if ord(ch) > 127]
    han = sum(1 for ch in wide if "\u3400" <= ch <= "\u9fff" or ch in "·（）【】《》，。、－—")
    return han / len(wide) if wide else 0.0


def legacy_encoding(raw_names: list[bytes]) -> str:
    """How the names of a ZIP without the UTF-8 flag are encoded.

    >>> legacy_encoding(["作业/张三.docx".encode("gbk"), b"readme.txt"])
    'gb18030'
    >>> legacy_encoding(["Résumé.docx".encode("cp437")])
    'cp437'
    >>> legacy_encoding(["naïve.docx".encode("utf-8")])
    'utf-8'
    """
    wide = [r for r in raw_names if not r.isascii()]
    if not wide:
        return "cp437"
    for encoding, need_han in (("utf-8", False), ("gb18030", True), ("big5", True)):
        try:
            text = "".join(r.decode(encoding) for r in wide)
        except UnicodeDecodeError:
            continue
        if not need_han or _han_share(text) >= 0.9:
            return encoding
    return "cp437"


def clean_name(name: str) -> str | None:
    """An entry's name as a relative ``/`` path, or None if it would leave the ZIP
    (zip-slip: an absolute path, a drive, ``..``).

    >>> clean_name("a\\\\b/./c.docx"), clean_name("../../etc/passwd"), clean_name("/x")
    ('a/b/c.docx', None, None)
    >>> clean_name("a/C:/Windows/win.ini") is None
    True
    """
    name = name.replace("\\", "/")
    if name.startswith("/") or _DRIVE.match(name):
        return None
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if any(p == ".." or "\x00" in p or _DRIVE.match(p) for p in parts):
        return None  # "C:" inside a path would restart it at a drive on Windows
    return "/".join(parts)


@dataclass(frozen=True)
class Entries:
    """The entries of one ZIP by their clean names (files only), and the names refused
    as unsafe."""

    files: dict[str, zipfile.ZipInfo]
    unsafe: list[str]


def entries_of(archive: zipfile.ZipFile) -> Entries:
    """The entries of an open ZIP, named as the teacher's system would name them."""
    infos = archive.infolist()
    legacy = [_raw_name(i) for i in infos if not i.flag_bits & _UTF8_FLAG]
    encoding = legacy_encoding(legacy)
    files: dict[str, zipfile.ZipInfo] = {}
    unsafe: list[str] = []
    for info in infos:
        raw = _raw_name(info)
        name = _unicode_path(info, raw)
        if name is None:
            if info.flag_bits & _UTF8_FLAG:
                name = info.orig_filename
            else:
                try:
                    name = raw.decode(encoding)
                except UnicodeDecodeError:
                    name = raw.decode("cp437")
        clean = clean_name(name)
        if clean is None:
            unsafe.append(name)
            continue
        if name.endswith(("/", "\\")) or not clean:
            continue  # a folder
        files.setdefault(clean, info)
    return Entries(files, unsafe)


# --- the limits of one entry --------------------------------------------------------


def refusal(info: zipfile.ZipInfo, limit: int | None = None) -> ExtractError | None:
    """Why an entry is not read, decided from the directory alone; None if it may be."""
    limit = limit or DEFAULT_LIMITS.max_file_bytes
    if info.flag_bits & _ENCRYPTED_FLAG:
        return ExtractError("encrypted", Message.of("zip.encrypted"))
    if info.file_size > limit:
        return ExtractError(
            "too-large",
            Message.of("file.too-large", size=size_label(info.file_size), limit=size_label(limit)),
        )
    ratio = info.file_size / max(info.compress_size, 1)
    if info.file_size > MB and ratio > DEFAULT_LIMITS.max_docx_ratio:
        return ExtractError("too-large", Message.of("zip.bomb", size=size_label(info.file_size)))
    return None


def read_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int | None = None) -> bytes:
    """An entry's bytes, never decompressed beyond ``limit`` (its CRC checked)."""
    limit = limit or DEFAULT_LIMITS.max_file_bytes
    refused = refusal(info, limit)
    if refused is not None:
        raise refused
    try:
        with archive.open(info) as stream:
            data = stream.read(limit + 1)
    except NotImplementedError as exc:  # a compression Python lacks (Deflate64...)
        raise ExtractError("corrupt", Message.of("zip.method")) from exc
    except RuntimeError as exc:  # encrypted without saying so in its flags
        raise ExtractError("encrypted", Message.of("zip.encrypted")) from exc
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError) as exc:
        raise ExtractError("corrupt", Message.of("zip.bad-entry")) from exc
    if len(data) > limit:
        raise ExtractError("too-large", Message.of("zip.bomb", size=size_label(len(data))))
    if not data:
        raise ExtractError("empty", Message.of("file.empty"))
    return data


# --- an entry named by a path -------------------------------------------------------


def locate(path: Path) -> tuple[Path, tuple[str, ...]] | None:
    """For a path below a file (an entry of a ZIP): that file and the parts of the
    path below it; None for a path that is no such thing (a file, a missing file)."""
    path = Path(path)
    if os.path.lexists(path):
        return None
    rest: list[str] = []
    here = path
    while True:
        parent = here.parent
        if parent == here:
            return None
        rest.append(here.name)
        here = parent
        try:
            info = os.stat(here)
        except (FileNotFoundError, NotADirectoryError):
            continue
        except (OSError, ValueError):
            return None
        if stat.S_ISREG(info.st_mode):
            return here, tuple(reversed(rest))
        return None


class _Opened:
    """Open ZIPs kept for the next entries (a process reads many of one ZIP): at most
    a few, each checked against its file's ``stat`` before it is used again."""

    def __init__(self, size: int = 3) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.open: OrderedDict[tuple, tuple[zipfile.ZipFile, Entries]] = OrderedDict()

    def get(self, key: tuple, make) -> tuple[zipfile.ZipFile, Entries]:
        with self.lock:
            if key in self.open:
                self.open.move_to_end(key)
                return self.open[key]
        archive = make()
        found = (archive, entries_of(archive))
        with self.lock:
            self.open[key] = found
            while len(self.open) > self.size:
                _, (old, _) = self.open.popitem(last=False)
                old.close()
        return found

    def clear(self) -> None:
        with self.lock:
            for archive, _ in self.open.values():
                archive.close()
            self.open.clear()


_OPENED = _Opened()


def close_zips() -> None:
    """Close the ZIPs kept open (so that the teacher may move or delete them)."""
    _OPENED.clear()


def _container(path: Path) -> tuple[zipfile.ZipFile, Entries]:
    try:
        info = os.stat(path)
    except OSError as exc:
        raise _os_error(exc) from exc
    key = (str(path), info.st_size, info.st_mtime_ns, info.st_ino)
    return _OPENED.get(key, lambda: open_zip(path))


def _entry(path: Path) -> tuple[zipfile.ZipInfo, zipfile.ZipInfo, zipfile.ZipFile]:
    """The entry a path below a ZIP names: its info, the info of the chosen ZIP's entry
    that holds it (itself, or the ZIP inside that holds it), and its open ZIP."""
    located = locate(path)
    if located is None:
        raise ExtractError("missing", Message.of("file.gone"))
    container, parts = located
    if not is_zip_name(container.name):
        raise ExtractError("missing", Message.of("file.gone"))
    archive, entries = _container(container)
    outer: zipfile.ZipInfo | None = None
    chain: tuple[str, ...] = (str(container),)
    for depth in range(1, MAX_ZIP_DEPTH + 1):
        whole = "/".join(parts)
        if whole in entries.files:
            info = entries.files[whole]
            return info, outer or info, archive
        for k in range(1, len(parts)):
            prefix = "/".join(parts[:k])
            if prefix in entries.files and is_zip_name(prefix) and depth < MAX_ZIP_DEPTH:
                inner = entries.files[prefix]
                outer = outer or inner
                chain = (*chain, prefix, f"{inner.CRC:08x}:{inner.file_size}")
                holder = archive
                archive, entries = _OPENED.get(
                    chain, lambda h=holder, i=inner: open_zip(read_entry(h, i))
                )
                parts = parts[k:]
                break
        else:
            break
    raise ExtractError("missing", Message.of("file.gone"))


def is_member(path: Path) -> bool:
    """Whether ``path`` names an entry of a ZIP (a path below a ``.zip`` file)."""
    located = locate(path)
    return located is not None and is_zip_name(located[0].name)


def read_member(path: Path, limit: int | None = None) -> bytes:
    """The bytes of the ZIP entry ``path`` names (see :func:`locate`)."""
    info, _, archive = _entry(path)
    return read_entry(archive, info, limit)


def member_signature(path: Path) -> str:
    """What must stay equal for an entry's stored content hash to be trusted: the CRC
    and sizes of the entry of the chosen ZIP that holds it (its path names the rest)."""
    _, outer, _ = _entry(path)
    return f"zip:{outer.CRC:08x}:{outer.file_size}:{outer.compress_size}"


def member_mtime(path: Path) -> float:
    """An entry's time, as unzipping would give the file (the ZIP stores local time)."""
    info, _, _ = _entry(path)
    try:
        return time.mktime((*info.date_time, 0, 0, -1))
    except (OverflowError, ValueError):
        return 0.0


def member_digest(path: Path) -> str:
    """The content hash of an entry's bytes (as of the same file unzipped)."""
    h = content_hasher()
    h.update(read_member(path))
    return h.hexdigest()
