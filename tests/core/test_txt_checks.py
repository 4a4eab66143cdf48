"""The plain-text encoding checks on whole arrays and one search (#43) decide as the
checks a character or byte at a time did, on every code point and on varied bytes."""

from __future__ import annotations

import random
import unicodedata

import pytest

from simhash_core.extract import txt
from simhash_core.extract.errors import ExtractError


def _implausible_one_by_one(ch: str) -> bool:
    """The definition: a control character (but TAB LF VT FF CR SUB ESC) or private use."""
    category = unicodedata.category(ch)
    return (category == "Cc" and ch not in "\t\n\r\x0b\x0c\x1a\x1b") or category == "Co"


def _refused_one_by_one(text: str) -> bool:
    """The reference ``_check_plausible``: a character at a time."""
    bad = 0
    for ch in text[: 4 * txt._SAMPLE]:
        if ch == "\ufffd":
            return True
        bad += _implausible_one_by_one(ch)
    return bad > txt._MAX_CONTROL_SHARE * min(len(text), 4 * txt._SAMPLE)


def _single_byte_one_by_one(data: bytes) -> bool:
    """The reference ``_single_byte_text``: runs of high bytes, a byte at a time."""
    high = lone = run = 0
    for byte in data[: 4 * txt._SAMPLE] + b" ":
        if byte >= 0x80:
            run += 1
            continue
        if run:
            high += run
            lone += run == 1
            run = 0
    return high > 0 and lone >= txt._LONE_HIGH_SHARE * high


def test_the_implausible_characters_are_those_of_their_categories():
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    found = set(txt._IMPLAUSIBLE.findall(every))
    assert found == {ch for ch in every if _implausible_one_by_one(ch)}


def _refused(text: str) -> bool:
    try:
        txt._check_plausible(text)
    except ExtractError:
        return True
    return False


_CHARS = "ab 课程论文\n\t\x1a\x1b\x00\x07\x85\x9f\ue000\U000f0001\U0010fffd\ufffd"


@pytest.mark.parametrize("seed", range(60))
def test_check_plausible_refuses_what_the_character_check_refused(seed):
    rng = random.Random(seed)
    weights = [rng.random() ** 4 for _ in _CHARS]  # from clean to mostly junk
    length = rng.choice([0, 1, 19, 20, 21, 400, 4 * txt._SAMPLE + 50])
    text = "".join(rng.choices(_CHARS, weights, k=length))
    assert _refused(text) == _refused_one_by_one(text)


def test_check_plausible_at_its_edges():
    clean = "课" * 95
    assert not _refused(clean + "\x00" * 5)  # 5 %: not over the share
    assert _refused(clean + "\x00" * 6)
    assert _refused("x" * 1000 + "\ufffd")
    assert not _refused("x" * (4 * txt._SAMPLE) + "\ufffd")  # past the sample


@pytest.mark.parametrize("seed", range(60))
def test_single_byte_text_as_a_byte_at_a_time(seed):
    rng = random.Random(seed)
    pieces = [b"a", b" ", b"\x92", b"\xe9", "课程".encode("gb18030"), "é".encode()]
    weights = [rng.random() for _ in pieces]
    if seed % 2:  # lone high bytes and a few pairs: near the share either way
        weights = [5, 1, 1, 0, rng.uniform(0, 0.3), 0]
    data = b"".join(rng.choices(pieces, weights, k=rng.choice([0, 1, 2, 50, 3000])))
    assert txt._single_byte_text(data) == _single_byte_one_by_one(data)


def test_single_byte_text_at_its_edges():
    for data in (b"", b"\x92", b"\x92\x93", b"a\x92", b"\x92a", b"a\x92b\x93\x94c", b"abc"):
        assert txt._single_byte_text(data) == _single_byte_one_by_one(data), data
    long = b"a\x92" * (2 * txt._SAMPLE) + b"\x93\x94" * 1000  # pairs past the sample
    assert txt._single_byte_text(long) == _single_byte_one_by_one(long) is True
