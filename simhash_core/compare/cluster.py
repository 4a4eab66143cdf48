"""Near-duplicate groups: union-find over flagged pairs.

>>> from simhash_core.types import PairScore
>>> p = lambda a, b, s: PairScore(a, b, s, 0, 0, 0, 0, flagged=True)
>>> [c.members for c in groups([p(0, 1, .9), p(1, 2, .5), p(3, 4, .7)], 5)]
[(0, 1, 2), (3, 4)]
"""

from __future__ import annotations

from collections.abc import Sequence

from simhash_core.messages import Message
from simhash_core.types import Cluster, PairScore


class UnionFind:
    """Disjoint sets over ``0..n-1`` with path halving and union by size."""

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))
        self.size = [1] * n

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]


def groups(
    pairs: Sequence[PairScore],
    n: int,
    mtimes: Sequence[float] | None = None,
    archived: Sequence[bool] | None = None,
    labels: Sequence[str | None] | None = None,
) -> list[Cluster]:
    """Clusters of documents linked by flagged pairs, largest similarity first.

    The likely source is the earliest-modified member when modification times differ
    by more than a minute; otherwise the member whose text is least covered by the
    others (a copier's text is mostly matched, the source usually has more of its own).
    A group with archived members (``archived[i]``, archived under ``labels[i]``) has an
    archived source: archived work predates the class being checked, and the
    earliest-modified archived member is taken.
    """
    uf = UnionFind(n)
    flagged = [p for p in pairs if p.flagged]
    for p in flagged:
        uf.union(p.a, p.b)
    members: dict[int, list[int]] = {}
    for p in flagged:
        for x in (p.a, p.b):
            members.setdefault(uf.find(x), [])
    for x in range(n):
        root = uf.find(x)
        if root in members:
            members[root].append(x)
    clusters = []
    for root_members in members.values():
        mem = tuple(sorted(set(root_members)))
        inside = [p for p in flagged if p.a in mem and p.b in mem]
        best = max(p.similarity for p in inside)
        cover: dict[int, list[float]] = {m: [] for m in mem}
        for p in inside:
            # a reworded or translated passage covers the side it was taken into
            taken_a = p.meaning_share if p.meaning_from == p.b else 0.0
            taken_b = p.meaning_share if p.meaning_from == p.a else 0.0
            cover[p.a].append(max(p.share_a, taken_a))
            cover[p.b].append(max(p.share_b, taken_b))
        times = [mtimes[m] for m in mem] if mtimes else []
        if times and max(times) - min(times) > 60:
            source = min(mem, key=lambda m: (mtimes[m], m))
            reason = Message.of("source.earliest")
        else:
            source = min(mem, key=lambda m: (sum(cover[m]) / max(len(cover[m]), 1), m))
            reason = Message.of("source.original")
        old = [m for m in mem if archived and archived[m]]
        if old and not archived[source]:
            source = min(old, key=lambda m: (mtimes[m] if mtimes else 0.0, m))
            label = labels[source] if labels else None
            reason = Message.of("source.archived", label=label or "")
        clusters.append((mem, best, source, reason))
    clusters.sort(key=lambda c: (-c[1], c[0]))
    return [
        Cluster(i + 1, mem, round(best, 4), src, why)
        for i, (mem, best, src, why) in enumerate(clusters)
    ]
