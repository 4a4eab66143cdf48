"""The students view: each student's highest similarity, flagged partners and review
state, sortable and filterable ("to review, above 30 %"), over the distribution of the
class's highest similarities. Enter (or a double click) opens the student's next pair to
decide; a teacher works through it top to bottom."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QModelIndex, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.models.pairs_model import report_word
from app.models.roles import Role
from app.models.students_model import StudentColumn, StudentsModel, StudentsProxy
from app.views.find_box import FindBoxKeys
from simhash_core.review.standing import REVIEW_WORDS, Review, distribution

BINS = 20
FLAG_COLOR = QColor("#d9534f")


class Distribution(QWidget):
    """Bars of how many students reach each 5 % of highest similarity, the flag
    threshold marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.counts: list[int] = [0] * BINS
        self.threshold = 1.0
        self.setMinimumSize(60, 22)

    def set_values(self, values: list[float], threshold: float) -> None:
        self.counts = distribution(values, BINS)
        self.threshold = threshold
        self.setToolTip(
            self.tr(
                "Students by their highest similarity, in steps of 5 %; red: at or above the flag"
            )
        )
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(160, 40)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        labelled = self.height() >= 40  # room for "0 %" and "100 %" under the bars
        rect = self.rect().adjusted(1, 2, -1, -12 if labelled else -1)
        # a log scale: one student in a bin is seen beside thirty in another
        top = math.log1p(max(self.counts) or 1)
        width = rect.width() / BINS
        text = self.palette().color(QPalette.ColorRole.WindowText)
        plain = self.palette().color(QPalette.ColorRole.PlaceholderText)
        for k, count in enumerate(self.counts):
            if not count:
                continue
            height = max(2.0, rect.height() * math.log1p(count) / top)
            bar = QRectF(rect.left() + k * width + 1, rect.bottom() - height, width - 2, height)
            flagged = (k + 1) / BINS > self.threshold
            painter.fillRect(bar, FLAG_COLOR if flagged else plain)
        painter.setPen(text)
        x = rect.left() + rect.width() * self.threshold
        painter.drawLine(int(x), rect.top(), int(x), rect.bottom())
        if not labelled:
            return
        painter.drawText(
            QRectF(rect.left(), rect.bottom() + 1, rect.width(), 11),
            int(Qt.AlignmentFlag.AlignLeft),
            "0 %",
        )
        painter.drawText(
            QRectF(rect.left(), rect.bottom() + 1, rect.width(), 11),
            int(Qt.AlignmentFlag.AlignRight),
            "100 %",
        )


class StudentsPanel(QWidget):
    """Filter bar, distribution and the table of students."""

    pairActivated = Signal(int, int)
    summaryChanged = Signal(str)

    def __init__(self, model: StudentsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.proxy = StudentsProxy(self)
        self.proxy.setSourceModel(model)
        self.review_filter = QComboBox()
        self.review_filter.addItem("", None)
        for review in Review:
            self.review_filter.addItem("", review.value)
        self.review_filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.review_filter.setMinimumContentsLength(4)
        self.at_least = QSpinBox()
        self.at_least.setRange(0, 100)
        self.at_least.setPrefix("≥ ")
        self.at_least.setSuffix(" %")
        self.name_filter = QLineEdit()
        self.name_filter.setClearButtonEnabled(True)
        for signal in (
            self.review_filter.currentIndexChanged,
            self.at_least.valueChanged,
            self.name_filter.textChanged,
        ):
            signal.connect(self._apply_filter)
        self.distribution = Distribution()
        self.summary = ""  # "12 of 40 students · 5 to review · 2 confirmed" (the tooltips)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setTabKeyNavigation(False)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(StudentColumn.HIGHEST, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setMinimumHeight(40)  # the window fits a 1280×720 screen at scale 2
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setResizeContentsPrecision(50)  # fitted to the first rows, not 5,000
        header.setStretchLastSection(True)
        self.table.activated.connect(self._open)
        FindBoxKeys(self.name_filter, self.table)  # ↓ and Enter from the find box
        model.ready.connect(self._on_reset)
        model.dataChanged.connect(lambda *_: self._update_summary())

        bar = QHBoxLayout()
        bar.addWidget(self.review_filter, 1)
        bar.addWidget(self.at_least)
        second = QHBoxLayout()
        second.addWidget(self.name_filter, 1)
        second.addWidget(self.distribution, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addLayout(second)
        layout.addWidget(self.table, 1)
        self.retranslate_ui()

    def _apply_filter(self) -> None:
        value = self.review_filter.currentData()
        self.proxy.set_filter(
            Review(value) if value else None, self.at_least.value() / 100, self.name_filter.text()
        )
        self._update_summary()

    def show_to_review_above(self, percent: int) -> None:
        """The filter a teacher starts with: students left to review above ``percent``."""
        self.review_filter.setCurrentIndex(self.review_filter.findData(Review.TO_REVIEW.value))
        self.at_least.setValue(percent)

    def _on_reset(self) -> None:
        header = self.table.horizontalHeader()
        self.model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        result = self.model.result
        values = [s.highest for s in self.model.rows]
        threshold = result.settings.flag_similarity if result is not None else 1.0
        self.distribution.set_values(values, threshold)
        self.table.resizeColumnsToContents()
        for col in (StudentColumn.STUDENT, StudentColumn.PARTNER):
            self.table.setColumnWidth(col, min(self.table.columnWidth(col), 180))
        self._update_summary()

    def _update_summary(self) -> None:
        rows = self.model.rows
        to_review = sum(1 for s in rows if s.review is Review.TO_REVIEW)
        confirmed = sum(1 for s in rows if s.review is Review.CONFIRMED)
        self.summary = self.tr(
            "{shown} of {count} students · {left} to review · {confirmed} confirmed"
        ).format(shown=self.proxy.rowCount(), count=len(rows), left=to_review, confirmed=confirmed)
        self.table.setToolTip(self.summary)
        self.summaryChanged.emit(self.summary)

    def _open(self, index: QModelIndex) -> None:
        pair = index.data(Role.DOC_PAIR)
        if pair is not None:
            self.pairActivated.emit(*pair)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.review_filter.setItemText(0, self.tr("Every student"))
        for k, review in enumerate(Review, 1):
            self.review_filter.setItemText(k, report_word(REVIEW_WORDS[review]))
        self.at_least.setToolTip(self.tr("Only students whose highest similarity is at least this"))
        self.at_least.setAccessibleName(self.tr("Highest similarity at least"))
        self.name_filter.setPlaceholderText(self.tr("Find a student…"))
        self._update_summary()
