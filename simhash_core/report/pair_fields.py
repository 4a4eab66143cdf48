"""What a pair report says about each pair: one definition of its fields.

The pairs CSV and the JSON report write :data:`PAIR_FIELDS` in this order, and the
app's pairs table shows the same fields (in an order of its own), reading each value
through the same :attr:`PairField.value` and titling each column with the same
:attr:`PairField.header` and :attr:`PairField.tip`, translated in the ``.ts`` context
``PairField`` (the core reads them through :mod:`simhash_core.translations`). A field
added here is in every report, and a test fails until the table shows it too.

>>> [f.key for f in PAIR_FIELDS][:5]
['file_a', 'file_b', 'student_a', 'student_b', 'similarity']
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, NamedTuple

from simhash_core.review.decisions import Decision, decision_of, review_state
from simhash_core.types import PairScore, ScanResult, ocr_confidence


class FieldKind(Enum):
    """How a field's value reads: what a report or a table does with it."""

    PATH = "path"  # a document's display path
    SHARE = "share"  # a fraction in [0, 1]
    COUNT = "count"  # a whole number (characters, passages, differing bits)
    FLAG = "flag"  # True or False
    GROUP = "group"  # a group id, or None
    LABEL = "label"  # an archive label, or None
    REASONS = "reasons"  # a tuple of messages.Message
    DECISION = "decision"  # a review state: a key of review.decisions.STATE_WORDS
    WHY = "why"  # why it was decided: a review.decisions.Reason's value, or None
    TEXT = "text"  # words a teacher wrote (a note, a name, a time)
    OCR = "ocr"  # how sure OCR was of a document's text it read, or None (none read)


class PairField(NamedTuple):
    key: str  # the field's name in the JSON (and a stable id for the table)
    kind: FieldKind
    value: Callable[[ScanResult, PairScore], Any]  # typed, not formatted
    header: str  # the column's title in English (translated in context "PairField")
    tip: str  # what the column means, in English (the table's header tooltip)


def _student(result: ScanResult, i: int) -> str | None:
    """The student a document's names give (with the file when they handed in
    several), or None."""
    doc = result.documents[i]
    return doc.label if doc.student is not None else None


def _ocr(result: ScanResult, i: int) -> float | None:
    """The mean confidence of the text OCR read in a document, or None if it read none."""
    return ocr_confidence(result.documents[i].ocr)


def _decided(result: ScanResult, p: PairScore) -> Decision | None:
    """The decision in force on the pair (None: unreviewed, or outdated)."""
    found = decision_of(result, p.a, p.b)
    return found.decision if found is not None and not found.outdated else None


def _why(result: ScanResult, p: PairScore) -> str | None:
    d = _decided(result, p)
    return d.reason.value if d is not None and d.reason is not None else None


def _label(result: ScanResult, p: PairScore) -> str | None:
    docs = result.documents
    return docs[p.a].archive_label or docs[p.b].archive_label or None


# The readable fields first (what a teacher reads: who, how much, flagged, why), then
# where the pair belongs, then the technical measures that explain the score.
PAIR_FIELDS: tuple[PairField, ...] = (
    PairField(
        "file_a",
        FieldKind.PATH,
        lambda r, p: r.documents[p.a].path,
        "File A",
        "The first file of the pair",
    ),
    PairField(
        "file_b",
        FieldKind.PATH,
        lambda r, p: r.documents[p.b].path,
        "File B",
        "The second file of the pair",
    ),
    PairField(
        "student_a",
        FieldKind.LABEL,
        lambda r, p: _student(r, p.a),
        "Student A",
        "The student who handed in file A, as the folder and file names say",
    ),
    PairField(
        "student_b",
        FieldKind.LABEL,
        lambda r, p: _student(r, p.b),
        "Student B",
        "The student who handed in file B, as the folder and file names say",
    ),
    PairField(
        "similarity",
        FieldKind.SHARE,
        lambda r, p: p.similarity,
        "Similarity",
        "Share of the more-copied file that is matched text, word for word or by meaning",
    ),
    PairField(
        "flagged",
        FieldKind.FLAG,
        lambda r, p: p.flagged,
        "Flagged",
        "The pair is flagged as likely copying",
    ),
    PairField(
        "reasons",
        FieldKind.REASONS,
        lambda r, p: p.reasons,
        "Why",
        "Why the pair was flagged",
    ),
    PairField(
        "direction",
        FieldKind.REASONS,
        lambda r, p: (p.direction.reason,) if p.direction is not None else (),
        "Who copied",
        "Which file the shared text comes from, and the evidence that shows it; "
        "'unknown' when nothing in the files shows it",
    ),
    PairField(
        "decision",
        FieldKind.DECISION,
        lambda r, p: review_state(r, p.a, p.b),
        "Decision",
        "What the teacher decided: confirmed copying, dismissed, or not reviewed yet "
        "('outdated' when a file changed since the decision)",
    ),
    PairField(
        "decision_reason",
        FieldKind.WHY,
        _why,
        "Decided because",
        "Why the teacher dismissed or confirmed the pair",
    ),
    PairField(
        "decision_note",
        FieldKind.TEXT,
        lambda r, p: d.note if (d := _decided(r, p)) is not None else "",
        "Note",
        "The teacher's note on the pair",
    ),
    PairField(
        "decided_by",
        FieldKind.TEXT,
        lambda r, p: d.by if (d := _decided(r, p)) is not None else "",
        "Decided by",
        "Who made the decision",
    ),
    PairField(
        "decided_at",
        FieldKind.TEXT,
        lambda r, p: d.at if (d := _decided(r, p)) is not None else "",
        "Decided at",
        "When the decision was made (UTC)",
    ),
    PairField(
        "group",
        FieldKind.GROUP,
        lambda r, p: p.group,
        "Group",
        "The group of near-duplicates the flagged pair belongs to",
    ),
    PairField(
        "archive_label",
        FieldKind.LABEL,
        _label,
        "Archive",
        "Where the archived file of the pair comes from",
    ),
    PairField(
        "ocr_a",
        FieldKind.OCR,
        lambda r, p: _ocr(r, p.a),
        "OCR A",
        "Part of file A was read by OCR (a scan, or a picture of text), with this mean "
        "recognition confidence; check its text against the scan",
    ),
    PairField(
        "ocr_b",
        FieldKind.OCR,
        lambda r, p: _ocr(r, p.b),
        "OCR B",
        "Part of file B was read by OCR (a scan, or a picture of text), with this mean "
        "recognition confidence; check its text against the scan",
    ),
    PairField(
        "simhash_distance",
        FieldKind.COUNT,
        lambda r, p: p.simhash_distance,
        "SimHash distance",
        "SimHash distance: bits that differ between the two 64-bit fingerprints "
        "(0 = same fingerprint)",
    ),
    PairField(
        "jaccard",
        FieldKind.SHARE,
        lambda r, p: p.jaccard,
        "Jaccard",
        "Jaccard: shared word sequences over all of both",
    ),
    PairField(
        "containment_a",
        FieldKind.SHARE,
        lambda r, p: p.containment_a,
        "A in B",
        "Containment: share of A's word sequences found in B",
    ),
    PairField(
        "containment_b",
        FieldKind.SHARE,
        lambda r, p: p.containment_b,
        "B in A",
        "Containment: share of B's word sequences found in A",
    ),
    PairField(
        "matched_chars",
        FieldKind.COUNT,
        lambda r, p: max(p.matched_chars, p.matched_chars_b),
        "Matched characters",
        "Characters inside matched passages, word for word, reworded or translated "
        "(the larger side)",
    ),
    PairField(
        "passages",
        FieldKind.COUNT,
        lambda r, p: p.passages,
        "Passages",
        "Number of matched passages: word for word, reworded or translated",
    ),
    PairField(
        "share_a",
        FieldKind.SHARE,
        lambda r, p: p.share_a,
        "Share of A",
        "Share of A's text inside matched passages, word for word or by meaning",
    ),
    PairField(
        "share_b",
        FieldKind.SHARE,
        lambda r, p: p.share_b,
        "Share of B",
        "Share of B's text inside matched passages, word for word or by meaning",
    ),
    PairField(
        "reworded_sentences",
        FieldKind.COUNT,
        lambda r, p: p.reworded,
        "Reworded",
        "Sentences said again in other words, in order (reworded passages)",
    ),
    PairField(
        "translated_sentences",
        FieldKind.COUNT,
        lambda r, p: p.translated,
        "Translated",
        "Sentences translated between Chinese and English, in order",
    ),
    PairField(
        "meaning_share",
        FieldKind.SHARE,
        lambda r, p: p.meaning_share,
        "Same meaning",
        "Share of the more-covered file inside reworded or translated passages",
    ),
)
PAIR_COLUMNS: list[str] = [f.key for f in PAIR_FIELDS]
FIELD: dict[str, PairField] = {f.key: f for f in PAIR_FIELDS}
