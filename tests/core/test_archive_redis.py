"""The Redis backend: the same answers as SQLite on the same data, safe concurrent
writers, clear errors. A real ``redis-server`` is started on loopback for this module;
without one the tests skip and say why (``make system-deps`` installs it)."""

from __future__ import annotations

import hashlib
import json
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from simhash_core.archive import ArchiveError, compare_with_archive, open_archive
from simhash_core.archive.sqlite_store import SQLiteArchive
from simhash_core.types import Document, ScanSettings
from tests.core.test_archive import (
    archived_class,
    fill,
    make_doc,
    near_copy,
    new_result,
    pair_table,
    partial_copy,
)
from tests.core.textgen import zh_essay

pytestmark = pytest.mark.redis

redis = pytest.importorskip("redis", reason="the 'redis' client package is not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_redis(workdir: Path, *extra: str) -> Iterator[int]:
    """A redis-server on a free loopback port, stopped when the generator closes."""
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.skip("redis-server is not installed (make system-deps installs it from Debian)")
    password = extra[extra.index("--requirepass") + 1] if "--requirepass" in extra else None
    for _attempt in range(3):
        port = _free_port()
        args = ["--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        proc = subprocess.Popen(
            [exe, *args, *extra, "--dir", str(workdir)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=port, password=password)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                client.ping()
                break
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        if proc.poll() is None:
            break
    else:  # pragma: no cover - the port kept being taken
        pytest.skip("could not start redis-server on a free port")
    try:
        yield port
    finally:
        client.close()
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    for port in _start_redis(tmp_path_factory.mktemp("redis")):
        yield f"redis://127.0.0.1:{port}/0"


@pytest.fixture
def url(redis_server: str) -> str:
    redis.Redis.from_url(redis_server).flushall()
    return redis_server


def test_same_answers_as_sqlite(url: str, tmp_path: Path) -> None:
    queries = [
        make_doc(zh_essay(2), "exact.txt"),
        make_doc(near_copy(5), "near.txt"),
        make_doc(partial_copy(4), "partial.txt"),
        make_doc(zh_essay(999), "honest.txt"),
    ]
    with SQLiteArchive(tmp_path / "a.sqlite") as lite, open_archive(url) as red:
        for store in (lite, red):
            fill(store)
            store.add_many(archived_class(4, first=20), "2025 autumn", batch_size=3)
            store.add(make_doc(zh_essay(2), "again.txt"), "2025 autumn")
        assert red.count() == lite.count() == 12
        assert red.labels() == lite.labels()
        for q in queries:
            assert red.find(q) == lite.find(q), q.path
        ids = list(range(1, 13))
        for a, b in zip(red.load(ids), lite.load(ids), strict=True):
            assert (a.path, a.archive_label, a.text, a.fingerprint) == (
                b.path,
                b.archive_label,
                b.text,
                b.fingerprint,
            )
        result = new_result(
            [*queries, *(make_doc(zh_essay(600 + i), f"n{i}.txt") for i in range(3))]
        )
        via_redis = compare_with_archive(result, red, ScanSettings())
        via_sqlite = compare_with_archive(result, lite, ScanSettings())
        assert pair_table(via_redis) == pair_table(via_sqlite)
        assert [d.path for d in via_redis.documents] == [d.path for d in via_sqlite.documents]
        assert len(via_redis.documents) > len(queries) + 3
        for store in (lite, red):
            assert store.remove_label("2024 spring") == 8
        assert red.count() == lite.count() == 5
        assert red.labels() == lite.labels()
        for q in queries:
            assert red.find(q) == lite.find(q), q.path
        assert red.check() == [] and lite.check() == []
        assert red.storage_bytes() > 0


def test_remove_every_label_leaves_no_index_keys(url: str) -> None:
    with open_archive(url) as store:
        fill(store)
        store.remove_label("2024 spring")
        assert store.count() == 0 and store.check() == []
        keys = {k.decode() for k in store._r.keys("plagcheck:*")}
        counters = {k for k in keys if k.startswith("plagcheck:mtdocs:")}
        assert keys - counters == {"plagcheck:meta", "plagcheck:next_id", "plagcheck:gen"}
        assert all(int(store._r.get(k)) == 0 for k in counters)


def three_teachers(url: str) -> list[Document]:
    """Three teachers add overlapping parts of 12 essays to the archive at ``url`` at
    the same time (two under "2024 spring", one under "2024 autumn"); returns the
    essays once all three are done, failing if any of them raised."""
    docs = archived_class(12)
    errors: list[BaseException] = []

    def teacher(label: str, part: list) -> None:
        try:
            with open_archive(url) as store:
                store.add_many(part, label)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [
        threading.Thread(target=teacher, args=("2024 spring", docs[:8])),
        threading.Thread(target=teacher, args=("2024 autumn", docs[4:])),
        threading.Thread(target=teacher, args=("2024 spring", docs[2:10])),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    return docs


def test_concurrent_writers_file_each_content_once(url: str) -> None:
    """Two teachers add overlapping folders at the same time."""
    docs = three_teachers(url)
    with open_archive(url) as store:
        assert store.count() == 12
        assert store.check() == []
        assert {x.label: x.documents for x in store.labels()} == {
            "2024 autumn": 8,
            "2024 spring": 10,
        }
        both = store.load([store.candidates(docs[5])[0]])[0]
        assert set(both.archive_label.split("; ")) == {"2024 spring", "2024 autumn"}


def test_a_writer_that_loses_a_race_retries_and_dedupes(url: str) -> None:
    """Another writer files the same content between our reads and our commit: our
    transaction is discarded and retried, and sees the other's document."""
    from simhash_core.archive.redis_store import RedisArchive

    doc = make_doc(zh_essay(1), "a.txt")
    other = RedisArchive(url)

    class Racing(RedisArchive):
        raced = False

        def _before_commit(self) -> None:
            if not self.raced:
                self.raced = True
                other.add(doc, "2025 autumn")

    with Racing(url) as store:
        result = store.add(doc, "2024 spring")
        assert store.raced
        assert result.status == "labelled"
        assert store.count() == 1 and store.check() == []
        (loaded,) = store.load([result.doc_id])
        assert loaded.archive_label == "2025 autumn; 2024 spring"
    other.close()


# ---- checking while a colleague changes the archive (issue 37, item 8) --------------


def _colleague_removes(url: str, label: str) -> tuple[threading.Event, threading.Event]:
    """A colleague's client in another thread that removes ``label`` once told to
    (set the first event); the second is set when the removal is done."""
    go, done = threading.Event(), threading.Event()

    def remove() -> None:
        go.wait()
        with open_archive(url) as other:
            other.remove_label(label)
        done.set()

    threading.Thread(target=remove, daemon=True).start()
    return go, done


def _removed_after_listing(monkeypatch: pytest.MonkeyPatch, url: str, label: str) -> list[int]:
    """Make the next ``check`` list the documents, then wait while a colleague removes
    ``label`` (in another thread and connection), then read on. Returns the number of
    documents each of the check's passes listed."""
    from simhash_core.archive.redis_store import RedisArchive

    go, done = _colleague_removes(url, label)
    listed: list[int] = []
    real = RedisArchive._ids

    def ids_then_wait(store: RedisArchive) -> list[int]:
        found = real(store)
        listed.append(len(found))
        if len(listed) == 1:
            go.set()
            assert done.wait(timeout=60), "the colleague's removal did not finish"
        return found

    monkeypatch.setattr(RedisArchive, "_ids", ids_then_wait)
    return listed


def _removed_before_the_key_scan(
    monkeypatch: pytest.MonkeyPatch, url: str, label: str
) -> list[int]:
    """As :func:`_removed_after_listing`, but the colleague removes ``label`` after the
    check read every document and before it scans the index keys."""
    from simhash_core.archive.redis_store import RedisArchive

    go, done = _colleague_removes(url, label)
    scans: list[int] = []
    real = RedisArchive._keys

    def wait_then_keys(store: RedisArchive, pattern: str) -> Iterator[bytes]:
        scans.append(store.count())
        if len(scans) == 1:
            go.set()
            assert done.wait(timeout=60), "the colleague's removal did not finish"
        yield from real(store, pattern)

    monkeypatch.setattr(RedisArchive, "_keys", wait_then_keys)
    return scans


@pytest.mark.parametrize("when", [_removed_after_listing, _removed_before_the_key_scan])
def test_check_while_a_colleague_removes_a_label_reports_no_problem(
    url: str, monkeypatch: pytest.MonkeyPatch, when: Callable[..., list[int]]
) -> None:
    with open_archive(url) as store:
        fill(store)
        store.add_many(archived_class(4, first=20), "2025 autumn")
        passes = when(monkeypatch, url, "2024 spring")
        assert store.check() == []
        assert passes == [12, 4]  # looked again after the removal: one unchanging archive
        assert store.count() == 4 and [x.label for x in store.labels()] == ["2025 autumn"]


def test_archive_check_command_while_a_label_is_removed_exits_0(
    url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    from simhash_core.cli.main import main

    with open_archive(url) as store:
        fill(store)
        store.add_many(archived_class(4, first=20), "2025 autumn")
    _removed_after_listing(monkeypatch, url, "2024 spring")
    code = main(["archive", "check", "--archive", url])
    said = capsys.readouterr().out
    assert (code, said.count("problem")) == (0, 0), said
    assert "is consistent (4 documents)" in said


def test_an_archive_changed_during_every_pass_is_not_checked_and_says_why(
    url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    from simhash_core.archive import redis_check, redis_store
    from simhash_core.cli.main import main

    with open_archive(url) as store:
        fill(store)
    monkeypatch.setattr(redis_check, "CHECK_PATIENCE", 0.0)  # give up after one pass
    passes: list[int] = []
    real = redis_store.RedisArchive._ids

    def ids_then_a_colleague_adds(store: redis_store.RedisArchive) -> list[int]:
        found = real(store)
        passes.append(len(found))
        with open_archive(url) as other:  # a colleague files an essay meanwhile
            other.add(make_doc(zh_essay(300 + len(passes)), "late.txt"), "2025 autumn")
        return found

    monkeypatch.setattr(redis_store.RedisArchive, "_ids", ids_then_a_colleague_adds)
    code = main(["archive", "check", "--archive", url])
    said = capsys.readouterr().out
    assert code == 3, said
    assert "was being changed while it was checked" in said and "problem" not in said
    assert passes == [8]


def test_unreachable_server_is_a_clear_error() -> None:
    port = _free_port()
    with pytest.raises(ArchiveError, match="cannot reach the Redis archive"):
        open_archive(f"redis://127.0.0.1:{port}/0")
    with pytest.raises(ArchiveError, match="not a usable Redis address"):
        open_archive("redis://127.0.0.1:notaport/0")


def test_a_server_that_is_not_redis_is_a_clear_error() -> None:
    """Something else listens at the address (a web server): the teacher is told that
    what answered is not a Redis archive's server, never shown a traceback."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.2)
    port = listener.getsockname()[1]
    over = threading.Event()

    def answer_like_a_web_server() -> None:
        with listener:
            while not over.is_set():
                try:
                    conn, _ = listener.accept()
                except TimeoutError:
                    continue
                with conn:
                    conn.recv(1024)
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    threading.Thread(target=answer_like_a_web_server, daemon=True).start()
    try:
        with pytest.raises(ArchiveError) as single:
            open_archive(f"redis://127.0.0.1:{port}/0")
        with pytest.raises(ArchiveError) as cluster:
            open_archive(f"redis+cluster://127.0.0.1:{port}")
    finally:
        over.set()
    assert single.value.message.code == "archive.redis-error"
    assert str(single.value).startswith(f"Redis archive error at redis://127.0.0.1:{port}/0")
    assert "Protocol error" in str(single.value)
    assert cluster.value.message.code == "archive.unreachable"
    assert "Protocol error" in str(cluster.value)


# Adds essays one by one to a Redis archive, printing ADDED after each completed
# addition. With a stop index, that document's transaction is cut in half: MULTI and
# the first half of its commands reach the server, then the writer stops (MIDWAY)
# before the rest and EXEC, as a machine dying mid-write would.
_REDIS_CHILD = r"""
import sys, time
from simhash_core.archive.redis_store import RedisArchive
from tests.core.test_archive import make_doc
from tests.core.textgen import zh_essay

url, stop, total = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
docs = [make_doc(zh_essay(i, 12), f"s{i:03d}.txt") for i in range(total)]
state = {"n": 0}

class Dying(RedisArchive):
    def _exec(self, pipe):
        if state["n"] == stop:
            queued = [args for args, _options in pipe.command_stack]
            half = [("MULTI",), *queued[: len(queued) // 2]]
            pipe.connection.send_packed_command(pipe.connection.pack_commands(half))
            print("MIDWAY", flush=True)
            time.sleep(120)
        return super()._exec(pipe)

store = Dying(url)
print("READY", flush=True)
for i, doc in enumerate(docs):
    store.add(doc, "2024 spring")
    state["n"] += 1
    print("ADDED", i, flush=True)
"""


def _spawn_redis_writer(url: str, stop: int, total: int) -> subprocess.Popen:
    import os
    import sys

    root = Path(__file__).resolve().parents[2]
    return subprocess.Popen(
        [sys.executable, "-c", _REDIS_CHILD, url, str(stop), str(total)],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )


def _assert_redis_consistent(url: str, expected: set[int]) -> None:
    from simhash_core.archive.redis_store import RedisArchive

    with RedisArchive(url) as store:
        assert store.check() == []
        n = store.count()
        assert n in expected
        docs = store.load(list(range(1, n + 1)))  # ids 1..n: the completed additions
        assert [d.path for d in docs] == [f"archive/2024 spring/s{i:03d}.txt" for i in range(n)]
        assert all(d.text == zh_essay(i, 12) for i, d in enumerate(docs))
        assert {info.label: info.documents for info in store.labels()} == {"2024 spring": n}
        # the interrupted document can be added now, and is found again
        doc = make_doc(zh_essay(n, 12), f"s{n:03d}.txt")
        assert store.add(doc, "2024 spring").status == "added"
        assert store.count() == n + 1 and store.check() == []
        assert store.find(doc)


def test_redis_writer_killed_inside_a_transaction_leaves_the_completed_documents(
    url: str,
) -> None:
    from tests.core.test_archive_durability import _kill, _read_until

    proc = _spawn_redis_writer(url, stop=7, total=20)
    try:
        added = _read_until(proc, "MIDWAY")
        added += _kill(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert added == 7
    _assert_redis_consistent(url, {7})


def test_redis_writer_killed_at_any_moment_leaves_a_consistent_archive(url: str) -> None:
    from tests.core.test_archive_durability import _kill, _read_until

    proc = _spawn_redis_writer(url, stop=-1, total=60)
    try:
        _read_until(proc, "READY")
        seen = _read_until(proc, "ADDED", count=12)
        seen += _kill(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert 12 <= seen < 60
    _assert_redis_consistent(url, {seen, seen + 1})


# ---- a server with a password: it never shows, and a refusal says what is wrong -------

SECRET = "s3cret-Pa55word"


@pytest.fixture(scope="module")
def locked_port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    yield from _start_redis(tmp_path_factory.mktemp("redis-locked"), "--requirepass", SECRET)


def test_a_password_never_appears_and_refusals_are_explained(
    locked_port: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from simhash_core.cli.main import main

    monkeypatch.setenv("PLAGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    old, new = tmp_path / "old", tmp_path / "new"
    for folder, seeds in ((old, (1, 2)), (new, (3, 4))):
        folder.mkdir()
        for seed in seeds:
            (folder / f"s{seed}.txt").write_text(zh_essay(seed), encoding="utf-8")
    (new / "copy.txt").write_text(zh_essay(1), encoding="utf-8")
    host = f"127.0.0.1:{locked_port}"
    good = f"redis://:{SECRET}@{host}/0"

    def run(*argv: str) -> tuple[int, str]:
        code = main(list(argv))
        printed = capsys.readouterr()
        return code, printed.out + printed.err

    code, said = run("scan", str(new), "--archive", f"redis://{host}/0", "-q")
    assert code == 1
    assert f"the Redis archive at redis://{host}/0 needs a password" in said
    assert "cannot reach" not in said and "NOAUTH" not in said
    code, said = run("scan", str(new), "--archive", f"redis://:wrong-{SECRET}@{host}/0", "-q")
    assert code == 1 and "refused the password" in said and SECRET not in said

    outputs = []
    code, said = run("archive", "add", str(old), "--label", "2025", "--archive", good, "-q")
    assert code == 0, said
    outputs.append(said)
    for command in ("list", "check"):
        code, said = run("archive", command, "--archive", good)
        assert code == 0, said
        outputs.append(said)
    out, js = tmp_path / "out.csv", tmp_path / "out.json"
    code, said = run("scan", str(new), "--archive", good, "--csv", str(out), "--json", str(js))
    assert code == 0, said
    outputs.append(said)
    outputs += [p.read_text(encoding="utf-8-sig") for p in (out, js, tmp_path / "out-errors.csv")]
    assert f"redis://***@{host}/0" in outputs[1]  # the listing shows where, not the password
    assert "archive/2025/s1.txt" in outputs[-3]  # the copy of an archived essay was found
    for text in outputs:
        assert SECRET not in text


@pytest.mark.skipif(
    not (Path(__file__).resolve().parents[2].parent / "shared" / "samples").is_dir(),
    reason="the shared sample sets are not beside the clone",
)
def test_translated_sources_through_redis_as_through_sqlite(url: str, tmp_path: Path) -> None:
    from tests.core.test_meaning import _split_by_language, translated_through

    articles, essays = _split_by_language(tmp_path)
    on_redis = translated_through(url, articles, essays)
    on_sqlite = translated_through(str(tmp_path / "a.sqlite"), articles, essays)
    assert on_redis == on_sqlite and len(on_redis[0]) == 10
    with open_archive(url) as store:
        assert store._r.keys("plagcheck:mt:*")
        store.remove_label("2024")
        assert store.check() == [] and not store._r.keys("plagcheck:mt:*")


def test_a_schema_2_archive_is_upgraded_to_bucketed_band_sets(url: str) -> None:
    """Schema 2 kept each MinHash band in one sorted set scored by the band key (about
    96 bytes a member); schema 3 files them in bucketed integer sets. An archive
    written in the old layout is converted when opened and answers as before."""
    from simhash_core.archive.keys import unpack
    from simhash_core.archive.redis_store import BAND_LOW_BITS, RedisArchive

    queries = [make_doc(zh_essay(2), "exact.txt"), make_doc(near_copy(5), "near.txt")]
    with RedisArchive(url) as store:
        fill(store)
        want = [store.find(q) for q in queries]
        r = store._r
        for key in r.keys("plagcheck:lsh:*"):  # write the bands back as schema 2 did
            band = key.decode().split(":")[2]
            bucket = int(key.decode().split(":")[3])
            for m in r.smembers(key):
                doc_id, low = unpack(int(m), BAND_LOW_BITS)
                r.zadd(f"plagcheck:lsh:{band}", {doc_id: (bucket << BAND_LOW_BITS) | low})
            r.delete(key)
        r.hset("plagcheck:meta", "schema_version", "2")
        assert len(r.keys("plagcheck:lsh:*")) == store.config.bands
    with RedisArchive(url) as store:
        assert store._r.hget("plagcheck:meta", "schema_version") == b"3"
        assert {store._r.type(k) for k in store._r.keys("plagcheck:lsh:*")} == {b"set"}
        assert [store.find(q) for q in queries] == want
        assert any(c.jaccard for c in want[0])
        assert store.check() == []


# ---- an archive written before is read after: the layout as documented -------------
# The writer below files documents with plain Redis commands, key by key as the layout
# in ``simhash_core/archive/redis_layout.py`` documents it (and as the store wrote it
# with its own protocol encoder before it moved to redis-py), using only the shared
# index keys of ``archive/keys.py``. The store must read such an archive, and write
# exactly the same keys and values itself.

DOCUMENTED_ADDED = 1_700_000_000.5  # the "added" time the documented writer records


def documented_tags(partitions: int) -> list[str]:
    """The partitions' hash tags as documented: ``p{i}.{j}`` with the first ``j``
    whose slot falls in the ``i``-th of ``partitions`` equal slot ranges."""
    from redis.crc import key_slot

    tags = []
    for i in range(partitions):
        low, high = i * 16384 // partitions, (i + 1) * 16384 // partitions
        j = next(j for j in range(100000) if low <= key_slot(f"p{i}.{j}".encode()) < high)
        tags.append(f"p{i}.{j}")
    return tags


class DocumentedWriter:
    """Files documents in a Redis archive with raw commands, one transaction's worth
    of commands per document, following the documented key layout."""

    def __init__(self, client, prefix: str = "plagcheck", partitions: int = 0) -> None:  # type: ignore[no-untyped-def]
        from simhash_core.archive.codec import ArchiveConfig

        self.r, self.prefix, self.partitions = client, prefix, partitions
        self.tags = documented_tags(partitions) if partitions else []
        self.config = ArchiveConfig.from_settings(ScanSettings())
        meta = {"config": self.config.to_json(), "schema_version": "3"}
        if partitions:
            meta["partitions"] = str(partitions)
        self.r.execute_command("HSET", f"{prefix}:meta", *[x for kv in meta.items() for x in kv])
        self.filed: dict[str, int] = {}  # content hash -> id

    def base(self, part: int) -> str:
        return f"{self.prefix}:{{{self.tags[part]}}}:" if self.tags else f"{self.prefix}:"

    def part_of(self, content_hash: str) -> int:
        if not self.partitions:
            return 0
        digest = hashlib.blake2b(content_hash.encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") % self.partitions

    def add(self, doc: Document, label: str) -> int:
        from simhash_core.archive.codec import entry_from_document

        e = entry_from_document(doc, self.config)
        part = self.part_of(e.content_hash)
        p, n = self.base(part), max(1, self.partitions)
        if e.content_hash in self.filed:
            return self._relabel(self.filed[e.content_hash], part, e, label)
        doc_id = self.r.execute_command("INCRBY", f"{p}next_id", 1) * n + part
        self.filed[e.content_hash] = doc_id
        self._document(p, doc_id, e, label)
        self._postings(p, doc_id, e)
        self._label(p, doc_id, doc.path, label, e.size)
        return doc_id

    def _document(self, p: str, doc_id: int, e, label: str) -> None:  # type: ignore[no-untyped-def]
        from simhash_core.archive.codec import signature_bytes

        fields = {
            "content_hash": e.content_hash,
            "name": e.name,
            "kind": e.kind,
            "fingerprint": str(int(e.fingerprint)),
            "minhash": signature_bytes(e.minhash),
            "mtime": repr(float(e.mtime)),
            "added": repr(DOCUMENTED_ADDED),
            "n_bands": str(len(e.bands)),
            "n_winnow": str(len(e.winnow)),
            "size": str(e.size),
            "labels": json.dumps([label]),
            "meaning": e.meaning.astype("<u8").tobytes(),
            **e.payload,
        }
        self.r.execute_command(
            "HSET", f"{p}doc:{doc_id}", *[x for kv in fields.items() for x in kv]
        )
        self.r.execute_command("SET", f"{p}content:{e.content_hash}", str(doc_id))
        self.r.execute_command("SADD", f"{p}docs", str(doc_id))

    def _postings(self, p: str, doc_id: int, e) -> None:  # type: ignore[no-untyped-def]
        from simhash_core.archive.keys import simhash_blocks

        low = (1 << 20) - 1
        for b, v in enumerate(simhash_blocks(e.fingerprint, self.config.index_k)):
            self.r.execute_command("SADD", f"{p}sh:{b}:{v}", str(doc_id))
        for b, key in enumerate(e.bands.tolist()):
            member = doc_id << 20 | key & low
            self.r.execute_command("SADD", f"{p}lsh:{b}:{key >> 20}", str(member))
        for key in e.winnow.tolist():
            member = doc_id << 20 | key & low
            self.r.execute_command("ZADD", f"{p}wn:{key >> 20}", str(key & low), str(member))
        for term in e.meaning.tolist():
            self.r.execute_command("SADD", f"{p}mt:{term}", str(doc_id))
        for side in sorted({t >> 32 for t in e.meaning.tolist()}):
            self.r.execute_command("INCR", f"{p}mtdocs:{side}")

    def _label(self, p: str, doc_id: int, name: str, label: str, size: int) -> None:
        self.r.execute_command("HSET", f"{p}label:{label}", str(doc_id), name)
        self.r.execute_command("SADD", f"{p}labels", label)
        self.r.execute_command("INCRBY", f"{p}labelsize:{label}", str(size))
        self.r.execute_command("INCR", f"{p}gen")

    def _relabel(self, doc_id: int, part: int, e, label: str) -> int:  # type: ignore[no-untyped-def]
        p = self.base(part)
        labels = json.loads(self.r.execute_command("HGET", f"{p}doc:{doc_id}", "labels"))
        if label not in labels:
            labels.append(label)
            self.r.execute_command("HSET", f"{p}doc:{doc_id}", "labels", json.dumps(labels))
            self._label(p, doc_id, e.name, label, e.size)
        return doc_id


def documented_additions() -> list[tuple[Document, str]]:
    """Eight Chinese essays, two English ones (meaning terms on the other side), and
    one essay filed again under a second label and another name."""
    from tests.core.textgen import en_essay

    docs = [(d, "2024 spring") for d in archived_class()]
    docs += [(make_doc(en_essay(i), f"e{i}.txt"), "2024 spring") for i in (3, 4)]
    return [*docs, (make_doc(zh_essay(2), "again.txt"), "2025 autumn")]


def dump(client, prefix: str, keys) -> dict:  # type: ignore[no-untyped-def]
    """Every key of an archive, with its type and value, named without the prefix."""
    out = {}
    for key in keys:
        kind = client.type(key).decode()
        if kind == "string":
            value = client.get(key)
        elif kind == "hash":
            value = client.hgetall(key)
            if b"added" in value:  # the time of filing: a float, never the same twice
                value[b"added"] = float(value[b"added"]) > 0
        elif kind == "set":
            value = client.smembers(key)
        else:
            value = client.zrange(key, 0, -1, withscores=True)
        out[key.decode()[len(prefix) :]] = (kind, value)
    return out


def test_an_archive_written_in_the_documented_layout_is_read_as_it_was(
    url: str, tmp_path: Path
) -> None:
    queries = [
        make_doc(zh_essay(2), "exact.txt"),
        make_doc(near_copy(5), "near.txt"),
        make_doc(partial_copy(4), "partial.txt"),
    ]
    client = redis.Redis.from_url(url)
    writer = DocumentedWriter(client)
    with SQLiteArchive(tmp_path / "a.sqlite") as lite:
        for doc, label in documented_additions():
            assert writer.add(doc, label) == lite.add(doc, label).doc_id
        with open_archive(url) as red:
            assert red.check() == []
            assert red.count() == lite.count() == 10
            assert red.labels() == lite.labels()
            for q in queries:
                assert red.find(q) == lite.find(q) != [], q.path
            ids = list(range(1, 11))
            for a, b in zip(red.load(ids), lite.load(ids), strict=True):
                assert (a.path, a.archive_label, a.text) == (b.path, b.archive_label, b.text)
            assert red.add(make_doc(zh_essay(2), "x.txt"), "2024 spring").status == "present"
            for store in (red, lite):
                assert store.remove_label("2024 spring") == 10
            assert red.count() == lite.count() == 1 and red.check() == []
            assert red.labels() == lite.labels()


def test_the_store_writes_exactly_the_documented_keys_and_values(url: str) -> None:
    client = redis.Redis.from_url(url)
    writer = DocumentedWriter(client, prefix="documented")
    with open_archive(url) as store:
        for doc, label in documented_additions():
            assert store.add(doc, label).doc_id == writer.add(doc, label)
    ours = dump(client, "plagcheck", client.keys("plagcheck:*"))
    documented = dump(client, "documented", client.keys("documented:*"))
    assert len(ours) > 1000  # the index keys are there
    assert ours == documented
