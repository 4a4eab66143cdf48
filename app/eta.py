"""Time-left estimate for the progress bar (pure, clock injected for tests).

The clock starts when the first file is done, not when the scan starts: starting the
workers and loading the segmenter take a second or two once, and counting them as the
first file's time promised "About 1:32 left" for a scan that took 2 seconds. An
estimate needs two more files done after that; until then there is none.

>>> t = iter([0.0, 2.5, 2.6, 2.7, 2.8])
>>> eta = TimeLeft(clock=lambda: next(t))
>>> eta.update(0, 40) is None   # nothing done yet
True
>>> eta.update(1, 40) is None   # the first file, after the start-up: the clock starts
True
>>> eta.update(2, 40) is None   # one more: not enough to go on
True
>>> round(eta.update(3, 40), 2)  # 0.1 s a file since the first: 37 more files
3.7
"""

from __future__ import annotations

import time
from collections.abc import Callable

MIN_ITEMS = 2  # files done after the first before an estimate is given


class TimeLeft:
    """Seconds left from the average time per file finished after the first."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._first: tuple[float, int] | None = None

    def reset(self) -> None:
        self._first = None

    def update(self, done: int, total: int) -> float | None:
        """Estimated seconds left, or ``None`` while there is nothing to go on."""
        now = self._clock()
        if done <= 0 or total <= 0:
            return None
        if self._first is None:
            self._first = (now, done)
            return None
        started, first = self._first
        if done - first < MIN_ITEMS:
            return None
        per_item = (now - started) / (done - first)
        return max(0.0, per_item * (total - done))


def format_seconds(seconds: float) -> str:
    """Short ``m:ss`` (or ``h:mm:ss``) text.

    >>> format_seconds(5.2), format_seconds(75), format_seconds(3725)
    ('0:05', '1:15', '1:02:05')
    """
    s = round(seconds)
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
