"""Glyphs drawn out of reading order: a page that reads right but whose content stream
draws its letters (or words) shuffled, so that a checker reading the stream gets
fragments (pure functions, no PDF library).

The layout code (:mod:`.pdf_layout`) builds lines in stream order, as they are drawn:
that keeps columns and tables apart, and an honest page's stream follows its reading
order, going back or up only now and then (a new column, a footer drawn first, a
quotation mark drawn after its line; a line turned on its side goes up letter by
letter, each above the last). A shuffled page jumps back or up at many of its steps,
many times per line. Such a page's glyphs are put in the order the page shows them,
top to bottom and left to right in each line (one column), before the lines are built,
and the page is counted (a ``shuffled`` integrity flag).

>>> word = [Glyph(c, 10 * i, 0, 10 * i + 8, 10, 10) for i, c in enumerate("reading")]
>>> lines = [[g._replace(y0=g.y0 - 12 * k, y1=g.y1 - 12 * k) for g in word] for k in range(9)]
>>> glyphs = [g for line in lines for g in line]
>>> shuffled = [glyphs[43 * i % 63] for i in range(63)]  # each next one 3 lines up
>>> back_or_up(shuffled), back_or_up(glyphs)
(42, 0)
>>> turned = [Glyph(g.text, -g.y1, g.x0, -g.y0, g.x1, 10) for g in glyphs]  # bottom to top
>>> back_or_up(turned)
0
>>> ordered, moved = reading_order(shuffled)
>>> moved, [g.text for g in ordered[:7]] == list("reading")
(63, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .pdf_columns import RTL, GlyphColumns, char_flags
from .pdf_layout import Glyph

MIN_STEPS = 20  # a page that goes back or up fewer times than this is read as drawn,
STEPS_PER_LINE = 2.0  # ... or fewer times than this per line it shows,
MIN_SHARE = 0.03  # ... or at fewer of its steps from glyph to glyph than this


def reading_order(page: Sequence[Glyph]) -> tuple[Sequence[Glyph], int]:
    """``page``'s glyphs, in the order the page shows them where its stream draws them
    shuffled (then also how many), else as they are and 0."""
    columns = _columns(page)
    if columns is None or not _shuffled(columns):
        return page, 0
    order = _shown_order(columns)
    if isinstance(page, GlyphColumns):
        ordered = GlyphColumns(
            columns.codes[order],
            columns.x0[order],
            columns.y0[order],
            columns.x1[order],
            columns.y1[order],
            columns.size[order],
            flags=columns.flags[order],
        )
        return ordered, len(order)
    return [page[i] for i in order.tolist()], len(order)


def back_or_up(page: Sequence[Glyph]) -> int:
    """How many times ``page``'s stream goes back along a line or up the page from one
    glyph to the next (right-to-left letters left out)."""
    columns = _columns(page)
    return 0 if columns is None else _back_or_up(columns)


def _columns(page: Sequence[Glyph]) -> GlyphColumns | None:
    """The page as columns (None for fewer than two glyphs, or glyphs that are not
    single BMP characters: never drawn shuffled by a tool, left as they are)."""
    if len(page) < 2:
        return None
    if isinstance(page, GlyphColumns):
        return page
    if any(len(g.text) != 1 or ord(g.text) > 0xFFFF for g in page):
        return None
    return GlyphColumns.from_glyphs(page)


def _shuffled(page: GlyphColumns) -> bool:
    steps = _back_or_up(page)
    if steps < max(MIN_STEPS, MIN_SHARE * (len(page) - 1)):
        return False
    return steps >= STEPS_PER_LINE * _shown_lines(page)


def _back_or_up(page: GlyphColumns) -> int:
    x0, y0, x1, y1 = page.x0, page.y0, page.x1, page.y1
    with np.errstate(invalid="ignore"):
        height = np.maximum(y1 - y0, 0.1)
        overlap = np.minimum(y1[:-1], y1[1:]) - np.maximum(y0[:-1], y0[1:])
        same_line = overlap >= 0.5 * np.minimum(height[:-1], height[1:])
        em = np.maximum(np.minimum(page.size[:-1], page.size[1:]), 0.1)
        back = same_line & (x1[1:] <= x0[:-1] - 0.2 * em)
        # up to a place of its own: the next letter of a line turned on its side goes
        # up above the last one
        apart = (x0[1:] >= x1[:-1]) | (x1[1:] <= x0[:-1])
        up = ~same_line & ((y0[1:] + y1[1:]) / 2 > y1[:-1]) & apart
    rtl = (char_flags(page.codes) & RTL) != 0
    counted = ~(rtl[:-1] | rtl[1:])
    return int(np.count_nonzero((back | up) & counted))


def _shown_lines(page: GlyphColumns) -> int:
    """How many lines the page shows: the bands its glyphs' middles fall in."""
    return int(_bands(page).max()) + 1


def _bands(page: GlyphColumns) -> np.ndarray:
    """The line each glyph is shown on, counted from the top: a new line where the
    middles of the glyphs, top to bottom, drop by more than half a glyph's height."""
    middle = (page.y0 + page.y1) / 2
    down = np.argsort(-middle, kind="stable")
    height = np.maximum(page.y1 - page.y0, 0.1)[down]
    drop = middle[down][:-1] - middle[down][1:]
    band = np.empty(len(down), np.int64)
    band[down] = np.concatenate(([0], np.cumsum(drop > 0.5 * np.minimum(height[:-1], height[1:]))))
    return band


def _shown_order(page: GlyphColumns) -> np.ndarray:
    """The glyphs' indices top to bottom, left to right in each line."""
    return np.lexsort((page.x0, _bands(page)))
