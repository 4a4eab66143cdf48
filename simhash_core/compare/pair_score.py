"""One pair's scores in two steps: measuring (slow, no thresholds) and judging (fast).

:func:`measure_pair` aligns the passages and counts what they cover; nothing it returns
depends on a flagging threshold, so the comparison memo keeps it across re-scans.
:func:`judge_pair` applies the thresholds and writes the reasons a teacher reads:
changing a threshold re-judges, it never re-measures.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from simhash_core.compare.continuation import Seed
from simhash_core.compare.corpus import Corpus
from simhash_core.compare.extension import MAX_GAP, MIN_SEEDS, may_seed, seeded_sentences
from simhash_core.compare.fact_seeds import fact_seeds as facts_seeded
from simhash_core.compare.fact_seeds import holds, recounted, seeded_in
from simhash_core.compare.meaning import (
    NOTHING_FOUND,
    REWORDED,
    TRANSLATED,
    MeaningFound,
    other_facts,
    sentence_share,
    shown_beside,
)
from simhash_core.compare.passages import UnitMatch, covered, to_passages
from simhash_core.messages import Message
from simhash_core.types import PairScore, Passage, PassageKind, Summing

SIMHASH_MIN_UNITS = 150  # below this, SimHash distances of unrelated texts are noisy
# The share rule needs one passage of at least this many words: in a short answer a
# single stock phrase ("随着科学技术的不断发展") can be 15% of the text, and is not copying.
SHARE_MIN_PASSAGE_WORDS = 10.0
MIN_SHARED_SHINGLES = 3  # a passage of 12 units needs at least ceil(12 / 5) shingles
NO_PASSAGE_CEILING = 0.01  # a pair without any passage scores below 1%
# a pair whose sentences the meaning layer matched this many times is linked beyond
# chance (two texts on one subject get one such sentence pair: one is never evidence)
MIN_LINKS = 2


@dataclass(frozen=True)
class PairMeasure:
    """What passage matching found for documents ``a < b``."""

    share_a: float  # share of A's comparable units inside matching passages
    share_b: float
    matched_chars: int  # original-text characters of A inside passages
    matched_chars_b: int
    passages: int
    longest_words: float  # the longest passage, in word equivalents


NOTHING = PairMeasure(0.0, 0.0, 0, 0, 0, 0.0)


def measure_pair(corpus: Corpus, i: int, j: int, shared: int) -> PairMeasure:
    """Align documents ``i`` and ``j`` (``shared`` common shingles between them).

    A pair of contents measured before (documents with the same content as ``i`` and
    ``j``: a file handed in many times) takes that measure: it depends only on the two
    texts and what of them counts (:meth:`Corpus.pair_kind`).
    """
    return measure_kind(corpus, i, j, shared, corpus.pair_kind(i, j))


def measure_kind(
    corpus: Corpus, i: int, j: int, shared: int, kind: tuple[int, int] | None
) -> PairMeasure:
    """:func:`measure_pair`, for a caller that has the pair's ``kind`` already."""
    if shared < MIN_SHARED_SHINGLES:
        return NOTHING
    if kind is None:
        return _measure(corpus, i, j)
    found = corpus.measured.get(kind)
    if found is None:
        found = corpus.measured[kind] = _measure(corpus, i, j)
    return found


def _measure(corpus: Corpus, i: int, j: int) -> PairMeasure:
    return measure_matches(corpus, i, j, corpus.matches(i, j))


def measure_matches(corpus: Corpus, i: int, j: int, matches: list[UnitMatch]) -> PairMeasure:
    """The measure of documents ``i`` and ``j`` whose aligned runs are ``matches``."""
    a, b = corpus.docs[i], corpus.docs[j]
    if not matches:
        return NOTHING
    units_a = int(covered([(m.a0, m.a1) for m in matches], a.unit_count).sum())
    units_b = int(covered([(m.b0, m.b1) for m in matches], b.unit_count).sum())
    comp_a, comp_b = corpus.comparable[i], corpus.comparable[j]
    passages = to_passages(a, b, matches)
    return PairMeasure(
        share_a=min(1.0, units_a / comp_a) if comp_a else 0.0,
        share_b=min(1.0, units_b / comp_b) if comp_b else 0.0,
        matched_chars=_union_length([(p.a_start, p.a_end) for p in passages]),
        matched_chars_b=_union_length([(p.b_start, p.b_end) for p in passages]),
        passages=len(matches),
        longest_words=max(corpus.passage_words(i, m) for m in matches),
    )


@dataclass(frozen=True)
class Counted:
    """What a pair's passages cover, counted as they are shown: the whole passages
    (:meth:`Corpus.whole_passages`) made of those copied word for word and the
    reworded and translated ones shown beside them, so the number of passages and
    their characters are those the side-by-side view and the reports list. The
    similarity is ``max(share_a, share_b)`` (below 1% when both are 0)."""

    share_a: float  # the larger of A's word-for-word share and its reworded/translated share
    share_b: float
    chars_a: int  # original-text characters of A inside the passages shown (Corpus.shown)
    chars_b: int
    passages: int  # the passages shown
    # the whole passages, sentence by sentence as the rules read them, and the
    # word-for-word ones they are made of
    whole: tuple[Passage, ...] = ()
    words: tuple[Passage, ...] = ()
    meant: float = 0.0  # the larger side's share in reworded or translated passages shown


def shares(m: PairMeasure, meaning: MeaningFound) -> tuple[float, float]:
    """Each side's share of matched text, word for word or by meaning: the larger of the
    two, as the headline similarity takes it."""
    return max(m.share_a, meaning.share_a), max(m.share_b, meaning.share_b)


def counted(corpus: Corpus, i: int, j: int, m: PairMeasure, meaning: MeaningFound) -> Counted:
    """The passages of documents ``i < j`` (measured ``m``, with the reworded and
    translated passages ``meaning``) and what they cover, as the reports list them."""
    share_a, share_b = shares(m, meaning)
    if not m.passages and not meaning.passages:
        return Counted(share_a, share_b, 0, 0, 0)
    words = corpus.word_passages(i, j) if m.passages else []
    whole = corpus.whole_passages(i, j, [*words, *shown_beside(words, meaning.passages)])
    shown = corpus.shown(i, j, whole)
    meant = (0.0, 0.0)
    if meaning.reworded or meaning.translated:  # its passages as shown: grown whole
        meant = meant_shares(corpus, i, j, whole)
        share_a, share_b = max(share_a, meant[0]), max(share_b, meant[1])
    return Counted(
        share_a,
        share_b,
        chars_a=_union_length([(p.a_start, p.a_end) for p in shown]),
        chars_b=_union_length([(p.b_start, p.b_end) for p in shown]),
        passages=len(shown),
        whole=tuple(whole),
        words=tuple(words),
        meant=max(meant),
    )


def meant_shares(corpus: Corpus, i: int, j: int, whole: Sequence[Passage]) -> tuple[float, float]:
    """Each side's share of sentence text inside the ``whole`` passages of documents
    ``i < j`` that are reworded or translated (:func:`sentence_share`): what the
    meaning layer's sentences cover once grown into the passages the pair shows."""
    meant = [p for p in whole if p.kind in (REWORDED, TRANSLATED) and not p.common]
    if not meant:
        return 0.0, 0.0
    return (
        sentence_share(corpus.sentences(i), [(p.a_start, p.a_end) for p in meant]),
        sentence_share(corpus.sentences(j), [(p.b_start, p.b_end) for p in meant]),
    )


def with_seed_passages(corpus: Corpus, p: PairScore) -> PairScore:
    """``p`` counting the passages its pair shows when no layer found one but the
    meaning layer linked it: passages of similar sentences alone
    (:meth:`Corpus.whole_passages`), which change what is shown and counted, never
    the similarity, the flag or the reasons (no reason counts passages a layer did
    not find). Made for the pairs reported only: most pairs the meaning layer links
    in a class are below the report floor and never shown."""
    if p.passages or (p.a, p.b) not in corpus.meaning:
        return p
    shown = corpus.passages(p.a, p.b)
    if not shown:
        return p
    return copy_pair(
        p,
        passages=len(shown),
        matched_chars=_union_length([(x.a_start, x.a_end) for x in shown]),
        matched_chars_b=_union_length([(x.b_start, x.b_end) for x in shown]),
    )


def judge_pair(
    corpus: Corpus,
    i: int,
    j: int,
    m: PairMeasure,
    *,
    shared: int,
    set_sizes: tuple[int, int],
    distance: int,
    jaccard: float,
    meaning: MeaningFound = NOTHING_FOUND,
) -> PairScore:
    """All scores of documents ``i < j``, flagged by the corpus's settings.

    The headline similarity is the larger of the word-for-word share and the share in
    reworded or translated passages, or in passages rewritten sentence by sentence when
    they alone flag the pair (:func:`rewritten`). A pair with none scores below 1%, ordered by
    how close its best few sentences in a row are (so a heavy rewrite that misses the
    flag still ranks above honest pairs). The shares, passages and matched characters
    count every passage the similarity counts (:func:`counted`).
    """
    s = corpus.settings
    na, nb = set_sizes
    found = counted(corpus, i, j, m, meaning)
    shown = found.whole
    if meaning.reworded:  # each reworded passage's sentences as its header counts them
        a, b = corpus.sentences(i), corpus.sentences(j)
        shown = tuple(recounted(found.whole, a, b, lambda: fact_seeds(corpus, i, j)))
    meaning_share = max(meaning.share_a, meaning.share_b, found.meant)
    word_share = max(m.share_a, m.share_b)
    similarity = max(word_share, meaning_share)
    if similarity == 0.0 and meaning.strength > 0:
        similarity = NO_PASSAGE_CEILING * min(meaning.strength / (2 * s.meaning_margin), 0.99)
    reworded = shown_sentences(shown, REWORDED, meaning.reworded)
    translated = shown_sentences(shown, TRANSLATED, meaning.translated)
    reasons = _reasons(corpus, i, j, m, found, distance, (reworded, translated))
    if all(r.code == "pair.simhash" for r in reasons):  # nothing a teacher reads in words
        again = rewritten(corpus, i, j, meaning, found)
        if again is not None:
            found, reasons = again.counted, (*again.reasons(corpus, i, j), *reasons)
            similarity = max(similarity, found.share_a, found.share_b)
            reworded = again.sentences  # shown as reworded passages, counted as such
    return PairScore(
        a=i,
        b=j,
        similarity=round(float(similarity), 4),
        simhash_distance=int(distance),
        jaccard=round(float(jaccard), 4),
        containment_a=round(float(shared / na if na else 0.0), 4),
        containment_b=round(float(shared / nb if nb else 0.0), 4),
        matched_chars=found.chars_a,
        matched_chars_b=found.chars_b,
        share_a=round(float(found.share_a), 4),
        share_b=round(float(found.share_b), 4),
        passages=found.passages,
        flagged=bool(reasons),
        reasons=reasons,
        reworded=reworded,
        translated=translated,
        meaning_share=round(float(meaning_share), 4),
    )


def shown_sentences(whole: Sequence[Passage], kind: PassageKind, matched: int) -> int:
    """A pair's sentences reworded (or translated: ``kind``) as its passages show
    them: the layer's ``matched`` sentences, or the sentences of its ``whole``
    passages of that kind if more (each as its header counts it:
    :func:`~.fact_seeds.recounted`). A reworded passage grows by the sentences beside
    it that keep many of its words (:mod:`.extension`), and the reason, the pair's
    measures and each passage's header count the same sentences. 0 when the layer
    matched none (the passages alone flag nothing).

    >>> whole = (Passage(0, 90, 0, 80, 30, kind=REWORDED, sentences=10),
    ...          Passage(200, 260, 300, 350, 9))
    >>> shown_sentences(whole, REWORDED, 3), shown_sentences(whole, REWORDED, 0)
    (10, 0)
    >>> shown_sentences(whole, TRANSLATED, 2)
    2
    """
    if not matched:
        return 0
    shown = sum(p.sentences for p in whole if p.kind == kind and not p.common and p.summary is None)
    return max(matched, shown)


def _reasons(
    corpus: Corpus,
    i: int,
    j: int,
    m: PairMeasure,
    found: Counted,
    distance: int,
    meant: tuple[int, int],
) -> tuple[Message, ...]:
    """Why documents ``i < j`` are flagged (empty: they are not), the reasons a teacher
    reads in plain words first (an identical archived file, how much is matched text,
    the passages, the ``meant`` sentences reworded and translated: see
    :func:`shown_sentences`), the technical measure after (the SimHash distance). The
    order changes what is read first, never what is flagged."""
    s = corpus.settings
    a, b = corpus.docs[i], corpus.docs[j]
    plain, technical = [], []
    if b.archive_label is not None and a.content_hash and a.content_hash == b.content_hash:
        plain.append(Message.of("pair.identical", label=b.archive_label))
    word_share = max(m.share_a, m.share_b)
    if word_share >= s.flag_similarity and m.longest_words >= SHARE_MIN_PASSAGE_WORDS:
        who = a.label if found.share_a >= found.share_b else b.label
        share = max(found.share_a, found.share_b)
        plain.append(Message.of("pair.share", share=float(share), name=who))
    if m.longest_words >= s.flag_passage_words:
        chars = max(found.chars_a, found.chars_b)
        plain.append(
            Message.of(
                "pair.passage", words=float(m.longest_words), passages=found.passages, chars=chars
            )
        )
    reworded, translated = meant
    if reworded:
        plain.append(Message.of("pair.reworded", sentences=reworded))
    if translated:
        plain.append(Message.of("pair.translated", sentences=translated))
    edited = None if plain or not found.words else edited_passage(corpus, i, j, found)
    if edited is not None:
        plain.append(
            Message.of(
                "pair.edited",
                words=edited.words,
                share=edited.copied / edited.words,
                longest=edited.longest,
            )
        )
    long_enough = min(corpus.comparable[i], corpus.comparable[j]) >= SIMHASH_MIN_UNITS
    if distance <= s.simhash_k and long_enough:
        technical.append(Message.of("pair.simhash", distance=int(distance), k=s.simhash_k))
    return (*plain, *technical)


@dataclass(frozen=True)
class Rewritten:
    """Passages rewritten sentence by sentence (:func:`rewritten`): what the pair
    counts with them, their sentences, and the passages among them that sum up the
    other document's text (:attr:`Passage.summary`)."""

    counted: Counted
    sentences: int  # in all of them
    one_by_one: int  # in those that are no summary
    summaries: tuple[Summing, ...] = ()

    def reasons(self, corpus: Corpus, i: int, j: int) -> tuple[Message, ...]:
        """What the teacher reads of documents ``i < j``: the sentences rewritten one
        by one, and each summary ("B sums up 22 sentences of A in 4")."""
        out = []
        if self.one_by_one:
            out.append(Message.of("pair.rewritten", sentences=self.one_by_one))
        for x in self.summaries:
            short, long = (i, j) if x.side == 0 else (j, i)
            out.append(
                Message.of(
                    "pair.summary",
                    name=corpus.docs[short].label,
                    other=corpus.docs[long].label,
                    summed=x.summed,
                    sentences=x.sentences,
                )
            )
        return tuple(out)


def rewritten(
    corpus: Corpus, i: int, j: int, meaning: MeaningFound, found: Counted
) -> Rewritten | None:
    """The passages of documents ``i < j`` rewritten sentence by sentence, when no
    layer's evidence flags the pair (:func:`rewritten_passage`), in a pair whose
    sentences the meaning layer matched (closer than the class's usual ones):
    :data:`MIN_LINKS` times or more, or once where the two sentences share a seed's
    terms (:func:`~.extension.may_seed`: of the 3,338 pairs a 1,000-file class links
    once, 12 do, so whole passages are made for few pairs).

    A copy whose every sentence was reworded, words shuffled or replaced, or
    translated there and back, keeps many of its words in each sentence and stays close
    to its source against the class; no layer finds it otherwise (no stretch copied
    word for word, no three sentences in a row at the meaning layer's margin). None
    without such a passage. ``found``: what the pair counts without it
    (:func:`counted`); with it, the shares of sentence text inside these passages count
    too.
    """
    s = corpus.settings
    if not s.reworded or not meaning.links:
        return None
    if len(meaning.links) < MIN_LINKS:  # one link: a copy only if that pair is a seed
        a, b = corpus.sentences(i), corpus.sentences(j)
        if not any(may_seed(a, b, x, y) for x, y in meaning.links):
            return None
    whole = found.whole or tuple(corpus.whole_passages(i, j, list(found.words)))
    every = cache(lambda: fact_seeds(corpus, i, j))  # made once, if a passage asks
    again = [p for p in whole if rewritten_passage(corpus, i, j, p, meaning.links, every)]
    if not again:
        return None
    share_a = sentence_share(corpus.sentences(i), [(p.a_start, p.a_end) for p in again])
    share_b = sentence_share(corpus.sentences(j), [(p.b_start, p.b_end) for p in again])
    shown = corpus.shown(i, j, whole)
    counts = Counted(
        max(found.share_a, share_a),
        max(found.share_b, share_b),
        chars_a=_union_length([(p.a_start, p.a_end) for p in shown]),
        chars_b=_union_length([(p.b_start, p.b_end) for p in shown]),
        passages=len(whole),
        whole=whole,
        words=found.words,
    )
    # a passage's sentences: those matched in order, or its seeded ones if more (a
    # passage joined from pieces can count one sentence where two keep their words)
    sentences = [max(p.sentences, _seeded_in(corpus, i, j, p, every())) for p in again]
    flagging = sum(n for p, n in zip(again, sentences, strict=True) if p.summary is None)
    # the reason counts the reworded passages shown beside those that flag, each as
    # its header does, as the meaning layer's reason does (shown_sentences)
    a, b = corpus.sentences(i), corpus.sentences(j)
    one_by_one = shown_sentences(recounted(whole, a, b, every), REWORDED, flagging)
    summaries = tuple(p.summary for p in again if p.summary is not None)
    return Rewritten(counts, sum(sentences) - flagging + one_by_one, one_by_one, summaries)


def rewritten_passage(
    corpus: Corpus,
    i: int,
    j: int,
    p: Passage,
    links: Sequence[tuple[int, int]],
    every: Callable[[], set[Seed]],
) -> bool:
    """Whether whole passage ``p`` of documents ``i < j`` is a copy rewritten sentence
    by sentence. Two kinds of evidence must agree: the pair's ``links`` (sentences the
    meaning layer matched against the class) inside ``p``, and its seeds (sentences
    each sharing a third of its terms with one of the other's) stating the same facts
    on both sides (names and numbers: :func:`same_facts`; ``every()`` gives the
    pair's, :func:`fact_seeds`). Either

    - :data:`MIN_LINKS` links or more, and ``meaning_sentences`` seeded sentences or
      more, as a reworded passage has; or fewer seeded sentences but each of them
      linked too, over as many words on both sides as one copied passage that flags
      alone (``flag_passage_words``): two long sentences in a row, each keeping its
      words and matched against the whole class, are the shortest such copy; or
    - one link that is itself a seed with another seed beside it, where chance would
      not put one (:func:`seeded_beside`), over ``flag_passage_words`` words.

    Common text never is.
    """
    s = corpus.settings
    if p.common:
        return False
    a, b = corpus.sentences(i), corpus.sentences(j)
    texts = (corpus.docs[i].text, corpus.docs[j].text)
    inside = [(x, y) for x, y in links if holds(p, a, b, x, y)]
    if not inside:
        return False  # (names and numbers read only where it may matter)
    linked = [(x, y) for x, y in inside if not other_facts(a, b, texts, x, y)]
    if not linked:
        return False
    seeds = {(x, y) for x, y in every() if holds(p, a, b, x, y)}
    seeded = seeded_sentences(seeds)
    words = min(corpus.span_words(i, p.a_start, p.a_end), corpus.span_words(j, p.b_start, p.b_end))
    if len(linked) >= MIN_LINKS:
        if seeded >= s.meaning_sentences and p.sentences >= s.meaning_sentences:
            return True
        if seeded >= MIN_LINKS and len(linked) >= seeded and words >= s.flag_passage_words:
            return True
    shape = (a.count, b.count)
    return words >= s.flag_passage_words and any(
        seeded_beside(seeds, every(), link, shape) for link in linked if link in seeds
    )


def seeded_beside(
    seeds: Collection[Seed], every: Collection[Seed], link: Seed, shape: tuple[int, int]
) -> bool:
    """Whether ``seeds`` (a passage's) hold :data:`~.extension.MIN_SEEDS` sentences
    within :data:`~.extension.MAX_GAP` sentences of seed ``link`` on each side, more
    than chance puts there: the pair's ``every`` seed elsewhere, spread over its other
    sentence pairs (``shape``: the documents' sentences), would put fewer than one
    beside it.

    One sentence matched against the class and the sentences around it keeping their
    words too: a short copy whose words were shuffled or translated there and back.
    Honest texts on one subject share such a sentence here and there, not two in one
    place; texts that share a third of their words in every other sentence (lists
    from one vocabulary) have seeds beside every sentence, and say nothing by it.

    >>> seeded_beside({(3, 7), (4, 8)}, {(3, 7), (4, 8), (20, 30)}, (3, 7), (40, 40))
    True
    >>> seeded_beside({(3, 7), (4, 7)}, {(3, 7), (4, 7)}, (3, 7), (40, 40))  # one of B's
    False
    >>> seeded_beside({(3, 7), (9, 8)}, {(3, 7), (9, 8)}, (3, 7), (40, 40))  # too far
    False
    >>> dense = {(u, v) for u in range(40) for v in range(40) if (u + v) % 8 == 0}
    >>> seeded_beside({(3, 13), (4, 12)}, dense, (3, 13), (40, 40))  # seeds everywhere
    False
    """
    x, y = link
    near = range(x - MAX_GAP, x + MAX_GAP + 1), range(y - MAX_GAP, y + MAX_GAP + 1)
    beside = [(u, v) for u, v in seeds if u in near[0] and v in near[1]]
    if seeded_sentences(beside) < MIN_SEEDS:
        return False
    cells = len(range(max(0, near[0].start), min(shape[0], near[0].stop))) * len(
        range(max(0, near[1].start), min(shape[1], near[1].stop))
    )
    elsewhere = sum(1 for u, v in every if u not in near[0] or v not in near[1])
    chance = elsewhere * (cells - 1) / max(shape[0] * shape[1] - cells, 1)
    return chance < 1


def same_facts(corpus: Corpus, i: int, j: int, p: Passage) -> int:
    """How many sentences of passage ``p`` of documents ``i < j`` (on the side with
    fewer) are seeds stating the same facts on both sides: a rewritten copy keeps its
    source's names and numbers, two texts built from one template each fill in their
    own (:func:`~simhash_core.compare.meaning.other_facts`)."""
    return _seeded_in(corpus, i, j, p, fact_seeds(corpus, i, j))


def _seeded_in(corpus: Corpus, i: int, j: int, p: Passage, seeds: Collection[Seed]) -> int:
    """Distinct sentences (the side with fewer) of ``seeds`` inside passage ``p``."""
    return seeded_in(p, corpus.sentences(i), corpus.sentences(j), seeds)


def fact_seeds(corpus: Corpus, i: int, j: int) -> set[Seed]:
    """The seeds of documents ``i < j`` stating the same facts on both sides
    (:func:`same_facts`, :func:`.fact_seeds.fact_seeds`)."""
    texts = (corpus.docs[i].text, corpus.docs[j].text)
    return facts_seeded(corpus.sentences(i), corpus.sentences(j), texts)


@dataclass(frozen=True)
class EditedPassage:
    """A passage copied with edits (:func:`edited_passage`): its length in words, the
    words of it copied word for word, and the longest of its copied stretches."""

    words: float
    copied: float
    longest: float


def edited_passage(corpus: Corpus, i: int, j: int, found: Counted) -> EditedPassage | None:
    """The longest passage of documents ``i < j`` copied with edits that flags the pair:
    words shuffled, replaced or left out between copied stretches, so that no stretch
    is as long as ``flag_passage_words``, but the passage is.

    It is a whole passage the pair shows (:func:`counted`), as long on both sides as one
    copied passage that flags a pair alone (``flag_passage_words``), holding a stretch
    copied word for word of :data:`SHARE_MIN_PASSAGE_WORDS` words or more, and either
    copied word for word for half of it or more, or matched sentence by sentence for
    ``meaning_sentences`` sentences or more in a pair the meaning layer linked (its
    sentences closer than the class's usual ones): the words confirm the sentences and
    the sentences the words. None when there is no such passage.
    """
    s = corpus.settings
    linked = (i, j) in corpus.meaning
    best: EditedPassage | None = None
    for p in found.whole:
        if p.common:
            continue
        words = min(
            corpus.span_words(i, p.a_start, p.a_end), corpus.span_words(j, p.b_start, p.b_end)
        )
        if words < s.flag_passage_words or (best is not None and words <= best.words):
            continue
        inside = [
            corpus.span_words(i, w.a_start, w.a_end, w.units) for w in found.words if _within(w, p)
        ]
        longest = max(inside, default=0.0)
        copied = min(sum(inside), words)
        reworded = linked and p.sentences >= s.meaning_sentences
        if longest >= SHARE_MIN_PASSAGE_WORDS and (2 * copied >= words or reworded):
            best = EditedPassage(round(words), round(copied), round(longest))
    return best


def _within(w: Passage, p: Passage) -> bool:
    """Whether passage ``w`` lies inside ``p`` on both sides (and is not common text)."""
    return (
        not w.common
        and p.a_start <= w.a_start
        and w.a_end <= p.a_end
        and p.b_start <= w.b_start
        and w.b_end <= p.b_end
    )


def judged_as(p: PairScore, corpus: Corpus, i: int, j: int, names_a: bool) -> PairScore:
    """``p``, the judgement of another pair of the same two contents (the same measure,
    meaning, distance and counts: :meth:`Corpus.pair_kind`), as pair ``i < j``: its
    scores and reasons, the share reason naming ``i``'s student if ``names_a`` (the
    side with the larger share) else ``j``'s. What :func:`judge_pair` gives pair
    ``i, j``, without judging it again (a class of 25 copies of each essay has 18,000
    such pairs)."""
    who = corpus.docs[i if names_a else j].label
    reasons = tuple(r.with_values(name=who) if r.code == "pair.share" else r for r in p.reasons)
    return copy_pair(p, a=i, b=j, reasons=reasons)


def copy_pair(p: PairScore, **changes: object) -> PairScore:
    """``dataclasses.replace`` for the comparison's hot loops: a copy of ``p`` with
    ``changes`` (field names of :class:`PairScore` only), made without calling
    ``__init__`` again (a sixth of the time, for tens of thousands of pairs).

    >>> q = copy_pair(PairScore(0, 1, 0.5, 3, 0.2, 0.3, 0.3), b=2, group=7)
    >>> (q.a, q.b, q.similarity, q.group)
    (0, 2, 0.5, 7)
    """
    if not changes.keys() <= PAIR_FIELDS:
        raise TypeError(f"PairScore has no field {sorted(changes.keys() - PAIR_FIELDS)}")
    out = object.__new__(PairScore)
    out.__dict__.update(p.__dict__)
    out.__dict__.update(changes)
    return out


PAIR_FIELDS = frozenset(PairScore.__dataclass_fields__)


def pair_of(values: Iterable[tuple[str, object]]) -> PairScore:
    """A :class:`PairScore` from ``(field, value)`` pairs naming every field, made as
    :func:`copy_pair` makes its copies (a cached verdict restores 20,000 pairs).

    >>> names = PairScore.__dataclass_fields__
    >>> p = PairScore(0, 1, 0.5, 3, 0.2, 0.3, 0.3)
    >>> pair_of((n, getattr(p, n)) for n in names) == p
    True
    """
    out = object.__new__(PairScore)
    out.__dict__.update(values)
    if out.__dict__.keys() != PAIR_FIELDS:
        raise TypeError(f"a pair needs exactly the fields {sorted(PAIR_FIELDS)}")
    return out


def score_pair(
    corpus: Corpus, i: int, j: int, shared: int, distance: int, jaccard: float
) -> PairScore:
    """Measure and judge documents ``i < j`` in one go (with what the comparison's
    meaning layer found for them, kept in ``corpus.meaning``)."""
    return judge_pair(
        corpus,
        i,
        j,
        measure_pair(corpus, i, j, shared),
        shared=shared,
        set_sizes=(len(corpus.shingle_set(i)), len(corpus.shingle_set(j))),
        distance=distance,
        jaccard=jaccard,
        meaning=corpus.meaning.get((i, j), NOTHING_FOUND),
    )


def _union_length(spans: list[tuple[int, int]]) -> int:
    total, end = 0, -1
    for s, e in sorted(spans):
        if e <= end:
            continue
        total += e - max(s, end)
        end = e
    return total
