"""Photos and screenshots handed in as files, read by OCR the right way up.

The pictures are drawn here from known lines (tests/scans.py: WenQuanYi Micro Hei), and
turned, tagged or re-encoded as a phone would. Speed and error rates on full pages are
measured by benchmarks/photos.py, not asserted here.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from simhash_core.extract import SUPPORTED_SUFFIXES, ExtractError, extract
from simhash_core.extract.scans import source_image
from simhash_core.messages import Message
from simhash_core.ocr.reader import OcrReader
from simhash_core.scan import scan
from simhash_core.types import OcrRegion
from tests.scans import cer, cjk_font, text_picture

pytestmark = [
    pytest.mark.skipif(cjk_font() is None, reason="needs fonts-wqy-microhei to draw text"),
    pytest.mark.slow,
]

LINES = [
    "图书馆藏书丰富，学生可以借阅各种书籍与期刊，",
    "并利用电子数据库查询学术论文。引用他人观点须注明出处，",
    "The library holds a large collection of books and journals,",
    "and students may borrow them for up to four weeks.",
]
TRUTH = "\n".join(LINES)


def _picture(turn: int = 0, fmt: str = "PNG", orientation: int = 1):
    """The lines drawn, turned ``turn`` degrees anticlockwise, encoded as ``fmt``."""
    from PIL import Image

    image = Image.open(io.BytesIO(text_picture(LINES))).convert("RGB")
    image = image.rotate(turn, expand=True, fillcolor="white")
    out = io.BytesIO()
    exif = image.getexif()
    if orientation != 1:
        exif[0x0112] = orientation
    image.save(out, fmt, exif=exif.tobytes())
    return out.getvalue()


def _read(tmp_path: Path, name: str, data: bytes, **reader) -> object:
    path = tmp_path / name
    path.write_bytes(data)
    return extract(path, ocr=OcrReader(**reader))


def test_the_photo_suffixes_are_read():
    assert {".jpg", ".jpeg", ".png", ".heic", ".webp", ".tif", ".tiff"} <= SUPPORTED_SUFFIXES


def test_a_screenshot_is_read_as_one_ocr_region(tmp_path):
    got = _read(tmp_path, "screenshot.png", _picture())
    assert got.kind == "image" and cer(TRUTH, got.text) < 0.05
    assert got.ocr == (OcrRegion(0, len(got.text), got.ocr[0].confidence),)
    assert got.ocr[0].where == Message.of("ocr.where-photo") and got.ocr[0].confidence > 0.9
    assert not any(w.code == "warn.ocr-turned" for w in got.warnings)


@pytest.mark.parametrize("turn", [90, 180, 270])
def test_a_photo_taken_sideways_or_upside_down_is_turned_before_it_is_read(tmp_path, turn):
    data = _picture(turn, "JPEG")
    plain = _read(tmp_path, "plain.jpg", data, turn_pages=False)
    turned = _read(tmp_path, "turned.jpg", data)
    assert cer(TRUTH, plain.text) > 0.5  # read as it lies: junk, or lines out of order
    assert cer(TRUTH, turned.text) < 0.05
    said = [w for w in turned.warnings if w.code == "warn.ocr-turned"]
    assert said == [Message.of("warn.ocr-turned", degrees=turn)]  # turned back clockwise


def test_the_exif_orientation_is_applied(tmp_path):
    """A camera held sideways stores the pixels turned and says so in its EXIF tag 6
    (turn 90° clockwise to show): read upright without any guessing."""
    got = _read(tmp_path, "phone.jpg", _picture(90, "JPEG", orientation=6), turn_pages=False)
    assert cer(TRUTH, got.text) < 0.05


def test_webp_and_tiff_are_read(tmp_path):
    for name, fmt in (("shot.webp", "WEBP"), ("scan.tif", "TIFF")):
        assert cer(TRUTH, _read(tmp_path, name, _picture(0, fmt)).text) < 0.05


def test_a_heic_photo_is_read(tmp_path):
    import pillow_heif  # a declared dependency: its absence fails the test

    pillow_heif.register_heif_opener()  # to write the HEIC here
    got = _read(tmp_path, "IMG_0001.HEIC", _picture(0, "HEIF"))
    assert cer(TRUTH, got.text) < 0.05


def test_with_ocr_off_a_photo_says_so(tmp_path):
    with pytest.raises(ExtractError) as err:
        _read(tmp_path, "photo.jpg", _picture(0, "JPEG"), enabled=False)
    assert err.value.code == "scanned" and err.value.reason == Message.of("image.ocr-off")


def test_a_photo_without_text_and_a_damaged_one_are_named(tmp_path):
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (800, 600), (40, 120, 200)).save(out, "JPEG")
    with pytest.raises(ExtractError) as err:
        _read(tmp_path, "sky.jpg", out.getvalue())
    assert err.value.code == "empty" and err.value.reason == Message.of("image.no-text")
    with pytest.raises(ExtractError) as err:
        _read(tmp_path, "broken.jpg", _picture(0, "JPEG")[:300])
    assert err.value.code == "corrupt"


def test_an_essay_and_a_photo_in_a_students_folder_are_one_submission(tmp_path):
    """A student hands in an essay and a photo of a handwritten page: both are read and
    compared as the student's one submission; another student's photo of the same text
    is found as a copy of it."""
    from docx import Document

    for student in ("张三", "李四"):
        folder = tmp_path / student
        folder.mkdir()
    essay = Document()
    essay.add_paragraph("这是张三自己写的第一部分，讨论了课程的主要内容和个人的理解与体会。" * 3)
    essay.save(str(tmp_path / "张三" / "essay.docx"))
    (tmp_path / "张三" / "page2.jpg").write_bytes(_picture(0, "JPEG"))
    (tmp_path / "李四" / "copy.png").write_bytes(_picture(180, "PNG"))
    result = scan([tmp_path], isolate=False)
    assert not result.errors
    names = sorted(d.student.name for d in result.documents if d.student)
    assert names == ["张三", "李四"]
    zhang = next(d for d in result.documents if d.student and d.student.name == "张三")
    assert zhang.ocr and all(r.file == "page2.jpg" for r in zhang.ocr)
    assert any(p.flagged for p in result.pairs)
    shown = source_image(zhang, zhang.ocr[0])  # "Show the scan": the photo itself
    assert isinstance(shown, np.ndarray) and shown.shape[2] == 3 and shown.shape[1] > 600


def test_a_pdf_page_scanned_upside_down_is_turned_before_it_is_read(tmp_path):
    """The same turning serves scanned PDF pages: the sheet put in the scanner the wrong
    way round is read upright, its text where the page's text belongs."""
    from tests.scans import image_pdf

    path = tmp_path / "scan.pdf"
    image_pdf([_picture(180)], path, dpi=150)
    got = extract(path, ocr=OcrReader())
    assert cer(TRUTH, got.text) < 0.05
    assert len(got.ocr) == 1 and got.ocr[0].page == 1
