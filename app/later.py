"""Work done a piece per turn of the event loop, so the window repaints in between.

Showing a large result is a few pieces of work on the GUI thread (fitting the pairs
table's columns, filling and opening the groups list). Run back to back, or as several
timers due at once (Qt fires every due timer in one pass), they add up to one long
freeze; queued here, one piece runs per turn, and input and painting go on between.

A piece has a key: queuing a key again replaces the piece not yet run (the newer
result's layout replaces the older one's). A piece whose owner was deleted is skipped.

A piece that starts a job in a worker thread is queued ``last``: it runs once no other
piece waits. A job computing in Python shares the interpreter's lock with the GUI
thread, and every call Qt makes into Python has to wait for it: the pieces that lay out
a large result took two to four times as long beside the matrix and students jobs
(the pairs table's column fitting 53 ms alone, 210 ms beside them).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer

TURN_MS = 10  # between two pieces of work


class TurnQueue(QObject):
    """Runs one queued call per turn of the event loop, in the order queued."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs: dict[Hashable, tuple[QObject, Callable[[], None]]] = {}
        self._last: dict[Hashable, tuple[QObject, Callable[[], None]]] = {}
        self._timer = QTimer(self)
        # not 0: a zero timer may fire again in the same pass as the timers due, and
        # events, painting and timers due (a stall probe's too) go first this way
        self._timer.setInterval(TURN_MS)
        self._timer.timeout.connect(self._run_one)

    def add(
        self, key: Hashable, owner: QObject, call: Callable[[], None], *, last: bool = False
    ) -> None:
        """Run ``call`` on a later turn (replacing a call under ``key`` not yet run),
        unless ``owner`` has been deleted by then; ``last``: once no piece queued
        without ``last`` waits (those queued meanwhile included)."""
        self.cancel(key)
        (self._last if last else self._jobs)[key] = (owner, call)
        self._timer.start()

    def pending(self, key: Hashable) -> bool:
        return key in self._jobs or key in self._last

    def cancel(self, key: Hashable) -> None:
        """Drop the call under ``key`` if it has not run yet."""
        self._jobs.pop(key, None)
        self._last.pop(key, None)

    def run_now(self, key: Hashable) -> None:
        """Run the call under ``key`` now, if it is still queued."""
        job = self._jobs.pop(key, None) or self._last.pop(key, None)
        if job is not None:
            self._run(*job)

    def _run_one(self) -> None:
        queue = self._jobs or self._last
        if queue:
            self._run(*queue.pop(next(iter(queue))))
        if not self._jobs and not self._last:
            self._timer.stop()

    @staticmethod
    def _run(owner: QObject, call: Callable[[], None]) -> None:
        if shiboken6.isValid(owner):
            call()


_queue: TurnQueue | None = None


def turns() -> TurnQueue:
    """The application's queue (made on first use, owned by the application)."""
    global _queue
    app = QCoreApplication.instance()
    if _queue is None or not shiboken6.isValid(_queue) or _queue.parent() is not app:
        _queue = TurnQueue(app)
    return _queue
