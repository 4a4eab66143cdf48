"""The shared-text bar over the results: a prompt a third of the class pasted is told
("12 students begin with the same 46 words: the assignment text?"), and its button
treats it as the assignment text: the class is judged again and the bar goes."""

from __future__ import annotations

from pathlib import Path

from app.i18n import ENGLISH, LanguageManager
from app.main_window import MainWindow
from simhash_core.review.exclusions import ExclusionKind
from simhash_core.review.store import DecisionStore
from tests.core.test_shared_text import PROMPT
from tests.core.textgen import en_essay


def _class(folder: Path) -> Path:
    folder.mkdir(parents=True)
    for k in range(30):
        own = en_essay(100 + k, 25)
        text = PROMPT + own if k < 11 else own
        (folder / f"s{k:02}.txt").write_text(text, encoding="utf-8")
    return folder


def test_the_bar_tells_of_the_prompt_and_treats_it_as_the_assignment_text(
    qtbot, settings, tmp_path
) -> None:
    folder = _class(tmp_path / "class")
    languages = LanguageManager()
    languages.apply(ENGLISH)
    store = DecisionStore(tmp_path / "decisions.sqlite")
    win = MainWindow(settings, languages, decisions=store, persist=False, isolate=False)
    qtbot.addWidget(win)
    win.show()
    bar = win.shared_text_bar
    assert not bar.isVisible()  # nothing scanned, nothing to tell
    with qtbot.waitSignal(win.scanner.finished, timeout=120_000):
        win.scan_paths([folder])
    qtbot.waitUntil(lambda: win.result is not None, timeout=10_000)
    assert bar.isVisible() and len(bar.rows) == 1
    row = bar.rows[0]
    words = win.result.shared_texts[0].words
    said = f"11 students begin with the same {words} words: the assignment text?"
    assert row.message.text() == said
    assert row.start.text().startswith("“Assignment three. Write an essay")
    assert not any(p.flagged for p in win.result.pairs)  # the prompt is no evidence

    row.button.click()
    assert win.review.wait_judged()
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=10_000)
    (kept,) = win.review.exclusions()
    assert kept.kind is ExclusionKind.TEMPLATE and kept.text.startswith("Assignment three.")
    assert win.result.shared_texts == ()
    win.close()
