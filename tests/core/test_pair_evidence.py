"""One pair-evidence value: made once by the core, the same whichever way round a pair
is asked for, and the one thing the JSON, the reports and the app render."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from simhash_core.report.contents import class_report
from simhash_core.report.export import result_dict
from simhash_core.review.evidence import PairEvidence, flipped_score, pair_evidence
from simhash_core.scan import scan
from simhash_core.types import ScanResult
from tests.core.samples import SAMPLES

TRANSLATED = SAMPLES / "translated-zh" / "documents"
CLASS = SAMPLES / "class-zh" / "submissions"


def _folder(path: Path) -> Path:
    assert path.is_dir(), f"the sample set is missing: {path}"  # fails, never skips
    return path


@pytest.fixture(scope="module")
def translated() -> ScanResult:
    return scan([_folder(TRANSLATED)], isolate=False)


@pytest.fixture(scope="module")
def copied() -> ScanResult:
    return scan([_folder(CLASS)], isolate=False)


def _spans(e: PairEvidence, k: int) -> list[tuple[int, int]]:
    return [e.span(k, p) for p in e.passages]


def test_a_pair_asked_the_other_way_round_is_the_same_evidence_flipped(
    translated: ScanResult,
) -> None:
    """The meaning layer keeps a pair's passages in its stored orientation: asked as
    (b, a), the translated passages are still there, seen from the other side."""
    p = next(p for p in translated.pairs if p.flagged and p.translated)
    forward = pair_evidence(translated, p.a, p.b)
    backward = pair_evidence(translated, p.b, p.a)
    assert any(x.kind == "translated" for x in backward.passages)
    assert backward == forward.flipped()
    assert backward.flipped() == forward
    assert backward.pair == (p.b, p.a)
    assert backward.score is not None and backward.score.share_a == p.share_b
    assert _spans(backward, 0) == sorted(_spans(forward, 1))  # in the order of the left


def test_passages_come_in_the_order_of_the_left_text(copied: ScanResult) -> None:
    for p in (p for p in copied.pairs if p.flagged):
        e = pair_evidence(copied, p.a, p.b)
        keys = [(x.a_start, x.b_start, x.a_end, x.b_end) for x in e.passages]
        assert keys == sorted(keys)
        assert len(e.passages) == p.passages > 0  # the count is of the passages listed
        assert e.left.document is copied.documents[p.a]
        assert e.reasons == p.reasons and e.flagged


def test_flipping_a_score_swaps_every_one_sided_measure(copied: ScanResult) -> None:
    p = next(p for p in copied.pairs if p.flagged and p.share_a != p.share_b)
    f = flipped_score(p)
    assert (f.a, f.b, f.share_a, f.share_b) == (p.b, p.a, p.share_b, p.share_a)
    assert (f.containment_a, f.matched_chars) == (p.containment_b, p.matched_chars_b)
    assert flipped_score(f) == p and f.similarity == p.similarity


def test_the_key_is_the_two_contents_whatever_the_order(copied: ScanResult) -> None:
    p = next(p for p in copied.pairs if p.flagged)
    e = pair_evidence(copied, p.a, p.b)
    hashes = {copied.documents[p.a].content_hash, copied.documents[p.b].content_hash}
    assert set(e.key) == hashes and all(e.key)
    assert e.flipped().key == e.key


def test_the_json_and_the_report_list_the_evidence_passages(copied: ScanResult) -> None:
    """Both number the same passages in the same order as the pair view."""
    data = json.loads(json.dumps(result_dict(copied)))
    report = class_report(copied, date=datetime.date(2026, 11, 26))
    sections = {(s.a, s.b): s for s in report.pairs}
    for row, p in zip(data["pairs"], copied.pairs, strict=True):
        if not p.flagged:
            continue
        e = pair_evidence(copied, p.a, p.b)
        assert [tuple(x["a"]) for x in row["matched_passages"]] == _spans(e, 0)
        assert row["passages"] == len(row["matched_passages"]) == p.passages
        assert [x.a for x in sections[(p.a, p.b)].passages] == _spans(e, 0)
        assert sections[(p.a, p.b)].common_a == e.left.common
        assert sections[(p.a, p.b)].template_b == e.right.template


def test_an_unreported_pair_has_evidence_without_scores(copied: ScanResult) -> None:
    reported = {(p.a, p.b) for p in copied.pairs}
    n = len(copied.documents)
    a, b = next((i, j) for i in range(n) for j in range(i + 1, n) if (i, j) not in reported)
    e = pair_evidence(copied, b, a)
    assert e.score is None and not e.flagged and e.reasons == () and e.pair == (b, a)


def test_a_whole_passage_never_grows_over_the_text_the_class_shares(copied: ScanResult) -> None:
    """s009 and s034 begin with the header lines and the assignment's prompt most of the
    class pasted (no template given): class-wide common text, greyed and never evidence.
    The whole passage is the copy that follows it, not the prompt and the names too
    (similar sentences there were taken as seeds and joined to the copy)."""
    index = {d.path: i for i, d in enumerate(copied.documents)}
    a, b = sorted((index["s009.docx"], index["s034.pdf"]))
    common = copied.corpus.common_spans(a)
    assert common and common[0][0] < 20  # the header and the prompt are the class's
    evidence = pair_evidence(copied, a, b)
    (shown,) = evidence.passages
    found = [p for p in copied.corpus.found_passages(a, b) if not p.common]
    assert (shown.a_start, shown.b_start) == (
        min(p.a_start for p in found),
        min(p.b_start for p in found),
    )
    assert shown.a_start > common[-1][0]  # past the prompt's start
    score = evidence.score
    assert score is not None and score.matched_chars == shown.a_end - shown.a_start
