"""The core's words in the reader's language, without Qt: reports and the CLI.

The app translates through Qt's ``.ts`` files. The core's own sentences (the message
catalogue, the pair columns, the report's headings) are in those files too, under the
contexts of :data:`CORE_CONTEXTS`, and ``python -m app.translations.build`` copies their
translations into ``simhash_core/data/translations_<lang>.json``. So one file is
translated, and the CSV, the HTML report and the PDF say what the app says.

>>> zh = translation("zh")
>>> zh.lang, zh.word("Reason") != "Reason"
('zh_CN', True)
>>> translation("en").message(Message.of("pair.simhash", distance=1, k=3))
'SimHash distance 1 ≤ 3'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from simhash_core.messages import CATALOGUE, PROBLEM_KINDS, Message, english, render
from simhash_core.review.decisions import DECISION_WORDS, REASON_WORDS, STATE_WORDS
from simhash_core.review.standing import REVIEW_WORDS

LANGUAGES = ("en", "zh_CN")
# the contexts of the .ts files whose entries the core reads
CORE_CONTEXTS = ("Message", "Problem", "PairField", "Report")
_ALIASES = {"en": "en", "zh": "zh_CN", "cn": "zh_CN"}  # by the code's first part
DATA = Path(__file__).resolve().parent / "data"

# Every word of the reports (CSV, HTML, PDF) outside the messages and the pair columns,
# in English; translated in the ``.ts`` context "Report". :meth:`Translation.word`
# refuses a word missing here, so none goes untranslated unnoticed.
REPORT_WORDS: tuple[str, ...] = (
    "yes",
    "no",
    "File",
    "Problem",
    "Reason",
    # the HTML and PDF reports
    "Student",
    "Archived",
    "Student A",
    "Student B",
    "Class report",
    "plagcheck report · {date}",
    "anonymized",
    "Files compared",
    "Files that could not be read",
    "Files read with warnings",
    "Files skipped",
    "Files not read, skipped or read with warnings",
    "Flagged pairs",
    "Groups",
    "Group",
    "Members",
    "Highest similarity",
    "Who copied",
    "Settings",
    "Flag at similarity",
    "or a passage of at least (words)",
    "SimHash distance for near-duplicates",
    "Shingle size (units)",
    "Reworded passages",
    "Translated passages",
    "Template",
    "none",
    "Similarity of every pair",
    "Pairs per 5% of similarity; bar heights on a log scale.",
    "flag",
    "Pair {number}",
    "Print this pair",
    "Matched passage (same colour on both sides)",
    "reworded",
    "translated",
    "common text of the class",
    # the reports' shared text (report.contents.SHARED_HINT)
    "Shared text is not counted. If it is the assignment text, scan again with it as the template.",
    "template, references",
    "Turn on JavaScript to see the texts of each pair.",
    "copied",
    "Measures",
    "Matched passages",
    "full text",
    "Page {page}",
    "{chars} characters in all; the full texts follow",
    "… and {count} more passages, marked in the full texts below",
    "A long text: the parts around its passages are shown ({chars} characters)",
    "[… {chars} characters …]",
    # a teacher's decisions (simhash_core.review.decisions) in the reports
    "All",
    "To review",
    "Show pairs",
    "Passage {n} of {count}",
    "Previous passage",
    "Next passage",
    "(keys: n and p)",
    "Review",
    # the confirmed cases, for an exam board
    "Confirmed cases",
    "Confirmed cases: {count}",
    "No pair is confirmed as copying.",
    "Case {number}",
    "What the files' properties share",
    "The scan's settings",
    "{chars} characters in all",
    # a student's own report (simhash_core.report.student)
    "Similarity report for {name}",
    "Share of your text in matched passages",
    "Other submission",
    "Level of detail",
    "score only",
    "summary",
    "full passages",
    "Similar submissions",
    "Other students are not named: each is shown as Student 1, 2, …",
    "No other submission shares enough text with this one to be flagged.",
    "Your text",
    *DECISION_WORDS,
    *STATE_WORDS.values(),
    *REASON_WORDS.values(),
    *REVIEW_WORDS.values(),
)
_REPORT_WORDS = frozenset(REPORT_WORDS)


def language_code(code: str | None) -> str:
    """The supported language for ``code`` ("zh", "zh-CN", "en_US"...); English when
    unknown or empty.

    >>> language_code("zh-CN"), language_code("EN"), language_code("fr")
    ('zh_CN', 'en', 'en')
    """
    key = (code or "en").strip().lower().replace("-", "_")
    return _ALIASES.get(key.split("_")[0], "en")


def table_path(lang: str) -> Path:
    return DATA / f"translations_{lang}.json"


@dataclass(frozen=True)
class Translation:
    """Translated patterns for one language: ``table[context][english] = translated``.
    English has an empty table (the source language)."""

    lang: str
    table: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def text(self, context: str, source: str) -> str:
        """``source`` (an English UI string of ``context``) in this language."""
        return self.table.get(context, {}).get(source) or source

    def pattern(self, code: str, message: Message | None = None) -> str:
        """The pattern of a catalogue ``code`` in this language (English: its singular
        form for a count of 1)."""
        found = self.table.get("Message", {}).get(CATALOGUE.get(code, ""))
        return found or english(code, message)

    def message(self, message: Message, names: Callable[[str], str] | None = None) -> str:
        """``message`` as a sentence in this language. ``names`` maps each ``name`` and
        ``path`` value (a document's name) to what to show instead: an anonymous
        label, for instance."""
        if names is not None:
            message = renamed(message, names)
        return render(message, self.pattern)

    @property
    def separator(self) -> str:
        """What joins sentences on one line: "；" in Chinese, "; " in English."""
        return "；" if self.lang == "zh_CN" else "; "

    def joined(self, messages: Iterable[Message], names: Callable[[str], str] | None = None) -> str:
        return self.separator.join(self.message(m, names) for m in messages)

    def column(self, header: str) -> str:
        """A pair column's title (a :attr:`PairField.header`) in this language."""
        return self.text("PairField", header)

    def word(self, source: str) -> str:
        """A report word (one of :data:`REPORT_WORDS`) in this language."""
        if source not in _REPORT_WORDS:
            raise KeyError(f"not a report word: {source!r} (add it to REPORT_WORDS)")
        return self.text("Report", source)

    def problem(self, code: str) -> str:
        """The short label of a kind of file problem."""
        return self.text("Problem", PROBLEM_KINDS.get(code, code))

    def yes_no(self, value: bool) -> str:
        return self.word("yes" if value else "no")


# the values of a message that name a document
NAME_FIELDS = frozenset({"name", "path", "file", "target", "copy", "source"})


def renamed(message: Message, names: Callable[[str], str]) -> Message:
    """``message`` with each document-naming value passed through ``names`` (nested
    messages too).

    >>> m = Message.of("pair.share", share=0.5, name="ann/essay.docx")
    >>> str(renamed(m, lambda n: "Student 2"))
    '50% of Student 2 is matched text'
    """
    values = tuple(
        (
            key,
            renamed(v, names)
            if isinstance(v, Message)
            else names(v)
            if key in NAME_FIELDS and isinstance(v, str)
            else v,
        )
        for key, v in message.values
    )
    return Message(message.code, values)


@cache
def translation(lang: str | None) -> Translation:
    """The translation for ``lang`` (see :func:`language_code`), read once."""
    code = language_code(lang)
    if code == "en":
        return Translation("en")
    data = json.loads(table_path(code).read_text(encoding="utf-8"))
    return Translation(code, {ctx: dict(entries) for ctx, entries in data.items()})
