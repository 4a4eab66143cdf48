"""A guard against a PySide6 reference-count bug that crashes long sessions.

With PySide6 / shiboken6 6.12.0 on Python 3.11, every Qt method that returns nothing
(``QPoint.setX``, ``QPainter.drawLine``, ``QLabel.setText``...) gives Python ``None``
without taking a reference to it, and every ``signal.emit(...)`` does the same with the
``True`` it returns: each call drops one reference to ``None`` or ``True``. The
interpreter starts with a few thousand; painting the main window once costs about fifty,
so after a few hundred repaints (a minute of scrolling and hovering) ``None`` is freed
and Python aborts with "Fatal Python error: none_dealloc" (or "bool_dealloc").

From Python 3.12 ``None``, ``True`` and ``False`` are immortal and the bug is harmless.
On older versions, when a probe shows the leak, :func:`keep_singletons_alive` gives
those three objects so many references (2**60) that they can never reach zero: the
behaviour Python 3.12 has by design.
"""

from __future__ import annotations

import ctypes
import sys

IMMORTAL = 1 << 60
PROBES = 32


def _drops(obj: object, call) -> bool:
    before = sys.getrefcount(obj)
    for _ in range(PROBES):
        call()
    return sys.getrefcount(obj) < before


def leaking_singletons() -> list[object]:
    """The singletons (``None``, ``True``) that Qt calls drop references to here."""
    if sys.version_info >= (3, 12):
        return []  # immortal: nothing to lose
    from PySide6.QtCore import QObject, QPoint, Signal

    class _Probe(QObject):
        fired = Signal()

    point, probe = QPoint(), _Probe()
    leaks = []
    if _drops(None, lambda: point.setX(1)):
        leaks.append(None)
    if _drops(True, probe.fired.emit):
        leaks.append(True)
    probe.deleteLater()
    return leaks


def keep_singletons_alive() -> bool:
    """Make ``None``, ``True`` and ``False`` immortal if a PySide6 leak is present;
    ``True`` if it was (and the guard applied, once per process)."""
    if sys.getrefcount(None) >= IMMORTAL // 2 or not leaking_singletons():
        return False
    for obj in (None, True, False):
        # ob_refcnt is the first field of every object (a Py_ssize_t at its address)
        ctypes.c_ssize_t.from_address(id(obj)).value += IMMORTAL
    return True
