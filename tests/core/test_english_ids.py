"""A sentence's English term ids, gathered per word from a memo (#43), are the ids of
its stems taken from the whole sentence at once: the same ids, in order, as uint32."""

from __future__ import annotations

import random

import numpy as np
import pytest

from simhash_core.text.glossary import english_ids, english_stems, term_id

_PIECES = [
    "The students were studying translations",
    "in 2019, 15 cities",
    "İstanbul ÉCOLE Straße naïve café",  # lower() lengthens İ: its dot splits the word
    "a I x 7 ½ ² ٣",  # single letters dropped, digits of any script kept
    "the and of to",  # stop words only
    "黄河流域 river 的 valley",  # CJK letters are word characters here
    "don't co-operate e.g. U.S.A.",
    "ǅungla ﬁnance ＦＵＬＬ width",  # title case, a ligature, full-width letters
    "",
    "   ,;:!?",
]


def _by_stems(text: str) -> np.ndarray:
    """The definition: the ids of the text's stems, stemmed all at once."""
    return np.array([term_id(s) for s in english_stems(text)], np.uint32)


def _random_text(rng: random.Random) -> str:
    return " ".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 6)))


@pytest.mark.parametrize("seed", range(40))
def test_english_ids_are_the_stems_ids(seed):
    rng = random.Random(seed)
    for text in [*_PIECES, _random_text(rng), _random_text(rng).upper()]:
        ids = english_ids(text)
        assert ids.dtype == np.uint32
        assert ids.tolist() == _by_stems(text).tolist(), text
        assert english_ids(text).tolist() == ids.tolist()  # from the memo, the same again
