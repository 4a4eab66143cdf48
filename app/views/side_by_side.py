"""The side-by-side pair view: both original texts, each matched passage in the same
colour on both sides, class-wide common text greyed, twin navigation.

Clicking inside a passage on one side scrolls its twin into view on the other side;
Previous / Next step through the passages in the order of the left document.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QResizeEvent,
    QShowEvent,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.background import BackgroundRunner
from app.doc_names import ARCHIVE_COLOR, display_name
from app.message_text import text
from app.message_text import text as message_text
from app.metrics import percent
from app.text_offsets import DisplayText
from app.theme import color_style, legible, muted_style, readable_on
from app.views.decision_bar import DecisionBar
from app.views.elided_label import ElidedLabel
from app.views.item_label import ItemLabel
from app.views.scan_viewer import ScanViewer
from simhash_core.report.palette import COMMON_TEXT as COMMON_HEX
from simhash_core.report.palette import PASSAGE_COLORS as PASSAGE_HEX
from simhash_core.report.palette import REWORDED_UNDERLINE, TRANSLATED_UNDERLINE
from simhash_core.review.evidence import PairEvidence, pair_evidence
from simhash_core.types import (
    Document,
    OcrRegion,
    PairScore,
    Passage,
    PassageKind,
    ScanResult,
    Summing,
)

# one palette for the app and the reports (simhash_core.report.palette)
PASSAGE_COLORS = tuple(QColor(c) for c in PASSAGE_HEX)
COMMON_TEXT = QColor(COMMON_HEX)


# how reworded and translated passages differ from word-for-word ones: an underline
KIND_UNDERLINES = {
    PassageKind.REWORDED: (
        QTextCharFormat.UnderlineStyle.DashUnderline,
        QColor(REWORDED_UNDERLINE),
    ),
    PassageKind.TRANSLATED: (
        QTextCharFormat.UnderlineStyle.WaveUnderline,
        QColor(TRANSLATED_UNDERLINE),
    ),
}


OCR_UNDERLINE = QColor("#c98a00")  # text read by OCR (as the report's OCR note)


def passage_color(k: int) -> QColor:
    return PASSAGE_COLORS[k % len(PASSAGE_COLORS)]


class PassagePane(QPlainTextEdit):
    """One document's text with its passages coloured; emits :attr:`passageClicked`."""

    passageClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setAcceptDrops(False)  # drops go to the main window (open files)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setTabChangesFocus(True)  # Tab moves on; arrows and Page keys scroll the text
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.display = DisplayText("")
        self.spans: list[tuple[int, int]] = []  # Python offsets of each passage on this side
        self.current: int | None = None
        self._pending_scroll: int | None = None  # scroll asked before the pane had a size

    def set_content(
        self,
        text: str,
        spans: list[tuple[int, int]],
        common: list[tuple[int, int]],
        excluded: list[tuple[int, int]] | None = None,
        kinds: list[PassageKind] | None = None,
        ocr: Sequence[OcrRegion] = (),
    ) -> None:
        """Show ``text`` with passage ``k`` at ``spans[k]``; grey the ``common`` spans
        (shared by much of the class) and, in italics, the ``excluded`` ones (template,
        references). Passages whose ``kinds[k]`` is reworded or translated (:class:`PassageKind`)
        are underlined in that kind's style (see :data:`KIND_UNDERLINES`). Text read
        by OCR (``ocr``) has a dotted amber underline and says where it was read."""
        if not text and not self.display.text:  # empty, and empty already (a new result)
            self.spans, self.current, self._pending_scroll = spans, None, None
            return
        self.display = DisplayText(text)
        self.spans = spans
        self.current = None
        self._pending_scroll = None
        # setPlainText paints the whole new text in the cursor's current format, which is
        # the previous text's first character's (a passage colour, grey italics): start
        # every document from a plain format
        self.setCurrentCharFormat(QTextCharFormat())
        self.setPlainText(self.display.text)
        grey = QTextCharFormat()
        grey.setForeground(legible(COMMON_TEXT))  # grey, as far as it reads on the base
        for start, end in common:
            self._format(start, end, grey)
        grey_italic = QTextCharFormat(grey)
        grey_italic.setFontItalic(True)
        for start, end in excluded or []:
            self._format(start, end, grey_italic)
        for region in ocr:
            scanned = QTextCharFormat()
            scanned.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DotLine)
            scanned.setUnderlineColor(OCR_UNDERLINE)
            scanned.setToolTip(
                self.tr("Read by OCR from {where}, {sure} sure").format(
                    where=message_text(region.where), sure=f"{region.confidence:.0%}"
                )
            )
            self._format(region.start, region.end, scanned)
        # longest first, so a passage nested in another stays visible on top of it (the
        # same rule as passage_at: the shortest passage containing a character wins)
        for k, (start, end) in sorted(
            enumerate(spans), key=lambda ks: (ks[1][0] - ks[1][1], -ks[0])
        ):
            fmt = QTextCharFormat()
            fmt.setBackground(passage_color(k))
            fmt.setForeground(readable_on(passage_color(k)))  # dark on pastel, any palette
            kind = kinds[k] if kinds else PassageKind.COPIED
            if kind in KIND_UNDERLINES:
                style, color = KIND_UNDERLINES[kind]
                fmt.setUnderlineStyle(style)
                fmt.setUnderlineColor(color)
            tips = {
                PassageKind.REWORDED: self.tr("Passage {n}: reworded"),
                PassageKind.TRANSLATED: self.tr("Passage {n}: translated"),
            }
            fmt.setToolTip(tips.get(kind, self.tr("Passage {n}")).format(n=k + 1))
            self._format(start, end, fmt)
            # common text inside the passage stays grey: a grey that reads on its colour
            on_passage = QTextCharFormat()
            on_passage.setForeground(legible(COMMON_TEXT, passage_color(k)))
            for lo, hi in common:
                self._format(max(lo, start), min(hi, end), on_passage)
        self.setExtraSelections([])
        self.moveCursor(QTextCursor.MoveOperation.Start)

    def _cursor(self, start: int, end: int) -> QTextCursor:
        cursor = QTextCursor(self.document())
        cursor.setPosition(self.display.to_qt(start))
        cursor.setPosition(self.display.to_qt(end), QTextCursor.MoveMode.KeepAnchor)
        return cursor

    def _format(self, start: int, end: int, fmt: QTextCharFormat) -> None:
        if end > start:
            self._cursor(start, end).mergeCharFormat(fmt)

    def passage_at(self, index: int) -> int | None:
        """The passage containing Python offset ``index`` (the shortest if nested)."""
        hits = [(e - s, k) for k, (s, e) in enumerate(self.spans) if s <= index < e]
        return min(hits)[1] if hits else None

    def set_current(self, k: int | None) -> None:
        """Emphasise passage ``k`` (a darker shade of its colour)."""
        self.current = k
        if k is None or not 0 <= k < len(self.spans):
            self.setExtraSelections([])
            return
        sel = QTextEdit.ExtraSelection()
        sel.cursor = self._cursor(*self.spans[k])
        fmt = QTextCharFormat()
        fmt.setBackground(passage_color(k).darker(125))
        fmt.setForeground(readable_on(passage_color(k).darker(125)))
        fmt.setProperty(QTextFormat.Property.FullWidthSelection, False)
        sel.format = fmt
        self.setExtraSelections([sel])

    def scroll_to(self, k: int) -> None:
        """Bring passage ``k`` into the middle of the view (cursor at its start).

        Before the pane is shown it has no height to centre in: the scroll is kept and
        done on the next resize.
        """
        if not 0 <= k < len(self.spans):
            return
        cursor = QTextCursor(self.document())
        cursor.setPosition(self.display.to_qt(self.spans[k][0]))
        self.setTextCursor(cursor)
        if not self.isVisible() or self.viewport().height() < 20:
            self._pending_scroll = k
            return
        self._pending_scroll = None
        self.centerCursor()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._pending_scroll is not None:
            QTimer.singleShot(0, lambda: self._apply_pending())

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._pending_scroll is not None:
            QTimer.singleShot(0, lambda: self._apply_pending())

    def _apply_pending(self) -> None:
        if self._pending_scroll is not None and self.isVisible():
            self.scroll_to(self._pending_scroll)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or self.textCursor().hasSelection():
            return
        position = self.cursorForPosition(event.position().toPoint()).position()
        k = self.passage_at(self.display.to_python(position))
        if k is not None:
            self.passageClicked.emit(k)


class SideBySideView(QWidget):
    """Two panes, navigation buttons and a summary line for one pair."""

    currentPassageChanged = Signal(int)
    evidenceShown = Signal()  # the pair asked for is on screen with its evidence

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: ScanResult | None = None
        self.pair: tuple[int, int] | None = None
        self.evidence: PairEvidence | None = None
        self.score: PairScore | None = None  # the evidence's, oriented as shown
        self.passages: list[Passage] = []
        self.current: int | None = None
        # made in the background, one pair at a time; the latest pair asked for waits
        self._loader = BackgroundRunner(self, name="plagcheck-evidence")
        self._loader.finished.connect(self._on_evidence)
        self._loader.errored.connect(self._on_evidence_failed)
        self._loader.idle.connect(self._load_next)
        self._to_load: tuple[int, int] | None = None
        self._focus_when_shown = False
        self._failure = ""  # why the evidence of the pair shown could not be made

        self.summary = ItemLabel(" · ")
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reasons = ItemLabel("; ")
        self.decision_bar = DecisionBar()  # the window gives it the Review actions
        self.decision_bar.hide()
        # what the teacher left out of this pair's scores (the window fills it in)
        self.excluded_label = QLabel()
        self.excluded_label.setWordWrap(True)
        self.excluded_label.setTextFormat(Qt.TextFormat.PlainText)
        self.excluded_label.setStyleSheet(muted_style())
        self.excluded_label.hide()
        self.prev_button = QPushButton()
        self.next_button = QPushButton()
        self.prev_button.clicked.connect(self.previous_passage)
        self.next_button.clicked.connect(self.next_passage)
        self.position_label = QLabel()
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet(muted_style())
        self.title_a = ElidedLabel()  # long file names must not widen the window
        self.title_b = ElidedLabel()
        for label in (self.title_a, self.title_b):
            font = label.font()
            font.setBold(True)
            label.setFont(font)
            label.setTextFormat(Qt.TextFormat.PlainText)
        self.scan_a = QPushButton()
        self.scan_b = QPushButton()
        self.scan_a.clicked.connect(lambda: self.show_scan(0))
        self.scan_b.clicked.connect(lambda: self.show_scan(1))
        self.left = PassagePane()
        self.right = PassagePane()
        self.left.passageClicked.connect(lambda k: self.go_to(k, scroll_left=False))
        self.right.passageClicked.connect(lambda k: self.go_to(k, scroll_right=False))

        nav = QHBoxLayout()
        nav.addWidget(self.prev_button)
        nav.addWidget(self.position_label)
        nav.addWidget(self.next_button)
        nav.addWidget(self.legend, 1)
        left_box = QWidget()
        lv = QVBoxLayout(left_box)
        lv.setContentsMargins(0, 0, 0, 0)
        head_a = QHBoxLayout()
        head_a.addWidget(self.title_a, 1)
        head_a.addWidget(self.scan_a)
        lv.addLayout(head_a)
        lv.addWidget(self.left, 1)
        right_box = QWidget()
        rv = QVBoxLayout(right_box)
        rv.setContentsMargins(0, 0, 0, 0)
        head_b = QHBoxLayout()
        head_b.addWidget(self.title_b, 1)
        head_b.addWidget(self.scan_b)
        rv.addLayout(head_b)
        rv.addWidget(self.right, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left_box)
        self.splitter.addWidget(right_box)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary)
        layout.addWidget(self.reasons)
        layout.addWidget(self.decision_bar)
        layout.addWidget(self.excluded_label)
        layout.addLayout(nav)
        layout.addWidget(self.splitter, 1)
        self.retranslate_ui()

    # --- content ---------------------------------------------------------------------
    def set_result(self, result: ScanResult | None) -> None:
        self.result = result
        self.show_pair(None)

    def documents(self) -> tuple[Document, Document] | None:
        if self.pair is None or self.result is None:
            return None
        return self.result.documents[self.pair[0]], self.result.documents[self.pair[1]]

    def show_pair(self, pair: tuple[int, int] | None) -> None:
        """Show documents ``pair = (a, b)``, ``a`` on the left. Their evidence is made in
        a worker (the window never waits on the comparison); :attr:`evidenceShown` is
        emitted when it is on screen."""
        self.pair = pair
        self.evidence = None
        self._failure = ""
        self.current = None
        self.passages = []
        self.score = None
        self.left.set_content("", [], [])
        self.right.set_content("", [], [])
        self._to_load = pair if self.result is not None else None
        self.retranslate_ui()
        self._load_next()

    def _load_next(self) -> None:
        """Start making the evidence of the pair waiting, unless one is being made."""
        pair, result = self._to_load, self.result
        if pair is None or result is None or self._loader.busy:
            return
        self._to_load = None
        a, b = pair
        self._loader.start(lambda _progress: (result, pair_evidence(result, a, b)))

    def _on_evidence(self, made: tuple[ScanResult, PairEvidence]) -> None:
        result, evidence = made
        if result is self.result and evidence.pair == self.pair:
            self.show_evidence(evidence)
        # else another pair (or scan) is shown now; its evidence is on its way

    def _on_evidence_failed(self, message: str) -> None:
        if self.pair is not None and self._to_load is None:
            self._failure = message
            self._update_navigation()

    def show_evidence(self, evidence: PairEvidence) -> None:
        """Paint ``evidence``: its passages in one colour each on both sides, the text
        not counted grey, OCR'd text underlined."""
        self.evidence = evidence
        self.passages = list(evidence.passages)
        self.score = evidence.score
        kinds = [p.kind for p in self.passages]
        for k, pane in enumerate((self.left, self.right)):
            side = evidence.side(k)
            pane.set_content(
                side.document.text,
                [evidence.span(k, p) for p in self.passages],
                list(side.common),
                list(side.template),
                kinds,
                side.document.ocr,
            )
        self.retranslate_ui()
        if self.passages:
            self.go_to(0)
        if self._focus_when_shown:
            self._focus_when_shown = False
            self.take_focus()
        self.evidenceShown.emit()

    def wait_for_evidence(self, timeout: float = 30.0) -> None:
        """Block until the pair asked for is shown with its evidence (scripts and
        tests)."""
        deadline = time.monotonic() + timeout
        while self.pair is not None and self.evidence is None and time.monotonic() < deadline:
            self._loader.wait(50)
            QCoreApplication.processEvents()

    def scan_region(self, side: int) -> int:
        """The OCR region of side ``side`` (0 = A) that holds the current passage, else
        the first."""
        evidence = self.evidence
        if evidence is None or self.current is None or self.current >= len(self.passages):
            return 0
        start = evidence.span(side, self.passages[self.current])[0]
        found = evidence.side(side).ocr_region_at(start)
        return 0 if found is None else found

    def show_scan(self, side: int) -> ScanViewer | None:
        """Open the scan of side ``side`` (0 = A) at the current passage's page."""
        docs = self.documents()
        if docs is None or not docs[side].ocr:
            return None
        viewer = ScanViewer(docs[side], self.scan_region(side), self)
        viewer.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        viewer.show()
        return viewer

    def take_focus(self) -> None:
        """The keyboard goes to Next (when there are passages) or to the left text; while
        the evidence is being made, to the left text, and to Next once it is shown."""
        self._focus_when_shown = self.pair is not None and self.evidence is None
        (self.next_button if self.passages else self.left).setFocus()

    # --- navigation ------------------------------------------------------------------
    def go_to(self, k: int, *, scroll_left: bool = True, scroll_right: bool = True) -> None:
        """Make passage ``k`` current on both sides and scroll it into view."""
        if not 0 <= k < len(self.passages):
            return
        self.current = k
        self.left.set_current(k)
        self.right.set_current(k)
        if scroll_left:
            self.left.scroll_to(k)
        if scroll_right:
            self.right.scroll_to(k)
        self._update_navigation()
        self.currentPassageChanged.emit(k)

    def next_passage(self) -> None:
        if self.passages:
            self.go_to(0 if self.current is None else (self.current + 1) % len(self.passages))

    def previous_passage(self) -> None:
        if self.passages:
            n = len(self.passages)
            self.go_to(n - 1 if self.current is None else (self.current - 1) % n)

    def _update_navigation(self) -> None:
        n = len(self.passages)
        self.prev_button.setEnabled(n > 0)
        self.next_button.setEnabled(n > 0)
        if self.pair is not None and self.evidence is None and self._failure:
            why = self._failure
            self.position_label.setText(
                self.tr("The passages could not be found: {why}").format(why=why)
            )
        elif self.pair is not None and self.evidence is None:
            self.position_label.setText(self.tr("Finding the passages…"))
        elif n == 0:
            self.position_label.setText(self.tr("No matched passage"))
        else:
            k = self.current or 0
            label = self.tr("Passage {k} of {n}").format(k=k + 1, n=n)
            p = self.passages[k]
            if p.summary is not None:
                label += " · " + self._summary_words(p.summary)
            elif p.kind == PassageKind.REWORDED:
                label += " · " + self.tr("reworded, %n sentence(s)", "", p.sentences)
            elif p.kind == PassageKind.TRANSLATED:
                label += " · " + self.tr("translated, %n sentence(s)", "", p.sentences)
            self.position_label.setText(label)

    def _summary_words(self, summary: Summing) -> str:
        """A summary passage's words: how many sentences say how many of the other's
        (which side is which, the reason line says by name; a longer position squeezed
        the colour legend beside it into a column of eight lines at 1280×720)."""
        words = self.tr("summary: %n sentence(s) for {summed}", "", summary.sentences)
        return words.format(summed=summary.summed)

    # --- texts -----------------------------------------------------------------------
    def summary_items(self) -> list[str]:
        """The summary line's parts; it wraps between them only."""
        docs = self.documents()
        if docs is None:
            return [self.tr("Open a pair from the matrix, the groups or the pairs table.")]
        s = self.score
        a, b = docs
        if self.evidence is None:
            return [
                self.tr("Finding the passages of {a} and {b}…").format(
                    a=display_name(a), b=display_name(b)
                )
            ]
        if s is None:
            return [
                self.tr("{a} and {b} share no reported passage.").format(
                    a=display_name(a), b=display_name(b)
                )
            ]
        share_a, share_b = s.share_a, s.share_b
        cont_a, cont_b = s.containment_a, s.containment_b
        return [
            self.tr("%n matched passage(s)", "", len(self.passages)),
            self.tr("matched text: {sa} of {a}, {sb} of {b}").format(
                sa=percent(share_a), a=display_name(a), sb=percent(share_b), b=display_name(b)
            ),
            self.tr("SimHash distance {distance}").format(distance=s.simhash_distance),
            self.tr("Jaccard {jaccard}").format(jaccard=percent(s.jaccard)),
            self.tr("containment {ca} / {cb}").format(ca=percent(cont_a), cb=percent(cont_b)),
        ] + (
            [self.tr("same meaning: {share}").format(share=percent(s.meaning_share))]
            if s.meaning_share
            else []
        )

    def summary_text(self) -> str:
        return self.summary.separator.join(self.summary_items())

    def reasons_items(self) -> list[str]:
        s = self.score
        if s is None:
            return []
        if not s.flagged:
            return [self.tr("Not flagged.")]
        reasons = [text(r) for r in s.reasons]
        if not reasons:
            return [self.tr("Flagged because: {reasons}").format(reasons="")]
        first = self.tr("Flagged because: {reasons}").format(reasons=reasons[0])
        return [first, *reasons[1:]]

    def reasons_text(self) -> str:
        return self.reasons.separator.join(self.reasons_items())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.summary.set_items(self.summary_items())
        self.reasons.set_items(self.reasons_items())
        self.reasons.setVisible(bool(self.reasons.items))
        self.prev_button.setText(self.tr("◀ Previous"))
        self.next_button.setText(self.tr("Next ▶"))
        self.legend.setText(
            self.tr(
                "Same colour = same passage · dashed underline = reworded, wavy underline = "
                "translated · grey = common to much of the class, grey italics = template "
                "or references: not counted"
            )
            + (
                " · " + self.tr("dotted amber underline = read by OCR from a scan or picture")
                if self.documents() is not None and any(d.ocr for d in self.documents() or ())
                else ""
            )
        )
        for button in (self.scan_a, self.scan_b):
            button.setText(self.tr("Show the scan"))
            button.setToolTip(
                self.tr("The page or picture this text was read from by OCR, to check it")
            )
        docs = self.documents()
        self.scan_a.setVisible(docs is not None and bool(docs[0].ocr))
        self.scan_b.setVisible(docs is not None and bool(docs[1].ocr))
        if docs is None:
            self.title_a.setText("")
            self.title_b.setText("")
        else:
            for label, doc, side in ((self.title_a, docs[0], "A"), (self.title_b, docs[1], "B")):
                mark = "⌂ " if doc.archive_label else ""
                label.setText(f"{side} · {mark}{display_name(doc, path=True)}")
                label.setStyleSheet(color_style(ARCHIVE_COLOR) if doc.archive_label else "")
        self._update_navigation()
