"""ODT and RTF: read as exactly as DOCX, under the same hostile-input limits, and an
essay handed in as ODT or RTF is flagged against its DOCX copy."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import docx
import pytest

from simhash_core.extract import ExtractError, ExtractLimits, extract
from simhash_core.extract.odt import extract_odt
from simhash_core.extract.rtf import MAX_DEPTH, extract_rtf
from simhash_core.messages import Message
from simhash_core.scan import scan
from tests.core.office_files import odt_bytes, rtf_bytes
from tests.core.textgen import en_essay, zh_essay

MIXED = [
    "课程论文：长谷川町子的漫画。",
    "It’s the teacher’s rule — don’t hand in late.",
    "第二段  两个空格。",
]


def _code(data: bytes, suffix: str, tmp_path: Path, limits: ExtractLimits | None = None):
    path = tmp_path / f"essay{suffix}"
    path.write_bytes(data)
    with pytest.raises(ExtractError) as info:
        extract(path, limits or ExtractLimits())
    return info.value.code, info.value.reason


def test_odt_paragraphs_spaces_header_notes_and_tables_in_order(tmp_path: Path):
    body = (
        "<text:h>标题</text:h>"
        '<text:p>第一段<text:span>，加粗</text:span><text:s text:c="3"/>end'
        '<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation>'
        "<text:note-body><text:p>脚注的文字。</text:p></text:note-body></text:note></text:p>"
        "<text:list><text:list-item><text:p>列表一</text:p></text:list-item></text:list>"
        "<table:table><table:table-row><table:table-cell><text:p>单元格</text:p>"
        "</table:table-cell></table:table-row></table:table>"
        "<text:tracked-changes><text:changed-region><text:deletion><text:p>删掉的</text:p>"
        "</text:deletion></text:changed-region></text:tracked-changes>"
        "<text:p>a<office:annotation><text:p>comment</text:p></office:annotation>b"
        "<text:tab/>c<text:line-break/>d</text:p>"
    )
    got = extract_odt(odt_bytes([], body_xml=body, header="学号 2025001 张三"))
    assert got.kind == "odt"
    assert got.text == (
        "学号 2025001 张三\n\n标题\n\n第一段，加粗   end\n\n列表一\n\n单元格\n\nab\tc\nd"
        "\n\n脚注的文字。"
    )


def test_rtf_reads_word_chinese_in_font_code_pages_and_unicode_escapes():
    for as_bytes in (True, False):
        got = extract_rtf(rtf_bytes(MIXED, chinese_as_bytes=as_bytes))
        assert got.kind == "rtf"
        assert got.text == "\n".join(MIXED)
    # the document information (author) and the font table are not text
    assert "Somebody" not in extract_rtf(rtf_bytes(MIXED)).text


def test_odt_and_rtf_hostile_input_is_refused_with_a_reason(tmp_path: Path):
    # not a package at all, a spreadsheet, an encrypted one, a bad zip
    assert _code(b"PK\x03\x04broken", ".odt", tmp_path) == (
        "corrupt", Message.of("odt.bad-zip"))  # fmt: skip
    assert _code(odt_bytes(["x"], encrypted=True), ".odt", tmp_path) == (
        "encrypted", Message.of("odt.encrypted"))  # fmt: skip
    # billion laughs in content.xml
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]>'
        b"<office:document-content>&lol;</office:document-content>"
    )
    assert _code(odt_bytes([], content_override=laughs), ".odt", tmp_path) == (
        "malicious", Message.of("odt.entities"))  # fmt: skip
    # a zip bomb: content.xml far larger than the limit, refused from the zip directory
    bomb = b"<x>" + b" " * 3_000_000 + b"</x>"
    small = ExtractLimits(max_docx_xml_bytes=1_000_000)
    code, reason = _code(odt_bytes([], content_override=bomb), ".odt", tmp_path, small)
    assert code == "too-large" and reason.code == "odt.bomb"
    # an RTF nested without end, and a file that is no RTF
    deep = b"{\\rtf1 " + b"{" * (MAX_DEPTH + 5) + b"x" + b"}" * (MAX_DEPTH + 5) + b"}"
    assert _code(deep, ".rtf", tmp_path) == (
        "malicious", Message.of("rtf.too-deep", depth=MAX_DEPTH))  # fmt: skip
    assert _code(b"just text", ".rtf", tmp_path) == ("corrupt", Message.of("rtf.not-rtf"))
    # \binN data is skipped by its length, however it looks
    binary = b"{\\rtf1 before {\\pict\\bin6 }}{{{ } after\\par}"
    assert extract_rtf(binary).text == "before  after"


def test_an_odt_renamed_docx_is_read_as_odt(tmp_path: Path):
    path = tmp_path / "essay.docx"
    path.write_bytes(odt_bytes(["LibreOffice wrote this."]))
    assert extract(path).text == "LibreOffice wrote this."


def _docx(paragraphs: list[str]) -> bytes:
    word = docx.Document()
    for p in paragraphs:
        word.add_paragraph(p)
    out = io.BytesIO()
    word.save(out)
    return out.getvalue()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_odt_and_rtf_essays_are_flagged_against_their_docx_copies(tmp_path: Path, lang: str):
    essay = zh_essay if lang == "zh" else en_essay
    paragraphs = [essay(7, 12), essay(8, 12)]
    (tmp_path / "original.docx").write_bytes(_docx(paragraphs))
    (tmp_path / "from_libreoffice.odt").write_bytes(odt_bytes(paragraphs))
    (tmp_path / "from_mac.rtf").write_bytes(rtf_bytes(paragraphs))
    for k in range(4):
        (tmp_path / f"own{k}.txt").write_text(essay(40 + k, 24), encoding="utf-8")
    result = scan([tmp_path], isolate=False)
    assert result.errors == []
    names = {d.name: i for i, d in enumerate(result.documents)}
    flagged = {
        frozenset((result.documents[p.a].name, result.documents[p.b].name))
        for p in result.pairs
        if p.flagged
    }
    assert flagged == {
        frozenset(("original.docx", "from_libreoffice.odt")),
        frozenset(("original.docx", "from_mac.rtf")),
        frozenset(("from_libreoffice.odt", "from_mac.rtf")),
    }
    for p in result.pairs:
        if p.flagged:
            assert p.similarity > 0.95
    assert result.documents[names["from_libreoffice.odt"]].kind == "odt"
    assert result.documents[names["from_mac.rtf"]].kind == "rtf"


def test_a_word_file_importing_an_rtf_part_now_reads_it(tmp_path: Path):
    """Word's altChunk may import an RTF: its text is read at its place."""
    word = io.BytesIO()
    document = docx.Document()
    document.add_paragraph("Before the chunk.")
    document.save(word)
    src = zipfile.ZipFile(io.BytesIO(word.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "word/document.xml":
                data = (
                    data.replace(b"</w:body>", b'<w:altChunk r:id="rIdChunk"/></w:body>')
                    if b"<w:sectPr" not in data
                    else data.replace(b"<w:sectPr", b'<w:altChunk r:id="rIdChunk"/><w:sectPr', 1)
                )
            if item.filename == "word/_rels/document.xml.rels":
                data = data.replace(
                    b"</Relationships>",
                    b'<Relationship Id="rIdChunk" Type="http://schemas.openxmlformats.org/'
                    b'officeDocument/2006/relationships/aFChunk" Target="chunk.rtf"/>'
                    b"</Relationships>",
                )
            z.writestr(item, data)
        z.writestr("word/chunk.rtf", rtf_bytes(["导入的段落。"]))
    got = extract_docx_bytes(out.getvalue())
    assert "Before the chunk." in got.text and "导入的段落。" in got.text
    assert got.warnings == ()


def extract_docx_bytes(data: bytes):
    from simhash_core.extract.docx import extract_docx

    return extract_docx(data)


def test_rtf_edge_cases_from_review():
    """Emoji as surrogate pairs, a fallback that ends with its group, a line end
    before an ignorable destination, an EBCDIC code page, long runs of blanks."""
    import time

    assert extract_rtf(rb"{\rtf1\uc1 smile \u-10179?\u-8704? end\par}").text == "smile 😀 end"
    assert extract_rtf(rb"{\rtf1 lone \u-10179? half\par}").text == "lone  half"
    assert extract_rtf(rb"{\rtf1 {\u8364}abc}").text == "€abc"
    assert extract_rtf(b"{\\rtf1 a{\r\n\\*\\generator Secret;}b}").text == "ab"
    assert extract_rtf(rb"{\rtf1\ansi\ansicpg500 Hello world}").text == "Hello world"
    start = time.perf_counter()
    extract_rtf(b"{\\rtf1 x" + b" " * 200_000 + b"y}")
    assert time.perf_counter() - start < 2  # linear, not quadratic


def test_odt_spaces_are_bounded(tmp_path: Path):
    """``<text:s text:c="1000"/>`` is 22 bytes of XML for 1,000 spaces: a document gets
    a budget of spaces, not billions of characters."""
    from simhash_core.extract.odt import SPACES_BUDGET

    body = "<text:p>a" + '<text:s text:c="1000"/>' * 5000 + "b</text:p>"
    text = extract_odt(odt_bytes([], body_xml=body)).text
    assert text.startswith("a") and text.endswith("b")
    assert len(text) <= SPACES_BUDGET + 5000 + 2
