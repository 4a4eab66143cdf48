"""Tricks that hide a copy (#41 items 5 and 7): a sample essay copied into another file
with the trick applied is still found as copied word for word, and the trick is
flagged on the file and in the pair's reasons.

Each test builds its class on the spot: three essays of the sample class as they are,
and a copy of the first with the trick applied (DOCX and ODT written here, see
:mod:`tests.core.integrity_files`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from simhash_core.extract import extract
from simhash_core.messages import Message
from simhash_core.ocr.reader import OcrReader
from simhash_core.scan import scan
from simhash_core.text.disguise import disguise_flags
from simhash_core.types import Document, IntegrityFlag, ScanResult
from tests.core.integrity_files import docx_bytes, layered_pdf, odt_package, paragraph, run
from tests.core.samples import CLASS_ZH, PAN13, needs_samples
from tests.core.tricked_pdfs import JUNK as PDF_JUNK
from tests.core.tricked_pdfs import tricked_pdf

pytestmark = needs_samples

ZH_ESSAYS = ("s002.txt", "s011.txt", "s014.txt", "s018.txt")  # no two copied (truth.csv)
EN_ESSAYS = (
    "source-document00140.txt",
    "source-document00183.txt",
    "source-document00231.txt",
    "source-document00277.txt",
)
JUNK = "甲乙丙丁戊己庚辛壬癸"  # what a student slips between the words


def _zh(name: str) -> str:
    return extract(CLASS_ZH / "submissions" / name).text  # the sample class is GB18030 too


def _en(name: str) -> str:
    return extract(PAN13 / "documents" / name).text


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in text.split("\n") if p.strip()]


def _class(tmp_path: Path, texts: dict[str, str], copy: str, data: bytes) -> Path:
    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / copy).write_bytes(data)
    return folder


def _zh_class(tmp_path: Path, copy: str, data: bytes) -> ScanResult:
    texts = {name: _zh(name) for name in ZH_ESSAYS[:3]}
    return scan([_class(tmp_path, texts, copy, data)], isolate=False)


def _pieces(paragraph_text: str, every: int) -> Iterator[str]:
    for start in range(0, len(paragraph_text), every):
        yield paragraph_text[start : start + every]


def _assert_copied(
    result: ScanResult,
    original: str,
    copy: str,
    kind: str,
    chars: int,
    pages: tuple[int, ...] = (),
) -> None:
    """The copy is found word for word (not as reworded sentences) over most of the
    original, and flagged for ``kind`` with ``chars`` characters (on ``pages`` of a
    PDF), in the pair's reasons."""
    names = [d.name for d in result.documents]
    a, b = sorted((names.index(original), names.index(copy)))
    pair = next(p for p in result.pairs if (p.a, p.b) == (a, b))
    assert pair.flagged
    passages = result.corpus.passages(a, b)
    assert passages and all(p.kind == "copied" for p in passages)
    assert max(pair.share_a, pair.share_b) >= 0.8
    flagged = result.documents[names.index(copy)]
    flag = IntegrityFlag(kind, chars, pages=pages)
    assert flag in flagged.flags
    shown = Message.of("pair.flag", name=flagged.label, flag=flag.message)
    assert shown in pair.reasons
    for other in result.pairs:  # the flag tells nothing about pairs that are not copies
        if flagged.name not in (names[other.a], names[other.b]):
            assert all(r.code != "pair.flag" or r["name"] != flagged.label for r in other.reasons)


def _between_words(properties: str, every: int = 3) -> tuple[str, int]:
    """The first essay as DOCX body, a junk run with ``properties`` after every
    ``every`` characters; and how many junk characters there are."""
    junk = itertools.cycle(JUNK)
    body, hidden = [], 0
    for text in _paragraphs(_zh(ZH_ESSAYS[0])):
        runs = []
        for piece in _pieces(text, every):
            runs.append(run(piece))
            slip = next(junk) + next(junk)
            runs.append(run(slip, properties))
            hidden += len(slip)
        body.append(paragraph(runs))
    return "".join(body), hidden


@pytest.mark.parametrize(
    ("kind", "properties"),
    [
        ("vanish", "<w:vanish/>"),
        ("colour", '<w:color w:val="FFFFFF"/>'),
        ("tiny", '<w:sz w:val="2"/>'),
    ],
)
def test_docx_text_between_the_words_is_left_out_and_flagged(
    tmp_path: Path, kind: str, properties: str
) -> None:
    body, hidden = _between_words(properties)
    result = _zh_class(tmp_path, "copy.docx", docx_bytes(body))
    _assert_copied(result, ZH_ESSAYS[0], "copy.docx", kind, hidden)
    copy = next(d for d in result.documents if d.name == "copy.docx")
    # the compared text is what a reader sees: the essay's letters, no junk
    assert "".join(copy.text.split()) == "".join(_zh(ZH_ESSAYS[0]).split())


STYLES = (
    '<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="24"/></w:rPr></w:rPrDefault>'
    "</w:docDefaults>"
    '<w:style w:type="character" w:styleId="Quiet"><w:basedOn w:val="Quieter"/>'
    "<w:rPr><w:i/></w:rPr></w:style>"
    '<w:style w:type="character" w:styleId="Quieter"><w:rPr><w:vanish/></w:rPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="Normal" w:default="1"><w:rPr>'
    '<w:color w:val="000000"/></w:rPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="Ghost"><w:basedOn w:val="Normal"/>'
    '<w:rPr><w:color w:val="FFF2CC"/></w:rPr></w:style>'
)


def test_docx_hidden_through_a_style_and_its_base_style(tmp_path: Path) -> None:
    body, hidden = _between_words('<w:rStyle w:val="Quiet"/>')
    result = _zh_class(tmp_path, "copy.docx", docx_bytes(body, styles=STYLES))
    _assert_copied(result, ZH_ESSAYS[0], "copy.docx", "vanish", hidden)


def test_docx_page_coloured_paragraph_style_and_a_run_that_says_otherwise(
    tmp_path: Path,
) -> None:
    """A paragraph style in the page's colour (a cream page) hides a whole decoy
    paragraph; a run with its own black colour in such a paragraph is read."""
    decoy = _zh(ZH_ESSAYS[3])[:400]
    body = "".join(paragraph([run(t)]) for t in _paragraphs(_zh(ZH_ESSAYS[0])))
    body += paragraph([run(decoy)], '<w:pStyle w:val="Ghost"/>')
    body += paragraph([run("看得见", '<w:color w:val="000000"/>')], '<w:pStyle w:val="Ghost"/>')
    data = docx_bytes(body, styles=STYLES, background="FFF2CC")
    chars = len("".join(decoy.split()))
    assert "看得见" in extract_bytes(tmp_path, "x.docx", data)
    result = _zh_class(tmp_path, "copy.docx", data)
    _assert_copied(result, ZH_ESSAYS[0], "copy.docx", "colour", chars)


def test_english_white_letters_in_place_of_spaces(tmp_path: Path) -> None:
    """Every space of the copy is a white letter: the reader sees spaces, the copy is
    found word for word."""
    body, hidden = [], 0
    for text in _paragraphs(_en(EN_ESSAYS[0])):
        words = text.split(" ")
        runs = [run(words[0])]
        for word in words[1:]:
            runs += [run("x", '<w:color w:val="FFFFFF"/>'), run(word)]
            hidden += 1
        body.append(paragraph(runs))
    folder = _class(
        tmp_path, {n: _en(n) for n in EN_ESSAYS[:3]}, "copy.docx", docx_bytes("".join(body))
    )
    result = scan([folder], isolate=False)
    _assert_copied(result, EN_ESSAYS[0], "copy.docx", "colour", hidden)


def test_white_letters_on_a_shaded_ground_are_read(tmp_path: Path) -> None:
    """White letters in a table cell or on a shaded run are meant to be read."""
    cell = (
        '<w:tbl><w:tr><w:tc><w:tcPr><w:shd w:fill="1F3864"/></w:tcPr>'
        + paragraph([run("表头文字", '<w:color w:val="FFFFFF"/>')])
        + "</w:tc></w:tr></w:tbl>"
    )
    shaded = paragraph([run("深色底白字", '<w:color w:val="FFFFFF"/><w:shd w:fill="000000"/>')])
    text = extract_bytes(tmp_path, "a.docx", docx_bytes(cell + shaded))
    assert "表头文字" in text and "深色底白字" in text
    assert extract(tmp_path / "a.docx").flags == ()


def _alternate(requires: str, choice: str, fallback: str) -> str:
    return (
        f'<mc:AlternateContent><mc:Choice Requires="{requires}">{choice}</mc:Choice>'
        f"<mc:Fallback>{fallback}</mc:Fallback></mc:AlternateContent>"
    )


def test_docx_copy_in_the_fallback_behind_a_decoy_choice(tmp_path: Path) -> None:
    """Word shows the fallback when it does not know what a choice requires: the copy
    sits there, a decoy (another essay) in the choice."""
    copy = "".join(paragraph([run(t)]) for t in _paragraphs(_zh(ZH_ESSAYS[0])))
    decoy_text = _zh(ZH_ESSAYS[3])
    decoy = "".join(paragraph([run(t)]) for t in _paragraphs(decoy_text))
    data = docx_bytes(_alternate("xyz", decoy, copy))
    result = _zh_class(tmp_path, "copy.docx", data)
    chars = len("".join(decoy_text.split()))
    _assert_copied(result, ZH_ESSAYS[0], "copy.docx", "decoy", chars)


def test_docx_a_choice_word_knows_is_read_and_not_flagged(tmp_path: Path) -> None:
    shown = paragraph([run("文本框里的文字")])
    data = docx_bytes(_alternate("wps", shown, shown) + paragraph([run("正文")]))
    assert "文本框里的文字" in extract_bytes(tmp_path, "a.docx", data)
    assert extract(tmp_path / "a.docx").flags == ()


def extract_bytes(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return extract(path).text


ODT_STYLES = (
    '<style:style style:name="Faint" style:family="text"><style:text-properties '
    'fo:font-size="1pt" style:font-size-asian="1pt"/></style:style>'
    '<style:style style:name="Blank" style:family="paragraph"><style:text-properties '
    'fo:color="#ffffff"/></style:style>'
    '<style:style style:name="Blanker" style:family="paragraph" '
    'style:parent-style-name="Blank"/>'
)


@pytest.mark.parametrize(
    ("kind", "span_style", "automatic"),
    [
        (
            "vanish",
            "T1",
            '<style:style style:name="T1" style:family="text"><style:text-properties '
            'text:display="none"/></style:style>',
        ),
        ("tiny", "Faint", ""),  # a named style of styles.xml
    ],
)
def test_odt_spans_between_the_words(
    tmp_path: Path, kind: str, span_style: str, automatic: str
) -> None:
    junk = itertools.cycle(JUNK)
    body, hidden = [], 0
    for text in _paragraphs(_zh(ZH_ESSAYS[0])):
        parts = []
        for piece in _pieces(text, 3):
            slip = next(junk) + next(junk)
            parts.append(f'{piece}<text:span text:style-name="{span_style}">{slip}</text:span>')
            hidden += len(slip)
        body.append(f"<text:p>{''.join(parts)}</text:p>")
    data = odt_package("".join(body), automatic=automatic, styles=ODT_STYLES)
    result = _zh_class(tmp_path, "copy.odt", data)
    _assert_copied(result, ZH_ESSAYS[0], "copy.odt", kind, hidden)


def test_odt_paragraph_white_through_its_parent_style(tmp_path: Path) -> None:
    decoy = _zh(ZH_ESSAYS[3])[:300]
    body = "".join(f"<text:p>{t}</text:p>" for t in _paragraphs(_zh(ZH_ESSAYS[0])))
    body += f'<text:p text:style-name="Blanker">{decoy}</text:p>'
    result = _zh_class(tmp_path, "copy.odt", odt_package(body, styles=ODT_STYLES))
    _assert_copied(result, ZH_ESSAYS[0], "copy.odt", "colour", len("".join(decoy.split())))


# ---- characters (item 7) ---------------------------------------------------------------

ARMENIAN = {"o": "օ", "u": "ս", "n": "ո", "h": "հ", "q": "զ", "g": "ց", "j": "յ"}
SMALL_CAPS = dict(zip("abcdefghijklmnoprstuvwyz", "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ", strict=True))


def _swap(table: dict[str, str]) -> Callable[[str], tuple[str, int]]:
    def apply(text: str) -> tuple[str, int]:
        out = "".join(table.get(c, c) for c in text)
        return out, sum(a != b for a, b in zip(text, out, strict=True))

    return apply


def _marks(mark: str, *, inside_words: bool) -> Callable[[str], tuple[str, int]]:
    def apply(text: str) -> tuple[str, int]:
        out, count = [], 0
        for i, c in enumerate(text):
            out.append(c)
            inside = inside_words and i + 1 < len(text) and text[i + 1].isalpha()
            if c.isalpha() and (inside or not inside_words):
                out.append(mark)
                count += 1
        return "".join(out), count

    return apply


def _fillers(text: str) -> tuple[str, int]:
    return text.replace(" ", "\u3164"), text.count(" ")


@pytest.mark.parametrize(
    ("kind", "disguise"),
    [
        ("lookalike", _swap(ARMENIAN)),
        ("lookalike", _swap(SMALL_CAPS)),
        ("strike", _marks("\u0336", inside_words=False)),
        ("joiner", _marks("\u034f", inside_words=True)),
        ("filler", _fillers),
    ],
    ids=["armenian", "small-capitals", "struck-through", "joiner", "hangul-filler"],
)
def test_disguised_letters_are_folded_and_flagged(
    tmp_path: Path, kind: str, disguise: Callable[[str], tuple[str, int]]
) -> None:
    texts = {n: _en(n) for n in EN_ESSAYS[:3]}
    disguised, count = disguise(texts[EN_ESSAYS[0]])
    assert count > 100
    folder = _class(tmp_path, texts, "copy.txt", disguised.encode("utf-8"))
    result = scan([folder], isolate=False)
    _assert_copied(result, EN_ESSAYS[0], "copy.txt", kind, count)


def test_real_words_of_other_alphabets_are_not_flagged() -> None:
    assert disguise_flags("Россия и Греция, Αθήνα, Հայաստան, 中文 and English") == ()


def test_short_real_words_beside_a_latin_name_are_not_flagged() -> None:
    """A Ukrainian or Russian sentence naming something in Latin letters: its one- and
    two-letter words ("і", "с", "На") look Latin and stand next to the Latin name, but
    real words of their own script stand around them (a Ukrainian essay of UA-GEC was
    flagged with 3 disguised letters for "IPhone і" and "MacBook. На")."""
    ukrainian = "придбавши собі IPhone і організувавши придбання MacBook.\nНа мою думку, це було"
    assert disguise_flags(ukrainian) == ()
    assert disguise_flags("Я купил телефон с iPhone и Apple Watch") == ()
    assert disguise_flags("the density ρ of water and the frequency ν of the wave") == ()
    # among Latin words, the same letters are still a disguise
    english = "I bought а MacBook and сору the text"  # Cyrillic а, с, о, р, у
    (flag,) = disguise_flags(english)
    assert (flag.kind, flag.chars) == ("lookalike", 5)


def test_a_cached_text_tells_its_disguises_as_the_rule_finds_them_now() -> None:
    """A text stored in the cache with a disguise that the rule no longer finds (it was
    stored before the rule changed) does not keep telling it."""
    from simhash_core.fingerprint.analyze import with_disguises
    from simhash_core.types import ExtractedText

    stale = IntegrityFlag("lookalike", 3).message
    other = Message.of("warn.truncated", size="1 MB")
    text = ExtractedText("купив IPhone і MacBook. На мою думку", "txt", warnings=(other, stale))
    assert with_disguises(text) == (other,)
    copied = ExtractedText("see сору here", "txt", warnings=(stale,))
    assert with_disguises(copied) == (IntegrityFlag("lookalike", 4).message,)


# ---- where flags go ------------------------------------------------------------------


def test_flags_come_back_from_the_cache_once(tmp_path: Path) -> None:
    from simhash_core.store.cache import AnalysisCache

    body, hidden = _between_words("<w:vanish/>")
    texts = {name: _zh(name) for name in ZH_ESSAYS[:3]}
    folder = _class(tmp_path, texts, "copy.docx", docx_bytes(body))
    disguised, count = _fillers(_en(EN_ESSAYS[0]))
    (folder / "spaced.txt").write_text(disguised, encoding="utf-8")
    cache = AnalysisCache(tmp_path / "cache.sqlite")
    cold = scan([folder], isolate=False, cache=cache)
    warm = scan([folder], isolate=False, cache=cache)
    for result in (cold, warm):
        flags = {d.name: d.flags for d in result.documents if d.flags}
        assert flags == {
            "copy.docx": (IntegrityFlag("vanish", hidden),),
            "spaced.txt": (IntegrityFlag("filler", count),),
        }
        for d in result.documents:
            assert len(d.warnings) == len(set(d.warnings))


def test_a_students_several_files_name_the_file_with_the_trick(tmp_path: Path) -> None:
    root = tmp_path / "class"
    for student, name in zip(("Bo Wu", "Cai Yun", "Dan Ho"), ZH_ESSAYS[:3], strict=True):
        (root / student).mkdir(parents=True)
        (root / student / "essay.txt").write_text(_zh(name), encoding="utf-8")
    (root / "Ann Lee").mkdir()
    (root / "Ann Lee" / "notes.txt").write_text(_zh(ZH_ESSAYS[3])[:200], encoding="utf-8")
    body, hidden = _between_words('<w:color w:val="FFFFFF"/>')
    (root / "Ann Lee" / "essay.docx").write_bytes(docx_bytes(body))
    result = scan([root], isolate=False)
    labels = [d.label for d in result.documents]
    ann = result.documents[labels.index("Ann Lee")]
    assert ann.flags == (IntegrityFlag("colour", hidden, "essay.docx"),)
    pair = next(p for p in result.pairs if "Ann Lee" in (labels[p.a], labels[p.b]))
    assert {labels[pair.a], labels[pair.b]} == {"Ann Lee", "Bo Wu"} and pair.flagged
    said = [str(r) for r in pair.reasons if r.code == "pair.flag"]
    assert said == [
        f"Ann Lee, essay.docx: {hidden:,} characters of hidden text, in letters "
        "of the page's colour"
    ]


# ---- PDF (item 6) ----------------------------------------------------------------------


def test_pdf_invisible_layer_of_other_text_is_left_out_and_flagged(tmp_path: Path) -> None:
    """The page shows the copy; an invisible layer over it holds another text (what a
    checker reading the layer would compare). The layer is left out and flagged."""
    texts = {n: _en(n) for n in EN_ESSAYS[:3]}
    decoy = _en(EN_ESSAYS[3])
    data = layered_pdf(texts[EN_ESSAYS[0]], decoy)
    folder = _class(tmp_path, texts, "copy.pdf", data)
    result = scan([folder], isolate=False)
    copy = next(d for d in result.documents if d.name == "copy.pdf")
    (flag,) = copy.flags
    assert flag.kind == "invisible"
    assert flag.chars == pytest.approx(len("".join(decoy.split())), rel=0.02)
    _assert_copied(result, EN_ESSAYS[0], "copy.pdf", "invisible", flag.chars)
    assert decoy.split()[5] not in copy.text.split()[:20]


def test_pdf_searchable_scan_keeps_its_invisible_layer(tmp_path: Path) -> None:
    """A scan's recognised text lies invisibly over its picture: it is the page's text."""
    text = _en(EN_ESSAYS[0])
    path = tmp_path / "scan.pdf"
    path.write_bytes(layered_pdf("", text, picture=True))
    read = extract(path)
    assert read.flags == ()
    assert " ".join(read.text.split())[:200] == " ".join(text.split())[:200]


def test_a_students_file_with_disguised_letters_is_named(tmp_path: Path) -> None:
    root = tmp_path / "class"
    for student, name in zip(("Bo Wu", "Cai Yun", "Dan Ho"), EN_ESSAYS[:3], strict=True):
        (root / student).mkdir(parents=True)
        (root / student / "essay.txt").write_text(_en(name), encoding="utf-8")
    (root / "Ann Lee").mkdir()
    (root / "Ann Lee" / "notes.txt").write_text(_en(EN_ESSAYS[3])[:300], encoding="utf-8")
    disguised, count = _swap(ARMENIAN)(_en(EN_ESSAYS[0]))
    (root / "Ann Lee" / "essay.txt").write_text(disguised, encoding="utf-8")
    result = scan([root], isolate=False)
    ann = next(d for d in result.documents if d.label == "Ann Lee")
    assert ann.flags == (IntegrityFlag("lookalike", count, "essay.txt"),)


# each trick copies its own essay: no two copies of one essay
TRICKED = {
    "colour": "source-document00083.txt",
    "tiny": "source-document00084.txt",
    "shuffled": "source-document00355.txt",  # two pages
    "scrambled": "source-document00299.txt",
    "type3": "source-document00301.txt",
}
READ_BY_OCR = ("scrambled", "type3")  # one page each: OCR takes seconds a page


@pytest.fixture(scope="module")
def tricked_class(tmp_path_factory: pytest.TempPathFactory) -> tuple[ScanResult, dict[str, int]]:
    """A class of the essays of :data:`TRICKED` and three others, and a PDF copy of
    each of the first with its trick (``copy-TRICK.pdf``), scanned with OCR; and what
    each trick added or moved (characters; ``pages-TRICK``: the copy's pages)."""
    import pypdfium2 as pdfium

    folder = tmp_path_factory.mktemp("tricked") / "class"
    folder.mkdir()
    counts = {}
    for name in (*TRICKED.values(), *EN_ESSAYS[1:4]):
        (folder / name).write_text(_en(name), encoding="utf-8")
    for trick, name in TRICKED.items():
        lines = 60 if trick in READ_BY_OCR else None
        data, counts[trick] = tricked_pdf(_en(name), trick, max_lines=lines)
        counts[f"pages-{trick}"] = len(pdfium.PdfDocument(data))
        (folder / f"copy-{trick}.pdf").write_bytes(data)
    return scan([folder], isolate=False), counts


def _words(text: str) -> list[str]:
    return [w for w in "".join(c if c.isalnum() else " " for c in text.lower()).split()]


def _copy(result: ScanResult, trick: str) -> Document:
    return next(d for d in result.documents if d.name == f"copy-{trick}.pdf")


@pytest.mark.parametrize("trick", ["colour", "tiny"])
def test_pdf_letters_in_the_page_colour_or_tiny_are_left_out_and_flagged(
    tricked_class: tuple[ScanResult, dict[str, int]], trick: str
) -> None:
    """Two junk letters after every word, white or 1 point high: the text compared is
    the essay's, and the junk is counted."""
    result, counts = tricked_class
    _assert_copied(result, TRICKED[trick], f"copy-{trick}.pdf", trick, counts[trick])
    words = _copy(result, trick).text.split()
    assert len(words) > 100
    assert not [w for w in words if set(w) <= set(PDF_JUNK)]
    assert words[:50] == _en(TRICKED[trick]).split()[:50]


def test_pdf_glyphs_drawn_shuffled_are_read_in_the_page_order_and_flagged(
    tricked_class: tuple[ScanResult, dict[str, int]],
) -> None:
    result, counts = tricked_class
    pages = tuple(range(1, counts["pages-shuffled"] + 1))
    _assert_copied(
        result, TRICKED["shuffled"], "copy-shuffled.pdf", "shuffled", counts["shuffled"], pages
    )
    assert _copy(result, "shuffled").text.split() == _en(TRICKED["shuffled"]).split()


@pytest.mark.parametrize("trick", READ_BY_OCR)
def test_pdf_text_layer_that_is_not_words_is_read_by_ocr_and_flagged(
    tricked_class: tuple[ScanResult, dict[str, int]], trick: str
) -> None:
    """A ToUnicode map giving other letters, a Type3 font without a map: the page shows
    the essay, the layer letters that are not words. The page is read by OCR."""
    result, _ = tricked_class
    copy = _copy(result, trick)
    (flag,) = copy.flags
    assert (flag.kind, flag.pages) == ("mismatch", (1,))
    assert flag.chars > 1000  # the page's letters, as the layer gave them
    _assert_copied(result, TRICKED[trick], copy.name, "mismatch", flag.chars, (1,))
    assert [(r.page, r.start) for r in copy.ocr] == [(1, 0)]
    assert " ".join(_words(_en(TRICKED[trick]))[5:40]) in " ".join(_words(copy.text))


def test_pdf_tricks_are_told_in_the_csv_json_and_reports(
    tricked_class: tuple[ScanResult, dict[str, int]], tmp_path: Path
) -> None:
    import csv
    import json

    import pypdfium2 as pdfium

    from simhash_core.report.contents import class_report
    from simhash_core.report.export import write_reports
    from simhash_core.report.html import render_html
    from simhash_core.report.pdf import render_pdf

    result, _ = tricked_class
    write_reports(result, csv_path=tmp_path / "pairs.csv", json_path=tmp_path / "r.json")
    with (tmp_path / "pairs.csv").open(encoding="utf-8-sig", newline="") as fh:
        csv_text = " ".join(" ".join(row) for row in csv.reader(fh))
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    flags = {d["path"].rsplit("/", 1)[-1]: d["flags"] for d in report["documents"] if d["flags"]}
    assert set(flags) == {f"copy-{trick}.pdf" for trick in TRICKED}
    assert flags["copy-shuffled.pdf"][0]["pages"] == [1, 2]  # its essay takes two pages
    html = render_html(class_report(result), embed_font=False)
    pdf = pdfium.PdfDocument(render_pdf(class_report(result)))
    pdf_text = " ".join(page.get_textpage().get_text_range() for page in pdf)
    pdf_text = " ".join(pdf_text.split())
    for trick in TRICKED:
        (flag,) = _copy(result, trick).flags
        said = f"copy-{trick}.pdf: {flag.message}"
        assert said in csv_text, trick
        assert said.replace("'", "&#x27;") in html or said in html, trick
        assert said[:60] in pdf_text, trick


def test_pdf_white_letters_on_a_dark_ground_are_read(tmp_path: Path) -> None:
    """White letters over a black bar (a banner, a table's header) are seen: read, and
    no flag."""
    text = _en(TRICKED["colour"])
    path = tmp_path / "banner.pdf"
    path.write_bytes(tricked_pdf(text, "grounded", max_lines=10)[0])
    read = extract(path)
    assert read.flags == ()
    pairs = [PDF_JUNK[i : i + 2] for i in range(0, len(PDF_JUNK), 2)]
    seen = read.text
    for pair in pairs:  # the junk is on the page to see, and read
        assert pair in seen
        seen = seen.replace(pair, " ")
    assert seen.split()[:40] == text.split()[:40]


def test_pdf_page_of_words_no_list_knows_is_kept_after_ocr(tmp_path: Path) -> None:
    """A page in a language the common-word lists do not know looks like junk to them:
    OCR reads what it shows, finds the layer says the same, and the layer is kept."""
    syllables = ["ka", "lo", "ru", "fe", "zu", "vo", "pe", "hu", "bo", "ki", "mu", "ga"]
    pick = itertools.cycle(range(7))
    words = [
        "".join(syllables[(3 * i + k * next(pick)) % len(syllables)] for k in range(1 + i % 3))
        for i in range(400)
    ]
    text = "\n".join(" ".join(words[i : i + 14]) for i in range(0, len(words), 14))
    path = tmp_path / "unknown.pdf"
    path.write_bytes(tricked_pdf(text, "plain")[0])
    read = extract(path, ocr=OcrReader())
    assert read.flags == () and read.ocr == ()
    assert read.text.split() == text.split()
    assert read.ocr_offered == 1  # it was looked at


def test_pdf_layer_that_is_not_words_is_kept_when_ocr_is_off(tmp_path: Path) -> None:
    text = _en(TRICKED["scrambled"])
    path = tmp_path / "scrambled.pdf"
    path.write_bytes(tricked_pdf(text, "scrambled", max_lines=30)[0])
    read = extract(path, ocr=OcrReader(enabled=False))
    assert read.flags == ()
    assert (read.ocr_offered, read.ocr_skipped) == (1, 1)  # not read for now: not cached
    lower = "abcdefghijklmnopqrstuvwxyz"
    moved = lower[7:] + lower[:7]  # the map gives each letter as the one 7 letters on
    shift = str.maketrans(lower + lower.upper(), moved + moved.upper())
    assert read.text.split()[:5] == text.translate(shift).split()[:5]  # the layer as it is


def test_pdf_words_drawn_shuffled_are_read_in_the_page_order(tmp_path: Path) -> None:
    text = _en(TRICKED["shuffled"])
    path = tmp_path / "words.pdf"
    data, letters = tricked_pdf(text, "words", max_lines=50)
    path.write_bytes(data)
    read = extract(path)
    assert read.flags == (IntegrityFlag("shuffled", letters, pages=(1,)),)
    assert read.text.split() == " ".join(text.split("\n")).split()[: len(read.text.split())]
    assert len(read.text.split()) > 400


@pytest.mark.parametrize("trick", ["sideways", "sideways-down"])
def test_pdf_lines_turned_on_their_side_are_not_taken_for_shuffled(
    tmp_path: Path, trick: str
) -> None:
    """A landscape page's lines go up (or down) letter by letter: drawn in order."""
    path = tmp_path / "turned.pdf"
    path.write_bytes(tricked_pdf(_en(TRICKED["shuffled"]), trick)[0])
    assert extract(path).flags == ()


def test_chinese_layer_of_characters_that_are_not_words() -> None:
    """A scrambled map in a Chinese font gives Chinese characters, but rarely common
    ones: the page is checked by OCR; an essay of the sample class is not."""
    from simhash_core.extract.pdf_words import reads_as_words

    essay = _zh(ZH_ESSAYS[0])[:1500]
    scrambled = "".join(
        chr(0x4E00 + (ord(ch) - 0x4E00) * 7919 % 20902) if "\u4e00" <= ch <= "\u9fa5" else ch
        for ch in essay
    )
    assert reads_as_words(essay) is True
    assert reads_as_words(scrambled) is False


def test_pdf_type3_font_with_low_codes_is_read_by_ocr(tmp_path: Path) -> None:
    """A Type3 font whose codes are not characters at all (a space is code 1): PDFium
    gives letters that are no words between undecodable ones, which pass as text."""
    text = _en(TRICKED["scrambled"])
    path = tmp_path / "low.pdf"
    path.write_bytes(tricked_pdf(text, "type3-low", max_lines=40)[0])
    read = extract(path, ocr=OcrReader())
    (flag,) = read.flags
    assert (flag.kind, flag.pages) == ("mismatch", (1,))
    assert " ".join(_words(text)[5:40]) in " ".join(_words(read.text))
