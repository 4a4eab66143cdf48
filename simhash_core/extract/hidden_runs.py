"""Text a reader never sees, in DOCX and ODT files: what counts as hidden, and how much.

A student hides words in a copy to break a checker's matching: marked hidden, in
letters of the page's colour, in letters too small to see (1 or 2 points), placed
between the words of the copy or in place of its spaces. The readers leave such runs
out of the compared text, which is the text a reader sees, and count them here, so
the teacher is told what was hidden and how much.

A hidden-marked run takes no room on the page, so it disappears; a run in the page's
colour or in tiny letters takes room, so it reads as a space (one that stood for a
space leaves one).

>>> seen = HiddenText()
>>> kind = hiding(hidden=False, color="FEFEFE", points=11, page="FFFFFF")
>>> kind, seen.gap(kind)
('colour', ' ')
>>> seen.add(kind, "junk words")
>>> [str(f.message) for f in seen.flags()]
["9 characters of hidden text, in letters of the page's colour"]
"""

from __future__ import annotations

from collections import Counter

from simhash_core.types import IntegrityFlag

TINY_POINTS = 2.0  # letters this small (or smaller) are not read on a page
# how far a letter's colour may be from the page's, per channel, and still not be seen
# (FEFEFE or F8F8F8 on white)
COLOUR_TOLERANCE = 12
PAGE = "FFFFFF"


def hiding(
    *,
    hidden: bool | None,
    color: str | None,
    points: float | None,
    page: str = PAGE,
    grounded: bool = False,
) -> str | None:
    """How a run with this look is hidden (an :class:`IntegrityFlag` kind: ``vanish``,
    ``tiny`` or ``colour``), or None where a reader sees it. ``grounded``: the run is
    on a ground of its own (shaded, highlighted, in a table or a text box), where a
    light colour may be meant to be read.

    >>> hiding(hidden=None, color="FFFFFF", points=12, grounded=True) is None
    True
    >>> hiding(hidden=None, color="auto", points=1.5)
    'tiny'
    """
    if hidden:
        return "vanish"
    if points is not None and 0 <= points <= TINY_POINTS:
        return "tiny"
    if not grounded and color and same_colour(color, page):
        return "colour"
    return None


def same_colour(color: str, page: str) -> bool:
    """Whether two ``RRGGBB`` colours look the same (``auto`` is never the page's).

    >>> same_colour("FDFFFF", "FFFFFF"), same_colour("000000", "FFFFFF"), same_colour("auto", "FFFFFF")
    (True, False, False)
    """  # noqa: E501
    a, b = _rgb(color), _rgb(page)
    if a is None or b is None:
        return False
    return all(abs(x - y) <= COLOUR_TOLERANCE for x, y in zip(a, b, strict=True))


def _rgb(color: str) -> tuple[int, int, int] | None:
    color = color.strip().lstrip("#")
    if len(color) != 6:
        return None
    try:
        return int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16)
    except ValueError:
        return None


class HiddenText:
    """The hidden characters of one file, by kind (whitespace is not counted)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def add(self, kind: str, text: str) -> None:
        """Count ``text``, hidden as ``kind``."""
        chars = len(text) - sum(c.isspace() for c in text)
        if chars:
            self.counts[kind] += chars

    @staticmethod
    def gap(kind: str) -> str:
        """What a run hidden as ``kind`` leaves in the text a reader sees."""
        return "" if kind in ("vanish", "decoy") else " "

    def flags(self) -> tuple[IntegrityFlag, ...]:
        """One flag per kind found, in a fixed order."""
        order = ("vanish", "colour", "tiny", "decoy")
        return tuple(IntegrityFlag(kind, self.counts[kind]) for kind in order if self.counts[kind])
