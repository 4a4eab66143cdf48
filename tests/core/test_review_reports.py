"""Reports that carry the teacher's decisions (#39.5): each pair's decision, reason,
note, who and when in the HTML and the PDF (an outdated one shown as outdated), the
counts, the HTML's filter by decision and its steps from passage to passage, and the
confirmed cases for an exam board; the same files and decisions give the same bytes."""

from __future__ import annotations

import datetime
import io
import subprocess
from pathlib import Path

import docx
import pytest

from simhash_core.report import report_writers
from simhash_core.report.contents import class_report
from simhash_core.report.export import write_reports
from simhash_core.review.decisions import (
    Decision,
    Decisions,
    Reason,
    Verdict,
    submission_key,
)
from simhash_core.scan import scan
from simhash_core.types import ScanResult
from tests.core.textgen import en_essay, zh_essay

DAY = datetime.date(2026, 11, 27)


def make_class(folder: Path) -> Path:
    """Six essays: b.txt holds two passages of a.txt, d.txt is c.txt, f.txt starts as
    e.txt."""
    folder.mkdir(parents=True)
    one, two, three = zh_essay(501), zh_essay(502), zh_essay(504)
    filler = zh_essay(503)
    (folder / "a.txt").write_text(one, encoding="utf-8")
    (folder / "b.txt").write_text(
        one[:300] + filler[:300] + one[600:900] + filler[300:600], encoding="utf-8"
    )
    (folder / "c.txt").write_text(two, encoding="utf-8")
    (folder / "d.txt").write_text(two, encoding="utf-8")
    (folder / "e.txt").write_text(three, encoding="utf-8")
    (folder / "f.txt").write_text(three[:400] + zh_essay(505), encoding="utf-8")
    return folder


def index(result: ScanResult) -> dict[str, int]:
    return {d.path: i for i, d in enumerate(result.documents)}


def decided(result: ScanResult, x: str, y: str, verdict: Verdict, **kw: object) -> Decision:
    a, b = (result.documents[index(result)[n]] for n in (x, y))
    return Decision(submission_key(a, b), verdict, names=(a.path, b.path), **kw)  # type: ignore[arg-type]


def decide(result: ScanResult) -> ScanResult:
    """a/b confirmed (with a note naming a.txt), c/d dismissed, e/f decided on other
    contents of e.txt (outdated)."""
    ef = decided(result, "e.txt", "f.txt", Verdict.CONFIRMED, by="mr wu", at="2026-11-20T08:00:00Z")
    result.decisions = Decisions(
        [
            decided(
                result,
                "a.txt",
                "b.txt",
                Verdict.CONFIRMED,
                reason=Reason.OTHER,
                note="the same typos in a.txt and b.txt, see §3",
                by="ms li",
                at="2026-11-26T14:31:07Z",
            ),
            decided(
                result,
                "c.txt",
                "d.txt",
                Verdict.DISMISSED,
                reason=Reason.GROUP_WORK,
                by="ms li",
                at="2026-11-26T14:32:00Z",
            ),
            Decision(("old-e", ef.key[1]), ef.verdict, by=ef.by, at=ef.at, names=ef.names),
        ]
    )
    return result


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> ScanResult:
    folder = make_class(tmp_path_factory.mktemp("review") / "class")
    return decide(scan([folder], isolate=False))


def sections(result: ScanResult, **kw: object):
    report = class_report(result, lang="en", date=DAY, **kw)  # type: ignore[arg-type]
    return report, {frozenset((s.name_a, s.name_b)): s for s in report.pairs}


def test_each_pair_carries_its_decision_and_the_report_counts_them(result: ScanResult) -> None:
    report, by_names = sections(result)
    ab = by_names[frozenset(("a.txt", "b.txt"))]
    parts = {m.label: m.value for m in ab.decision}
    assert ab.state == "confirmed" and ab.shown_state == "confirmed"
    assert parts == {
        "Decision": "Confirmed copying",
        "Decided because": "Other",
        "Note": "the same typos in a.txt and b.txt, see §3",
        "Decided by": "ms li",
        "Decided at": "2026-11-26 14:31:07 UTC",
    }
    cd = by_names[frozenset(("c.txt", "d.txt"))]
    assert (
        cd.state == "dismissed"
        and dict((m.label, m.value) for m in cd.decision)["Decided because"] == "Group work allowed"
    )
    ef = by_names[frozenset(("e.txt", "f.txt"))]
    assert ef.state == "outdated" and ef.shown_state == "review"  # shown, not applied
    assert ef.decision[0].value == "Outdated: a file changed since (Confirmed copying)"
    assert {m.label: m.value for m in report.review} == {
        "Confirmed copying": "1",
        "Dismissed": "1",
        "To review": "1",
    }


def test_an_anonymous_report_blacks_out_names_in_the_note(result: ScanResult) -> None:
    report = class_report(result, lang="en", date=DAY, anonymous=True)
    notes = [m.value for s in report.pairs for m in s.decision if m.label == "Note"]
    assert notes and all("a.txt" not in n and "b.txt" not in n for n in notes)


def test_the_html_and_pdf_carry_the_decisions_and_are_the_same_every_time(
    result: ScanResult, tmp_path: Path
) -> None:
    outs = []
    for k in (1, 2):
        html, pdf = tmp_path / f"r{k}.html", tmp_path / f"r{k}.pdf"
        write_reports(result, more=report_writers(result, html_path=html, pdf_path=pdf, date=DAY))
        outs.append((html.read_bytes(), pdf.read_bytes()))
    assert outs[0] == outs[1]
    page = outs[0][0].decode("utf-8")
    assert 'data-state="confirmed"' in page and 'data-state="dismissed"' in page
    assert 'id="filter-confirmed"' in page and "Next passage" in page
    assert "the same typos in a.txt and b.txt" in page and "Outdated: a file changed since" in page
    text = pdftotext(tmp_path / "r1.pdf")
    for words in ("Confirmed copying", "Dismissed", "To review", "ms li", "Group work allowed"):
        assert words in text
    assert "the same typos in a.txt and b.txt" in text


def test_the_confirmed_cases_hold_only_confirmed_pairs_with_passages_side_by_side(
    result: ScanResult, tmp_path: Path
) -> None:
    report = class_report(result, lang="en", date=DAY, kind="confirmed")
    assert [frozenset((s.name_a, s.name_b)) for s in report.pairs] == [
        frozenset(("a.txt", "b.txt"))  # not the dismissed, not the outdated one
    ]
    html, pdf = tmp_path / "cases.html", tmp_path / "cases.pdf"
    write_reports(
        result,
        more=report_writers(result, html_path=html, pdf_path=pdf, date=DAY, kind="confirmed"),
    )
    page = html.read_text(encoding="utf-8")
    assert "Confirmed cases: 1" in page and 'id="case-1"' in page and "<script" not in page
    assert page.count('<td class="passage">') == 2 * len(
        [m for m in report.pairs[0].passages if not m.common]
    )
    text = pdftotext(pdf)
    assert "Case 1: a.txt ↔ b.txt" in text and "The scan's settings" in text
    assert "c.txt" not in text and "e.txt" not in text
    a_text = result.documents[index(result)["a.txt"]].text
    assert flat(a_text[:20]) in flat(text)  # the passage itself, as text


def test_the_confirmed_cases_show_what_the_files_properties_share(tmp_path: Path) -> None:
    base = en_essay(30, 30)
    for name, text in (("a", base), ("b", base), ("c", en_essay(31, 30)), ("d", en_essay(32, 30))):
        (tmp_path / f"{name}.docx").write_bytes(_docx(text, author="kid" if name in "ab" else name))
    result = scan([tmp_path], isolate=False)
    result.decisions = Decisions([decided(result, "a.docx", "b.docx", Verdict.CONFIRMED)])
    (case,) = class_report(result, lang="en", date=DAY, kind="confirmed").pairs
    assert any("created by kid" in m for m in case.metadata)
    pdf = tmp_path / "cases.pdf"
    write_reports(result, more=report_writers(result, pdf_path=pdf, date=DAY, kind="confirmed"))
    assert "createdbykid" in flat(pdftotext(pdf))


def _docx(text: str, author: str) -> bytes:
    word = docx.Document()
    word.add_paragraph(text)
    word.core_properties.author = author
    out = io.BytesIO()
    word.save(out)
    return out.getvalue()


def pdftotext(path: Path) -> str:
    done = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True)
    return done.stdout


def flat(text: str) -> str:
    return "".join(text.split())


def test_in_a_browser_the_filter_and_the_passage_steps_work_by_keyboard(
    result: ScanResult, tmp_path: Path
) -> None:
    from tests.core.test_report_html import CHROMIUM

    assert CHROMIUM is not None, "no Chromium: .ci/system-deps.sh installs it"
    sync_api = pytest.importorskip("playwright.sync_api")
    html = tmp_path / "r.html"
    write_reports(result, more=report_writers(result, html_path=html, date=DAY))
    shown = (
        "() => [...document.querySelectorAll('section.pair')].filter(s => s.offsetParent)"
        ".map(s => s.dataset.state)"
    )
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(html.as_uri())
        assert sorted(page.evaluate(shown)) == ["confirmed", "dismissed", "review"]
        page.locator("#filter-all").focus()
        page.keyboard.press("ArrowRight")  # to "confirmed", by keyboard
        assert page.evaluate(shown) == ["confirmed"]
        rows = (
            "() => [...document.querySelectorAll('#flagged tbody tr')]"
            ".filter(r => r.offsetParent).length"
        )
        assert page.evaluate(rows) == 1
        (tmp_path / "filtered.png").write_bytes(page.screenshot())
        section = page.locator('section.pair[data-state="confirmed"]')
        section.locator("button.next").focus()
        page.keyboard.press("Enter")
        at = section.locator(".steps .at")
        count = section.evaluate(
            "s => s.querySelectorAll('.text')[0].querySelectorAll('mark[data-n]').length"
        )
        assert count >= 2  # b.txt holds two passages of a.txt
        assert at.inner_text() == f"Passage 1 of {count}"
        page.keyboard.press("n")
        assert at.inner_text() == f"Passage 2 of {count}"
        current = section.evaluate(
            "s => [...s.querySelectorAll('.text')].map(b => b.querySelector('mark.current')"
            " && b.querySelector('mark.current').dataset.p)"
        )
        assert current[0] == current[1] and current[0] is not None  # both sides, one passage
        page.keyboard.press("p")
        page.keyboard.press("p")
        assert at.inner_text() == f"Passage {count} of {count}"  # round the end
        page.goto(html.as_uri() + "#filter-dismissed")  # opened filtered by its address
        assert page.evaluate(shown) == ["dismissed"]
        assert errors == []
        browser.close()
