"""``plagcheck-gui [PATH...] [--template FILE] [--screenshot PNG] [--wait SECONDS]
[--open-pair A B] [--view matrix|pair|bitdiff] [--lang zh_CN|en] [--archive LOCATION]``:
open the window and scan PATHs (with ``--archive``, also against that archive of past
submissions).

With ``--screenshot`` the window is saved as a PNG once the scan is done (after
opening the given pair and view), then the program exits with 0; a scan longer than
``--wait`` seconds is cancelled first, and the program exits with 3. Works headless
with ``QT_QPA_PLATFORM=offscreen``.
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Sequence
from pathlib import Path


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="plagcheck-gui", description="Find copied work in a folder of submissions."
    )
    parser.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help="folders or files to scan"
    )
    parser.add_argument(
        "--template",
        action="append",
        type=Path,
        default=[],
        metavar="FILE",
        help="assignment text to ignore (repeatable)",
    )
    parser.add_argument(
        "--screenshot",
        type=Path,
        metavar="PNG",
        help="save the window as PNG after the scan, then exit",
    )
    parser.add_argument(
        "--wait",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="with --screenshot: how long the scan may take before it is cancelled and "
        "the window saved as it is (default: 600)",
    )
    parser.add_argument(
        "--open-pair",
        nargs=2,
        metavar=("A", "B"),
        help="open this pair (file names, display paths or indices)",
    )
    parser.add_argument(
        "--view",
        choices=["matrix", "pair", "bitdiff", "errors"],
        help="the view to show ('errors': the matrix with the Errors panel in front)",
    )
    parser.add_argument(
        "--lang", choices=["zh_CN", "en"], help="UI language (default: the system's)"
    )
    parser.add_argument(
        "--theme",
        choices=["system", "light", "dark"],
        default="system",
        help="light or dark colours (default: the system's colour scheme)",
    )
    parser.add_argument(
        "--settings", type=Path, metavar="INI", help="use this settings file instead of the user's"
    )
    parser.add_argument(
        "--archive",
        metavar="LOCATION",
        help="compare with this archive of past submissions for this run (a file or "
        "redis://HOST:PORT/DB; '' for the default file)",
    )
    parser.add_argument(
        "--threads",
        action="store_true",
        help="extract in the scan thread instead of isolated worker processes",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    # Qt imports after argument parsing: "--help" stays instant
    from app.application import create_application
    from app.i18n import LanguageManager
    from app.main_window import MainWindow
    from app.screenshot import ScreenshotRun
    from app.settings import AppSettings

    app = create_application(sys.argv[:1], args.theme)
    settings = AppSettings.at_path(args.settings) if args.settings else AppSettings.user()
    screenshot = args.screenshot is not None
    languages = LanguageManager(app)
    languages.apply(args.lang or ("" if screenshot else settings.language()))
    window = MainWindow(settings, languages, persist=not screenshot, isolate=not args.threads)
    if args.archive is not None:
        window.use_archive(args.archive)
    run = None
    if screenshot:
        run = ScreenshotRun(
            window,
            args.screenshot,
            pair=tuple(args.open_pair) if args.open_pair else None,
            view=args.view,
            timeout_s=args.wait,
        )
    window.show()
    if not args.threads and not args.paths:
        # the first dropped folder should not wait for the worker processes' start-up
        from simhash_core.scan import prepare_workers

        threading.Thread(target=prepare_workers, name="prepare-workers", daemon=True).start()
    if args.paths:
        window.scan_paths(args.paths, args.template)
    elif args.template:
        window.templates = list(args.template)
        window.retranslate_ui()
    if run is not None and not args.paths:
        run.start_without_scan()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
