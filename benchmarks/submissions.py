"""Reading a class whose students hand in several files each: prints a table.

    python benchmarks/submissions.py [--files 600] [--per-student 3] [--folder DIR]

The benchmark class of ``make_big_class.py`` (DOCX, PDF and TXT) is laid out as a
Moodle export: one folder per student, ``--per-student`` files in each. Each run is a
new process's cold scan into an empty cache (workers on), then a warm one from that
cache, with the comparison off (what is measured is the read). Printed per run: the
wall time of the read, the CPU seconds the workers spent analysing (summed), the
documents made and the files read.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def moodle_layout(files: list[Path], dest: Path, per_student: int) -> int:
    """Copy ``files`` into one Moodle folder per student; returns the students."""
    students = 0
    for k in range(0, len(files), per_student):
        folder = dest / f"Student {k // per_student:04d}_{20250000 + k}_assignsubmission_file_"
        folder.mkdir(parents=True)
        for src in files[k : k + per_student]:
            shutil.copy2(src, folder / f"{src.parent.name}-{src.name}")
        students += 1
    return students


def one_run(folder: Path, cache_dir: Path) -> dict[str, float]:
    """One scan in this process (read only), its timings."""
    from simhash_core.progress import Progress
    from simhash_core.scan import scan
    from simhash_core.store.cache import AnalysisCache

    cache = AnalysisCache(cache_dir / "analyses.sqlite")
    t0 = time.perf_counter()
    result = scan([folder], progress=Progress(), cache=cache, compare=False)
    wall = time.perf_counter() - t0
    cache.close()
    cpu = sum(v for k, v in result.timings.items() if k.startswith("cpu:"))
    return {
        "wall": wall,
        "read": result.timings["analyse"],
        "cpu": cpu,
        "documents": len(result.documents),
        "errors": len(result.errors),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=600)
    parser.add_argument("--per-student", type=int, default=3)
    parser.add_argument("--folder", type=Path, help="reuse a class laid out by an earlier run")
    parser.add_argument("--run", nargs=2, type=Path, help=argparse.SUPPRESS)  # child
    args = parser.parse_args()
    if args.run:
        out = one_run(*args.run)
        print(" ".join(f"{k}={v}" for k, v in out.items()))
        return 0
    work = Path(tempfile.mkdtemp(prefix="plagcheck-submissions-"))
    folder = args.folder
    if folder is None:
        from benchmarks.make_big_class import make_big_class

        flat = make_big_class(work / "flat", args.files, jobs=2)
        folder = work / "class"
        students = moodle_layout(sorted(flat), folder, args.per_student)
    else:
        students = sum(1 for p in folder.iterdir() if p.is_dir())
    files = sum(1 for p in folder.rglob("*") if p.is_file())
    print(f"\n{files} files, {students} students ({args.per_student} files each), folder {folder}")
    print(
        "\n| run | scan, no comparison (s) | of it, reading (s) | workers' CPU (s) "
        "| documents | errors |"
    )
    print("|---|---|---|---|---|---|")
    cache_dir = work / "cache"
    cache_dir.mkdir(exist_ok=True)
    for run in ("cold", "warm"):
        done = subprocess.run(
            [sys.executable, __file__, "--run", str(folder), str(cache_dir)],
            capture_output=True,
            text=True,
            check=True,
        )
        got = dict(item.split("=") for item in done.stdout.split())
        print(
            f"| {run} | {float(got['wall']):.2f} | {float(got['read']):.2f} "
            f"| {float(got['cpu']):.2f} | {got['documents']} | {got['errors']} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
