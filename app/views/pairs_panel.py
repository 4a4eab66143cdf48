"""The pairs table with a name filter and a "flagged only" switch; double-click (or
Enter) opens the pair."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.later import turns
from app.models.pairs_model import Column, PairsModel, PairsProxy
from app.models.roles import Role
from app.views.find_box import FindBoxKeys
from simhash_core.types import PairScore, ScanResult

FIT_SAMPLE_ROWS = 50  # rows measured when the columns are fitted to their contents
FIT_AT_ONCE_ROWS = 500  # more pairs are fitted on the next turn of the event loop


SLACK_PX = 6


class PairsPanel(QWidget):
    """Sortable, filterable table of every reported pair."""

    pairActivated = Signal(int, int)

    def __init__(self, model: PairsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.proxy = PairsProxy(self)
        self.proxy.setSourceModel(model)
        self.filter_edit = QLineEdit()
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.set_text_filter)
        self.flagged_only = QCheckBox()
        self.flagged_only.toggled.connect(self.proxy.set_flagged_only)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table, arrows move in it
        self.table.setSortingEnabled(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(False)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # file names keep their end
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().sectionClicked.connect(self._sort_by)
        # Enter and a double click both activate (a double click must not open twice)
        self.table.activated.connect(self._open)
        FindBoxKeys(self.filter_edit, self.table)  # ↓ and Enter from the find box
        model.modelReset.connect(self._fit_columns)

        bar = QHBoxLayout()
        bar.addWidget(self.filter_edit, 1)
        bar.addWidget(self.flagged_only)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)
        self._sort_column: int | None = None
        self._sort_order = Qt.SortOrder.DescendingOrder
        self.retranslate_ui()

    def visible_pairs(self) -> list[PairScore]:
        return self.proxy.visible_pairs()

    def _sort_by(self, column: int) -> None:
        if self._sort_column == column:
            self._sort_order = (
                Qt.SortOrder.AscendingOrder
                if self._sort_order == Qt.SortOrder.DescendingOrder
                else Qt.SortOrder.DescendingOrder
            )
        else:
            self._sort_column = column
            numeric = column not in (
                Column.STUDENT_A,
                Column.STUDENT_B,
                Column.FILE_A,
                Column.FILE_B,
                Column.ARCHIVE,
                Column.GROUP,
                Column.DISTANCE,
                Column.DECISION,
                Column.WHY,
                Column.NOTE,
                Column.DECIDED_BY,
                Column.DECIDED_AT,
            )
            self._sort_order = (
                Qt.SortOrder.DescendingOrder if numeric else Qt.SortOrder.AscendingOrder
            )
        self.proxy.sort(column, self._sort_order)
        self.table.horizontalHeader().setSortIndicatorShown(True)
        self.table.horizontalHeader().setSortIndicator(column, self._sort_order)

    def _open(self, index: QModelIndex) -> None:
        if index.isValid():
            a, b = index.data(Role.DOC_PAIR)
            self.pairActivated.emit(a, b)

    def _fit_columns(self) -> None:
        if self._sort_column is not None:
            self.proxy.sort(-1)  # back to the model's order: flagged first
        self._sort_column = None
        self.table.horizontalHeader().setSortIndicatorShown(False)
        # the Archive column only when the scan was compared with the archive and matched
        result = self.model.result
        archived = result is not None and any(d.archive_label for d in result.documents)
        self.table.setColumnHidden(Column.ARCHIVE, not archived)
        # the students' columns when the folder or file names name students
        named = result is not None and any(d.student for d in result.documents)
        for col in (Column.STUDENT_A, Column.STUDENT_B):
            self.table.setColumnHidden(col, not named)
        self.show_decision_columns()
        # the OCR columns when a file of the scan was read by OCR
        scanned = result is not None and any(d.ocr for d in result.documents)
        for col in (Column.OCR_A, Column.OCR_B):
            self.table.setColumnHidden(col, not scanned)
        if self.proxy.rowCount() > FIT_AT_ONCE_ROWS:
            # thousands of pairs: fitted on the next turn of the event loop, so the
            # window repaints in between (ranking, filtering and fitting 25,000 pairs
            # at once stalled it)
            turns().add(("fit pairs", id(self)), self, lambda: self._fit_widths(result))
        else:
            self._fit_widths(result)

    def show_decision_columns(self) -> None:
        """Why and the note when a pair of the scan has a decision; who and when are in
        the Decision's tooltip."""
        result = self.model.result
        decided = result is not None and bool(result.decisions)
        for col in (Column.WHY, Column.NOTE):
            self.table.setColumnHidden(col, not decided)
        if decided:
            for col in (Column.DECISION, Column.WHY):
                self.table.resizeColumnToContents(col)
            self.table.setColumnWidth(Column.NOTE, min(self.table.columnWidth(Column.NOTE), 240))
        for col in (Column.DECIDED_BY, Column.DECIDED_AT):
            self.table.setColumnHidden(col, True)

    def _fit_widths(self, result: ScanResult | None) -> None:
        """Every column as wide as its values and its (two-line) name, if the table
        still shows ``result``; long file names and archive labels elided (the
        tooltips have them); the reasons take the rest and the table scrolls sideways
        when the dock is narrow."""
        if result is not self.model.result:
            return  # a later result is shown: it is fitted on its own
        self._fit_to_sample()
        for col in (Column.FILE_A, Column.FILE_B):
            self.table.setColumnWidth(col, min(self.table.columnWidth(col), 220))
        self.table.setColumnWidth(Column.ARCHIVE, min(self.table.columnWidth(Column.ARCHIVE), 160))
        self.table.setColumnWidth(Column.REASONS, min(self.table.columnWidth(Column.REASONS), 480))

    def _fit_to_sample(self) -> None:
        """Each shown column as wide as its name and the values of the first
        :data:`FIT_SAMPLE_ROWS` pairs (flagged first: what the teacher reads), measured
        with the font. The view's own fitting asks the model a dozen questions per
        cell: over 25,000 pairs it froze the window for 1.6 s."""
        header = self.table.horizontalHeader()
        plain = self.table.fontMetrics()
        bold_font = QFont(self.table.font())
        bold_font.setBold(True)
        bold = QFontMetrics(bold_font)
        margin = self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin)
        # the delegate's text margins and the grid line, and a few pixels more: drawn text
        # can be a little wider than measured (hinting; a bold face on another screen)
        pad = 2 * (margin + 1) + (1 if self.table.showGrid() else 0) + SLACK_PX
        rows = min(self.proxy.rowCount(), FIT_SAMPLE_ROWS)
        shown = [self.proxy.mapToSource(self.proxy.index(r, 0)).row() for r in range(rows)]
        for col in Column:
            if self.table.isColumnHidden(col):
                continue
            width = header.sectionSizeHint(col)
            for row in shown:
                text, heavy = self.model.shown(row, col)
                width = max(width, (bold if heavy else plain).horizontalAdvance(text) + pad)
            self.table.setColumnWidth(col, width)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.filter_edit.setPlaceholderText(self.tr("Filter by file name…"))
        self.flagged_only.setText(self.tr("Flagged only"))
        self.model.retranslate()
