"""Time-left estimate for the progress bar (pure, clock injected for tests).

>>> t = iter([0.0, 2.0, 4.0])
>>> eta = TimeLeft(clock=lambda: next(t))
>>> eta.update(0, 10) is None   # nothing done yet: no estimate
True
>>> eta.update(1, 10)           # first file done after 2 s: 9 more files
18.0
>>> eta.update(2, 10)
16.0
"""

from __future__ import annotations

import time
from collections.abc import Callable


class TimeLeft:
    """Seconds left from the average time per finished item since the first update."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._started: float | None = None

    def reset(self) -> None:
        self._started = None

    def update(self, done: int, total: int) -> float | None:
        """Estimated seconds left, or ``None`` while there is nothing to go on."""
        now = self._clock()
        if self._started is None:
            self._started = now
        if done <= 0 or total <= 0:
            return None
        per_item = (now - self._started) / done
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
