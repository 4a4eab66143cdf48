"""Whether a PDF page's text layer reads as words (pure functions, no PDF library).

A page whose fonts carry no character map (Type3 fonts, some embedded subsets) or a
scrambled one (a ``ToUnicode`` map that gives other letters than the page shows)
yields a text layer of real letters that are not words: it passes as text, matches
nothing, and hides a copy. Natural text of any length holds the language's common
words (English *the, of, and*; French *de, la, et* ...) or, in Chinese, its common
characters (的, 是, 在 ...); such a layer holds almost none. A page that does not read
as words is checked against what it shows by OCR (:func:`.pdf.extract_pdf`), which
also keeps an honest page in a language these lists do not know.

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
MIN_COMMON_WORDS = 0.05  # natural text: 30-50 % of its words are common words
MIN_COMMON_HAN = 0.12  # natural Chinese: 40-50 % of its characters are common ones

# the most common words of the languages written in Latin letters that students
# most often write in; a word of any of them counts
_COMMON_TEXT = """
    the of and to in a is that for it was on are as with his they be at one have this
    from or had by not but what all were we when your can said there an which she do
    their if will up other about out many then them these so some her would make him
    into has more two no could been than its who now my over did down only way use
    de la le et les des en un une du est que pour dans qui pas sur au il elle ne se
    ce avec par plus son sa ses nous vous ils mais ou y aux cette été être fait
    der die und das ist ein eine nicht zu den mit sich von auf für im dem des es ich
    er sie wir auch als an wie bei aus nach noch oder wird werden hat war sind zum
    el los las y que por con para una es del se no al lo como su más pero sus le ha
    me si sin sobre este ya entre cuando todo esta ser son dos también fue
    il di che e non per un una sono della nel alla gli da del le si come anche ma
    o os as um uma não com para por mais dos das na no se ao foi ser tem
    het een van en is dat op te niet zijn voor met die aan er ook als bij
    och att det som på är av för med till den inte har jag om ett
    og er til på med for av som ikke han var jeg har
    i w z na do jest się nie że to o jak ale po od przez
    ve bir bu da de ile için olarak daha çok gibi
    và của có là không được những cho các với trong người một này
    dan yang di ini itu dengan untuk tidak dari dalam akan pada adalah
"""
COMMON_WORDS = frozenset(_COMMON_TEXT.split())

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
_LATIN_WORD = re.compile("[a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f]+")
# what each BMP character is, for counting a page's letters at once
_OTHER, _LETTER, _LATIN, _KANA, _HAN, _COMMON = range(6)


@functools.cache
def _kinds() -> np.ndarray:
    """Each BMP code point's kind: ``_OTHER`` (not a letter), ``_LETTER`` (of another
    script), ``_LATIN``, ``_KANA``, ``_HAN`` or ``_COMMON`` (a common Han character)."""
    kinds = np.array([chr(c).isalpha() for c in range(0x10000)], np.uint8)  # _LETTER
    latin = np.array([c for c in range(0x250) if chr(c).isalpha()])
    kinds[latin] = _LATIN
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
    common = sum(map(COMMON_WORDS.__contains__, words))
    return common >= MIN_COMMON_WORDS * len(words)


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
