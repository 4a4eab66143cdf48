"""The HTML report in a real browser (Chromium, headless, no network): the overview's
histogram, a pair's colours on both sides, Chinese glyphs rather than boxes, linked
passages, sorting, printing, and an anonymized report that names nobody."""

from __future__ import annotations

import base64
import datetime
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from simhash_core.report import report_writers
from simhash_core.report.export import write_reports
from simhash_core.report.palette import PASSAGE_COLORS
from simhash_core.scan import scan
from tests.core.samples import CLASS_ZH, needs_samples
from tests.core.textgen import two_passages

CHROMIUM = next(
    (
        p
        for p in (
            shutil.which("chromium-headless-shell"),
            "/usr/lib/chromium/chromium-headless-shell",
            shutil.which("chromium"),
        )
        if p and Path(p).exists()
    ),
    None,
)
needs_browser = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium: .ci/system-deps.sh installs chromium-headless-shell"
)
DAY = datetime.date(2026, 11, 24)

pytestmark = [needs_samples, pytest.mark.slow]


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("reports")
    result = scan([CLASS_ZH / "submissions"], [CLASS_ZH / "template.txt"], isolate=False)
    paths = {}
    for key, lang, anonymous in (("zh", "zh", False), ("en", "en", False), ("anon", "zh", True)):
        paths[key] = out / f"{key}.html"
        more = report_writers(
            result, html_path=paths[key], lang=lang, anonymous=anonymous, date=DAY
        )
        write_reports(result, more=more)
    paths["result"] = result  # type: ignore[assignment]
    return paths


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("no Chromium: .ci/system-deps.sh installs chromium-headless-shell")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def open_report(browser, path: Path, fragment: str = ""):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.requests, page.errors = [], []
    page.on("request", lambda r: page.requests.append(r.url))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(path.as_uri() + fragment)
    return page


def image(png: bytes):
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB")


def distinct_glyphs(page, box) -> int:
    """How many different pictures the first 12 different visible Chinese characters
    in ``box`` make: 12 for real glyphs, 1 when each is drawn as the same box."""
    rects = box.evaluate(
        """box => {
          const out = [], seen = new Set();
          const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n && out.length < 12; n = walk.nextNode()) {
            for (let i = 0; i < n.data.length && out.length < 12; i++) {
              const ch = n.data[i];
              if (!/[\\u4e00-\\u9fff]/.test(ch) || seen.has(ch)) continue;
              const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
              const b = r.getBoundingClientRect();
              if (b.width > 4 && b.top > 0 && b.bottom < innerHeight) {
                seen.add(ch); out.push({x: b.x, y: b.y, width: b.width, height: b.height});
              }
            }
          }
          return out;
        }"""
    )
    assert len(rects) == 12
    return len({page.screenshot(clip=r) for r in rects})


def near(rgb: tuple[int, int, int], hex_color: str, tol: int = 12) -> bool:
    want = tuple(int(hex_color[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(rgb, want, strict=True))


def count_color(img, hex_colors: list[str], box=None) -> int:
    region = img.crop(box) if box else img
    wanted = [tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in hex_colors]
    found = 0
    for (r, g, b), n in ((px, n) for n, px in region.getcolors(1 << 24)):
        if any(abs(r - x) <= 8 and abs(g - y) <= 8 and abs(b - z) <= 8 for x, y, z in wanted):
            found += n
    return found


@needs_browser
def test_the_overview_shows_the_histogram_and_loads_nothing(reports, browser, tmp_path):
    page = open_report(browser, reports["zh"])
    shot = image(page.screenshot())
    (tmp_path / "overview.png").write_bytes(page.screenshot())
    box = page.locator("svg.histogram").bounding_box()
    assert box is not None and box["y"] < 1000  # on the first screen
    crop = (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    bars = page.locator("svg.histogram rect.bar")
    fills = bars.evaluate_all("rs => rs.map(r => r.getAttribute('fill'))")
    assert len(fills) >= 3 and "#8fa3bf" in fills  # the honest pairs' bar, and hot ones
    hot = [f for f in fills if f != "#8fa3bf"]
    assert count_color(shot, ["#8fa3bf"], crop) > 300  # drawn, not only in the markup
    assert count_color(shot, hot, crop) > 300
    assert "标记的文档对" in page.locator("body").inner_text()  # Chinese headings
    assert page.requests == [reports["zh"].as_uri()]  # no network, no other file
    assert page.errors == []
    page.close()


@needs_browser
def test_a_pair_shows_its_passages_in_colour_on_both_sides_in_chinese(reports, browser):
    page = open_report(browser, reports["zh"], "#pair-2")
    section = page.locator("#pair-2")
    assert section.get_attribute("data-ready") == "1"
    left, right = section.locator(".text").nth(0), section.locator(".text").nth(1)
    assert left.locator("mark").count() > 0 and right.locator("mark").count() > 0
    shot = image(page.screenshot())
    lb, rb = left.bounding_box(), right.bounding_box()
    for b in (lb, rb):
        box = (b["x"], b["y"], b["x"] + b["width"], min(1000, b["y"] + b["height"]))
        assert count_color(shot, list(PASSAGE_COLORS), box) > 5000, box
    # Chinese glyphs, not boxes: a dozen different characters, a dozen different pictures
    assert distinct_glyphs(page, left) >= 11  # a box (tofu) looks the same for every one
    assert page.errors == []
    page.close()


@needs_browser
def test_clicking_a_passage_scrolls_the_other_side_to_it(browser, tmp_path):
    # a copy in the sample class is one whole passage: two essays sharing two passages
    # far apart show the second twin only when it is scrolled to
    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in zip(("a.txt", "b.txt"), two_passages(), strict=True):
        (folder / name).write_text(text, encoding="utf-8")
    result = scan([folder], isolate=False)
    path = tmp_path / "two.html"
    write_reports(result, more=report_writers(result, html_path=path, lang="en", date=DAY))
    page = open_report(browser, path, "#pair-1")
    section = page.locator("#pair-1")
    numbers = section.locator(".text").nth(0).locator("mark[data-n]")
    assert numbers.count() == 2
    last = numbers.nth(numbers.count() - 1)
    n = last.get_attribute("data-p")
    last.scroll_into_view_if_needed()
    right = section.locator(".text").nth(1)
    target = right.locator(f'mark[data-p="{n}"]').first
    box, mark = right.bounding_box(), target.bounding_box()
    assert not box["y"] <= mark["y"] <= box["y"] + box["height"]  # out of sight before
    last.click()
    box, mark = right.bounding_box(), target.bounding_box()
    assert box["y"] <= mark["y"] <= box["y"] + box["height"]  # scrolled into the box
    assert "current" in (target.get_attribute("class") or "")
    page.close()


@needs_browser
def test_the_flagged_pairs_sort_by_a_column(reports, browser):
    page = open_report(browser, reports["en"])
    table = page.locator("#flagged")
    sims = table.locator("tbody tr td:nth-child(4)")
    before = [float(x.rstrip("%")) for x in sims.all_inner_texts()]
    assert before == sorted(before, reverse=True)  # most similar first
    table.locator("th").nth(3).click()
    after = [float(x.rstrip("%")) for x in sims.all_inner_texts()]
    assert after == sorted(before)
    page.close()


@needs_browser
def test_printing_lays_out_every_pair_in_full(reports, browser, tmp_path):
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext missing: .ci/system-deps.sh installs poppler-utils")
    page = open_report(browser, reports["zh"])
    page.emulate_media(media="print")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    pdf = tmp_path / "printed.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    result = reports["result"]
    last = page.locator("section.pair").count()
    assert last == sum(p.flagged for p in result.pairs) >= 10
    flat = re.sub(r"\s+", "", text)
    for n in (1, last):  # the first and the last pair's texts, in full
        mark = page.locator(f"#pair-{n} .text").nth(1).locator("mark").last.inner_text()
        assert re.sub(r"\s+", "", mark)[-30:] in flat
    page.close()


def test_an_anonymized_report_names_nobody(reports):
    """No file name, folder or path of a student appears anywhere in its bytes, nor
    in the embedded font (whose base64 is decoded: random base64 can spell "s009")."""
    result = reports["result"]
    page = reports["anon"].read_bytes()
    fonts = re.findall(rb"data:font/woff;base64,([A-Za-z0-9+/=]+)", page)
    assert len(fonts) == 1
    rest = page.replace(fonts[0], b"")
    font = base64.b64decode(fonts[0])
    named = set()
    for d in result.documents:
        named |= {d.path, d.name, Path(d.name).stem, str(d.abspath), str(d.abspath.parent)}
    named |= {"template.txt", "class-zh", str(CLASS_ZH)}
    for name in sorted(named):
        assert name.encode() not in rest, name
        for encoding in ("utf-8", "utf-16-be"):
            assert name.encode(encoding) not in font, name
    data = rest
    text = data.decode()
    labels = set(re.findall(r"学生 (\d+)", text))
    assert len(labels) >= 15  # the flagged pairs' students, each by a number
    assert reports["zh"].read_bytes().count(b"s004.docx") > 0  # the plain report names them


@needs_browser
def test_chinese_is_drawn_from_the_embedded_font_on_a_machine_without_one(
    reports, browser, tmp_path
):
    """A browser whose fontconfig knows only DejaVu (no CJK face) still draws the
    Chinese of the report, from the font inside the page; the same page without the
    embedded font shows boxes there, so this test can fail."""
    from simhash_core.report.contents import class_report
    from simhash_core.report.html import render_html

    latin_only = Path("/usr/share/fonts/truetype/dejavu")
    if not latin_only.is_dir():
        pytest.skip("no DejaVu fonts to stand in for a machine without Chinese fonts")
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<dir>{latin_only}</dir><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>"
    )
    report = class_report(reports["result"], lang="zh", date=DAY)
    bare = tmp_path / "bare.html"
    bare.write_text(render_html(report, embed_font=False), encoding="utf-8")
    env = {"FONTCONFIG_FILE": str(conf), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    seen = {}
    # a second browser of the same Playwright (one per thread), with its own fonts
    b = browser.browser_type.launch(executable_path=CHROMIUM, args=["--no-sandbox"], env=env)
    try:
        for name, path in (("embedded", reports["zh"]), ("bare", bare)):
            page = open_report(b, path, "#pair-2")
            seen[name] = distinct_glyphs(page, page.locator("#pair-2 .text").nth(0))
            assert all(r.startswith(("file:", "data:")) for r in page.requests), page.requests
            page.close()
    finally:
        b.close()
    assert seen["bare"] <= 2, seen  # boxes: this browser really has no Chinese font
    assert seen["embedded"] >= 11, seen
