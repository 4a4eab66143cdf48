"""Comparing documents: the class-wide corpus (common text, shared shingles), passage
alignment, one pair's scores and reasons, groups and likely sources, and the one
comparison that puts them together (:func:`compare_documents`, in ``comparison.py``).
"""

from simhash_core.compare.comparison import (
    Comparison,
    PairMatrix,
    Restriction,
    compare_documents,
    score_corpus,
)
from simhash_core.compare.corpus import Corpus, common_shingles, shared_counts
from simhash_core.compare.pair_score import MIN_SHARED_SHINGLES, SIMHASH_MIN_UNITS, score_pair

__all__ = [
    "MIN_SHARED_SHINGLES",
    "SIMHASH_MIN_UNITS",
    "Comparison",
    "Corpus",
    "PairMatrix",
    "Restriction",
    "common_shingles",
    "compare_documents",
    "score_corpus",
    "score_pair",
    "shared_counts",
]
