"""Small immutable value objects passed between the core's stages and to front ends.

Everything a front end (the CLI or the GUI) shows is one of these, so the GUI can be
tested, exported and reproduced without a display.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np


@dataclass(frozen=True)
class ExtractedText:
    """Plain text read from one file, before normalization.

    ``warnings`` holds non-fatal notes shown to the user (for example that a very large
    file was truncated, or which encoding was detected).
    """

    text: str
    kind: str  # "txt", "docx" or "pdf"
    encoding: str | None = None
    pages: int | None = None
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class FileError:
    """A file that could not be used, with a reason a teacher can act on.

    >>> FileError("a/b.pdf", "encrypted", "encrypted: remove the password").reason
    'encrypted: remove the password'
    """

    path: str  # relative to the scanned root, as shown to the user
    code: str  # short machine-readable kind: "encrypted", "scanned", "corrupt", ...
    reason: str  # human sentence


@dataclass(frozen=True, eq=False)
class Document:
    """One readable submission with everything comparison needs.

    Units are the comparison units (CJK characters, Latin words); ``unit_starts`` and
    ``unit_ends`` are their spans in the *original* ``text``. ``shingle_seq[i]`` hashes
    units ``[i, i + n)``; ``usable[i]`` is False where that shingle is template text or
    an excluded region (references, quotes). ``shingles`` is the sorted unique set of
    usable shingle hashes.
    """

    path: str  # display path, relative to the scanned root (unique within a scan)
    abspath: Path
    text: str  # original extracted text (what the side-by-side view highlights)
    kind: str
    fingerprint: int  # 64-bit SimHash
    minhash: np.ndarray  # uint64 signature
    shingles: np.ndarray  # sorted unique usable uint64 shingle hashes
    shingle_seq: np.ndarray  # uint64 per unit position
    usable: np.ndarray  # bool per shingle position
    unit_starts: np.ndarray  # int32 offsets into text
    unit_ends: np.ndarray  # int32
    terms: dict[str, int] = field(default_factory=dict)  # SimHash feature counts
    keywords: tuple[tuple[str, float], ...] = ()  # weighted features, strongest first
    # exact per-bit SimHash sums over all features (most significant bit first):
    # the fingerprint's bit i is sums[i] > 0, so views can explain every bit
    bit_sums: np.ndarray = field(default_factory=lambda: np.zeros(64))
    mtime: float = 0.0
    content_hash: str = ""
    warnings: tuple[str, ...] = ()
    archive_label: str | None = None

    @property
    def unit_count(self) -> int:
        return len(self.unit_starts)

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]


@dataclass(frozen=True)
class Passage:
    """A matching passage: ``[a_start, a_end)`` of document A's original text matches
    ``[b_start, b_end)`` of B's. ``units`` counts comparison units (CJK characters or
    Latin words) in the match; ``common`` marks text shared by much of the class."""

    a_start: int
    a_end: int
    b_start: int
    b_end: int
    units: int
    common: bool = False


@dataclass(frozen=True)
class PairScore:
    """Every score of one pair of documents (indices into the scan's document list)."""

    a: int
    b: int
    similarity: float  # headline score in [0, 1] used for ranking
    simhash_distance: int
    jaccard: float  # MinHash estimate of shingle Jaccard
    containment_a: float  # share of A's shingles found in B
    containment_b: float
    matched_chars: int = 0  # characters of A's original text inside matching passages
    matched_chars_b: int = 0
    share_a: float = 0.0  # share of A's comparable text inside matching passages
    share_b: float = 0.0
    passages: int = 0
    flagged: bool = False
    reasons: tuple[str, ...] = ()
    group: int | None = None


@dataclass(frozen=True)
class Cluster:
    """A group of near-duplicates found by union-find over flagged pairs."""

    id: int
    members: tuple[int, ...]
    max_similarity: float
    likely_source: int  # document index
    source_reason: str


@dataclass(frozen=True)
class ScanSettings:
    """Every knob that changes results. Defaults are chosen for teachers in general."""

    simhash_k: int = 3
    flag_similarity: float = 0.15
    flag_passage_words: float = 40.0  # longest passage, in word equivalents
    report_floor: float = 0.02
    ngram: int = 5
    min_passage_units: int = 12
    common_share: float = 0.4
    t2s: bool = True
    idf: str = "jieba"  # "jieba" (fixed table) or "corpus" (the scanned folder)
    minhash_perms: int = 128
    exclude_quotes: bool = False
    exclude_references: bool = True
    workers: int = 0  # 0 = one per core


@dataclass
class ScanResult:
    """The outcome of a scan: documents, errors, scores of reported pairs, and groups."""

    root: Path | None
    settings: ScanSettings
    documents: list[Document] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    skipped: list[FileError] = field(default_factory=list)
    pairs: list[PairScore] = field(default_factory=list)
    clusters: list[Cluster] = field(default_factory=list)
    cancelled: bool = False
    timings: dict[str, float] = field(default_factory=dict)
    corpus: Any = None  # compare.Corpus: passages and common text on demand
    matrix: Any = None  # compare.PairMatrix: dense N x N scores (None for huge scans)
    # pair_stream.OtherPairs: with all_pairs, every pair not in ``pairs``, streamed
    other_pairs: Any = None
    # what the user should hear about the run itself, once (a damaged cache was replaced,
    # the cache or the archive could not be used)
    notices: list[str] = field(default_factory=list)
