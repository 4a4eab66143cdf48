"""The colours every view of a pair uses: the app's side by side, the HTML and the PDF.

Passage ``k`` (0-based) is drawn in ``PASSAGE_COLORS[k % 8]`` on both sides: light,
distinguishable backgrounds on which black text stays readable. Reworded and
translated passages also get an underline of their own colour and style.
"""

from __future__ import annotations

import itertools

PASSAGE_COLORS: tuple[str, ...] = (
    "#ffe08a",
    "#a8e6cf",
    "#ffb3ba",
    "#b5d0ff",
    "#f7c6ff",
    "#c9f2a2",
    "#ffd1a1",
    "#b8f0f0",
)
REWORDED_UNDERLINE = "#1e50c8"  # dashed
TRANSLATED_UNDERLINE = "#9628a0"  # wavy
COMMON_TEXT = "#969696"  # text much of the class shares, and the template: grey

# the similarity ramp of the matrix: (heat, (r, g, b)), lightness falling with heat
HEAT_STOPS: tuple[tuple[float, tuple[int, int, int]], ...] = (
    (0.00, (246, 247, 250)),
    (0.20, (255, 241, 178)),
    (0.45, (254, 196, 79)),
    (0.65, (251, 128, 50)),
    (0.85, (215, 48, 31)),
    (1.00, (127, 0, 0)),
)


def passage_color(k: int) -> str:
    """The colour of passage ``k`` (0-based).

    >>> passage_color(0), passage_color(8)
    ('#ffe08a', '#ffe08a')
    """
    return PASSAGE_COLORS[k % len(PASSAGE_COLORS)]


def heat_rgb(h: float) -> tuple[int, int, int]:
    """The matrix colour of similarity ``h`` in ``[0, 1]`` (clamped).

    >>> heat_rgb(0.0), heat_rgb(1.0)
    ((246, 247, 250), (127, 0, 0))
    """
    h = min(1.0, max(0.0, h))
    for (h0, c0), (h1, c1) in itertools.pairwise(HEAT_STOPS):
        if h <= h1:
            t = 0.0 if h1 == h0 else (h - h0) / (h1 - h0)
            r, g, b = (round(x + (y - x) * t) for x, y in zip(c0, c1, strict=True))
            return r, g, b
    return HEAT_STOPS[-1][1]


def heat_hex(h: float) -> str:
    r, g, b = heat_rgb(h)
    return f"#{r:02x}{g:02x}{b:02x}"
