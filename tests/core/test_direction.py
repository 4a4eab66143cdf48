"""Who copied from whom: stated only on evidence, right where the truth is known, and
"unknown" otherwise (never the old guess by the least matched text)."""

from __future__ import annotations

import pytest

from simhash_core.scan import scan
from tests.core.samples import PAN13, needs_samples
from tests.core.textgen import en_essay


def sentences_of(text: str) -> list[str]:
    return [s.strip().rstrip(".") + "." for s in text.split(". ") if s.strip()]


def _write(folder, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


def _by_name(result):
    return {d.name: i for i, d in enumerate(result.documents)}


@pytest.mark.slow
@needs_samples
def test_every_direction_stated_on_pan13_is_right():
    """pan13's suspicious documents copy passages of its source documents: each stated
    direction must name a source document as the source, and most groups (those built
    from several sources) get one."""
    result = scan([PAN13 / "documents"], isolate=False)
    docs = result.documents
    stated = [p.direction for p in result.pairs if p.flagged and p.direction.known]
    assert len(stated) >= 20
    for d in stated:
        assert docs[d.source].name.startswith("source-"), docs[d.source].name
        assert docs[d.copy].name.startswith("suspicious-"), docs[d.copy].name
        assert d.reason.code == "direction.compiled"
    named = [c for c in result.clusters if c.source_reason.code != "source.unknown"]
    assert len(named) >= len(result.clusters) // 2
    for c in named:
        assert c.likely_source is None and docs[c.compiler].name.startswith("suspicious-")
    # a group of one source and one copy has nothing that shows the direction
    pairs_of_two = [c for c in result.clusters if len(c.members) == 2]
    assert pairs_of_two and all(c.source_reason.code == "source.unknown" for c in pairs_of_two)


def test_a_compilation_of_unrelated_texts_names_its_sources(tmp_path):
    own, s1, s2 = (sentences_of(en_essay(k, 40)) for k in (1, 2, 3))
    _write(tmp_path, "s1.txt", " ".join(s1))
    _write(tmp_path, "s2.txt", " ".join(s2))
    _write(tmp_path, "x.txt", " ".join(own[:10] + s1[5:17] + own[10:20] + s2[20:32] + own[20:]))
    result = scan([tmp_path], isolate=False)
    at = _by_name(result)
    flagged = {(p.a, p.b): p for p in result.pairs if p.flagged}
    assert set(flagged) == {tuple(sorted((at["x.txt"], at[s]))) for s in ("s1.txt", "s2.txt")}
    for p in flagged.values():
        assert p.direction.copy == at["x.txt"]
        assert p.direction.source in (at["s1.txt"], at["s2.txt"])
        assert "x.txt is likely built from 2 documents" in str(p.direction.reason)
    (group,) = result.clusters
    assert group.compiler == at["x.txt"] and group.likely_source is None


def test_one_shared_passage_leaves_the_direction_unknown(tmp_path):
    """Two essays sharing a passage: nothing says which came first, so nothing is said,
    whichever has more of its own text (the old rule's guess)."""
    a, b = sentences_of(en_essay(4, 40)), sentences_of(en_essay(5, 60))
    _write(tmp_path, "a.txt", " ".join(a))
    _write(tmp_path, "b.txt", " ".join(b[:30] + a[10:22] + b[30:]))
    result = scan([tmp_path], isolate=False)
    (p,) = [p for p in result.pairs if p.flagged]
    assert not p.direction.known and p.direction.reason.code == "direction.unknown"
    (group,) = result.clusters
    assert group.likely_source is None and group.compiler is None
    assert str(group.source_reason) == "direction unknown"


def test_sources_that_share_text_with_each_other_make_no_compilation(tmp_path):
    """Three essays that all share one passage: a ring of copies, not one built from
    the others; the direction stays unknown. (Seven unrelated essays keep the passage
    from being text common to the class.)"""
    base = sentences_of(en_essay(6, 40))
    for k, name in enumerate(("a.txt", "b.txt", "c.txt")):
        own = sentences_of(en_essay(10 + k, 40))
        _write(tmp_path, name, " ".join(own[:15] + base[5:17] + own[15:]))
    for k in range(7):
        _write(tmp_path, f"z{k}.txt", en_essay(20 + k, 40))
    result = scan([tmp_path], isolate=False)
    flagged = [p for p in result.pairs if p.flagged]
    assert len(flagged) == 3
    assert all(not p.direction.known for p in flagged)


def test_two_documents_each_built_from_the_other_get_no_direction():
    """q–x–p–r: x holds passages of q and p, p of x and r; both count as compiled, so
    between x and p nothing says who copied: unknown, whatever the files' order."""
    from simhash_core.compare.direction import pair_directions
    from simhash_core.types import PairScore, Passage

    links = {("q", "x"): (0, 100), ("x", "p"): (200, 300), ("p", "r"): (500, 600)}
    for order in ("qxpr", "rpxq"):
        at = {name: k for k, name in enumerate(order)}
        where = {frozenset((at[a], at[b])): span for (a, b), span in links.items()}

        def passages(i, j, where=where):
            s, e = where[frozenset((i, j))]
            return [Passage(s, e, s, e, 20)]

        pairs = [
            PairScore(min(at[a], at[b]), max(at[a], at[b]), 0.3, 30, 0.1, 0.1, 0.1, flagged=True)
            for a, b in links
        ]
        got = pair_directions(pairs, names=list(order), archived=[None] * 4, passages=passages)
        x, p = sorted((at["x"], at["p"]))
        assert not got[(x, p)].known


def test_pairs_alike_have_their_places_worked_out_once_with_the_same_directions():
    """A source handed in by three students and two essays built from it and another
    source: pairs with the same key (``alike``, the comparison's pair of contents) have
    their passages read once, and every direction is what reading each pair gives."""
    from simhash_core.compare.direction import pair_directions
    from simhash_core.types import PairScore, Passage

    # 0, 1, 2: the same essay; 3: another source; 4, 5: each built from 0-2 and 3
    content = [0, 0, 0, 1, 2, 3]
    spans = {(0, 2): (0, 100), (1, 2): (300, 400), (0, 0): (0, 900), (0, 3): (0, 100)}

    def passages(i, j):
        a, b = content[i], content[j]
        s, e = spans[(min(a, b), max(a, b))]
        return [Passage(s, e, s, e, 20)]

    pairs = [
        PairScore(i, j, 0.3, 30, 0.1, 0.1, 0.1, flagged=True)
        for i in range(6)
        for j in range(i + 1, 6)
        if (min(content[i], content[j]), max(content[i], content[j])) in spans
    ]
    names, archived = [f"s{k}" for k in range(6)], [None] * 6
    read: list[tuple[int, int]] = []

    def counted(i, j):
        read.append((i, j))
        return passages(i, j)

    each = pair_directions(pairs, names=names, archived=archived, passages=counted)
    every = len(read)
    read.clear()
    once = pair_directions(
        pairs,
        names=names,
        archived=archived,
        passages=counted,
        alike=lambda i, j: (content[i], content[j]),
    )
    assert once == each
    assert any(d.known for d in each.values())  # 4 and 5 are built from two sources
    # once per pair of contents and side, where each pair was read from each side
    assert len(read) <= 2 * len({(content[i], content[j]) for i, j in read}) < every
