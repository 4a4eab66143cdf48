"""Membership in a set of hashes (#43): the open-addressing table
(:class:`~simhash_core.hashing.HashSet`) and the shared text's filtered sets
(:class:`~simhash_core.compare.shared_text.Members`) answer as ``np.isin`` does, for
random hashes, 0 and the largest value, patterned values that share their low or
high bits, and sets too large for a filter."""

from __future__ import annotations

import numpy as np
import pytest

from simhash_core.compare import shared_text
from simhash_core.compare.shared_text import Members
from simhash_core.hashing import HashSet, sorted_unique


def _sets(seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    random = rng.integers(0, 2**64 - 1, 5000, dtype=np.uint64, endpoint=True)
    edges = np.array([0, 1, 2**64 - 1], np.uint64)
    return [
        random,
        np.concatenate([random[:50], edges]),
        np.arange(1, 3000, dtype=np.uint64) << np.uint64(32),  # the same low bits
        np.arange(0, 3000, dtype=np.uint64),  # the same high bits
        rng.integers(0, 2**32 - 1, 4000, dtype=np.uint32),  # 32-bit prefixes
        random[:0],
    ]


def _asked(values: np.ndarray, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed + 1)
    hi = int(np.iinfo(values.dtype).max)
    others = rng.integers(0, hi, 20_000, dtype=values.dtype, endpoint=True)
    near = (values + values.dtype.type(1)) if len(values) else values
    return np.concatenate([values, others, near, np.array([0, 1, hi], values.dtype)])


@pytest.mark.parametrize("seed", range(4))
def test_a_hash_set_answers_as_isin(seed: int) -> None:
    for values in _sets(seed):
        asked = _asked(values, seed)
        assert np.array_equal(HashSet(values)(asked), np.isin(asked, values))


@pytest.mark.parametrize("searched", [False, True])  # a hash table, or a binary search
@pytest.mark.parametrize("max_bits", [0, 24])  # without a filter, and with one
def test_members_answer_as_isin(max_bits: int, searched: bool, monkeypatch) -> None:
    monkeypatch.setattr(shared_text, "FILTER_MAX_BITS", max_bits)
    for values in _sets(max_bits):
        members = Members(sorted_unique(values), least_bits=8 * searched, searched=searched)
        assert (members.filter is None) == (max_bits == 0 or not len(values))
        asked = _asked(values, max_bits)
        assert np.array_equal(members(asked), np.isin(asked, values))


def test_a_set_of_many_values_keeps_few_false_flags() -> None:
    """A set larger than the smallest filter gets more of the low bits: about one
    value asked in 64 is looked up in the table, not one in four."""
    rng = np.random.default_rng(7)
    values = sorted_unique(rng.integers(0, 2**64 - 1, 60_000, dtype=np.uint64))
    members = Members(values)
    assert members.filter is not None
    asked = rng.integers(0, 2**64 - 1, 200_000, dtype=np.uint64)
    flagged = members.filter[members._low(asked)]
    assert np.count_nonzero(flagged) / len(asked) < 1 / 32
