"""Document metadata as evidence: read from DOCX, ODT and PDF, reported for flagged
pairs when rare in the class, a direction when a file's author is the other student,
and never a reason to flag on its own."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import docx

from simhash_core.extract import extract
from simhash_core.messages import Message
from simhash_core.scan import scan
from tests.core.office_files import odt_bytes
from tests.core.textgen import en_essay

WHEN = datetime.datetime(2025, 11, 3, 14, 15, 0)


def _docx(
    text: str, author: str = "python-docx", created=None, saver: str = "", template: str = ""
) -> bytes:
    word = docx.Document()
    word.add_paragraph(text)
    props = word.core_properties
    props.author = author
    props.last_modified_by = saver
    if created is not None:
        props.created = created
    out = io.BytesIO()
    word.save(out)
    if not template:
        return out.getvalue()
    return _with_template(out.getvalue(), template)


def _with_template(data: bytes, template: str) -> bytes:
    """The DOCX with ``template`` in docProps/app.xml (as Word writes it)."""
    import zipfile

    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for item in src.infolist():
            part = src.read(item.filename)
            if item.filename == "docProps/app.xml":
                part = part.replace(b"<Template>Normal.dotm</Template>", b"")
                part = part.replace(
                    b"</Properties>", f"<Template>{template}</Template></Properties>".encode()
                )
            z.writestr(item, part)
    return out.getvalue()


def _codes(pair) -> list[str]:
    return [r.code for r in pair.reasons]


def test_docx_odt_and_pdf_properties_are_read(tmp_path: Path):
    (tmp_path / "a.docx").write_bytes(_docx("text", author="张三", created=WHEN, saver="李四"))
    meta = extract(tmp_path / "a.docx").meta
    assert (meta.author, meta.last_saved_by, meta.created[:19]) == (
        "张三", "李四", "2025-11-03T14:15:00")  # fmt: skip
    (tmp_path / "b.odt").write_bytes(odt_bytes(["text"]))
    assert extract(tmp_path / "b.odt").meta is None  # this ODT has no meta.xml
    pdfs = sorted(Path(__file__).resolve().parents[3].joinpath(
        "shared", "samples", "class-zh", "submissions").glob("*.pdf"))  # fmt: skip
    if pdfs:
        meta = extract(pdfs[0]).meta
        assert meta.application.startswith("LibreOffice") and meta.created.startswith("20")


def test_a_file_written_by_the_other_student_says_so_and_gives_the_direction(tmp_path: Path):
    """Dan Ho handed in Bo Wu's file: its author is Bo Wu."""
    people = ["Ann Lee", "Bo Wu", "Cai Yun", "Dan Ho", "Eve Ma"]
    for k, name in enumerate(people):
        folder = tmp_path / f"{name}_{700 + k}_assignsubmission_file_"
        folder.mkdir()
        text = en_essay(20 + k, 30) if name != "Dan Ho" else en_essay(21, 30)
        author = "Bo Wu" if name in ("Bo Wu", "Dan Ho") else name
        (folder / "answer.docx").write_bytes(_docx(text, author=author))
    result = scan([tmp_path], isolate=False)
    docs = result.documents
    (pair,) = [p for p in result.pairs if p.flagged]
    assert {docs[pair.a].label, docs[pair.b].label} == {"Bo Wu", "Dan Ho"}
    said = [str(r) for r in pair.reasons]
    assert "Dan Ho's file was created by Bo Wu: Bo Wu handed in the other file" in said
    assert "both files were created by Bo Wu, and no other file of the class" in said
    d = pair.direction
    assert (docs[d.source].label, docs[d.copy].label) == ("Bo Wu", "Dan Ho")
    assert d.reason.code == "direction.author"
    (group,) = result.clusters  # the group names its source on the same evidence
    assert docs[group.likely_source].label == "Bo Wu"
    assert group.source_reason.code == "source.evidence"


def test_rare_agreements_are_reported_and_defaults_are_not(tmp_path: Path):
    base = en_essay(30, 30)
    (tmp_path / "a.docx").write_bytes(_docx(base, author="kid", created=WHEN, template="T7.dotx"))
    (tmp_path / "b.docx").write_bytes(_docx(base, author="kid", created=WHEN, template="T7.dotx"))
    (tmp_path / "c.docx").write_bytes(_docx(en_essay(31, 30)))  # python-docx's defaults
    (tmp_path / "d.docx").write_bytes(_docx(en_essay(31, 30)))  # a copy with the defaults
    (tmp_path / "e.docx").write_bytes(_docx(en_essay(32, 30)))
    result = scan([tmp_path], isolate=False)
    docs = result.documents
    by_names = {frozenset((docs[p.a].name, docs[p.b].name)): p for p in result.pairs if p.flagged}
    ab = by_names[frozenset(("a.docx", "b.docx"))]
    assert Message.of("meta.same-author", name="kid") in ab.reasons
    assert "meta.same-created" in _codes(ab)
    assert Message.of("meta.same-template", name="T7.dotx") in ab.reasons
    cd = by_names[frozenset(("c.docx", "d.docx"))]
    assert not [c for c in _codes(cd) if c.startswith("meta.")]  # shared by three files


def test_metadata_alone_never_flags(tmp_path: Path):
    for k in range(4):
        essay = _docx(en_essay(40 + k, 30), author="kid", created=WHEN)
        (tmp_path / f"s{k}.docx").write_bytes(essay)
    (tmp_path / "t.docx").write_bytes(_docx(en_essay(50, 30)))
    (tmp_path / "u.docx").write_bytes(_docx(en_essay(51, 30), author="pal", created=WHEN))
    (tmp_path / "v.docx").write_bytes(_docx(en_essay(52, 30), author="pal", created=WHEN))
    result = scan([tmp_path], isolate=False)
    assert not [p for p in result.pairs if p.flagged]
