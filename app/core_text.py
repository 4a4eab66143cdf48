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

_CTX = "CoreText"

_SIMHASH = re.compile(r"^SimHash distance (\d+) ≤ (\d+)$")
_MATCHED = re.compile(r"^(\d+)% of (.+) is matched text$")
_PASSAGES = re.compile(r"^(\d+) matching passage\(s\), (\d+) characters$")


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CTX, text)


def flag_reason(reason: str) -> str:
    """One of a pair's ``reasons`` in the current UI language."""
    if m := _SIMHASH.match(reason):
        return _tr("SimHash distance {distance} ≤ {k}").format(distance=m[1], k=m[2])
    if m := _MATCHED.match(reason):
        return _tr("{percent}% of {name} is matched text").format(percent=m[1], name=m[2])
    if m := _PASSAGES.match(reason):
        return _tr("{count} matching passage(s), {chars} characters").format(count=m[1], chars=m[2])
    return reason


def flag_reasons(reasons: tuple[str, ...] | list[str]) -> str:
    """All reasons joined for one line of text."""
    return "; ".join(flag_reason(r) for r in reasons)


def source_reason(reason: str) -> str:
    """A cluster's ``source_reason`` in the current UI language."""
    known = {
        "earliest modified": _tr("earliest modified"),
        "least of its text is matched (most original)": _tr(
            "least of its text is matched (most original)"
        ),
    }
    return known.get(reason, reason)


def problem_label(code: str) -> str:
    """A short, translated name for a :class:`FileError` code (the Problem column)."""
    labels = {
        "empty": _tr("empty"),
        "binary": _tr("binary data"),
        "encoding": _tr("unknown encoding"),
        "old-doc": _tr("old Word format"),
        "corrupt": _tr("damaged file"),
        "too-large": _tr("too large"),
        "malicious": _tr("refused (unsafe XML)"),
        "encrypted": _tr("password-protected"),
        "scanned": _tr("scanned image, no text"),
        "garbled": _tr("undecodable text"),
        "unreadable": _tr("cannot be read"),
        "missing": _tr("missing"),
        "broken-link": _tr("broken link"),
        "link-loop": _tr("link loop"),
        "lock-file": _tr("Office lock file"),
        "duplicate": _tr("duplicate"),
        "unsupported": _tr("unsupported type"),
        "timeout": _tr("timed out"),
        "crashed": _tr("reader crashed"),
        "memory": _tr("out of memory"),
        "error": _tr("error"),
        "skipped": _tr("skipped"),
        "warning": _tr("warning"),
    }
    return labels.get(code, code)
