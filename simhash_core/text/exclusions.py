"""Text left out of matching: the reference list and, optionally, quotations.

Two students citing the same textbook is not copying, so a reference list is not
compared. But a heading is only a heading: text that follows a ``参考文献`` or
``References`` line is excluded only where it looks like a list of references, one
citation per line (a short line after a citation is its wrapped tail). Prose after the
heading (an essay pasted below a fake reference heading) is still compared.

A line counts as a citation when it is short enough to be one and carries a citation
mark: a list number (``[3]``, ``3.``, ``（3）``), a GB/T 7714 type tag (``[M]``, ``[J]``,
``[EB/OL]``), a DOI, ISBN or web address, or a year next to a publisher, journal or
``et al.``.

>>> text = "正文很长的一段话。" * 6 + "\\n参考文献\\n[1] 王力. 汉语史稿[M]. 北京: 中华书局, 1980."
>>> [text[s:e] for s, e in excluded_regions(text, references=True, quotes=False)]
['参考文献', '[1] 王力. 汉语史稿[M]. 北京: 中华书局, 1980.']
>>> excluded_regions("正文。\\n参考文献\\n" + "抄来的文章，一段很长的正文。" * 30,
...                  references=True, quotes=False)
[]
>>> excluded_regions("他说“你好”。", references=True, quotes=True)
[(2, 6)]
"""

from __future__ import annotations

import re

from simhash_core.text.lazy_regex import LazyRegex

# A heading line that starts the reference section, on a line of its own
_HEADING = LazyRegex(
    r"^[ \t\u3000#*]*(?:参考文献|参考资料|引用文献|references|bibliography|works cited)"
    r"[ \t\u3000]*[:：]?[ \t\u3000]*$",
    re.IGNORECASE | re.MULTILINE,
)
_QUOTES = LazyRegex(
    r'“[^”]{1,2000}”|「[^」]{1,2000}」|『[^』]{1,2000}』|["＂][^"＂\n]{1,2000}["＂]'
)
_LINE = LazyRegex(r"[^\n]+")
MAX_CITATION_CHARS = 300  # a reference entry is rarely longer; a pasted paragraph is
MAX_CONTINUATION_CHARS = 80  # the wrapped tail of a citation
HEADING_AFTER = 0.3  # a reference heading in the first 30% is a table of contents or a title

_NUMBERED = LazyRegex(r"^[ \t\u3000]*(?:[\[［(（]\s*\d{1,3}\s*[\]］)）]|\d{1,3}[.、．)])")
_TYPE_TAG = LazyRegex(r"\[(?:M|J|D|C|N|R|S|P|Z|A|G|EB/OL|DB/OL|M/OL|J/OL)\]", re.IGNORECASE)
_LINK = LazyRegex(r"\bdoi\b|https?://|\bwww\.|\bisbn\b", re.IGNORECASE)
_YEAR = LazyRegex(r"(?<!\d)(?:1[5-9]|20)\d\d(?!\d)")
_SOURCE_WORD = LazyRegex(
    r"et al|出版社|出版|学报|期刊|杂志|大学|译|主编|编著|press|journal|vol\.|pp\.|"
    r"university|proceedings|edition|publish",
    re.IGNORECASE,
)


def is_citation(line: str) -> bool:
    """Whether one line looks like a reference-list entry.

    >>> is_citation("[2] Smith J, et al. Rivers and valleys. Nature, 2019, 12(3): 4-9.")
    True
    >>> is_citation("Smith, J. (2019). Rivers. Oxford University Press.")
    True
    >>> is_citation("2019年，我们去了北京，看到了很多有意思的东西。")
    False
    """
    line = line.strip()
    if not line or len(line) > MAX_CITATION_CHARS:
        return False
    if _NUMBERED.match(line) or _TYPE_TAG.search(line) or _LINK.search(line):
        return True
    return bool(_YEAR.search(line) and _SOURCE_WORD.search(line))


def reference_spans(text: str) -> list[tuple[int, int]]:
    r"""The reference heading (past the first 30% of the text) and the citation lines
    after it. A short line right after a citation is that citation wrapped; any other
    line (prose) stays in the comparison.

    >>> refs = "References\n1. Smith J. Rivers. Oxford Press,\n2019.\nMy own prose."
    >>> text = "正文。" * 20 + "\n" + refs
    >>> [text[s:e] for s, e in reference_spans(text)]
    ['References', '1. Smith J. Rivers. Oxford Press,', '2019.']
    """
    for heading in _HEADING.finditer(text):
        if heading.start() < len(text) * HEADING_AFTER:
            continue
        spans = [heading.span()]
        previous_was_citation = False
        for line in _LINE.finditer(text, heading.end()):
            content = line.group()
            if not content.strip():
                continue
            if is_citation(content) or (
                previous_was_citation and len(content.strip()) <= MAX_CONTINUATION_CHARS
            ):
                spans.append(line.span())
                previous_was_citation = is_citation(content)
            else:
                previous_was_citation = False
        return spans
    return []


def excluded_regions(text: str, *, references: bool, quotes: bool) -> list[tuple[int, int]]:
    """Sorted spans of the original text left out of matching."""
    spans = reference_spans(text) if references else []
    if quotes:
        spans.extend(m.span() for m in _QUOTES.finditer(text))
    return sorted(spans)
