"""One row per student of the class: highest similarity, with whom, flagged partners,
and the review state (see :mod:`simhash_core.review.standing`). Students are as many
as files at most (a class, not its pairs), so filtering is a plain Python filter."""

from __future__ import annotations

import time
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)

from app.background import BackgroundRunner
from app.doc_names import display_name
from app.later import turns
from app.metrics import percent
from app.models.pairs_model import report_word
from app.models.roles import Role
from simhash_core.review.standing import REVIEW_WORDS, Review, Standing, standings
from simhash_core.types import ScanResult

_Index = QModelIndex | QPersistentModelIndex


class StudentColumn(IntEnum):
    STUDENT = 0
    HIGHEST = 1
    PARTNER = 2
    FLAGGED = 3
    REVIEW = 4


# the review states in the order a teacher works through them
REVIEW_ORDER = {Review.TO_REVIEW: 0, Review.CONFIRMED: 1, Review.CLEARED: 2, Review.NO_FLAG: 3}


class StudentsModel(QAbstractTableModel):
    """The class's students and where each stands in the review."""

    ready = Signal()  # the rows of the result shown are in

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.result: ScanResult | None = None
        self.rows: list[Standing] = []
        # worked out in the background (a class of 5,000 with 25,000 pairs takes a few
        # hundred milliseconds): the window never waits
        self._runner = BackgroundRunner(self, name="plagcheck-students")
        self._runner.finished.connect(self._on_worked_out)
        self._runner.idle.connect(self._work_next)
        self._waiting: ScanResult | None = None
        # the order asked for (the header's), and whether the rows are in it
        self._order = (StudentColumn.HIGHEST, Qt.SortOrder.DescendingOrder)
        self._in_order = False

    def set_result(self, result: ScanResult | None) -> None:
        self.beginResetModel()
        self.result = result
        self.rows = []
        self.endResetModel()
        self._waiting = result
        if result is None:
            self.ready.emit()
        # once the window has painted and laid out the result (see MatrixModel)
        turns().add(("work-out-students", id(self)), self, self._work_next, last=True)

    def _work_next(self) -> None:
        result = self._waiting
        if result is None or self._runner.busy:
            return
        self._waiting = None
        order = self._order
        # ranked in the job too: sorting 5,000 students took 40 ms of the GUI's turn
        self._runner.start(
            lambda _progress: (result, ranked(standings(result), result, *order), order)
        )

    def _on_worked_out(
        self, made: tuple[ScanResult, list[Standing], tuple[StudentColumn, Qt.SortOrder]]
    ) -> None:
        result, rows, order = made
        if result is not self.result or self._waiting is not None:
            return  # another result (or a newer state) is on its way
        self.beginResetModel()
        self.rows = rows
        self._in_order = order == self._order
        self.endResetModel()
        self.ready.emit()

    def wait_until_ready(self, timeout: float = 30.0) -> None:
        """Block until the rows of the result shown are in (scripts and tests)."""
        deadline = time.monotonic() + timeout
        while self.result is not None and time.monotonic() < deadline:
            if not self.rows and (self._runner.busy or self._waiting is not None):
                self._runner.wait(50)
                QCoreApplication.processEvents()
            else:
                break

    def refresh(self, a: int = -1, b: int = -1) -> None:
        """Decisions changed (on documents ``a`` and ``b``; -1: any): those rows'
        review state again, in place."""
        if self.result is None:
            return
        if a < 0 or not self.rows:
            self._waiting = self.result  # all of them, in the background
            self._work_next()
            return
        fresh = {s.document: s for s in standings(self.result, only={a, b})}
        self._in_order = False  # (the review column's order may have changed)
        for k, s in enumerate(self.rows):
            if s.document in fresh:
                self.rows[k] = fresh[s.document]
                self.dataChanged.emit(self.index(k, 0), self.index(k, len(StudentColumn) - 1))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorted here, once per click (a proxy's comparisons asked Python for each
        key about 60,000 times for 5,000 students); nothing to do when the rows are
        in that order already (as the background job hands them over)."""
        if not 0 <= column < len(StudentColumn):
            return  # (-1: the proxy's "unsorted"; the rows keep their order)
        wanted = (StudentColumn(column), order)
        if wanted == self._order and self._in_order:
            return
        self._order = wanted
        if self.result is None:
            return
        self.layoutAboutToBeChanged.emit()
        self.rows = ranked(self.rows, self.result, *wanted)
        self._in_order = True
        self.layoutChanged.emit()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(StudentColumn)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                self.tr("Student"),
                self.tr("Highest"),
                self.tr("With"),
                self.tr("Flagged"),
                self.tr("Review"),
            )[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("The student, or the file where names don't say"),
                self.tr("The highest similarity with any other file"),
                self.tr("The file of that highest similarity"),
                self.tr("How many of the student's pairs are flagged"),
                self.tr("What is left to decide on the student's flagged pairs"),
            )[section]
        return None

    def review_text(self, s: Standing) -> str:
        if s.review is Review.TO_REVIEW:
            return self.tr("%n to review", "", s.to_review)
        return report_word(REVIEW_WORDS[s.review])

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.result is None:
            return None
        s = self.rows[index.row()]
        col = StudentColumn(index.column())
        docs = self.result.documents
        if role == Qt.ItemDataRole.DisplayRole:
            if col is StudentColumn.STUDENT:
                return display_name(docs[s.document])
            if col is StudentColumn.HIGHEST:
                return percent(s.highest)
            if col is StudentColumn.PARTNER:
                return display_name(docs[s.partner]) if s.partner is not None else ""
            if col is StudentColumn.FLAGGED:
                return str(len(s.flagged)) if s.flagged else ""
            return self.review_text(s)
        if role == Role.DOC_INDEX:
            return s.document
        if role == Role.DOC_PAIR:
            p = s.next_pair
            return (p.a, p.b) if p is not None else None
        if role == Qt.ItemDataRole.ToolTipRole and col is StudentColumn.STUDENT:
            return docs[s.document].path
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (
            StudentColumn.HIGHEST,
            StudentColumn.FLAGGED,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def sort_key(s: Standing, col: StudentColumn, result: ScanResult) -> Any:
    """What column ``col`` sorts ``s`` by."""
    docs = result.documents
    if col is StudentColumn.STUDENT:
        return display_name(docs[s.document]).lower()
    if col is StudentColumn.HIGHEST:
        return s.highest
    if col is StudentColumn.PARTNER:
        return display_name(docs[s.partner]).lower() if s.partner is not None else ""
    if col is StudentColumn.FLAGGED:
        return len(s.flagged)
    # the review: what is left to do first (most pairs to review first when descending)
    return (-REVIEW_ORDER[s.review], s.to_review)


def ranked(
    rows: list[Standing], result: ScanResult, col: StudentColumn, order: Qt.SortOrder
) -> list[Standing]:
    """``rows`` sorted by column ``col`` (each key computed once), equal keys by
    document; the whole order reversed when descending."""
    keys = [(sort_key(s, col, result), s.document) for s in rows]
    at = sorted(range(len(rows)), key=keys.__getitem__)
    if order == Qt.SortOrder.DescendingOrder:
        at.reverse()
    return [rows[k] for k in at]


class StudentsProxy(QSortFilterProxyModel):
    """Filtering by review state, a least highest similarity and a name; sorting is
    the model's own (:meth:`StudentsModel.sort`)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.review: Review | None = None  # None: every state
        self.at_least = 0.0
        self.text = ""

    def set_filter(self, review: Review | None, at_least: float, text: str) -> None:
        if not hasattr(self, "endFilterChange"):  # Qt before 6.10
            self.review, self.at_least, self.text = review, at_least, text.strip().lower()
            self.invalidateFilter()
            return
        self.beginFilterChange()
        self.review, self.at_least, self.text = review, at_least, text.strip().lower()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        model = self.sourceModel()
        if model is not None:
            model.sort(column, order)

    def filterAcceptsRow(self, row: int, parent: _Index) -> bool:
        model = self.sourceModel()
        if not isinstance(model, StudentsModel) or model.result is None:
            return True
        s = model.rows[row]
        if self.review is None and not self.at_least and not self.text:
            return True
        if self.review is not None and s.review is not self.review:
            return False
        if s.highest < self.at_least:
            return False
        if self.text:
            doc = model.result.documents[s.document]
            return self.text in f"{display_name(doc)}\n{doc.path}".lower()
        return True
