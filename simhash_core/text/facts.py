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
from dataclasses import dataclass
from functools import lru_cache

from simhash_core.text.lazy_regex import LazyRegex
from simhash_core.text.normalize import CJK_RANGES
from simhash_core.text.stopwords import stopwords

NUMBER, LATIN, CHINESE = "#", "L", "C"
_NUMBER = LazyRegex(r"\d+(?:[,.:]\d+)*")
_LATIN = LazyRegex(rf"[^\W\d_{CJK_RANGES}][^\W_{CJK_RANGES}]*(?:['’][^\W_{CJK_RANGES}]+)?")
_OPENS = LazyRegex(r"[.!?:;\"“‘(\[]\s*$")  # what a word after it begins
_CJK_RUN = LazyRegex(rf"[{CJK_RANGES}]+")
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
        if not w[:1].isupper() or len(w) < 2 or w.lower() in skip:
            continue
        starts = k == 0 or bool(_OPENS.search(text[words[k - 1].end() : m.start()]))
        after = words[k + 1].group() if k + 1 < len(words) else ""
        if not starts or after[:1].isupper():
            out.add(_plain(w))
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


@dataclass(frozen=True)
class Facts:
    """A sentence's facts (:func:`facts`) and what tells whether it holds another's
    name: its words in lower case, and its text."""

    tagged: frozenset[str]
    words: frozenset[str]
    text: str

    @classmethod
    def of(cls, text: str) -> Facts:
        words = frozenset(_plain(m.group()) for m in _LATIN.finditer(text))
        return cls(facts(text), words, text)

    @property
    def numbers(self) -> frozenset[str]:
        return frozenset(x for x in self.tagged if x[0] == NUMBER)

    @property
    def names(self) -> frozenset[str]:
        return frozenset(x for x in self.tagged if x[0] != NUMBER)

    def holds(self, name: str) -> bool:
        """Whether this sentence says ``name`` (a tagged name of another), as a name or
        not: "food stamp program" holds "Food"; a Chinese name spelt with two of its
        characters in a row holds it ("克里姆林宫" holds "克林姆林宫")."""
        if name[0] == LATIN:
            return name[1:] in self.words
        return any(name[i : i + 2] in self.text for i in range(1, len(name) - 1))


def facts_disagree(a: Facts, b: Facts) -> bool:
    """Whether two sentences state other facts, so they are no rewording of each
    other. A reworded copy keeps its facts (it may drop some, add some, or have none);
    a template filled in again replaces them:

    * **numbers**: each holds numbers the other lacks, and they share no more numbers
      than either lacks ("the population was 28,550" and "… 15,242" in 2010);
    * **names**: each names someone or something the other does not say at all, and
      they share no name and no number. Names are compared only where both sentences
      name things in one and the same script alone (a rewording may write "Tellis" as
      "特利斯", and a sentence naming things in two scripts may say the other's names in
      the other one), and a translation may change a name's case or expand it, so one
      shared name is enough to agree.

    >>> f = Facts.of
    >>> facts_disagree(f("As of 2010 the population was 28,550."), f("In 2010 it was 15,242."))
    True
    >>> facts_disagree(f("Its seat is West Union."), f("Its county seat is Nashville."))
    True
    >>> facts_disagree(f("The Food Stamp Program helps."), f("The food stamp program helps."))
    False
    >>> facts_disagree(f("Tellis said it in 2009."), f("特利斯说了。"))
    False
    >>> facts_disagree(f("斯科特·皮特曼在北京进球。"), f("Scott Pittman 在上海进球。"))
    False
    """
    only_a, only_b = a.numbers - b.numbers, b.numbers - a.numbers
    shared = a.numbers & b.numbers
    if only_a and only_b and len(shared) <= min(len(only_a), len(only_b)):
        return True
    scripts = {x[0] for x in a.names} | {x[0] for x in b.names}
    if len(scripts) != 1:
        return False  # other scripts, or two: a name may be said in the other script
    said_a = {x for x in a.names if b.holds(x)}
    said_b = {x for x in b.names if a.holds(x)}
    return bool(a.names - said_a and b.names - said_b and not (said_a or said_b or shared))


def _plain(word: str) -> str:
    """A word in lower case without its possessive ("Hathaway's" is "hathaway")."""
    word = word.lower()
    return word[:-2] if word.endswith(("'s", "’s")) else word
