"""Sentences and their meaning terms: what the meaning layer compares.

Each sentence of a document's comparable text (no template, no excluded references or
quotes) carries two bags of term ids:

* **words**, for comparing with sentences of the same language: overlapping pairs of
  Chinese characters (a reworded Chinese sentence keeps many two-character pieces
  while its long runs break), or English Snowball stems (a rewording keeps the stems
  of its content words: "decided" and "decision" are both ``decid``);
* **glosses**, for comparing across Chinese and English: English stems, from the
  CC-CEDICT definitions of a Chinese sentence's words
  (:mod:`simhash_core.text.glossary`), or an English sentence's own stems.

Term ids are 32-bit XXH3 hashes of the terms, the same in every process. Spans are
offsets into the document's original text, for the side-by-side view.

>>> s = sentences_of("第一句话就在这里吧。The second sentence is in English here! 短句。")
>>> s.count, s.lang.tolist(), [s.text_span(i) for i in range(s.count)]
(2, [0, 1], [(0, 10), (10, 49)])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from simhash_core.hashing import stable_hashes
from simhash_core.text.glossary import english_stems, gloss_stems
from simhash_core.text.normalize import CJK_RANGES, NormalizedText, normalize
from simhash_core.text.words import segment

CHINESE, ENGLISH = 0, 1
MIN_HAN = 8  # a Chinese sentence has at least this many characters (not a heading)
MIN_WORDS = 6  # an English sentence has at least this many words
MAX_CHARS = 400  # a "sentence" longer than this (a list, a table) is cut
MAX_SENTENCES = 3000  # sentences kept per document (a book's first 3,000)

# a sentence ends at 。！？；(folded to ! ? ;) or at a full stop before a space or the end
_END = re.compile(r"[。!?;]+[\"'”’)）]*|(?<![\d\s])\.+(?=\s|$)[\"'”’)）]*")
_HAN = re.compile(rf"[{CJK_RANGES}]")
_HAN_RUN = re.compile(rf"[{CJK_RANGES}]+")
_WORD = re.compile(r"[^\W\d_]+|\d+")


@dataclass(frozen=True)
class Sentences:
    """The sentences of one document, held as flat arrays (cached and archived).

    ``spans`` is ``2 x count`` original-text offsets, flattened (start, end, ...);
    ``lang`` is :data:`CHINESE` or :data:`ENGLISH` per sentence; the term ids of
    sentence ``i`` are ``word_ids[word_ptr[i]:word_ptr[i + 1]]`` (and the same for
    glosses).
    """

    spans: np.ndarray  # int32, 2 * count
    lang: np.ndarray  # uint8
    word_ptr: np.ndarray  # int32, count + 1
    word_ids: np.ndarray  # uint32
    gloss_ptr: np.ndarray  # int32, count + 1
    gloss_ids: np.ndarray  # uint32

    @property
    def count(self) -> int:
        return len(self.lang)

    def text_span(self, i: int) -> tuple[int, int]:
        return int(self.spans[2 * i]), int(self.spans[2 * i + 1])

    def words(self, i: int) -> np.ndarray:
        return self.word_ids[self.word_ptr[i] : self.word_ptr[i + 1]]

    def glosses(self, i: int) -> np.ndarray:
        return self.gloss_ids[self.gloss_ptr[i] : self.gloss_ptr[i + 1]]


NO_SENTENCES = Sentences(
    np.zeros(0, np.int32),
    np.zeros(0, np.uint8),
    np.zeros(1, np.int32),
    np.zeros(0, np.uint32),
    np.zeros(1, np.int32),
    np.zeros(0, np.uint32),
)


def sentence_bounds(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` of each sentence of normalized ``text``, spaces trimmed; pieces
    longer than :data:`MAX_CHARS` are cut there.

    >>> t = "一句。Two words. 3.5 stays! x"
    >>> [t[s:e] for s, e in sentence_bounds(t)]
    ['一句。', 'Two words.', '3.5 stays!', 'x']
    """
    out: list[tuple[int, int]] = []
    start = 0
    ends = [m.end() for m in _END.finditer(text)]
    for end in [*ends, len(text)]:
        s, e = start, end
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        while e - s > MAX_CHARS:
            out.append((s, s + MAX_CHARS))
            s += MAX_CHARS
        if e > s:
            out.append((s, e))
        start = end
    return out


def _language(piece: str) -> int | None:
    """:data:`CHINESE`, :data:`ENGLISH`, or None for a piece too short to compare."""
    han = len(_HAN.findall(piece))
    words = len(_WORD.findall(_HAN_RUN.sub(" ", piece)))
    if han >= MIN_HAN and han >= 1.5 * words:
        return CHINESE
    if words >= MIN_WORDS and han < 1.5 * words:
        return ENGLISH
    return None


def _han_pairs(piece: str) -> list[str]:
    """Overlapping two-character pieces of each Chinese run (a lone character alone).

    >>> _han_pairs("黄河流 x 域")
    ['黄河', '河流', '域']
    """
    out: list[str] = []
    for run in _HAN_RUN.findall(piece):
        out.extend([run[i : i + 2] for i in range(len(run) - 1)] or [run])
    return out


def _ids(terms: list[str]) -> np.ndarray:
    return (stable_hashes(terms) & np.uint64(0xFFFFFFFF)).astype(np.uint32)


def sentences_of(
    text: str,
    *,
    t2s: bool = True,
    normalized: NormalizedText | None = None,
    keep: np.ndarray | None = None,
) -> Sentences:
    """The comparable sentences of original ``text``.

    ``normalized`` is ``normalize(text)`` if already made; ``keep`` (bool per
    normalized character) marks the comparable text: a sentence with less than half of
    its characters kept (a template line, a reference) is left out.
    """
    norm = normalized or normalize(text, t2s=t2s)
    nt = norm.text
    spans: list[int] = []
    langs: list[int] = []
    word_ptr, gloss_ptr = [0], [0]
    word_ids: list[np.ndarray] = []
    gloss_ids: list[np.ndarray] = []
    seen: set[bytes] = set()
    for s, e in sentence_bounds(nt):
        if len(langs) >= MAX_SENTENCES:
            break
        if keep is not None and np.count_nonzero(keep[s:e]) * 2 < e - s:
            continue
        piece = nt[s:e]
        lang = _language(piece)
        if lang is None:
            continue
        if lang == CHINESE:
            latin = english_stems(_HAN_RUN.sub(" ", piece))
            words = _ids(_han_pairs(piece) + latin)
            glosses = _ids(gloss_stems(segment(piece)))
        else:
            words = glosses = _ids(english_stems(piece))
        if len(words) == 0 or words.tobytes() in seen:  # a repeated sentence counts once
            continue
        seen.add(words.tobytes())
        a, b = norm.original_span(s, e)
        spans += [a, b]
        langs.append(lang)
        word_ids.append(words)
        gloss_ids.append(glosses)
        word_ptr.append(word_ptr[-1] + len(words))
        gloss_ptr.append(gloss_ptr[-1] + len(glosses))
    if not langs:
        return NO_SENTENCES
    return Sentences(
        spans=np.array(spans, np.int32),
        lang=np.array(langs, np.uint8),
        word_ptr=np.array(word_ptr, np.int32),
        word_ids=np.concatenate(word_ids).astype(np.uint32),
        gloss_ptr=np.array(gloss_ptr, np.int32),
        gloss_ids=np.concatenate(gloss_ids).astype(np.uint32),
    )
