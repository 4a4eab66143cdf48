"""Measuring how responsive the window stays: the event-loop stall meter.

A timer fires every ``interval_ms``; the largest gap between two firings, minus the
interval, is the longest time the GUI thread could not process events (a user would
see a frozen window for that long).

>>> from PySide6.QtCore import QCoreApplication
>>> app = QCoreApplication.instance() or QCoreApplication([])
>>> meter = StallMeter(interval_ms=10)
>>> meter.start(); meter.stop()
>>> meter.max_stall_ms >= 0.0
True
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, Qt, QTimer


class StallMeter(QObject):
    """Records the longest event-loop stall while running."""

    def __init__(self, interval_ms: int = 10, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.interval_ms = interval_ms
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._tick)
        self._last: float | None = None
        self.max_gap_ms = 0.0
        self.ticks = 0

    @property
    def max_stall_ms(self) -> float:
        """Longest gap beyond the timer interval, in milliseconds."""
        return max(0.0, self.max_gap_ms - self.interval_ms)

    def start(self) -> None:
        self._last = time.perf_counter()
        self.max_gap_ms = 0.0
        self.ticks = 0
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        self._tick()

    def _tick(self) -> None:
        now = time.perf_counter()
        if self._last is not None:
            self.max_gap_ms = max(self.max_gap_ms, (now - self._last) * 1000.0)
        self._last = now
        self.ticks += 1
