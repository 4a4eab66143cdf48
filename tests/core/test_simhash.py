"""SimHash exactly as the method defines it, including its worked examples."""

import numpy as np
import pytest

from simhash_core import bit_sums, hamming, hamming_matrix, simhash
from simhash_core.fingerprint.simhash import bit_contributions, fingerprint_array
from simhash_core.hashing import stable_hash64


def from_bits(s: str) -> int:
    return int(s, 2)


def test_worked_example_three_features():
    feats = [("010111", 5), ("000101", 3), ("100111", 1)]
    assert bit_sums(feats, bits=6, hashfunc=from_bits).tolist() == [-7, 1, -9, 9, 3, 9]
    assert simhash(feats, bits=6, hashfunc=from_bits) == 0b010111


def test_worked_example_shanghai_beijing():
    table = {"上海": 0b01011001, "北京": 0b11001011}
    assert simhash([("上海", 45.11), ("北京", 32.09)], bits=8, hashfunc=table.get) == 0b01011001


def test_worked_example_zero_weights():
    feats = list(zip(["101", "011", "100", "001", "110"], [1, 2, 0, 3, 0], strict=True))
    assert format(simhash(feats, bits=3, hashfunc=from_bits), "03b") == "001"


def test_zero_sum_gives_zero_bit():
    # +1 and -1 cancel: a sum of exactly 0 is not > 0
    assert simhash([("10", 1), ("01", 1)], bits=2, hashfunc=from_bits) == 0b00


@pytest.mark.parametrize(("a", "b", "d"), [("1011", "1001", 1), ("00101110", "00001111", 2)])
def test_hamming_worked_examples(a, b, d):
    assert hamming(int(a, 2), int(b, 2)) == d


def test_msb_first_bit_order():
    assert simhash([("x", 1.0)], bits=6, hashfunc=lambda _: 0b100000) == 0b100000


def test_default_hash_is_stable_and_64_bit():
    fp = simhash([("上海", 1.0), ("plagiarism", 2.0)])
    assert 0 <= fp < 2**64
    # pinned values (XXH3-64, seed 0): never dependent on the process or PYTHONHASHSEED,
    # so fingerprints in a cache or an archive stay valid on every machine
    assert stable_hash64("上海") == 0xF4059A61EE7CDFA0
    assert fp == 0x14503F0E8002C422
    assert fp == simhash([("plagiarism", 2.0), ("上海", 1.0)])  # order does not matter


def test_wide_fingerprints_with_custom_hash():
    fp = simhash([("a", 1.0)], bits=128, hashfunc=lambda _: (1 << 127) | 1)
    assert fp == (1 << 127) | 1


def test_bad_bits_rejected():
    with pytest.raises(ValueError, match="bits"):
        simhash([("a", 1)], bits=0)


def test_hamming_matrix_matches_scalar():
    rng = np.random.default_rng(1)
    fps = rng.integers(0, 2**63, size=300, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    m = hamming_matrix(fps, chunk=64)
    assert m.dtype == np.uint8
    for i, j in [(0, 1), (5, 299), (100, 7), (3, 3)]:
        assert m[i, j] == hamming(int(fps[i]), int(fps[j]))
    assert (m == m.T).all()


def test_fingerprint_array_roundtrip():
    arr = fingerprint_array([0, 2**64 - 1, 12345])
    assert arr.dtype == np.uint64 and int(arr[1]) == 2**64 - 1


def test_bit_contributions_explain_the_bit():
    kws = [("峡谷", 5.0), ("德国", 3.0), ("河流", 1.0)]
    fp = simhash(kws)
    for bit in (0, 17, 63):
        pushes = bit_contributions(kws, bit)
        total = sum(w for _, w in pushes)
        assert ((fp >> (63 - bit)) & 1) == (1 if total > 0 else 0)


def test_documents_keep_exact_bit_sums():
    from simhash_core.fingerprint.analyze import analyze_text
    from simhash_core.fingerprint.simhash import fingerprint_from_sums
    from simhash_core.types import ScanSettings

    a = analyze_text("帕特纳赫峡谷位于德国巴伐利亚州，由帕特纳赫河刻划而成。" * 5, ScanSettings())
    assert a.bit_sums.shape == (64,)
    assert fingerprint_from_sums(a.bit_sums) == a.fingerprint
