"""The app's pure helpers: ordering, metrics, offsets, time left, core-text adapter."""

from __future__ import annotations

import numpy as np

from app.eta import TimeLeft, format_seconds
from app.metrics import Metric, format_value, heat, legend_ticks
from app.text_offsets import DisplayText
from simhash_core.compare.matrix_order import matrix_order
from simhash_core.fingerprint.bit_compare import BitComparison, bit
from simhash_core.fingerprint.simhash import hamming
from simhash_core.types import Cluster


def test_matrix_order_puts_groups_first_source_leading():
    paths = ["e", "d", "c", "b", "a"]
    clusters = [Cluster(1, (0, 3), 0.9, 3, "x"), Cluster(2, (1, 2, 4), 0.5, 2, "y")]
    assert matrix_order(paths, clusters) == [3, 0, 2, 4, 1]
    assert matrix_order(paths, []) == [4, 3, 2, 1, 0]


def test_heat_is_monotonic_and_distance_is_inverted():
    sims = np.linspace(0, 1, 11)
    assert np.all(np.diff(heat(Metric.SIMILARITY, sims)) > 0)
    dists = np.arange(0, 30)
    h = heat(Metric.DISTANCE, dists)
    assert h[0] == 1.0 and h[-1] == 0.0 and np.all(np.diff(h) <= 0)
    assert format_value(Metric.CONTAINMENT, 0.456) == "46%"
    ticks = legend_ticks(Metric.SIMILARITY)
    assert [t[0] for t in ticks] == sorted(t[0] for t in ticks)


def test_display_text_maps_astral_characters_and_crlf():
    text = "甲😀乙\r\n丙\r丁"
    d = DisplayText(text)
    assert d.text == "甲😀乙\n丙\n丁"
    assert d.qt_length == len(d.text.encode("utf-16-le")) // 2
    # every character maps to the Qt position of the same character
    for i, ch in enumerate(text):
        if ch == "\r":
            continue
        q = d.to_qt(i)
        utf16 = d.text.encode("utf-16-le")
        shown = utf16[2 * q : 2 * q + (4 if ord(ch) > 0xFFFF else 2)].decode("utf-16-le")
        assert shown == ("\n" if ch == "\n" else ch)
        assert d.to_python(q) == i or text[d.to_python(q)] == "\r"


def test_time_left_and_format():
    """A slow start (workers, the segmenter) is not a file: a 40-file scan whose first
    file took 2 s and the next ones 0.05 s each expects 2 s more, not 80."""
    ticks = iter([0.0, 2.0, 2.05, 2.1, 2.15])
    eta = TimeLeft(clock=lambda: next(ticks))
    assert eta.update(0, 40) is None
    assert eta.update(1, 40) is None
    assert eta.update(2, 40) is None
    assert abs(eta.update(3, 40) - 37 * 0.05) < 1e-9
    assert abs(eta.update(4, 40) - 36 * 0.05) < 1e-9
    assert format_seconds(61) == "1:01"


def test_bit_comparison_counts_match_hamming():
    rng = np.random.default_rng(7)
    for _ in range(20):
        a, b = (int(x) for x in rng.integers(0, 2**63, size=2, dtype=np.int64))
        for k in (0, 3, 5):
            c = BitComparison.of(a, b, k)
            assert c.distance == hamming(a, b) == len(c.differing)
            assert len(c.blocks) == k + 1
            assert sum(b_.last - b_.first + 1 for b_ in c.blocks) == 64
            for block in c.blocks:
                same = all(bit(a, i) == bit(b, i) for i in range(block.first, block.last + 1))
                assert block.equal == same


def test_core_messages_are_rendered_by_code(qapp):
    from app.message_text import problem_label, source_long, text
    from simhash_core.messages import Message

    assert text(Message.of("pair.simhash", distance=2, k=3)) == "SimHash distance 2 ≤ 3"
    nested = Message.of("txt.binary", what=Message.of("looks.png"))
    assert text(nested) == "not a text file (looks like a PNG image)"
    # a code this version does not know (a newer archive) is shown, never lost
    assert text(Message("new.code", (("n", 3),))) == "new.code(n=3)"
    assert source_long(Message.of("source.unknown")) == "direction unknown"
    assert problem_label("corrupt") == "damaged file"
    assert problem_label("new-code") == "new-code"


def test_the_app_modules_worked_examples_hold():
    """The examples in the app's docstrings (pytest collects doctests only from the core)."""
    import doctest
    import importlib

    modules = [
        "app.text_offsets",
        "app.models.pairs_model",
        "app.views.matrix_header",
        "app.views.matrix_view",
    ]
    attempted = 0
    for name in modules:
        outcome = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
        assert outcome.failed == 0, name
        attempted += outcome.attempted
    assert attempted >= 6  # bit_compare's examples moved to the core with it


def test_each_members_strongest_pair_is_found_in_one_pass():
    """``strongest_of_each`` gives, for every member, what ``strongest_pair`` finds
    member by member (flagged first, then the most similar; the first of equals)."""
    from app.models.groups_model import strongest_of_each, strongest_pair
    from simhash_core.types import PairScore, ScanResult, ScanSettings

    rng = np.random.default_rng(11)
    for _ in range(50):
        n = int(rng.integers(2, 9))
        pairs = [
            PairScore(
                a,
                b,
                round(float(rng.random()), 1),
                3,
                0.5,
                0.5,
                0.5,
                flagged=bool(rng.random() < 0.5),
            )
            for a in range(n)
            for b in range(a + 1, n)
            if rng.random() < 0.6
        ]
        result = ScanResult(root=None, settings=ScanSettings(), documents=[], pairs=pairs)
        group = Cluster(1, tuple(range(n)), 0.9, 0, "x")
        best = strongest_of_each(pairs)
        for m in range(n):
            assert best.get(m) is strongest_pair(result, group, m, pairs)


def test_the_scan_thread_makes_the_matrix_views_a_restored_comparison_defers():
    """A comparison restored from the cache defers its matrix's SimHash and MinHash
    views; the scan thread makes them before it hands the result over, so the GUI
    thread never makes them when it first shows the matrix."""
    from app.scan_controller import handed_over
    from simhash_core.compare.comparison import PairMatrix
    from simhash_core.settings import ScanSettings
    from simhash_core.types import ScanResult, deferred_array, given_array

    made: list[int] = []

    def view() -> np.ndarray:
        made.append(1)
        return np.zeros((2, 2), np.float32)

    square = np.zeros((2, 2), np.float32)
    matrix = PairMatrix(
        deferred_array(view, 2), deferred_array(view, 2), square, square, square > 0
    )
    handed_over(ScanResult(None, ScanSettings(), matrix=matrix))
    assert made == [1, 1]
    assert isinstance(given_array(matrix, "jaccard"), np.ndarray)  # kept, not made again
