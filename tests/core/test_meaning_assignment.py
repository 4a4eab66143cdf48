"""The assignment text in the meaning layer: what it says is no student's own.

A class asked to translate one English article hands in Chinese translations that say
the same thing sentence by sentence, honestly. paraphrase-zh holds such a pair: s008
and s009 carry two independent professional translations of sentences of the English
article that translated-zh ships as src12.
"""

from __future__ import annotations

from simhash_core.compare.meaning import blocking, meaning_pairs
from simhash_core.compare.same_text import SameText
from simhash_core.review.exclusions import (
    Exclusions,
    apply_exclusions,
    template_passage_exclusion,
)
from simhash_core.scan import scan
from simhash_core.text.sentences import sentences_of
from tests.core.samples import SAMPLES, needs_samples, truth

PARAPHRASE_ZH = SAMPLES / "paraphrase-zh"
ARTICLE = SAMPLES / "translated-zh" / "documents" / "src12.txt"
TRANSLATIONS = ("s008.txt", "s009.pdf")


def _flagged(result) -> dict[tuple[str, str], bool]:
    docs = result.documents
    return {tuple(sorted((docs[p.a].name, docs[p.b].name))): p.flagged for p in result.pairs}


@needs_samples
def test_two_translations_of_the_set_text_are_not_copies() -> None:
    folder = PARAPHRASE_ZH / "documents"
    without = _flagged(scan([folder], isolate=False))
    given = scan([folder], [ARTICLE], isolate=False)
    with_it = _flagged(given)
    assert without[TRANSLATIONS], "the pair is a translation of one passage twice"
    assert not with_it.get(TRANSLATIONS, False)
    assert given.corpus.assignment == (ARTICLE.read_text(encoding="utf-8"),)
    # the other pairs holding two translations of one passage (not of the given
    # article) stay flagged
    others = [k for k, v in truth(PARAPHRASE_ZH).items() if v == "paraphrase"]
    others.remove(TRANSLATIONS)
    assert all(with_it.get(k) for k in others)


def _english(texts: list[str]):
    return [sentences_of(t) for t in texts]


PROMPT = (
    "Describe how the steam engine changed the cotton mills of northern England. "
    "Explain why the owners of the mills moved them from the rivers to the towns."
)
A = (
    "This essay describes how the steam engine changed the cotton mills of northern "
    "England. I will also explain why the mill owners moved them from the rivers "
    "into the towns. My grandmother worked in a bakery for forty years. Child "
    "workers in the mills often lost fingers to the unguarded spinning machines."
)
B = (
    "Here I describe how the steam engine changed the cotton mills in northern "
    "England, and I explain why their owners moved the mills from the rivers to the "
    "towns. Volcanoes on Iceland erupt under thick glaciers every few decades. In "
    "the mills, children working there frequently lost fingers to spinning "
    "machines that had no guards."
)
OTHERS = [
    "Penguins keep their eggs warm on their feet through the polar winter.",
    "The violin has four strings tuned in fifths and a bow strung with horsehair.",
    "Rice terraces in the mountains hold water after the monsoon rains arrive.",
    "Chess players study openings for years before their first tournament.",
]


def test_a_prompt_restated_in_other_words_links_no_one() -> None:
    sents = _english([A, B, *OTHERS])

    def linked(found) -> list[tuple[int, int]]:
        return sorted((x.a, x.b) for run in found[(0, 1)].runs for x in run.links)

    # a's two sentences restating the prompt match b's one; the children's fingers
    # are a sentence reworded from one student to the other
    before = linked(meaning_pairs(sents, translated=False))
    assert {(0, 0), (1, 0), (3, 2)} <= set(before)
    found = meaning_pairs(sents, translated=False, assignment=_english([PROMPT]))
    after = linked(found)
    assert (3, 2) in after  # what the students said themselves
    assert not {(0, 0), (1, 0)} & set(after)  # what the assignment says
    assert max(j for _, j in found) < len(sents)  # the assignment is no document


@needs_samples
def test_the_set_text_marked_as_the_assignment_text_stops_flagging() -> None:
    # the teacher scanned the article with the class, then marks it (T) as what was set
    result = scan([PARAPHRASE_ZH / "documents", ARTICLE], isolate=False)
    names = [d.name for d in result.documents]
    assert _flagged(result)[TRANSLATIONS]
    article = result.documents[names.index(ARTICLE.name)]
    mark = template_passage_exclusion(result, names.index(ARTICLE.name), 0, len(article.text))
    out = apply_exclusions(result, Exclusions.of([mark.signed()]))
    assert not _flagged(out).get(TRANSLATIONS, False)
    assert out.corpus.assignment == (article.text,)


def test_the_assignment_never_makes_a_small_folder_large(monkeypatch) -> None:
    """A folder just under the large-folder size, some of its texts handed in twice,
    compares its documents and the assignment's pieces all together as a small one."""
    monkeypatch.setattr(blocking, "BLOCKING_FROM", 8)
    texts = [A, B, *OTHERS, A]  # 7 documents, 6 texts
    same = SameText.of_labels([0, 1, 2, 3, 4, 5, 0])
    pieces = _english(PROMPT.split(". "))  # two pieces: 6 texts and 2 make 8
    found = meaning_pairs(_english(texts), translated=False, same=same, assignment=pieces)
    assert (0, 1) in found and (1, 6) in found  # the copy of A has A's links
