"""Passage-level accuracy the way PAN 2013 text alignment scores it (plagdet).

The folder ``samples/pan13-obfuscated`` holds suspicious and source documents and PAN's
case files for five kinds of pair (no plagiarism, none, random, cyclic translation and
summary obfuscation). Its ``susp`` and ``src`` documents are scanned as one folder, and
each listed pair's passages (``Corpus.passages``: word for word, reworded, translated)
become PAN detections; ``shared/tools/plagdet.py`` scores them per type: precision,
recall, granularity and plagdet = F1 / log2(1 + granularity).

Beside plagcheck, a **simple baseline** on the same pairs: lower-cased word 4-grams
found in both documents, chained along the text when both sides' gaps are at most 300
characters, kept from 150 characters on both sides (close to PAN 2013's own baseline,
which finds verbatim copies only).
"""

from __future__ import annotations

import csv
import difflib
import json
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import numpy as np

from simhash_core.scan import scan
from simhash_core.types import ScanResult, ScanSettings

SET = "pan13-obfuscated"
Detection = dict  # {"susp", "src", "this": [start, end], "source": [start, end]}

_WORD = re.compile(r"[^\W_]+")
_GRAM = 4
_GAP = 300
_MIN_CHARS = 150


def listed_pairs(root: Path) -> list[tuple[str, str, str]]:
    """``(type, susp, src)`` of every pair of ``pairs.tsv``."""
    with (root / "pairs.tsv").open(encoding="utf-8") as fh:
        return [(r["type"], r["susp"], r["src"]) for r in csv.DictReader(fh, delimiter="\t")]


def file_offsets(text: str, raw: str) -> np.ndarray:
    """For each offset into ``text`` (the extracted text: control characters left out),
    the offset into ``raw`` (the file's own text, which PAN's offsets count)."""
    out = np.zeros(len(text) + 1, np.int64)
    matcher = difflib.SequenceMatcher(None, text, raw, autojunk=False)
    for a, b, size in matcher.get_matching_blocks():
        out[a : a + size + 1] = np.arange(b, b + size + 1)
    return out


def plagcheck_detections(
    result: ScanResult, pairs: list[tuple[str, str, str]], root: Path
) -> list[Detection]:
    """Each listed pair's passages as detections, suspicious side first, at the
    offsets of the files' own text."""
    where = {Path(d.path).name: k for k, d in enumerate(result.documents)}
    maps: dict[int, np.ndarray] = {}
    for k, d in enumerate(result.documents):
        raw = (root / Path(d.path)).read_text(encoding="utf-8")
        if raw != d.text:
            maps[k] = file_offsets(d.text, raw)
    out = []
    for _, susp, src in pairs:
        if susp not in where or src not in where:  # a file that could not be read
            continue
        i, j = where[susp], where[src]
        lo, hi = min(i, j), max(i, j)
        for p in result.corpus.passages(lo, hi):
            a, b = _in_file(maps, lo, p.a_start, p.a_end), _in_file(maps, hi, p.b_start, p.b_end)
            this, source = (a, b) if i == lo else (b, a)
            if this[1] > this[0] and source[1] > source[0]:
                out.append({"susp": susp, "src": src, "this": this, "source": source})
    return out


def has_case(root: Path, kind: str, susp: str, src: str) -> bool:
    """Whether PAN's case file of a listed pair holds a reused passage (20 summary pairs
    have none: their texts are on other topics)."""
    xml = root / "cases" / kind / f"{Path(susp).stem}-{Path(src).stem}.xml"
    return xml.exists() and 'name="plagiarism"' in xml.read_text(encoding="utf-8")


def flag_counts(
    result: ScanResult, pairs: list[tuple[str, str, str]], root: Path
) -> dict[str, tuple[int, int]]:
    """Per type (summary pairs with and without a case apart): listed pairs flagged, and
    listed pairs read."""
    where = {Path(d.path).name: k for k, d in enumerate(result.documents)}
    flagged = {(p.a, p.b) for p in result.pairs if p.flagged}
    out: dict[str, tuple[int, int]] = {}
    for kind, susp, src in pairs:
        if susp not in where or src not in where:
            continue
        cased = has_case(root, kind, susp, src) or kind.startswith("01")
        name = kind if cased else f"{kind} (no case)"
        i, j = sorted((where[susp], where[src]))
        hit, total = out.get(name, (0, 0))
        out[name] = (hit + ((i, j) in flagged), total + 1)
    return out


def _in_file(maps: dict[int, np.ndarray], doc: int, start: int, end: int) -> list[int]:
    """``[start, end)`` of document ``doc``'s text at its file's offsets."""
    where = maps.get(doc)
    return [start, end] if where is None else [int(where[start]), int(where[end])]


def _grams(text: str) -> dict[tuple[str, ...], list[tuple[int, int]]]:
    """Every word 4-gram of ``text`` (lower case) and its character spans."""
    words = [(m.group().lower(), m.start(), m.end()) for m in _WORD.finditer(text)]
    out: dict[tuple[str, ...], list[tuple[int, int]]] = defaultdict(list)
    for k in range(len(words) - _GRAM + 1):
        key = tuple(w for w, _, _ in words[k : k + _GRAM])
        out[key].append((words[k][1], words[k + _GRAM - 1][2]))
    return out


def baseline_pair(susp: str, src: str) -> list[tuple[list[int], list[int]]]:
    """The simple baseline's passages of one pair: shared 4-grams chained in order."""
    source = _grams(src)
    seeds = sorted(
        (t, s)
        for key, spans in _grams(susp).items()
        if key in source
        for t in spans
        for s in source[key][:8]
    )
    chains: list[list[list[int]]] = []
    for (t0, t1), (s0, s1) in seeds:
        for c in chains:
            if t0 <= c[0][1] + _GAP and c[1][0] - _GAP <= s0 <= c[1][1] + _GAP:
                c[0][1], c[1] = max(c[0][1], t1), [min(c[1][0], s0), max(c[1][1], s1)]
                break
        else:
            chains.append([[t0, t1], [s0, s1]])
    return [(t, s) for t, s in chains if t[1] - t[0] >= _MIN_CHARS and s[1] - s[0] >= _MIN_CHARS]


def baseline_detections(root: Path, pairs: list[tuple[str, str, str]]) -> list[Detection]:
    """The simple baseline on every listed pair."""
    out = []
    for _, susp, src in pairs:
        a = (root / "susp" / susp).read_text(encoding="utf-8")
        b = (root / "src" / src).read_text(encoding="utf-8")
        for t, s in baseline_pair(a, b):
            out.append({"susp": susp, "src": src, "this": t, "source": s})
    return out


def plagdet_rows(tool: Path, cases: Path, detections: list[Detection]) -> list[dict]:
    """``plagdet.py``'s table (one row per type and ``overall``) for ``detections``."""
    with tempfile.TemporaryDirectory() as tmp:
        dets, table = Path(tmp) / "dets.jsonl", Path(tmp) / "table.json"
        dets.write_text("".join(json.dumps(d) + "\n" for d in detections), encoding="utf-8")
        subprocess.run(
            [sys.executable, str(tool), str(cases), str(dets), "--json", str(table), "--quiet"],
            check=True,
            capture_output=True,
        )
        data = json.loads(table.read_text(encoding="utf-8"))
    return data["rows"] if isinstance(data, dict) else data


def plagdet_table(samples: Path, workers: int = 0) -> dict[str, list[dict]] | None:
    """Scan the set, score plagcheck and the baseline, print one table; the rows."""
    root, tool = samples / SET, samples.parent / "tools" / "plagdet.py"
    if not root.is_dir() or not tool.exists():
        print(f"\n## {SET}: not found (needs {root} and {tool})")
        return None
    pairs = listed_pairs(root)
    result = scan([root / "susp", root / "src"], [], ScanSettings(workers=workers), all_pairs=True)
    rows = {
        "plagcheck": plagdet_rows(tool, root / "cases", plagcheck_detections(result, pairs, root)),
        "baseline": plagdet_rows(tool, root / "cases", baseline_detections(root, pairs)),
    }
    print(f"\n## {SET}: the listed pairs flagged, one scan of its {len(result.documents)} files\n")
    print("| type | flagged | of |")
    print("|---|---|---|")
    for name, (hit, total) in sorted(flag_counts(result, pairs, root).items()):
        print(f"| {name} | {hit} | {total} |")
    print(f"\n## {SET}: passages scored by plagdet (PAN 2013), {len(pairs)} pairs\n")
    print("| type | tool | detections | precision | recall | granularity | plagdet |")
    print("|---|---|---|---|---|---|---|")
    for k in range(len(rows["plagcheck"])):
        for tool_name, table in rows.items():
            r = table[k]
            print(
                f"| {r['type']} | {tool_name} | {r['detections']} | {r['precision']:.3f} "
                f"| {r['recall']:.3f} | {r['granularity']:.3f} | {r['plagdet']:.3f} |"
            )
    return rows
