"""What a report says, as typed data: one model for the HTML and the PDF.

:func:`class_report` reads a :class:`~simhash_core.types.ScanResult` once and decides
everything a reader sees: who is named how (:class:`Names`, anonymous on request), the
settings, the similarity histogram, the groups, the flagged pairs with their passages,
reasons and measures, and the files that could not be read, were skipped or were read
with a warning. The renderers
(:mod:`.html`, :mod:`.pdf`) only lay it out, so both say the same thing, and an
anonymous report cannot leak a name through one of them.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from simhash_core.messages import Message
from simhash_core.report.export import file_problems, percent
from simhash_core.report.pair_fields import FIELD, FieldKind
from simhash_core.review.decisions import (
    DECISION_WORDS,
    OUTDATED_WORD,
    REASON_WORDS,
    VERDICT_WORDS,
    Found,
    Verdict,
    decision_of,
)
from simhash_core.review.evidence import pair_evidence
from simhash_core.translations import Translation, translation
from simhash_core.types import Document, PairScore, PassageKind, ScanResult, ocr_confidence

HISTOGRAM_BINS = 20  # 5% each

Span = tuple[int, int]


@dataclass(frozen=True)
class Names:
    """How documents are named in a report: their paths, or "Student 1…N" (and
    "Archived 1…M") when anonymous. Numbers follow the sorted paths, so the same
    class always gets the same labels.

    >>> names = Names.of(["b/essay.docx", "a/essay.docx"], anonymous=True, word="Student")
    >>> names("a/essay.docx"), names("b/essay.docx")
    ('Student 1', 'Student 2')
    >>> names.scrub("cannot read b/essay.docx: /home/t/b/essay.docx is damaged")
    'cannot read Student 2: … is damaged'

    A student's text often carries their name too ("姓名：张三", a header with the file's
    name). :meth:`redact` blacks out, character for character (so every offset still
    holds), each part of a path that names one student only: "张三" in
    ``张三_作业.docx``, "b" and "s019" in ``b/s019.docx``, but not "essay" or "作业",
    which every student's path has.

    >>> Names.of(["s01_Ann Lee.docx", "s02_Bo Wu.docx"], anonymous=True).redact("By Ann Lee")
    'By ███ ███'
    """

    shown: dict[str, str]
    anonymous: bool = False
    private: tuple[str, ...] = ()  # the path parts that name one student, longest first

    @classmethod
    def of(
        cls,
        paths: Sequence[str],
        *,
        anonymous: bool,
        word: str = "Student",
        archived: Sequence[str] = (),
        archived_word: str = "Archived",
        labels: Mapping[str, str] | None = None,
    ) -> Names:
        """``labels`` maps a path to what a teacher reads (the student): shown as it
        is, or (when anonymous) replaced like the path wherever a message names it."""
        labels = labels or {}
        if not anonymous:
            shown = {p: labels.get(p, p) for p in [*paths, *archived]}
            return cls(shown | {v: v for v in shown.values()})
        shown = {p: f"{word} {i}" for i, p in enumerate(sorted(set(paths)), 1)}
        for i, p in enumerate(sorted(set(archived) - set(shown)), 1):
            shown[p] = f"{archived_word} {i}"
        private = _private_parts(shown)  # from the paths alone: a label repeats them
        by_label = {labels[p]: v for p, v in shown.items() if labels.get(p, p) != p}
        return cls(shown | by_label, anonymous=True, private=private)

    def __call__(self, path: str) -> str:
        return self.shown.get(path, path if not self.anonymous else "…")

    def redact(self, text: str) -> str:
        """``text`` with the parts of students' paths that name them blacked out."""
        if not self.private:
            return text
        return _pattern(self.private).sub(lambda m: "█" * len(m.group(0)), text)

    def scrub(self, text: str) -> str:
        """``text`` with every named path (and file name) replaced by its label, and,
        when anonymous, any other absolute path by "…"."""
        if not self.anonymous:
            return text
        keys = sorted(
            {k: v for p, v in self.shown.items() for k in (p, p.rsplit("/", 1)[-1])}.items(),
            key=lambda kv: -len(kv[0]),
        )
        text = _ABSOLUTE.sub("…", text)
        for old, new in keys:
            text = text.replace(old, new)
        return text


_SPLIT = re.compile(r"[\\/_\-\s.,;()（）\[\]【】·]+")
_SUFFIX = re.compile(r"\.[A-Za-z0-9]{1,5}$")


def _private_parts(shown: dict[str, str]) -> tuple[str, ...]:
    """The parts of the paths (split at separators, the file type dropped) that occur
    in exactly one path: they name a student, where a part every path has does not."""
    owners: dict[str, set[str]] = {}
    for path in shown:
        for part in _SPLIT.split(_SUFFIX.sub("", path)):
            if len(part) >= 2:
                owners.setdefault(part.lower(), set()).add(path)
    parts = [p for p, who in owners.items() if len(who) == 1]
    return tuple(sorted(parts, key=lambda p: (-len(p), p)))


def _pattern(parts: tuple[str, ...]) -> re.Pattern[str]:
    """One regex for the parts: Latin and digits only as whole words, any case."""
    alternatives = [
        re.escape(p) if not p.isascii() else rf"(?<![A-Za-z0-9]){re.escape(p)}(?![A-Za-z0-9])"
        for p in parts
    ]
    return re.compile("|".join(alternatives), re.IGNORECASE)


# an absolute POSIX or Windows path, up to the next space, quote or bracket
_ABSOLUTE = re.compile(r"(?:(?<![\w.])/|\b[A-Za-z]:\\)[^\s'\"()<>，。；]*")


@dataclass(frozen=True)
class Measure:
    """One measure of a pair, labelled and formatted."""

    label: str
    value: str


@dataclass(frozen=True)
class MarkedPassage:
    """A matched passage of a pair, numbered in the order of A's text."""

    number: int  # 1-based, the same on both sides (its colour is number - 1)
    kind: PassageKind
    a: Span
    b: Span
    common: bool = False  # text much of the class shares: shown grey, not as copying


@dataclass(frozen=True)
class PairSection:
    """Everything the report shows of one flagged pair."""

    number: int
    a: int  # document indices into ScanResult.documents
    b: int
    name_a: str
    name_b: str
    similarity: float
    similarity_text: str
    measures: tuple[Measure, ...]
    reasons: tuple[str, ...]
    passages: tuple[MarkedPassage, ...]
    common_a: tuple[Span, ...] = ()
    common_b: tuple[Span, ...] = ()
    template_a: tuple[Span, ...] = ()
    template_b: tuple[Span, ...] = ()
    group: int | None = None
    reworded: int = 0
    translated: int = 0
    # where OCR read each side's text, and how sure it was ("" for a typed file)
    ocr_a: str = ""
    ocr_b: str = ""
    # the teacher's decision: a key of review.decisions.STATE_WORDS, and its parts as
    # read (decision, reason, note, who, when: those given; none when unreviewed)
    state: str = Verdict.UNREVIEWED.value
    decision: tuple[Measure, ...] = ()
    # what the two files' own properties share (the reasons coded ``meta.*``)
    metadata: tuple[str, ...] = ()

    @property
    def shown_state(self) -> str:
        """What the report's filter sorts the pair under: a key of :data:`FILTERS`."""
        return review_filter(self.state)


@dataclass(frozen=True)
class GroupSummary:
    id: int
    members: tuple[str, ...]
    max_similarity: str
    likely_source: str  # "" when the evidence names none
    source_reason: str  # the evidence, or "direction unknown"

    @property
    def source_text(self) -> str:
        """The source and why, or only the statement when there is no source."""
        if self.likely_source:
            return f"{self.likely_source} ({self.source_reason})"
        return self.source_reason


@dataclass(frozen=True)
class Problem:
    name: str
    problem: str
    reason: str


@dataclass(frozen=True)
class ClassReport:
    """The whole report of one scan."""

    lang: str
    title: str
    generated: str  # the date, ISO
    anonymous: bool
    settings: tuple[Measure, ...]
    counts: tuple[Measure, ...]
    histogram: tuple[int, ...]  # pairs per 5% bin of similarity
    threshold: float  # the flag threshold, for the histogram's marker
    groups: tuple[GroupSummary, ...]
    pairs: tuple[PairSection, ...]
    texts: dict[int, str] = field(default_factory=dict)  # the flagged pairs' documents
    problems: tuple[Problem, ...] = ()
    archive: ArchiveNote | None = None  # None: the scan did not ask for the archive
    # the reported pairs by decision: confirmed, dismissed, to review (FILTERS' order)
    review: tuple[Measure, ...] = ()
    # "class": every flagged or decided pair; "confirmed": the confirmed cases only,
    # laid out for an exam board (the aligned passages, the decision, the metadata)
    kind: str = "class"
    # each shared text (a prompt many students pasted): the sentence and its start
    shared: tuple[tuple[str, str], ...] = ()


SHARED_HINT = (
    "Shared text is not counted. If it is the assignment text, scan again with it as the template."
)
SHARED_EXCERPT = 120  # characters of a shared text a report quotes


def shared_lines(result: ScanResult, t: Translation, names: Names) -> tuple[tuple[str, str], ...]:
    """Each shared text of ``result`` as the reports state it: the sentence in ``t``'s
    language and its start (names redacted as the texts are)."""
    out = []
    for x in result.shared_texts:
        flat = " ".join(names.redact(x.text).split())
        cut = flat if len(flat) <= SHARED_EXCERPT else flat[:SHARED_EXCERPT] + "…"
        out.append((t.message(x.message), cut))
    return tuple(out)


@dataclass(frozen=True)
class ArchiveNote:
    """What the report says about the archive: checked, or asked for and not checked
    (``failed``: shown as a warning, or it reads as "no archived match")."""

    text: str
    failed: bool


def archive_note(result: ScanResult, t: Translation, anonymous: bool = False) -> ArchiveNote | None:
    """The archive line of ``result``'s report, in ``t``'s language; an anonymous
    report names an archive file by its name alone (no folders)."""
    check = result.archive
    if check is None:
        return None
    if anonymous and "://" not in check.location:
        check = replace(check, location=Path(check.location).name)
    return ArchiveNote(t.message(check.message), failed=not check.checked)


# what a report's decision filter offers, and what each reads as (the review states
# "unreviewed" and "outdated" are both "to review": an outdated decision is not applied)
FILTERS = ("confirmed", "dismissed", "review")
FILTER_WORDS = {
    "all": "All",
    "confirmed": VERDICT_WORDS[Verdict.CONFIRMED],
    "dismissed": VERDICT_WORDS[Verdict.DISMISSED],
    "review": "To review",
}


def review_filter(state: str) -> str:
    """The filter a review state falls under.

    >>> review_filter("confirmed"), review_filter("outdated"), review_filter("unreviewed")
    ('confirmed', 'review', 'review')
    """
    return state if state in ("confirmed", "dismissed") else "review"


def decision_parts(
    found: Found | None, t: Translation, names: Names | None = None
) -> tuple[Measure, ...]:
    """A pair's decision as labelled lines: the decision (an outdated one says so),
    why, the note, who and when; only those given. ``names`` blacks out students'
    names in the note of an anonymous report."""
    if found is None:
        return ()
    d = found.decision
    label, because, note_word, by_word, at_word = (t.word(x) for x in DECISION_WORDS)
    verdict = t.word(VERDICT_WORDS[d.verdict])
    if found.outdated:
        verdict = f"{t.word(OUTDATED_WORD)} ({verdict})"
    out = [Measure(label, verdict)]
    if d.reason is not None:
        out.append(Measure(because, t.word(REASON_WORDS[d.reason])))
    note = d.note.strip()
    if note and names is not None and names.anonymous:
        note = names.scrub(names.redact(note))
    if note:
        out.append(Measure(note_word, note))
    if d.by:
        out.append(Measure(by_word, d.by))
    if d.at:
        out.append(Measure(at_word, d.at.replace("T", " ").replace("Z", " UTC")))
    return tuple(out)


def reported(result: ScanResult) -> list[PairScore]:
    """The pairs a class report shows: the flagged ones and those a teacher decided on
    (an outdated decision included), most similar first."""
    chosen = [p for p in result.pairs if p.flagged or decision_of(result, p.a, p.b)]
    return sorted(chosen, key=lambda p: (-p.similarity, p.simhash_distance, p.a, p.b))


def confirmed(result: ScanResult) -> list[PairScore]:
    """The pairs confirmed as copying (an outdated decision is not), most similar first."""
    return [
        p
        for p in reported(result)
        if (f := decision_of(result, p.a, p.b)) is not None and f.verdict is Verdict.CONFIRMED
    ]


def review_counts(sections: Sequence[PairSection], t: Translation) -> tuple[Measure, ...]:
    """How many of the pairs are confirmed, dismissed and still to review."""
    return tuple(
        Measure(t.word(FILTER_WORDS[k]), str(sum(s.shown_state == k for s in sections)))
        for k in FILTERS
    )


def who_headers(t: Translation, anonymous: bool) -> tuple[str, str]:
    """The titles of the two named columns of a pairs table: files, or students."""
    if anonymous:
        return t.word("Student A"), t.word("Student B")
    return t.column("File A"), t.column("File B")


def ranked(pairs: Sequence[PairScore]) -> list[PairScore]:
    """Flagged pairs, most similar first (ties: closer fingerprints, then the order of
    the class)."""
    return sorted(
        (p for p in pairs if p.flagged),
        key=lambda p: (-p.similarity, p.simhash_distance, p.a, p.b),
    )


def histogram(result: ScanResult, bins: int = HISTOGRAM_BINS) -> list[int]:
    """Pairs of the class per similarity bin. Pairs below the reporting floor are not
    kept by the scan; they all have a similarity under 2%, so they are counted in the
    first bin."""
    counts = [0] * bins
    class_docs = sum(1 for d in result.documents if d.archive_label is None)
    within = 0
    for p in result.pairs:
        counts[min(bins - 1, int(p.similarity * bins))] += 1
        docs = result.documents
        within += docs[p.a].archive_label is None and docs[p.b].archive_label is None
    counts[0] += max(0, class_docs * (class_docs - 1) // 2 - within)
    return counts


def _settings(result: ScanResult, t: Translation, names: Names) -> tuple[Measure, ...]:
    s = result.settings
    w = t.word
    rows = [
        Measure(w("Flag at similarity"), f"{s.flag_similarity * 100:g}%"),
        Measure(w("or a passage of at least (words)"), f"{s.flag_passage_words:g}"),
        Measure(w("SimHash distance for near-duplicates"), f"≤ {s.simhash_k}"),
        Measure(w("Shingle size (units)"), str(s.ngram)),
        Measure(w("Reworded passages"), t.yes_no(s.reworded)),
        Measure(w("Translated passages"), t.yes_no(s.translated)),
        Measure(w("Template"), _template_names(result, names) or w("none")),
    ]
    return tuple(rows)


def _template_names(result: ScanResult, names: Names) -> str:
    templates = result.templates
    if names.anonymous:
        return f"{len(templates)}" if templates else ""
    return ", ".join(Path(p).name for p in templates)


def _measures(result: ScanResult, p: PairScore, t: Translation) -> tuple[Measure, ...]:
    keys = (
        "similarity",
        "share_a",
        "share_b",
        "passages",
        "matched_chars",
        "reworded_sentences",
        "translated_sentences",
        "simhash_distance",
        "jaccard",
        "containment_a",
        "containment_b",
    )
    out = []
    for key in (*keys, "ocr_a", "ocr_b"):
        f = FIELD[key]
        value = f.value(result, p)
        if value is None:  # OCR read nothing of that side
            continue
        text = percent(value) if f.kind in (FieldKind.SHARE, FieldKind.OCR) else str(value)
        out.append(Measure(t.column(f.header), text))
    return tuple(out)


def ocr_note(doc: Document, t: Translation, names: Callable[[str], str] | None = None) -> str:
    """Where OCR read a document's text and how sure it was, in ``t``'s language
    (``""`` when it read none)."""
    if not doc.ocr:
        return ""
    places = [t.message(r.where, names) for r in doc.ocr[:8]]
    if len(doc.ocr) > 8:
        places.append("…")
    confidence = ocr_confidence(doc.ocr) or 0.0
    return t.message(
        Message.of(
            "ocr.read-note",
            where=("、" if t.lang == "zh_CN" else ", ").join(places),
            confidence=confidence,
        ),
        names,
    )


def _section(
    result: ScanResult, p: PairScore, number: int, t: Translation, names: Names
) -> PairSection:
    evidence = pair_evidence(result, p.a, p.b, p)
    left, right = evidence.left, evidence.right
    found = decision_of(result, p.a, p.b)
    passages = tuple(
        MarkedPassage(k, x.kind, (x.a_start, x.a_end), (x.b_start, x.b_end), x.common)
        for k, x in enumerate(evidence.passages, 1)
    )
    return PairSection(
        number=number,
        a=p.a,
        b=p.b,
        name_a=names(left.document.path),
        name_b=names(right.document.path),
        similarity=p.similarity,
        similarity_text=percent(p.similarity),
        measures=_measures(result, p, t),
        reasons=tuple(t.message(m, names) for m in evidence.reasons),
        passages=passages,
        common_a=left.common,
        common_b=right.common,
        template_a=left.template,
        template_b=right.template,
        group=p.group,
        reworded=p.reworded,
        translated=p.translated,
        ocr_a=ocr_note(left.document, t, names),
        ocr_b=ocr_note(right.document, t, names),
        state=found.state if found is not None else Verdict.UNREVIEWED.value,
        decision=decision_parts(found, t, names),
        metadata=tuple(t.message(m, names) for m in evidence.reasons if m.code.startswith("meta.")),
    )


def _file_counts(result: ScanResult, t: Translation) -> list[Measure]:
    """How many files were compared and how many could not be read, then (only when
    there are any) how many were read with a warning and how many were skipped: the
    files the problem table lists, each counted under what happened to it."""
    docs = [d for d in result.documents if d.archive_label is None]
    warned = sum(1 for d in docs if d.warnings)
    out = [
        Measure(t.word("Files compared"), str(len(docs))),
        Measure(t.word("Files that could not be read"), str(len(result.errors))),
    ]
    if warned:
        out.append(Measure(t.word("Files read with warnings"), str(warned)))
    if result.skipped:
        out.append(Measure(t.word("Files skipped"), str(len(result.skipped))))
    return out


def class_report(
    result: ScanResult,
    *,
    lang: str | None = None,
    anonymous: bool = False,
    pairs: Sequence[PairScore] | None = None,
    title: str | None = None,
    date: datetime.date | None = None,
    kind: str = "class",
) -> ClassReport:
    """The report of ``result``: its flagged pairs and those a teacher decided on (or
    ``pairs``, e.g. the one pair a teacher selected), in ``lang``, anonymous on
    request. ``kind="confirmed"`` is the confirmed cases only (:func:`confirmed`)."""
    t = translation(lang)
    docs = result.documents
    problems = file_problems(result)
    names = Names.of(
        [d.path for d in docs if d.archive_label is None] + [e.path for e in problems],
        anonymous=anonymous,
        word=t.word("Student"),
        archived=[d.path for d in docs if d.archive_label is not None],
        archived_word=t.word("Archived"),
        labels={d.path: d.label for d in docs},
    )
    if pairs is not None:
        chosen = list(pairs)
    else:
        chosen = confirmed(result) if kind == "confirmed" else reported(result)
    sections = tuple(_section(result, p, k, t, names) for k, p in enumerate(chosen, 1))
    used = sorted({i for s in sections for i in (s.a, s.b)})
    flagged = sum(1 for p in result.pairs if p.flagged)
    counts = (
        *_file_counts(result, t),
        Measure(t.word("Flagged pairs"), str(flagged)),
        Measure(t.word("Groups"), str(len(result.clusters))),
    )
    groups = tuple(
        GroupSummary(
            id=c.id,
            members=tuple(names(docs[m].path) for m in c.members),
            max_similarity=percent(c.max_similarity),
            likely_source=(
                names(docs[c.likely_source].path) if c.likely_source is not None else ""
            ),
            source_reason=t.message(c.source_reason, names),
        )
        for c in result.clusters
    )
    if title is None:
        root = result.root
        title = root.name if root is not None and not anonymous else t.word("Class report")
        if kind == "confirmed":
            title = f"{t.word('Confirmed cases')} · {title}"
    return ClassReport(
        lang=t.lang,
        title=title,
        generated=(date or datetime.date.today()).isoformat(),
        anonymous=anonymous,
        settings=_settings(result, t, names),
        counts=counts,
        histogram=tuple(histogram(result)),
        threshold=result.settings.flag_similarity,
        groups=groups,
        pairs=sections,
        texts={i: names.redact(docs[i].text) for i in used},
        problems=tuple(
            Problem(names(e.path), t.problem(e.code), names.scrub(t.message(e.reason, names)))
            for e in problems
        ),
        archive=archive_note(result, t, anonymous),
        review=review_counts(sections, t),
        kind=kind,
        shared=shared_lines(result, t, names) if kind == "class" else (),
    )
