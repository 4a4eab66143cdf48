"""The one sorted tally (compare.tally): what np.unique gives over every key added."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simhash_core.compare.tally import SortedTally

batches = st.lists(st.lists(st.integers(0, 30), max_size=20), max_size=8)


@settings(max_examples=150, deadline=None)
@given(batches, st.sampled_from([1, 2, 5, 1 << 23]), st.booleans())
def test_a_tally_of_batches_is_the_unique_keys_and_their_counts(keys, waiting, grow) -> None:
    """However the keys are split into batches and however often they are folded in."""
    tally = SortedTally(waiting=waiting, grow=grow)
    for batch in keys:
        tally.add(np.array(batch, np.int64))
    values, counts = tally.result()
    every = np.array([k for batch in keys for k in batch], np.int64)
    expected_values, expected_counts = np.unique(every, return_counts=True)
    assert values.tolist() == expected_values.tolist()
    assert counts.tolist() == expected_counts.tolist()
    assert counts.dtype == np.int32


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 9)), max_size=20), max_size=8),
    st.sampled_from([1, 3, 1 << 23]),
    st.booleans(),
)
def test_rows_of_counts_are_summed_per_key(added, waiting, grow) -> None:
    """A tally of several counts per key: each row is the sum of that row's counts."""
    tally = SortedTally(3, waiting=waiting, grow=grow, dtype=np.uint32)
    expected: dict[int, list[int]] = {}
    for batch in added:
        keys = np.array([k for k, _ in batch], np.uint32)
        counts = np.array([[w for _, w in batch], [1] * len(batch), [0] * len(batch)], np.int64)
        tally.add(keys, counts.reshape(3, len(batch)))
        for k, w in batch:
            row = expected.setdefault(k, [0, 0, 0])
            row[0] += w
            row[1] += 1
    values, counts = tally.result()
    assert values.tolist() == sorted(expected)
    assert counts.T.tolist() == [expected[k] for k in sorted(expected)]
    assert values.dtype == np.uint32 and counts.shape == (3, len(expected))
