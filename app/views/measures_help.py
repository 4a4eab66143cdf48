"""Help → What the measures mean: each number plagcheck shows, in plain words, in the
interface's language."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget


class MeasuresHelp(QDialog):
    """A page that explains matched text, passages, SimHash distance, Jaccard,
    containment and who copied from whom, for a teacher rather than an engineer."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(640, 620)
        self.retranslate_ui()

    def sections(self) -> list[tuple[str, str]]:
        """``(title, explanation)`` of each measure."""
        return [
            (
                self.tr("Similarity (matched text)"),
                self.tr(
                    "The share of the more-copied file that lies inside passages found in "
                    "the other file, word for word or by meaning. 30% means that almost a "
                    "third of one file is text of the other. It is the number the matrix "
                    "colours and the pairs are sorted by."
                ),
            ),
            (
                self.tr("Matched passages"),
                self.tr(
                    "Stretches of text that are the same in both files, shown in the same "
                    "colour on both sides. Text that much of the class shares (a famous "
                    "quotation, the question) and the template are grey and not counted. A "
                    "pair is flagged when enough of a file is matched text, or when one "
                    "passage is long enough on its own."
                ),
            ),
            (
                self.tr("Reworded and translated passages"),
                self.tr(
                    "Sentences that say the same in other words (dashed underline), or the "
                    "same text in Chinese and English (wavy underline), several in a row. "
                    "They are found by meaning, so a student who rewrites every sentence is "
                    "still found. A passage whose sentences were each rewritten but keep "
                    "many of their words, with the same names and numbers, is flagged as "
                    '"rewritten one by one" when its sentences are also much closer to '
                    "each other than to the rest of the class."
                ),
            ),
            (
                self.tr("SimHash distance"),
                self.tr(
                    "Each file gets a 64-bit fingerprint from its weighted words. The "
                    "distance counts the bits in which two fingerprints differ: 0 to 3 "
                    "means the files are near-copies as a whole, and unrelated files differ "
                    "in about 32. It says nothing about a passage copied into a long essay."
                ),
            ),
            (
                self.tr("Jaccard"),
                self.tr(
                    "Of all the short word sequences in the two files together, the share "
                    "they have in common. Two copies score near 100%; a copied paragraph in "
                    "a long essay scores low, because the rest of both files differs."
                ),
            ),
            (
                self.tr("Containment (A in B, B in A)"),
                self.tr(
                    "The share of one file's word sequences that are also in the other. "
                    "When a short answer is copied into a long essay, the short one is "
                    "mostly contained in the long one, though their Jaccard is small."
                ),
            ),
            (
                self.tr("Who copied from whom"),
                self.tr(
                    "Shared text does not say which side it came from, so plagcheck names a "
                    "source only on evidence: a file archived in an earlier term; a file "
                    "whose author, in its own properties, is the other student; a file "
                    "built from passages of several others that share nothing with one "
                    'another. Otherwise it says "direction unknown".'
                ),
            ),
            (
                self.tr("The files' own properties"),
                self.tr(
                    "Authors and creation times written in the files. For a flagged pair, "
                    "what the two share and no other file of the class does is added to the "
                    "reasons. They never flag a pair on their own."
                ),
            ),
        ]

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("What the measures mean"))
        parts = [f"<h2>{html.escape(self.tr('What the measures mean'))}</h2>"]
        for title, text in self.sections():
            parts.append(f"<h3>{html.escape(title)}</h3><p>{html.escape(text)}</p>")
        self.browser.setHtml("".join(parts))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
