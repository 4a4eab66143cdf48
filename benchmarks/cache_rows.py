"""What the fingerprint cache holds per file: each table's pages and columns, and the
parts of the analyses' rows, in bytes per file read (any cache version's tables; the
parts of the rows for this version's format).

    python benchmarks/cache_rows.py CACHE.sqlite

Fill a cache first, e.g. ``PLAGCHECK_CACHE_DIR=/tmp/c plagcheck scan FOLDER`` (the
benchmark class of ``make_big_class.py``, the English texts of ``make_pan_folder.py``).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def table_sizes(db: sqlite3.Connection, files: int) -> None:
    """Each table's (and index's) pages and payload, then each column's bytes."""
    print(f"{'table or index':34} {'pages':>8} {'payload':>8}  (bytes per file)")
    rows = db.execute(
        "SELECT name, sum(pgsize), sum(payload) FROM dbstat GROUP BY name ORDER BY 2 DESC"
    ).fetchall()
    for name, pages, payload in rows:
        print(f"{name:34} {pages / files:8.0f} {payload / files:8.0f}")
    print(f"\n{'column':34} {'bytes':>8}")
    tables = [t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        for col in [r[1] for r in db.execute(f'PRAGMA table_info("{table}")')]:
            query = f'SELECT sum(length(CAST("{col}" AS BLOB))) FROM "{table}"'
            (size,) = db.execute(query).fetchone()
            if size:
                print(f"{table + '.' + col:34} {size / files:8.0f}")


def row_parts(db: sqlite3.Connection, files: int) -> None:
    """The parts of this version's analyses rows: each array's bytes as held, and
    alone compressed; the compressed frame and the plain one as stored."""
    from simhash_core.store.cache import _ANALYSES
    from simhash_core.store.codec import _PLAIN, _SMALL
    from simhash_core.store.frames import squeeze, unpack_frame

    held: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    for (arrays,) in db.execute(f"SELECT arrays FROM {_ANALYSES}"):
        (size,) = np.frombuffer(arrays, "<u4", 1).tolist()
        held["(compressed frame, as stored)"] += size
        held["(plain frame, as stored)"] += len(arrays) - 4 - size
        frames = (
            (_SMALL, unpack_frame(arrays[4 : 4 + size], compressed=True)),
            (_PLAIN, unpack_frame(arrays[4 + size :])),
        )
        for names, parts in frames:
            for name, part in zip(names, parts, strict=True):
                raw = np.packbits(part).tobytes() if part.dtype == np.bool_ else part.tobytes()
                held[name] += len(raw)
                alone[name] += len(squeeze(raw)) if raw else 0
    print(f"\n{_ANALYSES}.arrays, by part {'held':>8} {'alone squeezed':>15}")
    for name, size in held.items():
        print(f"  {name:44} {size / files:8.0f} {alone[name] / files:15.0f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cache", type=Path)
    args = ap.parse_args()
    db = sqlite3.connect(f"{args.cache.resolve().as_uri()}?mode=ro", uri=True)
    (files,) = db.execute("SELECT count(*) FROM file_digests").fetchone()
    files = max(files, 1)
    per_file = os.path.getsize(args.cache) / files / 1000
    print(f"{args.cache}: {per_file:.1f} kB per file, {files:,} files\n")
    table_sizes(db, files)
    from simhash_core.store.cache import _ANALYSES

    if db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (_ANALYSES,)).fetchone():
        row_parts(db, files)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
