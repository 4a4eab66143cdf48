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
from typing import TYPE_CHECKING

from simhash_core.archive import ArchiveError, ArchiveStore
from simhash_core.check import CheckRequest, check_class
from simhash_core.cli.archive import (
    add_archive_commands,
    add_scan_archive_options,
    open_scan_archive,
    run_archive_command,
)
from simhash_core.cli.review import (
    DecisionsError,
    add_review_command,
    add_scan_decision_options,
    decisions_file,
    run_review,
    stored_decisions,
)
from simhash_core.cli.setting_options import add_setting_options, settings_from_args
from simhash_core.cli.terminal import TerminalProgress, bounded
from simhash_core.progress import Progress, Stage
from simhash_core.types import ArchiveStatus, PairScore, ScanResult, ScanSettings

if TYPE_CHECKING:  # the reports' modules are imported when reports are written
    from simhash_core.report.export import Writer
    from simhash_core.review.decisions import Decision


def summary(result: ScanResult, listed_in: str | None = None) -> str:
    """What a scan found, for the terminal: the counts, notes and shared texts, the
    files that could not be read, were skipped or warned about, the groups and the
    flagged pairs. Long lists are cut short (the reports hold them all); ``listed_in``
    names the errors sheet that lists every file's problem, when one was written."""
    flagged = sum(1 for p in result.pairs if p.flagged)
    new = sum(d.archive_label is None for d in result.documents)
    archived = len(result.documents) - new
    lines = [
        f"files read: {new}   errors: {len(result.errors)}   "
        f"skipped: {len(result.skipped)}   flagged pairs: {flagged}   "
        f"groups: {len(result.clusters)}"
    ]
    if result.archive is not None:
        lines.append(f"archive: {result.archive.message}")
    elif archived:
        lines.append(f"archived documents matched: {archived}")
    if result.cancelled:
        lines.append("scan interrupted: results cover the files read so far")
    review = _review_counts(result)
    if review:
        lines.append(f"decisions: {review}")
    lines.extend(f"  note     {n}" for n in result.notices)
    lines.extend(_shared_text_lines(result))
    warned = [
        (d.path, str(w)) for d in result.documents if d.archive_label is None for w in d.warnings
    ]
    for kind, entries in (
        ("error", [(e.path, str(e.reason)) for e in result.errors]),
        ("skipped", [(e.path, str(e.reason)) for e in result.skipped]),
        ("warning", warned),
    ):
        lines.extend(file_lines(kind, entries, listed_in))
    lines.extend(_group_lines(result))
    lines.extend(_flagged_lines(result))
    return "\n".join(lines)


SAME_REASON_FILES = 5  # files named one by one under a reason; more are counted


def file_lines(kind: str, entries: list[tuple[str, str]], listed_in: str | None) -> list[str]:
    """The summary's lines for per-file ``entries`` (path, reason) of one ``kind``:
    one line per file, but a reason more than :data:`SAME_REASON_FILES` files share
    is said once, with how many files and the first of them (a folder of 100,000
    files read 12,000 of them as GB18030: one line, not 12,000). ``listed_in``: the
    file that lists every one of them, if one was written.

    >>> file_lines("warning", [("a.txt", "odd"), ("b.txt", "odd")], None)
    ['  warning  a.txt: odd', '  warning  b.txt: odd']
    >>> many = [(f"s{k}.txt", "read as GB18030") for k in range(8)] + [("x.pdf", "cut")]
    >>> for line in file_lines("warning", many, "out-errors.csv"):
    ...     print(line)
      warning  8 files: read as GB18030
               s0.txt, s1.txt, s2.txt, s3.txt, s4.txt and 3 more (all in out-errors.csv)
      warning  x.pdf: cut
    """
    by_reason: dict[str, list[str]] = {}
    for path, reason in entries:
        by_reason.setdefault(reason, []).append(path)
    label = f"{kind:<8}"
    lines: list[str] = []
    for reason, paths in by_reason.items():
        if len(paths) <= SAME_REASON_FILES:
            lines.extend(f"  {label} {path}: {reason}" for path in paths)
            continue
        where = f"all in {listed_in}" if listed_in else "--csv FILE lists them all"
        named = ", ".join(paths[:SAME_REASON_FILES])
        rest = len(paths) - SAME_REASON_FILES
        lines.append(f"  {label} {len(paths)} files: {reason}")
        lines.append(f"  {' ' * len(label)} {named} and {rest} more ({where})")
    return lines


SUMMARY_GROUPS = 40  # groups listed in the summary; the reports have them all


def _group_lines(result: ScanResult) -> list[str]:
    """The groups of flagged pairs, the first :data:`SUMMARY_GROUPS` of them."""
    docs = result.documents
    lines = []
    for c in result.clusters[:SUMMARY_GROUPS]:
        names = ", ".join(docs[m].label for m in c.members)
        lines.append(f"  group {c.id} (max {c.max_similarity:.0%}, {c.source_reason}): {names}")
    more = len(result.clusters) - SUMMARY_GROUPS
    if more > 0:
        lines.append(f"  ... and {more} more groups in the reports")
    return lines


def _shared_text_lines(result: ScanResult) -> list[str]:
    """Each shared text (not counted), its start, and what to do if it is the
    assignment text."""
    lines = []
    for x in result.shared_texts:
        lines.append(f"  shared   {x.message} {_excerpt(x.text)} (not counted)")
    if lines:
        lines.append(
            "           if it is the assignment text, scan again with --template FILE holding it"
        )
    return lines


def _excerpt(text: str, limit: int = 60) -> str:
    """``text`` on one line, cut at ``limit`` characters.

    >>> _excerpt("Write an essay  on rivers.", 20)
    '"Write an essay on ri…"'
    """
    flat = " ".join(text.split())
    return f'"{flat[:limit]}…"' if len(flat) > limit else f'"{flat}"'


def _review_counts(result: ScanResult) -> str:
    """How the reported pairs stand: "2 confirmed, 1 dismissed, 4 to review, 1 outdated"
    (``""`` when no decision applies to the scan)."""
    from collections import Counter

    from simhash_core.report.contents import reported
    from simhash_core.review.decisions import review_state

    if not result.decisions:
        return ""
    states = Counter(review_state(result, p.a, p.b) for p in reported(result))
    if not (states["confirmed"] or states["dismissed"] or states["outdated"]):
        return ""
    return (
        f"{states['confirmed']} confirmed, {states['dismissed']} dismissed, "
        f"{states['unreviewed'] + states['outdated']} to review"
        + (f" ({states['outdated']} outdated: a file changed since)" if states["outdated"] else "")
    )


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

    >>> from simhash_core.report.export import ReportsInterrupted
    >>> print(interrupted_reports(ReportsInterrupted([Path("a.csv")], [Path("r.pdf")])))
    interrupted while writing the reports: written: a.csv; not written: r.pdf
    >>> print(interrupted_reports(KeyboardInterrupt()))
    interrupted before the reports were written: no report was written
    """
    from simhash_core.report.export import ReportsInterrupted

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
    chosen = p.add_mutually_exclusive_group()
    chosen.add_argument(
        "--pair",
        nargs=2,
        metavar=("A", "B"),
        help="HTML and PDF of this pair only, the evidence for one hearing (files as the "
        "CSV shows them, or their names)",
    )
    chosen.add_argument(
        "--confirmed",
        action="store_true",
        help="HTML and PDF of the pairs confirmed as copying only, for an exam board: "
        "the passages side by side, the decisions, the files' properties, the settings",
    )
    chosen.add_argument(
        "--student",
        metavar="NAME",
        help="HTML and PDF of one student's own report, every other student anonymized "
        "(the student's name, or a file as the CSV shows it)",
    )
    p.add_argument(
        "--level",
        choices=["score", "summary", "full"],
        default="summary",
        help="what the student's report shows: the scores only, a summary of each "
        "similar submission, or the full passages side by side (default: summary)",
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
    add_scan_decision_options(p)
    add_setting_options(p)  # every setting with a flag, from its declaration
    p.add_argument(
        "--timeout", type=bounded(float, 1), default=60.0, help="seconds allowed per file"
    )
    p.add_argument(
        "--no-cache", action="store_true", help="ignore the fingerprint cache (re-read every file)"
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    add_scan_archive_options(p)


def _add_self_test(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "self-test",
        help="scan the sample class that comes with plagcheck, write its reports, check them",
    )
    p.add_argument(
        "--out", type=Path, metavar="FOLDER", help="keep the reports here (default: nowhere)"
    )


def run_self_test(args: argparse.Namespace) -> int:
    """``plagcheck self-test``: 0 when this install finds the sample class's copies."""
    from simhash_core.sample_class import self_test
    from simhash_core.version import version

    problems = self_test(args.out)
    for problem in problems:
        print(f"plagcheck: self-test: {problem}", file=sys.stderr)
    print(f"self-test: {'failed' if problems else 'passed'} (plagcheck {version()})")
    return 1 if problems else 0


def build_parser() -> argparse.ArgumentParser:
    from simhash_core.version import PrintVersion

    parser = argparse.ArgumentParser(
        prog="plagcheck", description="Find copied work among student submissions."
    )
    parser.add_argument("--version", action=PrintVersion)
    sub = parser.add_subparsers(dest="command", required=True)
    _add_scan(sub)
    _add_self_test(sub)
    add_review_command(sub)
    add_archive_commands(sub)
    return parser


def run_scan(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    for p in [*args.paths, *args.template]:
        if not p.exists():
            parser.error(f"no such file or folder: {p}")
    for given, flag in (
        (args.pair, "--pair"),
        (args.confirmed, "--confirmed"),
        (args.student, "--student"),
    ):
        if given and not (args.html or args.pdf):
            parser.error(f"{flag} chooses what --html and --pdf report: give one of them")
    if args.decisions is not None and not args.decisions.is_file():
        parser.error(f"no such file: {args.decisions}")
    for out in (args.csv, args.json, args.html, args.pdf):
        if out is not None and not out.resolve().parent.is_dir():
            parser.error(f"folder for {out} does not exist")
    settings = settings_from_args(args)
    try:  # read before the scan: a wrong file must not cost the teacher the whole scan
        decisions = decisions_file(args)
    except DecisionsError as exc:
        print(f"plagcheck: error: {exc}", file=sys.stderr)
        return 1
    # the archive is opened and checked first: a wrong address or password must not
    # cost the teacher the whole scan before it is said
    store = open_scan_archive(args)
    with store if store is not None else contextlib.nullcontext():
        return _scan_and_report(args, settings, store, decisions)


def _scan_and_report(
    args: argparse.Namespace,
    settings: ScanSettings,
    store: ArchiveStore | None,
    decisions: tuple[Decision, ...],
) -> int:
    bar = TerminalProgress() if not args.quiet else None
    progress = Progress(bar)
    request = CheckRequest(
        tuple(args.paths),
        tuple(args.template),
        settings,
        use_cache=not args.no_cache,
        all_pairs=args.all_pairs,
        timeout=args.timeout,
        archive=store,  # broken mid-scan: the class reports still count, and say so
        decisions=stored_decisions(args),
        more_decisions=decisions,
        then=(Stage.WRITE,),
    )
    result = check_class(request, progress)
    progress.begin(Stage.WRITE)
    progress.update(0, 1)
    not_found = None
    if args.csv or args.json or args.html or args.pdf:
        written = _write_reports(args, result)
        if isinstance(written, int):
            return written
        not_found = written
    progress.update(1, 1)
    listed_in = None
    if args.csv:
        from simhash_core.report.export import errors_path_for

        beside = errors_path_for(args.csv)
        listed_in = None if beside is None else str(beside)
        print(f"pairs: {args.csv}" + ("" if beside is None else f"   errors: {beside}"))
    if args.json:
        print(f"json: {args.json}")
    for kind, path in (("html", args.html), ("pdf", args.pdf)):
        if path and not_found is None:
            print(f"{kind}: {path}")
    print(summary(result, listed_in))
    errors = []
    check = result.archive
    if check is not None and check.status is ArchiveStatus.FAILED:
        errors.append(str(check.message))
    nothing = _nothing_compared(result)
    if nothing:  # say so, and do not report success
        errors.append(f"{nothing}, so nothing was compared")
    if not_found:
        errors.append(f"{not_found}; no HTML or PDF report was written")
    for error in errors:
        print(f"plagcheck: error: {error}", file=sys.stderr)
    return 1 if errors else 0


def _write_reports(args: argparse.Namespace, result: ScanResult) -> int | str | None:
    """The reports asked for, written: None, or why the HTML and PDF were not (the
    pair or student asked for is not in the class: the CSV and JSON still are), or the
    exit code when nothing could be written or Ctrl-C stopped it. The reports' modules
    are imported here, not at start-up: a re-scan from the cache takes under a second."""
    from simhash_core.report import PairNotFound, find_pair
    from simhash_core.report.export import ReportError, write_reports
    from simhash_core.report.student import StudentNotFound

    chosen, not_found = None, None
    if args.pair:
        try:
            chosen = [find_pair(result, *args.pair)]
        except PairNotFound as exc:  # the CSV and JSON are still written
            not_found = str(exc)
    try:
        more = _report_writers(args, result, chosen) if not_found is None else []
    except StudentNotFound as exc:  # the CSV and JSON are still written
        more, not_found = [], str(exc)
    try:
        write_reports(result, csv_path=args.csv, json_path=args.json, lang=args.lang, more=more)
    except ReportError as exc:
        print(summary(result))
        print(f"plagcheck: error: {exc}; no report was written", file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:  # Ctrl-C after the comparison: say what was written
        print(f"\n{interrupted_reports(exc)}", file=sys.stderr)
        return 130
    return not_found


def _report_writers(
    args: argparse.Namespace, result: ScanResult, chosen: list[PairScore] | None
) -> list[tuple[Path, Writer]]:
    """The HTML and PDF asked for: the class, one pair, the confirmed cases or one
    student's own report."""
    from simhash_core.report import report_writers
    from simhash_core.report.student import student_writers

    if args.student:
        return student_writers(
            result,
            args.student,
            html_path=args.html,
            pdf_path=args.pdf,
            level=args.level,
            lang=args.lang,
        )
    return report_writers(
        result,
        html_path=args.html,
        pdf_path=args.pdf,
        lang=args.lang,
        anonymous=args.anonymize,
        pairs=chosen,
        kind="confirmed" if args.confirmed else "class",
    )


def _nothing_compared(result: ScanResult) -> str:
    """Why the scan compared nothing (``""`` when it compared something): no file read,
    or one file and no archive searched. One new file checked against the archive is a
    scan (a late submission)."""
    if result.cancelled:
        return ""
    new = sum(d.archive_label is None for d in result.documents)
    if new == 0:
        return "no file could be read"
    archive = result.archive
    if new == 1 and (archive is None or archive.status is not ArchiveStatus.COMPARED):
        return "only one file could be read"
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "scan":
            return run_scan(args, parser)
        if args.command == "archive":
            return run_archive_command(args)
        if args.command == "review":
            return run_review(args, parser)
        if args.command == "self-test":
            return run_self_test(args)
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
