"""What the side-by-side view paints is what the core found, for every pair opened.

A teacher opens pair after pair, from the matrix, the pairs table and the groups. Each
time, every character of both texts must be painted from that pair's own evidence: the
passage colour exactly on its passages, grey on common text, grey italics on the
template, nothing on the student's own words. (``setPlainText`` once carried the first
character's format of the previous document over the whole next one.)
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCharFormat
from PySide6.QtTest import QTest

from app.theme import legible
from app.views.side_by_side import COMMON_TEXT, PassagePane, passage_color
from simhash_core.compare.text_spans import excluded_spans
from tests.app.conftest import doc_index


def painted(pane: PassagePane) -> list[QTextCharFormat]:
    """The character format of every Python index of the pane's text."""
    document = pane.document()
    by_qt: list[QTextCharFormat] = [QTextCharFormat()] * document.characterCount()
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            for pos in range(fragment.position(), fragment.position() + fragment.length()):
                by_qt[pos] = fragment.charFormat()
            it += 1
        block = block.next()
    return [by_qt[pane.display.to_qt(i)] for i in range(len(pane.display.text))]


def inside(spans: list[tuple[int, int]], i: int) -> bool:
    return any(s <= i < e for s, e in spans)


def assert_painted_from_evidence(window, result, pair: tuple[int, int]) -> int:
    """Every character of both panes is painted from ``pair``'s evidence; returns how
    many passage characters were checked."""
    view = window.side_by_side
    assert view.pair == (min(pair), max(pair))
    view.wait_for_evidence()  # made in a worker
    a, b = view.pair
    passages = sorted(result.corpus.passages(a, b), key=lambda p: (p.a_start, p.b_start))
    assert view.passages == passages
    coloured = 0
    for pane, doc_no, spans in (
        (view.left, a, [(p.a_start, p.a_end) for p in passages]),
        (view.right, b, [(p.b_start, p.b_end) for p in passages]),
    ):
        doc = result.documents[doc_no]
        assert pane.display.text == doc.text.replace("\r\n", "\n").replace("\r", "\n")
        common = result.corpus.common_spans(doc_no)
        excluded = excluded_spans(doc)
        formats = painted(pane)
        common_grey = legible(COMMON_TEXT)  # the class's grey, as dark as the base needs
        for i, fmt in enumerate(formats):
            if doc.text[i] in "\r\n":
                continue
            owner = pane.passage_at(i)
            background = fmt.background()
            if owner is not None:
                assert background.style() != Qt.BrushStyle.NoBrush, (doc.name, i)
                assert background.color() == passage_color(owner), (doc.name, i)
                coloured += 1
            else:
                assert background.style() == Qt.BrushStyle.NoBrush, (doc.name, i, "painted")
                grey = inside(common, i) or inside(excluded, i)
                assert (fmt.foreground().color() == common_grey) == grey or doc.text[i].isspace(), (
                    doc.name,
                    i,
                    "grey" if grey else "own words",
                )
            assert fmt.fontItalic() == inside(excluded, i) or doc.text[i].isspace(), (
                doc.name,
                i,
            )
        assert spans == pane.spans
    return coloured


def test_three_pairs_in_a_row_are_each_painted_from_their_own_evidence(window, small_result, qtbot):
    window.set_result(small_result)
    window.resize(1280, 720)
    qtbot.waitExposed(window)
    idx = {d.name: i for i, d in enumerate(small_result.documents)}

    # 1. from the matrix: a click on the cell of s004 and s029
    a, b = doc_index(small_result, "s004.docx"), doc_index(small_result, "s029.docx")
    matrix = window.matrix_panel.view
    model = matrix.model()
    cell = next(
        model.index(r, c)
        for r in range(model.rowCount())
        for c in range(model.columnCount())
        if r != c and set(model.index(r, c).data(matrix_role())) == {a, b}
    )
    matrix.scrollTo(cell)
    with qtbot.waitSignal(window.pairOpened):
        QTest.mouseClick(
            matrix.viewport(), Qt.MouseButton.LeftButton, pos=matrix.visualRect(cell).center()
        )
    assert assert_painted_from_evidence(window, small_result, (a, b)) > 0

    # 2. from the pairs table: a double click on a pair with far fewer passages
    panel = window.pairs_panel
    rows = [panel.proxy.index(r, 0) for r in range(panel.proxy.rowCount())]
    target = next(
        r for r in rows if set(r.data(matrix_role())) == {idx["s021.txt"], idx["s027.txt"]}
    )
    opened: list[tuple[int, int]] = []
    window.pairOpened.connect(lambda x, y: opened.append((x, y)))
    window.pairs_dock.raise_()
    panel.table.scrollTo(target)
    qtbot.wait(20)
    assert panel.table.isVisible()
    shown_column = next(
        c for c in range(panel.proxy.columnCount()) if not panel.table.isColumnHidden(c)
    )
    point = panel.table.visualRect(target.siblingAtColumn(shown_column)).center()
    assert panel.table.viewport().rect().contains(point), point
    with qtbot.waitSignal(window.pairOpened):
        double_click(panel.table.viewport(), point)
    qtbot.wait(50)
    assert len(opened) == 1, "a double click opens the pair once"
    assert_painted_from_evidence(window, small_result, (idx["s021.txt"], idx["s027.txt"]))

    # 3. from the groups: a double click on a member opens its strongest pair
    tree = window.groups_panel.tree
    member = tree.model().index(0, 0, tree.model().index(0, 0))
    tree.scrollTo(member)
    opened.clear()
    with qtbot.waitSignal(window.pairOpened):
        double_click(tree.viewport(), tree.visualRect(member).center())
    qtbot.wait(50)
    assert len(opened) == 1
    assert_painted_from_evidence(window, small_result, opened[0])

    # 4. and a pair without any passage after them: nothing painted at all
    honest = (idx["s002.txt"], idx["s014.txt"])
    window.open_pair(*honest)
    window.side_by_side.wait_for_evidence()
    assert assert_painted_from_evidence(window, small_result, honest) == 0


def double_click(widget, point) -> None:
    """A double click as a desktop delivers it: press and release, then a double click
    (``QTest.mouseDClick`` alone sends no first press)."""
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)
    QTest.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=point)


def matrix_role():
    from app.models.roles import Role

    return Role.DOC_PAIR
