"""Languages: Qt translation files, switched at runtime from the Language menu."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6.QtCore import QLocale, Qt

from app.i18n import CHINESE, ENGLISH, LanguageManager, resolve_language, system_language
from app.translations import build

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
        "header": win.pairs_model.headerData(1, Qt.Orientation.Horizontal, DISPLAY),
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


def test_core_reasons_follow_the_language(languages):
    from app.core_text import flag_reason, source_reason

    languages.apply(CHINESE)
    assert flag_reason("SimHash distance 2 ≤ 3") == "SimHash 距离 2 ≤ 3"
    assert flag_reason("37% of s017.pdf is matched text") == "s017.pdf 有 37% 为匹配文本"
    assert source_reason("earliest modified") == "修改时间最早"


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
    from app.core_text import flag_reason
    from app.models.matrix_model import MatrixModel
    from app.views.matrix_panel import MatrixPanel
    from app.views.side_by_side import SideBySideView

    languages.apply(ENGLISH)
    view = SideBySideView()
    qtbot.addWidget(view)
    assert view.tr("%n matched passage(s)", "", 1) == "1 matched passage"
    assert view.tr("%n matched passage(s)", "", 7) == "7 matched passages"
    assert (
        flag_reason("1 matching passage(s), 40 characters") == "1 matching passage, 40 characters"
    )
    assert (
        flag_reason("3 matching passage(s), 90 characters") == "3 matching passages, 90 characters"
    )
    longest = "a matching passage of about 12 words (1 passage(s), 30 characters in all)"
    assert flag_reason(longest).endswith("(1 passage, 30 characters in all)")
    view.set_result(small_result)
    one = next(p for p in small_result.pairs if p.passages == 1)
    view.show_pair((one.a, one.b))
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
    assert flag_reason("3 matching passage(s), 90 characters") == "3 处匹配段落，共 90 个字符"
    assert "(s)" not in view.summary_text()
