"""The near-duplicate groups list: each cluster with its members, its largest
similarity and who copied from whom, where the evidence shows it (else "direction
unknown"). Selecting a group highlights it in the matrix; double-clicking a group (or
a member) opens its strongest pair.

Members from the archive of past submissions stand out: a "⌂ archived: <label>"
badge on the group and the member, purple italic names on a lavender row."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelection, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QResizeEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from app.doc_names import ARCHIVE_BACKGROUND, ARCHIVE_COLOR
from app.message_text import source_long, source_short
from app.metrics import percent
from app.models.roles import Role
from simhash_core.types import Cluster, PairScore, ScanResult, ocr_confidence

SOURCE_COLOR = QColor(20, 110, 60)


def strongest_pair(
    result: ScanResult, cluster: Cluster, member: int | None = None
) -> PairScore | None:
    """The most similar flagged pair inside ``cluster`` (involving ``member`` if given)."""
    inside = set(cluster.members)
    best = None
    for p in result.pairs:
        if not (p.a in inside and p.b in inside and (member is None or member in (p.a, p.b))):
            continue
        if best is None or (p.flagged, p.similarity) > (best.flagged, best.similarity):
            best = p
    return best


class GroupsPanel(QWidget):
    """Tree of groups and members."""

    clusterSelected = Signal(object)  # int cluster id, or None
    pairActivated = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: ScanResult | None = None
        self.model = QStandardItemModel(self)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.header().setStretchLastSection(True)
        self.tree.selectionModel().selectionChanged.connect(self._on_selection)
        self.tree.doubleClicked.connect(self._on_double_click)
        self.empty_label = QLabel()
        self.empty_label.setWordWrap(True)
        self.empty_label.setStyleSheet("color: #666;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.tree, 1)
        self.retranslate_ui()

    # --- content ---------------------------------------------------------------------
    def set_result(self, result: ScanResult | None) -> None:
        self.result = result
        self._rebuild()

    def _rebuild(self) -> None:
        selected = self.selected_cluster()
        self.model.removeRows(0, self.model.rowCount())
        self.model.setHorizontalHeaderLabels(
            [self.tr("Group / file"), self.tr("Max similarity"), self.tr("Who copied")]
        )
        result = self.result
        clusters = result.clusters if result is not None else []
        for cluster in clusters:
            self.model.appendRow(self._cluster_row(result, cluster))
        self.tree.expandAll()
        self.fit_columns()
        if selected is not None:
            self.select_cluster(selected)
        self._update_empty_label()

    def fit_columns(self) -> None:
        """Share the width so every group's likely source is readable.

        The names column gets what its texts need unless that would squeeze the likely
        sources of the groups (the last column, which takes the rest): then the names
        are elided (their tooltips have them in full) and the sources keep their width.
        """
        header = self.tree.header()
        for col in (0, 1):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        if not self.model.rowCount():
            return
        fm = self.tree.fontMetrics()
        pad = 2 * self.tree.style().pixelMetric(self.tree.style().PixelMetric.PM_FocusFrameHMargin)
        pad += 12
        similarity = max(header.sectionSizeHint(1), self.tree.sizeHintForColumn(1))
        sources = max(
            fm.horizontalAdvance(self.model.index(r, 2).data() or "")
            for r in range(self.model.rowCount())
        )
        sources = max(sources + pad, header.sectionSizeHint(2))
        names = max(self.tree.sizeHintForColumn(0), header.sectionSizeHint(0))
        width = self.tree.viewport().width()
        if names + similarity + sources > width:
            names = max(width - similarity - sources, min(names, width * 2 // 5))
        self.tree.setColumnWidth(0, names)
        self.tree.setColumnWidth(1, similarity)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def _cluster_row(self, result: ScanResult, cluster: Cluster) -> list[QStandardItem]:
        docs = result.documents
        lead = docs[cluster.lead]
        text = self.tr("Group {id} · {count} files").format(
            id=cluster.id, count=len(cluster.members)
        )
        labels = sorted({docs[m].archive_label for m in cluster.members if docs[m].archive_label})
        tip = text
        if labels:
            # short in the row (the ⌂ mark says archived), in full in the tooltip
            text += " · ⌂ " + ", ".join(labels)
            tip += "\n" + self.tr("⌂ archived: {label}").format(label=", ".join(labels))
        title = QStandardItem(text)
        title.setToolTip(tip)
        bold = QFont()
        bold.setBold(True)
        title.setFont(bold)
        title.setData(cluster.id, Role.CLUSTER_ID)
        title.setData(bool(labels), Role.ARCHIVED)
        best = QStandardItem(percent(cluster.max_similarity))
        best.setData(cluster.id, Role.CLUSTER_ID)
        best.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        why = source_short(cluster.source_reason)
        if cluster.likely_source is not None:
            # the label is in the group's title and the tooltip: the column stays short
            # an archived file without a student: its name (its path repeats the label)
            shown = lead.name if lead.archive_label and lead.student is None else lead.label
            src = QStandardItem(f"{shown} · {why}")
            tip = self.tr("Source: {path}\nWhy: {reason}").format(
                path=lead.path, reason=source_long(cluster.source_reason)
            )
            src.setForeground(QBrush(ARCHIVE_COLOR if lead.archive_label else SOURCE_COLOR))
        elif cluster.compiler is not None:
            src = QStandardItem(f"{lead.label} · {why}")
            tip = source_long(cluster.source_reason)
        else:  # nothing shows who copied from whom: say so, guess nothing
            src = QStandardItem(why)
            tip = self.tr(
                "Nothing in the files shows who copied from whom: no archived work of an "
                "earlier term, and no member built from passages of the others."
            )
        src.setData(cluster.id, Role.CLUSTER_ID)
        src.setToolTip(tip)
        others = sorted(
            (m for m in cluster.members if m != cluster.lead), key=lambda m: docs[m].path
        )
        ordered = [cluster.lead, *others]
        for m in ordered:
            doc = docs[m]
            # an archived file by its name: its display path only repeats the label
            name = QStandardItem(f"⌂ {doc.label}" if doc.archive_label else doc.label)
            name.setToolTip(
                self.tr("{path}\nArchived: {label}").format(path=doc.path, label=doc.archive_label)
                if doc.archive_label
                else doc.path
            )
            name.setData(m, Role.DOC_INDEX)
            name.setData(cluster.id, Role.CLUSTER_ID)
            pair = strongest_pair(result, cluster, m)
            sim = QStandardItem(percent(pair.similarity) if pair else "")
            sim.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            sim.setData(m, Role.DOC_INDEX)
            sim.setData(cluster.id, Role.CLUSTER_ID)
            note = QStandardItem()
            note.setData(m, Role.DOC_INDEX)
            note.setData(cluster.id, Role.CLUSTER_ID)
            notes = []
            if m == cluster.likely_source:
                notes.append(self.tr("source"))
                name.setForeground(QBrush(SOURCE_COLOR))
            elif m == cluster.compiler:
                notes.append(self.tr("built from the others"))
            if doc.archive_label:
                notes.append(self.tr("⌂ archived: {label}").format(label=doc.archive_label))
                name.setForeground(QBrush(ARCHIVE_COLOR))
                italic = QFont()
                italic.setItalic(True)
                name.setFont(italic)
                note.setForeground(QBrush(ARCHIVE_COLOR))
                for item in (name, sim, note):
                    item.setBackground(QBrush(ARCHIVE_BACKGROUND))
                    item.setData(True, Role.ARCHIVED)
                    item.setData(doc.archive_label, Role.ARCHIVE_LABEL)
            confidence = ocr_confidence(doc.ocr)
            if confidence is not None:
                # read by OCR: the teacher checks its text against the scan
                notes.append(self.tr("read by OCR, {confidence} sure").format(
                    confidence=f"{confidence:.0%}"
                ))
            note.setText(" · ".join(notes))
            note.setToolTip(note.text())
            title.appendRow([name, sim, note])
        return [title, best, src]

    def _update_empty_label(self) -> None:
        if self.result is None:
            self.empty_label.setText(self.tr("Groups of near-duplicates appear here after a scan."))
            self.empty_label.show()
        elif not self.result.clusters:
            self.empty_label.setText(self.tr("No group: no pair of files was flagged."))
            self.empty_label.show()
        else:
            self.empty_label.hide()

    # --- selection -------------------------------------------------------------------
    def selected_cluster(self) -> int | None:
        rows = self.tree.selectionModel().selectedRows() if self.tree.selectionModel() else []
        return rows[0].data(Role.CLUSTER_ID) if rows else None

    def select_cluster(self, cluster_id: int | None) -> None:
        """Select a group's row (``None`` clears the selection)."""
        if cluster_id is None:
            self.tree.clearSelection()
            return
        for row in range(self.model.rowCount()):
            index = self.model.index(row, 0)
            if index.data(Role.CLUSTER_ID) == cluster_id:
                self.tree.setCurrentIndex(index)
                self.tree.scrollTo(index)
                return

    def _on_selection(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        self.clusterSelected.emit(self.selected_cluster())

    def _on_double_click(self, index: QModelIndex) -> None:
        if self.result is None or not index.isValid():
            return
        cluster_id = index.data(Role.CLUSTER_ID)
        member = index.data(Role.DOC_INDEX)
        cluster = next((c for c in self.result.clusters if c.id == cluster_id), None)
        if cluster is None:
            return
        pair = strongest_pair(self.result, cluster, member)
        if pair is not None:
            self.pairActivated.emit(pair.a, pair.b)

    # --- language --------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self._rebuild()
