"""The Settings dialog: the scan thresholds a teacher may want to change, and the
archive of past submissions (where it is, whether each scan is compared with it)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from simhash_core.types import ScanSettings, setting_range


class SettingsDialog(QDialog):
    """Edits a :class:`ScanSettings`; :meth:`settings` returns the edited copy."""

    def __init__(
        self,
        settings: ScanSettings,
        parent: QWidget | None = None,
        *,
        archive_location: str = "",
        compare_archive: bool = False,
        default_archive: str = "",
    ) -> None:
        super().__init__(parent)
        self._base = settings
        self.k = QSpinBox()
        self.k.setRange(*(int(v) for v in setting_range("simhash_k")))
        self.k.setValue(settings.simhash_k)
        self.cutoff = QDoubleSpinBox()
        self.cutoff.setRange(*(v * 100 for v in setting_range("flag_similarity")))
        self.cutoff.setDecimals(0)
        self.cutoff.setSuffix(" %")
        self.cutoff.setValue(round(settings.flag_similarity * 100))
        self.passage = QSpinBox()  # the passage-length rule
        low, high = setting_range("flag_passage_words")
        self.passage.setRange(int(low), int(min(high, 100_000)))
        self.passage.setValue(round(settings.flag_passage_words))
        self.ngram = QSpinBox()
        self.ngram.setRange(*(int(v) for v in setting_range("ngram")))
        self.ngram.setValue(settings.ngram)
        self.t2s = QCheckBox()
        self.t2s.setChecked(settings.t2s)
        self.quotes = QCheckBox()
        self.quotes.setChecked(settings.exclude_quotes)
        self.references = QCheckBox()
        self.references.setChecked(settings.exclude_references)
        self.reworded = QCheckBox()
        self.reworded.setChecked(settings.reworded)
        self.translated = QCheckBox()
        self.translated.setChecked(settings.translated)
        self.ocr = QCheckBox()
        self.ocr.setChecked(settings.ocr)
        self.margin = QDoubleSpinBox()
        self.margin.setRange(*setting_range("meaning_margin"))
        self.margin.setDecimals(2)
        self.margin.setSingleStep(0.05)
        self.margin.setSuffix(" ×")
        self.margin.setValue(settings.meaning_margin)
        self.form = QFormLayout()
        self.labels = [QLabel() for _ in range(5)]
        self.form.addRow(self.labels[0], self.k)
        self.form.addRow(self.labels[1], self.cutoff)
        self.form.addRow(self.labels[4], self.passage)
        self.form.addRow(self.labels[2], self.ngram)
        self.form.addRow(self.t2s)
        self.form.addRow(self.quotes)
        self.form.addRow(self.references)
        self.form.addRow(self.reworded)
        self.form.addRow(self.translated)
        self.form.addRow(self.labels[3], self.margin)
        self.form.addRow(self.ocr)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555;")

        # the archive of past submissions
        self.archive_box = QGroupBox()
        self.compare_archive = QCheckBox()
        self.compare_archive.setChecked(compare_archive)
        self.archive_edit = QLineEdit(archive_location)
        self.archive_edit.setClearButtonEnabled(True)
        self.archive_edit.setPlaceholderText(default_archive)
        self.archive_edit.setMinimumWidth(360)
        self.browse_button = QPushButton()
        self.browse_button.clicked.connect(self._browse_archive)
        self.archive_where = QLabel()
        self.archive_where.setBuddy(self.archive_edit)
        self.archive_note = QLabel()
        self.archive_note.setWordWrap(True)
        self.archive_note.setStyleSheet("color: #555;")
        where = QHBoxLayout()
        where.addWidget(self.archive_edit, 1)
        where.addWidget(self.browse_button)
        archive_form = QFormLayout(self.archive_box)
        archive_form.addRow(self.compare_archive)
        archive_form.addRow(self.archive_where, where)
        archive_form.addRow(self.archive_note)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.note)
        layout.addWidget(self.archive_box)
        layout.addWidget(buttons)
        self.retranslate_ui()

    def settings(self) -> ScanSettings:
        return replace(
            self._base,
            simhash_k=self.k.value(),
            flag_similarity=round(self.cutoff.value() / 100, 4),
            flag_passage_words=float(self.passage.value()),
            ngram=self.ngram.value(),
            t2s=self.t2s.isChecked(),
            exclude_quotes=self.quotes.isChecked(),
            exclude_references=self.references.isChecked(),
            reworded=self.reworded.isChecked(),
            translated=self.translated.isChecked(),
            meaning_margin=round(self.margin.value(), 2),
            ocr=self.ocr.isChecked(),
        )

    def archive_location(self) -> str:
        """The archive typed in: a file path, a ``redis://`` URL or ``""`` (default)."""
        return self.archive_edit.text().strip()

    def compares_with_archive(self) -> bool:
        return self.compare_archive.isChecked()

    def _browse_archive(self) -> None:
        start = self.archive_location() or self.archive_edit.placeholderText()
        if start.lower().startswith(("redis://", "rediss://", "unix://")):
            start = ""
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Archive file"),
            start,
            self.tr("plagcheck archive (*.sqlite);;All files (*)"),
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if path:
            self.archive_edit.setText(path)

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Settings"))
        self.labels[0].setText(self.tr("SimHash distance threshold (k, bits):"))
        self.labels[1].setText(self.tr("Flag pairs with matched text of at least:"))
        self.labels[2].setText(self.tr("Word-sequence length (n-gram):"))
        self.labels[4].setText(self.tr("…or one matching passage of at least:"))
        self.passage.setSuffix(self.tr(" words"))
        self.passage.setToolTip(
            self.tr(
                "A pair is also flagged when one passage of at least this many words is the "
                "same in both (2 Chinese characters count as 1 word; 40 by default)"
            )
        )
        self.t2s.setText(self.tr("Convert Traditional Chinese to Simplified before comparing"))
        self.quotes.setText(self.tr('Ignore quoted text (“…”, 「…」, "…")'))
        self.references.setText(self.tr("Ignore the reference section (参考文献, References)"))
        self.reworded.setText(
            self.tr("Find passages reworded sentence by sentence (Chinese, English)")
        )
        self.translated.setText(self.tr("Find passages translated between Chinese and English"))
        self.ocr.setText(
            self.tr("Read scanned pages and pictures of text (OCR, about 5-10 s per page)")
        )
        self.labels[3].setText(self.tr("Reworded or translated: sentences closer by at least:"))
        self.margin.setToolTip(
            self.tr(
                "Each sentence of such a passage must be this many times closer to its match "
                "than to its usual nearest sentences in other files (1.3 by default)"
            )
        )
        self.note.setText(
            self.tr("Changes apply to the next scan; the current folder is rescanned.")
        )
        self.archive_box.setTitle(self.tr("Archive of past submissions"))
        self.compare_archive.setText(self.tr("Compare each scan with the archive"))
        self.archive_where.setText(self.tr("&Archive:"))
        self.browse_button.setText(self.tr("&Browse…"))
        self.archive_note.setText(
            self.tr(
                "A file (created when you first add a class; empty: the default file shown) "
                "or a shared server: redis://HOST:PORT/DB."
            )
        )
