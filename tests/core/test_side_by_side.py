"""The preparation and the meaning layer run side by side (comparison.side_by_side)."""

from __future__ import annotations

import threading
import time

import pytest

from simhash_core.compare.comparison import PREPARED, side_by_side
from simhash_core.progress import Cancelled, Progress


def _waits_for_cancel(progress: Progress, started: threading.Event) -> str:
    started.set()
    for _ in range(500):  # 5 s at most
        progress.check()
        time.sleep(0.01)
    return "never cancelled"


def test_both_results_come_back_and_the_bar_starts_at_the_preparations_end() -> None:
    seen: list[tuple[int, int]] = []
    progress = Progress(lambda r: seen.append((r.done, r.total)) or True)
    ran_in: list[str] = []

    def second() -> int:
        ran_in.append(threading.current_thread().name)
        return 2

    assert side_by_side(lambda: 1, second, progress) == (1, 2)
    assert seen[0] == (int(PREPARED * 1000), 1000)
    assert ran_in[0].startswith("meaning-layer")


def test_a_fault_in_the_preparation_stops_the_thread_and_is_raised() -> None:
    progress = Progress()
    started = threading.Event()

    def broken() -> None:
        started.wait(5)
        raise ValueError("a fault")

    t0 = time.perf_counter()
    with pytest.raises(ValueError, match="a fault"):
        side_by_side(broken, lambda: _waits_for_cancel(progress, started), progress)
    assert time.perf_counter() - t0 < 2  # the thread was stopped, not waited out
    assert not progress.cancelled  # the next step is not taken for cancelled


def test_a_cancel_stops_both_and_stays_a_cancel() -> None:
    progress = Progress()
    started = threading.Event()

    def preparing() -> None:
        started.wait(5)
        progress.cancel()  # as the user's button does
        progress.check()

    with pytest.raises(Cancelled):
        side_by_side(preparing, lambda: _waits_for_cancel(progress, started), progress)
    assert progress.cancelled


def test_a_cancel_in_the_meaning_layer_is_raised_after_the_preparation() -> None:
    progress = Progress()

    def meaning() -> None:
        progress.cancel()
        progress.check()

    with pytest.raises(Cancelled):
        side_by_side(lambda: time.sleep(0.05), meaning, progress)
