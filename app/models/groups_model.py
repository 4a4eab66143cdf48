"""The groups list as a lazy tree model: a row per group of near-duplicates, its members
under it. Nothing is made per row in advance: a row's texts, colours and tooltips are
worked out when the view first asks for them (what is on screen), and kept. A class of
100,000 with 5,000 groups opens at once; the view draws only the rows it shows.

Members from the archive of past submissions stand out: a "⌂ archived: <label>" badge
on the group and the member, purple italic names on a lavender row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from app.doc_names import ARCHIVE_BACKGROUND, ARCHIVE_COLOR
from app.message_text import source_long, source_short
from app.metrics import percent
from app.models.roles import Role
from app.theme import cell_colors
from simhash_core.types import Cluster, PairScore, ScanResult, ocr_confidence

_Index = QModelIndex | QPersistentModelIndex
translate = QCoreApplication.translate
SOURCE_COLOR = QColor(20, 110, 60)
TOP = 0  # internal id of a group row; a member row holds its group's row + 1
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def strongest_pair(
    result: ScanResult,
    cluster: Cluster,
    member: int | None = None,
    pairs: list[PairScore] | None = None,
) -> PairScore | None:
    """The most similar flagged pair inside ``cluster`` (involving ``member`` if given);
    ``pairs``: the pairs to look in (default: all of the result's)."""
    inside = set(cluster.members)
    best = None
    for p in result.pairs if pairs is None else pairs:
        if not (p.a in inside and p.b in inside and (member is None or member in (p.a, p.b))):
            continue
        if best is None or _stronger(p, best):
            best = p
    return best


def _stronger(p: PairScore, than: PairScore) -> bool:
    """Whether ``p`` comes before ``than`` as a group's pair: flagged first, then the
    more similar."""
    return (p.flagged, p.similarity) > (than.flagged, than.similarity)


def strongest_of_each(pairs: list[PairScore]) -> dict[int, PairScore]:
    """Each file's most similar pair among ``pairs`` (flagged ones first), by document
    index, in one pass: what :func:`strongest_pair` gives for every member of a group,
    given the group's pairs (asking it member by member went through the group's pairs
    once per member, two thirds of the time to make a group's rows).

    >>> weak = PairScore(0, 1, 0.9, 2, 0.8, 0.8, 0.8, flagged=False)
    >>> strong = PairScore(1, 2, 0.5, 9, 0.4, 0.4, 0.4, flagged=True)
    >>> best = strongest_of_each([weak, strong])
    >>> {m: p.similarity for m, p in sorted(best.items())}
    {0: 0.9, 1: 0.5, 2: 0.5}
    """
    best: dict[int, PairScore] = {}
    for p in pairs:
        for m in (p.a, p.b):
            held = best.get(m)
            if held is None or _stronger(p, held):
                best[m] = p
    return best


def pairs_by_group(result: ScanResult) -> dict[int, list[PairScore]]:
    """The pairs inside each group, by group id, in one pass over the pairs (looking
    through every pair for each member took 18 s for 5,000 groups of a class of
    100,000)."""
    index = GroupPairs(result)
    return {c.id: index.get(c.id) for c in result.clusters if index.get(c.id)}


class GroupPairs:
    """The pairs inside each group, looked up by group id: the pairs are sorted by
    group once (numpy), and a group's list is made when it is asked for. Making every
    group's list when the first group was shown took 50 ms at 25,000 pairs."""

    def __init__(self, result: ScanResult) -> None:
        self.pairs = result.pairs
        group_of = np.full(len(result.documents), -1, dtype=np.int64)
        for c in result.clusters:
            group_of[list(c.members)] = c.id
        a = np.array([p.a for p in self.pairs], dtype=np.int64)
        b = np.array([p.b for p in self.pairs], dtype=np.int64)
        ga, gb = group_of[a], group_of[b]
        inside = np.flatnonzero((ga >= 0) & (ga == gb))
        self._order = inside[np.argsort(ga[inside], kind="stable")]  # result order kept
        self._groups = ga[self._order]

    def get(self, cluster_id: int) -> list[PairScore]:
        """The pairs between members of group ``cluster_id``, in the result's order."""
        lo, hi = np.searchsorted(self._groups, [cluster_id, cluster_id + 1]).tolist()
        return [self.pairs[k] for k in self._order[lo:hi].tolist()]


@dataclass
class _Cell:
    text: str = ""
    tip: str = ""
    color: QColor | None = None
    background: QColor | None = None
    bold: bool = False
    italic: bool = False


@dataclass
class _Member:
    index: int  # document index
    cells: tuple[_Cell, _Cell, _Cell]
    archive_label: str | None = None


@dataclass
class _Group:
    cluster: Cluster
    cells: tuple[_Cell, _Cell, _Cell]
    archived: bool
    members: list[_Member] = field(default_factory=list)


class GroupsModel(QAbstractItemModel):
    """Groups and their members, each row made when it is first shown."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.result: ScanResult | None = None
        self._clusters: list[Cluster] = []
        self._rows: list[int] = []  # the groups shown (all, or those the filter finds)
        self._filter = ""
        self._inside: GroupPairs | None = None
        self._groups: dict[int, _Group] = {}  # by position in ``_clusters``

    def set_result(self, result: ScanResult | None) -> None:
        self.beginResetModel()
        self.result = result
        self._clusters = list(result.clusters) if result is not None else []
        self._rows = self._matching(self._filter)
        self._inside = None
        self._groups = {}
        self.endResetModel()

    def set_filter(self, text: str) -> None:
        """Show only the groups with a member whose name, path or student matches
        ``text`` (case-insensitive; empty: every group)."""
        text = text.strip().casefold()
        if text == self._filter:
            return
        self.beginResetModel()
        self._filter = text
        self._rows = self._matching(text)
        self.endResetModel()

    def _matching(self, text: str) -> list[int]:
        if not text or self.result is None:
            return list(range(len(self._clusters)))
        docs = self.result.documents
        found = []
        for i, cluster in enumerate(self._clusters):
            for m in cluster.members:
                doc = docs[m]
                if text in doc.path.casefold() or text in doc.label.casefold():
                    found.append(i)
                    break
        return found

    def retranslate(self) -> None:
        """Make the rows again in the current language."""
        self.set_result(self.result)

    def cluster_at(self, row: int) -> Cluster:
        return self._clusters[self._rows[row]]

    def pairs_inside(self, cluster_id: int) -> list[PairScore]:
        """The pairs between members of the group ``cluster_id``."""
        if self._inside is None:
            if self.result is None:
                return []
            self._inside = GroupPairs(self.result)
        return self._inside.get(cluster_id)

    def row_of_cluster(self, cluster_id: int) -> int | None:
        """The row of group ``cluster_id`` (None when the filter hides it)."""
        return next(
            (r for r, i in enumerate(self._rows) if self._clusters[i].id == cluster_id), None
        )

    # --- rows, made on demand ---------------------------------------------------------
    def _group(self, row: int) -> _Group:
        at = self._rows[row]
        group = self._groups.get(at)
        if group is None:
            group = self._groups[at] = self._make_group(self._clusters[at])
        return group

    def _make_group(self, cluster: Cluster) -> _Group:
        result = self.result
        assert result is not None
        docs = result.documents
        lead = docs[cluster.lead]
        text = translate("GroupsPanel", "Group {id} · {count} files").format(
            id=cluster.id, count=len(cluster.members)
        )
        labels = sorted({docs[m].archive_label for m in cluster.members if docs[m].archive_label})
        tip = text
        if labels:
            # short in the row (the ⌂ mark says archived), in full in the tooltip
            text += " · ⌂ " + ", ".join(labels)
            tip += "\n" + translate("GroupsPanel", "⌂ archived: {label}").format(
                label=", ".join(labels)
            )
        title = _Cell(text, tip, bold=True)
        best = _Cell(percent(cluster.max_similarity))
        why = source_short(cluster.source_reason)
        if cluster.likely_source is not None:
            # an archived file without a student: its name (its path repeats the label)
            shown = lead.name if lead.archive_label and lead.student is None else lead.label
            src = _Cell(
                f"{shown} · {why}",
                translate("GroupsPanel", "Source: {path}\nWhy: {reason}").format(
                    path=lead.path, reason=source_long(cluster.source_reason)
                ),
                ARCHIVE_COLOR if lead.archive_label else SOURCE_COLOR,
            )
        elif cluster.compiler is not None:
            src = _Cell(f"{lead.label} · {why}", source_long(cluster.source_reason))
        else:  # nothing shows who copied from whom: say so, guess nothing
            src = _Cell(
                why,
                translate(
                    "GroupsPanel",
                    "Nothing in the files shows who copied from whom: no archived work of an "
                    "earlier term, and no member built from passages of the others.",
                ),
            )
        group = _Group(cluster, (title, best, src), bool(labels))
        strongest = strongest_of_each(self.pairs_inside(cluster.id))
        others = sorted(
            (m for m in cluster.members if m != cluster.lead), key=lambda m: docs[m].path
        )
        for m in [cluster.lead, *others]:
            group.members.append(self._make_member(result, cluster, m, strongest.get(m)))
        return group

    def _make_member(
        self, result: ScanResult, cluster: Cluster, m: int, pair: PairScore | None
    ) -> _Member:
        doc = result.documents[m]
        # an archived file by its name: its display path only repeats the label
        name = _Cell(
            f"⌂ {doc.label}" if doc.archive_label else doc.label,
            translate("GroupsPanel", "{path}\nArchived: {label}").format(
                path=doc.path, label=doc.archive_label
            )
            if doc.archive_label
            else doc.path,
        )
        sim = _Cell(percent(pair.similarity) if pair else "")
        note = _Cell()
        notes = []
        if m == cluster.likely_source:
            notes.append(translate("GroupsPanel", "source"))
            name.color = SOURCE_COLOR
        elif m == cluster.compiler:
            notes.append(translate("GroupsPanel", "built from the others"))
        if doc.archive_label:
            notes.append(
                translate("GroupsPanel", "⌂ archived: {label}").format(label=doc.archive_label)
            )
            name.color = note.color = ARCHIVE_COLOR
            name.italic = True
            for cell in (name, sim, note):
                cell.background = ARCHIVE_BACKGROUND
        confidence = ocr_confidence(doc.ocr)
        if confidence is not None:
            # read by OCR: the teacher checks its text against the scan
            notes.append(
                translate("GroupsPanel", "read by OCR, {confidence} sure").format(
                    confidence=f"{confidence:.0%}"
                )
            )
        note.text = note.tip = " · ".join(notes)
        return _Member(m, (name, sim, note), doc.archive_label)

    # --- Qt model interface ----------------------------------------------------------
    def index(self, row: int, column: int, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        # bounds checked here, not with hasIndex (which asks rowCount and columnCount
        # again): expanding 500 groups asks for thousands of indexes
        if column < 0 or column >= 3 or row < 0:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, TOP) if row < len(self._rows) else QModelIndex()
        if parent.internalId() != TOP or parent.column() != 0:
            return QModelIndex()
        if row >= len(self.cluster_at(parent.row()).members):
            return QModelIndex()
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: _Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == TOP:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, TOP)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._rows)
        if parent.internalId() == TOP and parent.column() == 0:
            return len(self.cluster_at(parent.row()).members)
        return 0

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 3

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (
                translate("GroupsPanel", "Group / file"),
                translate("GroupsPanel", "Max similarity"),
                translate("GroupsPanel", "Who copied"),
            )[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        top = index.internalId() == TOP
        group = self._group(index.row() if top else index.internalId() - 1)
        member = None if top else group.members[index.row()]
        cell = (group.cells if member is None else member.cells)[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return cell.text
        if role == Qt.ItemDataRole.ToolTipRole:
            return cell.tip or None
        if role in (Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.BackgroundRole):
            # for the palette shown: a tint comes with a text colour that reads on it
            background, foreground = cell_colors(cell.background, cell.color)
            color = background if role == Qt.ItemDataRole.BackgroundRole else foreground
            return QBrush(color) if color is not None else None
        if role == Qt.ItemDataRole.FontRole and (cell.bold or cell.italic):
            font = QFont()
            font.setBold(cell.bold)
            font.setItalic(cell.italic)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 1:
            return int(RIGHT)
        if role == Role.CLUSTER_ID:
            return group.cluster.id
        if role == Role.DOC_INDEX:
            return None if member is None else member.index
        if role == Role.ARCHIVED:
            if member is None:
                return group.archived if index.column() == 0 else None
            return True if member.archive_label else None
        if role == Role.ARCHIVE_LABEL:
            return None if member is None else member.archive_label
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
