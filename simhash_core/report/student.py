"""A student's own report (as CNKI's teacher edition offers): one submission's evidence,
every other student anonymized, at the level of detail the teacher chooses.

* ``score``: the highest similarity, and each similar submission's similarity (named
  "Student 1…N" in the order of the report) and the teacher's decision.
* ``summary``: and why each pair was flagged, and how much of the student's text is
  matched.
* ``full``: and the matched passages side by side: the student's own text beside the
  other's, with the parts of other students' file names that name them blacked out.

The other students' names, paths and file properties never appear: each message that
names a document is renamed (:class:`~simhash_core.report.contents.Names`), an
author's name in a file's properties becomes "…". The teacher's note is not shown (it
is written for colleagues), the decision and its reason are.

:func:`student_report` makes the typed :class:`StudentReport`; :func:`render_student_html`
and :func:`render_student_pdf` lay it out.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from simhash_core.report.contents import (
    _SPLIT,
    Measure,
    Names,
    _private_parts,
    _settings,
)
from simhash_core.report.export import percent
from simhash_core.review.decisions import REASON_WORDS, VERDICT_WORDS, Verdict, decision_of
from simhash_core.review.evidence import pair_evidence
from simhash_core.translations import Translation, translation
from simhash_core.types import PairScore, ScanResult

LEVELS = ("score", "summary", "full")
NOTHING_FLAGGED = "No other submission shares enough text with this one to be flagged."
LEVEL_WORDS = {"score": "score only", "summary": "summary", "full": "full passages"}


class StudentNotFound(LookupError):
    """No submission, or more than one student, answers to the name; the message says
    why."""


@dataclass(frozen=True)
class SidePassage:
    """A matched passage: the student's text beside the other's."""

    number: int
    kind: str  # in words
    own: str
    other: str


@dataclass(frozen=True)
class Partner:
    """Another submission that shares text with the student's, anonymized."""

    name: str  # "Student 3", "Archived 1"
    similarity: float
    similarity_text: str
    flagged: bool
    decision: str  # the teacher's decision in words ("" when none is in force)
    decided_because: str = ""
    reasons: tuple[str, ...] = ()  # summary and full
    measures: tuple[Measure, ...] = ()  # summary and full
    passages: tuple[SidePassage, ...] = ()  # full


@dataclass(frozen=True)
class StudentReport:
    lang: str
    title: str
    generated: str
    student: str  # who, as the teacher reads it
    files: str  # the submission's file names
    level: str  # one of LEVELS
    highest: str  # the highest similarity with any other submission
    settings: tuple[Measure, ...]
    partners: tuple[Partner, ...]


def find_student(result: ScanResult, name: str) -> list[int]:
    """The documents of the student ``name`` names: the student's name or label, or a
    file's path, name or stem (as ``--pair`` reads names). Raises
    :class:`StudentNotFound` when none or several students answer."""
    from simhash_core.report import PairNotFound, _document

    wanted = name.strip()
    docs = [(i, d) for i, d in enumerate(result.documents) if d.archive_label is None]
    by_student = [
        i
        for i, d in docs
        if d.student is not None and wanted.casefold() in (d.student.name.casefold(),)
    ]
    if by_student:
        keys = {result.documents[i].student.key for i in by_student}  # type: ignore[union-attr]
        if len(keys) > 1:
            raise StudentNotFound(f"{name!r} names {len(keys)} students; give a file's path")
        return by_student
    by_label = [i for i, d in docs if d.label == wanted]
    if by_label:
        return by_label
    try:
        return [_document(result, wanted)]
    except PairNotFound as exc:
        # a part of a name: "张三" of "s01_张三", when it is one student's only
        parts = [
            i
            for i, d in docs
            if wanted.casefold() in {x.casefold() for x in _SPLIT.split(d.label)}
            or wanted.casefold() in {x.casefold() for x in _SPLIT.split(d.path)}
        ]
        if len({result.documents[i].label for i in parts}) == 1:
            return parts
        raise StudentNotFound(str(exc)) from None


def _names(
    result: ScanResult, own: Sequence[int], partners: Sequence[int], t: Translation
) -> Names:
    """The student by their own label, the others "Student k" in the report's order."""
    docs = result.documents
    own_paths = {docs[i].path for i in own}
    shown = {p: docs[next(iter(own))].label for p in own_paths}
    k_class = k_archive = 0
    for i in partners:
        d = docs[i]
        if d.path in shown:
            continue
        if d.archive_label is None:
            k_class += 1
            shown[d.path] = f"{t.word('Student')} {k_class}"
        else:
            k_archive += 1
            shown[d.path] = f"{t.word('Archived')} {k_archive}"
    every = {d.path: "" for d in docs}
    own_parts = set(_private_parts({p: "" for p in own_paths}))
    private = tuple(p for p in _private_parts(every) if p not in own_parts)
    return Names(shown, anonymous=True, private=private)


def _pairs_of(result: ScanResult, own: set[int]) -> list[PairScore]:
    """The student's pairs a report shows: flagged, or decided on; most similar first."""
    chosen = [
        p
        for p in result.pairs
        if (p.a in own) != (p.b in own) and (p.flagged or decision_of(result, p.a, p.b) is not None)
    ]
    return sorted(chosen, key=lambda p: (-p.similarity, p.simhash_distance, p.a, p.b))


def student_report(
    result: ScanResult,
    student: str,
    *,
    level: str = "summary",
    lang: str | None = None,
    date: datetime.date | None = None,
) -> StudentReport:
    """The report of the student ``student`` names (:func:`find_student`) at ``level``
    (one of :data:`LEVELS`)."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    t = translation(lang)
    w = t.word
    own = set(find_student(result, student))
    docs = result.documents
    pairs = _pairs_of(result, own)
    names = _names(result, sorted(own), [p.b if p.a in own else p.a for p in pairs], t)
    partners = tuple(_partner(result, p, own, level, t, names) for p in pairs)
    every = [p.similarity for p in result.pairs if (p.a in own) != (p.b in own)]
    first = docs[min(own)]
    files = ", ".join(docs[i].file_names for i in sorted(own))
    return StudentReport(
        lang=t.lang,
        title=w("Similarity report for {name}").format(name=first.label),
        generated=(date or datetime.date.today()).isoformat(),
        student=first.label,
        files=files,
        level=level,
        highest=percent(max(every)) if every else percent(0.0),
        settings=_settings(result, t, names),
        partners=partners,
    )


def _partner(
    result: ScanResult, p: PairScore, own: set[int], level: str, t: Translation, names: Names
) -> Partner:
    w = t.word
    mine, theirs = (p.a, p.b) if p.a in own else (p.b, p.a)
    found = decision_of(result, p.a, p.b)
    decision = because = ""
    if found is not None and found.verdict is not Verdict.UNREVIEWED:
        decision = w(VERDICT_WORDS[found.verdict])
        if found.decision.reason is not None:
            because = w(REASON_WORDS[found.decision.reason])
    partner = Partner(
        name=names(result.documents[theirs].path),
        similarity=p.similarity,
        similarity_text=percent(p.similarity),
        flagged=p.flagged,
        decision=decision,
        decided_because=because,
    )
    if level == "score":
        return partner
    evidence = pair_evidence(result, mine, theirs, p)
    score = evidence.score or p
    measures = (
        Measure(w("Share of your text in matched passages"), percent(score.share_a)),
        Measure(t.column("Passages"), str(score.passages)),
        Measure(t.column("Matched characters"), str(score.matched_chars)),
        Measure(t.column("Reworded"), str(score.reworded)),
        Measure(t.column("Translated"), str(score.translated)),
    )
    reasons = tuple(names.scrub(t.message(m, names)) for m in evidence.reasons)
    passages: tuple[SidePassage, ...] = ()
    if level == "full":
        own_text = evidence.left.document.text
        other_text = evidence.right.document.text
        passages = tuple(
            SidePassage(
                k,
                w(x.kind),
                own_text[x.a_start : x.a_end].strip(),
                names.redact(other_text[x.b_start : x.b_end]).strip(),
            )
            for k, x in enumerate((x for x in evidence.passages if not x.common), 1)
        )
    return Partner(
        name=partner.name,
        similarity=p.similarity,
        similarity_text=partner.similarity_text,
        flagged=p.flagged,
        decision=decision,
        decided_because=because,
        reasons=reasons,
        measures=measures,
        passages=passages,
    )


# --- the HTML -------------------------------------------------------------------------


def render_student_html(report: StudentReport, *, embed_font: bool = True) -> str:
    """The student's report as one static, self-contained HTML document."""
    from simhash_core.report.fonts import embedded_font
    from simhash_core.report.html import _CASES_CSS, _FONT_SLOT, _e, _kv_table, page_head

    t = translation(report.lang)
    w = t.word
    html_lang = "zh-CN" if report.lang == "zh_CN" else "en"
    sub = w("plagcheck report · {date}").format(date=report.generated)
    head = "".join(
        f"<th>{_e(h)}</th>"
        for h in (
            w("Other submission"),
            t.column("Similarity"),
            t.column("Flagged"),
            t.column("Decision"),
        )
    )
    rows = "".join(
        f'<tr><td><a href="#partner-{k}">{_e(p.name)}</a></td>'
        f'<td class="num">{_e(p.similarity_text)}</td><td>{_e(t.yes_no(p.flagged))}</td>'
        f"<td>{_e(_decided(p))}</td></tr>"
        for k, p in enumerate(report.partners, 1)
    )
    listing = (
        f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        if rows
        else f"<p>{_e(w(NOTHING_FLAGGED))}</p>"
    )
    sections = (
        ""
        if report.level == "score"
        else "".join(_partner_html(report, p, k, t) for k, p in enumerate(report.partners, 1))
    )
    about = (
        Measure(w("Student"), report.student),
        Measure(t.word("File"), report.files),
        Measure(w("Highest similarity"), report.highest),
        Measure(w("Level of detail"), w(LEVEL_WORDS[report.level])),
    )
    page = f"""{page_head(html_lang, report.title, sub, _CASES_CSS)}
<section id="overview">
<div class="cards"><div class="card">{_e(w("Highest similarity"))}<b>{_e(report.highest)}</b></div>
<div class="card">{_e(w("Similar submissions"))}<b>{len(report.partners)}</b></div></div>
{_kv_table(about)}
<p class="note">{_e(w("Other students are not named: each is shown as Student 1, 2, …"))}</p>
<h2>{_e(w("Similar submissions"))}</h2>{listing}
<h2>{_e(w("The scan's settings"))}</h2>{_kv_table(report.settings)}
</section>
{sections}
</main>
</body>
</html>
"""
    font = embedded_font(page) if embed_font else None
    return page.replace(_FONT_SLOT, f"{font.css}\n" if font else "", 1)


def _decided(p: Partner) -> str:
    return f"{p.decision} ({p.decided_because})" if p.decided_because else p.decision


def _partner_html(report: StudentReport, p: Partner, k: int, t: Translation) -> str:
    from simhash_core.report.html import _e, _kv_table

    w = t.word
    reasons = "".join(f"<li>{_e(r)}</li>" for r in p.reasons)
    decision = (
        f'<p class="decision">{_e(t.column("Decision"))}: {_e(_decided(p))}</p>'
        if p.decision
        else ""
    )
    passages = ""
    if p.passages:
        rows = "".join(
            f'<tr><td class="num c{(x.number - 1) % 8}">{x.number}<br>{_e(x.kind)}</td>'
            f'<td class="passage">{_e(x.own)}</td><td class="passage">{_e(x.other)}</td></tr>'
            for x in p.passages
        )
        passages = (
            f'<h3>{_e(w("Matched passages"))}</h3><table class="passages"><thead><tr>'
            f"<th>#</th><th>{_e(w('Your text'))}</th><th>{_e(p.name)}</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    return f"""
<section class="case" id="partner-{k}">
<h2>{_e(p.name)} · {_e(p.similarity_text)}</h2>
{decision}
<ul class="reasons">{reasons}</ul>
{_kv_table(p.measures)}
{passages}
</section>"""


# --- the PDF --------------------------------------------------------------------------


def render_student_pdf(report: StudentReport) -> bytes:
    """The student's report as PDF bytes."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph as P
    from reportlab.platypus import SimpleDocTemplate, Spacer

    from simhash_core.report.pdf import _styles, _table, _x, register_font

    font = register_font()
    st = _styles(font)
    cell = st["cell"]
    t = translation(report.lang)
    w = t.word
    buf = io.BytesIO()
    margin = 16 * mm
    width = A4[0] - 2 * margin
    sub = w("plagcheck report · {date}").format(date=report.generated)
    doc = SimpleDocTemplate(
        buf,
        pagesize=A4,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=20 * mm,
        bottomMargin=16 * mm,
        title=report.title,
        author="",
        subject=sub,
        creator="plagcheck",
        producer="plagcheck",
        invariant=1,
    )

    def kv(rows: Sequence[Measure]):
        return _table(
            [[P(_x(m.label), cell), P(_x(m.value), cell)] for m in rows],
            [70 * mm, width - 70 * mm],
            head=False,
        )

    about = (
        Measure(w("Student"), report.student),
        Measure(w("File"), report.files),
        Measure(w("Highest similarity"), report.highest),
        Measure(w("Level of detail"), w(LEVEL_WORDS[report.level])),
    )
    story: list = [P(_x(report.title), st["title"]), P(_x(sub), st["note"]), kv(about)]
    story.append(
        P(_x(w("Other students are not named: each is shown as Student 1, 2, …")), st["note"])
    )
    story.append(P(_x(w("Similar submissions")), st["h2"]))
    if report.partners:
        head = (
            w("Other submission"),
            t.column("Similarity"),
            t.column("Flagged"),
            t.column("Decision"),
        )
        rows = [[P(_x(h), cell) for h in head]]
        rows += [
            [
                P(_x(p.name), cell),
                P(_x(p.similarity_text), cell),
                P(_x(t.yes_no(p.flagged)), cell),
                P(_x(_decided(p)), cell),
            ]
            for p in report.partners
        ]
        story.append(_table(rows, [40 * mm, 24 * mm, 20 * mm, width - 84 * mm]))
    else:
        story.append(P(_x(w(NOTHING_FLAGGED)), st["body"]))
    story.append(P(_x(w("The scan's settings")), st["h2"]))
    story.append(kv(report.settings))
    if report.level != "score":
        for p in report.partners:
            story += [Spacer(1, 6), P(_x(f"{p.name} · {p.similarity_text}"), st["h2"])]
            if p.decision:
                story.append(P(_x(f"{t.column('Decision')}: {_decided(p)}"), st["body"]))
            story += [P(_x(r), st["bullet"], bulletText="•") for r in p.reasons]
            story.append(kv(p.measures))
            if p.passages:
                story.append(P(_x(w("Matched passages")), st["h3"]))
                rows = [[P("#", cell), P(_x(w("Your text")), cell), P(_x(p.name), cell)]]
                rows += [
                    [P(_x(f"{x.number}\n{x.kind}"), cell), P(_x(x.own), cell), P(_x(x.other), cell)]
                    for x in p.passages
                ]
                half = (width - 16 * mm) / 2
                story.append(_table(rows, [16 * mm, half, half]))

    def page(canvas, doc_) -> None:
        canvas.saveState()
        canvas.setFont(font, 8)
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        canvas.drawString(margin, A4[1] - 12 * mm, report.title[:110])
        canvas.drawRightString(A4[0] - margin, A4[1] - 12 * mm, sub)
        canvas.drawCentredString(A4[0] / 2, 9 * mm, w("Page {page}").format(page=doc_.page))
        canvas.restoreState()

    doc.build(story, onFirstPage=page, onLaterPages=page)
    return buf.getvalue()


def student_writers(
    result: ScanResult,
    student: str,
    *,
    html_path: Path | None = None,
    pdf_path: Path | None = None,
    level: str = "summary",
    lang: str | None = None,
    date: datetime.date | None = None,
):
    """The ``(path, writer)`` of the student's HTML and PDF, for
    :func:`simhash_core.report.export.write_reports` (all or none with the others)."""
    from simhash_core.report.export import BinaryWriter

    if html_path is None and pdf_path is None:
        return []
    report = student_report(result, student, level=level, lang=lang, date=date)
    out: list = []
    if html_path is not None:
        text = render_student_html(report)
        out.append((Path(html_path), lambda fh: fh.write(text)))
    if pdf_path is not None:
        out.append((Path(pdf_path), BinaryWriter(lambda: render_student_pdf(report))))
    return out
