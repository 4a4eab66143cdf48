"""Documents prepared for comparison, and what is boilerplate for this class.

The class's shared text (a prompt, a cover sheet: text many files hold at their start
or end, short beside them, see :mod:`.shared_text`) is no evidence: its shingles are
the corpus's ``common`` ones. Each document's usable, non-common shingles are worked out
only when a pair needs them: a re-scan answered from the comparison memo never needs
most of them.
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from simhash_core.compare.extension import ended, whole_passages
from simhash_core.compare.fact_seeds import fact_seeds, recounted
from simhash_core.compare.meaning import shown_beside
from simhash_core.compare.passages import (
    SortedShingles,
    UnitMatch,
    align_units,
    covered,
    sorted_shingles,
    to_passages,
)
from simhash_core.compare.same_text import SameText
from simhash_core.compare.shared_text import Members, shared_text_shingles, shared_texts
from simhash_core.compare.tally import SortedTally  # the one sorted tally
from simhash_core.compare.text_spans import unit_runs_to_spans
from simhash_core.fingerprint.analyze import document_sentences
from simhash_core.hashing import sorted_unique
from simhash_core.memory import drop_mapped_pages
from simhash_core.text.normalize import is_cjk_codepoint
from simhash_core.text.sentences import Sentences, sentences_of, with_glosses
from simhash_core.text.units import comparable_units
from simhash_core.types import Document, Passage, ScanSettings, SharedText

SORTED_KEPT = 1024  # documents whose sorted shingles, masks, weights a corpus keeps at once


def _recent(kept: OrderedDict, key: int) -> Any:
    """``kept[key]`` (now the most recently used), or None.

    The app may write a report in a thread while the window aligns a pair: another
    thread can evict or add a key in between, which costs nothing here."""
    found = kept.get(key)
    if found is not None:
        with contextlib.suppress(KeyError):
            kept.move_to_end(key)
    return found


def _keep(kept: OrderedDict, key: int, value: Any) -> None:
    """Keep ``value`` as the most recently used, and at most :data:`SORTED_KEPT`."""
    kept[key] = value
    if len(kept) > SORTED_KEPT:
        with contextlib.suppress(KeyError):
            kept.popitem(last=False)


@dataclass
class Corpus:
    """Documents prepared for comparison; per-document data computed on first use."""

    docs: list[Document]
    settings: ScanSettings
    common: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint64))
    # ok_mask of each document asked for, packed 8 to a byte (a folder of 100,000
    # held 0.26 GB of masks unpacked)
    _ok: dict[int, np.ndarray] = field(default_factory=dict, repr=False)
    _sets: dict[int, np.ndarray] = field(default_factory=dict, repr=False)
    _comparable: np.ndarray | None = field(default=None, repr=False)
    _shared_texts: tuple[SharedText, ...] | None = field(default=None, repr=False)
    # membership in ``common``, asked of every document (see is_common)
    _common_members: Members | None = field(default=None, repr=False)
    # word_weights of the most recently used documents (SORTED_KEPT)
    _weights: OrderedDict[int, np.ndarray] = field(default_factory=OrderedDict, repr=False)
    # the most recently used documents' sorted shingles (a bounded cache: pairs are
    # aligned in (i, j) order, so the documents at hand are the recent ones, and a
    # class of 20,000 held every aligned document's, 0.5 GB)
    _sorted: OrderedDict[int, SortedShingles] = field(default_factory=OrderedDict, repr=False)
    _sentences: dict[int, Sentences] = field(default_factory=dict, repr=False)
    # common_spans of each document asked for (or given: see compare.judge_workers)
    _common_spans: dict[int, list[tuple[int, int]]] = field(default_factory=dict, repr=False)
    _glossed: dict[int, Sentences] = field(default_factory=dict, repr=False)
    # compare.meaning.MeaningFound of each pair with reworded or translated passages,
    # filled in by the comparison
    meaning: dict[tuple[int, int], Any] = field(default_factory=dict, repr=False)
    # documents with the same text (see same_text), found on first use
    _same: SameText | None = field(default=None, repr=False)
    _same_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    # alignments shared by documents with the same text, per pair of texts (see matches)
    _aligned: dict[tuple[int, int], list[UnitMatch]] = field(default_factory=dict, repr=False)
    # pairs aligned elsewhere (in the workers: see compare.measure_workers)
    _given: dict[tuple[int, int], list[UnitMatch]] = field(default_factory=dict, repr=False)
    # pair_score.measure_pair's measures of pairs of twin contents
    measured: dict[tuple[int, int], Any] = field(default_factory=dict, repr=False)
    # and their word-for-word passages (original-text offsets), for the views
    _twin_passages: dict[tuple[int, int], list[Passage]] = field(default_factory=dict, repr=False)
    # the aligned runs a pair keeps (the review's exclusions: see derived); None: all
    match_filter: Callable[[int, int, list[UnitMatch]], list[UnitMatch]] | None = field(
        default=None, repr=False
    )
    # the spans (A, B) a pair's passages may not be made of again: what the review left
    # out (see derived); None: nothing
    excluded: Callable[[int, int], list[Passage]] | None = field(default=None, repr=False)
    # the assignment text (the template files' texts, and passages the teacher marked
    # as assignment text): what it says is no student's own (see assignment_sentences)
    assignment: tuple[str, ...] = ()

    @classmethod
    def build(
        cls,
        docs: list[Document],
        settings: ScanSettings,
        common: np.ndarray | None = None,
        comparable: np.ndarray | None = None,
        assignment: Sequence[str] = (),
    ) -> Corpus:
        """Prepare ``docs``; class-wide ``common`` text is computed from them unless given
        (the archive passes the new class's own, so old years don't shift it).
        ``comparable`` (per-document unit counts) may come from a memo of this corpus;
        ``assignment``: the assignment text's pieces."""
        if any(d.ngram != settings.ngram for d in docs):
            raise ValueError("documents of another shingle size: analyse them again first")
        if common is None:
            common = shared_text_shingles(docs, settings.shared_text_files)
        return cls(docs, settings, common, _comparable=comparable, assignment=tuple(assignment))

    def assignment_sentences(self, *, glossed: bool) -> list[Sentences]:
        """The sentences of each piece of the assignment text, for the meaning layer
        (with their cross-language terms if ``glossed``)."""
        t2s = self.settings.t2s
        made = [sentences_of(text, t2s=t2s, glosses=glossed) for text in self.assignment]
        return [s for s in made if s.count]

    def shared_texts(self) -> tuple[SharedText, ...]:
        """The class's shared texts, as a teacher is told of them (the documents of the
        class only: archived ones neither make nor hold them here). One shorter than the
        shortest passage is not told: it could never have been evidence."""
        if self._shared_texts is None:
            own = [d for d in self.docs if d.archive_label is None]
            found = shared_texts(own, self.common, self.settings.shared_text_files)
            shortest = self.settings.min_passage_units
            self._shared_texts = tuple(x for x in found if x.words >= shortest)
        return self._shared_texts

    def found_shared_texts(self, texts: tuple[SharedText, ...]) -> None:
        """Take ``texts`` as :meth:`shared_texts` (found before for these very
        documents and settings: a verdict restored from the cache)."""
        self._shared_texts = texts

    def ok_mask(self, i: int) -> np.ndarray:
        """Positions of document ``i``'s shingles that are usable and not common."""
        d = self.docs[i]
        if not len(self.common):
            return d.usable
        return np.unpackbits(self.packed_ok(i), count=len(d.usable)).view(bool)

    def packed_ok(self, i: int) -> np.ndarray:
        """:meth:`ok_mask`, 8 positions to a byte (``np.packbits``), as it is kept."""
        d = self.docs[i]
        if not len(self.common):
            return np.packbits(d.usable)
        packed = self._ok.get(i)
        if packed is None:
            found = d.usable & ~self.is_common(d.shingle_seq)
            packed = self._ok[i] = np.packbits(found)
        return packed

    def is_common(self, shingles: np.ndarray) -> np.ndarray:
        """Which of ``shingles`` are the class's shared text (``common``, sorted): a
        filter on their low bits, then a binary search of the few it flags, five times
        faster than ``np.isin`` on a class's documents."""
        if self._common_members is None:
            self._common_members = Members(self.common)
        return self._common_members(shingles)

    def shingle_set(self, i: int) -> np.ndarray:
        """Document ``i``'s unique usable, non-common shingles (sorted)."""
        found = self._sets.get(i)
        if found is None:
            found = self._sets[i] = sorted_unique(self.docs[i].shingle_seq[self.ok_mask(i)])
        return found

    def iter_sets(self, only: Sequence[int] | None = None) -> Iterator[np.ndarray]:
        """Each document's :meth:`shingle_set` (of the documents ``only``, if given), in
        order, without keeping those not kept already (a class-wide pass must not hold a
        copy of every document)."""
        for done, i in enumerate(range(len(self.docs)) if only is None else only, start=1):
            d = self.docs[i]
            found = self._sets.get(i)
            if found is None:
                found = sorted_unique(d.shingle_seq[self.ok_mask(i)])
            drop_mapped_pages(done)
            yield found

    @property
    def ok(self) -> list[np.ndarray]:
        return [self.ok_mask(i) for i in range(len(self.docs))]

    @property
    def sets(self) -> list[np.ndarray]:
        return [self.shingle_set(i) for i in range(len(self.docs))]

    @property
    def comparable(self) -> np.ndarray:
        """Per document, the units covered by a usable non-common shingle (int64)."""
        if self._comparable is None:
            n = self.settings.ngram
            self._comparable = np.array(
                [
                    int(comparable_units(self.ok_mask(i), d.unit_count, n).sum())
                    for i, d in enumerate(self.docs)
                ],
                dtype=np.int64,
            )
        return self._comparable

    def word_weights(self, i: int) -> np.ndarray:
        """Per-unit weight in word equivalents: a Latin word counts 1, a CJK character
        0.5 (a Chinese word averages about two characters)."""
        cached = _recent(self._weights, i)
        if cached is None:
            d = self.docs[i]
            codepoints = np.frombuffer(d.text.encode("utf-32-le", "surrogatepass"), np.uint32)
            first = codepoints[d.unit_starts] if d.unit_count else np.zeros(0, np.uint32)
            single = d.units.lengths == 1
            cached = np.where(single & is_cjk_codepoint(first), 0.5, 1.0)
            _keep(self._weights, i, cached)
        return cached

    def span_words(self, i: int, start: int, end: int, matched: int | None = None) -> float:
        """Word equivalents of the units of document ``i`` that start in its original
        text's ``[start, end)``; of a passage of ``matched`` units there, its exactly
        matched share (as :meth:`passage_words` counts a match)."""
        starts = self.docs[i].unit_starts
        k0, k1 = (int(k) for k in np.searchsorted(starts, [start, end], side="left"))
        words = float(self.word_weights(i)[k0:k1].sum())
        return words if matched is None else words * min(1.0, matched / max(k1 - k0, 1))

    def passage_words(self, i: int, m: UnitMatch) -> float:
        """Length of a match in word equivalents (exactly matched share of its span)."""
        span = max(m.a1 - m.a0, 1)
        return float(self.word_weights(i)[m.a0 : m.a1].sum()) * min(1.0, m.units / span)

    def common_spans(self, i: int) -> list[tuple[int, int]]:
        """Original-text spans of document ``i`` that are the class's shared text (made
        once: every pair of the document reads them; do not change the list)."""
        found = self._common_spans.get(i)
        if found is None:
            found = self._common_spans[i] = self._find_common_spans(i)
        return found

    def _find_common_spans(self, i: int) -> list[tuple[int, int]]:
        d = self.docs[i]
        if not len(self.common):
            return []
        is_common = self.is_common(d.shingle_seq) & d.usable
        n = min(d.ngram, max(d.unit_count, 1))
        mask = covered([(int(p), int(p) + n) for p in np.nonzero(is_common)[0]], d.unit_count)
        return unit_runs_to_spans(d, mask)

    def matches(self, i: int, j: int) -> list[UnitMatch]:
        """The aligned runs of units of documents ``i`` and ``j``.

        Documents with the same text (a file handed in many times, an essay copied by
        half a course) are aligned once: the alignment is kept under the pair of texts
        (:meth:`pair_kind`) and reused by every pair of the same two texts. Pairs of
        documents that have no twin are not kept (nothing would reuse them).
        Pairs aligned in the workers come with their runs (:meth:`give_matches`).
        """
        found = self._all_matches(i, j)
        return found if self.match_filter is None else self.match_filter(i, j, found)

    def _all_matches(self, i: int, j: int) -> list[UnitMatch]:
        given = self._given.get((i, j))
        if given is not None:
            return given
        kind = self.pair_kind(i, j)
        if kind is None:
            return self._align(i, j)
        found = self._aligned.get(kind)
        if found is None:
            found = self._aligned[kind] = self._align(i, j)
        return found

    def derived(
        self,
        match_filter: Callable[[int, int, list[UnitMatch]], list[UnitMatch]],
        excluded: Callable[[int, int], list[Passage]] | None = None,
    ) -> Corpus:
        """The same documents and common text, whose pairs keep only the aligned runs
        ``match_filter(i, j, runs)`` gives (it must depend on the two documents'
        contents alone: pairs of the same contents share their passages). What is made
        per document is shared with this corpus; what is made per pair is not, and the
        judged meaning is copied (the caller may change it). ``excluded(i, j)``: the
        spans of pair ``i, j`` left out, which no sentence seed may make a passage of
        again."""
        return Corpus(
            self.docs,
            self.settings,
            self.common,
            _ok=self._ok,
            _sets=self._sets,
            _comparable=self.comparable,
            _weights=self._weights,
            _sorted=self._sorted,
            _sentences=self._sentences,
            _common_spans=self._common_spans,
            _glossed=self._glossed,
            meaning=dict(self.meaning),
            _same=self.same_text,
            _aligned=self._aligned,
            _given=self._given,
            match_filter=match_filter,
            excluded=excluded,
            assignment=self.assignment,
        )

    def give_matches(self, i: int, j: int, matches: list[UnitMatch]) -> None:
        """The aligned runs of documents ``i < j``, worked out elsewhere (the same as
        :meth:`matches` would find): kept for the pair's passages and its direction."""
        kind = self.pair_kind(i, j)
        if kind is not None:  # kept for every pair of the two texts
            self._aligned.setdefault(kind, matches)
        elif matches:
            self._given[(i, j)] = matches

    def held_matches(self, i: int, j: int) -> list[UnitMatch] | None:
        """The aligned runs of documents ``i < j`` held here (given, or aligned for
        their pair of texts), as :meth:`matches` would read them before any filter;
        None when they are not held (nothing is aligned to answer)."""
        given = self._given.get((i, j))
        if given is not None:
            return given
        kind = self.pair_kind(i, j)
        return None if kind is None else self._aligned.get(kind)

    @property
    def same_text(self) -> SameText:
        """The documents grouped by their text (:mod:`.same_text`): the one key under
        which what is worked out for a document or a pair is shared."""
        if self._same is None:
            with self._same_lock:  # the views may ask from another thread
                if self._same is None:
                    self._same = SameText.of(self.docs)
        return self._same

    def found_same_text(self, same: SameText) -> None:
        """Take ``same`` as :attr:`same_text` (found before for these very documents:
        a verdict restored from the cache), so their shingles are not read for it."""
        self._same = same

    def pair_kind(self, i: int, j: int) -> tuple[int, int] | None:
        """The pair of texts of documents ``i`` and ``j``, under which pairs of the same
        two texts share their alignment, measure and passages (None when neither
        document has a twin): :meth:`SameText.pair`."""
        return self.same_text.pair(i, j)

    def shared_with(self, i: int, j: int) -> int:
        """How many usable shingles documents ``i`` and ``j`` share, counted as
        :func:`shared_counts` counts them (on their top 44 bits): for a pair that a
        large folder's counts left out (:meth:`SharedCounts.kept`)."""
        top = ~np.uint64(_OWNER_MASK)
        a, b = (sorted_unique(x & top) for x in self.iter_sets([i, j]))
        return len(np.intersect1d(a, b, assume_unique=True))

    def _align(self, i: int, j: int) -> list[UnitMatch]:
        a, b = self.docs[i], self.docs[j]
        return align_units(
            a.shingle_seq,
            self.ok_mask(i),
            b.shingle_seq,
            self.ok_mask(j),
            self.settings.ngram,
            min_units=self.settings.min_passage_units,
            b_index=self.sorted_index(j),
            a_index=self.sorted_index(i),
        )

    def sorted_index(self, j: int) -> SortedShingles:
        """Document ``j``'s usable shingles sorted for alignment (kept for the
        :data:`SORTED_KEPT` most recently used documents)."""
        found = _recent(self._sorted, j)
        if found is None:
            found = sorted_shingles(self.docs[j].shingle_seq, self.ok_mask(j))
            _keep(self._sorted, j, found)
        return found

    def sentences(self, i: int) -> Sentences:
        """Document ``i``'s sentences for the meaning layer (made from its text when it
        came without them, as archived documents do)."""
        found = self.docs[i].sentences
        if found is None:
            found = self._sentences.get(i)
            if found is None:
                found = self._sentences[i] = document_sentences(self.docs[i], self.settings)
        return found

    def glossed(self, i: int) -> Sentences:
        """:meth:`sentences` with their cross-language terms (made on first use)."""
        found = self._glossed.get(i)
        if found is None:
            s = self.sentences(i)
            found = self._glossed[i] = with_glosses(s, self.docs[i].text, t2s=self.settings.t2s)
        return found

    def word_passages(self, i: int, j: int) -> list[Passage]:
        """:meth:`matches` with original-text offsets, shared by twins (do not change
        the list)."""
        kind = self.pair_kind(i, j)
        if kind is None:
            return to_passages(self.docs[i], self.docs[j], self.matches(i, j))
        found = self._twin_passages.get(kind)
        if found is None:
            found = self._twin_passages[kind] = to_passages(
                self.docs[i], self.docs[j], self.matches(i, j)
            )
        return found

    def found_passages(self, i: int, j: int) -> list[Passage]:
        """The pair's passages as the layers found them, with original-text offsets:
        word for word, then reworded and translated ones (the evidence a direction is
        read from)."""
        words = self.word_passages(i, j)
        found = self.meaning.get((i, j))
        return list(words) if found is None else words + shown_beside(words, found.passages)

    def passages(self, i: int, j: int) -> list[Passage]:
        """Matching passages of the pair as shown: :meth:`found_passages` made whole
        (:meth:`whole_passages`), each reworded one counting the sentences the teacher
        sees rewritten (:func:`~.fact_seeds.recounted`, as the pair's reason counts
        them), and ended where their words end (:meth:`shown`)."""
        whole = self.whole_passages(i, j, self.found_passages(i, j))
        a, b = self.sentences(i), self.sentences(j)
        texts = (self.docs[i].text, self.docs[j].text)
        return self.shown(i, j, recounted(whole, a, b, lambda: fact_seeds(a, b, texts)))

    def shown(self, i: int, j: int, whole: Sequence[Passage]) -> list[Passage]:
        """Whole passages of documents ``i < j`` as the side-by-side view shows them:
        an end in text without sentence ends (a list, a web page's lines) at the last
        word the other side holds (:func:`~.extension.ended`). The rules that judge a
        pair read the whole passages, sentence by sentence."""
        a, b = self.sentences(i), self.sentences(j)
        texts = (self.docs[i].text, self.docs[j].text)
        return [ended(p, a, b, texts) for p in whole]

    def whole_passages(self, i: int, j: int, found: list[Passage]) -> list[Passage]:
        """The passages ``found`` in documents ``i < j`` (word for word, reworded,
        translated) as the pair shows and counts them: with the clusters of similar
        sentences, joined where they overlap or nearly touch on both sides
        (:mod:`.extension`). Sentence seeds alone make passages only in a pair the
        meaning layer linked (its sentences closer than the class's usual ones: kept
        in :attr:`meaning`); a pair that no layer links shows none, as it counts none
        (:func:`~.pair_score.counted`, :func:`~.pair_score.with_seed_passages`)."""
        if all(p.common for p in found) and (i, j) not in self.meaning:
            return list(found)
        a, b = self.sentences(i), self.sentences(j)
        left_out = self.excluded(i, j) if self.excluded is not None else ()
        # no seed from text the class shares (greyed, never evidence) or the teacher left out
        shared = [
            Passage(a0, a1, b0, b1, 0, True)
            for a0, a1 in self.common_spans(i)
            for b0, b1 in self.common_spans(j)
        ]
        blocked = [*left_out, *(p for p in found if p.common), *shared]
        texts = (self.docs[i].text, self.docs[j].text)
        return whole_passages(
            found, a, b, seeds=self.settings.reworded, blocked=blocked, texts=texts
        )


_BLOCK = 1 << 22  # elements per block in shared_counts' neighbour comparison
_OWNER_BITS = 20
_OWNER_MASK = (1 << _OWNER_BITS) - 1


class SharedCounts(Mapping[tuple[int, int], int]):
    """``{(i, j): shared shingles}`` for ``i < j``, held as two sorted numpy arrays
    (12 bytes a pair, where a dict takes about 180: a class of 20,000 essays has a few
    million pairs that share a shingle or two).

    >>> s = SharedCounts(3, np.array([1, 5], np.int64), np.array([4, 2]))
    >>> dict(s), s.get((0, 2), 0), s.get((1, 0), 0), len(s)
    ({(0, 1): 4, (1, 2): 2}, 0, 0, 2)
    """

    __slots__ = ("codes", "counts", "floor", "n")

    def __init__(self, n: int, codes: np.ndarray, counts: np.ndarray, floor: int = 1) -> None:
        self.n = n  # pair (i, j) has code i * n + j; codes ascending
        self.codes = np.asarray(codes, np.int64)
        self.counts = np.asarray(counts, np.int32)
        # pairs sharing fewer shingles than this may be left out: their count is not
        # known here (see kept), where 1 means every pair sharing a shingle is here
        self.floor = floor

    def kept(self, floor: int, also: Iterable[tuple[int, int]] = ()) -> SharedCounts:
        """Only the pairs sharing ``floor`` or more shingles, and the pairs ``also``: a
        large folder reads no other count, and holds millions of pairs sharing one.

        >>> s = SharedCounts(3, np.array([1, 2, 5]), np.array([4, 1, 2])).kept(3, [(1, 2)])
        >>> dict(s), s.floor
        ({(0, 1): 4, (1, 2): 2}, 3)
        """
        extra = np.array([i * self.n + j for i, j in also], np.int64)
        keep = (self.counts >= floor) | np.isin(self.codes, extra)
        return SharedCounts(self.n, self.codes[keep], self.counts[keep], floor)

    @classmethod
    def from_pairs(cls, n: int, pairs: np.ndarray, counts: np.ndarray) -> SharedCounts:
        """From an ``(m, 2)`` array of pairs ``i < j`` (any order) and their counts."""
        pairs = np.asarray(pairs, np.int64).reshape(-1, 2)
        codes = pairs[:, 0] * n + pairs[:, 1]
        order = np.argsort(codes, kind="stable")
        return cls(n, codes[order], np.asarray(counts)[order])

    def _find(self, key: tuple[int, int]) -> int:
        i, j = key
        if not (0 <= i < j < self.n):
            return -1
        code = i * self.n + j
        at = int(np.searchsorted(self.codes, code))
        return at if at < len(self.codes) and self.codes[at] == code else -1

    def __getitem__(self, key: tuple[int, int]) -> int:
        at = self._find(key)
        if at < 0:
            raise KeyError(key)
        return int(self.counts[at])

    def __contains__(self, key: object) -> bool:
        return isinstance(key, tuple) and len(key) == 2 and self._find(key) >= 0

    def __len__(self) -> int:
        return len(self.codes)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        n = self.n
        return ((c // n, c % n) for c in self.codes.tolist())

    def items(self):
        n = self.n
        return [
            ((c // n, c % n), k)
            for c, k in zip(self.codes.tolist(), self.counts.tolist(), strict=True)
        ]

    def pairs(self) -> np.ndarray:
        """The pairs as an ``(m, 2)`` int64 array, in key order."""
        return np.stack([self.codes // self.n, self.codes % self.n], axis=1)

    def counts_of(self, pairs: Sequence[tuple[int, int]], absent: int = 0) -> list[int]:
        """The counts of many pairs ``i < j`` at once (``absent`` for a pair that is not
        here: one sharing nothing, or fewer than :attr:`floor`).

        >>> SharedCounts(3, np.array([1, 5]), np.array([4, 2])).counts_of([(0, 1), (1, 2), (0, 2)])
        [4, 2, 0]
        """
        if not pairs or not len(self.codes):
            return [absent] * len(pairs)
        keys = np.array(pairs, np.int64).reshape(-1, 2)
        codes = keys[:, 0] * self.n + keys[:, 1]
        at = np.minimum(np.searchsorted(self.codes, codes), len(self.codes) - 1)
        found = self.codes[at] == codes
        return np.where(found, self.counts[at], absent).tolist()

    def at_least(self, k: int) -> list[tuple[int, int]]:
        """The pairs sharing ``k`` or more shingles."""
        keep = self.codes[self.counts >= k]
        return list(zip((keep // self.n).tolist(), (keep % self.n).tolist(), strict=True))

    def __repr__(self) -> str:
        return f"SharedCounts({dict(self.items())!r})"


def shared_counts(
    sets: Iterable[np.ndarray] | Callable[[], Iterable[np.ndarray]],
    *,
    n: int | None = None,
    capacity: int | None = None,
    sizes: list[int] | None = None,
    parts: int = 1,
) -> SharedCounts:
    """``|S_i ∩ S_j|`` for every pair sharing at least one shingle (inverted index).

    Each hash keeps its top 44 bits and carries its document number in the low 20, so
    one plain sort groups equal hashes (a 44-bit collision among a class's shingles is
    about as likely as not once in a million files, and only nudges a count by one).

    ``sets`` may be a one-pass iterator: give ``n`` (how many) and ``capacity`` (at
    least their total length), and the sets are packed straight into one array, never
    held together; ``sizes``, if given, receives each set's length. With ``parts`` > 1
    (a power of two) ``sets`` is a function giving the sets afresh, called once per
    part: each pass packs only the hashes whose top bits name that part, so the packed
    array is that much smaller (memory for CPU on very large classes).

    >>> dict(shared_counts([np.array([1, 2, 3], np.uint64) << np.uint64(40),
    ...                     np.array([2, 3], np.uint64) << np.uint64(40)]))
    {(0, 1): 2}
    """
    if parts < 1 or parts & (parts - 1):
        raise ValueError(f"parts must be a power of two, got {parts}")
    if callable(sets):
        make = sets
    else:
        fixed = list(sets) if (n is None or capacity is None or parts > 1) else sets
        make = lambda: fixed  # noqa: E731
    if n is None or capacity is None:
        listed = list(make())
        n, capacity = len(listed), sum(len(x) for x in listed)
    if n > _OWNER_MASK:
        raise ValueError(f"at most {_OWNER_MASK} documents per comparison")
    shift = np.uint64(64 - parts.bit_length() + 1)
    tally = SortedTally()
    for part in range(parts):
        packed = np.empty(capacity if parts == 1 else capacity // parts + 1024, np.uint64)
        at = 0
        for i, s in enumerate(make()):
            if part == 0 and sizes is not None:
                sizes.append(len(s))
            if parts > 1:
                s = s[(s >> shift) == np.uint64(part)]
            if at + len(s) > len(packed):  # an uneven part: grow it
                packed = np.resize(packed, max(2 * len(packed), at + len(s)))
            chunk = packed[at : at + len(s)]
            np.bitwise_and(s, ~np.uint64(_OWNER_MASK), out=chunk)
            chunk |= np.uint64(i)
            at += len(s)
        if n >= 2:
            owner, place = _shared_runs(packed[:at])
            del packed  # only the shingles two documents hold are kept: a fifth
            _pair_codes(owner, place, n, tally)
            del owner, place
        else:
            del packed
    values, counts = tally.result()
    return SharedCounts(n, values, counts)


def expand_shared(shared: SharedCounts, labels: np.ndarray, sizes: Sequence[int]) -> SharedCounts:
    """Shared counts between classes of equal sets (``shared`` over one set per class,
    ``sizes`` the classes' set sizes) as counts between their documents: two members of
    one class share their whole set, members of two classes what the classes share.

    >>> between = SharedCounts(2, np.array([1]), np.array([2]))  # classes 0 and 1 share 2
    >>> dict(expand_shared(between, np.array([0, 1, 0]), [5, 3]).items())
    {(0, 1): 2, (0, 2): 5, (1, 2): 2}
    """
    n = len(labels)
    order = np.argsort(labels, kind="stable")
    starts = np.searchsorted(labels[order], np.arange(len(sizes) + 1))
    members = [order[starts[c] : starts[c + 1]] for c in range(len(sizes))]
    codes: list[np.ndarray] = []
    counts: list[np.ndarray] = []
    for c, group in enumerate(members):  # twins share all they have
        if len(group) > 1 and sizes[c]:
            a, b = np.triu_indices(len(group), 1)
            codes.append(group[a] * n + group[b])
            counts.append(np.full(len(a), sizes[c], np.int32))
    m = shared.n
    for code, count in zip(shared.codes.tolist(), shared.counts.tolist(), strict=True):
        p, q = members[code // m], members[code % m]
        lo = np.minimum.outer(p, q).ravel()
        hi = np.maximum.outer(p, q).ravel()
        codes.append(lo * n + hi)
        counts.append(np.full(len(lo), count, np.int32))
    if not codes:
        return SharedCounts(n, np.zeros(0, np.int64), np.zeros(0, np.int32))
    all_codes = np.concatenate(codes)
    order = np.argsort(all_codes, kind="stable")
    return SharedCounts(n, all_codes[order], np.concatenate(counts)[order])


def _shared_runs(packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The packed ``hash | owner`` values held by two documents or more, sorted (in
    place) and grouped by hash: each one's owner, and its place in its group (0 for
    the first). Half the memory of holding the hashes themselves.

    >>> owner, place = _shared_runs(np.array([5 << 20 | 2, 9 << 20 | 1, 5 << 20 | 0,
    ...                                       7 << 20 | 3, 5 << 20 | 1, 7 << 20 | 0], np.uint64))
    >>> owner.tolist(), place.tolist()
    ([0, 1, 2, 0, 3], [0, 1, 2, 0, 1])
    """
    packed.sort()
    # equal hashes: the two differ only in the owner bits; in blocks, with no temporary
    # as large as the class (20,000 essays: 0.4 GB each)
    top = np.uint64(_OWNER_MASK)
    same_as_next = np.zeros(len(packed), dtype=bool)
    for lo in range(0, len(packed) - 1, _BLOCK):
        hi = min(lo + _BLOCK, len(packed) - 1)
        np.less_equal(
            np.bitwise_xor(packed[lo + 1 : hi + 1], packed[lo:hi]), top, out=same_as_next[lo:hi]
        )
    shared = same_as_next.copy()
    shared[1:] |= same_as_next[:-1]
    begins = np.ones(len(packed), bool)  # the first of its hash
    begins[1:] = ~same_as_next[:-1]
    del same_as_next
    kept = packed[shared]
    begins = begins[shared]
    del shared
    index = np.int32 if len(kept) < 2**31 else np.int64
    owner = (kept & top).astype(np.int32)
    del kept
    place = np.arange(len(owner), dtype=index)
    start = np.where(begins, place, 0)
    np.maximum.accumulate(start, out=start)
    place -= start
    return owner, place


def _pair_codes(owner: np.ndarray, place: np.ndarray, n: int, tally: SortedTally) -> None:
    """One code ``i * n + j`` per shared hash and pair of its owners ``i < j``
    (:func:`_shared_runs`), added to ``tally``: the ``d``-th neighbours in a group
    first for ``d = 1``, then 2, and so on."""
    d = 1
    while d < len(place):
        later = np.flatnonzero(place[d:] >= d)  # value at + d is in the same group as at
        if len(later) == 0:
            break
        i, j = owner[later].astype(np.int64), owner[later + d].astype(np.int64)
        tally.add(np.minimum(i, j) * n + np.maximum(i, j))
        d += 1
