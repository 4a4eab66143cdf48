"""Whitespace folded by looking only at the runs that lose something (#43) drops what
the run-by-run rule drops: every run at either end, all but the first character of a
longer run inside; single whitespace characters then become spaces."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from simhash_core.text import normalize as norm_module
from simhash_core.text.normalize import _drop, _surplus_whitespace, normalize

# every kind of character Python's str.isspace() and re's \s call whitespace, and some
# that look like it but are not (zero-width space, word joiner)
_SPACES = [chr(c) for c in range(0x110000) if chr(c).isspace()]
_ALPHABET = [*_SPACES, " ", " ", " ", "a", "b", "Z", "1", "中", "文", ",", "\u200b", "\u2060"]


def _run_by_run(text: str) -> tuple[str, np.ndarray]:
    """The definition: each whitespace run looked at in turn, then any whitespace
    character left made a space."""
    spans = []
    for m in re.finditer(r"\s+", text):
        s, e = m.span()
        if s == 0 or e == len(text):
            spans.append((s, e))
        elif e - s > 1 or text[s] != " ":
            spans.append((s + 1, e))
    out, offsets = _drop(text, np.arange(len(text) + 1, dtype=np.int32), spans)
    return re.sub(r"\s+", " ", out), offsets


def _fast(text: str) -> tuple[str, np.ndarray]:
    out, offsets = _drop(text, np.arange(len(text) + 1, dtype=np.int32), _surplus_whitespace(text))
    return norm_module._ODD_SPACE.sub(" ", out), offsets


def _random_texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    texts = ["", " ", "\n", "  ", " a", "a ", " a ", "\t\ta\n\n", "a\u3000b", "a \u00a0b"]
    for _ in range(n):
        length = rng.randint(0, 40)
        texts.append("".join(rng.choice(_ALPHABET) for _ in range(length)))
    return texts


def test_regex_whitespace_is_str_whitespace():
    """The fast rule trims the ends with str.strip and finds runs with re's \\s: the
    two agree on every code point."""
    found = {c for c in map(chr, range(0x110000)) if re.fullmatch(r"\s", c)}
    assert found == set(_SPACES)


@pytest.mark.parametrize("seed", range(4))
def test_surplus_whitespace_drops_what_the_run_by_run_rule_drops(seed):
    for text in _random_texts(2000, seed):
        out, offsets = _fast(text)
        want_out, want_offsets = _run_by_run(text)
        assert out == want_out, repr(text)
        assert offsets.tolist() == want_offsets.tolist(), repr(text)


def test_normalize_keeps_its_offsets_on_english_prose():
    text = "  The  quick\n\nbrown\tfox ,\r\n jumps over the\u00a0lazy dog.  \n"
    n = normalize(text)
    assert n.text == "the quick brown fox , jumps over the lazy dog."
    # every kept character maps back to the same character of the original
    for i, ch in enumerate(n.text):
        original = text[n.offsets[i]]
        assert original.lower() == ch or (ch == " " and original.isspace())
