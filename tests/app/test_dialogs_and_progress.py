"""The settings dialog and the progress strip."""

from __future__ import annotations

from dataclasses import replace

from app.views.progress_panel import ProgressPanel
from app.views.settings_dialog import SettingsDialog
from simhash_core.progress import ProgressReport, Stage
from simhash_core.types import ScanSettings


def test_settings_dialog_edits_a_copy(qtbot):
    base = replace(ScanSettings(), workers=3)
    dialog = SettingsDialog(base)
    qtbot.addWidget(dialog)
    editors = dialog.editors
    editors["simhash_k"].setValue(5)
    editors["flag_similarity"].setValue(30)  # shown in per cent
    assert editors["flag_similarity"].suffix() == " %"
    editors["ngram"].setValue(7)
    editors["t2s"].setChecked(False)
    editors["exclude_quotes"].setChecked(True)
    passage = editors["flag_passage_words"]
    assert passage.value() == 40  # the passage-length rule is there, at its default
    assert passage.suffix() == " words" and passage.toolTip()
    passage.setValue(60)
    edited = dialog.settings()
    assert (edited.simhash_k, edited.flag_similarity, edited.ngram) == (5, 0.3, 7)
    assert edited.flag_passage_words == 60
    assert edited.t2s is False and edited.exclude_quotes is True
    assert edited.workers == 3  # fields the dialog does not show are kept


def test_progress_panel_says_which_page_ocr_is_reading(qtbot):
    panel = ProgressPanel()
    qtbot.addWidget(panel)
    panel.start()
    panel.update_progress(ProgressReport(Stage.READ, 2, 10, "scans/essay.pdf", step=(2, 12)))
    assert panel.file_label.text() == "scans/essay.pdf: reading page 3 of 12 by OCR"
    assert panel.bar.value() == 2  # files, not pages
    panel.update_progress(ProgressReport(Stage.READ, 3, 10, "b.docx"))
    assert panel.file_label.text() == "b.docx"


def test_settings_dialog_turns_ocr_off(qtbot):
    dialog = SettingsDialog(ScanSettings())
    qtbot.addWidget(dialog)
    assert dialog.editors["ocr"].isChecked()
    dialog.editors["ocr"].setChecked(False)
    assert dialog.settings().ocr is False


def test_progress_panel_shows_files_current_file_and_time_left(qtbot):
    panel = ProgressPanel()
    qtbot.addWidget(panel)
    panel.start()
    assert panel.eta_label.text() == "Finding the files…"
    panel.update_progress(ProgressReport(Stage.READ, 0, 10))
    assert panel.eta_label.text() == "Estimating time left…"
    panel.update_progress(ProgressReport(Stage.READ, 1, 10, "a/s000.docx"))
    assert panel.eta_label.text() == "Estimating time left…"  # the start-up is not a file
    panel.update_progress(ProgressReport(Stage.READ, 3, 10, "a/s001.docx"))
    assert panel.bar.value() == 3 and panel.bar.maximum() == 10
    assert panel.file_label.text() == "a/s001.docx"
    assert panel.eta_label.text().startswith("About ")
    with qtbot.waitSignal(panel.cancelRequested):
        panel.cancel_button.click()
    assert not panel.cancel_button.isEnabled()
    assert "Stopping" in panel.eta_label.text()
    # the files read so far are compared, and that can be cancelled again
    panel.update_progress(ProgressReport(Stage.COMPARE, 64, 256))
    assert panel.cancel_button.isEnabled() and panel.eta_label.text() == "Comparing documents…"
    assert panel.bar.text() == "25% compared" and panel.file_label.text() == ""


def test_garbage_is_collected_on_the_gui_thread(qtbot) -> None:
    import gc
    import threading
    import weakref

    from PySide6.QtWidgets import QApplication

    from app.main_thread_gc import INTERVAL_MS, collect_on_this_thread

    collector = collect_on_this_thread(QApplication.instance())
    assert not gc.isenabled()  # no thread collects on its own

    class Node:
        pass

    def make_garbage() -> weakref.ref:
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only a collection frees it
        return weakref.ref(a)

    found: list[weakref.ref] = []
    worker = threading.Thread(target=lambda: found.append(make_garbage()))
    worker.start()
    worker.join()
    junk = [[] for _ in range(2 * collector.thresholds[0])]  # generation 0 is full
    survived_the_worker = found[0]() is not None  # nothing collected it in the worker
    qtbot.wait(3 * INTERVAL_MS)
    assert survived_the_worker
    assert found[0]() is None  # the GUI thread's timer did
    del junk


def test_help_explains_each_measure_in_both_languages(qtbot, window):
    """Help → What the measures mean: every measure the app shows, in plain words, in
    English and in Chinese."""
    from app.i18n import CHINESE, ENGLISH

    window.measures_action.trigger()
    page = window.measures_help
    assert page.isVisible()
    english = page.browser.toPlainText()
    for term in ("Similarity (matched text)", "SimHash distance", "Jaccard", "Containment",
                 "Who copied from whom", "direction unknown"):  # fmt: skip
        assert term in english
    window.languages.apply(CHINESE)
    qtbot.waitUntil(lambda: "匹配" in page.browser.toPlainText(), timeout=3000)
    chinese = page.browser.toPlainText()
    assert "SimHash 距离" in chinese and "Jaccard" in chinese and "包含度" in chinese
    assert "the share" not in chinese
    window.languages.apply(ENGLISH)
