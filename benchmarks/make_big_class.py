"""Build a large class folder by replicating and varying ``shared/samples/class-zh``.

    python benchmarks/make_big_class.py DEST [--files 1000] [--jobs 2]

Replica 0 is the sample class itself (its 11 labelled copy pairs included). Every
further replica keeps each sample file's format, encoding, DOCX page header, length
and the assignment text at the top, with a new body of Chinese text generated from
jieba's dictionary (seeded, so the folder is the same on every machine); one file in
ten copies another file of its replica with light edits, so a realistic share of pairs
is flagged. PDFs are typeset with reportlab's built-in CID font (STSong-Light) with
CJK line wrapping, like the LibreOffice-made samples.
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT.parent / "shared" / "samples" / "class-zh"
sys.path.insert(0, str(ROOT))


@lru_cache(maxsize=1)
def _words() -> list[str]:
    import jieba

    words = []
    with (Path(jieba.__file__).parent / "dict.txt").open(encoding="utf-8") as fh:
        for line in fh:
            word, freq, *_ = line.split()
            if 1 <= len(word) <= 4 and int(freq) > 500:
                words.append(word)
    return words


def body(rng: random.Random, chars: int) -> str:
    words = _words()
    out, n = [], 0
    while n < chars:
        sentence = "".join(rng.choice(words) for _ in range(rng.randint(6, 14)))
        sentence += rng.choice("。，；。") if rng.random() < 0.9 else "。\n\n"
        out.append(sentence)
        n += len(sentence)
    return "".join(out)


def light_edit(rng: random.Random, text: str) -> str:
    sentences = text.split("。")
    rng.shuffle(sentences[: len(sentences) // 3])
    return "。".join(s for s in sentences if rng.random() > 0.1).replace("，", ",")


def write_txt(path: Path, text: str, encoding: str) -> None:
    path.write_bytes(text.encode(encoding))


def txt_encoding(sample: Path) -> str:
    raw = sample.read_bytes()
    if raw.startswith(b"\xff\xfe") or raw.startswith(b"\xfe\xff"):
        return "utf-16"
    try:
        raw.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        return "gb18030"


def write_docx(path: Path, text: str, header: str) -> None:
    import docx

    d = docx.Document()
    d.sections[0].header.paragraphs[0].text = header
    for para in text.split("\n\n"):
        if para.strip():
            d.add_paragraph(para.strip())
    d.save(str(path))


@lru_cache(maxsize=1)
def _pdf_style():
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    return ParagraphStyle("zh", fontName="STSong-Light", fontSize=11, leading=17, wordWrap="CJK")


def write_pdf(path: Path, text: str, header: str) -> None:
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    style = _pdf_style()

    def on_page(canvas, _doc):
        canvas.setFont("STSong-Light", 9)
        canvas.drawString(72, 800, header)

    doc = SimpleDocTemplate(str(path), title=header)
    story = [Paragraph(p.strip(), style) for p in text.split("\n\n") if p.strip()]
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)


def make_big_class(
    dest: Path, files: int = 1000, samples: Path = SAMPLES, jobs: int = 1
) -> list[Path]:
    """Write ``files`` submissions into ``dest`` (replica folders r00, r01, ...).

    Each replica is seeded by its number alone, so ``jobs`` processes writing
    replicas side by side give the same folder as one.
    """
    from simhash_core.extract import extract

    sources = sorted((samples / "submissions").iterdir())
    template = (samples / "template.txt").read_text(encoding="utf-8").strip()
    lengths = {p.name: len(extract(p).text) for p in sources}
    per = len(sources)
    counts = [min(per, files - r * per) for r in range(-(-files // per))]
    tasks = [(dest, r, n, sources, template, lengths) for r, n in enumerate(counts)]
    if jobs <= 1:
        done = [_replica(*t) for t in tasks]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            done = list(pool.map(_replica, *zip(*tasks, strict=True), chunksize=4))
    return [path for replica in done for path in replica]


def _replica(
    dest: Path, replica: int, count: int, sources: list[Path], template: str, lengths: dict
) -> list[Path]:
    """The first ``count`` files of replica ``replica`` (replica 0: the samples)."""
    folder = dest / f"r{replica:02d}"
    folder.mkdir(parents=True, exist_ok=True)
    bodies: dict[int, str] = {}
    written: list[Path] = []
    for i, src in enumerate(sources[:count]):
        out = folder / src.name
        if replica == 0:
            out.write_bytes(src.read_bytes())
            written.append(out)
            continue
        rng = random.Random(f"{replica}/{src.name}")
        bodies[i] = body(rng, max(400, lengths[src.name] - len(template)))
        if i % 10 == 1 and i - 1 in bodies:
            bodies[i] = light_edit(rng, bodies[i - 1])  # a planted copy
        name = f"s{replica:02d}{i:03d}"
        text = f"{template}姓名：{name}\n\n{bodies[i]}"
        kind = src.suffix.lower()
        if kind == ".txt":
            write_txt(out, text, txt_encoding(src))
        elif kind == ".docx":
            write_docx(out, text, f"{name} 课程论文")
        else:
            write_pdf(out, text, f"{name} 课程论文")
        written.append(out)
    return written


def planted_copies(dest: Path, samples: Path = SAMPLES) -> set[tuple[str, str]]:
    """The copies :func:`make_big_class` planted in ``dest``, as pairs of paths relative
    to it (sorted): in each replica after the first, file ``i`` (``i % 10 == 1``)
    copies file ``i - 1``. Replica 0's own copies are the sample's ``truth.csv``."""
    sources = sorted(p.name for p in (samples / "submissions").iterdir())
    out = set()
    for folder in sorted(p for p in dest.iterdir() if p.is_dir() and p.name != "r00"):
        for i in range(1, len(sources), 10):
            a, b = folder / sources[i - 1], folder / sources[i]
            if a.exists() and b.exists():
                out.add((f"{folder.name}/{a.name}", f"{folder.name}/{b.name}"))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dest", type=Path)
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1, help="processes writing replicas")
    args = ap.parse_args()
    paths = make_big_class(args.dest, args.files, jobs=args.jobs)
    print(f"wrote {len(paths)} files under {args.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
