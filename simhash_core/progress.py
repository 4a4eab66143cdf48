"""Progress reporting and cancellation, handed to long jobs by the front end.

The core never imports a GUI toolkit. A front end passes a :class:`Progress` whose
callback it owns; the callback gets a :class:`ProgressReport` (the stage, how far it
is, the item at hand and the whole job's weighted share done) and returns ``False`` to
ask the job to stop. Front ends switch on :class:`Stage`, never on text.

A job announces its stages with :meth:`Progress.plan` (each has a weight: reading files
is most of a scan, writing the reports little) and enters each with
:meth:`Progress.begin`, in the manner of dupeGuru's weighted job progress. Inside a
stage, a long computation reports through a :class:`Job` split into sub-jobs.

>>> seen = []
>>> p = Progress(lambda r: seen.append((r.stage.value, r.done, r.total, r.item)) or True)
>>> p.plan(Stage.READ, Stage.COMPARE)
>>> p.begin(Stage.READ)
>>> p.update(1, 4, "a.txt")
>>> seen[-1], round(p.overall, 3)
(('read', 1, 4, 'a.txt'), 0.224)
>>> p.begin(Stage.COMPARE)
>>> p.update(5, 10)
>>> round(p.overall, 3)
0.947
>>> p.cancelled
False
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum


class Stage(str, Enum):
    """The steps of a scan, in order."""

    DISCOVER = "discover"  # walking the folders
    READ = "read"  # reading and analysing files (the workers)
    COMPARE = "compare"  # scoring pairs, passages, groups
    ARCHIVE = "archive"  # searching (or filling) the archive
    WRITE = "write"  # writing reports


# how much of a whole scan each stage takes, roughly (a 1,000-file class)
STAGE_WEIGHTS: dict[Stage, float] = {
    Stage.DISCOVER: 1.0,
    Stage.READ: 85.0,
    Stage.COMPARE: 10.0,
    Stage.ARCHIVE: 3.0,
    Stage.WRITE: 1.0,
}


@dataclass(frozen=True)
class ProgressReport:
    """One report: ``done`` of ``total`` in ``stage``, ``item`` being worked on (a file's
    display path, or empty), and ``overall`` in [0, 1] for the whole planned job."""

    stage: Stage
    done: int
    total: int
    item: str = ""
    overall: float = 0.0
    # the item's own steps, where it has several: (pages read by OCR, pages to read)
    step: tuple[int, int] | None = None

    @property
    def fraction(self) -> float:
        """How far this stage is, in [0, 1]."""
        return min(1.0, self.done / self.total) if self.total > 0 else 0.0


ProgressCallback = Callable[[ProgressReport], "bool | None"]


class Cancelled(Exception):
    """Raised inside a job when its progress object was cancelled."""


class Progress:
    """Reports :class:`ProgressReport` objects and carries a thread-safe cancel flag."""

    def __init__(self, callback: ProgressCallback | None = None) -> None:
        self._callback = callback
        self._cancel = threading.Event()
        self._plan: list[Stage] = []
        self.stage = Stage.READ
        self.overall = 0.0

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        self._cancel.set()

    def resume(self) -> None:
        """Clear a cancel that the job has acted on, so its next stage (comparing what
        was read before the cancel) can be cancelled again."""
        self._cancel.clear()

    def plan(self, *stages: Stage) -> None:
        """Add the stages this job will go through (those not planned yet, in order);
        ``overall`` is weighted over the plan. A front end plans the whole job (a scan,
        then the archive, then the reports) before the core plans its part."""
        self._plan.extend(s for s in stages if s not in self._plan)

    def begin(self, stage: Stage) -> None:
        """Enter ``stage`` (added to the plan if it was not in it)."""
        if stage not in self._plan:
            self._plan.append(stage)
        self.stage = stage

    def _overall(self, fraction: float) -> float:
        total = sum(STAGE_WEIGHTS[s] for s in self._plan) or 1.0
        before = self._plan[: self._plan.index(self.stage)] if self.stage in self._plan else []
        done = sum(STAGE_WEIGHTS[s] for s in before) + STAGE_WEIGHTS[self.stage] * fraction
        return min(1.0, done / total)

    def update(
        self, done: int, total: int, item: str = "", step: tuple[int, int] | None = None
    ) -> None:
        """Report progress in the current stage; a callback returning False cancels.
        ``step`` is how far ``item`` itself is (pages read of pages to read)."""
        report = ProgressReport(self.stage, done, total, item)
        self.overall = self._overall(report.fraction)
        report = ProgressReport(self.stage, done, total, item, self.overall, step)
        if self._callback is not None and self._callback(report) is False:
            self._cancel.set()

    def check(self) -> None:
        """Raise :class:`Cancelled` if cancellation was requested."""
        if self._cancel.is_set():
            raise Cancelled

    def reached(self, fraction: float) -> None:
        """Report ``fraction`` of the current stage done, in thousandths (the units of
        the stage's :class:`Job` reports).

        >>> seen = []
        >>> Progress(lambda r: seen.append((r.done, r.total)) or True).reached(0.25)
        >>> seen
        [(250, 1000)]
        """
        self.update(int(fraction * Job.SCALE), Job.SCALE)

    def within(self, low: float, high: float) -> Progress:
        """A progress for a part of this one's current stage, from ``low`` to ``high``
        of it: whatever units the part reports in, this one hears them as that share of
        the stage, in thousandths. A cancel of either is a cancel of both.

        >>> seen = []
        >>> whole = Progress(lambda r: seen.append((r.done, r.total, r.item)) or True)
        >>> part = whole.within(0.5, 1.0)
        >>> part.update(1, 4, "a.txt"); part.reached(1.0)
        >>> seen
        [(625, 1000, 'a.txt'), (1000, 1000, '')]
        >>> whole.cancel(); part.cancelled
        True
        """
        return _Part(self, (low, high))


class _Part(Progress):
    """A part of another progress's current stage (see :meth:`Progress.within`)."""

    def __init__(self, whole: Progress, share: tuple[float, float]) -> None:
        super().__init__()
        self.whole, self.share = whole, share
        self.stage = whole.stage

    @property
    def cancelled(self) -> bool:
        return self.whole.cancelled

    def cancel(self) -> None:
        self.whole.cancel()

    def resume(self) -> None:
        self.whole.resume()

    def plan(self, *stages: Stage) -> None:
        """The whole's plan holds."""

    def begin(self, stage: Stage) -> None:
        """The part stays in the whole's stage."""

    def update(
        self, done: int, total: int, item: str = "", step: tuple[int, int] | None = None
    ) -> None:
        low, high = self.share
        fraction = min(1.0, done / total) if total > 0 else 0.0
        self.whole.update(int((low + (high - low) * fraction) * Job.SCALE), Job.SCALE, item, step)
        self.overall = self.whole.overall

    def check(self) -> None:
        self.whole.check()


class Job:
    """A job inside the current stage, split into sub-jobs, in the manner of dupeGuru's
    ``Job`` with proportions: the root job is the ``share`` (low, high) of the stage and
    counts ``total`` units of work; a sub-job takes some of its parent's units and
    counts its own, scaled into them. Each step done is reported through the root, as
    the fraction of the stage (in thousandths).

    >>> seen = []
    >>> p = Progress(lambda r: seen.append(r.done) or True)
    >>> job = Job(p, 10, share=(0.0, 0.5))  # half the stage, 10 units
    >>> first, second = job.subjob(4), job.subjob(6, total=2)  # 4 units; 6 as 2 steps
    >>> first.advance(4); second.advance(1); second.advance(1)
    >>> seen
    [200, 350, 500]
    """

    SCALE = 1000

    def __init__(
        self,
        progress: Progress,
        total: float,
        share: tuple[float, float] = (0.0, 1.0),
        *,
        parent: Job | None = None,
        units: float | None = None,
    ) -> None:
        self.progress, self.share, self.parent = progress, share, parent
        self.total = max(total, 1)
        # each of this job's units is this many of its parent's
        self.scale = 1.0 if units is None else units / self.total
        self.done = 0.0

    def subjob(self, units: float, total: float | None = None) -> Job:
        """The next ``units`` of this job's work as a job of its own, counting ``total``
        units (as many as it takes, if None)."""
        return Job(self.progress, units if total is None else total, parent=self, units=units)

    def advance(self, amount: float) -> None:
        """``amount`` more units done: the stage's progress is reported."""
        if self.parent is not None:
            self.parent.advance(amount * self.scale)
            return
        self.done += amount
        low, high = self.share
        self.progress.reached(low + (high - low) * min(1.0, self.done / self.total))

    def check(self) -> None:
        """Raise :class:`Cancelled` if the job's progress was cancelled."""
        self.progress.check()


NULL_PROGRESS = Progress()
