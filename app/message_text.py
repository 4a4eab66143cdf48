"""The core's messages in the UI language (an adapter).

The core says everything as a :class:`~simhash_core.messages.Message`: a code and its
values. Here each code's English pattern from the core's catalogue is looked up in Qt's
translations (context ``Message``; kinds of problem in context ``Problem``) and filled
in. ``app/translations/core_catalogue.py`` lists every pattern for ``lupdate``; it is
written from the catalogue by ``python -m app.translations.build``, so a new code shows
up in the ``.ts`` files as unfinished and ``--check`` fails until it is translated.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication

from simhash_core.messages import CATALOGUE, PROBLEM_KINDS, Message, english, render

translate = QCoreApplication.translate


def pattern(code: str, message: Message | None = None) -> str:
    """The translated pattern of ``code``. Untranslated (the English UI), the core's own
    English is used, with its singular form for a count of 1."""
    source = CATALOGUE[code]
    translated = translate("Message", source)
    if translated == source:
        return english(code, message)
    return translated


def text(message: Message) -> str:
    """``message`` as a sentence in the UI language.

    Nested messages (what a misnamed file really is, the kind of file) are translated
    too; values such as file names are shown as they are.
    """
    return render(message, pattern)


def joined(messages: Iterable[Message], sep: str = "; ") -> str:
    """Messages in the UI language, joined for one line."""
    return sep.join(text(m) for m in messages)


def source_short(reason: Message) -> str:
    """A few words for the likely-source column (the full reason goes in the tooltip)."""
    short = {
        "source.archived": translate("SourceShort", "⌂ archived"),
        "source.compiled": translate("SourceShort", "built from the others"),
        "source.unknown": translate("SourceShort", "direction unknown"),
        "source.evidence": translate("SourceShort", "source"),
    }
    return short.get(reason.code) or text(reason)


def source_long(reason: Message) -> str:
    """The full likely-source reason; an archived source says why that makes it older."""
    if reason.code == "source.archived":
        return translate("SourceShort", "archived earlier ({label}): older than this class").format(
            label=reason["label"]
        )
    return text(reason)


def problem_label(kind: str) -> str:
    """A short, translated name for a :class:`FileError` kind (the Problem column)."""
    english = PROBLEM_KINDS.get(kind)
    return translate("Problem", english) if english else kind
