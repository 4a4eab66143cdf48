"""Scoring pairs of documents in a scanned class.

A :class:`Corpus` holds the documents and what is boilerplate for this class: shingles
found in more than ``common_share`` of the files (MOSS's ``-m`` idea) are common text,
not evidence. Pair scores are:

* ``simhash_distance``: Hamming distance of the 64-bit fingerprints;
* ``jaccard``: MinHash estimate of the shingle-set Jaccard;
* ``containment_a`` / ``containment_b``: exact share of one side's usable shingles
  present in the other;
* matched passages, and ``share_a`` / ``share_b``: the share of each document's
  comparable units inside them.

The headline ``similarity`` is ``max(share_a, share_b)``: "how much of the more-copied
document is matched text". A 30% lifted passage scores about 0.3 while honest pairs,
which share no passage of ``min_passage_units``, score 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from simhash_core import minhash
from simhash_core.cluster import groups
from simhash_core.hashing import sorted_unique
from simhash_core.index import near_duplicate_pairs
from simhash_core.normalize import is_cjk_codepoint
from simhash_core.passages import (
    SortedShingles,
    UnitMatch,
    align_units,
    comparable_units,
    covered,
    sorted_shingles,
    to_passages,
)
from simhash_core.progress import Progress
from simhash_core.simhash import fingerprint_array, hamming_matrix
from simhash_core.types import Cluster, Document, PairScore, Passage, ScanSettings

SIMHASH_MIN_UNITS = 150  # below this, SimHash distances of unrelated texts are noisy
MIN_SHARED_SHINGLES = 3


def common_shingles(docs: list[Document], share: float, min_docs: int = 4) -> np.ndarray:
    """Shingles present in more than ``share`` of the documents (and in at least
    ``min_docs`` of them): class-wide boilerplate. Sorted uint64."""
    if not docs or share >= 1.0:
        return np.zeros(0, dtype=np.uint64)
    allh = np.concatenate([d.shingles for d in docs]) if docs else np.zeros(0, np.uint64)
    values, counts = np.unique(allh, return_counts=True)
    limit = max(min_docs, int(np.floor(share * len(docs))) + 1)
    return values[counts >= limit]


@dataclass
class Corpus:
    """Documents prepared for comparison."""

    docs: list[Document]
    settings: ScanSettings
    common: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint64))
    ok: list[np.ndarray] = field(default_factory=list)  # usable and not common, per position
    sets: list[np.ndarray] = field(default_factory=list)  # unique usable non-common shingles
    comparable: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    _weights: dict[int, np.ndarray] = field(default_factory=dict, repr=False)
    _sorted: dict[int, SortedShingles] = field(default_factory=dict, repr=False)

    @classmethod
    def build(
        cls, docs: list[Document], settings: ScanSettings, common: np.ndarray | None = None
    ) -> Corpus:
        """Prepare ``docs``; class-wide ``common`` text is computed from them unless given
        (the archive passes the new class's own, so old years don't shift it)."""
        if common is None:
            common = common_shingles(docs, settings.common_share)
        corpus = cls(docs, settings, common)
        for d in docs:
            ok = d.usable & ~np.isin(d.shingle_seq, common) if len(common) else d.usable
            corpus.ok.append(ok)
            corpus.sets.append(sorted_unique(d.shingle_seq[ok]))
        corpus.comparable = np.array(
            [
                int(comparable_units(ok, d.unit_count, settings.ngram).sum())
                for d, ok in zip(docs, corpus.ok, strict=True)
            ],
            dtype=np.int64,
        )
        return corpus

    def word_weights(self, i: int) -> np.ndarray:
        """Per-unit weight in word equivalents: a Latin word counts 1, a CJK character
        0.5 (a Chinese word averages about two characters)."""
        cached = self._weights.get(i)
        if cached is None:
            d = self.docs[i]
            codepoints = np.frombuffer(d.text.encode("utf-32-le", "surrogatepass"), np.uint32)
            first = codepoints[d.unit_starts] if d.unit_count else np.zeros(0, np.uint32)
            single = (d.unit_ends - d.unit_starts) == 1
            cached = np.where(single & is_cjk_codepoint(first), 0.5, 1.0)
            self._weights[i] = cached
        return cached

    def passage_words(self, i: int, m: UnitMatch) -> float:
        """Length of a match in word equivalents (exactly matched share of its span)."""
        span = max(m.a1 - m.a0, 1)
        return float(self.word_weights(i)[m.a0 : m.a1].sum()) * min(1.0, m.units / span)

    def common_spans(self, i: int) -> list[tuple[int, int]]:
        """Original-text spans of document ``i`` that are class-wide common text."""
        d = self.docs[i]
        if not len(self.common):
            return []
        is_common = np.isin(d.shingle_seq, self.common) & d.usable
        n = min(self.settings.ngram, max(d.unit_count, 1))
        mask = covered([(int(p), int(p) + n) for p in np.nonzero(is_common)[0]], d.unit_count)
        return _mask_spans(d, mask)

    def matches(self, i: int, j: int) -> list[UnitMatch]:
        a, b = self.docs[i], self.docs[j]
        return align_units(
            a.shingle_seq,
            self.ok[i],
            b.shingle_seq,
            self.ok[j],
            self.settings.ngram,
            min_units=self.settings.min_passage_units,
            b_index=self.sorted_index(j),
            a_index=self.sorted_index(i),
        )

    def sorted_index(self, j: int) -> SortedShingles:
        """Document ``j``'s usable shingles sorted for alignment (computed once)."""
        found = self._sorted.get(j)
        if found is None:
            found = self._sorted[j] = sorted_shingles(self.docs[j].shingle_seq, self.ok[j])
        return found

    def passages(self, i: int, j: int) -> list[Passage]:
        """Matching passages of the pair, with original-text offsets."""
        return to_passages(self.docs[i], self.docs[j], self.matches(i, j))


def _mask_spans(doc: Document, mask: np.ndarray) -> list[tuple[int, int]]:
    """Original-text spans of the runs of True units in ``mask``."""
    spans = []
    idx = np.nonzero(np.diff(np.concatenate([[0], mask.astype(np.int8), [0]])))[0]
    for s, e in zip(idx[::2], idx[1::2], strict=True):
        spans.append((int(doc.unit_starts[s]), int(doc.unit_ends[e - 1])))
    return spans


def shared_counts(sets: list[np.ndarray]) -> dict[tuple[int, int], int]:
    """``|S_i ∩ S_j|`` for every pair sharing at least one shingle (inverted index).

    Each hash keeps its top 44 bits and carries its document number in the low 20, so
    one plain sort groups equal hashes (a 44-bit collision among a class's shingles is
    about as likely as not once in a million files, and only nudges a count by one).
    """
    n = len(sets)
    if n < 2:
        return {}
    if n > _OWNER_MASK:
        raise ValueError(f"at most {_OWNER_MASK} documents per comparison")
    owner = np.repeat(np.arange(n, dtype=np.uint64), [len(s) for s in sets])
    packed = (np.concatenate(sets) & ~np.uint64(_OWNER_MASK)) | owner
    packed.sort()
    hashes = packed >> np.uint64(_OWNER_BITS)
    owner = (packed & np.uint64(_OWNER_MASK)).astype(np.int64)
    codes = []
    d = 1
    while d < len(hashes):
        same = np.nonzero(hashes[d:] == hashes[:-d])[0]
        if len(same) == 0:
            break
        i, j = owner[same], owner[same + d]
        codes.append(np.minimum(i, j) * n + np.maximum(i, j))
        d += 1
    if not codes:
        return {}
    values, counts = np.unique(np.concatenate(codes), return_counts=True)
    return {(int(v // n), int(v % n)): int(c) for v, c in zip(values, counts, strict=True)}


_OWNER_BITS = 20
_OWNER_MASK = (1 << _OWNER_BITS) - 1


def score_pair(
    corpus: Corpus, i: int, j: int, shared: int, distance: int, jaccard: float
) -> PairScore:
    """All scores of documents ``i < j``."""
    s = corpus.settings
    a, b = corpus.docs[i], corpus.docs[j]
    na, nb = len(corpus.sets[i]), len(corpus.sets[j])
    cont_a = shared / na if na else 0.0
    cont_b = shared / nb if nb else 0.0
    matches = corpus.matches(i, j) if shared >= MIN_SHARED_SHINGLES else []
    units_a = int(covered([(m.a0, m.a1) for m in matches], a.unit_count).sum()) if matches else 0
    units_b = int(covered([(m.b0, m.b1) for m in matches], b.unit_count).sum()) if matches else 0
    share_a = min(1.0, units_a / corpus.comparable[i]) if corpus.comparable[i] else 0.0
    share_b = min(1.0, units_b / corpus.comparable[j]) if corpus.comparable[j] else 0.0
    passages = to_passages(a, b, matches)
    chars_a = _union_length([(p.a_start, p.a_end) for p in passages])
    chars_b = _union_length([(p.b_start, p.b_end) for p in passages])
    similarity = max(share_a, share_b)

    reasons = []
    long_enough = min(corpus.comparable[i], corpus.comparable[j]) >= SIMHASH_MIN_UNITS
    if distance <= s.simhash_k and long_enough:
        reasons.append(f"SimHash distance {distance} ≤ {s.simhash_k}")
    if similarity >= s.flag_similarity:
        who = a.name if share_a >= share_b else b.name
        reasons.append(f"{similarity:.0%} of {who} is matched text")
    longest = max((corpus.passage_words(i, m) for m in matches), default=0.0)
    if longest >= s.flag_passage_words:
        reasons.append(
            f"a matching passage of about {longest:.0f} words "
            f"({len(matches)} passage(s), {max(chars_a, chars_b)} characters in all)"
        )
    return PairScore(
        a=i,
        b=j,
        similarity=round(float(similarity), 4),
        simhash_distance=int(distance),
        jaccard=round(float(jaccard), 4),
        containment_a=round(float(cont_a), 4),
        containment_b=round(float(cont_b), 4),
        matched_chars=chars_a,
        matched_chars_b=chars_b,
        share_a=round(float(share_a), 4),
        share_b=round(float(share_b), 4),
        passages=len(matches),
        flagged=bool(reasons),
        reasons=tuple(reasons),
    )


def _union_length(spans: list[tuple[int, int]]) -> int:
    total, end = 0, -1
    for s, e in sorted(spans):
        if e <= end:
            continue
        total += e - max(s, end)
        end = e
    return total


@dataclass
class PairMatrix:
    """Dense N x N views of the scores for the matrix display (compact dtypes)."""

    distance: np.ndarray  # uint8
    jaccard: np.ndarray  # float32
    similarity: np.ndarray  # float32, symmetric
    containment: np.ndarray  # float32, [i, j] = share of i's shingles found in j
    flagged: np.ndarray  # bool


def score_corpus(
    corpus: Corpus,
    *,
    all_pairs: bool = False,
    progress: Progress | None = None,
    dense_limit: int = 3000,
) -> tuple[list[PairScore], PairMatrix | None]:
    """Score every pair worth reporting (every pair with ``all_pairs``).

    Pairs that share no usable shingle and are far apart in SimHash cannot have
    passages; they are reported only with ``all_pairs``.
    """
    progress = progress or Progress()
    docs = corpus.docs
    n = len(docs)
    fps = fingerprint_array(d.fingerprint for d in docs)
    shared = shared_counts(corpus.sets)
    dense = n <= dense_limit
    dist = hamming_matrix(fps) if dense else None
    sigs = np.stack([d.minhash for d in docs]) if n else np.zeros((0, 1), np.uint64)
    jac = minhash.jaccard_matrix(sigs) if dense and n else None

    if all_pairs:
        todo = [(i, j) for i in range(n) for j in range(i + 1, n)]
    else:
        k = corpus.settings.simhash_k
        if dist is not None:
            ii, jj = np.nonzero(np.triu(dist <= k, 1))
        else:  # too many for a dense matrix: the pigeonhole block index finds them
            ii, jj = near_duplicate_pairs(fps, k).T
        close = set(zip(ii.tolist(), jj.tolist(), strict=True))
        # fewer shared shingles than this can't make a passage: similarity 0, not reported
        enough = {pair for pair, count in shared.items() if count >= MIN_SHARED_SHINGLES}
        todo = sorted(enough | close)

    scores = []
    for step, (i, j) in enumerate(todo):
        if step % 256 == 0:
            progress.update(step, len(todo), "comparing pairs")
            progress.check()
        d_ij = (
            int(dist[i, j])
            if dist is not None
            else (docs[i].fingerprint ^ docs[j].fingerprint).bit_count()
        )
        j_ij = (
            float(jac[i, j])
            if jac is not None
            else minhash.estimate_jaccard(docs[i].minhash, docs[j].minhash)
        )
        scores.append(score_pair(corpus, i, j, shared.get((i, j), 0), d_ij, j_ij))
    floor = corpus.settings.report_floor
    if not all_pairs:
        scores = [p for p in scores if p.flagged or p.similarity >= floor]

    matrix = None
    if dense:
        sim = np.zeros((n, n), dtype=np.float32)
        cont = np.zeros((n, n), dtype=np.float32)
        flag = np.zeros((n, n), dtype=bool)
        for (i, j), c in shared.items():
            if len(corpus.sets[i]):
                cont[i, j] = c / len(corpus.sets[i])
            if len(corpus.sets[j]):
                cont[j, i] = c / len(corpus.sets[j])
        for p in scores:
            sim[p.a, p.b] = sim[p.b, p.a] = p.similarity
            flag[p.a, p.b] = flag[p.b, p.a] = p.flagged
        np.fill_diagonal(sim, 1.0)
        np.fill_diagonal(cont, 1.0)
        matrix = PairMatrix(dist, jac, sim, cont, flag)
    scores.sort(key=lambda p: (-p.similarity, p.simhash_distance, docs[p.a].path, docs[p.b].path))
    return scores, matrix


def compare_documents(
    docs: list[Document],
    settings: ScanSettings,
    *,
    all_pairs: bool = False,
    progress: Progress | None = None,
) -> tuple[list[PairScore], list[Cluster], Corpus, PairMatrix | None]:
    """Pairs, clusters, the prepared corpus and the dense matrix for ``docs``."""
    corpus = Corpus.build(docs, settings)
    pairs, matrix = score_corpus(corpus, all_pairs=all_pairs, progress=progress)
    clusters = groups(pairs, len(docs), [d.mtime for d in docs])
    member_of = {m: c.id for c in clusters for m in c.members}
    pairs = [
        replace(p, group=member_of.get(p.a)) if p.flagged and member_of.get(p.a) else p
        for p in pairs
    ]
    return pairs, clusters, corpus, matrix
