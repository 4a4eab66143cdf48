"""Layout checks from the audit of the screenshots: nothing cut off, run together or
wrongly coloured in archive mode, the groups list, the status bar and the legend."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage

from app.views.groups_panel import GroupsPanel
from app.views.item_label import ItemLabel
from app.views.matrix_panel import ColorLegend
from tests.app.synthetic import synthetic_result

LABEL = "2024 autumn"


def test_group_names_never_push_the_likely_source_out_of_view(qtbot):
    # documents 0, 50 and 100 are archived: three groups with an archived member
    result = synthetic_result(120, seed=2, archived=101, label=LABEL)
    panel = GroupsPanel()
    qtbot.addWidget(panel)
    panel.resize(560, 330)  # the groups dock of the default window
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_result(result)
    tree, model = panel.tree, panel.model
    fm = QFontMetrics(tree.font())
    header = tree.header()
    source_width = header.sectionSize(2)
    assert header.sectionPosition(2) + source_width <= tree.viewport().width() + 1
    assert model.rowCount() == len(result.clusters) >= 2
    for row in range(model.rowCount()):
        title, source = model.index(row, 0), model.index(row, 2)
        assert "⌂" in source.data() or "⌂" in title.data()
        # the likely source is shown whole, not elided
        assert fm.horizontalAdvance(source.data()) + 8 <= source_width, source.data()
        # the title names the archive label; its tooltip says so in words
        assert LABEL in title.data()
        assert f"archived: {LABEL}" in title.data(Qt.ItemDataRole.ToolTipRole)
        bold = QFontMetrics(title.data(Qt.ItemDataRole.FontRole))
        assert bold.horizontalAdvance(title.data()) <= header.sectionSize(0)


def test_status_bar_keeps_archive_and_template_apart(window, qtbot):
    window.use_archive("/nonexistent/past.sqlite")
    window.templates = [Path("template.txt")]
    window.retranslate_ui()
    qtbot.waitUntil(lambda: window.status_label.isVisible())
    archive, rule, template = window.archive_status, window.status_separator, window.status_label
    assert archive.isVisible() and rule.isVisible()
    assert archive.text().startswith("⌂") and template.text() == "Template: template.txt"
    right_of_archive_text = (
        archive.x()
        + archive.contentsMargins().left()
        + QFontMetrics(archive.font()).horizontalAdvance(archive.text())
    )
    left_of_template_text = template.x() + template.contentsMargins().left()
    assert right_of_archive_text < rule.x() < left_of_template_text
    assert left_of_template_text - right_of_archive_text >= 10
    window.compare_archive_action.setChecked(False)
    assert not rule.isVisible()


def caption_pixels(legend: ColorLegend) -> list[QColor]:
    """The colours of the pixels of the caption's line of text."""
    image: QImage = legend.grab().toImage()
    fm = legend.fontMetrics()
    baseline = 4 + 12 + 6 + 2 * fm.height()  # as ColorLegend.paintEvent draws it
    background = QColor(image.pixel(legend.width() - 2, baseline))
    out = []
    for y in range(baseline - fm.ascent(), baseline + fm.descent()):
        for x in range(8, min(image.width(), 8 + fm.horizontalAdvance(legend.caption()))):
            colour = QColor(image.pixel(x, y))
            if colour != background:
                out.append(colour)
    return out


def test_legend_caption_keeps_the_text_colour_in_archive_mode(qtbot):
    legend = ColorLegend()
    qtbot.addWidget(legend)
    legend.resize(800, 60)
    legend.set_shows_archive(True)
    legend.show()
    qtbot.waitExposed(legend)
    pixels = caption_pixels(legend)
    assert len(pixels) > 50, "no caption drawn"
    # anti-aliased text in the text colour is grey: red, green and blue stay together;
    # the archive purple (110, 60, 170) is not
    purple = [c for c in pixels if c.blue() - c.green() > 40]
    assert not purple, f"{len(purple)} purple caption pixels"


def test_pairs_table_columns_fit_their_values_and_scroll_sideways(window, small_result, qtbot):
    from app.models.pairs_model import NARROW_COLUMNS, Column

    window.resize(1280, 720)  # the smallest common laptop screen
    window.share_docks()
    window.set_result(small_result)
    panel = window.pairs_panel
    table, model = panel.table, window.pairs_model
    qtbot.waitExposed(table)
    header = table.horizontalHeader()
    fm = QFontMetrics(table.font())
    bold = QFontMetrics(header.font())
    for col in Column:
        if table.isColumnHidden(col):
            continue
        width = table.columnWidth(col)
        name = model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        assert model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        if col in (Column.FILE_A, Column.FILE_B, Column.REASONS):
            continue  # long texts: elided, with the full text as tooltip
        for line in name.split("\n"):
            assert bold.horizontalAdvance(line) <= width, f"header {line!r} cut"
        for row in range(model.rowCount()):
            text = model.index(row, col).data() or ""
            assert fm.horizontalAdvance(text) < width, f"{col.name} value {text!r} cut"
    # long names over short numbers take two lines, so more columns are in view
    assert "\n" in model.headerData(Column.DISTANCE, Qt.Orientation.Horizontal)
    assert all(c in Column for c in NARROW_COLUMNS)
    for col in (Column.FILE_A, Column.FILE_B):
        for row in range(model.rowCount()):
            index = model.index(row, col)
            assert index.data() in index.data(Qt.ItemDataRole.ToolTipRole)
    # the last columns are reached by scrolling sideways, shown whole
    assert table.horizontalScrollBar().maximum() > 0
    qtbot.wait(20)  # the scroll bars settle
    for col in (Column.SHARE_B, Column.REASONS):
        table.scrollTo(panel.proxy.index(0, col))
        left = table.columnViewportPosition(col)
        assert left >= 0 and left + table.columnWidth(col) <= table.viewport().width()


def test_pair_summary_wraps_between_items_only(window, small_result, qtbot):
    from tests.app.conftest import doc_index

    window.set_result(small_result)
    a, b = doc_index(small_result, "s004.docx"), doc_index(small_result, "s029.docx")
    window.open_pair(a, b)
    window.side_by_side.wait_for_evidence()
    view = window.side_by_side
    summary = view.summary
    items = view.summary_items()
    assert any(i.startswith("containment ") and " / " in i for i in items)
    fm = summary.fontMetrics()

    def assert_whole_items(label) -> None:
        lines = label.lines()
        # every line is whole items: "containment 72% / 75%" never splits after the slash
        assert [item for line in lines for item in line.split(" · ")] == items
        for line in lines:
            if " · " in line:  # several items on a line: they fit the width together
                assert fm.horizontalAdvance(line) <= label.contentsRect().width()

    assert_whole_items(summary)  # in the window
    label = ItemLabel(" · ")
    qtbot.addWidget(label)
    label.set_items(items)
    label.show()
    wrapped = set()
    for width in (1100, 800, 620, 480, 360):
        label.resize(width, 80)
        qtbot.wait(1)
        assert_whole_items(label)
        wrapped.add(len(label.lines()))
    assert min(wrapped) == 1 and max(wrapped) >= 3
    assert summary.full_text() == view.summary_text()


def test_the_reasons_line_wraps_between_reasons(window, small_result, qtbot):
    from tests.app.conftest import doc_index

    window.set_result(small_result)
    a, b = doc_index(small_result, "s021.txt"), doc_index(small_result, "s027.txt")
    window.open_pair(a, b)
    window.side_by_side.wait_for_evidence()
    reasons = window.side_by_side.reasons
    reasons.resize(420, reasons.height())
    items = window.side_by_side.reasons_items()
    assert items[0].startswith("Flagged because: ") and len(items) >= 2
    assert [i for line in reasons.lines() for i in line.split("; ")] == items
