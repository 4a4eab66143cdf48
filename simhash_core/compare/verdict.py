"""The judged outcome of comparing one class: the reported pairs (scores, reasons, who
copied from whom, groups), the groups, the reworded and translated passages as
judged, and the class's shared texts. The cache keeps it beside the comparison memo,
so a re-scan of unchanged files with unchanged settings neither judges, orients nor
groups again (on a folder where an essay was copied 25 times that was 3 of the 4
seconds of a warm scan), nor looks for the shared texts (a second of 10,000 files).

The key (:func:`verdict_key`) covers everything judging reads: the memo's key (the
contents, the analysis and the measuring settings), every other setting but the number
of workers, what the class says about each file (its path, student, archive label and
properties) and the source of the judging code itself. Encoded as compressed JSON,
never pickle.

>>> from simhash_core.types import ScanSettings
>>> verdict_key("m", ScanSettings(), []) == verdict_key("m", ScanSettings(workers=7), [])
True
>>> verdict_key("m", ScanSettings(), []) == verdict_key("m", ScanSettings(flag_similarity=0.9), [])
False
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from simhash_core.compare.meaning import MeaningFound
from simhash_core.compare.pair_score import pair_of
from simhash_core.messages import Message
from simhash_core.types import (
    Cluster,
    Direction,
    Document,
    PairScore,
    Passage,
    PassageKind,
    ScanSettings,
    SharedPlace,
    SharedText,
)

VERDICT_VERSION = 5  # 4: the files keyed by their repr; 5: summaries have a reason of their own
_NOT_KEYED = frozenset({"workers"})  # settings that cannot change a verdict
# the code that judges: a verdict made by other rules (an update) is never reused
_JUDGING_CODE = (
    "compare",
    "messages.py",
    "report/pair_fields.py",
    "types.py",
    "intake/students.py",
    "text/facts.py",
)


@lru_cache(maxsize=1)
def judging_code_digest() -> str:
    """BLAKE2b of the source of the modules that judge, group and orient pairs: an
    update that changes how a class is judged makes new verdicts (the same files on
    every machine give the same digest).

    >>> len(judging_code_digest())
    32
    """
    root = Path(__file__).resolve().parents[1]
    h = hashlib.blake2b(digest_size=16)
    for f in judging_sources(root):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def judging_sources(root: Path) -> list[Path]:
    """The source files of the judging code below the package folder ``root`` (a frozen
    bundle carries them as data for the digest: ``packaging/plagcheck.spec``)."""
    out: list[Path] = []
    for name in _JUDGING_CODE:
        path = root / name
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return out


# taken as the judging code is loaded (this module is imported with it), not when a
# scan first needs it: a process that runs while the code is updated on disk must not
# file its verdicts under the new code's digest
judging_code_digest()


def verdict_key(memo_key: str, settings: ScanSettings, docs: Sequence[Document]) -> str:
    """The cache key of a class's verdict (see the module docstring).

    What the class says about each file is hashed as the ``repr`` of its fields (strings
    quoted and escaped, the student and the metadata as their dataclasses show them),
    one line per file: a tenth of the time of JSON on 100,000 files.

    >>> from dataclasses import replace
    >>> from simhash_core.types import DocumentMeta
    >>> d = Document("a.txt", Path("a.txt"), "", "txt", 0, *([None] * 3), None, ngram=5)
    >>> k = verdict_key("m", ScanSettings(), [d])
    >>> k == verdict_key("m", ScanSettings(), [replace(d, shown="A")])
    False
    >>> k == verdict_key("m", ScanSettings(), [replace(d, meta=DocumentMeta())])
    False
    """
    chosen = {
        f.name: getattr(settings, f.name) for f in fields(settings) if f.name not in _NOT_KEYED
    }
    parts = {
        "v": VERDICT_VERSION,
        "code": judging_code_digest(),
        "memo": memo_key,
        "settings": chosen,
    }
    h = hashlib.blake2b(digest_size=16)
    h.update(json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False).encode("utf-8"))
    # repr escapes every line break (and lone surrogate) inside a string: one file a line
    files = "\n".join(
        [repr((d.path, d.shown, d.files, d.archive_label, d.student, d.meta)) for d in docs]
    )
    h.update(b"\n")
    h.update(files.encode("utf-8"))
    return h.hexdigest()


_PAIR_FIELDS = tuple(f.name for f in fields(PairScore))
_REASONS = _PAIR_FIELDS.index("reasons")
_DIRECTION = _PAIR_FIELDS.index("direction")


class _Messages:
    """Each distinct message stored once and numbered: the pairs of a class repeat the
    same few reasons thousands of times."""

    def __init__(self, table: list[Any] | None = None) -> None:
        self.table: list[Any] = table if table is not None else []
        self._number: dict[str, int] = {}
        self._decoded: dict[int, Message] = {}

    def number(self, m: Message) -> int:
        data = m.to_json()
        text = json.dumps(data, sort_keys=True, ensure_ascii=False)
        if text not in self._number:
            self._number[text] = len(self.table)
            self.table.append(data)
        return self._number[text]

    def message(self, k: int) -> Message:
        if k not in self._decoded:
            self._decoded[k] = Message.from_json(self.table[k])
        return self._decoded[k]


def _passage(p: Passage) -> list[Any]:
    return [p.a_start, p.a_end, p.b_start, p.b_end, p.units, p.common, p.kind, p.sentences]


def _passage_from(row: list[Any]) -> Passage:
    a0, a1, b0, b1, units, common, kind, sentences = row
    return Passage(a0, a1, b0, b1, units, common, PassageKind(kind), sentences)


def _pair(p: PairScore, messages: _Messages) -> list[Any]:
    row = [getattr(p, name) for name in _PAIR_FIELDS]
    row[_REASONS] = [messages.number(m) for m in p.reasons]
    d = p.direction
    row[_DIRECTION] = None if d is None else [d.source, d.copy, messages.number(d.reason)]
    return row


def _pair_from(row: list[Any], messages: _Messages) -> PairScore:
    row = list(row)
    row[_REASONS] = tuple(messages.message(k) for k in row[_REASONS])
    d = row[_DIRECTION]
    row[_DIRECTION] = None if d is None else Direction(d[0], d[1], messages.message(d[2]))
    return pair_of(zip(_PAIR_FIELDS, row, strict=True))


def _cluster(c: Cluster, messages: _Messages) -> list[Any]:
    reason = messages.number(c.source_reason)
    return [c.id, list(c.members), c.max_similarity, c.likely_source, reason, c.compiler]


def _cluster_from(row: list[Any], messages: _Messages) -> Cluster:
    cid, members, best, source, reason, compiler = row
    return Cluster(cid, tuple(members), best, source, messages.message(reason), compiler)


@dataclass
class Verdict:
    """What judging a class decided (see the module docstring)."""

    pairs: list[PairScore]
    clusters: list[Cluster]
    meaning: dict[tuple[int, int], MeaningFound]
    # what many submissions hold at one place (a whole class's blocks to find again)
    shared_texts: tuple[SharedText, ...] = ()
    # the documents grouped by their text (SameText.labels): without them, the first
    # pair opened would make and hash every document's shingles to group them again
    same_text: list[int] | None = None

    def encode(self) -> bytes:
        messages = _Messages()
        data = {
            "v": VERDICT_VERSION,
            "fields": list(_PAIR_FIELDS),
            "pairs": [_pair(p, messages) for p in self.pairs],
            "clusters": [_cluster(c, messages) for c in self.clusters],
            "meaning": [
                [a, b, [_passage(x) for x in m.passages], m.reworded, m.translated,
                 m.share_a, m.share_b, m.strength, [list(k) for k in m.links]]
                for (a, b), m in sorted(self.meaning.items())
            ],
            "shared": [
                [x.place.value, list(x.documents), [list(s) for s in x.spans], x.words, x.text]
                for x in self.shared_texts
            ],
            "messages": messages.table,
            "same": self.same_text,
        }  # fmt: skip
        return zlib.compress(json.dumps(data, ensure_ascii=False).encode("utf-8"), 6)

    @classmethod
    def decode(cls, blob: bytes) -> Verdict:
        """The verdict in ``blob``; ValueError when it is damaged or of another version
        (or was written when a pair had other fields)."""
        try:
            data = json.loads(zlib.decompress(blob))
            if data.get("v") != VERDICT_VERSION or tuple(data["fields"]) != _PAIR_FIELDS:
                raise ValueError("another verdict version")
            messages = _Messages(data["messages"])
            meaning = {
                (a, b): MeaningFound(
                    tuple(_passage_from(x) for x in passages),
                    reworded,
                    translated,
                    sa,
                    sb,
                    strength,
                    tuple((x, y) for x, y in links),
                )
                for a, b, passages, reworded, translated, sa, sb, strength, links in data["meaning"]
            }
            shared = tuple(
                SharedText(SharedPlace(place), tuple(docs), tuple(tuple(x) for x in spans), w, t)
                for place, docs, spans, w, t in data["shared"]
            )
            return cls(
                [_pair_from(row, messages) for row in data["pairs"]],
                [_cluster_from(row, messages) for row in data["clusters"]],
                meaning,
                shared,
                _labels(data["same"]),
            )
        except (zlib.error, json.JSONDecodeError, KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"damaged verdict: {exc}") from exc


def _labels(data: Any) -> list[int] | None:
    """The stored text labels (SameText.labels), or None; ValueError if they are not
    labels numbered in order of first appearance."""
    if data is None:
        return None
    labels = [int(x) for x in data]
    top = -1
    for x in labels:
        if x > top + 1 or x < 0:
            raise ValueError("damaged verdict: text labels out of order")
        top = max(top, x)
    return labels
