"""PDF text a reader never sees: an invisible text layer (text render mode 3), letters
in the page's colour, letters too small to read.

A scanned page made searchable carries its recognised text invisibly over its picture:
that layer is the page's text, and is kept. An invisible layer over a page that shows
no picture is a trick: the page shows other text drawn as shapes (outlines), and a
checker that reads the layer reads text nobody sees. Such a layer is left out and
counted (an ``invisible`` integrity flag); the page, then without text, is read by OCR
like a scanned page (see :func:`.pdf.extract_pdf`).

Letters filled in the page's colour (white on a white page, or transparent) or drawn
at :data:`~.hidden_runs.TINY_POINTS` or less, slipped between the words of a copy, are
left out the same way and counted (``colour``, ``tiny``), by the rules the DOCX reader
uses (:mod:`.hidden_runs`). Light letters over a ground of their own (a picture, a
filled shape: a heading's banner, a table's dark header) are read.

Looking costs a few PDFium calls per text object of a page (a run of text in one
state: about a hundred on a page of an essay); only a page where one hides goes
through its characters.
"""

from __future__ import annotations

import ctypes
import math
from typing import Any

import numpy as np

from .hidden_runs import COLOUR_TOLERANCE, TINY_POINTS

MAX_FORM_DEPTH = 4  # form XObjects inside form XObjects: this deep is looked into
HIDDEN_KINDS = ("invisible", "colour", "tiny")  # the order they are told in
_FILLS = frozenset((0, 2, 4, 6))  # text render modes that fill the letters
_STROKES = frozenset((1, 2, 5, 6))  # ... that stroke their outlines


def hidden_chars(page: Any, textpage: Any, raw: Any, count: int) -> dict[str, np.ndarray]:
    """The indices of the ``count`` characters of ``textpage`` a reader of ``page``
    never sees, by kind (:data:`HIDDEN_KINDS`; a kind with none is left out): drawn
    invisibly on a page that shows no picture, in the page's colour where nothing is
    under them, or too small to read. Spaces are left out (they are never glyphs)."""
    seen = _PageLooks(raw)
    seen.visit(page, raw.FPDFPage_CountObjects, raw.FPDFPage_GetObject, 0)
    kinds = seen.hiding()
    if not kinds:
        return {}
    get, unicode = raw.FPDFText_GetTextObject, raw.FPDFText_GetUnicode
    found: dict[str, list[int]] = {}
    for i in range(count):
        key = ctypes.cast(get(textpage, i), ctypes.c_void_p).value
        kind = kinds.get(key)
        if kind is not None and not _is_space(unicode(textpage, i)):
            found.setdefault(kind, []).append(i)
    return {kind: np.array(found[kind], np.int64) for kind in HIDDEN_KINDS if kind in found}


class _PageLooks:
    """What a page's objects look like: its text objects that may hide their letters,
    the grounds (pictures, filled shapes) light letters may stand on, whether it shows
    a picture. Its ctypes values are made once and filled by every call."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.invisible: list[Any] = []
        self.tiny: list[Any] = []
        self.coloured: list[Any] = []
        self.grounds: list[tuple[float, float, float, float]] = []
        self.picture = False
        self._rgba = tuple(ctypes.c_uint() for _ in range(4))
        self._size = ctypes.c_float()
        self._matrix = raw.FS_MATRIX()

    def visit(self, parent: Any, count: Any, child: Any, depth: int) -> None:
        """Look at the objects of ``parent`` (a page, or a form XObject) and the forms
        in it, down to :data:`MAX_FORM_DEPTH`."""
        raw = self.raw
        text, image, path, form = (
            raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_IMAGE, raw.FPDF_PAGEOBJ_PATH,
            raw.FPDF_PAGEOBJ_FORM,
        )  # fmt: skip
        kind_of = raw.FPDFPageObj_GetType
        for k in range(count(parent)):
            obj = child(parent, k)
            kind = kind_of(obj)
            if kind == text:
                self._text(obj)
            elif kind == image:
                self.picture = True
                self.grounds.append(_bounds(raw, obj))
            elif kind == path:
                if _filled(raw, obj):
                    self.grounds.append(_bounds(raw, obj))
            elif kind == form and depth < MAX_FORM_DEPTH:
                self.visit(obj, raw.FPDFFormObj_CountObjects, raw.FPDFFormObj_GetObject, depth + 1)

    def _text(self, obj: Any) -> None:
        raw = self.raw
        mode = raw.FPDFTextObj_GetTextRenderMode(obj)
        if mode == raw.FPDF_TEXTRENDERMODE_INVISIBLE:
            self.invisible.append(obj)
            return
        if 0 < self._points(obj) <= TINY_POINTS:
            self.tiny.append(obj)
            return
        unseen = True
        if mode in _FILLS:
            unseen = self._unseen(raw.FPDFPageObj_GetFillColor, obj)
        if unseen and mode in _STROKES:
            unseen = self._unseen(raw.FPDFPageObj_GetStrokeColor, obj)
        if unseen and (mode in _FILLS or mode in _STROKES):
            self.coloured.append(obj)

    def _points(self, obj: Any) -> float:
        """The height a text object's letters are drawn at, in points (0 if unknown)."""
        raw, size, matrix = self.raw, self._size, self._matrix
        if not raw.FPDFTextObj_GetFontSize(obj, size) or not raw.FPDFPageObj_GetMatrix(obj, matrix):
            return 0.0
        return abs(size.value) * math.hypot(matrix.c, matrix.d)

    def _unseen(self, getter: Any, obj: Any) -> bool:
        """Whether a colour of an object is the page's, or transparent (a colour PDFium
        cannot tell is seen)."""
        r, g, b, a = self._rgba
        if not getter(obj, r, g, b, a):
            return False
        return a.value == 0 or min(r.value, g.value, b.value) >= 255 - COLOUR_TOLERANCE

    def hiding(self) -> dict[int | None, str]:
        """The kind each text object that hides its letters hides them as, by its
        handle's address."""
        kinds: dict[int | None, str] = {}
        if not self.picture:  # over a picture: a scan's recognised text
            kinds.update(dict.fromkeys(map(_address, self.invisible), "invisible"))
        kinds.update(dict.fromkeys(map(_address, self.tiny), "tiny"))
        for obj in self.coloured:
            left, bottom, right, top = _bounds(self.raw, obj)
            x, y = (left + right) / 2, (bottom + top) / 2
            if not any(a <= x <= c and b <= y <= d for a, b, c, d in self.grounds):
                kinds[_address(obj)] = "colour"
        return kinds


def _address(obj: Any) -> int | None:
    return ctypes.cast(obj, ctypes.c_void_p).value


def _filled(raw: Any, obj: Any) -> bool:
    """Whether a path is filled with a colour other than the page's."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    if not raw.FPDFPath_GetDrawMode(obj, fill, stroke) or fill.value == raw.FPDF_FILLMODE_NONE:
        return False
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not raw.FPDFPageObj_GetFillColor(obj, r, g, b, a):
        return True
    return a.value > 0 and min(r.value, g.value, b.value) < 255 - COLOUR_TOLERANCE


def _bounds(raw: Any, obj: Any) -> tuple[float, float, float, float]:
    """An object's box: left, bottom, right, top (nothing, if PDFium cannot tell)."""
    box = [ctypes.c_float() for _ in range(4)]
    if not raw.FPDFPageObj_GetBounds(obj, *box):
        return (math.inf, math.inf, -math.inf, -math.inf)
    left, bottom, right, top = (v.value for v in box)
    return left, bottom, right, top


def _is_space(code: int) -> bool:
    """Whether a character code PDFium gives is whitespace (an impossible code is not).

    >>> _is_space(32), _is_space(ord("a")), _is_space(0x110000)
    (True, False, False)
    """
    return 0 <= code < 0x110000 and chr(code).isspace()
