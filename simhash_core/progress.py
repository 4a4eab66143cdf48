"""Progress reporting and cancellation, handed to long jobs by the front end.

The core never imports a GUI toolkit. A front end passes a :class:`Progress` whose
callback it owns; the callback returns ``False`` to ask the job to stop.

>>> seen = []
>>> p = Progress(lambda done, total, msg: seen.append((done, total, msg)) or True)
>>> p.update(1, 3, "a.txt")
>>> seen
[(1, 3, 'a.txt')]
>>> p.cancelled
False
"""

from __future__ import annotations

import threading
from collections.abc import Callable

ProgressCallback = Callable[[int, int, str], "bool | None"]


class Cancelled(Exception):
    """Raised inside a job when its progress object was cancelled."""


class Progress:
    """Reports ``(done, total, message)`` and carries a thread-safe cancel flag."""

    def __init__(self, callback: ProgressCallback | None = None) -> None:
        self._callback = callback
        self._cancel = threading.Event()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        self._cancel.set()

    def update(self, done: int, total: int, message: str = "") -> None:
        if self._callback is not None and self._callback(done, total, message) is False:
            self._cancel.set()

    def check(self) -> None:
        """Raise :class:`Cancelled` if cancellation was requested."""
        if self._cancel.is_set():
            raise Cancelled


NULL_PROGRESS = Progress()
