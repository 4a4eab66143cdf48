"""Pages photographed or scanned sideways or upside down, turned before they are read.

The recognizer reads upright lines. On a page turned by a quarter, its detector finds
tall, narrow boxes (the lines stand on end): it reads them one way round well and the
other way as junk, and either way in the wrong order. On a page upside down, it finds
lines and reads them as junk with low confidence. So a page is read upright first, and
only when that read :func:`looks_poor` are the turns it suggests read too (a quarter
each way for tall lines, half a turn otherwise); the read with the most confidently
read characters on level lines is kept (:func:`read_score`). An upright page costs
nothing more; a turned one two or three reads (measured in ``benchmarks/photos.py``).

Turns are counted as numpy's :func:`numpy.rot90` counts them: quarter turns
anticlockwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .engine import OcrLine

POOR_CONFIDENCE = 0.80  # an upright read with less mean confidence may be turned
TALL = 1.5  # a box this many times taller than wide is a line standing on end
SURE = 0.5  # characters read with less confidence count for nothing in the score


def tall_share(lines: Sequence[OcrLine]) -> float:
    """The share of ``lines`` whose boxes stand on end.

    >>> tall_share([OcrLine("ab", 0, 0, 10, 40, 0.9), OcrLine("cd", 0, 0, 40, 10, 0.9)])
    0.5
    """
    if not lines:
        return 0.0
    return sum(1 for ln in lines if ln.y1 - ln.y0 > TALL * (ln.x1 - ln.x0)) / len(lines)


def mean_confidence(lines: Sequence[OcrLine]) -> float:
    """The recognizer's confidence over the characters of ``lines`` (1.0 for none)."""
    chars = sum(len(ln.text) for ln in lines)
    if not chars:
        return 1.0
    return sum(ln.confidence * len(ln.text) for ln in lines) / chars


def looks_poor(lines: Sequence[OcrLine]) -> bool:
    """Whether an upright read suggests the page is turned: most lines stand on end, or
    the characters were read with low confidence. A page without text is not poor.

    >>> looks_poor([OcrLine("text", 0, 0, 200, 30, 0.99)])
    False
    >>> standing, unsure = OcrLine("tx", 0, 0, 30, 200, 0.99), OcrLine("x", 0, 0, 9, 9, 0.6)
    >>> looks_poor([standing]), looks_poor([unsure])
    (True, True)
    """
    if not lines:
        return False
    return tall_share(lines) > 0.5 or mean_confidence(lines) < POOR_CONFIDENCE


def turns_to_try(lines: Sequence[OcrLine]) -> tuple[int, ...]:
    """The quarter turns worth reading after a poor upright read: a quarter each way
    when the lines stand on end, else half a turn."""
    return (1, 3) if tall_share(lines) > 0.5 else (2,)


def read_score(lines: Sequence[OcrLine]) -> float:
    """How well a read went: its confidently read characters, halved when most of its
    lines stand on end (then the text is read in the wrong order)."""
    score = sum(ln.confidence * len(ln.text) for ln in lines if ln.confidence >= SURE)
    return score / 2 if tall_share(lines) > 0.5 else score


def read_upright(
    image: np.ndarray,
    recognise: Callable[[np.ndarray], list[OcrLine]],
    on_turn: Callable[[int], None] | None = None,
) -> tuple[list[OcrLine], int]:
    """Read ``image`` the way round it reads best: ``(lines, quarter turns)``.
    ``on_turn`` hears how many more reads a poor page costs, before they start."""
    lines = recognise(image)
    if not looks_poor(lines):
        return lines, 0
    turns = turns_to_try(lines)
    if on_turn is not None:
        on_turn(len(turns))
    best, best_turn, best_score = lines, 0, read_score(lines)
    for turn in turns:
        found = recognise(np.ascontiguousarray(np.rot90(image, turn)))
        score = read_score(found)
        if score > best_score:
            best, best_turn, best_score = found, turn, score
    return best, best_turn
