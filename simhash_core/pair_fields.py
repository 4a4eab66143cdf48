"""What a pair report says about each pair: one definition of its fields.

The pairs CSV and the JSON report write :data:`PAIR_FIELDS` in this order, and the
app's pairs table shows the same fields (in an order of its own, under translated
headers), reading each value through the same :attr:`PairField.value`. A field added
here is in every report, and a test fails until the table shows it too.

>>> [f.key for f in PAIR_FIELDS][:4]
['file_a', 'file_b', 'similarity', 'flagged']
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, NamedTuple

from simhash_core.types import PairScore, ScanResult


class FieldKind(Enum):
    """How a field's value reads: what a report or a table does with it."""

    PATH = "path"  # a document's display path
    SHARE = "share"  # a fraction in [0, 1]
    COUNT = "count"  # a whole number (characters, passages, differing bits)
    FLAG = "flag"  # True or False
    GROUP = "group"  # a group id, or None
    LABEL = "label"  # an archive label, or None
    REASONS = "reasons"  # a tuple of messages.Message


class PairField(NamedTuple):
    key: str  # the column name in the CSV and the JSON
    kind: FieldKind
    value: Callable[[ScanResult, PairScore], Any]  # typed, not formatted


def _label(result: ScanResult, p: PairScore) -> str | None:
    docs = result.documents
    return docs[p.a].archive_label or docs[p.b].archive_label or None


PAIR_FIELDS: tuple[PairField, ...] = (
    PairField("file_a", FieldKind.PATH, lambda r, p: r.documents[p.a].path),
    PairField("file_b", FieldKind.PATH, lambda r, p: r.documents[p.b].path),
    PairField("similarity", FieldKind.SHARE, lambda r, p: p.similarity),
    PairField("flagged", FieldKind.FLAG, lambda r, p: p.flagged),
    PairField("simhash_distance", FieldKind.COUNT, lambda r, p: p.simhash_distance),
    PairField("jaccard", FieldKind.SHARE, lambda r, p: p.jaccard),
    PairField("containment_a", FieldKind.SHARE, lambda r, p: p.containment_a),
    PairField("containment_b", FieldKind.SHARE, lambda r, p: p.containment_b),
    PairField(
        "matched_chars", FieldKind.COUNT, lambda r, p: max(p.matched_chars, p.matched_chars_b)
    ),
    PairField("passages", FieldKind.COUNT, lambda r, p: p.passages),
    PairField("share_a", FieldKind.SHARE, lambda r, p: p.share_a),
    PairField("share_b", FieldKind.SHARE, lambda r, p: p.share_b),
    PairField("reworded_sentences", FieldKind.COUNT, lambda r, p: p.reworded),
    PairField("translated_sentences", FieldKind.COUNT, lambda r, p: p.translated),
    PairField("meaning_share", FieldKind.SHARE, lambda r, p: p.meaning_share),
    PairField("group", FieldKind.GROUP, lambda r, p: p.group),
    PairField("archive_label", FieldKind.LABEL, _label),
    PairField("reasons", FieldKind.REASONS, lambda r, p: p.reasons),
)
PAIR_COLUMNS: list[str] = [f.key for f in PAIR_FIELDS]
FIELD: dict[str, PairField] = {f.key: f for f in PAIR_FIELDS}
