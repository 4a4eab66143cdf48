"""``plagcheck-gui --self-test [FOLDER]``: what an installed copy (the wheel, the bundle)
runs to prove it works: open the window, scan the sample class that ships inside the
package, write its HTML and PDF reports (into FOLDER, else a temporary folder), check
them and the flags (:mod:`simhash_core.sample_class`), and exit with 0, or 1 saying what
is wrong. Prints when the window is shown, and how long each step took."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from app.i18n import LanguageManager
from app.main_window import MainWindow
from app.scan_driver import ScanDriver
from app.settings import AppSettings
from simhash_core.review.store import DecisionStore
from simhash_core.sample_class import SampleClass, report_problems, sample_class, scan_problems
from simhash_core.types import ScanResult


def run_self_test(app: QApplication, out: Path | None, lang: str | None, timeout_s: float) -> int:
    """The self-test in a window with the default settings and no decisions (a
    teacher's own thresholds and exclusions must not change what it checks); returns
    the exit code."""
    with tempfile.TemporaryDirectory(prefix="plagcheck-self-test-") as own:
        settings = AppSettings.at_path(Path(own) / "settings.ini")
        languages = LanguageManager(app)
        languages.apply(lang or "")
        window = MainWindow(
            settings, languages, persist=False, decisions=DecisionStore(Path(own) / "d.sqlite")
        )
        test = SelfTestRun(window, sample_class(), out, timeout_s)
        window.show()
        test.start()
        return app.exec()


class SelfTestRun(ScanDriver):
    """Scan the sample class in ``window``, then check it and quit."""

    def __init__(
        self, window: MainWindow, sample: SampleClass, out: Path | None, timeout_s: float
    ) -> None:
        super().__init__(window, timeout_s)
        self.sample = sample
        self.out = out
        self.started = time.perf_counter()

    def start(self) -> None:
        """Scan once the window is up (the event loop running)."""
        QTimer.singleShot(0, self._scan)

    def _scan(self) -> None:
        print(f"self-test: window shown ({self._elapsed()})", flush=True)
        self.window.scan_paths([self.sample.submissions], [self.sample.template])

    def _elapsed(self) -> str:
        return f"{time.perf_counter() - self.started:.2f} s"

    def _on_finished(self, result: ScanResult) -> None:
        print(f"self-test: scanned {len(result.documents)} files ({self._elapsed()})", flush=True)
        problems = scan_problems(result, self.sample)
        with tempfile.TemporaryDirectory(prefix="plagcheck-self-test-") as tmp:
            folder = self.out or Path(tmp)
            folder.mkdir(parents=True, exist_ok=True)
            problems += report_problems(result, folder / "sample.html", folder / "sample.pdf")
        print(f"self-test: reports written ({self._elapsed()})", flush=True)
        self._finish(problems)

    def _on_failed(self, message: str) -> None:
        self._finish([f"the scan failed: {message}"])

    def _on_timeout(self) -> None:
        self.window.cancel_scan()
        self._finish(["the scan did not finish in time"])

    def _finish(self, problems: list[str]) -> None:
        self._stop_guard()
        for problem in problems:
            print(f"self-test: {problem}", file=sys.stderr, flush=True)
        print(f"self-test: {'failed' if problems else 'passed'}", flush=True)
        self.window.close()
        QApplication.instance().exit(1 if problems else 0)
