"""The result views over a ready-made scan: groups -> matrix highlight, bit diff,
side-by-side passages and twin navigation, pairs table, CSV export."""

from __future__ import annotations

import csv

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest

from app.main_window import Tab
from app.metrics import percent
from app.models.roles import Role
from app.views.side_by_side import passage_color
from simhash_core.fingerprint.bit_compare import bit
from simhash_core.fingerprint.simhash import bit_contributions, hamming
from simhash_core.report.export import pair_headers, write_pairs_csv
from simhash_core.report.pair_fields import PAIR_COLUMNS
from simhash_core.translations import translation
from tests.app.conftest import copy_class, doc_index
from tests.csv_rows import pair_rows, share


@pytest.fixture
def shown(window, small_result):
    window.set_result(small_result)
    return window


def test_selecting_a_group_highlights_it_in_the_matrix(shown, small_result, qtbot):
    cluster = next(c for c in small_result.clusters if len(c.members) == 3)
    tree = shown.groups_panel.tree
    row = next(
        r
        for r in range(shown.groups_panel.model.rowCount())
        if shown.groups_panel.model.index(r, 0).data(Role.CLUSTER_ID) == cluster.id
    )
    with qtbot.waitSignal(shown.groups_panel.clusterSelected) as selected:
        tree.selectionModel().select(
            shown.groups_panel.model.index(row, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
    assert selected.args[0] == cluster.id
    model = shown.matrix_model
    assert model.highlighted_cluster == cluster.id
    members = set(cluster.members)
    for r in range(model.rowCount()):
        for c in range(model.columnCount()):
            inside = model.document_at(r) in members and model.document_at(c) in members
            assert model.index(r, c).data(Role.HIGHLIGHTED) is inside
    first, last = model.highlighted_rows()
    assert last - first + 1 == len(members)
    assert shown.tabs.currentIndex() == Tab.MATRIX
    tree.clearSelection()
    assert model.highlighted_cluster is None and model.highlighted_rows() is None


def test_group_lists_members_source_and_opens_strongest_pair(shown, small_result, qtbot):
    groups = shown.groups_panel.model
    assert groups.rowCount() == len(small_result.clusters)
    top = groups.index(0, 0)
    cluster = small_result.clusters[0]
    assert groups.rowCount(top) == len(cluster.members)
    assert f"{cluster.max_similarity * 100:.0f}%" == groups.index(0, 1).data()
    # nothing in this class shows who copied from whom, and the list says so
    assert cluster.likely_source is None and cluster.compiler is None
    assert groups.index(0, 2).data() == "direction unknown"
    with qtbot.waitSignal(shown.pairOpened) as opened:
        shown.groups_panel.tree.activated.emit(top)
    assert set(opened.args) <= set(cluster.members)
    assert shown.tabs.currentIndex() == Tab.PAIR


def test_bit_diff_counts(shown, small_result, qtbot):
    a, b = doc_index(small_result, "s021.txt"), doc_index(small_result, "s027.txt")
    shown.open_pair(a, b, view=Tab.BITS)
    shown.side_by_side.wait_for_evidence()
    view = shown.bit_diff
    fa, fb = small_result.documents[a].fingerprint, small_result.documents[b].fingerprint
    cmp = view.comparison
    assert cmp.distance == hamming(fa, fb) == len(cmp.differing)
    assert f"Hamming distance: {cmp.distance} of 64" in view.stats.text()
    k = small_result.settings.simhash_k
    assert f"identical blocks: {cmp.equal_blocks} of {k + 1}" in view.stats.text()
    if cmp.distance <= k:
        assert cmp.equal_blocks >= 1  # the pigeonhole principle
    # clicking a cell chooses its bit and explains it with the keywords' pushes
    grid = view.grid
    target = 37
    QTest.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(target).center())
    assert grid.selected == target
    assert f"Bit {target} " in view.bit_title.text()
    doc_a = small_result.documents[a]
    pushes = bit_contributions(doc_a.keywords, target)
    up = [t for t, w in pushes if w > 0][:5]
    down = [t for t, w in pushes if w < 0][:5]
    table = view.table_a
    assert [table.item(r, 0).text() for r in range(len(up))] == up
    assert [table.item(r, 2).text() for r in range(len(down))] == down
    assert f"bit = {bit(fa, target)}" in view.label_a.text()


def _passages_label(n: int) -> str:
    return f"{n} matched passage" + ("" if n == 1 else "s")


def test_side_by_side_colours_twins_and_navigates(shown, small_result, qtbot):
    a, b = doc_index(small_result, "s004.docx"), doc_index(small_result, "s029.docx")
    with qtbot.waitSignal(shown.pairOpened):
        shown.open_pair(b, a)
        shown.side_by_side.wait_for_evidence()
    view = shown.side_by_side
    left_doc, right_doc = view.documents()
    assert (left_doc.name, right_doc.name) == ("s004.docx", "s029.docx")
    assert shown.tabs.currentIndex() == Tab.PAIR
    passages = view.passages
    assert len(passages) >= 1 and view.score is not None
    # the summary counts the passages listed (one copy is one passage, not its pieces)
    assert len(passages) == view.score.passages
    assert _passages_label(len(passages)) in view.summary.text().splitlines()[0]
    for text in ("SimHash distance", "Jaccard", "containment"):
        assert text in view.summary.text()
    assert "Flagged because" in view.reasons.text()
    _check_colours_and_navigation(view, qtbot)


def test_side_by_side_steps_through_several_passages(window, tmp_path, qtbot):
    from simhash_core.scan import scan
    from tests.core.textgen import two_passages

    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in zip(("a.txt", "b.txt"), two_passages(), strict=True):
        (folder / name).write_text(text, encoding="utf-8")
    result = scan([folder], isolate=False)
    window.set_result(result)
    with qtbot.waitSignal(window.pairOpened):
        window.open_pair(0, 1)
        window.side_by_side.wait_for_evidence()
    view = window.side_by_side
    assert len(view.passages) == view.score.passages == 2
    assert _passages_label(2) in view.summary.text().splitlines()[0]
    assert view.position_label.text() == "Passage 1 of 2"
    _check_colours_and_navigation(view, qtbot)


def test_side_by_side_says_a_summary_sums_up_the_other(window, tmp_path, qtbot):
    """A summary passage says how many sentences sum up how many of the other's, shown
    either way round; the reason line says who sums up whom."""
    from simhash_core.scan import scan
    from tests.core.test_extension import FILLER, OTHER, REWRITTEN, SOURCE, _text

    source = [SOURCE[0], *FILLER[:4], SOURCE[3], *FILLER[4:], SOURCE[5]]
    summary = [REWRITTEN[k] for k in (0, 3, 5)]
    (tmp_path / "a.txt").write_text(_text(OTHER[:3] + summary + OTHER[3:]), encoding="utf-8")
    (tmp_path / "b.txt").write_text(_text(source), encoding="utf-8")
    window.set_result(scan([tmp_path], isolate=False))
    view = window.side_by_side
    with qtbot.waitSignal(window.pairOpened):
        window.open_pair(0, 1)
        view.wait_for_evidence()
    assert view.position_label.text() == "Passage 1 of 1 · summary: 3 sentences for 11"
    assert "a.txt sums up 11 sentences of b.txt in 3" in view.reasons.text()
    view.show_evidence(view.evidence.flipped())
    assert view.position_label.text() == "Passage 1 of 1 · summary: 3 sentences for 11"


def _check_colours_and_navigation(view, qtbot) -> None:
    """Each passage in one colour on both sides; Next and Previous step through them,
    wrapping around; clicking the last on the left scrolls its twin into view."""
    left_doc, _ = view.documents()
    passages = view.passages

    def background(pane, python_index):
        cursor = QTextCursor(pane.document())
        cursor.setPosition(pane.display.to_qt(python_index) + 1)
        return cursor.charFormat().background().color().name()

    checked = 0
    for k, p in enumerate(passages):
        assert 0 <= p.a_start < p.a_end <= len(left_doc.text)
        middle_a = (p.a_start + p.a_end) // 2
        middle_b = (p.b_start + p.b_end) // 2
        # where passages overlap, the later one owns the middle: compare only clean cases
        if view.left.passage_at(middle_a) == k and view.right.passage_at(middle_b) == k:
            colour = background(view.left, middle_a)
            assert colour == background(view.right, middle_b)
            assert colour not in ("#ffffff", "#000000"), "a passage is highlighted"
            checked += 1
    assert checked >= max(1, len(passages) // 2)
    # Next / Previous step through the passages, wrapping around
    assert view.current == 0
    view.next_button.click()
    assert view.current == (1 % len(passages))
    view.prev_button.click()
    view.prev_button.click()
    assert view.current == (len(passages) - 1) % len(passages)
    # clicking a passage on the left scrolls its twin into view on the right
    k = len(passages) - 1
    view.go_to(0)
    qtbot.waitExposed(view.left)
    p = passages[k]
    view.left.scroll_to(k)
    start = view.left.display.to_qt((p.a_start + p.a_end) // 2)
    cursor = QTextCursor(view.left.document())
    cursor.setPosition(start)
    point = view.left.cursorRect(cursor).center()
    with qtbot.waitSignal(view.currentPassageChanged) as changed:
        QTest.mouseClick(view.left.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert changed.args[0] == k == view.current
    assert view.right.textCursor().position() == view.right.display.to_qt(p.b_start)
    assert view.right.cursorRect().intersects(view.right.viewport().rect())


def test_pairs_table_lists_flagged_first_and_opens_pairs(shown, small_result, qtbot):
    panel = shown.pairs_panel
    flags = [panel.proxy.index(r, 0).data(Role.FLAGGED) for r in range(panel.proxy.rowCount())]
    assert flags == sorted(flags, reverse=True)
    panel.flagged_only.setChecked(True)
    assert panel.proxy.rowCount() == sum(1 for p in small_result.pairs if p.flagged)
    with qtbot.waitSignal(shown.pairOpened):
        panel.table.activated.emit(panel.proxy.index(0, 1))
    panel.flagged_only.setChecked(False)


def test_the_table_shows_every_field_of_the_reports(shown, small_result, tmp_path):
    """One definition of a pair's fields: the table shows each CSV column, and a cell
    reads the same value the CSV writes (shares as percentages)."""
    from app.models.pairs_model import COLUMN_FIELDS, Column

    assert sorted(COLUMN_FIELDS.values()) == sorted(PAIR_COLUMNS)
    assert set(COLUMN_FIELDS) == set(Column)
    model = shown.pairs_model
    out = tmp_path / "all.csv"
    write_pairs_csv(small_result, out, pairs=model.pairs)
    rows = pair_rows(out)
    headers = dict(zip(PAIR_COLUMNS, pair_headers(translation("en")), strict=True))
    assert {c: headers[key] for c, key in COLUMN_FIELDS.items()} == model.headers()
    assert len(rows) == model.rowCount() > 0
    for r, row in enumerate(rows):
        cell = {c: model.index(r, c).data() for c in Column}
        assert cell[Column.SIMILARITY] == percent(share(row["similarity"]))
        assert cell[Column.DISTANCE] == row["simhash_distance"]
        assert cell[Column.PASSAGES] == row["passages"]
        assert cell[Column.MATCHED_CHARS] == row["matched_chars"]
        assert (cell[Column.FLAGGED] != "") == (row["flagged"] == "yes")
        assert cell[Column.GROUP] == row["group"]
        assert cell[Column.FILE_A] == row["file_a"] and cell[Column.FILE_B] == row["file_b"]


def test_csv_export_writes_what_the_table_shows(shown, small_result, tmp_path):
    panel = shown.pairs_panel
    panel.filter_edit.setText("s018")
    shown_pairs = panel.visible_pairs()
    assert shown_pairs and len(shown_pairs) < len(small_result.pairs)
    out = tmp_path / "pairs.csv"
    errors_path = shown.export_csv(out)
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM for Excel
    with out.open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    assert rows[0] == pair_headers(translation("en"))  # the UI's language
    docs = small_result.documents
    expected = [(docs[p.a].path, docs[p.b].path) for p in shown_pairs]
    assert [(r[0], r[1]) for r in rows[1:]] == expected
    assert all("s018" in r[0] or "s018" in r[1] for r in rows[1:])
    assert errors_path is not None and errors_path.exists()
    assert errors_path.read_bytes().startswith(b"\xef\xbb\xbf")
    panel.filter_edit.clear()


def char_format(pane, python_index):
    """The character format of the character at ``python_index`` of a pane's text."""
    cursor = QTextCursor(pane.document())
    cursor.setPosition(pane.display.to_qt(python_index) + 1)
    return cursor.charFormat()


@pytest.fixture(scope="module")
def without_template(tmp_path_factory: pytest.TempPathFactory):
    """The small class scanned without its template: the prompt every file begins with
    is the class's shared text."""
    from simhash_core.scan import scan

    return scan([copy_class(tmp_path_factory.mktemp("bare") / "class")], isolate=False)


def test_common_text_is_greyed_in_the_pair_view(window, without_template):
    from app.theme import legible
    from app.views.side_by_side import COMMON_TEXT, passage_color
    from simhash_core.compare.text_spans import excluded_spans

    small_result = without_template
    window.set_result(small_result)
    shown = window
    a, b = doc_index(small_result, "s004.docx"), doc_index(small_result, "s018.txt")
    shown.open_pair(a, b)
    shown.side_by_side.wait_for_evidence()
    view = shown.side_by_side
    corpus = small_result.corpus
    grey_text = legible(COMMON_TEXT)  # as grey as reads on the palette's base
    checked = 0
    for pane, doc in ((view.left, a), (view.right, b)):
        common = corpus.common_spans(doc)
        assert common, "the prompt is the class's shared text"
        for start, end in common:
            for i in range(start, end):
                if not small_result.documents[doc].text[i].isspace():
                    fmt = char_format(pane, i)
                    ks = [k for k, (s, e) in enumerate(pane.spans) if s <= i < e]
                    # in a passage: the grey that reads on the passage's colour
                    k = min(ks, key=lambda k: pane.spans[k][1] - pane.spans[k][0], default=None)
                    expected = grey_text if k is None else legible(COMMON_TEXT, passage_color(k))
                    assert fmt.foreground().color() == expected, i
                    assert not fmt.fontItalic()  # italics are for template and references
                    checked += 1
        # the student's own text (outside common, template and reference spans) is not
        text = small_result.documents[doc].text
        grey = [*common, *excluded_spans(small_result.documents[doc])]
        own = [
            i
            for i in range(len(text))
            if not text[i].isspace() and not any(s <= i < e for s, e in grey)
        ]
        assert len(own) > 100
        assert all(char_format(pane, i).foreground().color() != grey_text for i in own[::37])
    assert checked > 10


def test_pair_view_draws_the_cores_spans_exactly(shown, small_result):
    """Template text is grey italics up to the core's last excluded character, and each
    passage's colour starts at the core's first matched character: what the view shows
    is what the core counted."""
    from app.theme import legible
    from app.views.side_by_side import COMMON_TEXT
    from simhash_core.compare.text_spans import excluded_spans

    a, b = doc_index(small_result, "s004.docx"), doc_index(small_result, "s029.docx")
    shown.open_pair(a, b)
    shown.side_by_side.wait_for_evidence()
    view = shown.side_by_side
    starts_checked = 0
    for pane, doc, starts in (
        (view.left, small_result.documents[a], [(p.a_start, p.a_end) for p in view.passages]),
        (view.right, small_result.documents[b], [(p.b_start, p.b_end) for p in view.passages]),
    ):
        spans = excluded_spans(doc)
        assert spans, "the template is excluded"
        for start, end in spans:
            for i in (start, (start + end) // 2, end - 1):
                if doc.text[i].isspace():
                    continue
                fmt = char_format(pane, i)
                assert fmt.fontItalic() and fmt.foreground().color() == legible(COMMON_TEXT)
        for k, (start, _end) in enumerate(starts):
            if pane.passage_at(start) != k:
                continue  # nested in another passage
            inside = char_format(pane, start).background().color()
            assert inside == passage_color(k)
            starts_checked += 1
            if start and pane.passage_at(start - 1) is None and not doc.text[start - 1].isspace():
                before = char_format(pane, start - 1).background()
                assert before.style() == Qt.BrushStyle.NoBrush or before.color() != inside
    assert starts_checked >= len(view.passages)


def test_bit_view_shows_the_words_that_make_a_bit_differ(shown, small_result, qtbot):
    """For a near copy the two keyword tables look alike; the words below them are
    what differs, and they add up exactly to the difference of the net pushes."""
    a, b = doc_index(small_result, "s004.docx"), doc_index(small_result, "s018.txt")
    view = shown.bit_diff
    with qtbot.waitSignal(view.wordsReady, timeout=30_000):
        shown.open_pair(a, b, view=Tab.BITS)
        shown.side_by_side.wait_for_evidence()
    words = view.words
    assert words is not None and words.exact  # recounted words reproduce the bit sums
    doc_a, doc_b = small_result.documents[a], small_result.documents[b]
    cmp = view.comparison
    assert cmp.differing
    table = view.diff_table
    for index in cmp.differing:
        view.grid.select(index)
        rows = words.differences(index)
        assert rows and table.rowCount() == len(rows)
        total = sum(w.difference for w in rows)
        assert total == pytest.approx(doc_a.bit_sums[index] - doc_b.bit_sums[index], abs=1e-6)
        assert "exactly the sum" in view.diff_summary.text()
        assert f"Why bit {index} differs" in view.diff_title.text()
        sizes = [abs(w.difference) for w in rows]
        assert sizes == sorted(sizes, reverse=True)
        for row, w in enumerate(rows[:20]):
            assert table.item(row, 0).text() == w.word
            # the word's hash bit, as the core's SimHash reads it
            core_sign = bit_contributions([(w.word, 1.0)], index)[0][1]
            assert (core_sign > 0) == w.one and table.item(row, 2).text() == str(int(w.one))
            if w.where == "A":
                assert table.item(row, 4).text() == "—" and w.word not in dict(doc_b.keywords)
            elif w.where == "B":
                assert table.item(row, 3).text() == "—"
    # an equal bit is explained the same way (its two sums have the same sign)
    equal = next(i for i in range(64) if i not in cmp.differing)
    view.grid.select(equal)
    assert f"Bit {equal} is equal" in view.diff_title.text()


def test_bit_view_fills_the_window(shown, small_result, qtbot):
    a, b = doc_index(small_result, "s021.txt"), doc_index(small_result, "s027.txt")
    view = shown.bit_diff
    with qtbot.waitSignal(view.wordsReady, timeout=30_000):
        shown.open_pair(a, b, view=Tab.BITS)
        shown.side_by_side.wait_for_evidence()
    qtbot.waitExposed(view)
    table = view.diff_table
    bottom = table.mapTo(view, table.rect().bottomLeft()).y()
    assert bottom >= view.height() - 30  # no empty lower half
    assert table.height() >= 150


def test_bit_view_without_word_counts_falls_back_to_keywords(qtbot):
    from app.views.bit_diff_view import BitDiffView
    from tests.app.synthetic import synthetic_result

    result = synthetic_result(4, seed=3)  # documents without text or per-bit sums
    view = BitDiffView()
    qtbot.addWidget(view)
    view.set_result(result)
    with qtbot.waitSignal(view.wordsReady, timeout=30_000):
        view.show_pair((0, 1))
    assert view.words is not None and not view.words.exact
    assert "strongest keywords only" in view.diff_summary.text()


def test_export_report_writes_the_class_and_the_shown_pair_in_the_background(
    shown, small_result, tmp_path, qtbot
):
    """File → Export report: the class as HTML, the shown pair as a PDF (anonymized
    when chosen), written by a worker thread while the window stays live."""
    assert shown.report_action.isEnabled() and not shown.pair_report_action.isEnabled()
    page = tmp_path / "class.html"
    idle = shown.reports.runner.idle
    written, failures = [], []
    shown.reports.exported.connect(written.append)
    shown.reports.failed.connect(failures.append)
    with qtbot.waitSignals([shown.reports.exported, idle], timeout=60000):
        assert shown.export_report(page)
    assert written == [page]
    text = page.read_text(encoding="utf-8")
    flagged = [p for p in small_result.pairs if p.flagged]
    assert text.count('<section class="pair"') == len(flagged) > 0
    pair = max(flagged, key=lambda p: p.similarity)
    shown.open_pair(pair.a, pair.b)
    shown.side_by_side.wait_for_evidence()
    assert shown.pair_report_action.isEnabled() and shown.shown_pair() == pair
    shown.anonymize_action.setChecked(True)
    pdf = tmp_path / "pair.pdf"
    with qtbot.waitSignals([shown.reports.exported, idle], timeout=60000):
        assert shown.export_report(pdf, pair=shown.shown_pair())
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    names = {small_result.documents[i].name.encode() for i in (pair.a, pair.b)}
    assert not any(n in data for n in names)
    with qtbot.waitSignals([shown.reports.failed, idle], timeout=60000):
        shown.export_report(tmp_path / "missing" / "x.html")
    assert len(failures) == 1 and "does not exist" in failures[0], failures


def test_the_groups_list_of_a_huge_class_makes_only_the_rows_it_shows(qtbot):
    """5,000 groups in a class of 100,000: the list makes a group's row when the view
    first shows it (not all of them up front), opens the strongest groups, and a group
    far down is still found, selected and opened."""
    import numpy as np

    from app.views.groups_panel import EXPAND_ALL, GroupsPanel
    from simhash_core.compare.cluster import groups
    from simhash_core.types import PairScore, ScanResult, ScanSettings
    from tests.app.synthetic import synthetic_document

    n = 100_000
    pairs = [
        PairScore(a, b, 0.9 - (i % 7) / 100, 2, 0.8, 0.85, 0.9, 500, 500, 0.9, 0.88, 3, True)
        for i in range(0, n - 2, 20)
        for a, b in ((i, i + 1), (i, i + 2), (i + 1, i + 2))
    ]
    rng = np.random.default_rng(3)
    fps = rng.integers(0, 2**63, size=n, dtype=np.int64).tolist()
    docs = [synthetic_document(i, fp) for i, fp in enumerate(fps)]
    result = ScanResult(
        root=None,
        settings=ScanSettings(),
        documents=docs,
        pairs=pairs,
        clusters=groups(pairs, n),
    )
    panel = GroupsPanel()
    qtbot.addWidget(panel)
    panel.resize(700, 600)
    panel.show()
    panel.set_result(result)
    panel.lay_out()  # a long list is opened on the next event-loop turn: now
    model = panel.model
    assert model.rowCount() == len(result.clusters) == 5000
    assert len(model._groups) <= EXPAND_ALL + 50  # made: the measured and shown groups
    assert panel.tree.isExpanded(model.index(0, 0))
    far = result.clusters[4321]
    panel.select_cluster(far.id)
    assert panel.selected_cluster() == far.id
    row = model.row_of_cluster(far.id)
    index = model.index(row, 0)
    assert index.data() == f"Group {far.id} · 3 files"
    assert model.rowCount(index) == 3
    assert {model.index(k, 0, index).data(Role.DOC_INDEX) for k in range(3)} == set(far.members)
    with qtbot.waitSignal(panel.pairActivated) as opened:
        panel.tree.activated.emit(index)
    best = max((p for p in pairs if p.a in far.members), key=lambda p: p.similarity)
    assert tuple(opened.args) == (best.a, best.b)


def test_the_groups_filter_finds_a_student_at_once(shown, small_result, qtbot):
    panel = shown.groups_panel
    groups = panel.model
    assert panel.filter_edit.isVisible()
    cluster = small_result.clusters[-1]
    name = small_result.documents[cluster.members[-1]].name
    panel.filter_edit.setText(name.upper())  # any case
    kept = [groups.index(r, 0).data(Role.CLUSTER_ID) for r in range(groups.rowCount())]
    assert cluster.id in kept
    for cid in kept:
        members = next(c for c in small_result.clusters if c.id == cid).members
        assert any(name in small_result.documents[m].path for m in members)
    panel.select_cluster(cluster.id)
    with qtbot.waitSignal(panel.clusterSelected) as chosen:
        panel.filter_edit.setText("nobody-has-this-name")  # hides the selected group
    assert chosen.args == [None]
    assert groups.rowCount() == 0 and panel.empty_label.isVisible()
    assert "nobody-has-this-name" in panel.empty_label.text()
    panel.filter_edit.clear()
    assert groups.rowCount() == len(small_result.clusters)


def test_a_long_groups_list_is_filled_later_and_never_with_an_older_result(qtbot, small_result):
    """A long list is filled and laid out on later event-loop turns; a result shown
    before that happens replaces it, and the older result never comes back."""
    from app.views.groups_panel import LAID_OUT_AT_ONCE, GroupsPanel
    from tests.app.synthetic import synthetic_result

    big = synthetic_result(3000, seed=4)
    assert len(big.clusters) > LAID_OUT_AT_ONCE >= len(small_result.clusters)
    panel = GroupsPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_result(big)
    assert panel.model.rowCount() == 0  # nothing yet, and nothing older
    qtbot.waitUntil(lambda: panel.model.rowCount() == len(big.clusters))
    qtbot.waitUntil(lambda: panel.tree.isExpanded(panel.model.index(0, 0)))
    panel.set_result(big)
    panel.set_result(small_result)  # before the big list is filled again
    assert panel.model.result is small_result
    qtbot.wait(100)
    assert panel.model.result is small_result
    assert panel.model.rowCount() == len(small_result.clusters)


def test_the_pair_view_never_reaches_into_the_corpus_on_the_gui_thread(
    shown, small_result, qtbot, monkeypatch
):
    """A pair's evidence is made in a worker; opening pairs quickly in a row shows the
    last one asked for, painted from its own evidence."""
    import threading

    corpus = small_result.corpus
    threads: list[str] = []
    for name in ("passages", "common_spans"):
        real = getattr(corpus, name)

        def spy(*args, _real=real):
            threads.append(threading.current_thread().name)
            return _real(*args)

        monkeypatch.setattr(corpus, name, spy)
    flagged = [p for p in small_result.pairs if p.flagged][:3]
    for p in flagged:
        shown.open_pair(p.a, p.b)  # no wait between them: the last one wins
    view = shown.side_by_side
    with qtbot.waitSignal(view.evidenceShown, timeout=10_000):
        pass
    view.wait_for_evidence()
    last = flagged[-1]
    assert view.evidence is not None and view.evidence.pair == (last.a, last.b)
    assert view.passages and view.summary.text().startswith(f"{last.passages} matched")
    assert threads and threading.main_thread().name not in threads
