"""Recognised pieces of text put back in reading order: lines, then paragraphs.

The recognizer finds boxes, not lines: one printed line can come back as several boxes
(a wide gap, a change of font), and boxes of neighbouring lines overlap a little on a
skewed scan. Boxes whose vertical centres are within half a line height of each other
are one line, read left to right; a vertical gap of more than about a line between two
lines starts a paragraph. The extractors unwrap the lines as they do a PDF's.

>>> from simhash_core.ocr.engine import OcrLine
>>> boxes = [
...     OcrLine("world", 120, 10, 200, 30, 0.9),
...     OcrLine("hello", 10, 12, 100, 32, 0.9),
...     OcrLine("next paragraph", 10, 90, 200, 110, 0.8),
... ]
>>> page_text(boxes)
'hello world\\n\\nnext paragraph'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from statistics import median

from .engine import OcrLine

PARAGRAPH_GAP = 0.9  # a gap above a line, in line heights, that starts a paragraph


def text_lines(boxes: Sequence[OcrLine]) -> list[list[OcrLine]]:
    """The boxes grouped into printed lines, top to bottom, each left to right."""
    lines: list[list[OcrLine]] = []
    for box in sorted(boxes, key=lambda b: ((b.y0 + b.y1) / 2, b.x0)):
        centre = (box.y0 + box.y1) / 2
        if lines:
            last = lines[-1]
            last_centre = sum((b.y0 + b.y1) / 2 for b in last) / len(last)
            height = max(median(b.height for b in last), box.height)
            if abs(centre - last_centre) < height / 2:
                last.append(box)
                continue
        lines.append([box])
    return [sorted(line, key=lambda b: b.x0) for line in lines]


def _wide(ch: str) -> bool:
    """A character of a script written without spaces (Chinese, Japanese, full-width)."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _join(left: str, right: str) -> str:
    if not left:
        return right
    if _wide(left[-1]) and _wide(right[0]):
        return left + right
    return left + " " + right


def page_text(boxes: Sequence[OcrLine]) -> str:
    """The text of one image or page: a line per printed line, a blank line between
    paragraphs (not yet unwrapped)."""
    lines = text_lines(boxes)
    if not lines:
        return ""
    heights = [median(b.height for b in line) for line in lines]
    pitch = median(heights)
    out: list[str] = []
    previous_bottom = None
    for line, height in zip(lines, heights, strict=True):
        text = ""
        for box in line:
            text = _join(text, box.text)
        top = min(b.y0 for b in line)
        if previous_bottom is not None and top - previous_bottom > PARAGRAPH_GAP * max(
            pitch, height
        ):
            out.append("")
        out.append(text)
        previous_bottom = max(b.y1 for b in line)
    return "\n".join(out)


def confidence(boxes: Sequence[OcrLine]) -> float:
    """Mean confidence weighted by characters (1.0 for no text).

    >>> confidence([OcrLine("ab", 0, 0, 1, 1, 1.0), OcrLine("cdef", 0, 0, 1, 1, 0.7)])
    0.8
    """
    chars = sum(len(b.text) for b in boxes)
    if not chars:
        return 1.0
    return round(sum(len(b.text) * b.confidence for b in boxes) / chars, 4)
