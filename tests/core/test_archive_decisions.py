"""Archiving a class keeps its decisions (issue 39, item 4): next term's scan, on
another computer or by a colleague sharing the archive, knows what was dismissed.

The archive keeps each label's decisions file (both back ends; an archive without them
keeps working) and drops them with the label; archiving a class files the decisions
and exclusions bearing on its submissions; a scan compared with the archive applies
them where the teacher's own store says nothing, the teacher's own decision winning and
a decisions file over both."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from simhash_core.archive import open_archive, service
from simhash_core.archive.sqlite_store import SCHEMA_VERSION, SQLiteArchive
from simhash_core.check import CheckRequest, check_class
from simhash_core.cli.main import main
from simhash_core.review.archived import bearing_on, keeping, keeping_stored, kept_in_archive
from simhash_core.review.decisions import Decision, Verdict, decision_of, pair_key
from simhash_core.review.exclusions import (
    Exclusion,
    ExclusionKind,
    min_words_exclusion,
    template_exclusion,
)
from simhash_core.review.store import DecisionStore, decisions_json
from simhash_core.scan import scan
from simhash_core.types import ScanResult, ScanSettings
from tests.core.test_archive import archived_class
from tests.core.textgen import zh_essay

KEPT = decisions_json(
    [Decision(("h1", "h2"), Verdict.DISMISSED, note="template", at="2026-01-01T00:00:00Z")]
)


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    pytest.importorskip("redis", reason="the 'redis' client package is not installed")
    from tests.core.test_archive_redis import _start_redis

    for port in _start_redis(tmp_path_factory.mktemp("redis")):
        yield f"redis://127.0.0.1:{port}/0"


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "archive.sqlite")
    import redis

    url: str = request.getfixturevalue("redis_server")
    redis.Redis.from_url(url).flushall()
    return url


# ----- the archive keeps a label's decisions (both back ends) -------------------------


def test_a_label_keeps_its_decisions_and_drops_them_with_the_label(location: str) -> None:
    with open_archive(location) as store:
        store.add_many(archived_class(3), "2025 autumn")
        store.add_many(archived_class(2, first=10), "2026 spring")
        assert store.kept_decisions() == {}  # an archive without them keeps working
        store.keep_decisions("2025 autumn", KEPT)
        other = decisions_json([Decision(("h3", "h4"), Verdict.CONFIRMED)])
        store.keep_decisions("2026 spring", other)
        assert store.kept_decisions() == {"2025 autumn": KEPT, "2026 spring": other}
        store.keep_decisions("2026 spring", KEPT)  # replaced, not added
        assert store.kept_decisions()["2026 spring"] == KEPT
        store.keep_decisions("2026 spring", {})  # nothing to keep: none kept
        assert list(store.kept_decisions()) == ["2025 autumn"]
        assert store.check() == []
    with open_archive(location, create=False) as store:  # kept, not cached
        assert store.kept_decisions() == {"2025 autumn": KEPT}
        assert store.remove_label("2025 autumn") == 3
        assert store.kept_decisions() == {}
        assert store.check() == []
        assert [x.label for x in store.labels()] == ["2026 spring"]


def test_the_service_files_and_reads_them(location: str) -> None:
    docs = archived_class(2)
    calls = []

    def keep(earlier):
        calls.append(earlier)
        return KEPT

    settings = ScanSettings()
    service.add_documents(location, docs, "2025", settings, keep=keep)
    service.add_documents(location, docs, "2025", settings, keep=keep)
    assert calls == [None, KEPT]  # given what the label kept before
    assert service.kept_decisions(location) == {"2025": KEPT}
    service.remove_label(location, "2025")
    assert service.kept_decisions(location) == {}


def test_a_sqlite_archive_keeps_them_in_meta_without_a_new_schema(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite"
    with SQLiteArchive(path) as store:
        store.add_many(archived_class(2), "2025")
        store.keep_decisions("2025", KEPT)
    with sqlite3.connect(path) as db:
        meta = dict(db.execute("SELECT key, value FROM meta"))
    assert meta["schema_version"] == str(SCHEMA_VERSION)
    assert "decisions:2025" in meta
    with sqlite3.connect(path) as db:  # a damaged value costs nothing but itself
        db.execute("UPDATE meta SET value = '{oops' WHERE key = 'decisions:2025'")
    with SQLiteArchive(path, create=False) as store:
        assert store.kept_decisions() == {}
        assert store.check() == []


def test_a_missing_archive_keeps_none(tmp_path: Path) -> None:
    assert service.kept_decisions(str(tmp_path / "none.sqlite")) == {}
    assert not (tmp_path / "none.sqlite").exists()


# ----- what a class files --------------------------------------------------------------


def test_a_class_files_what_bears_on_its_submissions() -> None:
    docs = archived_class(2)
    one, two = (d.content_hash for d in docs)
    assert one and two
    inside = Decision(pair_key(one, two), Verdict.DISMISSED, at="2026-01-02T00:00:00Z")
    half = Decision(pair_key(one, "elsewhere"), Verdict.CONFIRMED)
    outside = Decision(("x1", "x2"), Verdict.CONFIRMED)
    forgotten = Decision(pair_key(two, "x3"), Verdict.UNREVIEWED)
    prompt = template_exclusion(docs[0].text[:40])
    source = Exclusion(ExclusionKind.SOURCE, source=one)
    other_source = Exclusion(ExclusionKind.SOURCE, source="x1")
    rule = min_words_exclusion(8)
    chosen, excluded = bearing_on(
        docs, [inside, half, outside, forgotten], [prompt, source, other_source, rule]
    )
    assert chosen == [inside, half]
    assert {e.kind for e in excluded} == {ExclusionKind.TEMPLATE, ExclusionKind.SOURCE}
    assert source in excluded and other_source not in excluded
    # filed again: per pair the later decision
    earlier = Decision(pair_key(one, two), Verdict.CONFIRMED, at="2026-01-01T00:00:00Z")
    later = Decision(pair_key(one, "x9"), Verdict.CONFIRMED, at="2026-01-03T00:00:00Z")
    kept = keeping(docs, [inside])(decisions_json([earlier, later]))
    assert kept is not None
    assert [Decision.from_json(x) for x in kept["decisions"]] == sorted(
        [inside, later], key=lambda d: d.key
    )
    assert keeping(docs, [outside])(None) is None


# ----- next term: the archive's decisions come back -----------------------------------


def _term_one(folder: Path) -> Path:
    """Four essays; b.txt copies a.txt, d.txt is c.txt."""
    folder.mkdir(parents=True)
    one, two = zh_essay(501), zh_essay(502)
    (folder / "a.txt").write_text(one, encoding="utf-8")
    (folder / "b.txt").write_text(one[:300] + zh_essay(503)[:300], encoding="utf-8")
    (folder / "c.txt").write_text(two, encoding="utf-8")
    (folder / "d.txt").write_text(two, encoding="utf-8")
    return folder


def _check(folder: Path, location: str, store: DecisionStore, *more: Decision) -> ScanResult:
    request = CheckRequest(
        (folder,),
        archive=location,
        decisions=store,
        more_decisions=more,
        isolate=False,
        use_cache=False,
    )
    return check_class(request)


def _verdict(result: ScanResult, one: str, two: str) -> Verdict:
    """The verdict on the reported pair whose contents are ``one`` and ``two``
    (their hashes), wherever the documents come from."""
    hashes = [d.content_hash for d in result.documents]
    for p in result.pairs:
        if {hashes[p.a], hashes[p.b]} == {one, two} and p.a != p.b:
            found = decision_of(result, p.a, p.b)
            return Verdict.UNREVIEWED if found is None else found.verdict
    raise AssertionError(f"no pair of {one[:8]} and {two[:8]}")


def test_next_terms_scan_knows_what_was_dismissed(
    location: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    term_one = _term_one(tmp_path / "term1")
    first = scan([term_one], isolate=False)
    by_name = {d.path: d for d in first.documents}
    ha, hb, hc, hd = (by_name[n].content_hash or "" for n in ("a.txt", "b.txt", "c.txt", "d.txt"))
    # teacher 1 dismisses a/b (the template) and confirms c/d, then archives the class
    mine = tmp_path / "teacher1"
    teacher_one = DecisionStore(mine / "decisions.sqlite")
    at = "2026-01-10T09:00:00Z"
    teacher_one.save(Decision(pair_key(ha, hb), Verdict.DISMISSED, note="prompt", at=at))
    teacher_one.save(Decision(pair_key(hc, hd), Verdict.CONFIRMED, at=at))
    monkeypatch.setenv("PLAGCHECK_DATA_DIR", str(mine))
    args = ["archive", "add", str(term_one), "--label", "2025", "--archive", location, "-q"]
    assert main(args) == 0
    monkeypatch.delenv("PLAGCHECK_DATA_DIR")
    kept, _ = kept_in_archive(location)
    assert {d.key: d.verdict for d in kept} == {
        pair_key(ha, hb): Verdict.DISMISSED,
        pair_key(hc, hd): Verdict.CONFIRMED,
    }
    # next term, another teacher (a fresh store): the same submissions handed in again
    term_two = tmp_path / "term2"
    term_two.mkdir()
    (term_two / "x.txt").write_bytes((term_one / "a.txt").read_bytes())
    (term_two / "y.txt").write_bytes((term_one / "b.txt").read_bytes())
    (term_two / "z.txt").write_text(zh_essay(777), encoding="utf-8")
    teacher_two = DecisionStore(tmp_path / "teacher2" / "decisions.sqlite")
    result = _check(term_two, location, teacher_two)
    assert result.archive is not None and result.archive.matched > 0
    assert _verdict(result, ha, hb) is Verdict.DISMISSED  # via the archive
    # the teacher's own decision wins over the archive's, a decisions file over both
    own = Decision(pair_key(ha, hb), Verdict.CONFIRMED, at="2025-01-01T00:00:00Z")
    teacher_two.save(own)
    assert _verdict(_check(term_two, location, teacher_two), ha, hb) is Verdict.CONFIRMED
    handed = Decision(pair_key(ha, hb), Verdict.DISMISSED, note="file")
    assert _verdict(_check(term_two, location, teacher_two, handed), ha, hb) is Verdict.DISMISSED
    # the label removed, its decisions go with it (the documents stay under another)
    service.add_documents(location, first.documents, "copy", first.settings)
    service.remove_label(location, "2025")
    fresh = DecisionStore(tmp_path / "teacher3" / "decisions.sqlite")
    again = _check(term_two, location, fresh)
    assert again.archive is not None and again.archive.matched > 0
    assert _verdict(again, ha, hb) is Verdict.UNREVIEWED


def test_archiving_without_stored_decisions_keeps_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    location = str(tmp_path / "a.sqlite")
    term_one = _term_one(tmp_path / "term1")
    first = scan([term_one], isolate=False)
    ha, hb = (d.content_hash or "" for d in first.documents[:2])
    store = DecisionStore(tmp_path / "t" / "decisions.sqlite")
    store.save(Decision(pair_key(ha, hb), Verdict.DISMISSED))
    monkeypatch.setenv("PLAGCHECK_DATA_DIR", str(tmp_path / "t"))
    args = ["archive", "add", str(term_one), "--label", "2025", "--archive", location, "-q"]
    assert main([*args, "--no-stored-decisions"]) == 0
    assert service.kept_decisions(location) == {}
    service.add_documents(
        location,
        first.documents,
        "2025",
        first.settings,
        keep=keeping_stored(first.documents, store),
    )
    assert list(service.kept_decisions(location)) == ["2025"]


# ----- next term: the assignment text excluded with an archived class -----------------


def _prompt() -> str:
    return zh_essay(9000, sentences=8)


def _pasted(folder: Path, first: int, count: int, pasted: int) -> Path:
    """``count`` own essays; the first ``pasted`` begin with the prompt."""
    folder.mkdir(parents=True)
    for k in range(count):
        text = zh_essay(first + k)
        (folder / f"s{first + k}.txt").write_text(
            _prompt() + text if k < pasted else text, encoding="utf-8"
        )
    return folder


def _flagged_new(result: ScanResult) -> set[tuple[str, str]]:
    docs = result.documents
    return {
        tuple(sorted((docs[p.a].path, docs[p.b].path)))  # type: ignore[misc]
        for p in result.pairs
        if p.flagged and docs[p.a].archive_label is None and docs[p.b].archive_label is None
    }


def test_the_assignment_text_excluded_with_a_class_applies_next_term(
    location: str, tmp_path: Path
) -> None:
    term_one = _pasted(tmp_path / "term1", 100, 6, 3)
    first = scan([term_one], isolate=False)
    teacher_one = DecisionStore(tmp_path / "teacher1" / "decisions.sqlite")
    teacher_one.save_exclusion(template_exclusion(_prompt()).signed(by="t1"))
    teacher_one.save_exclusion(min_words_exclusion(50).signed(by="t1"))  # stays theirs
    service.add_documents(
        location,
        first.documents,
        "2025",
        first.settings,
        keep=keeping_stored(first.documents, teacher_one),
    )
    _, excluded = kept_in_archive(location)
    assert [e.kind for e in excluded] == [ExclusionKind.TEMPLATE]
    # next term: new students paste the same prompt; another teacher, a fresh store
    term_two = _pasted(tmp_path / "term2", 200, 5, 3)
    empty = DecisionStore(tmp_path / "teacher2" / "decisions.sqlite")
    bare = check_class(CheckRequest((term_two,), decisions=empty, isolate=False, use_cache=False))
    assert _flagged_new(bare)  # the prompt flags them, without the archive
    result = _check(term_two, location, empty)
    assert _flagged_new(result) == set()
    applied = result.exclusions
    assert applied is not None
    assert [e.kind for e in applied.exclusions] == [ExclusionKind.TEMPLATE]
    # gone with the label
    service.add_documents(location, first.documents, "copy", first.settings)
    service.remove_label(location, "2025")
    assert _flagged_new(_check(term_two, location, empty)) == _flagged_new(bare)


def test_unreadable_decisions_still_archive_the_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    location = str(tmp_path / "a.sqlite")
    (tmp_path / "t" / "decisions.sqlite").mkdir(parents=True)  # not a store
    monkeypatch.setenv("PLAGCHECK_DATA_DIR", str(tmp_path / "t"))
    term_one = _term_one(tmp_path / "term1")
    args = ["archive", "add", str(term_one), "--label", "2025", "--archive", location, "-q"]
    assert main(args) == 0
    assert "your decisions could not be read" in capsys.readouterr().out
    assert [x.documents for x in service.summarize(location).labels] == [3]  # c = d
    assert service.kept_decisions(location) == {}
