"""simhash_core: the plagiarism-checking engine of plagcheck (no GUI imports).

Public API::

    simhash(features, bits=64, hashfunc=None) -> int
    hamming(a, b) -> int
    SimHashIndex(bits=64, k=3), MinHashLSH(num_perm, bands)
    scan(paths, templates, settings, progress) -> ScanResult
"""

from simhash_core.fingerprint.index import MinHashLSH, SimHashIndex, near_duplicate_pairs
from simhash_core.fingerprint.minhash import (
    bottom_k,
    bottom_k_jaccard,
    containment,
    estimate_jaccard,
    exact_jaccard,
    signature,
)
from simhash_core.fingerprint.simhash import bit_sums, hamming, hamming_matrix, simhash
from simhash_core.progress import Cancelled, Progress
from simhash_core.text.normalize import normalize
from simhash_core.types import (
    Cluster,
    Document,
    FileError,
    PairScore,
    Passage,
    ScanResult,
    ScanSettings,
)

__all__ = [
    "Cancelled",
    "Cluster",
    "Document",
    "FileError",
    "MinHashLSH",
    "PairScore",
    "Passage",
    "Progress",
    "ScanResult",
    "ScanSettings",
    "SimHashIndex",
    "bit_sums",
    "bottom_k",
    "bottom_k_jaccard",
    "containment",
    "estimate_jaccard",
    "exact_jaccard",
    "hamming",
    "hamming_matrix",
    "near_duplicate_pairs",
    "normalize",
    "signature",
    "simhash",
]
