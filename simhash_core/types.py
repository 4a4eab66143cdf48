"""Small immutable value objects passed between the core's stages and to front ends.

Everything a front end (the CLI or the GUI) shows is one of these, so the GUI can be
tested, exported and reproduced without a display.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field, fields
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


def _ranged(default: Any, low: float, high: float | None = None) -> Any:
    """A settings field whose allowed range is part of its definition."""
    return field(default=default, metadata={"range": (low, high)})


IDF_SOURCES = ("jieba", "corpus")


@dataclass(frozen=True)
class ScanSettings:
    """Every knob that changes results. Defaults are chosen for teachers in general.

    Each number carries its allowed range (:func:`setting_range`), the one place the
    command line's argument checks and the app's spin boxes take their limits from; a
    value out of range is a ``ValueError`` that names the field.

    >>> ScanSettings(simhash_k=13)
    Traceback (most recent call last):
    ValueError: ScanSettings.simhash_k must be between 0 and 12, got 13
    """

    simhash_k: int = _ranged(3, 0, 12)
    flag_similarity: float = _ranged(0.15, 0.01, 1.0)
    flag_passage_words: float = _ranged(40.0, 5, 100_000)  # longest passage, in words
    report_floor: float = _ranged(0.02, 0.0, 1.0)
    ngram: int = _ranged(5, 2, 12)
    min_passage_units: int = _ranged(12, 2, 10_000)
    common_share: float = _ranged(0.4, 0.01, 1.0)
    t2s: bool = True
    idf: str = "jieba"  # "jieba" (fixed table) or "corpus" (the scanned folder)
    minhash_perms: int = _ranged(128, 1, 4096)
    exclude_quotes: bool = False
    exclude_references: bool = True
    workers: int = _ranged(0, 0, 1024)  # 0 = one per core

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if "range" in f.metadata:
                low, high = f.metadata["range"]
                if isinstance(value, bool) or not isinstance(value, numbers.Real):
                    raise ValueError(f"ScanSettings.{f.name} must be a number, got {value!r}")
                if f.type in ("int", int) and value != int(value):
                    raise ValueError(f"ScanSettings.{f.name} must be a whole number, got {value}")
                if not low <= value <= high:
                    raise ValueError(
                        f"ScanSettings.{f.name} must be between {low:g} and {high:g}, got {value:g}"
                    )
            elif f.type in ("bool", bool) and not isinstance(value, bool):
                raise ValueError(f"ScanSettings.{f.name} must be True or False, got {value!r}")
        if self.idf not in IDF_SOURCES:
            raise ValueError(
                f"ScanSettings.idf must be one of {', '.join(IDF_SOURCES)}, got {self.idf!r}"
            )


def setting_range(name: str) -> tuple[float, float]:
    """The allowed ``(low, high)`` of a numeric :class:`ScanSettings` field.

    >>> setting_range("ngram")
    (2, 12)
    """
    for f in fields(ScanSettings):
        if f.name == name and "range" in f.metadata:
            return f.metadata["range"]
    raise KeyError(f"ScanSettings has no numeric field {name!r}")


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
