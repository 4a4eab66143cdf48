"""A driver of one scan in a window, for the command-line modes that run the GUI by
themselves (``--screenshot``, ``--self-test``): it hears when the scan ends or fails,
and stops it when it takes too long."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from app.main_window import MainWindow
from simhash_core.types import ScanResult


class ScanDriver(QObject):
    """Calls :meth:`_on_finished` or :meth:`_on_failed` when ``window``'s scan ends,
    :meth:`_on_timeout` if it has not after ``timeout_s`` (:meth:`_stop_guard` when
    done). Subclasses say what each means."""

    def __init__(self, window: MainWindow, timeout_s: float) -> None:
        super().__init__(window)
        self.window = window
        window.scanFinished.connect(self._on_finished)
        window.scanFailed.connect(self._on_failed)
        self._guard = QTimer(self)
        self._guard.setSingleShot(True)
        self._guard.timeout.connect(self._on_timeout)
        self._guard.start(int(timeout_s * 1000))

    def _stop_guard(self) -> None:
        self._guard.stop()

    def _on_finished(self, result: ScanResult) -> None:
        raise NotImplementedError

    def _on_failed(self, message: str) -> None:
        raise NotImplementedError

    def _on_timeout(self) -> None:
        raise NotImplementedError
