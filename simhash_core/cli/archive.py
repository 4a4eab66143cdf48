"""``plagcheck archive ...`` commands and the scan's ``--against-archive`` option.

Wired into :mod:`simhash_core.cli`::

    plagcheck archive add DIR... --label "2025 autumn" [--archive URL] [--template FILE]
                                 [--no-stored-decisions]
    plagcheck archive list [--archive URL]
    plagcheck archive remove --label "2025 autumn" [--archive URL]
    plagcheck archive check [--archive URL]
    plagcheck scan DIR --against-archive [--archive URL]

``--archive`` takes a file path or ``redis://HOST:PORT/DB``; without it the archive is
``archive.sqlite`` in the user's data folder. Exit codes: 0 done, 1 the archive cannot
be used (damaged, unreachable) or is inconsistent, 2 usage errors, 3 (``check``) the
archive kept being changed by others while it was checked: nothing is known to be
wrong, check again later.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from simhash_core.archive import (
    ArchiveError,
    ArchiveStore,
    not_created_yet,
    open_archive,
    service,
)
from simhash_core.archive.errors import ArchiveChanging, LabelError
from simhash_core.archive.service import human_size
from simhash_core.cli.terminal import TerminalProgress, bounded
from simhash_core.progress import Progress
from simhash_core.review.archived import keeping_stored
from simhash_core.review.store import DecisionStore, DecisionStoreError
from simhash_core.settings import ScanSettings, setting_range
from simhash_core.types import ScanResult

CHECK_CHANGING = 3  # exit code: the archive was being changed, so it was not checked
_ARCHIVE_HELP = (
    "archive file or redis://HOST:PORT/DB (default: archive.sqlite in the user data folder)"
)


def add_archive_commands(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add ``archive add|list|remove|check`` to the top-level subcommands."""
    parser = subparsers.add_parser(
        "archive", help="keep past submissions and check new work against them"
    )
    sub = parser.add_subparsers(dest="archive_command", required=True, metavar="COMMAND")

    add = sub.add_parser("add", help="archive every readable file in folders under a label")
    add.add_argument("paths", nargs="+", type=Path, metavar="DIR", help="folders or files")
    add.add_argument("--label", required=True, help='course and term, e.g. "2025 autumn"')
    add.add_argument(
        "--template",
        action="append",
        type=Path,
        default=[],
        metavar="FILE",
        help="assignment text that every submission contains (repeatable)",
    )
    add.add_argument(
        "--workers",
        type=bounded(int, 1, setting_range("workers")[1]),
        metavar="N",
        help="worker processes",
    )
    add.add_argument("--timeout", type=float, default=60.0, help="seconds allowed per file")
    add.add_argument(
        "--no-cache", action="store_true", help="ignore the fingerprint cache (re-read every file)"
    )
    add.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    add.add_argument(
        "--no-stored-decisions",
        action="store_true",
        help="archive without the decisions kept in your data folder (by default those "
        "on the class's submissions are kept with it, for next term's scans)",
    )

    lst = sub.add_parser("list", help="labels, document counts and sizes")
    remove = sub.add_parser("remove", help="remove every document of a label")
    remove.add_argument("--label", required=True, help="the label to remove")
    check = sub.add_parser("check", help="verify the archive's integrity")
    for p in (add, lst, remove, check):
        p.add_argument("--archive", metavar="URL", help=_ARCHIVE_HELP)
    return parser


def add_scan_archive_options(scan_parser: argparse.ArgumentParser) -> None:
    """Add ``--against-archive`` and ``--archive URL`` to the scan command."""
    scan_parser.add_argument(
        "--against-archive",
        action="store_true",
        help="also compare with archived past submissions (never archived with archived)",
    )
    scan_parser.add_argument(
        "--archive", metavar="URL", help=_ARCHIVE_HELP + "; implies --against-archive"
    )


def open_scan_archive(args: argparse.Namespace) -> ArchiveStore | None:
    """The archive the scan asked for, opened and checked (None if it asked for none),
    so that a wrong address, a missing file or a refused password is said before a
    single file is read. Raises :class:`~simhash_core.archive.ArchiveError`."""
    location = getattr(args, "archive", None)
    if not (getattr(args, "against_archive", False) or location):
        return None
    return open_archive(location, create=False)


def apply_archive(
    args: argparse.Namespace,
    result: ScanResult,
    settings: ScanSettings,
    store: ArchiveStore | None = None,
) -> ScanResult:
    """``result`` compared with the archive when the scan asked for it (else as is):
    with ``store`` (see :func:`open_scan_archive`), or the one ``args`` name.

    Raises :class:`~simhash_core.archive.ArchiveError` when the archive ``args`` name
    cannot be opened; once it is open, a failure is said in ``result.archive``.
    """
    if store is not None:
        all_pairs = bool(getattr(args, "all_pairs", False))
        return service.compare_scan(result, store, settings, all_pairs=all_pairs)[0]
    opened = open_scan_archive(args)
    if opened is None:
        return result
    with opened:
        return apply_archive(args, result, settings, opened)


def run_archive_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Run ``plagcheck archive ...``; returns the exit code."""
    out = out or sys.stdout
    command = args.archive_command
    if command == "add":
        for p in [*args.paths, *args.template]:
            if not p.exists():
                print(f"plagcheck archive: error: no such file or folder: {p}", file=sys.stderr)
                return 2
    try:
        if command == "add":
            return _add(args, out)
        if command == "list":
            return _list(args, out)
        if command == "remove":
            return _remove(args, out)
        if command == "check":
            return _check(args, out)
    except LabelError as exc:  # a usage error, as before labels had messages
        print(f"plagcheck archive: error: {exc}", file=sys.stderr)
        return 2
    except ArchiveError as exc:
        print(f"plagcheck archive: error: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"plagcheck archive: error: {exc}", file=sys.stderr)
        return 2
    print(f"plagcheck archive: error: unknown command {command}", file=sys.stderr)
    return 2


def _add(args: argparse.Namespace, out: TextIO) -> int:
    from simhash_core.scan import scan
    from simhash_core.store.cache import open_cache

    with open_archive(args.archive) as store, contextlib.ExitStack() as stack:
        settings = replace(store.config.settings, workers=args.workers or 0)
        progress = Progress()
        if not args.quiet:
            progress = Progress(TerminalProgress())
        cache, cache_notice = (None, None) if args.no_cache else open_cache()
        if cache is not None:
            stack.callback(cache.close)
        if cache_notice:
            print(f"note: {cache_notice}", file=out)
        result = scan(
            args.paths,
            args.template,
            settings,
            progress,
            timeout=args.timeout,
            cache=cache,
            compare=False,
        )
        # the class's template and common text stay out of later comparisons; the
        # teacher's decisions on its documents are kept with it (next term's scans)
        keep = None
        if not args.no_stored_decisions:
            try:
                keep = keeping_stored(result.documents, DecisionStore())
            except (DecisionStoreError, OSError) as exc:  # the class is still archived
                print(f"note: your decisions could not be read, none is archived: {exc}", file=out)
        added = service.file_class(
            store, result.documents, args.label, settings, templates=args.template, keep=keep
        )
        status = Counter(a.status for a in added)
        print(
            f"archived under '{args.label.strip()}': {status['added']} new, "
            f"{status['labelled']} already archived under another label (label added), "
            f"{status['present']} already under this label; "
            f"{len(result.errors)} unreadable",
            file=out,
        )
        for e in result.errors:
            print(f"  error  {e.path}: {e.reason}", file=out)
        for notice in result.notices:
            print(f"note: {notice}", file=out)
        print(f"archive: {store.location} ({store.count()} documents)", file=out)
    return 0


def _list(args: argparse.Namespace, out: TextIO) -> int:
    summary = service.summarize(args.archive or "")
    if not summary.exists:  # listing never creates an archive (nor does the app)
        print(f"archive: {summary.location} (not created yet)", file=out)
        print("no archived documents", file=out)
        return 0
    kind = "memory" if summary.remote else "on disk"
    size = human_size(summary.size_bytes)
    print(f"archive: {summary.location} ({size} {kind})", file=out)
    if not summary.labels:
        print("no archived documents", file=out)
        return 0
    width = max(len("label"), *(len(x.label) for x in summary.labels))
    print(f"{'label':<{width}}  {'documents':>9}  {'size':>9}", file=out)
    for x in summary.labels:
        print(f"{x.label:<{width}}  {x.documents:>9}  {human_size(x.size_bytes):>9}", file=out)
    print(f"total: {summary.documents} documents", file=out)
    return 0


def _remove(args: argparse.Namespace, out: TextIO) -> int:
    label = args.label.strip()
    location = args.archive or ""
    summary = service.summarize(location)
    if not summary.exists:
        print(
            f"plagcheck archive: error: no label '{label}': "
            f"nothing is archived at {summary.location}",
            file=sys.stderr,
        )
        return 2
    known = [x.label for x in summary.labels]
    if label not in known:
        print(
            f"plagcheck archive: error: no label '{label}' in the archive "
            f"(labels: {', '.join(known) or 'none'})",
            file=sys.stderr,
        )
        return 2
    removed = service.remove_label(location, label)
    print(
        f"removed label '{label}' from {removed.documents} documents; "
        f"{removed.summary.documents} remain",
        file=out,
    )
    return 0


def _check(args: argparse.Namespace, out: TextIO) -> int:
    missing = not_created_yet(args.archive)
    if missing is not None:
        print(f"archive {missing}: not created yet, nothing to check", file=out)
        return 0
    with open_archive(args.archive, create=False) as store:
        try:
            problems = store.check()
        except ArchiveChanging as exc:
            print(f"archive: not checked: {exc}", file=out)
            return CHECK_CHANGING
        for p in problems:
            print(f"  problem  {p}", file=out)
        if problems:
            print(f"archive {store.location}: {len(problems)} problem(s)", file=out)
            return 1
        print(f"archive {store.location} is consistent ({store.count()} documents)", file=out)
    return 0
