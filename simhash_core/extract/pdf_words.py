"""Whether a PDF page's text layer reads as words (pure functions, no PDF library).

A page whose fonts carry no character map (Type3 fonts, some embedded subsets) or a
scrambled one (a ``ToUnicode`` map that gives other letters than the page shows)
yields a text layer of real letters that are not words: it passes as text, matches
nothing, and hides a copy. Natural text of any length holds the language's common
words (English *the, of, and*; French *de, la, et* ...) or, in Chinese, its common
characters (的, 是, 在 ...); such a layer holds almost none, whatever the map. A page
that does not read as words is checked against what it shows by OCR
(:func:`.pdf.extract_pdf`), which also keeps an honest page in a language these lists
do not know.

>>> english = "It was one of the great works of the age, and it is still read in schools. " * 4
>>> reads_as_words(english)
True
>>> reads_as_words(english.translate(str.maketrans("abcdefghijklmnopqrstuvwxyz",
...                                                "nopqrstuvwxyzabcdefghijklm")))
False
>>> reads_as_words("短") is None
True
"""

from __future__ import annotations

import functools
import re

import numpy as np

MIN_WORDS = 40  # fewer words (or Chinese characters) on a page: too few to tell
MIN_COMMON_WORDS = 3  # natural text holds this many of one language's commonest words
MIN_COMMON_HAN = 0.12  # natural Chinese: 40-50 % of its characters are common ones

# the commonest words (of two letters or more) of the languages written in Latin letters
# students most often write in. A page of prose holds 5 to 14 of one language's; a
# layer of letters scrambled (by any map of letters to letters) 2 or fewer of any
# (measured on the PAN-13 sources: 1,700 pages, every shift and 40 shuffles)
COMMON_WORDS = {
    language: frozenset(words.split())
    for language, words in {
        "en": "the of and to in is that it was for on with as his",
        "fr": "de la le et les des en un une du est que pour dans",
        "de": "der die und das ist ein zu den mit nicht von sich auf",
        "es": "de la que el en los las del se por un con para una",
        "it": "di che il la per non un del una sono della",
        "pt": "de que do da em um para com não uma os",
        "nl": "de het een van en is dat op te niet zijn",
        "sv": "och att det som på är av för med till",
        "no": "og er til på med for av som ikke det",
        "pl": "na nie się do to jest że jak ale po",
        "tr": "bir ve bu da de için ile olarak daha",
        "vi": "và của có là không được những cho các",
        "id": "yang dan di ini itu dengan untuk tidak dari",
    }.items()
}

# the most common Chinese characters (Simplified and Traditional forms)
COMMON_HAN = frozenset(
    "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着"
    "下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好"
    "小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知"
    "全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身"
    "果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论"
    "处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做"
    "接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却"
    "界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术"
    "領們這個來為國說時會對後裡義還進與長機體當發問點業將兩間種現實說從過動應頭關於學"
)
# a word of Latin letters (Latin-1 and Latin Extended, without × and ÷)
_LATIN_WORD = re.compile("[a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f\u1e00-\u1eff]+")
# what each BMP character is, for counting a page's letters at once
_OTHER, _LETTER, _LATIN, _KANA, _HAN, _COMMON = range(6)


@functools.cache
def _kinds() -> np.ndarray:
    """Each BMP code point's kind: ``_OTHER`` (not a letter), ``_LETTER`` (of another
    script), ``_LATIN``, ``_KANA``, ``_HAN`` or ``_COMMON`` (a common Han character)."""
    # str.isalpha of every BMP character, mapped in C (a loop of chr() per code point
    # took 0.15 s of each worker's first PDF)
    every = "".join(map(chr, range(0x10000)))
    kinds = np.frombuffer(bytes(map(str.isalpha, every)), np.uint8).copy()  # _LETTER
    latin = np.r_[0:0x250, 0x1E00:0x1F00]
    kinds[latin[kinds[latin] == _LETTER]] = _LATIN
    kinds[0x3040:0x3100] = _KANA
    for lo, hi in ((0x3400, 0x4DC0), (0x4E00, 0xA000), (0xF900, 0xFB00)):
        kinds[lo:hi] = _HAN
    kinds[[ord(ch) for ch in COMMON_HAN]] = _COMMON
    return kinds


def reads_as_words(text: str) -> bool | None:
    """Whether ``text`` (a page's text layer) reads as words of a language: False for
    letters that are not words, None where it cannot tell (too little text, or a
    script these lists do not know)."""
    codes = np.frombuffer(text.encode("utf-32-le"), np.uint32)
    counts = np.bincount(_kinds()[codes[codes < 0x10000]], minlength=6)
    letters = int(counts[_LETTER:].sum())
    cjk = int(counts[_KANA:].sum())
    if cjk >= MIN_WORDS and 2 * cjk >= letters:
        return bool(counts[_KANA] + counts[_COMMON] >= MIN_COMMON_HAN * cjk)
    if 2 * int(counts[_LATIN]) < letters:
        return None
    words = _LATIN_WORD.findall(text.lower())
    if len(words) < MIN_WORDS:
        return None
    seen = set(words)
    return any(len(seen & common) >= MIN_COMMON_WORDS for common in COMMON_WORDS.values())


def same_text(layer: str, shown: str) -> float:
    """How much of what OCR read on a page (``shown``) its text layer holds: the share
    of the letter trigrams of ``shown`` (case and spaces ignored) found in ``layer``
    (0 where OCR read nothing).

    >>> same_text("The cat sat on the mat", "the cat sat on the mat."), same_text("xyz", "abc")
    (1.0, 0.0)
    """
    seen = _trigrams(shown)
    if not seen:
        return 0.0
    return len(seen & _trigrams(layer)) / len(seen)


def _trigrams(text: str) -> set[str]:
    letters = "".join(ch for ch in text.lower() if ch.isalnum())
    return {letters[i : i + 3] for i in range(len(letters) - 2)}
