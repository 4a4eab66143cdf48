"""Spans of a document's original text from masks over its units.

The core marks, per shingle, whether it is usable (not template text, not the
reference section, not an excluded quotation). Units covered by no usable shingle are
left out of every score; the side-by-side views grey them, like class-wide common
text (:meth:`~simhash_core.compare.corpus.Corpus.common_spans`), so a teacher sees at a glance
what was not counted. Both come from :func:`unit_runs_to_spans`.
"""

from __future__ import annotations

import numpy as np

from simhash_core.text.units import comparable_units
from simhash_core.types import Document


def unit_runs_to_spans(doc: Document, mask: np.ndarray) -> list[tuple[int, int]]:
    """Original-text ``(start, end)`` spans of the runs of True units in ``mask``.

    >>> from types import SimpleNamespace
    >>> doc = SimpleNamespace(unit_starts=np.array([0, 2, 5]), unit_ends=np.array([1, 4, 7]))
    >>> unit_runs_to_spans(doc, np.array([True, True, False]))
    [(0, 4)]
    >>> unit_runs_to_spans(doc, np.array([False, False, True]))
    [(5, 7)]
    """
    if not len(mask) or not mask.any():
        return []
    edges = np.nonzero(np.diff(np.concatenate([[0], mask.astype(np.int8), [0]])))[0]
    starts, ends = doc.unit_starts, doc.unit_ends
    return [
        (int(starts[s]), int(ends[e - 1])) for s, e in zip(edges[::2], edges[1::2], strict=True)
    ]


def excluded_spans(doc: Document) -> list[tuple[int, int]]:
    """Spans of template text, references and excluded quotations in ``doc``."""
    if doc.unit_count == 0:
        return []
    counted = comparable_units(doc.usable, doc.unit_count, doc.ngram)
    return unit_runs_to_spans(doc, ~counted)
