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
from simhash_core.review.store import (
    DecisionStore,
    DecisionStoreError,
    read_decisions_file,
    write_decisions_file,
)
from simhash_core.types import ScanResult

log = logging.getLogger(__name__)


class ReviewController(QObject):
    """Decisions of the result shown: made, kept, exported and imported."""

    # a decision of the pair (a, b) changed (or, with (-1, -1), many did)
    changed = Signal(int, int)
    problem = Signal(str)  # a sentence for the status bar

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

    # --- the result ------------------------------------------------------------------
    def attach(self, result: ScanResult | None) -> None:
        """Show ``result`` with every decision kept for its pairs (a check brings them,
        read in its thread; a result without them is given the store's)."""
        self.result = result
        if result is None:
            return
        if result.decisions is not None:
            self.changed.emit(-1, -1)
            return
        self.reload()

    def reload(self) -> None:
        """The store's decisions on the result's pairs, read again (after an import)."""
        result = self.result
        if result is None:
            return
        try:
            result.decisions = decisions_for(result, self.store.load())
        except (DecisionStoreError, OSError) as exc:
            result.decisions = Decisions()
            self.problem.emit(self.tr("Earlier decisions could not be read: {why}").format(why=exc))
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
            self.tr("The decision could not be saved: {why}. It stays in this session's reports.")
            .format(why=message)
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

    # --- sharing ---------------------------------------------------------------------
    def export_to(self, path: Path) -> int:
        """Write the decisions on the result's pairs to ``path``; how many."""
        self.wait_saved()
        mine = list(self.result.decisions or ()) if self.result is not None else []
        write_decisions_file(mine, path)
        return len(mine)

    def import_from(self, path: Path) -> int:
        """Take the decisions of a colleague's file (the later per pair); how many."""
        self.wait_saved()
        taken = self.store.merge(read_decisions_file(path))
        self.reload()
        return taken
