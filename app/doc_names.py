"""How a document is named in titles and summaries: archived documents say so, with
their label (course and term), wherever a pair is shown."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor

from app.heat_colors import ARCHIVE_MARK
from simhash_core.types import Document

translate = QCoreApplication.translate  # lupdate finds translate("Archive", "...") calls

ARCHIVE_COLOR = ARCHIVE_MARK  # text of archived documents (groups, pairs, titles, matrix)
ARCHIVE_BACKGROUND = QColor(241, 234, 251)  # rows of archived documents


def archived_note(doc: Document) -> str:
    """``"(archived: 2025 autumn)"`` for an archived document, else ``""``."""
    if not doc.archive_label:
        return ""
    return translate("Archive", "(archived: {label})").format(label=doc.archive_label)


def display_name(doc: Document, *, path: bool = False) -> str:
    """The student (with ``path``: and the file), else the file name (with ``path``:
    the display path), followed by its archive note. An archived document is named by
    its file name and label: its display path (``archive/<label>/<name>``) would only
    repeat the label."""
    note = archived_note(doc)
    if doc.student is not None:
        files = doc.file_names
        shown = f"{doc.label} · {files}" if path and files not in doc.label else doc.label
        return f"{shown} {note}" if note else shown
    if note:
        return f"{doc.name} {note}"
    return doc.path if path else doc.name
