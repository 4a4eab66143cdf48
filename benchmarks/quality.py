"""Quality benchmark: run the pipeline on the labelled samples and score it.

    python benchmarks/quality.py [--samples ../shared/samples] [--no-fast] [--check-fast]
                                 [--no-peers]

For each of the five sample sets (the copies that keep the words, class-zh and
pan13-en; the copies that keep only the meaning, translated-zh, paraphrase-en and
paraphrase-zh) it prints recall per label at the default flag, the false-positive
pairs, who copied from whom (the directions stated, checked where the set's truth
knows them), and ROC AUC (plagiarised vs none) of the headline similarity (the matched-passage
share) and of each single measure: SimHash alone (64 - distance), MinHash Jaccard alone
and containment alone. The flags are also checked with the project's copy-free scorer,
``shared/tools/score_pairs.py``, when it is present. Beside plagcheck, the same AUC,
recall per label and false positives for two real peers on the same texts
(``quality_peers.py``: copydetect and sim_text; ``make quality`` installs them).

Then passages, scored the way PAN 2013 text alignment scores them: plagdet per
obfuscation type on ``pan13-obfuscated`` (``pan_passages.py``), beside a simple
word 4-gram baseline (``--no-plagdet`` leaves it out).

``--no-fast`` runs the reference paths instead of the fast ones: jieba instead of
rjieba, pdfminer.six instead of PDFium. ``--check-fast`` runs the benchmark both ways
(in two processes) and says whether the flagged pairs are identical.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pan_passages  # noqa: E402
import quality_peers  # noqa: E402

from simhash_core.compare.meaning import blocking  # noqa: E402
from simhash_core.compare.pair_stream import every_pair  # noqa: E402
from simhash_core.report.export import write_pairs_csv  # noqa: E402
from simhash_core.scan import scan  # noqa: E402
from simhash_core.types import ScanResult, ScanSettings  # noqa: E402

SETS = {
    "class-zh": ("class-zh/submissions", "class-zh/template.txt", "class-zh/truth.csv"),
    "pan13-en": ("pan13-en/documents", None, "pan13-en/truth.csv"),
    # copies that keep only the meaning (issue 19): plagcheck does not find them yet
    "translated-zh": ("translated-zh/documents", None, "translated-zh/truth.csv"),
    "paraphrase-en": ("paraphrase-en/documents", None, "paraphrase-en/truth.csv"),
    "paraphrase-zh": ("paraphrase-zh/documents", None, "paraphrase-zh/truth.csv"),
}
CHINESE_SETS = {"class-zh", "translated-zh", "paraphrase-zh"}


def auc(pos: list[float], neg: list[float]) -> float:
    """Mann-Whitney AUC with ties counted half."""
    if not pos or not neg:
        return float("nan")
    values = sorted([(v, 1) for v in pos] + [(v, 0) for v in neg])
    rank_sum, i, rank = 0.0, 0, 1
    while i < len(values):
        j = i
        while j < len(values) and values[j][0] == values[i][0]:
            j += 1
        mid = (rank + rank + (j - i) - 1) / 2
        rank_sum += mid * sum(1 for k in range(i, j) if values[k][1])
        rank += j - i
        i = j
    return (rank_sum - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg))


def load_truth(path: Path) -> dict[tuple[str, str], str]:
    with path.open(encoding="utf-8") as fh:
        return {tuple(sorted((r["file_a"], r["file_b"]))): r["label"] for r in csv.DictReader(fh)}


# what each measure alone would flag, at its usual cut-off
ALONE_FLAGS = {
    "headline flag (passages + SimHash)": lambda p: p.flagged,
    "SimHash alone (distance <= 3)": lambda p: p.simhash_distance <= 3,
    "MinHash alone (Jaccard >= 0.5)": lambda p: p.jaccard >= 0.5,
    "containment alone (>= 0.2)": lambda p: max(p.containment_a, p.containment_b) >= 0.2,
}

MEASURES = {
    "similarity (headline)": lambda p: p.similarity,
    "SimHash alone": lambda p: 64 - p.simhash_distance,
    "MinHash Jaccard alone": lambda p: p.jaccard,
    "containment alone": lambda p: max(p.containment_a, p.containment_b),
}


def evaluate(name: str, result: ScanResult, truth: dict) -> dict:
    got = {}
    for p in every_pair(result.pairs, result.other_pairs):
        a, b = result.documents[p.a].name, result.documents[p.b].name
        got[tuple(sorted((a, b)))] = p
    labels = sorted({lab for lab in truth.values() if lab != "none"})
    print(f"\n## {name}: {len(result.documents)} files, {len(result.errors)} errors")
    print("| label | flagged | of |\n|---|---|---|")
    for lab in labels:
        keys = [k for k, v in truth.items() if v == lab]
        hit = sum(1 for k in keys if k in got and got[k].flagged)
        print(f"| {lab} | {hit} | {len(keys)} |")
    neg_keys = [k for k, v in truth.items() if v == "none"]
    fps = [k for k in neg_keys if k in got and got[k].flagged]
    print(f"\nfalse positives: {len(fps)} of {len(neg_keys)} none pairs")
    for k in fps[:10]:
        print("  false positive:", *k, "|", "; ".join(str(r) for r in got[k].reasons))
    pos_keys = [k for k, v in truth.items() if v != "none"]
    print("\n| flag rule | recall | false positives |\n|---|---|---|")
    for fname, f in ALONE_FLAGS.items():
        hit = sum(1 for k in pos_keys if k in got and f(got[k]))
        fp = sum(1 for k in neg_keys if k in got and f(got[k]))
        print(f"| {fname} | {hit}/{len(pos_keys)} | {fp}/{len(neg_keys)} |")
    print("\n| measure | ROC AUC |\n|---|---|")
    out = {"fp": len(fps)}
    for mname, f in MEASURES.items():
        pos = [f(got[k]) if k in got else 0.0 for k, v in truth.items() if v != "none"]
        neg = [f(got[k]) if k in got else 0.0 for k in neg_keys]
        out[mname] = auc(pos, neg)
        print(f"| {mname} | {out[mname]:.4f} |")
    out["plagcheck"] = {k: (p.similarity, p.flagged) for k, p in got.items()}
    return out


def known_source(name: str, a: str, b: str) -> str | None:
    """The truth's direction, where the sample set gives one: pan13's suspicious
    documents copy its source documents, translated-zh's essays translate its English
    articles (srcNN). None where it does not say."""
    for src, other in ((a, b), (b, a)):
        if name == "pan13-en" and src.startswith("source-") and other.startswith("suspicious-"):
            return src
        if name == "translated-zh" and src.startswith("src") and not other.startswith("src"):
            return src
    return None


def direction_table(name: str, result: ScanResult, truth: dict) -> None:
    """Who copied from whom: of the flagged copies, how many have a stated direction,
    and how many of those the truth (where it knows) confirms or contradicts."""
    docs = result.documents
    stated = right = wrong = copies = 0
    for p in result.pairs:
        a, b = docs[p.a].name, docs[p.b].name
        if not p.flagged or truth.get(tuple(sorted((a, b))), "none") == "none":
            continue
        copies += 1
        if p.direction is None or p.direction.source is None:
            continue
        stated += 1
        known = known_source(name, a, b)
        if known is not None:
            right += docs[p.direction.source].name == known
            wrong += docs[p.direction.source].name != known
    groups = len(result.clusters)
    named = sum(1 for c in result.clusters if c.source_reason.code != "source.unknown")
    print(
        "\n| flagged copies | direction stated | right | wrong | groups "
        "| groups with a stated direction |\n|---|---|---|---|---|---|"
    )
    share = f"{named / groups:.0%}" if groups else "-"
    print(f"| {copies} | {stated} | {right} | {wrong} | {groups} | {named} ({share}) |")


def peer_table(name: str, result: ScanResult, truth: dict, plagcheck: dict, template: str | None):
    """plagcheck beside copydetect and sim_text on the same texts: AUC (each tool's own
    score), recall per label and false positives at each tool's own flag."""
    texts = {d.name: d.text for d in result.documents}
    tools = {
        "plagcheck": plagcheck,
        "copydetect": quality_peers.copydetect_scores(texts, template),
        f"sim_text -r {quality_peers.SIMTEXT_RUN}": quality_peers.simtext_scores(
            texts, split_cjk=name in CHINESE_SETS
        ),
    }
    labels = sorted({lab for lab in truth.values() if lab != "none"})
    neg_keys = [k for k, v in truth.items() if v == "none"]
    print(f"\n### {name}: plagcheck and its peers, on the same texts\n")
    print("| tool | ROC AUC | " + " | ".join(labels) + " | false positives |")
    print("|---|---|" + "---|" * len(labels) + "---|")
    for tool, scores in tools.items():
        if isinstance(scores, str):
            print(f"| {tool} | {scores} |" + " |" * len(labels) + " |")
            continue
        pos = [scores.get(k, (0.0, False))[0] for k, v in truth.items() if v != "none"]
        neg = [scores.get(k, (0.0, False))[0] for k in neg_keys]
        cells = []
        for lab in labels:
            keys = [k for k, v in truth.items() if v == lab]
            cells.append(f"{sum(scores.get(k, (0.0, False))[1] for k in keys)}/{len(keys)}")
        fp = sum(scores.get(k, (0.0, False))[1] for k in neg_keys)
        print(
            f"| {tool} | {auc(pos, neg):.4f} | "
            + " | ".join(cells)
            + f" | {fp}/{len(neg_keys)} ({100 * fp / max(len(neg_keys), 1):.1f}%) |"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--samples", type=Path, default=ROOT.parent / "shared" / "samples")
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--no-fast", action="store_true", help="jieba and pdfminer.six only")
    ap.add_argument("--check-fast", action="store_true", help="compare flags both ways")
    ap.add_argument("--flags-out", type=Path, help="write the flagged pairs as JSON")
    ap.add_argument("--no-peers", action="store_true", help="plagcheck only")
    ap.add_argument("--no-plagdet", action="store_true", help="no pan13-obfuscated table")
    ap.add_argument(
        "--meaning-blocking-from",
        type=int,
        metavar="N",
        help="compare sentences with candidate documents only from N documents on "
        f"(the product: {blocking.BLOCKING_FROM}); 0 shows the large-folder path here",
    )
    args = ap.parse_args()
    if args.meaning_blocking_from is not None:
        blocking.BLOCKING_FROM = args.meaning_blocking_from  # the comparison runs here
        print(f"meaning layer: candidate documents from {blocking.BLOCKING_FROM} documents")
    if args.check_fast:
        return check_fast(args.samples)
    if args.no_fast:
        # before any worker starts: the fork server and workers inherit them
        os.environ["PLAGCHECK_SEGMENTER"] = "jieba"
        os.environ["PLAGCHECK_PDF"] = "pdfminer"
        print("reference paths: jieba, pdfminer.six")
    flags: dict[str, list] = {}
    if not args.samples.is_dir():
        print(f"no samples at {args.samples}", file=sys.stderr)
        return 2
    scorer = args.samples.parent / "tools" / "score_pairs.py"
    settings = ScanSettings(workers=args.workers)
    with tempfile.TemporaryDirectory() as tmp:
        for name, (folder, template, truth_file) in SETS.items():
            templates = [args.samples / template] if template else []
            result = scan([args.samples / folder], templates, settings, all_pairs=True)
            truth = load_truth(args.samples / truth_file)
            scored = evaluate(name, result, truth)
            direction_table(name, result, truth)
            if not args.no_peers:
                text = templates[0].read_text(encoding="utf-8") if templates else None
                peer_table(name, result, truth, scored["plagcheck"], text)
            flags[name] = sorted(
                sorted((result.documents[p.a].path, result.documents[p.b].path))
                for p in result.pairs
                if p.flagged
            )
            out = Path(tmp) / f"{name}.csv"
            write_pairs_csv(result, out)
            if scorer.exists():
                res = subprocess.run(
                    [sys.executable, str(scorer), str(args.samples / truth_file), str(out)],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                print(f"\nshared/tools/score_pairs.py: {res.stdout.strip().splitlines()[-1]}")
    if not args.no_plagdet:
        pan_passages.plagdet_table(args.samples, args.workers)
    if args.flags_out:
        args.flags_out.write_text(json.dumps(flags, ensure_ascii=False, indent=1))
    return 0


def check_fast(samples: Path) -> int:
    """Run the benchmark with the fast paths and with the reference paths; compare."""
    got = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode in ("fast", "no-fast"):
            out = Path(tmp) / f"{mode}.json"
            cmd = [sys.executable, __file__, "--samples", str(samples), "--flags-out", str(out)]
            cmd += ["--no-peers", "--no-plagdet"]
            subprocess.run([*cmd, *(["--no-fast"] if mode == "no-fast" else [])], check=True)
            got[mode] = json.loads(out.read_text())
    print("\n## fast paths on or off\n\n| set | flagged (fast) | flagged (reference) | same |")
    print("|---|---|---|---|")
    for name in got["fast"]:
        a, b = got["fast"][name], got["no-fast"][name]
        print(f"| {name} | {len(a)} | {len(b)} | {'yes' if a == b else 'NO'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
