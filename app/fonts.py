"""Choose a font that can draw Chinese, so CJK text never renders as empty boxes.

Qt's font fallback depends on the platform plug-in: the headless ``offscreen`` one in
particular may not fall back to a CJK family on its own. We therefore look for a
known CJK family (registering a font file from the usual system folders if fontconfig
does not list one) and put it right after the UI font in the application font's
family list, so Latin text keeps the UI font and CJK characters use the CJK one.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

from simhash_core.report.fonts import font_candidates

# Preferred CJK families, best first
CJK_FAMILIES = (
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Microsoft YaHei",
    "Microsoft YaHei UI",
    "PingFang SC",
    "Hiragino Sans GB",
    "SimHei",
    "SimSun",
    "Droid Sans Fallback",
    "AR PL UMing CN",
)
LATIN_UI_FAMILIES = ("Noto Sans", "DejaVu Sans", "Segoe UI", "Helvetica Neue", "Arial")


def _installed(families: list[str], wanted: tuple[str, ...]) -> str | None:
    lower = {f.lower(): f for f in families}
    for name in wanted:
        if name.lower() in lower:
            return lower[name.lower()]
    return None


def find_cjk_family() -> str | None:
    """The best installed family that supports Simplified Chinese, or ``None``."""
    families = QFontDatabase.families()
    found = _installed(families, CJK_FAMILIES)
    if found:
        return found
    # the font files the reports embed from, when no family above is installed
    for font in font_candidates():
        font_id = QFontDatabase.addApplicationFont(str(font.path))
        loaded = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        if loaded:
            return loaded[0]
    for family in families:
        if QFontDatabase.WritingSystem.SimplifiedChinese in QFontDatabase.writingSystems(family):
            return family
    return None


def install_cjk_font(app: QGuiApplication) -> str | None:
    """Make the application font draw CJK text; returns the CJK family used."""
    cjk = find_cjk_family()
    font = QFont(app.font())
    latin = _installed(QFontDatabase.families(), LATIN_UI_FAMILIES) or font.family()
    families = [latin]
    if cjk and cjk != latin:
        families.append(cjk)
    font.setFamilies(families)
    if font.pointSizeF() <= 0:
        font.setPointSize(10)
    app.setFont(font)
    return cjk
