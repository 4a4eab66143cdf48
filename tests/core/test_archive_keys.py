"""Index keys and stored bytes of the archive: winnowing's guarantee, band keys,
integer packing and the payload round trip."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simhash_core.archive import ArchiveError
from simhash_core.archive.codec import (
    ArchiveConfig,
    decode_payload,
    encode_payload,
    entries_from_arrays,
    entry_from_document,
)
from simhash_core.archive.keys import (
    band_keys,
    has_bands,
    pack,
    simhash_blocks,
    to_signed,
    to_unsigned,
    unpack,
    winnow,
    winnow_keys,
)
from simhash_core.fingerprint.minhash import signature
from simhash_core.types import ScanSettings
from tests.core.test_archive import make_doc
from tests.core.textgen import en_essay, zh_essay

u64 = st.integers(min_value=0, max_value=2**64 - 1)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(u64, min_size=0, max_size=60),
    st.lists(u64, min_size=0, max_size=60),
    st.lists(u64, min_size=8, max_size=30),
)
def test_a_shared_run_of_a_window_shares_a_winnowed_key(
    left: list[int], right: list[int], shared: list[int]
) -> None:
    """MOSS's guarantee: a common run of at least ``w`` shingles is always detected."""
    a = np.array(left + shared + right, dtype=np.uint64)
    b = np.array(right + shared, dtype=np.uint64)
    ka = winnow_keys(a, np.ones(len(a), bool), 8)
    kb = winnow_keys(b, np.ones(len(b), bool), 8)
    assert len(np.intersect1d(ka, kb)) >= 1


def test_winnow_never_selects_unusable_positions() -> None:
    seq = np.array([1, 2, 3, 4, 5, 6], dtype=np.uint64)
    usable = np.array([False, False, True, True, True, True])
    assert winnow(seq, usable, 3).tolist() == [2, 3]
    assert winnow(seq, np.zeros(6, bool), 3).tolist() == []
    assert winnow(seq[:2], np.ones(2, bool), 8).tolist() == [0]
    assert winnow(seq[:0], np.ones(0, bool), 8).tolist() == []
    with pytest.raises(ValueError, match="window"):
        winnow(seq, usable, 0)


def test_winnowing_keeps_about_two_in_w_plus_one() -> None:
    doc = make_doc(zh_essay(3), "a.txt")
    picked = winnow(doc.shingle_seq, doc.usable, 8)
    assert 1.5 / 9 < len(picked) / len(doc.shingle_seq) < 2.5 / 9


@given(u64)
def test_signed_round_trip(v: int) -> None:
    s = to_signed(v)
    assert -(2**63) <= s < 2**63 and to_unsigned(s) == v


@given(st.integers(0, 2**40), st.integers(0, 2**40 - 1))
def test_pack_round_trip(doc_id: int, key: int) -> None:
    bucket, member = pack(doc_id, key, 20)
    assert unpack(member, 20) == (doc_id, key & (2**20 - 1))
    assert (bucket << 20) | unpack(member, 20)[1] == key


def test_simhash_blocks_follow_the_layout() -> None:
    assert simhash_blocks(0xFFFF_0000_0000_0001, 3) == [0xFFFF, 0, 0, 1]
    assert len(simhash_blocks(2**64 - 1, 5)) == 6


def test_band_keys_are_stable_and_32_bit() -> None:
    sig = signature(np.arange(100, dtype=np.uint64))
    keys = band_keys(sig, 32)
    assert keys.shape == (1, 32) and keys.dtype == np.uint64
    assert (keys < 2**32).all() and len(set(keys[0].tolist())) == 32
    # pinned: band keys are stored, so they must never change between versions
    assert int(band_keys(np.arange(8, dtype=np.uint64), 2)[0, 0]) == 29281666
    both = band_keys(np.stack([sig, sig]), 32)
    assert np.array_equal(both[0], both[1])
    other = signature(np.arange(50, 150, dtype=np.uint64))
    assert (band_keys(other, 32) == keys).sum() < 32
    assert not has_bands(signature(np.zeros(0, np.uint64)))
    with pytest.raises(ValueError, match="bands"):
        band_keys(sig, 30)


@pytest.mark.parametrize("text", [zh_essay(8), en_essay(8), "", "短"])
def test_payload_round_trip(text: str) -> None:
    doc = make_doc(text, "a.txt")
    got = decode_payload(encode_payload(doc))
    assert got["text"] == doc.text
    assert np.array_equal(got["shingle_seq"], doc.shingle_seq)
    assert np.array_equal(got["usable"], doc.usable)
    assert np.array_equal(got["unit_starts"], doc.unit_starts)
    assert np.array_equal(got["unit_ends"], doc.unit_ends)
    assert got["terms"] == doc.terms and got["keywords"] == doc.keywords
    assert np.array_equal(got["bit_sums"], doc.bit_sums)


def test_damaged_payload_is_an_archive_error() -> None:
    blobs = encode_payload(make_doc(zh_essay(1), "a.txt"))
    blobs["text"] = b"not zlib"
    with pytest.raises(ArchiveError, match="damaged"):
        decode_payload(blobs)


def test_config_round_trip_and_newer_format() -> None:
    cfg = ArchiveConfig.from_settings(ScanSettings(ngram=4, minhash_perms=64))
    assert ArchiveConfig.from_json(cfg.to_json()) == cfg
    assert cfg.bands == 16 and cfg.settings.ngram == 4
    raw = json.loads(cfg.to_json())
    raw["format"] = 99
    with pytest.raises(ArchiveError, match="newer plagcheck"):
        ArchiveConfig.from_json(json.dumps(raw))
    with pytest.raises(ArchiveError, match="unreadable"):
        ArchiveConfig.from_json("{nonsense")


def test_entries_match_between_document_and_array_paths() -> None:
    cfg = ArchiveConfig()
    doc = make_doc(zh_essay(5), "a.txt")
    e = entry_from_document(doc, cfg)
    (f,) = entries_from_arrays(np.array([doc.fingerprint], np.uint64), doc.minhash[None], cfg)
    assert e.blocks == f.blocks and np.array_equal(e.bands, f.bands)
    assert len(e.winnow) > 0 and len(f.winnow) == 0
    assert e.size > f.size > 0
