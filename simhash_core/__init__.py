"""simhash_core: the plagiarism-checking engine of plagcheck (no GUI imports).

Public API::

    simhash(features, bits=64, hashfunc=None) -> int
    hamming(a, b) -> int
    SimHashIndex(bits=64, k=3), MinHashLSH(num_perm, bands)
    scan(paths, templates, settings, progress) -> ScanResult
"""

import importlib
from typing import TYPE_CHECKING, Any

# each public name and the module that defines it, imported when the name is first used:
# importing ``simhash_core.pool`` (the command line's first step, to start its workers'
# server early) must not import numpy and the fingerprints first (0.2 s)
_HOMES = {
    "simhash_core.fingerprint.index": ("MinHashLSH", "SimHashIndex", "near_duplicate_pairs"),
    "simhash_core.fingerprint.minhash": (
        "bottom_k",
        "bottom_k_jaccard",
        "containment",
        "estimate_jaccard",
        "exact_jaccard",
        "signature",
    ),
    "simhash_core.fingerprint.simhash": ("bit_sums", "hamming", "hamming_matrix", "simhash"),
    "simhash_core.progress": ("Cancelled", "Progress"),
    "simhash_core.text.normalize": ("normalize",),
    "simhash_core.types": (
        "Cluster",
        "Document",
        "FileError",
        "PairScore",
        "Passage",
        "ScanResult",
        "ScanSettings",
    ),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    """A public name, from its module (PEP 562); a submodule otherwise."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'simhash_core' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
