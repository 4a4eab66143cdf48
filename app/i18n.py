"""UI languages: Qt translation files (``app/translations/*.qm``) switched at runtime.

English is the source language: its translator only holds the plural forms of counted
sentences ("1 matched passage", "2 matched passages"). Switching installs or removes the
app's translator and Qt's own (standard dialogs, buttons); Qt then sends a
``LanguageChange`` event to every widget, whose ``retranslate_ui`` re-reads its texts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

TRANSLATIONS_DIR = Path(__file__).resolve().parent / "translations"
ENGLISH = "en"
CHINESE = "zh_CN"
# language code -> its own name (shown untranslated in the Language menu)
LANGUAGES: dict[str, str] = {ENGLISH: "English", CHINESE: "简体中文"}


def system_language(locale: QLocale | None = None) -> str:
    """The supported language closest to the system locale (Chinese or English)."""
    locale = locale or QLocale.system()
    if locale.language() == QLocale.Language.Chinese:
        return CHINESE
    for name in locale.uiLanguages():
        if name.lower().startswith("zh"):
            return CHINESE
    return ENGLISH


def resolve_language(code: str | None) -> str:
    """A supported language code: ``code`` if known, else the system's."""
    if code in LANGUAGES:
        return code  # type: ignore[return-value]
    if code:
        for known in LANGUAGES:
            if code.lower().replace("-", "_").startswith(known.lower().split("_")[0]):
                return known
    return system_language()


class LanguageManager(QObject):
    """Owns the installed translators; :meth:`apply` switches the UI language."""

    languageChanged = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._translators: list[QTranslator] = []
        self.current = ENGLISH

    def apply(self, code: str | None) -> str:
        """Switch to ``code`` (``None`` or ``""`` = system language); returns the code used."""
        code = resolve_language(code)
        app = QCoreApplication.instance()
        for translator in self._translators:
            app.removeTranslator(translator)
        self._translators = []
        own = QTranslator(self)
        if own.load(f"plagcheck_{code}", str(TRANSLATIONS_DIR)):
            self._translators.append(own)
        if code != ENGLISH:
            qt = QTranslator(self)
            qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            if qt.load(f"qtbase_{code}", qt_dir) or qt.load(f"qt_{code}", qt_dir):
                self._translators.append(qt)
        for translator in self._translators:
            app.installTranslator(translator)
        QLocale.setDefault(QLocale(code))
        self.current = code
        self.languageChanged.emit(code)
        return code
