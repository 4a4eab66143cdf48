"""The Redis Cluster backend (``redis+cluster://``): a real cluster of three masters on
loopback ports, made by ``redis-cli --cluster create``. It gives the same answers as
one Redis server and as SQLite, keeps each document on one shard, and goes on after a
master restarts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from simhash_core.archive import ArchiveError, compare_with_archive, open_archive
from simhash_core.archive.base import Candidate
from simhash_core.archive.sqlite_store import SQLiteArchive
from simhash_core.types import ScanSettings
from tests.core.test_archive import (
    archived_class,
    fill,
    make_doc,
    near_copy,
    new_result,
    pair_table,
    partial_copy,
)
from tests.core.test_archive_redis import _start_redis, three_teachers
from tests.core.textgen import en_essay, zh_essay
from tests.redis_servers import LocalCluster

pytestmark = pytest.mark.redis

redis = pytest.importorskip("redis", reason="the 'redis' client package is not installed")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    local = LocalCluster(tmp_path_factory.mktemp("cluster"), masters=3)
    if not local.available:
        pytest.skip("redis-server is not installed (make system-deps installs it from Debian)")
    with local:
        yield local


@pytest.fixture
def url(cluster: LocalCluster) -> str:
    for port in cluster.ports:
        redis.Redis(port=port).flushall()
    return cluster.url


@pytest.fixture(scope="module")
def single(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    for port in _start_redis(tmp_path_factory.mktemp("single")):
        yield f"redis://127.0.0.1:{port}/0"


def _queries() -> list:
    return [
        make_doc(zh_essay(2), "exact.txt"),
        make_doc(near_copy(5), "near.txt"),
        make_doc(partial_copy(4), "partial.txt"),
        make_doc(zh_essay(999), "honest.txt"),
        make_doc(en_essay(3), "english.txt"),
    ]


def _named(store, found: list[Candidate]) -> list[tuple]:  # type: ignore[no-untyped-def]
    """Candidates by the archived file they point at: ids differ between backends."""
    docs = store.load([c.doc_id for c in found])
    return sorted(
        (d.path, c.distance, c.jaccard, c.shared, c.meaning)
        for d, c in zip(docs, found, strict=True)
    )


def _filled(store) -> None:  # type: ignore[no-untyped-def]
    fill(store)
    store.add_many(archived_class(4, first=20), "2025 autumn", batch_size=3)
    store.add(make_doc(zh_essay(2), "again.txt"), "2025 autumn")
    store.add_many([make_doc(en_essay(i), f"e{i}.txt") for i in range(3, 6)], "2025 autumn")


def test_same_answers_as_one_redis_and_sqlite(url: str, single: str, tmp_path: Path) -> None:
    redis.Redis.from_url(single).flushall()
    with (
        SQLiteArchive(tmp_path / "a.sqlite") as lite,
        open_archive(single) as one,
        open_archive(url) as clu,
    ):
        assert clu.partitions == 12 and one.partitions == 1
        stores = (lite, one, clu)
        for store in stores:
            _filled(store)
        assert clu.count() == one.count() == lite.count() == 15
        assert clu.labels() == one.labels() == lite.labels()
        for q in _queries():
            answers = [_named(s, s.find(q)) for s in stores]
            assert answers[0] or q.path == "honest.txt", q.path
            assert answers[2] == answers[1] == answers[0], q.path
        result = new_result(
            [*_queries(), *(make_doc(zh_essay(600 + i), f"n{i}.txt") for i in range(3))]
        )
        tables = [pair_table(compare_with_archive(result, s, ScanSettings())) for s in stores]
        assert tables[2] == tables[1] == tables[0]
        assert any(row[5] for row in tables[0])  # copies were found at all
        for store in stores:
            assert store.remove_label("2024 spring") == 8
        assert clu.count() == one.count() == lite.count() == 8  # s02 is also in autumn
        assert clu.labels() == one.labels() == lite.labels()
        for q in _queries():
            assert _named(clu, clu.find(q)) == _named(lite, lite.find(q)), q.path
        assert clu.check() == [] and one.check() == [] and lite.check() == []
        assert clu.storage_bytes() > 0


def test_a_document_lives_on_one_shard_and_the_shards_share_the_work(url: str) -> None:
    from redis.crc import key_slot

    with open_archive(url) as store:
        results = store.add_many(archived_class(24), "2024 spring", batch_size=24)
        slots: dict[str, set[int]] = {}
        for key in store._keys("*"):
            name = key.decode()
            if name != "plagcheck:meta":
                tag = name.split("{", 1)[1].split("}", 1)[0]
                slots.setdefault(tag, set()).add(key_slot(key))
        assert all(len(s) == 1 for s in slots.values())  # a partition's keys: one slot
        by_node: dict[str, int] = {}
        for r in results:
            part = r.doc_id % store.partitions
            assert store._tags[part] in slots  # the document, content key and postings
            node = store._r.get_node_from_key(store._k(part, "docs")).name
            by_node[node] = by_node.get(node, 0) + 1
        assert len(by_node) == 3  # 24 essays spread over all three masters
        assert store.check() == []


def test_concurrent_writers_on_a_cluster_file_each_content_once(url: str) -> None:
    three_teachers(url)
    with open_archive(url) as store:
        assert store.count() == 12 and store.check() == []
        assert {x.label: x.documents for x in store.labels()} == {
            "2024 autumn": 8,
            "2024 spring": 10,
        }


def test_the_archive_survives_a_master_restarting(url: str, cluster: LocalCluster) -> None:
    queries = _queries()
    with open_archive(url) as store:
        _filled(store)
        before = [_named(store, store.find(q)) for q in queries]
        assert any(before)
        cluster.stop_node(1)
        with pytest.raises(ArchiveError) as caught:
            for q in queries:  # some partitions live on the stopped master
                store.find(q)
        assert caught.value.message.code == "archive.unreachable"
        cluster.start_node(1)
        assert [_named(store, store.find(q)) for q in queries] == before
        added = store.add_many(archived_class(4, first=40), "2026 spring")
        assert {r.status for r in added} == {"added"}
        assert store.count() == 19 and store.check() == []
        after = [_named(store, store.find(q)) for q in queries]
    with open_archive(url) as again:  # a new client sees the same archive
        assert [_named(again, again.find(q)) for q in queries] == after


def test_partitions_are_fixed_when_the_archive_is_made(url: str) -> None:
    with open_archive(url + "?partitions=6") as store:
        assert store.partitions == 6
        fill(store)
    with open_archive(url + "?partitions=24") as store:  # the archive keeps its own
        assert store.partitions == 6 and store.count() == 8
    with pytest.raises(ArchiveError) as caught:
        open_archive(url + "?partitions=0")
    assert caught.value.message.code == "archive.bad-address"


def test_the_cluster_store_writes_and_reads_the_documented_layout(
    url: str, cluster: LocalCluster, tmp_path: Path
) -> None:
    """A cluster archive written key by key as documented (12 partitions, hash tags)
    is read as it was; the store itself writes exactly the same keys and values."""
    from redis.cluster import RedisCluster

    from tests.core.test_archive_redis import DocumentedWriter, documented_additions, dump

    client = RedisCluster(host="127.0.0.1", port=cluster.ports[0])
    writer = DocumentedWriter(client, prefix="documented", partitions=12)
    with open_archive(url) as store:
        for doc, label in documented_additions():
            assert store.add(doc, label).doc_id == writer.add(doc, label)
    masters = [redis.Redis(port=port) for port in cluster.ports]
    ours = dump(client, "plagcheck", [k for r in masters for k in r.keys("plagcheck:*")])
    documented = dump(client, "documented", [k for r in masters for k in r.keys("documented:*")])
    assert len(ours) > 1000 and ours == documented

    for r in masters:  # now the documented archive is the only one
        r.flushall()
    writer = DocumentedWriter(client, partitions=12)
    with SQLiteArchive(tmp_path / "a.sqlite") as lite, open_archive(url) as clu:
        for doc, label in documented_additions():
            writer.add(doc, label)
            lite.add(doc, label)
        assert clu.check() == [] and clu.partitions == 12
        assert clu.count() == lite.count() == 10 and clu.labels() == lite.labels()
        for q in _queries():
            assert _named(clu, clu.find(q)) == _named(lite, lite.find(q)), q.path
        for store in (clu, lite):
            assert store.remove_label("2024 spring") == 10
        assert clu.count() == 1 and clu.check() == []
    client.close()
