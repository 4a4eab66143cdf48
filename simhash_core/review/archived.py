"""Decisions that travel with an archived class, so next term's scan knows them.

When a class is archived (:func:`simhash_core.archive.service.file_class`: the app's
archive manager and ``plagcheck archive add``), the label keeps the teacher's decisions
and exclusions that bear on its documents, as one decisions file's JSON
(:func:`~simhash_core.review.store.decisions_json`): :func:`keeping` chooses them. A
scan compared with that archive (on another computer, by a colleague sharing it) reads
them back with :func:`kept_in_archive`, and :func:`simhash_core.check.check_class`
applies them to the pairs the teacher's own store says nothing about.

A decision bears on a class when one of its two submissions is one of the class's
(the other may be archived already, or come next term); an exclusion when its passage
lies in one of them, its source is one of them, or its assignment text is in one of
them. A teacher's shortest-match rule stays with the teacher: it is never filed.
Filing a class again under its label keeps, per pair, the later decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from simhash_core.review.decisions import Decision, Verdict
from simhash_core.review.exclusions import Exclusion, ExclusionKind, Exclusions
from simhash_core.review.store import FILE_FORMAT, FILE_VERSION, DecisionStore, decisions_json

if TYPE_CHECKING:
    from simhash_core.archive.base import ArchiveStore
    from simhash_core.archive.service import KeepDecisions
    from simhash_core.types import Document, ScanResult


def _contents(documents: Iterable[Document]) -> set[str]:
    return {d.file_key for d in documents}


def bearing_on(
    documents: Sequence[Document],
    decisions: Iterable[Decision],
    exclusions: Iterable[Exclusion] = (),
) -> tuple[list[Decision], Exclusions]:
    """The decisions and exclusions of these that bear on ``documents`` (see the
    module docstring)."""
    contents = _contents(documents)
    chosen = [
        d
        for d in decisions
        if (d.key[0] in contents or d.key[1] in contents)
        and (d.verdict is not Verdict.UNREVIEWED or d.note)
    ]

    def bears(e: Exclusion) -> bool:
        if e.kind is ExclusionKind.PASSAGE:
            return e.pair[0] in contents or e.pair[1] in contents
        if e.kind is ExclusionKind.SOURCE:
            return e.source in contents
        if e.kind is ExclusionKind.TEMPLATE:
            return any(e.text in d.text for d in documents)
        return False  # the shortest match counted: the teacher's own rule

    return chosen, Exclusions.of(e for e in exclusions if bears(e))


def read_kept(data: Mapping[str, Any] | None) -> tuple[list[Decision], list[Exclusion]]:
    """The decisions and exclusions of one label's kept JSON (what is not one is left
    out: a damaged entry must not cost the scan)."""
    if not data or data.get("format", FILE_FORMAT) != FILE_FORMAT:
        return [], []
    if data.get("version", FILE_VERSION) != FILE_VERSION:
        return [], []
    decisions: list[Decision] = []
    for item in data.get("decisions") or ():
        try:
            decisions.append(Decision.from_json(item))
        except (ValueError, AttributeError):
            continue
    exclusions: list[Exclusion] = []
    for item in data.get("exclusions") or ():
        try:
            exclusions.append(Exclusion.from_json(item))
        except (ValueError, AttributeError, TypeError):
            continue
    return decisions, exclusions


def keeping(
    documents: Sequence[Document],
    decisions: Iterable[Decision],
    exclusions: Iterable[Exclusion] = (),
) -> KeepDecisions:
    """What a label filed with ``documents`` keeps of ``decisions`` and ``exclusions``:
    those bearing on them, merged with what the label kept before (per pair and per
    target, the later)."""
    chosen, excluded = bearing_on(documents, decisions, exclusions)

    def keep(earlier: Mapping[str, Any] | None) -> dict[str, Any] | None:
        before, before_excluded = read_kept(earlier)
        by_key = {d.key: d for d in before}
        for d in chosen:
            if d.key not in by_key or d.at >= by_key[d.key].at:
                by_key[d.key] = d
        by_target = {e.target: e for e in before_excluded}
        for e in excluded:
            if e.target not in by_target or e.at >= by_target[e.target].at:
                by_target[e.target] = e
        if not by_key and not by_target:
            return None
        return decisions_json(by_key.values(), by_target.values())

    return keep


def keeping_stored(documents: Sequence[Document], store: DecisionStore | None) -> KeepDecisions:
    """:func:`keeping` with the teacher's store (``plagcheck archive add``); nothing
    when there is no store. ``DecisionStoreError`` when it cannot be read."""
    if store is None:
        return keeping(documents, ())
    return keeping(documents, store.load(), store.load_exclusions())


def keeping_shown(documents: Sequence[Document], result: ScanResult | None) -> KeepDecisions:
    """:func:`keeping` with the decisions and exclusions a shown result carries (the
    app's archive manager)."""
    from simhash_core.review.exclusions import Applied

    if result is None:
        return keeping(documents, ())
    applied = result.exclusions
    excluded = applied.exclusions if isinstance(applied, Applied) else ()
    return keeping(documents, result.decisions or (), excluded)


def kept_in_archive(archive: str | ArchiveStore) -> tuple[list[Decision], Exclusions]:
    """Every decision and exclusion kept with the labels of ``archive`` (a location,
    or an archive already open); per pair and per target, the later. Raises
    :class:`~simhash_core.archive.ArchiveError` when it cannot be read."""
    from simhash_core.archive.service import kept_decisions

    by_key: dict[tuple[str, str], Decision] = {}
    by_target: dict[tuple[Any, ...], Exclusion] = {}
    for _label, data in sorted(kept_decisions(archive).items()):
        decisions, exclusions = read_kept(data)
        for d in decisions:
            if d.key not in by_key or d.at > by_key[d.key].at:
                by_key[d.key] = d
        for e in exclusions:
            if e.kind is ExclusionKind.MIN_WORDS:
                continue  # never filed: the teacher's own rule
            if e.target not in by_target or e.at > by_target[e.target].at:
                by_target[e.target] = e
    return list(by_key.values()), Exclusions.of(by_target.values())
