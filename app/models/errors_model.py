"""The Errors panel's table: unreadable files, skipped files and per-file warnings.

Every problem is one row (file, kind, problem, reason): a scan never stops or opens a
dialog for a bad file, it lists it here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from app.message_text import problem_label, text
from app.models.roles import Role
from app.theme import legible
from simhash_core.types import FileError, ScanResult

_Index = QModelIndex | QPersistentModelIndex


class Kind(Enum):
    ERROR = "error"  # could not be read: not in the matrix
    SKIPPED = "skipped"  # not a submission (wrong type, lock file, duplicate link...)
    WARNING = "warning"  # read, with a note (for example truncated)


class Column(IntEnum):
    FILE = 0
    KIND = 1
    PROBLEM = 2
    REASON = 3


@dataclass(frozen=True)
class ProblemRow:
    kind: Kind
    error: FileError


def problem_rows(result: ScanResult) -> list[ProblemRow]:
    """Errors first, then skipped files, then warnings, each sorted by path."""
    rows = [ProblemRow(Kind.ERROR, e) for e in sorted(result.errors, key=lambda e: e.path)]
    rows += [ProblemRow(Kind.SKIPPED, e) for e in sorted(result.skipped, key=lambda e: e.path)]
    for doc in sorted(result.documents, key=lambda d: d.path):
        for w in doc.warnings:
            rows.append(ProblemRow(Kind.WARNING, FileError(doc.path, "warning", w)))
    return rows


class ErrorsModel(QAbstractTableModel):
    """One row per problem file."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[ProblemRow] = []

    def set_result(self, result: ScanResult | None) -> None:
        self.beginResetModel()
        self.rows = problem_rows(result) if result is not None else []
        self.endResetModel()

    def count(self, kind: Kind) -> int:
        return sum(1 for r in self.rows if r.kind is kind)

    def retranslate(self) -> None:
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(Column) - 1)
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(Column) - 1))

    def kind_label(self, kind: Kind) -> str:
        return {
            Kind.ERROR: self.tr("Unreadable"),
            Kind.SKIPPED: self.tr("Skipped"),
            Kind.WARNING: self.tr("Warning"),
        }[kind]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(Column)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (
            {
                Column.FILE: self.tr("File"),
                Column.KIND: self.tr("Status"),
                Column.PROBLEM: self.tr("Problem"),
                Column.REASON: self.tr("Reason"),
            }.get(Column(section))
            if 0 <= section < len(Column)
            else None
        )

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        col = Column(index.column())
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return {
                Column.FILE: row.error.path,
                Column.KIND: self.kind_label(row.kind),
                Column.PROBLEM: problem_label(row.error.code),
                Column.REASON: text(row.error.reason),
            }[col]
        if role == Role.FILE_ERROR:
            return row.error
        if role == Qt.ItemDataRole.ForegroundRole and col == Column.KIND:
            colour = {Kind.ERROR: QColor(180, 30, 30), Kind.SKIPPED: QColor(110, 110, 110)}
            return QBrush(legible(colour.get(row.kind, QColor(150, 100, 0))))
        return None
