"""Sentences found in passes over the whole text are those found piece by piece (#43):
the same languages, terms, spans and repeats left out, whatever the text holds."""

from __future__ import annotations

import random

import numpy as np
import pytest

from simhash_core.text.glossary import english_ids
from simhash_core.text.normalize import normalize
from simhash_core.text.sentences import (
    _HAN_RUN,
    CHINESE,
    MAX_CHARS,
    MAX_SENTENCES,
    _HanPairs,
    _language,
    sentence_bounds,
    sentences_of,
)


def _piece_by_piece(text: str, keep: np.ndarray | None) -> list[tuple]:
    """The definition: each piece's language and terms read from the piece alone
    (its character pairs from the whole text), repeats and half-excluded pieces out."""
    norm = normalize(text)
    nt = norm.text
    pairs = _HanPairs(nt)
    out, seen, chosen = [], set(), 0
    for s, e in sentence_bounds(nt):
        if chosen >= MAX_SENTENCES:
            break
        if keep is not None and np.count_nonzero(keep[s:e]) * 2 < e - s:
            continue
        piece = nt[s:e]
        lang = _language(piece)
        if lang is None:
            continue
        chosen += 1
        if lang == CHINESE:
            latin = english_ids(_HAN_RUN.sub(" ", piece))
            words = np.concatenate([pairs.of(s, e), latin]).astype(np.uint32)
        else:
            words = english_ids(piece)
        if len(words) == 0 or words.tobytes() in seen:
            continue
        seen.add(words.tobytes())
        out.append((norm.original_span(s, e), lang, words.tolist()))
    return out


def _found(text: str, keep: np.ndarray | None) -> list[tuple]:
    s = sentences_of(text, keep=keep, glosses=False)
    return [(s.text_span(i), int(s.lang[i]), s.words(i).tolist()) for i in range(s.count)]


_PIECES = [
    "黄河流域的文明",
    "中文字词句",
    "word ",
    "Another sentence here ",
    "ΑΣ",
    "Σ. ",
    "。",
    "！",
    ". ",
    "3.5 ",
    " ",
    "\n",
    "”",
    "x",
    "İstanbul ",
    "straße ",
    "第一句话就在这里吧 with Latin words inside ",
    "かなカナ",
]


@pytest.mark.parametrize("seed", range(40))
def test_sentences_are_those_read_piece_by_piece(seed):
    rng = random.Random(seed)
    # long runs without an end make pieces cut at MAX_CHARS, some inside a word
    pieces = _PIECES if seed % 4 else [*_PIECES[:4], "ΑΣ", "x", " "]
    text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 400)))
    keep = None
    if seed % 3 == 1:
        keep = np.random.default_rng(seed).random(len(normalize(text).text)) < 0.7
    assert _found(text, keep) == _piece_by_piece(text, keep)


def test_a_word_cut_at_the_length_limit_is_read_as_the_pieces_are():
    # a Latin word across the cut at MAX_CHARS: each side a word of its piece
    text = "中" * (MAX_CHARS - 3) + "abcdef" + " more words to make it English enough now."
    pieces = sentence_bounds(normalize(text).text)
    assert pieces[0] == (0, MAX_CHARS)
    assert _found(text, None) == _piece_by_piece(text, None)
    assert len(_found(text, None)) == 2


def test_a_repeated_sentence_counts_once_and_the_text_keeps_its_spans():
    text = "第一句话就在这里吧。第一句话就在这里吧。The second sentence is in English here!"
    found = _found(text, None)
    assert [lang for _, lang, _ in found] == [0, 1]
    assert found[0][0] == (0, 10) and found[1][0] == (20, 59)


def test_the_end_of_a_word_cut_at_the_length_limit_counts_as_a_word():
    # the piece after the cut starts inside a word: with its 5 others, 6 words (English)
    text = "ab " * 132 + "abcdefgh" + " river flows through five provinces."
    pieces = sentence_bounds(normalize(text).text)
    assert pieces[1][0] == MAX_CHARS
    found = _found(text, None)
    assert found == _piece_by_piece(text, None)
    assert [lang for _, lang, _ in found] == [1, 1]
