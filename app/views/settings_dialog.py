"""The Settings dialog: the scan thresholds a teacher may want to change."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from simhash_core.types import ScanSettings


class SettingsDialog(QDialog):
    """Edits a :class:`ScanSettings`; :meth:`settings` returns the edited copy."""

    def __init__(self, settings: ScanSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._base = settings
        self.k = QSpinBox()
        self.k.setRange(0, 12)
        self.k.setValue(settings.simhash_k)
        self.cutoff = QDoubleSpinBox()
        self.cutoff.setRange(1, 100)
        self.cutoff.setDecimals(0)
        self.cutoff.setSuffix(" %")
        self.cutoff.setValue(round(settings.flag_similarity * 100))
        self.ngram = QSpinBox()
        self.ngram.setRange(2, 12)
        self.ngram.setValue(settings.ngram)
        self.t2s = QCheckBox()
        self.t2s.setChecked(settings.t2s)
        self.quotes = QCheckBox()
        self.quotes.setChecked(settings.exclude_quotes)
        self.references = QCheckBox()
        self.references.setChecked(settings.exclude_references)
        self.form = QFormLayout()
        self.labels = [QLabel() for _ in range(3)]
        self.form.addRow(self.labels[0], self.k)
        self.form.addRow(self.labels[1], self.cutoff)
        self.form.addRow(self.labels[2], self.ngram)
        self.form.addRow(self.t2s)
        self.form.addRow(self.quotes)
        self.form.addRow(self.references)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555;")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.retranslate_ui()

    def settings(self) -> ScanSettings:
        return replace(
            self._base,
            simhash_k=self.k.value(),
            flag_similarity=round(self.cutoff.value() / 100, 4),
            ngram=self.ngram.value(),
            t2s=self.t2s.isChecked(),
            exclude_quotes=self.quotes.isChecked(),
            exclude_references=self.references.isChecked(),
        )

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Settings"))
        self.labels[0].setText(self.tr("SimHash distance threshold (k, bits):"))
        self.labels[1].setText(self.tr("Flag pairs with matched text of at least:"))
        self.labels[2].setText(self.tr("Word-sequence length (n-gram):"))
        self.t2s.setText(self.tr("Convert Traditional Chinese to Simplified before comparing"))
        self.quotes.setText(self.tr('Ignore quoted text (“…”, 「…」, "…")'))
        self.references.setText(self.tr("Ignore the reference section (参考文献, References)"))
        self.note.setText(
            self.tr("Changes apply to the next scan; the current folder is rescanned.")
        )
