"""Template-built texts are not reworded copies (issue #40, part 3): two articles made
from one template (two counties, two subway stations) share their sentences' structure
but none of their names and numbers; a reworded copy keeps its source's facts."""

from __future__ import annotations

from pathlib import Path

import pytest

from simhash_core.compare import compare_documents
from simhash_core.compare.pair_stream import every_pair
from simhash_core.fingerprint.analyze import analyze_text, to_document
from simhash_core.text.facts import Facts, facts, facts_disagree
from simhash_core.types import PairScore, ScanSettings
from tests.core.textgen import en_essay, zh_essay

SETTINGS = ScanSettings()

# name, state, seat, founded, population, area, named after, region, town, its people
COUNTIES = (
    ("Adams", "Ohio", "West Union", 1797, "28,550", 586, "John Adams", "Appalachian",
     "Peebles", "1,782"),
    ("Brown", "Indiana", "Nashville", 1836, "15,242", 319, "Jacob Brown", "Southern",
     "Helmsburg", "960"),
)  # fmt: skip

# name, line, district, year, month, day, floors, exits, riders, landmarks, before, after
STATIONS = (
    ("西直门", 4, "西城区", 2009, 9, 28, 2, 6, 12, "北京北站", "动物园", "新街口", "动物园"),
    ("国家图书馆", 9, "海淀区", 2012, 12, 30, 3, 4, 5, "紫竹院", "首都体育馆", "白石桥南",
     "白堆子"),
)  # fmt: skip


def county(name, state, seat, founded, people, area, after, region, town, town_people) -> str:
    return (
        f"{name} County is a county located in the state of {state}, in the United States. "
        f"As of the 2010 census, the population was {people}. "
        f"Its county seat is {seat}. "
        f"The county was created in {founded} and named after {after}. "
        f"According to the census bureau, the county has a total area of {area} square "
        f"miles, most of it land. "
        f"{name} County lies in the {region} region of {state}, where farming has long "
        f"been the main trade. "
        f"The largest town after {seat} is {town}, with {town_people} residents. "
    )


def county_reworded(name, state, seat, founded, people, area, after, region, town, town_people):
    return (
        f"Located in {state} in the United States, {name} County is one of the state's "
        f"counties. "
        f"The 2010 census counted {people} people living in the county. "
        f"{seat} serves as the seat of the county government. "
        f"It was formed in {founded}, taking its name from {after}. "
        f"The census bureau gives the county an overall area of {area} square miles, "
        f"nearly all of which is land. "
        f"In the {region} region of {state}, {name} County has depended mainly on "
        f"farming for a long time. "
        f"After {seat}, {town} is the biggest town of the county, home to {town_people} "
        f"residents. "
    )


def station(name, line, district, year, month, day, floors, exits, riders, p1, p2, prev, nxt):
    return (
        f"{name}站是北京地铁{line}号线的一座车站，位于{district}。\n"
        f"该站于{year}年{month}月{day}日随{line}号线一期工程开通运营。\n"
        f"车站为地下{floors}层岛式站台，共设有{exits}个出入口。\n"
        f"{name}站的日均客流量约为{riders}万人次。\n"
        f"车站附近有{p1}和{p2}等地标。\n"
        f"本站的上一站是{prev}站，下一站是{nxt}站。\n"
    )


def station_reworded(name, line, district, year, month, day, floors, exits, riders, p1, p2,
                     prev, nxt):  # fmt: skip
    return (
        f"北京地铁{line}号线在{district}设有一座{name}站。\n"
        f"{year}年{month}月{day}日，{line}号线一期工程开通运营，该站同时启用。\n"
        f"该站是地下{floors}层的岛式车站，出入口一共有{exits}个。\n"
        f"每天约有{riders}万人次在{name}站乘车，客流量较大。\n"
        f"{p1}、{p2}等地标都在车站的附近。\n"
        f"从本站出发，前一站为{prev}站，后一站为{nxt}站。\n"
    )


def _pairs(texts: dict[str, str]) -> dict[tuple[str, str], PairScore]:
    docs = [to_document(n, Path(n), analyze_text(t, SETTINGS)) for n, t in texts.items()]
    c = compare_documents(docs, SETTINGS, all_pairs=True)
    return {(docs[p.a].path, docs[p.b].path): p for p in every_pair(c.pairs, c.others)}


def _class(lang: str) -> dict[str, str]:
    """Eight honest essays; a and b each paste an article built from one template with
    their own facts; c rewords a's article (its facts kept)."""
    essay = en_essay if lang == "en" else zh_essay
    build, reword, filled = (
        (county, county_reworded, COUNTIES) if lang == "en" else
        (station, station_reworded, STATIONS)
    )  # fmt: skip
    texts = {f"h{k}.txt": essay(500 + k, 20) for k in range(8)}
    texts["a.txt"] = essay(600, 10) + build(*filled[0]) + essay(601, 10)
    texts["b.txt"] = essay(602, 10) + build(*filled[1]) + essay(603, 10)
    texts["c.txt"] = essay(604, 10) + reword(*filled[0]) + essay(605, 10)
    return texts


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_template_built_texts_with_other_facts_are_not_reworded(lang: str) -> None:
    pairs = _pairs(_class(lang))
    template = pairs[("a.txt", "b.txt")]
    # without the facts, all six of its sentences were "the same meaning in other
    # words"; the template's own fixed words may still match word for word
    assert template.reworded == 0
    assert "pair.reworded" not in {r.code for r in template.reasons}
    copy = pairs[("a.txt", "c.txt")]  # the reworded copy keeps its facts: still found
    assert copy.reworded >= SETTINGS.meaning_sentences and copy.flagged


def test_the_facts_of_a_sentence() -> None:
    en = county(*COUNTIES[0])
    assert {"Ladams", "Lohio", "#28550", "#2010", "#1797", "#586"} <= facts(en)
    zh = station(*STATIONS[0])
    assert {"C西城区", "#2009", "#28"} <= facts(zh)
    a = Facts.of("As of the 2010 census, the population was 28,550.")
    assert facts_disagree(a, Facts.of("As of the 2010 census, the population was 15,242."))
    assert not facts_disagree(a, Facts.of("The 2010 census counted 28550 people."))
    # a translation that spells a name out, or changes its case, keeps its facts
    wsop = Facts.of("Over the years he finished in the money in 30 WSOP poker events.")
    assert not facts_disagree(wsop, Facts.of("He won money 30 times at the World Series of Poker."))
