"""The HTML report: one self-contained file a teacher can mail or carry on a stick.

Everything is inline: the styles, the script, the data, the histogram (SVG) and the
font. The page loads nothing, from the network or from the disk. The glyphs of every
non-ASCII character it shows are embedded as a WOFF subset of the writer's CJK font
(:mod:`simhash_core.report.fonts`; a few hundred kB), so Chinese is drawn on a machine
with no Chinese font at all. Latin text uses the reader's own sans-serif, and if no CJK
font was found when writing, the stack of the families Windows, macOS and Linux ship
(Microsoft YaHei, PingFang SC, Noto Sans CJK, WenQuanYi) takes over.

* **Overview**: the class and its settings, the histogram of pair similarity (log
  scale, the flag threshold marked), the groups, the flagged pairs (sortable: click a
  column title) and the files that could not be read, were skipped or were read
  with a warning.
* **One section per flagged pair**: the reasons in words, the measures, and both texts
  side by side. Each passage has one colour on both sides; clicking it scrolls the
  other side to it. Text much of the class shares, and the template, are grey.
* **Size.** Each document's text is stored once, in the data block; a pair's texts are
  laid out by the script when the pair comes near the screen (or is printed), so the
  report of a 1,000-file class opens at once.
* **Print**: a print stylesheet gives clean pages (each pair on new pages, texts in
  full, no scroll boxes); "Print this pair" prints one.
"""

from __future__ import annotations

import html
import json
from typing import Any

from simhash_core.report.contents import (
    FILTER_WORDS,
    FILTERS,
    HISTOGRAM_BINS,
    SHARED_HINT,
    ClassReport,
    GroupSummary,
    PairSection,
    who_headers,
)
from simhash_core.report.fonts import EMBEDDED_FAMILY, embedded_font
from simhash_core.report.palette import (
    COMMON_TEXT,
    PASSAGE_COLORS,
    REWORDED_UNDERLINE,
    TRANSLATED_UNDERLINE,
    heat_hex,
)
from simhash_core.review.decisions import DECISION_WORDS, STATE_WORDS
from simhash_core.translations import translation
from simhash_core.types import PassageKind

FONT_STACK = (
    f'"Segoe UI", "Helvetica Neue", Arial, "{EMBEDDED_FAMILY}", "Microsoft YaHei", "PingFang SC", '
    '"Hiragino Sans GB", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", '
    '"WenQuanYi Zen Hei", SimHei, sans-serif'
)


# the page may load nothing: no network, no file, only its own inline styles and script
_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "img-src data:; font-src data:"
)


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _filter_css() -> str:
    """The decision filter without a script: while a state's radio button is checked,
    the pairs (rows and sections) of the other states are hidden."""
    return "\n".join(
        f"body:has(#filter-{k}:checked) :is(tr, section.pair)[data-state]"
        f':not([data-state="{k}"]) {{ display: none; }}'
        for k in FILTERS
    )


def _css() -> str:
    colors = "\n".join(f".c{k} {{ background: {c}; }}" for k, c in enumerate(PASSAGE_COLORS))
    return f"""
:root {{ --grey: {COMMON_TEXT}; }}
* {{ box-sizing: border-box; }}
body {{ font-family: {FONT_STACK}; margin: 0; color: #1d1d1f; background: #fafafa;
  line-height: 1.5; }}
header.top {{ background: #24324a; color: #fff; padding: 16px 28px; }}
header.top h1 {{ margin: 0; font-size: 22px; }}
header.top .sub {{ opacity: .8; font-size: 13px; }}
main {{ padding: 8px 28px 40px; max-width: 1500px; }}
h2 {{ font-size: 18px; border-bottom: 2px solid #24324a; padding-bottom: 2px;
  margin-top: 28px; }}
table {{ border-collapse: collapse; font-size: 13px; background: #fff; }}
th, td {{ border: 1px solid #d7d9de; padding: 3px 8px; text-align: left;
  vertical-align: top; }}
th {{ background: #eef0f4; white-space: nowrap; }}
td.num {{ text-align: right; white-space: nowrap; }}
table.sortable th {{ cursor: pointer; user-select: none; }}
table.sortable th::after {{ content: " ↕"; color: #999; font-size: 11px; }}
.kv td:first-child {{ color: #555; }}
.cards {{ display: flex; gap: 12px; flex-wrap: wrap; margin: 12px 0; }}
.card {{ background: #fff; border: 1px solid #d7d9de; border-radius: 6px;
  padding: 8px 14px; min-width: 140px; }}
.card b {{ display: block; font-size: 22px; }}
.overview-grid {{ display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }}
svg.histogram text {{ font-family: {FONT_STACK}; font-size: 11px; fill: #333; }}
section.pair {{ background: #fff; border: 1px solid #d7d9de; border-radius: 6px;
  padding: 10px 16px 16px; margin: 24px 0; content-visibility: auto;
  contain-intrinsic-size: auto 900px; }}
section.pair h2 {{ margin-top: 4px; }}
.reasons {{ margin: 6px 0; padding-left: 20px; }}
.measures td {{ font-size: 12px; }}
.legend {{ font-size: 12px; color: #444; margin: 8px 0; }}
.legend span {{ margin-right: 14px; padding: 0 4px; }}
.sides {{ display: grid; grid-template-columns: 1fr 1fr; gap: 14px; }}
.side h3 {{ font-size: 14px; margin: 6px 0; }}
.text {{ white-space: pre-wrap; word-break: break-word; font-size: 14px;
  border: 1px solid #d7d9de; border-radius: 4px; padding: 8px 10px; max-height: 70vh;
  overflow: auto; background: #fff; }}
mark {{ color: inherit; border-radius: 2px; cursor: pointer; }}
{colors}
mark.reworded {{ text-decoration: underline dashed {REWORDED_UNDERLINE};
  text-decoration-thickness: 2px; }}
mark.translated {{ text-decoration: underline wavy {TRANSLATED_UNDERLINE};
  text-decoration-thickness: 1.5px; }}
mark.first::before {{ content: attr(data-n); font-size: 10px; font-weight: bold;
  vertical-align: super; color: #333; margin-right: 1px; }}
mark.current {{ outline: 2px solid #24324a; }}
.common, mark.common {{ color: var(--grey); background: none; }}
.tpl {{ color: var(--grey); font-style: italic; }}
.note {{ color: #666; font-size: 12px; }}
p.archive {{ margin: 0 0 12px; padding: 6px 10px; background: #fff;
  border-left: 4px solid #2e7d32; }}
div.archive {{ margin: 0 0 12px; padding: 6px 10px; background: #fff;
  border-left: 4px solid var(--grey); }}
div.archive ul {{ margin: 0; padding-left: 18px; }}
div.archive p {{ margin: 4px 0 0; color: var(--grey); }}
p.archive.failed {{ background: #fdecea; border-left-color: #c62828; font-weight: bold; }}
p.ocr {{ font-size: 12px; margin: 2px 0 6px; padding: 3px 6px; background: #fff4d6;
  border-left: 3px solid #c98a00; }}
button.print {{ float: right; font: inherit; font-size: 12px; }}
fieldset.filter {{ border: 1px solid #d7d9de; border-radius: 6px; background: #fff;
  margin: 12px 0; padding: 4px 12px 8px; font-size: 14px; }}
fieldset.filter label {{ margin-right: 16px; cursor: pointer; white-space: nowrap; }}
fieldset.filter input:focus-visible {{ outline: 2px solid #1f4fa8; outline-offset: 2px; }}
.decision {{ margin: 6px 0; padding: 4px 10px; border-left: 4px solid #8fa3bf;
  background: #f4f6f9; font-size: 13px; }}
.decision.confirmed {{ border-left-color: #c62828; background: #fdecea; }}
.decision.dismissed {{ border-left-color: #2e7d32; background: #edf7ee; }}
.decision.outdated {{ border-left-color: #c98a00; background: #fff4d6; }}
.decision table {{ background: none; }}
.decision td {{ border: none; padding: 1px 8px 1px 0; }}
.decision td:first-child {{ color: #555; white-space: nowrap; }}
td.state-confirmed {{ color: #c62828; font-weight: bold; }}
td.state-dismissed {{ color: #2e7d32; }}
td.state-outdated {{ color: #9a6a00; }}
.steps {{ margin: 6px 0; font-size: 13px; }}
.steps button {{ font: inherit; font-size: 13px; }}
.steps .at {{ margin: 0 8px; color: #444; }}
{_filter_css()}
a {{ color: #1f4fa8; }}
@media print {{
  body {{ background: #fff; }}
  header.top {{ background: none; color: #000; border-bottom: 2px solid #000; padding: 0 0 6px; }}
  main {{ padding: 0; max-width: none; }}
  button, .noprint {{ display: none !important; }}
  section.pair {{ break-before: page; border: none; padding: 0; content-visibility: visible; }}
  .text {{ max-height: none; overflow: visible; font-size: 11px; }}
  .sides {{ gap: 8px; }}
  mark, .c0, .c1, .c2, .c3, .c4, .c5, .c6, .c7 {{ -webkit-print-color-adjust: exact;
    print-color-adjust: exact; }}
  body.one-pair main > :not(.printing) {{ display: none; }}
  body.one-pair section.pair.printing {{ break-before: auto; }}
}}
"""


# The script: builds a pair's two texts from the data block when the pair comes near
# the screen, links passages across the sides, sorts tables, prepares printing. It only
# ever sets textContent (never HTML), so no text in a submission can run as code.
_SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var pairs = {};
  data.pairs.forEach(function (p) { pairs[p.n] = p; });

  // spans [[start, end], ...] as a sweep: how many cover the run starting at s
  function cover(spans) {
    var starts = spans.map(function (x) { return x[0]; }).sort(function (a, b) { return a - b; });
    var ends = spans.map(function (x) { return x[1]; }).sort(function (a, b) { return a - b; });
    var i = 0, j = 0;
    return function (s) {  // called with s ascending
      while (i < starts.length && starts[i] <= s) i++;
      while (j < ends.length && ends[j] <= s) j++;
      return i - j > 0;
    };
  }

  // one sweep over the cut points: the started marks wait in a heap ordered by their
  // place in marks, so thousands of passages cost thousands of steps, not their square
  function segments(text, marks, common, tpl) {
    var cuts = [0, text.length];
    marks.forEach(function (m) { cuts.push(m[1], m[2]); });
    common.forEach(function (s) { cuts.push(s[0], s[1]); });
    tpl.forEach(function (s) { cuts.push(s[0], s[1]); });
    cuts = cuts.filter(function (x) { return x >= 0 && x <= text.length; });
    cuts.sort(function (a, b) { return a - b; });
    var byStart = marks.map(function (m, k) { return k; });
    byStart.sort(function (x, y) { return marks[x][1] - marks[y][1] || x - y; });
    var heap = [], next = 0;
    function push(k) {
      heap.push(k);
      for (var c = heap.length - 1; c > 0;) {
        var up = (c - 1) >> 1;
        if (heap[up] <= heap[c]) break;
        var t = heap[up]; heap[up] = heap[c]; heap[c] = t; c = up;
      }
    }
    function pop() {
      var last = heap.pop();
      if (!heap.length) return;
      heap[0] = last;
      for (var c = 0;;) {
        var l = 2 * c + 1, r = l + 1, m = c;
        if (l < heap.length && heap[l] < heap[m]) m = l;
        if (r < heap.length && heap[r] < heap[m]) m = r;
        if (m === c) break;
        var t = heap[m]; heap[m] = heap[c]; heap[c] = t; c = m;
      }
    }
    var inCommon = cover(common), inTpl = cover(tpl);
    var out = [], seen = {};
    for (var i = 0; i + 1 < cuts.length; i++) {
      var s = cuts[i], e = cuts[i + 1];
      if (e <= s) continue;
      while (next < byStart.length && marks[byStart[next]][1] <= s) push(byStart[next++]);
      while (heap.length && marks[heap[0]][2] < e) pop();
      var mark = heap.length ? marks[heap[0]] : null;
      out.push({ s: s, e: e, mark: mark, common: inCommon(s), tpl: inTpl(s),
                 first: mark !== null && !seen[mark[0]] });
      if (mark !== null) seen[mark[0]] = true;
    }
    return out;
  }

  function fill(box, text, marks, common, tpl) {
    var frag = document.createDocumentFragment();
    segments(text, marks, common, tpl).forEach(function (g) {
      var piece = text.slice(g.s, g.e), node;
      if (g.mark) {
        node = document.createElement("mark");
        var n = g.mark[0], kind = g.mark[3], isCommon = g.mark[4];
        node.className = (isCommon ? "common" : "c" + ((n - 1) % 8) + " " + kind) +
          (g.first ? " first" : "");
        node.setAttribute("data-p", n);
        if (g.first) node.setAttribute("data-n", n);
      } else if (g.tpl || g.common) {
        node = document.createElement("span");
        node.className = g.tpl ? "tpl" : "common";
      } else {
        frag.appendChild(document.createTextNode(piece));
        return;
      }
      node.textContent = piece;
      frag.appendChild(node);
    });
    box.textContent = "";
    box.appendChild(frag);
  }

  function render(section) {
    if (section.getAttribute("data-ready")) return;
    var p = pairs[section.getAttribute("data-pair")];
    if (!p) return;
    var boxes = section.querySelectorAll(".text");
    var ma = p.p.map(function (x) { return [x[0], x[2], x[3], x[1], x[6]]; });
    var mb = p.p.map(function (x) { return [x[0], x[4], x[5], x[1], x[6]]; });
    fill(boxes[0], data.texts[p.a], ma, p.ca, p.ta);
    fill(boxes[1], data.texts[p.b], mb, p.cb, p.tb);
    section.setAttribute("data-ready", "1");
  }

  function scrollInBox(box, el) {
    var top = el.getBoundingClientRect().top - box.getBoundingClientRect().top;
    box.scrollTop += top - 40;
  }

  // passage n marked current on both sides, each side scrolled to it (but the box
  // holding ``clicked``, where the reader already is)
  function show(section, n, clicked) {
    var boxes = section.querySelectorAll(".text");
    section.querySelectorAll("mark.current").forEach(function (x) {
      x.classList.remove("current");
    });
    boxes.forEach(function (box) {
      var found = box.querySelectorAll('mark[data-p="' + n + '"]');
      found.forEach(function (x) { x.classList.add("current"); });
      if (found.length && !(clicked && box.contains(clicked))) scrollInBox(box, found[0]);
    });
  }

  // the numbers of a pair's passages the reader steps through (not the common text)
  function stops(section) {
    var p = pairs[section.getAttribute("data-pair")];
    return p ? p.p.filter(function (x) { return !x[6]; }).map(function (x) { return x[0]; }) : [];
  }

  function step(section, by) {
    render(section);
    var list = stops(section);
    if (!list.length) return;
    var at = parseInt(section.getAttribute("data-at") || "0", 10) + by;
    if (at < 1) at = list.length;
    if (at > list.length) at = 1;
    section.setAttribute("data-at", String(at));
    show(section, list[at - 1], null);
    var label = section.querySelector(".steps .at");
    if (label) {
      label.textContent = label.getAttribute("data-format")
        .replace("{n}", String(at)).replace("{count}", String(list.length));
    }
    var sides = section.querySelector(".sides");
    var top = sides.getBoundingClientRect().top;
    if (top < 0 || top > innerHeight * 0.6) sides.scrollIntoView({ block: "start" });
  }

  function link(section) {
    section.addEventListener("click", function (ev) {
      var m = ev.target.closest("mark[data-p]");
      if (!m) return;
      var n = parseInt(m.getAttribute("data-p"), 10);
      var at = stops(section).indexOf(n);
      if (at >= 0) section.setAttribute("data-at", String(at + 1));
      show(section, n, m);
    });
    section.querySelectorAll(".steps button").forEach(function (b) {
      b.addEventListener("click", function () {
        step(section, b.classList.contains("next") ? 1 : -1);
      });
    });
    // n / p (or j / k) step through the passages while the focus is in the pair
    section.addEventListener("keydown", function (ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      if (ev.key === "n" || ev.key === "j") { step(section, 1); ev.preventDefault(); }
      if (ev.key === "p" || ev.key === "k") { step(section, -1); ev.preventDefault(); }
    });
  }

  // #filter-confirmed (and the others) shows the report filtered
  function filterFromHash() {
    var wanted = /^#filter-(\w+)$/.exec(location.hash);
    var radio = wanted && document.getElementById("filter-" + wanted[1]);
    if (radio) radio.checked = true;
  }
  filterFromHash();
  window.addEventListener("hashchange", filterFromHash);

  var sections = Array.prototype.slice.call(document.querySelectorAll("section.pair"));
  sections.forEach(link);
  if ("IntersectionObserver" in window) {
    var seen = new IntersectionObserver(function (entries) {
      entries.forEach(function (en) {
        if (en.isIntersecting) { render(en.target); seen.unobserve(en.target); }
      });
    }, { rootMargin: "600px" });
    sections.forEach(function (s) { seen.observe(s); });
  } else {
    sections.forEach(render);
  }

  function showHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target && target.classList.contains("pair")) {
      render(target);
      target.scrollIntoView();
      // sections above it are laid out as they come near: scroll again once they are
      requestAnimationFrame(function () { target.scrollIntoView(); });
    }
  }
  window.addEventListener("hashchange", showHash);
  showHash();

  window.addEventListener("beforeprint", function () { sections.forEach(render); });
  document.querySelectorAll("button.print").forEach(function (b) {
    b.addEventListener("click", function () {
      var s = b.closest("section.pair");
      render(s);
      s.classList.add("printing");
      document.body.classList.add("one-pair");
      window.print();
      document.body.classList.remove("one-pair");
      s.classList.remove("printing");
    });
  });

  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.querySelectorAll("th").forEach(function (th, col) {
      th.addEventListener("click", function () {
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var up = th.getAttribute("data-dir") !== "up";
        th.setAttribute("data-dir", up ? "up" : "down");
        rows.sort(function (r, s) {
          var x = r.cells[col].getAttribute("data-sort") || r.cells[col].textContent;
          var y = s.cells[col].getAttribute("data-sort") || s.cells[col].textContent;
          var nx = parseFloat(x), ny = parseFloat(y);
          var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
          return up ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
})();
"""


def histogram_svg(counts: tuple[int, ...] | list[int], threshold: float, flag_word: str) -> str:
    """Pairs per similarity bin as bars on a log scale, the flag threshold dashed.

    >>> svg = histogram_svg([90, 5, 0, 1] + [0] * 16, 0.15, "flag")
    >>> svg.count("<rect class=\\"bar\\""), "flag 15%" in svg
    (3, True)
    """
    import math

    width, height, left, bottom, top = 640, 210, 44, 34, 18
    plot_w, plot_h = width - left - 24, height - bottom - top
    bins = len(counts) or HISTOGRAM_BINS
    bar_w = plot_w / bins
    peak = math.log10(1 + max(counts or [0]) or 1) or 1.0
    parts = [
        f'<svg class="histogram" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img">'
    ]
    base = top + plot_h
    parts.append(f'<line x1="{left}" y1="{base}" x2="{left + plot_w}" y2="{base}" stroke="#555"/>')
    for i, c in enumerate(counts):
        if not c:
            continue
        h = max(2.0, plot_h * math.log10(1 + c) / peak)
        x = left + i * bar_w
        color = heat_hex(max(0.12, (i + 0.5) / bins)) if (i + 1) / bins > threshold else "#8fa3bf"
        parts.append(
            f'<rect class="bar" x="{x + 1:.1f}" y="{base - h:.1f}" width="{bar_w - 2:.1f}" '
            f'height="{h:.1f}" fill="{color}"><title>{c}</title></rect>'
        )
        parts.append(
            f'<text x="{x + bar_w / 2:.1f}" y="{base - h - 3:.1f}" text-anchor="middle">{c}</text>'
        )
    for pct in (0, 25, 50, 75, 100):
        x = left + plot_w * pct / 100
        parts.append(f'<text x="{x:.1f}" y="{base + 16}" text-anchor="middle">{pct}%</text>')
    tx = left + plot_w * threshold
    parts.append(
        f'<line x1="{tx:.1f}" y1="{top - 6}" x2="{tx:.1f}" y2="{base}" stroke="#c0392b" '
        'stroke-width="1.5" stroke-dasharray="4 3"/>'
    )
    parts.append(
        f'<text x="{tx + 4:.1f}" y="{top + 4}" fill="#c0392b">{_e(flag_word)} '
        f"{threshold * 100:.0f}%</text>"
    )
    parts.append("</svg>")
    return "".join(parts)


def _data(report: ClassReport) -> str:
    """The data block: each text once, each pair's spans. ``<`` is escaped so no text
    can close the script element."""
    payload = {
        "texts": {str(i): text for i, text in report.texts.items()},
        "pairs": [
            {
                "n": s.number,
                "a": str(s.a),
                "b": str(s.b),
                "p": [
                    [m.number, m.kind, m.a[0], m.a[1], m.b[0], m.b[1], bool(m.common)]
                    for m in s.passages
                ],
                "ca": [list(x) for x in s.common_a],
                "cb": [list(x) for x in s.common_b],
                "ta": [list(x) for x in s.template_a],
                "tb": [list(x) for x in s.template_b],
            }
            for s in report.pairs
        ],
    }
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _source_cell(g: GroupSummary) -> str:
    if g.likely_source:
        return f'{_e(g.likely_source)} <span class="note">({_e(g.source_reason)})</span>'
    return _e(g.source_reason)


def page_head(html_lang: str, title: str, sub: str, css: str = "") -> str:
    """The start of a report page, up to its ``<main>``: the same head (the policy that
    lets nothing load, the font slot, the style), title and subtitle for every report."""
    return f"""<!DOCTYPE html>
<html lang="{html_lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{_POLICY}">
<meta name="referrer" content="no-referrer">
<title>{_e(title)} · plagcheck</title>
<style>{_FONT_SLOT}{_css()}{css}</style>
</head>
<body>
<header class="top"><h1>{_e(title)}</h1><div class="sub">{_e(sub)}</div></header>
<main>"""


def _kv_table(rows: Any) -> str:
    body = "".join(f"<tr><td>{_e(m.label)}</td><td>{_e(m.value)}</td></tr>" for m in rows)
    return f'<table class="kv"><tbody>{body}</tbody></table>'


def _ocr_line(note: str) -> str:
    """Where OCR read a side's text (nothing for a typed file)."""
    return f'<p class="ocr">{_e(note)}</p>' if note else ""


def _decision_html(s: PairSection) -> str:
    """The teacher's decision on a pair (nothing when none was made)."""
    if not s.decision:
        return ""
    rows = "".join(f"<tr><td>{_e(m.label)}</td><td>{_e(m.value)}</td></tr>" for m in s.decision)
    return f'<div class="decision {_e(s.state)}"><table><tbody>{rows}</tbody></table></div>'


def _steps_html(s: PairSection, w: Any) -> str:
    """Previous / next passage: the buttons (and n / p) that step through a pair."""
    count = sum(1 for m in s.passages if not m.common)
    if not count:
        return ""
    form = w("Passage {n} of {count}")
    return (
        '<div class="steps noprint">'
        f'<button class="prev" type="button">← {_e(w("Previous passage"))}</button>'
        f'<span class="at" aria-live="polite" data-format="{_e(form)}">'
        f"{_e(form.format(n='–', count=count))}</span>"
        f'<button class="next" type="button">{_e(w("Next passage"))} →</button>'
        f' <span class="note">{_e(w("(keys: n and p)"))}</span></div>'
    )


def _pair_section(s: PairSection, w: Any) -> str:
    reasons = "".join(f"<li>{_e(r)}</li>" for r in s.reasons)
    cells = "".join(f"<th>{_e(m.label)}</th>" for m in s.measures)
    values = "".join(f'<td class="num">{_e(m.value)}</td>' for m in s.measures)
    kinds = {m.kind for m in s.passages if not m.common}
    legend = [f'<span class="c0">{_e(w("Matched passage (same colour on both sides)"))}</span>']
    if PassageKind.REWORDED in kinds:
        legend.append(f'<span><mark class="c1 reworded">{_e(w("reworded"))}</mark></span>')
    if PassageKind.TRANSLATED in kinds:
        legend.append(f'<span><mark class="c3 translated">{_e(w("translated"))}</mark></span>')
    legend.append(f'<span class="common">{_e(w("common text of the class"))}</span>')
    legend.append(f'<span class="tpl">{_e(w("template, references"))}</span>')
    title = w("Pair {number}").format(number=s.number)
    return f"""
<section class="pair" id="pair-{s.number}" data-pair="{s.number}" data-state="{s.shown_state}">
<button class="print" type="button">{_e(w("Print this pair"))}</button>
<h2>{_e(title)}: {_e(s.name_a)} ↔ {_e(s.name_b)} · {_e(s.similarity_text)}</h2>
{_decision_html(s)}
<ul class="reasons">{reasons}</ul>
<table class="measures"><thead><tr>{cells}</tr></thead><tbody><tr>{values}</tr></tbody></table>
<div class="legend">{"".join(legend)}</div>
{_steps_html(s, w)}
<div class="sides">
<div class="side"><h3>A · {_e(s.name_a)}</h3>{_ocr_line(s.ocr_a)}<div class="text">…</div></div>
<div class="side"><h3>B · {_e(s.name_b)}</h3>{_ocr_line(s.ocr_b)}<div class="text">…</div></div>
</div>
</section>"""


def _state_word(s: PairSection, t: Any) -> str:
    """A pair's review state in a table cell."""
    return t.word(STATE_WORDS[s.state])


def _filter_html(report: ClassReport, w: Any) -> str:
    """Radio buttons that show all pairs, or those of one decision (no script needed:
    the styles hide the others; arrow keys move between them)."""
    if not report.pairs:
        return ""
    counts = {k: m.value for k, m in zip(FILTERS, report.review, strict=True)}
    choices = [("all", str(len(report.pairs))), *((k, counts[k]) for k in FILTERS)]
    labels = "".join(
        f'<label><input type="radio" name="decision" id="filter-{k}" value="{k}"'
        f"{' checked' if k == 'all' else ''}> {_e(w(FILTER_WORDS[k]))} ({n})</label>"
        for k, n in choices
    )
    return (
        f'<fieldset class="filter noprint" id="decision-filter">'
        f"<legend>{_e(w('Show pairs'))}</legend>{labels}</fieldset>"
    )


_FONT_SLOT = "/*@font-face*/"


def _archive_html(report: ClassReport) -> str:
    """The archive line under the counts: checked, or asked for and NOT checked."""
    note = report.archive
    if note is None:
        return ""
    kind = "archive failed" if note.failed else "archive"
    return f'<p class="{kind}" id="archive-status">{_e(note.text)}</p>'


def _shared_html(report: ClassReport, w: Any) -> str:
    """The shared texts (a prompt many students pasted), not counted, and what to do."""
    if not report.shared:
        return ""
    items = "".join(f"<li>{_e(line)} <q>{_e(excerpt)}</q></li>" for line, excerpt in report.shared)
    return (
        f'<div class="archive" id="shared-text"><ul>{items}</ul><p>{_e(w(SHARED_HINT))}</p></div>'
    )


CASE_PASSAGE_CHARS = 4_000  # of a passage in a confirmed case (the texts are not shown)


def _short(text: str, more: str) -> str:
    """A passage whole up to :data:`CASE_PASSAGE_CHARS`, else its start and end.

    >>> _short("ab" * 3000, "[{chars}]")[1998:2011]
    'ab … [6000] …'
    """
    text = text.strip()
    if len(text) <= CASE_PASSAGE_CHARS:
        return text
    half = CASE_PASSAGE_CHARS // 2
    return f"{text[:half]} … {more.format(chars=len(text))} … {text[-half:]}"


def _case_html(report: ClassReport, s: PairSection, t: Any) -> str:
    """One confirmed case: the decision, what the files' properties share, why, the
    measures, the passages side by side and the settings. Static: no script."""
    w = t.word
    title = w("Case {number}").format(number=s.number)
    metadata = set(s.metadata)
    shared = "".join(f"<li>{_e(r)}</li>" for r in s.metadata)
    reasons = "".join(f"<li>{_e(r)}</li>" for r in s.reasons if r not in metadata)
    more = w("{chars} characters in all")
    rows = "".join(
        f'<tr><td class="num c{(m.number - 1) % 8}">{m.number}<br>{_e(w(m.kind))}</td>'
        f'<td class="passage">{_e(_short(report.texts[s.a][m.a[0] : m.a[1]], more))}</td>'
        f'<td class="passage">{_e(_short(report.texts[s.b][m.b[0] : m.b[1]], more))}</td></tr>'
        for m in s.passages
        if not m.common
    )
    passages = (
        f'<h3>{_e(w("Matched passages"))}</h3><table class="passages"><thead><tr><th>#</th>'
        f"<th>A · {_e(s.name_a)}</th><th>B · {_e(s.name_b)}</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        if rows
        else ""
    )
    none = f'<p class="note">{_e(w("none"))}</p>'
    return f"""
<section class="case" id="case-{s.number}" data-state="{s.shown_state}">
<h2>{_e(title)}: {_e(s.name_a)} ↔ {_e(s.name_b)} · {_e(s.similarity_text)}</h2>
{_decision_html(s)}
<h3>{_e(w("What the files' properties share"))}</h3>
{f'<ul class="reasons">{shared}</ul>' if shared else none}
<h3>{_e(t.column("Why"))}</h3><ul class="reasons">{reasons}</ul>
<h3>{_e(w("Measures"))}</h3>{_kv_table(s.measures)}
{passages}
<h3>{_e(w("The scan's settings"))}</h3>{_kv_table(report.settings)}
</section>"""


def render_cases_html(report: ClassReport, *, embed_font: bool = True) -> str:
    """The confirmed cases (a report of kind ``"confirmed"``) as one static HTML
    document: for an exam board, printed or mailed."""
    t = translation(report.lang)
    w = t.word
    html_lang = "zh-CN" if report.lang == "zh_CN" else "en"
    sub = w("plagcheck report · {date}").format(date=report.generated)
    if report.anonymous:
        sub += " · " + w("anonymized")
    by, at = (t.word(x) for x in DECISION_WORDS[3:])
    rows = []
    for s in report.pairs:
        parts = {m.label: m.value for m in s.decision}
        rows.append(
            f'<tr><td class="num"><a href="#case-{s.number}">{s.number}</a></td>'
            f"<td>{_e(s.name_a)}</td><td>{_e(s.name_b)}</td>"
            f'<td class="num">{_e(s.similarity_text)}</td>'
            f"<td>{_e(parts.get(by, ''))}</td><td>{_e(parts.get(at, ''))}</td></tr>"
        )
    head = "".join(
        f"<th>{_e(h)}</th>"
        for h in ("#", *who_headers(t, report.anonymous), t.column("Similarity"), by, at)
    )
    listing = (
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        if rows
        else f"<p>{_e(w('No pair is confirmed as copying.'))}</p>"
    )
    count = w("Confirmed cases: {count}").format(count=len(report.pairs))
    cases = "".join(_case_html(report, s, t) for s in report.pairs)
    page = f"""{page_head(html_lang, report.title, sub, _CASES_CSS)}
<section id="overview">
<div class="cards"><div class="card">{_e(count)}</div></div>
<h2>{_e(w("The scan's settings"))}</h2>{_kv_table(report.settings)}
<h2>{_e(w("Confirmed cases"))}</h2>{listing}
</section>
{cases}
</main>
</body>
</html>
"""
    font = embedded_font(page) if embed_font else None
    return page.replace(_FONT_SLOT, f"{font.css}\n" if font else "", 1)


_CASES_CSS = """
section.case { background: #fff; border: 1px solid #d7d9de; border-radius: 6px;
  padding: 10px 16px 16px; margin: 24px 0; }
section.case h3 { font-size: 14px; margin: 12px 0 4px; }
table.passages { width: 100%; table-layout: fixed; }
table.passages th:first-child, table.passages td:first-child { width: 76px; }
td.passage { white-space: pre-wrap; word-break: break-word; font-size: 13px; }
@media print {
  section.case { break-before: page; border: none; padding: 0; }
  td.num { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def render_html(report: ClassReport, *, embed_font: bool = True) -> str:
    """The report as one HTML document (a string); the confirmed cases' own layout for
    a report of kind ``"confirmed"`` (:func:`render_cases_html`).

    With ``embed_font`` the glyphs of every non-ASCII character the page shows travel
    inside it (:func:`simhash_core.report.fonts.embedded_font`), so Chinese is drawn on
    a machine with no CJK font too.
    """
    if report.kind == "confirmed":
        return render_cases_html(report, embed_font=embed_font)
    t = translation(report.lang)
    w = t.word
    html_lang = "zh-CN" if report.lang == "zh_CN" else "en"
    sep = t.separator
    cards = "".join(
        f'<div class="card">{_e(m.label)}<b>{_e(m.value)}</b></div>' for m in report.counts
    )
    pair_rows = "".join(
        f'<tr data-state="{s.shown_state}"><td class="num" data-sort="{s.number}">'
        f'<a href="#pair-{s.number}">{s.number}</a></td>'
        f"<td>{_e(s.name_a)}</td><td>{_e(s.name_b)}</td>"
        f'<td class="num" data-sort="{s.similarity:.6f}">{_e(s.similarity_text)}</td>'
        f'<td class="state-{s.state}">{_e(_state_word(s, t))}</td>'
        f'<td class="num">{len([m for m in s.passages if not m.common])}</td>'
        f'<td class="num">{s.reworded}</td><td class="num">{s.translated}</td>'
        f'<td class="num" data-sort="{s.group if s.group is not None else 1 << 30}">'
        f"{'' if s.group is None else s.group}</td>"
        f"<td>{_e(sep.join(s.reasons))}</td></tr>"
        for s in report.pairs
    )
    pair_head = "".join(
        f"<th>{_e(h)}</th>"
        for h in (
            "#",
            *who_headers(t, report.anonymous),
            t.column("Similarity"),
            t.column("Decision"),
            *(t.column(h) for h in ("Passages", "Reworded", "Translated")),
            t.column("Group"),
            t.column("Why"),
        )
    )
    groups = "".join(
        f'<tr><td class="num">{g.id}</td><td>{_e(", ".join(g.members))}</td>'
        f'<td class="num">{_e(g.max_similarity)}</td><td>{_source_cell(g)}</td></tr>'
        for g in report.groups
    )
    problems = "".join(
        f"<tr><td>{_e(p.name)}</td><td>{_e(p.problem)}</td><td>{_e(p.reason)}</td></tr>"
        for p in report.problems
    )
    none = f'<p class="note">{_e(w("none"))}</p>'
    groups_html = (
        f'<table class="sortable"><thead><tr><th>{_e(w("Group"))}</th><th>{_e(w("Members"))}</th>'
        f"<th>{_e(w('Highest similarity'))}</th><th>{_e(w('Who copied'))}</th></tr></thead>"
        f"<tbody>{groups}</tbody></table>"
        if groups
        else none
    )
    pairs_html = (
        f'<table class="sortable" id="flagged"><thead><tr>{pair_head}</tr></thead>'
        f"<tbody>{pair_rows}</tbody></table>"
        if pair_rows
        else none
    )
    problems_html = (
        f"<table><thead><tr><th>{_e(w('File'))}</th><th>{_e(w('Problem'))}</th>"
        f"<th>{_e(w('Reason'))}</th></tr></thead><tbody>{problems}</tbody></table>"
        if problems
        else none
    )
    sub = w("plagcheck report · {date}").format(date=report.generated)
    if report.anonymous:
        sub += " · " + w("anonymized")
    hist = histogram_svg(report.histogram, report.threshold, w("flag"))
    sections = "".join(_pair_section(s, w) for s in report.pairs)
    page = f"""{page_head(html_lang, report.title, sub)}
<section id="overview">
<div class="cards">{cards}</div>
{_archive_html(report)}
{_shared_html(report, w)}
{_filter_html(report, w)}
<div class="overview-grid">
<div><h2>{_e(w("Similarity of every pair"))}</h2>{hist}
<p class="note">{_e(w("Pairs per 5% of similarity; bar heights on a log scale."))}</p></div>
<div><h2>{_e(w("Settings"))}</h2>{_kv_table(report.settings)}</div>
</div>
<h2>{_e(w("Groups"))}</h2>{groups_html}
<h2>{_e(w("Flagged pairs"))}</h2>{pairs_html}
<h2>{_e(w("Files not read, skipped or read with warnings"))}</h2>{problems_html}
</section>
{sections}
<noscript><p class="note">{_e(w("Turn on JavaScript to see the texts of each pair."))}</p>
</noscript>
</main>
<script type="application/json" id="report-data">{_data(report)}</script>
<script>{_SCRIPT}</script>
</body>
</html>
"""
    font = embedded_font(page) if embed_font else None
    return page.replace(_FONT_SLOT, f"{font.css}\n" if font else "", 1)
