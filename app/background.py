"""The app's one way to run work in the background: a job in a thread of its own.

A job is a plain function ``fn(progress) -> value`` (a scan, an archive operation,
counting a pair's words). :class:`BackgroundRunner` runs one job at a time in a
``QThread``; the job's :class:`~simhash_core.progress.Progress` callback only emits a
signal, which Qt queues to the GUI thread, so the window never waits. Every runner
has the same signals:

* ``progressed(ProgressReport)`` while the job runs;
* ``finished(value)`` with what the job returned, or ``errored(message)``: an error
  the job's ``user_error`` recognises is shown as its own sentence, anything else as
  its type and message (and logged with its traceback), never as a crash;
* ``idle()`` once the thread has ended, when the next job can start.

``cancel()`` sets the job's thread-safe cancel flag (the core stops at its next
progress report). The thread belongs to the application, not to the runner: a window
or dialog closed mid-job never destroys a running thread (Qt would abort); the thread
deletes itself when its job is done.

A job is Python code holding the interpreter's lock (the GIL) while it computes, and
every call Qt makes into Python on the GUI thread (a model's ``data()`` while a view
paints, a ``rowCount()`` while it lays out) must take that lock first. By default a
thread waits up to 5 ms for it, so painting a table's few hundred cells beside a busy
job stalled the window for 100-300 ms. While the app runs jobs, the lock changes hands
after :data:`GIL_SWITCH_S` instead (:func:`hand_the_gil_back_quickly`).
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal, Slot

from simhash_core.progress import Progress, ProgressReport

log = logging.getLogger(__name__)

Job = Callable[[Progress], Any]
# the sentence for the teacher if an exception is one the job raises on purpose
UserError = Callable[[BaseException], str | None]


GIL_SWITCH_S = 0.0005  # the longest a GUI thread's call into Python waits for a busy job


def hand_the_gil_back_quickly() -> None:
    """Let the GUI thread take the interpreter's lock from a busy job within
    :data:`GIL_SWITCH_S` (Python's default interval is 5 ms, paid once per call Qt makes
    into Python while a job computes)."""
    if sys.getswitchinterval() > GIL_SWITCH_S:
        sys.setswitchinterval(GIL_SWITCH_S)


def no_user_errors(exc: BaseException) -> str | None:
    return None


class _Worker(QObject):
    """Lives in the job's thread and runs it once."""

    progressed = Signal(object)
    finished = Signal(object)
    errored = Signal(str)

    def __init__(self, fn: Job, user_error: UserError) -> None:
        super().__init__()
        self.fn = fn
        self.user_error = user_error
        self.progress = Progress(self._report)

    def _report(self, report: ProgressReport) -> None:
        self.progressed.emit(report)  # (emit's return value must not cancel the job)

    @Slot()
    def run(self) -> None:
        try:
            value = self.fn(self.progress)
        except Exception as exc:  # shown by the front end, never a crash
            message = self.user_error(exc)
            if message is None:
                log.error("background job failed:\n%s", traceback.format_exc())
                message = f"{type(exc).__name__}: {exc}"
            self.errored.emit(message)
            return
        self.finished.emit(value)


class BackgroundRunner(QObject):
    """Runs jobs one at a time in a worker thread and relays their signals."""

    progressed = Signal(object)  # simhash_core.progress.ProgressReport
    finished = Signal(object)  # what the job returned
    errored = Signal(str)
    idle = Signal()  # the thread has ended: the next job may start

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        name: str = "plagcheck-job",
        user_error: UserError = no_user_errors,
    ) -> None:
        super().__init__(parent)
        self.name = name
        self.user_error = user_error
        self._thread: QThread | None = None
        self._worker: _Worker | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def start(self, fn: Job) -> bool:
        """Run ``fn`` in a worker thread; ``False`` (and nothing run) while busy."""
        if self.busy:
            return False
        hand_the_gil_back_quickly()
        thread = QThread(QCoreApplication.instance())
        thread.setObjectName(self.name)
        thread.finished.connect(thread.deleteLater)
        worker = _Worker(fn, self.user_error)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.progressed.connect(self.progressed)
        worker.finished.connect(self.finished)
        worker.errored.connect(self.errored)
        # direct: the thread ends its own event loop as soon as the job is done, even if
        # the GUI thread is not processing events any more (quitting, benchmarks)
        worker.finished.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        worker.errored.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.finished.connect(self._on_thread_finished)
        self._thread, self._worker = thread, worker
        thread.start()
        return True

    def cancel(self) -> None:
        """Thread-safe: ask the running job to stop (it keeps what it has)."""
        if self._worker is not None and shiboken6.isValid(self._worker):
            self._worker.progress.cancel()

    def wait(self, msecs: int = 60000) -> bool:
        """Block until the running job's thread has ended (closing a window mid-job)."""
        thread = self._thread
        if thread is None or not shiboken6.isValid(thread):
            return True
        return thread.wait(msecs)

    @Slot()
    def _on_thread_finished(self) -> None:
        worker = self._worker
        self._thread = self._worker = None  # the thread deletes itself
        if worker is not None and shiboken6.isValid(worker):
            worker.deleteLater()
        self.idle.emit()
