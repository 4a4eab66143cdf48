"""Make the sample class the package ships (``simhash_core/data/sample-class/``) from
the essays in ``benchmarks/sample_class/``.

    python benchmarks/make_sample_class.py [DEST]

Each essay becomes one student's file, named as a platform's download names it
(``2024007_周敏_作业.pdf``), in DOCX, PDF or TXT (UTF-8, UTF-16 or GB18030); about half
start with the assignment text, as students' files do. Two copies are made here: a
word-for-word copy of ``e04`` (a PDF of another student's DOCX) and of ``z02`` (TXT in
GB18030 with its lines wrapped anew); ``p11`` and ``pz04`` get a paragraph of ``e11`` and
``z04`` at ``{{copied}}``. ``expected.json`` lists the known copies (each must be
flagged) and the honest pairs on one idea (none may be), for the tests and the
self-test. The output is the same bytes on every run.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sys
import textwrap
import zipfile
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

SOURCES = Path(__file__).resolve().parent / "sample_class"
DEST = Path(__file__).resolve().parents[1] / "simhash_core" / "data" / "sample-class"
FIXED_TIME = dt.datetime(2025, 3, 14, 9, 0, tzinfo=dt.timezone.utc)
COPIED = "{{copied}}"


@dataclass(frozen=True)
class Student:
    """One submission: the essay it holds (a source's stem), the student, the format."""

    essay: str
    number: int
    name: str
    kind: str  # docx, pdf, utf-8, utf-16, gb18030
    with_template: bool
    copy_of: str = ""  # a word-for-word copy of this essay
    paragraph_of: str = ""  # the essay whose paragraph fills {{copied}}

    @property
    def file_name(self) -> str:
        suffix = "txt" if self.kind in ("utf-8", "utf-16", "gb18030") else self.kind
        return f"{2024000 + self.number}_{self.name}_作业.{suffix}"


CLASS = [
    Student("e01", 1, "陈静", "docx", True),
    Student("e02", 2, "李伟", "pdf", False),
    Student("e03", 3, "王芳", "utf-8", True),
    Student("e04", 4, "张磊", "docx", False),
    Student("e05", 5, "刘洋", "pdf", True),
    Student("e06", 6, "杨帆", "docx", False),
    Student("e07", 7, "赵丽", "docx", True),
    Student("e08", 8, "黄强", "utf-16", False),
    Student("e09", 9, "吴敏", "pdf", True),
    Student("e10", 10, "徐杰", "docx", False),
    Student("e11", 11, "孙悦", "pdf", False),
    Student("e12", 12, "马超", "docx", True),
    Student("e13", 13, "朱琳", "utf-8", False),
    Student("e14", 14, "胡斌", "docx", True),
    Student("e15", 15, "郭婷", "pdf", False),
    Student("e16", 16, "何平", "docx", True),
    Student("e17", 17, "高翔", "utf-8", False),
    Student("e18", 18, "林雪", "docx", True),
    Student("e19", 19, "罗刚", "pdf", False),
    Student("e20", 20, "梁爽", "docx", True),
    Student("z01", 21, "宋佳", "docx", True),
    Student("z02", 22, "谢磊", "utf-8", False),
    Student("z03", 23, "韩冰", "docx", True),
    Student("z04", 24, "唐亮", "gb18030", False),
    Student("z05", 25, "冯雨", "docx", False),
    Student("z06", 26, "邓欣", "utf-16", True),
    Student("r07", 27, "曹宇", "pdf", False),
    Student("t15", 28, "彭丹", "docx", False),
    Student("p11", 29, "曾凯", "docx", True, paragraph_of="e11"),
    Student("pz04", 30, "田甜", "utf-8", False, paragraph_of="z04"),
    Student("e04", 31, "周敏", "pdf", False, copy_of="e04"),
    Student("z02", 32, "潘越", "gb18030", True, copy_of="z02"),
]

# (the copy, the original, how it was copied): each pair must be flagged
COPIES = [
    ("e04", 31, 4, "word for word"),
    ("z02", 32, 22, "word for word"),
    ("r07", 27, 7, "reworded"),
    ("t15", 28, 15, "translated"),
    ("p11", 29, 11, "one paragraph"),
    ("pz04", 30, 24, "one paragraph"),
]
# honest pairs on one idea (their numbers): none may be flagged
HONEST = [
    (2, 20, "both want the phones kept in a box or cabinet during lessons"),
    (8, 12, "both need their phones for their families"),
    (7, 16, "both want a ban for the sake of concentration"),
    (15, 24, "both miss the playground before phones (English and Chinese)"),
    (3, 26, "both blame boring lessons (English and Chinese)"),
    (1, 22, "both want students to learn self-control instead"),
]


def paragraphs(stem: str) -> list[str]:
    """An essay's paragraphs (blank-line separated), each on one line."""
    text = (SOURCES / f"{stem}.txt").read_text(encoding="utf-8")
    return [" ".join(p.split("\n")) for p in text.strip().split("\n\n")]


def essay_of(student: Student) -> list[str]:
    """The paragraphs this student hands in (with the assignment text when asked)."""
    body = paragraphs(student.copy_of or student.essay)
    if student.paragraph_of:
        copied = paragraphs(student.paragraph_of)[1]
        body = [copied if p == COPIED else p for p in body]
    if student.with_template:
        template = (SOURCES / "template.txt").read_text(encoding="utf-8").strip().split("\n")
        chinese = any("\u4e00" <= c <= "\u9fff" for c in "".join(body))
        body = [*(template[2:] if chinese else template[:2]), *body]
    return body


def as_docx(lines: list[str]) -> bytes:
    """A DOCX of these paragraphs, its dates fixed and its ZIP entries dated alike."""
    from docx import Document

    doc = Document()
    for line in lines:
        doc.add_paragraph(line)
    props = doc.core_properties
    props.author, props.created, props.modified = "", FIXED_TIME, FIXED_TIME
    props.last_modified_by, props.revision = "", 1
    raw = BytesIO()
    doc.save(raw)
    return _fixed_zip(raw.getvalue())


def _fixed_zip(data: bytes) -> bytes:
    """The same ZIP with every entry's date fixed (the same bytes on every run)."""
    out = BytesIO()
    with zipfile.ZipFile(BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME.timetuple()[:6])
            fixed.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(fixed, src.read(info.filename))
    return out.getvalue()


def as_pdf(lines: list[str]) -> bytes:
    """An A4 PDF of these (English) paragraphs, set in Helvetica, reproducible."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    raw = BytesIO()
    canvas = Canvas(raw, pagesize=A4, invariant=1)
    height = A4[1]
    y = height - 72
    for line in lines:
        for row in textwrap.wrap(line, 88):
            if y < 72:
                canvas.showPage()
                y = height - 72
            canvas.setFont("Helvetica", 11)
            canvas.drawString(72, y, row)
            y -= 15
        y -= 9
    canvas.save()
    return raw.getvalue()


def as_txt(lines: list[str], encoding: str, rewrap: bool) -> bytes:
    """TXT in ``encoding`` (UTF-16 with its BOM); ``rewrap`` breaks lines every 24
    characters, as a copy pasted from somewhere else may be."""
    if rewrap:
        lines = [row for line in lines for row in textwrap.wrap(line, 24)]
    text = "\r\n\r\n".join(lines) + "\r\n"
    return text.encode("utf-16" if encoding == "utf-16" else encoding)


def file_bytes(student: Student) -> bytes:
    lines = essay_of(student)
    if student.kind == "docx":
        return as_docx(lines)
    if student.kind == "pdf":
        return as_pdf(lines)
    return as_txt(lines, student.kind, rewrap=bool(student.copy_of))


def expected() -> dict[str, list[dict[str, str]]]:
    """The known copies and the honest pairs, by file name."""
    names = {s.number: s.file_name for s in CLASS}
    return {
        "copies": [{"copy": names[c], "original": names[o], "how": how} for _, c, o, how in COPIES],
        "honest": [{"a": names[a], "b": names[b], "why": why} for a, b, why in HONEST],
    }


def make(dest: Path = DEST) -> list[Path]:
    """Write the class into ``dest`` (emptied first); returns the submissions."""
    if (dest / "submissions").exists():
        shutil.rmtree(dest / "submissions")
    (dest / "submissions").mkdir(parents=True)
    written = []
    for student in CLASS:
        path = dest / "submissions" / student.file_name
        path.write_bytes(file_bytes(student))
        written.append(path)
    shutil.copyfile(SOURCES / "template.txt", dest / "template.txt")
    (dest / "expected.json").write_text(
        json.dumps(expected(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (dest / "README.md").write_text(
        "# The sample class\n\n32 short essays on one assignment (`template.txt`), written "
        "for plagcheck by its developers (MIT, like the code), with six known copies "
        "(word for word, reworded, translated, one paragraph) and six honest pairs on one "
        "idea: `expected.json`. Made by `benchmarks/make_sample_class.py`.\n",
        encoding="utf-8",
    )
    return written


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else DEST
    print(f"{len(make(out))} submissions in {out}")
