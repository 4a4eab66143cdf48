"""A teacher's decisions on pairs: copying, not copying, and why.

A :class:`Decision` is keyed by the *contents* of the pair's two submissions
(:attr:`~simhash_core.review.evidence.PairEvidence.key`), so it holds for a renamed
file, a re-scan or a fresh download of the same files, and by the names the
submissions had when it was made, so that a pair whose file has changed since is shown
as *outdated* (never silently applied, never silently dropped).

:class:`Decisions` is the set a scan is reported with; :func:`decision_of` looks a
pair up in it. Decisions change what is reported, never the fingerprints or the cache.

>>> d = Decision(("h1", "h2"), Verdict.DISMISSED, Reason.TEMPLATE, names=("a.txt", "b.txt"))
>>> found = Decisions([d])
>>> found.find(("h1", "h2"), ("b.txt", "a.txt")).outdated
False
>>> found.find(("h1", "h3"), ("a.txt", "b.txt")).outdated
True
>>> found.find(("h4", "h5"), ("c.txt", "d.txt")) is None
True
"""

from __future__ import annotations

import datetime
import getpass
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from simhash_core.types import Document, ScanResult

PairKey = tuple[str, str]  # the two submissions' content hashes, smaller first


class Verdict(Enum):
    """What the teacher decided about a pair."""

    UNREVIEWED = "unreviewed"
    CONFIRMED = "confirmed"  # copying
    DISMISSED = "dismissed"  # not copying


class Reason(Enum):
    """Why, from a short list (``OTHER`` with a note says the rest)."""

    TEMPLATE = "template"  # the template or the assignment prompt
    SOURCE = "source"  # a shared source or quotation
    COMMON_KNOWLEDGE = "common-knowledge"
    GROUP_WORK = "group-work"  # group work was allowed
    OTHER = "other"


# what each reads as, in English (the app and the reports translate them)
VERDICT_WORDS = {
    Verdict.UNREVIEWED: "Unreviewed",
    Verdict.CONFIRMED: "Confirmed copying",
    Verdict.DISMISSED: "Dismissed",
}
REASON_WORDS = {
    Reason.TEMPLATE: "Template or assignment prompt",
    Reason.SOURCE: "Shared source or quotation",
    Reason.COMMON_KNOWLEDGE: "Common knowledge",
    Reason.GROUP_WORK: "Group work allowed",
    Reason.OTHER: "Other",
}
OUTDATED_WORD = "Outdated: a file changed since"
OUTDATED = "outdated"  # a pair's review state when its decision was made on other contents
# a pair's review state (a Verdict's value, or OUTDATED) as it reads
STATE_WORDS = {**{v.value: w for v, w in VERDICT_WORDS.items()}, OUTDATED: OUTDATED_WORD}
# and what the reports call the parts of a decision
DECISION_WORDS = ("Decision", "Decided because", "Note", "Decided by", "Decided at")


def pair_key(one: str, two: str) -> PairKey:
    """Two content hashes as a key: the smaller first.

    >>> pair_key("b", "a")
    ('a', 'b')
    """
    return (one, two) if one <= two else (two, one)


def user_name() -> str:
    """The operating-system user's name (what a decision is signed with by default)."""
    try:
        return getpass.getuser()
    except Exception:  # no such user in the password database (containers)
        return os.environ.get("USERNAME", "") or os.environ.get("USER", "")


def now() -> str:
    """The time, UTC, to the second, ISO 8601 (``2026-11-26T14:31:07Z``)."""
    moment = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    return moment.isoformat().replace("+00:00", "Z")


@dataclass(frozen=True)
class Decision:
    """One decision on one pair of submissions."""

    key: PairKey
    verdict: Verdict
    reason: Reason | None = None
    note: str = ""
    by: str = ""  # who decided (editable; the OS user name by default)
    at: str = ""  # when, ISO 8601 UTC
    # the submissions' names when it was decided (document paths as the scan shows
    # them): how a later scan recognises the pair when a file's content has changed
    names: tuple[str, str] = ("", "")

    def to_json(self) -> dict[str, Any]:
        return {
            "key": list(self.key),
            "verdict": self.verdict.value,
            "reason": self.reason.value if self.reason is not None else None,
            "note": self.note,
            "by": self.by,
            "at": self.at,
            "names": list(self.names),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        """A decision from :meth:`to_json`'s form; ``ValueError`` if it is not one."""
        try:
            one, two = (str(x) for x in data["key"])
            reason = data.get("reason")
            first, second = (str(x) for x in data.get("names") or ("", ""))
            return cls(
                key=pair_key(one, two),
                verdict=Verdict(data["verdict"]),
                reason=Reason(reason) if reason else None,
                note=str(data.get("note") or ""),
                by=str(data.get("by") or ""),
                at=str(data.get("at") or ""),
                names=(first, second),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a decision: {data!r:.200}") from exc

    @property
    def when(self) -> str:
        """:attr:`at` as a teacher reads it.

        >>> Decision(("a", "b"), Verdict.CONFIRMED, at="2026-11-26T14:52:40Z").when
        '2026-11-26 14:52 UTC'
        """
        if len(self.at) >= 16 and self.at[10] == "T":
            return f"{self.at[:10]} {self.at[11:16]} UTC"
        return self.at

    def signed(self, by: str | None = None, at: str | None = None) -> Decision:
        """This decision made now, by ``by`` (the OS user when not given)."""
        return replace(self, by=user_name() if by is None else by, at=now() if at is None else at)


@dataclass(frozen=True)
class Found:
    """A pair's decision as a scan reports it: ``outdated`` when it was made on other
    contents of the same two names (shown, not applied)."""

    decision: Decision
    outdated: bool = False

    @property
    def verdict(self) -> Verdict:
        """The verdict in force: an outdated decision leaves the pair unreviewed."""
        return Verdict.UNREVIEWED if self.outdated else self.decision.verdict

    @property
    def state(self) -> str:
        """A key of :data:`STATE_WORDS`: the verdict's value, or :data:`OUTDATED`."""
        return OUTDATED if self.outdated else self.decision.verdict.value


class Decisions:
    """The decisions a scan is reported with, by key and by the names decided on."""

    def __init__(self, decisions: Iterable[Decision] = ()) -> None:
        self._by_key: dict[PairKey, Decision] = {}
        self._by_names: dict[frozenset[str], Decision] = {}
        for d in decisions:
            self.put(d)

    def put(self, d: Decision) -> None:
        """Add or replace ``d`` (a later decision on the same names replaces theirs)."""
        self._by_key[d.key] = d
        if any(d.names):
            self._by_names[frozenset(d.names)] = d

    def remove(self, key: PairKey) -> None:
        gone = self._by_key.pop(key, None)
        if gone is not None and self._by_names.get(frozenset(gone.names)) is gone:
            del self._by_names[frozenset(gone.names)]

    def find(self, key: PairKey, names: tuple[str, str]) -> Found | None:
        """The decision on the pair with contents ``key``, or on its two ``names`` with
        other contents (outdated)."""
        exact = self._by_key.get(key)
        if exact is not None:
            return Found(exact)
        earlier = self._by_names.get(frozenset(names))
        if earlier is not None and earlier.verdict is not Verdict.UNREVIEWED:
            return Found(earlier, outdated=True)
        return None

    def __iter__(self) -> Iterator[Decision]:
        return iter(sorted(self._by_key.values(), key=lambda d: d.key))

    def __len__(self) -> int:
        return len(self._by_key)

    def __contains__(self, key: object) -> bool:
        return key in self._by_key


def decisions_for(result: ScanResult, decisions: Iterable[Decision]) -> Decisions:
    """The decisions of ``decisions`` on pairs of ``result``'s documents: by their
    contents, or by their names (outdated ones)."""
    contents = {d.file_key for d in result.documents}
    names = {d.path for d in result.documents}
    return Decisions(
        d
        for d in decisions
        if (d.key[0] in contents and d.key[1] in contents)
        or (all(d.names) and d.names[0] in names and d.names[1] in names)
    )


def decision_of(result: ScanResult, a: int, b: int) -> Found | None:
    """The decision on documents ``a`` and ``b`` of ``result`` (None: unreviewed)."""
    decisions = result.decisions
    if not decisions:
        return None
    one, two = result.documents[a], result.documents[b]
    return decisions.find(submission_key(one, two), (one.path, two.path))


def review_state(result: ScanResult, a: int, b: int) -> str:
    """The pair's review state, a key of :data:`STATE_WORDS` (``"unreviewed"`` when
    nothing was decided)."""
    found = decision_of(result, a, b)
    return Verdict.UNREVIEWED.value if found is None else found.state


def submission_key(one: Document, two: Document) -> PairKey:
    """The key of two documents: their content hashes (their paths where a document
    came without one)."""
    return pair_key(one.file_key, two.file_key)
