"""The heat colour ramp shared by the matrix cells and the legend.

Under a light palette, cold is a near-white cool grey (honest pairs fade into the
background) and hot a dark red; under a dark one, cold is a dark grey and hot a pale
yellow. The steps in between go through red, orange and yellow, which stay
distinguishable for the common red-green colour-vision deficiencies because lightness
changes monotonically.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
from PySide6.QtGui import QColor

from simhash_core.report.palette import HEAT_STOPS

# (heat, (r, g, b)) stops, lightness decreasing with heat: the reports' ramp too
LIGHT_STOPS = HEAT_STOPS
# under a dark palette the ramp runs the other way, lightness rising with heat, so
# honest pairs fade into the dark background and copies glow: dark grey, deep red,
# orange, amber, pale yellow
DARK_STOPS: tuple[tuple[float, tuple[int, int, int]], ...] = (
    (0.00, (48, 52, 58)),
    (0.20, (104, 44, 40)),
    (0.45, (176, 62, 40)),
    (0.65, (226, 112, 40)),
    (0.85, (248, 176, 64)),
    (1.00, (255, 232, 150)),
)
HIGHLIGHT = QColor(33, 102, 208)
FLAG_MARK = QColor(20, 20, 20)
ARCHIVE_MARK = QColor(110, 60, 170)
_CACHE_STEPS = 256


def _interpolate(stops: tuple[tuple[float, tuple[int, int, int]], ...], h: float) -> QColor:
    h = min(1.0, max(0.0, h))
    for (h0, c0), (h1, c1) in itertools.pairwise(stops):
        if h <= h1:
            t = 0.0 if h1 == h0 else (h - h0) / (h1 - h0)
            return QColor(*(round(a + (b - a) * t) for a, b in zip(c0, c1, strict=True)))
    return QColor(*stops[-1][1])


def _argb(c: QColor) -> int:
    return 0xFF000000 | (c.red() << 16) | (c.green() << 8) | c.blue()


@dataclass(frozen=True)
class Ramp:
    """One heat ramp: its 256 colours, the same as ``0xAARRGGBB`` words (made once:
    :func:`heat_argb` may run in a worker thread), and the diagonal's grey."""

    colors: tuple[QColor, ...]
    lut: np.ndarray
    diagonal: QColor

    @classmethod
    def of(cls, stops: tuple[tuple[float, tuple[int, int, int]], ...], diagonal: QColor) -> Ramp:
        colors = tuple(_interpolate(stops, i / (_CACHE_STEPS - 1)) for i in range(_CACHE_STEPS))
        return cls(colors, np.array([_argb(c) for c in colors], dtype=np.uint32), diagonal)


LIGHT_RAMP = Ramp.of(LIGHT_STOPS, QColor(205, 208, 214))
DARK_RAMP = Ramp.of(DARK_STOPS, QColor(82, 86, 94))
_ramp = LIGHT_RAMP  # the palette's: set by use_dark_ramp when the palette is chosen


def use_dark_ramp(dark: bool) -> None:
    """Paint heat with the dark palette's ramp (or the light one's): called when the
    application's palette is set, before any matrix is drawn."""
    global _ramp
    _ramp = DARK_RAMP if dark else LIGHT_RAMP


def current_ramp() -> Ramp:
    """The ramp heat is painted with now."""
    return _ramp


def heat_color(h: float) -> QColor:
    """The colour of heat ``h`` in ``[0, 1]`` (values outside are clamped; NaN, no
    value, is the diagonal's grey).

    Looked up in a 256-step table so painting 250 000 cells stays cheap.
    """
    ramp = _ramp
    if h != h:
        return ramp.diagonal
    return ramp.colors[int(min(1.0, max(0.0, h)) * (_CACHE_STEPS - 1) + 0.5)]


def flag_mark(h: float) -> QColor:
    """The flagged-pair dot on a cell of heat ``h``: white on a dark cell, near-black on
    a light one, under either ramp."""
    return QColor(255, 255, 255) if heat_color(h).lightnessF() < 0.45 else FLAG_MARK


def heat_argb(heat: np.ndarray) -> np.ndarray:
    """Heats as a ``uint32`` array of ``0xAARRGGBB`` colours (NaN -> the diagonal grey).

    Vectorised: the matrix view turns a whole N x N heat array into an image at once.
    """
    ramp = _ramp
    lut = ramp.lut
    h = np.asarray(heat, dtype=np.float32)
    # the index of each heat in the ramp, in float32 and in place (9 million cells at
    # 3,000 files): NaN becomes 0 here and the diagonal grey below
    scaled = np.multiply(h, np.float32(_CACHE_STEPS - 1))
    scaled += np.float32(0.5)
    np.clip(scaled, 0.0, np.float32(_CACHE_STEPS - 1), out=scaled)
    nan = np.isnan(scaled)
    scaled[nan] = 0.0
    out = lut[scaled.astype(np.uint8)]
    out[nan] = _argb(ramp.diagonal)
    return out
