"""The matrix model: display order, cell roles, tooltips, metric switch, big classes."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from PySide6.QtCore import Qt

from app.metrics import Metric
from app.models.matrix_model import MatrixModel
from app.models.roles import Role
from tests.app.conftest import doc_index


@pytest.fixture
def model(qapp, small_result):
    m = MatrixModel()
    m.set_result(small_result)
    return m


def test_groups_sit_together_on_the_diagonal(model, small_result):
    assert model.rowCount() == model.columnCount() == len(small_result.documents)
    order = [model.document_at(r) for r in range(model.rowCount())]
    assert sorted(order) == list(range(len(order)))
    position = 0
    for cluster in small_result.clusters:
        rows = sorted(model.row_of(m) for m in cluster.members)
        assert rows == list(range(position, position + len(rows)))  # contiguous, in order
        assert model.row_of(cluster.lead) == position  # the source or compiler first
        position += len(rows)


def test_cell_roles(model, small_result):
    a, b = doc_index(small_result, "s004.docx"), doc_index(small_result, "s018.txt")
    index = model.index(model.row_of(a), model.row_of(b))
    assert index.data(Role.DOC_PAIR) == (a, b)
    pair = index.data(Role.PAIR_SCORE)
    assert pair is not None and {pair.a, pair.b} == {a, b}
    assert index.data(Role.FLAGGED) is True
    assert index.data(Role.VALUE) == pytest.approx(pair.similarity, abs=1e-4)
    assert 0.5 < index.data(Role.HEAT) <= 1.0
    assert index.data(Role.HIGHLIGHTED) is False
    assert index.data(Role.ARCHIVED) is False
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    for text in (
        "s004.docx",
        "s018.txt",
        "Similarity",
        "SimHash distance",
        "Jaccard",
        "Containment",
        "Flagged",
    ):
        assert text in tip
    diagonal = model.index(0, 0)
    assert math.isnan(diagonal.data(Role.HEAT)) and diagonal.data(Role.FLAGGED) is False
    honest = model.index(
        model.row_of(doc_index(small_result, "s002.txt")),
        model.row_of(doc_index(small_result, "s014.txt")),
    )
    assert honest.data(Role.FLAGGED) is False and honest.data(Role.HEAT) < 0.3


def test_metric_switch_changes_values(model, small_result, qtbot):
    a, b = doc_index(small_result, "s021.txt"), doc_index(small_result, "s027.txt")
    index = model.index(model.row_of(a), model.row_of(b))
    pair = index.data(Role.PAIR_SCORE)
    with qtbot.waitSignal(model.dataChanged):
        model.set_metric(Metric.DISTANCE)
    assert index.data(Role.VALUE) == pair.simhash_distance
    model.set_metric(Metric.JACCARD)
    assert index.data(Role.VALUE) == pytest.approx(pair.jaccard, abs=1e-3)
    model.set_metric(Metric.CONTAINMENT)
    share_of_a_in_b = pair.containment_a if pair.a == a else pair.containment_b
    assert index.data(Role.VALUE) == pytest.approx(share_of_a_in_b, abs=1e-3)


def test_headers_show_position_and_name(model, small_result):
    first_doc = small_result.documents[model.document_at(0)]
    label = model.headerData(0, Qt.Orientation.Vertical, Qt.ItemDataRole.DisplayRole)
    assert label.strip().startswith("1") and first_doc.path in label
    assert model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "1"
    assert model.headerData(0, Qt.Orientation.Vertical, Role.DOC_INDEX) == model.document_at(0)


def test_matrix_paints_500_files_quickly(qtbot):
    """A 500-file class: building the model and painting a full viewport stay fast."""
    from app.views.matrix_view import MatrixView
    from tests.app.synthetic import synthetic_result

    result = synthetic_result(500, seed=3)
    t0 = time.perf_counter()
    model = MatrixModel()
    model.set_result(result)
    build_s = time.perf_counter() - t0
    view = MatrixView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.resize(1000, 1000)
    view.show()
    t1 = time.perf_counter()
    view.grab()
    paint_s = time.perf_counter() - t1
    model.set_metric(Metric.DISTANCE)
    t2 = time.perf_counter()
    view.grab()
    repaint_s = time.perf_counter() - t2
    print(
        f"\n500 files: model {build_s * 1000:.0f} ms, first paint {paint_s * 1000:.0f} ms, "
        f"repaint {repaint_s * 1000:.0f} ms, cell {view.cell_size}px"
    )
    assert build_s < 2.0 and paint_s < 2.0 and repaint_s < 2.0
    assert np.isfinite(model.index(1, 2).data(Role.HEAT))


def test_archived_documents_are_marked(qtbot):
    """Documents from the archive of past years get a distinct mark everywhere."""
    from app.views.groups_panel import GroupsPanel
    from tests.app.synthetic import synthetic_result

    result = synthetic_result(60, seed=1, archived=1)  # document 0 (copied by 1) is archived
    model = MatrixModel()
    model.set_result(result)
    r0, r1 = model.row_of(0), model.row_of(1)
    assert model.index(r0, r1).data(Role.ARCHIVED) is True
    assert "Archived: 2023" in model.headerData(
        r0, Qt.Orientation.Vertical, Qt.ItemDataRole.ToolTipRole
    )
    assert "⌂" in model.headerData(r0, Qt.Orientation.Vertical, Qt.ItemDataRole.DisplayRole)
    assert "archived" in model.index(r0, r1).data(Qt.ItemDataRole.ToolTipRole)
    other = model.row_of(5)
    assert model.index(other, model.row_of(6)).data(Role.ARCHIVED) is False
    panel = GroupsPanel()
    qtbot.addWidget(panel)
    panel.set_result(result)
    group = panel.model.index(0, 0)
    notes = [panel.model.index(r, 2, group).data() for r in range(panel.model.rowCount(group))]
    assert any("archived: 2023" in n for n in notes)


def test_a_class_above_the_dense_limit_shows_an_overview_of_its_groups(
    qtbot, small_result, monkeypatch
):
    """Above the dense limit the comparison makes no N x N matrix. The matrix shows the
    members of the strongest groups, group by group, with their pairs' scores, and the
    header says that it is an overview and of how much."""
    from dataclasses import replace

    from app.matrix_data import MatrixData
    from app.views.matrix_panel import MatrixPanel

    small = MatrixModel()
    small.set_result(replace(small_result, matrix=None))  # a small class, not compared
    assert small.rowCount() == 0 and not small.data_.overview
    monkeypatch.setattr("app.matrix_data.DENSE_MATRIX_LIMIT", 5)
    big = replace(small_result, matrix=None)  # what a class of 100,000 gets
    assert len(big.clusters) >= 2
    model = MatrixModel()
    model.set_result(big)
    members = [m for c in big.clusters for m in (c.lead, *sorted(set(c.members) - {c.lead}))]
    assert model.rowCount() == len(members) < len(big.documents)
    assert [model.document_at(r) for r in range(model.rowCount())] == members
    flagged = [p for p in big.pairs if p.flagged]
    for p in flagged:
        r, c = model.row_of(p.a), model.row_of(p.b)
        assert model.data_.flagged[r, c] and model.data_.flagged[c, r]
        assert model.data_.values[Metric.SIMILARITY][r, c] == pytest.approx(p.similarity)
        assert model.data_.values[Metric.CONTAINMENT][r, c] == pytest.approx(p.containment_a)
        assert model.index(r, c).data(Role.DOC_PAIR) == (min(p.a, p.b), max(p.a, p.b))
    outside = next(i for i in range(len(big.documents)) if i not in members)
    assert model.row_of(outside) == -1
    first, second = big.clusters[0], big.clusters[1]
    unscored = model.index(model.row_of(first.lead), model.row_of(second.lead))
    tip = unscored.data(Qt.ItemDataRole.ToolTipRole)
    assert "Not scored" in tip and "64 bits" not in tip  # never shown as if measured
    p = flagged[0]
    assert "Similarity:" in model.index(model.row_of(p.a), model.row_of(p.b)).data(
        Qt.ItemDataRole.ToolTipRole
    )
    first = big.clusters[0]
    cut = MatrixData.group_overview(big, limit=len(first.members) + 1)
    assert cut.size == len(first.members) + 1 and cut.groups_shown == 2  # the 2nd is cut

    panel = MatrixPanel(model)
    qtbot.addWidget(panel)
    panel.set_result(big)
    summary = panel.summary()
    assert f"it shows the {len(members)} files of the {len(big.clusters)} groups" in summary
    model.data_ = cut  # fewer groups than the class has
    assert (
        f"it shows the {cut.size} files of the 2 strongest of {len(big.clusters)} groups"
        in panel.summary()
    )
    model.set_result(big)
    none = replace(big, clusters=[], pairs=[p for p in big.pairs if not p.flagged])
    model.set_result(none)
    panel.set_result(none)
    assert model.rowCount() == 0
    assert "no group to show" in panel.summary()


def test_a_large_matrix_is_prepared_in_the_background_and_never_mixed(qtbot):
    """A matrix of more than a million cells is prepared in a worker thread; a result
    shown while another is being prepared replaces it, and only the latest is shown."""
    from app.matrix_data import MatrixData
    from app.matrix_prepare import BACKGROUND_CELLS
    from tests.app.synthetic import synthetic_result

    first, second = synthetic_result(1100, seed=1), synthetic_result(1200, seed=2)
    assert BACKGROUND_CELLS < 1100**2
    model = MatrixModel()
    model.set_result(first)
    assert model.preparing and model.rowCount() == 0  # nothing half-made is shown
    model.set_result(second)  # while the first is still being prepared
    with qtbot.waitSignal(model.matrixReady, timeout=60_000):
        pass
    assert not model.preparing and model.result is second
    assert model.rowCount() == 1200
    expected = MatrixData.from_result(second)
    assert np.array_equal(model.data_.order, expected.order)
    qtbot.wait(200)  # the first result's job, if it was still running, changes nothing
    assert model.result is second and model.rowCount() == 1200
    assert model.heat_image().width() == 1200
