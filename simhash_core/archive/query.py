"""A scan compared with the archive: candidate selection, then the one comparison
(:func:`~simhash_core.compare.compare_documents` with a
:class:`~simhash_core.compare.Restriction`): new against new (as scanned) and new
against archived, never archived against archived.

Class-wide common text (the assignment's boilerplate) is decided by the new documents
only: last year's class neither adds to it nor dilutes it. The same common set is left
out of the archive lookups, so boilerplate shared with last year's essays does not
crowd out a real source.
"""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from simhash_core.archive.base import ArchiveStore
from simhash_core.archive.codec import LABEL_SEPARATOR
from simhash_core.compare import Restriction, compare_documents, shared_text_shingles
from simhash_core.compare.memo import ComparisonMemo
from simhash_core.fingerprint.weights import reweighted
from simhash_core.intake.students import with_students
from simhash_core.messages import Message
from simhash_core.progress import Progress, Stage
from simhash_core.types import Document, ScanResult, ScanSettings


def archive_candidates(
    docs: list[Document],
    store: ArchiveStore,
    settings: ScanSettings,
    common: np.ndarray,
    progress: Progress | None = None,
) -> list[int]:
    """Ids of archived documents near any of ``docs``, in first-found order."""
    progress = progress or Progress()
    progress.begin(Stage.ARCHIVE)
    k = min(settings.simhash_k, store.config.index_k)
    seen: dict[int, None] = {}
    for i, d in enumerate(docs):
        progress.update(i, len(docs), d.path)
        progress.check()
        for doc_id in store.candidates(d, k=k, settings=settings, ignore=common):
            seen.setdefault(doc_id, None)
    progress.update(len(docs), len(docs))
    return list(seen)


def _without_own_copies(
    new: list[Document], archived: list[Document], ids: list[int]
) -> tuple[list[Document], list[Document], list[int]]:
    """A class re-opened after it was archived finds each file's own archived copy:
    the same content under the same name. That copy is left out (a file is not copying
    itself) and the file says it is already archived. The same content under another
    name is kept: a student who hands in last year's essay is copying it.
    """
    by_content: dict[str, list[int]] = {}
    for i, d in enumerate(new):
        if d.content_hash:
            by_content.setdefault(d.content_hash, []).append(i)
    notes: dict[int, set[str]] = {}
    keep: list[int] = []
    for k, d in enumerate(archived):
        own = [i for i in by_content.get(d.content_hash, []) if d.path.endswith("/" + new[i].path)]
        for i in own:
            notes.setdefault(i, set()).add(d.archive_label or "")
        if not own:
            keep.append(k)
    if not notes:
        return new, archived, ids
    new = [
        replace(
            d,
            warnings=(
                *d.warnings,
                Message.of("warn.already-archived", label=LABEL_SEPARATOR.join(sorted(notes[i]))),
            ),
        )
        if i in notes
        else d
        for i, d in enumerate(new)
    ]
    return new, [archived[k] for k in keep], [ids[k] for k in keep]


def _unique_paths(new: list[Document], archived: list[Document], ids: list[int]) -> list[Document]:
    """Archived documents renamed where their display path is already taken."""
    taken = {d.path for d in new}
    out = []
    for d, doc_id in zip(archived, ids, strict=True):
        if d.path in taken:
            d = replace(d, path=f"{d.path} [#{doc_id}]")
        taken.add(d.path)
        out.append(d)
    return out


SEARCH_SHARE = 0.3  # of the archive stage's bar: finding the archived candidates


def compare_with_archive(
    result: ScanResult,
    store: ArchiveStore,
    settings: ScanSettings | None = None,
    *,
    all_pairs: bool = False,
    progress: Progress | None = None,
) -> ScanResult:
    """``result`` with the archived documents near its documents appended (with
    ``archive_label`` set) and the new-vs-archived pairs scored and grouped.

    New-vs-new pairs are kept as scanned; archived documents are never paired with
    each other. With ``all_pairs`` every new-vs-archived pair of the loaded candidates
    is reported, not only similar ones.
    """
    t0 = time.perf_counter()
    settings = settings or result.settings
    new = list(result.documents)
    if any(d.archive_label is not None for d in new):
        raise ValueError("result already holds archived documents")
    n = len(new)
    progress = progress or Progress()
    progress.begin(Stage.ARCHIVE)  # the search, then the comparison, as its shares
    common = shared_text_shingles(new, settings.shared_text_files)
    ids = archive_candidates(new, store, settings, common, progress.within(0.0, SEARCH_SHARE))
    archived = store.load(ids, settings=settings)
    new, archived, ids = _without_own_copies(new, archived, ids)
    if settings.idf == "corpus" and archived:
        # the IDF of the new documents, as scan.reweight_with_corpus_idf weights them
        archived = reweighted(archived, new)
    archived = _unique_paths(new, archived, ids)
    docs = with_students(new + archived)
    memo = ComparisonMemo.empty()
    memo.common = common
    comparison = compare_documents(
        docs,
        settings,
        all_pairs=all_pairs,
        progress=progress.within(SEARCH_SHARE, 1.0),
        memo=memo,
        restrict=Restriction(new=n, kept=tuple(result.pairs)),
        assignment=result.corpus.assignment if result.corpus is not None else (),
    )
    timings = dict(result.timings)
    timings["archive"] = time.perf_counter() - t0
    return replace(
        result,
        settings=settings,
        documents=docs,
        pairs=comparison.pairs,
        clusters=comparison.clusters,
        corpus=comparison.corpus,
        matrix=comparison.matrix,
        timings=timings,
    )
