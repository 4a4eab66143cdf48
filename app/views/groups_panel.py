"""The near-duplicate groups list: each cluster with its members, its largest
similarity and who copied from whom, where the evidence shows it (else "direction
unknown"). Selecting a group highlights it in the matrix; double-clicking a group (or
a member) opens its strongest pair.

Members from the archive of past submissions stand out: a "⌂ archived: <label>"
badge on the group and the member, purple italic names on a lavender row."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelection, QModelIndex, Signal
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from app.later import turns
from app.models.groups_model import SOURCE_COLOR, GroupsModel, pairs_by_group, strongest_pair
from app.models.roles import Role
from app.theme import muted_style
from app.views.find_box import FindBoxKeys
from simhash_core.types import ScanResult

__all__ = ["SOURCE_COLOR", "GroupsPanel", "pairs_by_group", "strongest_pair"]


EXPAND_ALL = 100  # groups opened when the list is filled (all of them up to this many)
OPENED_MEMBERS = 100  # in a longer list, the first groups opened up to about this many members
MEASURED_GROUPS = 50  # groups whose rows are measured to fit the columns
MEASURED_MEMBERS = 200  # of their members, at most this many (each row is made to measure it)
LAID_OUT_AT_ONCE = 20  # longer lists are filled and laid out on later event-loop turns


class GroupsPanel(QWidget):
    """Tree of groups and members."""

    clusterSelected = Signal(object)  # int cluster id, or None
    pairActivated = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: ScanResult | None = None
        self._widths: tuple[int, int, int] | None = None
        # (selected group, result) to open and fit, until done (see lay_out)
        self._pending_layout: tuple[int | None, ScanResult | None] | None = None
        self._opened = False  # the groups of the pending layout are open already
        self.model = GroupsModel(self)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.header().setStretchLastSection(True)
        self.tree.selectionModel().selectionChanged.connect(self._on_selection)
        self.tree.activated.connect(self._on_activated)  # Enter, or a double click
        self.filter_edit = QLineEdit()
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._on_filter)
        FindBoxKeys(self.filter_edit, self.tree)  # ↓ and Enter from the find box
        self.empty_label = QLabel()
        self.empty_label.setWordWrap(True)
        self.empty_label.setStyleSheet(muted_style())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.tree, 1)
        self.retranslate_ui()

    # --- content ---------------------------------------------------------------------
    def set_result(self, result: ScanResult | None) -> None:
        self.result = result
        self._rebuild()

    def _on_filter(self, text: str) -> None:
        """Show the groups of the students or files the teacher types."""
        selected = self.selected_cluster()
        self.model.set_filter(text)
        self._expand()
        if selected is not None:
            self.select_cluster(selected)
            if self.model.row_of_cluster(selected) is None:  # filtered out: nothing chosen
                self.clusterSelected.emit(None)
        self._update_empty_label()

    def _expand(self) -> None:
        if self.model.rowCount() <= EXPAND_ALL:
            self.tree.expandAll()
            return
        # hundreds of groups: the strongest open, as many as fill a screen or two (each
        # opened group's rows are made to lay it out: 100 groups of 10 stalled the
        # window 0.2 s); the others open on a click
        opened = 0
        for row in range(self.model.rowCount()):
            if opened >= OPENED_MEMBERS:
                break
            self.tree.expand(self.model.index(row, 0))
            opened += len(self.model.cluster_at(row).members)

    def _rebuild(self) -> None:
        selected = self.selected_cluster()
        self._widths: tuple[int, int, int] | None = None
        self._pending_layout = (selected, self.result)
        self._opened = False
        if self.result is not None and len(self.result.clusters) > LAID_OUT_AT_ONCE:
            # hundreds of groups: filled, then opened and measured, on the next turns
            # of the event loop, so the window repaints in between (all at once, with
            # the rest of a large result, it froze for 0.7 s); nothing older is shown
            self.model.set_result(None)
            turns().add(self._key("fill"), self, lambda: self._fill(self.result))
            return
        self.model.set_result(self.result)
        self._update_empty_label()
        self.lay_out()

    def _key(self, step: str) -> tuple[str, int]:
        return (f"groups {step}", id(self))

    def _fill(self, result: ScanResult | None) -> None:
        if result is not self.result:
            return  # a later result fills the list itself
        self.model.set_result(result)
        self._update_empty_label()
        turns().add(self._key("layout"), self, self._open_groups)

    def _open_groups(self) -> None:
        """The first half of a long list's layout: its groups opened; the columns are
        measured on the next turn (both in one turn froze the window for 0.4 s on 500
        groups)."""
        if self._pending_layout is None or self._pending_layout[1] is not self.model.result:
            self.lay_out()
            return
        self._expand()
        self._opened = True
        turns().add(self._key("fit"), self, self.lay_out)

    def lay_out(self) -> None:
        """Fill the list (if it waits), open the groups, fit the columns and select
        the group selected before, once per result shown: for a long list this is done
        on later turns of the event loop; call it to have it done now."""
        queue = turns()
        queue.run_now(self._key("fill"))
        queue.cancel(self._key("layout"))
        queue.cancel(self._key("fit"))
        if self._pending_layout is None:
            return
        selected, result = self._pending_layout
        self._pending_layout = None
        if result is not self.model.result:
            return  # a later result was shown: it lays out its own
        if not self._opened:
            self._expand()
        self._opened = False
        self.fit_columns()
        if selected is not None:
            self.select_cluster(selected)

    def fit_columns(self) -> None:
        """Share the width so every group's likely source is readable.

        The names column gets what its texts need unless that would squeeze the likely
        sources of the groups (the last column, which takes the rest): then the names
        are elided (their tooltips have them in full) and the sources keep their width.
        """
        header = self.tree.header()
        for col in (0, 1):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        if not self.model.rowCount() or self._pending_layout is not None:
            return  # (a long list is measured when it is laid out, not at each resize)
        if self._widths is None:
            self._widths = self._natural_widths()
        names, similarity, sources = self._widths
        width = self.tree.viewport().width()
        if names + similarity + sources > width:
            names = max(width - similarity - sources, min(names, width * 2 // 5))
        self.tree.setColumnWidth(0, names)
        self.tree.setColumnWidth(1, similarity)

    def _natural_widths(self) -> tuple[int, int, int]:
        """What the names, similarity and sources columns need, worked out once per
        result from the texts of the first :data:`MEASURED_GROUPS` groups and
        :data:`MEASURED_MEMBERS` of their members (the strongest, on screen first),
        measured with the font: asking the view to measure every row took 0.7 s at
        each resize of thousands, 0.1 s for 50 groups of 310 essays, and making the
        rows of 500 groups to measure them froze the window for 0.5 s."""
        header = self.tree.header()
        fm = self.tree.fontMetrics()
        pad = 2 * self.tree.style().pixelMetric(self.tree.style().PixelMetric.PM_FocusFrameHMargin)
        pad += 12
        shown = range(min(self.model.rowCount(), MEASURED_GROUPS))
        sources = max(  # the groups a teacher sees first (each row is made when shown)
            fm.horizontalAdvance(self.model.index(r, 2).data() or "") for r in shown
        )
        sources = max(sources + pad, header.sectionSizeHint(2))
        bold = QFont(self.tree.font())
        bold.setBold(True)
        bold_fm = QFontMetrics(bold)
        names = similarity = 0
        members = MEASURED_MEMBERS  # the first groups' members, as many as a screen shows
        for r in shown:
            group = self.model.index(r, 0)
            names = max(names, bold_fm.horizontalAdvance(group.data() or ""))
            count = min(self.model.rowCount(group), members)
            members -= count
            for k in range(count):
                member = self.model.index(k, 0, group).data() or ""
                names = max(names, fm.horizontalAdvance(member) + self.tree.indentation())
        similarity = fm.horizontalAdvance("100%") + pad
        names = max(names + pad + self.tree.indentation(), header.sectionSizeHint(0))
        return names, max(similarity, header.sectionSizeHint(1)), sources

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def _update_empty_label(self) -> None:
        if self.result is None:
            self.empty_label.setText(self.tr("Groups of near-duplicates appear here after a scan."))
            self.empty_label.show()
        elif self.result.comparison_cancelled:
            self.empty_label.setText(
                self.tr("No group: the comparison was cancelled. Scan again to compare.")
            )
            self.empty_label.show()
        elif not self.result.clusters:
            self.empty_label.setText(self.tr("No group: no pair of files was flagged."))
            self.empty_label.show()
        elif not self.model.rowCount():
            self.empty_label.setText(
                self.tr("No group has a file or student named “{text}”.").format(
                    text=self.filter_edit.text().strip()
                )
            )
            self.empty_label.show()
        else:
            self.empty_label.hide()
        self.filter_edit.setVisible(bool(self.result is not None and self.result.clusters))

    # --- selection -------------------------------------------------------------------
    def selected_cluster(self) -> int | None:
        rows = self.tree.selectionModel().selectedRows() if self.tree.selectionModel() else []
        return rows[0].data(Role.CLUSTER_ID) if rows else None

    def select_cluster(self, cluster_id: int | None) -> None:
        """Select a group's row (``None`` clears the selection)."""
        if cluster_id is None:
            self.tree.clearSelection()
            return
        row = self.model.row_of_cluster(cluster_id)
        if row is not None:
            index = self.model.index(row, 0)
            self.tree.setCurrentIndex(index)
            self.tree.scrollTo(index)

    def _on_selection(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        self.clusterSelected.emit(self.selected_cluster())

    def pair_at(self, index: QModelIndex) -> tuple[int, int] | None:
        """The pair a group's row stands for: a member's strongest pair in its group
        (the group's strongest pair on the group's row)."""
        if self.result is None or not index.isValid():
            return None
        cluster_id = index.data(Role.CLUSTER_ID)
        member = index.data(Role.DOC_INDEX)
        row = self.model.row_of_cluster(cluster_id)
        if row is None:
            return None
        cluster = self.model.cluster_at(row)
        pair = strongest_pair(self.result, cluster, member, self.model.pairs_inside(cluster.id))
        return (pair.a, pair.b) if pair is not None else None

    def _on_activated(self, index: QModelIndex) -> None:
        pair = self.pair_at(index)
        if pair is not None:
            self.pairActivated.emit(*pair)

    # --- language --------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.filter_edit.setPlaceholderText(self.tr("Find a student or file…"))
        self._rebuild()
