"""Running one archive job (list, add, remove) in a thread of its own.

The archive manager never touches the archive from the GUI thread: a Redis server may
be slow to answer and adding a class writes one transaction per document. A job is a
plain function ``fn(progress) -> value`` (see :mod:`app.archive_ops`); its progress
callback only emits a signal, which Qt queues to the GUI thread.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal, Slot

from simhash_core.progress import Progress, ProgressReport

log = logging.getLogger(__name__)

Job = Callable[[Progress], Any]


class _ArchiveJob(QObject):
    """Lives in the worker thread; emits ``succeeded(value)`` or ``failed(message)``."""

    progressed = Signal(object)  # simhash_core.progress.ProgressReport
    succeeded = Signal(object)
    failed = Signal(str)

    def __init__(self, fn: Job) -> None:
        super().__init__()
        self.fn = fn
        self.progress = Progress(self._report)

    def _report(self, report: ProgressReport) -> None:
        self.progressed.emit(report)

    @Slot()
    def run(self) -> None:
        from simhash_core.archive import ArchiveError

        try:
            value = self.fn(self.progress)
        except (ArchiveError, ValueError) as exc:  # sentences meant for the teacher
            self.failed.emit(str(exc))
            return
        except Exception as exc:  # shown in the dialog, never a crash
            log.error("archive job failed:\n%s", traceback.format_exc())
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        self.succeeded.emit(value)


class ArchiveRunner(QObject):
    """Runs archive jobs one at a time and relays their signals to the GUI thread."""

    progressed = Signal(object)  # simhash_core.progress.ProgressReport
    succeeded = Signal(object)
    failed = Signal(str)
    idle = Signal()  # the worker thread has ended

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._job: _ArchiveJob | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def start(self, fn: Job) -> bool:
        """Run ``fn`` in a worker thread; ``False`` (and nothing run) while busy."""
        if self.busy:
            return False
        # owned by the application, not by this runner: a dialog destroyed mid-job
        # must not destroy a running thread (Qt aborts); it deletes itself when done
        thread = QThread(QCoreApplication.instance())
        thread.setObjectName("plagcheck-archive")
        thread.finished.connect(thread.deleteLater)
        job = _ArchiveJob(fn)
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.progressed.connect(self.progressed)
        job.succeeded.connect(self.succeeded)
        job.failed.connect(self.failed)
        job.succeeded.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        job.failed.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.finished.connect(self._on_thread_finished)
        self._thread, self._job = thread, job
        thread.start()
        return True

    def wait(self, msecs: int = 60000) -> bool:
        """Block until the running job has ended (closing the dialog mid-job)."""
        thread = self._thread
        if thread is None or not shiboken6.isValid(thread):
            return True
        return thread.wait(msecs)

    @Slot()
    def _on_thread_finished(self) -> None:
        job = self._job
        self._thread = self._job = None  # the thread deletes itself (finished -> deleteLater)
        if job is not None and shiboken6.isValid(job):
            job.deleteLater()
        self.idle.emit()
