"""What every archive backend offers (:class:`ArchiveStore`) and the small values it
returns. The shared query logic lives in :mod:`simhash_core.archive.indexed`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np

from simhash_core.archive.codec import ArchiveConfig, Probe
from simhash_core.archive.errors import ArchiveError
from simhash_core.progress import Progress
from simhash_core.types import Document, ScanSettings

__all__ = ["AddResult", "ArchiveError", "ArchiveStore", "Candidate", "LabelInfo"]


@dataclass(frozen=True)
class AddResult:
    """What adding one document did.

    ``status`` is ``"added"`` (new content), ``"labelled"`` (the same content was
    archived under another label; this label is recorded too) or ``"present"`` (already
    archived under this label: nothing changed).
    """

    doc_id: int
    status: str
    path: str


@dataclass(frozen=True)
class LabelInfo:
    """One label of the archive: how many documents carry it and their stored size."""

    label: str
    documents: int
    size_bytes: int


@dataclass(frozen=True)
class Candidate:
    """An archived document worth comparing with a query, and why.

    ``distance`` is set when the SimHash fingerprints are within the query's ``k``;
    ``jaccard`` when MinHash LSH proposed it and the estimate passed; ``shared`` is the
    number of winnowed shingle keys in common when that source proposed it;
    ``meaning`` the weight of the rare language-neutral terms in common when the
    meaning index proposed it (a source in the other language).
    """

    doc_id: int
    distance: int | None = None
    jaccard: float | None = None
    shared: int = 0
    meaning: float | None = None

    @property
    def sources(self) -> tuple[str, ...]:
        found = []
        if self.distance is not None:
            found.append("simhash")
        if self.jaccard is not None:
            found.append("minhash")
        if self.shared:
            found.append("winnow")
        if self.meaning is not None:
            found.append("meaning")
        return tuple(found)


@runtime_checkable
class ArchiveStore(Protocol):
    """An archive of past submissions (SQLite file or Redis server).

    Documents are filed once per content hash; each carries one or more labels
    (course and term). Candidates come from index lookups only, never a scan of every
    archived document, and are verified before they are returned.
    """

    location: str
    config: ArchiveConfig

    def add(self, doc: Document, label: str, settings: ScanSettings | None = None) -> AddResult:
        """File one document under ``label`` (one transaction)."""
        ...

    def add_many(
        self,
        docs: Iterable[Document],
        label: str,
        settings: ScanSettings | None = None,
        *,
        batch_size: int = 1,
        progress: Progress | None = None,
    ) -> list[AddResult]:
        """File documents, ``batch_size`` per transaction (1: each its own)."""
        ...

    def candidates(
        self,
        doc: Document,
        k: int = 3,
        settings: ScanSettings | None = None,
        ignore: np.ndarray | None = None,
    ) -> list[int]:
        """Ids of archived documents near ``doc`` (sorted)."""
        ...

    def find(
        self,
        doc: Document,
        k: int = 3,
        settings: ScanSettings | None = None,
        ignore: np.ndarray | None = None,
    ) -> list[Candidate]:
        """Like :meth:`candidates`, with the evidence for each."""
        ...

    def find_probe(self, probe: Probe, k: int = 3) -> list[Candidate]:
        """Candidates of an already computed probe."""
        ...

    def load(self, ids: Sequence[int], settings: ScanSettings | None = None) -> list[Document]:
        """Archived documents, in the order of ``ids``, with ``archive_label`` set."""
        ...

    def labels(self) -> list[LabelInfo]:
        """Every label with its document count and stored size, by name."""
        ...

    def remove_label(self, label: str) -> int:
        """Drop ``label`` and the decisions kept with it; documents left without a
        label are deleted. Returns how many documents carried it."""
        ...

    def keep_decisions(self, label: str, decisions: Mapping[str, Any]) -> None:
        """Keep with ``label`` the teacher's decisions on its documents: the JSON
        object of a decisions file (``review.store.decisions_json``: decisions and
        exclusions), replacing what the label kept; an empty object keeps none."""
        ...

    def kept_decisions(self) -> dict[str, dict[str, Any]]:
        """Every label's kept decisions (as :meth:`keep_decisions` was given them),
        by label; labels that keep none are left out."""
        ...

    def count(self) -> int:
        """Number of archived documents (distinct contents)."""
        ...

    def storage_bytes(self) -> int:
        """Disk (SQLite) or memory (Redis) used by the whole archive."""
        ...

    def check(self) -> list[str]:
        """Integrity problems found (empty when the archive is consistent)."""
        ...

    def close(self) -> None:
        """Release the connection."""
        ...

    def __enter__(self) -> ArchiveStore: ...

    def __exit__(self, *exc: object) -> None: ...
