"""The scores the matrix can show, and how each maps to a 0..1 "heat".

Pure numpy, no Qt: the matrix model, the delegate and the legend all use these so the
colours, the tooltip numbers and the legend ticks agree.

>>> import numpy as np
>>> heat(Metric.SIMILARITY, np.array([0.0, 0.25, 1.0])).round(2).tolist()
[0.0, 0.5, 1.0]
>>> heat(Metric.DISTANCE, np.array([0, 12, 40])).round(2).tolist()
[1.0, 0.5, 0.0]
>>> format_value(Metric.DISTANCE, 3.0), format_value(Metric.JACCARD, 0.5)
('3', '50%')
"""

from __future__ import annotations

from enum import Enum

import numpy as np

DISTANCE_COLD = 24  # SimHash distances at or above this are drawn cold (random pairs ~32)


class Metric(Enum):
    """A matrix metric; the value is the key stored in settings."""

    SIMILARITY = "similarity"  # headline score: share of the more-copied side matched
    DISTANCE = "distance"  # SimHash Hamming distance, 0..64, lower is hotter
    JACCARD = "jaccard"  # MinHash estimate of shingle Jaccard
    CONTAINMENT = "containment"  # share of the row document found in the column document


def heat(metric: Metric, values: np.ndarray) -> np.ndarray:
    """Heat in ``[0, 1]`` for metric values (float32 array of the same shape).

    Share-like metrics use a square root so that a 15% lifted passage is already
    clearly warm; distances fall linearly to cold at :data:`DISTANCE_COLD` bits.
    """
    # float32 and in place: a 3,000 x 3,000 matrix is 9 million cells
    out = np.array(values, dtype=np.float32)
    if metric is Metric.DISTANCE:
        out *= np.float32(-1.0 / DISTANCE_COLD)
        out += np.float32(1.0)
        return np.clip(out, 0.0, 1.0, out=out)
    np.clip(out, 0.0, 1.0, out=out)
    return np.sqrt(out, out=out)


def legend_ticks(metric: Metric) -> list[tuple[float, str]]:
    """``(heat, label)`` ticks for the colour legend of ``metric``, cold to hot."""
    if metric is Metric.DISTANCE:
        values = [DISTANCE_COLD, 18, 12, 6, 0]
        labels = [f"≥{DISTANCE_COLD}", "18", "12", "6", "0"]
    else:
        values = [0.0, 0.05, 0.15, 0.3, 0.6, 1.0]
        labels = [format_value(metric, v) for v in values]
    hs = heat(metric, np.asarray(values, dtype=np.float64)).tolist()
    return list(zip(hs, labels, strict=True))


def format_value(metric: Metric, value: float) -> str:
    """A metric value as the user reads it: bits for distances, percent otherwise."""
    if metric is Metric.DISTANCE:
        return f"{round(value)}"
    return f"{value * 100:.0f}%"


def percent(value: float) -> str:
    """``0.298 -> '30%'`` (a share or score as a whole percentage)."""
    return f"{value * 100:.0f}%"
