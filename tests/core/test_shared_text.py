"""Shared text (issue #40, part 4): a prompt many students paste at the same place is
reported and not counted; an essay many students hold is a copy, never hidden."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from simhash_core.compare import compare_documents
from simhash_core.compare.pair_stream import every_pair
from simhash_core.fingerprint.analyze import analyze_text, to_document
from simhash_core.scan import scan
from simhash_core.types import Document, ScanSettings, SharedPlace
from tests.core.samples import CLASS_ZH, needs_samples
from tests.core.textgen import en_essay, zh_essay

SETTINGS = ScanSettings()
PROMPT = (
    "Assignment three. Write an essay of about five hundred words on how the river "
    "valley shaped the trade of the region, citing at least two sources, and hand it "
    "in before the end of the week as a single document with your name at the top. "
)


def _docs(texts: dict[str, str], settings: ScanSettings = SETTINGS) -> list[Document]:
    return [
        to_document(name, Path(name), analyze_text(text, settings)) for name, text in texts.items()
    ]


def _flagged(texts: dict[str, str], settings: ScanSettings = SETTINGS):
    docs = _docs(texts, settings)
    c = compare_documents(docs, settings, all_pairs=True)
    flagged = {
        tuple(sorted((docs[p.a].path, docs[p.b].path)))
        for p in every_pair(c.pairs, c.others)
        if p.flagged
    }
    return flagged, c


def test_a_majority_copy_in_a_five_file_folder_is_flagged() -> None:
    """Four of five files hold one essay (a scan, a picture of it, the typed original,
    another copy): every pair of the four is flagged, none of it is shared text."""
    essay = en_essay(11, 40)
    texts = {f"copy{k}.txt": essay for k in range(4)}
    texts["own.txt"] = en_essay(12, 40)
    flagged, c = _flagged(texts)
    copies = {f"copy{k}.txt" for k in range(4)}
    assert flagged == {(a, b) for a in copies for b in copies if a < b}
    assert not len(c.corpus.common)
    assert c.corpus.shared_texts() == ()


def test_a_prompt_pasted_by_a_third_of_a_class_is_shared_text() -> None:
    """11 of 30 students paste the prompt above their own essays (no template given):
    it is reported as one shared text at the start, their pairs are not flagged, and
    the one real copy in the class is."""
    texts = {}
    for k in range(30):
        own = en_essay(100 + k, 25)
        texts[f"s{k:02}.txt"] = (PROMPT + own) if k < 11 else own
    texts["s29.txt"] = texts["s03.txt"]  # a copy of a prompt-pasting student's essay
    flagged, c = _flagged(texts)
    assert flagged == {("s03.txt", "s29.txt")}
    (shared,) = c.corpus.shared_texts()
    assert shared.place is SharedPlace.START
    names = {c.corpus.docs[i].path for i in shared.documents}
    assert names == {f"s{k:02}.txt" for k in range(11)} | {"s29.txt"}
    assert abs(shared.words - len(PROMPT.split())) <= 5
    assert PROMPT.split()[5] in shared.text
    assert str(shared.message).startswith(f"12 students begin with the same {shared.words} words")
    # it is greyed where it stands, and nowhere in an essay of a student without it
    a = names and next(iter(shared.documents))
    (start, end), *_ = c.corpus.common_spans(a)
    assert start <= 1 and end >= len(PROMPT) - 20
    assert not c.corpus.common_spans(texts_index(c, "s20.txt"))
    # the class's shared shingles are found in each document as np.isin finds them
    for d in c.corpus.docs:
        expected = np.isin(d.shingle_seq, c.corpus.common)
        assert (c.corpus.is_common(d.shingle_seq) == expected).all()
        assert expected.any() == (d.path in names)


def texts_index(c, name: str) -> int:
    return next(i for i, d in enumerate(c.corpus.docs) if d.path == name)


def test_a_declaration_at_the_end_is_shared_text() -> None:
    """A signed declaration at the end of most essays is shared text at the end."""
    declaration = (
        "I declare that this essay is my own work, that every source is cited and that "
        "no part of it was written by another person or a machine."
    )
    texts = {f"s{k}.txt": en_essay(200 + k, 25) + declaration for k in range(6)}
    flagged, c = _flagged(texts)
    assert not flagged
    (shared,) = c.corpus.shared_texts()
    assert shared.place is SharedPlace.END and shared.files == 6


def test_text_shared_by_fewer_files_than_the_setting_is_evidence() -> None:
    """Three files beginning with the prompt are below the default of four: their
    prompt is evidence; at three files it is shared text (the setting decides)."""
    texts = {f"s{k}.txt": (PROMPT if k < 3 else "") + en_essay(300 + k, 25) for k in range(8)}
    flagged, c = _flagged(texts)
    assert flagged and c.corpus.shared_texts() == ()
    three = ScanSettings(shared_text_files=3)
    flagged, c = _flagged(texts, three)
    assert not flagged and c.corpus.shared_texts()[0].files == 3


def test_a_copied_half_is_not_shared_text() -> None:
    """Five students open with the same copied half of an essay, then write their own:
    not short beside their documents, so it is a copy, flagged."""
    half = en_essay(400, 20)
    texts = {f"s{k}.txt": half + en_essay(410 + k, 20) for k in range(5)}
    texts |= {f"h{k}.txt": en_essay(420 + k, 40) for k in range(5)}
    flagged, c = _flagged(texts)
    assert len(flagged) == 10  # every pair of the five
    assert c.corpus.shared_texts() == ()


@needs_samples
def test_the_sample_class_beside_sixty_honest_files_keeps_its_groups(tmp_path: Path) -> None:
    """The sample class scanned without its template beside 60 honest essays (under
    the old 40 % rule: 742 flagged pairs in one group of 40): its prompt is shared text
    at the start of all 40 files, and the flags are those of the class scanned alone
    with its template."""
    honest = tmp_path / "honest"
    honest.mkdir()
    for k in range(60):
        (honest / f"h{k:02}.txt").write_text(zh_essay(7000 + k), encoding="utf-8")
    submissions = CLASS_ZH / "submissions"
    beside = scan([submissions, honest], isolate=False)
    alone = scan([submissions], [CLASS_ZH / "template.txt"], isolate=False)

    def flagged(result) -> set[tuple[str, str]]:
        docs = result.documents
        return {tuple(sorted((docs[p.a].name, docs[p.b].name))) for p in result.pairs if p.flagged}

    assert flagged(beside) == flagged(alone) and flagged(alone)
    assert max(len(c.members) for c in beside.clusters) <= 3
    (shared,) = beside.shared_texts
    assert shared.place is SharedPlace.START and shared.files == 40


def test_the_command_line_json_and_reports_tell_of_the_shared_text(tmp_path: Path, capsys) -> None:
    """The summary says what the shared text is and suggests --template; the JSON
    carries it (``shared_texts``), and so do the HTML and PDF reports."""
    import json

    from simhash_core.cli.main import main

    folder = tmp_path / "class"
    folder.mkdir()
    for k in range(12):
        text = (PROMPT if k < 5 else "") + en_essay(700 + k, 25)
        (folder / f"s{k:02}.txt").write_text(text, encoding="utf-8")
    js, html = tmp_path / "r.json", tmp_path / "r.html"
    argv = ["scan", str(folder), "--json", str(js), "--html", str(html), "--no-cache"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "5 students begin with the same" in out and "--template" in out
    (shared,) = json.loads(js.read_text(encoding="utf-8"))["shared_texts"]
    assert shared["place"] == "start" and shared["files"] == 5
    assert shared["documents"] == [f"s{k:02}.txt" for k in range(5)]
    assert shared["text"].startswith("Assignment three.")
    assert shared["message"]["code"] == "shared.start"
    page = html.read_text(encoding="utf-8")
    assert 'id="shared-text"' in page and "5 students begin with the same" in page


def test_the_first_run_of_an_edited_copy_is_not_shared_text() -> None:
    """Four students hand in one essay, each with a clause of their own added every few
    sentences: its first run (short, at the start, held by all four) is not a prompt,
    because the rest of each file is held by the others too. Nothing of it is hidden."""
    essay = en_essay(800, 40).split(". ")
    texts = {}
    for k in range(4):
        own = en_essay(820 + k, 40).split(". ")  # each student's own clauses
        edited = [s + (f", {own[i]}" if i % 6 == 5 else "") for i, s in enumerate(essay)]
        texts[f"copy{k}.txt"] = ". ".join(edited)
    texts |= {f"own{k}.txt": en_essay(810 + k, 40) for k in range(4)}
    flagged, c = _flagged(texts)
    assert len(flagged) == 6
    assert not len(c.corpus.common) and c.corpus.shared_texts() == ()
