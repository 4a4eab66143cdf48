"""Where each student stands in a review: highest similarity, flagged partners, and
what is left to decide.

A teacher works through a class student by student (as CNKI's teacher edition lists
them): :func:`standings` gives one :class:`Standing` per submission of the class
(archived documents are partners, never rows), with the pairs behind it, so a view can
sort by the highest similarity, filter "to review above 30 %" and open the next pair
to decide.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from simhash_core.review.decisions import Verdict, decision_of
from simhash_core.types import PairScore, ScanResult


class Review(Enum):
    """A student's review state, from their flagged pairs' decisions."""

    NO_FLAG = "no-flag"  # no flagged pair: nothing to review
    TO_REVIEW = "to-review"  # a flagged pair without a decision in force
    CONFIRMED = "confirmed"  # every flagged pair decided, one confirmed as copying
    CLEARED = "cleared"  # every flagged pair decided, none copying


# how each reads (the app and the reports translate them)
REVIEW_WORDS = {
    Review.NO_FLAG: "No flag",
    Review.TO_REVIEW: "To review",
    Review.CONFIRMED: "Confirmed copying",
    Review.CLEARED: "All reviewed, cleared",
}


@dataclass(frozen=True)
class Standing:
    """One student's submission in the review."""

    document: int  # index into ScanResult.documents
    highest: float  # the highest similarity with any other document
    partner: int | None  # the document of that pair
    flagged: tuple[PairScore, ...] = field(default=())  # their flagged pairs, strongest first
    to_review: int = 0  # flagged pairs without a decision in force (outdated included)
    confirmed: int = 0
    dismissed: int = 0

    @property
    def review(self) -> Review:
        if not self.flagged:
            return Review.NO_FLAG
        if self.to_review:
            return Review.TO_REVIEW
        return Review.CONFIRMED if self.confirmed else Review.CLEARED

    @property
    def next_pair(self) -> PairScore | None:
        """The pair to open: the strongest flagged pair left to review, else the
        strongest flagged pair (None: no flag)."""
        return self.flagged[0] if self.flagged else None


def _verdict(result: ScanResult, p: PairScore) -> Verdict:
    found = decision_of(result, p.a, p.b)
    return Verdict.UNREVIEWED if found is None else found.verdict


def standings(result: ScanResult, only: set[int] | None = None) -> list[Standing]:
    """Every class document's standing (``only``: those documents'), in the class's
    order.

    Pairs left to review come first in :attr:`Standing.flagged`, each group strongest
    first, so :attr:`Standing.next_pair` is the one to decide next. One pass over the
    pairs (5,000 students with 25,000 pairs take a few tens of milliseconds).
    """
    docs = result.documents
    best: dict[int, PairScore] = {}
    flagged: dict[int, list[PairScore]] = {}
    verdicts: dict[tuple[int, int], Verdict] = {}
    # strongest first, once for the class: a student's first pair is their highest, and
    # their lists keep that order
    pairs = result.pairs
    if only is not None:
        pairs = [p for p in pairs if p.a in only or p.b in only]
    decided = bool(result.decisions)
    for p in sorted(pairs, key=strength_order):
        best.setdefault(p.a, p)
        best.setdefault(p.b, p)
        if p.flagged:
            verdicts[(p.a, p.b)] = _verdict(result, p) if decided else Verdict.UNREVIEWED
            flagged.setdefault(p.a, []).append(p)
            flagged.setdefault(p.b, []).append(p)
    out = []
    for i, doc in enumerate(docs):
        if doc.archive_label is not None or (only is not None and i not in only):
            continue
        top = best.get(i)
        theirs = flagged.get(i, [])
        counts = [verdicts[(p.a, p.b)] for p in theirs]
        left = [p for p, v in zip(theirs, counts, strict=True) if v is Verdict.UNREVIEWED]
        done = [p for p, v in zip(theirs, counts, strict=True) if v is not Verdict.UNREVIEWED]
        mine = left + done
        out.append(
            Standing(
                document=i,
                highest=top.similarity if top is not None else 0.0,
                partner=(top.b if top.a == i else top.a) if top is not None else None,
                flagged=tuple(mine),
                to_review=counts.count(Verdict.UNREVIEWED),
                confirmed=counts.count(Verdict.CONFIRMED),
                dismissed=counts.count(Verdict.DISMISSED),
            )
        )
    return out


def strength_order(p: PairScore) -> tuple[float, int, int, int]:
    """The order a class's pairs are worked through in: strongest first."""
    return (-p.similarity, p.simhash_distance, p.a, p.b)


def to_review(result: ScanResult) -> list[PairScore]:
    """The flagged pairs without a decision in force (one made on other texts is out of
    force), strongest first: the order a teacher works through them in."""
    left = (p for p in result.pairs if p.flagged and _verdict(result, p) is Verdict.UNREVIEWED)
    return sorted(left, key=strength_order)


def next_to_review(
    left: list[PairScore], after: PairScore | None = None, step: int = 1
) -> PairScore | None:
    """The pair to decide next of ``left`` (:func:`to_review`): the first or, ``after``
    a pair (decided or not), the next one in that order (``step`` -1: the one before
    it), going round at the end. None when nothing is left."""
    if not left:
        return None
    if after is None:
        return left[0] if step > 0 else left[-1]
    here = strength_order(after)
    if step > 0:
        return next((p for p in left if strength_order(p) > here), left[0])
    return next((p for p in reversed(left) if strength_order(p) < here), left[-1])


def distribution(values: list[float], bins: int = 20) -> list[int]:
    """How many of ``values`` (similarities in [0, 1]) fall in each of ``bins`` bins.

    >>> distribution([0.0, 0.04, 0.5, 1.0], bins=4)
    [2, 0, 1, 1]
    """
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int(v * bins))] += 1
    return counts
