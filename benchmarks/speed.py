"""Speed benchmark: prints tables, asserts nothing.

    python benchmarks/speed.py [--files 1000] [--folder DIR] [--skip-peers] [--only-common]
    python benchmarks/speed.py --stages-only --files 100000   # one large scan, by stage

1. A cold scan of a 1,000-file class (built by ``make_big_class.py`` from
   ``shared/samples/class-zh``), stage by stage, with 1 and with all workers.
2. Warm re-scans from the fingerprint cache: unchanged, a threshold changed, the
   n-gram size changed.
3. PDF extraction pages/s for each back end; segmentation chars/s for jieba and
   rjieba with their token agreement.
4. Pairs: all-pairs Hamming of 10,000 fingerprints; near-duplicate pairs of 100,000
   through the pigeonhole index; peak memory.
5. End-to-end against the peers of ``peers.py`` on the same folder.
6. Copying that is common: the sample class copied 25 times (1,000 files, 18,875
   flagged pairs), cold and warm from the command line, and its stages.
7. Re-scans from the command line (``--only-warm``): the benchmark class and 1,000
   English plain-text files (``make_pan_folder.py``), each with no cache and filling the
   cache (alternating, medians of ``--cold-runs``), then warm (a new process each), the
   cache's size per file and what filling it costs; ``--tree`` runs another checkout's
   code (before and after, one session).

    python benchmarks/speed.py --only-warm [--tree ../main] [--runs 5] [--cold-runs 3]

8. End to end (``--end-to-end``, and last in a full run): plagcheck cold, without a
   cache and warm, the seed pipeline, datasketch, sim_text and copydetect on the
   benchmark class, the sample class copied 25 times and the 1,000 English texts, a new
   process each, with ratios and the peak memory of each run (``end_to_end.py``).

    python benchmarks/speed.py --end-to-end [--folder DIR] [--runs 3]
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

SAMPLES = ROOT.parent / "shared" / "samples" / "class-zh"
TEMPLATE = SAMPLES / "template.txt"


def row(cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def table(title: str, header: list[str]) -> None:
    print(f"\n### {title}\n")
    print(row(header))
    print(row(["---"] * len(header)))


def timed(fn, *args, **kw):
    t0 = time.perf_counter()
    out = fn(*args, **kw)
    return time.perf_counter() - t0, out


def scan_once(folder: Path, settings, cache=None):
    from simhash_core.scan import scan

    return timed(scan, [folder], [TEMPLATE], settings, cache=cache)


def cold_and_warm(folder: Path, n_files: int) -> tuple[float, int]:
    """Prints the cold and warm tables; returns the cold wall time and flagged pairs."""
    from simhash_core.scan import prepare_workers
    from simhash_core.store.cache import AnalysisCache
    from simhash_core.types import ScanSettings

    # The app starts the worker fork server while it waits for the first folder, so
    # the scan is timed with the server ready. Each worker count runs twice,
    # alternating, and the faster run counts (the other core may be briefly busy).
    prepare_workers()
    chars = None
    table(
        f"Cold scan of {n_files} files ({os.cpu_count()} cores): drop to finished matrix",
        ["workers", "wall s (best of 2)", "documents/s", "chars/s", "speed-up"],
    )
    counts = sorted({1, os.cpu_count() or 1})
    results: dict[int, tuple[float, object]] = {}
    for _round in range(2):
        for workers in counts:
            t, r = scan_once(folder, ScanSettings(workers=workers))
            if workers not in results or t < results[workers][0]:
                results[workers] = (t, r)
    base = results[1][0]
    for workers in counts:
        t, r = results[workers]
        chars = sum(len(d.text) for d in r.documents)
        print(
            row(
                [
                    workers,
                    f"{t:.2f}",
                    f"{len(r.documents) / t:,.0f}",
                    f"{chars / t:,.0f}",
                    f"{base / t:.2f}x",
                ]
            )
        )
    t_all, r = results[max(results)]
    table(
        "Stages of the cold scan with all workers",
        ["stage", "seconds", "note", "documents/s per core", "chars/s per core"],
    )
    for key, value in r.timings.items():
        cpu = key.startswith("cpu:")
        note = "CPU seconds summed over workers" if cpu else "wall"
        rates = [f"{len(r.documents) / value:,.0f}", f"{chars / value:,.0f}"] if cpu else ["", ""]
        print(row([key.removeprefix("cpu:"), f"{value:.2f}", note, *rates]))
    print(
        f"\nfiles: {len(r.documents)} read, {len(r.errors)} errors; "
        f"flagged pairs: {sum(p.flagged for p in r.pairs)}"
    )

    with tempfile.TemporaryDirectory() as tmp:
        cache = AnalysisCache(Path(tmp) / "cache.sqlite")
        base = ScanSettings()
        t_fill, filled = scan_once(folder, base, cache)
        t_warm, _ = scan_once(folder, base, cache)
        t_thr, _ = scan_once(folder, replace(base, flag_similarity=0.3), cache)
        t_ngram, _ = scan_once(folder, replace(base, ngram=6), cache)
        cache.close()
    table("Re-scans with the fingerprint cache", ["scan", "wall s"])
    writes = filled.timings.get("cpu:cache write", 0.0)
    print(row(["first scan, filling the cache", f"{t_fill:.2f}"]))
    print(row([f"(of which workers writing the cache: {writes:.2f} s summed over workers)", ""]))
    print(row(["unchanged folder (warm)", f"{t_warm:.2f}"]))
    print(row(["threshold changed", f"{t_thr:.2f}"]))
    print(row(["n-gram size changed (text from cache, re-analysed)", f"{t_ngram:.2f}"]))
    return t_all, sum(p.flagged for p in r.pairs)


def cli_memory_table(folder: Path) -> None:
    """``plagcheck scan`` in a new process: wall time and the largest resident set of
    any of its processes (the command, the fork server, the workers)."""
    cli = Path(sys.executable).with_name("plagcheck")
    table(
        "plagcheck scan from the command line, a new process (no cache)",
        ["wall s", "peak resident memory of any one process MB"],
    )
    t0 = time.perf_counter()
    subprocess.run(
        [str(cli), "scan", str(folder), "--template", str(TEMPLATE), "--no-cache", "-q"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(row([f"{wall:.2f}", f"{peak:,.0f}"]))


def compiled(tree: Path) -> None:
    """Write ``tree``'s bytecode, as installing it does: a new process then loads its
    modules instead of compiling them (with ``PYTHONDONTWRITEBYTECODE`` set, as here, a
    checkout's changed modules are compiled again by every run: 0.2-0.4 s of a warm
    re-scan, which no installed copy pays)."""
    for part in ("simhash_core", "app"):
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(tree / part)],
            check=True,
            stdout=subprocess.DEVNULL,
        )


def _cli_seconds(argv: list[str], env: dict[str, str], cwd: Path | None = None) -> float:
    """Wall seconds of one command line run in a new process (``cwd``: where it runs;
    ``python -m`` imports from there first)."""
    t0 = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env, cwd=cwd)
    return time.perf_counter() - t0


def cli_warm_table(
    tmp: Path, class_folder: Path, tree: Path, runs: int = 5, cold_runs: int = 3
) -> None:
    """``plagcheck scan`` of two 1,000-file folders (the benchmark class, and English
    plain text from PAN): ``cold_runs`` rounds of a scan with no cache then one filling
    a fresh cache, alternating (one cold run of each moves by 20 % and more on a
    shared machine: medians, and what filling costs as the median of each round's
    own difference), then ``runs`` warm re-scans; the cache's bytes per file read, and
    the load average beside each row. ``tree``: the checkout whose code runs
    (PYTHONPATH)."""
    from end_to_end import cache_bytes, fresh_cache
    from make_pan_folder import make_pan_folder

    print(f"\nload average {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores, shared)")
    plain = tmp / "plain"
    if not plain.exists():
        make_pan_folder(plain, 1000)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    compiled(tree)
    table(
        f"Re-scans from the command line ({tree}), a new process each",
        ["folder", f"no cache s (median of {cold_runs}: all)",
         f"filling the cache s (median of {cold_runs}: all)", "filling costs (median, range)",
         f"warm s (best / median of {runs})", "cache KB per file", "load average"],
    )  # fmt: skip
    for name, folder, extra in (
        ("benchmark class (DOCX/PDF/TXT)", class_folder, ["--template", str(TEMPLATE)]),
        ("English plain text (PAN)", plain, []),
    ):
        cache = tmp / f"cache-{name.split()[0]}"
        run_env = {**env, "PLAGCHECK_CACHE_DIR": str(cache)}
        argv = [sys.executable, "-m", "simhash_core.cli", "scan", str(folder), *extra, "-q"]
        load = os.getloadavg()[0]
        cold, fill = [], []
        for _ in range(cold_runs):
            fresh_cache(cache, run_env, tree)
            cold.append(_cli_seconds([*argv, "--no-cache"], run_env, tree))
            fill.append(_cli_seconds(argv, run_env, tree))
        size = cache_bytes(cache)
        warm = [_cli_seconds(argv, run_env, tree) for _ in range(runs)]
        files = sum(1 for p in folder.rglob("*") if p.is_file())
        costs = [(f - c) / c for c, f in zip(cold, fill, strict=True)]
        print(
            row(
                [
                    name,
                    _median_and_all(cold),
                    _median_and_all(fill),
                    f"{statistics.median(costs):+.0%} ({min(costs):+.0%} to {max(costs):+.0%})",
                    f"{min(warm):.2f} / {statistics.median(warm):.2f}",
                    f"{size / files / 1024:.1f}",
                    f"{load:.1f} to {os.getloadavg()[0]:.1f}",
                ]
            )
        )


def _median_and_all(seconds: list[float]) -> str:
    """``"9.78: 9.78, 10.1, 11.4"``: the median, then every run in its order.

    >>> _median_and_all([10.1, 9.78, 11.4])
    '10.10: 10.10, 9.78, 11.40'
    """
    return f"{statistics.median(seconds):.2f}: " + ", ".join(f"{s:.2f}" for s in seconds)


def make_common_copying(folder: Path, copies: int = 25) -> Path:
    """The sample class copied ``copies`` times (byte for byte): each essay handed in
    ``copies`` times, as a popular online essay copied by much of a course."""
    for k in range(copies):
        part = folder / f"c{k:02d}"
        part.mkdir(parents=True, exist_ok=True)
        for f in sorted((SAMPLES / "submissions").iterdir()):
            shutil.copy(f, part / f.name)
    return folder


def common_copying_table(tmp: Path) -> None:
    """Copying that is common: cold and warm from the command line, and the stages."""
    from simhash_core.scan import scan
    from simhash_core.types import ScanSettings

    folder = make_common_copying(tmp / "common")
    n = sum(1 for p in folder.rglob("*") if p.is_file())
    cli = Path(sys.executable).with_name("plagcheck")
    env = {**os.environ, "PLAGCHECK_CACHE_DIR": str(tmp / "common-cache")}
    argv = [str(cli), "scan", str(folder), "--template", str(TEMPLATE), "-q"]
    table(
        f"Copying that is common: {n} files, each of the 40 sample essays 25 times "
        "(the command line, a new process each)",
        ["run", "wall s"],
    )
    for name, extra in (
        ("cold, no cache", ["--no-cache"]),
        ("cold, filling the cache", []),
        ("warm: every file and the comparison from the cache", []),
    ):
        t0 = time.perf_counter()
        subprocess.run([*argv, *extra], check=True, stdout=subprocess.DEVNULL, env=env)
        print(row([name, f"{time.perf_counter() - t0:.2f}"]))
    table(
        "Copying that is common: the stages in one process (no cache), and the speed-up "
        "of two workers over one",
        ["stage", "1 worker s", "2 workers s", "speed-up"],
    )
    runs = {}
    for workers in (1, 2):
        t0 = time.perf_counter()
        result = scan([folder], [TEMPLATE], ScanSettings(workers=workers))
        runs[workers] = {**result.timings, "total": time.perf_counter() - t0}
    for stage in ("analyse", "compare", "compare: meaning layer", "total"):
        one, two = runs[1].get(stage, 0.0), runs[2].get(stage, 0.0)
        print(row([stage, f"{one:.2f}", f"{two:.2f}", f"{one / two:.2f}x" if two else "-"]))
    flagged = sum(p.flagged for p in result.pairs)
    reps = result.corpus.same_text.first  # one document per distinct text
    print(f"\n{flagged:,} flagged pairs; {len(reps)} distinct contents read and aligned")


def pdf_table() -> None:
    from simhash_core.extract.pdf import read_pdfium, read_pdfminer

    pdfs = sorted((SAMPLES / "submissions").glob("*.pdf"))
    data = [p.read_bytes() for p in pdfs]
    table(
        f"PDF extraction on {len(pdfs)} sample PDFs",
        ["back end", "pages", "best pages/s", "median pages/s"],
    )
    for name, fn in (("pypdfium2", read_pdfium), ("pdfminer.six", read_pdfminer)):
        rates = []
        pages = 0
        for _ in range(3):
            t0 = time.perf_counter()
            pages = sum(fn(d, 2000)[1] for d in data)
            rates.append(pages / (time.perf_counter() - t0))
        print(row([name, pages, f"{max(rates):,.0f}", f"{statistics.median(rates):,.0f}"]))


def segmentation_table() -> None:
    from simhash_core.extract import extract
    from simhash_core.text.normalize import normalize
    from simhash_core.text.words import segmenter

    texts = [normalize(extract(p).text).text for p in sorted((SAMPLES / "submissions").iterdir())]
    runs = [m.group() for t in texts for m in re.finditer(r"[\u4e00-\u9fff]+", t)]
    chars = sum(len(r) for r in runs)
    table(
        "Segmentation of the sample texts (HMM off)",
        ["segmenter", "chars/s", "token agreement with jieba"],
    )
    ref = None
    for name in ("jieba", "rjieba"):
        cut = segmenter(name)
        cut("预热")
        t, out = timed(lambda cut=cut: [cut(r) for r in runs])
        if ref is None:
            ref = out
        same = sum(len(a) for a, b in zip(ref, out, strict=True) if a == b)
        total = sum(len(a) for a in ref)
        print(row([name, f"{chars / t:,.0f}", f"{same / total:.4%}"]))


def pairs_table() -> None:
    from simhash_core.fingerprint.index import near_duplicate_pairs
    from simhash_core.fingerprint.simhash import hamming_matrix

    rng = np.random.default_rng(0)
    table("Pairs", ["task", "fingerprints", "seconds", "peak memory MB"])
    fps = rng.integers(0, 2**64 - 1, size=10_000, dtype=np.uint64, endpoint=True)
    tracemalloc.start()
    t, matrix = timed(hamming_matrix, fps)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    del matrix
    # The first call also pays the page faults of 100 MB of fresh memory (about 0.3 s in
    # this VM); later calls reuse it. A scan computes the matrix once, so both are shown.
    again = min(timed(hamming_matrix, fps)[0] for _ in range(3))
    print(
        row(["all pairs, Hamming matrix (uint8), first call", "10,000", f"{t:.3f}", f"{peak:,.0f}"])
    )
    print(row(["all pairs, Hamming matrix (uint8), best of 3 more", "10,000", f"{again:.3f}", ""]))
    n = 100_000
    fps = rng.integers(0, 2**64 - 1, size=n, dtype=np.uint64, endpoint=True)
    near = fps[: n // 10].copy()
    for _ in range(3):
        near ^= np.uint64(1) << rng.integers(0, 64, size=n // 10).astype(np.uint64)
    allfps = np.concatenate([fps, near])
    tracemalloc.start()
    t, pairs = timed(near_duplicate_pairs, allfps, 3)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    print(
        row(
            [
                f"near-duplicates k=3 via block index ({len(pairs):,} pairs)",
                f"{len(allfps):,}",
                f"{t:.3f}",
                f"{peak:,.0f}",
            ]
        )
    )


def peers_table(folder: Path, ours: float, our_flags: int) -> None:
    """Each peer against a plagcheck cold scan run just before and just after it.

    This machine's speed drifts by 20% or more over minutes (a shared VM), and a peer
    takes most of a minute: the ratio uses the mean of the two plagcheck runs that
    bracket the peer, not the cold scan measured minutes earlier.
    """
    import peers

    from simhash_core.types import ScanSettings

    paths = sorted(p for p in folder.rglob("*") if p.is_file())
    table(
        f"End to end on the same {len(paths)} files",
        [
            "pipeline",
            "wall s",
            "flagged pairs",
            "plagcheck just before / after, s",
            "plagcheck is faster by",
        ],
    )
    print(row(["plagcheck (cold, no cache, all workers)", f"{ours:.1f}", our_flags, "", "1.0x"]))
    for name, fn in (
        ("(a) reference: jieba extract_tags + string hash, pdfminer", peers.run_reference),
        ("(b) datasketch MinHash char 5-grams + LSH, pdfminer", peers.run_datasketch),
    ):
        before, _ = scan_once(folder, ScanSettings())
        t, flagged = timed(fn, paths)
        after, _ = scan_once(folder, ScanSettings())
        basis = (before + after) / 2
        print(
            row(
                [
                    name,
                    f"{t:.1f}",
                    len(flagged),
                    f"{before:.2f} / {after:.2f}",
                    f"{t / basis:.1f}x",
                ]
            )
        )


_STARTUP_CHILD = """
import sys, tempfile, time
from pathlib import Path
from app.application import create_application
app = create_application()
from app.main_window import MainWindow
from app.settings import AppSettings
w = MainWindow(AppSettings.at_path(str(Path(tempfile.mkdtemp()) / "s.ini")))
w.show()
app.processEvents()
print("shown", "jieba" in sys.modules, flush=True)
"""


def startup_table() -> None:
    """From launching a new Python process to the window shown (offscreen)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    table(
        "GUI start-up, a new process each run (offscreen)",
        ["run", "seconds to window shown", "jieba loaded before the window"],
    )
    for i in range(3):
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-c", _STARTUP_CHILD],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = proc.stdout.readline()
        shown = time.perf_counter() - t0
        proc.wait(timeout=60)
        if line.startswith("shown"):
            print(row([i + 1, f"{shown:.2f}", line.split()[1]]))
        else:
            print(row([i + 1, f"not measured: {proc.stderr.read()[-200:]!r}", ""]))


def _rss_mb() -> float:
    """The resident memory of this process now (Linux), else its peak so far."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return _peak_rss_mb()
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def stages_table(folder: Path) -> None:
    """A large class, once, as the command line scans it (all workers, no cache): each
    stage's time, its rate, and the memory of the scanning process (the parent, where
    the documents and the comparison live) when it ended and at its peak so far."""
    from simhash_core.progress import Progress
    from simhash_core.scan import scan
    from simhash_core.types import ScanSettings

    marks: list[tuple[str, float, float, float]] = []

    class Stages(Progress):
        def begin(self, stage) -> None:  # type: ignore[no-untyped-def]
            marks.append((stage.value, time.perf_counter(), _rss_mb(), _peak_rss_mb()))
            super().begin(stage)

    t0 = time.perf_counter()
    with PeakWatch() as watch:
        result = scan([folder], [TEMPLATE], ScanSettings(), Stages())
    marks.append(("end", time.perf_counter(), _rss_mb(), _peak_rss_mb()))
    n = len(result.documents)
    chars = sum(len(d.text) for d in result.documents)
    table(
        f"A class of {n:,} files in one scan ({os.cpu_count()} cores, no cache): the stages",
        ["stage", "wall s", "files/s", "chars/s", "memory at its end MB", "peak so far MB"],
    )
    for (name, start, _, _), (_, end, rss, peak) in itertools.pairwise(marks):
        seconds = end - start
        rate = [f"{n / seconds:,.0f}", f"{chars / seconds:,.0f}"] if seconds else ["", ""]
        print(row([name, f"{seconds:.1f}", *rate, f"{rss:,.0f}", f"{peak:,.0f}"]))
    for key in (
        "compare: arrays mapped",
        "compare: meaning layer",
        "compare: aligning in the workers",
    ):
        if key in result.timings:
            print(row([f"(of compare: {key.split(': ')[1]})", f"{result.timings[key]:.1f}",
                       "", "", "", ""]))  # fmt: skip
    print(row(["total", f"{time.perf_counter() - t0:.1f}", "", "", "", f"{_peak_rss_mb():,.0f}"]))
    print(
        f"\n{len(result.errors)} unreadable; {sum(p.flagged for p in result.pairs):,} flagged "
        f"pairs in {len(result.clusters):,} groups; matrix: "
        f"{'none (group overview)' if result.matrix is None else 'dense'}"
    )
    if watch.where:
        print(f"memory peaked at {watch.peak:,.0f} MB in: {watch.where}")
    planted_table(folder, result)


class PeakWatch:
    """Samples this process's memory four times a second while open and notes what the
    main thread was running when it was highest (the innermost calls of this project
    and NumPy/SciPy, innermost first): where a large scan's peak comes from."""

    def __init__(self, every: float = 0.25) -> None:
        import threading

        self.every, self.peak, self.where = every, 0.0, ""
        self._main = threading.get_ident()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> PeakWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        import traceback

        while not self._stop.wait(self.every):
            rss = _rss_mb()
            if rss <= self.peak:
                continue
            self.peak = rss
            frame = sys._current_frames().get(self._main)
            if frame is not None:
                calls = traceback.extract_stack(frame)[::-1]
                mine = [f"{Path(c.filename).stem}.{c.name}" for c in calls[:8]]
                self.where = " < ".join(mine)


def planted_table(folder: Path, result) -> None:  # type: ignore[no-untyped-def]
    """For a folder made by ``make_big_class.py``: which of its planted copies were
    flagged, and which other pairs (across replicas, all bodies are unrelated random
    text: a flag there is a false one; within the sample class, replica 0, it may be
    one of its labelled copies)."""
    from make_big_class import planted_copies

    planted = planted_copies(folder)
    if not planted:
        return
    docs = result.documents
    flagged = {
        tuple(sorted((docs[p.a].path, docs[p.b].path))): p for p in result.pairs if p.flagged
    }
    found = planted & flagged.keys()
    others = [k for k in flagged if k not in planted]
    sample = [k for k in others if k[0].startswith("r00/") and k[1].startswith("r00/")]
    across = [k for k in others if k[0].split("/")[0] != k[1].split("/")[0]]
    by_meaning = [k for k in others if flagged[k].reworded or flagged[k].translated]
    print(
        f"planted copies flagged: {len(found):,} of {len(planted):,}; other flagged pairs: "
        f"{len(others):,} ({len(sample):,} within the sample class r00, {len(across):,} "
        f"across replicas, {len(by_meaning):,} by reworded or translated passages)"
    )


def end_to_end(class_folder: Path, tmp: Path, runs: int) -> None:
    """The end-to-end table (``end_to_end.py``) of the benchmark class, the sample class
    copied 25 times and 1,000 English PAN texts (the last two made in ``tmp``)."""
    from end_to_end import Folder, end_to_end_table
    from make_pan_folder import make_pan_folder

    template = ("--template", str(TEMPLATE))
    plain = tmp / "plain"
    if not plain.exists():
        make_pan_folder(plain, 1000)
    folders = [
        Folder("benchmark class", class_folder, template),
        Folder("sample class x25", make_common_copying(tmp / "common"), template),
        Folder("English plain text (PAN)", plain, plain=True),
    ]
    end_to_end_table(folders, tmp, runs=runs)


def _class_folder(args: argparse.Namespace, tmp: Path) -> Path:
    """``--folder``, or a class of ``--files`` files built in ``tmp``."""
    if args.folder is not None:
        return args.folder
    from make_big_class import make_big_class

    folder = tmp / "class"
    t, _ = timed(make_big_class, folder, args.files)
    print(f"\nbuilt a {args.files:,}-file class in {t:.0f} s")
    return folder


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--folder", type=Path, help="reuse a folder made by make_big_class.py")
    ap.add_argument("--skip-peers", action="store_true")
    ap.add_argument(
        "--only-common", action="store_true", help="only the common-copying folder's tables"
    )
    ap.add_argument(
        "--only-warm", action="store_true", help="only the command line's re-scan table"
    )
    ap.add_argument(
        "--tree", type=Path, action="append", help="checkout whose code --only-warm runs "
        "(repeatable: before and after in one session; default: this one)"
    )  # fmt: skip
    ap.add_argument("--runs", type=int, default=5, help="warm re-scans per folder (--only-warm)")
    ap.add_argument(
        "--cold-runs", type=int, default=3,
        help="rounds of no cache then filling, alternating (--only-warm)",
    )  # fmt: skip
    ap.add_argument(
        "--end-to-end", action="store_true", help="only the end-to-end table against every peer"
    )
    ap.add_argument(
        "--stages-only",
        action="store_true",
        help="only one scan of the class, stage by stage with memory (for 10,000 files and up)",
    )
    args = ap.parse_args()
    compiled(ROOT)  # the command lines below run this checkout as an installed copy would
    if args.only_common:
        with tempfile.TemporaryDirectory() as tmp:
            common_copying_table(Path(tmp))
        return 0
    if args.only_warm:
        with tempfile.TemporaryDirectory() as tmp:
            folder = _class_folder(args, Path(tmp))
            for tree in args.tree or [ROOT]:
                cli_warm_table(Path(tmp), folder, tree.resolve(), args.runs, args.cold_runs)
        return 0
    if args.end_to_end:
        with tempfile.TemporaryDirectory() as tmp:
            end_to_end(_class_folder(args, Path(tmp)), Path(tmp), args.runs)
        return 0
    if args.stages_only:
        with tempfile.TemporaryDirectory() as tmp:
            stages_table(_class_folder(args, Path(tmp)))
        return 0
    print(
        f"# plagcheck speed: {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    if not SAMPLES.is_dir():
        print(f"no samples at {SAMPLES}")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = _class_folder(args, Path(tmp))
        n = sum(1 for p in folder.rglob("*") if p.is_file())
        cli_memory_table(folder)  # first: no other child process has run yet
        high_water = [("start", _peak_rss_mb())]
        ours, our_flags = cold_and_warm(folder, n)
        common_copying_table(Path(tmp))
        high_water.append(("cold and warm scans in this process", _peak_rss_mb()))
        pdf_table()
        segmentation_table()
        high_water.append(("PDF and segmentation tables", _peak_rss_mb()))
        pairs_table()
        high_water.append(("pairs table", _peak_rss_mb()))
        if not args.skip_peers:
            peers_table(folder, ours, our_flags)
            high_water.append(("peers (a) and (b), run in this process", _peak_rss_mb()))
            end_to_end(folder, Path(tmp), 3)  # last: its processes are measured apart
    startup_table()
    table(
        "Peak resident memory of the benchmark process, after each step",
        ["after", "peak MB so far"],
    )
    for step, mb in high_water:
        print(row([step, f"{mb:,.0f}"]))
    return 0


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    sys.exit(main())
