"""TF-IDF weights for SimHash features.

Two sources of IDF:

* ``"jieba"`` (default): jieba's IDF table, built from a large general corpus. A
  file's fingerprint then depends only on the file and the settings, so it can be
  cached, archived and compared with last year's class.
* ``"corpus"``: IDF computed from the scanned folder itself. Words every student uses
  for the assignment's topic get low weight. Fingerprints then change when the folder
  changes, so they are not cached or archived.

Words missing from jieba's table (most English words, names) get the table's median.

>>> w = tfidf({"峡谷": 2, "the": 1}, {"峡谷": 5.0}, default_idf=2.0)
>>> w["峡谷"], w["the"]
(10.0, 2.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from operator import mul
from typing import TYPE_CHECKING

import numpy as np

from simhash_core.text.idf_table import idf_values
from simhash_core.types import Document, Keywords

if TYPE_CHECKING:
    from simhash_core.text.idf_table import IdfLookup


def corpus_idf(docs_terms: Iterable[Mapping[str, int]]) -> tuple[dict[str, float], float]:
    """Smoothed IDF ``ln((1 + N) / (1 + df)) + 1`` over the scanned documents.

    >>> idf, default = corpus_idf([{"a": 1, "b": 1}, {"a": 3}])
    >>> round(idf["a"], 3), round(idf["b"], 3), round(default, 3)
    (1.0, 1.405, 2.099)
    """
    df: dict[str, int] = {}
    n = 0
    for terms in docs_terms:
        n += 1
        for t in terms:
            df[t] = df.get(t, 0) + 1
    idf = {t: math.log((1 + n) / (1 + c)) + 1.0 for t, c in df.items()}
    return idf, math.log(1 + n) + 1.0


def tfidf(terms: Mapping[str, int], idf: IdfLookup, default_idf: float) -> dict[str, float]:
    """``tf * idf`` per term."""
    # map() keeps the loop in C: this runs once per document on ~1,000 terms
    weights = map(mul, terms.values(), idf_values(idf, list(terms), default_idf))
    return dict(zip(terms, weights, strict=True))


def top_keywords(weights: Mapping[str, float], n: int = 200) -> Keywords:
    """The ``n`` strongest terms, ties broken by the term so the order is stable."""
    return top_keywords_of(list(weights), np.fromiter(weights.values(), np.float64), n)


def top_keywords_of(terms: list[str], weights: np.ndarray, n: int = 200) -> Keywords:
    """:func:`top_keywords` of ``terms`` with their ``weights`` as an array.

    >>> tuple(top_keywords_of(["b", "a", "c"], np.array([2.0, 2.0, 1.0]), 2))
    (('a', 2.0), ('b', 2.0))
    """
    if n <= 0:
        return Keywords()
    if len(terms) > n:  # only the terms at or above the n-th weight need the slow sort
        cut = np.partition(weights, len(weights) - n)[len(weights) - n]
        chosen = np.flatnonzero(weights >= cut)
        names = [terms[i] for i in chosen.tolist()]
        kept = weights[chosen]
    else:
        names, kept = list(terms), np.asarray(weights, np.float64)
    # by weight, heaviest first, and equal weights by term: the terms sorted first, then
    # a stable sort of their weights (the same order as sorting on (-weight, term))
    by_name = sorted(range(len(names)), key=names.__getitem__)
    order = np.take(by_name, np.argsort(-kept[by_name], kind="stable")[:n]).tolist()
    return Keywords.from_arrays(
        [names[k] for k in order], np.array([round(w, 6) for w in kept[order].tolist()])
    )


def reweighted(docs: list[Document], idf_from: Iterable[Document]) -> list[Document]:
    """``docs`` with fingerprints, per-bit sums and keywords recomputed from their term
    counts with IDF taken from the documents ``idf_from`` (``idf="corpus"``)."""
    from simhash_core.fingerprint.simhash import bit_sums, fingerprint_from_sums

    idf, default = corpus_idf(d.terms for d in idf_from)
    out = []
    for d in docs:
        weights = tfidf(d.terms, idf, default)
        sums = bit_sums(weights.items())
        out.append(
            replace(
                d,
                fingerprint=fingerprint_from_sums(sums),
                bit_sums=sums,
                keywords=top_keywords(weights),
            )
        )
    return out
