"""A scan compared with the archive: new against new (as scanned) and new against
archived, never archived against archived.

Class-wide common text (the assignment's boilerplate) is decided by the new documents
only: last year's class neither adds to it nor dilutes it. The same common set is left
out of the archive lookups, so boilerplate shared with last year's essays does not
crowd out a real source.
"""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from simhash_core import minhash
from simhash_core.archive.base import ArchiveStore
from simhash_core.cluster import groups
from simhash_core.compare import (
    Corpus,
    PairMatrix,
    common_shingles,
    score_pair,
    shared_counts,
)
from simhash_core.messages import Message
from simhash_core.progress import Progress, Stage
from simhash_core.simhash import (
    fingerprint_array,
    hamming_matrix,
)
from simhash_core.types import Cluster, Document, PairScore, ScanResult, ScanSettings
from simhash_core.weights import reweighted


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


def _reweighted(archived: list[Document], new: list[Document]) -> list[Document]:
    """Archived fingerprints with the IDF of the new documents (``idf="corpus"``), as
    :func:`simhash_core.scan.reweight_with_corpus_idf` weights the new ones."""
    return reweighted(archived, new)


def _identical(p: PairScore, a: Document, b: Document) -> PairScore:
    """Mark a pair whose files are byte-identical (same content hash)."""
    if not a.content_hash or a.content_hash != b.content_hash:
        return p
    reason = Message.of("pair.identical", label=b.archive_label or "")
    return replace(p, flagged=True, reasons=(*p.reasons, reason))


def _archived_sources(clusters: list[Cluster], docs: list[Document], n: int) -> list[Cluster]:
    """In a group with archived members, the likely source is archived: archived work
    predates the batch being checked. The earliest-modified archived member is taken."""
    out = []
    for c in clusters:
        old = [m for m in c.members if m >= n]
        if old and c.likely_source < n:
            src = min(old, key=lambda m: (docs[m].mtime, m))
            c = replace(
                c,
                likely_source=src,
                source_reason=Message.of("source.archived", label=docs[src].archive_label or ""),
            )
        out.append(c)
    return out


def _extended_matrix(
    old: PairMatrix | None,
    docs: list[Document],
    n: int,
    corpus: Corpus,
    shared: dict[tuple[int, int], int],
    pairs: list[PairScore],
) -> PairMatrix | None:
    """The dense matrix over new + archived documents: the new block copied, new x
    archived filled in, archived x archived left unscored (similarity 0, not flagged)."""
    if old is None:
        return None
    total = len(docs)
    distance = hamming_matrix(fingerprint_array(d.fingerprint for d in docs))
    sigs = np.stack([d.minhash for d in docs]) if total else np.zeros((0, 1), np.uint64)
    jaccard = minhash.jaccard_matrix(sigs)
    similarity = np.zeros((total, total), dtype=np.float32)
    containment = np.zeros((total, total), dtype=np.float32)
    flagged = np.zeros((total, total), dtype=bool)
    similarity[:n, :n] = old.similarity
    containment[:n, :n] = old.containment
    flagged[:n, :n] = old.flagged
    for (i, j), c in shared.items():
        if len(corpus.sets[i]):
            containment[i, j] = c / len(corpus.sets[i])
        if len(corpus.sets[j]):
            containment[j, i] = c / len(corpus.sets[j])
    for p in pairs:
        if p.b >= n:
            similarity[p.a, p.b] = similarity[p.b, p.a] = p.similarity
            flagged[p.a, p.b] = flagged[p.b, p.a] = p.flagged
    np.fill_diagonal(similarity, 1.0)
    np.fill_diagonal(containment, 1.0)
    return PairMatrix(distance, jaccard, similarity, containment, flagged)


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
    common = common_shingles(new, settings.common_share)
    ids = archive_candidates(new, store, settings, common, progress)
    archived = store.load(ids, settings=settings)
    if settings.idf == "corpus" and archived:
        archived = _reweighted(archived, new)
    archived = _unique_paths(new, archived, ids)
    docs = new + archived
    corpus = Corpus.build(docs, settings, common)

    shared = {(i, j): c for (i, j), c in shared_counts(corpus.sets).items() if i < n <= j}
    if all_pairs:
        todo = [(i, j) for i in range(n) for j in range(n, len(docs))]
    else:
        close = set()
        if archived and n:
            fps = fingerprint_array(d.fingerprint for d in docs)
            dist = np.bitwise_count(fps[:n, None] ^ fps[None, n:])
            ii, jj = np.nonzero(dist <= settings.simhash_k)
            close = {(int(i), int(j) + n) for i, j in zip(ii, jj, strict=True)}
        todo = sorted(set(shared) | close)
    scored = []
    for i, j in todo:
        a, b = docs[i], docs[j]
        p = score_pair(
            corpus,
            i,
            j,
            shared.get((i, j), 0),
            (a.fingerprint ^ b.fingerprint).bit_count(),
            minhash.estimate_jaccard(a.minhash, b.minhash),
        )
        p = _identical(p, a, b)
        if all_pairs or p.flagged or p.similarity >= settings.report_floor:
            scored.append(p)

    pairs = [replace(p, group=None) for p in result.pairs] + scored
    pairs.sort(key=lambda p: (-p.similarity, p.simhash_distance, docs[p.a].path, docs[p.b].path))
    clusters = _archived_sources(groups(pairs, len(docs), [d.mtime for d in docs]), docs, n)
    member_of = {m: c.id for c in clusters for m in c.members}
    pairs = [
        replace(p, group=member_of.get(p.a)) if p.flagged and member_of.get(p.a) else p
        for p in pairs
    ]
    timings = dict(result.timings)
    timings["archive"] = time.perf_counter() - t0
    return replace(
        result,
        settings=settings,
        documents=docs,
        pairs=pairs,
        clusters=clusters,
        corpus=corpus,
        matrix=_extended_matrix(result.matrix, docs, n, corpus, shared, scored),
        timings=timings,
    )
