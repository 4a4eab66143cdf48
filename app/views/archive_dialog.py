"""Tools → Archive…: the archive of past submissions, its labels (course and term) with
their document counts and its size; add the current folder under a label, remove a
label. Every archive operation runs in a worker thread; problems are shown in the
dialog as a sentence, never a traceback."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QCloseEvent, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.background import BackgroundRunner
from app.message_text import text
from app.theme import color_style
from simhash_core.archive import service as archive_ops
from simhash_core.archive.service import AddOutcome, ArchiveSummary, RemoveOutcome
from simhash_core.progress import ProgressReport
from simhash_core.types import ScanResult

ERROR_COLOR = QColor("#b00020")


def archive_error(exc: BaseException) -> str | None:
    """An archive's own errors (and refused values) are sentences for the teacher."""
    from simhash_core.archive import ArchiveError

    if isinstance(exc, ArchiveError):
        return text(exc.message)
    return str(exc) if isinstance(exc, ValueError) else None


class ArchiveDialog(QDialog):
    """The archive manager. ``location`` as in the settings (``""``: the default file);
    ``scan`` is the window's current result (its new documents can be added)."""

    summaryLoaded = Signal(object)  # ArchiveSummary
    archiveChanged = Signal(object)  # AddOutcome or RemoveOutcome
    archiveFailed = Signal(str)

    def __init__(
        self,
        location: str,
        scan: ScanResult | None = None,
        folder_name: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ArchiveDialog")
        self.location = location
        self.scan = scan
        self.folder_name = folder_name
        self.summary: ArchiveSummary | None = None
        self.last_message = ""
        self.error_text = ""
        self._operation = ""  # "list", "add" or "remove" while a job runs

        # never from the GUI thread: a Redis server may be slow to answer, and adding a
        # class writes one transaction per document
        self.runner = BackgroundRunner(self, name="plagcheck-archive", user_error=archive_error)
        self.runner.progressed.connect(self._on_progress)
        self.runner.finished.connect(self._on_succeeded)
        self.runner.errored.connect(self._on_failed)
        self.runner.idle.connect(self._update_buttons)

        self.location_label = QLabel()
        self.location_label.setWordWrap(True)
        self.location_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemSelectionChanged.connect(self._update_buttons)
        self.totals_label = QLabel()
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(color_style(ERROR_COLOR))
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.hide()
        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(True)
        self.progress_bar.hide()

        self.add_button = QPushButton()
        self.add_button.clicked.connect(self.choose_label_and_add)
        self.remove_button = QPushButton()
        self.remove_button.clicked.connect(self.remove_selected)
        self.refresh_button = QPushButton()
        self.refresh_button.clicked.connect(self.refresh)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)

        actions = QHBoxLayout()
        actions.addWidget(self.add_button)
        actions.addWidget(self.remove_button)
        actions.addStretch(1)
        actions.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.location_label)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.totals_label)
        layout.addLayout(actions)
        layout.addWidget(self.progress_bar)
        layout.addWidget(self.status_label)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.resize(560, 420)
        self.retranslate_ui()
        self.refresh()

    # --- state -----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.runner.busy

    def selected_label(self) -> str | None:
        items = self.tree.selectedItems()
        return items[0].data(0, Qt.ItemDataRole.UserRole) if items else None

    def select_label(self, label: str) -> None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item.data(0, Qt.ItemDataRole.UserRole) == label:
                self.tree.setCurrentItem(item)
                return

    def addable(self) -> int:
        """How many documents of the current scan could be added (the new ones)."""
        return len(archive_ops.new_documents(self.scan))

    # --- jobs ------------------------------------------------------------------------
    def _start(self, operation: str, fn) -> bool:
        if not self.runner.start(fn):
            return False
        self._operation = operation
        self._set_error("")
        self._update_buttons()
        return True

    def refresh(self) -> bool:
        """List the archive again (in the worker thread)."""
        location = self.location
        return self._start("list", lambda _progress: archive_ops.summarize(location))

    def add_documents(self, label: str) -> bool:
        """File the current scan's new documents under ``label`` (in the worker thread)."""
        docs = archive_ops.new_documents(self.scan)
        if not docs or self.scan is None:
            return False
        from simhash_core.review.archived import keeping_shown

        # the worker only reads the documents; the class's template stays out of matching
        scan = self.scan
        job = partial(
            archive_ops.add_documents,
            self.location,
            docs,
            label,
            scan.settings,
            templates=tuple(scan.templates),
            # the decisions shown on these submissions are kept with them
            keep=keeping_shown(docs, scan),
        )
        if not self._start("add", job):
            return False
        self.progress_bar.setRange(0, len(docs))
        self.progress_bar.setValue(0)
        self.progress_bar.show()
        self.status_label.setText(
            self.tr("Adding {count} files to the archive…").format(count=len(docs))
        )
        return True

    def remove_label(self, label: str) -> bool:
        """Remove ``label`` from the archive, without asking (see :meth:`remove_selected`)."""
        location = self.location
        if not self._start("remove", lambda _progress: archive_ops.remove_label(location, label)):
            return False
        self.status_label.setText(self.tr("Removing “{label}”…").format(label=label))
        return True

    # --- user actions ----------------------------------------------------------------
    def choose_label_and_add(self) -> None:
        dialog = QInputDialog(self)
        dialog.setWindowTitle(self.tr("Add the current folder to the archive"))
        dialog.setLabelText(
            self.tr(
                "Label for these {count} files (course and term, e.g. “Essay 2 · 2025 autumn”):"
            ).format(count=self.addable())
        )
        dialog.setTextValue(self.folder_name)
        dialog.setInputMode(QInputDialog.InputMode.TextInput)
        edit = dialog.findChild(QLineEdit)
        if edit is not None:
            edit.selectAll()
        if dialog.exec() and dialog.textValue().strip():
            self.add_documents(dialog.textValue())

    def remove_selected(self) -> None:
        label = self.selected_label()
        if label is None:
            return
        count = next(
            (
                x.documents
                for x in (self.summary.labels if self.summary else [])
                if x.label == label
            ),
            0,
        )
        answer = QMessageBox.question(
            self,
            self.tr("Remove a label"),
            self.tr(
                "Remove “{label}” ({count} files) from the archive? Files that carry no "
                "other label are deleted from it. This cannot be undone."
            ).format(label=label, count=count),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.remove_label(label)

    # --- job results -----------------------------------------------------------------
    def _on_progress(self, report: ProgressReport) -> None:
        if self._operation == "add" and report.total:
            self.progress_bar.setRange(0, report.total)
            self.progress_bar.setValue(report.done)

    def _on_succeeded(self, value: object) -> None:
        operation, self._operation = self._operation, ""
        self.progress_bar.hide()
        if isinstance(value, AddOutcome):
            self.last_message = self.tr(
                "Added under “{label}”: {added} new, {labelled} already archived under "
                "another label, {present} already under this label."
            ).format(
                label=value.label,
                added=value.added,
                labelled=value.labelled,
                present=value.present,
            )
            self._show_summary(value.summary)
            self.select_label(value.label)
            self.archiveChanged.emit(value)
        elif isinstance(value, RemoveOutcome):
            self.last_message = self.tr("Removed “{label}” from {count} files.").format(
                label=value.label, count=value.documents
            )
            self._show_summary(value.summary)
            self.archiveChanged.emit(value)
        elif isinstance(value, ArchiveSummary):
            if operation == "list":
                self.last_message = ""
            self._show_summary(value)
        self.status_label.setText(self.last_message)
        self._update_buttons()

    def _on_failed(self, message: str) -> None:
        self._operation = ""
        self.progress_bar.hide()
        self.status_label.clear()
        self._set_error(message)
        self.retranslate_ui()
        self.archiveFailed.emit(message)

    def _set_error(self, message: str) -> None:
        self.error_text = message
        self.error_label.setText(
            self.tr("The archive cannot be used: {error}").format(error=message) if message else ""
        )
        self.error_label.setVisible(bool(message))

    def _show_summary(self, summary: ArchiveSummary) -> None:
        self.summary = summary
        selected = self.selected_label()
        self.tree.clear()
        for info in summary.labels:
            item = QTreeWidgetItem(
                [info.label, str(info.documents), archive_ops.human_size(info.size_bytes)]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, info.label)
            for col in (1, 2):
                item.setTextAlignment(
                    col, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                )
            self.tree.addTopLevelItem(item)
        if selected is not None:
            self.select_label(selected)
        self.retranslate_ui()
        self.summaryLoaded.emit(summary)

    def _update_buttons(self) -> None:
        busy = self.busy
        self.add_button.setEnabled(not busy and self.addable() > 0)
        self.remove_button.setEnabled(not busy and self.selected_label() is not None)
        self.refresh_button.setEnabled(not busy)
        if self.scan is None:
            self.add_button.setToolTip(self.tr("Scan a folder first."))
        elif not self.addable():
            self.add_button.setToolTip(self.tr("The current scan has no new files to add."))
        else:
            self.add_button.setToolTip(
                self.tr("Add the {count} files of the current scan under a label.").format(
                    count=self.addable()
                )
            )

    # --- closing ---------------------------------------------------------------------
    def reject(self) -> None:
        self.runner.wait()  # an addition in progress finishes (one transaction a file)
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.runner.wait()
        super().closeEvent(event)

    # --- language --------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Archive of past submissions"))
        self.tree.setHeaderLabels([self.tr("Label"), self.tr("Files"), self.tr("Size")])
        self.add_button.setText(self.tr("&Add current folder…"))
        self.remove_button.setText(self.tr("&Remove label"))
        self.refresh_button.setText(self.tr("Re&fresh"))
        s = self.summary
        where = (
            s.location
            if s is not None
            else (
                archive_ops.display_location(self.location)
                if self.location.strip()
                else self.tr("default")
            )
        )
        self.location_label.setText(self.tr("Archive: {location}").format(location=where))
        if s is None:
            self.totals_label.setText("" if self.error_text else self.tr("Reading the archive…"))
        elif not s.exists:
            self.totals_label.setText(
                self.tr("The archive is empty; it is created when you add a first class.")
            )
        elif not s.labels:
            self.totals_label.setText(self.tr("The archive is empty."))
        else:
            size = archive_ops.human_size(s.size_bytes)
            totals = (
                self.tr("Labels: {labels} · files: {count} · {size} in memory")
                if s.remote
                else self.tr("Labels: {labels} · files: {count} · {size} on disk")
            )
            self.totals_label.setText(
                totals.format(count=s.documents, labels=len(s.labels), size=size)
            )
        self.error_label.setText(
            self.tr("The archive cannot be used: {error}").format(error=self.error_text)
            if self.error_text
            else ""
        )
        self._update_buttons()
