"""Query and add logic shared by the backends.

A backend stores entries and answers four kinds of lookups (documents sharing a SimHash
block value, a MinHash band key, winnowed shingle keys; signatures by id). This class
turns them into verified candidates, so both backends give the same answers:

* SimHash block hits are kept when the Hamming distance is ``<= k`` (exact);
* MinHash band hits when the signature estimate of Jaccard is ``>= MIN_JACCARD``;
* winnow hits when they share at least ``WINNOW_MIN_SHARED`` keys, the
  ``WINNOW_MAX_CANDIDATES`` with most keys in common (ties by id);
* meaning hits (a source in the other language): the query's language-neutral terms
  (English stems, and the glosses of Chinese words) looked up among the documents of
  the other language, those that at most ``MEANING_MAX_DF`` of the archive holds,
  rarest first, ``MEANING_TERMS`` of them;
  each archived document scores the inverse document frequency ``log(N / df)`` of the
  terms it shares, and the ``MEANING_MAX_CANDIDATES`` best with at least
  ``MEANING_MIN_SHARED`` shared terms are proposed. They are only candidates: the
  meaning layer then aligns sentences and reports nothing unless passages are found.
"""

from __future__ import annotations

import abc
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from simhash_core.archive.base import AddResult, Candidate, LabelInfo
from simhash_core.archive.codec import (
    ArchiveConfig,
    ArchiveEntry,
    Probe,
    StoredDocument,
    entry_from_document,
    probe_for,
    to_document,
)
from simhash_core.archive.errors import LabelError
from simhash_core.fingerprint.minhash import estimate_jaccard
from simhash_core.messages import Message
from simhash_core.progress import Progress, Stage
from simhash_core.types import Document, ScanSettings

MIN_JACCARD = 0.2
WINNOW_MIN_SHARED = 3
WINNOW_MAX_CANDIDATES = 50
MEANING_MAX_DF = 0.02  # share of the archive; a term in more documents says little
MEANING_MIN_DF_CAP = 20  # small archives: terms in up to this many documents are used
MEANING_TERMS = 300
MEANING_MIN_SHARED = 8
MEANING_MAX_CANDIDATES = 5


def check_label(label: str) -> str:
    """A label as stored: stripped, non-empty, one line."""
    if not isinstance(label, str) or not label.strip():
        raise LabelError(Message.of("archive.label-empty"))
    if "\n" in label or "\r" in label:
        raise LabelError(Message.of("archive.label-lines"))
    return label.strip()


def decisions_text(decisions: Mapping[str, Any]) -> str:
    """A label's kept decisions as stored: compact JSON, keys sorted (the same
    decisions are always stored alike).

    >>> decisions_text({"version": 1, "decisions": []})
    '{"decisions":[],"version":1}'
    """
    if not isinstance(decisions, Mapping):
        raise TypeError("decisions are kept as a JSON object")
    return json.dumps(dict(decisions), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def decisions_from(stored: str | bytes | None) -> dict[str, Any] | None:
    """Stored decisions read back (None: none, or not a JSON object: a damaged value
    must not cost the comparison).

    >>> decisions_from('{"decisions":[]}'), decisions_from("{oops"), decisions_from(None)
    ({'decisions': []}, None, None)
    """
    if not stored:
        return None
    try:
        data = json.loads(stored)
    except (ValueError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


class IndexedArchive(abc.ABC):
    """Base of :class:`SQLiteArchive` and :class:`RedisArchive`."""

    location: str
    config: ArchiveConfig
    min_jaccard: float = MIN_JACCARD
    winnow_min_shared: int = WINNOW_MIN_SHARED
    winnow_max_candidates: int = WINNOW_MAX_CANDIDATES

    # ----- adding -----------------------------------------------------------------

    def add(self, doc: Document, label: str, settings: ScanSettings | None = None) -> AddResult:
        """File one document under ``label`` in one transaction."""
        return self.add_many([doc], label, settings)[0]

    def add_many(
        self,
        docs: Iterable[Document],
        label: str,
        settings: ScanSettings | None = None,
        *,
        batch_size: int = 1,
        progress: Progress | None = None,
    ) -> list[AddResult]:
        """File documents under ``label``, ``batch_size`` per transaction.

        With the default of one per transaction, a crash leaves exactly the documents
        whose addition returned.
        """
        docs = list(docs)
        self.config.check_current()
        progress = progress or Progress()
        progress.begin(Stage.ARCHIVE)
        entries = []
        for i, doc in enumerate(docs):
            progress.update(i, len(docs), doc.path)
            entries.append(entry_from_document(doc, self.config, settings))
        return self.add_entries(entries, label, batch_size=batch_size, progress=progress)

    def add_entries(
        self,
        entries: Sequence[ArchiveEntry],
        label: str,
        *,
        batch_size: int = 1,
        progress: Progress | None = None,
    ) -> list[AddResult]:
        """File prepared entries (see :func:`~simhash_core.archive.codec.entries_from_arrays`)."""
        label = check_label(label)
        if batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size}")
        progress = progress or Progress()
        first: dict[str, int] = {}  # content hash -> index of its first entry
        unique: list[ArchiveEntry] = []
        for i, e in enumerate(entries):
            if e.content_hash not in first:
                first[e.content_hash] = i
                unique.append(e)
        written: dict[str, tuple[int, str]] = {}
        for start in range(0, len(unique), batch_size):
            batch = unique[start : start + batch_size]
            for e, outcome in zip(batch, self._write(batch, label), strict=True):
                written[e.content_hash] = outcome
            progress.update(min(start + batch_size, len(unique)), len(unique))
        results = []
        for i, e in enumerate(entries):
            doc_id, status = written[e.content_hash]
            if first[e.content_hash] != i:
                status = "present"
            results.append(AddResult(doc_id, status, e.name))
        return results

    # ----- querying ---------------------------------------------------------------

    def candidates(
        self,
        doc: Document,
        k: int = 3,
        settings: ScanSettings | None = None,
        ignore: np.ndarray | None = None,
    ) -> list[int]:
        """Sorted ids of archived documents near ``doc`` (see :meth:`find`)."""
        return [c.doc_id for c in self.find(doc, k, settings, ignore)]

    def find(
        self,
        doc: Document,
        k: int = 3,
        settings: ScanSettings | None = None,
        ignore: np.ndarray | None = None,
    ) -> list[Candidate]:
        """Verified candidates for ``doc``, analysed with ``settings`` (default
        ``ScanSettings()``); shingles in ``ignore`` are not used for winnowing."""
        self._check_k(k)
        self.config.check_current()
        probe = probe_for(doc, self.config, settings, ignore, self._meaning_sides())
        return self.find_probe(probe, k)

    def find_probe(self, probe: Probe, k: int = 3) -> list[Candidate]:
        """Verified candidates of a probe, sorted by id."""
        self._check_k(k)
        found: dict[int, dict[str, Any]] = {}
        for doc_id, fp in self._block_hits(probe.blocks):
            distance = (int(fp) ^ probe.fingerprint).bit_count()
            if distance <= k:
                found.setdefault(doc_id, {})["distance"] = distance
        if len(probe.bands):
            hits = self._band_hits(probe.bands)
            for doc_id, sig in self._signatures(sorted(hits)).items():
                if sig.shape != probe.minhash.shape:
                    continue
                jaccard = estimate_jaccard(sig, probe.minhash)
                if jaccard >= self.min_jaccard:
                    found.setdefault(doc_id, {})["jaccard"] = jaccard
        if len(probe.winnow):
            counts = self._winnow_hits(probe.winnow)
            ranked = sorted(
                ((c, d) for d, c in counts.items() if c >= self.winnow_min_shared),
                key=lambda cd: (-cd[0], cd[1]),
            )
            for c, doc_id in ranked[: self.winnow_max_candidates]:
                found.setdefault(doc_id, {})["shared"] = c
        if len(probe.meaning):
            for doc_id, score in self._meaning_ranked(probe.meaning):
                found.setdefault(doc_id, {})["meaning"] = score
        return [Candidate(doc_id, **found[doc_id]) for doc_id in sorted(found)]

    def _meaning_ranked(self, terms: np.ndarray) -> list[tuple[int, float]]:
        """``(id, score)`` of the best meaning candidates for a query's terms (see the
        module docstring), best first, ties by id."""
        df = self._meaning_df(terms)
        if not df:
            return []
        n = self.count()
        cap = max(MEANING_MIN_DF_CAP, int(n * MEANING_MAX_DF))
        rare = sorted((f, t) for t, f in df.items() if 0 < f <= cap)[:MEANING_TERMS]
        score: dict[int, float] = {}
        shared: dict[int, int] = {}
        for term, ids in self._meaning_postings([t for _, t in rare]).items():
            weight = math.log((n + 1) / df[term])
            for doc_id in ids:
                score[doc_id] = score.get(doc_id, 0.0) + weight
                shared[doc_id] = shared.get(doc_id, 0) + 1
        ranked = sorted(((-s, d) for d, s in score.items() if shared[d] >= MEANING_MIN_SHARED))
        return [(d, round(-s, 6)) for s, d in ranked[:MEANING_MAX_CANDIDATES]]

    def load(self, ids: Sequence[int], settings: ScanSettings | None = None) -> list[Document]:
        """Archived documents in the order of ``ids`` (missing ids raise KeyError)."""
        ids = [int(i) for i in ids]
        stored = self._read(ids)
        missing = [i for i in ids if i not in stored]
        if missing:
            raise KeyError(f"no archived document with id {missing[0]}")
        return [to_document(stored[i], self.config, settings) for i in ids]

    def _check_k(self, k: int) -> None:
        if not 0 <= k <= self.config.index_k:
            raise ValueError(
                f"k must be between 0 and {self.config.index_k} (the distance this "
                f"archive's SimHash block index was built for), got {k}"
            )

    # ----- context manager ----------------------------------------------------------

    def __enter__(self) -> IndexedArchive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- backend primitives -----------------------------------------------------

    @abc.abstractmethod
    def _write(self, entries: Sequence[ArchiveEntry], label: str) -> list[tuple[int, str]]:
        """File distinct-content entries in one transaction: ``(id, status)`` each."""

    @abc.abstractmethod
    def _block_hits(self, blocks: Sequence[int]) -> list[tuple[int, int]]:
        """``(id, unsigned fingerprint)`` of documents sharing a block value."""

    @abc.abstractmethod
    def _band_hits(self, bands: np.ndarray) -> set[int]:
        """Ids of documents sharing a band key (band ``i`` with band ``i``)."""

    @abc.abstractmethod
    def _signatures(self, ids: Sequence[int]) -> dict[int, np.ndarray]:
        """MinHash signatures by id."""

    @abc.abstractmethod
    def _winnow_hits(self, keys: np.ndarray) -> dict[int, int]:
        """For each document sharing winnow keys, how many of ``keys`` it has."""

    @abc.abstractmethod
    def _meaning_sides(self) -> frozenset[int]:
        """The sides (English, Chinese) some archived document has meaning terms on."""

    @abc.abstractmethod
    def _meaning_df(self, terms: np.ndarray) -> dict[int, int]:
        """How many archived documents hold each of ``terms`` (terms in none left out)."""

    @abc.abstractmethod
    def _meaning_postings(self, terms: Sequence[int]) -> dict[int, list[int]]:
        """The ids of the documents holding each of ``terms``."""

    @abc.abstractmethod
    def _read(self, ids: Sequence[int]) -> dict[int, StoredDocument]:
        """Stored documents by id (missing ids left out)."""

    @abc.abstractmethod
    def labels(self) -> list[LabelInfo]: ...

    @abc.abstractmethod
    def remove_label(self, label: str) -> int: ...

    @abc.abstractmethod
    def count(self) -> int: ...

    @abc.abstractmethod
    def keep_decisions(self, label: str, decisions: Mapping[str, Any]) -> None: ...

    @abc.abstractmethod
    def kept_decisions(self) -> dict[str, dict[str, Any]]: ...

    @abc.abstractmethod
    def storage_bytes(self) -> int: ...

    @abc.abstractmethod
    def check(self) -> list[str]: ...

    @abc.abstractmethod
    def close(self) -> None: ...
