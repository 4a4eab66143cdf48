"""OCR benchmark: character error rate and speed on scans made from known text.

    python benchmarks/ocr.py [--pages 4] [--workers 2] [--tesseract]

The scans are made here, nothing is checked in (``tests/scans.py``):

* **zh PDF**: pages of the sample class's PDFs (LibreOffice exports), rendered by
  pdftoppm; the truth is the page's own text layer.
* **zh DOCX**: the text of the sample class's DOCX files, typeset on A4 by reportlab
  (WenQuanYi Micro Hei, 12 pt) and rendered; the truth is the typeset lines.
* **en TXT**: PAN-13 source documents typeset the same way.

Each page is read twice: *clean* (300 dpi) and *noisy* (150 dpi, 2° skew, blur and
grain), each wrapped as a one-page image-only PDF and read through ``extract()`` as a
scan reads it. The character error rate is the edit distance to the truth over its
length, after NFKC and with whitespace next to Chinese removed (``tests/scans.py``).
``--tesseract`` reads the same pictures with Debian's Tesseract 5 (``chi_sim+eng``; one
thread per process, two processes at once) for the engine comparison in docs/benchmarks.md.
Prints tables; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SAMPLES = ROOT.parent / "shared" / "samples"


def read_scan(path: str) -> tuple[str, float, float]:
    """A worker's task: ``(text, seconds, confidence)`` of one image-only PDF."""
    from simhash_core.extract import extract
    from simhash_core.ocr.reader import OcrReader
    from simhash_core.types import ocr_confidence

    t0 = time.perf_counter()
    got = extract(Path(path), ocr=OcrReader())
    return got.text, time.perf_counter() - t0, ocr_confidence(got.ocr) or 0.0


def warm() -> None:
    """Load the engine in each worker before the clock starts."""
    import numpy as np

    from simhash_core.ocr.engine import recognise

    recognise(np.full((200, 600, 3), 255, np.uint8))


def page_truths(pdf: Path) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def build(folder: Path, pages: int) -> list[tuple[str, str, str, str]]:
    """``(set, quality, image-only PDF, truth)`` for ``pages`` pages of each set."""
    from simhash_core.extract import extract
    from tests.scans import degrade, image_pdf, render, typeset

    sources: dict[str, list[tuple[bytes, bytes, str]]] = {}  # set: (300 dpi png, truth)
    zh = sorted((SAMPLES / "class-zh" / "submissions").glob("*.pdf"))
    found = []
    for pdf in zh:
        truths = page_truths(pdf)
        for i, png in enumerate(render(pdf, 300)):
            found.append((png, truths[i]))
        if len(found) >= pages:
            break
    sources["zh PDF"] = [(png, b"", t) for png, t in found[:pages]]
    for name, files in (
        ("zh DOCX", sorted((SAMPLES / "class-zh" / "submissions").glob("*.docx"))),
        ("en TXT", sorted((SAMPLES / "pan13-en" / "documents").glob("source-*.txt"))),
    ):
        got = []
        for n, source in enumerate(files):
            typeset_pdf = folder / f"typeset-{name.replace(' ', '-')}-{n}.pdf"
            texts = typeset(extract(source).text, typeset_pdf)
            for i, png in enumerate(render(typeset_pdf, 300)):
                got.append((png, b"", texts[i]))
            if len(got) >= pages:
                break
        sources[name] = got[:pages]
    cases = []
    for name, items in sources.items():
        for i, (png, _, truth) in enumerate(items):
            for quality, picture, dpi in (
                ("clean 300 dpi", png, 300),
                ("noisy 150 dpi", degrade(png, seed=i), 150),
            ):
                path = folder / f"{name.replace(' ', '-')}-{quality.split()[0]}-{i}.pdf"
                image_pdf([picture], path, dpi)
                path.with_suffix(".png").write_bytes(picture)
                cases.append((name, quality, str(path), truth))
    return cases


def tesseract(path: str, lang: str) -> tuple[str, float]:
    """Tesseract's text of one picture (one OpenMP thread) and its seconds."""
    import os
    import subprocess

    t0 = time.perf_counter()
    done = subprocess.run(
        ["tesseract", path, "stdout", "-l", lang],
        capture_output=True,
        text=True,
        env={**os.environ, "OMP_THREAD_LIMIT": "1"},
        check=False,
    )
    return done.stdout, time.perf_counter() - t0


def print_table(cases, outcomes: dict) -> list[float]:
    """The CER table; returns the seconds of each page."""
    from tests.scans import cer

    print("| set | scan | pages | CER mean | CER worst | confidence | s/page |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    groups: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    for i, (name, quality, _, truth) in enumerate(cases):
        outcome = outcomes[i]
        if not isinstance(outcome, tuple):
            print(f"failed: {name} {quality}: {outcome}")
            continue
        text, seconds, confidence = outcome
        groups.setdefault((name, quality), []).append((cer(truth, text), seconds, confidence))
    for (name, quality), rows in groups.items():
        rates = [r[0] for r in rows]
        sure = statistics.mean(r[2] for r in rows)
        print(
            f"| {name} | {quality} | {len(rows)} | {statistics.mean(rates):.2%} | "
            f"{max(rates):.2%} | {sure:.3f} | {statistics.mean(r[1] for r in rows):.1f} |"
        )
    return [r[1] for rows in groups.values() for r in rows]


def run_tesseract(cases) -> None:
    from concurrent.futures import ThreadPoolExecutor

    def one(case):
        name, _, pdf, _ = case
        text, seconds = tesseract(
            str(Path(pdf).with_suffix(".png")), "eng" if "en" in name else "chi_sim+eng"
        )
        return text, seconds, float("nan")

    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = dict(enumerate(pool.map(one, cases)))
    wall = time.perf_counter() - t0
    print("\n## Tesseract 5 (chi_sim+eng), 2 processes\n")
    per_page = print_table(cases, outcomes)
    print(
        f"\n{len(cases)} pages in {wall:.1f} s: {statistics.mean(per_page):.1f} s/page in a "
        f"process, {len(cases) / wall * 60:.1f} pages/min with both cores"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=4, help="pages of each set (default 4)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tesseract", action="store_true", help="also time Tesseract 5")
    args = parser.parse_args()

    from simhash_core.ocr.engine import ENGINE_NAME
    from simhash_core.pool import IsolatedPool

    with tempfile.TemporaryDirectory() as tmp:
        cases = build(Path(tmp), args.pages)
        print(f"# OCR: {ENGINE_NAME}, {len(cases)} pages, {args.workers} workers\n")
        pool = IsolatedPool(args.workers, timeout=600, initializer=warm)
        t0 = time.perf_counter()
        results = dict(pool.run(read_scan, [(i, (c[2],)) for i, c in enumerate(cases)]))
        wall = time.perf_counter() - t0

        per_page = print_table(cases, results)
        print("\n## Speed\n\n| workers | pages | wall s | s/page (in a worker) | pages/min |")
        print("| --- | --- | --- | --- | --- |")
        print(
            f"| {args.workers} | {len(cases)} | {wall:.1f} | {statistics.mean(per_page):.1f} | "
            f"{len(cases) / wall * 60:.1f} |"
        )
        one = IsolatedPool(1, timeout=600, initializer=warm)
        sample = [(i, (c[2],)) for i, c in enumerate(cases) if "clean" in c[1]][: args.pages]
        t0 = time.perf_counter()
        list(one.run(read_scan, sample))
        wall1 = time.perf_counter() - t0
        print(
            f"| 1 | {len(sample)} | {wall1:.1f} | {wall1 / len(sample):.1f} | "
            f"{len(sample) / wall1 * 60:.1f} |"
        )
        if args.tesseract:
            run_tesseract(cases)


if __name__ == "__main__":
    main()
