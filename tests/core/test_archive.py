"""The archive of past submissions (SQLite backend): adding, dedupe, candidates from
the three indexes, and comparing a new class with the archive.

Helpers here are shared by the other ``test_archive_*`` modules.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from simhash_core.archive import ArchiveError, ArchiveStore, compare_with_archive, open_archive
from simhash_core.archive.sqlite_store import SCHEMA_VERSION, SQLiteArchive
from simhash_core.compare import compare_documents
from simhash_core.fingerprint.analyze import analyze_text, to_document
from simhash_core.fingerprint.simhash import fingerprint_from_sums
from simhash_core.messages import Message
from simhash_core.scan import reweight_with_corpus_idf
from simhash_core.types import Document, ScanResult, ScanSettings
from tests.core.textgen import zh_essay

# ----- helpers (shared) -------------------------------------------------------------


def make_doc(text: str, path: str, settings: ScanSettings | None = None) -> Document:
    """A scanned document of ``text`` with a content hash, as the scan would make it."""
    a = analyze_text(text, settings or ScanSettings())
    doc = to_document(path, Path("/class") / path, a)
    digest = hashlib.blake2b(text.encode(), digest_size=20).hexdigest()
    return replace(doc, content_hash=digest)


def lines(seed: int, n: int = 30) -> list[str]:
    return [s for s in zh_essay(seed, n).split("\n") if s]


def near_copy(seed: int) -> str:
    """Essay ``seed`` with its last three sentences rewritten."""
    return "\n".join([*lines(seed)[:-3], *lines(seed + 5000, 3)]) + "\n"


def partial_copy(seed: int) -> str:
    """An own essay with about 30% lifted from essay ``seed`` (10 of 30 sentences)."""
    return "\n".join([*lines(seed + 7000, 22), *lines(seed)[8:18]]) + "\n"


def archived_class(n: int = 8, first: int = 0) -> list[Document]:
    return [make_doc(zh_essay(first + i), f"s{first + i:02d}.txt") for i in range(n)]


def new_result(docs: list[Document], settings: ScanSettings | None = None) -> ScanResult:
    """A scan result over ``docs`` (what ``scan`` returns, without reading files)."""
    settings = settings or ScanSettings()
    pairs, clusters, corpus, matrix = compare_documents(docs, settings)[:4]
    return ScanResult(
        root=None,
        settings=settings,
        documents=docs,
        pairs=pairs,
        clusters=clusters,
        corpus=corpus,
        matrix=matrix,
    )


def pair_table(result: ScanResult) -> list[tuple]:
    """Pairs as comparable rows (paths and scores)."""
    docs = result.documents
    return sorted(
        (
            docs[p.a].path,
            docs[p.b].path,
            p.similarity,
            p.simhash_distance,
            p.jaccard,
            p.flagged,
            p.group,
        )
        for p in result.pairs
    )


def fill(store: ArchiveStore) -> list[Document]:
    """The standard archive: 8 essays under '2024 spring'."""
    docs = archived_class()
    store.add_many(docs, "2024 spring")
    return docs


@pytest.fixture
def store(tmp_path: Path) -> SQLiteArchive:
    s = SQLiteArchive(tmp_path / "archive.sqlite")
    yield s
    s.close()


# ----- adding and dedupe ------------------------------------------------------------


def test_add_and_load_round_trip(store: SQLiteArchive) -> None:
    docs = fill(store)
    assert store.count() == 8
    assert store.check() == []
    loaded = store.load([3, 1])
    assert [d.path for d in loaded] == [
        "archive/2024 spring/s02.txt",
        "archive/2024 spring/s00.txt",
    ]
    d, orig = loaded[0], docs[2]
    assert d.archive_label == "2024 spring"
    assert d.abspath == Path("archive", "2024 spring", "s02.txt")
    assert d.text == orig.text and d.fingerprint == orig.fingerprint
    assert d.content_hash == orig.content_hash
    names = ("minhash", "shingle_seq", "usable", "unit_starts", "unit_ends", "shingles")
    for name in (*names, "bit_sums"):
        got, want = getattr(d, name), getattr(orig, name)
        assert got.dtype == want.dtype and np.array_equal(got, want), name
    assert d.terms == orig.terms and d.keywords == orig.keywords
    with pytest.raises(KeyError):
        store.load([99])


def test_one_codec_with_the_cache_and_archives_written_before_still_read() -> None:
    """Terms and keywords are the shared codec's bytes (as in the fingerprint cache);
    an archive written before this holds compressed JSON there, and still reads."""
    import zlib

    from simhash_core.archive import codec
    from simhash_core.fingerprint import codec as shared

    doc = make_doc(zh_essay(3), "s.txt")
    payload = codec.encode_payload(doc)
    assert zlib.decompress(payload["terms"]) == codec.PACKED + shared.pack_terms(doc.terms)
    assert zlib.decompress(payload["keywords"]) == codec.PACKED + shared.pack_keywords(doc.keywords)
    assert payload["usable"] == shared.pack_array("usable", doc.usable)
    legacy = dict(payload)
    legacy["terms"] = zlib.compress(json.dumps(doc.terms, ensure_ascii=False).encode())
    legacy["keywords"] = zlib.compress(json.dumps([list(k) for k in doc.keywords]).encode())
    for name in ("unit_starts", "unit_ends"):  # plain 4-byte offsets, as written before
        legacy[name] = shared.pack_array(name, getattr(doc, name))
        # the compact form: a tenth of the plain one or less
        assert len(payload[name]) * 8 < len(legacy[name])
    for blobs in (payload, legacy):
        fields = codec.decode_payload(blobs)
        assert fields["terms"] == doc.terms and fields["keywords"] == doc.keywords
        assert np.array_equal(fields["usable"], doc.usable)
        for name in ("unit_starts", "unit_ends"):
            assert np.array_equal(fields[name], getattr(doc, name))
            assert fields[name].dtype == np.int32
    with pytest.raises(ArchiveError, match="damaged"):
        codec.decode_payload({**payload, "terms": zlib.compress(codec.PACKED + b"\x05")})


def test_a_schema_1_archive_gains_the_meaning_index_when_opened(tmp_path: Path) -> None:
    """A file written before the meaning index (no ``meaning`` tables or column) opens,
    keeps its documents and answers, and files new documents with their terms."""
    import sqlite3

    path = tmp_path / "old.sqlite"
    with SQLiteArchive(path) as store:
        fill(store)
        before = store.find(make_doc(near_copy(5), "mine.txt"))
    db = sqlite3.connect(path)
    db.executescript(
        "DROP TABLE meaning; DROP TABLE meaning_df; ALTER TABLE documents DROP COLUMN meaning;"
        "UPDATE meta SET value = '1' WHERE key = 'schema_version';"
    )
    db.close()
    with SQLiteArchive(path) as store:
        assert store.check() == []
        assert store.find(make_doc(near_copy(5), "mine.txt")) == before
        english = " ".join(
            f"The old archive learns new words about {topic} and rivers today."
            for topic in ("glaciers", "deserts", "forests")
        )
        store.add(make_doc(english, "en.txt"), "2025")
        assert store.check() == []
        version = store._query("SELECT value FROM meta WHERE key = 'schema_version'")
        (terms,) = store._query("SELECT COUNT(*) FROM meaning")[0]
    assert version == [(str(SCHEMA_VERSION),)] and terms > 0  # raised to the current schema


def test_same_content_is_stored_once_and_keeps_every_label(store: SQLiteArchive) -> None:
    doc = make_doc(zh_essay(1), "a.txt")
    assert store.add(doc, "2024 spring").status == "added"
    assert store.add(doc, "2024 spring").status == "present"
    renamed = replace(doc, path="b.txt")
    assert store.add(renamed, "2025 autumn").status == "labelled"
    assert store.count() == 1
    assert [(x.label, x.documents) for x in store.labels()] == [
        ("2024 spring", 1),
        ("2025 autumn", 1),
    ]
    (loaded,) = store.load([1])
    assert loaded.archive_label == "2024 spring; 2025 autumn"
    assert loaded.path == "archive/2024 spring/a.txt"
    # the same content twice in one call is filed once
    again = store.add_many([doc, doc], "2026 spring")
    assert [a.status for a in again] == ["labelled", "present"]
    assert store.count() == 1


def test_remove_label_deletes_only_unlabelled_documents(store: SQLiteArchive) -> None:
    fill(store)
    shared = make_doc(zh_essay(3), "again.txt")  # same content as s03 of 2024 spring
    store.add_many([shared, make_doc(zh_essay(40), "x.txt")], "2025 autumn")
    assert store.count() == 9
    assert store.remove_label("2024 spring") == 8
    assert store.count() == 2
    assert [x.label for x in store.labels()] == ["2025 autumn"]
    assert store.check() == []
    assert store.remove_label("2025 autumn") == 2
    assert store.count() == 0 and store.check() == []
    db = sqlite3.connect(store.path)
    for table in ("documents", "payloads", "memberships", "simhash_blocks", "lsh_bands", "winnow"):
        assert db.execute(f"SELECT COUNT(*) FROM {table}").fetchone() == (0,), table
    db.close()


def test_check_sees_one_archive_while_a_colleague_removes_a_label(
    store: SQLiteArchive, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37, item 8 (the SQLite side): a label removed by another connection
    after the check read the documents and before it read their index rows is not
    half seen as missing rows."""
    fill(store)
    store.add_many(archived_class(4, first=20), "2025 autumn")
    removed = threading.Event()

    def colleague() -> None:
        with SQLiteArchive(store.path) as other:
            other.remove_label("2024 spring")
        removed.set()

    real = SQLiteArchive._check_meaning

    def meaning_then_removed(self: SQLiteArchive, docs: set[int]) -> list[str]:
        threading.Thread(target=colleague, daemon=True).start()
        assert removed.wait(timeout=60), "the colleague's removal did not finish"
        return real(self, docs)

    monkeypatch.setattr(SQLiteArchive, "_check_meaning", meaning_then_removed)
    assert store.check() == []  # the archive as it was when the check began
    monkeypatch.undo()
    assert store.count() == 4 and store.check() == []


def test_label_must_be_given(store: SQLiteArchive) -> None:
    with pytest.raises(ValueError, match="label"):
        store.add(make_doc(zh_essay(1), "a.txt"), "  ")


# ----- candidates -------------------------------------------------------------------


def test_exact_and_near_copies_are_candidates(store: SQLiteArchive) -> None:
    fill(store)
    (exact,) = store.find(make_doc(zh_essay(2), "mine.txt"))
    assert exact.doc_id == 3 and exact.distance == 0 and exact.jaccard == 1.0
    assert exact.sources == ("simhash", "minhash", "winnow")
    (near,) = store.find(make_doc(near_copy(5), "mine.txt"))
    assert near.doc_id == 6 and "minhash" in near.sources and "winnow" in near.sources
    assert store.candidates(make_doc(zh_essay(999), "honest.txt")) == []


def test_partial_copy_is_found_by_winnowing(store: SQLiteArchive) -> None:
    """A 30% lifted passage is missed by SimHash and MinHash LSH, found by winnowing."""
    fill(store)
    doc = make_doc(partial_copy(4), "partial.txt")
    (cand,) = store.find(doc)
    assert cand.doc_id == 5
    assert cand.sources == ("winnow",)
    assert cand.shared >= 10


def test_lookups_use_indexes_never_a_scan(store: SQLiteArchive) -> None:
    fill(store)
    statements: list[str] = []
    store._db.set_trace_callback(statements.append)
    store.find(make_doc(partial_copy(4), "partial.txt"))
    store._db.set_trace_callback(None)
    lookups = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(lookups) >= 3
    for sql in lookups:
        plan = " | ".join(r[3] for r in store._db.execute("EXPLAIN QUERY PLAN " + sql))
        assert "SCAN" not in plan.replace("SCAN CONSTANT ROW", ""), (sql[:80], plan)


def test_k_beyond_the_index_is_refused(store: SQLiteArchive) -> None:
    fill(store)
    with pytest.raises(ValueError, match="k must be between 0 and 3"):
        store.candidates(make_doc(zh_essay(1), "a.txt"), k=4)


def test_other_settings_are_reanalysed(store: SQLiteArchive) -> None:
    """Queries with another analysis (ngram 4) recompute from the stored text."""
    fill(store)
    settings = ScanSettings(ngram=4)
    doc = make_doc(near_copy(1), "mine.txt", settings)
    assert store.candidates(doc, settings=settings) == [2]
    (loaded,) = store.load([2], settings=settings)
    assert len(loaded.shingle_seq) == loaded.unit_count - 3
    assert loaded.archive_label == "2024 spring"


def test_documents_analysed_otherwise_are_filed_in_the_archive_space(tmp_path: Path) -> None:
    with SQLiteArchive(tmp_path / "a.sqlite") as store:
        settings = ScanSettings(ngram=4, idf="corpus")
        store.add(make_doc(zh_essay(1), "a.txt", settings), "x", settings)
        (loaded,) = store.load([1])
        plain = make_doc(zh_essay(1), "a.txt")
        assert loaded.fingerprint == plain.fingerprint
        assert np.array_equal(loaded.bit_sums, plain.bit_sums)
        assert store.candidates(make_doc(zh_essay(1), "b.txt")) == [1]


def test_an_archive_keeps_its_own_settings(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite"
    with open_archive(path, ScanSettings(ngram=4)) as store:
        assert store.config.ngram == 4
    with open_archive(path, ScanSettings(ngram=6)) as store:
        assert store.config.ngram == 4


# ----- comparing a class with the archive -------------------------------------------


def test_the_archive_stage_reports_its_search_then_its_comparison_in_one_unit(
    store: SQLiteArchive,
) -> None:
    """The archive stage is the search for archived candidates, then the comparison
    with them: both told as shares of the stage in thousandths, never the comparison's
    thousandths as if they were the search's files ("500 / 1000 files" for 7)."""
    from simhash_core.archive import query
    from simhash_core.progress import Job, Progress, Stage

    fill(store)
    new = [make_doc(zh_essay(100 + i), f"n{i}.txt") for i in range(5)]
    new += [make_doc(near_copy(2), "copy.txt"), make_doc(partial_copy(4), "partial.txt")]
    seen: list[tuple[Stage, int, int]] = []
    progress = Progress(lambda r: seen.append((r.stage, r.done, r.total)) or True)
    compare_with_archive(new_result(new), store, ScanSettings(), progress=progress)
    assert {stage for stage, _, _ in seen} == {Stage.ARCHIVE}
    assert {total for _, _, total in seen} == {Job.SCALE}
    done = [d for _, d, _ in seen]
    assert done == sorted(done) and done[-1] == Job.SCALE
    searched = int(query.SEARCH_SHARE * Job.SCALE)
    assert any(d < searched for d in done) and any(searched < d < Job.SCALE for d in done)


def test_scan_against_archive_finds_copies(store: SQLiteArchive) -> None:
    fill(store)
    new = [make_doc(zh_essay(100 + i), f"n{i}.txt") for i in range(5)]
    new += [make_doc(near_copy(2), "copy.txt"), make_doc(partial_copy(4), "partial.txt")]
    result = compare_with_archive(new_result(new), store, ScanSettings())
    assert [d.path for d in result.documents[:7]] == [d.path for d in new]
    archived = result.documents[7:]
    assert {d.path for d in archived} == {
        "archive/2024 spring/s02.txt",
        "archive/2024 spring/s04.txt",
    }
    assert all(d.archive_label == "2024 spring" for d in archived)
    flagged = {
        (result.documents[p.a].path, result.documents[p.b].path): p
        for p in result.pairs
        if p.flagged
    }
    assert set(flagged) == {
        ("copy.txt", "archive/2024 spring/s02.txt"),
        ("partial.txt", "archive/2024 spring/s04.txt"),
    }
    assert flagged["copy.txt", "archive/2024 spring/s02.txt"].similarity > 0.8
    assert 0.2 < flagged["partial.txt", "archive/2024 spring/s04.txt"].similarity < 0.5
    for c in result.clusters:
        assert result.documents[c.likely_source].archive_label == "2024 spring"
        assert c.source_reason == Message.of("source.archived", label="2024 spring")
    n = len(result.documents)
    assert result.matrix.similarity.shape == (n, n)
    # passages are available for archived pairs: the archived text was kept
    p = flagged["partial.txt", "archive/2024 spring/s04.txt"]
    assert result.corpus.passages(p.a, p.b)


def test_archived_documents_are_never_paired_with_each_other(store: SQLiteArchive) -> None:
    """Three archived variants of one essay, all candidates of a new copy: each is
    paired with the copy, never with one another."""
    variants = [make_doc(near_copy(1), "v1.txt"), make_doc(zh_essay(1), "v0.txt")]
    variants.append(make_doc(zh_essay(1) + lines(77, 2)[0], "v2.txt"))
    store.add_many(variants, "2023 autumn")
    new = [
        make_doc(zh_essay(1), "copy.txt"),
        *(make_doc(zh_essay(200 + i), f"n{i}.txt") for i in range(3)),
    ]
    result = compare_with_archive(new_result(new), store, ScanSettings())
    n_new = len(new)
    assert len(result.documents) == n_new + 3
    assert {(p.a, p.b) for p in result.pairs if p.b >= n_new} == {(0, 4), (0, 5), (0, 6)}
    assert all(p.a < n_new for p in result.pairs)
    block = result.matrix.similarity[n_new:, n_new:]
    assert np.array_equal(block, np.eye(3, dtype=np.float32))
    assert not result.matrix.flagged[n_new:, n_new:].any()
    (group,) = result.clusters
    assert set(group.members) == {0, 4, 5, 6}
    identical = [p for p in result.pairs if result.documents[p.b].path.endswith("v0.txt")]
    assert Message.of("pair.identical", label="2023 autumn") in identical[0].reasons


def test_common_text_comes_from_the_new_class_only(store: SQLiteArchive) -> None:
    """The assignment prompt shared by the whole new class (and by last year's class)
    is common text: it neither makes pairs nor crowds out the real source."""
    prompt = "\n".join(lines(31337, 8)) + "\n"
    old = [make_doc(prompt + zh_essay(i), f"s{i:02d}.txt") for i in range(60)]
    store.add_many(old, "2024 spring", batch_size=20)
    new = [make_doc(prompt + zh_essay(500 + i), f"n{i}.txt") for i in range(6)]
    new.append(make_doc(prompt + partial_copy(45), "partial.txt"))
    result = compare_with_archive(new_result(new), store, ScanSettings())
    assert [d.path for d in result.documents[len(new) :]] == ["archive/2024 spring/s45.txt"]
    flagged = [p for p in result.pairs if p.flagged]
    assert [(result.documents[p.a].path, result.documents[p.b].path) for p in flagged] == [
        ("partial.txt", "archive/2024 spring/s45.txt")
    ]


def test_new_pairs_are_kept_as_scanned(store: SQLiteArchive) -> None:
    fill(store)
    new = [make_doc(zh_essay(300), "a.txt"), make_doc(near_copy(300), "b.txt")]
    new += [make_doc(zh_essay(301 + i), f"c{i}.txt") for i in range(3)]
    before = new_result(new)
    after = compare_with_archive(before, store, ScanSettings())
    assert len(after.documents) == len(new)
    assert pair_table(after) == pair_table(before)
    assert np.array_equal(after.matrix.similarity, before.matrix.similarity)


def test_corpus_idf_scans_compare_with_the_archive(store: SQLiteArchive) -> None:
    fill(store)
    settings = ScanSettings(idf="corpus")
    new = [make_doc(zh_essay(2), "copy.txt"), make_doc(zh_essay(400), "x.txt")]
    new = reweight_with_corpus_idf(new)  # what the scan does with idf="corpus"
    assert new[0].fingerprint != make_doc(zh_essay(2), "copy.txt").fingerprint
    result = compare_with_archive(new_result(new, settings), store, settings)
    assert [d.path for d in result.documents[2:]] == ["archive/2024 spring/s02.txt"]
    (p,) = [p for p in result.pairs if p.flagged]
    assert p.simhash_distance == 0
    archived = result.documents[2]
    assert archived.fingerprint == fingerprint_from_sums(archived.bit_sums)
    assert np.array_equal(archived.bit_sums, new[0].bit_sums)


def test_a_result_with_archived_documents_is_refused(store: SQLiteArchive) -> None:
    fill(store)
    result = compare_with_archive(new_result([make_doc(zh_essay(2), "c.txt")]), store)
    with pytest.raises(ValueError, match="already"):
        compare_with_archive(result, store)


def test_an_archive_from_another_analysis_is_refused_clearly(tmp_path: Path) -> None:
    """If tokenizing or MinHash changed since the archive was built, lookups and adds
    fail with a clear error; listing and removal still work."""
    path = tmp_path / "a.sqlite"
    with SQLiteArchive(path) as store:
        fill(store)
    db = sqlite3.connect(path)
    raw = json.loads(db.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()[0])
    raw["canary"] = "0123456789abcdef"
    db.execute("UPDATE meta SET value = ? WHERE key = 'config'", (json.dumps(raw),))
    db.commit()
    db.close()
    with SQLiteArchive(path) as store:
        with pytest.raises(ArchiveError, match="analyses text differently"):
            store.candidates(make_doc(zh_essay(1), "a.txt"))
        with pytest.raises(ArchiveError, match="analyses text differently"):
            store.add(make_doc(zh_essay(1), "a.txt"), "x")
        assert store.labels()[0].documents == 8
        assert store.remove_label("2024 spring") == 8


def test_a_schema_2_file_is_raised_to_schema_3_and_reads_both_forms(tmp_path: Path) -> None:
    """Schema 3 stores signatures 4 bytes a value and unit offsets compressed; a schema 2
    file (8-byte signatures, plain offsets) still reads, and is numbered 3 when opened,
    so that an older plagcheck refuses it instead of misreading the new values."""
    from simhash_core.archive import codec
    from simhash_core.fingerprint import codec as shared

    path = tmp_path / "old.sqlite"
    with SQLiteArchive(path) as store:
        fill(store)
        want = store.find(make_doc(zh_essay(2), "q.txt"))
    db = sqlite3.connect(path)
    for doc_id, sig in db.execute("SELECT id, minhash FROM documents").fetchall():
        wide = codec.signature_from(sig, 128).astype("<u8").tobytes()  # as schema 2 did
        db.execute("UPDATE documents SET minhash = ? WHERE id = ?", (wide, doc_id))
    for doc_id, starts, ends in db.execute(
        "SELECT doc, unit_starts, unit_ends FROM payloads"
    ).fetchall():
        plain = [
            shared.pack_array(name, shared.unpack_offsets(name, blob))
            for name, blob in (("unit_starts", starts), ("unit_ends", ends))
        ]
        db.execute(
            "UPDATE payloads SET unit_starts = ?, unit_ends = ? WHERE doc = ?", (*plain, doc_id)
        )
    db.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    db.commit()
    db.close()
    with SQLiteArchive(path) as store:
        assert store.find(make_doc(zh_essay(2), "q.txt")) == want
        (loaded,) = store.load([want[0].doc_id])
        assert loaded.text == zh_essay(2) and len(loaded.unit_starts) == len(loaded.unit_ends)
        assert store.check() == []
    version = (
        sqlite3.connect(path)
        .execute("SELECT value FROM meta WHERE key = 'schema_version'")
        .fetchone()[0]
    )
    assert int(version) == SCHEMA_VERSION


def test_archived_documents_keep_their_sentences_and_a_schema_3_file_makes_them(
    tmp_path: Path,
) -> None:
    """Schema 4 keeps each document's sentences with it, so a check against the archive
    never segments archived texts again; a schema 3 file (no such column) opens, its
    documents' sentences are made from their text when compared (the same sentences,
    the same pairs), and it is raised to the current schema."""
    from simhash_core.fingerprint.analyze import document_sentences
    from simhash_core.fingerprint.codec import pack_sentences

    path = tmp_path / "a.sqlite"
    docs = archived_class(4)
    copy = make_doc(near_copy(1), "mine.txt")
    with SQLiteArchive(path) as store:
        store.add_many(docs, "2024")
        (hit, *_) = store.find(make_doc(zh_essay(1), "q.txt"))
        (loaded,) = store.load([hit.doc_id])
        stored_pairs = pair_table(compare_with_archive(new_result([copy, docs[3]]), store))
    assert loaded.sentences is not None and loaded.sentences.count > 10
    assert pack_sentences(loaded.sentences) == pack_sentences(docs[1].sentences)
    db = sqlite3.connect(path)
    db.executescript(
        "ALTER TABLE payloads DROP COLUMN sentences;"
        "UPDATE meta SET value = '3' WHERE key = 'schema_version';"
    )
    db.close()
    with SQLiteArchive(path) as store:
        (old,) = store.load([hit.doc_id])
        made_pairs = pair_table(compare_with_archive(new_result([copy, docs[3]]), store))
        assert store.check() == []
    assert old.sentences is None and old.text == loaded.text
    made = document_sentences(old, ScanSettings())
    assert pack_sentences(made) == pack_sentences(docs[1].sentences)
    assert made_pairs == stored_pairs and any(p[5] for p in made_pairs)
    db = sqlite3.connect(path)
    (version,) = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    columns = {r[1] for r in db.execute("PRAGMA table_info(payloads)")}
    assert int(version) == SCHEMA_VERSION and "sentences" in columns
