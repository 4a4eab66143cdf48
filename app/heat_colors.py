"""The heat colour ramp shared by the matrix cells and the legend.

Cold is a near-white cool grey (honest pairs fade into the background), hot is a dark
red; the steps in between go through yellow and orange, which stay distinguishable for
the common red-green colour-vision deficiencies because lightness falls monotonically.
"""

from __future__ import annotations

import itertools

import numpy as np
from PySide6.QtGui import QColor

from simhash_core.report.palette import HEAT_STOPS

# (heat, (r, g, b)) stops, lightness decreasing with heat: the reports' ramp too
_STOPS = HEAT_STOPS
DIAGONAL = QColor(205, 208, 214)
HIGHLIGHT = QColor(33, 102, 208)
FLAG_MARK = QColor(20, 20, 20)
ARCHIVE_MARK = QColor(110, 60, 170)
_CACHE_STEPS = 256


def _interpolate(h: float) -> QColor:
    h = min(1.0, max(0.0, h))
    for (h0, c0), (h1, c1) in itertools.pairwise(_STOPS):
        if h <= h1:
            t = 0.0 if h1 == h0 else (h - h0) / (h1 - h0)
            return QColor(*(round(a + (b - a) * t) for a, b in zip(c0, c1, strict=True)))
    return QColor(*_STOPS[-1][1])


_RAMP = [_interpolate(i / (_CACHE_STEPS - 1)) for i in range(_CACHE_STEPS)]
# the ramp as 0xAARRGGBB words, made once: heat_argb may run in a worker thread
_LUT = np.array(
    [0xFF000000 | (c.red() << 16) | (c.green() << 8) | c.blue() for c in _RAMP], dtype=np.uint32
)


def heat_color(h: float) -> QColor:
    """The colour of heat ``h`` in ``[0, 1]`` (values outside are clamped).

    Looked up in a 256-step table so painting 250 000 cells stays cheap.
    """
    if h != h:  # NaN: no value
        return DIAGONAL
    i = int(min(1.0, max(0.0, h)) * (_CACHE_STEPS - 1) + 0.5)
    return _RAMP[i]


def heat_argb(heat: np.ndarray) -> np.ndarray:
    """Heats as a ``uint32`` array of ``0xAARRGGBB`` colours (NaN -> the diagonal grey).

    Vectorised: the matrix view turns a whole N x N heat array into an image at once.
    """
    lut = _LUT
    h = np.asarray(heat, dtype=np.float32)
    # the index of each heat in the ramp, in float32 and in place (9 million cells at
    # 3,000 files): NaN becomes 0 here and the diagonal grey below
    scaled = np.multiply(h, np.float32(_CACHE_STEPS - 1))
    scaled += np.float32(0.5)
    np.clip(scaled, 0.0, np.float32(_CACHE_STEPS - 1), out=scaled)
    nan = np.isnan(scaled)
    scaled[nan] = 0.0
    out = lut[scaled.astype(np.uint8)]
    out[nan] = 0xFF000000 | (DIAGONAL.red() << 16) | (DIAGONAL.green() << 8) | DIAGONAL.blue()
    return out
