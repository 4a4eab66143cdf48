"""Running :func:`simhash_core.scan.scan` in the background and reporting through signals.

The scan runs in a ``QThread`` of its own. From there the core starts its isolated
worker processes (extraction and fingerprinting) and compares the documents; the
progress callback, called in the scan thread, only emits a signal, which Qt queues to
the GUI thread. Cancelling sets the core's thread-safe cancel flag: the core stops the
workers and still compares the files read so far, so partial results are kept.

When the request names an archive (``archive`` is not ``None``), the same thread then
compares the result with the archive of past submissions (:func:`app.archive_ops.compare_scan`)
and reports how that went with ``archiveChecked`` just before ``finished``. An archive
that cannot be used never fails the scan: its result is shown with the problem.

The scan module (and with it jieba) is imported inside the scan thread, never while
the window is starting.
"""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from simhash_core.messages import Message
from simhash_core.progress import Progress, ProgressReport, Stage
from simhash_core.types import ScanResult, ScanSettings

if TYPE_CHECKING:
    from simhash_core.store.cache import AnalysisCache

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ScanRequest:
    """What to scan and how."""

    paths: tuple[Path, ...]
    templates: tuple[Path, ...] = ()
    settings: ScanSettings = field(default_factory=ScanSettings)
    isolate: bool = True  # extraction in worker processes (False: in the scan thread)
    use_cache: bool = True  # reuse fingerprints of unchanged files (simhash_core.store.cache)
    # compare with the archive at this location ("" = the default file); None: do not
    archive: str | None = None


class ScanJob(QObject):
    """One scan; lives in the scan thread. Emits ``finished(ScanResult)`` or ``failed``."""

    progressed = Signal(object)  # simhash_core.progress.ProgressReport
    archiveChecked = Signal(object)  # app.archive_ops.ArchiveCheck
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, request: ScanRequest) -> None:
        super().__init__()
        self.request = request
        self.progress = Progress(self._report)

    def _report(self, report: ProgressReport) -> None:
        self.progressed.emit(report)

    def cancel(self) -> None:
        """Thread-safe: ask the core to stop and keep what it has."""
        self.progress.cancel()

    @Slot()
    def run(self) -> None:
        cache = None
        try:
            # imported here, in the scan thread: keeps jieba and the readers off start-up
            from simhash_core.scan import scan

            cache, notice = self._open_cache()
            archive = [Stage.ARCHIVE] if self.request.archive is not None else []
            self.progress.plan(Stage.DISCOVER, Stage.READ, Stage.COMPARE, *archive)
            result = scan(
                self.request.paths,
                self.request.templates,
                self.request.settings,
                self.progress,
                isolate=self.request.isolate,
                cache=cache,
            )
            if notice:
                result.notices.insert(0, notice)
        except Exception as exc:  # reported in the window, never a crash
            log.error("scan failed:\n%s", traceback.format_exc())
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        finally:
            if cache is not None:
                cache.close()
        if self.request.archive is not None:
            from app.archive_ops import compare_scan

            result, check = compare_scan(
                result, self.request.archive, self.request.settings, self.progress
            )
            self.archiveChecked.emit(check)
        self.finished.emit(result)

    def _open_cache(self) -> tuple[AnalysisCache | None, Message | None]:
        """The user's fingerprint cache, or none and why (the scan reads every file)."""
        if not self.request.use_cache:
            return None, None
        from simhash_core.store.cache import open_cache

        cache, notice = open_cache()
        if notice:
            log.warning("%s", notice)
        return cache, notice


class ScanController(QObject):
    """Starts scans one at a time and relays their signals to the GUI thread.

    Starting a scan while one runs cancels the running one; its (partial) result is
    dropped and the new request starts as soon as the old thread has finished.
    """

    started = Signal(object)  # ScanRequest
    progressed = Signal(object)  # simhash_core.progress.ProgressReport
    archiveChecked = Signal(object)  # ArchiveCheck, just before finished
    finished = Signal(object)  # ScanResult
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._job: ScanJob | None = None
        self._pending: ScanRequest | None = None
        self._superseded = False
        self.request: ScanRequest | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self, request: ScanRequest) -> None:
        """Scan ``request`` now, or right after the running scan has stopped."""
        if self.running:
            self._pending = request
            self._superseded = True
            self.cancel()
            return
        self._launch(request)

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()

    def wait(self, msecs: int = 30000) -> bool:
        """Block until the scan thread has ended (closing the window mid-scan)."""
        self._pending = None
        thread = self._thread
        return True if thread is None else thread.wait(msecs)

    def _launch(self, request: ScanRequest) -> None:
        self.request = request
        self._superseded = False
        thread = QThread()
        thread.setObjectName("plagcheck-scan")
        job = ScanJob(request)
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.progressed.connect(self._on_progress)
        job.archiveChecked.connect(self._on_archive_checked)
        job.finished.connect(self._on_finished)
        job.failed.connect(self._on_failed)
        # direct: the scan thread ends its own event loop as soon as the job is done, even
        # if the GUI thread is not processing events any more (quitting, benchmarks)
        job.finished.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        job.failed.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.finished.connect(self._on_thread_finished)
        self._thread, self._job = thread, job
        self.started.emit(request)
        thread.start()

    @Slot(object)
    def _on_progress(self, report: ProgressReport) -> None:
        if not self._superseded:
            self.progressed.emit(report)

    @Slot(object)
    def _on_archive_checked(self, check: object) -> None:
        if not self._superseded:
            self.archiveChecked.emit(check)

    @Slot(object)
    def _on_finished(self, result: ScanResult) -> None:
        if not self._superseded:
            self.finished.emit(result)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if not self._superseded:
            self.failed.emit(message)

    @Slot()
    def _on_thread_finished(self) -> None:
        thread, job = self._thread, self._job
        self._thread = self._job = None
        if thread is not None:
            thread.wait()
            thread.deleteLater()
        if job is not None:
            job.deleteLater()
        if self._pending is not None:
            request, self._pending = self._pending, None
            self._launch(request)
