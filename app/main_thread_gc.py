"""Cyclic garbage collected on the GUI thread only.

Python's cyclic collector runs in whichever thread happens to allocate when a
generation fills up. When that is a background thread (a scan, the fingerprint-bits
computation) and the garbage holds Qt wrappers, their C++ objects are destroyed off the
GUI thread, and Qt crashes ("Fatal Python error: Segmentation fault ... Garbage-
collecting" in a worker thread's stack). So the automatic collector is turned off and a
timer on the GUI thread runs the same generational collections, by the same counts.
"""

from __future__ import annotations

import gc

import shiboken6
from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 250


class MainThreadCollector(QObject):
    """Runs :func:`gc.collect` from the thread it lives in, when the counts say so."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)
        gc.disable()

    def check(self) -> None:
        counts = gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] > self.thresholds[generation]:
                gc.collect(generation)
                return


_collector: MainThreadCollector | None = None


def collect_on_this_thread(owner: QObject) -> MainThreadCollector:
    """Turn the automatic collector off and collect from ``owner``'s thread (the
    application object: the GUI thread). One collector per application object."""
    global _collector
    if _collector is None or not shiboken6.isValid(_collector) or _collector.parent() is not owner:
        _collector = MainThreadCollector(owner)  # the first, or its application was deleted
    gc.disable()
    return _collector
