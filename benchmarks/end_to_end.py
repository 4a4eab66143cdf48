"""plagcheck and every peer end to end on three folders, in one run (#43's table).

Every run is a new process, timed from its start to its end, with its peak resident
memory (``wait4``: the process and the children it waited for; plagcheck's workers are
the fork server's children, so its figure is its main process, which holds the most).

* plagcheck: ``plagcheck scan`` cold filling a fresh cache, without a cache, and warm
  re-scans from that cache; cold runs again after the peers, and each peer's ratio is
  its time over the mean of plagcheck's two cold runs that bracket the peers (this
  machine's speed drifts by 20 % or more within minutes).
* the seed pipeline and datasketch (``peers.py``), in a new Python process each;
* sim_text and copydetect (``quality_peers.py``'s options) on the plain-text folder
  only: they read plain text, not DOCX or PDF.

The folders: the benchmark class (``make_big_class.py``: DOCX, PDF and TXT), the
sample class copied 25 times (common copying), and 1,000 English PAN texts
(``make_pan_folder.py``). Prints a table, asserts nothing.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
ROOT = BENCHMARKS.parent


@dataclass(frozen=True)
class Run:
    """One process: its wall seconds and the peak memory of its largest process."""

    seconds: float
    peak_mb: float


@dataclass(frozen=True)
class Folder:
    """A folder to run on: its name in the table, where it is, ``plagcheck scan``'s
    extra arguments, and whether it is plain text (for the peers that read only that)."""

    name: str
    path: Path
    extra: tuple[str, ...] = ()
    plain: bool = False


def measured(argv: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> Run:
    """Run ``argv`` to its end (output discarded; a failure raises)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):  # 1: plagcheck found flagged pairs... or nothing
        raise subprocess.CalledProcessError(proc.returncode, argv)
    return Run(seconds, usage.ru_maxrss / 1024)


_PEER = """
import sys
from pathlib import Path
sys.path.insert(0, {benchmarks!r})
import peers
paths = sorted(p for p in Path({folder!r}).rglob("*") if p.is_file())
peers.{function}(paths)
"""

_COPYDETECT = """
from copydetect import CopyDetector
folder = {folder!r}
CopyDetector(test_dirs=[folder], ref_dirs=[folder], extensions=["txt"],
             disable_filtering=True, autoopen=False, silent=True).run()
"""


def _python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def peer_commands(folder: Folder) -> dict[str, list[str] | None]:
    """The peers' commands for ``folder``, by name (None: the peer is not installed
    here: the Debian package similarity-tester, the PyPI package copydetect)."""
    seed, sketch = (
        _python(_PEER.format(benchmarks=str(BENCHMARKS), folder=str(folder.path), function=f))
        for f in ("run_reference", "run_datasketch")
    )
    out: dict[str, list[str] | None] = {
        "seed pipeline (jieba keywords, Python SimHash)": seed,
        "datasketch (MinHash 5-grams, LSH)": sketch,
    }
    if folder.plain:
        from quality_peers import SIMTEXT_RUN, SIMTEXT_SHOWN

        files = sorted(str(p) for p in folder.path.rglob("*.txt"))
        simtext = ["sim_text", "-r", str(SIMTEXT_RUN), "-a", "-e", "-p", "-T"]
        out["sim_text (C)"] = (
            [*simtext, "-t", str(SIMTEXT_SHOWN), *files] if shutil.which("sim_text") else None
        )
        copydetect = _python(_COPYDETECT.format(folder=str(folder.path)))
        out["copydetect (winnowing)"] = copydetect if find_spec("copydetect") else None
    return out


def _scan(folder: Folder, cache: Path, tree: Path) -> tuple[list[str], dict[str, str]]:
    """``plagcheck scan`` of ``folder`` with ``tree``'s code and ``cache``: its
    command and environment."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PLAGCHECK_CACHE_DIR": str(cache)}
    argv = [sys.executable, "-m", "simhash_core.cli", "scan", str(folder.path), *folder.extra]
    return [*argv, "-q"], env


def fresh_cache(cache: Path, env: dict[str, str], tree: Path) -> None:
    """An empty fingerprint cache folder at ``cache`` holding what a teacher's machine
    keeps there from its first scan on, jieba's IDF table as arrays (made once per
    machine; ``simhash_core/text/idf_table.py``): a cold run then times a scan, not
    that one-time step. ``env`` names the folder and ``tree``'s code (a tree older
    than the table only parses jieba's file, and keeps nothing)."""
    shutil.rmtree(cache, ignore_errors=True)
    made = "from simhash_core.text.vocabulary import jieba_idf; jieba_idf()"
    subprocess.run([sys.executable, "-c", made], env=env, cwd=tree, check=True)


def cache_bytes(cache: Path) -> int:
    """The bytes of the fingerprint cache in ``cache`` (its database and journal), not
    of the other files the folder keeps."""
    return sum(f.stat().st_size for f in cache.glob("analyses.sqlite*"))


def cold_run(folder: Folder, cache: Path, tree: Path) -> Run:
    """A cold scan filling a fresh ``cache``."""
    argv, env = _scan(folder, cache, tree)
    fresh_cache(cache, env, tree)
    return measured(argv, env, tree)


def plagcheck_runs(folder: Folder, cache: Path, tree: Path, runs: int) -> dict[str, Run]:
    """Cold filling a fresh ``cache``, without a cache, and ``runs`` warm re-scans (the
    best kept, the median in its name)."""
    cold = cold_run(folder, cache, tree)
    argv, env = _scan(folder, cache, tree)
    none = measured([*argv, "--no-cache"], env, tree)
    warm = [measured(argv, env, tree) for _ in range(runs)]
    median = statistics.median(w.seconds for w in warm)
    best = min(warm, key=lambda w: w.seconds)
    return {
        "cold, filling the cache": cold,
        "cold, no cache": none,
        f"warm (best; median {median:.2f} s of {runs})": best,
    }


def end_to_end_table(folders: list[Folder], tmp: Path, tree: Path = ROOT, runs: int = 3) -> None:
    """Print one table: each folder's plagcheck runs, then each peer with its ratio."""
    print(
        f"\n### End to end, a new process each ({os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.1f} at the start)\n"
    )
    print("| folder | files | pipeline | wall s | peer / plagcheck cold | peak memory MB |")
    print("|---|---|---|---|---|---|")
    for folder in folders:
        files = sum(1 for p in folder.path.rglob("*") if p.is_file())
        cache = tmp / f"cache-{folder.name.split()[0]}"
        ours = plagcheck_runs(folder, cache, tree, runs)
        for name, run in ours.items():
            print(_line(folder.name, files, f"plagcheck {name}", run, ""))
        peers = {
            name: measured(argv) if argv is not None else None
            for name, argv in peer_commands(folder).items()
        }
        again = cold_run(folder, cache, tree)
        basis = (ours["cold, filling the cache"].seconds + again.seconds) / 2
        print(_line(folder.name, files, "plagcheck cold, filling the cache, again", again, ""))
        for name, run in peers.items():
            if run is None:
                print(f"| {folder.name} | {files:,} | {name} | not installed |  |  |")
                continue
            print(_line(folder.name, files, name, run, f"{run.seconds / basis:.1f}x"))
        shutil.rmtree(cache, ignore_errors=True)
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


def _line(folder: str, files: int, pipeline: str, run: Run, ratio: str) -> str:
    return (
        f"| {folder} | {files:,} | {pipeline} | {run.seconds:.2f} | {ratio} | {run.peak_mb:,.0f} |"
    )
