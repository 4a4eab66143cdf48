"""A template's shingles are found in a text's by binary search (#43): the same units
left out as np.isin finds, for sorted templates, and np.isin itself for any other."""

from __future__ import annotations

import numpy as np
import pytest

from simhash_core.fingerprint.analyze import _members, analyze_text, text_shingles
from simhash_core.hashing import sorted_unique
from simhash_core.types import ScanSettings
from tests.core.textgen import zh_essay


@pytest.mark.parametrize("seed", range(20))
def test_members_are_isin_s(seed):
    rng = np.random.default_rng(seed)
    values = rng.integers(0, 2**64 - 1, 500, dtype=np.uint64, endpoint=True)
    picked = values[rng.random(500) < 0.2]
    extra = rng.integers(0, 2**64 - 1, int(rng.integers(0, 60)), dtype=np.uint64)
    of = np.concatenate([picked, extra, np.array([0, 2**64 - 1], np.uint64)])
    for template in (sorted_unique(of), of, of[:0], of[:1], np.sort(of)):  # sorted or not
        assert np.array_equal(_members(values, template), np.isin(values, template))


def test_a_template_leaves_out_the_same_units_as_before():
    settings = ScanSettings()
    # as template_shingles gives them: sorted and distinct (the fast path)
    template = sorted_unique(text_shingles(zh_essay(3)[:400], settings))
    text = zh_essay(3)[:400] + "\n" + zh_essay(7)
    a = analyze_text(text, settings, template)
    seq = a.shingle_seq
    # the definition: a unit inside any shingle that isin finds in the template
    hit = np.isin(seq, template)
    excluded = np.zeros(len(a.unit_starts), bool)
    for i in np.flatnonzero(hit):
        excluded[i : i + settings.ngram] = True
    assert excluded.any() and not excluded.all()
    width = settings.ngram
    usable = np.array([not excluded[i : i + width].any() for i in range(len(seq))])
    assert np.array_equal(a.usable, usable)
