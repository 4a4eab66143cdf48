"""The facts of a sentence: its names, numbers and dates.

A reworded copy keeps its source's facts: the words change, the county, the year and
the population stay. Two articles built from one template (two counties, two subway
stations) share their sentences' structure, but every name and number differs. So a
sentence pair whose facts disagree is not a reworded pair
(:func:`facts_disagree`, used by the meaning layer's judging).

Facts are read from the text alone, deterministically, each tagged by its kind:

* numbers (``#``): runs of digits, thousands separators dropped ("28,550" and "28550"
  are one fact), a time or a decimal kept with a point ("8:50" and "8.50"); a year is
  a number;
* names in Latin letters (``L``): capitalised words that do not merely begin a
  sentence (or a quotation), and are not stop words ("I", "But"); a capitalised first
  word counts when the next word is capitalised too ("Brown County");
* names in Chinese (``C``): the words the segmenter's dictionary tags as a person, a
  place, an organisation or another proper name (jieba's ``nr``, ``ns``, ``nt``,
  ``nz``).

>>> sorted(facts("As of the 2010 census, the population of Brown County was 44,846."))
['#2010', '#44846', 'Lbrown', 'Lcounty']
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import lru_cache

from simhash_core.text.normalize import CJK_RANGES
from simhash_core.text.stopwords import stopwords

NUMBER, LATIN, CHINESE = "#", "L", "C"
_NUMBER = re.compile(r"\d+(?:[,.:]\d+)*")
_LATIN = re.compile(rf"[^\W\d_{CJK_RANGES}][^\W_{CJK_RANGES}]*(?:['’][^\W_{CJK_RANGES}]+)?")
_OPENS = re.compile(r"[.!?:;\"“‘(\[]\s*$")  # what a word after it begins
_CJK_RUN = re.compile(rf"[{CJK_RANGES}]+")
NAME_TAGS = frozenset({"nr", "ns", "nt", "nz", "nrt", "nrfg"})


@lru_cache(maxsize=1)
def _tagger() -> Callable[[str], list[tuple[str, str]]]:
    """Part-of-speech tagging of Chinese text, by the segmenter the words use
    (``PLAGCHECK_SEGMENTER``: jieba-rs by default, jieba itself as the reference)."""
    if (os.environ.get("PLAGCHECK_SEGMENTER") or "rjieba") == "rjieba":
        try:
            import rjieba
        except ImportError:
            pass
        else:
            return lambda s: list(rjieba.tag(s, hmm=False))
    import jieba.posseg

    return lambda s: [(p.word, p.flag) for p in jieba.posseg.cut(s, HMM=False)]


def numbers(text: str) -> set[str]:
    """The numbers of ``text``, as their digits.

    >>> sorted(numbers("On March 26,1892, 1,204 riders; 3.5 km at 8:50."))
    ['1204', '1892', '26', '3.5', '8.50']
    """
    out = set()
    for m in _NUMBER.finditer(text):
        out |= _number(m.group())
    return out


def _number(raw: str) -> set[str]:
    """One run of digits and separators as its numbers: "1,204" is one, "26,1892"
    two (a thousands group has three digits), "3.5" and "8:50" fractions."""
    head, *groups = re.split(r"([,.:])", raw)[::2]
    seps = re.findall(r"[,.:]", raw)
    if all(sep == "," and len(g) == 3 for sep, g in zip(seps, groups, strict=True)):
        return {raw.replace(",", "")}
    if len(seps) == 1 and seps[0] in ".:":
        return {f"{head}.{groups[0]}"}
    return {x for x in re.split(r"[,.:]", raw) if x}


def latin_names(text: str) -> set[str]:
    """Capitalised words of ``text`` that do not merely begin a sentence, lower-cased.

    >>> sorted(latin_names('Adams County is in Ohio. But I said: "Then go."'))
    ['adams', 'county', 'ohio']
    """
    words = list(_LATIN.finditer(text))
    skip = stopwords()
    out = set()
    for k, m in enumerate(words):
        w = m.group()
        if not w[:1].isupper() or w.lower() in skip:
            continue
        starts = k == 0 or bool(_OPENS.search(text[words[k - 1].end() : m.start()]))
        after = words[k + 1].group() if k + 1 < len(words) else ""
        if not starts or after[:1].isupper():
            out.add(w.lower())
    return out


def chinese_names(text: str) -> set[str]:
    """Proper names in the Chinese runs of ``text`` (the tagger's names).

    >>> sorted(chinese_names("车站位于海淀区。"))
    ['海淀区']
    """
    runs = _CJK_RUN.findall(text)
    if not runs:
        return set()
    tag = _tagger()
    return {w for run in runs for w, t in tag(run) if t in NAME_TAGS and len(w) > 1}


def facts(text: str) -> frozenset[str]:
    """The names and numbers of a sentence, each tagged by its kind (see the module
    docstring)."""
    return frozenset(
        [NUMBER + x for x in numbers(text)]
        + [LATIN + x for x in latin_names(text)]
        + [CHINESE + x for x in chinese_names(text)]
    )


def facts_disagree(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two sentences' facts disagree: each holds a fact the other lacks, and
    the facts they share are no more than those either holds alone. A reworded copy
    keeps its facts (it may drop one, or have none); a template filled in again
    replaces them.

    Names are compared only where both sentences name things in the same script (a
    rewording may write "Tellis" as "特利斯"), and two Chinese names that share two
    characters in a row are one (a transliteration spelt two ways: "克林姆林宫" and
    "克里姆林宫").

    >>> facts_disagree(frozenset({"#2010", "#28550"}), frozenset({"#2010", "#44846"}))
    True
    >>> facts_disagree(frozenset({"#2010", "#28550", "Ladams"}), frozenset({"#2010", "#28550"}))
    False
    >>> facts_disagree(frozenset({"Ltellis", "#9"}), frozenset({"C特利斯", "#10"}))
    True
    >>> facts_disagree(frozenset({"Ltellis"}), frozenset({"C特利斯"}))
    False
    >>> facts_disagree(frozenset({"C克林姆林宫"}), frozenset({"C克里姆林宫"}))
    False
    """
    a, b = _comparable(a, b), _comparable(b, a)
    only_a, only_b = a - b, b - a
    only_a, only_b = _unmatched(only_a, only_b), _unmatched(only_b, only_a)
    if not only_a or not only_b:
        return False
    return len(a & b) <= max(len(only_a), len(only_b))


def _comparable(mine: frozenset[str], other: frozenset[str]) -> frozenset[str]:
    """``mine`` without the names of a script ``other`` names nothing in."""
    kinds = {x[0] for x in other}
    return frozenset(x for x in mine if x[0] == NUMBER or x[0] in kinds)


def _unmatched(mine: frozenset[str], other: frozenset[str]) -> frozenset[str]:
    """``mine`` without the Chinese names that share two characters in a row with one
    of ``other``'s."""
    pairs = {x[i : i + 2] for x in other if x[0] == CHINESE for i in range(1, len(x) - 1)}
    return frozenset(
        x
        for x in mine
        if x[0] != CHINESE or not any(x[i : i + 2] in pairs for i in range(1, len(x) - 1))
    )
