"""Running :func:`simhash_core.scan.scan` in the background and reporting through signals.

The scan is a job of an :class:`app.background.BackgroundRunner`, in a thread of its
own. From there the core starts its isolated worker processes (extraction and
fingerprinting) and compares the documents; the progress callback, called in the scan
thread, only emits a signal, which Qt queues to the GUI thread. Cancelling sets the
core's thread-safe cancel flag: the core stops the workers and still compares the
files read so far, so partial results are kept.

When the request names an archive (``archive`` is not ``None``), the same thread then
compares the result with the archive of past submissions
(:func:`simhash_core.archive.service.compare_scan`) and reports how that went with
``archiveChecked`` just before ``finished``. An archive that cannot be used never
fails the scan: its result is shown with the problem.

The scan module (and with it jieba) is imported inside the scan thread, never while
the window is starting.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from app.background import BackgroundRunner
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


@dataclass(frozen=True)
class ScanOutcome:
    """What a scan job returns: the result and, if the request named an archive, how
    comparing with it went (an :class:`simhash_core.archive.service.ArchiveCheck`)."""

    result: ScanResult
    archive_check: object | None = None


def run_scan(request: ScanRequest, progress: Progress) -> ScanOutcome:
    """The scan job (runs in the scan thread): scan, then compare with the archive."""
    # imported here, in the scan thread: keeps jieba and the readers off start-up
    from simhash_core.scan import scan

    cache, notice = open_cache(request)
    try:
        archive = [Stage.ARCHIVE] if request.archive is not None else []
        progress.plan(Stage.DISCOVER, Stage.READ, Stage.COMPARE, *archive)
        result = scan(
            request.paths,
            request.templates,
            request.settings,
            progress,
            isolate=request.isolate,
            cache=cache,
        )
    finally:
        if cache is not None:
            cache.close()
    if notice:
        result.notices.insert(0, notice)
    if request.archive is None:
        return ScanOutcome(result)
    from simhash_core.archive.service import compare_scan

    result, check = compare_scan(result, request.archive, request.settings, progress)
    return ScanOutcome(result, check)


def open_cache(request: ScanRequest) -> tuple[AnalysisCache | None, Message | None]:
    """The user's fingerprint cache, or none and why (the scan reads every file)."""
    if not request.use_cache:
        return None, None
    from simhash_core.store.cache import open_cache as open_user_cache

    cache, notice = open_user_cache()
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
    stopped = Signal()  # the scan thread has ended and no other scan follows: running is False

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runner = BackgroundRunner(self, name="plagcheck-scan")
        self._runner.progressed.connect(self._on_progress)
        self._runner.finished.connect(self._on_finished)
        self._runner.errored.connect(self._on_failed)
        self._runner.idle.connect(self._on_idle)
        self._pending: ScanRequest | None = None
        self._superseded = False
        self.request: ScanRequest | None = None

    @property
    def running(self) -> bool:
        return self._runner.busy

    def start(self, request: ScanRequest) -> None:
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

    def _launch(self, request: ScanRequest) -> None:
        self.request = request
        self._superseded = False
        self.started.emit(request)
        self._runner.start(functools.partial(run_scan, request))

    @Slot(object)
    def _on_progress(self, report: ProgressReport) -> None:
        if not self._superseded:
            self.progressed.emit(report)

    @Slot(object)
    def _on_finished(self, outcome: ScanOutcome) -> None:
        if self._superseded:
            return
        if outcome.archive_check is not None:
            self.archiveChecked.emit(outcome.archive_check)
        self.finished.emit(outcome.result)

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
