"""Build every awkward input the extractor and the folder walk must survive.

Nothing here is checked in as a binary: tests call :func:`make_bad_files` into a temporary
folder, and ``python tests/data/make_bad_files.py DEST`` writes the same set for manual
testing (for example to drop into the GUI), with the hostile cases of
:func:`make_hostile_files` in ``DEST/hostile`` and their canary in ``--outside``.

Every file is written by hand with the standard library (zipfile, hashlib): DOCX
packages, PDFs (including an RC4-encrypted one with a user password) and old-Word
OLE2 headers, so the generator needs no extra package.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import random
import struct
import sys
import tempfile
import zipfile
from pathlib import Path

MB = 1024 * 1024
OK = "ok"  # expected "code" of files that must extract without error

GBK_TEXT = (
    "课程论文要求：请阅读本学期指定材料，围绕一个主题撰写读书报告，字数不少于一千五百字。"
    "报告须包括摘要、正文与参考文献，引用他人观点须注明出处。提交截止时间为第十六周周五晚上"
    "十点，逾期提交按零分处理。图书馆藏书丰富，学生可以借阅各种书籍与期刊，并利用电子数据库"
    "查询学术论文。"
)
BIG5_TEXT = (
    "課程論文要求：請閱讀本學期指定材料，圍繞一個主題撰寫讀書報告，字數不少於一千五百字。"
    "報告須包括摘要、正文與參考文獻，引用他人觀點須註明出處。提交截止時間為第十六週週五晚上"
    "十點，逾期提交按零分處理。圖書館藏書豐富，學生可以借閱各種書籍與期刊，並利用電子資料庫"
    "查詢學術論文。"
)
ENGLISH_LINES = (
    "Plagiarism detection compares the text of every pair of essays and is an exam-",
    "ple of near-duplicate search: both documents are cut into overlapping word",
    "sequences whose hashes are compared, so wrapped lines must be joined first.",
)
PDF_PASSWORD = b"secret"

_W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.wordprocessingml.document.main+xml"/></Types>'
)
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="word/document.xml"/></Relationships>'
)
_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_PDF_PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")


# --- DOCX -----------------------------------------------------------------------------


def _document_xml(body: str, prolog: str = "") -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n{prolog}'
        f'<w:document xmlns:w="{_W_NS}"><w:body>{body}</w:body></w:document>'
    )


def _paragraphs(texts: list[str]) -> str:
    return "".join(f'<w:p><w:r><w:t xml:space="preserve">{t}</w:t></w:r></w:p>' for t in texts)


def docx_bytes(document_xml: str | bytes, extra: dict[str, bytes] | None = None) -> bytes:
    """A minimal DOCX package around ``document_xml``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _ROOT_RELS)
        archive.writestr("word/document.xml", document_xml)
        for name, data in (extra or {}).items():
            archive.writestr(name, data)
    return buffer.getvalue()


_R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CHUNK_REL = _R_NS + "/aFChunk"


def alt_chunk_docx(before: str, chunk_name: str, chunk: bytes, after: str = "") -> bytes:
    """A DOCX whose body imports ``chunk`` (HTML, text or a DOCX) with ``w:altChunk``
    between two paragraphs: Word shows the chunk as part of the document."""
    body = (
        _paragraphs([before])
        + f'<w:altChunk xmlns:r="{_R_NS}" r:id="rIdChunk"/>'
        + (_paragraphs([after]) if after else "")
    )
    xml = _document_xml(body).replace("<w:document ", f'<w:document xmlns:r="{_R_NS}" ', 1)
    rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rIdChunk" Type="{_CHUNK_REL}" Target="{chunk_name}"/>'
        "</Relationships>"
    )
    return docx_bytes(
        xml, {"word/_rels/document.xml.rels": rels.encode(), f"word/{chunk_name}": chunk}
    )


def _xlsx_bytes() -> bytes:
    """An Excel-like package (the kind of file students rename to .docx)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _ROOT_RELS.replace("word/document.xml", "xl/workbook.xml"))
        archive.writestr("xl/workbook.xml", '<workbook xmlns="urn:x"><sheets/></workbook>')
    return buffer.getvalue()


def _zip_bomb(path: Path, expanded_bytes: int) -> None:
    """A DOCX whose document.xml inflates to ``expanded_bytes`` (the file stays ~1000x smaller)."""
    head = _document_xml("").split("<w:body>")[0].encode() + b"<w:body>"
    chunk = b"<w:p><w:r><w:t>lol</w:t></w:r></w:p>" * 28_000  # ~1 MB
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _ROOT_RELS)
        with archive.open("word/document.xml", "w", force_zip64=True) as stream:
            stream.write(head)
            written = len(head)
            while written < expanded_bytes:
                stream.write(chunk)
                written += len(chunk)
            stream.write(b"</w:body></w:document>")


def _billion_laughs() -> str:
    entities = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, 10)
    ]
    prolog = "<!DOCTYPE w:document [" + "".join(entities) + "]>\n"
    return _document_xml("<w:p><w:r><w:t>&lol9;</w:t></w:r></w:p>", prolog)


def _external_entity() -> str:
    prolog = '<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
    return _document_xml("<w:p><w:r><w:t>&xxe;</w:t></w:r></w:p>", prolog)


def _ole2(marker: bytes, rng: random.Random) -> bytes:
    """A 512-byte OLE2 compound-file header, a directory-like name, then junk."""
    header = bytearray(512)
    header[:8] = _OLE2_MAGIC
    header[24:34] = struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6)
    body = marker.ljust(128, b"\x00") + bytes(rng.randrange(256) for _ in range(3000))
    return bytes(header) + body


# --- PDF ------------------------------------------------------------------------------


def _rc4(key: bytes, data: bytes) -> bytes:
    box = list(range(256))
    j = 0
    for i in range(256):
        j = (j + box[i] + key[i % len(key)]) % 256
        box[i], box[j] = box[j], box[i]
    out = bytearray()
    i = j = 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + box[i]) % 256
        box[i], box[j] = box[j], box[i]
        out.append(byte ^ box[(box[i] + box[j]) % 256])
    return bytes(out)


def _pdf_escape(text: str) -> bytes:
    raw = text.encode("latin-1")
    return raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def pdf_bytes(content: bytes, *, fonts: bool = True, user_password: bytes | None = None) -> bytes:
    """A one-page PDF (Helvetica as F1) with ``content`` as its content stream.

    With ``user_password`` the file is encrypted with the standard security handler,
    revision 2 (RC4, 40-bit key), so it cannot be opened without that password.
    """
    file_id = hashlib.md5(b"plagcheck test file").digest()
    stream_data = content
    trailer_extra = b""
    objects: list[bytes] = []
    encrypt_obj = None
    if user_password is not None:
        padded_user = (user_password + _PDF_PAD)[:32]
        owner_key = hashlib.md5((b"owner-" + user_password + _PDF_PAD)[:32]).digest()[:5]
        owner_entry = _rc4(owner_key, padded_user)
        permissions = struct.pack("<i", -44)
        key = hashlib.md5(padded_user + owner_entry + permissions + file_id).digest()[:5]
        user_entry = _rc4(key, _PDF_PAD)
        object_key = hashlib.md5(key + (5).to_bytes(3, "little") + b"\x00\x00").digest()[:10]
        stream_data = _rc4(object_key, content)  # the content stream is object 5
        encrypt_obj = (
            b"<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <"
            + owner_entry.hex().encode()
            + b"> /U <"
            + user_entry.hex().encode()
            + b"> >>"
        )
        trailer_extra = b"/Encrypt 6 0 R "
    resources = b"<< /Font << /F1 4 0 R >> >>" if fonts else b"<< >>"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources "
        + resources
        + b" /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(stream_data) + stream_data + b"\nendstream",
    ]
    if encrypt_obj is not None:
        objects.append(encrypt_obj)
    hex_id = file_id.hex().encode()
    trailer = trailer_extra + b"/ID [<" + hex_id + b"> <" + hex_id + b">] "
    return pdf_file(objects, root=1, trailer=trailer, header=b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")


def pdf_file(
    objects: list[bytes], *, root: int, trailer: bytes = b"", header: bytes = b"%PDF-1.4\n"
) -> bytes:
    """A PDF file of ``objects`` (numbered from 1), its cross-reference table and its
    trailer: the catalog is object ``root``, ``trailer`` more of the trailer's entries."""
    out = bytearray(header)
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R " % (len(objects) + 1, root) + trailer + b">>\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def text_pdf(lines: tuple[str, ...] | list[str], user_password: bytes | None = None) -> bytes:
    """A one-page PDF showing ``lines`` in 11-point Helvetica."""
    ops = [b"BT /F1 11 Tf 14 TL 72 720 Td"]
    for index, line in enumerate(lines):
        ops.append((b"" if index == 0 else b"T* ") + b"(" + _pdf_escape(line) + b") Tj")
    ops.append(b"ET")
    return pdf_bytes(b"\n".join(ops), user_password=user_password)


def image_only_pdf() -> bytes:
    """A page with a filled rectangle and a small inline grey image, and no text at all."""
    content = (
        b"q 0.2 0.4 0.8 rg 72 600 300 100 re f Q\n"
        b"q 200 0 0 200 72 300 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\xff\x00 EI Q"
    )
    return pdf_bytes(content, fonts=False)


# --- the whole set --------------------------------------------------------------------


def make_bad_files(
    dest: Path, *, large_txt_bytes: int = 21 * MB, bomb_bytes: int = 60 * MB
) -> dict[str, str]:
    """Write every case into ``dest``; return ``{relative path: expected code}``.

    The code is what ``simhash_core.extract.extract`` must raise for the file, or
    ``"ok"`` when it must extract (``large.txt`` with a truncation warning). Paths use
    ``/``; a name that is not valid UTF-8 appears as its ``os.fsdecode`` form. Entries
    the file system refuses (invalid UTF-8 names on macOS, symlinks on Windows) are left
    out. Besides files, ``loop/back`` is a symbolic link to its own parent folder.
    """
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20240601)
    expected: dict[str, str] = {}

    put = _putter(dest, expected)

    good_docx = docx_bytes(_document_xml(_paragraphs([GBK_TEXT] * 20)))
    put("good.docx", good_docx, OK)
    put("truncated.docx", good_docx[: len(good_docx) * 6 // 10], "corrupt")
    put(
        "corrupt-zip.docx",
        b"PK\x03\x04" + bytes(rng.randrange(256) for _ in range(2000)),
        "corrupt",
    )
    put("old-word.docx", _ole2("WordDocument".encode("utf-16-le"), rng), "corrupt")
    put("encrypted-word.docx", _ole2("EncryptedPackage".encode("utf-16-le"), rng), "encrypted")
    png = b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(500))
    put("image.docx", png, "corrupt")
    put("billion-laughs.docx", docx_bytes(_billion_laughs()), "malicious")
    put("external-entity.docx", docx_bytes(_external_entity()), "malicious")
    put("spreadsheet.docx", _xlsx_bytes(), "corrupt")
    put("blank.docx", docx_bytes(_document_xml(_paragraphs(["   ", "\t"]))), "empty")
    _zip_bomb(dest / "zip-bomb.docx", bomb_bytes)
    expected["zip-bomb.docx"] = "too-large"

    put("hyphenated.pdf", text_pdf(ENGLISH_LINES), OK)
    put("encrypted.pdf", text_pdf(ENGLISH_LINES, user_password=PDF_PASSWORD), "encrypted")
    put("no-text.pdf", image_only_pdf(), "scanned")
    put(
        "malformed.pdf",
        b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Kids [3 0 R"
        + bytes(rng.randrange(256) for _ in range(1500)),
        "corrupt",
    )
    put("jpeg.pdf", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(200), "corrupt")

    put("empty.txt", b"", "empty")
    put("whitespace.txt", " \n\t\r\n   \u3000\n".encode(), "empty")
    put("binary.txt", png, "binary")
    put("nul-junk.txt", bytes(rng.randrange(256) for _ in range(4000)), "binary")
    put("unknown-encoding.txt", bytes(rng.randrange(0x80, 0x100) for _ in range(4000)), "encoding")
    put("gbk.txt", (GBK_TEXT * 3).encode("gbk"), OK)
    put("big5.txt", (BIG5_TEXT * 3).encode("big5"), OK)
    put("utf16-no-bom.txt", " ".join(ENGLISH_LINES).encode("utf-16-le"), OK)
    sentence = "这是一个很大的文本文件。".encode()
    put("large.txt", sentence * (large_txt_bytes // len(sentence) + 1), OK)

    put("no-permission.txt", "没有读取权限的文件".encode(), "unreadable")
    os.chmod(dest / "no-permission.txt", 0)

    put("class-a/essay.txt", "甲班的作文。".encode(), OK)
    put("class-b/essay.txt", "乙班的作文。".encode(), OK)
    put("😀 مرحبا שלום.txt", "名字里有表情符号和从右到左的文字。".encode(), OK)
    try:
        bad_name = os.fsdecode(b"bad-\xff\xfe-name.txt")
        put(bad_name, "文件名不是合法的 UTF-8。".encode(), OK)
    except (OSError, UnicodeError):
        pass  # the file system only accepts valid UTF-8 names

    try:
        (dest / "broken-link.txt").symlink_to("does-not-exist.txt")
        expected["broken-link.txt"] = "missing"
        (dest / "self-loop.txt").symlink_to("self-loop.txt")
        expected["self-loop.txt"] = "unreadable"
        (dest / "loop").mkdir(exist_ok=True)
        put("loop/inside.txt", "循环链接里的文件。".encode(), OK)
        (dest / "loop" / "back").symlink_to("..", target_is_directory=True)
    except (OSError, NotImplementedError):
        pass  # no symbolic links here (Windows without developer mode)
    return expected


def _putter(dest: Path, expected: dict[str, str]):
    """``put(name, data, code)``: write ``dest/name`` and note its expected code."""

    def put(name: str, data: bytes, code: str) -> None:
        path = dest / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        expected[name] = code

    return put


HOSTILE_DEPTH = 150  # folders: deeper than the walk's limit of 100


def make_hostile_files(dest: Path, outside: Path) -> dict[str, str]:
    """Write the cases of a careful attacker and an unlucky teacher into ``dest``;
    return ``{display path below dest: expected code in the errors sheet, or "ok"}``
    (``deep``: one ``too-deep`` row for a folder below it).

    ``outside`` (a folder that is not scanned) gets a canary: a copy of ``good.docx``'s
    text. Links to it, to ``/etc/passwd``, ``/usr`` and ``/`` must be skipped: if the
    canary were read, it would be flagged against ``good.docx``.
    """
    dest, outside = Path(dest), Path(outside)
    dest.mkdir(parents=True, exist_ok=True)
    outside.mkdir(parents=True, exist_ok=True)
    expected: dict[str, str] = {}

    put = _putter(dest, expected)

    canary = outside / "canary.txt"
    canary.write_text("\n".join([GBK_TEXT] * 20), encoding="utf-8")
    try:
        for name, target in (
            ("passwd.txt", Path("/etc/passwd")),
            ("canary-link.txt", canary),
            ("usr", Path("/usr")),
            ("whole-disk", Path("/")),
            ("outside-folder", outside),
        ):
            (dest / name).symlink_to(target, target_is_directory=target.is_dir())
            expected[name] = "link-outside"
    except (OSError, NotImplementedError):
        pass  # no symbolic links here
    deep = dest / "deep"
    levels = [deep, *(deep / "/".join(["d"] * i) for i in range(1, HOSTILE_DEPTH + 1))]
    levels[-1].mkdir(parents=True)
    (levels[-1] / "bottom.txt").write_text("谁也找不到我。", encoding="utf-8")
    expected["deep"] = "too-deep"  # one row, for the folder below deep/ at the limit

    put("x\u202etxt.exe.txt", "文件名里藏着从右到左的控制字符。".encode(), OK)
    put(".essay.txt", "隐藏的作文。".encode(), "hidden")
    put(".docx", docx_bytes(_document_xml(_paragraphs(["隐藏"]))), "hidden")
    chunk = "".join(f"<p>{GBK_TEXT}</p>" for _ in range(3)).encode()
    put("alt-chunk.docx", alt_chunk_docx("封面", "afchunk.htm", chunk), OK)
    put("utf16le-zh.txt", ("第一章 绪论\n" + BIG5_TEXT).encode("utf-16-le"), OK)
    put("nul-inside.txt", (GBK_TEXT + "\x00" + GBK_TEXT).encode(), OK)
    with (dest / "huge.txt").open("wb") as fh:
        fh.truncate(100 * 1024**3)  # 100 GB, sparse
    expected["huge.txt"] = "too-large"
    return expected


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path, help="folder to write the files into")
    parser.add_argument("--large-mb", type=int, default=21, help="size of large.txt in MB")
    parser.add_argument(
        "--outside",
        type=Path,
        default=Path(tempfile.gettempdir()) / "plagcheck-outside-canary",
        help="a folder that is not scanned, for the canary the links point at",
    )
    args = parser.parse_args(argv)
    expected = make_bad_files(args.dest, large_txt_bytes=args.large_mb * MB)
    hostile = make_hostile_files(args.dest / "hostile", args.outside)
    expected.update({f"hostile/{name}": code for name, code in hostile.items()})
    for name, code in sorted(expected.items()):
        print(f"{code:12} {os.fsencode(name).decode('utf-8', 'replace')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
