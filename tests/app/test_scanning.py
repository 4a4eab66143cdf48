"""Loading and scanning from the window: a real drop, completion, cancel, bad files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from app.models.errors_model import Kind
from app.models.roles import Role
from tests.app.conftest import SUBMISSIONS
from tests.core.textgen import zh_essay

SCAN_TIMEOUT_MS = 120_000


def drop_urls(widget, urls: list[QUrl]) -> tuple[bool, bool]:
    """Send a real drag-enter and drop of ``urls``; returns (enter accepted, drop accepted)."""
    mime = QMimeData()
    mime.setUrls(urls)
    pos = QPointF(widget.rect().center())
    enter = QDragEnterEvent(
        pos,
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, enter)
    drop = QDropEvent(
        pos,
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, drop)
    return enter.isAccepted(), drop.isAccepted()


def test_dropping_a_folder_scans_it_to_completion(qtbot, window, small_class):
    with qtbot.waitSignal(window.scanStarted, timeout=5000) as started:
        entered, dropped = drop_urls(window, [QUrl.fromLocalFile(str(small_class))])
    assert entered and dropped
    assert started.args[0].paths == (small_class,)
    assert window.progress_panel.isVisible()
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
        pass
    result = finished.args[0]
    assert not result.cancelled and len(result.documents) == 8
    assert window.result is result
    assert not window.progress_panel.isVisible()
    assert window.matrix_model.rowCount() == 8
    assert window.pairs_model.rowCount() == len(result.pairs)
    names = {frozenset(result.documents[m].name for m in c.members) for c in result.clusters}
    assert frozenset({"s004.docx", "s018.txt", "s029.docx"}) in names
    assert frozenset({"s021.txt", "s027.txt"}) in names
    assert str(small_class.resolve()) in window.app_settings.recent_folders()
    assert "8 files compared" in window.matrix_panel.title.text()


def test_dropping_non_local_urls_is_ignored(qtbot, window):
    entered, _ = drop_urls(window, [QUrl("https://example.com/essay.docx")])
    assert not entered and not window.scanner.running


def test_cancel_keeps_partial_results(qtbot, settings, tmp_path):
    from app.main_window import MainWindow

    folder = tmp_path / "big"
    folder.mkdir()
    for i in range(48):  # 48 files, each read separately
        (folder / f"s{i:02}.txt").write_text(zh_essay(i), encoding="utf-8")
    win = MainWindow(settings, use_cache=False)
    qtbot.addWidget(win)
    win.show()

    def cancel_after_first_file(report) -> None:
        if report.stage.value == "read" and report.done >= 1 and not win.progress_panel.cancelling:
            assert win.progress_panel.cancel_button.isEnabled()
            win.progress_panel.cancel_button.click()

    win.scanner.progressed.connect(cancel_after_first_file)
    with qtbot.waitSignal(win.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
        win.scan_paths([folder])
    result = finished.args[0]
    print(f"\ncancelled after {len(result.documents)} of 48 files")
    assert result.cancelled and not result.comparison_cancelled  # what was read, compared
    assert 1 <= len(result.documents) < 48
    assert win.matrix_model.rowCount() == len(result.documents)
    assert "partial" in win.matrix_panel.title.text()


def test_bad_files_go_to_the_errors_panel_without_dialogs(qtbot, window, tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    for i in range(3):
        (folder / f"s{i:03}.txt").write_text(zh_essay(i), encoding="utf-8")
    (folder / "empty.txt").write_bytes(b"")
    (folder / "fake.docx").write_bytes(b"this is not a zip file at all")
    (folder / "clip.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42")
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
        window.scan_paths([folder])
    result = finished.args[0]
    assert len(result.documents) == 3
    model = window.errors_model
    unreadable = {
        model.index(r, 0).data(): model.index(r, 3).data()
        for r in range(model.rowCount())
        if model.rows[r].kind is Kind.ERROR
    }
    assert set(unreadable) == {"empty.txt", "fake.docx"}
    assert all(reason for reason in unreadable.values())
    assert model.count(Kind.SKIPPED) == 1  # clip.mp4
    assert model.index(0, 0).data(Role.FILE_ERROR).path in unreadable
    assert "2 unreadable" in window.matrix_panel.title.text()
    assert window.errors_dock.windowTitle() == "Not read (3)"
    assert window.matrix_model.rowCount() == 3
    assert QApplication.activeModalWidget() is None
    assert not [
        w
        for w in QApplication.topLevelWidgets()
        if isinstance(w, QMessageBox | QDialog) and w.isVisible()
    ]
    # every reason is readable whole in a narrow panel: wrapped, its row grown to fit
    window.errors_dock.raise_()
    table = window.errors_panel.table
    table.resize(420, 400)
    qtbot.wait(50)
    width = table.columnWidth(3)
    metrics = table.fontMetrics()
    for r in range(model.rowCount()):
        reason = model.index(r, 3).data()
        needed = metrics.boundingRect(0, 0, width - 8, 10_000, Qt.TextFlag.TextWordWrap, reason)
        assert table.rowHeight(r) >= needed.height(), reason
    # a file read with a warning counts too: the teacher should look at it
    (folder / "western.txt").write_bytes(
        ("It’s the teacher’s rule – don’t hand in late. " * 20).encode("cp1252")
    )
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
        window.scan_paths([folder])
    assert window.errors_dock.windowTitle() == "Not read (3), warnings (1)"
    (warned,) = [r for r in range(model.rowCount()) if model.rows[r].kind is Kind.WARNING]
    assert "Western European (Windows-1252)" in model.index(warned, 3).data()
    assert "save it as UTF-8" in model.index(warned, 3).data()


def test_template_is_passed_to_the_scan(qtbot, window, small_class, tmp_path):
    template = Path(SUBMISSIONS.parent / "template.txt")
    with qtbot.waitSignal(window.scanStarted, timeout=5000) as started:
        window.scan_paths([small_class], [template])
    assert started.args[0].templates == (template,)
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS):
        pass
    assert "template.txt" in window.status_label.text()


def test_closing_the_window_mid_scan_stops_the_workers(qtbot, settings, small_class):
    import multiprocessing

    from app.main_window import MainWindow

    win = MainWindow(settings, use_cache=False)
    qtbot.addWidget(win)
    win.show()
    with qtbot.waitSignal(
        win.scanner.progressed,
        timeout=SCAN_TIMEOUT_MS,
        check_params_cb=lambda report: report.done >= 1,  # workers are running
    ):
        win.scan_paths([small_class])
    assert win.scanner.running
    win.close()  # cancels, waits for the scan thread, which stops and reaps its workers
    assert not win.scanner.running or win.scanner.wait(0)
    assert multiprocessing.active_children() == []


def test_cancel_during_the_comparison_stops_it_within_a_second(qtbot, settings, tmp_path):
    import time

    from app.main_window import MainWindow
    from simhash_core.progress import Stage
    from tests.core.textgen import sentences_of

    # 25 essays, each handed in 24 times with one sentence changed: 6,900 pairs to
    # align, about 3 s of comparing on this machine (each text is shared by 4% of the
    # class, so none of it is common text)
    folder = tmp_path / "copies"
    folder.mkdir()
    for group in range(25):
        sentences = sentences_of(zh_essay(700 + group, sentences=80))
        for copy in range(24):
            text = sentences[:]
            text[copy] = zh_essay(900 + group * 30 + copy, sentences=1)
            name = f"g{group:02}c{copy:02}.txt"
            (folder / name).write_text("".join(text), encoding="utf-8")
    win = MainWindow(settings, use_cache=False)
    qtbot.addWidget(win)
    win.show()
    clicked: list[float] = []

    def cancel_once_comparing(report) -> None:
        if report.stage is Stage.COMPARE and report.done > 0 and not clicked:
            clicked.append(time.monotonic())
            win.progress_panel.cancel_button.click()

    win.scanner.progressed.connect(cancel_once_comparing)
    with qtbot.waitSignal(win.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
        win.scan_paths([folder])
    stopped_after = time.monotonic() - clicked[0]
    result = finished.args[0]
    print(f"\ncomparison stopped {stopped_after * 1000:.0f} ms after Cancel")
    assert result.cancelled and len(result.documents) == 600
    assert result.comparison_cancelled
    assert result.pairs == []  # not a misleading part of the pairs
    assert stopped_after < 1.0
    # not "0 flagged pairs", which would read as "nobody copied"
    title = win.matrix_panel.title.text()
    assert "600 file" in title and "read" in title, title
    assert "the comparison was cancelled" in title, title
    assert "flagged" not in title and "compared ·" not in title
    assert "comparison was cancelled" in win.groups_panel.empty_label.text()


def test_an_empty_folder_or_a_lone_file_says_why_there_is_no_matrix(qtbot, window, tmp_path):
    """No "see the Errors panel" when that panel is empty, and no 1 x 1 matrix."""
    empty = tmp_path / "empty"
    empty.mkdir()
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS):
        window.scan_paths([empty])
    panel = window.matrix_panel
    assert panel.stack.currentWidget() is panel.placeholder
    assert window.errors_model.rowCount() == 0
    shown = panel.placeholder.text()
    assert shown.startswith("No submissions here")
    assert all(kind in shown for kind in ("DOCX", "PDF", "TXT", "ODT", "RTF"))
    lone = tmp_path / "lone"
    lone.mkdir()
    (lone / "only.txt").write_text(zh_essay(1), encoding="utf-8")
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS):
        window.scan_paths([lone])
    assert panel.stack.currentWidget() is panel.placeholder
    assert panel.placeholder.text().startswith(
        "Only only.txt could be read: there is nothing to compare it with."
    )


def test_while_a_scan_runs_the_matrix_says_so_not_drop_here(qtbot, window, tmp_path):
    """A teacher who dropped a folder is not asked to drop files while they are read
    and compared: the empty matrix says the files are being checked, until the result."""
    folder = tmp_path / "class"
    folder.mkdir()
    for i in range(3):
        (folder / f"s{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    panel = window.matrix_panel
    assert panel.placeholder.text().startswith("Drop folders or files here")
    during: list[str] = []
    window.scanner.progressed.connect(lambda _: during.append(panel.placeholder.text()))
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS):
        window.scan_paths([folder])
    assert during and all(t.startswith("Checking the files") for t in during)
    assert panel.stack.currentWidget() is panel.view
    assert not panel.scanning


def test_templates_are_remembered_per_folder_and_never_carry_over(qtbot, window, tmp_path):
    """A folder opened again (from Recent folders) gets its template back; another
    folder does not inherit it; the status bar says which template is active."""
    a, b = tmp_path / "class-a", tmp_path / "class-b"
    for folder in (a, b):
        folder.mkdir()
        for i in range(3):
            (folder / f"s{i}.txt").write_text(zh_essay(i + len(folder.name)), encoding="utf-8")
    question = tmp_path / "question.txt"
    question.write_text(zh_essay(99, 5), encoding="utf-8")

    def scan(paths, **kw):
        with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS):
            window.scan_paths(paths, **kw)

    scan([a])
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS):
        window.add_template(question)
    assert window.status_label.text() == "Template: question.txt"
    scan([b])
    assert window.templates == [] and window.status_label.text() == "No template"
    window.recent_menu.aboutToShow.emit()  # File → Recent folders → class-a
    (again,) = [x for x in window.recent_menu.actions() if x.text() == str(a.resolve())]
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS):
        again.trigger()
    assert window.templates == [question]
    assert window.status_label.text() == "Template: question.txt"
    assert window.result.templates == [question]  # the scan used it


def test_a_file_added_with_add_files_keeps_its_student(qtbot, window, tmp_path, monkeypatch):
    """File → Add files: a late Moodle file beside the class is named after the student
    its folder names, not "late.txt" (issue 37)."""
    from PySide6.QtWidgets import QFileDialog

    from tests.core.test_archive_late import late_copy, moodle_class

    klass = moodle_class(tmp_path / "class", ("Ann Lee", "Bo Wu"))
    late = next(late_copy(tmp_path / "late", of=1).rglob("late.txt"))
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS):
        window.scan_paths([klass])
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(late)], ""))
    with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
        window.choose_files()
    docs = finished.args[0].documents
    assert {d.path: d.label for d in docs} == {
        "class/Ann Lee_20250100_assignsubmission_file_/answer.txt": "Ann Lee",
        "class/Bo Wu_20250101_assignsubmission_file_/answer.txt": "Bo Wu",
        "late.txt": "Gao Yu",
    }


def test_dropping_a_moodle_zip_gives_the_unzipped_folders_result(
    qtbot, window, small_class, tmp_path, monkeypatch
):
    """A platform's ZIP dropped on the window is read in place, students named, with the
    result of the same class unzipped (#41.1); File → Add files offers ZIPs."""
    from PySide6.QtWidgets import QFileDialog

    from tests.core.intake_files import unzip_like_a_teacher, zip_bytes

    entries = {
        f"Student {k}_{100 + k}_assignsubmission_file_/{p.name}": p.read_bytes()
        for k, p in enumerate(sorted(small_class.iterdir()))
    }
    archive = tmp_path / "moodle.zip"
    archive.write_bytes(zip_bytes(entries))
    folder = tmp_path / "moodle"
    unzip_like_a_teacher(archive, folder)

    def dropped(path: Path):
        with qtbot.waitSignal(window.scanFinished, timeout=SCAN_TIMEOUT_MS) as finished:
            assert drop_urls(window, [QUrl.fromLocalFile(str(path))]) == (True, True)
        return finished.args[0]

    zipped, unzipped = dropped(archive), dropped(folder)
    assert [(d.path, d.label, d.content_hash) for d in zipped.documents] == [
        (d.path, d.label, d.content_hash) for d in unzipped.documents
    ]
    assert [(p.a, p.b, p.similarity, p.flagged) for p in zipped.pairs] == [
        (p.a, p.b, p.similarity, p.flagged) for p in unzipped.pairs
    ]
    assert zipped.documents[0].label == "Student 0" and len(zipped.documents) == 8
    assert str(archive.resolve()) in window.app_settings.recent_folders()
    offered = []
    monkeypatch.setattr(
        QFileDialog, "getOpenFileNames", lambda *a, **k: offered.append(a[3]) or ([], "")
    )
    window.choose_files()
    assert "*.zip" in offered[0] and "*.pptx" in offered[0] and "*.docm" in offered[0]
