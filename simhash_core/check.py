"""Checking a class: the one use case the app and the command line both run.

A check reads and compares the class (:func:`simhash_core.scan.scan`, with the user's
fingerprint cache), then compares it with the archive of past terms when asked, then
applies the teacher's earlier decisions (their store, and a decisions file handed on by
a colleague) and judges the class again without what they excluded before (a passage,
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
from simhash_core.types import ScanResult

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
    if request.archive is not None:
        from simhash_core.archive.service import compare_scan

        result, _ = compare_scan(
            result, request.archive, request.settings, progress, all_pairs=request.all_pairs
        )
    result = with_decisions(result, request.decisions, request.more_decisions)
    return with_exclusions(result, request.decisions, progress)


def with_decisions(
    result: ScanResult, store: DecisionStore | None, more: Sequence[Decision] = ()
) -> ScanResult:
    """``result`` with the decisions on its pairs: the store's, then ``more`` over
    them. A store that can't be read is said in the notices."""
    kept: dict[tuple[str, str], Decision] = {}
    if store is not None:
        try:
            kept = {d.key: d for d in store.load()}
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
    contents = {d.content_hash or f"path:{d.path}" for d in result.documents}

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
    result: ScanResult, store: DecisionStore | None, progress: Progress | None = None
) -> ScanResult:
    """``result`` judged again without what the teacher excluded before (the store's
    exclusions that bear on it); as it is when there are none."""
    if store is None or result.comparison_cancelled:
        return result
    try:
        kept = relevant_exclusions(result, store.load_exclusions())
    except (DecisionStoreError, OSError) as exc:
        result.notices.append(Message.of("notice.decisions-unreadable", detail=str(exc)))
        return result
    if not kept:
        return result
    from simhash_core.review.exclusions import apply_exclusions

    judged = apply_exclusions(result, kept, progress)
    judged.decisions = result.decisions
    return judged
