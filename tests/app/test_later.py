"""The queue of work done a piece per event-loop turn (:mod:`app.later`)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from app.later import TurnQueue


def test_a_piece_queued_last_waits_for_every_other_piece(qtbot):
    """A job's start (queued ``last``) runs after the views' pieces, those a piece
    queues while running included; one piece per turn, a key queued again replaced."""
    queue = TurnQueue()
    owner = QObject()
    ran: list[str] = []

    def fill() -> None:
        ran.append("fill")
        queue.add("layout", owner, lambda: ran.append("layout"))

    queue.add("start job", owner, lambda: ran.append("job"), last=True)
    queue.add("fill", owner, fill)
    queue.add("fit", owner, lambda: ran.append("old fit"))
    queue.add("fit", owner, lambda: ran.append("fit"))
    assert queue.pending("start job") and not ran
    qtbot.waitUntil(lambda: not queue.pending("start job"), timeout=2000)
    assert ran == ["fill", "fit", "layout", "job"]


def test_a_piece_queued_last_can_be_run_now_or_cancelled(qtbot):
    queue = TurnQueue()
    owner = QObject()
    ran: list[str] = []
    queue.add("a", owner, lambda: ran.append("a"), last=True)
    queue.add("b", owner, lambda: ran.append("b"), last=True)
    queue.run_now("a")
    queue.cancel("b")
    assert ran == ["a"] and not queue.pending("b")
    qtbot.wait(50)
    assert ran == ["a"]
