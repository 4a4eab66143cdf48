"""Translating the sentences the core writes in English (an adapter).

The core returns flag reasons, likely-source reasons and error codes as English text.
Until it offers structured reasons (a code plus parameters), the app recognises the
known sentence shapes and re-renders them through Qt's translator; anything it does
not recognise is shown unchanged, so a new core sentence is never lost, only left
untranslated.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate  # lupdate finds translate("CoreText", "...") calls

_SIMHASH = re.compile(r"^SimHash distance (\d+) ≤ (\d+)$")
_MATCHED = re.compile(r"^(\d+)% of (.+) is matched text$")
_PASSAGES = re.compile(r"^(\d+) matching passage\(s\), (\d+) characters$")
_IDENTICAL = re.compile(r"^identical file archived under (.+)$")
_ARCHIVED_SOURCE = re.compile(r"^archived \((.+)\)$")
_LONGEST = re.compile(
    r"^a matching passage of about (\d+) words \((\d+) passage\(s\), (\d+) characters in all\)$"
)


def flag_reason(reason: str) -> str:
    """One of a pair's ``reasons`` in the current UI language."""
    if m := _SIMHASH.match(reason):
        return translate("CoreText", "SimHash distance {distance} ≤ {k}").format(
            distance=m[1], k=m[2]
        )
    if m := _MATCHED.match(reason):
        return translate("CoreText", "{percent}% of {name} is matched text").format(
            percent=m[1], name=m[2]
        )
    if m := _PASSAGES.match(reason):
        return translate(
            "CoreText", "%n matching passage(s), {chars} characters", None, int(m[1])
        ).format(chars=m[2])
    if m := _IDENTICAL.match(reason):
        return translate("CoreText", "identical file archived under {label}").format(label=m[1])
    if m := _LONGEST.match(reason):
        return translate(
            "CoreText",
            "a matching passage of about {words} words (%n passage(s), {chars} characters in all)",
            None,
            int(m[2]),
        ).format(words=m[1], chars=m[3])
    return reason


def flag_reasons(reasons: tuple[str, ...] | list[str]) -> str:
    """All reasons joined for one line of text."""
    return "; ".join(flag_reason(r) for r in reasons)


def source_reason(reason: str) -> str:
    """A cluster's ``source_reason`` in the current UI language."""
    if m := _ARCHIVED_SOURCE.match(reason):
        return translate("CoreText", "archived earlier ({label}): older than this class").format(
            label=m[1]
        )
    known = {
        "earliest modified": translate("CoreText", "earliest modified"),
        "least of its text is matched (most original)": translate(
            "CoreText", "least of its text is matched (most original)"
        ),
    }
    return known.get(reason, reason)


def source_reason_short(reason: str) -> str:
    """A few words for the likely-source column (the full reason goes in the tooltip)."""
    if _ARCHIVED_SOURCE.match(reason):  # the group's badge names the label
        return translate("CoreText", "⌂ archived")
    known = {
        "earliest modified": translate("CoreText", "earliest modified"),
        "least of its text is matched (most original)": translate("CoreText", "most original"),
    }
    return known.get(reason, reason)


def problem_label(code: str) -> str:
    """A short, translated name for a :class:`FileError` code (the Problem column)."""
    labels = {
        "empty": translate("CoreText", "empty"),
        "binary": translate("CoreText", "binary data"),
        "encoding": translate("CoreText", "unknown encoding"),
        "old-doc": translate("CoreText", "old Word format"),
        "corrupt": translate("CoreText", "damaged file"),
        "too-large": translate("CoreText", "too large"),
        "malicious": translate("CoreText", "refused (unsafe XML)"),
        "encrypted": translate("CoreText", "password-protected"),
        "scanned": translate("CoreText", "scanned image, no text"),
        "garbled": translate("CoreText", "undecodable text"),
        "unreadable": translate("CoreText", "cannot be read"),
        "missing": translate("CoreText", "missing"),
        "broken-link": translate("CoreText", "broken link"),
        "link-loop": translate("CoreText", "link loop"),
        "link-outside": translate("CoreText", "link outside the folder"),
        "too-deep": translate("CoreText", "folders too deep"),
        "hidden": translate("CoreText", "hidden file"),
        "lock-file": translate("CoreText", "Office lock file"),
        "duplicate": translate("CoreText", "duplicate"),
        "unsupported": translate("CoreText", "unsupported type"),
        "timeout": translate("CoreText", "timed out"),
        "crashed": translate("CoreText", "reader crashed"),
        "memory": translate("CoreText", "out of memory"),
        "error": translate("CoreText", "error"),
        "skipped": translate("CoreText", "skipped"),
        "warning": translate("CoreText", "warning"),
    }
    return labels.get(code, code)
