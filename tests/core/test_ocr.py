"""Scans and pictures read by OCR: a scanned copy is flagged as the typed copy is.

The scans are made here (tests/scans.py): class essays typeset by reportlab, rendered
by pdftoppm, degraded like a cheap scan, wrapped as image-only PDFs or pasted into a
DOCX. Accuracy and speed are measured by benchmarks/ocr.py, not asserted here.
"""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest

from simhash_core.extract import ExtractError, extract
from simhash_core.ocr.reader import OcrReader
from simhash_core.pool import IsolatedPool, TaskFailure
from simhash_core.progress import Progress
from simhash_core.scan import scan
from simhash_core.store.cache import AnalysisCache
from simhash_core.types import ScanSettings
from tests.core import pool_tasks
from tests.core.samples import CLASS_ZH, needs_samples
from tests.scans import (
    cjk_font,
    degrade,
    docx_with_picture,
    have_pdftoppm,
    image_pdf,
    render,
    typeset,
)

needs_tools = pytest.mark.skipif(
    not (have_pdftoppm() and cjk_font()), reason="needs pdftoppm and a CJK font"
)
pytestmark = [needs_samples, needs_tools, pytest.mark.slow]

SUBMISSIONS = CLASS_ZH / "submissions"
TEMPLATE = CLASS_ZH / "template.txt"
ORIGINAL, COPY = "s006.docx", "s015.docx"  # labelled "light" (80% copied) in truth.csv
PICTURED = "s003.pdf"  # its first page is pasted as a picture into a DOCX


@pytest.fixture(scope="module")
def copy_pages(tmp_path_factory) -> list[bytes]:
    """The typed copy, printed (typeset) and rendered at 300 dpi."""
    folder = tmp_path_factory.mktemp("typeset")
    typeset(extract(SUBMISSIONS / COPY).text, folder / "copy.pdf")
    return render(folder / "copy.pdf", 300)


@pytest.fixture(scope="module")
def scanned_class(tmp_path_factory, copy_pages) -> Path:
    """The original, its typed copy, a poor scan of the copy, and a DOCX whose copied
    text is a pasted picture of another essay's first page (pdftoppm, 150 dpi)."""
    folder = tmp_path_factory.mktemp("class")
    for name in (ORIGINAL, COPY, PICTURED, "s000.pdf"):
        (folder / name).write_bytes((SUBMISSIONS / name).read_bytes())
    noisy = [degrade(png, seed=i) for i, png in enumerate(copy_pages)]
    image_pdf(noisy, folder / "scan-of-copy.pdf", 150)
    docx_with_picture(
        "My own introduction, written by me.",
        render(SUBMISSIONS / PICTURED, 150, 1, 1)[0],
        "My own conclusion.",
        folder / "pasted-picture.docx",
    )
    return folder


@pytest.fixture(scope="module")
def result(scanned_class, tmp_path_factory):
    cache = AnalysisCache(tmp_path_factory.mktemp("cache") / "cache.sqlite")
    steps: list[tuple[int, int]] = []

    def seen(report) -> bool:
        if report.step is not None:
            steps.append(report.step)
        return True

    got = scan([scanned_class], [TEMPLATE], ScanSettings(workers=2), Progress(seen), cache=cache)
    got.steps = steps  # type: ignore[attr-defined]
    got.cache = cache  # type: ignore[attr-defined]
    return got


def _pair(result, a: str, b: str):
    names = [d.path for d in result.documents]
    return next(p for p in result.pairs if {names[p.a], names[p.b]} == {a, b})


def test_a_scanned_copy_is_flagged_like_the_typed_copy(result):
    typed = _pair(result, ORIGINAL, COPY)
    scanned = _pair(result, ORIGINAL, "scan-of-copy.pdf")
    assert typed.flagged and scanned.flagged
    # the scan carries the same copied text: its scores are the typed copy's, within OCR
    assert abs(scanned.share_a + scanned.share_b - typed.share_a - typed.share_b) < 0.2
    assert abs(scanned.similarity - typed.similarity) < 0.1
    assert _pair(result, COPY, "scan-of-copy.pdf").flagged
    unrelated = [d.path for d in result.documents].index("s000.pdf")
    assert not any(p.flagged for p in result.pairs if unrelated in (p.a, p.b))


def test_a_pasted_picture_of_copied_text_is_flagged(result):
    pair = _pair(result, PICTURED, "pasted-picture.docx")
    assert pair.flagged
    doc = next(d for d in result.documents if d.path == "pasted-picture.docx")
    # the picture's text sits between the typed paragraphs, marked as read by OCR
    assert doc.text.startswith("My own introduction")
    assert doc.text.rstrip().endswith("My own conclusion.")
    (region,) = doc.ocr
    assert region.picture == "word/media/image1.png" and region.page is None
    assert str(region.where) == "picture image1.png"
    assert "课程论文" in doc.text[region.start : region.end]


def test_ocr_regions_say_where_and_how_sure(result):
    doc = next(d for d in result.documents if d.path == "scan-of-copy.pdf")
    assert [r.page for r in doc.ocr] == list(range(1, len(doc.ocr) + 1))
    assert len(doc.ocr) >= 2
    assert all(0.8 < r.confidence <= 1.0 for r in doc.ocr)
    assert doc.ocr[0].start == 0 and doc.ocr[-1].end == len(doc.text)
    typed = next(d for d in result.documents if d.path == COPY)
    assert typed.ocr == ()


def test_ocr_reports_progress_page_by_page(result):
    totals = {total for _, total in result.steps}
    assert 2 in totals or len(totals) >= 1  # the scan's pages, announced before reading
    assert any(done >= 1 for done, _ in result.steps)


def test_a_rescan_never_runs_ocr_again(result, scanned_class):
    again = scan(
        [scanned_class],
        [TEMPLATE],
        ScanSettings(workers=2),
        cache=result.cache,
        task=pool_tasks.must_not_run,
    )
    assert not again.errors
    assert [d.ocr for d in again.documents] == [d.ocr for d in result.documents]
    assert [(p.a, p.b, p.flagged, p.similarity) for p in again.pairs] == [
        (p.a, p.b, p.flagged, p.similarity) for p in result.pairs
    ]


def test_no_ocr_reports_the_scan_and_ignores_what_a_cache_read(result, scanned_class):
    off = scan([scanned_class], [TEMPLATE], ScanSettings(workers=2, ocr=False), cache=result.cache)
    (error,) = off.errors
    assert error.path == "scan-of-copy.pdf" and error.code == "scanned"
    assert str(error.reason) == (
        "scanned image: no text layer, and reading scans (OCR) is turned off"
    )
    pasted = next(d for d in off.documents if d.path == "pasted-picture.docx")
    assert pasted.ocr == () and "课程论文" not in pasted.text
    assert any(w.code == "warn.ocr-off" for w in pasted.warnings)


def test_cancel_stops_ocr(scanned_class):
    def stop_at_first_page(report) -> bool:
        return report.step is None

    got = scan(
        [scanned_class / "scan-of-copy.pdf", scanned_class / ORIGINAL],
        settings=ScanSettings(workers=1),
        progress=Progress(stop_at_first_page),
    )
    assert got.cancelled
    assert "scan-of-copy.pdf" not in {d.path for d in got.documents}


# ---- hostile pictures and pages -----------------------------------------------------


def _png_claiming(width: int, height: int) -> bytes:
    """A PNG of a few hundred bytes whose header claims ``width`` x ``height`` pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\0" * 100_000, 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def _docx_with_raw_picture(path: Path, picture: bytes, name: str) -> None:
    """A DOCX with a typed paragraph and a picture part holding ``picture`` as is."""
    import zipfile

    from PIL import Image

    good = io.BytesIO()
    Image.new("RGB", (300, 100), "white").save(good, "PNG")
    docx_with_picture("Typed text that is read anyway.", good.getvalue(), "", path)
    data = io.BytesIO(path.read_bytes())
    with zipfile.ZipFile(data) as src, zipfile.ZipFile(path, "w") as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename.startswith("word/media/"):
                body = picture
                info.filename = info.filename  # same part name: the relationship holds
            dst.writestr(info, body)
    _ = name


def test_a_decompression_bomb_picture_is_refused_and_the_text_kept(tmp_path):
    path = tmp_path / "bomb.docx"
    _docx_with_raw_picture(path, _png_claiming(30_000, 30_000), "bomb")
    got = extract(path, ocr=OcrReader())
    assert got.text.startswith("Typed text")
    (warning,) = [w for w in got.warnings if w.code == "warn.ocr-picture"]
    assert "30,000 × 30,000 pixels" in str(warning)


def test_a_corrupt_jpeg_is_named_and_the_text_kept(tmp_path):
    from PIL import Image

    jpeg = io.BytesIO()
    Image.new("RGB", (800, 600), "white").save(jpeg, "JPEG")
    broken = jpeg.getvalue()[:200] + b"\x00garbage" * 50
    path = tmp_path / "corrupt.docx"
    _docx_with_raw_picture(path, broken, "corrupt")
    got = extract(path, ocr=OcrReader())
    assert got.text.startswith("Typed text")
    assert any(w.code == "warn.ocr-picture" and "damaged picture" in str(w) for w in got.warnings)


def _pdf_with_one_image(width: int, height: int) -> bytes:
    """A one-page PDF whose only content is a JPEG XObject claiming ``width`` x
    ``height`` pixels (its data is a tiny JPEG: nothing that size is ever decoded)."""
    from PIL import Image

    jpeg = io.BytesIO()
    Image.new("RGB", (16, 16), "white").save(jpeg, "JPEG")
    body = jpeg.getvalue()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
        b"/Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>",
    ]
    content = b"q 595 0 0 842 0 0 cm /Im0 Do Q"
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for i, obj in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % i + obj + b"\nendobj\n")
    offsets.append(out.tell())
    out.write(b"4 0 obj\n<< /Length %d >>\nstream\n" % len(content) + content)
    out.write(b"\nendstream\nendobj\n")
    offsets.append(out.tell())
    out.write(
        b"5 0 obj\n<< /Type /XObject /Subtype /Image /Width %d /Height %d "
        b"/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\n"
        b"stream\n" % (width, height, len(body))
    )
    out.write(body + b"\nendstream\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 6\n0000000000 65535 f \n")
    for off in offsets:
        out.write(b"%010d 00000 n \n" % off)
    out.write(b"trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % xref)
    return out.getvalue()


def test_a_page_of_30000_by_30000_pixels_is_refused_by_name(tmp_path):
    path = tmp_path / "huge-page.pdf"
    path.write_bytes(_pdf_with_one_image(30_000, 30_000))
    with pytest.raises(ExtractError) as caught:
        extract(path, ocr=OcrReader())
    assert caught.value.code == "too-large"
    assert "page 1 holds a picture of 30,000 × 30,000 pixels" in str(caught.value)


def test_a_1000_page_scan_reads_the_first_pages_and_says_so(tmp_path):
    """In a worker, under its memory cap and with the default limits: the first 100
    pages are read (the time limit grew with them), the file is compared, and the
    teacher is told the rest was not."""
    from PIL import Image, ImageDraw

    from simhash_core.ocr.reader import MAX_PAGES

    pages = []
    for i in range(1000):
        image = Image.new("L", (360, 120), 255)
        ImageDraw.Draw(image).text((20, 40), f"Page number {i + 1} of the scan", fill=0)
        pages.append(image)
    folder = tmp_path / "class"
    folder.mkdir()
    pages[0].save(folder / "thousand.pdf", save_all=True, append_images=pages[1:], resolution=72.0)
    (folder / "typed.txt").write_text("Page number 1 of the scan. " * 30, encoding="utf-8")
    steps: list[tuple[int, int]] = []

    def seen(report) -> bool:
        if report.step is not None:
            steps.append(report.step)
        return True

    result = scan([folder], settings=ScanSettings(workers=1), progress=Progress(seen), timeout=20)
    # 100 pages take about 25 s on this machine, more than the 20 s limit: it grew with them
    assert not result.errors
    doc = next(d for d in result.documents if d.path == "thousand.pdf")
    assert len(doc.ocr) == MAX_PAGES == 100
    (warning,) = [w for w in doc.warnings if w.code == "warn.ocr-pages-limit"]
    assert str(warning) == (
        "OCR read the first 100 of 1000 scanned pages; the rest are not compared"
    )
    assert max(total for _, total in steps) == 100


def test_a_scan_in_a_worker_gets_a_longer_time_limit(tmp_path):
    pool = IsolatedPool(1, timeout=1.0)
    (outcome,) = [o for _, o in pool.run(pool_tasks.slow_with_note, [(0, (2.0, 5.0))])]
    assert outcome == "done"
    (late,) = [o for _, o in pool.run(pool_tasks.hang, [(0, (2.0,))])]
    assert isinstance(late, TaskFailure) and late.code == "timeout"


# ---- where the text lands, and how sure it is --------------------------------------

FOX = ["The quick brown fox jumps over the lazy dog", "while the cat sleeps by the fire."]


def test_a_scanned_page_inside_a_typed_pdf_is_read_at_its_place(tmp_path):
    from tests.scans import pdf_with_scanned_page, text_picture

    path = tmp_path / "mixed.pdf"
    pdf_with_scanned_page(
        "Typed on the first page of the essay.",
        text_picture(FOX),
        "Typed on the last page of the essay.",
        path,
    )
    got = extract(path, ocr=OcrReader())
    (region,) = got.ocr
    assert region.page == 2
    read = got.text[region.start : region.end]
    assert "quick brown fox" in read and "cat sleeps" in read
    first, last = got.text.index("first page"), got.text.index("last page")
    assert first < region.start < region.end <= last
    # without OCR the typed pages are read and the scanned one is named
    off = extract(path, ocr=OcrReader(enabled=False))
    assert "fox" not in off.text and off.ocr == () and off.ocr_skipped == 1
    assert any(w.code == "warn.ocr-off" for w in off.warnings)


def _odt_with_pictures(path: Path, body: str, pictures: dict[str, list[str]]) -> Path:
    """An ODT with ``body`` and, for each part name, a picture of those lines of text."""
    import zipfile

    from tests.core.office_files import odt_bytes
    from tests.scans import text_picture

    path.write_bytes(odt_bytes([], body_xml=body))
    with zipfile.ZipFile(path, "a") as z:
        for name, lines in pictures.items():
            z.writestr(name, text_picture(lines))
    return path


def test_a_picture_in_an_odt_is_read_at_its_place(tmp_path):
    body = (
        "<text:p>Typed before the picture.</text:p>"
        '<text:p><draw:frame draw:name="p1" svg:width="10cm" svg:height="2cm">'
        '<draw:image xlink:href="Pictures/fox.png" xlink:type="simple"/>'
        "</draw:frame></text:p>"
        "<text:p>Typed after the picture.</text:p>"
    )
    path = _odt_with_pictures(tmp_path / "essay.odt", body, {"Pictures/fox.png": FOX})
    got = extract(path, ocr=OcrReader())
    (region,) = got.ocr
    assert region.picture == "Pictures/fox.png"
    assert got.text.index("before the picture") < region.start
    assert region.end <= got.text.index("after the picture")
    assert "lazy dog" in got.text[region.start : region.end]


def test_a_page_read_with_low_confidence_is_flagged_for_checking(tmp_path, monkeypatch):
    from simhash_core.ocr import reader
    from simhash_core.ocr.engine import OcrLine

    def unsure(image):
        return [OcrLine("Blurred words the engine is unsure of", 10, 10, 400, 40, 0.55)]

    monkeypatch.setattr(reader, "recognise", unsure)
    path = tmp_path / "blurred.pdf"
    from tests.scans import text_picture

    image_pdf([text_picture(FOX)], path, 150)
    got = extract(path, ocr=OcrReader())
    assert got.ocr[0].confidence == 0.55
    (warning,) = [w for w in got.warnings if w.code == "warn.ocr-low"]
    assert str(warning) == (
        "page 1 was read by OCR with low confidence (55%): check its text against the scan"
    )


def test_no_ocr_on_the_command_line(scanned_class, tmp_path):
    import json

    from simhash_core.cli.main import main

    out = tmp_path / "out.json"
    argv = ["scan", str(scanned_class), "--template", str(TEMPLATE), "--no-cache"]
    assert main([*argv, "--no-ocr", "--json", str(out), "-q"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [e["path"] for e in data["errors"]] == ["scan-of-copy.pdf"]
    assert all(d["ocr"] == [] for d in data["documents"])


def test_a_picture_the_engine_refuses_costs_only_itself(tmp_path):
    """A banner 3,600 px wide and 30 px high: the engine cannot resize it for reading;
    the document is read and the picture named."""
    from PIL import Image

    banner = io.BytesIO()
    Image.new("RGB", (3600, 30), "white").save(banner, "PNG")
    path = tmp_path / "banner.docx"
    docx_with_picture("Typed essay text stays readable.", banner.getvalue(), "More.", path)
    got = extract(path, ocr=OcrReader())
    assert got.text.startswith("Typed essay text")
    assert got.ocr == ()


def test_scanned_pages_alike_at_the_top_are_not_a_running_header(tmp_path):
    """Three scanned pages that start alike: each page's text stays, with its page."""
    from tests.scans import text_picture

    pages = [
        text_picture(["Course essay, spring term", f"Page {word} of the essay body."])
        for word in ("one", "two", "three")
    ]
    path = tmp_path / "three.pdf"
    image_pdf(pages, path, 150)
    got = extract(path, ocr=OcrReader())
    assert [r.page for r in got.ocr] == [1, 2, 3]
    for region, word in zip(got.ocr, ("one", "two", "three"), strict=True):
        assert f"Page {word}" in got.text[region.start : region.end]


def test_a_picture_in_an_odt_footnote_does_not_shift_the_regions(tmp_path):
    body = (
        "<text:p>Typed.<text:note><text:note-body><text:p>A note "
        '<draw:frame><draw:image xlink:href="Pictures/note.png"/></draw:frame>'
        "</text:p></text:note-body></text:note></text:p>"
        '<text:p><draw:frame><draw:image xlink:href="Pictures/body.png"/></draw:frame></text:p>'
    )
    pictures = {
        "Pictures/note.png": ["Words from the note picture"],
        "Pictures/body.png": ["Words from the body picture"],
    }
    path = _odt_with_pictures(tmp_path / "notes.odt", body, pictures)
    got = extract(path, ocr=OcrReader())
    (region,) = got.ocr
    assert region.picture == "Pictures/body.png"
    assert "body picture" in got.text[region.start : region.end]


def test_pictures_in_formats_that_run_programs_are_not_decoded():
    from simhash_core.ocr.images import ImageRefused, decode

    eps = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 600 200\nshowpage\n"
    with pytest.raises(ImageRefused) as caught:
        decode(eps)
    assert caught.value.reason.code == "ocr.image-format"


def test_a_result_read_while_the_engine_failed_is_not_kept(tmp_path, monkeypatch):
    """OCR on but the engine not loading: the scan says so, and the next scan (with a
    working engine) reads the file again instead of taking the unread text."""
    from simhash_core.ocr import engine
    from tests.scans import text_picture

    folder = tmp_path / "class"
    folder.mkdir()
    image_pdf([text_picture(FOX)], folder / "scan.pdf", 150)
    (folder / "typed.txt").write_text(" ".join(FOX) * 3, encoding="utf-8")
    cache = AnalysisCache(tmp_path / "cache.sqlite")

    def broken():
        raise engine.OcrUnavailable("models missing")

    monkeypatch.setattr(engine, "_load", broken)
    first = scan([folder], settings=ScanSettings(workers=1), isolate=False, cache=cache)
    (error,) = first.errors
    assert "OCR engine failed to load (models missing)" in str(error.reason)
    monkeypatch.undo()
    again = scan([folder], settings=ScanSettings(workers=1), isolate=False, cache=cache)
    assert not again.errors
    scanned = next(d for d in again.documents if d.path == "scan.pdf")
    assert scanned.ocr and "quick brown fox" in scanned.text
