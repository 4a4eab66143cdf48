"""One pair's evidence, as every front end shows it.

The side-by-side view, the HTML and PDF reports and the JSON all render a
:class:`PairEvidence`: the two documents, the pair's scores and reasons (metadata
agreements and the direction included), its matched passages in one order (the left
document's text) with their kinds and offsets, and per side the text that was not
counted (class-wide common text, the template and excluded regions) and where OCR read
it (:attr:`Document.ocr`). It is made once, in the core, by :func:`pair_evidence`; a
front end never reaches into the comparison's corpus itself (the app makes it in a
worker thread). The review workflow's decisions hang on it (:attr:`PairEvidence.key`).

A value is oriented: ``left`` and ``right`` are the documents as shown, and every
``a_*`` offset of a passage is in the left document. :meth:`PairEvidence.flipped` shows
the pair the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from simhash_core.compare.text_spans import excluded_spans
from simhash_core.messages import Message
from simhash_core.review.decisions import PairKey, submission_key
from simhash_core.types import Direction, Document, PairScore, Passage, PassageKind, ScanResult

Span = tuple[int, int]


@dataclass(frozen=True)
class SideEvidence:
    """One document of a pair: where it is in the scan, and its text that was not
    counted (shown grey)."""

    index: int  # into ScanResult.documents
    document: Document
    common: tuple[Span, ...] = ()  # text much of the class shares
    template: tuple[Span, ...] = ()  # the template, references, excluded quotations

    def ocr_region_at(self, offset: int) -> int | None:
        """The OCR region (index into ``document.ocr``) holding character ``offset``."""
        for k, region in enumerate(self.document.ocr):
            if region.start <= offset < region.end:
                return k
        return None


@dataclass(frozen=True)
class PairEvidence:
    """Everything shown of one pair, oriented ``left`` / ``right``."""

    left: SideEvidence
    right: SideEvidence
    # the pair's scores with ``a`` the left document (None: a pair the scan did not
    # report, opened from the matrix)
    score: PairScore | None
    passages: tuple[Passage, ...] = ()  # in the order of the left text

    @property
    def pair(self) -> tuple[int, int]:
        return self.left.index, self.right.index

    @property
    def key(self) -> PairKey:
        """The pair by the contents of its two submissions, smaller first: the same
        for a renamed file, a re-scan or a fresh download of the same files."""
        return submission_key(self.left.document, self.right.document)

    @property
    def flagged(self) -> bool:
        return self.score is not None and self.score.flagged

    @property
    def reasons(self) -> tuple[Message, ...]:
        return self.score.reasons if self.score is not None else ()

    @property
    def direction(self) -> Direction | None:
        return self.score.direction if self.score is not None else None

    @property
    def reworded(self) -> tuple[Passage, ...]:
        return tuple(p for p in self.passages if p.kind != PassageKind.COPIED)

    def side(self, k: int) -> SideEvidence:
        """Side ``k``: 0 is the left, 1 the right."""
        return self.left if k == 0 else self.right

    def span(self, k: int, passage: Passage) -> Span:
        """``passage``'s characters in side ``k``'s text."""
        return (passage.a_start, passage.a_end) if k == 0 else (passage.b_start, passage.b_end)

    def flipped(self) -> PairEvidence:
        """The same evidence with the right document on the left."""
        return PairEvidence(
            left=self.right,
            right=self.left,
            score=None if self.score is None else flipped_score(self.score),
            passages=in_order(flipped_passage(p) for p in self.passages),
        )


def flipped_passage(p: Passage) -> Passage:
    """``p`` seen from its other document.

    >>> flipped_passage(Passage(0, 5, 10, 15, units=3)).a_start
    10
    """
    summary = None if p.summary is None else replace(p.summary, side=1 - p.summary.side)
    return replace(
        p, a_start=p.b_start, a_end=p.b_end, b_start=p.a_start, b_end=p.a_end, summary=summary
    )


def flipped_score(s: PairScore) -> PairScore:
    """``s`` with its two documents swapped, every one-sided measure with them."""
    return replace(
        s,
        a=s.b,
        b=s.a,
        containment_a=s.containment_b,
        containment_b=s.containment_a,
        matched_chars=s.matched_chars_b,
        matched_chars_b=s.matched_chars,
        share_a=s.share_b,
        share_b=s.share_a,
    )


def in_order(passages: Iterable[Passage]) -> tuple[Passage, ...]:
    """Passages in the order of the left text (ties: the right text, then the ends):
    the one order every front end numbers them in."""
    return tuple(sorted(passages, key=lambda x: (x.a_start, x.b_start, x.a_end, x.b_end)))


def score_of(result: ScanResult, a: int, b: int) -> PairScore | None:
    """The scan's reported scores of documents ``a`` and ``b``, as it stored them."""
    return next((p for p in result.pairs if {p.a, p.b} == {a, b}), None)


def _side(result: ScanResult, i: int) -> SideEvidence:
    doc = result.documents[i]
    corpus = result.corpus
    common = tuple(corpus.common_spans(i)) if corpus is not None else ()
    template = tuple(excluded_spans(doc))
    return SideEvidence(i, doc, common, template)


def pair_evidence(
    result: ScanResult, a: int, b: int, score: PairScore | None = None
) -> PairEvidence:
    """The evidence of documents ``a`` (left) and ``b`` (right) of ``result``.

    ``score`` may be given when the caller already holds it. The passages come from the
    comparison's corpus, asked in the pair's stored orientation (the meaning layer keeps
    its passages that way), then turned to ``a`` on the left.
    """
    if score is None:
        score = score_of(result, a, b)
    first, second = (score.a, score.b) if score is not None else (min(a, b), max(a, b))
    corpus = result.corpus
    found = corpus.passages(first, second) if corpus is not None else []
    evidence = PairEvidence(_side(result, first), _side(result, second), score, in_order(found))
    return evidence if first == a else evidence.flipped()
