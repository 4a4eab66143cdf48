"""Freed heap pages go back to the system between a scan's stages (glibc only)."""

from __future__ import annotations

import errno
import itertools
import mmap
import os
import platform

import numpy as np
import pytest

from simhash_core import memory
from simhash_core.memory import (
    MappedShelf,
    drop_mapped_pages,
    give_back_free_memory,
    on_a_map,
)
from simhash_core.store.cache import AnalysisCache
from tests.core.samples import PAN13, needs_samples


def _resident_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_freed_buffers_among_live_ones_are_given_back():
    """Buffers freed between ones still held (what reading thousands of results leaves)
    stay with the process until they are given back."""
    held = [bytes(4000) + bytes([i % 256]) for i in range(40_000)]  # 160 MB on the heap
    kept = held[::64]  # every 64th stays: the heap can't shrink from its top
    del held
    before = _resident_mb()
    assert give_back_free_memory()
    after = _resident_mb()
    assert before - after > 80, (before, after)
    assert len(kept) == 625


def test_a_shelf_holds_the_same_arrays_read_only(tmp_path):
    arrays = [
        np.array([i * 0x9E3779B97F4A7C15 % 2**64 for i in range(1000)], np.uint64),
        np.zeros(0, np.uint64),  # an empty document's: given back as it is
        np.array([[1.5, -2.0], [3.25, 4.0]]),
        np.array([True, False, True]),
        np.arange(7, dtype=">u4"),  # another byte order stays as it is
    ]
    shelf = MappedShelf(tmp_path)
    copies = [shelf.put(a, "x") for a in arrays]
    for a, c in zip(arrays, copies, strict=True):
        assert c.dtype == a.dtype and c.shape == a.shape
        assert np.array_equal(c, a)
        assert c.nbytes == 0 or (on_a_map(c) and not c.flags.writeable)
        assert c.ctypes.data % 8 == 0  # each one aligned in the file
    assert list(tmp_path.iterdir()) == []  # the file left its folder at once
    del arrays, shelf
    drop_mapped_pages()
    assert int(copies[0][999]) == 999 * 0x9E3779B97F4A7C15 % 2**64  # read again


def test_a_shelf_holds_arrays_put_one_by_one_across_its_segments(tmp_path, monkeypatch):
    """Arrays that arrive over time go to one file, mapped a segment at a time, each
    kind in segments of its own: one that does not fit its segment's rest starts the
    next, one larger than a segment gets a segment of its own size."""
    monkeypatch.setattr(memory, "SHELF_SEGMENT", mmap.ALLOCATIONGRANULARITY)
    rng = np.random.default_rng(3)
    arrays = [
        rng.integers(0, 2**63, int(k), dtype=np.uint64)
        for k in rng.integers(1, mmap.ALLOCATIONGRANULARITY // 8 // 3, 40)
    ]
    arrays += [rng.integers(0, 2**31, mmap.ALLOCATIONGRANULARITY, dtype=np.int32)]  # 4 segments
    arrays += [np.zeros(0, np.uint32), np.array([[1.5, -2.0]]), np.array([True, False])]
    shelf = MappedShelf(tmp_path)
    held = [shelf.put(a, "small" if a.nbytes < 512 else "large") for a in arrays]
    assert shelf.holding
    for a, h in zip(arrays, held, strict=True):
        assert h.dtype == a.dtype and h.shape == a.shape and np.array_equal(h, a)
        assert h.nbytes == 0 or (on_a_map(h) and not h.flags.writeable)
        assert h.ctypes.data % 8 == 0
    assert list(tmp_path.iterdir()) == []  # the file left its folder at once
    sums = [int(a.sum()) for a in arrays]
    del arrays, shelf  # the maps live while their arrays do
    drop_mapped_pages()
    assert [int(h.sum()) for h in held] == sums  # read again from the file


def test_a_shelf_keeps_each_kind_of_array_together(tmp_path):
    """A pass that reads one kind of every document reads those pages only: arrays of
    one kind follow each other in the file, whatever came between them."""
    shelf = MappedShelf(tmp_path)
    small, large = [], []
    for k in range(10):
        small.append(shelf.put(np.full(100, k, np.uint64), "languages"))  # 800 bytes
        large.append(shelf.put(np.full(1000, k, np.uint64), "shingles"))
    steps = {b.ctypes.data - a.ctypes.data for a, b in itertools.pairwise(small)}
    assert steps == {832}  # 800 bytes, aligned to 64
    assert {b.ctypes.data - a.ctypes.data for a, b in itertools.pairwise(large)} == {8000}
    assert [int(a[0]) for a in small] == list(range(10))


def test_a_shelf_that_cannot_write_gives_the_arrays_back(tmp_path, monkeypatch):
    a = np.arange(400)
    nowhere = MappedShelf(tmp_path / "missing")
    assert nowhere.put(a, "x") is a and not nowhere.holding

    def full(fd, offset, size):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(memory, "SHELF_SEGMENT", mmap.ALLOCATIONGRANULARITY)
    shelf = MappedShelf(tmp_path)
    kept = shelf.put(a, "x")
    big = np.arange(mmap.ALLOCATIONGRANULARITY, dtype=np.int64)  # a segment of its own
    monkeypatch.setattr(os, "posix_fallocate", full, raising=False)
    assert shelf.put(big, "x") is big and not shelf.holding  # a full disk: in the heap, as sent
    assert shelf.put(a, "x") is a
    assert on_a_map(kept) and kept.tolist() == a.tolist()  # what it held stays


@pytest.mark.skipif(not hasattr(mmap.mmap, "madvise"), reason="needs madvise")
@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads /proc")
def test_mapped_pages_read_leave_the_process_when_dropped(tmp_path, monkeypatch):
    """What a pass reads is in the process until dropped, then read again on demand."""
    rng = np.random.default_rng(7)
    arrays = [rng.integers(0, 2**63, 25_000, dtype=np.uint64) for _ in range(1000)]  # 200 MB
    sums = [int(a[::97].sum()) for a in arrays]
    shelf = MappedShelf(tmp_path)
    copies = [shelf.put(a, "pages") for a in arrays]
    del arrays, shelf
    give_back_free_memory()
    before = _resident_mb()
    assert [int(c[::97].sum()) for c in copies] == sums  # every page read once
    read = _resident_mb()
    assert read - before > 150, (before, read)
    assert drop_mapped_pages()
    dropped = _resident_mb()
    assert read - dropped > 150, (read, dropped)
    # a pass drops what it read every DROP_EVERY documents: never all of it held
    monkeypatch.setattr(memory, "DROP_EVERY", 100)
    highest = 0.0
    for done, c in enumerate(copies, start=1):
        int(c[::97].sum())
        drop_mapped_pages(done)
        highest = max(highest, _resident_mb())
    assert highest - dropped < 0.5 * (read - before), (dropped, highest)
    assert [int(c[::97].sum()) for c in copies] == sums


@needs_samples
def test_a_scan_with_its_shingles_mapped_gives_the_same_result(tmp_path, monkeypatch):
    """A large folder's shingles wait in a file in the cache's folder: every pair,
    score, passage and group stays the same."""
    from simhash_core import scan as scanning

    plain = scanning.scan([PAN13], isolate=False, cache=AnalysisCache(tmp_path / "a" / "c.db"))
    monkeypatch.setattr(scanning, "MAPPED_FROM", 1)
    mapped = scanning.scan([PAN13], isolate=False, cache=AnalysisCache(tmp_path / "b" / "c.db"))
    assert all(not d.shingle_seq.flags.writeable for d in mapped.documents)
    # the sentences too, put on the reading's shelf as each file's result came
    shelved = [
        a
        for d in mapped.documents
        for a in (d.sentences.word_ids, d.sentences.spans, d.usable, d.units.gaps)
        if a.nbytes
    ]
    assert len(shelved) >= len(mapped.documents) and all(on_a_map(a) for a in shelved)
    assert not any(on_a_map(d.sentences.word_ids) for d in plain.documents)
    assert all(d.shingle_seq.flags.writeable for d in plain.documents)
    assert [d.path for d in mapped.documents] == [d.path for d in plain.documents]
    for d, e in zip(mapped.documents, plain.documents, strict=True):
        assert np.array_equal(d.shingle_seq, e.shingle_seq)
    assert mapped.pairs == plain.pairs
    assert mapped.clusters == plain.clusters
    flagged = [(p.a, p.b) for p in plain.pairs if p.flagged]
    assert len(flagged) >= 10
    for a, b in flagged:
        assert mapped.corpus.passages(a, b) == plain.corpus.passages(a, b)
    assert not [p for p in (tmp_path / "b").iterdir() if "mapped" in p.name]  # none left
    assert _mapped_in(tmp_path / "b")  # where the mapped file was made: the cache's

    # without a cache: in the user's cache folder all the same (a disk, not memory)
    monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(tmp_path / "user"))
    uncached = scanning.scan([PAN13], isolate=False)
    assert uncached.pairs == plain.pairs
    assert not uncached.documents[0].shingle_seq.flags.writeable
    assert _mapped_in(tmp_path / "user")


def _mapped_in(folder) -> bool:
    """Whether a removed file of ``folder`` is mapped into this process (Linux; True
    where that cannot be seen)."""
    if not os.path.exists("/proc/self/maps"):
        return True
    with open("/proc/self/maps") as f:
        return any(f"{folder}/" in line and "(deleted)" in line for line in f)
