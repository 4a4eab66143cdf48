"""The teacher's review in the app: decisions on pairs, kept as they are made.

:class:`ReviewController` holds the result's decisions (``ScanResult.decisions``),
loaded from the user's :class:`~simhash_core.review.store.DecisionStore` when a scan is
shown, so a re-scan of the same files (renamed or downloaded again) shows every earlier
decision. A decision is in the views at once and saved in a worker thread, in the
order made; a store that can't be written says so in the status bar and keeps the
decision for this session's reports.

Every view asks it to decide on a pair: the pair view's decision bar, the pairs
table's, the matrix's and the groups' context menus, and the Review menu's keys
(C, D, U, N) on the pair that has the keyboard's attention.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.background import BackgroundRunner
from simhash_core.progress import Progress
from simhash_core.review.decisions import (
    Decision,
    Decisions,
    Found,
    Reason,
    Verdict,
    decision_of,
    decisions_for,
    submission_key,
)
from simhash_core.review.exclusions import (
    Applied,
    Exclusion,
    Exclusions,
    apply_exclusions,
    base_of,
)
from simhash_core.review.store import (
    DecisionStore,
    DecisionStoreError,
    read_decisions_file,
    read_exclusions_file,
    write_decisions_file,
)
from simhash_core.types import ScanResult

log = logging.getLogger(__name__)


class ReviewController(QObject):
    """Decisions of the result shown: made, kept, exported and imported."""

    # a decision of the pair (a, b) changed (or, with (-1, -1), many did)
    changed = Signal(int, int)
    problem = Signal(str)  # a sentence for the status bar
    # the result judged again with the exclusions now chosen (a ScanResult)
    rejudged = Signal(object)

    def __init__(
        self, store: DecisionStore, reviewer: Callable[[], str], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.store = store
        self.reviewer = reviewer  # who signs a decision (the app's setting)
        self.result: ScanResult | None = None
        self._saver = BackgroundRunner(self, name="plagcheck-decisions")
        self._saver.errored.connect(self._on_save_failed)
        self._saver.idle.connect(self._save_next)
        self._unsaved: list[Decision] = []
        # exclusions: the class judged again in a worker, the latest choice wins
        self._judge = BackgroundRunner(self, name="plagcheck-exclusions")
        self._judge.finished.connect(self._on_rejudged)
        self._judge.errored.connect(self._on_judge_failed)
        self._judge.idle.connect(self._judge_next)
        self._to_judge: tuple[ScanResult, Exclusions] | None = None

    # --- the result ------------------------------------------------------------------
    def attach(self, result: ScanResult | None) -> None:
        """Show ``result`` with every decision kept for its pairs (a check brings them,
        read in its thread; a result without them is given the store's)."""
        self.result = result
        if result is not None and result.decisions is None:
            self._read()  # the views are given the result next: no signal

    def _read(self) -> None:
        result = self.result
        if result is None:
            return
        # what the result holds already (the archive's, kept with past classes) stays
        # unless the store says otherwise
        kept = {d.key: d for d in (result.decisions or ())}
        try:
            kept.update((d.key, d) for d in self.store.load())
            result.decisions = decisions_for(result, kept.values())
        except (DecisionStoreError, OSError) as exc:
            result.decisions = Decisions()
            self.problem.emit(self.tr("Earlier decisions could not be read: {why}").format(why=exc))

    def reload(self) -> None:
        """The store's decisions on the result's pairs, read again (after an import)."""
        self._read()
        self.changed.emit(-1, -1)

    def found(self, a: int, b: int) -> Found | None:
        """The decision on documents ``a`` and ``b`` (None: unreviewed)."""
        if self.result is None:
            return None
        return decision_of(self.result, a, b)

    # --- deciding --------------------------------------------------------------------
    def decide(
        self,
        a: int,
        b: int,
        verdict: Verdict,
        reason: Reason | None = None,
        note: str | None = None,
        by: str | None = None,
    ) -> Decision | None:
        """Record ``verdict`` on documents ``a`` and ``b``. ``note`` None keeps the pair's
        note; ``reason`` is kept when the verdict stays and not given."""
        result = self.result
        if result is None or a == b:
            return None
        docs = result.documents
        earlier = self.found(a, b)
        before = earlier.decision if earlier is not None and not earlier.outdated else None
        if note is None:
            note = before.note if before is not None else ""
        if reason is None and before is not None and before.verdict is verdict:
            reason = before.reason
        decision = Decision(
            key=submission_key(docs[a], docs[b]),
            verdict=verdict,
            reason=reason if verdict is not Verdict.UNREVIEWED else None,
            note=note.strip(),
            names=(docs[a].path, docs[b].path),
        ).signed(by if by is not None else self.reviewer())
        if result.decisions is None:
            result.decisions = Decisions()
        if verdict is Verdict.UNREVIEWED and not decision.note:
            result.decisions.remove(decision.key)
        else:
            result.decisions.put(decision)
        self._unsaved.append(decision)
        self._save_next()
        self.changed.emit(a, b)
        return decision

    def _save_next(self) -> None:
        if not self._unsaved or self._saver.busy:
            return
        batch, self._unsaved = self._unsaved, []
        store = self.store
        self._saver.start(lambda _progress: store.save_all(batch))

    def _on_save_failed(self, message: str) -> None:
        self.problem.emit(
            self.tr(
                "The decision could not be saved: {why}. It stays in this session's reports."
            ).format(why=message)
        )

    def wait_saved(self, msecs: int = 10_000) -> bool:
        """Block until every decision made is saved (closing the window, tests)."""
        from PySide6.QtCore import QCoreApplication

        while self._unsaved or self._saver.busy:
            if not self._saver.wait(msecs):
                return False
            QCoreApplication.processEvents()
            self._save_next()
        return True

    # --- exclusions ------------------------------------------------------------------
    def exclusions(self) -> Exclusions:
        """The exclusions the result shown was judged without."""
        applied = self.result.exclusions if self.result is not None else None
        return applied.exclusions if isinstance(applied, Applied) else Exclusions()

    def exclude(self, exclusion: Exclusion) -> None:
        """Leave ``exclusion`` out (signed by the reviewer), keep it, judge again."""
        signed = exclusion.signed(self.reviewer())
        self._keep(lambda store: store.save_exclusion(signed))
        self.rejudge(self.exclusions().adding(signed))

    def include(self, exclusion: Exclusion) -> None:
        """Count ``exclusion``'s text again."""
        self._keep(lambda store: store.remove_exclusion(exclusion))
        self.rejudge(self.exclusions().removing(exclusion))

    def include_all(self) -> None:
        for e in self.exclusions():
            self.include(e)

    def _keep(self, write: Callable[[DecisionStore], None]) -> None:
        try:
            write(self.store)
        except (DecisionStoreError, OSError) as exc:
            self.problem.emit(
                self.tr(
                    "The exclusion could not be kept: {why}. It holds for this session."
                ).format(why=exc)
            )

    def rejudge(self, exclusions: Exclusions) -> None:
        """Judge the scan again without ``exclusions`` (in a worker)."""
        if self.result is None:
            return
        self._to_judge = (base_of(self.result), exclusions)
        self._judge_next()

    def _judge_next(self) -> None:
        waiting = self._to_judge
        if waiting is None or self._judge.busy:
            return
        self._to_judge = None
        base, exclusions = waiting
        decisions = self.result.decisions if self.result is not None else None

        def judge(progress: Progress) -> ScanResult:
            judged = apply_exclusions(base, exclusions, progress) if exclusions else base
            judged.decisions = decisions
            return judged

        self._judge.start(judge)

    def _on_rejudged(self, judged: ScanResult) -> None:
        if self._to_judge is not None:
            return  # a newer choice is being judged
        self.rejudged.emit(judged)

    def _on_judge_failed(self, message: str) -> None:
        self.problem.emit(self.tr("The class could not be judged again: {why}").format(why=message))

    def wait_judged(self, msecs: int = 60_000) -> bool:
        """Block until the last exclusion is judged (scripts and tests)."""
        from PySide6.QtCore import QCoreApplication

        while self._to_judge is not None or self._judge.busy:
            if not self._judge.wait(msecs):
                return False
            QCoreApplication.processEvents()
            self._judge_next()
        QCoreApplication.processEvents()
        return True

    # --- sharing ---------------------------------------------------------------------
    def export_to(self, path: Path) -> int:
        """Write the decisions on the result's pairs to ``path``; how many."""
        self.wait_saved()
        mine = list(self.result.decisions or ()) if self.result is not None else []
        write_decisions_file(mine, path, exclusions=tuple(self.exclusions()))
        return len(mine)

    def import_from(self, path: Path) -> int:
        """Take the decisions of a colleague's file (the later per pair); how many."""
        self.wait_saved()
        taken = self.store.merge(read_decisions_file(path))
        self.store.merge_exclusions(read_exclusions_file(path))
        self.reload()
        if self.result is not None:
            from simhash_core.check import relevant_exclusions

            kept = relevant_exclusions(base_of(self.result), self.store.load_exclusions())
            if set(kept) != set(self.exclusions()):
                self.rejudge(kept)
        return taken
