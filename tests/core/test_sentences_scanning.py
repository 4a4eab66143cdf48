"""The fast scanners of sentences_of (#43) find what the plain patterns find: sentence
ends (a pattern that starts with a character class, so re skips ahead in C) and words
(found from code point classes instead of a match object per word)."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from simhash_core.text.sentences import _END, _WORD, _Words

# the plain pattern of sentence ends: the definition the fast one is held to
_PLAIN_END = re.compile(r"[。!?;]+[\"'”’)）]*|(?<![\d\s])\.+(?=\s|$)[\"'”’)）]*")

_ALPHABET = [
    *"ab Z", "é", "ß", "Σ", "я", "中", "文", "か",  # letters
    *"0 9", "٣", "²", "½",  # digits, and numbers that are not \d
    "_", "\u0301", "\u200b", "-", ",", "'",  # neither
    *".....", *"。!?;", "”", "’", ")", "）", '"',  # sentence ends and closers
    " ", " ", "\n", "\t", "\u3000",
]  # fmt: skip


def _texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = ["", ".", "a.", "3.5 x", "a... b", "end.", "x.\n", "。", "a!?”) b", "1..  2. 3"]
    for _ in range(n):
        out.append("".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 60))))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_sentence_ends_are_those_of_the_plain_pattern(seed):
    for text in _texts(3000, seed):
        fast = [m.span() for m in _END.finditer(text)]
        assert fast == [m.span() for m in _PLAIN_END.finditer(text)], repr(text)


@pytest.mark.parametrize("seed", range(4))
def test_words_from_code_points_are_the_pattern_s_words(seed):
    for text in _texts(3000, seed):
        cp = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
        words = _Words(cp)
        spans = list(zip(words.starts.tolist(), words.ends.tolist(), strict=True))
        assert spans == [m.span() for m in _WORD.finditer(text)], repr(text)


def test_every_code_point_of_the_bmp_is_classed_as_the_pattern_classes_it():
    # one text of every BMP code point but surrogates, each between two spaces
    chars = [chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]
    text = " ".join(chars)
    cp = np.frombuffer(text.encode("utf-32-le"), np.uint32)
    words = _Words(cp)
    assert words.starts.tolist() == [m.start() for m in _WORD.finditer(text)]
