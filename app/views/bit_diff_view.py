"""The per-bit diff of a pair's fingerprints: the bit grid, the Hamming distance, the
pigeonhole blocks that match exactly, and for the chosen bit the weighted keywords of
each document that pushed it towards 1 and towards 0.

The net push shown for a bit is exact: the document's per-bit SimHash sum over all its
weighted words (``Document.bit_sums``), whose sign is the bit. The keyword tables list
the strongest of those words on each side; for near copies they are nearly the same.
What makes the bit differ is the rest of the window: the words whose push differs
between the two files (:mod:`simhash_core.fingerprint.bit_words`), largest first,
which add up exactly to the difference of the two net pushes. The files' words are
recounted in a worker thread (the segmenter may still have to load), so the window
never waits for them."""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.background import BackgroundRunner
from app.doc_names import display_name
from app.theme import muted_style, readable_on
from app.views.bit_grid import BitGrid
from app.views.elided_label import ElidedLabel
from simhash_core.fingerprint.bit_compare import (
    BitComparison,
    bit,
    format_push,
    net_push,
    strongest_pushes,
)
from simhash_core.fingerprint.bit_words import PairWords, WordPush, document_weights
from simhash_core.types import Document, ScanResult, ScanSettings

KEYWORDS_SHOWN = 5
TOWARDS_ONE = QColor(255, 232, 214)  # a difference pushing A towards 1 more than B
TOWARDS_ZERO = QColor(219, 232, 250)  # ... towards 0


def pair_words(a: Document, b: Document, settings: ScanSettings, corpus: list[Document]):
    """The words of both documents (run in the worker thread)."""
    return PairWords(document_weights(a, settings, corpus), document_weights(b, settings, corpus))


class KeywordPushTable(QTableWidget):
    """Two columns of keywords: those pushing a bit towards 1 and those towards 0."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(KEYWORDS_SHOWN, 4, parent)
        self.setTabKeyNavigation(False)  # Tab leaves the table, arrows move in it
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        height = self.horizontalHeader().sizeHint().height() + KEYWORDS_SHOWN * (
            self.fontMetrics().height() + 6
        )
        self.setFixedHeight(height + 4)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setHorizontalHeaderLabels(
            [self.tr("Towards 1"), self.tr("Weight"), self.tr("Towards 0"), self.tr("Weight")]
        )

    def show_pushes(self, up: list[tuple[str, float]], down: list[tuple[str, float]]) -> None:
        self.clearContents()
        for col, items in ((0, up), (2, down)):
            for row, (token, weight) in enumerate(items[:KEYWORDS_SHOWN]):
                self.setItem(row, col, QTableWidgetItem(token))
                w = QTableWidgetItem(f"{weight:+.2f}")
                w.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.setItem(row, col + 1, w)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class WordDiffTable(QTableWidget):
    """The words that push one bit differently in A and B, largest difference first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 6, parent)
        self.setTabKeyNavigation(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setHorizontalHeaderLabels(
            [
                self.tr("Word"),
                self.tr("In"),
                self.tr("Its hash bit"),
                self.tr("Push in A"),
                self.tr("Push in B"),
                self.tr("A − B"),
            ]
        )

    def show_words(self, words: list[WordPush]) -> None:
        self.setRowCount(len(words))
        where = {"A": self.tr("A only"), "B": self.tr("B only"), "both": self.tr("both")}
        for row, w in enumerate(words):
            cells = [
                w.word,
                where[w.where],
                "1" if w.one else "0",
                format_push(w.push_a) if w.push_a else "—",
                format_push(w.push_b) if w.push_b else "—",
                format_push(w.difference),
            ]
            tint = QBrush(TOWARDS_ONE if w.difference > 0 else TOWARDS_ZERO)
            tip = self.tr(
                "{word}: its hash has a {bit} at this bit, so it pushes towards {bit}; "
                "push in A {a}, in B {b}"
            ).format(
                word=w.word,
                bit=cells[2],
                a=cells[3],
                b=cells[4],
            )
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col >= 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if col == 5:
                    item.setBackground(tint)
                    item.setForeground(readable_on(tint.color()))  # dark on the pastel tint
                item.setToolTip(tip)
                self.setItem(row, col, item)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class BitDiffView(QWidget):
    """Everything on the fingerprint-bits tab for one pair. Emits :attr:`wordsReady`
    when the words of the pair shown have been counted."""

    wordsReady = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: ScanResult | None = None
        self.pair: tuple[int, int] | None = None
        self.comparison: BitComparison | None = None
        # the exact net push on the chosen bit in A and B (None: no per-bit sums)
        self.net_pushes: tuple[float | None, float | None] = (None, None)
        self.title = ElidedLabel()
        bold = self.title.font()
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.15)
        self.title.setFont(bold)
        self.fingerprints = ElidedLabel()
        self.fingerprints.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.fingerprints.setFont(mono)
        self.stats = QLabel()
        self.stats.setWordWrap(True)
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet(muted_style())
        self.grid = BitGrid()
        self.grid.bitSelected.connect(self.show_bit)
        self.bit_title = ElidedLabel()
        self.bit_title.setFont(bold)
        self.label_a = QLabel()
        self.label_a.setWordWrap(True)
        self.table_a = KeywordPushTable()
        self.label_b = QLabel()
        self.label_b.setWordWrap(True)
        self.table_b = KeywordPushTable()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet(muted_style())
        # what differs: the words behind the difference of the two net pushes
        self.words: PairWords | None = None
        # counted in the background, one pair at a time; the latest pair asked for waits
        self._counter = BackgroundRunner(self, name="plagcheck-bit-words")
        self._counter.finished.connect(self._on_words_counted)
        self._counter.idle.connect(self._count_next)
        self._to_count: tuple[int, int] | None = None
        self.diff_title = ElidedLabel()
        self.diff_title.setFont(bold)
        self.diff_summary = QLabel()
        self.diff_summary.setWordWrap(True)
        self.diff_table = WordDiffTable()

        explain = QVBoxLayout()
        explain.addWidget(self.bit_title)
        explain.addWidget(self.label_a)
        explain.addWidget(self.table_a)
        explain.addWidget(self.label_b)
        explain.addWidget(self.table_b)
        explain.addWidget(self.note)
        explain.addStretch(1)
        left = QVBoxLayout()
        left.addWidget(self.grid)
        left.addWidget(self.legend)
        left.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addLayout(explain, 2)
        layout = QGridLayout(self)
        layout.addWidget(self.title, 0, 0)
        layout.addWidget(self.fingerprints, 1, 0)
        layout.addWidget(self.stats, 2, 0)
        layout.addLayout(body, 3, 0)
        layout.addWidget(self.diff_title, 4, 0)
        layout.addWidget(self.diff_summary, 5, 0)
        layout.addWidget(self.diff_table, 6, 0)
        layout.setRowStretch(6, 1)  # the differing words take the rest of the height
        self.retranslate_ui()

    # --- content ---------------------------------------------------------------------
    def set_result(self, result: ScanResult | None) -> None:
        self.result = result
        self.show_pair(None)

    def show_pair(self, pair: tuple[int, int] | None) -> None:
        """Compare the fingerprints of documents ``pair = (a, b)`` (``None`` clears)."""
        self.pair = pair
        self.words = None
        if pair is None or self.result is None:
            self.comparison = None
            self.grid.set_comparison(None)
        else:
            a, b = (self.result.documents[i] for i in pair)
            k = self.result.settings.simhash_k
            self.comparison = BitComparison.of(a.fingerprint, b.fingerprint, k)
            self._to_count = pair
            self._count_next()
            self.grid.set_comparison(self.comparison)
        self.retranslate_ui()

    @property
    def counting(self) -> bool:
        """Words are being counted in the background (or a pair waits for its count)."""
        return self._counter.busy or self._to_count is not None

    def _count_next(self) -> None:
        """Start counting the words of the pair waiting, unless a count is running."""
        pair, result = self._to_count, self.result
        if pair is None or result is None or self._counter.busy:
            return
        self._to_count = None
        a, b = (result.documents[i] for i in pair)
        docs, settings = list(result.documents), result.settings
        self._counter.start(lambda _progress: (pair, pair_words(a, b, settings, docs)))

    def _on_words_counted(self, counted: tuple[tuple[int, int], PairWords]) -> None:
        pair, words = counted
        if pair != self.pair:
            return  # another pair is shown now
        self.words = words
        self.show_bit(self.grid.selected)  # the word counts and the differences
        self.wordsReady.emit()

    def wait_for_words(self, timeout: float = 30.0) -> None:
        """Block until the words of the pair shown are counted and shown (scripts and
        tests)."""
        deadline = time.monotonic() + timeout
        while self.pair is not None and self.words is None and time.monotonic() < deadline:
            self._counter.wait(50)
            QCoreApplication.processEvents()

    def documents(self) -> tuple[Document, Document] | None:
        if self.pair is None or self.result is None:
            return None
        return self.result.documents[self.pair[0]], self.result.documents[self.pair[1]]

    def show_bit(self, index: int) -> None:
        docs = self.documents()
        cmp = self.comparison
        if docs is None or cmp is None:
            self.bit_title.clear()
            self.label_a.clear()
            self.label_b.clear()
            self.table_a.clearContents()
            self.table_b.clearContents()
            self.net_pushes = (None, None)
            self.show_differences(index)
            return
        state = self.tr("differs") if index in cmp.differing else self.tr("is equal")
        self.bit_title.setText(
            self.tr("Bit {bit} (block {block}) {state}").format(
                bit=index, block=cmp.block_of(index).number, state=state
            )
        )
        nets = []
        words = self.words
        counts = (
            (len(words.a.weights), len(words.b.weights))
            if words is not None and words.exact
            else (
                len(docs[0].terms) or len(docs[0].keywords),
                len(docs[1].terms) or len(docs[1].keywords),
            )
        )
        for doc, fp, label, table, side, count in (
            (docs[0], cmp.a, self.label_a, self.table_a, "A", counts[0]),
            (docs[1], cmp.b, self.label_b, self.table_b, "B", counts[1]),
        ):
            up, down = strongest_pushes(doc.keywords, index, KEYWORDS_SHOWN)
            value = bit(fp, index)
            net = net_push(doc.bit_sums, fp, index)
            nets.append(net)
            name = display_name(doc)
            if net is None:
                text = self.tr("{side} · {name}: bit = {value}").format(
                    side=side, name=name, value=value
                )
            else:
                text = self.tr(
                    "{side} · {name}: bit = {value} · net push of all {count} weighted words: {net}"
                ).format(
                    side=side,
                    name=name,
                    value=value,
                    count=count,
                    net=format_push(net),
                )
            label.setText(text)
            table.show_pushes(up, down)
        self.net_pushes = (nets[0], nets[1])
        self.show_differences(index)

    def show_differences(self, index: int) -> None:
        """The words behind the difference of the two net pushes on bit ``index``."""
        cmp = self.comparison
        if cmp is None or self.pair is None:
            self.diff_title.clear()
            self.diff_summary.clear()
            self.diff_table.setRowCount(0)
            return
        differs = index in cmp.differing
        self.diff_title.setText(
            self.tr("Why bit {bit} differs: the words that push it differently").format(bit=index)
            if differs
            else self.tr("Bit {bit} is equal: the words that push it differently").format(bit=index)
        )
        words = self.words
        if words is None:
            self.diff_summary.setText(self.tr("Counting the words of both files…"))
            self.diff_table.setRowCount(0)
            return
        rows = words.differences(index)
        self.diff_table.show_words(rows)
        total = sum(w.difference for w in rows)
        net_a, net_b = self.net_pushes
        parts = []
        if net_a is not None and net_b is not None and words.exact:
            parts.append(
                self.tr(
                    "Net push A {a} − B {b} = {difference}: exactly the sum of the %n word(s) "
                    "below.",
                    "",
                    len(rows),
                ).format(
                    a=format_push(net_a),
                    b=format_push(net_b),
                    difference=format_push(net_a - net_b),
                )
            )
        else:
            parts.append(
                self.tr(
                    "From the strongest keywords only (the files' full word counts are not "
                    "available): the %n word(s) below push A − B by {difference}.",
                    "",
                    len(rows),
                ).format(difference=format_push(total))
            )
        only_a = sum(w.difference for w in rows if w.where == "A")
        only_b = sum(w.difference for w in rows if w.where == "B")
        both = sum(w.difference for w in rows if w.where == "both")
        parts.append(
            self.tr(
                "Words only in A: {a}; only in B: {b}; in both with different weights: "
                "{both}; %n word(s) push it the same in both and cancel out.",
                "",
                words.cancelled(index),
            ).format(a=format_push(only_a), b=format_push(only_b), both=format_push(both))
        )
        self.diff_summary.setText("\n".join(parts))

    # --- language --------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        docs = self.documents()
        cmp = self.comparison
        self.legend.setText(
            self.tr(
                "Pale cells: the bit is the same in both fingerprints (its value is shown). "
                "Orange cells: the bit differs (A/B). Outlined: the pigeonhole blocks; a pair "
                "within the SimHash threshold k always has at least one identical block. "
                "Click a bit to see which keywords set it."
            )
        )
        self.note.setText(
            self.tr(
                "Each word's hash has a 0 or 1 at this bit; the word adds its weight "
                "towards that value. The net push is the sum over all the document's weighted "
                "words: the fingerprint bit is 1 when it is positive. The tables list the "
                "strongest words on each side."
            )
        )
        if docs is None or cmp is None:
            self.title.setText(self.tr("Fingerprint bits"))
            self.fingerprints.setText(
                self.tr("Open a pair from the matrix, the groups or the pairs table.")
            )
            self.stats.clear()
            self.show_bit(0)
            return
        self.title.setText(
            self.tr("Fingerprint bits: {a} ↔ {b}").format(
                a=display_name(docs[0]), b=display_name(docs[1])
            )
        )
        self.fingerprints.setText(
            f"A  {cmp.a:016X}   {docs[0].path}\nB  {cmp.b:016X}   {docs[1].path}"
        )
        k = self.result.settings.simhash_k if self.result else 3
        self.stats.setText(
            self.tr(
                "Hamming distance: {distance} of 64 bits differ · identical blocks: {equal} of "
                "{blocks} (k = {k})"
            ).format(distance=cmp.distance, equal=cmp.equal_blocks, blocks=len(cmp.blocks), k=k)
        )
        self.show_bit(self.grid.selected)
