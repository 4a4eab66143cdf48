"""The ``plagcheck`` command line: a second front end over the same core as the app.

Exit codes: 0 when the scan ran and its reports were written (even with per-file
errors), 1 when the archive cannot be used or the reports cannot be written, 2 for
usage errors, 130 when interrupted with Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from simhash_core.archive import ArchiveError, ArchiveStore
from simhash_core.cli.archive import (
    add_archive_commands,
    add_scan_archive_options,
    apply_archive,
    open_scan_archive,
    run_archive_command,
)
from simhash_core.cli.terminal import TerminalProgress, bounded
from simhash_core.export import (
    ReportError,
    ReportsInterrupted,
    errors_path_for,
    write_reports,
)
from simhash_core.messages import Message
from simhash_core.progress import Progress, Stage
from simhash_core.report import PairNotFound, find_pair, report_writers
from simhash_core.scan import scan
from simhash_core.store.cache import open_cache
from simhash_core.types import ScanResult, ScanSettings, setting_range


def _settings(args: argparse.Namespace) -> ScanSettings:
    base = ScanSettings()
    return ScanSettings(
        simhash_k=args.k if args.k is not None else base.simhash_k,
        flag_similarity=args.threshold if args.threshold is not None else base.flag_similarity,
        flag_passage_words=(
            args.passage_words if args.passage_words is not None else base.flag_passage_words
        ),
        ngram=args.ngram if args.ngram is not None else base.ngram,
        t2s=not args.no_t2s,
        idf=args.idf,
        exclude_quotes=args.exclude_quotes,
        exclude_references=not args.keep_references,
        reworded=not args.no_reworded,
        translated=not args.no_translated,
        meaning_margin=(
            args.meaning_margin if args.meaning_margin is not None else base.meaning_margin
        ),
        meaning_sentences=(
            args.meaning_sentences if args.meaning_sentences is not None else base.meaning_sentences
        ),
        workers=args.workers or 0,
        ocr=not args.no_ocr,
    )


def summary(result: ScanResult) -> str:
    flagged = sum(1 for p in result.pairs if p.flagged)
    new = sum(d.archive_label is None for d in result.documents)
    archived = len(result.documents) - new
    lines = [
        f"files read: {new}   errors: {len(result.errors)}   "
        f"skipped: {len(result.skipped)}   flagged pairs: {flagged}   "
        f"groups: {len(result.clusters)}"
    ]
    if archived:
        lines.append(f"archived documents matched: {archived}")
    if result.cancelled:
        lines.append("scan interrupted: results cover the files read so far")
    lines.extend(f"  note     {n}" for n in result.notices)
    for e in result.errors:
        lines.append(f"  error    {e.path}: {e.reason}")
    for e in result.skipped:
        lines.append(f"  skipped  {e.path}: {e.reason}")
    for d in result.documents:
        if d.archive_label is None:
            lines.extend(f"  warning  {d.path}: {w}" for w in d.warnings)
    for c in result.clusters:
        names = ", ".join(result.documents[m].label for m in c.members)
        lines.append(f"  group {c.id} (max {c.max_similarity:.0%}, {c.source_reason}): {names}")
    lines.extend(_flagged_lines(result))
    return "\n".join(lines)


SUMMARY_PAIRS = 40  # flagged pairs listed in the summary; the reports have them all


def _flagged_lines(result: ScanResult) -> list[str]:
    """The flagged pairs, most similar first: ``A → B`` when the evidence shows that B
    holds A's text (with the evidence), ``A ↔ B`` when nothing shows the direction."""
    docs = result.documents
    flagged = sorted(
        (p for p in result.pairs if p.flagged), key=lambda p: (-p.similarity, p.a, p.b)
    )
    lines = []
    for p in flagged[:SUMMARY_PAIRS]:
        d = p.direction
        if d is not None and d.source is not None and d.copy is not None:
            who = f"{docs[d.source].label} → {docs[d.copy].label}   ({d.reason})"
        else:
            who = f"{docs[p.a].label} ↔ {docs[p.b].label}   (direction unknown)"
        lines.append(f"  pair {p.similarity:6.1%}  {who}")
    if len(flagged) > SUMMARY_PAIRS:
        lines.append(f"  ... and {len(flagged) - SUMMARY_PAIRS} more flagged pairs in the reports")
    return lines


def interrupted_reports(exc: KeyboardInterrupt) -> str:
    """What Ctrl-C while the reports were made left: the reports written and those not.

    >>> print(interrupted_reports(ReportsInterrupted([Path("a.csv")], [Path("r.pdf")])))
    interrupted while writing the reports: written: a.csv; not written: r.pdf
    >>> print(interrupted_reports(KeyboardInterrupt()))
    interrupted before the reports were written: no report was written
    """
    if not isinstance(exc, ReportsInterrupted):
        return "interrupted before the reports were written: no report was written"
    written = ", ".join(str(p) for p in exc.written) or "none"
    missing = ", ".join(str(p) for p in exc.missing) or "none"
    return f"interrupted while writing the reports: written: {written}; not written: {missing}"


def _add_scan(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("scan", help="compare every file in folders with every other")
    p.add_argument("paths", nargs="+", type=Path, metavar="DIR", help="folders or files")
    p.add_argument(
        "--template",
        action="append",
        type=Path,
        default=[],
        metavar="FILE",
        help="assignment text that every submission contains (repeatable)",
    )
    p.add_argument("--csv", type=Path, metavar="OUT", help="pairs CSV (errors CSV beside it)")
    p.add_argument("--json", type=Path, metavar="OUT", help="full result as JSON")
    p.add_argument(
        "--html", type=Path, metavar="OUT", help="report in one self-contained HTML file"
    )
    p.add_argument("--pdf", type=Path, metavar="OUT", help="report as a PDF")
    p.add_argument(
        "--anonymize",
        action="store_true",
        help="name students 'Student 1...N' in the HTML and PDF, without paths or authors",
    )
    p.add_argument(
        "--pair",
        nargs=2,
        metavar=("A", "B"),
        help="HTML and PDF of this pair only, the evidence for one hearing (files as the "
        "CSV shows them, or their names)",
    )
    p.add_argument(
        "--lang",
        choices=["en", "zh"],
        default="en",
        help="language of the CSV (headers, reasons) and of the HTML and PDF reports",
    )
    p.add_argument(
        "--all-pairs", action="store_true", help="write every pair, not only similar ones"
    )
    p.add_argument(
        "--workers",
        type=bounded(int, 1, setting_range("workers")[1]),
        metavar="N",
        help="worker processes (default: one per core)",
    )
    p.add_argument(
        "-k",
        type=bounded(int, *setting_range("simhash_k")),
        help="SimHash Hamming distance for near-duplicates, 0-12 (default 3)",
    )
    p.add_argument(
        "--threshold",
        type=bounded(float, *setting_range("flag_similarity")),
        help="flag pairs at this similarity, 0.01-1 (default 0.15)",
    )
    p.add_argument(
        "--passage-words",
        type=bounded(float, *setting_range("flag_passage_words")),
        help="flag a pair with a matching passage this long, in words (default 40;"
        " two Chinese characters count as one word)",
    )
    p.add_argument(
        "--ngram",
        type=bounded(int, *setting_range("ngram")),
        help="shingle size in units, 2-12 (default 5)",
    )
    p.add_argument(
        "--idf",
        choices=["jieba", "corpus"],
        default="jieba",
        help="IDF source for SimHash weights (default jieba)",
    )
    p.add_argument(
        "--no-ocr",
        action="store_true",
        help="do not read scanned PDF pages and pictures in DOCX/ODT files (OCR takes "
        "about 5-10 s per page); a PDF that is only scans is then reported, not read",
    )
    p.add_argument(
        "--no-reworded",
        action="store_true",
        help="do not look for sentences reworded within a language",
    )
    p.add_argument(
        "--no-translated",
        action="store_true",
        help="do not look for sentences translated between Chinese and English",
    )
    p.add_argument(
        "--meaning-margin",
        type=bounded(float, *setting_range("meaning_margin")),
        help="how much closer than its usual nearest sentences a reworded or translated"
        " sentence must be to its match, 1-10 (default 1.3)",
    )
    p.add_argument(
        "--meaning-sentences",
        type=bounded(int, *setting_range("meaning_sentences")),
        help="sentences in order that make a reworded or translated passage, 2-100 (default 3)",
    )
    p.add_argument("--no-t2s", action="store_true", help="do not map Traditional to Simplified")
    p.add_argument("--exclude-quotes", action="store_true", help="ignore quoted text")
    p.add_argument(
        "--keep-references", action="store_true", help="compare the reference section too"
    )
    p.add_argument(
        "--timeout", type=bounded(float, 1), default=60.0, help="seconds allowed per file"
    )
    p.add_argument(
        "--no-cache", action="store_true", help="ignore the fingerprint cache (re-read every file)"
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    add_scan_archive_options(p)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="plagcheck", description="Find copied work among student submissions."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    _add_scan(sub)
    add_archive_commands(sub)
    return parser


def run_scan(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    for p in [*args.paths, *args.template]:
        if not p.exists():
            parser.error(f"no such file or folder: {p}")
    if args.pair and not (args.html or args.pdf):
        parser.error("--pair chooses what --html and --pdf report: give one of them")
    for out in (args.csv, args.json, args.html, args.pdf):
        if out is not None and not out.resolve().parent.is_dir():
            parser.error(f"folder for {out} does not exist")
    settings = _settings(args)
    # the archive is opened and checked first: a wrong address or password must not
    # cost the teacher the whole scan before it is said
    store = open_scan_archive(args)
    with store if store is not None else contextlib.nullcontext():
        return _scan_and_report(args, settings, store)


def _scan_and_report(
    args: argparse.Namespace, settings: ScanSettings, store: ArchiveStore | None
) -> int:
    bar = TerminalProgress() if not args.quiet else None
    progress = Progress(bar)
    archive = [Stage.ARCHIVE] if store is not None else []
    progress.plan(Stage.DISCOVER, Stage.READ, Stage.COMPARE, *archive, Stage.WRITE)
    cache, cache_notice = (None, None) if args.no_cache else open_cache()
    try:
        result = scan(
            args.paths,
            args.template,
            settings,
            progress,
            all_pairs=args.all_pairs,
            timeout=args.timeout,
            cache=cache,
        )
    finally:
        if cache is not None:
            cache.close()
    if cache_notice:
        result.notices.insert(0, cache_notice)
    archive_failed = None
    if store is not None:
        try:
            result = apply_archive(args, result, settings, store)
        except ArchiveError as exc:  # broke mid-scan: the class reports still count
            archive_failed = Message.of("notice.archive-failed", detail=str(exc))
            result.notices.append(archive_failed)
    progress.begin(Stage.WRITE)
    progress.update(0, 1)
    chosen, not_found = None, None
    if args.pair:
        try:
            chosen = [find_pair(result, *args.pair)]
        except PairNotFound as exc:  # the CSV and JSON are still written
            not_found = str(exc)
    try:
        more = (
            report_writers(
                result,
                html_path=args.html,
                pdf_path=args.pdf,
                lang=args.lang,
                anonymous=args.anonymize,
                pairs=chosen,
            )
            if not_found is None
            else []
        )
        write_reports(result, csv_path=args.csv, json_path=args.json, lang=args.lang, more=more)
        progress.update(1, 1)
    except ReportError as exc:
        print(summary(result))
        print(f"plagcheck: error: {exc}; no report was written", file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:  # Ctrl-C after the comparison: say what was written
        print(f"\n{interrupted_reports(exc)}", file=sys.stderr)
        return 130
    if args.csv:
        print(f"pairs: {args.csv}   errors: {errors_path_for(args.csv)}")
    if args.json:
        print(f"json: {args.json}")
    for kind, path in (("html", args.html), ("pdf", args.pdf)):
        if path and not_found is None:
            print(f"{kind}: {path}")
    print(summary(result))
    new = sum(d.archive_label is None for d in result.documents)
    if new < 2 and not result.cancelled:
        # nothing (or one file) was compared: say so, and do not report success
        what = "no file could be read" if new == 0 else "only one file could be read"
        print(f"plagcheck: error: {what}, so nothing was compared", file=sys.stderr)
        return 1
    if not_found:
        print(f"plagcheck: error: {not_found}; no HTML or PDF report was written", file=sys.stderr)
        return 1
    if archive_failed:
        print(f"plagcheck: error: {archive_failed}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "scan":
            return run_scan(args, parser)
        if args.command == "archive":
            return run_archive_command(args)
    except ArchiveError as exc:
        print(f"plagcheck: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    parser.error(f"unknown command {args.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
