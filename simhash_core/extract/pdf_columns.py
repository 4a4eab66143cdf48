"""One PDF page's characters as numpy columns, laid out into lines without a Python step
per character.

PDFium reports a thousand or more characters per page. Making a :class:`Glyph` for each
and grouping them one by one (:func:`.pdf_layout.group_lines`) took longer than PDFium
itself. :class:`GlyphColumns` keeps a page's characters as arrays, and its
:meth:`~GlyphColumns.group_lines` returns exactly the lines the reference code returns
for the same glyphs. The reference rules are sequential; here they are evaluated on
whole arrays and checked, and the reference code itself runs where that does not work:

- lines in stream order: guess where lines break, compute the extent each line has
  before each glyph (its tallest glyph so far), test every glyph against it and accept
  the guess only if every test agrees with it (otherwise guess again from the tests);
- fragments drawn out of order: the merge test between all pairs of lines as a matrix,
  then a pass over the few lines that have any candidate;
- each line: the stable sort by ``x0``, the right edge of the glyphs so far and the gap
  rule for spaces on whole arrays; a line with a glyph drawn twice (fake bold) goes
  through the reference :func:`.pdf_layout._finish_line`.

The arithmetic is the reference's: the same IEEE double operations on the same values,
so the results are equal, not merely close (a randomised test compares them on many
pages). Pages with non-finite coordinates or whitespace glyphs go through the reference.
"""

from __future__ import annotations

import itertools
import math
import unicodedata
from collections.abc import Iterator, Sequence
from typing import overload

import numpy as np

from simhash_core.hashing import sorted_unique

from . import pdf_layout
from .pdf_layout import Glyph, Line, _is_rtl
from .wrap import is_cjk

SPACE, ALNUM, UNDECODABLE, CJK, RTL = 1, 2, 4, 8, 16
_LOOKBACK = 40  # pdf_layout._merge_fragments' default
_BLOCK = 256  # lines per block of the fragment-merge matrix
_KNOWN = 128  # set once a code point's flags are computed
_table = np.zeros(0x10000, np.uint8)


def is_undecodable(ch: str) -> bool:
    """Is ``ch`` a character a back end could not decode (U+FFFD, private use, control)?

    >>> [is_undecodable(c) for c in "a\\ufffd\\ue000\\x01 "]
    [False, True, True, True, False]
    """
    return ch == "\ufffd" or unicodedata.category(ch) in ("Co", "Cc", "Cs")


def char_flags(codes: np.ndarray) -> np.ndarray:
    """Flags (SPACE, ALNUM, UNDECODABLE, CJK, RTL) of BMP code points, as uint8.

    Each code point's flags come from the very predicates the reference code calls per
    character, computed the first time the code point is seen and kept for the process.

    >>> char_flags(np.array([ord("中"), ord(" "), ord("a")])).tolist()
    [138, 129, 130]
    """
    flags = _table[codes]
    if (flags & _KNOWN).all():
        return flags
    for code in sorted_unique(codes[(flags & _KNOWN) == 0]).tolist():
        ch = chr(code)
        _table[code] = (
            _KNOWN
            | (SPACE if ch.isspace() else 0)
            | (ALNUM if ch.isalnum() else 0)
            | (UNDECODABLE if is_undecodable(ch) else 0)
            | (CJK if is_cjk(ch) else 0)
            | (RTL if _is_rtl(ch) else 0)
        )
    return _table[codes]


class GlyphColumns(Sequence[Glyph]):
    """A page's glyphs in stream order: one BMP code point and one box per glyph.

    It is a sequence of :class:`Glyph` (made on access), so code written for lists of
    glyphs works on it unchanged; :func:`.pdf_layout.group_lines` uses its fast
    :meth:`group_lines`.

    >>> glyphs = [Glyph("中", 0, 0, 10, 10, 10), Glyph("文", 10, 0, 20, 10, 10)]
    >>> page = GlyphColumns.from_glyphs(glyphs)
    >>> len(page), page[1], [line.text for line in page.group_lines()]
    (2, Glyph(text='文', x0=10.0, y0=0.0, x1=20.0, y1=10.0, size=10.0), ['中文'])
    """

    __slots__ = ("_flags", "codes", "size", "x0", "x1", "y0", "y1")

    def __init__(
        self,
        codes: np.ndarray,
        x0: np.ndarray,
        y0: np.ndarray,
        x1: np.ndarray,
        y1: np.ndarray,
        size: np.ndarray,
        flags: np.ndarray | None = None,
    ) -> None:
        """``flags``: ``char_flags(codes)``, if the caller has it already."""
        self.codes = np.asarray(codes, np.int64)
        if self.codes.ndim != 1 or (
            self.codes.size and not 0 <= self.codes.min() <= self.codes.max() < 0x10000
        ):
            raise ValueError("GlyphColumns: codes must be a vector of BMP code points")
        self.x0, self.y0, self.x1, self.y1, self.size = (
            np.asarray(a, np.float64) for a in (x0, y0, x1, y1, size)
        )
        if any(
            a.shape != self.codes.shape for a in (self.x0, self.y0, self.x1, self.y1, self.size)
        ):
            raise ValueError("GlyphColumns: columns must have the same length")
        self._flags = flags

    @classmethod
    def from_glyphs(cls, glyphs: Sequence[Glyph]) -> GlyphColumns:
        """Columns from single-character BMP glyphs (for tests and comparisons)."""
        if any(len(g.text) != 1 for g in glyphs):
            raise ValueError("GlyphColumns.from_glyphs: every glyph must be one character")
        if not glyphs:
            empty = np.zeros(0)
            return cls(np.zeros(0, np.int64), empty, empty, empty, empty, empty)
        text, *boxes = zip(*glyphs, strict=True)
        codes = np.array([ord(ch) for ch in text], np.int64)
        return cls(codes, *(np.array(column, np.float64) for column in boxes))

    @property
    def flags(self) -> np.ndarray:
        """:func:`char_flags` of each glyph."""
        if self._flags is None:
            self._flags = char_flags(self.codes)
        return self._flags

    def __len__(self) -> int:
        return len(self.codes)

    @overload
    def __getitem__(self, index: int) -> Glyph: ...

    @overload
    def __getitem__(self, index: slice) -> list[Glyph]: ...

    def __getitem__(self, index: int | slice) -> Glyph | list[Glyph]:
        if isinstance(index, slice):
            return list(_glyphs(self, np.arange(len(self.codes))[index]))
        return Glyph(
            chr(self.codes[index]),
            float(self.x0[index]),
            float(self.y0[index]),
            float(self.x1[index]),
            float(self.y1[index]),
            float(self.size[index]),
        )

    def __iter__(self) -> Iterator[Glyph]:
        return _glyphs(self, np.arange(len(self.codes)))

    def __repr__(self) -> str:
        return f"GlyphColumns({len(self)} glyphs)"

    def text(self) -> str:
        """All characters in stream order."""
        return _decode(self.codes)

    def count_alnum(self) -> int:
        """Number of characters for which ``str.isalnum()`` is true."""
        return int(np.count_nonzero(self.flags & ALNUM))

    def count_undecodable(self) -> tuple[int, int]:
        """Non-space characters and, among them, undecodable ones (see garbage_share)."""
        flags = self.flags & (SPACE | UNDECODABLE)
        total = len(flags) - int(np.count_nonzero(flags & SPACE))
        return total, int(np.count_nonzero(flags == UNDECODABLE))

    def group_lines(self) -> list[Line]:
        """The lines :func:`.pdf_layout.group_lines` gives for these glyphs, vectorised."""
        if not len(self.codes):
            return []
        with np.errstate(all="ignore"):
            total = float(
                self.x0.sum() + self.y0.sum() + self.x1.sum() + self.y1.sum() + self.size.sum()
            )
        if not math.isfinite(total) or (self.flags & SPACE).any():
            return pdf_layout._group_lines_one_by_one(list(self))  # the reference
        starts, tallest = _stream_lines(self)
        members = _merge_fragments(self, starts, tallest)
        return _finish_lines(self, starts, tallest, members)


def _glyphs(columns: GlyphColumns, index: np.ndarray) -> Iterator[Glyph]:
    for c, x0, y0, x1, y1, size in zip(
        columns.codes[index].tolist(),
        columns.x0[index].tolist(),
        columns.y0[index].tolist(),
        columns.x1[index].tolist(),
        columns.y1[index].tolist(),
        columns.size[index].tolist(),
        strict=True,
    ):
        yield Glyph(chr(c), x0, y0, x1, y1, size)


class _GlyphView(Sequence[Glyph]):
    """The glyphs of one line, made from the page's columns only when asked for."""

    __slots__ = ("_columns", "_index")

    def __init__(self, columns: GlyphColumns, index: np.ndarray) -> None:
        self._columns = columns
        self._index = index

    def __len__(self) -> int:
        return len(self._index)

    @overload
    def __getitem__(self, index: int) -> Glyph: ...

    @overload
    def __getitem__(self, index: slice) -> list[Glyph]: ...

    def __getitem__(self, index: int | slice) -> Glyph | list[Glyph]:
        if isinstance(index, slice):
            return list(_glyphs(self._columns, self._index[index]))
        return self._columns[int(self._index[index])]

    def __iter__(self) -> Iterator[Glyph]:
        return _glyphs(self._columns, self._index)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


def _decode(codes: np.ndarray) -> str:
    return codes.astype("<u4").tobytes().decode("utf-32-le")


# -- step 1: characters into lines, in stream order ----------------------------------------


def _stream_lines(page: GlyphColumns) -> tuple[np.ndarray, np.ndarray]:
    """First glyph and tallest glyph of each line, as pdf_layout.group_lines makes them.

    A line is a contiguous range of glyphs; its extent (and size) is that of its tallest
    glyph so far, the first of equal heights. Guess the lines (a glyph continues the line
    if it would join a line made of the glyph before it), find for every glyph the tallest
    glyph of its line up to it, and test each glyph against the extent its line had just
    before it. Where every test agrees with the guess, the guess is what the one-by-one
    loop gives (by induction over the glyphs). Otherwise guess again from the tests, which
    settles at least the first disagreement; after a few rounds, run the loop itself.
    """
    y0, y1 = page.y0, page.y1
    n = len(y0)
    height = y1 - y0
    overlap = np.minimum(y1[:-1], y1[1:]) - np.maximum(y0[:-1], y0[1:])
    joins = overlap >= 0.5 * np.minimum(np.maximum(height[1:], 0.1), height[:-1])
    key = _order_key(height)
    key -= key.min()
    span = int(key.max()) + 1
    positions = np.arange(n)
    for _ in range(4):
        new_line = np.empty(n, bool)
        new_line[0] = True
        np.logical_not(joins, out=new_line[1:])
        starts = new_line.nonzero()[0]
        # The tallest glyph so far in each line: running maximum of (line, height key).
        line = new_line.cumsum()
        if len(starts) * span >= 2**62:  # heights far apart: use their ranks instead
            key = np.unique(height, return_inverse=True)[1].reshape(-1).astype(np.uint64)
            span = n
        best = np.maximum.accumulate(line * span + key.astype(np.int64))
        rises = np.empty(n, bool)
        rises[0] = True
        np.greater(best[1:], best[:-1], out=rises[1:])
        tallest = np.maximum.accumulate(np.where(rises, positions, 0))
        t = tallest[:-1]
        overlap = np.minimum(y1[t], y1[1:]) - np.maximum(y0[t], y0[1:])
        tested = overlap >= 0.5 * np.minimum(np.maximum(height[1:], 0.1), height[t])
        if (tested == joins).all():
            return starts, tallest[np.concatenate((starts[1:] - 1, [n - 1]))]
        joins = tested
    return _stream_lines_one_by_one(page)


def _order_key(values: np.ndarray) -> np.ndarray:
    """uint64 keys in the order of finite float64 ``values``, equal for equal values.

    >>> values = np.array([3.5, -2.0, 0.0, -0.0, 1e-300, -1e300, 1e300])
    >>> keys = _order_key(values).tolist()
    >>> sorted(range(7), key=keys.__getitem__) == sorted(range(7), key=values.__getitem__)
    True
    >>> keys[2] == keys[3]
    True
    """
    bits = (values + 0.0).view(np.uint64)  # + 0.0 turns -0.0 into 0.0
    sign = np.uint64(1 << 63)
    return np.where(bits >= sign, ~bits, bits | sign)  # negative: larger magnitude, smaller


def _stream_lines_one_by_one(page: GlyphColumns) -> tuple[np.ndarray, np.ndarray]:
    """What _stream_lines gives, one glyph at a time as pdf_layout.group_lines does it."""
    starts: list[int] = []
    tallest: list[int] = []
    cy0 = cy1 = 0.0
    for i, (gy0, gy1) in enumerate(zip(page.y0.tolist(), page.y1.tolist(), strict=True)):
        if starts and min(cy1, gy1) - max(cy0, gy0) >= 0.5 * min(max(gy1 - gy0, 0.1), cy1 - cy0):
            if gy1 - gy0 > cy1 - cy0:
                cy0, cy1 = gy0, gy1
                tallest[-1] = i
        else:
            starts.append(i)
            tallest.append(i)
            cy0, cy1 = gy0, gy1
    return np.array(starts, np.intp), np.array(tallest, np.intp)


# -- step 2: merge fragments drawn out of order ----------------------------------------------


def _merge_fragments(
    page: GlyphColumns, starts: np.ndarray, tallest: np.ndarray
) -> list[list[int]] | None:
    """pdf_layout._merge_fragments: the kept lines, each with the lines merged into it in
    order; None when no line is merged.
    """
    count = len(starts)
    ly0, ly1, lsize = page.y0[tallest], page.y1[tallest], page.size[tallest]
    height = ly1 - ly0
    # No line reaches up into an earlier one: no vertical overlap, nothing to merge.
    if count < 2 or ((height > 0).all() and (ly1[1:] <= np.minimum.accumulate(ly0)[:-1]).all()):
        return None
    lx0 = np.minimum.reduceat(page.x0, starts)
    lx1 = np.maximum.reduceat(page.x1, starts)
    lists = (ly0.tolist(), ly1.tolist(), lsize.tolist(), lx0.tolist(), lx1.tolist())

    kept: list[int] = []
    members: dict[int, list[int]] = {}
    for a in range(0, count, _BLOCK):
        b = min(a + _BLOCK, count)
        c0 = max(a - _BLOCK, 0)
        # fits[j - a, k - c0]: may line j merge into line k (k < j)? The reference's
        # expressions, with line j as "line" and line k as "other".
        j, k = slice(a, b), slice(c0, b)
        overlap = np.minimum(ly1[k][None, :], ly1[j][:, None]) - np.maximum(
            ly0[k][None, :], ly0[j][:, None]
        )
        tol = 0.5 * lsize[k][None, :]
        fits = (
            (overlap >= 0.6 * np.minimum(height[j][:, None], height[k][None, :]))
            & (lx0[j][:, None] >= lx0[k][None, :] - tol)
            & (lx1[j][:, None] <= lx1[k][None, :] + tol)
            & (np.arange(c0, b)[None, :] < np.arange(a, b)[:, None])
        )
        candidates = fits.any(axis=1).tolist()
        for line in range(a, b):
            window = kept[max(len(kept) - _LOOKBACK, 0) :]
            if window and window[0] < c0:  # the window reaches before this block's matrix
                target = next((o for o in reversed(window) if _fits(lists, line, o)), None)
            elif not candidates[line - a]:
                target = None
            else:
                row = fits[line - a]
                target = next((o for o in reversed(window) if row[o - c0]), None)
            if target is None:
                kept.append(line)
                members[line] = [line]
            else:
                members[target].append(line)
    return None if len(kept) == count else [members[line] for line in kept]


def _fits(lists: tuple[list[float], ...], line: int, other: int) -> bool:
    """pdf_layout._merge_fragments' test, on Python floats."""
    ly0, ly1, lsize, lx0, lx1 = lists
    tol = 0.5 * lsize[other]
    return (
        min(ly1[other], ly1[line]) - max(ly0[other], ly0[line])
        >= 0.6 * min(ly1[line] - ly0[line], ly1[other] - ly0[other])
        and lx0[line] >= lx0[other] - tol
        and lx1[line] <= lx1[other] + tol
    )


# -- step 3: sort each line, drop doubled glyphs, insert spaces ------------------------------


def _finish_lines(
    page: GlyphColumns,
    starts: np.ndarray,
    tallest: np.ndarray,
    members: list[list[int]] | None,
) -> list[Line]:
    """pdf_layout._finish_line for every line (the reference itself for lines with a
    glyph drawn twice)."""
    n = len(page.codes)
    if members is None:  # the lines are the ranges in stream order
        order = None
        firsts, tops = starts, tallest
        flags, x0 = page.flags, page.x0
    else:
        range_bounds = np.concatenate((starts, [n]))
        parts = [m for group in members for m in group]
        part_len = (range_bounds[1:] - range_bounds[:-1])[parts]
        part_start = part_len.cumsum() - part_len
        order = (range_bounds[parts] - part_start).repeat(part_len) + np.arange(n)
        firsts = part_start[np.cumsum([0] + [len(g) for g in members[:-1]])]
        tops = tallest[[group[0] for group in members]]
        flags, x0 = page.flags[order], page.x0[order]
    stream = order
    glyph_bounds = [*firsts.tolist(), n]
    first = np.zeros(n, bool)
    first[firsts] = True
    later = ~first[1:]  # glyphs p - 1 and p are in the same line

    # Sort each line by x0 (stable, like sorted()), unless it has right-to-left text.
    unsorted = ((x0[1:] < x0[:-1]) & later).nonzero()[0]
    if len(unsorted):
        lines_to_sort = sorted(set((firsts.searchsorted(unsorted, "right") - 1).tolist()))
        rtl = (flags & RTL) != 0
        perm = np.arange(n)
        for number in lines_to_sort:
            a, b = glyph_bounds[number], glyph_bounds[number + 1]
            if not rtl[a:b].any():
                perm[a:b] = a + np.argsort(x0[a:b], kind="stable")
        order = perm if order is None else order[perm]
        flags, x0 = flags[perm], x0[perm]
    if order is None:
        codes, x1, y0, size = page.codes, page.x1, page.y0, page.size
    else:
        codes, x1, y0, size = page.codes[order], page.x1[order], page.y0[order], page.size[order]

    # A glyph drawn again on itself (fake bold): the reference decides what to keep.
    odd: set[int] = set()
    same = ((codes[1:] == codes[:-1]) & later).nonzero()[0]
    if len(same):
        g, prev = same + 1, same
        doubled = same[
            (np.abs(x0[g] - x0[prev]) < 0.3 * np.maximum(x1[g] - x0[g], 0.1))
            & (np.abs(y0[g] - y0[prev]) < 0.3 * np.maximum(size[g], 0.1))
        ]
        odd = set((firsts.searchsorted(doubled, "right") - 1).tolist())

    # Spaces from the gap to the right edge of the glyphs so far (x1 of the glyph before,
    # while x1 grows): gap > 1 em between CJK characters, > 0.1 em otherwise.
    right = x1[:-1]
    shrinks = ((x1[1:] < right) & later).nonzero()[0]
    if len(shrinks):
        right = right.copy()
        for number in sorted(set((firsts.searchsorted(shrinks, "right") - 1).tolist())):
            a, b = glyph_bounds[number], glyph_bounds[number + 1]
            right[a : b - 1] = np.maximum.accumulate(x1[a : b - 1])
    cjk = (flags & CJK) != 0
    em = np.maximum(np.minimum(size[1:], size[:-1]), 0.1)
    limit = np.where(cjk[:-1] & cjk[1:], 1.0, 0.1) * em
    ahead = x0[1:] - right  # gap when x0 >= right (limit > 0: a gap of 0 never counts)
    space = ahead > limit
    behind = (ahead < 0).nonzero()[0]  # else the gap back to the glyph before, if any
    if len(behind):
        space[behind] = x0[behind] - x1[behind + 1] > limit[behind]
    spaced = ((space & later).nonzero()[0] + 1).tolist()

    # The text: the characters in order, a space before each glyph in spaced.
    text = _decode(codes)
    bounds = list(itertools.pairwise(glyph_bounds))
    if spaced:
        texts = []
        spaced.append(n)  # sentinel
        k = 0  # next entry of spaced
        for a, b in bounds:
            pieces = []
            cut = a
            while spaced[k] < b:
                pieces.append(text[cut : spaced[k]])
                cut = spaced[k]
                k += 1
            pieces.append(text[cut:b])
            texts.append(" ".join(pieces))
    else:
        texts = [text[a:b] for a, b in bounds]
    glyph_order = np.arange(n) if order is None else order
    lines = [
        Line(_GlyphView(page, glyph_order[a:b]), *values)
        for (a, b), values in zip(
            bounds,
            zip(
                page.y0[tops].tolist(),
                page.y1[tops].tolist(),
                page.size[tops].tolist(),
                texts,
                np.minimum.reduceat(x0, firsts).tolist(),
                np.maximum.reduceat(x1, firsts).tolist(),
                strict=True,
            ),
            strict=True,
        )
    ]
    for number in odd:  # a glyph drawn twice: the reference code decides what to drop
        a, b = bounds[number]
        line = lines[number]
        merged = np.arange(a, b) if stream is None else stream[a:b]
        lines[number] = Line(list(_glyphs(page, merged)), line.y0, line.y1, line.size)
        pdf_layout._finish_line(lines[number])
    return lines
