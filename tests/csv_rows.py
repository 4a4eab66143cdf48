"""Read the readable CSVs back by field key, whatever their language."""

from __future__ import annotations

import csv
from pathlib import Path

from simhash_core.messages import PROBLEM_KINDS
from simhash_core.report.export import ERROR_HEADERS, pair_headers
from simhash_core.report.pair_fields import PAIR_FIELDS
from simhash_core.translations import translation

ERROR_KEYS = ("file", "problem", "reason")


def _read(path: Path, keys: dict[str, str]) -> list[dict[str, str]]:
    with Path(path).open(encoding="utf-8-sig", newline="") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        assert set(header) == set(keys), header
        return [{keys[h]: v for h, v in zip(header, row, strict=True)} for row in reader]


def pair_rows(path: Path, lang: str = "en") -> list[dict[str, str]]:
    """The rows of a pairs CSV, each keyed by :data:`PAIR_FIELDS` keys."""
    headers = pair_headers(translation(lang))
    return _read(path, dict(zip(headers, [f.key for f in PAIR_FIELDS], strict=True)))


def error_rows(path: Path, lang: str = "en") -> list[dict[str, str]]:
    """The rows of an errors CSV keyed ``file``, ``problem``, ``reason``; the problem
    (a translated label in the CSV) as its code, such as ``"too-deep"``."""
    t = translation(lang)
    codes = {t.problem(code): code for code in PROBLEM_KINDS}
    assert len(codes) == len(PROBLEM_KINDS), "two kinds of problem read the same"
    found = _read(path, {t.word(h): k for h, k in zip(ERROR_HEADERS, ERROR_KEYS, strict=True)})
    return [r | {"problem": codes[r["problem"]]} for r in found]


def share(cell: str) -> float:
    """A percent cell ("12.35%") as a fraction."""
    assert cell.endswith("%"), cell
    return float(cell[:-1]) / 100
