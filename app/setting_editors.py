"""Editors and words for the scan settings, made from their declarations.

:mod:`simhash_core.settings` declares each setting once; here a declaration becomes a
widget (a check box for a switch, a spin box within the setting's range, scaled as
declared: a share is shown in per cent) and the words around it in the UI language
(context ``Setting``: the build lists every label, tip and unit for ``lupdate`` from the
same declarations).
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QSpinBox, QWidget

from simhash_core.settings import SettingSpec

CONTEXT = "Setting"


class SettingWords(NamedTuple):
    label: str
    tip: str
    suffix: str


def setting_words(spec: SettingSpec) -> SettingWords:
    """The label, tip and unit of ``spec`` in the UI language."""
    translate = QCoreApplication.translate
    return SettingWords(
        translate(CONTEXT, spec.label),
        translate(CONTEXT, spec.tip),
        translate(CONTEXT, spec.suffix) if spec.suffix_in_words else spec.suffix,
    )


def editor_for(spec: SettingSpec, value: object) -> QWidget:
    """A widget showing ``value`` of ``spec``, limited to what the setting allows."""
    if spec.kind is bool:
        box = QCheckBox()
        box.setChecked(bool(value))
        return box
    assert spec.low is not None and spec.high is not None, spec.name
    low, high = spec.low * spec.scale, spec.high * spec.scale
    if spec.kind is int and spec.scale == 1:
        spin = QSpinBox()
        spin.setRange(int(low), int(high))
        spin.setSingleStep(max(1, int(spec.step)))
        spin.setValue(int(value))  # type: ignore[call-overload]
        return spin
    double = QDoubleSpinBox()
    double.setDecimals(spec.decimals)
    double.setRange(low, high)
    double.setSingleStep(spec.step)
    double.setValue(float(value) * spec.scale)  # type: ignore[arg-type]
    return double


def value_of(spec: SettingSpec, editor: QWidget) -> object:
    """The setting's value as ``editor`` shows it (unscaled, of the setting's type)."""
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    assert isinstance(editor, (QSpinBox, QDoubleSpinBox)), spec.name
    value = editor.value() / spec.scale
    if spec.kind is int:
        return round(value)
    return round(value, spec.shown_decimals)
