"""Text extraction: every bad file gets its code and reason, good files give clean text."""

from __future__ import annotations

import doctest
import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import pytest

import simhash_core.extract as extract_pkg
from simhash_core.extract import (
    SUPPORTED_SUFFIXES,
    ExtractError,
    ExtractLimits,
    extract,
    join_wrapped_lines,
    pdf_layout,
    sniff,
    txt,
    wrap,
)
from simhash_core.extract import docx as docx_mod
from simhash_core.extract import errors as errors_mod
from simhash_core.extract import pdf as pdf_mod
from simhash_core.extract.docx import extract_docx
from simhash_core.extract.pdf_layout import Glyph, assemble_pages, group_lines
from simhash_core.extract.txt import extract_txt
from simhash_core.messages import Message
from tests.core.samples import needs_samples
from tests.core.textgen import en_essay, zh_essay

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT.parent / "shared" / "samples"
SUBMISSIONS = SAMPLES / "class-zh" / "submissions"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
CJK = "\u4e00-\u9fff"


def _load_generator() -> ModuleType:
    path = ROOT / "tests" / "data" / "make_bad_files.py"
    spec = importlib.util.spec_from_file_location("make_bad_files", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_bad_files", module)
    spec.loader.exec_module(module)
    return module


gen = _load_generator()


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    dest = tmp_path_factory.mktemp("bad")
    return dest, gen.make_bad_files(dest)


def _code(path: Path, limits: ExtractLimits | None = None) -> tuple[str, Message | None]:
    try:
        extract(path, limits or ExtractLimits())
    except ExtractError as exc:
        return exc.code, exc.reason
    return "ok", None


# --- every bad case -------------------------------------------------------------------

# the message each case gets: its code, and the values that matter
REASONS = {
    "empty.txt": Message.of("file.empty"),
    "whitespace.txt": Message.of("file.blank"),
    "blank.docx": Message.of("file.blank"),
    "binary.txt": Message.of("txt.binary", what=Message.of("looks.png")),
    "nul-junk.txt": "txt.",
    "unknown-encoding.txt": Message.of("txt.encoding"),
    "old-word.docx": Message.of("doc.damaged", detail="no readable text stream"),
    "encrypted-word.docx": Message.of("docx.encrypted"),
    "truncated.docx": Message.of("docx.bad-zip"),
    "corrupt-zip.docx": Message.of("docx.bad-zip"),
    "image.docx": Message.of("docx.not-docx", what=Message.of("looks.png")),
    "spreadsheet.docx": Message.of("docx.not-docx", what=Message.of("looks.xlsx")),
    "zip-bomb.docx": "docx.bomb",
    "billion-laughs.docx": Message.of("docx.entities"),
    "external-entity.docx": Message.of("docx.entities"),
    "encrypted.pdf": Message.of("pdf.encrypted"),
    "no-text.pdf": Message.of("pdf.scanned"),
    "malformed.pdf": "pdf.damaged",
    "jpeg.pdf": Message.of("pdf.not-pdf", what=Message.of("looks.jpeg")),
    "broken-link.txt": Message.of("file.broken-link"),
    "self-loop.txt": Message.of("file.link-loop"),
    "no-permission.txt": Message.of("file.permission"),
}


def _matches(reason: Message | None, expected: Message | str) -> bool:
    """The whole message, or (given a string) a code starting with it."""
    if reason is None:
        return False
    if isinstance(expected, str):
        return reason.code.startswith(expected)
    return reason == expected


def test_every_generated_case_gets_its_code(bad: tuple[Path, dict[str, str]]) -> None:
    dest, expected = bad
    assert len(expected) >= 30
    wrong = {}
    for name, code in expected.items():
        if name == "no-permission.txt" and os.access(dest / name, os.R_OK):
            continue  # checked (or skipped with a reason) in its own test below
        got, reason = _code(dest / name)
        if got != code or (name in REASONS and not _matches(reason, REASONS[name])):
            wrong[name] = (code, got, reason)
    assert not wrong


_AS_NOBODY = """
import os, sys
from pathlib import Path
from simhash_core.extract import ExtractError, extract
extract(Path(sys.argv[1]))  # everything imported while still allowed to
os.setgid(65534)
os.setuid(65534)  # nobody: chmod 000 now applies
try:
    extract(Path(sys.argv[2]))
except ExtractError as exc:
    print(exc.code + "|" + exc.reason.code)
"""


def test_unreadable_file(bad: tuple[Path, dict[str, str]]) -> None:
    dest, _ = bad
    expected = ("unreadable", Message.of("file.permission"))
    if not os.access(dest / "no-permission.txt", os.R_OK):
        assert _code(dest / "no-permission.txt") == expected
        return
    # root reads any file: check in a child process that drops root first
    assert IS_ROOT, "chmod 000 did not stop reading, yet we are not root"
    folder = Path(tempfile.mkdtemp(prefix="plagcheck-perm-"))
    try:
        folder.chmod(0o755)
        readable, locked = folder / "ok.txt", folder / "locked.txt"
        readable.write_text("a readable file")
        locked.write_text("a locked file")
        locked.chmod(0)
        out = subprocess.run(
            [sys.executable, "-c", _AS_NOBODY, str(readable), str(locked)],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        assert tuple(out.stdout.strip().split("|")) == ("unreadable", "file.permission")
    finally:
        shutil.rmtree(folder)


def test_permission_error_is_mapped_even_as_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.txt"
    path.write_text("text")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "open", refuse)
    assert _code(path) == ("unreadable", Message.of("file.permission"))


def test_missing_and_folder_and_unsupported(tmp_path: Path) -> None:
    assert _code(tmp_path / "gone.pdf")[0] == "missing"
    folder = tmp_path / "folder.docx"
    folder.mkdir()
    assert _code(folder) == ("unreadable", Message.of("file.folder"))
    (tmp_path / "clip.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42")
    assert _code(tmp_path / "clip.mp4") == (
        "unsupported",
        Message.of("file.unsupported", suffix=".mp4"),
    )
    (tmp_path / "slides.ppt").write_bytes(b"\xd0\xcf\x11\xe0")
    assert _code(tmp_path / "slides.ppt") == (
        "unsupported",
        Message.of("file.old-slides", suffix=".ppt"),
    )
    assert {".txt", ".docx", ".pdf", ".odt", ".rtf", ".pptx", ".html", ".md"} <= SUPPORTED_SUFFIXES
    assert {".doc", ".wps", ".jpg", ".png", ".heic"} <= SUPPORTED_SUFFIXES


def test_suffix_is_case_insensitive(tmp_path: Path) -> None:
    path = tmp_path / "ESSAY.TXT"
    path.write_text("大写的后缀。", encoding="utf-8")
    assert extract(path).text == "大写的后缀。"


def test_large_txt_is_truncated_at_20_mb(bad: tuple[Path, dict[str, str]]) -> None:
    dest, _ = bad
    result = extract(dest / "large.txt")
    assert result.warnings == (Message.of("warn.truncated", size="20 MB"),)
    assert len(result.text.encode()) <= 20 * 1024 * 1024
    assert "\ufffd" not in result.text[-10:]


def test_small_txt_limit_cuts_between_characters(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes("汉字".encode() * 500)  # 3000 bytes; 1000 is inside a character
    result = extract(path, ExtractLimits(max_txt_bytes=1000))
    assert result.text == "汉字" * 166 + "汉"
    assert result.warnings == (Message.of("warn.truncated", size="1000 bytes"),)


def test_limits_are_validated() -> None:
    with pytest.raises(ValueError, match="max_txt_bytes"):
        ExtractLimits(max_txt_bytes=0)
    with pytest.raises(ValueError, match="max_docx_ratio"):
        ExtractLimits(max_docx_ratio=1)


def test_small_docx_limit_refuses(bad: tuple[Path, dict[str, str]]) -> None:
    dest, _ = bad
    code, reason = _code(dest / "good.docx", ExtractLimits(max_docx_xml_bytes=2000))
    assert code == "too-large" and reason is not None and reason.code == "docx.bomb"
    assert reason["limit"] == "2 KB"


def test_extract_error_pickles_and_prints() -> None:
    import pickle

    reason = Message.of("pdf.scanned")
    err = pickle.loads(pickle.dumps(ExtractError("scanned", reason)))
    assert (err.code, err.reason, str(err)) == ("scanned", reason, str(reason))
    assert str(err) == "scanned image: no text to compare; run OCR first"
    assert set(errors_mod.CODES) >= {"empty", "corrupt", "old-doc", "malicious", "too-large"}


def test_unexpected_library_errors_become_corrupt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.docx"
    path.write_bytes(b"PK\x03\x04whatever")

    def boom(data: bytes, limits: ExtractLimits, **_: object) -> None:
        raise ValueError("library bug")

    monkeypatch.setattr(docx_mod, "extract_docx", boom)
    code, reason = _code(path)
    assert code == "corrupt" and reason == Message.of(
        "file.library", format=Message.of("format.docx"), detail="ValueError: library bug"
    )


@pytest.mark.parametrize("name", ["good.docx", "hyphenated.pdf", "gbk.txt"])
def test_mutated_files_only_raise_extract_error(
    bad: tuple[Path, dict[str, str]], tmp_path: Path, name: str
) -> None:
    dest, _ = bad
    original = (dest / name).read_bytes()
    rng = random.Random(name)
    for round_ in range(15):
        data = bytearray(original)
        for _ in range(rng.randrange(1, 12)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        if round_ % 3 == 0:
            data = data[: rng.randrange(1, len(data))]
        path = tmp_path / f"m{round_}{Path(name).suffix}"
        path.write_bytes(bytes(data))
        try:
            extract(path)
        except ExtractError as exc:
            assert exc.code in errors_mod.CODES and exc.reason


# --- TXT ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "encoding", "expected"),
    [
        ("课程论文要求", "gb18030", "gb18030"),  # the detector ties it with Korean cp949
        ("今天天气很好，我们去公园散步吧。", "gbk", "gb18030"),
        ("課程論文要求", "big5", "cp950"),
        ("한국어 문장입니다 안녕하세요", "cp949", "cp949"),
    ],
)
def test_short_east_asian_texts(text: str, encoding: str, expected: str) -> None:
    result = extract_txt(text.encode(encoding))
    assert (result.text, result.encoding) == (text, expected)


def test_gbk_and_big5_decode(bad: tuple[Path, dict[str, str]]) -> None:
    dest, _ = bad
    gbk = extract(dest / "gbk.txt")
    assert gbk.encoding == "gb18030" and gen.GBK_TEXT in gbk.text
    big5 = extract(dest / "big5.txt")
    assert big5.encoding in ("cp950", "big5hkscs") and gen.BIG5_TEXT in big5.text


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        ("\ufeff课程论文".encode(), "utf-8-sig"),
        ("课程论文".encode(), "utf-8"),
        ("\ufeff课程论文".encode("utf-16-le"), "utf-16-le"),
        ("\ufeff课程论文".encode("utf-16-be"), "utf-16-be"),
        ("\ufeff课程论文".encode("utf-32-le"), "utf-32-le"),
        ("plain English text".encode("utf-16-le"), "utf-16-le"),
    ],
)
def test_boms_and_utf(data: bytes, encoding: str) -> None:
    result = extract_txt(data)
    assert result.encoding == encoding
    assert result.text in ("课程论文", "plain English text")
    assert result.warnings == ()


def test_control_bytes_are_binary() -> None:
    with pytest.raises(ExtractError, match="not a text file") as info:
        extract_txt(b"\x01\x02\x03abc" * 100)
    assert info.value.code == "binary"


def test_txt_newlines_are_normalised() -> None:
    assert extract_txt(b"a\r\nb\rc\n").text == "a\nb\nc\n"


def test_western_text_is_guessed_with_a_warning() -> None:
    text = "Le café était apprécié des élèves de la classe de français. " * 4
    result = extract_txt(text.encode("cp1252"))
    assert result.text == text  # cp1250 ties with cp1252 here and would give "élčves"
    assert result.warnings == (
        Message.of("warn.encoding-guessed", charset=Message.of("charset.cp1252")),
    )


def test_english_with_smart_quotes_is_windows_1252_not_chinese() -> None:
    """Curly quotes, dashes and an ellipsis typed on Windows: each a lone non-ASCII byte
    that GB18030 would pair with the next letter ("won’t" read as "won抰")."""
    text = (
        "I won’t hand in the essay late – he said “don’t worry”… It’s the teacher’s "
        "rule, and the café’s naïve résumé isn’t mine.\r\n"
    ) * 5
    result = extract_txt(text.encode("cp1252"))
    assert result.text == text.replace("\r\n", "\n")
    assert result.encoding == "cp1252"
    (warning,) = result.warnings
    assert str(warning).startswith(
        "the file does not say how its text is encoded; it was read as Western European "
        "(Windows-1252). If its text looks wrong"
    )


@needs_samples
def test_sample_txt_encodings_decode_without_mojibake() -> None:
    seen = set()
    for path in sorted(SUBMISSIONS.glob("*.txt")):
        result = extract(path)
        seen.add(result.encoding)
        assert "课程论文" in result.text or "課程論文" in result.text, path.name
        assert "\ufffd" not in result.text
    assert {"utf-8", "utf-16-le", "gb18030"} <= seen
    template = (SAMPLES / "class-zh" / "template.txt").read_text(encoding="utf-8")
    assert "课程论文要求" in template
    for name in ("s011.txt", "s022.txt"):  # GB18030 and UTF-16 with BOM
        assert "课程论文要求" in extract(SUBMISSIONS / name).text


# --- DOCX -----------------------------------------------------------------------------


def test_docx_reading_order_headers_and_footers(tmp_path: Path) -> None:
    import docx

    document = docx.Document()
    section = document.sections[0]
    section.header.paragraphs[0].text = "HEADER TEXT"
    section.footer.paragraphs[0].text = "FOOTER TEXT"
    document.add_paragraph("first paragraph")
    table = document.add_table(rows=2, cols=2)
    for r, row in enumerate(table.rows):
        for c, cell in enumerate(row.cells):
            cell.text = f"cell {r}{c}"
    table.cell(1, 0).add_table(rows=1, cols=1).cell(0, 0).text = "nested cell"
    document.add_paragraph("second paragraph")
    document.add_section()  # linked to the previous header: still one header
    document.add_paragraph("third paragraph")
    path = tmp_path / "order.docx"
    document.save(str(path))

    text = extract(path).text
    order = [
        "HEADER TEXT", "first paragraph", "cell 00", "cell 01", "cell 10", "nested cell",
        "cell 11", "second paragraph", "third paragraph", "FOOTER TEXT",
    ]  # fmt: skip
    positions = [text.index(part) for part in order]
    assert positions == sorted(positions)
    assert text.count("HEADER TEXT") == 1 and text.count("FOOTER TEXT") == 1


def test_docx_skips_deleted_text_field_codes_and_fallbacks(tmp_path: Path) -> None:
    w = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
    body = (
        "<w:p><w:r><w:t>kept</w:t></w:r>"
        "<w:del><w:r><w:delText>deleted</w:delText></w:r></w:del>"
        "<w:ins><w:r><w:t> inserted</w:t></w:r></w:ins>"
        "<w:r><w:instrText> PAGE </w:instrText></w:r>"
        "<w:r><w:tab/><w:t>after tab</w:t><w:br/><w:t>next line</w:t></w:r>"
        f'<mc:AlternateContent {w}><mc:Choice Requires="wps"><w:r><w:drawing>'
        "<w:txbxContent><w:p><w:r><w:t>text box</w:t></w:r></w:p></w:txbxContent>"
        "</w:drawing></w:r></mc:Choice><mc:Fallback><w:r><w:pict><w:txbxContent><w:p><w:r>"
        "<w:t>text box</w:t></w:r></w:p></w:txbxContent></w:pict></w:r></mc:Fallback>"
        "</mc:AlternateContent></w:p>"
    )
    path = tmp_path / "tricky.docx"
    path.write_bytes(gen.docx_bytes(gen._document_xml(body)))
    assert extract(path).text == "kept inserted\tafter tab\nnext line\n\ntext box"


UTF16_DTD = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE d [<!ENTITY a "b">]><d>&a;</d>'


@pytest.mark.parametrize(
    ("xml", "code", "why"),
    [
        (UTF16_DTD.encode("utf-16"), "malicious", Message.of("docx.entities")),
        (
            b"<w:document><w:body><w:p>unclosed",
            "corrupt",
            Message.of("docx.bad-xml", part="word/document.xml"),
        ),
    ],
)
def test_docx_xml_problems(tmp_path: Path, xml: bytes, code: str, why: Message) -> None:
    path = tmp_path / "x.docx"
    path.write_bytes(gen.docx_bytes(xml))
    assert _code(path) == (code, why)


@needs_samples
def test_sample_docx_has_header_once_before_body() -> None:
    text = extract(SUBMISSIONS / "s001.docx").text
    assert text.startswith("s001 课程论文")
    assert text.count("s001 课程论文") == 1
    assert "课程论文要求" in text


# --- PDF ------------------------------------------------------------------------------


def test_english_pdf_hyphenation_is_joined(bad: tuple[Path, dict[str, str]]) -> None:
    dest, _ = bad
    result = extract(dest / "hyphenated.pdf")
    assert result.pages == 1
    assert "is an example of near-duplicate search: both" in result.text
    assert "\n" not in result.text


def test_pdfminer_fallback_when_pdfium_fails(
    bad: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    dest, _ = bad
    expected = extract(dest / "hyphenated.pdf").text

    def broken(data: bytes, max_pages: int) -> None:
        raise RuntimeError("pdfium cannot read this")

    monkeypatch.setattr(pdf_mod, "read_pdfium", broken)
    assert extract(dest / "hyphenated.pdf").text == expected


def test_garbled_pdf(bad: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    dest, _ = bad

    def garbage(data: bytes, max_pages: int) -> tuple[list[list[Glyph]], int]:
        return [[Glyph("\ue000", 10 * i, 0, 10 * i + 10, 10, 10) for i in range(50)]], 1

    monkeypatch.setattr(pdf_mod, "read_pdfium", garbage)
    monkeypatch.setattr(pdf_mod, "read_pdfminer", garbage)
    assert _code(dest / "hyphenated.pdf") == ("garbled", Message.of("pdf.garbled"))


@needs_samples
def test_sample_pdfs_join_cjk_lines_without_spaces() -> None:
    template = (
        "课程论文要求：请阅读本学期指定材料，围绕一个主题撰写读书报告，字数不少于一千五百字。"
    )
    for path in sorted(SUBMISSIONS.glob("*.pdf")):
        result = extract(path)
        text = result.text
        assert result.pages and result.pages >= 1
        assert template in text, path.name
        assert not re.search(f"[{CJK}][ \n]+[{CJK}]", text.replace("\n\n", "\x00")), path.name
        assert "\n" not in text.replace("\n\n", ""), path.name
        running_header = f"{path.stem} 课程论文"
        assert text.startswith(running_header) and text.count(running_header) == 1
    # s000 breaks a word across the page break and has quotes drawn out of order
    text = extract(SUBMISSIONS / "s000.pdf").text
    assert "是中国知名的教学医院。华西医院起源于" in text
    assert "成都市民俗称为“川医”，是位于" in text


@needs_samples
def test_pdf_page_limit_warns() -> None:
    result = extract(SUBMISSIONS / "s000.pdf", ExtractLimits(max_pdf_pages=1))
    assert result.pages == 2
    assert Message.of("warn.pages-truncated", read=1, pages=2) in result.warnings
    assert "truncated: only the first 1 of 2 pages were read" in map(str, result.warnings)


def _backend_text(backend: object, data: bytes) -> str:
    pages, _ = backend(data, 2000)  # type: ignore[operator]
    return join_wrapped_lines(assemble_pages([group_lines(glyphs) for glyphs in pages]))


def _comparable(text: str) -> str:
    """Drop whitespace, right-to-left runs and brackets (PDFium applies bidi to them)."""
    return re.sub(r"[\s\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff()（）]", "", text)


@pytest.mark.slow
@needs_samples
def test_pdfium_and_pdfminer_agree_on_samples() -> None:
    for path in sorted(SUBMISSIONS.glob("*.pdf")):
        data = path.read_bytes()
        a = _backend_text(pdf_mod.read_pdfium, data)
        b = _backend_text(pdf_mod.read_pdfminer, data)
        assert _comparable(a) == _comparable(b), path.name


# --- pure functions: line joining and layout --------------------------------------------


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        ("字数不少于一千五\n百字。", "字数不少于一千五百字。"),
        ("围绕一个主题\n，撰写", "围绕一个主题，撰写"),
        ("他说：\n“好的”", "他说：“好的”"),
        ("“川医”\n是位于", "“川医”是位于"),
        ("北帕默斯顿-\n吉斯伯恩线", "北帕默斯顿-吉斯伯恩线"),
        ("an exam-\nple", "an example"),
        ("Jean-\nPaul", "Jean-Paul"),
        ("pre-\n1990", "pre-1990"),
        ("a dash -\nthen", "a dash - then"),
        ("soft\u00ad\nhyphen", "softhyphen"),
        ("one line\nnext line", "one line next line"),
        ("教师有\n836 人", "教师有 836 人"),
        ("Tim\n帕特森", "Tim 帕特森"),
        ("한국어\n문장", "한국어 문장"),
        ("p1 line\r\nstill p1\r\n\r\np2", "p1 line still p1\n\np2"),
        ("a\n\n\n\nb", "a\n\nb"),
        ("  lead\n  trail  \n", "lead trail"),
        ("", ""),
    ],
)
def test_join_wrapped_lines(text: str, joined: str) -> None:
    assert join_wrapped_lines(text) == joined


def _glyphs(text: str, x: float, y: float, size: float = 10.0) -> list[Glyph]:
    return [
        Glyph(ch, x + i * size, y, x + (i + 1) * size, y + size, size) for i, ch in enumerate(text)
    ]


def test_layout_merges_out_of_order_quotes_and_sorts_by_x() -> None:
    line = _glyphs("称为", 0, 100) + _glyphs("川医", 25, 100) + _glyphs("，是", 50, 100)
    quotes = [Glyph("“", 20, 100, 25, 110, 10), Glyph("”", 45, 100, 50, 110, 10)]
    previous = _glyphs("上一行", 0, 120)
    lines = group_lines(previous + quotes + line)  # quotes drawn first, as LibreOffice does
    assert [ln.text for ln in lines] == ["上一行", "称为“川医”，是"]


def test_layout_spaces_fake_bold_and_columns() -> None:
    words = _glyphs("ab", 0, 0) + _glyphs("cd", 25, 0)  # 5-unit gap = 0.5 em: a space
    bold = _glyphs("ab", 0.3, 0)  # the same glyphs drawn again, slightly shifted
    assert group_lines(words + bold)[0].text == "ab cd"
    cjk = _glyphs("中文", 0, 0) + _glyphs("字", 23, 0)  # small CJK gap: no space
    assert group_lines(cjk)[0].text == "中文字"
    column2 = _glyphs("右栏", 300, 50)
    column1 = _glyphs("左栏", 0, 50) + _glyphs("下一行", 0, 35)
    assert [ln.text for ln in group_lines(column1 + column2)] == ["左栏", "下一行", "右栏"]


def test_assemble_pages_keeps_running_header_once_and_drops_page_numbers() -> None:
    def page(number: int, body: str) -> list[pdf_layout.Line]:
        glyphs = (
            _glyphs("Essay header", 0, 700) + _glyphs(body, 0, 400) + _glyphs(str(number), 0, 50)
        )
        return group_lines(glyphs)

    text = assemble_pages([page(1, "第一页的文"), page(2, "字接着写。")])
    assert join_wrapped_lines(text) == "Essay header\n\n第一页的文字接着写。"


def test_paragraph_break_from_vertical_gap() -> None:
    lines = group_lines(
        _glyphs("第一段第一行", 0, 100) + _glyphs("第一段第二行", 0, 86) + _glyphs("第二段", 0, 50)
    )
    assert pdf_layout.page_text(lines) == "第一段第一行\n第一段第二行\n\n第二段"


def test_garbage_share() -> None:
    glyphs = [[Glyph("a", 0, 0, 1, 1, 1), Glyph("\ufffd", 1, 0, 2, 1, 1)]]
    assert pdf_mod.garbage_share(glyphs) == 0.5
    assert pdf_mod.garbage_share([]) == 0.0


def test_sniff_names_formats() -> None:
    assert sniff.describe_magic(b"%PDF-1.7") == Message.of("looks.pdf")
    assert sniff.describe_magic(b"RIFF\x00\x00\x00\x00WEBPVP8 ") == Message.of("looks.webp")
    assert sniff.describe_content(b"<html><body>") == Message.of("looks.html")
    assert sniff.describe_content(b"plain") is None


@needs_samples
def test_all_sample_submissions_extract_with_chinese_text() -> None:
    paths = sorted(SUBMISSIONS.iterdir())
    assert len(paths) == 40
    for path in paths:
        result = extract(path)
        assert result.kind == path.suffix[1:]
        assert len(re.findall(f"[{CJK}]", result.text)) > 500, path.name


@pytest.mark.parametrize(
    "module", [errors_mod, sniff, txt, wrap, pdf_layout, docx_mod, pdf_mod, extract_pkg]
)
def test_doctests(module: ModuleType) -> None:
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_main_writes_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert gen.main([str(tmp_path / "out"), "--large-mb", "1"]) == 0
    assert "zip-bomb.docx" in capsys.readouterr().out
    assert (tmp_path / "out" / "encrypted.pdf").stat().st_size < 10_000
    assert (tmp_path / "out" / "zip-bomb.docx").stat().st_size < 1024 * 1024


# --- fast PDFium path: the same glyphs, lines and text as the one-by-one reference ------

np = importlib.import_module("numpy")
pdf_columns = importlib.import_module("simhash_core.extract.pdf_columns")
types = importlib.import_module("types")
Any = importlib.import_module("typing").Any
_CHARS = "中文字课程论文报告，。、“”（）《》abcXYZfi0123-.,;:!?שלוםمرحبا\u00ad\ufffd\ue000"


def _random_page(rng: random.Random) -> list[Glyph]:
    """Glyphs of a page: lines with jitter, superscripts, fragments drawn late, fake bold,
    columns, lines going up, zero and negative heights, ties; sometimes scattered."""

    def q(value: float) -> float:  # coarse values make ties (equal x0, equal heights)
        return float(round(value)) if coarse else value

    coarse = rng.random() < 0.5
    glyphs: list[Glyph] = []
    if rng.random() < 0.15:  # scattered glyphs of all sizes
        for _ in range(rng.randint(1, 200)):
            x, y, size = rng.uniform(0, 600), rng.uniform(0, 800), rng.uniform(1, 40)
            h = size * rng.choice([1.0, 0.5, 2.0, 0.0, -0.5])
            glyphs.append(Glyph(rng.choice(_CHARS), q(x), q(y), q(x + size), q(y + h), size))
        return glyphs
    late: list[Glyph] = []
    y = 750.0
    for _ in range(rng.randint(1, 40)):
        size = rng.choice([6.0, 9.0, 10.5, 11.0, 12.0, 16.0, 24.0])
        x = rng.choice([50.0, 72.0, 320.0, rng.uniform(40, 400)])
        for _ in range(rng.randint(1, 45)):
            ch = rng.choice(_CHARS)
            width = size * rng.choice([1.0, 1.0, 0.5, 0.3, 0.0])
            y0 = y + rng.choice([0.0, 0.0, 0.0, -0.1, 0.25, -2.0])
            height = size * rng.choice([1.0, 1.0, 0.9, 1.1, 0.4])
            glyph = Glyph(ch, q(x), q(y0), q(x + width), q(y0 + height), size)
            roll = rng.random()
            if roll < 0.05:  # superscript
                glyph = glyph._replace(y0=q(y0 + 0.6 * size), y1=q(y0 + 1.1 * size), size=size / 2)
            if roll > 0.93:
                late.append(glyph)  # drawn later, like LibreOffice's quotation marks
            else:
                glyphs.append(glyph)
            if rng.random() < 0.04:  # drawn twice (fake bold), maybe three times
                for _ in range(rng.randint(1, 2)):
                    shift = rng.choice([0.0, 0.2, 0.5, 3.0])
                    glyphs.append(glyph._replace(x0=glyph.x0 + shift, x1=glyph.x1 + shift))
            x += width + rng.choice([0.0, 0.0, 0.0, 0.5, 1.5, 0.3 * size, 1.2 * size, -1.0])
        if late and rng.random() < 0.5:
            glyphs.extend(late)
            late = []
        if rng.random() < 0.05:
            glyphs.reverse()  # right-to-left drawing order
        y -= size * rng.choice([1.2, 1.2, 1.5, 1.5, 2.5, 4.0, -3.0])
    glyphs.extend(late)
    if rng.random() < 0.03:
        glyphs.append(Glyph("x", 0.0, 1e200, 5.0, -1e200, 10.0))  # heights far apart
    return glyphs


def _lines_repr(lines: list[pdf_layout.Line]) -> str:
    return repr([(ln.text, ln.y0, ln.y1, ln.size, ln.x0, ln.x1, list(ln.glyphs)) for ln in lines])


def _count_calls(monkeypatch: pytest.MonkeyPatch, module: ModuleType, name: str) -> list[int]:
    calls = [0]
    original = getattr(module, name)

    def counting(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


def test_glyph_columns_lay_out_like_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = {"settle": [0], "doubled": [0], "reference": [0]}

    def counting(name: str, function: Any) -> Any:
        def wrapper(*args: Any) -> Any:
            counts[name][0] += 1
            return function(*args)

        return wrapper

    # The rare paths, counted where pdf_columns takes them (not in the reference code).
    monkeypatch.setattr(
        pdf_columns,
        "_stream_lines_one_by_one",
        counting("settle", pdf_columns._stream_lines_one_by_one),  # guesses did not settle
    )
    monkeypatch.setattr(
        pdf_columns,
        "pdf_layout",
        types.SimpleNamespace(
            _finish_line=counting("doubled", pdf_layout._finish_line),  # glyph drawn twice
            _group_lines_one_by_one=counting("reference", pdf_layout._group_lines_one_by_one),
        ),
    )
    rng = random.Random(20240607)
    for seed in range(400):
        glyphs = _random_page(rng)
        if seed % 50 == 0:
            glyphs.append(Glyph(" ", 0.0, 0.0, 1.0, 1.0, 1.0))  # whitespace: reference path
        if seed % 70 == 0 and glyphs:
            glyphs[0] = glyphs[0]._replace(y1=float("nan"))
        expected = pdf_layout._group_lines_one_by_one(glyphs)
        lines = pdf_columns.GlyphColumns.from_glyphs(glyphs).group_lines()
        assert _lines_repr(lines) == _lines_repr(expected), seed
        assert pdf_layout.page_text(lines) == pdf_layout._page_text_one_by_one(expected), seed
    assert all(count[0] for count in counts.values()), counts


def test_fragment_merge_looks_back_past_many_merged_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    kept = [
        Glyph("中", float(x), 1000.0 - 20 * k, x + 10.0, 1010.0 - 20 * k, 10.0)
        for k in range(40)
        for x in range(0, 200, 10)
    ]
    fragments = [
        Glyph("“", 5.0 + k % 7, 1000.0 - 20 * (k % 40), 9.0 + k % 7, 1010.0 - 20 * (k % 40), 10.0)
        for k in range(700)
    ]
    glyphs = kept + fragments + [Glyph("a", 0.0, 50.0, 5.0, 60.0, 10.0)] + fragments[:50]
    expected = pdf_layout._group_lines_one_by_one(glyphs)
    tests = [0]
    fits = pdf_columns._fits

    def counting_fits(*args: Any) -> bool:
        tests[0] += 1
        return fits(*args)

    # 700 merged lines later, the 40 lines looked back to lie before the matrix's block.
    monkeypatch.setattr(pdf_columns, "_fits", counting_fits)
    lines = pdf_columns.GlyphColumns.from_glyphs(glyphs).group_lines()
    assert tests[0] > 0
    assert _lines_repr(lines) == _lines_repr(expected)


def test_page_text_matches_reference_with_odd_lines() -> None:
    line = pdf_layout.Line([], 0.0, 10.0, 10.0, "x", 0.0, 5.0)
    odd = [line, pdf_layout.Line([], float("nan"), 1.0, 10.0, "y", 0.0, 5.0), line]
    assert pdf_layout.page_text(odd) == pdf_layout._page_text_one_by_one(odd)
    assert pdf_layout.page_text([line]) == "x"
    assert pdf_layout.page_text([]) == ""


def test_undecodable_characters_dropped_like_unicodedata() -> None:
    every = "".join(map(chr, range(0x110000)))
    expected = "".join(ch for ch in every if ch in "\n\t" or not pdf_columns.is_undecodable(ch))
    assert pdf_mod._drop_undecodable(every) == expected
    for ch in "中 a1\u00ad\ufffd\ue000\x00שم\u3000":
        code = int(pdf_columns.char_flags(np.array([ord(ch)]))[0])
        assert bool(code & pdf_columns.SPACE) == ch.isspace()
        assert bool(code & pdf_columns.ALNUM) == ch.isalnum()
        assert bool(code & pdf_columns.UNDECODABLE) == pdf_columns.is_undecodable(ch)


def _both_readers(data: bytes) -> list[tuple[list[Glyph], list[Glyph]]]:
    """Each page read by the fast PDFium reader and by the one-by-one reference."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pages = []
    with pdf_mod._PDFIUM_LOCK:
        pdf = pdfium.PdfDocument(data)
        try:
            for index in range(len(pdf)):
                page = pdf[index]
                textpage = page.get_textpage()
                count = raw.FPDFText_CountChars(textpage.raw)
                fast = list(pdf_mod._pdfium_page_glyphs(textpage.raw, raw))
                slow = pdf_mod._pdfium_page_glyphs_one_by_one(textpage.raw, raw, count)
                pages.append((fast, slow))
                textpage.close()
                page.close()
        finally:
            pdf.close()
    return pages


def _to_unicode_pdf() -> bytes:
    """Helvetica with a ToUnicode map sending A to U+1D400 (outside the BMP)."""
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T def "
        b"1 begincodespacerange <00> <FF> endcodespacerange 2 beginbfchar "
        b"<41> <D835DC00> <42> <0042> endbfchar endcmap CMapName currentdict /CMap "
        b"defineresource pop end end"
    )
    content = b"BT /F1 24 Tf 72 700 Td (ABABBBABAB BA AB) Tj 0 -30 Td (BBBBBBBBBBBBBBBB) Tj ET"
    pdf = gen.pdf_bytes(content)
    font = b"/Encoding /WinAnsiEncoding >>"
    assert pdf.count(font) == 1
    pdf = pdf.replace(font, b"/Encoding /WinAnsiEncoding /ToUnicode 7 0 R >>")
    stream = b"7 0 obj\n<< /Length %d >>\nstream\n" % len(cmap) + cmap + b"\nendstream\nendobj\n"
    return pdf.replace(b"xref\n", stream + b"xref\n", 1)  # PDFium rebuilds the xref


def test_fast_pdfium_reader_gives_reference_glyphs(bad: tuple[Path, dict[str, str]]) -> None:
    dest, _ = bad
    files = [dest / "hyphenated.pdf", dest / "no-text.pdf", *sorted(SUBMISSIONS.glob("*.pdf"))]
    datas = [path.read_bytes() for path in files if path.is_file()]
    for data in [*datas, _to_unicode_pdf()]:
        for fast, slow in _both_readers(data):
            assert fast == slow
    # PDFium reports a character outside the BMP as two surrogates; both readers turn
    # each into U+FFFD (dropped from the text as undecodable).
    pages, _ = pdf_mod.read_pdfium(_to_unicode_pdf(), 10)
    assert isinstance(pages[0], list)
    assert "".join(g.text for g in pages[0]).startswith("\ufffd\ufffdB")


def test_fast_pdfium_reader_falls_back_when_a_call_fails(
    bad: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    dest, _ = bad
    data = (dest / "hyphenated.pdf").read_bytes()
    expected = [slow for _, slow in _both_readers(data)]
    pages, _ = pdf_mod.read_pdfium(data, 10)
    assert [list(page) for page in pages] == expected
    calls = pdf_mod._pdfium_calls
    assert calls is not None
    for name in ("loose_box", "origin"):
        monkeypatch.setattr(calls, name, lambda *args: 0)
        pages, _ = pdf_mod.read_pdfium(data, 10)
        assert isinstance(pages[0], list)  # the one-by-one reader ran
        assert [list(page) for page in pages] == expected
        monkeypatch.undo()


def test_pdfium_page_errors_fall_back_to_pdfminer(
    bad: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pypdfium2.raw as raw

    dest, _ = bad
    expected = extract(dest / "hyphenated.pdf").text
    monkeypatch.setattr(raw, "FPDFText_LoadPage", lambda page: None)
    assert extract(dest / "hyphenated.pdf").text == expected  # from pdfminer.six
    with pytest.raises(Exception, match="Failed to load text page"):
        pdf_mod.read_pdfium((dest / "hyphenated.pdf").read_bytes(), 10)


def test_generated_pdfs_read_and_lay_out_like_the_reference(tmp_path: Path) -> None:
    reportlab = pytest.importorskip("reportlab.pdfgen.canvas")
    canvas = reportlab.Canvas(str(tmp_path / "generated.pdf"), pagesize=(595, 842))
    rng = random.Random(7)
    for _ in range(3):
        for _ in range(60):
            size = rng.choice([8, 11, 14, 30])
            canvas.setFont(rng.choice(["Helvetica", "Times-Roman", "Courier"]), size)
            canvas.saveState()
            canvas.translate(rng.uniform(20, 500), rng.uniform(20, 800))
            if rng.random() < 0.3:
                canvas.rotate(rng.choice([90, 180, 30]))
            text = "".join(rng.choice("abc def-ghi (xyz) 0123.") for _ in range(rng.randint(1, 30)))
            canvas.drawString(0, 0, text)
            if rng.random() < 0.2:
                canvas.drawString(0.2, 0, text)  # fake bold
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    for fast, slow in _both_readers((tmp_path / "generated.pdf").read_bytes()):
        assert fast == slow
        columns = pdf_columns.GlyphColumns.from_glyphs(slow)
        assert _lines_repr(columns.group_lines()) == _lines_repr(
            pdf_layout._group_lines_one_by_one(slow)
        )


def test_fast_pdfium_reader_in_small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    import pypdfium2.raw as raw

    data = (SUBMISSIONS / "s000.pdf").read_bytes() if SUBMISSIONS.is_dir() else _to_unicode_pdf()
    expected = [slow for _, slow in _both_readers(data)]
    monkeypatch.setattr(pdf_mod._Pdfium, "chunk", 7)
    monkeypatch.setattr(pdf_mod, "_pdfium_calls", pdf_mod._Pdfium(raw))
    pages, _ = pdf_mod.read_pdfium(data, 10)
    assert [list(page) for page in pages] == expected


def test_reference_pdf_path_reads_with_pdfminer_alone(
    bad: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    dest, _ = bad
    pdfs = [dest / "hyphenated.pdf", *sorted(SUBMISSIONS.glob("*.pdf"))[:1]]  # sample if any
    fast = [extract(pdf).text for pdf in pdfs]

    def no_pdfium(*args: object, **kwargs: object) -> None:
        raise AssertionError("PDFium used on the reference path")

    monkeypatch.setenv("PLAGCHECK_PDF", "pdfminer")
    monkeypatch.setattr(pdf_mod, "read_pdfium", no_pdfium)
    assert [extract(pdf).text for pdf in pdfs] == fast  # the same text either way


# ---- text that was refused or lost before ---------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_chinese_utf16_without_bom(encoding: str) -> None:
    essay = "第一章 绪论\n\n" + zh_essay(3) + "\n2024年，共有12所学校参加（见表1）。\n"
    result = extract_txt(essay.encode(encoding))  # refused as binary (NUL bytes) before
    assert result.encoding == encoding
    assert result.text == essay
    assert result.warnings == ()


def test_chinese_utf16_without_any_ascii_is_still_decoded() -> None:
    essay = "。".join(zh_essay(4).split()) + "\n"
    assert extract_txt(essay.encode("utf-16-le")).text == essay


def test_one_nul_byte_in_an_essay_is_removed_with_a_warning() -> None:
    essay = zh_essay(5)
    middle = len(essay) // 2
    data = essay[:middle].encode() + b"\x00" + essay[middle:].encode()
    result = extract_txt(data)  # the whole essay was refused as binary before
    assert result.text == essay
    assert result.encoding == "utf-8"
    assert result.warnings == (Message.of("warn.control-bytes", count=1),)


def test_stray_control_bytes_in_english_text() -> None:
    essay = en_essay(6)
    data = essay.encode().replace(b" ", b" \x00", 2).replace(b".", b".\x07", 1)
    result = extract_txt(data)
    assert result.text == essay
    assert result.warnings == (Message.of("warn.control-bytes", count=3),)


def test_a_scrap_of_junk_pasted_into_an_essay_does_not_lose_the_essay() -> None:
    # 150 bytes of binary junk (27 control bytes: 0.2% of the file) in the middle of a
    # long English text; the rest is valid UTF-8. It was refused as binary before.
    essay = en_essay(3, sentences=130)
    controls = bytes([*range(1, 9), *range(14, 26), *range(28, 32)])  # never in text
    junk = bytes((k * 37 + 11) % 95 + 32 if k % 6 else controls[k % 24] for k in range(162))
    middle = essay.index(" ", len(essay) // 2)
    data = essay[:middle].encode() + b" " + junk + essay[middle:].encode()
    assert sum(b in controls for b in junk) == 27 and len(data) > 12_000
    result = extract_txt(data)
    assert result.text.startswith(essay[:middle]) and result.text.endswith(essay[middle:])
    assert result.warnings == (Message.of("warn.control-bytes", count=27),)


def test_binary_data_with_many_nul_bytes_is_still_refused() -> None:
    data = bytes(range(256)) * 40
    with pytest.raises(ExtractError) as info:
        extract_txt(data)
    assert info.value.code == "binary"
    with pytest.raises(ExtractError) as info:
        extract_txt(en_essay(1).encode().replace(b"e", b"\x00"))
    assert info.value.code in ("binary", "encoding")


# ---- imported chunks (w:altChunk) ----------------------------------------------------


def _html_page(essay: str) -> bytes:
    paragraphs = "".join(f"<p>{line}</p>" for line in essay.split("\n") if line)
    return (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">'
        '<html><head><meta charset="utf-8"><style>p { color: red }</style></head>'
        f"<body>{paragraphs}<script>var hidden = 1;</script></body></html>"
    ).encode()


def test_an_html_chunk_is_read_in_place() -> None:
    essay = zh_essay(7, sentences=12)
    data = gen.alt_chunk_docx("前言：我的作业", "afchunk.htm", _html_page(essay), "结语")
    text = extract_docx(data).text  # scored 0 before: the chunk was not read
    paragraphs = text.split("\n\n")
    assert paragraphs[0] == "前言：我的作业" and paragraphs[-1] == "结语"
    assert "".join(paragraphs[1:-1]) == essay.replace("\n", "")
    assert "color" not in text and "hidden" not in text


def test_a_docx_chunk_and_a_text_chunk_are_read() -> None:
    inner_essay = en_essay(8, sentences=10)
    inner = gen.docx_bytes(gen._document_xml(gen._paragraphs([inner_essay])))
    text = extract_docx(gen.alt_chunk_docx("Intro", "afchunk.docx", inner)).text
    assert text == f"Intro\n\n{inner_essay}"
    plain = gen.alt_chunk_docx("Intro", "afchunk.txt", "第一段\n第二段".encode("gb18030"))
    assert extract_docx(plain).text == "Intro\n\n第一段\n\n第二段"


def test_chunks_keep_the_limits() -> None:
    inner = gen.docx_bytes(gen._document_xml(gen._paragraphs(["innermost"])))
    for _ in range(docx_mod.MAX_CHUNK_DEPTH):
        inner = gen.alt_chunk_docx("wrap", "afchunk.docx", inner)
    assert extract_docx(inner).text.endswith("innermost")
    too_deep = gen.alt_chunk_docx("wrap", "afchunk.docx", inner)
    with pytest.raises(ExtractError) as info:
        extract_docx(too_deep)
    assert info.value.code == "malicious"
    laughs = gen.docx_bytes(gen._billion_laughs())
    with pytest.raises(ExtractError) as info:
        extract_docx(gen.alt_chunk_docx("wrap", "afchunk.docx", laughs))
    assert info.value.code == "malicious"
    small = ExtractLimits(max_docx_xml_bytes=64 * 1024)
    big_page = _html_page("长" * 100_000)
    with pytest.raises(ExtractError) as info:
        extract_docx(gen.alt_chunk_docx("wrap", "afchunk.htm", big_page), small)
    assert info.value.code == "too-large"
