"""A file replaced while a scan runs (issue 37, item 5): the scan hashes every file
first and reads it later, so a sync client or a resubmission can change the bytes in
between. The text read must never be filed under the hash of the bytes it replaced,
neither in the fingerprint cache nor in the archive."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from simhash_core.archive.sqlite_store import SQLiteArchive
from simhash_core.extract import extract
from simhash_core.extract.errors import ExtractLimits
from simhash_core.fingerprint.analyze import Analysis, file_digest
from simhash_core.scan import _analyze_task, scan
from simhash_core.store.cache import AnalysisCache
from simhash_core.types import ScanResult, ScanSettings
from tests.core.textgen import zh_essay

OLD, NEW, OTHER = zh_essay(1), zh_essay(2), zh_essay(3)


def replaced_before_read(target: Path, text: str) -> Callable[..., Analysis]:
    """The scan's per-file task, but ``target`` is overwritten with ``text`` just
    before its worker reads it (after the scan hashed it): what a sync client does."""

    def task(path: str, *args: object) -> Analysis:
        if Path(path) == target:
            target.write_text(text, encoding="utf-8")
        return _analyze_task(path, *args)  # type: ignore[arg-type]

    return task


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    d = tmp_path / "class"
    d.mkdir()
    (d / "a.txt").write_text(OLD, encoding="utf-8")
    (d / "b.txt").write_text(OTHER, encoding="utf-8")
    return d


def _scan_while_replacing(folder: Path, cache: AnalysisCache | None = None) -> ScanResult:
    task = replaced_before_read(folder / "a.txt", NEW)
    return scan([folder], isolate=False, cache=cache, task=task, compare=False)


def _texts(result: ScanResult) -> dict[str, str]:
    return {d.path: d.text for d in result.documents}


def test_a_file_replaced_before_it_is_read_is_reported_and_not_cached(folder, tmp_path):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    during = _scan_while_replacing(folder, cache)

    # every later file with the old content is read as itself, never as the new text
    later = tmp_path / "later"
    later.mkdir()
    (later / "resubmitted.txt").write_text(OLD, encoding="utf-8")
    (later / "a.txt").write_text(NEW, encoding="utf-8")
    again = scan([later], isolate=False, cache=cache, compare=False)
    assert again.errors == []
    assert _texts(again) == {
        "resubmitted.txt": extract(later / "resubmitted.txt").text,
        "a.txt": extract(later / "a.txt").text,
    }
    assert _texts(again)["resubmitted.txt"] != _texts(again)["a.txt"]

    # and the scan during the change said so, for that file alone
    assert [(e.path, e.code, e.reason.code) for e in during.errors] == [
        ("a.txt", "changed", "file.changed")
    ]
    assert "changed while it was being read" in str(during.errors[0].reason)
    assert _texts(during) == {"b.txt": extract(folder / "b.txt").text}
    cache.close()


def test_the_copies_of_a_replaced_file_are_read_themselves(folder, tmp_path):
    (folder / "copy of a.txt").write_text(OLD, encoding="utf-8")  # hashed as a.txt
    cache = AnalysisCache(tmp_path / "c.sqlite")
    during = _scan_while_replacing(folder, cache)
    assert [(e.path, e.code) for e in during.errors] == [("a.txt", "changed")]
    copy = next(d for d in during.documents if d.path == "copy of a.txt")
    assert copy.text == extract(folder / "copy of a.txt").text
    assert copy.content_hash == file_digest(folder / "copy of a.txt")
    cache.close()


def test_archive_add_never_files_a_text_under_another_contents_hash(folder, tmp_path):
    settings = ScanSettings()
    cache = AnalysisCache(tmp_path / "c.sqlite")
    with SQLiteArchive(tmp_path / "archive.sqlite", settings) as store:
        during = _scan_while_replacing(folder, cache)
        store.add_many(during.documents, "2025 autumn", settings)

        later = tmp_path / "later"
        later.mkdir()
        (later / "old.txt").write_text(OLD, encoding="utf-8")
        result = scan([later], isolate=False, cache=cache, compare=False)
        (added,) = store.add_many(result.documents, "2026 spring", settings)
        assert added.status == "added"  # not "already archived" as another essay
        (archived,) = store.load([added.doc_id], settings)
        assert archived.text == extract(later / "old.txt").text
        assert store.check() == []
    cache.close()


def test_isolated_workers_store_nothing_for_a_replaced_file(tmp_path):
    from tests.core import pool_tasks

    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "replaced.txt").write_text(OLD, encoding="utf-8")
    (folder / "kept.txt").write_text(OTHER, encoding="utf-8")
    old_digest = file_digest(folder / "replaced.txt")
    cache = AnalysisCache(tmp_path / "c.sqlite")
    result = scan(
        [folder],
        settings=ScanSettings(workers=1),
        cache=cache,
        task=pool_tasks.analyze_but_replace,
        compare=False,
    )
    assert [(e.path, e.code) for e in result.errors] == [("replaced.txt", "changed")]
    assert [d.path for d in result.documents] == ["kept.txt"]
    assert cache.get_text(old_digest) is None  # nothing filed under the old bytes' hash
    assert cache.get_text(file_digest(folder / "kept.txt")) is not None
    cache.close()


def test_a_truncated_text_file_is_hashed_whole_as_it_was_read(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text(OLD * 4, encoding="utf-8")
    limits = ExtractLimits(max_txt_bytes=1000)
    read = extract(path, limits)
    assert read.warnings and read.warnings[0].code == "warn.truncated"
    assert read.content_hash == file_digest(path)
