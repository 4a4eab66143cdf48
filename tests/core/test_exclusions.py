"""Exclusions that recompute (issue 39, item 2): a class where a third of the students
pasted the assignment prompt and no template was given. Treating the prompt as the
assignment text drops its false flags while a real copy stays flagged; a source, a
passage and short matches can be left out; exclusions are kept by contents, survive a
re-scan, and the same files and exclusions give the same result."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from simhash_core.report.export import result_dict
from simhash_core.review.decisions import Decision, Verdict
from simhash_core.review.evidence import pair_evidence
from simhash_core.review.exclusions import (
    Applied,
    Exclusion,
    ExclusionKind,
    Exclusions,
    apply_exclusions,
    base_of,
    exclusions_of,
    highest_similarity,
    min_words_exclusion,
    passage_exclusion,
    source_exclusion,
    template_exclusion,
    template_passage_exclusion,
)
from simhash_core.review.store import (
    DecisionStore,
    decisions_json,
    read_decisions_file,
    read_exclusions_file,
    write_decisions_file,
)
from simhash_core.scan import scan
from simhash_core.types import ScanResult, ScanSettings
from tests.core.textgen import zh_essay

STUDENTS = 15
PASTED = 5  # a third of the class pasted the prompt: s00 .. s04
# fewer files than this hold it, so the prompt is not shared text (which would be left
# out already): it counts until the teacher treats it as the assignment text
SETTINGS = ScanSettings(shared_text_files=PASTED + 1)


def _prompt() -> str:
    return zh_essay(9000, sentences=8)


def _class(folder: Path) -> Path:
    """Fifteen essays; s00..s04 begin with the prompt; s01 also copies a long part of
    s00's own essay, after a few sentences of its own."""
    folder.mkdir(parents=True)
    prompt = _prompt()
    for k in range(STUDENTS):
        body = zh_essay(100 + k)
        if k == 1:
            body = zh_essay(301)[:200] + zh_essay(100)[:400] + zh_essay(302)[:300]
        text = prompt + body if k < PASTED else body
        (folder / f"s{k:02d}.txt").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _class(tmp_path_factory.mktemp("excl") / "class")


@pytest.fixture(scope="module")
def result(folder: Path) -> ScanResult:
    return scan([folder], settings=SETTINGS, isolate=False)


def _index(result: ScanResult, name: str) -> int:
    return next(i for i, d in enumerate(result.documents) if d.path == name)


def _flagged(result: ScanResult) -> set[tuple[str, str]]:
    docs = result.documents
    return {
        tuple(sorted((docs[p.a].path, docs[p.b].path)))  # type: ignore[misc]
        for p in result.pairs
        if p.flagged
    }


def _score(result: ScanResult, x: str, y: str):
    a, b = _index(result, x), _index(result, y)
    return next((p for p in result.pairs if {p.a, p.b} == {a, b}), None)


def _pasted_pairs() -> set[tuple[str, str]]:
    names = [f"s{k:02d}.txt" for k in range(PASTED)]
    return {(x, y) for x in names for y in names if x < y}


REAL = ("s00.txt", "s01.txt")


def _dump(result: ScanResult) -> str:
    return json.dumps(result_dict(result), ensure_ascii=False, sort_keys=True, default=str)


def test_the_pasted_prompt_flags_pairs_when_no_template_is_given(result: ScanResult) -> None:
    assert _flagged(result) == _pasted_pairs()  # ten pairs, one of them a real copy


def test_treating_the_prompt_as_the_assignment_text_drops_its_false_flags(
    result: ScanResult, folder: Path, tmp_path: Path
) -> None:
    e = template_exclusion(_prompt()).signed(by="teacher", at="2026-01-01T00:00:00Z")
    out = apply_exclusions(result, Exclusions.of([e]))
    assert _flagged(out) == {REAL}
    applied = out.exclusions
    assert isinstance(applied, Applied)
    assert [(x.kind, x.by, x.at) for x in applied.exclusions] == [
        (ExclusionKind.TEMPLATE, "teacher", "2026-01-01T00:00:00Z")
    ]
    # only the five documents holding the prompt were analysed again
    assert [out.documents[i].path for i in applied.documents] == [
        f"s{k:02d}.txt" for k in range(PASTED)
    ]
    docs = result.documents
    removed = {tuple(sorted((docs[a].path, docs[b].path))) for a, b in applied.removed}
    assert removed == _pasted_pairs() - {REAL}
    assert all(found == (e,) for found in applied.removed.values())
    # the groups and each student's highest similarity follow
    assert [[out.documents[m].path for m in c.members] for c in out.clusters] == [list(REAL)]
    best = highest_similarity(out)
    assert best[_index(out, "s02.txt")] < 0.02 <= highest_similarity(result)[1]
    # exactly what a scan with the prompt as its template gives
    template = tmp_path / "prompt.txt"
    template.write_text(_prompt(), encoding="utf-8")
    fresh = scan([folder], templates=[template], settings=SETTINGS, isolate=False)
    assert result_dict(out) == result_dict(fresh)
    # the scan it came from is unchanged and kept
    assert _flagged(result) == _pasted_pairs() and base_of(out) is result


def test_a_passage_of_a_pair_treated_as_the_assignment_text(result: ScanResult) -> None:
    a, b = _index(result, "s02.txt"), _index(result, "s03.txt")
    shown = pair_evidence(result, a, b)
    (prompt,) = shown.passages
    e = template_passage_exclusion(result, a, prompt.a_start, prompt.a_end)
    out = apply_exclusions(result, Exclusions.of([e.signed()]))
    assert _flagged(out) == {REAL}
    assert exclusions_of(out, a, b)[0].kind is ExclusionKind.TEMPLATE


def test_excluding_a_source_document_removes_its_pairs_flags(result: ScanResult) -> None:
    s04 = _index(result, "s04.txt")
    e = source_exclusion(result, s04).signed(by="teacher")
    out = apply_exclusions(result, Exclusions.of([e]))
    assert all(s04 not in (p.a, p.b) for p in out.pairs)
    assert _flagged(out) == {p for p in _pasted_pairs() if "s04.txt" not in p}
    assert all(s04 not in c.members for c in out.clusters)
    assert highest_similarity(out)[s04] == 0.0
    assert len(out.exclusions.removed) == PASTED - 1
    assert {x.by for found in out.exclusions.removed.values() for x in found} == {"teacher"}
    assert not out.matrix.flagged[s04].any()


def test_excluding_one_passage_lowers_the_pairs_similarity_by_its_share(
    result: ScanResult,
) -> None:
    a, b = _index(result, REAL[0]), _index(result, REAL[1])
    before = pair_evidence(result, a, b)
    assert len(before.passages) == 2  # the prompt, and the copied part of the essay
    copied = max(before.passages, key=lambda p: p.units)
    share = copied.units / result.corpus.comparable[a]
    e = passage_exclusion(result, a, b, copied).signed()
    out = apply_exclusions(result, Exclusions.of([e]))
    p, q = _score(result, *REAL), _score(out, *REAL)
    assert q.share_a == pytest.approx(p.share_a - share, abs=0.01)
    assert q.similarity < p.similarity - 0.25
    assert q.flagged  # the prompt still flags it: it was not excluded
    after = pair_evidence(out, a, b)
    assert [x.a_start for x in after.passages] == [
        x.a_start for x in before.passages if x != copied
    ]
    assert out.exclusions.changed == {(min(a, b), max(a, b)): (e,)}
    # every other pair is as it was
    others = [x for x in out.pairs if {x.a, x.b} != {a, b}]
    assert others == [x for x in result.pairs if {x.a, x.b} != {a, b}]
    # the other way round, the same exclusion
    assert passage_exclusion(result, b, a, before.flipped().passages[1]).target in {
        passage_exclusion(result, a, b, x).target for x in before.passages
    }


def test_an_excluded_passage_is_not_made_again_from_similar_sentences(
    tmp_path: Path,
) -> None:
    """Whole passages take in clusters of similar sentences: the sentences of a copied
    passage left out are not found again as a reworded one, and the count follows."""
    from tests.core.textgen import two_passages

    for name, text in zip(("a.txt", "b.txt"), two_passages(), strict=True):
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = scan([tmp_path], settings=SETTINGS, isolate=False)
    before = pair_evidence(result, 0, 1)
    assert len(before.passages) == result.pairs[0].passages == 2
    e = passage_exclusion(result, 0, 1, before.passages[1]).signed()
    out = apply_exclusions(result, Exclusions.of([e]))
    after = pair_evidence(out, 0, 1)
    assert after.passages == before.passages[:1]
    (p,) = out.pairs
    kept = after.passages[0]
    assert p.passages == 1 and p.matched_chars == kept.a_end - kept.a_start


def test_matches_shorter_than_n_words_are_left_out(result: ScanResult) -> None:
    prompt_words = max(
        result.corpus.passage_words(p.a, m)
        for p in result.pairs
        if p.flagged
        for m in result.corpus.matches(p.a, p.b)
        if {result.documents[p.a].path, result.documents[p.b].path} == {"s02.txt", "s03.txt"}
    )
    out = apply_exclusions(result, Exclusions.of([min_words_exclusion(prompt_words + 1)]))
    assert _flagged(out) == {REAL}  # the real copy is one long match
    why = [x.kind for found in out.exclusions.removed.values() for x in found]
    assert why and set(why) == {ExclusionKind.MIN_WORDS}
    # a lower N keeps the prompt's matches
    kept = apply_exclusions(result, Exclusions.of([min_words_exclusion(prompt_words - 1)]))
    assert _flagged(kept) == _pasted_pairs()


def test_exclusions_change_and_go_back(result: ScanResult) -> None:
    prompt = template_exclusion(_prompt()).signed()
    short = min_words_exclusion(5).signed()
    both = apply_exclusions(result, Exclusions.of([prompt]))
    again = apply_exclusions(both, Exclusions.of([prompt, short]))
    # the assignment text's analyses are reused, not made again
    assert again.exclusions.templated is both.exclusions.templated
    assert _flagged(again) == {REAL}
    back = apply_exclusions(again, Exclusions())
    assert back.exclusions is None and _dump(back) == _dump(result)


def test_a_passage_whose_text_changed_is_not_applied(result: ScanResult) -> None:
    a, b = _index(result, REAL[0]), _index(result, REAL[1])
    passage = pair_evidence(result, a, b).passages[0]
    e = passage_exclusion(result, a, b, passage)
    moved = Exclusion.from_json({**e.to_json(), "digest": "0" * 24})
    out = apply_exclusions(result, Exclusions.of([moved]))
    assert out.exclusions.unmatched == (moved,)
    assert _dump(replace_exclusions(out)) == _dump(result)


def replace_exclusions(result: ScanResult) -> ScanResult:
    from dataclasses import replace

    return replace(result, exclusions=None)


def test_exclusions_survive_a_rescan_by_their_contents(folder: Path, tmp_path: Path) -> None:
    first = scan([folder], settings=SETTINGS, isolate=False)
    a, b = _index(first, REAL[0]), _index(first, REAL[1])
    copied = max(pair_evidence(first, a, b).passages, key=lambda p: p.units)
    store = DecisionStore(tmp_path / "decisions.sqlite")
    store.save_exclusions(
        [
            template_exclusion(_prompt()).signed(by="t"),
            passage_exclusion(first, a, b, copied).signed(by="t"),
            source_exclusion(first, _index(first, "s14.txt")).signed(by="t"),
        ]
    )
    expected = apply_exclusions(first, store.load_exclusions())
    # the class downloaded again elsewhere, every file renamed
    again = tmp_path / "again"
    again.mkdir()
    for f in sorted(folder.iterdir()):
        shutil.copy(f, again / f"renamed-{f.name}")
    second = scan([again], settings=SETTINGS, isolate=False)
    kept = store.load_exclusions()
    assert len(kept) == 3 and {x.by for x in kept} == {"t"}
    out = apply_exclusions(second, kept)
    assert out.exclusions.unmatched == ()
    name = {"renamed-" + d.path: d.path for d in first.documents}
    assert {(name[x], name[y]) for x, y in _flagged(out)} == _flagged(expected) == set()
    # the copied passage and the prompt both left out: the real pair is unflagged too
    assert [(p.similarity, p.flagged) for p in out.pairs] == [
        (p.similarity, p.flagged) for p in expected.pairs
    ]


def test_the_same_files_and_exclusions_give_the_same_result(
    folder: Path, result: ScanResult
) -> None:
    def run(r: ScanResult) -> str:
        a, b = _index(r, REAL[0]), _index(r, REAL[1])
        copied = max(pair_evidence(r, a, b).passages, key=lambda p: p.units)
        chosen = Exclusions.of(
            [
                min_words_exclusion(3).signed(by="x", at="t"),
                passage_exclusion(r, a, b, copied).signed(by="x", at="t"),
                template_exclusion(zh_essay(9000, sentences=3)).signed(by="x", at="t"),
            ]
        )
        return _dump(apply_exclusions(r, chosen))

    assert run(result) == run(scan([folder], settings=SETTINGS, isolate=False))


def test_exclusions_are_kept_beside_the_decisions(tmp_path: Path, result: ScanResult) -> None:
    store = DecisionStore(tmp_path / "d.sqlite")
    assert not store.load_exclusions()
    short = min_words_exclusion(8).signed(by="a", at="2026-01-01T00:00:00Z")
    source = source_exclusion(result, 3).signed(by="a", at="2026-01-01T00:00:00Z")
    store.save_exclusions([short, source])
    store.save(Decision(("h1", "h2"), Verdict.CONFIRMED, by="a"))
    later = min_words_exclusion(12).signed(by="b", at="2026-02-01T00:00:00Z")
    assert store.merge_exclusions([later]) == 1
    assert store.load_exclusions() == Exclusions.of([later, source])
    store.remove_exclusion(source)
    assert store.load_exclusions() == Exclusions.of([later])
    assert [d.note for d in store.load()] == [""]  # the decisions are untouched
    # the decisions file carries them in an "exclusions" list, only when there are any
    path = tmp_path / "review.json"
    write_decisions_file(store.load(), path, exclusions=store.load_exclusions())
    assert read_exclusions_file(path) == Exclusions.of([later])
    assert len(read_decisions_file(path)) == 1
    assert "exclusions" not in decisions_json(store.load())
    plain = tmp_path / "plain.json"
    write_decisions_file(store.load(), plain)
    assert read_exclusions_file(plain) == Exclusions()


def test_an_exclusion_reads_back_from_its_json() -> None:
    for e in (
        template_exclusion("题目要求").signed(by="a", at="b"),
        min_words_exclusion(8),
        Exclusion(ExclusionKind.SOURCE, source="abc", label="x.txt", note="the textbook"),
        Exclusion(ExclusionKind.PASSAGE, pair=("h1", "h2"), spans=((0, 5), (7, 12)), digest="d"),
    ):
        assert Exclusion.from_json(e.to_json()) == e
    for bad in ({"kind": "nothing"}, {"kind": "min-words", "words": 0}, {"kind": "template"}):
        with pytest.raises(ValueError):
            Exclusion.from_json(bad)
    with pytest.raises(ValueError):
        template_exclusion("  ")
