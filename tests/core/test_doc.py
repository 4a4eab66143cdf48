"""Word 97-2003 (.doc) and WPS Writer (.wps) files read from their binary format.

The .doc files in tests/data/word/ were written by LibreOffice from known text
(tests/data/word/make_word_files.py); the refused kinds (encrypted, Word 95, Works) are
those files with their flag, version or stream name changed, as such files differ.
"""

from __future__ import annotations

import random
import struct
import time
from pathlib import Path

import pytest

from simhash_core.extract import ExtractError, extract
from simhash_core.extract.doc import extract_doc
from simhash_core.intake.discover import discover
from simhash_core.messages import Message
from tests.data.word import make_word_files as made

WORD = Path(__file__).resolve().parents[1] / "data" / "word"


def _bytes(name: str) -> bytes:
    return (WORD / name).read_bytes()


def _fib_at(data: bytes) -> int:
    """Where the WordDocument stream (its FIB) starts in the file: a sector (or a
    64-byte mini sector) that starts with Word 97's magic number."""
    for at in range(512, len(data), 64):
        if data[at : at + 2] == b"\xec\xa5":
            return at
    raise AssertionError("no FIB found")


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_english_paragraphs_and_a_table_are_read():
    got = extract(WORD / "english.doc")
    assert got.kind == "doc"
    assert got.text.split("\n") == [*made.ENGLISH, "year\t2024"]


def test_chinese_text_is_read():
    got = extract(WORD / "chinese.doc")
    assert got.text.split("\n") == list(made.CHINESE)


def test_the_author_is_read_from_the_summary_information():
    meta = extract(WORD / "english.doc").meta
    assert meta is not None and meta.author == made.AUTHOR


def test_a_field_keeps_its_result_and_drops_its_code():
    text = extract(WORD / "fields.doc").text
    assert made.FIELD_LINK in text and made.ENGLISH[0] in text
    assert "HYPERLINK" not in text and "library.example.edu" not in text


def test_a_tracked_deletion_is_left_out_and_an_insertion_kept():
    text = extract(WORD / "tracked.doc").text
    assert text.split("\n") == [made.TRACKED_KEPT, made.TRACKED_INSERTED]


def test_a_wps_writer_file_is_read_by_the_same_reader(tmp_path):
    path = _write(tmp_path, "论文.wps", _bytes("chinese.doc"))
    got = extract(path)
    assert got.kind == "wps" and got.text.split("\n") == list(made.CHINESE)
    assert got.warnings == ()


def test_a_doc_named_docx_is_read_by_its_content(tmp_path):
    got = extract(_write(tmp_path, "essay.docx", _bytes("english.doc")))
    assert got.text.startswith(made.ENGLISH[0])
    assert [w.code for w in got.warnings] == ["warn.named-as"]


def test_an_encrypted_doc_is_refused_by_name(tmp_path):
    data = bytearray(_bytes("english.doc"))
    at = _fib_at(bytes(data))
    flags = struct.unpack_from("<H", data, at + 10)[0] | 0x0100
    struct.pack_into("<H", data, at + 10, flags)
    with pytest.raises(ExtractError) as err:
        extract(_write(tmp_path, "locked.doc", bytes(data)))
    assert err.value.code == "encrypted" and err.value.reason == Message.of("doc.encrypted")


def test_a_word_95_file_says_to_save_it_again(tmp_path):
    data = bytearray(_bytes("english.doc"))
    at = _fib_at(bytes(data))
    struct.pack_into("<HH", data, at, 0xA5DC, 0x0065)
    with pytest.raises(ExtractError) as err:
        extract(_write(tmp_path, "old.doc", bytes(data)))
    assert err.value.code == "old-doc" and err.value.reason == Message.of("doc.word95")


def _renamed_stream(data: bytes, old: str, new: str) -> bytes:
    """The compound file with one stream's directory entry renamed."""
    out = bytearray(data)
    at = data.find(old.encode("utf-16-le") + b"\x00\x00")
    assert at >= 0 and at % 128 == 0
    out[at : at + 64] = (new.encode("utf-16-le") + b"\x00\x00").ljust(64, b"\x00")
    struct.pack_into("<H", out, at + 64, (len(new) + 1) * 2)
    return bytes(out)


def test_a_works_document_is_named_as_such(tmp_path):
    data = _renamed_stream(_bytes("english.doc"), "WordDocument", "MatOST")
    with pytest.raises(ExtractError) as err:
        extract(_write(tmp_path, "letter.wps", data))
    assert err.value.reason == Message.of("doc.works")


def test_a_wps_in_another_format_says_what_to_do(tmp_path):
    data = _renamed_stream(_bytes("english.doc"), "WordDocument", "Other")
    with pytest.raises(ExtractError) as err:
        extract(_write(tmp_path, "notes.wps", data))
    assert err.value.reason == Message.of("doc.wps-other")


def test_a_doc_that_is_not_ole_is_named(tmp_path):
    with pytest.raises(ExtractError) as err:
        extract(_write(tmp_path, "essay.doc", b"just some text, not a Word file" * 20))
    assert err.value.code == "corrupt" and err.value.reason == Message.of("doc.not-ole")


def test_doc_and_wps_files_are_found_as_submissions(tmp_path):
    (tmp_path / "a.doc").write_bytes(_bytes("english.doc"))
    (tmp_path / "b.wps").write_bytes(_bytes("chinese.doc"))
    found = discover([tmp_path])
    assert sorted(shown for _, shown in found.files) == ["a.doc", "b.wps"]
    assert not found.skipped


@pytest.mark.parametrize("name", ["english.doc", "chinese.doc", "fields.doc", "tracked.doc"])
def test_damaged_files_never_crash_or_hang(name):
    """Truncated files and files with bytes overwritten: the text or an ExtractError,
    each within a second."""
    data = _bytes(name)
    rng = random.Random(name)
    cases = [data[:n] for n in range(0, len(data), 97)]
    for _ in range(150):
        bad = bytearray(data)
        for _ in range(rng.randint(1, 40)):
            at = rng.randrange(len(bad))
            bad[at] = rng.randrange(256)
        cases.append(bytes(bad))
    for case in cases:
        start = time.perf_counter()
        try:
            got = extract_doc(case)
            assert isinstance(got.text, str)
        except ExtractError as exc:
            assert exc.code in ("corrupt", "empty", "encrypted", "old-doc", "unsupported")
        assert time.perf_counter() - start < 1.0
