"""Undo the line wrapping of text taken from a page layout (PDF).

A PDF has no paragraphs, only lines placed on a page. Chinese and Japanese lines wrap
in the middle of a word and must be joined without a space; English words hyphenated
at the end of a line are rejoined; any other wrap becomes a space. A blank line marks
a paragraph break and is kept.
"""

from __future__ import annotations

import re

from simhash_core.ocr.marks import OCR_END, OCR_START

# The marks that bracket text read by OCR while a document's text is assembled are
# neutral here (removed before anyone sees them: simhash_core.ocr.marks).
# Punctuation used in both Chinese and Western text: it takes the side of its neighbour.
_NEUTRAL = set("“”‘’\"'…—–·-/") | {OCR_START, OCR_END}
_PARAGRAPH_SPLIT = re.compile(r"\n[ \t\f\v\r]*\n\s*")


def is_cjk(ch: str) -> bool:
    """True for characters of scripts written without spaces between words.

    Covers CJK ideographs (all planes), CJK symbols and punctuation, kana, bopomofo,
    fullwidth forms and CJK compatibility forms. Hangul is excluded: Korean puts spaces
    between words.

    >>> [is_cjk(c) for c in "中。あ，A한"]
    [True, True, True, True, False, False]
    """
    cp = ord(ch)
    return (
        0x4E00 <= cp <= 0x9FFF  # CJK unified ideographs
        or 0x3400 <= cp <= 0x4DBF  # extension A
        or 0x20000 <= cp <= 0x3FFFF  # extensions B and later
        or 0xF900 <= cp <= 0xFAFF  # compatibility ideographs
        or 0x3000 <= cp <= 0x30FF  # CJK punctuation, hiragana, katakana
        or 0x3100 <= cp <= 0x312F  # bopomofo
        or 0x31F0 <= cp <= 0x31FF  # katakana extensions
        or 0xFE30 <= cp <= 0xFE4F  # CJK compatibility forms
        or 0xFE10 <= cp <= 0xFE1F  # vertical forms
        or 0xFF00 <= cp <= 0xFFEF  # fullwidth and halfwidth forms
    )


def _cjk_at_end(line: str) -> bool:
    """Does ``line`` end in CJK, looking through up to two neutral punctuation marks?"""
    for ch in reversed(line[-3:]):
        if ch in _NEUTRAL:
            continue
        return is_cjk(ch)
    return False


def _cjk_at_start(line: str) -> bool:
    for ch in line[:3]:
        if ch in _NEUTRAL:
            continue
        return is_cjk(ch)
    return False


def join_lines(first: str, second: str) -> str:
    """Join two lines of one paragraph that were split by wrapping.

    >>> join_lines("一千五", "百字。")
    '一千五百字。'
    >>> join_lines("an exam-", "ple of")
    'an example of'
    >>> join_lines("Jean-", "Paul")
    'Jean-Paul'
    >>> join_lines("word", "next")
    'word next'
    """
    first = first.rstrip()
    second = second.lstrip()
    if not first or not second:
        return first + second
    if first.endswith("\u00ad"):  # soft hyphen: always a hyphenation point
        return first[:-1] + second
    if first.endswith("-") and len(first) >= 2 and first[-2].isalpha() and not is_cjk(first[-2]):
        # "exam-/ple" was hyphenated by the layout; "Jean-/Paul" keeps its hyphen.
        return first[:-1] + second if second[0].islower() else first + second
    if _cjk_at_end(first) and _cjk_at_start(second):
        return first + second
    return first + " " + second


def join_wrapped_lines(text: str) -> str:
    """Join lines wrapped inside paragraphs; keep blank-line paragraph breaks as ``"\\n\\n"``.

    >>> join_wrapped_lines("字数不少于一千五\\n百字。\\n\\nAn exam-\\nple of line\\nwrapping.")
    '字数不少于一千五百字。\\n\\nAn example of line wrapping.'
    """
    paragraphs = []
    for block in _PARAGRAPH_SPLIT.split(text.replace("\r\n", "\n").replace("\r", "\n")):
        joined = ""
        for line in block.split("\n"):
            line = line.strip()
            if line:
                joined = join_lines(joined, line) if joined else line
        if joined:
            paragraphs.append(joined)
    return "\n\n".join(paragraphs)
