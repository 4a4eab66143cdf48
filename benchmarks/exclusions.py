"""How long applying an exclusion takes (what the app's worker waits for).

    python benchmarks/exclusions.py [--class-zh ../shared/samples/class-zh/submissions]
                                    [--big FOLDER] [--cache FILE]

Scans each folder once (with the fingerprint cache, so that a second run reads no
file), then applies, one at a time, to the scan: the assignment text (the sample's
``template.txt``, which every file of the class holds), a copied passage of the top
pair treated as the assignment text, that pair's longest passage excluded, its first
document excluded as a source, matches under 20 words excluded, and a passage added
after the assignment text (its analyses reused). Prints a Markdown table: seconds,
documents analysed again, pairs measured again (-1: the whole comparison ran again),
flagged pairs before and after; and the scan's own comparison time beside it.
``--big`` is a folder made by ``benchmarks/make_big_class.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SAMPLES = ROOT.parent / "shared" / "samples" / "class-zh"


def _rows(name: str, folder: Path, template: Path, cache_path: Path) -> list[str]:
    from simhash_core.review.evidence import pair_evidence
    from simhash_core.review.exclusions import (
        Exclusions,
        apply_exclusions,
        min_words_exclusion,
        passage_exclusion,
        source_exclusion,
        template_exclusion,
        template_passage_exclusion,
    )
    from simhash_core.scan import scan
    from simhash_core.store.cache import open_cache

    cache, _ = open_cache(cache_path)
    result = scan([folder], cache=cache)
    flagged = sum(p.flagged for p in result.pairs)
    top = result.pairs[0]
    shown = pair_evidence(result, top.a, top.b)
    longest = max(shown.passages, key=lambda p: p.units)
    prompt = template_exclusion(template.read_text(encoding="utf-8")).signed()
    cases = [
        ("assignment text (template.txt)", Exclusions.of([prompt])),
        (
            "a copied passage as the assignment text",
            Exclusions.of(
                [template_passage_exclusion(result, top.a, longest.a_start, longest.a_end).signed()]
            ),
        ),
        (
            "one passage of the top pair",
            Exclusions.of([passage_exclusion(result, top.a, top.b, longest).signed()]),
        ),
        ("a source document", Exclusions.of([source_exclusion(result, top.a).signed()])),
        ("matches under 20 words", Exclusions.of([min_words_exclusion(20).signed()])),
    ]
    out = []
    compare = result.timings.get("compare", 0.0)
    for label, chosen in cases:
        started = time.perf_counter()
        done = apply_exclusions(result, chosen)
        seconds = time.perf_counter() - started
        out.append(_row(name, label, seconds, done, flagged))
    # a passage after the assignment text: its analyses are reused
    first = apply_exclusions(result, Exclusions.of([prompt]))
    more = Exclusions.of([prompt, passage_exclusion(result, top.a, top.b, longest).signed()])
    started = time.perf_counter()
    done = apply_exclusions(first, more)
    seconds = time.perf_counter() - started
    out.append(_row(name, "then one passage more (reused)", seconds, done, flagged))
    docs = len(result.documents)
    out.append(
        f"| {name} ({docs} files) | the scan's comparison, for reference | {compare:.2f} "
        f"| | | {flagged} |"
    )
    return out


def _row(name: str, label: str, seconds: float, done, flagged: int) -> str:
    applied = done.exclusions
    docs = len(done.documents)
    measured = sum(applied.counts.values())
    if applied.counts.get("assignment text: pairs measured", 0) < 0:
        measured = -1
    after = sum(p.flagged for p in done.pairs)
    return (
        f"| {name} ({docs} files) | {label} | {seconds:.2f} | {len(applied.documents)} "
        f"| {measured} | {flagged} → {after} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--class-zh", type=Path, default=SAMPLES / "submissions")
    parser.add_argument("--big", type=Path, default=None)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/plagcheck-exclusions.sqlite"))
    args = parser.parse_args()
    template = SAMPLES / "template.txt"
    print("| class | exclusion | seconds | documents analysed | pairs measured | flagged |")
    print("|---|---|---:|---:|---:|---|")
    for line in _rows("class-zh", args.class_zh, template, args.cache):
        print(line, flush=True)
    if args.big is not None:
        for line in _rows("big", args.big, template, args.cache):
            print(line, flush=True)


if __name__ == "__main__":
    main()
