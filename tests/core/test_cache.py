"""The fingerprint cache: same results, and only what a setting changes is recomputed."""

import os
import sqlite3
import sys
from dataclasses import replace

import numpy as np
import pytest

from simhash_core.compare.corpus import Corpus
from simhash_core.messages import Message
from simhash_core.scan import scan
from simhash_core.store.cache import AnalysisCache
from simhash_core.types import ScanSettings
from tests.core.textgen import zh_essay


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "class"
    d.mkdir()
    for i in range(4):
        (d / f"s{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    (d / "copy.txt").write_text(zh_essay(1), encoding="utf-8")
    return d


def summary(result):
    return [
        (result.documents[p.a].path, result.documents[p.b].path, p.similarity, p.flagged)
        for p in result.pairs
    ], [(d.path, d.fingerprint, d.minhash.tobytes()) for d in result.documents]


def test_warm_scan_equals_cold_and_reads_nothing(folder, tmp_path, count_extractions):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    cold = scan([folder], isolate=False, cache=cache)
    # five files, four contents: copy.txt is byte for byte s1.txt, read once
    assert len(count_extractions) == 4
    assert len(cold.documents) == 5
    warm = scan([folder], isolate=False, cache=cache)
    assert len(count_extractions) == 4, "nothing re-extracted"
    assert summary(warm) == summary(cold)
    for a, b in zip(cold.documents, warm.documents, strict=True):
        assert np.array_equal(a.shingle_seq, b.shingle_seq)
        assert np.array_equal(a.usable, b.usable)
        assert a.keywords == b.keywords and a.text == b.text
    # term counts are only decoded when corpus IDF needs them
    corpus = ScanSettings(idf="corpus")
    cold = scan([folder], settings=corpus, isolate=False, cache=cache)
    warm = scan([folder], settings=corpus, isolate=False, cache=cache)
    assert [d.terms for d in warm.documents] == [d.terms for d in cold.documents]
    assert all(d.terms for d in warm.documents)
    assert summary(warm) == summary(cold)


def test_isolated_workers_store_their_own_results(folder, tmp_path):
    """With worker processes, each worker writes what it computed into the cache (the
    parent writes nothing); the next scan is answered from it without running a task."""
    from tests.core import pool_tasks

    path = tmp_path / "c.sqlite"
    cache = AnalysisCache(path)
    cold = scan([folder], cache=cache)
    cache.close()
    with sqlite3.connect(path) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        analyses = next(t for t in tables if t.startswith("analyses_v"))
        assert db.execute(f"SELECT count(*) FROM {analyses}").fetchone()[0] == 4  # a copy
    cache = AnalysisCache(path)
    warm = scan([folder], cache=cache, task=pool_tasks.crash)  # any task run would crash
    assert not warm.errors
    assert summary(warm) == summary(cold)


@pytest.mark.parametrize("isolate", [True, False])
def test_term_counts_reach_documents_only_for_corpus_idf(folder, tmp_path, isolate):
    """Term counts are the largest part of a worker's result to unpickle, so documents
    carry them only when corpus IDF needs them; the cache keeps them either way, so a
    later corpus-IDF scan from that cache gets the same counts as a fresh one."""
    cache = AnalysisCache(tmp_path / "c.sqlite")
    jieba_idf = scan([folder], isolate=isolate, cache=cache)
    assert all(d.terms == {} for d in jieba_idf.documents)
    assert summary(jieba_idf) == summary(scan([folder], isolate=isolate))  # no cache
    corpus = ScanSettings(idf="corpus")
    from_cache = scan([folder], settings=corpus, isolate=isolate, cache=cache)
    fresh = scan([folder], settings=corpus, isolate=isolate)
    assert all(d.terms for d in fresh.documents)
    assert [d.terms for d in from_cache.documents] == [d.terms for d in fresh.documents]
    assert summary(from_cache) == summary(fresh)


def _same_analysis(a, b) -> bool:
    arrays = ("unit_starts", "unit_ends", "shingle_seq", "usable", "minhash", "bit_sums")
    return all(np.array_equal(getattr(a, n), getattr(b, n)) for n in arrays) and (
        (a.text, a.kind, a.terms, a.keywords, a.fingerprint, a.warnings)
        == (b.text, b.kind, b.terms, b.keywords, b.fingerprint, b.warnings)
    )


def test_texts_and_words_with_lone_surrogates_are_cached(tmp_path):
    """Lone surrogates, which SQLite text can't hold: the readers drop them, but any str
    can be analysed, and storing such an analysis raised UnicodeEncodeError before."""
    from simhash_core.fingerprint.analyze import analyze_text
    from simhash_core.store.cache import CacheWriter

    text = "".join(f"第{i}段讲到\ud800乙方\udfff的义务和责任。" for i in range(40))
    a = analyze_text(text, ScanSettings())
    a = replace(
        a,
        content_hash="d1",
        warnings=(Message.of("warn.rtf-part", part="w\udcff"),),
        terms={"乙\ud800": 3, **a.terms},  # normalization drops them; the cache need not
        keywords=(("乙\ud800", 1.5), *a.keywords),
    )
    cache = AnalysisCache(tmp_path / "c.sqlite")
    cache.put("k", a)
    assert _same_analysis(cache.get_analysis("d1", "k"), a)
    assert cache.get_text("d1").text == text
    b = replace(a, content_hash="d2")
    assert CacheWriter(tmp_path / "c.sqlite").put("k", b)
    assert _same_analysis(cache.get_analysis("d2", "k"), b)
    without = cache.get_analysis("d2", "k", with_terms=False)
    assert without.terms == {} and _same_analysis(replace(without, terms=a.terms), b)


def test_tables_of_older_cache_versions_are_dropped(tmp_path):
    path = tmp_path / "c.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE analyses_v1 (digest TEXT, key TEXT, header TEXT)")
        db.execute("INSERT INTO analyses_v1 VALUES ('d', 'k', '{}')")
    AnalysisCache(path).close()
    with sqlite3.connect(path) as db:
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "analyses_v1" not in names and any(n.startswith("analyses_v") for n in names)


def test_a_newer_versions_tables_are_left_alone(tmp_path, folder):
    """Issue 37, item 6: a newer plagcheck sharing the cache keeps its texts and
    analyses when this (older) version opens the cache and scans."""
    from simhash_core.store.cache import CACHE_VERSION, EXTRACT_VERSION

    path = tmp_path / "c.sqlite"
    newer = {
        f"analyses_v{CACHE_VERSION + 1}": "INSERT INTO {} VALUES ('d', 'k', 'read by OCR')",
        f"texts_v{EXTRACT_VERSION + 1}": "INSERT INTO {} VALUES ('d', 'k', 'read by OCR')",
        "texts_by_page": "INSERT INTO {} VALUES ('d', 'k', 'read by OCR')",
    }
    with sqlite3.connect(path) as db:
        for name, insert in newer.items():
            db.execute(f"CREATE TABLE {name} (digest TEXT, key TEXT, text TEXT)")
            db.execute(insert.format(name))
    cache = AnalysisCache(path)
    scanned = scan([folder], isolate=False, cache=cache)
    cache.close()
    AnalysisCache(path).close()  # opened again: still there
    assert len(scanned.documents) == 5
    with sqlite3.connect(path) as db:
        for name in newer:
            assert db.execute(f"SELECT text FROM {name}").fetchall() == [("read by OCR",)]


@pytest.mark.parametrize(("days_ago", "kept"), [(0.1, True), (61, False)])
def test_an_older_versions_tables_are_kept_while_it_still_uses_them(tmp_path, days_ago, kept):
    """The other way round: an older plagcheck that still opens the shared cache keeps
    its tables; one not seen for two months has them dropped."""
    import time

    from simhash_core.store.cache import CACHE_VERSION, EXTRACT_VERSION

    path = tmp_path / "c.sqlite"
    older = [f"analyses_v{CACHE_VERSION - 1}", f"texts_v{EXTRACT_VERSION - 1}"]
    AnalysisCache(path).close()
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE IF NOT EXISTS table_users (name TEXT PRIMARY KEY, used REAL)")
        for name in older:  # what the older version made and noted it used
            db.execute(f"CREATE TABLE {name} (digest TEXT, text TEXT)")
            db.execute(f"INSERT INTO {name} VALUES ('d', 'read by OCR')")
            used = time.time() - days_ago * 86400
            db.execute("INSERT OR REPLACE INTO table_users VALUES (?, ?)", (name, used))
    AnalysisCache(path).close()
    with sqlite3.connect(path) as db:
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert (set(older) <= names) is kept
        assert (set(older) & names) == (set(older) if kept else set())
        if kept:
            for name in older:
                assert db.execute(f"SELECT text FROM {name}").fetchall() == [("read by OCR",)]


def test_a_damaged_cached_analysis_is_a_miss(tmp_path, folder):
    path = tmp_path / "c.sqlite"
    cache = AnalysisCache(path)
    cold = scan([folder], isolate=False, cache=cache)
    with sqlite3.connect(path) as db:
        table = next(
            r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE name LIKE 'analyses_v%'")
        )
        db.execute(f"UPDATE {table} SET arrays = substr(arrays, 1, 40)")  # truncated
    again = scan([folder], isolate=False, cache=cache)
    assert summary(again) == summary(cold)


def test_a_worker_never_creates_or_replaces_the_cache_file(tmp_path):
    from simhash_core.store.cache import CacheWriter

    with pytest.raises(sqlite3.Error):
        CacheWriter(tmp_path / "missing.sqlite")
    assert not (tmp_path / "missing.sqlite").exists()


def test_settings_change_recomputes_only_what_depends_on_it(folder, tmp_path, count_extractions):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    base = ScanSettings()
    scan([folder], settings=base, isolate=False, cache=cache)
    n = len(count_extractions)
    # a threshold changes no analysis
    scan([folder], settings=replace(base, flag_similarity=0.5), isolate=False, cache=cache)
    # a new n-gram size re-analyses from the cached text: no extraction either
    other = scan([folder], settings=replace(base, ngram=7), isolate=False, cache=cache)
    assert len(count_extractions) == n
    fresh = scan([folder], settings=replace(base, ngram=7), isolate=False)
    assert summary(other) == summary(fresh)


def test_changed_file_is_reanalysed(folder, tmp_path, count_extractions):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    scan([folder], isolate=False, cache=cache)
    (folder / "s0.txt").write_text(zh_essay(99), encoding="utf-8")
    n = len(count_extractions)
    scan([folder], isolate=False, cache=cache)
    assert len(count_extractions) == n + 1


def test_damaged_cache_file_is_replaced(tmp_path, folder):
    path = tmp_path / "c.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    cache = AnalysisCache(path)
    assert scan([folder], isolate=False, cache=cache).documents


@pytest.fixture
def count_alignments(monkeypatch):
    calls = []
    real = Corpus.matches

    def counting(self, i, j):
        calls.append((i, j))
        return real(self, i, j)

    monkeypatch.setattr(Corpus, "matches", counting)
    return calls


def full_summary(result):
    pairs, docs = summary(result)
    reasons = [(p.reasons, p.passages, p.matched_chars, p.containment_a) for p in result.pairs]
    matrix = [getattr(result.matrix, name).tobytes() for name in ("similarity", "containment")]
    return pairs, docs, reasons, matrix, result.clusters


def test_rescan_is_judged_from_the_comparison_memo(folder, tmp_path, count_alignments):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    base = ScanSettings()
    cold = scan([folder], settings=base, isolate=False, cache=cache)
    assert count_alignments, "the copied pair was aligned"
    assert any(p.flagged for p in cold.pairs)
    count_alignments.clear()

    warm = scan([folder], settings=base, isolate=False, cache=cache)
    assert count_alignments == [], "an unchanged folder aligns nothing"
    assert full_summary(warm) == full_summary(cold)

    # thresholds re-judge the stored measures: same answer as a scan without any cache
    for changed in (replace(base, flag_similarity=0.9), replace(base, simhash_k=12)):
        count_alignments.clear()
        judged = scan([folder], settings=changed, isolate=False, cache=cache)
        fresh = scan([folder], settings=changed, isolate=False)
        assert full_summary(judged) == full_summary(fresh)


def test_memo_follows_the_files(folder, tmp_path, count_alignments):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    scan([folder], isolate=False, cache=cache)
    (folder / "s2.txt").write_text(zh_essay(1), encoding="utf-8")  # a second copy
    count_alignments.clear()
    changed = scan([folder], isolate=False, cache=cache)
    assert count_alignments, "a changed folder is compared again"
    assert full_summary(changed) == full_summary(scan([folder], isolate=False))
    assert sum(p.flagged for p in changed.pairs) == 3  # s1, s2 and copy: three pairs


def test_damaged_memo_is_ignored(folder, tmp_path):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    cold = scan([folder], isolate=False, cache=cache)
    with sqlite3.connect(tmp_path / "c.sqlite") as db:
        # the memo and the verdict (the judged comparison) both damaged
        assert db.execute("UPDATE comparisons SET data = x'00ff00ff'").rowcount == 2
    warm = scan([folder], isolate=False, cache=cache)
    assert full_summary(warm) == full_summary(cold)


def test_template_inside_the_folder_is_not_a_submission(folder, tmp_path):
    template = folder / "assignment.txt"
    template.write_text(zh_essay(77), encoding="utf-8")
    (tmp_path / "link").symlink_to(folder)  # the template named by another path
    result = scan([folder], [tmp_path / "link" / "assignment.txt"], isolate=False)
    assert "assignment.txt" not in [d.path for d in result.documents]
    assert len(result.documents) == 5


def test_file_rewritten_with_the_same_size_and_date_is_read_again(folder, tmp_path):
    cache = AnalysisCache(tmp_path / "c.sqlite")
    path = folder / "s0.txt"
    before = scan([folder], isolate=False, cache=cache)
    st = path.stat()
    text = path.read_text(encoding="utf-8")
    path.write_text(text[::-1], encoding="utf-8")  # same bytes, other order
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the old modification time
    assert path.stat().st_size == st.st_size
    after = scan([folder], isolate=False, cache=cache)
    fp = {d.path: d.fingerprint for d in before.documents}
    assert {d.path: d.text for d in after.documents}["s0.txt"] == text[::-1]
    assert {d.path: d.fingerprint for d in after.documents}["s1.txt"] == fp["s1.txt"]


# ---- a damaged or unusable cache never costs a scan ------------------------------------

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _cli_scan(folder, out, capsys) -> tuple[int, str, list[str]]:
    from simhash_core.cli.main import main

    code = main(["scan", str(folder), "--csv", str(out), "-q", "--workers", "1"])
    printed = capsys.readouterr()
    rows = sorted(out.read_text(encoding="utf-8-sig").splitlines()) if out.exists() else []
    return code, printed.out + printed.err, rows


def _damage_pages(path, first_page: int, pages: int | None = None) -> None:
    """Overwrite whole pages from ``first_page`` (1-based) with garbage; page 1 (the
    header and the schema) stays intact."""
    with sqlite3.connect(path) as db:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    end = len(data) if pages is None else (first_page - 1 + pages) * page_size
    rng = np.random.default_rng(3)
    start = (first_page - 1) * page_size
    data[start:end] = rng.integers(0, 256, end - start, dtype=np.uint8).tobytes()
    path.write_bytes(bytes(data))


def test_a_damaged_table_page_is_moved_aside(folder, tmp_path, monkeypatch, capsys):
    cache_dir = tmp_path / "cache"
    monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(cache_dir))
    clean = _cli_scan(folder, tmp_path / "clean.csv", capsys)
    assert clean[0] == 0
    cache_file = cache_dir / "analyses.sqlite"
    _damage_pages(cache_file, first_page=2)
    with sqlite3.connect(cache_file) as db:  # the header still opens: the damage is deeper
        assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
    code, printed, rows = _cli_scan(folder, tmp_path / "after.csv", capsys)
    assert code == 0, printed
    assert "the fingerprint cache was damaged" in printed and "Traceback" not in printed
    assert printed.count("was damaged") == 1  # said once
    assert rows == clean[2]
    aside = [p.name for p in cache_dir.iterdir() if ".corrupt-" in p.name]
    (main_file,) = [name for name in aside if not name.endswith(("-wal", "-shm"))]
    assert main_file.startswith("analyses.sqlite.corrupt-")
    code, printed, rows = _cli_scan(folder, tmp_path / "again.csv", capsys)
    assert code == 0 and "cache was damaged" not in printed and rows == clean[2]


def test_a_damaged_comparison_memo_is_moved_aside(folder, tmp_path):
    path = tmp_path / "cache.sqlite"
    cache = AnalysisCache(path)
    first = scan([folder], cache=cache, isolate=False)
    cache.close()
    with sqlite3.connect(path) as db:
        (root,) = db.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'comparisons'"
        ).fetchone()
    _damage_pages(path, first_page=root, pages=1)
    cache = AnalysisCache(path)
    try:
        again = scan([folder], cache=cache, isolate=False)  # failed after reading every file
    finally:
        cache.close()
    assert [(p.a, p.b, p.similarity) for p in again.pairs] == [
        (p.a, p.b, p.similarity) for p in first.pairs
    ]
    assert [n.code for n in again.notices] == ["notice.cache-replaced"]


@pytest.mark.parametrize("where", ["home-is-a-file", "read-only-folder", "read-only-file"])
def test_an_unwritable_cache_scans_without_it(folder, tmp_path, monkeypatch, capsys, where):
    import subprocess

    mounted = None
    if where == "home-is-a-file":
        monkeypatch.delenv("PLAGCHECK_CACHE_DIR")
        monkeypatch.setenv("HOME", "/etc/passwd")
        monkeypatch.setenv("XDG_CACHE_HOME", "/etc/passwd/.cache")
    else:
        cache_dir = tmp_path / "cache"
        cache_dir.mkdir()
        if where == "read-only-file":
            AnalysisCache(cache_dir / "analyses.sqlite").close()
            for leftover in cache_dir.glob("analyses.sqlite-*"):
                leftover.unlink()
        monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(cache_dir))
        if IS_ROOT:  # root writes through permission bits: remount read-only instead
            ro = subprocess.run(
                ["mount", "--bind", "-o", "ro", str(cache_dir), str(cache_dir)], check=False
            )
            if ro.returncode:
                pytest.skip("cannot make a read-only folder here as root")
            subprocess.run(["mount", "-o", "remount,bind,ro", str(cache_dir)], check=False)
            mounted = cache_dir
        else:
            for p in cache_dir.iterdir():
                p.chmod(0o444)
            cache_dir.chmod(0o555)
    try:
        code, printed, rows = _cli_scan(folder, tmp_path / "out.csv", capsys)
    finally:
        if mounted is not None:  # fails if the scan left the cache file open
            assert subprocess.run(["umount", str(mounted)], check=False).returncode == 0
    assert code == 0, printed
    assert "Traceback" not in printed
    assert rows and any("copy.txt" in r for r in rows)
    assert "the fingerprint cache is not used (every file is read)" in printed


def test_unreadable_file_is_not_read_again_while_unchanged(folder, tmp_path):
    """A file whose bytes can't be read (not a text file) is remembered with its reason:
    the next scan says the same without a worker reading it; a time limit (which may
    pass next time) is not remembered."""
    from tests.core import pool_tasks

    (folder / "photo.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 20)
    cache = AnalysisCache(tmp_path / "c.sqlite")
    cold = scan([folder], cache=cache)
    assert [(e.path, e.code) for e in cold.errors] == [("photo.txt", "binary")]
    warm = scan([folder], cache=cache, task=pool_tasks.crash)  # any task run would crash
    assert [(e.path, e.code, e.reason) for e in warm.errors] == [
        (e.path, e.code, e.reason) for e in cold.errors
    ]
    assert summary(warm) == summary(cold)
    # remembered under how it was read: another suffix or OCR off is another read
    from simhash_core.fingerprint.analyze import file_digest

    digest = file_digest(folder / "photo.txt")
    assert cache.get_failure(digest, ".txt") == (cold.errors[0].code, cold.errors[0].reason)
    assert cache.get_failure(digest, ".png") is None
    assert cache.get_failure(digest, ".txt no-ocr") is None
    cache.put_failure("d", ".txt", "timeout", Message.of("task.timeout", seconds=60))
    assert cache.get_failure("d", ".txt") is None


def test_cached_rows_are_compact_and_read_back_whole(folder, tmp_path):
    """The shingles are stored as their units (distinct hashes and indices) and the text
    compressed: the row is smaller than the arrays it stands for, and the analysis read
    back is the one stored, shingle for shingle."""
    from simhash_core.fingerprint.analyze import analyze_file
    from simhash_core.store.cache import _TEXTS
    from simhash_core.store.codec import encode_analysis

    path = folder / "s0.txt"
    a = replace(analyze_file(path, ScanSettings()), content_hash="h0")
    as_hashes = encode_analysis(replace(a, unit_hashes=None))  # the shingles as they are
    assert len(encode_analysis(a).arrays) < len(as_hashes.arrays)
    cache = AnalysisCache(tmp_path / "c.sqlite")
    cache.put("k", a)
    back = cache.get_analysis("h0", "k")
    assert back is not None and _same_analysis(a, back)
    # an analysis without its units' hashes (made elsewhere) keeps its shingles as they are
    other = replace(a, unit_hashes=None, content_hash="h1")
    cache.put("k", other)
    again = cache.get_analysis("h1", "k")
    assert again is not None and _same_analysis(other, again)
    with sqlite3.connect(tmp_path / "c.sqlite") as db:
        (stored,) = db.execute(f"SELECT text FROM {_TEXTS} WHERE digest = 'h0'").fetchone()
    assert len(stored) < len(a.text.encode("utf-8"))


def test_workers_are_prepared_early_only_when_a_file_is_to_be_read(folder, tmp_path, monkeypatch):
    """The workers' server starts while the scan hashes and plans (#43): at once for a
    scan without a cache, at the first file the cache lacks for one with it; a scan
    answered wholly from the cache starts none."""
    import simhash_core.scan as scan_module

    started = []
    monkeypatch.setattr(scan_module, "_prepare_workers_soon", lambda: started.append(1))
    scan([folder])  # no cache: started before anything is found
    assert started == [1]
    cache = AnalysisCache(tmp_path / "c.sqlite")
    scan([folder], cache=cache)  # cold: at the first miss, once
    assert started == [1, 1]
    scan([folder], cache=cache)  # warm: nothing to read, no server
    assert started == [1, 1]
    scan([folder], cache=cache, isolate=False)  # read here: no server either
    assert started == [1, 1]


def test_the_comparison_loads_while_files_are_read(folder, tmp_path, monkeypatch):
    """What the comparison needs first (scipy, the tagger) is loaded in a thread once a
    file is to be read and a comparison follows; never for a scan answered from the
    cache, nor for reading alone."""
    import simhash_core.scan as scan_module
    from simhash_core.compare import warm

    loads = []
    monkeypatch.setattr(scan_module, "load_comparison_soon", lambda: loads.append(1))
    scan([folder], isolate=False)  # no cache: at once
    assert loads == [1]
    cache = AnalysisCache(tmp_path / "c.sqlite")
    scan([folder], cache=cache, isolate=False, compare=False)  # reading alone: no
    assert loads == [1]
    other = AnalysisCache(tmp_path / "d.sqlite")
    scan([folder], cache=other, isolate=False)  # cold: at the first miss, once
    assert loads == [1, 1]
    scan([folder], cache=other, isolate=False)  # warm: nothing read, nothing loaded
    assert loads == [1, 1]
    # and what it loads, in a thread of its own: scipy's sparse matrices, a tagged word
    import simhash_core.text.facts as facts

    threads, tagged = [], []
    monkeypatch.setattr(warm.threading, "Thread", lambda **kw: threads.append(kw) or _Ran(kw))
    monkeypatch.setattr(facts, "chinese_names", lambda text: tagged.append(text) or set())
    warm.load_comparison_soon()
    assert [t["daemon"] for t in threads] == [True]
    assert tagged and "scipy.sparse" in sys.modules


class _Ran:
    """A thread that runs its target at start (the loading, in the test's own thread)."""

    def __init__(self, kw: dict) -> None:
        self.target = kw["target"]

    def start(self) -> None:
        self.target()
