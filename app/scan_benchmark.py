"""Which background scan is faster, and which keeps the window smoother?

``python -m app.scan_benchmark [FOLDER] [--template FILE]`` runs each mode in a fresh
process (so every mode pays its own start-up: worker processes, jieba's dictionary)
with no fingerprint cache, and prints a table of wall time and the longest event-loop
stall measured by :class:`app.diagnostics.StallMeter` in a running Qt event loop:

``processes``  the app's default: ``scan(isolate=True)`` called from a ``QThread``;
               extraction runs in the core's isolated worker processes.
``thread``     ``scan(isolate=False)`` run as one ``QRunnable`` on a ``QThreadPool``.
``threadpool`` per-file ``analyze_file`` calls as ``QRunnable``s on a ``QThreadPool``
               with one thread per core, then the core's comparison (a benchmark-only
               pipeline: no time limit or crash isolation per file).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

MODES = ("processes", "thread", "threadpool")
DEFAULT_CLASS = Path(__file__).resolve().parents[2] / "shared" / "samples" / "class-zh"


def _scan_threadpool(folder: Path, templates: list[Path], threads: int) -> int:
    """Per-file analysis on a QThreadPool, then compare; returns the document count."""
    from PySide6.QtCore import QRunnable, QThreadPool

    from simhash_core.compare import compare_documents
    from simhash_core.extract import ExtractError
    from simhash_core.fingerprint.analyze import analyze_file, to_document
    from simhash_core.intake.discover import discover
    from simhash_core.scan import template_shingles
    from simhash_core.types import ScanSettings

    settings = ScanSettings()
    template, _ = template_shingles(templates, settings)
    files = discover([folder]).files
    docs: dict[int, object] = {}
    lock = threading.Lock()

    class Job(QRunnable):
        def __init__(self, i: int, path: Path, shown: str) -> None:
            super().__init__()
            self.i, self.path, self.shown = i, path, shown

        def run(self) -> None:
            try:
                doc = to_document(
                    self.shown, self.path, analyze_file(self.path, settings, template)
                )
            except ExtractError:
                return
            with lock:
                docs[self.i] = doc

    pool = QThreadPool()
    pool.setMaxThreadCount(threads)
    for i, (path, shown) in enumerate(files):
        pool.start(Job(i, Path(path), shown))
    while not pool.waitForDone(10):
        from PySide6.QtCore import QCoreApplication

        QCoreApplication.processEvents()
    ordered = [docs[i] for i in sorted(docs)]
    compare_documents(ordered, settings)
    return len(ordered)


def run_mode(mode: str, folder: Path, templates: list[Path]) -> dict[str, float]:
    """Run one mode in this process inside a Qt event loop; returns the measurements."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QRunnable, QThreadPool, QTimer

    from app.diagnostics import StallMeter
    from app.refcount_guard import keep_singletons_alive
    from app.scan_controller import ScanController
    from simhash_core.check import CheckRequest

    keep_singletons_alive()  # as the app does: 1,000 files emit enough signals to abort
    app = QCoreApplication.instance() or QCoreApplication([])
    meter = StallMeter(10)
    outcome: dict[str, float] = {}
    t0 = time.perf_counter()

    def done(files: int) -> None:
        outcome["seconds"] = time.perf_counter() - t0
        outcome["files"] = files
        app.quit()

    if mode == "processes":
        controller = ScanController()
        controller.finished.connect(lambda r: done(len(r.documents)))
        request = CheckRequest((folder,), tuple(templates), isolate=True, use_cache=False)
        QTimer.singleShot(0, lambda: controller.start(request))
    elif mode == "thread":
        request = CheckRequest((folder,), tuple(templates), isolate=False, use_cache=False)

        class Whole(QRunnable):
            def run(self) -> None:
                from simhash_core.scan import scan

                result = scan(request.paths, request.templates, request.settings, isolate=False)
                QTimer.singleShot(0, app, lambda: done(len(result.documents)))

        pool = QThreadPool()
        QTimer.singleShot(0, lambda: pool.start(Whole()))
    else:

        def threaded() -> None:
            files = _scan_threadpool(folder, templates, os.cpu_count() or 1)
            done(files)

        QTimer.singleShot(0, threaded)
    meter.start()
    app.exec()
    meter.stop()
    if mode == "processes":
        controller.wait()
    outcome["max_stall_ms"] = meter.max_stall_ms
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compare background scan modes.")
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_CLASS / "submissions")
    parser.add_argument("--template", type=Path, action="append", default=None)
    parser.add_argument("--mode", choices=MODES, help="run one mode here and print JSON")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    templates = args.template
    if templates is None:
        default = args.folder.parent / "template.txt"
        templates = [default] if default.exists() else []
    if args.mode:
        print(json.dumps(run_mode(args.mode, args.folder, templates)))
        return 0
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    print(
        f"{'mode':<12} {'files':>5} {'seconds':>8} {'max stall ms':>13}   ({os.cpu_count()} cores)"
    )
    for mode in MODES:
        for _ in range(args.repeat):
            cmd = [sys.executable, "-m", "app.scan_benchmark", str(args.folder), "--mode", mode]
            for t in templates:
                cmd += ["--template", str(t)]
            out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
            row = json.loads(out.stdout.strip().splitlines()[-1])
            files, seconds, stall = row["files"], row["seconds"], row["max_stall_ms"]
            print(f"{mode:<12} {files:>5.0f} {seconds:>8.2f} {stall:>13.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
