"""Every view is legible under a dark palette, and under the light one (issue 37,
fault 12): wherever a model or a text format sets a background, the text drawn on it
contrasts with it by WCAG's ratio of at least 4.5, and coloured text contrasts with the
palette's base.

The palettes and the contrast formula are the test's own (not the app's), so the test
checks what a user sees: a dark Fusion palette (dark Window and Base, light Text) and
Fusion's standard light one.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QPalette, QTextCharFormat
from PySide6.QtWidgets import QLabel, QStyleFactory

from tests.app.conftest import doc_index
from tests.app.synthetic import synthetic_result

WCAG_AA = 4.5
Fore, Back = Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.BackgroundRole


def luminance(c: QColor) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast(a: QColor, b: QColor) -> float:
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def dark() -> QPalette:
    """A dark palette as a dark system theme gives one: dark Window and Base, light
    Text (Fusion's roles)."""
    p = QPalette(QColor(53, 53, 53))  # Qt derives the 3D shades from the button colour
    for role, color in (
        (QPalette.ColorRole.Window, QColor(53, 53, 53)),
        (QPalette.ColorRole.WindowText, QColor(235, 235, 235)),
        (QPalette.ColorRole.Base, QColor(35, 35, 35)),
        (QPalette.ColorRole.AlternateBase, QColor(45, 45, 45)),
        (QPalette.ColorRole.Text, QColor(235, 235, 235)),
        (QPalette.ColorRole.Button, QColor(53, 53, 53)),
        (QPalette.ColorRole.ButtonText, QColor(235, 235, 235)),
        (QPalette.ColorRole.Highlight, QColor(42, 130, 218)),
        (QPalette.ColorRole.HighlightedText, QColor(0, 0, 0)),
    ):
        p.setColor(role, color)
    return p


@pytest.fixture(params=["dark", "light"])
def palette(qapp, request) -> Iterator[QPalette]:
    """The application in Fusion with a dark (or the light) palette, put back after."""
    style, before = qapp.style().name(), QPalette(qapp.palette())
    fusion = QStyleFactory.create("Fusion")
    qapp.setStyle(fusion)
    qapp.setPalette(dark() if request.param == "dark" else fusion.standardPalette())
    yield qapp.palette()
    qapp.setStyle(style)
    qapp.setPalette(before)


def brush_color(value: object) -> QColor | None:
    if isinstance(value, QBrush) and value.style() != Qt.BrushStyle.NoBrush:
        return value.color()
    if isinstance(value, QColor):
        return value
    return None


def cell_problems(where: str, index: QModelIndex, palette: QPalette) -> list[str]:
    """The cell's text against what it is drawn on: its background, else the base and
    the alternating rows' base."""
    if not index.data():
        return []
    fg = brush_color(index.data(Fore)) or palette.color(QPalette.ColorRole.Text)
    bg = brush_color(index.data(Back))
    grounds = (
        [bg]
        if bg is not None
        else [
            palette.color(QPalette.ColorRole.Base),
            palette.color(QPalette.ColorRole.AlternateBase),
        ]
    )
    return [
        f"{where} r{index.row()} c{index.column()} {index.data()!r}: {fg.name()} on "
        f"{g.name()} = {contrast(fg, g):.2f}"
        for g in grounds
        if contrast(fg, g) < WCAG_AA
    ]


def table_problems(name: str, model, palette: QPalette, rows: int = 300) -> list[str]:
    out = []
    for r in range(min(rows, model.rowCount())):
        for c in range(model.columnCount()):
            out += cell_problems(name, model.index(r, c), palette)
    return out


def tree_problems(name: str, model, palette: QPalette) -> list[str]:
    out = []
    for r in range(model.rowCount()):
        top = model.index(r, 0)
        for c in range(model.columnCount()):
            out += cell_problems(name, model.index(r, c), palette)
        for k in range(model.rowCount(top)):
            for c in range(model.columnCount()):
                out += cell_problems(name, model.index(k, c, top), palette)
    return out


def header_problems(model, palette: QPalette) -> list[str]:
    """The matrix's row names on the header (its button colour) or their background."""
    out = []
    for s in range(model.rowCount()):
        fg = brush_color(model.headerData(s, Qt.Orientation.Vertical, Fore))
        fg = fg or palette.color(QPalette.ColorRole.ButtonText)
        bg = brush_color(model.headerData(s, Qt.Orientation.Vertical, Back))
        bg = bg or palette.color(QPalette.ColorRole.Button)
        if contrast(fg, bg) < WCAG_AA:
            out.append(f"matrix header {s}: {fg.name()} on {bg.name()} = {contrast(fg, bg):.2f}")
    return out


def format_problems(name: str, fmt: QTextCharFormat, text: str, palette: QPalette) -> list[str]:
    fg = brush_color(fmt.foreground()) or palette.color(QPalette.ColorRole.Text)
    bg = brush_color(fmt.background()) or palette.color(QPalette.ColorRole.Base)
    if contrast(fg, bg) >= WCAG_AA:
        return []
    return [f"{name} {text[:12]!r}: {fg.name()} on {bg.name()} = {contrast(fg, bg):.2f}"]


def pane_problems(name: str, pane, palette: QPalette) -> list[str]:
    """Every run of text of a side-by-side pane, and its current passage's emphasis."""
    out = []
    block = pane.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            out += format_problems(name, fragment.charFormat(), fragment.text(), palette)
            it += 1
        block = block.next()
    for selection in pane.extraSelections():
        merged = QTextCharFormat(selection.cursor.charFormat())
        merged.merge(selection.format)
        out += format_problems(f"{name} (current)", merged, "", palette)
    return out


def label_problems(labels: dict[str, QLabel]) -> list[str]:
    out = []
    for name, label in labels.items():
        label.ensurePolished()
        fg = label.palette().color(label.foregroundRole())
        bg = label.palette().color(label.backgroundRole())
        if contrast(fg, bg) < WCAG_AA:
            out.append(f"{name}: {fg.name()} on {bg.name()} = {contrast(fg, bg):.2f}")
    return out


def report(problems: list[str]) -> str:
    """The first few problems of each view."""
    shown: dict[str, list[str]] = {}
    for line in problems:
        shown.setdefault(line.split(" ")[0], []).append(line)
    return "\n".join(line for lines in shown.values() for line in lines[:4])


def test_every_view_of_a_scan_and_its_pair_is_legible(palette, window, small_result, qtbot):
    """The pairs table (flagged rows), the groups list, the matrix's names (a group
    highlighted), the side-by-side passages, common and template text, and the notes."""
    win = window
    win.set_result(small_result)
    a, b = doc_index(small_result, "s004.docx"), doc_index(small_result, "s018.txt")
    win.open_pair(a, b)
    win.side_by_side.wait_for_evidence()
    win.matrix_model.set_highlighted_cluster(small_result.clusters[0].id)
    assert any(p.flagged for p in small_result.pairs)
    assert win.side_by_side.passages
    problems = table_problems("pairs", win.pairs_model, palette)
    problems += tree_problems("groups", win.groups_panel.model, palette)
    problems += header_problems(win.matrix_model, palette)
    problems += table_problems("errors", win.errors_model, palette)
    problems += pane_problems("left", win.side_by_side.left, palette)
    problems += pane_problems("right", win.side_by_side.right, palette)
    problems += label_problems(
        {
            "side-by-side legend": win.side_by_side.legend,
            "matrix placeholder": win.matrix_panel.placeholder,
            "groups note": win.groups_panel.empty_label,
            "bits legend": win.bit_diff.legend,
            "bits note": win.bit_diff.note,
        }
    )
    assert not problems, report(problems)


def test_archived_work_is_legible_in_every_list(palette, qtbot):
    """Archived files: purple names, lavender rows, in flagged pairs and groups."""
    from app.models.groups_model import GroupsModel
    from app.models.matrix_model import MatrixModel
    from app.models.pairs_model import PairsModel

    result = synthetic_result(60, seed=1, archived=3)
    pairs, groups, matrix = PairsModel(), GroupsModel(), MatrixModel()
    for model in (pairs, groups, matrix):
        model.set_result(result)
    matrix.set_highlighted_cluster(result.clusters[0].id)
    problems = table_problems("pairs", pairs, palette)
    problems += tree_problems("groups", groups, palette)
    problems += header_problems(matrix, palette)
    assert any(
        brush_color(pairs.index(0, c).data(Back)) is not None for c in range(pairs.columnCount())
    )
    assert not problems, report(problems)


def test_the_settings_dialog_notes_are_legible(palette, qtbot):
    from app.views.settings_dialog import SettingsDialog
    from simhash_core.settings import ScanSettings

    dialog = SettingsDialog(ScanSettings())
    qtbot.addWidget(dialog)
    problems = label_problems({"settings note": dialog.note, "archive note": dialog.archive_note})
    assert not problems, report(problems)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_matrix_heat_fades_into_each_palette_and_its_flag_dots_show(qapp, scheme) -> None:
    """The matrix's coldest cells (honest pairs, most of a class) are close to the
    window's colour under either palette, not a white block on a dark window; heat
    changes lightness one way only, and a flagged pair's dot contrasts with its cell."""
    import itertools

    import numpy as np

    from app.heat_colors import flag_mark, heat_argb, heat_color, use_dark_ramp
    from app.theme import apply_color_scheme

    style, before = qapp.style().name(), QPalette(qapp.palette())
    try:
        apply_color_scheme(qapp, scheme)
        window = qapp.palette().color(QPalette.ColorRole.Window)
        heats = np.linspace(0, 1, 21)
        argb = heat_argb(heats)
        cells = [QColor.fromRgb(int(v) & 0xFFFFFF) for v in argb]
        assert [c.rgb() for c in cells] == [heat_color(h).rgb() for h in heats]
        assert contrast(cells[0], window) < 1.6  # the cold end is the window's near neighbour
        assert contrast(cells[-1], window) > 3  # a copy stands out
        light = [luminance(c) for c in cells]
        rising = all(x <= y for x, y in itertools.pairwise(light))
        falling = all(x >= y for x, y in itertools.pairwise(light))
        assert rising if scheme == "dark" else falling
        assert all(contrast(flag_mark(h), c) >= 3 for h, c in zip(heats, cells, strict=True))
    finally:
        qapp.setStyle(style)
        qapp.setPalette(before)
        use_dark_ramp(False)
