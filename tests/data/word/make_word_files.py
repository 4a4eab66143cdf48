"""Write the Word 97-2003 (.doc) fixtures in this folder with LibreOffice.

The .doc files are checked in (a few kilobytes each), so the tests need no LibreOffice;
run this again only to change them::

    python tests/data/word/make_word_files.py        # needs libreoffice-writer

Each file is converted from a small HTML or DOCX source written here, so its text is
known: ``english.doc`` (paragraphs and a table), ``chinese.doc`` (Chinese with
some English), ``fields.doc`` (a hyperlink, a field in Word: the reader keeps its
result and drops its code), ``tracked.doc`` (a tracked insertion and a tracked
deletion: the reader keeps the insertion and drops the deletion).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

ENGLISH = (
    "The library holds a large collection of books and journals, and students may "
    "borrow them for up to four weeks.",
    "Every essay must cite its sources, and quotations longer than forty words are "
    "set apart as a block.",
)
CHINESE = (
    "课程论文要求：请阅读本学期指定材料，围绕一个主题撰写读书报告，字数不少于一千五百字。",
    "报告须包括摘要、正文与参考文献，引用他人观点须注明出处（APA style）。",
)
FIELD_LINK = "the university library"
TRACKED_KEPT = "This sentence stays in the essay."
TRACKED_INSERTED = "This sentence was added with changes tracked."
TRACKED_DELETED = "This sentence was deleted with changes tracked."


AUTHOR = "张三"  # the document's author property


def _html(body: str) -> str:
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>essay</title>'
        f'<meta name="author" content="{AUTHOR}"></head><body>{body}</body></html>'
    )


def _english() -> str:
    rows = "".join(f"<tr><td>{a}</td><td>{b}</td></tr>" for a, b in (("year", "2024"),))
    return _html("".join(f"<p>{p}</p>" for p in ENGLISH) + f"<table>{rows}</table>")


def _chinese() -> str:
    return _html("".join(f"<p>{p}</p>" for p in CHINESE))


def _fields() -> str:
    return _html(
        f'<p>{ENGLISH[0]} See <a href="https://library.example.edu/">{FIELD_LINK}</a> '
        "for opening hours.</p>"
    )


def _tracked_docx(path: Path) -> None:
    """A DOCX whose body has a tracked insertion and a tracked deletion."""
    ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    who = 'w:author="Teacher" w:date="2024-05-01T10:00:00Z"'
    body = (
        f"<w:p><w:r><w:t>{TRACKED_KEPT}</w:t></w:r></w:p>"
        f'<w:p><w:ins w:id="1" {who}><w:r><w:t>{TRACKED_INSERTED}</w:t></w:r></w:ins></w:p>'
        f'<w:p><w:del w:id="2" {who}><w:r><w:delText>{TRACKED_DELETED}</w:delText></w:r>'
        "</w:del></w:p>"
    )
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats'
            '.org/package/2006/content-types"><Default Extension="rels" ContentType="applicati'
            'on/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" Conten'
            'tType="application/xml"/><Override PartName="/word/document.xml" ContentType="app'
            'lication/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
            "</Types>"
        ),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openx'
            'mlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://sc'
            'hemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Targe'
            't="word/document.xml"/></Relationships>'
        ),
        "word/document.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><w:document {ns}><w:body>{body}'
            "</w:body></w:document>"
        ),
    }
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in parts.items():
            archive.writestr(name, text)


def _convert(source: Path, out: Path) -> None:
    office = shutil.which("libreoffice") or shutil.which("soffice")
    if office is None:
        sys.exit("libreoffice is needed to write the .doc fixtures")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                office,
                f"-env:UserInstallation=file://{profile}",
                "--headless",
                "--convert-to",
                "doc:MS Word 97",
                "--outdir",
                str(out.parent),
                str(source),
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )
    made = out.parent / (source.stem + ".doc")
    made.replace(out)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for name, html in (("english", _english()), ("chinese", _chinese()), ("fields", _fields())):
            source = work / f"{name}.html"
            source.write_text(html, encoding="utf-8")
            _convert(source, HERE / f"{name}.doc")
        tracked = work / "tracked.docx"
        _tracked_docx(tracked)
        _convert(tracked, HERE / "tracked.doc")
    for path in sorted(HERE.glob("*.doc")):
        print(path.name, path.stat().st_size)


if __name__ == "__main__":
    main()
