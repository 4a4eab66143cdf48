"""``plagcheck-gui [PATH...] [--template FILE] [--sample] [--screenshot PNG] [--wait SECONDS]
[--open-pair A B] [--view matrix|pair|bitdiff] [--lang zh_CN|en] [--archive LOCATION]``:
open the window and scan PATHs (with ``--archive``, also against that archive of past
submissions; with ``--sample``, the sample class that comes with plagcheck).

``--self-test [FOLDER]`` scans the sample class in the window, writes and checks its
reports and exits with 0 when all is well (:mod:`app.self_test`);
``--install-shortcut`` / ``--remove-shortcut`` add plagcheck to the desktop's menu (Linux),
the Start menu (Windows) or ~/Applications (macOS), or take it away (:mod:`app.shortcut`).

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

from simhash_core.version import PrintVersion


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
        "--sample", action="store_true", help="scan the sample class that comes with plagcheck"
    )
    parser.add_argument(
        "--self-test",
        nargs="?",
        const="",
        metavar="FOLDER",
        help="scan the sample class, write its HTML and PDF reports (into FOLDER, else a "
        "temporary folder), check them and exit: 0 when this install works",
    )
    parser.add_argument(
        "--install-shortcut",
        action="store_true",
        help="put plagcheck in the applications menu (Linux), the Start menu (Windows) or "
        "~/Applications (macOS), then exit",
    )
    parser.add_argument(
        "--remove-shortcut", action="store_true", help="take it out of the menu again, then exit"
    )
    parser.add_argument("--version", action=PrintVersion)
    parser.add_argument(
        "--threads",
        action="store_true",
        help="extract in the scan thread instead of isolated worker processes",
    )
    return parser.parse_args(argv)


def shortcut_command(args: argparse.Namespace) -> int:
    """``--install-shortcut`` / ``--remove-shortcut``: say what was done (no window)."""
    from app.shortcut import install_shortcut, remove_shortcut

    if args.remove_shortcut:
        removed = remove_shortcut()
        print("\n".join(f"removed {p}" for p in removed) or "no menu entry to remove")
        return 0
    try:
        entry = install_shortcut()
    except OSError as exc:
        print(f"plagcheck-gui: {exc}", file=sys.stderr)
        return 1
    print(f"menu entry: {entry}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.install_shortcut or args.remove_shortcut:
        return shortcut_command(args)
    if argv is None:  # the installed program, not a test calling main()
        from app import error_log

        error_log.install()
    # Qt imports after argument parsing: "--help" stays instant
    from app.application import create_application
    from app.i18n import LanguageManager
    from app.main_window import MainWindow
    from app.screenshot import ScreenshotRun
    from app.settings import AppSettings
    from simhash_core.sample_class import sample_class

    app = create_application(sys.argv[:1], args.theme)
    if args.self_test is not None:
        from app.self_test import run_self_test

        return run_self_test(
            app, Path(args.self_test) if args.self_test else None, args.lang, args.wait
        )
    settings = AppSettings.at_path(args.settings) if args.settings else AppSettings.user()
    screenshot = args.screenshot is not None
    languages = LanguageManager(app)
    languages.apply(args.lang or ("" if screenshot else settings.language()))
    window = MainWindow(settings, languages, persist=not screenshot, isolate=not args.threads)
    if args.sample:
        sample = sample_class()
        args.paths, args.template = [sample.submissions], [sample.template]
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
    if not screenshot:
        window.offer_menu_entry()  # an installed copy's first run
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
