"""Scanned submissions made on the spot, for the OCR tests and ``benchmarks/ocr.py``.

Nothing here is checked in as a picture: pages are typeset from known text with
reportlab (or taken from the sample class's PDFs), rendered with poppler's ``pdftoppm``,
optionally degraded like a cheap scan (150 dpi, noise, blur, a 2° skew), and wrapped as
image-only PDFs or pasted into a DOCX as a picture.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
import unicodedata
from pathlib import Path

import numpy as np

CJK_FONT_FILES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
)


def have_pdftoppm() -> bool:
    return shutil.which("pdftoppm") is not None


def cjk_font() -> str | None:
    return next((f for f in CJK_FONT_FILES if Path(f).is_file()), None)


def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def typeset(text: str, path: Path, *, size: float = 12.0) -> list[str]:
    """Typeset ``text`` on A4 pages as a PDF with a text layer; returns each page's text
    (its lines joined by newlines), the truth for OCR."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    font_file = cjk_font()
    if font_file is None:
        raise RuntimeError("no CJK font (fonts-wqy-microhei) to typeset with")
    pdfmetrics.registerFont(TTFont("ScanFont", font_file, subfontIndex=0))
    width, height = A4
    margin = 72.0
    usable = width - 2 * margin
    lines: list[str] = []
    for paragraph in text.split("\n"):
        paragraph = " ".join(paragraph.split())
        if not paragraph:
            continue
        line = ""
        for token in _tokens(paragraph):
            trial = line + token
            if line and pdfmetrics.stringWidth(trial, "ScanFont", size) > usable:
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line = trial
        if line.strip():
            lines.append(line.rstrip())
        lines.append("")  # a blank line between paragraphs
    pdf = canvas.Canvas(str(path), pagesize=A4)
    leading = size * 1.6
    per_page = int((height - 2 * margin) // leading)
    pages: list[str] = []
    for start in range(0, len(lines), per_page):
        chunk = lines[start : start + per_page]
        if not any(chunk):
            continue
        pdf.setFont("ScanFont", size)
        y = height - margin
        for line in chunk:
            pdf.drawString(margin, y, line)
            y -= leading
        pdf.showPage()
        pages.append("\n".join(line for line in chunk if line))
    pdf.save()
    return pages


def _tokens(paragraph: str) -> list[str]:
    """Units a line may break between: each CJK character, each Latin word with the
    space before it."""
    tokens: list[str] = []
    word = ""
    for ch in paragraph:
        if _is_wide(ch):
            if word:
                tokens.append(word)
                word = ""
            tokens.append(ch)
        elif ch == " ":
            if word:
                tokens.append(word)
            word = " "
        else:
            word += ch
    if word:
        tokens.append(word)
    return tokens


def render(pdf: Path, dpi: int, first: int | None = None, last: int | None = None) -> list[bytes]:
    """The PDF's pages as PNG bytes, rendered by pdftoppm."""
    with tempfile.TemporaryDirectory() as folder:
        args = ["pdftoppm", "-r", str(dpi), "-png"]
        if first:
            args += ["-f", str(first)]
        if last:
            args += ["-l", str(last)]
        subprocess.run([*args, str(pdf), f"{folder}/page"], check=True, capture_output=True)
        return [p.read_bytes() for p in sorted(Path(folder).glob("page-*.png"))]


def degrade(png: bytes, seed: int = 0) -> bytes:
    """A page as a poor scan: half the resolution, rotated 2°, blurred, with grain."""
    from PIL import Image, ImageFilter

    image = Image.open(io.BytesIO(png)).convert("L")
    image = image.resize((image.width // 2, image.height // 2), Image.Resampling.BILINEAR)
    image = image.rotate(2.0, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
    image = image.filter(ImageFilter.GaussianBlur(0.8))
    rng = np.random.default_rng(seed)
    pixels = np.asarray(image, np.float32) + rng.normal(0.0, 18.0, (image.height, image.width))
    out = io.BytesIO()
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(out, "PNG")
    return out.getvalue()


def image_pdf(pngs: list[bytes], path: Path, dpi: int) -> None:
    """An image-only PDF: one page per picture, no text layer."""
    from PIL import Image

    images = [Image.open(io.BytesIO(p)).convert("RGB") for p in pngs]
    images[0].save(path, save_all=True, append_images=images[1:], resolution=float(dpi))


def docx_with_picture(before: str, png: bytes, after: str, path: Path) -> None:
    """A DOCX: a typed paragraph, the picture pasted inline, another typed paragraph."""
    from docx import Document
    from docx.shared import Cm

    doc = Document()
    doc.add_paragraph(before)
    doc.add_picture(io.BytesIO(png), width=Cm(16))
    doc.add_paragraph(after)
    doc.save(str(path))


def comparable(text: str) -> str:
    """Text as the character error rate counts it: NFKC (full-width and half-width
    forms alike), whitespace runs as one space, no space next to a CJK character."""
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    out = []
    for i, ch in enumerate(text):
        if ch == " " and (_is_wide(text[i - 1]) or (i + 1 < len(text) and _is_wide(text[i + 1]))):
            continue
        out.append(ch)
    return "".join(out)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance, a row at a time in numpy.

    >>> edit_distance("kitten", "sitting"), edit_distance("", "abc"), edit_distance("同一", "同一")
    (3, 3, 0)
    """
    if not a or not b:
        return max(len(a), len(b))
    codes_b = np.array([ord(c) for c in b], np.int64)
    steps = np.arange(len(b) + 1, dtype=np.int64)
    prev = steps.copy()
    for ch in a:
        sub = prev[:-1] + (codes_b != ord(ch))
        cur = np.empty_like(prev)
        cur[0] = prev[0] + 1
        cur[1:] = np.minimum(prev[1:] + 1, sub)
        # insertions along the row: cur[j] = min_k (cur[k] + j - k)
        cur = np.minimum.accumulate(cur - steps) + steps
        prev = cur
    return int(prev[-1])


def cer(truth: str, read: str) -> float:
    """Character error rate of ``read`` against ``truth`` (after :func:`comparable`)."""
    t, r = comparable(truth), comparable(read)
    return edit_distance(t, r) / max(len(t), 1)


def text_picture(lines: list[str], size: int = 28) -> bytes:
    """A PNG of ``lines`` printed black on white (WenQuanYi): a small scan of text."""
    from PIL import Image, ImageDraw, ImageFont

    font_file = cjk_font()
    if font_file is None:
        raise RuntimeError("no CJK font (fonts-wqy-microhei) to draw with")
    font = ImageFont.truetype(font_file, size)
    width = max(int(font.getlength(line)) for line in lines) + 2 * size
    height = int(len(lines) * size * 1.8) + 2 * size
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    for k, line in enumerate(lines):
        draw.text((size, size + k * size * 1.8), line, fill=0, font=font)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def pdf_with_scanned_page(before: str, picture: bytes, after: str, path: Path) -> None:
    """A typed page, a page that is only a picture, another typed page (reportlab)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("ScanFont", cjk_font() or "", subfontIndex=0))
    width, height = A4
    pdf = canvas.Canvas(str(path), pagesize=A4)
    for page in (before, None, after):
        if page is None:
            reader = ImageReader(io.BytesIO(picture))
            w, h = reader.getSize()
            scale = (width - 144) / w
            pdf.drawImage(reader, 72, height - 72 - h * scale, w * scale, h * scale)
        else:
            pdf.setFont("ScanFont", 12)
            pdf.drawString(72, height - 90, page)
        pdf.showPage()
    pdf.save()
