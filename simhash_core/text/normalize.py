"""Text normalization that keeps a map back to the original text.

Everything is hashed after normalization, but the side-by-side view highlights the
*original* text, so every normalized character remembers where it came from.

Steps, in order:

0. Cyrillic, Greek and Armenian letters that imitate Latin ones among Latin letters are
   folded to Latin (:func:`fold_lookalikes`; "раssage" with Cyrillic р and а is
   "passage"), and Latin small capitals (ᴀʙᴄ) to plain letters.
1. Unicode NFKC per character (full-width ``ＡＢ１`` becomes ``AB1``, ``，`` becomes ``,``).
2. Zero-width and control characters removed, and the marks that only disguise a word:
   strokes laid over letters (U+0334 to U+0338) and the combining grapheme joiner
   (U+034F); Hangul fillers (U+3164, U+FFA0, U+115F, U+1160) are spaces; Latin
   lower-cased. :mod:`.disguise` counts what was folded, as integrity flags.
3. Traditional Chinese mapped to Simplified, character by character (on by default).
4. Whitespace between two CJK characters removed (PDF wrapping, "spaced-out" evasion),
   runs of single Latin letters separated by single spaces re-joined, and all other
   whitespace folded to one space.

>>> n = normalize("Ｈｅｌｌｏ\u200b，  學習")
>>> n.text
'hello, 学习'
>>> n.original_span(7, 9)  # "学习" sits at [9, 11) of the original
(9, 11)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from simhash_core.hashing import sorted_unique
from simhash_core.text.lazy_regex import LazyRegex

CJK_RANGES = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_CJK_PUNCT = "\u3000-\u303f\uff00-\uffef"
_REMOVE_CATEGORIES = {"Cf", "Cc", "Cs", "Co", "Cn"}
_WHITESPACE_CONTROLS = {"\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x85"}

# whitespace between CJK characters or CJK punctuation carries no meaning
_CJK_GAP = LazyRegex(rf"(?<=[{CJK_RANGES}{_CJK_PUNCT}])\s+(?=[{CJK_RANGES}{_CJK_PUNCT}])")
# "s p a c e d   o u t" -> single spaces between single letters are removed
_SPACED_OUT = LazyRegex(r"(?<![^\W\d_])(?:[^\W\d_] ){2,}[^\W\d_](?![^\W\d_])")
_WS_LONG = LazyRegex(r"\s{2,}")
_ODD_SPACE = LazyRegex(r"[^\S ]")  # whitespace other than a space


# Letters of other scripts that look like Latin ones, as a student swaps them into an
# essay to break a checker's matching ("раssage" with Cyrillic р and а). Case matters:
# Cyrillic В and Greek Ν look like B and N, their lower-case forms do not.
_LOOKALIKE_PAIRS = (
    "АA ВB ЕE ЅS ІI ЈJ КK МM НH ОO РP СC ТT УY ХX ҮY "
    "аa еe ѕs іi јj оo рp сc уy хx ԁd һh ԛq ԝw ӏl "
    "ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX "
    "οo ρp νv ιi υu κk ϲc ϳj "
    "ՕO ՍU ԼL օo սu ոn հh զq ցg յj"  # Armenian
)
LOOKALIKES: dict[str, str] = {pair[0]: pair[1] for pair in _LOOKALIKE_PAIRS.split()}
_LOOKALIKE_TABLE = str.maketrans(LOOKALIKES)
_OTHER_SCRIPT = LazyRegex("[\u0370-\u03ff\u0400-\u052f\u0531-\u058f]")
# Latin small capitals (IPA letters among them): Latin letters in another shape, so
# folded wherever they stand. One character in, one out.
_SMALL_CAPITAL_PAIRS = "ᴀa ʙb ᴄc ᴅd ᴇe ꜰf ɢg ʜh ɪi ᴊj ᴋk ʟl ᴍm ɴn ᴏo ᴘp ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ʏy ᴢz"
SMALL_CAPITALS: dict[str, str] = {pair[0]: pair[1] for pair in _SMALL_CAPITAL_PAIRS.split()}
_SMALL_CAPITALS_TABLE = str.maketrans(SMALL_CAPITALS)
_SMALL_CAPITAL = LazyRegex(f"[{''.join(SMALL_CAPITALS)}]")
# marks that only disguise the letters they sit on: overlaid strokes (U+0334 to U+0338)
# and the combining grapheme joiner; they are dropped
DISGUISING_MARKS = frozenset("\u0334\u0335\u0336\u0337\u0338\u034f")
# Hangul fillers: blank letters a student types for spaces; they are spaces
HANGUL_FILLERS = frozenset("\u3164\uffa0\u115f\u1160")
_WORD = LazyRegex(r"[^\W\d_]+")
_CONTEXT_WORDS = 3  # a real word of another script this near: the text is in that script
# small Greek letters that look Latin, standing alone: how science writes a quantity
_SYMBOLS = frozenset("ορνιυκ")
_LATIN = LazyRegex("[A-Za-z\u00c0-\u024f]")


def fold_lookalikes(text: str) -> str:
    """``text`` with Cyrillic and Greek letters that look Latin replaced by the Latin
    letters they imitate, where they stand among Latin letters: inside a word that has
    Latin letters too, or as a whole word of look-alikes next to a Latin word and not
    next to a real word of its own script. Real Russian, Ukrainian or Greek words are
    left alone, the short ones beside a Latin name too ("і" and "На" in a Ukrainian
    sentence that names an iPhone: :func:`_among_latin`). One character in, one out (offsets keep).

    >>> fold_lookalikes("a р\u0430ssage сору of the text")
    'a passage copy of the text'
    >>> fold_lookalikes("Россия и Греция"), fold_lookalikes("ᴄᴏᴘʏ սѕе")
    ('Россия и Греция', 'copy use')
    >>> fold_lookalikes("купив IPhone і MacBook. На мою думку")
    'купив IPhone і MacBook. На мою думку'
    >>> fold_lookalikes("the density ρ of water")  # a symbol, not a disguised p
    'the density ρ of water'
    """
    if _SMALL_CAPITAL.search(text):
        text = text.translate(_SMALL_CAPITALS_TABLE)
    if not _OTHER_SCRIPT.search(text):
        return text
    words = list(_WORD.finditer(text))
    latin = [bool(_LATIN.search(m.group())) for m in words]
    folds = [_folded(m.group()) for m in words]  # None: no letter of another script
    real = [f is not None and bool(_OTHER_SCRIPT.search(f)) for f in folds]  # stays
    out = []
    prev = 0
    for i, (m, folded) in enumerate(zip(words, folds, strict=True)):
        if folded is None or folded == m.group():
            continue
        if latin[i]:  # mixed scripts in one word: only an imitation does that
            pass
        elif real[i]:  # a real word of that script stays
            continue
        elif m.group() in _SYMBOLS:
            continue  # a quantity's symbol: the density ρ, the frequency ν
        elif not _among_latin(latin, real, i):
            continue  # a whole word of look-alikes, but not among Latin words
        out.append(text[prev : m.start()])
        out.append(folded)
        prev = m.end()
    if not out:
        return text
    out.append(text[prev:])
    return "".join(out)


def _folded(word: str) -> str | None:
    """``word`` with its look-alike letters folded to Latin (itself when none looks
    Latin); None when it has no letter of another script."""
    if not _OTHER_SCRIPT.search(word):
        return None
    return word.translate(_LOOKALIKE_TABLE)


def _among_latin(latin: list[bool], real: list[bool], i: int) -> bool:
    """Whether word ``i`` (a whole word of look-alikes) stands among Latin words: one
    of its two neighbours is Latin, and no real word of another script is within
    :data:`_CONTEXT_WORDS` words of it (then the sentence is in that language, naming
    something in Latin letters).

    >>> _among_latin([True, False, True], [False, False, False], 1)  # "a сору of"
    True
    >>> _among_latin([False, True, False, True], [True, False, False, False], 2)
    False
    """
    near = [k for k in (i - 1, i + 1) if 0 <= k < len(latin)]
    around = real[max(0, i - _CONTEXT_WORDS) : i + _CONTEXT_WORDS + 1]
    return any(latin[k] for k in near) and not any(around)


_CJK_BOUNDS = np.array(
    [(0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xAC00, 0xD7AF)],
    dtype=np.uint32,
)


def is_cjk_codepoint(codepoints: np.ndarray) -> np.ndarray:
    """Vectorised test of :data:`CJK_RANGES` membership for an array of code points.

    >>> is_cjk_codepoint(np.array([ord("a"), ord("学"), ord("か")], np.uint32)).tolist()
    [False, True, True]
    """
    cp = np.asarray(codepoints, dtype=np.uint32)
    out = np.zeros(cp.shape, dtype=bool)
    for lo, hi in _CJK_BOUNDS:
        out |= (cp >= lo) & (cp <= hi)
    return out


@dataclass(frozen=True)
class NormalizedText:
    """Normalized text plus ``offsets``: ``offsets[i]`` is the index in the original
    text of normalized character ``i``; ``offsets[len(text)]`` is the original length."""

    text: str
    offsets: np.ndarray  # int32, len(text) + 1

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Map a normalized span ``[start, end)`` to the original text's span."""
        if end <= start:
            pos = int(self.offsets[start])
            return pos, pos
        return int(self.offsets[start]), int(self.offsets[end - 1]) + 1


@lru_cache(maxsize=1)
def _t2s_table() -> dict[str, str]:
    """Single-character Traditional -> Simplified map from OpenCC's dictionary."""
    import opencc  # opencc-python-reimplemented ships the OpenCC dictionaries

    path = Path(opencc.__file__).parent / "dictionary" / "TSCharacters.txt"
    table: dict[str, str] = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 2 and len(parts[0]) == 1:
                table[parts[0]] = parts[1].split(" ")[0]
    return table


def _char_form(ch: str, t2s: bool) -> str:
    """What one original character becomes (possibly '' or several characters)."""
    if ch in _WHITESPACE_CONTROLS or ch in HANGUL_FILLERS:
        return " "
    if ch in DISGUISING_MARKS:
        return ""
    out = []
    for c in unicodedata.normalize("NFKC", ch):
        cat = unicodedata.category(c)
        if cat in _REMOVE_CATEGORIES:
            continue
        if cat == "Zs":
            out.append(" ")
            continue
        if t2s:
            c = _t2s_table().get(c, c)
        out.append(c.lower())
    return "".join(out)


class _CharCache(dict):
    def __init__(self, t2s: bool) -> None:
        super().__init__()
        self.t2s = t2s

    def __missing__(self, ch: str) -> str:
        form = _char_form(ch, self.t2s)
        self[ch] = form
        return form


_CACHES = {True: _CharCache(True), False: _CharCache(False)}


def _drop(text: str, offsets: np.ndarray, spans: list[tuple[int, int]]) -> tuple[str, np.ndarray]:
    """Remove the character spans from text and offsets together."""
    if not spans:
        return text, offsets
    keep = np.ones(len(text) + 1, dtype=bool)
    pieces = []
    prev = 0
    for s, e in spans:
        keep[s:e] = False
        pieces.append(text[prev:s])
        prev = e
    pieces.append(text[prev:])
    return "".join(pieces), offsets[keep]


class _CodePointTable:
    """What each code point becomes when its form is one character, as an array filled
    as code points are met, so a whole text is mapped by one numpy gather.

    Entries hold the form's code point + 1; 0 is a code point not looked at yet
    (``np.zeros`` pages cost no memory until written) and ``_RESIZED`` one whose form
    is not exactly one character.
    """

    _RESIZED = np.uint32(0xFFFFFFFF)

    def __init__(self, cache: _CharCache) -> None:
        self.cache = cache
        self.forms = np.zeros(0x110000, dtype=np.uint32)

    def map(self, text: str) -> str | None:
        """``text`` with every character replaced by its form, or None when some
        character's form is not one character long (offsets then need care)."""
        cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
        mapped = self.forms[cps]
        mapped -= np.uint32(1)  # unseen (0) wraps round to 0xFFFFFFFF, resized to 0xFFFFFFFE
        if (mapped >= self._RESIZED - 1).any():
            for cp in sorted_unique(cps[mapped == self._RESIZED]).tolist():
                form = self.cache[chr(cp)]
                self.forms[cp] = ord(form) + 1 if len(form) == 1 else self._RESIZED
            mapped = self.forms[cps]
            if (mapped == self._RESIZED).any():
                return None
            mapped -= np.uint32(1)
        return mapped.tobytes().decode("utf-32-le", "surrogatepass")


_TABLES = {t2s: _CodePointTable(cache) for t2s, cache in _CACHES.items()}


def normalize(text: str, *, t2s: bool = True) -> NormalizedText:
    """Normalize ``text`` for comparison, keeping offsets into the original."""
    text = fold_lookalikes(text)  # one character for one: the offsets stand
    out = _TABLES[t2s].map(text)
    if out is not None:  # one character in, one out: identity offsets
        offsets = np.arange(len(text) + 1, dtype=np.int32)
    else:
        forms = list(map(_CACHES[t2s].__getitem__, text))
        out = "".join(forms)
        lengths = np.fromiter(map(len, forms), dtype=np.int32, count=len(forms))
        offsets = np.repeat(np.arange(len(text), dtype=np.int32), lengths)
        offsets = np.append(offsets, np.int32(len(text)))

    # 1) whitespace inside CJK text, 2) spaced-out Latin letters
    out, offsets = _drop(out, offsets, [m.span() for m in _CJK_GAP.finditer(out)])
    spans: list[tuple[int, int]] = []
    for m in _SPACED_OUT.finditer(out):
        base = m.start()
        spans.extend((base + i, base + i + 1) for i, c in enumerate(m.group()) if c == " ")
    out, offsets = _drop(out, offsets, spans)
    # 3) fold whitespace runs to one space, trim the ends
    out, offsets = _drop(out, offsets, _surplus_whitespace(out))
    out = _ODD_SPACE.sub(" ", out)  # any single non-space whitespace char left -> " "
    return NormalizedText(out, offsets)


def _surplus_whitespace(text: str) -> list[tuple[int, int]]:
    """The whitespace to drop, in order: all of a run at either end, all but the first
    character of a longer run inside. Only runs that lose something are looked at (an
    English text's single spaces are most of its runs).

    >>> _surplus_whitespace(" a  b\\nc \\t")
    [(0, 1), (3, 4), (7, 9)]
    """
    n = len(text)
    lead, trail = n - len(text.lstrip()), n - len(text.rstrip())
    if lead == n:
        return [(0, n)] if n else []
    spans = [(0, lead)] if lead else []
    spans.extend((m.start() + 1, m.end()) for m in _WS_LONG.finditer(text, lead, n - trail))
    if trail:
        spans.append((n - trail, n))
    return spans


def read_resource(name: str) -> str:
    """Text of a file shipped in ``simhash_core/data``."""
    return (resources.files("simhash_core") / "data" / name).read_text(encoding="utf-8")
