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

from app.setting_editors import editor_for, setting_words, value_of
from app.theme import muted_style
from simhash_core.settings import ScanSettings, SettingSpec, spec_of, specs


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
        # one editor per saved setting, made from its declaration (simhash_core.settings)
        self.form = QFormLayout()
        self.editors: dict[str, QWidget] = {}
        self.form_labels: dict[str, QLabel] = {}
        for spec in specs(type(settings)):
            if spec.saved:
                self._add_editor(spec, getattr(settings, spec.name))
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet(muted_style())

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
        self.archive_note.setStyleSheet(muted_style())
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

    def _add_editor(self, spec: SettingSpec, value: object) -> None:
        editor = editor_for(spec, value)
        self.editors[spec.name] = editor
        if isinstance(editor, QCheckBox):  # a switch says what it does itself
            self.form.addRow(editor)
            return
        label = QLabel()
        label.setBuddy(editor)
        self.form_labels[spec.name] = label
        self.form.addRow(label, editor)

    def settings(self) -> ScanSettings:
        """The settings as edited (the others as they were given)."""
        return replace(
            self._base,
            **{
                name: value_of(spec_of(name, type(self._base)), editor)
                for name, editor in self.editors.items()
            },
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
        for name, editor in self.editors.items():
            spec = spec_of(name, type(self._base))
            words = setting_words(spec)
            if isinstance(editor, QCheckBox):
                editor.setText(words.label)
            else:
                self.form_labels[name].setText(words.label)
                if isinstance(editor, (QSpinBox, QDoubleSpinBox)):
                    editor.setSuffix(words.suffix)
            editor.setToolTip(words.tip)
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
