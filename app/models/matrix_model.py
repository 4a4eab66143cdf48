"""The N x N similarity matrix as a table model.

Rows and columns are documents in display order (groups together on the diagonal,
see :mod:`simhash_core.compare.matrix_order`). Cell data comes from numpy arrays
prepared once per scan and per metric, so ``data()`` is a couple of array lookups and
the view stays smooth at 500 files. Read cells with the roles in :class:`app.models.roles.Role`.
"""

from __future__ import annotations

import logging
import math
import time
from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEventLoop,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QImage

from app.background import BackgroundRunner
from app.doc_names import ARCHIVE_COLOR
from app.later import turns
from app.matrix_data import MatrixData
from app.matrix_prepare import PreparedMatrix, heat_image, in_background, prepare_matrix
from app.message_text import joined
from app.metrics import Metric, format_value, percent
from app.models.roles import Role
from app.theme import cell_colors
from simhash_core.types import Document, ScanResult

_Index = QModelIndex | QPersistentModelIndex
log = logging.getLogger(__name__)
HIGHLIGHT_HEADER = QColor(214, 228, 250)


class MatrixModel(QAbstractTableModel):
    """Similarity matrix over a :class:`~simhash_core.types.ScanResult`."""

    # the matrix of the result just shown is ready (at once, or from the background)
    matrixReady = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.result: ScanResult | None = None
        self.data_ = MatrixData.empty()
        self.metric = Metric.SIMILARITY
        self._heat = np.zeros((0, 0), np.float32)
        self._highlight: frozenset[int] = frozenset()
        self.highlighted_cluster: int | None = None
        self._image: QImage | None = None
        self._n = 0
        self._archived_rows = np.zeros(0, bool)
        self._archive_cells = np.zeros((0, 0), bool)
        # large matrices are prepared in a worker thread; each set_result is a new
        # generation and only the current generation's matrix is ever shown
        self._generation = 0
        self._wanted: tuple[int, ScanResult, Metric] | None = None
        self.preparing = False
        self._runner = BackgroundRunner(self, name="plagcheck-matrix")
        self._runner.finished.connect(self._on_prepared)
        self._runner.errored.connect(self._on_prepare_failed)
        self._runner.idle.connect(self._start_wanted)
        app = QCoreApplication.instance()
        if app is not None:  # quitting mid-job: the job's thread ends before the app
            app.aboutToQuit.connect(self._runner.wait)

    # --- feeding ---------------------------------------------------------------------
    def set_result(self, result: ScanResult | None) -> None:
        """Show the matrix of ``result``. A large one (:func:`in_background`) is
        prepared in a worker thread: until it is ready the model is empty and
        :attr:`preparing` is true; :attr:`matrixReady` says when it is shown."""
        self._generation += 1
        self._wanted = None
        if not in_background(result):
            self.preparing = False
            self._show(result, prepare_matrix(result, self.metric), keep_highlight=False)
            return
        assert result is not None
        self.preparing = True
        self._show(result, prepare_matrix(None, self.metric), keep_highlight=False)
        self._wanted = (self._generation, result, self.metric)
        # once the window has painted the result and the other views have laid it out
        # (each calls into Python for every cell): none must share the interpreter
        # with the job (see app.later)
        turns().add(("prepare-matrix", id(self)), self, self._start_wanted, last=True)

    def wait_until_ready(self, msecs: int = 60_000) -> bool:
        """Block until the matrix being prepared is shown (tests, screenshots)."""
        deadline = time.monotonic() + msecs / 1000
        while self.preparing and time.monotonic() < deadline:
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
            self._runner.wait(20)
        return not self.preparing

    def _start_wanted(self) -> None:
        """Start preparing the latest result asked for, once the worker is free (a
        result shown while another is prepared waits; the older one is dropped)."""
        if self._wanted is None or self._runner.busy:
            return
        generation, result, metric = self._wanted
        self._wanted = None
        self._runner.start(lambda _progress: (generation, result, prepare_matrix(result, metric)))

    def _on_prepared(self, value: tuple[int, ScanResult, PreparedMatrix]) -> None:
        generation, result, prepared = value
        if generation != self._generation or result is not self.result:
            return  # a later result is shown (or being prepared): never mix them
        self.preparing = False
        self._show(result, prepared, keep_highlight=True)

    def _on_prepare_failed(self, message: str) -> None:
        log.error("the matrix could not be prepared: %s", message)
        self.preparing = False

    def _show(
        self, result: ScanResult | None, prepared: PreparedMatrix, *, keep_highlight: bool
    ) -> None:
        self.beginResetModel()
        self.result = result
        self.data_ = prepared.data
        self._n = self.data_.size
        if prepared.metric is self.metric:
            self._heat, self._image = prepared.heat, prepared.image
        else:  # the metric was switched while the matrix was prepared
            self._heat, self._image = self.data_.heat(self.metric), None
        self._archived_rows = prepared.archived_rows
        self._archive_cells = prepared.archive_cells
        if not keep_highlight:
            self._highlight = frozenset()
            self.highlighted_cluster = None
        self.endResetModel()
        if not self.preparing:
            self.matrixReady.emit()

    def set_metric(self, metric: Metric) -> None:
        """Show ``metric`` in the cells (repaints every cell)."""
        if metric is self.metric:
            return
        self.metric = metric
        self._heat = self.data_.heat(metric)
        self._image = None
        self._all_changed()

    def set_highlighted_cluster(self, cluster_id: int | None) -> None:
        """Highlight the members of a group (``None`` clears the highlight)."""
        members: frozenset[int] = frozenset()
        if cluster_id is not None and self.result is not None:
            for c in self.result.clusters:
                if c.id == cluster_id:
                    members = frozenset(c.members)
        self.highlighted_cluster = cluster_id if members else None
        self._highlight = members
        self._all_changed()
        n = self.rowCount()
        if n:
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, n - 1)
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, n - 1)

    def retranslate(self) -> None:
        """Texts (headers, tooltips) are built on demand: ask the views to re-read them."""
        n = self.rowCount()
        if n:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, n - 1)
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, n - 1)
            self._all_changed()

    def _all_changed(self) -> None:
        n = self.rowCount()
        if n:
            self.dataChanged.emit(self.index(0, 0), self.index(n - 1, n - 1))

    # --- whole-matrix views for painting ----------------------------------------------
    def heat_image(self) -> QImage:
        """The heat colours as an N x N image (one pixel per cell), for fast painting."""
        if self._image is None:
            self._image = heat_image(self._heat)
        return self._image

    def heat_values(self) -> np.ndarray:
        """Heats of the current metric, N x N in display order (NaN on the diagonal)."""
        return self._heat

    def flagged_cells(self) -> np.ndarray:
        """Flagged pairs as a bool N x N array in display order."""
        return self.data_.flagged

    def archived_rows(self) -> np.ndarray:
        """Display rows whose document comes from the archive."""
        return self._archived_rows

    def archive_cells(self) -> np.ndarray:
        """Cells (display order) of reported pairs with an archived document: the
        matches with past work. Other cells of archived rows were not scored (archived
        against archived) or found nothing."""
        return self._archive_cells

    # --- lookups ---------------------------------------------------------------------
    def row_names(self) -> list[str]:
        """Every row's name (:data:`Role.HEADER_NAME`), in the rows' order."""
        if self.result is None:
            return []
        docs = self.result.documents
        return [_row_name(docs[d]) for d in self.data_.order[: self.rowCount()].tolist()]

    def document_at(self, row: int) -> int:
        """The document index shown at display row (or column) ``row``."""
        return int(self.data_.order[row])

    def row_of(self, document: int) -> int:
        """The display row of ``document``; -1 when the group overview leaves it out."""
        if not 0 <= document < len(self.data_.position):
            return -1
        return int(self.data_.position[document])

    def highlighted_rows(self) -> tuple[int, int] | None:
        """First and last display row of the highlighted group (they are contiguous)."""
        if not self._highlight:
            return None
        rows = [r for r in (self.row_of(m) for m in self._highlight) if r >= 0]
        return (min(rows), max(rows)) if rows else None

    # --- Qt model interface ----------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._n

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._n

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        if role == Role.HEAT:
            return float(self._heat[r, c])
        if role == Role.FLAGGED:
            return bool(self.data_.flagged[r, c]) and r != c
        if role == Role.HIGHLIGHTED:
            return self.document_at(r) in self._highlight and self.document_at(c) in self._highlight
        if role == Role.VALUE:
            return float(self.data_.values[self.metric][r, c])
        if role == Role.DOC_PAIR:
            return self.document_at(r), self.document_at(c)
        if role == Role.PAIR_SCORE:
            return None if r == c else self.data_.pair(self.document_at(r), self.document_at(c))
        if role == Role.ARCHIVED:
            return self._archived(self.document_at(r)) or self._archived(self.document_at(c))
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(r, c)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return format_value(self.metric, self.data_.values[self.metric][r, c])
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if self.result is None or not 0 <= section < self.rowCount():
            return None
        doc_index = self.document_at(section)
        doc = self.result.documents[doc_index]
        if role == Qt.ItemDataRole.DisplayRole:
            if orientation == Qt.Orientation.Horizontal:
                return str(section + 1)
            badge = " ⌂" if doc.archive_label else ""
            return f"{section + 1:>3}  {doc.label}{badge}"
        if role == Qt.ItemDataRole.ToolTipRole:
            text = doc.path if doc.label == doc.path else f"{doc.label}\n{doc.path}"
            if doc.archive_label:
                text += "\n" + self.tr("Archived: {label}").format(label=doc.archive_label)
            return text
        if role == Role.DOC_INDEX:
            return doc_index
        if role == Role.HEADER_NAME:
            return _row_name(doc)
        if role in (Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole):
            background, foreground = cell_colors(
                HIGHLIGHT_HEADER if doc_index in self._highlight else None,
                ARCHIVE_COLOR if doc.archive_label else None,
            )
            color = background if role == Qt.ItemDataRole.BackgroundRole else foreground
            return QBrush(color) if color is not None else None
        if role == Qt.ItemDataRole.FontRole and doc_index in self._highlight:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and orientation == Qt.Orientation.Vertical:
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        return None

    # --- helpers ---------------------------------------------------------------------
    def _archived(self, doc_index: int) -> bool:
        return bool(self.result and self.result.documents[doc_index].archive_label)

    def _tooltip(self, r: int, c: int) -> str:
        assert self.result is not None
        a, b = self.document_at(r), self.document_at(c)
        da, db = self.result.documents[a], self.result.documents[b]
        if a == b:
            return da.label
        v = self.data_.values
        pair = self.data_.pair(a, b)
        if self.data_.overview and pair is None:
            # a large class scores only the pairs its indexes propose: none here
            lines = [
                f"{da.label}  ↔  {db.label}",
                self.tr(
                    "Not scored: no passage, meaning match or SimHash closeness between "
                    "these files was found (no reported pair)"
                ),
            ]
            lines += [
                self.tr("{name} is archived: {label}").format(
                    name=doc.name, label=doc.archive_label
                )
                for doc in (da, db)
                if doc.archive_label
            ]
            return "\n".join([*lines, self.tr("Click to open the pair")])
        lines = [
            f"{da.label}  ↔  {db.label}",
            self.tr("Similarity: {value}").format(value=percent(v[Metric.SIMILARITY][r, c])),
            self.tr("SimHash distance: {value} of 64 bits").format(
                value=int(v[Metric.DISTANCE][r, c])
            ),
            self.tr("Jaccard: {value}").format(value=percent(v[Metric.JACCARD][r, c])),
            self.tr("Containment: {ab} of {a} is in {b}; {ba} of {b} is in {a}").format(
                ab=percent(v[Metric.CONTAINMENT][r, c]),
                ba=percent(v[Metric.CONTAINMENT][c, r]),
                a=da.name,
                b=db.name,
            ),
        ]
        if pair is not None:
            share_r, share_c = (
                (pair.share_a, pair.share_b) if pair.a == a else (pair.share_b, pair.share_a)
            )
            lines.append(
                self.tr("Matched passages: {count}; matched text: {ra} of {a}, {rb} of {b}").format(
                    count=pair.passages,
                    ra=percent(share_r),
                    a=da.name,
                    rb=percent(share_c),
                    b=db.name,
                )
            )
            if pair.flagged:
                lines.append(self.tr("Flagged: {reasons}").format(reasons=joined(pair.reasons)))
        for doc in (da, db):
            if doc.archive_label:
                lines.append(
                    self.tr("{name} is archived: {label}").format(
                        name=doc.name, label=doc.archive_label
                    )
                )
        if not math.isnan(self._heat[r, c]) and pair is None and v[Metric.SIMILARITY][r, c] == 0:
            lines.append(self.tr("No matching passage"))
        lines.append(self.tr("Click to open the pair"))
        return "\n".join(lines)


def _row_name(doc: Document) -> str:
    """A row's name in the matrix headers: the file or student, ⌂ when archived."""
    return f"{doc.label} ⌂" if doc.archive_label else doc.label
