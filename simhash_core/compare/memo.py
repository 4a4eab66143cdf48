"""What comparing a class cost, kept so that re-scanning it costs almost nothing.

A :class:`ComparisonMemo` holds everything about a set of documents that no threshold
changes: the class's shared-text shingles, each document's comparable units and shingle
count, the shingles shared by each pair and each measured pair's passages
(:class:`~simhash_core.compare.pair_score.PairMeasure`). It is keyed by the documents' content
hashes in scan order and the settings that shape their shingles, so:

* an unchanged folder is re-judged from the memo without aligning a single pair;
* a changed threshold re-judges (and measures only pairs it newly brings in);
* any changed file, n-gram size or shared-text setting gives a new key.

Encoded as raw arrays in an ``.npz`` (no pickle).

>>> m = ComparisonMemo.empty()
>>> m.shared = {(0, 1): 5}
>>> m.measures[(0, 1)] = PairMeasure(0.5, 0.25, 100, 90, 2, 60.0)
>>> m.common = np.array([7], np.uint64)
>>> m.comparable = np.array([10, 20]); m.set_sizes = np.array([8, 16])
>>> back = ComparisonMemo.decode(m.encode())
>>> dict(back.shared), back.measures[(0, 1)].longest_words, back.changed
({(0, 1): 5}, 60.0, False)
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from simhash_core.compare.corpus import SharedCounts
from simhash_core.compare.meaning import (
    PairMeaning,
    decode_meaning,
    encode_meaning,
    meaning_arrays,
)
from simhash_core.compare.pair_score import PairMeasure
from simhash_core.types import ScanSettings

MEMO_VERSION = 7  # 7: a run joins a passage only past it on both sides; 6: no sentence
# saying what the assignment text says is linked
_MEASURE_FIELDS = [f.name for f in fields(PairMeasure)]


def memo_key(analysis_key: str, settings: ScanSettings, content_hashes: list[str]) -> str | None:
    """Key of a comparison: None when a document has no content hash (nothing to trust).

    >>> memo_key("k", ScanSettings(), ["a", "b"]) == memo_key("k", ScanSettings(), ["b", "a"])
    False
    """
    if not all(content_hashes):
        return None
    parts = {
        "v": MEMO_VERSION,
        "analysis": analysis_key,
        "shared_text_files": settings.shared_text_files,
        "min_passage_units": settings.min_passage_units,
        "docs": content_hashes,
    }
    return hashlib.blake2b(json.dumps(parts).encode(), digest_size=16).hexdigest()


@dataclass
class ComparisonMemo:
    """Threshold-free results of comparing one list of documents (see module doc)."""

    common: np.ndarray | None = None
    comparable: np.ndarray | None = None
    set_sizes: np.ndarray | None = None
    shared: Mapping[tuple[int, int], int] | None = None  # a SharedCounts when computed
    measures: dict[tuple[int, int], PairMeasure] = field(default_factory=dict)
    changed: bool = False  # something was added since it was loaded
    # the meaning layer's matched sentences per pair (:attr:`meaning`), made under
    # ``meaning_settings`` (meaning_key of the settings): re-judged, never re-made,
    # while these hold; read from a memo, the arrays they are made from when first
    # asked for (a re-scan restored with its verdict never asks: 100,000 links of
    # 10,000 files took 0.9 s to make)
    _meaning: dict[tuple[int, int], PairMeaning] | None = field(default=None, repr=False)
    _meaning_arrays: dict[str, np.ndarray] | None = field(default=None, repr=False)
    meaning_settings: str = ""

    @property
    def meaning(self) -> dict[tuple[int, int], PairMeaning] | None:
        if self._meaning is None and self._meaning_arrays is not None:
            self._meaning = decode_meaning(self._meaning_arrays)
            self._meaning_arrays = None
        return self._meaning

    @meaning.setter
    def meaning(self, found: dict[tuple[int, int], PairMeaning] | None) -> None:
        self._meaning, self._meaning_arrays = found, None

    @classmethod
    def empty(cls) -> ComparisonMemo:
        return cls()

    @property
    def complete(self) -> bool:
        return not any(
            x is None for x in (self.common, self.comparable, self.set_sizes, self.shared)
        )

    def encode(self) -> bytes:
        if not self.complete:
            raise ValueError("only a complete memo is stored")
        shared, sizes = self.shared, self.set_sizes
        assert shared is not None and sizes is not None  # what complete means
        if not isinstance(shared, SharedCounts):
            keys = sorted(shared)
            shared = SharedCounts.from_pairs(
                len(sizes), np.array(keys, np.int64), np.asarray([shared[p] for p in keys])
            )
        measured = sorted(self.measures)
        arrays: dict[str, Any] = {
            "common": np.asarray(self.common, np.uint64),
            "comparable": np.asarray(self.comparable, np.int64),
            "set_sizes": np.asarray(self.set_sizes, np.int64),
            "shared_pairs": shared.pairs(),
            "shared_counts": shared.counts.astype(np.int64),
            "shared_floor": np.array(shared.floor, np.int64),
            "measured_pairs": np.array(measured, np.int64).reshape(-1, 2),
        }
        for name in _MEASURE_FIELDS:
            arrays[name] = np.array([getattr(self.measures[p], name) for p in measured])
        if self.meaning is not None:
            arrays.update(encode_meaning(self.meaning))
            arrays["meaning_settings"] = np.array(self.meaning_settings)
        buf = io.BytesIO()
        np.savez(buf, **arrays)
        return buf.getvalue()

    @classmethod
    def decode(cls, data: bytes) -> ComparisonMemo:
        """The memo in ``data``; raises ValueError if it is damaged."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as z:
                a = {name: z[name] for name in z.files}
            shared = SharedCounts.from_pairs(
                len(a["set_sizes"]), a["shared_pairs"], a["shared_counts"]
            )
            shared.floor = int(a["shared_floor"]) if "shared_floor" in a else 1
            columns = [a[name].tolist() for name in _MEASURE_FIELDS]
            measures = {
                tuple(p): PairMeasure(*values)
                for p, *values in zip(a["measured_pairs"].tolist(), *columns, strict=True)
            }
            memo = cls(a["common"], a["comparable"], a["set_sizes"], shared, measures)
            if "meaning_settings" in a:
                memo._meaning_arrays = meaning_arrays(a)
                memo.meaning_settings = str(a["meaning_settings"])
            return memo
        except (OSError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"damaged comparison memo: {exc}") from exc
