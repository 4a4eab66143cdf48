"""What a teacher leaves out of a scan, and the scan judged again without it.

Four kinds of :class:`Exclusion`, each keyed by contents so that it holds for a
re-scan, a renamed file or a fresh download of the same files:

* **a passage of one pair** (:func:`passage_exclusion`): the pair's key (the two
  submissions' content hashes, as a :class:`~.decisions.Decision`'s) and the
  passage's characters in each document's text, with a digest of those characters
  (offsets that no longer hold that text are not applied: :attr:`Applied.unmatched`);
* **a source document** (:func:`source_exclusion`): its content hash; every pair with
  it is left out;
* **a passage as the assignment text** (:func:`template_exclusion`): its text joins
  the folder's template; every document holding it is analysed again from its text
  (no file is read) and every pair that could change is judged again;
* **matches shorter than N words** (:func:`min_words_exclusion`): word-for-word
  passages shorter than that are not counted (as Turnitin's "exclude small matches").

:func:`apply_exclusions` gives the scan with them: the similarity, the flag, the
reasons, the directions, the groups and the matrix, each pair's as the same
comparison would give it. What recomputes what:

==========================  ======================================================
exclusion                   recomputed
==========================  ======================================================
passage of a pair           that pair's (and its same-content twins') runs filtered
                            and measured and judged again
source document             nothing measured: its pairs leave the report
min words                   every reported pair with passages: its runs filtered,
                            measured and judged again
assignment text             the documents holding that text analysed again; the
                            common text, shared counts and fingerprints' distances
                            counted again (cheap); the meaning layer run again; only
                            the pairs with such a document (or whose meaning changed)
                            aligned and judged again. If the class-wide common text
                            changes (or IDF is the folder's), the whole comparison
                            runs again (exact either way)
==========================  ======================================================

Then directions, groups and the matrix are made again from the pairs (cheap). Pairs
only lose text to a passage, source or min-words exclusion, so those never bring in
a pair the scan did not report; the assignment text can (a document's share grows
when the prompt leaves its denominator), and that stage measures every candidate
pair of the documents it changed.

The result keeps the scan without exclusions (:attr:`Applied.base`), so exclusions
can be changed and applied again, and what the last application of the assignment
text made (applying a passage exclusion after it does not analyse anything again).
Exclusions change what is reported, never the fingerprints in the cache.

>>> e = Exclusions().adding(min_words_exclusion(8)).adding(min_words_exclusion(12))
>>> e.min_words, len(e)
(12.0, 1)
>>> Exclusions.from_json(e.to_json()) == e
True
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

import numpy as np

from simhash_core.compare.comparison import (
    MEANING_SHARE,
    Restriction,
    compare_documents,
    finish_pairs,
    judging_from,
    meaning_links,
    meta_evidence,
    pair_matrix,
    shared_and_sizes,
)
from simhash_core.compare.corpus import Corpus
from simhash_core.compare.meaning import (
    NOTHING_FOUND,
    MeaningFound,
    judge_meaning,
    sentence_share,
)
from simhash_core.compare.pair_score import copy_pair, judge_pair, measure_matches
from simhash_core.compare.passages import UnitMatch
from simhash_core.compare.shared_text import shared_text_shingles
from simhash_core.compare.steps import (
    Views,
    candidates,
    enough_shared,
    judge,
    measure,
    order,
    pair_kinds,
    shared_of,
)
from simhash_core.fingerprint.analyze import analyze_text, text_shingles, with_analysis
from simhash_core.fingerprint.weights import reweighted
from simhash_core.hashing import sorted_unique
from simhash_core.progress import Progress
from simhash_core.review.decisions import PairKey, now, pair_key, submission_key, user_name
from simhash_core.text.units import comparable_units
from simhash_core.types import (
    DENSE_MATRIX_LIMIT,
    Document,
    PairScore,
    Passage,
    PassageKind,
    ScanResult,
)

Span = tuple[int, int]
Pair = tuple[int, int]


class ExclusionKind(Enum):
    """What an exclusion leaves out."""

    PASSAGE = "passage"  # one passage of one pair
    SOURCE = "source"  # a document, from every pair
    TEMPLATE = "template"  # a passage's text, as the assignment text
    MIN_WORDS = "min-words"  # word-for-word matches shorter than N words


# what each reads as, in English (the app and the reports translate them)
KIND_WORDS = {
    ExclusionKind.PASSAGE: "Passage excluded",
    ExclusionKind.SOURCE: "Source excluded",
    ExclusionKind.TEMPLATE: "Treated as the assignment text",
    ExclusionKind.MIN_WORDS: "Matches shorter than N words excluded",
}


@dataclass(frozen=True)
class Exclusion:
    """One exclusion (see the module docstring); the fields its kind uses are set."""

    kind: ExclusionKind
    # PASSAGE: the pair's two contents (smaller first), and the passage's characters
    # in the text of the document of pair[0], then of pair[1]; with a digest of them
    pair: PairKey = ("", "")
    spans: tuple[Span, Span] = ((0, 0), (0, 0))
    digest: str = ""
    source: str = ""  # SOURCE: the document's content hash
    text: str = ""  # TEMPLATE: the text
    words: float = 0.0  # MIN_WORDS: the shortest match counted, in words
    label: str = ""  # what a teacher reads: the document's name, the passage's start
    note: str = ""
    by: str = ""  # who excluded it (the OS user name by default)
    at: str = ""  # when, ISO 8601 UTC

    @property
    def target(self) -> tuple[Any, ...]:
        """What it excludes: two exclusions with one target are one (the later kept)."""
        if self.kind is ExclusionKind.PASSAGE:
            return (self.kind.value, self.pair, self.spans)
        if self.kind is ExclusionKind.SOURCE:
            return (self.kind.value, self.source)
        if self.kind is ExclusionKind.TEMPLATE:
            return (self.kind.value, self.text)
        return (self.kind.value,)  # one min-words rule

    def signed(self, by: str | None = None, at: str | None = None) -> Exclusion:
        """This exclusion made now, by ``by`` (the OS user when not given)."""
        return replace(self, by=user_name() if by is None else by, at=now() if at is None else at)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.kind is ExclusionKind.PASSAGE:
            out.update(pair=list(self.pair), spans=[list(s) for s in self.spans])
            out["digest"] = self.digest
        elif self.kind is ExclusionKind.SOURCE:
            out["source"] = self.source
        elif self.kind is ExclusionKind.TEMPLATE:
            out["text"] = self.text
        else:
            out["words"] = self.words
        out.update(label=self.label, note=self.note, by=self.by, at=self.at)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Exclusion:
        """An exclusion from :meth:`to_json`'s form; ``ValueError`` if it is not one."""
        try:
            kind = ExclusionKind(data["kind"])
            signed = cls(
                kind,
                label=str(data.get("label") or ""),
                note=str(data.get("note") or ""),
                by=str(data.get("by") or ""),
                at=str(data.get("at") or ""),
            )
            if kind is ExclusionKind.PASSAGE:
                one, two = (str(x) for x in data["pair"])
                (s0, e0), (s1, e1) = ((int(a), int(b)) for a, b in data["spans"])
                if not (0 <= s0 <= e0 and 0 <= s1 <= e1):
                    raise ValueError("bad spans")
                digest = str(data.get("digest") or "")
                return replace(signed, pair=(one, two), spans=((s0, e0), (s1, e1)), digest=digest)
            if kind is ExclusionKind.SOURCE:
                return replace(signed, source=str(data["source"]))
            if kind is ExclusionKind.TEMPLATE:
                text = str(data["text"])
                if not text.strip():
                    raise ValueError("no text")
                return replace(signed, text=text)
            words = float(data["words"])
            if not words > 0:
                raise ValueError("words must be above 0")
            return replace(signed, words=words)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not an exclusion: {dict(data)!r:.200}") from exc


def _digest(*texts: str) -> str:
    h = hashlib.blake2b(digest_size=12)
    for t in texts:
        h.update(t.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def _excerpt(text: str, limit: int = 40) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def passage_exclusion(result: ScanResult, a: int, b: int, passage: Passage) -> Exclusion:
    """Leave ``passage`` of documents ``a`` and ``b`` out of their pair; ``a_*`` of
    the passage are in ``a``'s text (as :class:`~.evidence.PairEvidence` orients it).
    Unsigned: :meth:`Exclusion.signed` it."""
    one, two = result.documents[a], result.documents[b]
    span_a, span_b = (passage.a_start, passage.a_end), (passage.b_start, passage.b_end)
    key = submission_key(one, two)
    if one.file_key != key[0]:
        span_a, span_b, one, two = span_b, span_a, two, one
    return Exclusion(
        ExclusionKind.PASSAGE,
        pair=key,
        spans=(span_a, span_b),
        digest=_digest(one.text[slice(*span_a)], two.text[slice(*span_b)]),
        label=_excerpt(one.text[slice(*span_a)]),
    )


def source_exclusion(result: ScanResult, i: int) -> Exclusion:
    """Leave document ``i`` out of every pair (unsigned)."""
    d = result.documents[i]
    return Exclusion(ExclusionKind.SOURCE, source=d.file_key, label=d.label)


def template_exclusion(text: str) -> Exclusion:
    """Treat ``text`` as the assignment text (unsigned); ``ValueError`` if it is blank."""
    if not text.strip():
        raise ValueError("the assignment text is empty")
    return Exclusion(ExclusionKind.TEMPLATE, text=text, label=_excerpt(text))


def template_passage_exclusion(result: ScanResult, i: int, start: int, end: int) -> Exclusion:
    """Treat characters ``[start, end)`` of document ``i``'s text as the assignment
    text (unsigned)."""
    return template_exclusion(result.documents[i].text[start:end])


def min_words_exclusion(words: float) -> Exclusion:
    """Leave out word-for-word matches shorter than ``words`` words (2 Chinese
    characters count as 1), unsigned; ``ValueError`` unless above 0."""
    if not words > 0:
        raise ValueError("the shortest match must be above 0 words")
    return Exclusion(ExclusionKind.MIN_WORDS, words=float(words), label=f"{words:g}")


@dataclass(frozen=True)
class Exclusions:
    """The exclusions a scan is reported with: at most one per target, in one order
    (the same exclusions always apply alike)."""

    items: tuple[Exclusion, ...] = ()

    def __post_init__(self) -> None:
        by_target: dict[tuple[Any, ...], Exclusion] = {}
        for e in self.items:
            by_target[e.target] = e
        ordered = tuple(sorted(by_target.values(), key=lambda e: repr(e.target)))
        object.__setattr__(self, "items", ordered)

    @classmethod
    def of(cls, items: Iterable[Exclusion]) -> Exclusions:
        return cls(tuple(items))

    def adding(self, e: Exclusion) -> Exclusions:
        """These and ``e`` (replacing one with its target)."""
        return Exclusions((*self.items, e))

    def removing(self, e: Exclusion) -> Exclusions:
        """These without the one with ``e``'s target."""
        return Exclusions(tuple(x for x in self.items if x.target != e.target))

    def __iter__(self) -> Iterator[Exclusion]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def of_kind(self, kind: ExclusionKind) -> tuple[Exclusion, ...]:
        return tuple(e for e in self.items if e.kind is kind)

    @property
    def min_words(self) -> float | None:
        found = self.of_kind(ExclusionKind.MIN_WORDS)
        return found[0].words if found else None

    @property
    def template_texts(self) -> tuple[str, ...]:
        return tuple(sorted(e.text for e in self.of_kind(ExclusionKind.TEMPLATE)))

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.items]

    @classmethod
    def from_json(cls, data: Iterable[Mapping[str, Any]]) -> Exclusions:
        return cls(tuple(Exclusion.from_json(x) for x in data))


@dataclass(frozen=True, eq=False)
class Applied:
    """What :func:`apply_exclusions` did (``ScanResult.exclusions``)."""

    exclusions: Exclusions
    base: ScanResult  # the scan without exclusions
    # reported pairs whose scores an exclusion changed, keyed (a, b) as in the pairs
    changed: Mapping[Pair, tuple[Exclusion, ...]] = field(default_factory=dict)
    # pairs of the scan without exclusions no longer reported, and what removed them
    removed: Mapping[Pair, tuple[Exclusion, ...]] = field(default_factory=dict)
    # exclusions that found nothing to exclude here (their pair, document or text is
    # not in this scan, or a passage's offsets no longer hold its text): kept, shown
    unmatched: tuple[Exclusion, ...] = ()
    documents: tuple[int, ...] = ()  # documents analysed again (the assignment text)
    timings: Mapping[str, float] = field(default_factory=dict)
    # what this application did: "pairs measured" (aligned and judged again; -1: the
    # whole comparison ran again) by the assignment text and by the other exclusions
    counts: Mapping[str, int] = field(default_factory=dict)
    # the scan with the assignment text applied alone, and that text (reused while it
    # is the same)
    templated: ScanResult | None = field(default=None, repr=False)
    templated_texts: tuple[str, ...] = ()

    def of_pair(self, a: int, b: int) -> tuple[Exclusion, ...]:
        """The exclusions that changed or removed the pair of documents ``a`` and ``b``."""
        key = (min(a, b), max(a, b))
        for table in (self.changed, self.removed):
            for (x, y), found in table.items():
                if (min(x, y), max(x, y)) == key:
                    return found
        return ()


def exclusions_of(result: ScanResult, a: int, b: int) -> tuple[Exclusion, ...]:
    """The exclusions that changed documents ``a`` and ``b``'s pair in ``result``."""
    applied = result.exclusions
    return applied.of_pair(a, b) if isinstance(applied, Applied) else ()


def base_of(result: ScanResult) -> ScanResult:
    """``result`` without its exclusions (itself, when it has none)."""
    applied = result.exclusions
    return applied.base if isinstance(applied, Applied) else result


def highest_similarity(result: ScanResult) -> list[float]:
    """Each document's highest similarity with another (0 when it has no reported
    pair): a student's index, as the exclusions leave it."""
    best = [0.0] * len(result.documents)
    for p in result.pairs:
        best[p.a] = max(best[p.a], p.similarity)
        best[p.b] = max(best[p.b], p.similarity)
    return best


def apply_exclusions(
    result: ScanResult, exclusions: Exclusions, progress: Progress | None = None
) -> ScanResult:
    """``result`` judged again with ``exclusions`` (see the module docstring): the same
    documents, errors and decisions; the pairs, groups, matrix, corpus and (after an
    assignment text) the documents' analyses as the exclusions leave them; and
    ``exclusions`` an :class:`Applied` saying what was excluded, by whom, and what it
    changed. ``result`` may be a scan or an earlier application (its scan is used).
    Safe to call in a worker thread: nothing of ``result`` is changed."""
    progress = progress or Progress()
    previous = result.exclusions if isinstance(result.exclusions, Applied) else None
    base = base_of(result)
    if not exclusions:
        return replace(base, decisions=result.decisions, exclusions=None)
    if base.corpus is None or base.comparison_cancelled:
        raise ValueError("the scan has no comparison to apply exclusions to")
    timings: dict[str, float] = {}
    counts: dict[str, int] = {"assignment text: pairs measured": 0}
    texts = exclusions.template_texts
    unmatched: list[Exclusion] = []
    t0 = time.perf_counter()
    redone: tuple[int, ...] = ()
    if not texts:
        templated = base
    elif (
        previous is not None
        and previous.templated is not None
        and (previous.templated_texts == texts)
    ):
        templated, redone = previous.templated, previous.documents
    else:
        templated, redone = _with_templates(base, texts, progress, counts)
        if not redone:
            unmatched.extend(exclusions.of_kind(ExclusionKind.TEMPLATE))
    timings["assignment text"] = time.perf_counter() - t0
    progress.check()
    t1 = time.perf_counter()
    out, changed, removed, missed = _pair_exclusions(base, templated, exclusions, redone, counts)
    unmatched.extend(missed)
    timings["pairs"] = time.perf_counter() - t1
    applied = Applied(
        exclusions=exclusions,
        base=base,
        changed=changed,
        removed=removed,
        unmatched=tuple(sorted(unmatched, key=lambda e: repr(e.target))),
        documents=redone,
        timings=timings,
        counts=counts,
        templated=templated if texts else None,
        templated_texts=texts,
    )
    final = replace(out, decisions=result.decisions, exclusions=applied)
    final.shared_texts  # noqa: B018  found in this (worker) thread: a window only reads them
    return final


# --- the assignment text ------------------------------------------------------------


def _class_size(docs: Sequence[Document]) -> int:
    """The documents of the class itself: those before the first archived one."""
    for i, d in enumerate(docs):
        if d.archive_label is not None:
            return i
    return len(docs)


def _reanalysed(
    docs: list[Document], n_class: int, texts: Sequence[str], result: ScanResult
) -> tuple[list[Document], list[int]]:
    """``docs`` with every class document that holds text of ``texts`` analysed again
    with it as template text, and which those are."""
    settings = result.settings
    n = settings.ngram
    extra = sorted_unique(np.concatenate([text_shingles(t, settings) for t in texts]))
    out = list(docs)
    changed: list[int] = []
    if not len(extra):
        return out, changed
    for i in range(n_class):
        d = docs[i]
        hit = np.isin(d.shingle_seq, extra)  # as a template file's shingles are
        if not hit.any():
            continue
        # what the scan left out already (template, references, quotations: the units
        # no usable shingle covers give exactly its usable shingles again), and now
        # every unit of a shingle of the new text
        excluded = ~comparable_units(d.usable, d.unit_count, n)
        excluded |= comparable_units(hit, d.unit_count, n)
        a = analyze_text(d.text, settings, None, d.kind, excluded_units=excluded)
        if np.array_equal(a.usable, d.usable):
            continue
        out[i] = with_analysis(d, a)
        changed.append(i)
    return out, changed


def _with_templates(
    base: ScanResult, texts: Sequence[str], progress: Progress, counts: dict[str, int]
) -> tuple[ScanResult, tuple[int, ...]]:
    """``base`` as a scan with ``texts`` added to its template would give it, and the
    documents analysed again."""
    settings = base.settings
    docs = base.documents
    n_class = _class_size(docs)
    new_docs, changed = _reanalysed(docs, n_class, texts, base)
    if not changed:
        return base, ()
    progress.check()
    restrict = Restriction(new=n_class) if n_class < len(docs) else None
    old: Corpus = base.corpus
    assignment = (*old.assignment, *texts)  # what it says is no student's own either
    common = shared_text_shingles(new_docs[:n_class], settings.shared_text_files)
    if settings.idf == "corpus" or not np.array_equal(common, old.common):
        # the class-wide text (or the word weights) moved: every pair may change
        if settings.idf == "corpus":
            new_docs = reweighted(new_docs, new_docs)
        full = compare_documents(
            new_docs, settings, progress=progress, restrict=restrict, assignment=assignment
        )
        counts["assignment text: pairs measured"] = -1
        pairs, clusters = full.pairs, full.clusters
        return (
            replace(
                base,
                documents=new_docs,
                pairs=pairs,
                clusters=clusters,
                corpus=full.corpus,
                matrix=full.matrix,
                other_pairs=None,
            ),
            tuple(changed),
        )
    out = _incremental(base, new_docs, changed, common, restrict, progress, counts, assignment)
    return out, tuple(changed)


def _raw(p: PairScore, agreements: tuple) -> PairScore:
    """A finished pair as judging gave it: without the properties' agreements after
    its reasons, its direction and its group (:func:`finish_pairs` adds them again)."""
    reasons = p.reasons
    if p.flagged and agreements and reasons[-len(agreements) :] == agreements:
        reasons = reasons[: -len(agreements)]
    return copy_pair(p, reasons=reasons, direction=None, group=None)


def _incremental(
    base: ScanResult,
    docs: list[Document],
    changed: list[int],
    common: np.ndarray,
    restrict: Restriction | None,
    progress: Progress,
    counts: dict[str, int],
    assignment: Sequence[str],
) -> ScanResult:
    """The comparison of ``docs`` (``changed`` analysed again, the common text the
    same, ``assignment`` the assignment text now) measuring only the pairs that can
    differ from ``base``'s."""
    settings = base.settings
    old: Corpus = base.corpus
    touched = set(changed)
    comparable = np.array(old.comparable, dtype=np.int64)
    corpus = Corpus.build(docs, settings, common, comparable=comparable, assignment=assignment)
    for i in changed:  # ok_mask reads the document's new usable shingles
        comparable[i] = int(
            comparable_units(corpus.ok_mask(i), docs[i].unit_count, docs[i].ngram).sum()
        )
    shared, set_sizes = shared_and_sizes(corpus)
    dense = len(docs) <= DENSE_MATRIX_LIMIT
    views = Views.of(docs, dense=dense)
    close = views.close(settings.simhash_k)
    links = meaning_links(corpus, restrict, progress)
    progress.check()
    # a pair of unchanged documents changes only if what the meaning layer found for
    # it (judged) did: the layer's margins are the class's
    s = settings
    moved: set[Pair] = set()
    for pair in set(links) | set(old.meaning):
        if pair[0] in touched or pair[1] in touched:
            continue
        found = links.get(pair)
        seen = NOTHING_FOUND
        if found is not None:
            seen = judge_meaning(
                found,
                corpus.sentences(pair[0]),
                corpus.sentences(pair[1]),
                margin=s.meaning_margin,
                min_sentences=s.meaning_sentences,
                texts=(docs[pair[0]].text, docs[pair[1]].text),
            )
        if seen != old.meaning.get(pair, NOTHING_FOUND if found is None else None):
            moved.add(pair)
    every = candidates(
        enough_shared(shared),
        close,
        links,
        measures=restrict.measures if restrict is not None else None,
    )
    todo = [p for p in every if p[0] in touched or p[1] in touched or p in moved]
    for pair, judged_before in old.meaning.items():
        if pair[0] not in touched and pair[1] not in touched and pair not in moved:
            corpus.meaning[pair] = judged_before
    counts["assignment text: pairs measured"] = len(todo)
    shares = shared_of(corpus, shared, todo)
    kinds = pair_kinds(corpus, todo)
    judging = judging_from(MEANING_SHARE)  # the meaning links took the bar up to there
    measures = measure(
        corpus, todo, shares, kinds=kinds, progress=progress, share=(MEANING_SHARE, judging)
    )
    quiet = settings.report_floor > 0
    judged = judge(
        corpus, todo, measures, shares, views,
        meaning=links, set_sizes=set_sizes.tolist(), kinds=kinds, quiet=quiet,
        progress=progress, share=(judging, 1.0),
    )  # fmt: skip
    redo = set(todo)
    evidence = meta_evidence(docs)
    kept = [
        _raw(p, evidence.agreements(p.a, p.b))
        for p in base.pairs
        if p.a not in touched and p.b not in touched and (p.a, p.b) not in redo
    ]
    pairs = order(judged.pairs, docs, floor=settings.report_floor, kept=kept)
    meaning_of = {pair: pair for pair in corpus.meaning}
    meaning_of.update(judged.meaning_of)
    pairs, clusters = finish_pairs(pairs, corpus, meaning_of)
    matrix = None
    if dense:
        matrix = pair_matrix(
            views.distance, views.jaccard, shared, set_sizes.tolist(), pairs, restrict
        )
    return replace(
        base,
        documents=docs,
        pairs=pairs,
        clusters=clusters,
        corpus=corpus,
        matrix=matrix,
        other_pairs=None,
    )


# --- passages, sources and short matches --------------------------------------------


def _overlaps(span: Span, start: int, end: int) -> bool:
    return min(span[1], end) > max(span[0], start)


class _PairRules:
    """Which aligned runs and meaning passages each pair keeps."""

    def __init__(self, docs: Sequence[Document], exclusions: Exclusions) -> None:
        self.docs = docs
        self.min_words = exclusions.min_words
        self.by_key: dict[PairKey, list[Exclusion]] = {}
        for e in exclusions.of_kind(ExclusionKind.PASSAGE):
            self.by_key.setdefault(e.pair, []).append(e)
        self.used: set[tuple[Any, ...]] = set()  # passage exclusions that held their text
        self._starts: dict[int, np.ndarray] = {}
        self._ends: dict[int, np.ndarray] = {}

    def _sides(self, i: int, j: int, e: Exclusion) -> tuple[Span, Span] | None:
        """``e``'s spans in documents ``i`` then ``j``, when they hold its text."""
        a, b = self.docs[i], self.docs[j]
        ha, hb = a.file_key, b.file_key
        s0, s1 = e.spans
        if (ha, hb) == e.pair and self._holds(e, a.text[slice(*s0)], b.text[slice(*s1)]):
            return s0, s1
        if (hb, ha) == e.pair and self._holds(e, b.text[slice(*s0)], a.text[slice(*s1)]):
            return s1, s0
        return None

    @staticmethod
    def _holds(e: Exclusion, first: str, second: str) -> bool:
        """Whether the texts at ``e``'s spans are those it was made on."""
        return not e.digest or _digest(first, second) == e.digest

    def passages_of(self, i: int, j: int) -> list[tuple[Exclusion, Span, Span]]:
        """The passage exclusions of pair ``i, j`` that hold, with their spans in
        ``i`` and ``j``."""
        found = self.by_key.get(pair_key(self.docs[i].file_key, self.docs[j].file_key))
        out = []
        for e in found or ():
            sides = self._sides(i, j, e)
            if sides is not None:
                self.used.add(e.target)
                out.append((e, *sides))
        return out

    def excluded_passages(self, i: int, j: int) -> list[Passage]:
        """The passage exclusions of pair ``i, j`` that hold, as passages of ``i``
        and ``j`` (which sentence seeds may not make again)."""
        return [Passage(*si, *sj, 0) for _, si, sj in self.passages_of(i, j)]

    def _offsets(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        if i not in self._starts:
            self._starts[i] = self.docs[i].unit_starts
            self._ends[i] = self.docs[i].unit_ends
        return self._starts[i], self._ends[i]

    def matches(self, corpus: Corpus, i: int, j: int, runs: list[UnitMatch]) -> list[UnitMatch]:
        out = runs
        if self.min_words is not None:
            out = [m for m in out if corpus.passage_words(i, m) >= self.min_words]
        left = self.passages_of(i, j)
        if left and out:
            sa, ea = self._offsets(i)
            sb, eb = self._offsets(j)
            out = [
                m
                for m in out
                if not any(
                    _overlaps(span_i, int(sa[m.a0]), int(ea[m.a1 - 1]))
                    and _overlaps(span_j, int(sb[m.b0]), int(eb[m.b1 - 1]))
                    for _, span_i, span_j in left
                )
            ]
        return out


def _meaning_without(
    corpus: Corpus, i: int, j: int, found: MeaningFound, left: list[tuple[Exclusion, Span, Span]]
) -> MeaningFound:
    """``found`` without the reworded and translated passages ``left`` excludes, its
    shares counted again from the sentences inside the passages kept."""
    kept = tuple(
        p
        for p in found.passages
        if not any(
            _overlaps(si, p.a_start, p.a_end) and _overlaps(sj, p.b_start, p.b_end)
            for _, si, sj in left
        )
    )
    if len(kept) == len(found.passages):
        return found
    reworded = sum(p.sentences for p in kept if p.kind == PassageKind.REWORDED)
    translated = sum(p.sentences for p in kept if p.kind == PassageKind.TRANSLATED)
    return MeaningFound(
        kept,
        reworded,
        translated,
        sentence_share(corpus.sentences(i), [(p.a_start, p.a_end) for p in kept]),
        sentence_share(corpus.sentences(j), [(p.b_start, p.b_end) for p in kept]),
        found.strength,
        found.links,
    )


def _pair_exclusions(
    base: ScanResult,
    result: ScanResult,
    exclusions: Exclusions,
    redone: Sequence[int],
    counts: dict[str, int],
) -> tuple[ScanResult, dict[Pair, tuple[Exclusion, ...]], dict[Pair, tuple[Exclusion, ...]], list]:
    """``result`` (the scan, or it with the assignment text) with the passage, source
    and min-words exclusions; what each changed (against ``base``) and which found
    nothing."""
    docs = result.documents
    old: Corpus = result.corpus
    rules = _PairRules(docs, exclusions)
    corpus = old.derived(
        lambda i, j, runs: rules.matches(corpus, i, j, runs), rules.excluded_passages
    )
    sources = {e.source: e for e in exclusions.of_kind(ExclusionKind.SOURCE)}
    templates = exclusions.of_kind(ExclusionKind.TEMPLATE)
    short = exclusions.of_kind(ExclusionKind.MIN_WORDS)
    touched_docs = set(redone)
    evidence = meta_evidence(docs)
    floor = result.settings.report_floor
    why: dict[Pair, tuple[Exclusion, ...]] = {}
    kept: list[PairScore] = []
    used_sources: set[str] = set()
    for p in result.pairs:
        a, b = p.a, p.b
        reasons: list[Exclusion] = []
        if a in touched_docs or b in touched_docs:
            reasons.extend(templates)
        gone = [sources[h] for h in (docs[a].file_key, docs[b].file_key) if h in sources]
        if gone:
            used_sources.update(e.source for e in gone)
            why[(a, b)] = (*reasons, *gone)
            continue
        left = rules.passages_of(a, b)
        if not left and not (short and p.passages):
            if reasons:
                why[(a, b)] = tuple(reasons)
            kept.append(_raw(p, evidence.agreements(a, b)))
            continue
        meaning = corpus.meaning.get((a, b), NOTHING_FOUND)
        if left and meaning.passages:
            meaning = corpus.meaning[(a, b)] = _meaning_without(corpus, a, b, meaning, left)
        counts["pairs measured"] = counts.get("pairs measured", 0) + 1
        m = measure_matches(corpus, a, b, corpus.matches(a, b))
        q = judge_pair(
            corpus, a, b, m,
            shared=0, set_sizes=(1, 1), distance=p.simhash_distance, jaccard=p.jaccard,
            meaning=meaning,
        )  # fmt: skip
        q = copy_pair(q, containment_a=p.containment_a, containment_b=p.containment_b)
        if (q.similarity, q.flagged, q.passages) != (p.similarity, p.flagged, p.passages):
            reasons.extend(e for e, _, _ in left)
            if short and (q.passages, q.similarity) != (p.passages, p.similarity):
                reasons.extend(short)
        if reasons:
            why[(a, b)] = tuple(reasons)
        if q.flagged or q.similarity >= floor:
            kept.append(q)
    pairs = order([], docs, kept=kept)
    meaning_of = {pair: pair for pair in corpus.meaning}
    pairs, clusters = finish_pairs(pairs, corpus, meaning_of)
    matrix = _matrix(result.matrix, pairs)
    out = replace(result, pairs=pairs, clusters=clusters, corpus=corpus, matrix=matrix)
    now_reported = {(p.a, p.b) for p in pairs}
    before = {(p.a, p.b): p for p in base.pairs}
    changed = {
        (p.a, p.b): why[(p.a, p.b)]
        for p in pairs
        if (p.a, p.b) in why
        and (
            (p.a, p.b) not in before
            or (before[(p.a, p.b)].similarity, before[(p.a, p.b)].flagged)
            != (p.similarity, p.flagged)
        )
    }
    removed = {pair: why.get(pair, tuple(templates)) for pair in before if pair not in now_reported}
    missed = [
        e
        for e in exclusions
        if (e.kind is ExclusionKind.PASSAGE and e.target not in rules.used)
        or (e.kind is ExclusionKind.SOURCE and e.source not in used_sources
            and e.source not in {d.file_key for d in docs})
    ]  # fmt: skip
    return out, changed, removed, missed


def _matrix(matrix: Any, pairs: Sequence[PairScore]) -> Any:
    """``matrix`` with the similarities and flags of ``pairs`` (the rest 0)."""
    if matrix is None:
        return None
    sim = np.zeros_like(matrix.similarity)
    flag = np.zeros_like(matrix.flagged)
    for p in pairs:
        sim[p.a, p.b] = sim[p.b, p.a] = p.similarity
        flag[p.a, p.b] = flag[p.b, p.a] = p.flagged
    np.fill_diagonal(sim, 1.0)
    return replace(matrix, similarity=sim, flagged=flag)
