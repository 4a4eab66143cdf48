"""Text read by OCR in the app: marked in the groups, the pairs table and the pair
view, whose "Show the scan" opens the page it was read from."""

from __future__ import annotations

import numpy as np
import pytest

from app.models.pairs_model import Column
from simhash_core.scan import scan
from simhash_core.types import ScanSettings
from tests.scans import cjk_font, image_pdf, text_picture

pytestmark = pytest.mark.skipif(cjk_font() is None, reason="needs a CJK font")

LINES = [
    "Copying by hand is slow, so the student scanned the page",
    "of the essay and handed in the picture instead of the text,",
    "hoping that no checker would read what a picture says.",
]


@pytest.fixture(scope="module")
def scanned_result(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scans")
    (folder / "typed.txt").write_text(" ".join(LINES), encoding="utf-8")
    image_pdf([text_picture(LINES)], folder / "scanned.pdf", 150)
    return scan([folder], settings=ScanSettings(workers=1), isolate=False)


def test_the_pair_view_marks_ocr_text_and_shows_the_scan(window, scanned_result, qtbot):
    window.set_result(scanned_result)
    docs = scanned_result.documents
    names = [d.path for d in docs]
    scanned = names.index("scanned.pdf")
    assert docs[scanned].ocr and docs[scanned].ocr[0].page == 1
    pair = next(p for p in scanned_result.pairs if {p.a, p.b} == {0, 1})
    assert pair.flagged
    window.open_pair(pair.a, pair.b)
    window.side_by_side.wait_for_evidence()
    view = window.side_by_side
    side = 0 if view.pair[0] == scanned else 1
    buttons = (view.scan_a, view.scan_b)
    assert not buttons[side].isHidden() and buttons[1 - side].isHidden()
    assert "read by OCR" in view.legend.text()
    viewer = view.show_scan(side)
    qtbot.addWidget(viewer)
    assert viewer.pixmap is not None and viewer.pixmap.width() > 100
    assert viewer.where.text().startswith("page 1 (1 of 1): read by OCR")
    viewer.close()


def test_groups_and_pairs_say_what_ocr_read(window, scanned_result):
    window.set_result(scanned_result)
    model = window.groups_panel.model
    notes = []
    for r in range(model.rowCount()):
        group = model.index(r, 0)
        for k in range(model.rowCount(group)):
            notes.append((model.index(k, 0, group).data(), model.index(k, 2, group).data()))
    assert any(name == "scanned.pdf" and n.startswith("read by OCR, ") for name, n in notes)
    table = window.pairs_panel.table
    assert not table.isColumnHidden(Column.OCR_A) and not table.isColumnHidden(Column.OCR_B)
    pairs = window.pairs_model
    row = 0
    cells = [pairs.index(row, c).data() for c in (Column.OCR_A, Column.OCR_B)]
    assert sorted(cells)[0] == "" and sorted(cells)[1].startswith("OCR ")


def test_the_scan_viewer_names_a_missing_file(window, scanned_result, tmp_path, qtbot):
    from dataclasses import replace

    from app.views.scan_viewer import ScanViewer, to_pixmap

    doc = next(d for d in scanned_result.documents if d.ocr)
    gone = replace(doc, abspath=tmp_path / "moved.pdf")
    viewer = ScanViewer(gone)
    qtbot.addWidget(viewer)
    assert viewer.pixmap is None
    assert viewer.where.text() == (
        "page 1 cannot be shown: cannot read the file: No such file or directory"
    )
    assert to_pixmap(np.zeros((4, 5, 3), np.uint8)).size().width() == 5
