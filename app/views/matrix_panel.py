"""The matrix tab: a header line (files compared, unreadable files, the archive search),
the metric switch, the heatmap and its colour legend."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QKeySequence,
    QLinearGradient,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygon,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.heat_colors import ARCHIVE_MARK, FLAG_MARK, HIGHLIGHT, heat_color
from app.metrics import Metric, legend_ticks
from app.models.matrix_model import MatrixModel
from app.theme import legible, muted_style
from app.views.item_label import ItemLabel
from app.views.matrix_view import MatrixView
from simhash_core.extract import SUPPORTED_SUFFIXES
from simhash_core.types import ScanResult


class ColorLegend(QWidget):
    """A gradient bar with the current metric's ticks, and what the marks mean."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # not "metric": that name is QPaintDevice.metric(), a virtual Qt would call
        self._metric = Metric.SIMILARITY
        self.shows_archive = False  # explain the archive mark (archived files present)
        self.setMinimumHeight(44)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_metric(self, metric: Metric) -> None:
        self._metric = metric
        self.update()

    def set_shows_archive(self, on: bool) -> None:
        self.shows_archive = on
        self.update()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.update()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm = self.fontMetrics()
        bar_w = min(320, max(120, self.width() // 2 - 20))
        x0, y0, bar_h = 8, 4, 12
        grad = QLinearGradient(x0, 0, x0 + bar_w, 0)
        for i in range(11):
            grad.setColorAt(i / 10, heat_color(i / 10))
        p.fillRect(QRectF(x0, y0, bar_w, bar_h), grad)
        p.setPen(QPen(QColor(120, 120, 120)))
        p.drawRect(QRectF(x0, y0, bar_w, bar_h))
        p.setPen(self.palette().text().color())
        for h, label in legend_ticks(self._metric):
            x = x0 + h * bar_w
            p.drawLine(int(x), y0 + bar_h, int(x), y0 + bar_h + 3)
            w = fm.horizontalAdvance(label)
            p.drawText(
                int(min(max(x - w / 2, 0), x0 + bar_w - w / 2)), y0 + bar_h + 4 + fm.ascent(), label
            )
        # marks
        x = x0 + bar_w + 24
        cy = y0 + bar_h // 2
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(legible(FLAG_MARK, self.palette().window().color()))  # seen on dark too
        p.drawEllipse(x, cy - 3, 6, 6)
        p.setPen(self.palette().text().color())
        flagged = self.tr("flagged pair")
        p.drawText(x + 10, cy + fm.ascent() // 2 - 1, flagged)
        x += 10 + fm.horizontalAdvance(flagged) + 18
        p.setPen(QPen(HIGHLIGHT, 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(x, cy - 5, 10, 10)
        p.setPen(self.palette().text().color())
        selected = self.tr("selected group")
        p.drawText(x + 14, cy + fm.ascent() // 2 - 1, selected)
        if self.shows_archive:
            x += 14 + fm.horizontalAdvance(selected) + 18
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(ARCHIVE_MARK)
            p.drawPolygon(
                QPolygon([QPoint(x + 9, cy - 5), QPoint(x, cy - 5), QPoint(x + 9, cy + 4)])
            )
            p.setPen(legible(ARCHIVE_MARK, self.palette().window().color()))
            p.drawText(x + 14, cy + fm.ascent() // 2 - 1, self.tr("pair with an archived file"))
        p.setPen(self.palette().text().color())  # the caption is plain text, archive or not
        p.drawText(x0, y0 + bar_h + 6 + 2 * fm.height(), self.caption())
        p.end()

    def caption(self) -> str:
        return {
            Metric.SIMILARITY: self.tr("Share of the more-copied file that is matched text"),
            Metric.DISTANCE: self.tr("SimHash distance in bits (0 = same fingerprint)"),
            Metric.JACCARD: self.tr("Jaccard: shared word sequences over all of both"),
            Metric.CONTAINMENT: self.tr(
                "Containment: share of the row file found in the column file"
            ),
        }[self._metric]

    def sizeHint(self):
        size = super().sizeHint()
        size.setHeight(self.fontMetrics().height() * 3 + 16)
        return size


class MatrixPanel(QWidget):
    """Everything on the matrix tab."""

    pairActivated = Signal(int, int)
    metricChanged = Signal(object)  # Metric

    def __init__(self, model: MatrixModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.title = ItemLabel(" · ")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.metric_label = QLabel()
        self.metric_combo = QComboBox()
        for metric in Metric:
            self.metric_combo.addItem("", metric)
        self.metric_combo.currentIndexChanged.connect(self._on_metric)
        self.metric_label.setBuddy(self.metric_combo)
        self.view = MatrixView()
        self.view.setModel(model)
        # a large class's matrix arrives from a worker thread: its summary comes with it
        model.matrixReady.connect(self._on_matrix_ready)
        self.view.pairActivated.connect(self.pairActivated)
        self.view.zoomChanged.connect(self._on_zoom)
        self.zoom_out_action = self._zoom_action(
            "−", self.view.zoom_out, QKeySequence.StandardKey.ZoomOut
        )
        self.zoom_in_action = self._zoom_action(
            "+", self.view.zoom_in, QKeySequence.StandardKey.ZoomIn
        )
        self.fit_action = self._zoom_action("", self.view.set_fit, QKeySequence("Ctrl+0"))
        self.fit_action.setCheckable(True)
        self.fit_action.setChecked(self.view.fit)
        self.zoom_buttons = []
        for action in (self.zoom_out_action, self.zoom_in_action, self.fit_action):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setAutoRaise(True)
            self.zoom_buttons.append(button)
        self.placeholder = QLabel()
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.placeholder.setStyleSheet(f"{muted_style()} font-size: 14pt;")
        self.stack = QStackedWidget()
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(self.view)
        self.legend = ColorLegend()

        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        for button in self.zoom_buttons:
            top.addWidget(button)
        top.addSpacing(8)
        top.addWidget(self.metric_label)
        top.addWidget(self.metric_combo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.legend)
        self.result: ScanResult | None = None
        self.scanning = False  # a scan runs: the placeholder says so, not "drop here"
        self.flagged = 0  # flagged pairs of the result shown
        self.archive_note = ""
        self.retranslate_ui()

    def _zoom_action(self, text: str, slot, shortcut: QKeySequence | QKeySequence.StandardKey):
        action = QAction(text, self)
        keys = (
            QKeySequence.keyBindings(shortcut)
            if isinstance(shortcut, QKeySequence.StandardKey)
            else [shortcut]
        )
        if shortcut == QKeySequence.StandardKey.ZoomIn:
            keys = [*keys, QKeySequence("Ctrl+=")]  # "+" needs Shift on most keyboards
        action.setShortcuts(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _on_matrix_ready(self) -> None:
        self.title.set_items(self.summary_items())

    def _on_zoom(self, cell: int, fit: bool) -> None:
        self.fit_action.setChecked(fit)

    def set_metric(self, metric: Metric) -> None:
        self.metric_combo.setCurrentIndex(list(Metric).index(metric))

    def _on_metric(self, row: int) -> None:
        metric = self.metric_combo.itemData(row)
        if isinstance(metric, Metric):
            self.model.set_metric(metric)
            self.legend.set_metric(metric)
            self.metricChanged.emit(metric)

    def set_archive_note(self, note: str) -> None:
        """How the archive search of this result went (``""``: none was made)."""
        if note != self.archive_note:
            self.archive_note = note
            self.title.set_items(self.summary_items())

    def set_scanning(self, scanning: bool) -> None:
        """Whether a scan runs: until its result, the placeholder tells the teacher
        the files are being checked rather than asking for them again."""
        self.scanning = scanning
        self.retranslate_ui()

    def set_result(self, result: ScanResult | None) -> None:
        self.result = result
        # counted once: the header line is made again on every language change and
        # archive note (25,000 pairs: 25 ms a count, on the GUI thread)
        self.flagged = sum(1 for p in result.pairs if p.flagged) if result is not None else 0
        self.legend.set_shows_archive(
            result is not None and any(d.archive_label for d in result.documents)
        )
        # one file alone has nothing to be compared with: say so instead of a 1 x 1 matrix
        comparable = result is not None and len(result.documents) >= 2
        self.stack.setCurrentWidget(self.view if comparable else self.placeholder)
        self.view.fit_cells()
        self.retranslate_ui()

    def _nothing_to_compare(self, r: ScanResult) -> str:
        """Why no matrix is shown: no file at all, no readable one, or only one."""
        problems = len(r.errors) + len(r.skipped)
        if not r.documents and not problems:
            kinds = ", ".join(s.lstrip(".").upper() for s in sorted(SUPPORTED_SUFFIXES))
            return self.tr("No submissions here: the folder holds no {kinds} file.").format(
                kinds=kinds
            )
        if not r.documents:
            return self.tr("No readable documents. See the Not read panel.")
        text = self.tr(
            "Only {name} could be read: there is nothing to compare it with. Add the other "
            "submissions, or compare with the archive of past ones."
        ).format(name=r.documents[0].path)
        if problems:
            text += "\n" + self.tr("The Not read panel says why the other files were not read.")
        return text

    def summary_items(self) -> list[str]:
        """The header line's parts: files compared, unreadable and skipped files,
        flagged pairs, groups, the archive search."""
        r = self.result
        if r is None:
            return [self.tr("Similarity matrix")]
        files = sum(1 for d in r.documents if not d.archive_label)
        if r.comparison_cancelled:  # no pair was looked at: "0 flagged" would mislead
            items = [
                self.tr("%n file(s) read", "", files),
                self.tr("the comparison was cancelled: no pair was compared"),
            ]
        else:
            items = [
                self.tr("%n file(s) compared", "", files),
                self.tr("%n flagged pair(s)", "", self.flagged),
                self.tr("%n group(s)", "", len(r.clusters)),
            ]
        if r.errors:
            items.append(
                self.tr("%n unreadable file(s) not in the matrix (see Not read)", "", len(r.errors))
            )
        if r.skipped:
            items.append(self.tr("{count} skipped").format(count=len(r.skipped)))
        data = self.model.data_
        if r.comparison_cancelled:
            pass
        elif data.overview and not data.groups_total:
            items.append(self.tr("too many files for a full matrix, and no group to show"))
        elif data.overview and data.every_group_whole:
            items.append(
                self.tr(
                    "too many files for a full matrix: it shows the {docs} files of the "
                    "{total} groups"
                ).format(docs=f"{data.size:,}", total=f"{data.groups_total:,}")
            )
        elif data.overview:
            items.append(
                self.tr(
                    "too many files for a full matrix: it shows the {docs} files of the "
                    "{shown} strongest of {total} groups"
                ).format(
                    docs=f"{data.size:,}",
                    shown=f"{data.groups_shown:,}",
                    total=f"{data.groups_total:,}",
                )
            )
        if r.cancelled and not r.comparison_cancelled:
            items.append(self.tr("scan cancelled: partial results"))
        if self.archive_note:
            items.append(self.archive_note)
        return items

    def summary(self) -> str:
        """The header line on one line."""
        return self.title.separator.join(self.summary_items())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.title.set_items(self.summary_items())
        self.metric_label.setText(self.tr("&Show:"))
        self.fit_action.setText(self.tr("Fit"))
        self.fit_action.setToolTip(
            self.tr("Fit the whole class in the window (Ctrl+0); Ctrl+wheel zooms")
        )
        self.zoom_in_action.setToolTip(self.tr("Zoom in (Ctrl++ or Ctrl+wheel)"))
        self.zoom_out_action.setToolTip(self.tr("Zoom out (Ctrl+− or Ctrl+wheel)"))
        names = {
            Metric.SIMILARITY: self.tr("Similarity (matched text)"),
            Metric.DISTANCE: self.tr("SimHash distance"),
            Metric.JACCARD: self.tr("Jaccard"),
            Metric.CONTAINMENT: self.tr("Containment"),
        }
        for i in range(self.metric_combo.count()):
            self.metric_combo.setItemText(i, names[self.metric_combo.itemData(i)])
        r = self.result
        if self.scanning:
            self.placeholder.setText(
                self.tr("Checking the files…\nThe matrix appears here when they are compared.")
            )
        elif r is not None and len(r.documents) < 2:
            self.placeholder.setText(self._nothing_to_compare(r))
        else:
            self.placeholder.setText(
                self.tr("Drop folders or files here\nor use File → Open folder…")
            )
