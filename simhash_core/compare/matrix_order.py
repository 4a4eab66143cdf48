"""The row (and column) order of the similarity matrix.

Groups sit together on the diagonal: the members of each cluster come first, in
cluster order (the lead first: the likely source or the compiler; then the others by
path), followed by every other document in path order. Pure function, no Qt.

>>> from simhash_core.types import Cluster
>>> paths = ["a", "b", "c", "d", "e"]
>>> from simhash_core.messages import Message
>>> matrix_order(paths, [Cluster(1, (1, 3), 0.9, 3, Message.of("source.unknown"))])
[3, 1, 0, 2, 4]
"""

from __future__ import annotations

from collections.abc import Sequence

from simhash_core.types import Cluster


def matrix_order(paths: Sequence[str], clusters: Sequence[Cluster]) -> list[int]:
    """Document indices in display order (a permutation of ``range(len(paths))``)."""
    order: list[int] = []
    seen: set[int] = set()
    for cluster in clusters:
        lead = cluster.lead
        rest = sorted((m for m in cluster.members if m != lead), key=paths.__getitem__)
        for m in [lead, *rest]:
            if m not in seen and 0 <= m < len(paths):
                seen.add(m)
                order.append(m)
    order.extend(sorted((i for i in range(len(paths)) if i not in seen), key=paths.__getitem__))
    return order
