"""The students view: each student's highest similarity and review state, sorted and
filtered the way a teacher works through a class, opening the next pair to decide."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.models.roles import Role
from app.models.students_model import StudentColumn
from simhash_core.review.decisions import Verdict
from simhash_core.review.standing import Review, standings


def _rows(panel) -> list[tuple[str, str, str]]:
    proxy = panel.proxy
    return [
        tuple(proxy.index(r, c).data() for c in (0, StudentColumn.HIGHEST, StudentColumn.REVIEW))
        for r in range(proxy.rowCount())
    ]


def test_students_are_worked_through_top_to_bottom(window, small_result, qtbot):
    window.set_result(small_result)
    model, panel = window.students_model, window.students_panel
    model.wait_until_ready()
    class_docs = [d for d in small_result.documents if d.archive_label is None]
    assert len(model.rows) == len(class_docs)
    # sorted by the highest similarity, strongest first
    highest = [panel.proxy.index(r, 0).data(Role.DOC_INDEX) for r in range(panel.proxy.rowCount())]
    values = [s.highest for s in sorted(model.rows, key=lambda s: -s.highest)]
    shown = [next(s for s in model.rows if s.document == i).highest for i in highest]
    assert shown == values
    best = max(p.similarity for p in small_result.pairs)
    assert shown[0] == best

    # "to review, above 30 %"
    panel.show_to_review_above(30)
    expected = [s for s in standings(small_result) if s.flagged and s.highest >= 0.3]
    assert len(_rows(panel)) == len(expected) > 0
    assert all(words.endswith("to review") for _, _, words in _rows(panel))
    assert "students" in panel.summary and "to review" in window.students_dock.windowTitle()

    # Enter opens the first student's pair to decide; confirming it clears them off
    first = panel.proxy.index(0, 0)
    standing = next(s for s in model.rows if s.document == first.data(Role.DOC_INDEX))
    panel.table.setFocus()
    panel.table.setCurrentIndex(first)
    with qtbot.waitSignal(window.pairOpened) as opened:
        QTest.keyClick(panel.table, Qt.Key.Key_Return)
    pair = tuple(opened.args)
    assert pair == (standing.next_pair.a, standing.next_pair.b)
    for p in standing.flagged:
        window.review.decide(p.a, p.b, Verdict.CONFIRMED)
    now = next(s for s in model.rows if s.document == standing.document)
    assert now.review is Review.CONFIRMED and now.confirmed == len(standing.flagged)
    panel._apply_filter()
    assert standing.document not in [
        panel.proxy.index(r, 0).data(Role.DOC_INDEX) for r in range(panel.proxy.rowCount())
    ]
