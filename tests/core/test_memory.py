"""Freed heap pages go back to the system between a scan's stages (glibc only)."""

from __future__ import annotations

import os
import platform

import pytest

from simhash_core.memory import give_back_free_memory


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
