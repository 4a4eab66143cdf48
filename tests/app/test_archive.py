"""The archive of past submissions in the app: the "Compare with archive" switch, the
archive manager, archived matches in the groups, pairs and pair views, and the bit
view's exact net pushes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from app.main_window import Tab
from app.models.pairs_model import Column
from app.models.roles import Role
from simhash_core.fingerprint.bit_compare import bit, format_push
from tests.core.textgen import zh_essay

SCAN_TIMEOUT_MS = 120_000
LABEL = "2024 autumn"
OTHER_LABEL = "2023 spring"
ROOT = Path(__file__).resolve().parents[2]


def sentences(seed: int) -> list[str]:
    return [s for s in zh_essay(seed).split("\n") if s]


def write_class(folder: Path, essays: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    for name, text in essays.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    """Last year's class (4 essays, scanned once) and this year's: 3 own essays and a
    near copy of last year's ``old1.txt`` (its last sentences rewritten)."""
    from simhash_core.scan import scan

    root = tmp_path_factory.mktemp("archive-classes")
    old = write_class(root / "old", {f"old{i}.txt": zh_essay(300 + i) for i in range(4)})
    older = write_class(root / "older", {"older0.txt": zh_essay(350)})
    copy = "\n".join([*sentences(301)[:-3], *sentences(9301)[:3]]) + "\n"
    new = write_class(
        root / "new", {**{f"new{i}.txt": zh_essay(400 + i) for i in range(3)}, "copied.txt": copy}
    )
    return SimpleNamespace(
        old=scan([old], isolate=False, compare=False),
        older=scan([older], isolate=False, compare=False),
        new=new,
    )


@pytest.fixture
def archive(tmp_path: Path, classes: SimpleNamespace) -> Path:
    """An SQLite archive holding last year's class under LABEL and one essay under
    OTHER_LABEL."""
    from simhash_core.archive import open_archive

    path = tmp_path / "past.sqlite"
    with open_archive(path, classes.old.settings) as store:
        store.add_many(classes.old.documents, LABEL, classes.old.settings)
        store.add_many(classes.older.documents, OTHER_LABEL, classes.older.settings)
    return path


def scan_window(qtbot, settings, location: Path | str, *, switch: bool = True):
    from app.i18n import ENGLISH, LanguageManager
    from app.main_window import MainWindow

    settings.set_archive_location(str(location))
    languages = LanguageManager()
    languages.apply(ENGLISH)  # with its plural forms: "1 archived file shown"
    win = MainWindow(settings, languages, isolate=False, use_cache=False)
    qtbot.addWidget(win)
    win.show()
    if switch:
        win.compare_archive_action.trigger()  # no folder yet: nothing to rescan
    return win


def test_compare_switch_adds_the_archived_copy_to_every_view(
    qtbot, settings, archive, classes, monkeypatch
):
    import simhash_core.archive

    threads = []
    real = simhash_core.archive.compare_with_archive

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(simhash_core.archive, "compare_with_archive", spy)
    win = scan_window(qtbot, settings, archive)
    assert win.compare_archive_action.isChecked() and settings.compare_with_archive()
    assert win.archive_status.isVisible()
    with qtbot.waitSignal(win.scanStarted, timeout=5000) as started:
        win.scan_paths([classes.new])
    assert started.args[0].archive == str(archive)
    with qtbot.waitSignal(win.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
        pass
    result = finished.args[0]
    # the comparison ran once, in the scan thread, never the GUI thread
    assert len(threads) == 1 and threads[0] is not threading.main_thread()

    archived = [(i, d) for i, d in enumerate(result.documents) if d.archive_label]
    assert [(d.name, d.archive_label) for _, d in archived] == [("old1.txt", LABEL)]
    old_index = archived[0][0]
    copied = next(i for i, d in enumerate(result.documents) if d.name == "copied.txt")
    assert archived[0][1].text  # the archived text is kept

    # groups list: the group has the archive badge, the member its label and colour
    groups = win.groups_panel.model
    top = next(
        groups.index(r, 0)
        for r in range(groups.rowCount())
        if groups.index(r, 0).data(Role.ARCHIVED)
    )
    assert f"⌂ {LABEL}" in top.data()
    assert f"archived: {LABEL}" in top.data(Qt.ItemDataRole.ToolTipRole)
    members = {
        groups.index(r, 0, top).data(Role.DOC_INDEX): groups.index(r, 2, top)
        for r in range(groups.rowCount(top))
    }
    assert set(members) == {old_index, copied}
    note = members[old_index]
    assert f"archived: {LABEL}" in note.data() and note.data(Role.ARCHIVE_LABEL) == LABEL
    assert not members[copied].data(Role.ARCHIVED)
    source = groups.index(top.row(), 2)
    assert source.data() == "old1.txt · ⌂ archived"  # archived work is the source
    assert f"archived earlier ({LABEL})" in source.data(Qt.ItemDataRole.ToolTipRole)

    # pairs table: the Archive column names the label; other pairs leave it empty
    pairs = win.pairs_model
    rows = {pairs.index(r, 0).data(Role.DOC_PAIR): r for r in range(pairs.rowCount())}
    row = rows[(copied, old_index)]
    assert pairs.index(row, Column.ARCHIVE).data() == LABEL
    assert pairs.index(row, 0).data(Role.ARCHIVED) is True
    assert pairs.index(row, 0).data(Role.FLAGGED) is True
    assert pairs.index(row, Column.FILE_B).data().startswith("⌂")
    assert pairs.headerData(Column.ARCHIVE, Qt.Orientation.Horizontal) == "Archive"
    assert not win.pairs_panel.table.isColumnHidden(Column.ARCHIVE)
    assert all(
        pairs.index(r, Column.ARCHIVE).data() == ""
        for pair, r in rows.items()
        if old_index not in pair
    )

    # matrix: archived rows are marked; the header line says what the search found
    matrix = win.matrix_model
    assert matrix.archived_rows().sum() == 1
    assert matrix.index(matrix.row_of(copied), matrix.row_of(old_index)).data(Role.ARCHIVED)
    archived_pairs = [p for p in result.pairs if old_index in (p.a, p.b)]
    assert matrix.archive_cells().sum() == 2 * len(archived_pairs)  # marks on those pairs only
    assert matrix.archive_cells()[matrix.row_of(copied), matrix.row_of(old_index)]
    title = win.matrix_panel.title.text()
    assert "4 files compared" in title and "compared with the archive (5 files)" in title
    assert win.matrix_panel.legend.shows_archive

    # pair view: "B · old1.txt (archived: 2024 autumn)", passages from the archived text
    win.open_pair(copied, old_index)
    win.side_by_side.wait_for_evidence()
    view = win.side_by_side
    assert win.tabs.currentIndex() == Tab.PAIR
    assert view.title_b.text() == f"B · ⌂ old1.txt (archived: {LABEL})"
    assert view.title_a.text() == "A · copied.txt"
    assert f"old1.txt (archived: {LABEL})" in view.summary.text()
    assert view.passages and view.right.toPlainText()
    assert f"old1.txt (archived: {LABEL})" in win.bit_diff.title.text()


def test_progress_strip_names_the_archive_stage(qtbot):
    from app.views.progress_panel import ProgressPanel
    from simhash_core.progress import ProgressReport, Stage

    panel = ProgressPanel()
    qtbot.addWidget(panel)
    panel.start()
    panel.update_progress(ProgressReport(Stage.READ, 4, 4))
    panel.update_progress(ProgressReport(Stage.ARCHIVE, 1, 4, "class/s002.txt"))
    assert panel.eta_label.text() == "Searching the archive of past submissions…"
    assert panel.file_label.text() == "class/s002.txt"
    assert (panel.bar.value(), panel.bar.maximum()) == (1, 4)


def test_without_the_switch_the_archive_is_not_searched(qtbot, settings, archive, classes):
    win = scan_window(qtbot, settings, archive, switch=False)
    with qtbot.waitSignal(win.scanStarted, timeout=5000) as started:
        win.scan_paths([classes.new])
    assert started.args[0].archive is None
    with qtbot.waitSignal(win.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
        pass
    assert not any(d.archive_label for d in finished.args[0].documents)
    assert win.pairs_panel.table.isColumnHidden(Column.ARCHIVE)
    assert "archive" not in win.matrix_panel.title.text()
    assert not win.archive_status.isVisible()


def test_a_damaged_archive_is_reported_and_the_scan_still_shown(qtbot, settings, classes, tmp_path):
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(os.urandom(8192))
    win = scan_window(qtbot, settings, damaged)
    with qtbot.waitSignal(win.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
        win.scan_paths([classes.new])
    assert len(finished.args[0].documents) == 4
    assert "the archive was not searched: the archive file is damaged" in (
        win.matrix_panel.title.text()
    )
    assert "damaged" in win.statusBar().currentMessage()
    assert "Traceback" not in win.matrix_panel.title.text()


def test_a_missing_archive_is_an_empty_one(qtbot, settings, classes, tmp_path):
    missing = tmp_path / "nothing-yet.sqlite"
    win = scan_window(qtbot, settings, missing)
    with qtbot.waitSignal(win.scanFinished, timeout=SCAN_TIMEOUT_MS):
        win.scan_paths([classes.new])
    assert "the archive is empty" in win.matrix_panel.title.text()
    assert not missing.exists()  # searching never creates an archive


def test_switch_and_location_persist_and_the_settings_dialog_edits_them(qtbot, settings):
    from app.main_window import MainWindow
    from app.settings import AppSettings
    from app.views.settings_dialog import SettingsDialog
    from simhash_core.types import ScanSettings

    win = MainWindow(settings)
    qtbot.addWidget(win)
    assert not win.compare_archive_action.isChecked()
    win.compare_archive_action.trigger()
    settings.set_archive_location("redis://127.0.0.1:6390/2")
    settings.sync()
    again = AppSettings.at_path(settings.qsettings.fileName())
    assert again.compare_with_archive() is True
    assert again.archive_location() == "redis://127.0.0.1:6390/2"
    reopened = MainWindow(again)
    qtbot.addWidget(reopened)
    assert reopened.compare_archive_action.isChecked()

    dialog = SettingsDialog(
        ScanSettings(),
        archive_location="",
        compare_archive=False,
        default_archive="/data/plagcheck/archive.sqlite",
    )
    qtbot.addWidget(dialog)
    assert dialog.archive_edit.placeholderText() == "/data/plagcheck/archive.sqlite"
    dialog.archive_edit.setText("  /srv/class-archive.sqlite ")
    dialog.compare_archive.setChecked(True)
    assert dialog.archive_location() == "/srv/class-archive.sqlite"
    assert dialog.compares_with_archive() is True


# --- the archive manager ----------------------------------------------------------------


def listed(dialog) -> dict[str, str]:
    tree = dialog.tree
    return {
        tree.topLevelItem(i).text(0): tree.topLevelItem(i).text(1)
        for i in range(tree.topLevelItemCount())
    }


def open_dialog(qtbot, location, scan=None):
    from app.views.archive_dialog import ArchiveDialog

    dialog = ArchiveDialog(str(location), scan)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.summaryLoaded, timeout=10_000):
        pass  # the listing started by the constructor, in the worker thread
    qtbot.waitUntil(lambda: not dialog.busy)
    return dialog


def test_manager_lists_labels_and_removes_one(qtbot, archive, monkeypatch):
    dialog = open_dialog(qtbot, archive)
    assert listed(dialog) == {LABEL: "4", OTHER_LABEL: "1"}
    assert "Labels: 2 · files: 5" in dialog.totals_label.text()
    assert "on disk" in dialog.totals_label.text()
    assert str(archive) in dialog.location_label.text()
    assert not dialog.add_button.isEnabled()  # nothing scanned
    assert not dialog.remove_button.isEnabled()  # nothing selected

    asked = []

    def answer(*args, **kwargs):
        asked.append(args[2])
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    dialog.select_label(OTHER_LABEL)
    assert dialog.remove_button.isEnabled()
    with qtbot.waitSignal(dialog.archiveChanged, timeout=10_000) as changed:
        dialog.remove_button.click()
    assert OTHER_LABEL in asked[0] and "1 files" in asked[0]
    assert changed.args[0].documents == 1
    assert listed(dialog) == {LABEL: "4"}
    assert f"Removed “{OTHER_LABEL}”" in dialog.status_label.text()
    from simhash_core.archive import open_archive

    with open_archive(archive, create=False) as store:
        assert [x.label for x in store.labels()] == [LABEL] and store.count() == 4


def test_manager_does_nothing_when_removal_is_not_confirmed(qtbot, archive, monkeypatch):
    dialog = open_dialog(qtbot, archive)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    dialog.select_label(LABEL)
    dialog.remove_button.click()
    assert not dialog.busy and listed(dialog) == {LABEL: "4", OTHER_LABEL: "1"}


def test_manager_adds_the_new_files_of_the_current_scan(qtbot, archive, classes):
    from simhash_core.archive import compare_with_archive, open_archive
    from simhash_core.scan import scan

    current = scan([classes.new], isolate=False)
    with open_archive(archive, create=False) as store:
        current = compare_with_archive(current, store, current.settings)
    assert sum(1 for d in current.documents if d.archive_label) == 1
    # a decision shown on two of the new files is filed with them
    from simhash_core.review.decisions import Decision, Decisions, Verdict, submission_key

    new = [d for d in current.documents if not d.archive_label]
    dismissed = Decision(
        submission_key(new[0], new[1]), Verdict.DISMISSED, note="group work", by="Ms Li"
    )
    current.decisions = Decisions([dismissed])
    dialog = open_dialog(qtbot, archive, current)
    assert dialog.add_button.isEnabled() and dialog.addable() == 4
    progress = []
    dialog.runner.progressed.connect(lambda r: progress.append((r.done, r.total)))
    with qtbot.waitSignal(dialog.archiveChanged, timeout=30_000) as changed:
        assert dialog.add_documents("  2025 spring ")
        assert dialog.progress_bar.isVisibleTo(dialog) and not dialog.add_button.isEnabled()
    outcome = changed.args[0]
    assert (outcome.label, outcome.added, outcome.labelled, outcome.present) == (
        "2025 spring",
        4,
        0,
        0,
    )  # the new files only: the archived one was not filed again
    assert progress and progress[-1][0] == progress[-1][1] == 4
    assert listed(dialog) == {LABEL: "4", OTHER_LABEL: "1", "2025 spring": "4"}
    assert dialog.selected_label() == "2025 spring"
    qtbot.waitUntil(lambda: not dialog.busy)
    assert dialog.add_button.isEnabled()
    from simhash_core.review.archived import read_kept

    with open_archive(archive, create=False) as store:
        kept, _ = read_kept(store.kept_decisions()["2025 spring"])
    assert [(d.key, d.verdict, d.note) for d in kept] == [
        (dismissed.key, Verdict.DISMISSED, "group work")
    ]


def test_manager_shows_archive_errors_in_the_dialog(qtbot, tmp_path, classes):
    from app.views.archive_dialog import ArchiveDialog

    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(os.urandom(8192))
    dialog = ArchiveDialog(str(damaged))
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.archiveFailed, timeout=10_000) as failed:
        pass
    assert "the archive file is damaged" in failed.args[0]
    assert dialog.error_label.isVisibleTo(dialog)
    assert dialog.error_label.text().startswith("The archive cannot be used: the archive file")
    assert "Traceback" not in dialog.error_label.text()
    assert dialog.totals_label.text() == ""
    # another location: the error goes, a missing file is an empty archive
    qtbot.waitUntil(lambda: not dialog.busy)
    fresh = tmp_path / "fresh.sqlite"
    dialog.location = str(fresh)
    with qtbot.waitSignal(dialog.summaryLoaded, timeout=10_000):
        dialog.refresh()
    assert not dialog.error_label.isVisibleTo(dialog)
    assert "empty" in dialog.totals_label.text() and not fresh.exists()
    # a label the archive refuses is a sentence too
    qtbot.waitUntil(lambda: not dialog.busy)
    dialog.scan = classes.old
    with qtbot.waitSignal(dialog.archiveFailed, timeout=10_000):
        dialog.add_documents("   ")
    assert "label must be a non-empty string" in dialog.error_label.text()
    assert not dialog.progress_bar.isVisibleTo(dialog)


def test_manager_never_shadows_qt_methods(qtbot, archive):
    dialog = open_dialog(qtbot, archive)
    for obj in (dialog, *dialog.findChildren(QObject)):
        cls = type(obj)
        if not cls.__module__.startswith("app."):
            continue
        qt_base = next(b for b in cls.__mro__ if b.__module__.startswith("PySide6."))
        clashes = [
            name
            for name in vars(obj)
            if hasattr(qt_base, name) and not isinstance(getattr(qt_base, name), Signal)
        ]
        assert not clashes, f"{cls.__name__} shadows {qt_base.__name__} members: {clashes}"


def test_the_window_opens_the_manager_on_its_archive_and_scan(qtbot, settings, archive):
    from app.main_window import MainWindow

    settings.set_archive_location(str(archive))
    win = MainWindow(settings)
    qtbot.addWidget(win)
    assert win.archive_action in win.tools_menu.actions()
    assert win.compare_archive_action in win.tools_menu.actions()
    dialog = win.make_archive_dialog()
    qtbot.addWidget(dialog)
    assert dialog.location == str(archive) and dialog.scan is None
    qtbot.waitSignal(dialog.summaryLoaded, timeout=10_000).wait()
    qtbot.waitUntil(lambda: not dialog.busy)


# --- the bit view -----------------------------------------------------------------------


def test_bit_view_net_push_is_the_exact_bit_sum(window, small_result):
    from tests.app.conftest import doc_index

    a, b = doc_index(small_result, "s021.txt"), doc_index(small_result, "s027.txt")
    window.set_result(small_result)
    window.open_pair(a, b, view=Tab.BITS)
    window.side_by_side.wait_for_evidence()
    view = window.bit_diff
    docs = small_result.documents
    number = re.compile(r"weighted words: ([+-]?[0-9.e+-]+|0)$")
    for index in range(64):
        view.grid.select(index)
        for doc, label, net in (
            (docs[a], view.label_a, view.net_pushes[0]),
            (docs[b], view.label_b, view.net_pushes[1]),
        ):
            value = bit(doc.fingerprint, index)
            assert net == pytest.approx(float(doc.bit_sums[index]))
            assert (net > 0) == bool(value)  # the sign shown is the bit
            text = label.text()
            assert f"bit = {value}" in text and "tip the balance" not in text
            shown = number.search(text)
            assert shown and shown[1] == format_push(net)
            assert (float(shown[1]) > 0) == bool(value)
    assert np.count_nonzero(docs[a].bit_sums) > 0


def test_bit_view_without_sums_shows_no_net(qtbot):
    from app.views.bit_diff_view import BitDiffView
    from tests.app.synthetic import synthetic_result

    result = synthetic_result(4, seed=3)  # documents made without per-bit sums
    view = BitDiffView()
    qtbot.addWidget(view)
    view.set_result(result)
    view.show_pair((0, 1))
    assert view.net_pushes == (None, None)
    assert "net push" not in view.label_a.text() and "bit = " in view.label_a.text()


# --- the command line -------------------------------------------------------------------


def test_gui_archive_option_screenshots_an_archived_match(tmp_path, archive, classes):
    png = tmp_path / "archive.png"
    ini = tmp_path / "gui.ini"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "app",
            str(classes.new),
            "--archive",
            str(archive),
            "--threads",
            "--screenshot",
            str(png),
            "--settings",
            str(ini),
        ],
        cwd=ROOT,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert out.returncode == 0, out.stderr
    assert QImage(str(png)).width() >= 1000
    assert not ini.exists()  # --archive is for this run only
    # the archived copy is in the picture: names, marks and labels in the archive purple
    from app.doc_names import ARCHIVE_COLOR
    from tests.app.test_application import near, pixels

    rgb = pixels(png)
    purple = near(rgb, (ARCHIVE_COLOR.red(), ARCHIVE_COLOR.green(), ARCHIVE_COLOR.blue()), 25)
    w = rgb.shape[1]
    assert purple[:, : int(w * 0.6)].sum() > 100  # the matrix: row names and corner marks
    assert purple[:, int(w * 0.6) :].sum() > 100  # the groups and pairs lists
