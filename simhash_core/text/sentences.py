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

from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np

from simhash_core.hashing import sorted_unique
from simhash_core.text.glossary import english_ids, gloss_ids
from simhash_core.text.lazy_regex import LazyRegex
from simhash_core.text.normalize import CJK_RANGES, NormalizedText, is_cjk_codepoint, normalize
from simhash_core.text.words import segmenter

CHINESE, ENGLISH = 0, 1
MIN_HAN = 8  # a Chinese sentence has at least this many characters (not a heading)
MIN_WORDS = 6  # an English sentence has at least this many words
MAX_CHARS = 400  # a "sentence" longer than this (a list, a table) is cut
MAX_SENTENCES = 3000  # sentences kept per document (a book's first 3,000)

# a sentence ends at 。！？；(folded to ! ? ;) or at a full stop before a space or the end
# (the first character tried before any look-behind: re then skips to the next candidate
# in C; the same matches as [。!?;]+[\"'”’)）]*|(?<![\d\s])\.+(?=\s|$)[\"'”’)）]*)
_END = LazyRegex(r"[。!?;.](?:(?<=\.)(?<![\d\s]\.)\.*(?=\s|$)|(?<!\.)[。!?;]*)[\"'”’)）]*")
_HAN = LazyRegex(rf"[{CJK_RANGES}]")
_HAN_RUN = LazyRegex(rf"[{CJK_RANGES}]+")
_WORD = LazyRegex(r"[^\W\d_]+|\d+")


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

    @property
    def glossed(self) -> bool:
        """Whether the glosses are here (:func:`with_glosses` adds them when needed)."""
        return len(self.gloss_ptr) == self.count + 1

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


_MIX = np.uint64(0x9E3779B97F4A7C15)
_NO_IDS = np.zeros(0, np.uint32)


class _HanPairs:
    """Ids of the overlapping two-character pieces of each Chinese run (a lone
    character alone) of a whole text, computed once from its code points; :meth:`of`
    gives those starting inside a span.

    >>> h = _HanPairs("黄河流 x 域。河流")
    >>> len(h.of(0, 7)), bool(h.of(0, 7)[1] == h.of(8, 10)[0])
    (3, True)
    """

    def __init__(self, text: str) -> None:
        cp = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
        han = is_cjk_codepoint(cp)
        nxt_han = np.append(han[1:], False)
        prev_han = np.concatenate([[False], han[:-1]])
        starts = np.flatnonzero(han & (nxt_han | ~prev_han))  # a pair, or a lone character
        wide = cp.astype(np.uint64)
        follow = np.where(nxt_han[starts], np.append(wide[1:], 0)[starts], 0)
        keys = wide[starts] * np.uint64(0x110000) + follow.astype(np.uint64)
        with np.errstate(over="ignore"):
            self.ids = ((keys * _MIX) >> np.uint64(32)).astype(np.uint32)
        self.starts = starts

    def of(self, start: int, end: int) -> np.ndarray:
        lo, hi = np.searchsorted(self.starts, [start, end])
        return self.ids[lo:hi]


def _segment_each(pieces: list[str]) -> list[list[str]]:
    """Words of each piece, from one segmenter call over all of them (a line break
    is a block boundary of its own for jieba: one ``"\\n"`` token between pieces)."""
    if not pieces:
        return []
    cut = segmenter()
    tokens = cut("\n".join(pieces))
    if tokens.count("\n") != len(pieces) - 1:
        return [cut(p) for p in pieces]
    out: list[list[str]] = [[]]
    for t in tokens:
        if t == "\n":
            out.append([])
        else:
            out[-1].append(t)
    return out


def sentences_of(
    text: str,
    *,
    t2s: bool = True,
    normalized: NormalizedText | None = None,
    keep: np.ndarray | None = None,
    glosses: bool = True,
) -> Sentences:
    """The comparable sentences of original ``text``.

    ``normalized`` is ``normalize(text)`` if already made; ``keep`` (bool per
    normalized character) marks the comparable text: a sentence with less than half of
    its characters kept (a template line, a reference) is left out. Without
    ``glosses`` the cross-language terms are left for :func:`with_glosses` (a scan
    glosses only when its folder holds both languages).
    """
    norm = normalized or normalize(text, t2s=t2s)
    nt = norm.text
    bounds = sentence_bounds(nt)
    if not bounds:
        return NO_SENTENCES
    scanned = _Scanned(nt, bounds)
    candidates = np.flatnonzero(scanned.lang >= 0)
    if keep is not None:  # at least half of a sentence's characters are kept
        kept = np.concatenate([[0], np.cumsum(keep, dtype=np.int64)])
        starts, ends = scanned.starts[candidates], scanned.ends[candidates]
        inside = kept[np.minimum(ends, len(keep))] - kept[np.minimum(starts, len(keep))]
        candidates = candidates[inside * 2 >= ends - starts]
    chosen = candidates[:MAX_SENTENCES]
    langs_of = scanned.lang[chosen].tolist()
    pieces = [bounds[k] for k in chosen.tolist()]
    chinese = [nt[s:e] for (s, e), lang in zip(pieces, langs_of, strict=True) if lang == CHINESE]
    cut = iter(_segment_each(chinese) if glosses else [])
    terms = scanned.terms(chosen)
    taken: list[int] = []
    word_parts: list[np.ndarray] = []
    gloss_parts: list[np.ndarray] = []
    seen: set[bytes] = set()
    for n, lang in enumerate(langs_of):
        words = glossed = next(terms)
        if lang == CHINESE:  # its glosses, from its words
            glossed = gloss_ids(next(cut)) if glosses else words[:0]
        key = words.tobytes()
        if len(words) == 0 or key in seen:  # a repeated sentence counts once
            continue
        seen.add(key)
        taken.append(n)
        word_parts.append(words)
        gloss_parts.append(glossed)
    if not taken:
        return NO_SENTENCES
    at = chosen[taken]
    spans = np.empty((len(at), 2), np.int64)  # the pieces are never empty
    spans[:, 0] = norm.offsets[scanned.starts[at]]
    spans[:, 1] = norm.offsets[scanned.ends[at] - 1] + 1
    return Sentences(
        spans=spans.ravel().astype(np.int32),
        lang=scanned.lang[at].astype(np.uint8),
        word_ptr=_pointers(word_parts),
        word_ids=np.concatenate(word_parts).astype(np.uint32),
        gloss_ptr=_pointers(gloss_parts) if glosses else np.zeros(0, np.int32),
        gloss_ids=np.concatenate(gloss_parts).astype(np.uint32) if glosses else _NO_IDS,
    )


def _pointers(parts: list[np.ndarray]) -> np.ndarray:
    """Where each part starts in the parts joined, and where the last ends (int32)."""
    ptr = np.zeros(len(parts) + 1, np.int32)
    np.cumsum([len(p) for p in parts], out=ptr[1:])
    return ptr


_OTHER, _LETTER, _DIGIT = 1, 2, 3
# per code point, filled as code points are met: which side of :data:`_WORD` it is on
# (0: not seen yet); 1.1 MB per process
_WORD_CLASS = np.zeros(0x110000, np.uint8)
_LETTERS, _DIGITS = LazyRegex(r"[^\W\d_]"), LazyRegex(r"\d")


def _word_classes(codepoints: np.ndarray) -> np.ndarray:
    """:data:`_LETTER`, :data:`_DIGIT` or :data:`_OTHER` per code point: a word of
    :data:`_WORD` is a longest run of letters or of digits."""
    cls = _WORD_CLASS[codepoints]
    if not cls.all():
        for cp in sorted_unique(codepoints[cls == 0]).tolist():
            ch = chr(cp)
            digit = _DIGIT if _DIGITS.match(ch) else _OTHER
            _WORD_CLASS[cp] = _LETTER if _LETTERS.match(ch) else digit
        cls = _WORD_CLASS[codepoints]
    return cls


class _Words:
    """Where the words (:data:`_WORD`) of a whole text start and end, and how many of
    them each piece of it holds, unless one crosses the piece's edge.

    The words are found from the text's code points (a class per code point, then the
    edges of its runs) rather than by the pattern: the same words, without a Python
    object per word.

    >>> w = _Words(np.array([ord(c) for c in "ab12 c,d"], np.uint32))
    >>> w.starts.tolist(), w.ends.tolist()
    ([0, 2, 5, 7], [2, 4, 6, 8])
    """

    def __init__(self, codepoints: np.ndarray) -> None:
        cls = _word_classes(codepoints)
        word = cls != _OTHER
        change = np.empty(len(cls) + 1, bool)  # before each code point, and at the end
        change[0] = change[-1] = True
        np.not_equal(cls[1:], cls[:-1], out=change[1:-1])
        self.starts = np.flatnonzero(change[:-1] & word)
        self.ends = np.flatnonzero(change[1:] & word) + 1

    def inside(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """How many words each piece ``[starts, ends)`` holds; -1 where a word crosses
        its start or end (only a piece cut at :data:`MAX_CHARS` can cut a word)."""
        first = np.searchsorted(self.starts, starts)
        stop = np.searchsorted(self.starts, ends)
        ends_before = np.concatenate([[-1], self.ends])
        crossed = (ends_before[first] > starts) | (ends_before[stop] > ends)
        return np.where(crossed, -1, stop - first)


class _Scanned:
    """A text's sentence pieces with each one's language and word terms, found in one
    pass over the whole text: what :func:`_language` and the Latin words of a Chinese
    sentence give for each piece alone (a piece whose edge cuts a word is read alone)."""

    def __init__(self, text: str, bounds: list[tuple[int, int]]) -> None:
        self.text, self.bounds = text, bounds
        self.starts = starts = np.array([b[0] for b in bounds], np.int64)
        self.ends = ends = np.array([b[1] for b in bounds], np.int64)
        cp = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
        han = is_cjk_codepoint(cp)
        before = np.concatenate([[0], np.cumsum(han, dtype=np.int64)])
        # the words with each CJK character a space (as the Chinese runs taken out)
        self.words = _Words(np.where(han, np.uint32(32), cp)).inside(starts, ends)
        self.lang = _languages(before[ends] - before[starts], self.words)
        for k in np.flatnonzero(self.words < 0).tolist():
            found = _language(text[bounds[k][0] : bounds[k][1]])
            self.lang[k] = -1 if found is None else found
        self.pairs = _HanPairs(text) if han.any() else None

    def terms(self, pieces: np.ndarray) -> Iterator[np.ndarray]:
        """Each of ``pieces``' word terms, in order: a Chinese sentence's character
        pairs, then the stems of its Latin words; an English sentence's stems."""
        text, pairs = self.text, self.pairs
        if pairs is not None:
            lo = np.searchsorted(pairs.starts, self.starts[pieces]).tolist()
            hi = np.searchsorted(pairs.starts, self.ends[pieces]).tolist()
        for n, k in enumerate(pieces.tolist()):
            s, e = self.bounds[k]
            if self.lang[k] != CHINESE:
                yield english_ids(text[s:e])
            elif self.words[k] == 0:  # no Latin word: its pairs alone
                yield pairs.ids[lo[n] : hi[n]]  # type: ignore[union-attr]
            else:
                latin = english_ids(_HAN_RUN.sub(" ", text[s:e]))
                yield np.concatenate([pairs.ids[lo[n] : hi[n]], latin])  # type: ignore[union-attr]


def _languages(han: np.ndarray, words: np.ndarray) -> np.ndarray:
    """:func:`_language` of pieces with ``han`` CJK characters and ``words`` words (-1:
    too short to compare)."""
    chinese = (han >= MIN_HAN) & (han >= 1.5 * words)
    english = ~chinese & (words >= MIN_WORDS) & (han < 1.5 * words)
    return np.where(chinese, CHINESE, np.where(english, ENGLISH, -1))


def terms_of(text: str, *, t2s: bool = True) -> np.ndarray:
    """The terms a sentence holding ``text`` counts (its Chinese character pairs and
    English words, as :func:`sentences_of` makes them), however short the text.

    >>> len(terms_of("to the plains")), bool(terms_of("plains")[0] == terms_of("the plains")[0])
    (1, True)
    >>> len(terms_of("黄河流域"))
    3
    """
    nt = normalize(text, t2s=t2s).text
    latin = english_ids(_HAN_RUN.sub(" ", nt))
    if not _HAN.search(nt):
        return latin
    return np.concatenate([_HanPairs(nt).of(0, len(nt)), latin])


def with_glosses(s: Sentences, text: str, *, t2s: bool = True) -> Sentences:
    """``s`` with its cross-language terms: the glosses of its Chinese sentences (read
    again from the original ``text`` at their spans) and the stems of its English ones.

    >>> text = "第一句话就在这里吧。The second sentence is in English here!"
    >>> bare = sentences_of(text, glosses=False)
    >>> full = with_glosses(bare, text)
    >>> same = full.glosses(0).tolist() == sentences_of(text).glosses(0).tolist()
    >>> bare.glossed, full.glossed, same
    (False, True, True)
    """
    if s.glossed:
        return s
    spans = [s.text_span(i) for i in range(s.count)]
    chinese = [
        normalize(text[a:b], t2s=t2s).text
        for (a, b), g in zip(spans, s.lang, strict=True)
        if g == CHINESE
    ]
    cut = iter(_segment_each(chinese))
    parts = [gloss_ids(next(cut)) if g == CHINESE else s.words(i) for i, g in enumerate(s.lang)]
    ptr = np.concatenate([[0], np.cumsum([len(p) for p in parts])]).astype(np.int32)
    ids = np.concatenate(parts).astype(np.uint32) if parts else _NO_IDS
    return replace(s, gloss_ptr=ptr, gloss_ids=ids)
