"""The Review menu, its keys and the pair context menus, for every view of the window.

The actions act on the pair that has the keyboard's attention
(:meth:`ReviewActions.pair_in_focus`): the current row of the pairs table, the current
cell of the matrix, the current member of a group, else the pair shown side by side.
The same actions are the buttons of the pair view's decision bar, and a context menu on
a pair in the table, the matrix or the groups offers them for that pair, with the
reasons for dismissing it.

Keys: C confirms copying, D dismisses, U marks unreviewed, N opens the decision with
its reason and note. A line edit keeps its letters (Qt gives typing precedence over
single-key shortcuts).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFileDialog,
    QInputDialog,
    QMenu,
)

from app.models.pairs_model import report_word
from app.models.roles import Role
from app.review_controller import ReviewController
from app.views.decision_dialog import DecisionDialog
from simhash_core.review.decisions import REASON_WORDS, Reason, Verdict
from simhash_core.review.evidence import PairEvidence
from simhash_core.review.exclusions import (
    Applied,
    ExclusionKind,
    min_words_exclusion,
    passage_exclusion,
    source_exclusion,
    template_passage_exclusion,
)
from simhash_core.review.standing import next_to_review, to_review
from simhash_core.types import Passage, ScanResult

if TYPE_CHECKING:
    from app.main_window import MainWindow

Pair = tuple[int, int]


class ReviewActions(QObject):
    """The window's review actions and menus over one :class:`ReviewController`."""

    def __init__(self, window: MainWindow, review: ReviewController) -> None:
        super().__init__(window)
        self.window = window
        self.review = review
        self.confirm = self._action("C", lambda pair: self._decide(pair, Verdict.CONFIRMED))
        self.dismiss = self._action("D", lambda pair: self._decide(pair, Verdict.DISMISSED))
        self.unreview = self._action("U", lambda pair: self._decide(pair, Verdict.UNREVIEWED))
        self.note = self._action("N", self.edit)
        # the next (previous) flagged pair left to decide, in the order of strength
        self.next_pair = QAction(window)
        self.next_pair.setShortcut(QKeySequence("J"))
        self.next_pair.triggered.connect(lambda: self.open_to_review(1))
        self.previous_pair = QAction(window)
        self.previous_pair.setShortcut(QKeySequence("K"))
        self.previous_pair.triggered.connect(lambda: self.open_to_review(-1))
        # exclusions: the passage shown, as such or as the assignment text
        self.exclude_passage = QAction(window)
        self.exclude_passage.setShortcut(QKeySequence("E"))
        self.exclude_passage.triggered.connect(self.exclude_current_passage)
        self.assignment_text = QAction(window)
        self.assignment_text.setShortcut(QKeySequence("T"))
        self.assignment_text.triggered.connect(self.current_passage_as_assignment)
        self.short_matches = QAction(window)
        self.short_matches.triggered.connect(self.choose_min_words)
        self.include_all = QAction(window)
        self.include_all.triggered.connect(self.review.include_all)
        self.export_file = QAction(window)
        self.export_file.triggered.connect(self.choose_export)
        self.import_file = QAction(window)
        self.import_file.triggered.connect(self.choose_import)
        self.menu = QMenu(window)
        for action in (self.next_pair, self.previous_pair):
            self.menu.addAction(action)
        self.menu.addSeparator()
        for action in (self.confirm, self.dismiss, self.unreview, self.note):
            self.menu.addAction(action)
        self.menu.addSeparator()
        for action in (
            self.exclude_passage,
            self.assignment_text,
            self.short_matches,
            self.include_all,
        ):
            self.menu.addAction(action)
        self.menu.addSeparator()
        self.menu.addAction(self.export_file)
        self.menu.addAction(self.import_file)
        self.menu.aboutToShow.connect(self.sync)

    def _action(self, key: str, act: Callable[[Pair], object]) -> QAction:
        action = QAction(self.window)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda: self._on_pair(act))
        return action

    def _on_pair(self, act: Callable[[Pair], object]) -> None:
        pair = self.pair_in_focus()
        if pair is None:
            self.window.statusBar().showMessage(self.tr("Choose a pair first."), 4000)
            return
        act(pair)

    def open_to_review(self, step: int) -> None:
        """Open the next (``step`` 1) or previous (-1) flagged pair left to decide, from
        the pair shown, with the keyboard in it; say so when every flagged pair has a
        decision."""
        result = self.window.result
        if result is None:
            return
        left = to_review(result)
        shown = self.window.current_pair
        after = next((p for p in result.pairs if (p.a, p.b) == shown), None) if shown else None
        found = next_to_review(left, after, step)
        if found is None:
            message = self.tr("Every flagged pair has a decision.")
            self.window.statusBar().showMessage(message, 5000)
            return
        self.window.open_pair(found.a, found.b)
        # the keyboard goes on in the pair opened: C, D, U and N decide what is shown,
        # not the row a list still has (J pressed in the Students list)
        self.window.side_by_side.take_focus()
        count = len(left)
        self.window.statusBar().showMessage(self.tr("%n flagged pair(s) left to decide", "", count))

    # --- which pair --------------------------------------------------------------------
    def pair_in_focus(self) -> Pair | None:
        """The pair the keyboard is on: a view's current pair, else the shown pair."""
        w = self.window
        focused = QApplication.focusWidget()
        views: list[tuple[QAbstractItemView, Callable[[QModelIndex], Pair | None]]] = [
            (w.pairs_panel.table, index_pair),
            (w.matrix_panel.view, index_pair),
            (w.groups_panel.tree, w.groups_panel.pair_at),
            (w.students_panel.table, index_pair),
        ]
        for view, pair_of in views:
            if focused is not None and (focused is view or view.isAncestorOf(focused)):
                pair = pair_of(view.currentIndex())
                if pair is not None:
                    return pair
        return w.current_pair

    def sync(self) -> None:
        """Enabled while a result is shown; the passage's while a passage is shown."""
        on = self.window.result is not None
        for action in (
            self.next_pair,
            self.previous_pair,
            self.confirm,
            self.dismiss,
            self.unreview,
            self.note,
            self.export_file,
            self.short_matches,
        ):
            action.setEnabled(on)
        passage = self.current_passage() is not None
        self.exclude_passage.setEnabled(passage)
        self.assignment_text.setEnabled(passage)
        self.include_all.setEnabled(bool(self.review.exclusions()))

    # --- exclusions --------------------------------------------------------------------
    def current_passage(self) -> tuple[PairEvidence, Passage] | None:
        """The passage the pair view shows (its evidence oriented as shown)."""
        view = self.window.side_by_side
        evidence, k = view.evidence, view.current
        if evidence is None or k is None or not 0 <= k < len(evidence.passages):
            return None
        return evidence, evidence.passages[k]

    def exclude_current_passage(self) -> None:
        found, result = self.current_passage(), self.window.result
        if found is None or result is None:
            self.window.statusBar().showMessage(self.tr("Show a passage first."), 4000)
            return
        evidence, passage = found
        self.review.exclude(passage_exclusion(result, *evidence.pair, passage))
        self.window.statusBar().showMessage(
            self.tr("The passage is left out; the class is judged again…"), 5000
        )

    def current_passage_as_assignment(self) -> None:
        found, result = self.current_passage(), self.window.result
        if found is None or result is None:
            self.window.statusBar().showMessage(self.tr("Show a passage first."), 4000)
            return
        evidence, passage = found
        start, end = evidence.span(0, passage)
        self.review.exclude(template_passage_exclusion(result, evidence.left.index, start, end))
        self.window.statusBar().showMessage(
            self.tr("The passage joins the assignment text; every pair is judged again…"), 5000
        )

    def choose_min_words(self) -> None:
        current = self.review.exclusions().min_words or 0
        words, ok = QInputDialog.getInt(
            self.window,
            self.tr("Leave out short matches"),
            self.tr("Leave out word-for-word matches shorter than (words; 0 counts them all):"),
            int(current),
            0,
            1000,
        )
        if not ok:
            return
        rule = next(iter(self.review.exclusions().of_kind(ExclusionKind.MIN_WORDS)), None)
        if words == 0:
            if rule is not None:
                self.review.include(rule)
            return
        self.review.exclude(min_words_exclusion(words))

    def exclude_source(self, i: int) -> None:
        result = self.window.result
        if result is not None:
            self.review.exclude(source_exclusion(result, i))

    # --- deciding ----------------------------------------------------------------------
    def _decide(self, pair: Pair, verdict: Verdict, reason: Reason | None = None) -> None:
        self.review.decide(*pair, verdict, reason)
        self._say_done(pair, verdict)

    def _say_done(self, pair: Pair, verdict: Verdict) -> None:
        result = self.window.result
        if result is None:
            return
        a, b = (result.documents[i].shown or result.documents[i].name for i in pair)
        words = {
            Verdict.CONFIRMED: self.tr("{a} and {b}: confirmed as copying"),
            Verdict.DISMISSED: self.tr("{a} and {b}: dismissed"),
            Verdict.UNREVIEWED: self.tr("{a} and {b}: not reviewed"),
        }
        self.window.statusBar().showMessage(words[verdict].format(a=a, b=b), 5000)

    def edit(self, pair: Pair, verdict: Verdict | None = None) -> bool:
        """The decision dialog for ``pair``; True when the teacher saved it."""
        found = self.review.found(*pair)
        earlier = found.decision if found is not None else None
        dialog = DecisionDialog(
            self.tr("Decision on the pair"),
            earlier,
            self.window.app_settings.reviewer(),
            self.window,
            verdict=verdict,
        )
        if dialog.exec() != DecisionDialog.DialogCode.Accepted:
            return False
        by = dialog.by_text()
        if by and by != self.window.app_settings.reviewer():
            self.window.app_settings.set_reviewer(by)
        chosen = dialog.verdict()
        self.review.decide(*pair, chosen, dialog.chosen_reason(), dialog.note_text(), by or None)
        self._say_done(pair, chosen)
        return True

    def pair_menu(self, pair: Pair) -> QMenu:
        """The context menu of one pair: confirm, dismiss (with its reasons), unreview,
        the decision dialog."""
        menu = QMenu(self.window)
        menu.addAction(self.tr("Confirm copying"), lambda: self._decide(pair, Verdict.CONFIRMED))
        dismiss = menu.addMenu(self.tr("Dismiss"))
        dismiss.addAction(
            self.tr("Without a reason"), lambda: self._decide(pair, Verdict.DISMISSED)
        )
        for reason in Reason:
            dismiss.addAction(
                report_word(REASON_WORDS[reason]),
                lambda r=reason: self._decide(pair, Verdict.DISMISSED, r),
            )
        menu.addAction(self.tr("Mark unreviewed"), lambda: self._decide(pair, Verdict.UNREVIEWED))
        menu.addSeparator()
        menu.addAction(self.tr("Decision and note…"), lambda: self.edit(pair))
        result = self.window.result
        if result is not None:
            menu.addSeparator()
            for i in pair:
                name = result.documents[i].shown or result.documents[i].name
                menu.addAction(
                    self.tr("Leave out {name} from every pair").format(name=name),
                    lambda i=i: self.exclude_source(i),
                )
        return menu

    def attach_view(
        self, view: QAbstractItemView, pair_of: Callable[[QModelIndex], Pair | None]
    ) -> None:
        """Offer :meth:`pair_menu` on the pairs of ``view``."""
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

        def show(point: QPoint) -> None:
            pair = pair_of(view.indexAt(point))
            if pair is not None and self.window.result is not None:
                self.pair_menu(pair).popup(view.viewport().mapToGlobal(point))

        view.customContextMenuRequested.connect(show)

    # --- sharing -----------------------------------------------------------------------
    def choose_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            self.tr("Export decisions"),
            str(self.window.export_suggestion("plagcheck-decisions.json")),
            self.tr("Decisions (*.json)"),
        )
        if path:
            self.export_to(Path(path))

    def export_to(self, path: Path) -> None:
        try:
            count = self.review.export_to(path)
        except OSError as exc:
            self.window.statusBar().showMessage(
                self.tr("Could not export the decisions: {why}").format(why=exc), 8000
            )
            return
        self.window.statusBar().showMessage(
            self.tr("%n decision(s) exported to {path}", "", count).format(path=path), 8000
        )

    def choose_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, self.tr("Import decisions"), "", self.tr("Decisions (*.json)")
        )
        if path:
            self.import_from(Path(path))

    def import_from(self, path: Path) -> None:
        try:
            count = self.review.import_from(path)
        except (OSError, ValueError) as exc:
            self.window.statusBar().showMessage(
                self.tr("Could not import the decisions: {why}").format(why=exc), 8000
            )
            return
        self.window.statusBar().showMessage(self.tr("%n decision(s) imported", "", count), 8000)

    def retranslate(self) -> None:
        self.menu.setTitle(self.tr("&Review"))
        self.confirm.setText(self.tr("&Confirm copying"))
        self.dismiss.setText(self.tr("&Dismiss"))
        self.unreview.setText(self.tr("Mark &unreviewed"))
        self.note.setText(self.tr("Decision and &note…"))
        self.next_pair.setText(self.tr("Ne&xt pair to decide"))
        self.previous_pair.setText(self.tr("Pre&vious pair to decide"))
        for action, tip in (
            (self.next_pair, self.tr("Open the next flagged pair without a decision (J)")),
            (self.previous_pair, self.tr("Open the previous flagged pair without a decision (K)")),
        ):
            action.setToolTip(tip)
            action.setStatusTip(tip)
        self.export_file.setText(self.tr("&Export decisions…"))
        self.exclude_passage.setText(self.tr("Leave out this &passage"))
        self.assignment_text.setText(self.tr("Treat this passage as the &assignment text"))
        self.short_matches.setText(self.tr("Leave out &short matches…"))
        self.include_all.setText(self.tr("Count everything &again"))
        self.exclude_passage.setToolTip(
            self.tr("Leave the passage shown out of its pair's similarity (E)")
        )
        self.assignment_text.setToolTip(
            self.tr("Add the passage shown to the assignment text and judge every pair again (T)")
        )
        self.import_file.setText(self.tr("&Import decisions…"))
        # the decision bar's buttons: short
        self.confirm.setIconText(self.tr("Copying"))
        self.dismiss.setIconText(self.tr("Not copying"))
        self.unreview.setIconText(self.tr("Unreviewed"))
        self.note.setIconText(self.tr("Note…"))
        for action, tip in (
            (self.confirm, self.tr("The pair is copying (C)")),
            (self.dismiss, self.tr("The pair is not copying (D)")),
            (self.unreview, self.tr("Forget the decision on the pair (U)")),
            (self.note, self.tr("Choose the reason and write a note (N)")),
        ):
            action.setToolTip(tip)
            action.setStatusTip(tip)


def index_pair(index: QModelIndex) -> Pair | None:
    """The pair of a pairs-table row or a matrix cell (None off the pairs)."""
    if not index.isValid():
        return None
    pair = index.data(Role.DOC_PAIR)
    if not pair or pair[0] == pair[1]:
        return None
    return int(pair[0]), int(pair[1])


def exclusion_lines(result: ScanResult, a: int, b: int) -> list[str]:
    """What the teacher left out of the pair of documents ``a`` and ``b``, one phrase
    each (in the app's language): its passages, its documents as sources, the
    assignment text, short matches; who did it."""
    applied = result.exclusions
    if not isinstance(applied, Applied):
        return []
    mine = set(applied.of_pair(a, b))
    phrases = {
        ExclusionKind.PASSAGE: QCoreApplication.translate("ReviewActions", "the passage “{label}”"),
        ExclusionKind.SOURCE: QCoreApplication.translate("ReviewActions", "{label} as a source"),
        ExclusionKind.TEMPLATE: QCoreApplication.translate(
            "ReviewActions", "“{label}” as the assignment text"
        ),
        ExclusionKind.MIN_WORDS: QCoreApplication.translate(
            "ReviewActions", "matches under {label} words"
        ),
    }
    by = QCoreApplication.translate("ReviewActions", "(by {who})")
    out = []
    for e in applied.exclusions:
        if e.kind is ExclusionKind.PASSAGE and e not in mine:
            continue
        if e.kind is ExclusionKind.SOURCE and e not in mine:
            continue
        what = phrases[e.kind].format(label=e.label)
        if e.by:
            what += " " + by.format(who=e.by)
        out.append(what)
    return out
