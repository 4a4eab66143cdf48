"""Links: the folder's matched sentences, per pair of documents.

Each sentence space (a language with itself, Chinese with English) gives its links:
sentence pairs of different documents whose margin reaches the threshold. Documents
with the same sentences are compared once. Each pair's links are chained into runs
(:mod:`.runs`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np

from simhash_core.compare.meaning.blocking import blocked_pairs, candidate_documents, is_large
from simhash_core.compare.meaning.products import Steps, neighbour_closeness, similar_pairs
from simhash_core.compare.meaning.runs import (
    REWORDED,
    TRANSLATED,
    PairMeaning,
    SentenceLink,
    chain_runs,
    chain_strength,
)
from simhash_core.compare.meaning.tfidf import sentence_space
from simhash_core.memory import give_back_free_memory
from simhash_core.progress import Progress
from simhash_core.text.sentences import CHINESE, ENGLISH, Sentences


@dataclass(frozen=True)
class _Links:
    """Matched sentences of the whole folder, as parallel arrays."""

    doc_a: np.ndarray
    doc_b: np.ndarray
    sent_a: np.ndarray
    sent_b: np.ndarray
    margin: np.ndarray
    cosine: np.ndarray
    kind: np.ndarray  # 0 reworded, 1 translated


def _links_of_space(
    sents: list[Sentences],
    field: str,
    row_lang: int,
    col_lang: int,
    kind: int,
    min_margin: float,
    progress: Progress,
    steps: Steps | None = None,
    threads: int = 1,
    copies: np.ndarray | None = None,
) -> _Links:
    """The links of one space (a language with itself, or Chinese with English), each
    once, for documents ``doc_a < doc_b``. With ``copies`` (the documents stand for
    that many identical ones, see :func:`meaning_pairs`), every link comes in both
    orientations instead, documents in any order: pairs of copies take it from either
    side."""
    space = sentence_space(sents, field, row_lang, col_lang, copies)
    give_back_free_memory()  # the slices' buffers: the products need the room
    if space is None:
        return _empty_links()
    left, right, row_doc, row_local, col_doc, col_local = space
    blocked = is_large(len(sents))
    if blocked and copies is not None:
        raise ValueError("documents standing for copies are compared in a small folder only")
    if blocked:  # each document meets its candidates only
        n = len(sents)
        pairs = candidate_documents(left, right, row_doc, col_doc, n, progress)
        r, c, cos, top_r = blocked_pairs(
            left, right, row_doc, col_doc, pairs, n, progress, steps, threads, min_margin
        )
        if row_lang == col_lang:
            top_c = top_r
        else:  # the columns' closeness only: no link is kept
            flipped = np.sort((pairs % n) * n + pairs // n)
            top_c = blocked_pairs(
                right, left, col_doc, row_doc, flipped, n, progress, steps, threads, np.inf
            )[3]
    else:
        r, c, cos, top_r = similar_pairs(
            left,
            right,
            row_doc,
            col_doc,
            progress,
            steps,
            threads,
            min_margin=min_margin,
            copies=copies,
        )
        if row_lang == col_lang:  # symmetric: a column's neighbours are its row's
            top_c = top_r
        else:
            top_c = similar_pairs(
                right,
                left,
                col_doc,
                row_doc,
                progress,
                steps,
                threads,
                min_margin=np.inf,
                copies=copies,
            )[3]
    near_r, near_c = neighbour_closeness(top_r), neighbour_closeness(top_c)
    margin = cos / ((near_r[r] + near_c[c]) / 2.0)
    good = margin >= min_margin
    r, c, cos, margin = r[good], c[good], cos[good], margin[good]
    da, db = row_doc[r], col_doc[c]
    sa, sb = row_local[r], col_local[c]
    if copies is not None:  # both orientations (a same-language link is found twice)
        cat = np.concatenate
        da, db, sa, sb = cat([da, db]), cat([db, da]), cat([sa, sb]), cat([sb, sa])
        cos, margin = cat([cos, cos]), cat([margin, margin])
    else:
        if row_lang == col_lang and not blocked:  # each pair was found from both sides
            keep = da < db
            da, db, sa, sb, cos, margin = (x[keep] for x in (da, db, sa, sb, cos, margin))
        swap = da > db
        da, db = np.where(swap, db, da), np.where(swap, da, db)
        sa, sb = np.where(swap, sb, sa), np.where(swap, sa, sb)
    # in a large folder a same-language link is found from one of its sentences or
    # both: each is kept once, at its larger cosine
    order = np.lexsort((-cos, sb, sa, db, da))
    da, db, sa, sb, cos, margin = (x[order] for x in (da, db, sa, sb, cos, margin))
    first = np.ones(len(da), bool)
    first[1:] = (
        (da[1:] != da[:-1]) | (db[1:] != db[:-1]) | (sa[1:] != sa[:-1]) | (sb[1:] != sb[:-1])
    )
    return _Links(
        da[first],
        db[first],
        sa[first],
        sb[first],
        margin[first].astype(np.float64),
        cos[first].astype(np.float64),
        np.full(int(first.sum()), kind, np.int8),
    )


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
    by_content: bool = True,
) -> dict[tuple[int, int], PairMeaning]:
    """Sentences matched by meaning between documents, per pair ``(i, j)``, ``i < j``.

    Links weaker than ``min_margin`` are left out; a pair with fewer than ``min_links``
    links (in one layer) is absent.
    ``progress`` is told how far the products are, as the ``share`` of its stage.
    ``threads``: sentence products multiplied at once (the same links whatever it is).

    Documents with the same sentences (a file handed in many times) are compared once
    (``by_content``, below :data:`BLOCKING_FROM` documents): one of them stands for all,
    its sentences counted once per copy in the IDF and among each sentence's
    neighbours, so every pair gets the links it would get from its own products.
    """
    progress = progress or Progress()
    labels, reps = _same_sentences(sents)
    copies = None
    if by_content and len(reps) < len(sents) and not is_large(len(sents)):
        copies = np.bincount(labels).astype(np.int64)
        sents = [sents[r] for r in reps]
    zh = sum(int(np.count_nonzero(x.lang == CHINESE)) for x in sents)
    en = sum(int(np.count_nonzero(x.lang == ENGLISH)) for x in sents)
    cross = translated and all(x.glossed for x in sents)  # the caller glossed them if needed
    steps = Steps(progress, (zh + en if reworded else 0) + (zh + en if cross else 0), share)
    parts = []
    space = partial(
        _links_of_space,
        min_margin=min_margin,
        progress=progress,
        steps=steps,
        threads=threads,
        copies=copies,
    )
    if reworded:
        for lang in (CHINESE, ENGLISH):
            parts.append(space(sents, "word", lang, lang, 0))
    if cross:
        parts.append(space(sents, "gloss", CHINESE, ENGLISH, 1))
    if copies is None:
        return _pair_meanings(parts, min_links, allowed)
    # per ordered pair of contents, then for each pair of documents holding them
    found = _pair_meanings(parts, min_links, None)
    members: list[list[int]] = [[] for _ in reps]
    for d, label in enumerate(labels.tolist()):
        members[label].append(d)
    out: dict[tuple[int, int], PairMeaning] = {}
    for (p, q), meaning in found.items():
        for x in members[p]:
            for y in members[q]:
                if x < y and (allowed is None or allowed(x, y)):
                    out[(x, y)] = meaning
    return dict(sorted(out.items()))


def _same_sentences(sents: list[Sentences]) -> tuple[np.ndarray, list[int]]:
    """Documents grouped by their sentences' languages and terms (what the links are
    made of): each document's group, and the first document of each group."""
    labels = np.empty(len(sents), np.int64)
    first: dict[bytes, int] = {}
    reps: list[int] = []
    for d, x in enumerate(sents):
        h = hashlib.blake2b(digest_size=16)
        for a in (x.lang, x.word_ptr, x.word_ids, x.gloss_ptr, x.gloss_ids):
            h.update(len(a).to_bytes(8, "little"))
            h.update(np.ascontiguousarray(a).tobytes())
        label = first.setdefault(h.digest(), len(reps))
        if label == len(reps):
            reps.append(d)
        labels[d] = label
    return labels, reps


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
        for group in (order[bounds[g] : bounds[g + 1]] for g in enough.tolist()):
            i, j = int(part.doc_a[group[0]]), int(part.doc_b[group[0]])
            if allowed is not None and not allowed(i, j):
                continue
            links = [
                SentenceLink(int(a), int(b), round(float(m), 4), round(float(c), 4))
                for a, b, m, c in zip(
                    part.sent_a[group],
                    part.sent_b[group],
                    part.margin[group],
                    part.cosine[group],
                    strict=True,
                )
            ]
            kind = TRANSLATED if part.kind[group[0]] else REWORDED
            runs = chain_runs(links, kind)
            found = PairMeaning(tuple(runs), round(chain_strength(links), 4))
            if (i, j) in out:  # a mixed-language pair: both layers
                old = out[(i, j)]
                found = PairMeaning(
                    tuple(sorted([*old.runs, *found.runs], key=lambda r: -r.sentences)),
                    max(old.strength, found.strength),
                )
            out[(i, j)] = found
    return out
