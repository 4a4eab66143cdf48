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


def keep_out_of_collections() -> None:
    """Leave the objects alive now out of every later collection (``gc.freeze``); safe
    from any thread (nothing is collected, so no Qt wrapper is destroyed here).

    Called when a scan result is made (in the scan thread) and again when it is shown:
    its documents, pairs and passages are about 190,000 objects that live until the
    next result, and a full collection walking them held the window 150 ms (more
    under load) each time the counts asked for one. They are still freed by reference
    counting when the next result replaces them; only reference cycles among them would
    be kept, and a result holds none (plain data: documents, pairs, arrays)."""
    gc.freeze()


def settle() -> None:
    """:func:`keep_out_of_collections`, on the GUI thread, after collecting the young
    garbage (a result is about to be shown)."""
    gc.collect(0)
    keep_out_of_collections()
