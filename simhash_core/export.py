"""Reports: pairs CSV, errors CSV and JSON, written safely.

* CSV is UTF-8 with a BOM so Excel opens Chinese names correctly.
* Cells starting with ``=``, ``+``, ``-``, ``@``, tab or carriage return are prefixed
  with ``'`` (OWASP CSV injection): file names are chosen by students.
* Files are written to a temporary file in the same folder and renamed, so a crash
  never leaves half a report.

>>> safe_cell('=HYPERLINK("x")')
'\\'=HYPERLINK("x")'
>>> safe_cell(-0.5), safe_cell("s01.docx")
(-0.5, 's01.docx')
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from simhash_core.types import FileError, PairScore, ScanResult

PAIR_COLUMNS = [
    "file_a",
    "file_b",
    "similarity",
    "flagged",
    "simhash_distance",
    "jaccard",
    "containment_a",
    "containment_b",
    "matched_chars",
    "passages",
    "share_a",
    "share_b",
    "group",
    "archive_label",
    "reasons",
]
ERROR_COLUMNS = ["file", "problem", "reason"]
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """Neutralise a text cell that a spreadsheet would run as a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def atomic_write_text(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` through a temporary file and an atomic rename."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """CSV with a UTF-8 BOM, every cell neutralised."""
    buf = io.StringIO()
    buf.write("\ufeff")
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe_cell(c) for c in row])
    return buf.getvalue()


def _fmt(x: float) -> str:
    return f"{x:.4f}"


def pair_row(result: ScanResult, p: PairScore) -> list[Any]:
    """One pairs-CSV row, in :data:`PAIR_COLUMNS` order."""
    a, b = result.documents[p.a], result.documents[p.b]
    label = a.archive_label or b.archive_label or ""
    return [
        a.path,
        b.path,
        _fmt(p.similarity),
        "yes" if p.flagged else "no",
        p.simhash_distance,
        _fmt(p.jaccard),
        _fmt(p.containment_a),
        _fmt(p.containment_b),
        max(p.matched_chars, p.matched_chars_b),
        p.passages,
        _fmt(p.share_a),
        _fmt(p.share_b),
        p.group if p.group is not None else "",
        label,
        "; ".join(p.reasons),
    ]


def file_problems(result: ScanResult) -> list[FileError]:
    """Every file the teacher should know about: unreadable, skipped, or read with a
    warning (e.g. truncated), in that order; what the errors sheet lists."""
    warnings = [
        FileError(d.path, "warning", w)
        for d in result.documents
        if d.archive_label is None
        for w in d.warnings
    ]
    return [*result.errors, *result.skipped, *warnings]


def error_rows(errors: Iterable[FileError]) -> list[list[str]]:
    return [[e.path, e.code, e.reason] for e in errors]


def errors_path_for(csv_path: Path) -> Path:
    """The errors sheet written next to a pairs CSV: ``out.csv`` -> ``out-errors.csv``."""
    csv_path = Path(csv_path)
    return csv_path.with_name(f"{csv_path.stem}-errors{csv_path.suffix or '.csv'}")


def write_pairs_csv(
    result: ScanResult, path: Path, pairs: Sequence[PairScore] | None = None
) -> Path:
    """Write the pairs CSV and the errors CSV beside it; returns the errors path."""
    rows = [pair_row(result, p) for p in (result.pairs if pairs is None else pairs)]
    atomic_write_text(Path(path), csv_text(PAIR_COLUMNS, rows))
    err = errors_path_for(Path(path))
    atomic_write_text(err, csv_text(ERROR_COLUMNS, error_rows(file_problems(result))))
    return err


def result_dict(result: ScanResult) -> dict[str, Any]:
    """Everything in a scan as plain JSON-able data."""
    return {
        "settings": vars(result.settings),
        "documents": [
            {
                "path": d.path,
                "kind": d.kind,
                "fingerprint": f"{d.fingerprint:016x}",
                "units": d.unit_count,
                "warnings": list(d.warnings),
                "archive_label": d.archive_label,
            }
            for d in result.documents
        ],
        "errors": [vars(e) for e in result.errors],
        "skipped": [vars(e) for e in result.skipped],
        "pairs": [dict(zip(PAIR_COLUMNS, pair_row(result, p), strict=True)) for p in result.pairs],
        "groups": [
            {
                "group": c.id,
                "members": [result.documents[m].path for m in c.members],
                "max_similarity": c.max_similarity,
                "likely_source": result.documents[c.likely_source].path,
                "source_reason": c.source_reason,
            }
            for c in result.clusters
        ],
        "cancelled": result.cancelled,
    }


def write_json(result: ScanResult, path: Path) -> None:
    atomic_write_text(Path(path), json.dumps(result_dict(result), ensure_ascii=False, indent=2))
