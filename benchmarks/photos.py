"""Photos benchmark: read time and character error rate of pages photographed upright,
sideways and upside down, with and without turning them before reading.

    python benchmarks/photos.py [--pages 2]

The pages are drawn here from known text (PIL with WenQuanYi Micro Hei, 30 px on a
1240 × 1754 page, as a phone photo of A4 at 150 dpi): the sample class's Chinese essays
and PAN-13's English source documents (../shared/samples). Each page is saved as a JPEG
turned by 0, 90, 180 and 270 degrees, plus one upright page turned only by its EXIF
orientation tag, and read through ``extract()`` as a scan reads it. The character error
rate is the edit distance to the drawn lines over their length (``tests/scans.py``).
``reads`` counts the recognizer's runs: an upright page is read once either way.
Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SAMPLES = ROOT.parent / "shared" / "samples"
SIZE, LINES = 30, 38


def draw_page(text: str, wide: bool):
    """A page of ``text`` as a PIL image, and its lines (the truth)."""
    from PIL import Image, ImageDraw, ImageFont

    from tests.scans import cjk_font

    font = ImageFont.truetype(cjk_font(), SIZE)
    image = Image.new("RGB", (1240, 1754), "white")
    draw = ImageDraw.Draw(image)
    lines = textwrap.wrap(text, 36 if wide else 70)[:LINES]
    for k, line in enumerate(lines):
        draw.text((90, 100 + k * 42), line, fill="black", font=font)
    return image, "\n".join(lines)


def jpeg(image, *, orientation: int = 1) -> bytes:
    """The image as a JPEG, with an EXIF orientation tag where it is not 1."""
    out = io.BytesIO()
    exif = image.getexif()
    if orientation != 1:
        exif[0x0112] = orientation
    image.save(out, "JPEG", quality=90, exif=exif.tobytes())
    return out.getvalue()


def texts(pages: int) -> list[tuple[str, str, bool]]:
    zh = sorted((SAMPLES / "class-zh" / "submissions").glob("*.txt"))[:pages]
    en = sorted((SAMPLES / "pan13-en" / "documents").glob("*.txt"))[:pages]
    found = [(p.name, " ".join(p.read_text("utf-8", "replace").split()), True) for p in zh]
    found += [(p.name, " ".join(p.read_text("utf-8", "replace").split()), False) for p in en]
    return found


READS = [0]  # the recognizer's runs (a count does not depend on the machine's load)


def read(path: Path, turn: bool) -> tuple[str, float, int]:
    """``(text, seconds, recognizer runs)`` of one photo read through ``extract()``."""
    from simhash_core.extract import extract
    from simhash_core.ocr.reader import OcrReader

    READS[0] = 0
    start = time.perf_counter()
    got = extract(path, ocr=OcrReader(turn_pages=turn))
    return got.text, time.perf_counter() - start, READS[0]


def count_reads() -> None:
    """Count the recognizer's runs (it is looked up in the reader at each call)."""
    import simhash_core.ocr.reader as reader

    engine_recognise = reader.recognise

    def counted(image):
        READS[0] += 1
        return engine_recognise(image)

    reader.recognise = counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=2, help="pages per language")
    args = parser.parse_args()
    import numpy as np

    from simhash_core.ocr.engine import recognise
    from tests.scans import cer

    recognise(np.full((200, 600, 3), 255, np.uint8))  # the engine loaded before timing
    count_reads()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, text, wide in texts(args.pages):
            page, truth = draw_page(text, wide)
            cases = [(f"{d}°", jpeg(page.rotate(d, expand=True))) for d in (0, 90, 180, 270)]
            # EXIF 6: the camera held turned; the stored pixels are turned 90° anticlockwise
            cases.append(("EXIF 6", jpeg(page.rotate(90, expand=True), orientation=6)))
            for label, data in cases:
                path = Path(folder) / f"{name}-{label[:3].strip('°')}.jpg"
                path.write_bytes(data)
                for turn in (False, True):
                    got, seconds, reads = read(path, turn)
                    rows.append((name, label, turn, reads, seconds, cer(truth, got)))
                    print(*rows[-1], sep="\t", flush=True, file=sys.stderr)
    print("| page | photo | turned first | reads | seconds | CER |")
    print("|---|---|---|---:|---:|---:|")
    for name, label, turn, reads, seconds, rate in rows:
        yes = "yes" if turn else "no"
        print(f"| {name} | {label} | {yes} | {reads} | {seconds:.1f} | {rate:.3f} |")


if __name__ == "__main__":
    main()
