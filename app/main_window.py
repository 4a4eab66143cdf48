"""The main window: load (drop, File menu, recent folders), scan in the background,
and show the matrix, groups, pairs, errors, side-by-side passages and fingerprint bits.

Tools → Compare with archive (persisted) makes each scan also search the archive of past
submissions, in the scan thread; Tools → Archive… manages that archive.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDesktopServices,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QFrame,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app import error_log
from app.doc_names import ARCHIVE_COLOR
from app.i18n import LANGUAGES, LanguageManager
from app.main_thread_gc import settle
from app.message_text import joined, text
from app.metrics import Metric
from app.models.errors_model import ErrorsModel, Kind
from app.models.matrix_model import MatrixModel
from app.models.pairs_model import PairsModel
from app.models.roles import Role
from app.models.students_model import StudentsModel
from app.report_export import ReportExporter, ReportRequest
from app.review_actions import ReviewActions, exclusion_lines, index_pair
from app.review_controller import ReviewController
from app.scan_controller import ScanController
from app.settings import AppSettings
from app.theme import color_style
from app.views.archive_dialog import ArchiveDialog
from app.views.bit_diff_view import BitDiffView
from app.views.elided_label import ElidedLabel
from app.views.errors_panel import ErrorsPanel
from app.views.groups_panel import GroupsPanel
from app.views.matrix_panel import MatrixPanel
from app.views.measures_help import MeasuresHelp
from app.views.menu_entry_bar import MenuEntryBar
from app.views.pairs_panel import PairsPanel
from app.views.progress_panel import ProgressPanel
from app.views.settings_dialog import SettingsDialog
from app.views.shared_text_bar import SharedTextBar
from app.views.side_by_side import SideBySideView
from app.views.students_panel import StudentsPanel
from simhash_core.archive.service import ArchiveCheck, ArchiveStatus
from simhash_core.check import CheckRequest
from simhash_core.extract import SUPPORTED_SUFFIXES
from simhash_core.extract.zip_entries import ZIP_SUFFIXES, is_zip_name
from simhash_core.progress import ProgressReport
from simhash_core.review.exclusions import template_exclusion
from simhash_core.review.store import DecisionStore
from simhash_core.sample_class import sample_class
from simhash_core.shown_location import shown_location
from simhash_core.text.words import warm_up
from simhash_core.types import PairScore, ScanResult
from simhash_core.version import version

DEFAULT_SIZE = QSize(1400, 900)
# of the screen's free area, what the first window may take (the rest: the window's
# frame and title bar, which the window manager adds outside its size)
SCREEN_SHARE = (0.96, 0.9)
DOCK_SHARE = 0.42  # of the window's width, the groups and pairs panels' (560 px at most)


def fitted_geometry(available: QRect, wanted: QSize = DEFAULT_SIZE) -> QRect:
    """The window's first place: ``wanted``, shrunk to fit ``available`` (a screen's
    free area, in its own pixels), centred on it.

    >>> r = fitted_geometry(QRect(0, 0, 1280, 720))
    >>> (r.width(), r.height(), r.x(), r.y())
    (1228, 648, 26, 36)
    >>> fitted_geometry(QRect(0, 0, 2560, 1440)).size() == DEFAULT_SIZE
    True
    """
    size = QSize(
        min(wanted.width(), int(available.width() * SCREEN_SHARE[0])),
        min(wanted.height(), int(available.height() * SCREEN_SHARE[1])),
    )
    rect = QRect(QPoint(0, 0), size)
    rect.moveCenter(available.center())
    return rect


class Tab(IntEnum):
    """The central tabs (``--view`` names them matrix, pair, bitdiff)."""

    MATRIX = 0
    PAIR = 1
    BITS = 2


def scrolling(widget: QWidget) -> QScrollArea:
    """``widget`` in a scroll area that lets it fill the space it is given, and scroll
    when that is less than it needs (its minimum size no longer holds the window's)."""
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


def file_patterns(zips: bool) -> str:
    """The name patterns of the files plagcheck reads (and of ZIPs), for a file dialog.

    >>> file_patterns(True).split()[-1]
    '*.zip'
    """
    suffixes = sorted(SUPPORTED_SUFFIXES | (ZIP_SUFFIXES if zips else frozenset()))
    return " ".join(f"*{s}" for s in suffixes)


def a_class(path: Path) -> bool:
    """Whether ``path`` is a class's folder or ZIP (remembered, with its templates)."""
    return path.is_dir() or (is_zip_name(path.name) and path.is_file())


def class_name(path: Path) -> str:
    """A class folder's name, or a class ZIP's without ``.zip``."""
    return path.name if path.is_dir() else path.stem


def local_paths(urls: Sequence[QUrl]) -> list[Path]:
    """The local files and folders among dropped URLs."""
    return [Path(u.toLocalFile()) for u in urls if u.isLocalFile() and u.toLocalFile()]


class MainWindow(QMainWindow):
    """plagcheck's window. ``persist=False`` never writes settings (screenshots)."""

    scanStarted = Signal(object)  # CheckRequest
    scanFinished = Signal(object)  # ScanResult
    scanFailed = Signal(str)
    pairOpened = Signal(int, int)

    def __init__(
        self,
        settings: AppSettings,
        languages: LanguageManager | None = None,
        *,
        persist: bool = True,
        isolate: bool = True,
        use_cache: bool = True,
        decisions: DecisionStore | None = None,
    ) -> None:
        super().__init__()
        # before the window is shown: loading the segmenter's dictionary holds the
        # interpreter's lock for 0.2 s, which froze the shown window when a scan's
        # thread loaded it (the GUI thread waits for the lock to run any Python)
        warm_up()
        self.setObjectName("MainWindow")
        self.app_settings = settings
        self.languages = languages or LanguageManager(self)
        self.persist = persist
        self.isolate = isolate
        self.use_cache = use_cache
        self.paths: list[Path] = []
        self.templates: list[Path] = []
        self.result: ScanResult | None = None
        self.current_pair: tuple[int, int] | None = None
        # the archive side of the result shown, and of the scan about to finish
        self.archive_check: ArchiveCheck | None = None
        self._pending_check: ArchiveCheck | None = None
        # --archive LOCATION: this run's archive, never written to the settings
        self.archive_override: str | None = None
        self.setAcceptDrops(True)

        self.scanner = ScanController(self)
        self.scanner.progressed.connect(self._on_progress)
        self.scanner.archiveChecked.connect(self._on_archive_checked)
        self.scanner.finished.connect(self._on_finished)
        self.scanner.failed.connect(self._on_failed)
        self.scanner.stopped.connect(self._sync_scan_actions)
        self.reports = ReportExporter(self)
        self.reports.exported.connect(self._on_report_exported)
        self.reports.failed.connect(self._on_report_failed)

        # the teacher's decisions, kept in the user's store (``decisions``: another)
        self.review = ReviewController(decisions or DecisionStore(), settings.reviewer, self)
        self.review.changed.connect(self._on_decision)
        self.review.problem.connect(lambda why: self.statusBar().showMessage(why, 10_000))
        self.review.rejudged.connect(self._on_rejudged)

        self.matrix_model = MatrixModel(self)
        self.pairs_model = PairsModel(self)
        self.errors_model = ErrorsModel(self)

        self.matrix_panel = MatrixPanel(self.matrix_model)
        self.side_by_side = SideBySideView()
        self.bit_diff = BitDiffView()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.matrix_panel, "")
        self.tabs.addTab(self.side_by_side, "")
        # the bit view needs more height than a small screen has: it scrolls there
        self.tabs.addTab(scrolling(self.bit_diff), "")
        # text many students share at one place (a prompt): told above the results
        self.shared_text_bar = SharedTextBar()
        self.shared_text_bar.assignmentText.connect(self.treat_as_assignment_text)
        # the first run's offer of a menu entry (app.__main__ decides when)
        self.menu_entry_bar = MenuEntryBar()
        self.menu_entry_bar.accepted.connect(self.add_menu_entry)
        self.menu_entry_bar.declined.connect(self.decline_menu_entry)
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.menu_entry_bar)
        column.addWidget(self.shared_text_bar)
        column.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        self.groups_panel = GroupsPanel()
        self.pairs_panel = PairsPanel(self.pairs_model)
        self.errors_panel = ErrorsPanel(self.errors_model)
        self.students_model = StudentsModel(self)
        self.students_panel = StudentsPanel(self.students_model)
        self.students_dock = self._dock("StudentsDock", self.students_panel)
        self.groups_dock = self._dock("GroupsDock", self.groups_panel)
        self.pairs_dock = self._dock("PairsDock", self.pairs_panel)
        self.errors_dock = self._dock("ErrorsDock", self.errors_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.groups_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.pairs_dock)
        self.splitDockWidget(self.groups_dock, self.pairs_dock, Qt.Orientation.Vertical)
        self.tabifyDockWidget(self.pairs_dock, self.errors_dock)
        # students first: the teacher works through them top to bottom
        self.tabifyDockWidget(self.groups_dock, self.students_dock)
        self.students_dock.raise_()
        self.pairs_dock.raise_()

        self.progress_panel = ProgressPanel()
        self.progress_panel.cancelRequested.connect(self.cancel_scan)
        self.progress_panel.hide()
        self.status_label = ElidedLabel()  # the template's names, however long
        self.archive_status = QLabel()
        self.archive_status.setStyleSheet(color_style(ARCHIVE_COLOR))
        # a rule between the archive switch and the template, as between any two fields
        self.status_separator = QFrame()
        self.status_separator.setFrameShape(QFrame.Shape.VLine)
        self.status_separator.setFrameShadow(QFrame.Shadow.Sunken)
        for label in (self.archive_status, self.status_label):
            label.setContentsMargins(6, 0, 6, 0)
        self.statusBar().addPermanentWidget(self.progress_panel, 1)
        self.statusBar().addPermanentWidget(self.archive_status)
        self.statusBar().addPermanentWidget(self.status_separator)
        self.statusBar().addPermanentWidget(self.status_label)

        self.matrix_panel.pairActivated.connect(self.open_pair)
        self.matrix_panel.metricChanged.connect(self._on_metric)
        self.groups_panel.clusterSelected.connect(self._on_cluster_selected)
        self.groups_panel.pairActivated.connect(self.open_pair)
        self.pairs_panel.pairActivated.connect(self.open_pair)
        self.students_panel.pairActivated.connect(self.open_pair)
        self.students_panel.summaryChanged.connect(self._title_students)

        self._create_actions()
        self.review_actions = ReviewActions(self, self.review)
        self.side_by_side.decision_bar.set_actions(
            [
                self.review_actions.confirm,
                self.review_actions.dismiss,
                self.review_actions.unreview,
                self.review_actions.note,
            ]
        )
        self.review_actions.attach_view(self.pairs_panel.table, index_pair)
        self.review_actions.attach_view(self.matrix_panel.view, index_pair)
        self.review_actions.attach_view(self.groups_panel.tree, self.groups_panel.pair_at)
        self.review_actions.attach_view(self.students_panel.table, index_pair)
        self.side_by_side.currentPassageChanged.connect(lambda _k: self.review_actions.sync())
        self.side_by_side.evidenceShown.connect(self.review_actions.sync)
        self._create_menus()
        metric_key = settings.matrix_metric()
        metric = next((m for m in Metric if m.value == metric_key), Metric.SIMILARITY)
        self.matrix_panel.set_metric(metric)
        self.place_on_screen()
        if persist:
            self._restore_layout()
        self.languages.languageChanged.connect(self._sync_language_menu)
        self.retranslate_ui()

    # --- construction ----------------------------------------------------------------
    def _dock(self, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        return dock

    def _create_actions(self) -> None:
        self.open_action = QAction(self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.choose_folder)
        self.add_files_action = QAction(self)
        self.add_files_action.triggered.connect(self.choose_files)
        self.template_action = QAction(self)
        self.template_action.triggered.connect(self.choose_template)
        self.clear_templates_action = QAction(self)
        self.clear_templates_action.triggered.connect(self.clear_templates)
        self.rescan_action = QAction(self)
        self.rescan_action.setShortcut(QKeySequence.StandardKey.Refresh)
        self.rescan_action.triggered.connect(self.rescan)
        self.cancel_action = QAction(self)
        self.cancel_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.cancel_action.triggered.connect(self.cancel_scan)
        self.export_action = QAction(self)
        self.export_action.setShortcut(QKeySequence("Ctrl+E"))
        self.export_action.triggered.connect(self.choose_export_path)
        self.report_action = QAction(self)
        self.report_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.report_action.triggered.connect(lambda: self.choose_report_path(pair=False))
        self.pair_report_action = QAction(self)
        self.pair_report_action.triggered.connect(lambda: self.choose_report_path(pair=True))
        self.cases_report_action = QAction(self)
        self.cases_report_action.triggered.connect(
            lambda: self.choose_report_path(kind="confirmed")
        )
        self.student_report_action = QAction(self)
        self.student_report_action.triggered.connect(self.choose_student_report)
        self.anonymize_action = QAction(self)
        self.anonymize_action.setCheckable(True)
        self.settings_action = QAction(self)
        self.settings_action.triggered.connect(self.edit_settings)
        self.compare_archive_action = QAction(self)
        self.compare_archive_action.setCheckable(True)
        self.compare_archive_action.setChecked(self.app_settings.compare_with_archive())
        self.compare_archive_action.setShortcut(QKeySequence("Ctrl+Shift+A"))
        self.compare_archive_action.toggled.connect(self._on_compare_archive_toggled)
        self.archive_action = QAction(self)
        self.archive_action.triggered.connect(self.show_archive_manager)
        self.quit_action = QAction(self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.about_action = QAction(self)
        self.about_action.triggered.connect(self.show_about)
        self.error_log_action = QAction(self)
        self.error_log_action.triggered.connect(self.open_error_log)
        self.menu_entry_action = QAction(self)
        self.menu_entry_action.triggered.connect(self.add_menu_entry)
        self.sample_action = QAction(self)
        self.sample_action.triggered.connect(self.open_sample_class)
        self.measures_action = QAction(self)
        self.measures_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.measures_action.triggered.connect(self.show_measures_help)
        self.measures_help: MeasuresHelp | None = None
        self.tab_actions = []
        for tab in Tab:
            action = QAction(self)
            action.setShortcut(QKeySequence(f"Ctrl+{int(tab) + 1}"))
            action.triggered.connect(lambda _=False, t=tab: self.show_view(t))
            self.tab_actions.append(action)
        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        for code, name in [("", ""), *LANGUAGES.items()]:
            action = QAction(name, self)
            action.setCheckable(True)
            action.setData(code)
            action.triggered.connect(lambda _=False, c=code: self.set_language(c))
            self.language_group.addAction(action)
            self.language_actions[code] = action

    def _create_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = QMenu(self)
        self.recent_menu = QMenu(self)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.file_menu.addAction(self.open_action)
        self.file_menu.addAction(self.add_files_action)
        self.file_menu.addMenu(self.recent_menu)
        self.file_menu.addAction(self.sample_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.template_action)
        self.file_menu.addAction(self.clear_templates_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.rescan_action)
        self.file_menu.addAction(self.cancel_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.export_action)
        self.file_menu.addAction(self.report_action)
        self.file_menu.addAction(self.pair_report_action)
        self.file_menu.addAction(self.cases_report_action)
        self.file_menu.addAction(self.student_report_action)
        self.file_menu.addAction(self.anonymize_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)
        self.view_menu = QMenu(self)
        for action in self.tab_actions:
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        for dock in (self.groups_dock, self.pairs_dock, self.errors_dock):
            self.view_menu.addAction(dock.toggleViewAction())
        self.tools_menu = QMenu(self)
        self.tools_menu.addAction(self.compare_archive_action)
        self.tools_menu.addAction(self.archive_action)
        self.tools_menu.addSeparator()
        self.tools_menu.addAction(self.settings_action)
        self.language_menu = QMenu(self)
        for action in self.language_actions.values():
            self.language_menu.addAction(action)
        self.help_menu = QMenu(self)
        self.help_menu.addAction(self.measures_action)
        self.help_menu.addAction(self.error_log_action)
        self.help_menu.addAction(self.menu_entry_action)
        self.help_menu.addSeparator()
        self.help_menu.addAction(self.about_action)
        for menu in (
            self.file_menu,
            self.view_menu,
            self.review_actions.menu,
            self.tools_menu,
            self.language_menu,
            self.help_menu,
        ):
            bar.addMenu(menu)
        self._sync_language_menu()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        folders = self.app_settings.recent_folders()
        for folder in folders:
            action = self.recent_menu.addAction(folder)
            action.triggered.connect(lambda _=False, f=folder: self.scan_paths([Path(f)]))
        if not folders:
            empty = self.recent_menu.addAction(self.tr("(none yet)"))
            empty.setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction(self.tr("Clear recent folders"))
            clear.triggered.connect(self.app_settings.clear_recent_folders)

    # --- loading ---------------------------------------------------------------------
    def scan_paths(
        self, paths: Sequence[Path | str], templates: Sequence[Path | str] | None = None
    ) -> None:
        """Scan ``paths`` (folders and/or files); ``templates`` replaces the template list.

        Without ``templates``, another folder brings its own: the ones last used with it
        (remembered per folder), or none; the previous folder's never carry over.
        """
        before = self._template_folder()
        self.paths = [Path(p) for p in paths]
        if templates is not None:
            self.templates = [Path(t) for t in templates]
            self._remember_templates()
        elif self._template_folder() != before:
            folder = self._template_folder()
            self.templates = self.app_settings.folder_templates(folder) if folder else []
        if self.persist:
            for p in self.paths:
                if a_class(p):
                    self.app_settings.add_recent_folder(p.resolve())
        self.rescan()

    def rescan(self) -> None:
        if not self.paths:
            return
        request = CheckRequest(
            tuple(self.paths),
            tuple(self.templates),
            self.app_settings.scan_settings(),
            isolate=self.isolate,
            use_cache=self.use_cache,
            archive=self.archive_location() if self.compares_with_archive() else None,
            decisions=self.review.store,
        )
        self._pending_check = None
        self.progress_panel.start()
        self.matrix_panel.set_scanning(True)
        self.scanner.start(request)
        self.scanStarted.emit(request)
        self.retranslate_ui()

    def cancel_scan(self) -> None:
        """Stop the scan; the files read so far are still compared and shown."""
        if self.scanner.running:
            if not self.progress_panel.cancelling:
                self.progress_panel.cancelling = True
                self.progress_panel.cancel_button.setEnabled(False)
                self.progress_panel.retranslate_ui()
            self.scanner.cancel()

    def choose_folder(self) -> None:
        start = self.app_settings.recent_folders()[:1]
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Open a folder of submissions"), *start
        )
        if folder:
            self.scan_paths([Path(folder)])

    def choose_files(self) -> None:
        files, _ = QFileDialog.getOpenFileNames(
            self,
            self.tr("Add submissions"),
            "",
            self.tr("Submissions and ZIPs ({patterns});;All files (*)").format(
                patterns=file_patterns(zips=True)
            ),
        )
        if files:
            self.scan_paths([*self.paths, *map(Path, files)])

    def choose_template(self) -> None:
        folder = self._template_folder()  # start where the class is, not in an old folder
        file, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Add a template (assignment text)"),
            str(folder.parent if folder else ""),
            self.tr("Documents ({patterns});;All files (*)").format(
                patterns=file_patterns(zips=False)
            ),
        )
        if file:
            self.add_template(Path(file))

    def add_template(self, path: Path) -> None:
        """Ignore the text of ``path`` (the assignment) in every submission; rescans.
        The template is remembered for the folder scanned."""
        if path not in self.templates:
            self.templates.append(path)
        self._remember_templates()
        self.retranslate_ui()
        self.rescan()

    def clear_templates(self) -> None:
        self.templates = []
        self._remember_templates()
        self.retranslate_ui()
        self.rescan()

    def _template_folder(self) -> Path | None:
        """The folder templates are remembered for: the first folder (or ZIP) scanned."""
        folder = next((p for p in self.paths if a_class(p)), None)
        return folder.resolve() if folder is not None else None

    def _remember_templates(self) -> None:
        folder = self._template_folder()
        if folder is not None and self.persist:
            self.app_settings.set_folder_templates(folder, self.templates)

    # --- drag and drop ---------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and local_paths(event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = local_paths(event.mimeData().urls()) if event.mimeData().hasUrls() else []
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.scan_paths(paths)

    # --- scan results ----------------------------------------------------------------
    def _on_progress(self, report: ProgressReport) -> None:
        self.progress_panel.update_progress(report)

    def _on_archive_checked(self, check: ArchiveCheck) -> None:
        self._pending_check = check
        if check.status is ArchiveStatus.FAILED:
            self.statusBar().showMessage(
                self.tr("The archive was not searched: {error}").format(
                    error=text(check.error) if check.error else ""
                )
            )

    def _on_finished(self, result: ScanResult) -> None:
        self.progress_panel.hide()
        self.matrix_panel.set_scanning(False)
        check, self._pending_check = self._pending_check, None
        self.set_result(result, check)
        self._keyboard_to_the_result()
        if result.notices:  # e.g. a damaged fingerprint cache was replaced
            self.statusBar().showMessage(joined(result.notices), 20000)
        self.scanFinished.emit(result)

    def _keyboard_to_the_result(self) -> None:
        """After a scan the keyboard goes to the view shown (the matrix: Enter opens
        its first flagged pair), unless the teacher put it somewhere on purpose; it was
        left on the tabs, five Tab presses away."""
        focused = QApplication.focusWidget()
        if self.tabs.currentIndex() != Tab.MATRIX:
            return
        if focused is None or focused is self.tabs.tabBar() or not focused.isVisible():
            self.matrix_panel.view.setFocus()

    def _on_failed(self, message: str) -> None:
        self.progress_panel.hide()
        self.matrix_panel.set_scanning(False)
        self.statusBar().showMessage(self.tr("The scan failed: {error}").format(error=message))
        self.scanFailed.emit(message)

    def set_result(self, result: ScanResult | None, archive: ArchiveCheck | None = None) -> None:
        """Show a scan result in every view (``archive``: how its archive search went)."""
        settle()  # the result's objects out of later collections (see app.main_thread_gc)
        self.result = result
        self.archive_check = archive
        self.current_pair = None
        self.review.attach(result)  # every earlier decision on its pairs, first
        self.matrix_model.set_result(result)
        self.pairs_model.set_result(result)
        self.students_model.set_result(result)
        self.errors_model.set_result(result)
        self.matrix_panel.set_result(result)
        self.groups_panel.set_result(result)
        self.side_by_side.set_result(result)
        self.side_by_side.decision_bar.show_found(None, False)  # no pair shown yet
        self.side_by_side.excluded_label.hide()
        self.bit_diff.set_result(result)
        self.shared_text_bar.set_shared(result.shared_texts if result is not None else ())
        if result is not None and not result.documents and (result.errors or result.skipped):
            self.errors_dock.raise_()
        self.retranslate_ui()

    def open_pair(self, a: int, b: int, view: Tab = Tab.PAIR) -> None:
        """Show documents ``a`` and ``b`` side by side (and in the bit diff)."""
        if self.result is None or a == b:
            return
        a, b = min(a, b), max(a, b)
        self.current_pair = (a, b)
        self.side_by_side.show_pair((a, b))
        self.side_by_side.decision_bar.show_found(self.review.found(a, b), True)
        self._show_exclusions(a, b)
        self.bit_diff.show_pair((a, b))
        self.pair_report_action.setEnabled(self.shown_pair() is not None)
        focus_in_tab = self._focus_in_current_tab()
        self.show_view(view)
        moved = focus_in_tab is not None and self.tabs.currentIndex() != focus_in_tab
        if view is Tab.PAIR and moved:
            self.side_by_side.take_focus()  # Enter in the matrix: go on in the pair
        self.pairOpened.emit(a, b)

    def _show_exclusions(self, a: int, b: int) -> None:
        """Say in the pair view what was left out of this pair, and by whom."""
        label = self.side_by_side.excluded_label
        result = self.result
        if result is None:
            label.hide()
            return
        words = exclusion_lines(result, a, b)
        label.setText(self.tr("Left out: {what}").format(what=" · ".join(words)) if words else "")
        label.setVisible(bool(words))

    def treat_as_assignment_text(self, text: str) -> None:
        """Treat a shared ``text`` as the assignment text (the review's exclusion, kept
        with the folder's decisions), and judge the class again."""
        if self.result is None or not text.strip():
            return
        self.review.exclude(template_exclusion(text))
        self.statusBar().showMessage(
            self.tr("The shared text joins the assignment text; every pair is judged again…"),
            5000,
        )

    def _on_rejudged(self, result: ScanResult) -> None:
        """The class judged again with the exclusions chosen: every view shows it, the
        pair shown stays."""
        pair = self.current_pair
        tab = Tab(self.tabs.currentIndex())
        self.set_result(result, self.archive_check)
        if pair is not None:
            self.open_pair(*pair, view=tab)
        flagged = sum(1 for p in result.pairs if p.flagged)
        self.statusBar().showMessage(self.tr("Judged again: %n flagged pair(s)", "", flagged), 8000)

    def _title_students(self, *_: object) -> None:
        rows = self.students_model.rows
        left = sum(1 for s in rows if s.to_review)
        self.students_dock.setWindowTitle(
            self.tr("Students ({count}, {left} to review)").format(count=len(rows), left=left)
            if left
            else self.tr("Students ({count})").format(count=len(rows))
        )

    def _on_decision(self, a: int, b: int) -> None:
        """A decision changed (a, b; -1, -1: all of them): every view shows it."""
        self.pairs_model.decisions_changed()
        self.students_model.refresh(a, b)
        self.pairs_panel.show_decision_columns()
        pair = self.current_pair
        if pair is not None and (a < 0 or {a, b} == set(pair)):
            self.side_by_side.decision_bar.show_found(self.review.found(*pair), True)
        elif pair is None:
            self.side_by_side.decision_bar.show_found(None, False)

    def _focus_in_current_tab(self) -> int | None:
        """The central tab holding the keyboard focus, if one does (not a panel)."""
        focused = QApplication.focusWidget()
        page = self.tabs.currentWidget()
        if focused is not None and page is not None and page.isAncestorOf(focused):
            return self.tabs.currentIndex()
        return None

    def show_view(self, tab: Tab) -> None:
        self.tabs.setCurrentIndex(int(tab))

    def _on_cluster_selected(self, cluster_id: int | None) -> None:
        self.matrix_model.set_highlighted_cluster(cluster_id)
        self.matrix_panel.view.viewport().update()
        self.matrix_panel.view.scroll_to_highlight()
        if cluster_id is not None:
            self.show_view(Tab.MATRIX)

    def _on_metric(self, metric: Metric) -> None:
        if self.persist:
            self.app_settings.set_matrix_metric(metric.value)

    # --- export ----------------------------------------------------------------------
    def choose_export_path(self) -> None:
        if self.result is None:
            self.statusBar().showMessage(
                self.tr("Nothing to export yet: scan a folder first."), 5000
            )
            return
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export pairs as CSV"),
            str(self.export_suggestion("plagcheck-pairs.csv")),
            self.tr("CSV (*.csv)"),
        )
        if path:
            self.export_csv(Path(path))

    def export_suggestion(self, name: str) -> Path:
        """Where an export is first offered: beside the class scanned (the folder that
        holds it, so the next scan never reads the report as a submission), named after
        the class (a scan of ``/school/7B`` offers ``/school/7B-plagcheck-pairs.csv``);
        without a scan, the home folder.
        """
        scanned = self.paths[0] if self.paths else None
        if scanned is None:
            return Path.home() / name
        scanned = scanned.resolve()
        if a_class(scanned):  # a folder, or a platform's ZIP: named after its stem
            return scanned.parent / f"{class_name(scanned)}-{name}"
        return scanned.parent / name

    def shown_pair(self) -> PairScore | None:
        """The scored pair the side-by-side view shows, if any."""
        if self.result is None or self.side_by_side.pair is None:
            return None
        a, b = self.side_by_side.pair
        return next((p for p in self.result.pairs if {p.a, p.b} == {a, b}), None)

    def choose_report_path(self, *, pair: bool = False, kind: str = "class") -> None:
        if self.result is None:
            return
        what = "cases" if kind == "confirmed" else "report"
        name = "plagcheck-pair" if pair else f"plagcheck-{what}"
        target = self._report_target(name)
        if target is not None:
            self.export_report(target, pair=self.shown_pair() if pair else None, kind=kind)

    def _report_target(self, name: str) -> Path | None:
        """Where the teacher wants a report: an HTML or a PDF path (None: cancelled)."""
        html, pdf = self.tr("HTML report (*.html)"), self.tr("PDF report (*.pdf)")
        path, chosen = QFileDialog.getSaveFileName(
            self,
            self.tr("Export report"),
            str(self.export_suggestion(f"{name}.html")),
            f"{html};;{pdf}",
        )
        if not path:
            return None
        target = Path(path)
        if target.suffix.lower() not in (".html", ".htm", ".pdf"):
            target = target.with_suffix(".pdf" if chosen == pdf else ".html")
        return target

    def choose_student_report(self) -> None:
        """A student's own report: the student chosen in the Students list (else the
        left side of the pair shown), at the level the teacher picks."""
        if self.result is None:
            return
        index = self.students_panel.table.currentIndex()
        doc = index.data(Role.DOC_INDEX) if index.isValid() else None
        if doc is None and self.current_pair is not None:
            doc = self.current_pair[0]
        if doc is None:
            self.statusBar().showMessage(
                self.tr("Choose a student in the Students list first."), 5000
            )
            return
        levels = [self.tr("Scores only"), self.tr("Summary"), self.tr("Full passages")]
        chosen, ok = QInputDialog.getItem(
            self,
            self.tr("A student's report"),
            self.tr("How much the report shows (other students are never named):"),
            levels,
            1,
            False,
        )
        if not ok:
            return
        level = ("score", "summary", "full")[levels.index(chosen)]
        document = self.result.documents[doc]
        target = self._report_target(f"plagcheck-{Path(document.path).stem}")
        if target is not None:
            self.export_report(target, student=document.path, level=level)

    def export_report(
        self,
        path: Path,
        *,
        pair: PairScore | None = None,
        kind: str = "class",
        student: str | None = None,
        level: str = "summary",
    ) -> bool:
        """Write the class's report (``pair``'s, the confirmed cases, or ``student``'s
        own) to ``path`` in the background: PDF for a ``.pdf`` path, else HTML, in the
        UI's language, anonymous if chosen."""
        if self.result is None:
            return False
        request = ReportRequest(
            path=path,
            pair=pair,
            anonymous=self.anonymize_action.isChecked(),
            lang=self.languages.current,
            kind=kind,
            student=student,
            level=level,
        )
        if not self.reports.export(self.result, request):
            self.statusBar().showMessage(self.tr("A report is being written; try again soon."))
            return False
        self.statusBar().showMessage(self.tr("Writing {path}…").format(path=path.name))
        return True

    def _on_report_exported(self, path: Path) -> None:
        self.statusBar().showMessage(self.tr("Exported {path}").format(path=path), 8000)

    def _on_report_failed(self, message: str) -> None:
        self.statusBar().showMessage(
            self.tr("Could not write the report: {error}").format(error=message)
        )

    def export_csv(self, path: Path) -> Path | None:
        """Write the pairs the table shows (its filter and order) and the errors sheet.

        Returns the errors sheet's path. Uses :func:`simhash_core.report.export.write_pairs_csv`
        (UTF-8 with BOM, formula-safe cells, atomic write), in the UI's language.
        """
        if self.result is None:
            return None
        from simhash_core.report.export import write_pairs_csv

        try:
            errors_path = write_pairs_csv(
                self.result, path, self.pairs_panel.visible_pairs(), lang=self.languages.current
            )
        except OSError as exc:
            self.statusBar().showMessage(
                self.tr("Could not write {path}: {error}").format(
                    path=str(path), error=exc.strerror or str(exc)
                )
            )
            return None
        beside = errors_path or path  # a device or pipe has no errors sheet beside it
        self.statusBar().showMessage(
            self.tr("Exported {path} and {errors}").format(path=path.name, errors=beside.name),
            8000,
        )
        return errors_path

    # --- the archive of past submissions ---------------------------------------------
    def archive_location(self) -> str:
        """The archive used: ``--archive``, else the settings' (``""``: the default file)."""
        if self.archive_override is not None:
            return self.archive_override
        return self.app_settings.archive_location()

    def compares_with_archive(self) -> bool:
        return self.compare_archive_action.isChecked()

    def use_archive(self, location: str) -> None:
        """Compare with the archive at ``location`` for this run (``--archive``); the
        settings keep their own location and switch."""
        self.archive_override = location
        self.compare_archive_action.blockSignals(True)
        self.compare_archive_action.setChecked(True)
        self.compare_archive_action.blockSignals(False)
        self.retranslate_ui()

    def _on_compare_archive_toggled(self, on: bool) -> None:
        if self.persist:
            self.app_settings.set_compare_with_archive(on)
        self.retranslate_ui()
        self.rescan()

    def make_archive_dialog(self) -> ArchiveDialog:
        """The archive manager for the current archive and scan (not yet shown)."""
        one = self.paths[0] if len(self.paths) == 1 else None
        folder = class_name(one) if one is not None and a_class(one) else ""
        return ArchiveDialog(self.archive_location(), self.result, folder, self)

    def show_archive_manager(self) -> None:
        dialog = self.make_archive_dialog()
        dialog.exec()
        dialog.deleteLater()

    def archive_note(self) -> str:
        """One line on the archive search of the result shown (``""``: none was made)."""
        check = self.archive_check
        if check is None:
            return ""
        if check.status is ArchiveStatus.COMPARED:
            searched = self.tr("compared with the archive (%n file(s))", "", check.searched)
            if check.matched:
                return searched + ": " + self.tr("%n archived file(s) shown", "", check.matched)
            return searched + ": " + self.tr("no similar archived file")
        if check.status is ArchiveStatus.EMPTY:
            return self.tr("the archive is empty: add past classes with Tools → Archive…")
        if check.status is ArchiveStatus.CANCELLED:
            return self.tr("the archive was not searched (scan cancelled)")
        return self.tr("the archive was not searched: {error}").format(
            error=text(check.error) if check.error else ""
        )

    # --- settings and language -------------------------------------------------------
    def edit_settings(self) -> None:
        from simhash_core.archive.service import default_location

        dialog = SettingsDialog(
            self.app_settings.scan_settings(),
            self,
            archive_location=self.app_settings.archive_location(),
            compare_archive=self.compares_with_archive(),
            default_archive=default_location(),
        )
        if dialog.exec():
            self.app_settings.set_scan_settings(dialog.settings())
            self.app_settings.set_archive_location(dialog.archive_location())
            self.archive_override = None  # the location typed in wins over --archive
            self.compare_archive_action.blockSignals(True)
            self.compare_archive_action.setChecked(dialog.compares_with_archive())
            self.compare_archive_action.blockSignals(False)
            if self.persist:
                self.app_settings.set_compare_with_archive(dialog.compares_with_archive())
            self.retranslate_ui()
            self.rescan()

    def set_language(self, code: str) -> None:
        """Switch the UI language now ("" follows the system) and remember the choice."""
        if self.persist:
            self.app_settings.set_language(code)
        self.languages.apply(code)
        self._sync_language_menu()

    def _sync_language_menu(self, *_: object) -> None:
        chosen = self.app_settings.language() if self.persist else None
        code = chosen if chosen in self.language_actions else None
        if code is None:
            code = self.languages.current
        self.language_actions.get(code, self.language_actions[""]).setChecked(True)

    def show_measures_help(self) -> None:
        """Help → What the measures mean (one window, brought to the front)."""
        if self.measures_help is None:
            self.measures_help = MeasuresHelp(self)
        self.measures_help.show()
        self.measures_help.raise_()

    def show_about(self) -> None:
        QMessageBox.about(self, self.tr("About plagcheck"), self.about_text())

    def about_text(self) -> str:
        """Help → About: the version, then what plagcheck does."""
        return "\n\n".join(
            [
                self.tr("plagcheck {version}").format(version=version()),
                self.tr(
                    "plagcheck finds copied work in a class's DOCX, PDF, TXT, ODT and RTF "
                    "submissions (Chinese and English): SimHash fingerprints, MinHash and "
                    "matched passages."
                ),
            ]
        )

    def open_sample_class(self) -> None:
        """File → Open the sample class: the essays that come with plagcheck, with
        their assignment text as the template."""
        sample = sample_class()
        self.scan_paths([sample.submissions], [sample.template])

    def open_error_log(self) -> None:
        """Help → Open the error log, in the system's text viewer (or say there is none)."""
        path = error_log.log_path()
        if not path.is_file():
            QMessageBox.information(
                self,
                self.tr("Error log"),
                self.tr("No error has been logged. The log will be {path}").format(path=path),
            )
            return
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))

    def offer_menu_entry(self, package_dir: Path | None = None) -> bool:
        """On an installed copy's first run, offer the menu entry in a bar over the
        results (never a dialog); whether it was offered. ``package_dir``: where the
        ``app`` package is (tests)."""
        from app.shortcut import APP_PACKAGE, offer_wanted

        declined = self.app_settings.menu_entry_declined()
        wanted = offer_wanted(declined, package_dir=package_dir or APP_PACKAGE)
        if wanted:
            self.menu_entry_bar.offer()
        return wanted

    def add_menu_entry(self) -> None:
        """Help → Add plagcheck to the applications menu, or the offer's Add: the
        Linux menu, the Start menu or ~/Applications (:mod:`app.shortcut`)."""
        from app.shortcut import install_shortcut

        self.menu_entry_bar.hide()
        try:
            entry = install_shortcut()
        except OSError as exc:
            self.statusBar().showMessage(
                self.tr("plagcheck could not be added to the menu: {error}").format(error=exc)
            )
            return
        self.statusBar().showMessage(
            self.tr("plagcheck is in the applications menu ({path})").format(path=entry), 15_000
        )

    def decline_menu_entry(self) -> None:
        """The offer's No, thanks: remembered, never offered again."""
        self.menu_entry_bar.hide()
        self.app_settings.set_menu_entry_declined(True)
        self.statusBar().showMessage(
            self.tr("You can add it later: Help → Add plagcheck to the applications menu"),
            15_000,
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        folder = ", ".join(p.name or str(p) for p in self.paths) if self.paths else ""
        self.setWindowTitle(f"plagcheck — {folder}" if folder else "plagcheck")
        self.file_menu.setTitle(self.tr("&File"))
        self.view_menu.setTitle(self.tr("&View"))
        self.tools_menu.setTitle(self.tr("&Tools"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.help_menu.setTitle(self.tr("&Help"))
        self.recent_menu.setTitle(self.tr("Recent &folders"))
        self.open_action.setText(self.tr("&Open folder…"))
        self.add_files_action.setText(self.tr("Add &files…"))
        self.template_action.setText(self.tr("Add &template…"))
        self.clear_templates_action.setText(self.tr("Clear templates"))
        self.rescan_action.setText(self.tr("&Rescan"))
        self.cancel_action.setText(self.tr("&Cancel scan"))
        self.export_action.setText(self.tr("&Export CSV…"))
        self.report_action.setText(self.tr("Export class &report (HTML or PDF)…"))
        self.pair_report_action.setText(self.tr("Export report of the shown &pair…"))
        self.cases_report_action.setText(self.tr("Export the c&onfirmed cases…"))
        self.student_report_action.setText(self.tr("Export a &student's own report…"))
        self.anonymize_action.setText(self.tr("A&nonymize reports"))
        self.anonymize_action.setStatusTip(
            self.tr("Name students Student 1…N in exported reports, without paths or file names")
        )
        self.settings_action.setText(self.tr("&Settings…"))
        self.compare_archive_action.setText(self.tr("&Compare with archive"))
        self.compare_archive_action.setStatusTip(
            self.tr("Also compare each scan with the archive of past submissions")
        )
        self.archive_action.setText(self.tr("&Archive…"))
        self.quit_action.setText(self.tr("&Quit"))
        self.about_action.setText(self.tr("&About plagcheck"))
        self.error_log_action.setText(self.tr("Open the &error log"))
        self.menu_entry_action.setText(self.tr("Add plagcheck to the applications &menu"))
        self.menu_entry_bar.retranslate_ui()
        self.sample_action.setText(self.tr("Open the &sample class"))
        self.sample_action.setStatusTip(
            self.tr("Scan the 32 short essays that come with plagcheck, six of them copies")
        )
        self.measures_action.setText(self.tr("&What the measures mean"))
        self.language_actions[""].setText(self.tr("System default"))
        tab_names = [self.tr("Matrix"), self.tr("Side by side"), self.tr("Fingerprint bits")]
        for tab, name in zip(Tab, tab_names, strict=True):
            self.tabs.setTabText(int(tab), name)
            self.tab_actions[int(tab)].setText(name)
        self.groups_dock.setWindowTitle(
            self.tr("Groups ({count})").format(
                count=len(self.result.clusters) if self.result else 0
            )
        )
        self._title_students()
        self.pairs_dock.setWindowTitle(
            self.tr("Pairs ({count})").format(count=len(self.result.pairs) if self.result else 0)
        )
        # files unreadable or of a type no reader takes (a platform's .xml beside the
        # essays): not read, which the rows say why; not all of them are errors
        unread = self.errors_model.count(Kind.ERROR) + self.errors_model.count(Kind.SKIPPED)
        warnings = self.errors_model.count(Kind.WARNING)
        self.errors_dock.setWindowTitle(
            self.tr("Not read ({count}), warnings ({warnings})").format(
                count=unread, warnings=warnings
            )
            if warnings
            else self.tr("Not read ({count})").format(count=unread)
        )
        self.export_action.setEnabled(self.result is not None)
        self.report_action.setEnabled(self.result is not None)
        self.cases_report_action.setEnabled(self.result is not None)
        self.student_report_action.setEnabled(self.result is not None)
        self.pair_report_action.setEnabled(self.shown_pair() is not None)
        self._sync_scan_actions()
        self.clear_templates_action.setEnabled(bool(self.templates))
        if self.templates:
            self.status_label.setText(
                self.tr("Template: {names}").format(names=", ".join(t.name for t in self.templates))
            )
        else:
            self.status_label.setText(self.tr("No template"))
        self.archive_status.setText(
            "⌂ " + self.tr("Archive on") if self.compares_with_archive() else ""
        )
        self.archive_status.setVisible(self.compares_with_archive())
        self.status_separator.setVisible(self.compares_with_archive())
        self.archive_status.setToolTip(
            self.tr("Each scan is also compared with the archive: {location}").format(
                location=shown_location(self.archive_location()) or self.tr("the default file")
            )
        )
        self.matrix_panel.set_archive_note(self.archive_note())
        self.matrix_model.retranslate()
        self.review_actions.retranslate()
        self.review_actions.sync()

    def _sync_scan_actions(self) -> None:
        """Cancel scan is enabled exactly while a scan runs."""
        self.cancel_action.setEnabled(self.scanner.running)

    # --- layout persistence ----------------------------------------------------------
    def place_on_screen(self) -> None:
        """The first size and place: as large as the screen allows, up to
        :data:`DEFAULT_SIZE`, centred (a 1280×720 screen shows the whole window)."""
        screen = self.screen()
        if screen is None:
            self.resize(DEFAULT_SIZE)
        else:
            self.setGeometry(fitted_geometry(screen.availableGeometry()))
        self.share_docks()

    def share_docks(self) -> None:
        """Give the groups and pairs panels their share of the window: 42 % of its width
        (560 pixels at most), the groups above the pairs at 330 : 470."""
        width = min(560, int(self.width() * DOCK_SHARE))
        self.resizeDocks([self.groups_dock], [width], Qt.Orientation.Horizontal)
        self.resizeDocks([self.groups_dock, self.pairs_dock], [330, 470], Qt.Orientation.Vertical)

    def _restore_layout(self) -> None:
        geometry = self.app_settings.window_geometry()
        state = self.app_settings.window_state()
        if geometry is not None:
            self.restoreGeometry(geometry)
            self._keep_on_screen()
        if state is not None:
            self.restoreState(state)

    def _keep_on_screen(self) -> None:
        """A size saved on a larger screen is shrunk to this one's."""
        screen = self.screen()
        if screen is None:
            return
        free = screen.availableGeometry()
        if self.width() > free.width() or self.height() > free.height():
            self.setGeometry(fitted_geometry(free, self.size()))

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.scanner.running:
            self.scanner.cancel()
            self.scanner.wait(60000)
        self.reports.runner.wait(60000)  # a report being written is finished, not torn
        self.review.wait_saved()  # every decision made is kept
        if self.persist:
            self.app_settings.set_window_layout(self.saveGeometry(), self.saveState())
            self.app_settings.sync()
        super().closeEvent(event)
