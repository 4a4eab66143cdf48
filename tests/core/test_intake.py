"""What teachers receive (#41.1, #41.3): the ZIPs of learning platforms read in place,
hostile ZIPs refused entry by entry, and DOCM/DOTX, PPTX, HTML, Markdown and files whose
suffix lies read by their content."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from simhash_core.extract import ExtractError, extract
from simhash_core.extract.zip_entries import member_signature, read_member
from simhash_core.intake.discover import discover
from simhash_core.intake.students import students
from simhash_core.messages import Message
from simhash_core.scan import scan
from simhash_core.store.cache import AnalysisCache
from tests.core.intake_files import (
    damaged,
    docx_bytes,
    pptx_bytes,
    unzip_like_a_teacher,
    with_flag,
    with_legacy_names,
    zip_bytes,
)
from tests.core.samples import CLASS_ZH, needs_samples
from tests.core.textgen import en_essay, zh_essay
from tests.data.make_bad_files import text_pdf

PEOPLE = ["Ann Lee", "Bo Wu", "Cai Yun", "Dan Ho", "Eve Ma", "Fay Li", "Gus Ng", "Hal Po"]


def _skips(found) -> dict[str, str]:
    return {e.path: e.code for e in found.skipped}


# --- the platforms' ZIPs ------------------------------------------------------------


def moodle_zip(dest: Path) -> Path:
    """Moodle's "Download all submissions" of the sample class: a folder per student
    (``Name_id_assignsubmission_file_``), and one student's text typed into Moodle
    (``onlinetext.html``), which copies another's essay."""
    files = sorted((CLASS_ZH / "submissions").iterdir())
    entries: dict[str, bytes] = {}
    for k, path in enumerate(files):
        who = f"{PEOPLE[k % len(PEOPLE)]} {k:02}"
        entries[f"{who}_{5000 + k}_assignsubmission_file_/{path.name}"] = path.read_bytes()
    copied = "\n".join(
        f"<p>{line}</p>" for line in extract(files[2]).text.split("\n") if line.strip()
    )
    page = f"<html><head><title>x</title></head><body>{copied}</body></html>"
    entries["Ivy Qi_6001_assignsubmission_onlinetext_/onlinetext.html"] = page.encode()
    archive = dest / "作文-期中.zip"
    archive.write_bytes(zip_bytes(entries))
    return archive


def _outcome(result):
    docs = result.documents
    return (
        [(d.path, d.label, d.content_hash, d.text, d.mtime) for d in docs],
        [
            (docs[p.a].path, docs[p.b].path, round(p.similarity, 9), p.flagged, p.reasons)
            for p in result.pairs
        ],
        [(c.members, c.likely_source) for c in result.clusters],
        sorted((e.path, e.code) for e in [*result.errors, *result.skipped]),
    )


@needs_samples
def test_a_moodle_zip_gives_the_unzipped_folders_result(tmp_path: Path) -> None:
    archive = moodle_zip(tmp_path)
    folder = tmp_path / "unzipped"
    unzip_like_a_teacher(archive, folder)
    zipped = scan([archive])  # in worker processes: they read the entries themselves
    unzipped = scan([folder], isolate=False)
    assert _outcome(zipped) == _outcome(unzipped)
    docs = zipped.documents
    assert len(docs) == 41 and not zipped.errors
    assert docs[0].label == "Ann Lee 00" and docs[0].path.endswith("/s000.pdf")
    assert docs[0].abspath == archive / docs[0].path
    # the text typed into Moodle is compared, and its copy found
    typed = next(i for i, d in enumerate(docs) if d.label == "Ivy Qi")
    assert any(p.flagged and typed in (p.a, p.b) for p in zipped.pairs)
    (notice,) = zipped.notices
    assert notice == Message.of(
        "notice.zip-layout",
        zip="作文-期中.zip",
        platform=Message.of("platform.moodle"),
        students=41,
    )
    assert zipped.root == archive


def test_entries_are_cached_by_zip_entry_and_check_sum(tmp_path: Path, monkeypatch) -> None:
    from simhash_core.extract import zip_entries

    hashed: list[Path] = []
    real_digest = zip_entries.member_digest
    monkeypatch.setattr(zip_entries, "member_digest", lambda p: hashed.append(p) or real_digest(p))
    essays = {f"20230{k:02}_{n}/essay.txt": zh_essay(40 + k, 20).encode()
              for k, n in enumerate(["张三", "李四", "王五"])}  # fmt: skip
    archive = tmp_path / "class.zip"
    archive.write_bytes(zip_bytes(essays))
    cache = AnalysisCache(tmp_path / "cache.sqlite")
    cold = scan([archive], isolate=False, cache=cache)
    member = archive / "2023000_张三" / "essay.txt"
    assert cache.known_digests({str(member): member_signature(member)})
    # a new download of the same class: another file, the same entries
    archive.write_bytes(b"")
    archive.unlink()
    archive.write_bytes(zip_bytes(essays))
    hashed.clear()
    warm = scan([archive], isolate=False, cache=cache)
    assert hashed == []  # every entry's hash trusted from the cache: nothing unpacked
    assert [d.content_hash for d in warm.documents] == [d.content_hash for d in cold.documents]
    assert [d.label for d in warm.documents] == ["张三", "李四", "王五"]
    # one student hands in again: only that entry is new
    essays["2023001_李四/essay.txt"] = zh_essay(99, 20).encode()
    archive.write_bytes(zip_bytes(essays))
    again = scan([archive], isolate=False, cache=cache)
    pairs = zip(cold.documents, again.documents, strict=True)
    assert [a.content_hash != b.content_hash for a, b in pairs] == [False, True, False]
    assert hashed == [archive / "2023001_李四" / "essay.txt"]


def test_chinese_windows_zip_names_in_gbk(tmp_path: Path) -> None:
    real = ["2023001_张三_作业".encode("gbk"), "2023002_李四_作业".encode("gbk")]
    names = {letter * len(raw): raw for letter, raw in zip("AB", real, strict=True)}
    data = zip_bytes(
        {
            f"{placeholder}.txt": zh_essay(k, 20).encode("gb18030")
            for k, placeholder in enumerate(names)
        }
    )
    archive = tmp_path / "作业.zip"
    archive.write_bytes(with_legacy_names(data, names))
    with zipfile.ZipFile(archive) as z:  # what Python alone would call them
        assert not any("张三" in n for n in z.namelist())
    result = scan([archive], isolate=False)
    assert [d.path for d in result.documents] == ["2023001_张三_作业.txt", "2023002_李四_作业.txt"]
    assert [d.label for d in result.documents] == ["张三", "李四"]
    assert result.notices[0]["platform"] == Message.of("platform.number-name")


def test_canvas_blackboard_and_google_names(tmp_path: Path) -> None:
    canvas = students([
        "smithjohn_12345_67890_essay.docx", "leeann_late_12346_67891_my essay.docx",
        "wubo_12347_67892_essay-1.pdf",
    ])  # fmt: skip
    assert [(s.name, s.number, s.source) for s in canvas] == [
        ("smithjohn", "12345", "canvas"), ("leeann", "12346", "canvas"),
        ("wubo", "12347", "canvas"),
    ]  # fmt: skip
    # one name that looks like Canvas's among others is not taken for a student
    assert students(["report_2023_0415_v2.docx", "a.docx", "b.docx"]) == [None] * 3
    google = students(["Ann Lee - Essay on rivers.docx", "Bo Wu - Essay on rivers.docx"])
    assert [s.name for s in google] == ["Ann Lee", "Bo Wu"]
    # one title's drafts are not one student's files
    assert students(["Essay - draft.docx", "Essay - final.docx"]) == [None, None]
    # Blackboard: each student's files named with the user, and the receipt skipped
    stamp = "attempt_2025-03-01-10-00-00"
    entries = {
        f"Essay 1_jsmith_{stamp}_rivers.docx": docx_bytes(en_essay(1, 20)),
        f"Essay 1_jsmith_{stamp}.txt": b"Name: John Smith (jsmith)\nAssignment: Essay 1\n",
        f"Essay 1_alee_{stamp}_my essay.docx": docx_bytes(en_essay(2, 20)),
        f"Essay 1_alee_{stamp}.txt": b"Name: Ann Lee (alee)\nAssignment: Essay 1\n",
    }
    archive = tmp_path / "gradebook_Essay_1.zip"
    archive.write_bytes(zip_bytes(entries))
    result = scan([archive], isolate=False)
    assert sorted(d.label for d in result.documents) == ["alee", "jsmith"]
    assert sorted((e.path, e.code) for e in result.skipped) == [
        (f"Essay 1_alee_{stamp}.txt", "receipt"), (f"Essay 1_jsmith_{stamp}.txt", "receipt"),
    ]  # fmt: skip
    assert result.notices[0]["platform"] == Message.of("platform.blackboard")


def test_a_google_drive_download_in_parts_names_its_students(tmp_path: Path) -> None:
    """Drive zips a large folder as numbered parts, each with the folder at its root
    (one folder per student below it), a student's files sometimes in two parts: the
    parts are one export, and the students are the folders, not the parts."""
    root = "Essay 3 (File responses)"
    names = ["Ann Lee", "Bo Wu", "Cai Lin", "Dan Ma"]
    parts: dict[int, dict[str, bytes]] = {1: {}, 2: {}}
    for k, name in enumerate(names):
        parts[1][f"{root}/{name}/essay.txt"] = en_essay(k, 25).encode()
        notes = en_essay(0, 25) if name == "Dan Ma" else en_essay(10 + k, 25)
        parts[2 if k % 2 else 1][f"{root}/{name}/notes.txt"] = notes.encode()
    for k, entries in parts.items():
        (tmp_path / f"{root}-20261127T010203Z-00{k}.zip").write_bytes(zip_bytes(entries))
    result = scan(sorted(tmp_path.glob("*.zip")), isolate=False)
    assert sorted(d.label for d in result.documents) == names  # before: the two parts
    (flagged,) = [p for p in result.pairs if p.flagged]
    labels = {result.documents[flagged.a].label, result.documents[flagged.b].label}
    assert labels == {"Ann Lee", "Dan Ma"}  # Dan's notes copy Ann's essay
    (notice,) = result.notices
    assert notice["zip"] == f"{root}-20261127T010203Z-001.zip, -002.zip"
    assert notice["platform"] == Message.of("platform.folder") and notice["students"] == 4
    # one ZIP whose entries all sit in one folder: the folder is a wrapper
    one = tmp_path / "one"
    one.mkdir()
    (one / "class.zip").write_bytes(zip_bytes({
        f"Class 7/{name}/essay.txt": en_essay(20 + k, 25).encode() for k, name in enumerate(names)
    }))  # fmt: skip
    assert sorted(d.label for d in scan([one], isolate=False).documents) == names


def test_a_zip_without_a_layout_says_so(tmp_path: Path) -> None:
    archive = tmp_path / "essays.zip"
    archive.write_bytes(zip_bytes({"a.txt": zh_essay(1, 10).encode(), "b.txt": b"short text"}))
    result = scan([tmp_path], isolate=False)  # found in a folder: shown below its name
    assert [d.path for d in result.documents] == ["essays.zip/a.txt", "essays.zip/b.txt"]
    assert result.notices == [Message.of("notice.zip-no-layout", zip="essays.zip")]


# --- hostile and damaged ZIPs ---------------------------------------------------------


def test_zip_slip_names_are_refused_and_nothing_outside_is_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("the teacher's own file, never to be read " * 20)
    folder = tmp_path / "in"
    folder.mkdir()
    archive = folder / "class.zip"
    archive.write_bytes(zip_bytes({
        "../secret.txt": b"x", "../../etc/passwd": b"x", "/etc/hostname": b"x",
        "C:\\Windows\\win.ini": b"x", "ok/../../secret.txt": b"x", "a/C:/boot.ini": b"x",
        "fine/essay.txt": zh_essay(3, 10).encode(),
    }))  # fmt: skip
    found = discover([archive])
    assert [shown for _, shown in found.files] == ["fine/essay.txt"]
    assert sorted(_skips(found).values()) == ["unsafe-name"] * 6
    # a path that leaves the ZIP is no entry of it
    with pytest.raises(ExtractError) as caught:
        read_member(archive / ".." / "secret.txt")
    assert caught.value.code == "missing"
    result = scan([archive], isolate=False)
    assert all("teacher's own" not in d.text for d in result.documents)


def test_zip_bombs_are_refused_from_the_directory(tmp_path: Path) -> None:
    archive = tmp_path / "class.zip"
    archive.write_bytes(zip_bytes({
        "bomb.txt": bytes(30 * 1024 * 1024),  # 30 MB of zeros: compressed ~1030 times
        "essay.txt": zh_essay(4, 10).encode(),
    }))  # fmt: skip
    found = discover([archive])
    assert [shown for _, shown in found.files] == ["essay.txt"]
    (bomb,) = found.skipped
    assert (bomb.path, bomb.code, bomb.reason.code) == ("bomb.txt", "too-large", "zip.bomb")


def test_a_zip_of_too_many_entries_is_refused(tmp_path: Path, monkeypatch) -> None:
    from simhash_core.extract import zip_entries

    archive = tmp_path / "many.zip"
    archive.write_bytes(zip_bytes({f"{k}.txt": b"essay text" for k in range(40)}))
    monkeypatch.setattr(zip_entries, "MAX_ENTRIES", 30)  # the directory is not parsed
    found = discover([archive])
    assert not found.files and [(e.code, e.reason.code) for e in found.skipped] == [
        ("too-large", "zip.too-many")
    ]


def test_encrypted_and_damaged_entries_cost_only_themselves(tmp_path: Path) -> None:
    entries = {f"2023{k:03}_{n}/essay.txt": zh_essay(10 + k, 15).encode()
               for k, n in enumerate(["张三", "李四", "王五", "赵六"])}  # fmt: skip
    data = zip_bytes(entries, stored=True)
    data = with_flag(data, "2023001_李四/essay.txt", 0x1)
    data = damaged(data, "2023002_王五/essay.txt")
    archive = tmp_path / "class.zip"
    archive.write_bytes(data)
    result = scan([archive])
    assert [d.label for d in result.documents] == ["张三", "赵六"]
    problems = {e.path: (e.code, e.reason.code) for e in [*result.errors, *result.skipped]}
    assert problems == {
        "2023001_李四/essay.txt": ("encrypted", "zip.encrypted"),
        "2023002_王五/essay.txt": ("corrupt", "zip.bad-entry"),
    }


def test_a_damaged_zip_is_one_row(tmp_path: Path) -> None:
    (tmp_path / "broken.zip").write_bytes(b"PK\x03\x04" + bytes(300))
    (tmp_path / "essay.txt").write_text(zh_essay(5, 10), encoding="utf-8")
    found = discover([tmp_path])
    assert [s for _, s in found.files] == ["essay.txt"]
    assert [(e.path, e.code, e.reason.code) for e in found.skipped] == [
        ("broken.zip", "corrupt", "zip.bad-zip")
    ]


def test_nested_zips_are_read_a_few_levels_deep(tmp_path: Path) -> None:
    inner = zip_bytes({"essay.docx": docx_bytes(zh_essay(6, 20))})
    deepest = zip_bytes({"lost.txt": b"too deep to read"})
    level3 = zip_bytes({"deeper.zip": deepest, "third.txt": zh_essay(8, 10).encode()})
    level2 = zip_bytes({"level3.zip": level3})
    archive = tmp_path / "class.zip"
    archive.write_bytes(zip_bytes({
        "2023001_张三.zip": inner,
        "2023002_李四/work.zip": zip_bytes({"essay.txt": zh_essay(7, 20).encode()}),
        "extra/level2.zip": level2,
    }))  # fmt: skip
    found = discover([archive])
    assert [s for _, s in found.files] == [
        "2023001_张三.zip/essay.docx",
        "2023002_李四/work.zip/essay.txt",
        "extra/level2.zip/level3.zip/third.txt",
    ]
    assert _skips(found) == {"extra/level2.zip/level3.zip/deeper.zip": "too-deep"}
    result = scan([archive])
    assert [d.label for d in result.documents][:2] == ["张三", "李四"]
    assert not result.errors


def test_hidden_lock_and_system_entries(tmp_path: Path) -> None:
    archive = tmp_path / "class.zip"
    archive.write_bytes(zip_bytes({
        "__MACOSX/._essay.txt": b"x", "a/.DS_Store": b"x", "a/~$essay.docx": b"x",
        "a/.draft.txt": b"x", ".git/config": b"x", "a/essay.txt": zh_essay(9, 10).encode(),
        "a/clip.mp4": b"\x00\x00\x00\x18ftypmp42", "a/old.doc": b"x",
    }))  # fmt: skip
    found = discover([archive])
    assert [s for _, s in found.files] == ["a/essay.txt", "a/old.doc"]
    assert _skips(found) == {
        "a/.draft.txt": "hidden", "a/~$essay.docx": "lock-file", "a/clip.mp4": "unsupported",
    }  # fmt: skip


def test_the_same_zip_reached_twice_is_read_once(tmp_path: Path) -> None:
    archive = tmp_path / "class.zip"
    archive.write_bytes(zip_bytes({"a.txt": zh_essay(9, 10).encode()}))
    found = discover([tmp_path, archive])
    assert len(found.files) == 1
    assert "duplicate" in _skips(found).values()


# --- formats -------------------------------------------------------------------------


def test_pptx_slides_in_order_then_notes(tmp_path: Path) -> None:
    path = tmp_path / "talk.pptx"
    path.write_bytes(pptx_bytes(
        [["Rivers of China", "The Yangtze is long"], ["长江流经十一个省份"]],
        [["Say hello first"], ["最后感谢大家"]],
    ))  # fmt: skip
    text = extract(path)
    # the presentation lists slide 2 first; slide numbers are left out
    assert text.text.split("\n\n") == [
        "长江流经十一个省份", "Rivers of China", "The Yangtze is long", "最后感谢大家",
        "Say hello first",
    ]  # fmt: skip
    assert text.kind == "pptx" and text.pages == 2 and not text.warnings


def test_pptx_problems(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pptx"
    empty.write_bytes(pptx_bytes([[]]))
    with pytest.raises(ExtractError) as caught:
        extract(empty)
    assert caught.value.code == "empty"
    hostile = tmp_path / "entities.pptx"
    good = zipfile.ZipFile(__import__("io").BytesIO(pptx_bytes([["x"]])))
    parts = {n: good.read(n) for n in good.namelist()}
    parts["ppt/slides/slide1.xml"] = b'<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'
    hostile.write_bytes(zip_bytes(parts))
    with pytest.raises(ExtractError) as caught:
        extract(hostile)
    assert (caught.value.code, caught.value.reason.code) == ("malicious", "pptx.entities")


@pytest.mark.parametrize("suffix", [".docm", ".dotx", ".dotm", ".DOCM"])
def test_word_macro_and_template_packages_are_read_as_docx(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"essay{suffix}"
    path.write_bytes(docx_bytes("第一段。\n第二段。"))
    text = extract(path)
    assert text.text == "第一段。\n\n第二段。" and not text.warnings


def test_html_visible_text_only(tmp_path: Path) -> None:
    path = tmp_path / "onlinetext.htm"
    path.write_bytes(
        b'<html><head><meta charset="gbk"><title>Moodle</title><style>p{color:red}</style>'
        b"</head><body><h1>" + "长江".encode("gbk") + b"</h1><p>Visible <b>text</b>"
        b"<span style='display:none'>hidden words</span></p><div hidden>more hidden</div>"
        b"<script>var copied = 'script text';</script><p aria-hidden=\"true\">aria</p>"
        b"<table><tr><td>cell one</td><td>cell two</td></tr></table></body></html>"
    )
    text = extract(path)
    assert text.text == "长江\n\nVisible text\n\ncell one\n\ncell two"
    assert text.kind == "html" and text.encoding == "gbk"


def test_markdown_keeps_the_words(tmp_path: Path) -> None:
    path = tmp_path / "essay.md"
    path.write_text(
        "# 长江\n\nThe **Yangtze** is [long](https://example.org).\n\n"
        "- one\n- two\n\n```\ncode stays\n```\n\n> quoted\n",
        encoding="utf-8",
    )
    assert extract(path).text == (
        "长江\n\nThe Yangtze is long.\n\none\ntwo\n\ncode stays\n\nquoted"
    )


@pytest.mark.parametrize(
    ("name", "content", "kind", "said"),
    [
        ("essay.pdf", "docx", "docx", "format.docx"),
        ("essay.docx", "pdf", "pdf", "format.pdf"),
        ("essay.txt", "docx", "docx", "format.docx"),
        ("slides.docx", "pptx", "pptx", "format.pptx"),
        ("essay.zip", "docx", "docx", None),
    ],
)
def test_a_suffix_that_lies_is_read_by_content(
    tmp_path: Path, name: str, content: str, kind: str, said: str | None
) -> None:
    essay = en_essay(3, 12)
    data = {
        "docx": lambda: docx_bytes(essay),
        "pdf": lambda: text_pdf(essay.split(". ")[:6]),
        "pptx": lambda: pptx_bytes([[essay]]),
    }[content]()
    path = tmp_path / name
    path.write_bytes(data)
    if name.endswith(".zip"):  # a DOCX named .zip is a document, not a folder
        assert [p for p, _ in discover([path]).files] == [path]
    text = extract(path)
    assert text.kind == kind
    if said:
        assert text.warnings[0] == Message.of(
            "warn.named-as", suffix=Path(name).suffix, format=Message.of(said)
        )


def test_a_plagcheck_report_in_the_folder_is_not_a_submission(tmp_path: Path) -> None:
    from simhash_core.cli.main import main

    for k in range(3):
        (tmp_path / f"s{k}.txt").write_text(zh_essay(30 + k, 10), encoding="utf-8")
    (tmp_path / "page.html").write_text("<p>a student's page</p>", encoding="utf-8")
    report = tmp_path / "7B-plagcheck-report.html"
    assert main(["scan", str(tmp_path), "--html", str(report), "-q", "--no-cache"]) == 0
    found = discover([tmp_path])
    assert [s for _, s in found.files] == ["page.html", "s0.txt", "s1.txt", "s2.txt"]
    assert _skips(found) == {"7B-plagcheck-report.html": "report"}


def test_new_kinds_in_a_class_are_compared(tmp_path: Path) -> None:
    essay = zh_essay(21, 30)
    (tmp_path / "2023001_张三.pptx").write_bytes(pptx_bytes([[p] for p in essay.split("\n")]))
    (tmp_path / "2023002_李四.md").write_text("# 作文\n\n" + essay, encoding="utf-8")
    (tmp_path / "2023003_王五.html").write_text(
        "".join(f"<p>{p}</p>" for p in essay.split("\n")), encoding="utf-8"
    )
    (tmp_path / "2023004_赵六.txt").write_text(zh_essay(22, 30), encoding="utf-8")
    result = scan([tmp_path], isolate=False)
    docs = result.documents
    flagged = {frozenset((docs[p.a].label, docs[p.b].label)) for p in result.pairs if p.flagged}
    assert flagged == {
        frozenset(("张三", "李四")),
        frozenset(("张三", "王五")),
        frozenset(("李四", "王五")),
    }


def test_a_blackboard_receipt_in_a_folder_is_skipped(tmp_path: Path) -> None:
    stamp = "attempt_2025-03-01-10-00-00"
    (tmp_path / f"Essay 1_jsmith_{stamp}.txt").write_text("Name: John Smith\n")
    (tmp_path / f"Essay 1_jsmith_{stamp}_essay.txt").write_text(en_essay(1, 10))
    found = discover([tmp_path])
    assert [s for _, s in found.files] == [f"Essay 1_jsmith_{stamp}_essay.txt"]
    assert _skips(found) == {f"Essay 1_jsmith_{stamp}.txt": "receipt"}
