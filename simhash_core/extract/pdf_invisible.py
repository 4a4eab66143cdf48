"""PDF text a reader never sees: an invisible text layer (text render mode 3).

A scanned page made searchable carries its recognised text invisibly over its picture:
that layer is the page's text, and is kept. An invisible layer over a page that shows
no picture is a trick: the page shows other text drawn as shapes (outlines), and a
checker that reads the layer reads text nobody sees. Such a layer is left out and
counted (an ``invisible`` integrity flag); the page, then without text, is read by OCR
like a scanned page (see :func:`.pdf.extract_pdf`).

Looking costs a few PDFium calls per page: every :data:`SAMPLE_STEP`-th character is
asked whether it is drawn invisibly (an invisible layer of other text covers a page,
so a run of invisible characters shorter than that may go unseen); only a page where
one is goes through its objects and all its characters.
"""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np

MAX_FORM_DEPTH = 4  # form XObjects inside form XObjects: this deep is looked into
SAMPLE_STEP = 48  # characters between two that are asked whether they are invisible
_NONE = np.zeros(0, np.int64)


def invisible_chars(page: Any, textpage: Any, raw: Any, count: int) -> np.ndarray:
    """The indices of the ``count`` characters of ``textpage`` drawn invisibly on a
    ``page`` that shows no picture (none on a page that does, or has no such layer);
    spaces are left out (they are never glyphs)."""
    mode = raw.FPDFTextObj_GetTextRenderMode
    invisible = raw.FPDF_TEXTRENDERMODE_INVISIBLE
    get = raw.FPDFText_GetTextObject
    first = min(SAMPLE_STEP // 2, count // 2)
    sampled = (get(textpage, i) for i in range(first, count, SAMPLE_STEP))
    if not any(obj and mode(obj) == invisible for obj in sampled):
        return _NONE
    if not _invisible_layer(raw, page, raw.FPDFPage_CountObjects, raw.FPDFPage_GetObject, 0):
        return _NONE
    seen: dict[int | None, bool] = {}
    found = []
    for i in range(count):
        obj = get(textpage, i)
        key = ctypes.cast(obj, ctypes.c_void_p).value
        if key not in seen:
            seen[key] = bool(key) and mode(obj) == invisible
        if seen[key] and not _is_space(raw.FPDFText_GetUnicode(textpage, i)):
            found.append(i)
    return np.array(found, np.int64)


def _invisible_layer(raw: Any, parent: Any, count: Any, child: Any, depth: int) -> bool | None:
    """Whether the objects of ``parent`` (a page, or a form XObject) hold invisible
    text and no picture: True, False, or None where a picture was met (then the
    page is a scan whose layer is its text)."""
    layer = False
    for k in range(count(parent)):
        obj = child(parent, k)
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_IMAGE:
            return None
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            layer = layer or raw.FPDFTextObj_GetTextRenderMode(obj) == (
                raw.FPDF_TEXTRENDERMODE_INVISIBLE
            )
        elif kind == raw.FPDF_PAGEOBJ_FORM and depth < MAX_FORM_DEPTH:
            inner = _invisible_layer(
                raw, obj, raw.FPDFFormObj_CountObjects, raw.FPDFFormObj_GetObject, depth + 1
            )
            if inner is None:
                return None
            layer = layer or inner
    return layer


def _is_space(code: int) -> bool:
    """Whether a character code PDFium gives is whitespace (an impossible code is not).

    >>> _is_space(32), _is_space(ord("a")), _is_space(0x110000)
    (True, False, False)
    """
    return 0 <= code < 0x110000 and chr(code).isspace()
