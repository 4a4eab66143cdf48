"""Creating the QApplication: names (for QSettings), the CJK-capable font, the language,
the light or dark palette (:mod:`app.theme`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app import APPLICATION, ORGANIZATION
from app.fonts import install_cjk_font
from app.main_thread_gc import collect_on_this_thread
from app.refcount_guard import keep_singletons_alive
from app.shortcut import icon_path
from app.theme import apply_color_scheme


def create_application(
    argv: Sequence[str] | None = None, color_scheme: str = "system"
) -> QApplication:
    """The process's QApplication (reused if one exists, as under pytest-qt), in the
    ``color_scheme`` asked for ("system", "light" or "dark")."""
    keep_singletons_alive()  # before any painting: see app.refcount_guard
    app = QApplication.instance()
    if app is None:
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("plagcheck")
    app.setDesktopFileName("plagcheck")  # the menu entry of --install-shortcut (Wayland)
    app.setWindowIcon(window_icon())
    install_cjk_font(app)
    apply_color_scheme(app, color_scheme)
    collect_on_this_thread(app)  # never in a background thread: see app.main_thread_gc
    return app  # type: ignore[return-value]


def window_icon() -> QIcon:
    """plagcheck's icon (``app/icons``), for every window and the task bar."""
    return QIcon(str(icon_path("plagcheck.png")))
