"""Near-duplicate groups: union-find over flagged pairs.

>>> from simhash_core.types import PairScore
>>> p = lambda a, b, s: PairScore(a, b, s, 0, 0, 0, 0, flagged=True)
>>> [c.members for c in groups([p(0, 1, .9), p(1, 2, .5), p(3, 4, .7)], 5)]
[(0, 1, 2), (3, 4)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from simhash_core.messages import Message
from simhash_core.types import Cluster, Direction, PairScore


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
    labels: Sequence[str | None] | None = None,
    names: Sequence[str] | None = None,
    directions: Mapping[tuple[int, int], Direction] | None = None,
) -> list[Cluster]:
    """Clusters of documents linked by flagged pairs, largest similarity first.

    A group names a likely source only on evidence: its archived member (archived under
    ``labels[i]``: handed in before the class being checked; the one linked to most
    members if there are several), or the one source its pairs' stated directions
    agree on (a file written by another student). A group around a member built from passages of the
    others (its pairs' :attr:`~simhash_core.types.PairScore.direction` says so) names
    that member as the compiler instead (``names`` give the names). Otherwise the
    direction is unknown, and the group says so. ``directions``, if given, are the
    pairs' directions by ``(a, b)`` (instead of their own).
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
    # a flagged pair lies inside the group of its documents (in the order given)
    inside_of: dict[int, list[tuple[PairScore, Direction | None]]] = {}
    for p in flagged:
        d = directions.get((p.a, p.b), p.direction) if directions is not None else p.direction
        inside_of.setdefault(uf.find(p.a), []).append((p, d))
    clusters = []
    for root, root_members in members.items():
        mem = tuple(sorted(set(root_members)))
        inside = inside_of[root]
        best = max(p.similarity for p, _ in inside)
        source, reason, compiler = _group_source(mem, inside, labels, names)
        clusters.append((mem, best, source, reason, compiler))
    clusters.sort(key=lambda c: (-c[1], c[0]))
    return [
        Cluster(i + 1, mem, round(best, 4), src, why, compiler)
        for i, (mem, best, src, why, compiler) in enumerate(clusters)
    ]


Inside = list[tuple[PairScore, Direction | None]]  # a group's flagged pairs and directions
Source = tuple[int | None, Message, int | None]  # a group's likely source, why, compiler


def _group_source(
    mem: tuple[int, ...],
    inside: Inside,
    labels: Sequence[str | None] | None,
    names: Sequence[str] | None,
) -> Source:
    """A group's likely source, its reason and its compiler, from the first rule that
    has evidence: an archived member, one member compiled from the others, or one
    source that every stated direction names."""
    return (
        _archived_source(mem, inside, labels)
        or _compiler(inside, names)
        or _stated_source(inside)
        or (None, Message.of("source.unknown"), None)
    )


def _archived_source(
    mem: tuple[int, ...], inside: Inside, labels: Sequence[str | None] | None
) -> Source | None:
    """The archived member linked to most members (the first of those), if any.

    >>> p = PairScore(0, 1, 0.9, 0, 0, 0, 0, flagged=True)
    >>> _archived_source((0, 1), [(p, None)], [None, "2023"])[0]
    1
    """
    if not labels:
        return None
    old = [m for m in mem if labels[m] is not None]
    if not old:
        return None
    links = {m: sum(m in (p.a, p.b) for p, _ in inside) for m in old}
    source = min(old, key=lambda m: (-links[m], m))
    return source, Message.of("source.archived", label=labels[source] or ""), None


def _compiler(inside: Inside, names: Sequence[str] | None) -> Source | None:
    """The one member that the group's directions say is built from the others."""
    copies = {
        d.copy
        for _, d in inside
        if d is not None and d.copy is not None and d.reason.code == "direction.compiled"
    }
    if len(copies) != 1:
        return None
    (copy,) = copies
    name = names[copy] if names else str(copy)
    return None, Message.of("source.compiled", copy=name), copy


def _stated_source(inside: Inside) -> Source | None:
    """The one source that every stated direction of the group names, when none of
    them names it a copy."""
    stated = [d for _, d in inside if d is not None and d.known]
    sources = {d.source for d in stated}
    copied = {d.copy for d in stated}
    if len(sources) != 1 or sources & copied:
        return None
    (source,) = sources
    return source, Message.of("source.evidence", reason=stated[0].reason), None
