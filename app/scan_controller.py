"""Running :func:`simhash_core.scan.scan` in the background and reporting through signals.

The scan is a job of an :class:`app.background.BackgroundRunner`, in a thread of its
own. From there the core starts its isolated worker processes (extraction and
fingerprinting) and compares the documents; the progress callback, called in the scan
thread, only emits a signal, which Qt queues to the GUI thread. Cancelling sets the
core's thread-safe cancel flag: the core stops the workers and still compares the
files read so far, so partial results are kept.

The job is the core's check of a class (:func:`simhash_core.check.check_class`), the
same the command line runs: when the request names an archive (``archive`` is not
``None``), the same thread then compares the result with the archive of past
submissions and reports how that went with ``archiveChecked`` just before
``finished``; the teacher's decisions come with the result. An archive that cannot be used never
fails the scan: its result is shown with the problem.

The scan module (and with it jieba) is imported inside the scan thread, never while
the window is starting.
"""

from __future__ import annotations

import functools
import logging

from PySide6.QtCore import QObject, Signal, Slot

from app.background import BackgroundRunner
from app.main_thread_gc import keep_out_of_collections
from app.models.pairs_model import rank_ahead
from simhash_core.check import CheckRequest
from simhash_core.progress import Progress, ProgressReport
from simhash_core.types import ScanResult

log = logging.getLogger(__name__)


def run_scan(request: CheckRequest, progress: Progress) -> ScanResult:
    """The scan job (runs in the scan thread): the core's one check of a class
    (:func:`simhash_core.check.check_class`): scan, archive, decisions."""
    # imported here, in the scan thread: keeps jieba and the readers off start-up
    from simhash_core.check import check_class

    return handed_over(check_class(request, progress))


def handed_over(result: ScanResult) -> ScanResult:
    """``result`` as the scan thread hands it to the GUI thread: what would cost the
    GUI thread a stall made here first."""
    rank_ahead(result)  # the pairs table's order
    if result.matrix is not None:  # the views a comparison restored from the cache defers
        result.matrix.made()
    keep_out_of_collections()  # before the GUI thread's collector walks it
    return result


class ScanController(QObject):
    """Starts scans one at a time and relays their signals to the GUI thread.

    Starting a scan while one runs cancels the running one; its (partial) result is
    dropped and the new request starts as soon as the old thread has finished.
    """

    started = Signal(object)  # CheckRequest
    progressed = Signal(object)  # simhash_core.progress.ProgressReport
    archiveChecked = Signal(object)  # ArchiveCheck, just before finished
    finished = Signal(object)  # ScanResult
    failed = Signal(str)
    stopped = Signal()  # the scan thread has ended and no other scan follows: running is False

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runner = BackgroundRunner(self, name="plagcheck-scan")
        self._runner.progressed.connect(self._on_progress)
        self._runner.finished.connect(self._on_finished)
        self._runner.errored.connect(self._on_failed)
        self._runner.idle.connect(self._on_idle)
        self._pending: CheckRequest | None = None
        self._superseded = False
        self.request: CheckRequest | None = None

    @property
    def running(self) -> bool:
        return self._runner.busy

    def start(self, request: CheckRequest) -> None:
        """Scan ``request`` now, or right after the running scan has stopped."""
        if self.running:
            self._pending = request
            self._superseded = True
            self.cancel()
            return
        self._launch(request)

    def cancel(self) -> None:
        self._runner.cancel()

    def wait(self, msecs: int = 30000) -> bool:
        """Block until the scan thread has ended (closing the window mid-scan)."""
        self._pending = None
        return self._runner.wait(msecs)

    def _launch(self, request: CheckRequest) -> None:
        self.request = request
        self._superseded = False
        self.started.emit(request)
        self._runner.start(functools.partial(run_scan, request))

    @Slot(object)
    def _on_progress(self, report: ProgressReport) -> None:
        if not self._superseded:
            self.progressed.emit(report)

    @Slot(object)
    def _on_finished(self, result: ScanResult) -> None:
        if self._superseded:
            return
        if result.archive is not None:
            self.archiveChecked.emit(result.archive)
        self.finished.emit(result)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if not self._superseded:
            self.failed.emit(message)

    @Slot()
    def _on_idle(self) -> None:
        if self._pending is not None:
            request, self._pending = self._pending, None
            self._launch(request)
        else:
            self.stopped.emit()
