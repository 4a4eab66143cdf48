"""The two real peers of ``quality.py``, run on the texts plagcheck extracted.

* **copydetect** (PyPI): winnowing, as its command line with ``-f``
  (``disable_filtering``: plain text, not code). Every file is both a test and a
  reference file; a pair's score is the larger of its two directions, and it is
  flagged where copydetect's report would show it (above ``display_t``, 0.33). A
  template, when the set has one, is its boilerplate.
* **sim_text** (Debian ``similarity-tester``): ``-r 8 -a -e -p -T``, the exact
  per-pair percentages; a pair's score is the larger of its two percentages and it is
  flagged where sim_text's default display threshold (``-t 20``) shows it. Chinese is
  split into characters first (sim_text tokenises on words); ``-r`` is passed because
  the Debian build's default run length (24) differs from its manual's (8).

Both get the same texts, written once to a temporary folder: the text plagcheck
extracted from each file, so no peer is judged on reading DOCX or PDF. A peer that is
not installed is reported as such, never skipped in silence.
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

Scores = dict[tuple[str, str], tuple[float, bool]]  # (name a, name b) sorted -> (score, flag)

COPYDETECT_HINT = "pip install copydetect"
SIMTEXT_HINT = "apt-get install similarity-tester"
SIMTEXT_RUN = 8
SIMTEXT_SHOWN = 20  # sim_text's default display threshold, in percent
_SIMTEXT_LINE = re.compile(r"^(\S+) consists for (\d+) % of (\S+) material$")
_NON_ASCII = re.compile(r"([^\x00-\x7f])")


def _write(folder: Path, texts: dict[str, str], transform: Callable[[str], str]) -> list[str]:
    """One ``.txt`` per document, named by its index (names may hold spaces)."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for i, text in enumerate(texts.values()):
        name = f"d{i:05d}.txt"
        (folder / name).write_text(transform(text), encoding="utf-8")
        names.append(name)
    return names


def _pairs(keys: Sequence[str]) -> list[tuple[int, int]]:
    return list(itertools.combinations(range(len(keys)), 2))


def copydetect_scores(texts: dict[str, str], template: str | None = None) -> Scores | str:
    """copydetect's score and flag for every pair of ``texts`` (name -> text), or why
    it could not run."""
    try:
        from copydetect import CopyDetector, defaults
    except ImportError:
        return f"not installed ({COPYDETECT_HINT})"
    keys = list(texts)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "docs"
        _write(folder, texts, lambda t: t)
        boilerplate = []
        if template:
            (Path(tmp) / "template").mkdir()
            (Path(tmp) / "template" / "template.txt").write_text(template, encoding="utf-8")
            boilerplate = [str(Path(tmp) / "template")]
        detector = CopyDetector(
            test_dirs=[str(folder)],
            ref_dirs=[str(folder)],
            boilerplate_dirs=boilerplate,
            extensions=["txt"],
            disable_filtering=True,
            autoopen=False,
            silent=True,
        )
        detector.run()
        matrix = detector.similarity_matrix
        test = {Path(f).name: i for i, f in enumerate(detector.test_files)}
        ref = {Path(f).name: j for j, f in enumerate(detector.ref_files)}
    out: Scores = {}
    for a, b in _pairs(keys):
        na, nb = f"d{a:05d}.txt", f"d{b:05d}.txt"
        score = max(float(matrix[test[na], ref[nb], 0]), float(matrix[test[nb], ref[na], 0]), 0.0)
        out[tuple(sorted((keys[a], keys[b])))] = (score, score > defaults.DISPLAY_THRESHOLD)
    return out


def simtext_scores(texts: dict[str, str], split_cjk: bool) -> Scores | str:
    """sim_text's score and flag for every pair of ``texts``, or why it could not run."""
    if shutil.which("sim_text") is None:
        return f"not installed ({SIMTEXT_HINT})"
    keys = list(texts)

    def spaced(text: str) -> str:
        return _NON_ASCII.sub(r" \1 ", text) if split_cjk else text

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        names = _write(folder, texts, spaced)

        def percentages(threshold: int) -> dict[tuple[str, str], int]:
            cmd = ["sim_text", "-r", str(SIMTEXT_RUN), "-a", "-e", "-p", "-T"]
            run = subprocess.run(
                [*cmd, "-t", str(threshold), *names],
                cwd=folder,
                capture_output=True,
                text=True,
                check=True,
            )
            found: dict[tuple[str, str], int] = {}
            for line in run.stdout.splitlines():
                m = _SIMTEXT_LINE.match(line.strip())
                if m:
                    key = (m[1], m[3])
                    found[key] = max(found.get(key, 0), int(m[2]))
            return found

        scores, shown = percentages(1), percentages(SIMTEXT_SHOWN)
    out: Scores = {}
    for a, b in _pairs(keys):
        na, nb = names[a], names[b]
        score = max(scores.get((na, nb), 0), scores.get((nb, na), 0)) / 100
        flagged = (na, nb) in shown or (nb, na) in shown
        out[tuple(sorted((keys[a], keys[b])))] = (score, flagged)
    return out
