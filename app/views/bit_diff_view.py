"""The per-bit diff of a pair's fingerprints: the bit grid, the Hamming distance, the
pigeonhole blocks that match exactly, and for the chosen bit the weighted keywords of
each document that pushed it towards 1 and towards 0.

The net push shown for a bit is exact: the document's per-bit SimHash sum over all its
weighted words (``Document.bit_sums``), whose sign is the bit. The keyword tables list
the strongest of those words on each side."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFontDatabase
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

from app.bit_compare import BitComparison, bit, format_push, net_push, strongest_pushes
from app.doc_names import display_name
from app.views.bit_grid import BitGrid
from simhash_core.types import Document, ScanResult

KEYWORDS_SHOWN = 5


class KeywordPushTable(QTableWidget):
    """Two columns of keywords: those pushing a bit towards 1 and those towards 0."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(KEYWORDS_SHOWN, 4, parent)
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


class BitDiffView(QWidget):
    """Everything on the fingerprint-bits tab for one pair."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: ScanResult | None = None
        self.pair: tuple[int, int] | None = None
        self.comparison: BitComparison | None = None
        # the exact net push on the chosen bit in A and B (None: no per-bit sums)
        self.net_pushes: tuple[float | None, float | None] = (None, None)
        self.title = QLabel()
        bold = self.title.font()
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.15)
        self.title.setFont(bold)
        self.fingerprints = QLabel()
        self.fingerprints.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.fingerprints.setFont(mono)
        self.stats = QLabel()
        self.stats.setWordWrap(True)
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet("color: #555;")
        self.grid = BitGrid()
        self.grid.bitSelected.connect(self.show_bit)
        self.bit_title = QLabel()
        self.bit_title.setFont(bold)
        self.label_a = QLabel()
        self.label_a.setWordWrap(True)
        self.table_a = KeywordPushTable()
        self.label_b = QLabel()
        self.label_b.setWordWrap(True)
        self.table_b = KeywordPushTable()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555;")

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
        layout.setRowStretch(3, 1)
        self.retranslate_ui()

    # --- content ---------------------------------------------------------------------
    def set_result(self, result: ScanResult | None) -> None:
        self.result = result
        self.show_pair(None)

    def show_pair(self, pair: tuple[int, int] | None) -> None:
        """Compare the fingerprints of documents ``pair = (a, b)`` (``None`` clears)."""
        self.pair = pair
        if pair is None or self.result is None:
            self.comparison = None
            self.grid.set_comparison(None)
        else:
            a, b = (self.result.documents[i] for i in pair)
            k = self.result.settings.simhash_k
            self.comparison = BitComparison.of(a.fingerprint, b.fingerprint, k)
            self.grid.set_comparison(self.comparison)
        self.retranslate_ui()

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
            return
        state = self.tr("differs") if index in cmp.differing else self.tr("is equal")
        self.bit_title.setText(
            self.tr("Bit {bit} (block {block}) {state}").format(
                bit=index, block=cmp.block_of(index).number, state=state
            )
        )
        nets = []
        for doc, fp, label, table, side in (
            (docs[0], cmp.a, self.label_a, self.table_a, "A"),
            (docs[1], cmp.b, self.label_b, self.table_b, "B"),
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
                    count=len(doc.terms) or len(doc.keywords),
                    net=format_push(net),
                )
            label.setText(text)
            table.show_pushes(up, down)
        self.net_pushes = (nets[0], nets[1])

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
