"""Links: the folder's matched sentences, per pair of documents.

Each sentence space (a language with itself, Chinese with English) gives its links:
sentence pairs of different documents whose margin reaches the threshold. Documents
with the same sentences are compared once. Each pair's links are chained into runs
(:mod:`.runs`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING

import numpy as np

from simhash_core.compare.meaning.blocking import blocked_pairs, candidate_documents, is_large
from simhash_core.compare.meaning.halves import half_pairs
from simhash_core.compare.meaning.products import Products, neighbour_closeness, similar_pairs
from simhash_core.compare.meaning.runs import (
    REWORDED,
    TRANSLATED,
    PairMeaning,
    SentenceLink,
    chain_runs,
    chain_strength,
)
from simhash_core.compare.meaning.tfidf import sentence_space
from simhash_core.compare.same_text import SameText
from simhash_core.memory import give_back_free_memory
from simhash_core.progress import Job, Progress
from simhash_core.text.sentences import CHINESE, ENGLISH, Sentences

if TYPE_CHECKING:
    from simhash_core.compare.meaning.tfidf import SentenceSpace


@dataclass(frozen=True)
class _Links:
    """Matched sentences of the whole folder: for each, the two documents, the two
    sentences' places in them, its margin and cosine, and its kind."""

    doc_a: np.ndarray
    doc_b: np.ndarray
    sent_a: np.ndarray
    sent_b: np.ndarray
    margin: np.ndarray
    cosine: np.ndarray
    kind: np.ndarray  # 0 reworded, 1 translated

    def __getitem__(self, which: np.ndarray) -> _Links:
        """The links ``which`` (a mask or an order)."""
        return _Links(*(getattr(self, f.name)[which] for f in fields(self)))


@dataclass(frozen=True)
class _Spec:
    """A sentence space to compare: the sentences in ``row_lang`` with those in
    ``col_lang``, by their ``field`` terms (words or glosses); its links' ``kind``."""

    field: str
    row_lang: int
    col_lang: int
    kind: int  # 0 reworded, 1 translated

    def units(self, rows: dict[int, int]) -> int:
        """Its share of the products' work: the rows multiplied (one pass within a
        language, one from each side across), of ``rows`` sentences per language."""
        if self.row_lang == self.col_lang:
            return rows[self.row_lang]
        return rows[self.row_lang] + rows[self.col_lang]


REWORDED_SPACES = (_Spec("word", CHINESE, CHINESE, 0), _Spec("word", ENGLISH, ENGLISH, 0))
TRANSLATED_SPACE = _Spec("gloss", CHINESE, ENGLISH, 1)


def _links_of_space(
    sents: list[Sentences], spec: _Spec, how: Products, blocked: bool | None = None
) -> _Links:
    """The links of one space (a language with itself, or Chinese with English), each
    once, for documents ``doc_a < doc_b``. With ``how.copies`` (the documents stand for
    that many identical ones, see :func:`meaning_pairs`), every link comes in both
    orientations instead, documents in any order: pairs of copies take it from either
    side. ``blocked``: whether the folder is large (by default, whether ``sents`` are
    many; the caller says so when some of them are the assignment's)."""
    blocked = is_large(len(sents)) if blocked is None else blocked
    if blocked and how.copies is not None:
        raise ValueError("documents standing for copies are compared in a small folder only")
    units, made = how.job.total, SPACE_MADE_LARGE if blocked else SPACE_MADE
    ready = how.job.subjob(made * units, total=2 if blocked else 1)
    how = replace(how, job=how.job.subjob((1 - made) * units, total=units))
    space = sentence_space(
        sents,
        spec.field,
        spec.row_lang,
        spec.col_lang,
        how.copies,
        how.job.progress,
        threads=how.threads,
    )
    ready.advance(1)
    ready.check()
    give_back_free_memory()  # the slices' buffers: the products need the room
    if space is None:
        return _empty_links()
    found = _blocked(space, len(sents), how, ready) if blocked else _every_pair(space, how)
    r, c, cos, top_r, top_c = found
    near_r, near_c = neighbour_closeness(top_r), neighbour_closeness(top_c)
    margin = cos / ((near_r[r] + near_c[c]) / 2.0)
    good = margin >= how.min_margin
    r, c, cos, margin = r[good], c[good], cos[good], margin[good]
    kind = np.full(len(r), spec.kind, np.int8)
    docs, places = (space.row_doc[r], space.col_doc[c]), (space.row_local[r], space.col_local[c])
    links = _Links(*docs, *places, margin, cos, kind)
    if how.copies is not None:
        links = _distinct(_both_ways(links))
    else:
        links = _distinct(_one_way(links, space.one_language and not blocked))
    return _with_between(links, space, (near_r, near_c), how.min_margin)


# of a space's progress: its TF-IDF rows (a tenth of the products' time in a class of
# 1,000), and in a large folder its candidate documents too (a third in 10,000)
SPACE_MADE = 0.1
SPACE_MADE_LARGE = 0.3

BETWEEN_MARGIN = 1.0  # a sentence between two matched ones: as close as its usual nearest


def _with_between(
    links: _Links, space: SentenceSpace, near: tuple[np.ndarray, np.ndarray], margin: float
) -> _Links:
    """``links`` with the sentences between two of them: where sentences ``x`` and
    ``x + 2`` of one document match ``y`` and ``y + 2`` of another, sentence ``x + 1``
    and ``y + 1`` are linked too when their margin reaches :data:`BETWEEN_MARGIN`
    (under ``margin``): a sentence rewritten further than its neighbours, whose place
    between two matched sentences on both sides says where it comes from. Judging
    counts such a link only between two that reach the threshold
    (:func:`~.judging.judge_meaning`)."""
    if len(links.doc_a) < 2 or margin <= BETWEEN_MARGIN:
        return links
    places = _Places(links)
    gaps = places.holds(2) & ~places.holds(1)
    if not gaps.any():
        return links
    gap = links[gaps]
    rows, cols = _space_rows(space, gap.doc_a, gap.sent_a + 1, gap.doc_b, gap.sent_b + 1)
    found = (rows >= 0) & (cols >= 0)
    gap, rows, cols = gap[found], rows[found], cols[found]
    left, right = space.left[rows], space.right[cols]
    cos = np.asarray(left.multiply(right).sum(axis=1), np.float64).ravel()
    near_r, near_c = near
    between = cos / ((near_r[rows] + near_c[cols]) / 2.0)
    good = between >= BETWEEN_MARGIN
    gap = gap[good]
    extra = _Links(
        gap.doc_a, gap.doc_b, gap.sent_a + 1, gap.sent_b + 1,
        between[good], cos[good], gap.kind,
    )  # fmt: skip
    return _distinct(_joined(links, extra))


_Found = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _every_pair(space: SentenceSpace, how: Products) -> _Found:
    """Every sentence with every sentence of the other documents: the kept (row, col,
    cosine), and the rows' and the columns' best cosines."""
    if space.one_language:  # symmetric: a column's neighbours are its row's
        r, c, cos, top_r = half_pairs(space, how)
        return r, c, cos, top_r, top_r
    rows = replace(how, job=how.job.subjob(space.left.shape[0]))
    r, c, cos, top_r = similar_pairs(space, rows)
    cols = replace(how, job=how.job.subjob(space.right.shape[0]), min_margin=np.inf)
    return r, c, cos, top_r, similar_pairs(space.flipped(), cols)[3]


def _blocked(space: SentenceSpace, documents: int, how: Products, ready: Job) -> _Found:
    """:func:`_every_pair` in a large folder: each document's sentences meet its
    candidates' and the reference sample's (``ready`` is told when they are found)."""
    pairs = candidate_documents(space, documents, how.job.progress, how.threads)
    ready.advance(1)
    ready.check()
    if space.one_language:
        r, c, cos, top_r = blocked_pairs(space, pairs, documents, how)
        return r, c, cos, top_r, top_r
    rows = replace(how, job=how.job.subjob(space.left.shape[0]))
    r, c, cos, top_r = blocked_pairs(space, pairs, documents, rows)
    # the columns' closeness only: no link is kept
    flipped = np.sort((pairs % documents) * documents + pairs // documents)
    cols = replace(how, job=how.job.subjob(space.right.shape[0]), min_margin=np.inf)
    return r, c, cos, top_r, blocked_pairs(space.flipped(), flipped, documents, cols)[3]


def _both_ways(links: _Links) -> _Links:
    """Every link in both orientations (a same-language link is found twice)."""
    cat = np.concatenate
    return _Links(
        cat([links.doc_a, links.doc_b]),
        cat([links.doc_b, links.doc_a]),
        cat([links.sent_a, links.sent_b]),
        cat([links.sent_b, links.sent_a]),
        cat([links.margin, links.margin]),
        cat([links.cosine, links.cosine]),
        cat([links.kind, links.kind]),
    )


def _one_way(links: _Links, found_twice: bool) -> _Links:
    """Each link for documents ``doc_a < doc_b``; ``found_twice``: each pair was found
    from both sides (every pair within a language), and is kept from one."""
    if found_twice:
        links = links[links.doc_a < links.doc_b]
    swap = links.doc_a > links.doc_b
    da, db, sa, sb = links.doc_a, links.doc_b, links.sent_a, links.sent_b
    return _Links(
        np.where(swap, db, da),
        np.where(swap, da, db),
        np.where(swap, sb, sa),
        np.where(swap, sa, sb),
        links.margin,
        links.cosine,
        links.kind,
    )


def _distinct(links: _Links) -> _Links:
    """Each link once, at its larger cosine (in a large folder a same-language link is
    found from one of its sentences or both), in order of documents and sentences;
    margins and cosines as float64."""
    order = np.lexsort((-links.cosine, links.sent_b, links.sent_a, links.doc_b, links.doc_a))
    links = links[order]
    da, db, sa, sb = links.doc_a, links.doc_b, links.sent_a, links.sent_b
    first = np.ones(len(da), bool)
    first[1:] = (
        (da[1:] != da[:-1]) | (db[1:] != db[:-1]) | (sa[1:] != sa[:-1]) | (sb[1:] != sb[:-1])
    )
    links = links[first]
    return replace(
        links, margin=links.margin.astype(np.float64), cosine=links.cosine.astype(np.float64)
    )


class _Places:
    """Looks up whether a pair of documents has a link ``step`` sentences further on
    both sides than each of ``links``."""

    def __init__(self, links: _Links) -> None:
        pairs = links.doc_a.astype(np.int64) * (int(links.doc_b.max()) + 1) + links.doc_b
        self.rank = np.unique(pairs, return_inverse=True)[1].ravel().astype(np.int64)
        self.a, self.b = links.sent_a.astype(np.int64), links.sent_b.astype(np.int64)
        self.size = int(max(self.a.max(), self.b.max())) + 3  # room for two steps on
        self.keys = np.sort(self._keys(0))

    def _keys(self, step: int) -> np.ndarray:
        return (self.rank * self.size + self.a + step) * self.size + self.b + step

    def holds(self, step: int) -> np.ndarray:
        keys = self._keys(step)
        at = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return self.keys[at] == keys


def _space_rows(
    space: SentenceSpace, doc_a: np.ndarray, sent_a: np.ndarray, doc_b: np.ndarray,
    sent_b: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """The rows of ``space.left`` and ``space.right`` holding sentences ``(doc_a,
    sent_a)`` and ``(doc_b, sent_b)``, in whichever orientation the space holds them
    (across languages a link's first sentence may be a column); -1 where a sentence is
    not in the space (another language)."""
    left = _Rows(space.row_doc, space.row_local)
    right = left if space.one_language else _Rows(space.col_doc, space.col_local)
    rows, cols = left.find(doc_a, sent_a), right.find(doc_b, sent_b)
    if not space.one_language:
        flipped_rows, flipped_cols = left.find(doc_b, sent_b), right.find(doc_a, sent_a)
        swap = (rows < 0) | (cols < 0)
        rows = np.where(swap, flipped_rows, rows)
        cols = np.where(swap, flipped_cols, cols)
    return rows, cols


class _Rows:
    """Finds the row of a (document, place) among a space side's sentences."""

    def __init__(self, docs: np.ndarray, places: np.ndarray) -> None:
        keys = docs.astype(np.int64) << 20 | places.astype(np.int64)
        self.order = np.argsort(keys, kind="stable")
        self.keys = keys[self.order]

    def find(self, docs: np.ndarray, places: np.ndarray) -> np.ndarray:
        keys = docs.astype(np.int64) << 20 | places.astype(np.int64)
        if not len(self.keys):
            return np.full(len(keys), -1, np.int64)
        at = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return np.where(self.keys[at] == keys, self.order[at], -1)


def _joined(x: _Links, y: _Links) -> _Links:
    """The links of ``x`` and of ``y``."""
    return _Links(*(np.concatenate([getattr(x, f.name), getattr(y, f.name)]) for f in fields(x)))


def _empty_links() -> _Links:
    z = np.zeros(0, np.int64)
    return _Links(z, z, z, z, np.zeros(0), np.zeros(0), np.zeros(0, np.int8))


def needs_glosses(sents: list[Sentences], min_sentences: int) -> bool:
    """Whether a translated passage is possible at all: one document has
    ``min_sentences`` English sentences and another as many Chinese ones.

    >>> from simhash_core.text.sentences import sentences_of
    >>> en = sentences_of("One two three four five six. Seven eight nine ten eleven twelve.")
    >>> zh = sentences_of("第一句话就在这里吧。第二句话也在这里吧。")
    >>> needs_glosses([en, zh], 2), needs_glosses([en, zh], 3), needs_glosses([en, en], 2)
    (True, False, False)
    """
    english = {
        i for i, x in enumerate(sents) if np.count_nonzero(x.lang == ENGLISH) >= min_sentences
    }
    chinese = {
        i for i, x in enumerate(sents) if np.count_nonzero(x.lang == CHINESE) >= min_sentences
    }
    return bool(english) and bool(chinese) and len(english | chinese) > 1


def meaning_pairs(
    sents: list[Sentences],
    *,
    reworded: bool = True,
    translated: bool = True,
    min_margin: float = 1.0,
    allowed: Callable[[int, int], bool] | None = None,
    progress: Progress | None = None,
    share: tuple[float, float] = (0.0, 1.0),
    threads: int = 1,
    min_links: int = 1,
    same: SameText | None = None,
    assignment: Sequence[Sentences] = (),
) -> dict[tuple[int, int], PairMeaning]:
    """Sentences matched by meaning between documents, per pair ``(i, j)``, ``i < j``.

    Links weaker than ``min_margin`` are left out; a pair with fewer than ``min_links``
    links (in one layer) is absent.
    ``progress`` is told how far the products are, as the ``share`` of its stage.
    ``threads``: sentence products multiplied at once (the same links whatever it is).

    Documents with the same text (``same``, the comparison's
    :class:`~simhash_core.compare.same_text.SameText`; a file handed in many times) are
    compared once below :data:`~.blocking.BLOCKING_FROM` documents: one of them stands
    for all, its sentences counted once per copy in the IDF and among each sentence's
    neighbours, so every pair gets the links it would get from its own products.
    Without ``same`` each document is compared on its own.

    ``assignment``: the sentences of the assignment text (the template), compared with
    the folder's like another document's. A student's sentence matched with one of
    them says what the assignment says, in the student's words or language (a prompt
    restated, the set passage translated): it is matched with no other student's, as
    the assignment's own words are left out of the word-for-word comparison.
    """
    same = same if same is not None else SameText.each_alone(len(sents))
    labels, reps = same.labels, same.first
    copies = _copies(labels, reps)
    if copies is not None:
        sents = [sents[r] for r in reps]
    students = len(sents)
    if assignment:
        sents = [*sents, *assignment]
        if copies is not None:  # the assignment's sentences count once each
            copies = np.concatenate([copies, np.ones(len(assignment), np.int64)])
    specs = _specs(sents, reworded, translated)
    rows = {lang: sum(int(np.count_nonzero(x.lang == lang)) for x in sents) for lang in LANGS}
    job = Job(progress or Progress(), sum(spec.units(rows) for spec in specs), share)
    how = Products(job, threads, min_margin, copies)
    parts = [
        _links_of_space(
            sents, spec, replace(how, job=job.subjob(spec.units(rows))), is_large(students)
        )
        for spec in specs
    ]
    if assignment:
        parts = without_assignment(parts, students)
    if copies is None:
        return _pair_meanings(parts, min_links, allowed)
    # per ordered pair of contents, then for each pair of documents holding them
    return _each_copy(_pair_meanings(parts, min_links, None), labels, len(reps), allowed)


LANGS = (CHINESE, ENGLISH)


def without_assignment(parts: list[_Links], students: int) -> list[_Links]:
    """Each space's links between the first ``students`` documents (the rest are the
    assignment text's), without those of a sentence matched with the assignment's in
    any space: what the assignment says is no one's own.

    Document 2 is the assignment below: sentence 7 of document 1 says what its
    sentence 1 says, so its link with sentence 4 of document 0 goes too.

    >>> z = np.zeros(4)
    >>> part = _Links(np.array([0, 0, 1, 0]), np.array([1, 2, 2, 1]),
    ...               np.array([4, 5, 7, 9]), np.array([7, 0, 1, 3]), z, z, np.zeros(4, np.int8))
    >>> kept = without_assignment([part], 2)[0]
    >>> list(zip(kept.sent_a.tolist(), kept.sent_b.tolist()))
    [(9, 3)]
    >>> len(without_assignment([part], 3)[0].doc_a)  # no assignment: every link kept
    4
    """
    told = np.unique(
        np.concatenate(
            [_said(part.doc_a, part.sent_a, part.doc_b >= students) for part in parts]
            + [_said(part.doc_b, part.sent_b, part.doc_a >= students) for part in parts]
        )
    )
    out = []
    for part in parts:
        keep = (part.doc_a < students) & (part.doc_b < students)
        keep &= ~np.isin(_said(part.doc_a, part.sent_a), told)
        keep &= ~np.isin(_said(part.doc_b, part.sent_b), told)
        out.append(part[keep])
    return out


def _said(doc: np.ndarray, sent: np.ndarray, where: np.ndarray | None = None) -> np.ndarray:
    """One int64 key per (document, sentence), of those ``where`` is true."""
    keys = (doc.astype(np.int64) << 32) | sent.astype(np.int64)
    return keys if where is None else keys[where]


def _copies(labels: np.ndarray, reps: list[int]) -> np.ndarray | None:
    """How many documents each content stands for, if some are handed in more than once
    in a folder compared sentence by sentence (None: each document compared itself)."""
    if len(reps) < len(labels) and not is_large(len(labels)):
        return np.bincount(labels).astype(np.int64)
    return None


def _specs(sents: list[Sentences], reworded: bool, translated: bool) -> list[_Spec]:
    """The spaces compared: each language with itself (``reworded``), Chinese with
    English (``translated``, if the caller glossed the sentences)."""
    specs = list(REWORDED_SPACES) if reworded else []
    if translated and all(x.glossed for x in sents):
        specs.append(TRANSLATED_SPACE)
    return specs


def _each_copy(
    found: dict[tuple[int, int], PairMeaning],
    labels: np.ndarray,
    contents: int,
    allowed: Callable[[int, int], bool] | None,
) -> dict[tuple[int, int], PairMeaning]:
    """What was found per ordered pair of contents, for each pair of documents ``x <
    y`` holding them (``labels``: each document's content)."""
    members: list[list[int]] = [[] for _ in range(contents)]
    for d, label in enumerate(labels.tolist()):
        members[label].append(d)
    out: dict[tuple[int, int], PairMeaning] = {}
    for (p, q), meaning in found.items():
        for x in members[p]:
            for y in members[q]:
                if x < y and (allowed is None or allowed(x, y)):
                    out[(x, y)] = meaning
    return dict(sorted(out.items()))


def _pair_meanings(
    parts: list[_Links], min_links: int, allowed: Callable[[int, int], bool] | None
) -> dict[tuple[int, int], PairMeaning]:
    """Each pair's links (from every part, in order) chained into runs."""
    out: dict[tuple[int, int], PairMeaning] = {}
    for part in parts:
        if len(part.doc_a) == 0:
            continue
        order = np.lexsort((part.sent_b, part.sent_a, part.doc_b, part.doc_a))
        keys = np.stack([part.doc_a[order], part.doc_b[order]], axis=1)
        cut = np.flatnonzero(np.any(keys[1:] != keys[:-1], axis=1)) + 1
        bounds = np.concatenate([[0], cut, [len(order)]])
        enough = np.flatnonzero(np.diff(bounds) >= min_links)
        kind = TRANSLATED if part.kind[0] else REWORDED
        links = _sentence_links(part, order)
        pair_a, pair_b = part.doc_a[order].tolist(), part.doc_b[order].tolist()
        for lo, hi in zip(bounds[enough].tolist(), bounds[enough + 1].tolist(), strict=True):
            i, j = pair_a[lo], pair_b[lo]
            if allowed is not None and not allowed(i, j):
                continue
            group = links[lo:hi]
            runs = chain_runs(group, kind)
            found = PairMeaning(tuple(runs), round(chain_strength(group), 4))
            if (i, j) in out:  # a mixed-language pair: both layers
                old = out[(i, j)]
                found = PairMeaning(
                    tuple(sorted([*old.runs, *found.runs], key=lambda r: -r.sentences)),
                    max(old.strength, found.strength),
                )
            out[(i, j)] = found
    return out


def _sentence_links(part: _Links, order: np.ndarray) -> list[SentenceLink]:
    """The links of ``part`` in ``order``, margins and cosines rounded to 4 places."""
    return [
        SentenceLink(a, b, round(m, 4), round(c, 4))
        for a, b, m, c in zip(
            part.sent_a[order].tolist(),
            part.sent_b[order].tolist(),
            part.margin[order].tolist(),
            part.cosine[order].tolist(),
            strict=True,
        )
    ]
