"""Who copied from whom: only what the evidence can state, otherwise "unknown".

Shared text alone does not say which side it came from. An earlier rule named as the
source whichever member had the least matched text; it named the copier whenever a
student compiled from several sources or added their own material (18 of 20 groups of
``pan13-en``). This module states a direction only from evidence a teacher can repeat:

1. **Archived.** A document archived from an earlier term was handed in before the
   class being checked: it is the source of what the two share.
2. **Authored.** A file whose author (or last saver), in its own properties, is the
   student who handed in the other file started as that student's file.
3. **Compiled.** A document holding passages of two or more others, at different places
   of it, while those others share nothing with one another, is built from them: it is
   the copy in each of those pairs. (Several students each copying a different part of
   one essay would look the same from the texts alone; the reason says what was seen,
   so a teacher can weigh it.)
4. Otherwise the direction is **unknown**, and the reports say so.

>>> from simhash_core.types import PairScore
>>> p = lambda a, b: PairScore(a, b, .5, 9, .1, .1, .1, flagged=True)
>>> d = pair_directions([p(0, 1)], names=["a", "b"], archived=[None, "2025"])
>>> d[(0, 1)].source, d[(0, 1)].copy, d[(0, 1)].reason.code
(1, 0, 'direction.archived')
>>> pair_directions([p(0, 1)], names=["a", "b"], archived=[None, None])[(0, 1)].source is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from simhash_core.messages import Message
from simhash_core.types import Direction, PairScore, Passage

# The passages of a compiler taken from two different partners may overlap this much
# (of the smaller of the two) and still count as different places.
OVERLAP_ALLOWED = 0.25


UNKNOWN = Direction(None, None, Message.of("direction.unknown"))


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def _length(spans: list[tuple[int, int]]) -> int:
    return sum(e - s for s, e in spans)


def _overlap(x: list[tuple[int, int]], y: list[tuple[int, int]]) -> int:
    total, i, j = 0, 0, 0
    while i < len(x) and j < len(y):
        lo, hi = max(x[i][0], y[j][0]), min(x[i][1], y[j][1])
        total += max(0, hi - lo)
        if x[i][1] < y[j][1]:
            i += 1
        else:
            j += 1
    return total


def _compiled_from(
    x: int,
    partners: list[int],
    linked: set[tuple[int, int]],
    spans: Callable[[int, int], list[tuple[int, int]]],
) -> list[int]:
    """The partners ``x`` is built from (``spans(x, p)``: where ``x`` holds what it
    shares with ``p``, merged): the largest set (of two or more) whose members
    share nothing with one another and whose passages lie at different places of ``x``;
    empty if there is none. Greedy, from the partner with the most text in ``x``."""
    where = {p: spans(x, p) for p in partners}
    order = sorted(partners, key=lambda p: (-_length(where[p]), p))
    chosen: list[int] = []
    for p in order:
        if not where[p]:
            continue
        if any((min(p, q), max(p, q)) in linked for q in chosen):
            continue
        if any(
            _overlap(where[p], where[q])
            > OVERLAP_ALLOWED * min(_length(where[p]), _length(where[q]))
            for q in chosen
        ):
            continue
        chosen.append(p)
    return sorted(chosen) if len(chosen) >= 2 else []


def pair_directions(
    pairs: Sequence[PairScore],
    *,
    names: Sequence[str],
    archived: Sequence[str | None],
    passages: Callable[[int, int], list[Passage]] | None = None,
    authored: Callable[[int, int], Message | None] | None = None,
    alike: Callable[[int, int], Hashable | None] | None = None,
) -> dict[tuple[int, int], Direction]:
    """The direction of every flagged pair, keyed ``(a, b)``.

    ``names`` are the documents' display names (for the reasons), ``archived[i]`` the
    archive label of an archived document (None for the class), ``passages(i, j)`` the
    matched passages of ``i < j`` (offsets of ``i`` first), ``authored(f, o)`` says
    when file ``f``'s author is the student who handed in ``o``
    (:meth:`~simhash_core.compare.meta_evidence.MetaEvidence.named_other`).
    ``alike(i, j)``, if given, is a key that pairs with the same passages share (None
    for a pair like no other): their places are worked out once (a class where each
    essay is handed in 25 times).
    """
    flagged = [p for p in pairs if p.flagged]
    linked = {(min(p.a, p.b), max(p.a, p.b)) for p in flagged}
    partners: dict[int, list[int]] = {}
    for p in flagged:
        partners.setdefault(p.a, []).append(p.b)
        partners.setdefault(p.b, []).append(p.a)

    known: dict[tuple[Hashable, bool], list[tuple[int, int]]] = {}

    def spans(x: int, other: int) -> list[tuple[int, int]]:
        """Where ``x`` holds the passages it shares with ``other`` (merged)."""
        if passages is None:
            return []
        i, j = min(x, other), max(x, other)
        key = alike(i, j) if alike is not None else None
        if key is not None and (key, x == i) in known:
            return known[(key, x == i)]
        found = [m for m in passages(i, j) if not m.common]
        out = _merged([(m.a_start, m.a_end) if x == i else (m.b_start, m.b_end) for m in found])
        if key is not None:
            known[(key, x == i)] = out
        return out

    compiled: dict[int, list[int]] = {}
    for x, others in partners.items():
        if archived[x] is None and len(others) >= 2:
            sources = _compiled_from(x, others, linked, spans)
            if sources:
                compiled[x] = sources

    out: dict[tuple[int, int], Direction] = {}
    for p in flagged:
        out[(p.a, p.b)] = _direction(p.a, p.b, names, archived, compiled, authored)
    return out


def _direction(
    a: int,
    b: int,
    names: Sequence[str],
    archived: Sequence[str | None],
    compiled: dict[int, list[int]],
    authored: Callable[[int, int], Message | None] | None = None,
) -> Direction:
    old_a, old_b = archived[a] is not None, archived[b] is not None
    if old_a != old_b:
        src, cp = (a, b) if old_a else (b, a)
        reason = Message.of(
            "direction.archived", source=names[src], copy=names[cp], label=archived[src] or ""
        )
        return Direction(src, cp, reason)
    if authored is not None:
        found = [(cp, src) for cp, src in ((a, b), (b, a)) if authored(cp, src)]
        if len(found) == 1:  # each written by the other: no direction from that
            cp, src = found[0]
            reason = Message.of("direction.author", copy=names[cp], source=names[src])
            return Direction(src, cp, reason)
    mutual = b in compiled.get(a, ()) and a in compiled.get(b, ())
    for cp, src in ((a, b), (b, a)):
        if src in compiled.get(cp, ()) and not mutual:  # each "built" from the other: unknown
            reason = Message.of("direction.compiled", copy=names[cp], count=len(compiled[cp]))
            return Direction(src, cp, reason)
    return UNKNOWN
