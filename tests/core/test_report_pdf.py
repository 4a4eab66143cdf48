"""The PDF report: Chinese text as text (pdftotext finds the passages), headers with the
names, date and settings, passages in colour on the rendered pages, the same bytes
every time, and an anonymized PDF that names nobody."""

from __future__ import annotations

import datetime
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from simhash_core.report import report_writers
from simhash_core.report.contents import class_report
from simhash_core.report.export import write_reports
from simhash_core.report.palette import PASSAGE_COLORS
from simhash_core.report.pdf import render_pdf
from simhash_core.scan import scan
from tests.core.samples import CLASS_ZH, needs_samples

DAY = datetime.date(2026, 11, 24)
needs_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None or shutil.which("pdftoppm") is None,
    reason="poppler-utils missing: .ci/system-deps.sh installs it",
)
pytestmark = [needs_samples, needs_poppler, pytest.mark.slow]


@pytest.fixture(scope="module")
def result():
    return scan([CLASS_ZH / "submissions"], [CLASS_ZH / "template.txt"], isolate=False)


def pdftotext(path: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    run = subprocess.run(["pdftotext", *pages, str(path), "-"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_a_pairs_pdf_holds_its_passages_as_text_with_headers(result, tmp_path):
    pair = sorted((p for p in result.pairs if p.flagged), key=lambda p: -p.similarity)[1]
    out = tmp_path / "pair.pdf"
    write_reports(
        result, more=report_writers(result, pdf_path=out, lang="zh", pairs=[pair], date=DAY)
    )
    assert out.read_bytes().startswith(b"%PDF")
    text = flat(pdftotext(out))
    a, b = result.documents[pair.a], result.documents[pair.b]
    passages = result.corpus.passages(pair.a, pair.b)
    assert passages
    for x in passages:  # the passages' Chinese text, searchable, from both sides
        for doc, (s, e) in ((a, (x.a_start, x.a_end)), (b, (x.b_start, x.b_end))):
            piece = flat(doc.text[s:e])
            for k in range(0, max(1, len(piece) - 20), max(1, len(piece) // 5)):
                assert piece[k : k + 20] in text, piece[k : k + 20]
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert pages >= 2
    for page in range(1, pages + 1):  # every page names the pair, the date and settings
        head = pdftotext(out, page)
        assert a.path in head and b.path in head and "2026-11-24" in head, page
        assert "标记的相似度阈值 15%" in head and f"第{page}页" in flat(head)


def test_the_rendered_pages_show_the_passages_in_colour(result, tmp_path):
    pair = sorted((p for p in result.pairs if p.flagged), key=lambda p: -p.similarity)[1]
    report = class_report(result, lang="en", pairs=[pair], date=DAY)
    out = tmp_path / "pair.pdf"
    out.write_bytes(render_pdf(report, overview=False))
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(out), str(tmp_path / "page")], check=True)
    from PIL import Image

    wanted = [tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in PASSAGE_COLORS[:2]]
    for png in sorted(tmp_path.glob("page-*.png"))[:3]:
        img = Image.open(png).convert("RGB")
        colours = img.getcolors(1 << 20)
        hits = sum(n for n, px in colours if any(
            all(abs(p - q) <= 6 for p, q in zip(px, w, strict=True)) for w in wanted
        ))  # fmt: skip
        assert hits > 2000, png.name  # highlighted passages on each page, not blank
        assert len(colours) > 50  # text drawn, anti-aliased


def test_the_class_pdf_is_the_same_every_time_and_anonymized_names_nobody(result, tmp_path):
    report = class_report(result, lang="zh", anonymous=True, date=DAY)
    first, second = render_pdf(report), render_pdf(report)
    assert first == second  # no clock, no random id in the file
    out = tmp_path / "anon.pdf"
    out.write_bytes(first)
    text = pdftotext(out)
    meta = subprocess.run(["pdfinfo", "-meta", str(out)], capture_output=True, text=True).stdout
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    named = {"template.txt", "submissions", str(CLASS_ZH)}
    for d in result.documents:
        named |= {d.path, d.name, Path(d.name).stem, str(d.abspath)}
    # the file's bytes outside its compressed streams (whose ASCII85 holds any four
    # letters by chance: the text inside them is what pdftotext read)
    plain = re.sub(rb"stream\r?\n.*?endstream", b"", first, flags=re.S)
    for name in sorted(named):
        for where in (text, meta, info):
            assert name not in where, name
        assert name.encode() not in plain, name
    assert "学生 1" in text and "匹配段落" in text
    assert "Author:" not in info or re.search(r"Author:\s*\n", info)
