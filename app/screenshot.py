"""``--screenshot``: after the scan, open the requested pair and view, save a PNG of
the main window and quit. Lets the documentation's pictures be made (and checked) headless."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from app.main_window import DEFAULT_SIZE, MainWindow, Tab
from app.scan_driver import ScanDriver
from simhash_core.types import ScanResult

VIEWS = {"matrix": Tab.MATRIX, "pair": Tab.PAIR, "bitdiff": Tab.BITS}
SETTLE_MS = 300  # let layouts and lazy painting settle before grabbing


def find_document(result: ScanResult, name: str) -> int | None:
    """A document index from a display path, a file name or a 0-based index."""
    for i, d in enumerate(result.documents):
        if name in (d.path, d.name):
            return i
    if name.isdigit() and int(name) < len(result.documents):
        return int(name)
    return None


def default_pair(result: ScanResult) -> tuple[int, int] | None:
    """The strongest flagged pair (or the strongest pair at all)."""
    if not result.pairs:
        return None
    best = max(result.pairs, key=lambda p: (p.flagged, p.similarity))
    return best.a, best.b


class ScreenshotRun(ScanDriver):
    """Drives one screenshot: wait for the scan, arrange the window, save, exit."""

    def __init__(
        self,
        window: MainWindow,
        output: Path,
        *,
        pair: tuple[str, str] | None = None,
        view: str | None = None,
        timeout_s: float = 600.0,
    ) -> None:
        super().__init__(window, timeout_s)
        self.output = Path(output)
        self.pair = pair
        self.view = view
        self.exit_code = 0
        if QGuiApplication.platformName() == "offscreen":
            # no real screen to fit (Qt's offscreen one is 800 × 800): the documented size
            window.resize(DEFAULT_SIZE)
            window.share_docks()  # the panels' share of the documented size

    def start_without_scan(self) -> None:
        QTimer.singleShot(SETTLE_MS, self._save)

    def _on_finished(self, result: ScanResult) -> None:
        view = VIEWS.get(self.view or "")
        pair = None
        if self.pair is not None:
            a, b = (find_document(result, n) for n in self.pair)
            if a is None or b is None:
                print(
                    f"--open-pair: no document named {self.pair[0] if a is None else self.pair[1]}",
                    file=sys.stderr,
                )
                self.exit_code = 2
            else:
                pair = (a, b)
        elif view in (Tab.PAIR, Tab.BITS):
            pair = default_pair(result)
        if self.view == "errors":
            self.window.errors_dock.raise_()  # the matrix, with the Errors panel in front
        if pair is not None:
            self.window.open_pair(*pair, view=view if view is not None else Tab.PAIR)
            if view == Tab.BITS:
                self.window.bit_diff.wait_for_words()  # the differing words, not "counting…"
            else:
                self.window.side_by_side.wait_for_evidence()  # passages, not "finding…"
        elif view is not None:
            self.window.show_view(view)
        self.window.matrix_model.wait_until_ready()  # a large class's matrix, not a blank
        self.window.students_model.wait_until_ready()  # the students, not "Students (0)"
        QTimer.singleShot(SETTLE_MS, self._save)

    def _on_failed(self, message: str) -> None:
        print(f"scan failed: {message}", file=sys.stderr)
        self.exit_code = 1
        QTimer.singleShot(SETTLE_MS, self._save)

    def _on_timeout(self) -> None:
        print("screenshot: the scan did not finish in time", file=sys.stderr)
        self.exit_code = 3
        self.window.cancel_scan()

    def _save(self) -> None:
        self._stop_guard()
        self.output.parent.mkdir(parents=True, exist_ok=True)
        platform = QApplication.platformName()
        if platform in ("offscreen", "minimal"):
            picture = self.window.grab()
        else:  # a real display: what its server shows, not a re-render of the widgets
            picture = self.window.screen().grabWindow(self.window.winId())
        print(f"screenshot: {self.output} ({platform})")
        if not picture.save(str(self.output)):
            print(f"could not write {self.output}", file=sys.stderr)
            self.exit_code = self.exit_code or 1
        self.window.close()
        QApplication.instance().exit(self.exit_code)
