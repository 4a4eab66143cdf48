"""The app counts a translated pair's passages as the reports do (issue 37, item 4): the
pairs table and the side-by-side summary show the shares, passages and matched
characters of the passages the pair's similarity counts, not "0%" beside 100%."""

from __future__ import annotations

import pytest

from app.metrics import percent
from app.models.pairs_model import Column
from simhash_core.scan import scan
from simhash_core.types import ScanResult
from tests.app.conftest import doc_index
from tests.core.samples import SAMPLES

TRANSLATED = SAMPLES / "translated-zh" / "documents"


@pytest.fixture(scope="module")
def translated() -> ScanResult:
    assert TRANSLATED.is_dir(), f"the sample set is missing: {TRANSLATED}"  # fail, never skip
    return scan([TRANSLATED], isolate=False)


def test_a_translated_pair_shows_its_passages_in_the_table_and_the_summary(
    window, translated: ScanResult
) -> None:
    window.set_result(translated)
    a, b = doc_index(translated, "s015.docx"), doc_index(translated, "src07.docx")
    (p,) = [q for q in translated.pairs if {q.a, q.b} == {a, b}]
    assert p.translated == 12 and p.similarity == 1.0

    model = window.pairs_model
    (row,) = [r for r, q in enumerate(model.pairs) if q is p]
    cell = {c: model.data(model.index(row, int(c))) for c in Column}
    assert cell[Column.SIMILARITY] == percent(1.0)
    # one passage: the translation's two halves have two sentences between them in the
    # essay and none in the source (extension.join_passages)
    assert cell[Column.PASSAGES] == "1"
    assert int(cell[Column.MATCHED_CHARS].replace(",", "")) > 1000
    shares = {cell[Column.SHARE_A], cell[Column.SHARE_B]}
    assert percent(1.0) in shares and percent(0.0) not in shares

    window.open_pair(a, b)
    window.side_by_side.wait_for_evidence()
    items = window.side_by_side.summary_items()
    assert items[0] == "1 matched passage"
    assert items[1] == (
        f"matched text: {percent(p.share_a if p.a == a else p.share_b)} of s015.docx, "
        f"{percent(1.0)} of src07.docx"
    )
