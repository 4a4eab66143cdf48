"""Where the shared, labelled sample folders are (``../shared/samples`` beside the clone)."""

import csv
from functools import cache
from pathlib import Path

import pytest

SAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "samples"
CLASS_ZH = SAMPLES / "class-zh"
PAN13 = SAMPLES / "pan13-en"

# a test that needs the samples fails without them, never skips (the fixture is in
# tests/conftest.py)
needs_samples = pytest.mark.usefixtures("samples_present")


def truth(folder: Path) -> dict[tuple[str, str], str]:
    with (folder / "truth.csv").open(encoding="utf-8") as fh:
        return {tuple(sorted((r["file_a"], r["file_b"]))): r["label"] for r in csv.DictReader(fh)}


@cache
def scanned(folder: Path) -> list:
    """The documents of ``folder`` read in this process (no workers), not compared:
    once per test session."""
    from simhash_core.scan import scan

    return scan([folder], isolate=False, compare=False).documents
