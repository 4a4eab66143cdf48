"""The pigeonhole index returns exactly what brute force returns."""

import numpy as np
import pytest

from simhash_core import MinHashLSH, SimHashIndex, near_duplicate_pairs, signature
from simhash_core.fingerprint.index import block_layout


def planted(n: int, seed: int, k: int = 3) -> tuple[np.ndarray, list[int]]:
    """``n`` random fingerprints plus near-duplicates at distances 0..k of some."""
    rng = np.random.default_rng(seed)
    fps = rng.integers(0, 2**64 - 1, size=n, dtype=np.uint64, endpoint=True)
    extra = []
    sources = rng.choice(n, size=400, replace=False)
    for idx, src in enumerate(sources):
        d = idx % (k + 1)
        flips = rng.choice(64, size=d, replace=False)
        v = int(fps[src])
        for f in flips:
            v ^= 1 << int(f)
        extra.append(v)
    allfps = np.concatenate([fps, np.array(extra, dtype=np.uint64)])
    return allfps, [int(s) for s in sources]


def brute(fps: np.ndarray, q: int, k: int) -> set[int]:
    d = np.bitwise_count(fps ^ np.uint64(q))
    return set(np.nonzero(d <= k)[0].tolist())


def test_layout_for_k3_is_four_16_bit_blocks():
    assert block_layout(64, 3) == [(48, 16), (32, 16), (16, 16), (0, 16)]


def test_index_equals_brute_force_on_100k():
    fps, sources = planted(100_000, seed=7)
    idx = SimHashIndex(bits=64, k=3)
    for i, f in enumerate(fps.tolist()):
        idx.add(i, f)
    queries = [*sources[:200], *range(100_000, 100_400), *range(0, 200)]
    for q in queries:
        got = set(idx.query(int(fps[q])))
        assert got == brute(fps, int(fps[q]), 3), q
    # every planted duplicate is found from its source
    found = sum(1 for j, s in enumerate(sources) if 100_000 + j in idx.query(int(fps[s])))
    assert found == len(sources)


@pytest.mark.parametrize("k", [0, 1, 2, 5, 7])
def test_other_k_equals_brute_force(k):
    fps, sources = planted(20_000, seed=k, k=k)
    idx = SimHashIndex(k=k)
    for i, f in enumerate(fps.tolist()):
        idx.add(i, f)
    for q in [*sources[:50], *range(20_000, 20_100)]:
        assert set(idx.query(int(fps[q]))) == brute(fps, int(fps[q]), k)


def test_remove():
    idx = SimHashIndex()
    idx.add("a", 5)
    idx.add("b", 7)
    idx.remove("a")
    assert idx.query(5) == ["b"]
    assert len(idx) == 1
    with pytest.raises(KeyError):
        idx.remove("a")


def test_vectorised_all_pairs_equals_brute_force():
    fps, _ = planted(3000, seed=3)
    got = {tuple(p) for p in near_duplicate_pairs(fps, k=3).tolist()}
    d = np.bitwise_count(fps[:, None] ^ fps[None, :])
    ii, jj = np.nonzero(np.triu(d <= 3, 1))
    assert got == set(zip(ii.tolist(), jj.tolist(), strict=True))
    assert len(got) >= 400


def test_fingerprint_out_of_range():
    with pytest.raises(ValueError):
        SimHashIndex(bits=16, k=3).add("x", 1 << 20)


def test_minhash_lsh_finds_similar_sets():
    base = np.arange(1, 2001, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    near = base.copy()
    near[:100] += np.uint64(1)  # Jaccard about 0.9
    other = base + np.uint64(12345)
    lsh = MinHashLSH(num_perm=128, bands=32)
    lsh.add("base", signature(base))
    lsh.add("other", signature(other))
    assert lsh.query(signature(near)) == {"base"}
    with pytest.raises(ValueError, match="bands"):
        MinHashLSH(num_perm=128, bands=30)
