"""The PDF report: the class summary and each pair's evidence, with text as text.

Laid out with reportlab (chosen by measurement against fpdf2 and Qt's QPdfWriter, see
docs/benchmarks.md): CJK line breaking, highlighted runs inside flowing paragraphs, table rows
that split across pages, a subset of the font embedded, and no duplicated text, so
``pdftotext`` and a reader's search find every passage.

* **The font** is the writer's CJK TrueType face, looked for where Windows, macOS and
  Linux keep one (Microsoft YaHei, STHeiti, Arial Unicode, WenQuanYi...), or the file
  named by ``PLAGCHECK_REPORT_FONT`` (see :mod:`simhash_core.report.fonts`). Only the
  glyphs used are embedded. Without one, the PDF names Adobe's standard Chinese font
  (STSong-Light) instead: the text is still text, but a reader without that font shows
  other glyphs.
* **Every page** has a header with the report's title (the class, or the two names of
  the pair), the date and the settings, and a page number.
* **A pair** gives the reasons in words, the measures, a table of the matched passages
  (each numbered and in its colour, A beside B; the first :data:`TABLE_PASSAGES`, and
  how many more), then both texts in full with the
  passages highlighted in the same colours and numbered where they start; common text
  and the template are grey.
"""

from __future__ import annotations

import bisect
import heapq
import io
import itertools
from collections.abc import Iterator
from functools import cache
from typing import Any
from xml.sax.saxutils import escape

from simhash_core.report.contents import (
    SHARED_HINT,
    ClassReport,
    MarkedPassage,
    PairSection,
    Span,
    who_headers,
)
from simhash_core.report.fonts import font_candidates
from simhash_core.report.palette import (
    COMMON_TEXT,
    REWORDED_UNDERLINE,
    TRANSLATED_UNDERLINE,
    heat_hex,
    passage_color,
)
from simhash_core.review.decisions import DECISION_WORDS, STATE_WORDS
from simhash_core.translations import translation
from simhash_core.types import PassageKind

FALLBACK_FONT = "STSong-Light"
FONT = "PlagcheckCJK"


@cache
def register_font() -> str:
    """Register the first usable CJK font with reportlab; returns its name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    for font in font_candidates(truetype_only=True):
        try:
            pdfmetrics.registerFont(TTFont(FONT, str(font.path), subfontIndex=font.index))
            return FONT
        except (TTFError, OSError, ValueError):
            continue
    pdfmetrics.registerFont(UnicodeCIDFont(FALLBACK_FONT))
    return FALLBACK_FONT


def _styles(font: str) -> dict:
    from reportlab.lib.styles import ParagraphStyle

    base = {"fontName": font, "wordWrap": "CJK"}
    return {
        "title": ParagraphStyle("title", fontSize=16, leading=21, spaceAfter=6, **base),
        "h2": ParagraphStyle("h2", fontSize=13, leading=18, spaceBefore=10, spaceAfter=4, **base),
        "h3": ParagraphStyle("h3", fontSize=11, leading=15, spaceBefore=8, spaceAfter=3, **base),
        "body": ParagraphStyle("body", fontSize=10, leading=16, spaceAfter=4, **base),
        "cell": ParagraphStyle("cell", fontSize=8.5, leading=12, **base),
        "note": ParagraphStyle("note", fontSize=8, leading=11, textColor="#666666", **base),
        "bullet": ParagraphStyle(
            "bullet", fontSize=10, leading=14, leftIndent=12, bulletIndent=2, **base
        ),
    }


def _x(text: str) -> str:
    return escape(text).replace("\n", "<br/>")


def _segments(
    n: int, marks: list[tuple[MarkedPassage, Span]], grey: list[Span]
) -> Iterator[tuple[int, int, MarkedPassage | None, bool, bool]]:
    """``(start, end, passage, grey, first)`` runs covering ``[0, n)``: ``passage``
    is the first mark covering the run (``first`` where it starts).

    One sweep over the cut points: the marks that have started wait in a heap by their
    place in ``marks`` (those that have ended leave it when they come to its top), so
    thousands of passages cost thousands of steps, not their square.

    >>> m1, m2 = (MarkedPassage(1, "copied", (0, 4), (0, 4)), MarkedPassage(2, "copied",
    ...           (2, 8), (2, 8)))
    >>> [(s, e, m and m.number, g, f) for s, e, m, g, f in _segments(
    ...     10, [(m1, (0, 4)), (m2, (2, 8))], [(6, 10)])]  # doctest: +NORMALIZE_WHITESPACE
    [(0, 2, 1, False, True), (2, 4, 1, False, False), (4, 6, 2, False, True),
     (6, 8, 2, True, False), (8, 10, None, True, False)]
    """
    cuts = {0, n}
    for _, (s, e) in marks:
        cuts.update((s, e))
    for s, e in grey:
        cuts.update((s, e))
    points = sorted(c for c in cuts if 0 <= c <= n)
    by_start = sorted(range(len(marks)), key=lambda k: marks[k][1][0])
    grey_starts = sorted(s for s, _ in grey)
    grey_ends = sorted(e for _, e in grey)
    waiting: list[int] = []  # indices into marks of the marks started so far
    nxt = 0
    started: set[int] = set()
    for s, e in itertools.pairwise(points):
        while nxt < len(by_start) and marks[by_start[nxt]][1][0] <= s:
            heapq.heappush(waiting, by_start[nxt])
            nxt += 1
        while waiting and marks[waiting[0]][1][1] < e:
            heapq.heappop(waiting)  # ended before this run does: covers no later run
        mark = marks[waiting[0]][0] if waiting else None
        is_grey = bisect.bisect_right(grey_starts, s) > bisect.bisect_left(grey_ends, e)
        first = mark is not None and mark.number not in started
        if mark is not None:
            started.add(mark.number)
        yield s, e, mark, is_grey, first


def _marked_paragraphs(
    text: str, marks: list[tuple[MarkedPassage, Span]], grey: list[Span]
) -> list[str]:
    """``text`` as paragraph markup: passages on their colour (reworded and
    translated ones underlined too), numbered where they start; grey text grey."""
    paragraphs: list[str] = [""]
    for s, e, mark, is_grey, first in _segments(len(text), marks, grey):
        pieces = text[s:e].split("\n")
        for k, piece in enumerate(pieces):
            if k:
                paragraphs.append("")
            if not piece:
                continue
            run = escape(piece)
            if mark is not None and not mark.common:
                if mark.kind == PassageKind.REWORDED:
                    run = f'<u color="{REWORDED_UNDERLINE}">{run}</u>'
                elif mark.kind == PassageKind.TRANSLATED:
                    run = f'<u color="{TRANSLATED_UNDERLINE}">{run}</u>'
                run = f'<span backColor="{passage_color(mark.number - 1)}">{run}</span>'
                if first and k == 0:
                    run = f"<super>{mark.number}</super>" + run
            elif is_grey or (mark is not None and mark.common):
                run = f'<font color="{COMMON_TEXT}">{run}</font>'
            paragraphs[-1] += run
    return [p for p in paragraphs if p]


def _histogram(report: ClassReport, font: str):
    import math

    from reportlab.graphics.shapes import Drawing, Line, Rect, String
    from reportlab.lib import colors

    counts = report.histogram
    width, height, left, bottom, top = 440, 150, 30, 24, 14
    plot_w, plot_h = width - left - 16, height - bottom - top
    bins = len(counts)
    bar = plot_w / bins
    peak = math.log10(1 + max(counts or [0]) or 1) or 1.0
    d = Drawing(width, height)
    d.add(Line(left, bottom, left + plot_w, bottom, strokeColor=colors.HexColor("#555555")))
    for i, c in enumerate(counts):
        if not c:
            continue
        h = max(2.0, plot_h * math.log10(1 + c) / peak)
        hot = (i + 1) / bins > report.threshold
        fill = heat_hex(max(0.12, (i + 0.5) / bins)) if hot else "#8fa3bf"
        d.add(
            Rect(
                left + i * bar + 1,
                bottom,
                bar - 2,
                h,
                fillColor=colors.HexColor(fill),
                strokeColor=None,
            )
        )
        d.add(
            String(
                left + (i + 0.5) * bar,
                bottom + h + 2,
                str(c),
                fontName=font,
                fontSize=7,
                textAnchor="middle",
            )
        )
    for pct in (0, 25, 50, 75, 100):
        d.add(
            String(
                left + plot_w * pct / 100,
                bottom - 11,
                f"{pct}%",
                fontName=font,
                fontSize=7,
                textAnchor="middle",
            )
        )
    x = left + plot_w * report.threshold
    d.add(
        Line(
            x,
            bottom,
            x,
            bottom + plot_h + 6,
            strokeColor=colors.HexColor("#c0392b"),
            strokeDashArray=[3, 2],
        )
    )
    flag = translation(report.lang).word("flag")
    d.add(
        String(
            x + 3,
            bottom + plot_h,
            f"{flag} {report.threshold * 100:.0f}%",
            fontName=font,
            fontSize=7,
            fillColor=colors.HexColor("#c0392b"),
        )
    )
    return d


def _table(rows: list[list], widths: list[float], head: bool = True, extra=()):
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    table = Table(
        rows,
        colWidths=widths,
        repeatRows=1 if head else 0,
        hAlign="LEFT",
        splitByRow=0,
        splitInRow=1,
    )
    style = [
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#c8cad0")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if head:
        style.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eef0f4")))
    table.setStyle(TableStyle([*style, *extra]))
    return table


def _archive_story(report: ClassReport, st: dict, width: float) -> list:
    """The archive line under the counts: checked, or (in a red box) asked for and NOT
    checked, and why."""
    from reportlab.lib import colors
    from reportlab.platypus import Paragraph, Spacer

    note = report.archive
    if note is None:
        return []
    if not note.failed:
        return [Spacer(1, 4), Paragraph(_x(note.text), st["cell"])]
    text = Paragraph(f"<b>{_x(note.text)}</b>", st["cell"])
    box = _table(
        [[text]],
        [width],
        head=False,
        extra=[
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#fdecea")),
            ("BOX", (0, 0), (-1, -1), 1.2, colors.HexColor("#c62828")),
        ],
    )
    return [Spacer(1, 4), box]


def _shared_story(report: ClassReport, st: dict, w: Any) -> list:
    """The shared texts (a prompt many students pasted), not counted, and what to do."""
    from reportlab.platypus import Paragraph, Spacer

    if not report.shared:
        return []
    story: list = [Spacer(1, 4)]
    for line, excerpt in report.shared:
        story.append(Paragraph(f"{_x(line)} <i>“{_x(excerpt)}”</i>", st["cell"]))
    story.append(Paragraph(_x(w(SHARED_HINT)), st["cell"]))
    return story


def _overview(report: ClassReport, st: dict, font: str, width: float) -> list:
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, Spacer

    t = translation(report.lang)
    w = t.word
    P = Paragraph
    cell = st["cell"]
    story: list = [P(_x(report.title), st["title"])]
    story.append(
        _table(
            [
                [P(_x(m.label), cell) for m in report.counts],
                [P(_x(m.value), st["h3"]) for m in report.counts],
            ],
            [width / len(report.counts)] * len(report.counts),
            head=False,
        )
    )
    story += _archive_story(report, st, width)
    story += _shared_story(report, st, w)
    if report.review:
        story.append(P(_x(w("Review")), st["h3"]))
        story.append(
            _table(
                [
                    [P(_x(m.label), cell) for m in report.review],
                    [P(_x(m.value), st["h3"]) for m in report.review],
                ],
                [width / len(report.review)] * len(report.review),
                head=False,
            )
        )
    story += [P(_x(w("Similarity of every pair")), st["h2"]), _histogram(report, font)]
    story.append(P(_x(w("Pairs per 5% of similarity; bar heights on a log scale.")), st["note"]))
    story.append(P(_x(w("Settings")), st["h2"]))
    story.append(
        _table(
            [[P(_x(m.label), cell), P(_x(m.value), cell)] for m in report.settings],
            [70 * mm, 50 * mm],
            head=False,
        )
    )
    story.append(P(_x(w("Groups")), st["h2"]))
    if report.groups:
        rows = [
            [
                P(_x(h), cell)
                for h in (w("Group"), w("Members"), w("Highest similarity"), w("Who copied"))
            ]
        ]
        rows += [
            [
                P(str(g.id), cell),
                P(_x(", ".join(g.members)), cell),
                P(g.max_similarity, cell),
                P(_x(g.source_text), cell),
            ]
            for g in report.groups
        ]
        story.append(_table(rows, [12 * mm, width - 92 * mm, 24 * mm, 56 * mm]))
    else:
        story.append(P(_x(w("none")), st["note"]))
    story.append(P(_x(w("Flagged pairs")), st["h2"]))
    if report.pairs:
        head = [
            "#",
            *who_headers(t, report.anonymous),
            t.column("Similarity"),
            t.column("Decision"),
            t.column("Why"),
        ]
        sep = t.separator
        rows = [[P(_x(h), cell) for h in head]]
        rows += [
            [
                P(str(s.number), cell),
                P(_x(s.name_a), cell),
                P(_x(s.name_b), cell),
                P(s.similarity_text, cell),
                P(_x(t.word(STATE_WORDS[s.state])), cell),
                P(_x(sep.join(s.reasons)), cell),
            ]
            for s in report.pairs
        ]
        story.append(_table(rows, [9 * mm, 34 * mm, 34 * mm, 18 * mm, 24 * mm, width - 119 * mm]))
    else:
        story.append(P(_x(w("none")), st["note"]))
    story.append(P(_x(w("Files not read, skipped or read with warnings")), st["h2"]))
    if report.problems:
        rows = [[P(_x(h), cell) for h in (w("File"), w("Problem"), w("Reason"))]]
        rows += [
            [P(_x(p.name), cell), P(_x(p.problem), cell), P(_x(p.reason), cell)]
            for p in report.problems
        ]
        story.append(_table(rows, [50 * mm, 30 * mm, width - 80 * mm]))
    else:
        story.append(P(_x(w("none")), st["note"]))
    story.append(Spacer(1, 4))
    return story


EXCERPT_CHARS = 600  # of a passage in the passages table (the full texts follow)
TABLE_PASSAGES = 200  # rows of the passages table; the rest are counted (and all marked)


def _excerpt(text: str, more: str, limit: int = EXCERPT_CHARS) -> str:
    """A passage for the passages table: whole up to ``limit`` characters, else its
    start and end around ``more`` ("… 2,400 characters in all …").

    >>> _excerpt("ab" * 400, "[{chars}]")[296:311]
    'abab … [800] … '
    """
    text = text.strip()
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]} … {more.format(chars=len(text))} … {text[-half:]}"


FULL_TEXT_CHARS = 60_000  # a text up to this long is printed whole (about 25 pages)
AROUND = 500  # a longer one: this much around each passage's start and end


def text_windows(n: int, spans: list[Span], budget: int = FULL_TEXT_CHARS) -> list[Span]:
    """The parts of a text of ``n`` characters that the PDF prints: all of it up to
    ``budget`` characters; a longer text (a padded essay of 600,000 characters made a
    1,300-page PDF) by what surrounds each passage's start and end, merged, in order,
    at most ``budget`` characters in all.

    >>> text_windows(100, [(10, 20)])
    [(0, 100)]
    >>> text_windows(100_000, [(10_000, 90_000)], budget=5_000)
    [(9500, 10500), (89500, 90500)]
    >>> text_windows(100_000, [(0, 600), (700, 900)], budget=5_000)
    [(0, 1400)]
    """
    if n <= budget:
        return [(0, n)]
    edges = sorted(
        (max(0, point - AROUND), min(n, point + AROUND))
        for start, end in spans
        for point in (start, end)
    )
    merged: list[Span] = []
    for start, end in edges:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    windows: list[Span] = []
    left = budget
    for start, end in merged:
        if left <= 0:
            break
        windows.append((start, min(end, start + left)))
        left -= windows[-1][1] - start
    return windows or [(0, budget)]


def _inside(span: Span, window: Span) -> Span | None:
    """``span``'s part inside ``window``, counted from the window's start.

    >>> _inside((5, 50), (10, 20)), _inside((0, 5), (10, 20))
    ((0, 10), None)
    """
    start, end = max(span[0], window[0]) - window[0], min(span[1], window[1]) - window[0]
    return (start, end) if start < end else None


def _text_story(text: str, spans: list, grey: list[Span], w, st: dict, anchor: str) -> list:
    """A document's text as paragraphs: whole, or the parts :func:`text_windows` keeps
    with a line for each part left out."""
    from reportlab.platypus import Paragraph

    windows = text_windows(len(text), [span for _, span in spans])
    story: list = []
    if windows != [(0, len(text))]:
        note = w("A long text: the parts around its passages are shown ({chars} characters)")
        story.append(Paragraph(_x(note.format(chars=f"{len(text):,}")), st["body"]))
    shown_to = 0
    for window in windows:
        if window[0] > shown_to:
            gap = w("[… {chars} characters …]").format(chars=f"{window[0] - shown_to:,}")
            story.append(Paragraph(_x(gap), st["body"]))
        part = text[window[0] : window[1]]
        marks = [(m, cut) for m, span in spans if (cut := _inside(span, window))]
        greys = [cut for span in grey if (cut := _inside(span, window))]
        paragraphs = _marked_paragraphs(part, marks, greys)
        # an anchor first: reportlab loses a leading span's background when the
        # paragraph is split across pages (a span that is not first keeps it)
        story += [
            Paragraph(f'<a name="{anchor}{window[0]}-{k}"/>{p}', st["body"])
            for k, p in enumerate(paragraphs)
        ]
        shown_to = window[1]
    if shown_to < len(text):
        gap = w("[… {chars} characters …]").format(chars=f"{len(text) - shown_to:,}")
        story.append(Paragraph(_x(gap), st["body"]))
    return story


def _pair(report: ClassReport, s: PairSection, st: dict, width: float) -> list:
    from reportlab.platypus import Paragraph

    t = translation(report.lang)
    w = t.word
    P = Paragraph
    title = w("Pair {number}").format(number=s.number)
    story: list = [P(_x(f"{title}: {s.name_a} ↔ {s.name_b} · {s.similarity_text}"), st["title"])]
    story += _decision_story(s, st, width)
    story += [P(_x(r), st["bullet"], bulletText="•") for r in s.reasons]
    story.append(P(_x(w("Measures")), st["h3"]))
    story.append(_measures_table(s, st))
    texts = report.texts
    story += _passages_table(report, s, st, width)
    for side, name, text, spans, common, tpl, ocr in (
        (
            "A",
            s.name_a,
            texts[s.a],
            [(m, m.a) for m in s.passages],
            s.common_a,
            s.template_a,
            s.ocr_a,
        ),
        (
            "B",
            s.name_b,
            texts[s.b],
            [(m, m.b) for m in s.passages],
            s.common_b,
            s.template_b,
            s.ocr_b,
        ),
    ):
        story.append(P(_x(f"{side} · {name}: {w('full text')}"), st["h2"]))
        if ocr:
            story.append(P(_x(ocr), st["body"]))
        story += _text_story(text, spans, [*common, *tpl], w, st, f"p{s.number}{side}")
    return story


DECISION_COLORS = {  # the decision box's frame and ground, by review state
    "confirmed": ("#c62828", "#fdecea"),
    "dismissed": ("#2e7d32", "#edf7ee"),
    "outdated": ("#c98a00", "#fff4d6"),
}


def _decision_story(s: PairSection, st: dict, width: float) -> list:
    """The teacher's decision on the pair in a framed box (nothing when none)."""
    from reportlab.lib import colors
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, Spacer

    if not s.decision:
        return []
    frame, ground = DECISION_COLORS.get(s.state, ("#8fa3bf", "#f4f6f9"))
    rows = [
        [Paragraph(_x(m.label), st["cell"]), Paragraph(_x(m.value), st["cell"])] for m in s.decision
    ]
    box = _table(
        rows,
        [34 * mm, width - 34 * mm],
        head=False,
        extra=[
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(ground)),
            ("BOX", (0, 0), (-1, -1), 1.2, colors.HexColor(frame)),
            ("INNERGRID", (0, 0), (-1, -1), 0, colors.HexColor(ground)),
        ],
    )
    return [box, Spacer(1, 4)]


def _passages_table(
    report: ClassReport,
    s: PairSection,
    st: dict,
    width: float,
    limit: int = EXCERPT_CHARS,
    more_word: str = "{chars} characters in all; the full texts follow",
) -> list:
    """The matched passages side by side: A's beside B's, each numbered in its colour
    (passages longer than ``limit`` characters shortened to their start and end)."""
    from reportlab.lib import colors
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph as P

    w = translation(report.lang).word
    cell = st["cell"]
    texts = report.texts
    shown = [m for m in s.passages if not m.common]
    if not shown:
        return []
    rows = [[P("#", cell), P(_x(f"A · {s.name_a}"), cell), P(_x(f"B · {s.name_b}"), cell)]]
    more = w(more_word)
    extra: list[tuple[Any, ...]] = []
    for r, m in enumerate(shown[:TABLE_PASSAGES], 1):
        kind = w(m.kind)
        rows.append(
            [
                P(_x(f"{m.number}\n{kind}"), cell),
                P(_x(_excerpt(texts[s.a][m.a[0] : m.a[1]], more, limit)), cell),
                P(_x(_excerpt(texts[s.b][m.b[0] : m.b[1]], more, limit)), cell),
            ]
        )
        extra.append(("BACKGROUND", (0, r), (0, r), colors.HexColor(passage_color(m.number - 1))))
    if len(shown) > TABLE_PASSAGES:
        left = w("… and {count} more passages, marked in the full texts below")
        rows.append(["", P(_x(left.format(count=len(shown) - TABLE_PASSAGES)), cell), ""])
        extra.append(("SPAN", (1, len(rows) - 1), (2, len(rows) - 1)))
    number = 22 * mm  # the passage's number and kind: "translated" on one line
    table = _table(rows, [number, (width - number) / 2, (width - number) / 2], extra=extra)
    return [P(_x(w("Matched passages")), st["h2"]), table]


CASE_PASSAGE_CHARS = 4_000  # of a passage in a confirmed case (no full texts follow)


def _cases_cover(report: ClassReport, st: dict, width: float) -> list:
    """The confirmed cases' first page: what they are, the settings, the list."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph as P

    t = translation(report.lang)
    w = t.word
    cell = st["cell"]
    story: list = [P(_x(report.title), st["title"])]
    story.append(P(_x(w("Confirmed cases: {count}").format(count=len(report.pairs))), st["h3"]))
    story.append(P(_x(w("The scan's settings")), st["h2"]))
    story.append(_settings_table(report, st))
    story.append(P(_x(w("Confirmed cases")), st["h2"]))
    if not report.pairs:
        story.append(P(_x(w("No pair is confirmed as copying.")), st["body"]))
        return story
    by, at = (t.word(x) for x in DECISION_WORDS[3:])
    head = ["#", *who_headers(t, report.anonymous), t.column("Similarity"), by, at]
    rows = [[P(_x(h), cell) for h in head]]
    for s in report.pairs:
        parts = {m.label: m.value for m in s.decision}
        rows.append(
            [
                P(str(s.number), cell),
                P(_x(s.name_a), cell),
                P(_x(s.name_b), cell),
                P(s.similarity_text, cell),
                P(_x(parts.get(by, "")), cell),
                P(_x(parts.get(at, "")), cell),
            ]
        )
    story.append(_table(rows, [9 * mm, 40 * mm, 40 * mm, 18 * mm, 30 * mm, width - 137 * mm]))
    return story


def _settings_table(report: ClassReport, st: dict):
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph as P

    cell = st["cell"]
    return _table(
        [[P(_x(m.label), cell), P(_x(m.value), cell)] for m in report.settings],
        [70 * mm, 50 * mm],
        head=False,
    )


def _case(report: ClassReport, s: PairSection, st: dict, width: float) -> list:
    """One confirmed case for an exam board: the decision, what the files' properties
    share, why the pair was flagged, the measures, the passages side by side and the
    settings."""
    from reportlab.platypus import Paragraph as P

    w = translation(report.lang).word
    title = w("Case {number}").format(number=s.number)
    story: list = [P(_x(f"{title}: {s.name_a} ↔ {s.name_b} · {s.similarity_text}"), st["title"])]
    story += _decision_story(s, st, width)
    story.append(P(_x(w("What the files' properties share")), st["h3"]))
    if s.metadata:
        story += [P(_x(r), st["bullet"], bulletText="•") for r in s.metadata]
    else:
        story.append(P(_x(w("none")), st["note"]))
    story.append(P(_x(translation(report.lang).column("Why")), st["h3"]))
    metadata = set(s.metadata)
    story += [P(_x(r), st["bullet"], bulletText="•") for r in s.reasons if r not in metadata]
    story.append(P(_x(w("Measures")), st["h3"]))
    story.append(_measures_table(s, st))
    story += _passages_table(report, s, st, width, CASE_PASSAGE_CHARS, "{chars} characters in all")
    story.append(P(_x(w("The scan's settings")), st["h3"]))
    story.append(_settings_table(report, st))
    return story


def _measures_table(s: PairSection, st: dict):
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph as P

    cell = st["cell"]
    half = (len(s.measures) + 1) // 2
    rows = []
    for k in range(half):
        row: list = []
        for measure in (
            s.measures[k],
            s.measures[k + half] if k + half < len(s.measures) else None,
        ):
            row += [P(_x(measure.label), cell), P(_x(measure.value), cell)] if measure else ["", ""]
        rows.append(row)
    return _table(rows, [52 * mm, 28 * mm, 52 * mm, 28 * mm], head=False)


class _Heading:
    """What the page header names: the class, then each pair from its first page on.
    A zero-size flowable at the start of each part sets it when drawn; the header is
    drawn at the end of each page."""

    def __init__(self, text: str) -> None:
        self.text = text

    def flowable(self, text: str):
        from reportlab.platypus import Flowable

        heading = self

        class Set(Flowable):
            def wrap(self, *_: float) -> tuple[float, float]:
                return 0, 0

            def draw(self) -> None:
                heading.text = text

        return Set()


def render_pdf(report: ClassReport, *, overview: bool = True) -> bytes:
    """The report as PDF bytes: the class summary (unless ``overview`` is off, for one
    pair's evidence) and then each pair, each starting on a new page."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import BaseDocTemplate, Frame, PageBreak, PageTemplate

    font = register_font()
    st = _styles(font)
    t = translation(report.lang)
    buf = io.BytesIO()
    margin = 16 * mm
    doc = BaseDocTemplate(
        buf,
        pagesize=A4,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=24 * mm,
        bottomMargin=16 * mm,
        title=report.title,
        author="",
        subject=t.word("plagcheck report · {date}").format(date=report.generated),
        creator="plagcheck",
        producer="plagcheck",
        invariant=1,
    )
    width = A4[0] - 2 * margin
    heading = _Heading(report.title)
    cases = report.kind == "confirmed"
    story: list = []
    if cases:
        story = _cases_cover(report, st, width)
    elif overview:
        story = _overview(report, st, font, width)
    for s in report.pairs:
        if story:
            story.append(PageBreak())
        story.append(heading.flowable(f"{report.title} · {s.name_a} ↔ {s.name_b}"))
        story += _case(report, s, st, width) if cases else _pair(report, s, st, width)
    sub = t.word("plagcheck report · {date}").format(date=report.generated)
    settings = " · ".join(f"{m.label} {m.value}" for m in report.settings[:4])

    def page(canvas, doc_) -> None:
        canvas.saveState()
        canvas.setFont(font, 8)
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        y = A4[1] - 12 * mm
        canvas.drawString(margin, y, heading.text[:110])
        canvas.drawRightString(A4[0] - margin, y, sub)
        canvas.drawString(margin, y - 10, settings[:160])
        canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
        canvas.line(margin, y - 14, A4[0] - margin, y - 14)
        canvas.drawCentredString(A4[0] / 2, 9 * mm, t.word("Page {page}").format(page=doc_.page))
        canvas.restoreState()

    frame = Frame(
        margin,
        doc.bottomMargin,
        width,
        A4[1] - doc.topMargin - doc.bottomMargin,
        id="body",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPageEnd=page)])
    doc.build(story)
    return buf.getvalue()
