"""Languages: Qt translation files, switched at runtime from the Language menu."""

from __future__ import annotations

import re
import string
import subprocess
import sys

import pytest
from PySide6.QtCore import QLocale, Qt

from app.i18n import CHINESE, ENGLISH, LanguageManager, resolve_language, system_language
from app.models.pairs_model import Column
from app.translations import build
from simhash_core.messages import CATALOGUE, PROBLEM_KINDS, Message

DISPLAY = Qt.ItemDataRole.DisplayRole


@pytest.fixture
def languages(qapp):
    manager = LanguageManager()
    yield manager
    manager.apply(ENGLISH)


def visible_texts(win) -> dict[str, str]:
    return {
        "file": win.file_menu.title(),
        "tab": win.tabs.tabText(0),
        "metric": win.matrix_panel.metric_combo.currentText(),
        "header": win.pairs_model.headerData(Column.FILE_A, Qt.Orientation.Horizontal, DISPLAY),
        "cancel": win.progress_panel.cancel_button.text(),
        "legend": win.side_by_side.legend.text(),
        "errors": win.errors_model.headerData(0, Qt.Orientation.Horizontal, DISPLAY),
    }


def test_language_menu_switches_visible_texts(qtbot, settings, languages, small_result):
    from app.main_window import MainWindow

    languages.apply(ENGLISH)
    win = MainWindow(settings, languages)
    qtbot.addWidget(win)
    win.set_result(small_result)
    english = visible_texts(win)
    assert english["file"] == "&File" and english["tab"] == "Matrix"
    title_en = win.matrix_panel.title.text()

    win.language_actions[CHINESE].trigger()
    # Qt delivers LanguageChange events through the event loop
    qtbot.waitUntil(lambda: win.file_menu.title() == "文件(&F)", timeout=3000)
    qtbot.wait(50)
    chinese = visible_texts(win)
    assert chinese["file"] == "文件(&F)"
    assert chinese["tab"] == "矩阵"
    assert chinese["cancel"] == "取消"
    assert chinese["header"] == "文件 A"
    assert chinese["errors"] == "文件"
    assert all(chinese[k] != english[k] for k in english)
    assert "已比较" in win.matrix_panel.title.text() != title_en
    assert settings.language() == CHINESE
    assert win.language_actions[CHINESE].isChecked()

    win.language_actions[ENGLISH].trigger()
    qtbot.waitUntil(lambda: win.file_menu.title() == "&File", timeout=3000)
    qtbot.wait(50)
    assert visible_texts(win) == english


# Latin words a Chinese sentence may keep: names of formats, methods and codes
TECHNICAL = {
    "SimHash", "PDF", "DOCX", "DOC", "XML", "ZIP", "RAR", "Zip", "gzip", "ELF", "Mach", "Java",
    "SQLite", "JPEG", "PNG", "GIF", "TIFF", "WebP", "WAV", "AVI", "MP", "HEIC", "FLAC", "Ogg",
    "RTF", "HTML", "XLSX", "PPTX", "odt", "OpenDocument", "Excel", "PowerPoint", "Word",
    "Microsoft", "Office", "Windows", "exe", "doc", "xls", "ppt", "UTF", "NUL", "OCR",
    "Redis", "plagcheck", "Big", "ISO",  # Big5, ISO 8859-1: names of encodings
    "WMF", "EMF", "EPS",  # picture formats OCR does not read
    "ODT", "zip", "content", "xml",  # content.xml: a part of an ODT
    "Moodle", "Canvas", "Blackboard", "Google", "Classroom", "Markdown",  # platforms, formats
    "Deflate",  # a ZIP compression method
    "WPS", "wps", "Works", "LibreOffice", "Apple", "iWork",  # office programs and formats
    "pillow", "heif",  # pillow-heif, the package that decodes HEIC photos
}  # fmt: skip


def english_words(sentence: str) -> list[str]:
    """Latin words of three letters or more that are not technical names, commands in
    quotes or addresses."""
    sentence = re.sub(r"'[^']*'|\S+://\S+", "", sentence)
    return [w for w in re.findall(r"[A-Za-z]{3,}", sentence) if w not in TECHNICAL]


def without_values(shown: str, message: Message) -> str:
    """``shown`` without the message's own text values (file names, details)."""
    for _, value in message.values:
        if isinstance(value, Message):
            shown = without_values(shown, value)
        elif isinstance(value, str) and value:
            shown = shown.replace(value, "")
    return shown


def sample_values(code: str) -> dict[str, object]:
    """A value for every field of a code's sentence: numbers where it formats a number,
    else a token made of no letters (so any English left in the sentence is the
    translation's)."""
    values: dict[str, object] = {}
    for _, name, spec, _ in string.Formatter().parse(CATALOGUE[code]):
        if name:
            values[name] = 0.25 if spec else 7
    return values


def test_every_message_code_reads_in_chinese(languages):
    """Every reason, warning, error and notice the core can say, and every kind of
    problem, is Chinese in the Chinese UI: no English word is left but names."""
    from app.message_text import problem_label, source_long, source_short, text

    languages.apply(CHINESE)
    english = []
    for code in CATALOGUE:
        if all(not literal.strip() for literal, *_ in string.Formatter().parse(CATALOGUE[code])):
            continue  # only a value ("{detail}"): nothing to translate
        shown = text(Message.of(code, **sample_values(code)))
        if english_words(shown) or not re.search("[\u4e00-\u9fff]", shown):
            english.append((code, shown))
    for kind in PROBLEM_KINDS:
        if english_words(problem_label(kind)):
            english.append((kind, problem_label(kind)))
    for code in ("source.archived", "source.compiled", "source.unknown"):
        message = Message.of(code, **sample_values(code))
        for shown in (source_short(message), source_long(message)):
            if english_words(shown):
                english.append((code, shown))
    assert not english


def test_reasons_of_a_real_scan_read_in_chinese(languages, small_result, tmp_path):
    """The messages of real files, nested ones included (what a misnamed file is)."""
    from app.message_text import joined, text
    from simhash_core.scan import scan
    from tests.data.make_bad_files import make_bad_files

    make_bad_files(tmp_path)
    result = scan([tmp_path], isolate=False)
    messages = [e.reason for e in (*result.errors, *result.skipped)]
    messages += [w for d in result.documents for w in d.warnings]
    assert len({m.code for m in messages}) >= 15
    languages.apply(CHINESE)
    for m in messages:
        assert not english_words(without_values(text(m), m)), (m, text(m))
    reasons = [r for p in small_result.pairs for r in p.reasons]
    assert {r.code for r in reasons} >= {"pair.share", "pair.passage"}
    for r in reasons:
        assert not english_words(without_values(joined([r]), r)), joined([r])
    languages.apply(ENGLISH)
    assert all(text(m) == str(m) for m in messages)


def test_system_locale_decides_the_default():
    assert system_language(QLocale(QLocale.Language.Chinese, QLocale.Country.China)) == CHINESE
    assert system_language(QLocale(QLocale.Language.Chinese, QLocale.Country.Taiwan)) == CHINESE
    assert system_language(QLocale(QLocale.Language.German, QLocale.Country.Germany)) == ENGLISH
    assert resolve_language("zh-CN") == CHINESE and resolve_language("en_GB") == ENGLISH


def test_translations_are_complete_and_compiled():
    """Every string has a Chinese translation and the committed .qm matches the .ts."""
    result = subprocess.run(
        [sys.executable, "-m", "app.translations.build", "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    for lang in build.LANGUAGES:
        assert build.unfinished(lang) == 0


def test_counts_take_the_right_plural_form(languages, qtbot, settings, small_result):
    """ "1 matched passage", "2 matched passages": Qt's plural forms, in English from
    plagcheck_en.qm, and the one Chinese form."""
    from app.message_text import text
    from app.models.matrix_model import MatrixModel
    from app.views.matrix_panel import MatrixPanel
    from app.views.side_by_side import SideBySideView

    languages.apply(ENGLISH)
    view = SideBySideView()
    qtbot.addWidget(view)
    assert view.tr("%n matched passage(s)", "", 1) == "1 matched passage"
    assert view.tr("%n matched passage(s)", "", 7) == "7 matched passages"
    one_passage = Message.of("pair.passage", words=12.0, passages=1, chars=30)
    three = Message.of("pair.passage", words=12.0, passages=3, chars=90)
    assert text(one_passage).endswith("(1 passage, 30 characters in all)")
    assert text(three).endswith("(3 passages, 90 characters in all)")
    assert str(one_passage) == text(one_passage)  # the CLI and CSV say the same
    view.set_result(small_result)
    one = next(p for p in small_result.pairs if p.passages == 1)
    view.show_pair((one.a, one.b))
    view.wait_for_evidence()
    assert view.summary_items()[0] == "1 matched passage"
    assert "(s)" not in view.summary_text() + view.reasons_text()
    panel = MatrixPanel(MatrixModel())
    qtbot.addWidget(panel)
    panel.set_result(small_result)
    assert panel.summary_items()[:3] == [
        f"{len(small_result.documents)} files compared",
        f"{sum(p.flagged for p in small_result.pairs)} flagged pairs",
        f"{len(small_result.clusters)} groups",
    ]
    languages.apply(CHINESE)
    assert view.tr("%n matched passage(s)", "", 1) == "1 处匹配段落"
    assert text(three) == "一段约 12 词的匹配段落（共 3 段，90 个字符）"
    assert "(s)" not in view.summary_text()
