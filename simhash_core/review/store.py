"""Where decisions are kept: one SQLite file per user, and a file to hand them on.

Every decision is one row keyed by the two submissions' contents, so it comes back on
the next scan of the same files, in the app and in the CLI, wherever they were
downloaded to. SQLite's journal makes each saved decision survive a kill at any moment,
and its locking lets two windows save into one store (each save is one short
transaction; the later one wins, as the teacher would expect).

The file that carries decisions to a colleague (:func:`write_decisions_file`,
:func:`read_decisions_file`) is JSON; importing it keeps, per pair, the later decision.

>>> import tempfile, pathlib
>>> store = DecisionStore(pathlib.Path(tempfile.mkdtemp()) / "d.sqlite")
>>> store.save(Decision(("h1", "h2"), Verdict.CONFIRMED, note="same errors"))
>>> [d.note for d in store.load()]
['same errors']
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from simhash_core.review.decisions import Decision, Decisions, Reason, Verdict
from simhash_core.review.exclusions import Exclusion, Exclusions
from simhash_core.whole_file import write_whole

FILE_FORMAT = "plagcheck-decisions"
FILE_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS decisions (
    key_a TEXT NOT NULL,
    key_b TEXT NOT NULL,
    verdict TEXT NOT NULL,
    reason TEXT,
    note TEXT NOT NULL DEFAULT '',
    by TEXT NOT NULL DEFAULT '',
    at TEXT NOT NULL DEFAULT '',
    name_a TEXT NOT NULL DEFAULT '',
    name_b TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (key_a, key_b)
) WITHOUT ROWID;
"""

# what a teacher excluded (review.exclusions), one row per target
_EXCLUSIONS_SCHEMA = """
CREATE TABLE IF NOT EXISTS exclusions (
    target TEXT NOT NULL PRIMARY KEY,  -- what it excludes (Exclusion.target, as JSON)
    kind TEXT NOT NULL,
    body TEXT NOT NULL  -- Exclusion.to_json()
) WITHOUT ROWID;
"""


class DecisionStoreError(Exception):
    """The store could not be read or written; the message says why."""


def default_path() -> Path:
    """``decisions.sqlite`` in the user's data folder (``PLAGCHECK_DATA_DIR``
    overrides it)."""
    base = os.environ.get("PLAGCHECK_DATA_DIR")
    if base:
        return Path(base) / "decisions.sqlite"
    import platformdirs

    return Path(platformdirs.user_data_dir("plagcheck")) / "decisions.sqlite"


def _row(d: Decision) -> tuple[Any, ...]:
    reason = d.reason.value if d.reason is not None else None
    return (*d.key, d.verdict.value, reason, d.note, d.by, d.at, *d.names)


def _decision(row: tuple[Any, ...]) -> Decision:
    key_a, key_b, verdict, reason, note, by, at, name_a, name_b = row
    return Decision(
        key=(key_a, key_b),
        verdict=Verdict(verdict),
        reason=Reason(reason) if reason else None,
        note=note,
        by=by,
        at=at,
        names=(name_a, name_b),
    )


class DecisionStore:
    """The decisions kept at ``path`` (made on the first save)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_path()

    @contextlib.contextmanager
    def _connection(self, write: bool) -> Iterator[sqlite3.Connection]:
        if write:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        elif not self.path.exists():
            raise FileNotFoundError(self.path)
        try:
            db = sqlite3.connect(self.path, timeout=15, isolation_level=None)
        except sqlite3.Error as exc:
            raise DecisionStoreError(f"cannot open {self.path}: {exc}") from exc
        try:
            db.execute("PRAGMA journal_mode=DELETE")
            db.execute("PRAGMA synchronous=FULL")
            if write:
                db.execute("BEGIN IMMEDIATE")
                db.execute(_SCHEMA)
                db.execute(_EXCLUSIONS_SCHEMA)
            yield db
            if write:
                db.execute("COMMIT")
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise DecisionStoreError(f"{self.path}: {exc}") from exc
        finally:
            db.close()

    def load(self) -> Decisions:
        """Every decision kept (an empty set before the first save)."""
        try:
            with self._connection(write=False) as db:
                has_table = db.execute(
                    "SELECT 1 FROM sqlite_master WHERE type='table' AND name='decisions'"
                ).fetchone()
                if not has_table:
                    return Decisions()
                rows = db.execute(
                    "SELECT key_a, key_b, verdict, reason, note, by, at, name_a, name_b "
                    "FROM decisions ORDER BY key_a, key_b"
                ).fetchall()
        except FileNotFoundError:
            return Decisions()
        return Decisions(_decision(r) for r in rows)

    def save(self, decision: Decision) -> None:
        """Keep ``decision`` (replacing the pair's earlier one). An unreviewed decision
        without a note removes the pair's row: there is nothing to keep."""
        self.save_all([decision])

    def save_all(self, decisions: Iterable[Decision]) -> None:
        """Keep every decision of ``decisions`` in one transaction."""
        with self._connection(write=True) as db:
            for d in decisions:
                if d.verdict is Verdict.UNREVIEWED and not d.note:
                    db.execute("DELETE FROM decisions WHERE key_a=? AND key_b=?", d.key)
                else:
                    db.execute(
                        "INSERT OR REPLACE INTO decisions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        _row(d),
                    )

    def load_exclusions(self) -> Exclusions:
        """Every exclusion kept (none before the first save)."""
        try:
            with self._connection(write=False) as db:
                has_table = db.execute(
                    "SELECT 1 FROM sqlite_master WHERE type='table' AND name='exclusions'"
                ).fetchone()
                if not has_table:
                    return Exclusions()
                rows = db.execute("SELECT body FROM exclusions ORDER BY target").fetchall()
        except FileNotFoundError:
            return Exclusions()
        return Exclusions.of(Exclusion.from_json(json.loads(body)) for (body,) in rows)

    def save_exclusion(self, exclusion: Exclusion) -> None:
        """Keep ``exclusion`` (replacing the one with its target)."""
        self.save_exclusions([exclusion])

    def save_exclusions(self, exclusions: Iterable[Exclusion]) -> None:
        """Keep every exclusion of ``exclusions`` in one transaction."""
        with self._connection(write=True) as db:
            for e in exclusions:
                db.execute(
                    "INSERT OR REPLACE INTO exclusions VALUES (?, ?, ?)",
                    (_target(e), e.kind.value, json.dumps(e.to_json(), ensure_ascii=False)),
                )

    def remove_exclusion(self, exclusion: Exclusion) -> None:
        """Forget the exclusion with ``exclusion``'s target (the pairs count it again)."""
        with self._connection(write=True) as db:
            db.execute("DELETE FROM exclusions WHERE target=?", (_target(exclusion),))

    def merge_exclusions(self, exclusions: Iterable[Exclusion]) -> int:
        """Import ``exclusions``: per target, the later one (by :attr:`Exclusion.at`)
        is kept. Returns how many were taken."""
        kept = {e.target: e for e in self.load_exclusions()}
        taken = [e for e in exclusions if e.target not in kept or e.at > kept[e.target].at]
        if taken:
            self.save_exclusions(taken)
        return len(taken)

    def merge(self, decisions: Iterable[Decision]) -> int:
        """Import ``decisions``: per pair, the later one (by :attr:`Decision.at`) is
        kept. Returns how many were taken."""
        kept = {d.key: d for d in self.load()}
        taken = [d for d in decisions if d.key not in kept or d.at > kept[d.key].at]
        if taken:
            self.save_all(taken)
        return len(taken)


def _target(e: Exclusion) -> str:
    """An exclusion's target as the store's key."""
    return json.dumps(e.target, ensure_ascii=False)


def decisions_json(
    decisions: Iterable[Decision], exclusions: Iterable[Exclusion] = ()
) -> dict[str, Any]:
    """Decisions as the file that carries them (sorted: the same decisions always give
    the same file), with an ``"exclusions"`` list when there are any."""
    out: dict[str, Any] = {
        "format": FILE_FORMAT,
        "version": FILE_VERSION,
        "decisions": [d.to_json() for d in sorted(decisions, key=lambda d: d.key)],
    }
    kept = Exclusions.of(exclusions)
    if kept:
        out["exclusions"] = kept.to_json()
    return out


def write_decisions_file(
    decisions: Iterable[Decision], path: Path, exclusions: Iterable[Exclusion] = ()
) -> None:
    """Write ``decisions`` (and ``exclusions``) to ``path`` whole or not at all (a
    temporary file beside it, then renamed over it)."""
    text = json.dumps(decisions_json(decisions, exclusions), ensure_ascii=False, indent=1) + "\n"
    write_whole(path, text.encode("utf-8"))


def read_decisions_file(path: Path) -> list[Decision]:
    """The decisions in a file :func:`write_decisions_file` wrote; ``ValueError`` with
    a sentence when it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path.name} is not a decisions file: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise ValueError(f"{path.name} is not a plagcheck decisions file")
    if data.get("version") != FILE_VERSION:
        raise ValueError(f"{path.name} has decisions of version {data.get('version')}")
    items = data.get("decisions")
    if not isinstance(items, list):
        raise ValueError(f"{path.name} holds no list of decisions")
    return [Decision.from_json(x) for x in items]


def read_exclusions_file(path: Path) -> Exclusions:
    """The exclusions in a decisions file (none when it has no ``"exclusions"`` list);
    ``ValueError`` with a sentence when it is not a decisions file."""
    read_decisions_file(path)  # the same checks, the same sentences
    data = json.loads(path.read_text(encoding="utf-8"))
    items = data.get("exclusions", [])
    if not isinstance(items, list):
        raise ValueError(f"{path.name} holds no list of exclusions")
    return Exclusions.from_json(items)
