"""Documents with the same text, found once where the comparison starts.

One key says that two documents are the same to the comparison: their text, their
shingles and which of them count (template text and excluded regions left out).
Everything the comparison works out for a pair (the shared-shingle tally, the aligned
runs, the measure, the passages, the sentences matched by meaning) depends on those
alone, so a folder in which one essay is handed in by ten students counts, aligns and
multiplies that essay once, and gives each of the ten pairs what it would have got on
its own. What differs between such documents (their names, file properties, archive
labels) is judged per pair.

>>> from simhash_core.compare.same_text import SameText
>>> same = SameText.of_keys([b"a", b"b", b"a"])
>>> same.labels.tolist(), same.first, same.twinned(0), same.twinned(1)
([0, 1, 0], [0, 1], True, False)
>>> same.pair(0, 2), same.pair(1, 2), SameText.of_keys([b"a", b"b"]).pair(0, 1)
((0, 0), (1, 0), None)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simhash_core.memory import drop_mapped_pages
from simhash_core.types import Document


def text_key(doc: Document) -> bytes:
    """A digest of what the comparison reads of ``doc``: its text, its shingles and
    which of them are usable (equal keys compare alike, whatever the files' origins)."""
    h = hashlib.blake2b(digest_size=16)
    text = doc.text.encode("utf-8", "surrogatepass")
    seq = np.ascontiguousarray(doc.shingle_seq)
    for part in (text, seq.tobytes(), np.packbits(doc.usable).tobytes()):
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.digest()


@dataclass(frozen=True)
class SameText:
    """Documents grouped by :func:`text_key`: each document's ``labels`` (its text,
    numbered in order of first appearance), the ``first`` document holding each text,
    and how many documents hold it (``sizes``)."""

    labels: np.ndarray
    first: list[int]
    sizes: np.ndarray

    @classmethod
    def of(cls, docs: Sequence[Document]) -> SameText:
        """The texts of ``docs`` (each read once: a large folder's shingles are mapped
        from the cache, and the pages read for the key are given back)."""
        keys = []
        for i, d in enumerate(docs):
            keys.append(text_key(d))
            drop_mapped_pages(i + 1)
        return cls.of_keys(keys)

    @classmethod
    def of_keys(cls, keys: Sequence[bytes]) -> SameText:
        """Documents grouped by equal ``keys``."""
        labels = np.empty(len(keys), np.int64)
        seen: dict[bytes, int] = {}
        first: list[int] = []
        for i, key in enumerate(keys):
            label = seen.setdefault(key, len(first))
            if label == len(first):
                first.append(i)
            labels[i] = label
        return cls(labels, first, np.bincount(labels, minlength=len(first)))

    @classmethod
    def of_labels(cls, labels: Sequence[int]) -> SameText:
        """The grouping whose :attr:`labels` these are (numbered in order of first
        appearance, as :meth:`of_keys` numbers them).

        >>> same = SameText.of_keys([b"a", b"b", b"a"])
        >>> again = SameText.of_labels(same.labels.tolist())
        >>> again.labels.tolist(), again.first, again.sizes.tolist()
        ([0, 1, 0], [0, 1], [2, 1])
        """
        return cls.of_keys([k.to_bytes(8, "little") for k in labels])

    @classmethod
    def each_alone(cls, n: int) -> SameText:
        """``n`` documents, each its own text (nothing shared)."""
        return cls(np.arange(n, dtype=np.int64), list(range(n)), np.ones(n, np.int64))

    @property
    def shared(self) -> bool:
        """Whether some text is held by more than one document."""
        return len(self.first) < len(self.labels)

    def twinned(self, i: int) -> bool:
        """Whether another document has document ``i``'s text."""
        return bool(self.sizes[self.labels[i]] > 1)

    def pair(self, i: int, j: int) -> tuple[int, int] | None:
        """The pair of texts of documents ``i`` and ``j``: the one key under which pairs
        of the same two texts share what is worked out for them (None when neither
        document has a twin: nothing else would reuse it)."""
        if not (self.twinned(i) or self.twinned(j)):
            return None
        return int(self.labels[i]), int(self.labels[j])
