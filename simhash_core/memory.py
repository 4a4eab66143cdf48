"""Keeping a large scan's memory small: freed memory given back to the system between
stages, and the largest arrays held in a file the kernel maps in and out.

Reading 100,000 files leaves the parent process's heap full of holes: the buffers that
each result was unpickled or decoded through are freed, but glibc keeps the pages (on
the 100,000-file folder, 7.5 GB held for 5.4 GB of documents when they come from the
cache). The comparison that follows needs gigabytes of its own, so the scan hands the
free pages back first (:func:`give_back_free_memory`; elsewhere than glibc it does
nothing).

The documents' shingle hashes are the largest part of them (21 KB of an essay's 50 KB)
and are read in a few passes only: the class-wide common text and shared counts, then
the pairs being aligned. A :class:`MappedShelf` writes such arrays to one temporary
file and gives back read-only arrays over a memory map of it. A page read is in the process
only until :func:`drop_mapped_pages` (the passes call it as they go, and
:func:`give_back_free_memory` too); the next read takes it from the kernel's page cache,
or the disk. The file is removed from its folder at once: it is gone when the process
is, however it ends.

A cold scan of a large folder puts each document's arrays (its shingles, its units'
places, its sentences': 39 KB of an essay's 50 KB) on a shelf as the workers send them,
rather than its shingles alone at the end of the reading: they never wait in the heap,
which grew by 57 KB a file while the folder was read (1.2 GB on 20,920 files) and kept
those pages for the comparison. A large folder compared from the cache puts them there
one document at a time before the comparison (``scan._arrays_mapped``).

Python's cycle collector runs every few hundred new objects, and each of its oldest
passes goes through every object the process holds: while 100,000 documents come from
the cache, or a verdict of 10,000 pairs is decoded beside them, those passes cost more
than the decoding (two of a 10,000-file re-opening's eleven seconds). Such bulk reads
make no cycles, and pause the collector (:func:`collector_paused`).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import gc
import mmap
import os
import tempfile
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np


@functools.cache
def _trim() -> Callable[[int], int] | None:
    # the C library the process already has (no ctypes.util.find_library: on Linux it
    # runs /sbin/ldconfig, a child process in the middle of a scan)
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, TypeError):  # not glibc (or no such handle: Windows)
        return None


def give_back_free_memory() -> bool:
    """Return the heap's free pages to the system, and drop the pages of mapped copies
    read so far (:func:`drop_mapped_pages`); whether the heap could be asked (glibc).

    >>> isinstance(give_back_free_memory(), bool)
    True
    """
    drop_mapped_pages()
    trim = _trim()
    if trim is None:
        return False
    trim(0)
    return True


@contextlib.contextmanager
def collector_paused(*, keep: bool = False) -> Iterator[None]:
    """No cycle collection inside (for reads that make many objects and no cycles); the
    collector is on again after, if it was before. Objects are still freed as soon as
    they are unused: only garbage in cycles waits for the collector's next pass.

    With ``keep``, what the process holds on leaving (the documents just read, which a
    scan keeps to its end) is set aside from the collector's passes until
    :func:`kept_objects_released` (``gc.freeze``): each pass would otherwise go through
    all of them again, and passes over the objects of 20,920 documents re-opened from
    the cache took 1.4 of its 9 s. They are still freed when unused; only cycles among
    them wait for their release.

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    >>> with collector_paused(keep=True):
    ...     held = [[] for _ in range(10)]
    >>> gc.get_freeze_count() > 0
    True
    >>> kept_objects_released()
    >>> gc.get_freeze_count()
    0
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if keep:
                gc.freeze()
            gc.enable()


def kept_objects_released() -> None:
    """What :func:`collector_paused` set aside back under the collector (a new scan
    starts: the last scan's objects may be garbage now, cycles among them too)."""
    gc.unfreeze()


# the live maps of the shelves (a map lives while any of its arrays does)
_MAPS: weakref.WeakSet[mmap.mmap] = weakref.WeakSet()
_ALIGN = 64  # bytes: each array starts at a multiple of this in the file


def on_a_map(a: np.ndarray) -> bool:
    """Whether array ``a`` is held in a file mapped by a :class:`MappedShelf` (not in
    the heap).

    >>> import tempfile
    >>> on_a_map(np.arange(3)), on_a_map(MappedShelf(tempfile.gettempdir()).put(np.arange(3), "x"))
    (False, True)
    """
    base = getattr(a, "base", None)  # (a deferred array, not made yet, has none)
    while isinstance(base, (np.ndarray, memoryview)):
        base = base.obj if isinstance(base, memoryview) else base.base
    return isinstance(base, mmap.mmap) and base in _MAPS


SHELF_SEGMENT = 16 << 20  # bytes: a MappedShelf maps its file this much at a time


@dataclass
class _Segment:
    """A mapped part of a shelf's file: where it starts in the file, and how much of it
    is taken."""

    held: mmap.mmap
    start: int
    taken: int = 0


class MappedShelf:
    """Arrays put in a temporary file one by one, as they arrive, each given back as a
    read-only array over a memory map of it: for results that come over minutes (a
    large folder's, as the workers send them, or as the cache's are made one by one), so
    that none of them waits in the heap. A page read stays in the process until
    :func:`drop_mapped_pages`.

    Each kind of array has segments of the file of its own (:data:`SHELF_SEGMENT`
    bytes, mapped one at a time): a pass that reads one kind of every document (which
    shingles count, or the sentences' languages) brings in those pages only. Where
    kinds were mixed, it would bring in every page, for the kernel maps in the pages
    around one read (16 of them on Linux).

    A shelf that cannot write (no such folder, a full disk) gives every array back as
    it is, from then on.

    >>> import tempfile
    >>> shelf = MappedShelf(tempfile.gettempdir())
    >>> a = shelf.put(np.arange(4, dtype=np.uint64), "shingles")
    >>> b = shelf.put(np.array([[1.5, 2.0]]), "other")
    >>> a.tolist(), b.tolist(), a.flags.writeable, shelf.holding
    ([0, 1, 2, 3], [[1.5, 2.0]], False, True)
    >>> MappedShelf("/no/such/folder").put(np.arange(2), "shingles").flags.writeable
    True
    """

    def __init__(self, folder: Path | str) -> None:
        self._file: BinaryIO | None = None
        with contextlib.suppress(OSError):  # the shelf is closed until the scan ends
            self._file = tempfile.TemporaryFile(  # noqa: SIM115
                dir=folder, prefix="plagcheck-mapped-", buffering=0
            )
        self._end = 0  # of the file's segments
        self._segments: dict[str, _Segment] = {}  # each kind's segment being filled

    @property
    def holding(self) -> bool:
        """Whether arrays put here go to the file (it could be made and written)."""
        return self._file is not None

    def put(self, a: np.ndarray, kind: str) -> np.ndarray:
        """``a`` on the shelf, beside the arrays of its ``kind``: the same dtype, shape
        and values, read-only; ``a`` itself when it is empty or the shelf cannot
        write."""
        if self._file is None or a.nbytes == 0:
            return a
        n = -(-a.nbytes // _ALIGN) * _ALIGN
        try:
            seg = self._segments.get(kind)
            if seg is None or seg.taken + n > len(seg.held):
                seg = self._segments[kind] = self._next_segment(n)
            self._file.seek(seg.start + seg.taken)
            self._file.write(np.ascontiguousarray(a).data.cast("B"))
        except (OSError, ValueError):
            self._file.close()
            self._file = None
            return a
        out = np.frombuffer(seg.held, a.dtype, count=a.size, offset=seg.taken)
        seg.taken += n
        return out.reshape(a.shape)

    def _next_segment(self, n: int) -> _Segment:
        """The file's next :data:`SHELF_SEGMENT` bytes (more for an array larger),
        mapped."""
        assert self._file is not None
        grain = mmap.ALLOCATIONGRANULARITY
        start = self._end
        size = max(SHELF_SEGMENT, -(-n // grain) * grain)
        fd = self._file.fileno()
        _reserve(fd, start + size)
        if os.fstat(fd).st_size < start + size:  # no posix_fallocate: the map's length
            os.ftruncate(fd, start + size)
        held = mmap.mmap(fd, size, offset=start, access=mmap.ACCESS_READ)
        _MAPS.add(held)
        self._end = start + size
        return _Segment(held, start)


def _reserve(fd: int, size: int) -> None:
    """Take the file's disk space now: a full disk fails here, as an ``OSError``, not
    later, when the kernel writes the pages out and a page read from the map finds
    nothing behind it."""
    if not hasattr(os, "posix_fallocate"):  # Windows, macOS: written out at once
        return
    try:
        os.posix_fallocate(fd, 0, size)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.EOPNOTSUPP):  # a file system without it
            raise


DROP_EVERY = 2048  # documents: a class-wide pass drops the pages it read this often


def drop_mapped_pages(done: int | None = None) -> bool:
    """Drop the pages of the shelves' files that were read into this process's
    memory (they are read again when next used); whether it was asked to now.

    A pass over the documents passes how many it has ``done``: it drops them every
    :data:`DROP_EVERY` documents only. Nothing is held where no copies are mapped, and
    nothing is dropped where the system has no ``madvise`` (Windows trims them itself
    when memory runs low).

    >>> drop_mapped_pages(1), drop_mapped_pages(DROP_EVERY), drop_mapped_pages()
    (False, True, True)
    """
    if done is not None and done % DROP_EVERY:
        return False
    for held in list(_MAPS):
        if hasattr(held, "madvise") and not held.closed:
            held.madvise(mmap.MADV_DONTNEED)
    return True
