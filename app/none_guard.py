"""A guard against a PySide6 reference-count bug that crashes long sessions.

With PySide6 / shiboken6 6.12.0 on Python 3.11, every Qt method that returns nothing
(``QPoint.setX``, ``QPainter.drawLine``, ``QLabel.setText``...) gives Python ``None``
without taking a reference to it, so each call drops one reference to ``None``. The
interpreter starts with a few thousand; painting the main window once costs about fifty,
so after a few hundred repaints (a minute of scrolling and hovering) ``None`` is freed
and Python aborts with "Fatal Python error: none_dealloc".

From Python 3.12 ``None`` is immortal and the bug is harmless. On older versions, when
a probe shows the leak, :func:`keep_none_alive` gives ``None`` so many references (2**60)
that it can never reach zero: the behaviour Python 3.12 has by design.
"""

from __future__ import annotations

import ctypes
import sys

IMMORTAL = 1 << 60


def none_refcount_leaks() -> bool:
    """Whether a Qt call that returns nothing drops a reference to ``None`` here."""
    if sys.version_info >= (3, 12):
        return False  # None is immortal
    from PySide6.QtCore import QPoint

    point = QPoint()
    before = sys.getrefcount(None)
    for _ in range(32):
        point.setX(1)
    return sys.getrefcount(None) < before


def keep_none_alive() -> bool:
    """Make ``None`` immortal if the PySide6 leak is present; ``True`` if it was."""
    if sys.getrefcount(None) >= IMMORTAL // 2 or not none_refcount_leaks():
        return False
    # ob_refcnt is the first field of every object (a Py_ssize_t at its address)
    ctypes.c_ssize_t.from_address(id(None)).value += IMMORTAL
    return True
