"""Checking a class: the one use case the app and the command line both run.

A check reads and compares the class (:func:`simhash_core.scan.scan`, with the user's
fingerprint cache), then compares it with the archive of past terms when asked, then
applies the teacher's earlier decisions (those kept in the archive with past classes,
their store over them, and a decisions file handed on by a colleague over both) and
judges the class again without what they excluded before (a passage,
a source, the assignment text, short matches: see
:mod:`simhash_core.review.exclusions`). Each front end builds a :class:`CheckRequest`
and shows or writes the :class:`~simhash_core.types.ScanResult` it gets back; nothing
of this sequence is written twice.

Problems that must not cost the class's own result are said in it, never raised: the
cache (``result.notices``), the archive (``result.archive``), the decisions
(``result.notices``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from simhash_core.messages import Message
from simhash_core.progress import Progress, Stage
from simhash_core.review.decisions import Decision, decisions_for
from simhash_core.review.store import DecisionStore, DecisionStoreError
from simhash_core.settings import ScanSettings
from simhash_core.types import ArchiveStatus, ScanResult

if TYPE_CHECKING:
    from simhash_core.archive.base import ArchiveStore
    from simhash_core.review.exclusions import Exclusion, Exclusions


@dataclass(frozen=True)
class CheckRequest:
    """What to check and how."""

    paths: tuple[Path, ...]
    templates: tuple[Path, ...] = ()
    settings: ScanSettings = field(default_factory=ScanSettings)
    isolate: bool = True  # extraction in worker processes (False: in this thread)
    use_cache: bool = True  # reuse fingerprints of unchanged files
    all_pairs: bool = False  # every pair in the reports, not only the reported ones
    timeout: float = 60.0  # seconds one file may take
    # compare with the archive: its location ("" = the default file), an archive
    # already opened (the CLI checks the address and password before reading), or None
    archive: str | ArchiveStore | None = None
    # the teacher's decisions: their store, and decisions handed on in a file (the
    # file's win on a pair both hold: it is what the teacher asked for now)
    decisions: DecisionStore | None = None
    more_decisions: tuple[Decision, ...] = ()
    then: Sequence[Stage] = ()  # the front end's own stages after the check (writing)


def check_class(request: CheckRequest, progress: Progress | None = None) -> ScanResult:
    """Scan ``request``'s class, compare it with the archive, apply the decisions."""
    from simhash_core.scan import scan
    from simhash_core.store.cache import open_cache

    progress = progress or Progress()
    archive = [Stage.ARCHIVE] if request.archive is not None else []
    progress.plan(Stage.DISCOVER, Stage.READ, Stage.COMPARE, *archive, *request.then)
    cache, notice = open_cache() if request.use_cache else (None, None)
    try:
        result = scan(
            list(request.paths),
            list(request.templates),
            request.settings,
            progress,
            isolate=request.isolate,
            all_pairs=request.all_pairs,
            timeout=request.timeout,
            cache=cache,
        )
    finally:
        if cache is not None:
            cache.close()
    if notice:
        result.notices.insert(0, notice)
    archived: tuple[Sequence[Decision], Iterable[Exclusion]] = ((), ())
    if request.archive is not None:
        from simhash_core.archive.service import compare_scan

        result, _ = compare_scan(
            result, request.archive, request.settings, progress, all_pairs=request.all_pairs
        )
        archived = archived_review(result, request.archive)
    result = with_decisions(result, request.decisions, request.more_decisions, archived[0])
    result = with_exclusions(result, request.decisions, progress, archived[1])
    result.shared_texts  # noqa: B018  found in the scan's thread: a window only reads them
    return result


def archived_review(
    result: ScanResult, archive: str | ArchiveStore
) -> tuple[Sequence[Decision], Iterable[Exclusion]]:
    """The decisions and exclusions kept in the archive with past classes, once
    ``result`` was compared with it (none otherwise); an archive whose kept decisions
    can't be read is said in the notices."""
    if result.archive is None or result.archive.status is not ArchiveStatus.COMPARED:
        return (), ()
    from simhash_core.review.archived import kept_in_archive

    try:
        return kept_in_archive(archive)
    except Exception as exc:  # the comparison stands; the archive's decisions are said lost
        detail = f"{result.archive.location}: {exc}"
        result.notices.append(Message.of("notice.decisions-unreadable", detail=detail))
        return (), ()


def with_decisions(
    result: ScanResult,
    store: DecisionStore | None,
    more: Sequence[Decision] = (),
    archived: Sequence[Decision] = (),
) -> ScanResult:
    """``result`` with the decisions on its pairs: those ``archived`` with past
    classes, the store's over them (the teacher's own win), then ``more`` over both.
    A store that can't be read is said in the notices."""
    kept: dict[tuple[str, str], Decision] = {d.key: d for d in archived}
    if store is not None:
        try:
            kept.update((d.key, d) for d in store.load())
        except (DecisionStoreError, OSError) as exc:
            result.notices.append(Message.of("notice.decisions-unreadable", detail=str(exc)))
    for d in more:
        kept[d.key] = d
    result.decisions = decisions_for(result, kept.values())
    return result


def relevant_exclusions(result: ScanResult, exclusions: Iterable[Exclusion]) -> Exclusions:
    """The exclusions that bear on ``result``: a passage of a pair of its submissions,
    one of its documents as a source, an assignment text one of its documents holds,
    and the shortest match counted (a teacher's rule for every class)."""
    # the comparison's modules: imported when a check has exclusions, not at start-up
    from simhash_core.review.exclusions import ExclusionKind, Exclusions

    contents = {d.file_key for d in result.documents}

    def bears(e: Exclusion) -> bool:
        if e.kind is ExclusionKind.PASSAGE:
            return e.pair[0] in contents and e.pair[1] in contents
        if e.kind is ExclusionKind.SOURCE:
            return e.source in contents
        if e.kind is ExclusionKind.TEMPLATE:
            return any(e.text in d.text for d in result.documents)
        return True

    return Exclusions.of(e for e in exclusions if bears(e))


def with_exclusions(
    result: ScanResult,
    store: DecisionStore | None,
    progress: Progress | None = None,
    archived: Iterable[Exclusion] = (),
) -> ScanResult:
    """``result`` judged again without what was excluded before: the exclusions kept
    in the archive with past classes (``archived``), the store's over them (per
    target), those that bear on it; as it is when there are none."""
    if result.comparison_cancelled:
        return result
    from simhash_core.review.exclusions import ExclusionKind

    # a colleague's shortest-match rule is theirs: only what bears on documents travels
    mine: list[Exclusion] = [e for e in archived if e.kind is not ExclusionKind.MIN_WORDS]
    if store is None and not mine:
        return result
    try:
        if store is not None:
            mine += list(store.load_exclusions())  # later in the list: the store's win
    except (DecisionStoreError, OSError) as exc:
        result.notices.append(Message.of("notice.decisions-unreadable", detail=str(exc)))
        if not archived:
            return result
    kept = relevant_exclusions(result, mine)
    if not kept:
        return result
    from simhash_core.review.exclusions import apply_exclusions

    judged = apply_exclusions(result, kept, progress)
    judged.decisions = result.decisions
    return judged
