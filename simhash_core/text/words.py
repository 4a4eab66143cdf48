"""Words and SimHash features: jieba words for Chinese, word tokens for Latin text,
with stop words, punctuation and single CJK characters dropped from the features.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from simhash_core.text.lazy_regex import LazyRegex
from simhash_core.text.normalize import CJK_RANGES
from simhash_core.text.stopwords import stopwords
from simhash_core.text.vocabulary import is_feature_word

_LATIN_WORD = LazyRegex(rf"[^\W_{CJK_RANGES}]+")


@lru_cache(maxsize=1)
def _jieba():
    """One jieba tokenizer per process, dictionary loaded once (and cached on disk)."""
    import jieba

    jieba.setLogLevel(logging.WARNING)
    tok = jieba.Tokenizer()
    tok.initialize()
    return tok


SEGMENTERS = ("rjieba", "jieba")


@lru_cache(maxsize=2)
def segmenter(name: str | None = None) -> Callable[[str], list[str]]:
    """The CJK word segmenter, without HMM new-word guessing (stabler under edits).

    ``rjieba`` (jieba-rs: jieba's dictionary and algorithm in Rust, about 10x faster,
    token-identical on the sample texts, see ``benchmarks/speed.py``) is used when
    installed; ``jieba`` itself otherwise. ``PLAGCHECK_SEGMENTER=jieba`` forces the
    reference implementation.
    """
    name = name or os.environ.get("PLAGCHECK_SEGMENTER") or "rjieba"
    if name not in SEGMENTERS:
        raise ValueError(f"segmenter must be one of {SEGMENTERS}, got {name!r}")
    if name == "rjieba":
        try:
            import rjieba
        except ImportError:
            name = "jieba"
        else:
            return lambda s: rjieba.cut(s, hmm=False)
    tok = _jieba()
    return lambda s: tok.lcut(s, HMM=False)


def warm_up() -> None:
    """Load the segmenter's dictionary now (worker start-up), not on the first file."""
    segmenter()("预热")


_CJK_SPLIT = LazyRegex(rf"([{CJK_RANGES}]+)")


def segment(text: str) -> list[str]:
    """Words of normalized text: jieba for CJK runs, regex words for the rest.

    The CJK runs are segmented in one call, joined by line breaks: the segmenter treats
    a line break as a block boundary of its own (one ``"\\n"`` token), so each run is cut
    exactly as alone, without a call per run (an essay has about 150 runs).

    >>> segment("我们的研究 shows 黄河流域，和 it")
    ['我们', '的', '研究', 'shows', '黄河流域', '和', 'it']
    """
    pieces = _CJK_SPLIT.split(text)  # gap, run, gap, run, ..., gap
    runs = pieces[1::2]
    if not runs:
        return _LATIN_WORD.findall(text)
    cut = segmenter()
    tokens = cut("\n".join(runs))
    if tokens.count("\n") != len(runs) - 1:  # not one break token per boundary
        return _segment_run_by_run(pieces, cut)
    gaps = pieces[0::2]
    latin = [_LATIN_WORD.findall(g) if g else [] for g in gaps]
    if not any(latin):
        return [w for w in tokens if w != "\n"]
    words: list[str] = []
    start = 0
    for i, gap_words in enumerate(latin[:-1]):
        words.extend(gap_words)
        end = tokens.index("\n", start) if i < len(runs) - 1 else len(tokens)
        words.extend(tokens[start:end])
        start = end + 1
    words.extend(latin[-1])
    return words


def _segment_run_by_run(pieces: list[str], cut: Callable[[str], list[str]]) -> list[str]:
    """:func:`segment` with one segmenter call per CJK run (the reference)."""
    words: list[str] = []
    for i, piece in enumerate(pieces):
        words.extend(cut(piece) if i % 2 else _LATIN_WORD.findall(piece))
    return words


def word_counts(text: str) -> Counter[str]:
    """Counts of every segmented word, in first-occurrence order (see :func:`segment`)."""
    return Counter(segment(text))


def term_counts(text: str) -> Counter[str]:
    """Counts of SimHash feature terms: segmented words minus stop words,
    punctuation and single CJK characters.

    >>> sorted(term_counts("the cat and the cat, 猫和狗").items())
    [('cat', 2)]
    """
    stop = stopwords()
    # segment() yields only pure-CJK words and Latin/digit words: no punctuation to drop.
    # Count everything in C, then drop the few distinct unwanted words (the order of the
    # words kept, first occurrence, is unchanged).
    counts = word_counts(text)
    for w in [w for w in counts if not is_feature_word(w, stop)]:
        del counts[w]
    return counts
