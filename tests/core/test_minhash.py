"""MinHash estimates and exact set measures."""

import numpy as np
import pytest

from simhash_core import (
    bottom_k,
    bottom_k_jaccard,
    containment,
    estimate_jaccard,
    exact_jaccard,
    signature,
)
from simhash_core.fingerprint.minhash import (
    _EMPTY,
    _jaccard_matrix_dense,
    jaccard_matrix,
    permutations,
)
from simhash_core.hashing import stable_hashes


def hset(lo: int, hi: int) -> np.ndarray:
    return np.unique(stable_hashes([f"shingle-{i}" for i in range(lo, hi)]))


@pytest.mark.parametrize(
    ("lo", "hi", "expected"), [(0, 2000, 1.0), (500, 2500, 0.6), (1500, 3500, 1 / 7)]
)
def test_estimate_close_to_exact(lo, hi, expected):
    a, b = hset(0, 2000), hset(lo, hi)
    assert exact_jaccard(a, b) == pytest.approx(expected, abs=1e-9)
    assert estimate_jaccard(signature(a, 256), signature(b, 256)) == pytest.approx(
        expected, abs=0.08
    )
    assert bottom_k_jaccard(bottom_k(a, 256), bottom_k(b, 256), 256) == pytest.approx(
        expected, abs=0.08
    )


def test_signature_is_deterministic_and_seeded():
    a = hset(0, 100)
    assert (signature(a) == signature(a.copy())).all()
    pa, _pb = permutations(128)
    assert pa.dtype == np.uint64 and len(pa) == 128 and (pa > 0).all()


def _signature_by_python_ints(shingles: np.ndarray, num_perm: int) -> list[int]:
    p = (1 << 31) - 1
    a, b = permutations(num_perm)
    xs = [int(v) % p for v in shingles]
    return [min((int(ai) * x + int(bi)) % p for x in xs) for ai, bi in zip(a, b, strict=True)]


def test_signature_equals_exact_integer_arithmetic():
    """The chunked computation, folded once, gives exactly ``min((a*x + b) mod p)``,
    also where ``a*x + b`` is a multiple of ``p``, one more or one less (the edges of
    the fold), in any chunk."""
    p = (1 << 31) - 1
    a, b = permutations(8)
    rng = np.random.default_rng(7)
    shingles = list(rng.integers(0, 2**64 - 1, size=600, dtype=np.uint64, endpoint=True))
    for i in range(8):
        inverse = pow(int(a[i]), -1, p)
        for target in (0, 1, p - 1):  # (a*x + b) mod p == target
            shingles.append(np.uint64(((target - int(b[i])) * inverse) % p + p * (i + 1)))
    arr = np.array(shingles, dtype=np.uint64)
    for chunk in (1, 7, 256, 10_000):
        assert signature(arr, 8, chunk=chunk).tolist() == _signature_by_python_ints(arr, 8)
    assert signature(arr, 8).tolist()[:1] == [0]


def test_empty_sets_are_similar_to_nothing():
    empty = np.zeros(0, np.uint64)
    assert estimate_jaccard(signature(empty), signature(empty)) == 0.0
    assert exact_jaccard(empty, empty) == 0.0
    assert containment(empty, hset(0, 5)) == 0.0


def test_containment_is_directional():
    small, big = hset(0, 100), hset(0, 1000)
    assert containment(small, big) == 1.0
    assert containment(big, small) == pytest.approx(0.1)


def test_jaccard_matrix_matches_pairwise():
    sigs = np.stack(
        [signature(hset(0, 500)), signature(hset(250, 750)), signature(hset(900, 1000))]
    )
    m = jaccard_matrix(sigs)
    assert m[0, 1] == pytest.approx(estimate_jaccard(sigs[0], sigs[1]))
    assert m[0, 0] == 1.0 and m[0, 2] < 0.05


@pytest.mark.parametrize("flush", [1, 7, 1 << 22])
def test_jaccard_matrix_equals_the_dense_reference(flush):
    rng = np.random.default_rng(5)
    base = rng.integers(0, 50, size=(40, 16)).astype(np.uint64)  # many equal values
    base[3] = base[7]  # identical rows
    base[11, :5] = _EMPTY  # partly empty
    base[12] = _EMPTY  # empty: similar to nothing, itself included
    m = jaccard_matrix(base, flush=flush)
    assert m.dtype == np.float32
    assert np.array_equal(m, _jaccard_matrix_dense(base))
    assert m[3, 7] == 1.0 and m[12].max() == 0.0
    for i, j in [(0, 1), (3, 7), (11, 20)]:
        assert m[i, j] == np.float32(estimate_jaccard(base[i], base[j]))


def test_jaccard_matrix_of_nothing():
    assert jaccard_matrix(np.zeros((0, 8), np.uint64)).shape == (0, 0)
    assert jaccard_matrix(np.zeros((1, 8), np.uint64)).tolist() == [[1.0]]


def test_bad_arguments():
    with pytest.raises(ValueError, match="num_perm"):
        permutations(0)
    with pytest.raises(ValueError, match="k"):
        bottom_k(hset(0, 5), 0)
