"""Fixtures for the GUI tests: offscreen Qt, a temporary settings file, small classes
copied from the sample class, and a ready-made scan result for the view tests."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.refcount_guard import keep_singletons_alive

keep_singletons_alive()  # pytest-qt makes its own QApplication: guard it too (app.refcount_guard)


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread(qapp):
    """Garbage with Qt objects is collected on the GUI thread (app.main_thread_gc), as
    in the app: a background thread's collection can crash Qt."""
    import gc

    from app.main_thread_gc import collect_on_this_thread

    collect_on_this_thread(qapp)
    gc.disable()
    yield
    _finish_background_threads(qapp)
    gc.collect()  # here, on the GUI thread; the core's tests that follow collect as usual
    gc.enable()


def _finish_background_threads(qapp) -> None:
    """Let the test's worker threads (app.background: children of the application)
    end, and their objects be deleted, before anything is collected: collecting a
    worker's wrappers while its thread still runs crashed Qt now and then."""
    from PySide6.QtCore import QCoreApplication, QEvent, QThread

    for thread in qapp.findChildren(QThread):
        if thread.isRunning():
            thread.wait(30_000)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qapp.processEvents()


SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "samples" / "class-zh"
SUBMISSIONS = SAMPLES / "submissions"
TEMPLATE = SAMPLES / "template.txt"
# a small class: s004/s018/s029 form one group (light copy + partial copies),
# s021/s027 another (copied then converted to Traditional Chinese); the rest are honest
SMALL_CLASS = (
    "s004.docx",
    "s018.txt",
    "s029.docx",
    "s021.txt",
    "s027.txt",
    "s002.txt",
    "s014.txt",
    "s020.txt",
)


def _require_samples() -> None:
    """The sample class must be there (``../shared`` beside the clone): a test that
    needs it fails without it, never skips."""
    assert SUBMISSIONS.is_dir(), f"the sample class is missing: {SUBMISSIONS}"


needs_samples = pytest.mark.usefixtures("samples_present")


def copy_class(target: Path, names: tuple[str, ...] = SMALL_CLASS) -> Path:
    target.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy2(SUBMISSIONS / name, target / name)
    return target


@pytest.fixture
def settings(tmp_path: Path):
    """Application settings in a temporary INI file (never the user's)."""
    from app.settings import AppSettings

    return AppSettings.at_path(tmp_path / "settings.ini")


@pytest.fixture
def small_class(tmp_path: Path) -> Path:
    _require_samples()
    return copy_class(tmp_path / "class")


@pytest.fixture(scope="session")
def small_result(tmp_path_factory: pytest.TempPathFactory):
    """A scan of the small class (with the template), computed once without Qt."""
    _require_samples()
    from simhash_core.scan import scan

    folder = copy_class(tmp_path_factory.mktemp("small") / "class")
    return scan([folder], [TEMPLATE], isolate=False)


@pytest.fixture
def decision_store(tmp_path: Path):
    """A decisions store of the test's own (never the user's, nor another test's)."""
    from simhash_core.review.store import DecisionStore

    return DecisionStore(tmp_path / "decisions.sqlite")


@pytest.fixture
def window(qtbot, settings, decision_store) -> Iterator:
    """A main window in English (with its plural forms), temporary settings and its own
    decisions store, closed (and its scan stopped) at the end."""
    from app.i18n import ENGLISH, LanguageManager
    from app.main_window import MainWindow

    languages = LanguageManager()
    languages.apply(ENGLISH)
    win = MainWindow(settings, languages, decisions=decision_store)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.scanner.cancel()
    win.scanner.wait(30000)


def doc_index(result, name: str) -> int:
    return next(i for i, d in enumerate(result.documents) if d.name == name)


@pytest.fixture(autouse=True)
def _forget_decisions(request: pytest.FixtureRequest) -> Iterator[None]:
    """The session's shared scan goes to the next test without this test's decisions
    (a window attaches its store's decisions to the result it shows)."""
    yield
    shared = request.node.funcargs.get("small_result")
    if shared is not None:
        shared.decisions = None
