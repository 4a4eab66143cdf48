"""``plagcheck review``, and the decisions a ``plagcheck scan`` is reported with.

::

    plagcheck review                                 the decisions kept in your store
    plagcheck review DIR...                          the scan's flagged and decided pairs
    plagcheck review DIR... --confirm A B --reason other --note "same typos" [--by NAME]
    plagcheck review DIR... --dismiss A B --reason template
    plagcheck review DIR... --unreview A B
    plagcheck review [DIR...] --export FILE          hand the decisions on (of the scan's
                                                     files with DIR, else all)
    plagcheck review --import FILE                   take a colleague's (per pair, the later)

Decisions are inputs, not settings: a scan applies the user's store
(:class:`~simhash_core.review.store.DecisionStore`, in the user data folder or
``PLAGCHECK_DATA_DIR``) unless told not to, and a decisions file on top of it
(``--decisions FILE``: its decisions replace the store's on the same pairs). They change
what the reports say, never the fingerprints or the cache. Exit codes: 0 done, 1 the
store or a file cannot be read or written, 2 usage errors.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from simhash_core.cli.setting_options import add_setting_options, settings_from_args
from simhash_core.review.decisions import (
    REASON_WORDS,
    STATE_WORDS,
    Decision,
    Decisions,
    Reason,
    Verdict,
    decision_of,
    submission_key,
)
from simhash_core.review.store import (
    DecisionStore,
    DecisionStoreError,
    read_decisions_file,
    write_decisions_file,
)
from simhash_core.types import ScanResult


class DecisionsError(Exception):
    """The decisions could not be read; the message says why."""


def add_scan_decision_options(p: argparse.ArgumentParser) -> None:
    """``scan``'s options for the decisions its reports carry."""
    p.add_argument(
        "--decisions",
        type=Path,
        metavar="FILE",
        help="decisions file (from 'plagcheck review --export') applied on top of your "
        "stored decisions",
    )
    p.add_argument(
        "--no-stored-decisions",
        action="store_true",
        help="report without the decisions kept in your data folder",
    )


def decisions_file(args: argparse.Namespace) -> tuple[Decision, ...]:
    """The ``--decisions`` file's decisions (none without it), read before the scan:
    a wrong file must not cost the teacher the whole scan."""
    if args.decisions is None:
        return ()
    try:
        return tuple(read_decisions_file(args.decisions))
    except ValueError as exc:
        raise DecisionsError(str(exc)) from exc


def stored_decisions(args: argparse.Namespace) -> DecisionStore | None:
    """The user's store, unless ``--no-stored-decisions``."""
    return None if args.no_stored_decisions else DecisionStore()


def add_review_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "review",
        help="list, set, export and import the decisions on pairs (confirmed, dismissed)",
        description="Without folders: the decisions kept in your data folder. With "
        "folders: the scan's flagged and decided pairs, and --confirm, --dismiss or "
        "--unreview sets the decision on one pair of them.",
    )
    p.add_argument(
        "paths", nargs="*", type=Path, metavar="DIR", help="folders or files of the class"
    )
    p.add_argument(
        "--template",
        action="append",
        type=Path,
        default=[],
        metavar="FILE",
        help="assignment text that every submission contains (repeatable)",
    )
    verdict = p.add_mutually_exclusive_group()
    for flag, what in (
        ("--confirm", "confirm the pair of files A and B as copying"),
        ("--dismiss", "dismiss the pair of files A and B: not copying"),
        ("--unreview", "take back the decision on the pair of files A and B"),
    ):
        verdict.add_argument(flag, nargs=2, metavar=("A", "B"), help=what)
    p.add_argument(
        "--reason",
        choices=[r.value for r in Reason],
        help="why: " + "; ".join(f"{r.value}: {w.lower()}" for r, w in REASON_WORDS.items()),
    )
    p.add_argument("--note", default="", metavar="TEXT", help="a note on the decision")
    p.add_argument(
        "--by", metavar="NAME", help="who decides (default: your user name on this computer)"
    )
    p.add_argument(
        "--export",
        type=Path,
        metavar="FILE",
        help="write the decisions (of the scan's files with folders, else all) to a file "
        "for a colleague",
    )
    p.add_argument(
        "--import",
        dest="import_",
        type=Path,
        metavar="FILE",
        help="take the decisions of a decisions file into your store (per pair, the later)",
    )
    p.add_argument(
        "--no-cache", action="store_true", help="ignore the fingerprint cache (re-read every file)"
    )
    add_setting_options(p)


def run_review(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    chosen = args.confirm or args.dismiss or args.unreview
    if chosen and not args.paths:
        parser.error("--confirm, --dismiss and --unreview need the class's folders")
    if (args.reason or args.note or args.by) and not chosen:
        parser.error("--reason, --note and --by go with --confirm, --dismiss or --unreview")
    for path in [*args.paths, *args.template]:
        if not path.exists():
            parser.error(f"no such file or folder: {path}")
    if args.import_ is not None and not args.import_.is_file():
        parser.error(f"no such file: {args.import_}")
    if args.export is not None and not args.export.resolve().parent.is_dir():
        parser.error(f"folder for {args.export} does not exist")
    store = DecisionStore()
    try:
        if args.import_ is not None:
            taken = store.merge(read_decisions_file(args.import_))
            print(f"imported {taken} decisions from {args.import_} (per pair, the later)")
        result = _scan(args) if args.paths else None
        if result is not None and chosen:
            try:
                decision = _decision(args, result, chosen)
            except LookupError as exc:
                print(f"plagcheck: error: {exc}", file=sys.stderr)
                return 1
            store.save(decision)
            print(f"{_verdict_word(decision)}: {decision.names[0]} ↔ {decision.names[1]}")
        decisions = store.load()
        if result is not None:
            result.decisions = decisions
            for line in scan_lines(result):
                print(line)
        elif args.import_ is None and args.export is None:
            for line in store_lines(decisions):
                print(line)
        if args.export is not None:
            kept = list(decisions) if result is None else of_scan(result, decisions)
            write_decisions_file(kept, args.export)
            print(f"exported {len(kept)} decisions to {args.export}")
    except (DecisionStoreError, ValueError, OSError) as exc:
        print(f"plagcheck: error: {exc}", file=sys.stderr)
        return 1
    return 0


def _scan(args: argparse.Namespace) -> ScanResult:
    from simhash_core.scan import scan
    from simhash_core.store.cache import open_cache

    cache, _ = (None, None) if args.no_cache else open_cache()
    try:
        return scan(args.paths, args.template, settings_from_args(args), cache=cache)
    finally:
        if cache is not None:
            cache.close()


def _decision(args: argparse.Namespace, result: ScanResult, pair: list[str]) -> Decision:
    from simhash_core.report import PairNotFound, _document

    try:
        a, b = (_document(result, name) for name in pair)
    except PairNotFound as exc:
        raise LookupError(str(exc)) from None
    if a == b:
        raise LookupError(f"{pair[0]!r} and {pair[1]!r} are the same file")
    docs = result.documents
    verdict = (
        Verdict.CONFIRMED
        if args.confirm
        else Verdict.DISMISSED
        if args.dismiss
        else Verdict.UNREVIEWED
    )
    made = Decision(
        submission_key(docs[a], docs[b]),
        verdict,
        Reason(args.reason) if args.reason else None,
        note=args.note,
        names=(docs[a].path, docs[b].path),
    )
    return made.signed(args.by)


def _verdict_word(d: Decision) -> str:
    return STATE_WORDS[d.verdict.value].lower()


def scan_lines(result: ScanResult) -> list[str]:
    """The scan's flagged and decided pairs, most similar first, one line each: the
    review state, the similarity, the pair, and the decision's reason, note, who and
    when."""
    from simhash_core.report.contents import reported

    docs = result.documents
    lines = []
    for p in reported(result):
        found = decision_of(result, p.a, p.b)
        state = found.state if found is not None else Verdict.UNREVIEWED.value
        line = f"{state:<11} {p.similarity:6.1%}  {docs[p.a].path} ↔ {docs[p.b].path}"
        if found is not None:
            line += _details(found.decision)
        lines.append(line)
    if not lines:
        lines.append("no flagged or decided pair")
    return lines


def store_lines(decisions: Decisions) -> list[str]:
    """Every kept decision, one line each, by the names it was made on."""
    lines = [
        f"{d.verdict.value:<11} {d.names[0] or d.key[0][:12]} ↔ {d.names[1] or d.key[1][:12]}"
        + _details(d)
        for d in sorted(decisions, key=lambda d: (d.at, d.names, d.key))
    ]
    return lines or ["no decisions kept yet"]


def _details(d: Decision) -> str:
    parts = []
    if d.reason is not None:
        parts.append(d.reason.value)
    if d.note:
        parts.append(repr(d.note))
    if d.by or d.at:
        parts.append(f"by {d.by or '?'} at {d.at or '?'}")
    return "   " + "; ".join(parts) if parts else ""


def of_scan(result: ScanResult, decisions: Decisions) -> list[Decision]:
    """The decisions on two of the scan's submissions (by contents, or by the names of
    an outdated one)."""
    docs = [d for d in result.documents if d.archive_label is None]
    keys = {submission_key(d, d)[0] for d in docs}
    paths = {d.path for d in docs}
    return [d for d in decisions if set(d.key) <= keys or (all(d.names) and set(d.names) <= paths)]
