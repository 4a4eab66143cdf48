"""Whole passages (compare/extension.py): pieces of one copy joined, copies rewritten
past the word and meaning layers found from sentence seeds, summaries, and nothing
between honest texts."""

from __future__ import annotations

import random

import pytest

from simhash_core.compare.continuation import SentenceCosines, continued
from simhash_core.compare.extension import (
    CONTINUE_DICE,
    _term_rows,
    ended,
    in_order,
    join_passages,
    loose_summaries,
    seed_clusters,
    sentence_seeds,
    whole_passages,
)
from simhash_core.scan import scan
from simhash_core.text.sentences import sentences_of
from simhash_core.types import Passage

SOURCE = [
    "The river carries cold water from the northern glaciers to the plains.",
    "Farmers along its banks grow barley, potatoes and a hardy kind of wheat.",
    "Every spring the melting snow floods the lowest fields for several weeks.",
    "The town council built stone dykes after the great flood of 1911 had passed.",
    "Fishermen still catch trout and grayling in the upper valleys.",
    "A narrow railway follows the river from the harbour to the mountains.",
]
# each sentence rewritten: words replaced and moved, no five words in a row kept
REWRITTEN = [
    "From the northern glaciers, the river brings cold water down to the plains.",
    "Along its banks farmers raise potatoes, barley and a hardy wheat.",
    "The melting snow floods the lowest fields every spring for weeks.",
    "After the great flood of 1911 had passed the council of the town built dykes of stone.",
    "In the upper valleys fishermen still catch grayling and trout.",
    "From the harbour to the mountains a narrow railway follows the river.",
]
OTHER = [
    "Stock markets in Tokyo fell sharply after the central bank raised rates.",
    "Analysts expect exporters to suffer from the stronger currency this year.",
    "The finance minister promised a new budget before the summer recess.",
    "Car makers reported lower sales in Europe and higher sales in Asia.",
    "Bond yields rose to their highest level in more than a decade.",
    "Retail investors moved their savings into money market funds.",
]


def _text(sentences: list[str]) -> str:
    return " ".join(sentences)


def test_a_rewritten_copy_is_one_reworded_passage() -> None:
    a, b = sentences_of(_text(OTHER[:3] + REWRITTEN + OTHER[3:])), sentences_of(_text(SOURCE))
    got = whole_passages([], a, b)
    assert len(got) == 1
    p = got[0]
    assert p.kind == "reworded" and p.sentences >= 5
    text_a = _text(OTHER[:3] + REWRITTEN + OTHER[3:])
    assert text_a[p.a_start : p.a_end].startswith("From the northern glaciers")
    assert text_a[p.a_start : p.a_end].endswith("follows the river.")


def test_honest_texts_on_other_topics_share_no_passage() -> None:
    a, b = sentences_of(_text(OTHER)), sentences_of(_text(SOURCE))
    assert sentence_seeds(a, b) == []
    assert whole_passages([], a, b) == []


def test_one_similar_sentence_alone_is_not_a_passage_but_extends_one_found() -> None:
    text_a = _text([*OTHER[:3], REWRITTEN[0], *OTHER[3:]])
    a, b = sentences_of(text_a), sentences_of(_text(SOURCE))
    assert whole_passages([], a, b) == []
    # beside a passage found already (here the sentence after it), it is part of it
    start = len(_text([*OTHER[:3], REWRITTEN[0]])) + 1
    found = Passage(start, start + len(OTHER[3]), 71, 143, 12)
    got = whole_passages([found], a, b)
    assert len(got) == 1 and got[0].a_start == text_a.index(REWRITTEN[0])


def test_pieces_of_one_copy_are_joined_and_far_ones_are_not() -> None:
    text = _text(SOURCE)
    s = sentences_of(text)
    spans = [s.text_span(k) for k in range(s.count)]
    # pieces in sentences 0, 2 (one sentence between) and 5 (two sentences between)
    pieces = [Passage(*spans[k], *spans[k], 10) for k in (0, 2, 5)]
    got = join_passages(pieces, s, s)
    assert [(p.a_start, p.a_end) for p in got] == [(spans[0][0], spans[2][1]), spans[5]]
    assert got[0].units == 20 and got[0].kind == "copied"


def test_a_joined_passage_takes_the_kind_that_covers_most_of_it() -> None:
    s = sentences_of(_text(SOURCE))
    copied = Passage(0, 100, 0, 100, 20)
    reworded = Passage(100, 130, 100, 130, 1, kind="reworded", sentences=1)
    got = join_passages([copied, reworded], s, s)
    assert [(p.a_start, p.a_end, p.kind) for p in got] == [(0, 130, "copied")]


def test_common_text_is_never_joined() -> None:
    s = sentences_of(_text(SOURCE))
    common = Passage(0, 70, 0, 70, 12, common=True)
    copied = Passage(71, 143, 71, 143, 12)
    got = whole_passages([common, copied], s, s, seeds=False)
    assert sorted((p.a_start, p.common) for p in got) == [(0, True), (71, False)]


def test_seeds_are_clustered_when_close_on_both_sides() -> None:
    # at most MAX_GAP (4) sentences apart on each side
    assert seed_clusters([(0, 0), (3, 4), (7, 8), (9, 40), (12, 13)]) == [
        [(0, 0), (3, 4), (7, 8)],
        [(9, 40)],
        [(12, 13)],
    ]


FILLER = [
    f"Paragraph {k} talks about {w} in some detail here."
    for k, w in enumerate(
        ["weather", "music", "cooking", "sport", "travel", "gardens", "painting", "poetry"]
    )
]


@pytest.mark.parametrize("order", [(0, 3, 5), (3, 0, 5)], ids=["in-order", "own-order"])
def test_a_summary_is_one_passage_over_the_text_it_sums_up(order: tuple[int, ...]) -> None:
    # each summary sentence stands for its own stretch of the source, told in the
    # source's order or in its own
    source = [SOURCE[0], *FILLER[:4], SOURCE[3], *FILLER[4:], SOURCE[5]]
    summary = [REWRITTEN[k] for k in order]
    text_a, text_b = _text(OTHER[:3] + summary + OTHER[3:]), _text(source)
    got = whole_passages([], sentences_of(text_a), sentences_of(text_b))
    assert len(got) == 1
    p = got[0]
    assert text_a[p.a_start : p.a_end] == _text(summary)
    assert p.kind == "reworded" and p.sentences == 3
    # the source from its first summed-up sentence to its last
    assert text_b[p.b_start : p.b_end].startswith(SOURCE[0])
    assert text_b[p.b_start : p.b_end].endswith(SOURCE[5])


# sentences that sum up SOURCE[2] and SOURCE[3] keeping only a few of their words
# (a TF-IDF cosine of 0.2-0.26 with them: half a seed's strength)
LOOSE = [
    "When spring comes, water from melting snow covers the farmland near the banks.",
    "The council answered the disaster of 1911 with walls against the water.",
]
SUMMED = [SOURCE[0], *FILLER[:3], SOURCE[2], *FILLER[3:5], SOURCE[3], *FILLER[5:], SOURCE[5]]


def _whole(summary: list[str], source: list[str]) -> tuple[str, str, list[Passage]]:
    text_a, text_b = _text(OTHER[:3] + summary + OTHER[3:]), _text(source)
    return text_a, text_b, whole_passages([], sentences_of(text_a), sentences_of(text_b))


def test_a_summary_keeping_few_words_counts_its_loose_sentences() -> None:
    # two sentences said again closely, in two places of the source, and two between
    # them that keep a few words each: one summary over all four and the whole source
    text_a, text_b, got = _whole([REWRITTEN[0], *LOOSE, REWRITTEN[5]], SUMMED)
    assert len(got) == 1
    p = got[0]
    assert text_a[p.a_start : p.a_end] == _text([REWRITTEN[0], *LOOSE, REWRITTEN[5]])
    assert p.kind == "reworded"
    assert text_b[p.b_start : p.b_end] == text_b
    # the two close sentences alone are no summary (two places), nor is anything shown
    _, _, alone = _whole([REWRITTEN[0], OTHER[4], OTHER[5], REWRITTEN[5]], SUMMED)
    assert alone == []


def test_loose_sentences_around_one_close_one_are_no_summary() -> None:
    # one sentence said again and loose ones beside it: what two texts on one topic share
    _, _, got = _whole([REWRITTEN[0], *LOOSE, OTHER[5]], SUMMED)
    assert got == []


def test_a_copy_with_loose_sentences_beside_it_is_not_a_summary() -> None:
    # two sentences copied from one place (a copy) and loose ones matching further on
    source = [SOURCE[0], SOURCE[1], *FILLER[:3], SOURCE[2], *FILLER[3:5], SOURCE[3], *FILLER[5:]]
    _, text_b, got = _whole([REWRITTEN[0], REWRITTEN[1], *LOOSE], source)
    between = text_b.index(FILLER[0]), text_b.index(FILLER[-1])
    assert not [p for p in got if p.b_start <= between[0] and between[1] <= p.b_end]


def test_a_summary_is_shorter_than_the_text_it_sums_up() -> None:
    words = "tells of rivers and hills " * 6
    long = sentences_of(" ".join(f"Long sentence {k} {words}." for k in range(12)))
    short = sentences_of(" ".join(f"Short sentence {k} tells of rivers." for k in range(12)))
    graded = [((0, 1), 0.9, True), ((1, 5), 0.2, False), ((2, 9), 0.8, True)]
    # three sentences summing up nine as long as they are, or far longer ones
    assert len(loose_summaries(graded, short, short)) == 1
    assert len(loose_summaries(graded, short, long)) == 1
    # but not nine sentences no longer than the three
    assert loose_summaries(graded, long, short) == []


def test_a_run_of_sentences_in_one_place_is_a_copy_not_a_summary() -> None:
    s = sentences_of(" ".join(f"Sentence {k} tells of rivers and hills." for k in range(40)))
    spread = [((0, 2), 0.9, True), ((1, 12), 0.2, False), ((2, 22), 0.8, True)]
    assert len(loose_summaries(spread, s, s)) == 1
    # five sentences running along five of the other (a copy), then two far apart
    copy = [((k, 20 + k), 0.2, k == 0) for k in range(5)]
    copy += [((5, 30), 0.8, True), ((6, 38), 0.2, False)]
    assert loose_summaries(copy, s, s) == []


def _in_order_by_every_pair(seeds: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest rising chain the plain way: each seed after every earlier one."""
    ordered = sorted(seeds)
    best, prev = [1] * len(ordered), [-1] * len(ordered)
    for x, (xa, xb) in enumerate(ordered):
        for y in range(x):
            if ordered[y][0] < xa and ordered[y][1] < xb and best[y] + 1 > best[x]:
                best[x], prev[x] = best[y] + 1, y
    x = max(range(len(ordered)), key=lambda k: (best[k], -k), default=-1)
    chain = []
    while x != -1:
        chain.append(ordered[x])
        x = prev[x]
    return chain[::-1]


def test_the_longest_chain_in_order_is_the_plain_ones_chain() -> None:
    # the same chain, ties included, as comparing every seed with every earlier one
    rng = random.Random(2026)
    for _ in range(3000):
        top = rng.randint(1, 15)
        count = rng.randint(0, 40)
        seeds = list({(rng.randint(0, top), rng.randint(0, top)) for _ in range(count)})
        assert in_order(seeds) == _in_order_by_every_pair(seeds)


def test_a_copy_in_two_pieces_far_apart_is_not_a_summary() -> None:
    # the copy's sentences run along the source's in each piece: two passages, and the
    # source text between them is not shown as summed up
    source = [*SOURCE[:3], *FILLER, *SOURCE[3:]]
    text_a, text_b = _text(OTHER[:3] + REWRITTEN + OTHER[3:]), _text(source)
    got = whole_passages([], sentences_of(text_a), sentences_of(text_b))
    between = text_b.index(FILLER[0]), text_b.index(FILLER[-1])
    assert got
    assert not [p for p in got if p.b_start <= between[0] and between[1] <= p.b_end]


def test_the_side_by_side_passages_of_a_scan_are_whole(tmp_path) -> None:
    (tmp_path / "a.txt").write_text(_text(OTHER[:3] + REWRITTEN + OTHER[3:]), encoding="utf-8")
    (tmp_path / "b.txt").write_text(_text(SOURCE), encoding="utf-8")
    result = scan([tmp_path], isolate=False, all_pairs=True)
    got = result.corpus.passages(0, 1)
    assert len(got) == 1 and got[0].kind == "reworded"
    assert result.corpus.passages(0, 1) == got  # the same pair gives the same passages
    # the pair counts the passage it shows, not the pieces it was made of
    (pair,) = result.pairs
    assert pair.passages == 1
    assert (pair.matched_chars, pair.matched_chars_b) == (
        got[0].a_end - got[0].a_start,
        got[0].b_end - got[0].b_start,
    )


def test_a_pair_only_sentence_seeds_find_counts_what_it_shows(tmp_path) -> None:
    """Four rewritten sentences and no passage found by the word or meaning layers: the
    pair (linked by the meaning layer) shows one reworded passage and counts it; the
    passage flags it as rewritten sentence by sentence (tests/core/test_rewritten.py)."""
    rewritten = [REWRITTEN[k] for k in (1, 2, 4, 5)]
    (tmp_path / "a.txt").write_text(_text(OTHER[:3] + rewritten + OTHER[3:]), encoding="utf-8")
    (tmp_path / "b.txt").write_text(_text(SOURCE), encoding="utf-8")
    result = scan([tmp_path], isolate=False, all_pairs=True)
    assert result.corpus.found_passages(0, 1) == []
    got = result.corpus.passages(0, 1)
    (pair,) = result.pairs
    assert len(got) == pair.passages == 1 and got[0].kind == "reworded"
    assert pair.matched_chars == got[0].a_end - got[0].a_start
    assert [r.code for r in pair.reasons] == ["pair.rewritten"]


def test_a_summary_found_by_its_sentence_seeds_says_it_sums_up(tmp_path) -> None:
    """Three sentences saying again three parts of an eleven-sentence text, flagged by
    the passage they make: the reason says who sums up how much of whom, not that
    sentences were rewritten one by one."""
    source = [SOURCE[0], *FILLER[:4], SOURCE[3], *FILLER[4:], SOURCE[5]]
    summary = [REWRITTEN[k] for k in (0, 3, 5)]
    (tmp_path / "a.txt").write_text(_text(OTHER[:3] + summary + OTHER[3:]), encoding="utf-8")
    (tmp_path / "b.txt").write_text(_text(source), encoding="utf-8")
    result = scan([tmp_path], isolate=False, all_pairs=True)
    (pair,) = result.pairs
    assert pair.flagged
    assert [r.code for r in pair.reasons] == ["pair.summary"]
    assert pair.reasons[0].args == {"name": "a.txt", "other": "b.txt", "summed": 11, "sentences": 3}


def test_a_copied_passage_reaches_the_end_of_a_sentence_edited_past_it() -> None:
    """The word layer finds the unedited start of a sentence; the sentence's edited
    end still shares its terms with the source's, so the passage reaches its end on
    both sides. Only one of the two touched sentences' rest sharing nothing (the text
    after a copy) would keep the passage where the words stop (tests/core/test_passages)."""
    edited = "The river carries cold water from the northern glaciers down to the wide plains."
    text_a, text_b = _text([*OTHER[:3], edited, *OTHER[3:]]), _text(SOURCE)
    start_a = text_a.index(edited)
    kept = len("The river carries cold water from the northern glaciers")
    found = Passage(start_a, start_a + kept, 0, kept, 8)
    a, b = sentences_of(text_a), sentences_of(text_b)
    got = whole_passages([found], a, b, texts=(text_a, text_b))
    assert [(p.a_start, p.a_end, p.b_start, p.b_end) for p in got] == [
        (start_a, start_a + len(edited), 0, len(SOURCE[0]))
    ]
    # without the texts, what a touched seed adds is unknown: the passage stays as found
    assert whole_passages([found], a, b) == [found]


# a copy edited unevenly: its first sentence keeps most of its source's terms, the
# next two keep two or three (below the seeding thresholds: no seed of their own)
UNEVEN = [
    "From the northern glaciers, the river brings cold water down to the plains.",
    "People farming by its banks plant barley and sturdy grains.",
    "Each spring, melted ice drowns low meadows for weeks.",
]


def test_a_passage_goes_on_over_the_sentences_next_to_it_that_match_each_other() -> None:
    text_a, text_b = _text(OTHER[:3] + UNEVEN + OTHER[3:]), _text(SOURCE)
    a, b = sentences_of(text_a), sentences_of(text_b)
    assert sentence_seeds(a, b) == [(3, 0)]  # one seed: alone, it would be no passage
    got = whole_passages([], a, b)
    assert len(got) == 1 and got[0].kind == "reworded" and got[0].sentences == 3
    p = got[0]
    assert text_a[p.a_start : p.a_end] == _text(UNEVEN)
    assert text_b[p.b_start : p.b_end] == _text(SOURCE[:3])


def test_a_next_sentence_closer_to_another_part_does_not_carry_a_passage_on() -> None:
    # the sentence after the seed shares two terms with the source's next sentence,
    # but more with its last one: it is not the next sentence's match
    elsewhere = "Farmers along the narrow railway to the harbour grow flowers."
    a = sentences_of(_text([*OTHER[:3], UNEVEN[0], elsewhere, *OTHER[3:]]))
    b = sentences_of(_text(SOURCE))
    cosines = SentenceCosines(a, b, _term_rows(a, b))
    assert cosines.shared(4, 1) >= 2 and not cosines.mutual_best(4, 1)
    assert continued([[(3, 0)]], cosines, lambda seed: True, CONTINUE_DICE) == [[(3, 0)]]
    assert whole_passages([], a, b) == []


def test_a_weaker_lone_seed_carried_on_is_not_a_passage() -> None:
    # two honest sentences on the source's topic: the second seeds (sharing less than
    # half of the two sentences' terms) and the first carries it back, but a seed
    # that shares that little, with one more sentence, is a coincidence of topic
    honest = [
        "The river near our town carries water from the mountains to the sea.",
        "Farmers in our town grow barley for beer.",
    ]
    a, b = sentences_of(_text(OTHER[:3] + honest + OTHER[3:])), sentences_of(_text(SOURCE))
    assert sentence_seeds(a, b) == [(4, 1)]
    cosines = SentenceCosines(a, b, _term_rows(a, b))
    assert continued([[(4, 1)]], cosines, lambda seed: True, CONTINUE_DICE) == [[(3, 0), (4, 1)]]
    assert whole_passages([], a, b) == []


def test_pieces_copied_from_three_places_side_by_side_are_not_a_summary() -> None:
    # three pieces of two sentences, each a passage on its own, from three places of
    # the source put side by side in another order: three passages, and the source
    # text between them is not shown as summed up
    source = [*SOURCE[0:2], *FILLER[:4], *SOURCE[2:4], *FILLER[4:], *SOURCE[4:6]]
    copy = [*REWRITTEN[4:6], *REWRITTEN[0:2], *REWRITTEN[2:4]]
    text_a, text_b = _text(OTHER[:3] + copy + OTHER[3:]), _text(source)
    got = whole_passages([], sentences_of(text_a), sentences_of(text_b))
    assert sorted(text_b[p.b_start : p.b_end] for p in got) == sorted(
        _text(source[k : k + 2]) for k in (0, 6, 12)
    )
    assert all(p.kind == "reworded" and p.sentences == 2 for p in got)


def test_text_a_piece_matches_elsewhere_is_not_also_summed_up() -> None:
    # A: two sentences copied from the middle of B, then four more whose matches lie
    # spread over B (one, one, and two together). Read alone, those four look like a
    # summary of B from its start to its end, over the first copy's text; but that text
    # is a copy of A's start: the pieces are shown, not a summary over them
    fill = [f"Paragraph {k} talks about {w} in some detail here." for k, w in enumerate(
        ["weather", "music", "cooking", "sport", "travel", "gardens", "painting", "poetry",
         "chess", "dance", "films", "birds", "trains", "coffee", "shoes"]
    )]  # fmt: skip
    a_sentences = [SOURCE[0], SOURCE[1], *OTHER[0:3], *SOURCE[2:6]]
    b_sentences = [
        REWRITTEN[2], *fill[0:5], REWRITTEN[0], REWRITTEN[1], *fill[5:10],
        REWRITTEN[3], *fill[10:15], REWRITTEN[4], REWRITTEN[5],
    ]  # fmt: skip
    text_a, text_b = _text(a_sentences), _text(b_sentences)
    got = whole_passages([], sentences_of(text_a), sentences_of(text_b))
    assert sorted(text_b[p.b_start : p.b_end] for p in got) == [
        _text(REWRITTEN[0:2]),
        _text(REWRITTEN[4:6]),
    ]


def test_pieces_touching_on_one_side_join_across_two_sentences_on_the_other() -> None:
    # a copy whose source goes on where it stops, while two of its own sentences (added,
    # or matched elsewhere) lie between: one passage. Two sentences on both sides: two.
    s = sentences_of(_text(SOURCE))
    spans = [s.text_span(k) for k in range(s.count)]
    first = Passage(*spans[0], *spans[0], 10)
    touching = Passage(spans[1][0], spans[1][1], spans[3][0], spans[3][1], 10)
    assert len(join_passages([first, touching], s, s)) == 1
    apart = Passage(spans[3][0], spans[3][1], spans[3][0], spans[3][1], 10)
    assert len(join_passages([first, apart], s, s)) == 2


# a web page's lines: no full stop, none of the source's words
LINES = (
    "Opening hours Monday to Friday nine till five Tickets sold at the gate Parking behind "
    "the museum Guided tours on request Group discounts for schools Gift shop closed on "
    "holidays Wheelchair access through the side entrance Lockers available for visitors "
    "Photography allowed without flash Audio guides in seven languages Cafe serves lunch "
    "Newsletter sign up at the desk Membership cards renewed online Lost property kept a "
    "month Contact the office by telephone Friends of the museum meet on Thursdays"
)


def test_a_passage_ends_where_its_words_end_in_text_without_full_stops(tmp_path) -> None:
    """A copy running on into a list without full stops (cut into pieces of 400
    characters) is shown ending at its last word the source holds, not at a cut 400
    characters on, and the pair counts what is shown; the source's side, ending at a
    full stop, stays whole, and the pair is judged as before (flagged for its
    rewritten sentences)."""
    copy = _text(REWRITTEN)[:-1]  # its last full stop gone: the list goes straight on
    text_a, text_b = _text(OTHER[:3]) + " " + copy + " " + LINES, _text(SOURCE)
    (tmp_path / "a.txt").write_text(text_a, encoding="utf-8")
    (tmp_path / "b.txt").write_text(text_b, encoding="utf-8")
    result = scan([tmp_path], isolate=False, all_pairs=True)
    (p,) = result.corpus.passages(0, 1)
    assert text_a[p.a_start : p.a_end].startswith("From the northern glaciers")
    assert text_a[p.a_start : p.a_end].endswith("a narrow railway follows the river")
    assert (p.b_start, p.b_end) == (0, len(text_b))
    (pair,) = result.pairs
    assert pair.flagged and (pair.matched_chars, pair.matched_chars_b) == (
        p.a_end - p.a_start,
        p.b_end - p.b_start,
    )
    # the whole passages the rules read run on to a cut in the list
    whole = result.corpus.whole_passages(0, 1, result.corpus.found_passages(0, 1))
    assert max(w.a_end for w in whole) > p.a_end + 300


def test_a_passage_starts_where_its_words_start_after_text_without_full_stops() -> None:
    text_a, text_b = LINES + " " + _text(REWRITTEN), _text(SOURCE)
    a, b = sentences_of(text_a), sentences_of(text_b)
    (whole,) = whole_passages([], a, b)
    assert not text_a[whole.a_start : whole.a_end].startswith("From")  # a cut's piece
    p = ended(whole, a, b, (text_a, text_b))
    assert text_a[p.a_start : p.a_end].startswith("From the northern glaciers")
    assert (p.a_end, p.b_start, p.b_end) == (whole.a_end, whole.b_start, whole.b_end)


@pytest.mark.parametrize("seed", range(30))
def test_a_run_on_end_read_in_windows_is_where_reading_all_of_it_puts_it(monkeypatch, seed):
    """The end and start of a passage in a run-on, read from its edge in growing
    windows, are where reading every word of it puts them, whatever the windows cut
    ("b|ridge" is no "ridge", "snow|drop" no "snow")."""
    from simhash_core.compare import extension

    rng = random.Random(seed)
    vocabulary = ["river", "bridge", "ridge", "snowdrop", "of", "the", "黄河", "流域", "snow"]
    text = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(1, 30)))
    wanted = set(extension.terms_of(" ".join(rng.sample(vocabulary, 2))).tolist())
    words = extension._words_in(text, 0, len(text))
    mirrored = [(-w1, -w0, t) for w0, w1, t in reversed(words)]
    end, start = (
        extension._last_kept(words, wanted, len(text)),
        -extension._last_kept(mirrored, wanted, 0),
    )
    for window in range(1, len(text) + 2):
        monkeypatch.setattr(extension, "_WINDOW", window)
        assert extension._moved_end(text, 0, len(text), wanted) == end, window
        assert extension._moved_start(text, 0, len(text), wanted) == start, window
