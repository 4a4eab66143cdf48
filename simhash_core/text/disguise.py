"""Letters in disguise, counted as integrity flags.

:mod:`.normalize` folds the characters a student swaps into a copy to break a
checker's matching (look-alike letters of other alphabets, small capitals, strokes
laid over every letter, invisible joiners inside words, Hangul fillers for spaces), so
the copy is still found. This module counts them, so the teacher is also told that
they were there: a real essay has none of them.

>>> [str(f.message) for f in disguise_flags("c\\u0336o\\u0336p\\u0336y\\u0336 a раssage")]
['2 letters disguised as look-alike letters of other alphabets', '4 strike-through marks laid over letters']
"""  # noqa: E501

from __future__ import annotations

import re

from simhash_core.types import IntegrityFlag

from .normalize import (
    DISGUISING_MARKS,
    HANGUL_FILLERS,
    LOOKALIKES,
    SMALL_CAPITALS,
    fold_lookalikes,
)

# the integrity-flag kinds this module counts (:data:`~simhash_core.types.FLAG_KINDS`)
DISGUISE_KINDS = ("lookalike", "strike", "joiner", "filler")
_STROKES = frozenset(DISGUISING_MARKS - {"\u034f"})
_JOINER = "\u034f"
# any character a disguise is made of: one search tells a text without any (nearly all)
_DISGUISES = {*DISGUISING_MARKS, *HANGUL_FILLERS, *LOOKALIKES, *SMALL_CAPITALS}
_ANY = re.compile("[" + re.escape("".join(sorted(_DISGUISES))) + "]")


def disguise_flags(text: str) -> tuple[IntegrityFlag, ...]:
    """The disguises in ``text``, one flag per kind found, each with its count:
    look-alike letters that are folded to Latin (``lookalike``), overlaid strokes
    (``strike``), combining grapheme joiners (``joiner``) and Hangul fillers
    (``filler``).

    >>> disguise_flags("Россия и Греция")
    ()
    """
    if not _ANY.search(text):
        return ()
    folded = fold_lookalikes(text)  # one character for one
    counts = dict(
        zip(
            DISGUISE_KINDS,
            (
                sum(a != b for a, b in zip(text, folded, strict=True)),
                sum(text.count(mark) for mark in _STROKES),
                text.count(_JOINER),
                sum(text.count(filler) for filler in HANGUL_FILLERS),
            ),
            strict=True,
        )
    )
    return tuple(IntegrityFlag(kind, count) for kind, count in counts.items() if count)
