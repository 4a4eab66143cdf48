"""Comparing documents: the class-wide corpus (shared text, shared shingles), passage
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
from simhash_core.compare.corpus import Corpus, shared_counts
from simhash_core.compare.pair_score import MIN_SHARED_SHINGLES, SIMHASH_MIN_UNITS, score_pair
from simhash_core.compare.shared_text import shared_text_shingles, shared_texts

__all__ = [
    "MIN_SHARED_SHINGLES",
    "SIMHASH_MIN_UNITS",
    "Comparison",
    "Corpus",
    "PairMatrix",
    "Restriction",
    "compare_documents",
    "score_corpus",
    "score_pair",
    "shared_counts",
    "shared_text_shingles",
    "shared_texts",
]
