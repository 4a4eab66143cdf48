"""The pairs table: every reported pair, flagged ones first, with every score.

A pair with a document from the archive of past submissions names its label in the
Archive column; the archived file's name is marked "⌂" and drawn in the archive colour.

:class:`PairsProxy` sorts and filters (file name text, flagged only); the CSV export
writes exactly the pairs the proxy shows, in its order.
"""

from __future__ import annotations

import weakref
from enum import IntEnum
from operator import attrgetter
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QRegularExpression,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from app.doc_names import ARCHIVE_COLOR
from app.message_text import joined, text
from app.metrics import percent
from app.models.roles import Role
from app.theme import cell_colors
from simhash_core.report.pair_fields import FIELD, FieldKind
from simhash_core.review.decisions import (
    REASON_WORDS,
    STATE_WORDS,
    Reason,
    Verdict,
    decision_of,
)
from simhash_core.types import PairScore, ScanResult

_Index = QModelIndex | QPersistentModelIndex
translate = QCoreApplication.translate
FLAGGED_BACKGROUND = QColor(255, 236, 229)


class Column(IntEnum):
    GROUP = 0
    STUDENT_A = 1  # shown when the folder or file names name students
    STUDENT_B = 2
    FILE_A = 3
    FILE_B = 4
    ARCHIVE = 5
    SIMILARITY = 6
    DECISION = 7  # the teacher's review, marked ✔ ✖ ⚠: shown always
    FLAGGED = 8
    WHY = 9  # shown when a decision of the scan has one
    NOTE = 10
    DISTANCE = 11
    JACCARD = 12
    CONTAINMENT_A = 13
    CONTAINMENT_B = 14
    MATCHED_CHARS = 15
    PASSAGES = 16
    SHARE_A = 17
    SHARE_B = 18
    REWORDED = 19
    TRANSLATED = 20
    MEANING_SHARE = 21
    REASONS = 22
    DIRECTION = 23
    OCR_A = 24  # shown when a file of the scan was read by OCR
    OCR_B = 25
    DECIDED_BY = 26  # in the Decision's tooltip; hidden
    DECIDED_AT = 27


# The field of the pair reports each column shows (simhash_core.report.pair_fields): the
# table's own order, the reports' definitions.
COLUMN_FIELDS: dict[Column, str] = {
    Column.GROUP: "group",
    Column.STUDENT_A: "student_a",
    Column.STUDENT_B: "student_b",
    Column.FILE_A: "file_a",
    Column.FILE_B: "file_b",
    Column.ARCHIVE: "archive_label",
    Column.SIMILARITY: "similarity",
    Column.FLAGGED: "flagged",
    Column.DECISION: "decision",
    Column.WHY: "decision_reason",
    Column.NOTE: "decision_note",
    Column.DECIDED_BY: "decided_by",
    Column.DECIDED_AT: "decided_at",
    Column.DISTANCE: "simhash_distance",
    Column.JACCARD: "jaccard",
    Column.CONTAINMENT_A: "containment_a",
    Column.CONTAINMENT_B: "containment_b",
    Column.MATCHED_CHARS: "matched_chars",
    Column.PASSAGES: "passages",
    Column.SHARE_A: "share_a",
    Column.SHARE_B: "share_b",
    Column.REWORDED: "reworded_sentences",
    Column.TRANSLATED: "translated_sentences",
    Column.MEANING_SHARE: "meaning_share",
    Column.REASONS: "reasons",
    Column.DIRECTION: "direction",
    Column.OCR_A: "ocr_a",
    Column.OCR_B: "ocr_b",
}


# numeric columns whose values are much shorter than their names
NARROW_COLUMNS = frozenset(
    {
        Column.SIMILARITY,
        Column.DISTANCE,
        Column.MATCHED_CHARS,
        Column.SHARE_A,
        Column.SHARE_B,
        Column.REWORDED,
        Column.TRANSLATED,
    }
)


def two_lines(text: str) -> str:
    r"""``text`` broken at the space nearest its middle, unless that leaves a part of
    fewer than two characters (or there is no space).

    >>> two_lines("SimHash distance"), two_lines("Share of A"), two_lines("A 的占比")
    ('SimHash\ndistance', 'Share\nof A', 'A 的占比')
    """
    spaces = [i for i, ch in enumerate(text) if ch == " " and 2 <= i <= len(text) - 3]
    if not spaces:
        return text
    middle = len(text) / 2
    cut = min(spaces, key=lambda i: abs(i - middle))
    return text[:cut] + "\n" + text[cut + 1 :]


def ranked_pairs(pairs: list[PairScore]) -> list[PairScore]:
    """Flagged pairs first, then by similarity (highest first), then SimHash distance,
    then the documents' order.

    Sorted one key at a time, the last key first (Python's sort is stable, and stays
    so reversed): five passes on a field each take a third of the time of one pass on
    a tuple made per pair (25,000 pairs, on the GUI thread).

    >>> ps = [PairScore(0, 1, 0.5, 3, 0.2, 0.3, 0.3), PairScore(0, 2, 0.9, 3, 0.2, 0.3, 0.3),
    ...       PairScore(1, 2, 0.5, 1, 0.2, 0.3, 0.3, flagged=True)]
    >>> [(p.a, p.b) for p in ranked_pairs(ps)]
    [(1, 2), (0, 2), (0, 1)]
    """
    out = sorted(pairs, key=attrgetter("b"))
    out.sort(key=attrgetter("a"))
    out.sort(key=attrgetter("simhash_distance"))
    out.sort(key=attrgetter("similarity"), reverse=True)
    out.sort(key=attrgetter("flagged"), reverse=True)
    return out


_ranked_ahead: tuple[weakref.ref[ScanResult], list[PairScore]] | None = None


def rank_ahead(result: ScanResult) -> None:
    """Rank ``result``'s pairs now, off the GUI thread (the scan thread, as it hands the
    result over): the table then shows them without sorting 25,000 pairs on the GUI
    thread (30-80 ms). Kept for the latest result only."""
    global _ranked_ahead
    _ranked_ahead = (weakref.ref(result), ranked_pairs(list(result.pairs)))


def _ranked(result: ScanResult) -> list[PairScore]:
    """``result``'s pairs ranked: as :func:`rank_ahead` made them, else now."""
    ahead = _ranked_ahead
    if ahead is not None and ahead[0]() is result and len(ahead[1]) == len(result.pairs):
        return list(ahead[1])
    return ranked_pairs(list(result.pairs))


class PairsModel(QAbstractTableModel):
    """One row per reported pair of the scan result."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.result: ScanResult | None = None
        self.pairs: list[PairScore] = []

    def set_result(self, result: ScanResult | None) -> None:
        self.beginResetModel()
        self.result = result
        self.pairs = _ranked(result) if result is not None else []
        self.endResetModel()

    def retranslate(self) -> None:
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(Column) - 1)
        if self.pairs:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self.pairs) - 1, len(Column) - 1)
            )

    def headers(self) -> dict[Column, str]:
        """Each column's title: the pair field's own, in the UI language (the CSV's
        header row says the same, see simhash_core.report.pair_fields)."""
        return {c: translate("PairField", FIELD[key].header) for c, key in COLUMN_FIELDS.items()}

    def header_tips(self) -> dict[Column, str]:
        """What each column means (the header's tooltips)."""
        return {c: translate("PairField", FIELD[key].tip) for c, key in COLUMN_FIELDS.items()}

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.pairs)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(Column)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(Column):
            if role == Qt.ItemDataRole.DisplayRole:
                text = self.headers()[Column(section)]
                # a long name over a column of short numbers: on two lines
                return two_lines(text) if section in NARROW_COLUMNS else text
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.header_tips()[Column(section)]
            return None
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return str(section + 1)
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.result is None:
            return None
        p = self.pairs[index.row()]
        col = _COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(p, col)
        if role == Role.SORT:
            return self._sort_key(p, col)
        if role == Role.PAIR_SCORE:
            return p
        if role == Role.DOC_PAIR:
            return p.a, p.b
        if role == Role.FLAGGED:
            return p.flagged
        if role == Role.FILTER_TEXT:
            docs = self.result.documents
            return f"{'F' if p.flagged else 'N'}\n{docs[p.a].path}\n{docs[p.b].path}"
        if role == Role.ARCHIVED:
            return bool(self.archive_label(p))
        if role == Role.ARCHIVE_LABEL:
            return self.archive_label(p)
        if role in (Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.BackgroundRole):
            # a flagged row's tint always comes with a text colour that reads on it
            background, foreground = cell_colors(
                FLAGGED_BACKGROUND if p.flagged else None,
                ARCHIVE_COLOR if self._archived_cell(p, col) else None,
            )
            color = background if role == Qt.ItemDataRole.BackgroundRole else foreground
            return QBrush(color) if color is not None else None
        if role == Qt.ItemDataRole.FontRole and _bold(p, col):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in (
            Column.STUDENT_A,
            Column.STUDENT_B,
            Column.FILE_A,
            Column.FILE_B,
            Column.ARCHIVE,
            Column.REASONS,
            Column.DIRECTION,
            Column.DECISION,
            Column.WHY,
            Column.NOTE,
            Column.DECIDED_BY,
            Column.DECIDED_AT,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and col == Column.REASONS:
            return "\n".join(text(r) for r in p.reasons)
        if role == Qt.ItemDataRole.ToolTipRole and col in (Column.DECISION, Column.NOTE):
            return self.decision_tip(p)
        if role == Qt.ItemDataRole.ToolTipRole and col == Column.ARCHIVE:
            return self.archive_label(p)
        if role == Qt.ItemDataRole.ToolTipRole and col in (Column.FILE_A, Column.FILE_B):
            doc = self.result.documents[p.a if col == Column.FILE_A else p.b]
            if doc.archive_label:
                return self.tr("{path}\nArchived: {label}").format(
                    path=doc.path, label=doc.archive_label
                )
            return doc.path
        return None

    def shown(self, row: int, col: Column) -> tuple[str, bool]:
        """The text of row ``row`` in column ``col``, and whether it is drawn bold:
        what the columns are fitted to, asked in Python (asked of the view, a cell
        at a time, each question waited for the interpreter's lock)."""
        p = self.pairs[row]
        return self._display(p, col) or "", _bold(p, col)

    def decisions_changed(self) -> None:
        """A decision changed: the decision columns of every row are read again."""
        if self.pairs:
            first, last = min(DECISION_COLUMNS), max(DECISION_COLUMNS)
            self.dataChanged.emit(self.index(0, first), self.index(len(self.pairs) - 1, last))
            self.dataChanged.emit(
                self.index(0, Column.DECIDED_BY), self.index(len(self.pairs) - 1, Column.DECIDED_AT)
            )

    def decision_tip(self, p: PairScore) -> str | None:
        """Who decided on the pair, when, and their note (None: nothing decided)."""
        if self.result is None:
            return None
        found = decision_of(self.result, p.a, p.b)
        if found is None:
            return None
        d = found.decision
        lines = [report_word(STATE_WORDS[found.state])]
        if found.outdated:
            lines.append(
                self.tr("Decided before as: {verdict}").format(
                    verdict=report_word(STATE_WORDS[d.verdict.value])
                )
            )
        if d.by or d.at:
            lines.append(self.tr("by {who}, {when}").format(who=d.by or "?", when=d.when or "?"))
        if d.note:
            lines.append(d.note)
        return "\n".join(lines)

    def archive_label(self, p: PairScore) -> str | None:
        """The label of the pair's archived document (``None`` for two new files)."""
        if self.result is None:
            return None
        docs = self.result.documents
        return docs[p.b].archive_label or docs[p.a].archive_label

    def _archived_cell(self, p: PairScore, col: Column) -> bool:
        if self.result is None:
            return False
        if col == Column.ARCHIVE:
            return True
        if col in (Column.FILE_A, Column.FILE_B):
            return bool(self.result.documents[p.a if col == Column.FILE_A else p.b].archive_label)
        return False

    def _display(self, p: PairScore, col: Column) -> str:
        docs = self.result.documents if self.result else []
        if col == Column.GROUP:
            return "" if p.group is None else str(p.group)
        if col in (Column.FILE_A, Column.FILE_B):
            doc = docs[p.a if col == Column.FILE_A else p.b]
            # an archived file by its name: its path only repeats the Archive column; a
            # student's file too: the Student columns name them (the tooltip has the path)
            if doc.archive_label:
                return f"⌂ {doc.name}"
            return doc.file_names if doc.student is not None else doc.path
        field = FIELD[COLUMN_FIELDS[col]]
        value = field.value(self.result, p)
        if field.kind is FieldKind.LABEL:
            return value or ""
        if field.kind is FieldKind.FLAG:
            return self.tr("yes") if value else ""
        if field.kind is FieldKind.REASONS:
            return joined(value)
        if field.kind is FieldKind.COUNT:
            return str(value)
        if field.kind is FieldKind.DECISION:
            if value == Verdict.UNREVIEWED.value:
                return ""
            return f"{DECISION_MARKS[value]} {report_word(STATE_WORDS[value])}"
        if field.kind is FieldKind.WHY:
            return "" if value is None else report_word(REASON_WORDS[Reason(value)])
        if field.kind is FieldKind.TEXT:
            return str(value)
        if field.kind is FieldKind.OCR:
            return (
                ""
                if value is None
                else self.tr("OCR {confidence}").format(confidence=percent(value))
            )
        return percent(float(value))

    def _sort_key(self, p: PairScore, col: Column) -> Any:
        if col in (Column.FILE_A, Column.FILE_B):
            return p.a if col == Column.FILE_A else p.b  # the class's order of paths
        field = FIELD[COLUMN_FIELDS[col]]
        value = field.value(self.result, p)
        if field.kind is FieldKind.GROUP:
            return value if value is not None else 1 << 30  # ungrouped pairs last
        if field.kind is FieldKind.LABEL:
            return value or ""
        if field.kind is FieldKind.FLAG:
            return int(value)
        if field.kind is FieldKind.REASONS:
            return len(value)
        if field.kind is FieldKind.OCR:
            return -1.0 if value is None else value
        if field.kind is FieldKind.DECISION:
            return REVIEW_ORDER[value]
        if field.kind is FieldKind.WHY:
            return value or ""
        return value


_COLUMNS = tuple(Column)
DECISION_COLUMNS = (Column.DECISION, Column.WHY, Column.NOTE)
# a decision at a glance, before its words
DECISION_MARKS = {"confirmed": "✔", "dismissed": "✖", "outdated": "⚠"}
# sorting by decision: what is left to review first, then outdated, confirmed, dismissed
REVIEW_ORDER = {"unreviewed": 0, "outdated": 1, "confirmed": 2, "dismissed": 3}


def report_word(word: str) -> str:
    """A word of the core's reports (simhash_core.translations.REPORT_WORDS) in the
    app's language."""
    return translate("Report", word)


def filter_pattern(text: str, *, flagged_only: bool) -> QRegularExpression:
    r"""What :data:`Role.FILTER_TEXT` must match: flagged (``F``) if asked, and a path
    (one line of it) holding ``text``, case-insensitively; empty: every pair.

    >>> pattern = filter_pattern("s0.TXT", flagged_only=True)
    >>> [bool(pattern.match(key).hasMatch()) for key in ("F\nx/s0.txt\ny", "N\nx/s0.txt\ny",
    ...     "F\nx\nS0.txt", "F\ns0\n.txt", "F\nx\ns01txt")]
    [True, False, True, False, False]
    >>> filter_pattern("", flagged_only=False).pattern()
    ''
    """
    if not text and not flagged_only:
        return QRegularExpression()
    flag = "^F" if flagged_only else "^[FN]"
    within = "\\n(?:[^\\n]*\\n)?[^\\n]*" + QRegularExpression.escape(text) if text else ""
    return QRegularExpression(flag + within, QRegularExpression.PatternOption.CaseInsensitiveOption)


def _bold(p: PairScore, col: Column) -> bool:
    """A flagged pair's file names are bold."""
    return p.flagged and col in (Column.FILE_A, Column.FILE_B)


class PairsProxy(QSortFilterProxyModel):
    """Sorting by the numeric :data:`Role.SORT` and filtering by name / flagged.

    The filter is Qt's own, on :data:`Role.FILTER_TEXT`: with no filter set, showing a
    result asks nothing per pair (a Python ``filterAcceptsRow`` was called for each of
    25,000 pairs whenever a result was shown)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(Role.SORT)
        self.setFilterRole(Role.FILTER_TEXT)
        self.setFilterKeyColumn(0)
        self._text = ""
        self._flagged_only = False

    def set_text_filter(self, text: str) -> None:
        self._text = text.strip().lower()
        self._apply_filter()

    def set_flagged_only(self, on: bool) -> None:
        self._flagged_only = on
        self._apply_filter()

    def _apply_filter(self) -> None:
        """Rows whose first line is "F" (flagged only) and one of whose paths holds
        the text, case-insensitively (see :func:`filter_pattern`)."""
        self.setFilterRegularExpression(filter_pattern(self._text, flagged_only=self._flagged_only))

    def lessThan(self, left: _Index, right: _Index) -> bool:
        a, b = left.data(Role.SORT), right.data(Role.SORT)
        if left.column() in (Column.FILE_A, Column.FILE_B):
            model = self.sourceModel()
            if isinstance(model, PairsModel) and model.result is not None:
                a, b = model.result.documents[a].path, model.result.documents[b].path
        return a < b

    def visible_pairs(self) -> list[PairScore]:
        """The pairs shown, in the order shown (what the CSV export writes)."""
        return [self.index(r, 0).data(Role.PAIR_SCORE) for r in range(self.rowCount())]
