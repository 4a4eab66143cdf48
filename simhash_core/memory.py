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
the pairs being aligned. :func:`mapped_copies` writes such arrays to one temporary file
and gives back read-only arrays over a memory map of it. A page read is in the process
only until :func:`drop_mapped_pages` (the passes call it as they go, and
:func:`give_back_free_memory` too); the next read takes it from the kernel's page cache,
or the disk. The file is removed from its folder at once: it is gone when the process
is, however it ends.

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
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

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
def collector_paused() -> Iterator[None]:
    """No cycle collection inside (for reads that make many objects and no cycles); the
    collector is on again after, if it was before. Objects are still freed as soon as
    they are unused: only garbage in cycles waits for the collector's next pass.

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


# the live maps of mapped_copies (a map lives while any of its arrays does)
_MAPS: weakref.WeakSet[mmap.mmap] = weakref.WeakSet()
_ALIGN = 64  # bytes: each array starts at a multiple of this in the file


def mapped_copies(arrays: Sequence[np.ndarray], folder: Path | str) -> list[np.ndarray] | None:
    """Read-only copies of ``arrays`` (same dtypes and shapes), held in one temporary
    file in ``folder`` and mapped into memory; ``None`` when that file cannot be made or
    written (the folder is missing or read-only, the disk is full): keep the arrays.

    ``folder`` should be on a disk (a cache folder): in a RAM-backed ``/tmp`` the copies
    would take the same memory, counted elsewhere.

    >>> import tempfile
    >>> a, b = np.arange(5, dtype=np.uint64), np.array([[1.5, 2.0]])
    >>> a2, b2 = mapped_copies([a, b], tempfile.gettempdir())
    >>> a2.tolist(), b2.tolist(), a2.dtype, b2.shape, a2.flags.writeable
    ([0, 1, 2, 3, 4], [[1.5, 2.0]], dtype('uint64'), (1, 2), False)
    """
    places = []
    end = 0
    for a in arrays:
        places.append(end)
        end += -(-a.nbytes // _ALIGN) * _ALIGN
    if end == 0:  # nothing to hold (an empty file cannot be mapped)
        return [np.array(a, copy=True) for a in arrays]
    try:
        with tempfile.TemporaryFile(dir=folder, prefix="plagcheck-mapped-") as f:
            _reserve(f.fileno(), end)
            at = 0
            for a, start in zip(arrays, places, strict=True):
                f.write(bytes(start - at))  # to the array's aligned start
                f.write(np.ascontiguousarray(a).data.cast("B"))
                at = start + a.nbytes
            f.write(bytes(end - at))
            f.flush()
            held = mmap.mmap(f.fileno(), end, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    _MAPS.add(held)
    return [
        np.frombuffer(held, a.dtype, count=a.size, offset=at).reshape(a.shape)
        for a, at in zip(arrays, places, strict=True)
    ]


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
    """Drop the pages of :func:`mapped_copies` that were read from this process's
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
