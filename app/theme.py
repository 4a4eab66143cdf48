"""Colours that stay legible under the light and the dark palette.

Every custom colour of the app goes through here: a background that a view sets (a
flagged pair's row, an archived member, a passage) comes with a foreground chosen for
it, and a coloured text (archived files, likely sources, greyed common text, notes)
is darkened or lightened until it contrasts with the palette's surfaces. "Legible" is
WCAG's contrast ratio of at least :data:`MIN_CONTRAST` (4.5, normal text, level AA).

Under a dark palette, row tints are the same hues mixed into the dark base, so a
flagged row reads as a dark red row with light text rather than a pastel band.

The dark palette itself is Fusion's with dark Window and Base colours
(:func:`dark_palette`); :func:`apply_color_scheme` uses it when the system's colour
scheme is dark (Qt 6.5+ tells it) and the platform's own palette is light, or when
asked for (``plagcheck-gui --theme dark``).

>>> from PySide6.QtGui import QColor
>>> round(contrast_ratio(QColor("black"), QColor("white")), 1)
21.0
>>> contrast_ratio(QColor("#767676"), QColor("white")) >= MIN_CONTRAST
True
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from app.heat_colors import use_dark_ramp

MIN_CONTRAST = 4.5
DARK_TEXT = QColor(24, 24, 24)  # on light backgrounds (pastel passages, light rows)
LIGHT_TEXT = QColor(240, 240, 240)  # on dark backgrounds
DARK_TINT = 0.3  # how much of a row's hue shows on a dark base
SCHEMES = ("system", "light", "dark")


# --- WCAG contrast ----------------------------------------------------------------------
def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(color: QColor) -> float:
    """WCAG relative luminance of ``color`` (0 black .. 1 white)."""
    return (
        0.2126 * _channel(color.red())
        + 0.7152 * _channel(color.green())
        + 0.0722 * _channel(color.blue())
    )


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours (1 .. 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


# --- the palette ------------------------------------------------------------------------
def current_palette() -> QPalette:
    """The application's palette (Qt's default one before an application exists)."""
    return QGuiApplication.palette()


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether ``palette`` (default: the application's) draws text on a dark base."""
    base = (palette or current_palette()).color(QPalette.ColorRole.Base)
    return luminance(base) < 0.2


def surfaces(palette: QPalette | None = None) -> tuple[QColor, ...]:
    """The palette's colours plain text is drawn on: the base, the alternating rows'
    base and the window (labels, headers)."""
    palette = palette or current_palette()
    roles = (QPalette.ColorRole.Base, QPalette.ColorRole.AlternateBase, QPalette.ColorRole.Window)
    return tuple(palette.color(role) for role in roles)


def mix(a: QColor, b: QColor, share_of_a: float) -> QColor:
    """``share_of_a`` of ``a`` and the rest of ``b``, channel by channel."""
    t = min(1.0, max(0.0, share_of_a))
    return QColor(
        *(round(x * t + y * (1 - t)) for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))
    )


# --- legible colours --------------------------------------------------------------------
def readable_on(background: QColor) -> QColor:
    """Dark or light text, whichever contrasts more with ``background``."""
    dark, light = contrast_ratio(DARK_TEXT, background), contrast_ratio(LIGHT_TEXT, background)
    return QColor(DARK_TEXT if dark >= light else LIGHT_TEXT)


def legible(color: QColor, *backgrounds: QColor) -> QColor:
    """``color``, darkened or lightened (same hue) until it contrasts by at least
    :data:`MIN_CONTRAST` with every one of ``backgrounds`` (default: the palette's
    :func:`surfaces`)."""
    on = backgrounds or surfaces()
    return QColor.fromRgba(_legible(color.rgba(), tuple(b.rgba() for b in on)))


@lru_cache(maxsize=512)
def _legible(rgba: int, backgrounds: tuple[int, ...]) -> int:
    color = QColor.fromRgba(rgba)
    on = [QColor.fromRgba(b) for b in backgrounds]

    def worst(c: QColor) -> float:
        return min(contrast_ratio(c, b) for b in on)

    if worst(color) >= MIN_CONTRAST:
        return color.rgba()
    dark_backgrounds = sum(luminance(b) for b in on) / len(on) < 0.2
    target = QColor(255, 255, 255) if dark_backgrounds else QColor(0, 0, 0)
    for step in range(1, 21):  # towards white on dark surfaces, towards black on light
        candidate = mix(target, color, step / 20)
        if worst(candidate) >= MIN_CONTRAST:
            return candidate.rgba()
    return readable_on(on[0]).rgba()


def row_background(color: QColor, palette: QPalette | None = None) -> QColor:
    """A row tint of ``color``'s hue for ``palette``: the colour itself on a light base,
    the hue mixed into the base (a dark tint) on a dark one."""
    base = (palette or current_palette()).color(QPalette.ColorRole.Base)
    return QColor.fromRgba(_row_background(color.rgba(), base.rgba()))


@lru_cache(maxsize=256)
def _row_background(rgba: int, base_rgba: int) -> int:
    color, base = QColor.fromRgba(rgba), QColor.fromRgba(base_rgba)
    return rgba if luminance(base) >= 0.2 else mix(color, base, DARK_TINT).rgba()


def cell_colors(
    background: QColor | None, foreground: QColor | None
) -> tuple[QColor | None, QColor | None]:
    """The background and foreground a model returns for a cell that asks for a tint
    (``background``) and/or a text colour (``foreground``), for the current palette:
    a tinted cell always gets a foreground that reads on it."""
    if background is None:
        return None, legible(foreground) if foreground is not None else None
    tint = row_background(background)
    if foreground is None:
        return tint, readable_on(tint)
    return tint, legible(foreground, tint)


def muted_text(palette: QPalette | None = None) -> QColor:
    """Secondary text (notes, legends, placeholders): the text colour faded towards
    the base, as far as it stays legible."""
    palette = palette or current_palette()
    text = palette.color(QPalette.ColorRole.WindowText)
    faded = mix(text, palette.color(QPalette.ColorRole.Window), 0.6)
    return legible(faded, *surfaces(palette))


def muted_style() -> str:
    """A style sheet colouring a label's text as :func:`muted_text`."""
    return f"color: {muted_text().name()};"


def color_style(color: QColor) -> str:
    """A style sheet colouring a label's text ``color``, made legible."""
    return f"color: {legible(color).name()};"


# --- the dark palette -------------------------------------------------------------------
def dark_palette() -> QPalette:
    """Fusion's palette with dark Window and Base colours and light text."""
    p = QPalette()
    window, base, text = QColor(45, 45, 48), QColor(30, 30, 32), QColor(230, 230, 230)
    role = QPalette.ColorRole
    for r, c in (
        (role.Window, window),
        (role.WindowText, text),
        (role.Base, base),
        (role.AlternateBase, QColor(40, 40, 43)),
        (role.ToolTipBase, QColor(60, 60, 64)),
        (role.ToolTipText, text),
        (role.PlaceholderText, QColor(160, 160, 160)),
        (role.Text, text),
        (role.Button, QColor(55, 55, 58)),
        (role.ButtonText, text),
        (role.BrightText, QColor(255, 90, 90)),
        (role.Light, QColor(75, 75, 78)),
        (role.Midlight, QColor(62, 62, 65)),
        (role.Mid, QColor(40, 40, 42)),
        (role.Dark, QColor(25, 25, 26)),
        (role.Shadow, QColor(10, 10, 10)),
        (role.Highlight, QColor(42, 110, 200)),
        (role.HighlightedText, QColor(255, 255, 255)),
        (role.Link, QColor(110, 170, 255)),
        (role.LinkVisited, QColor(190, 140, 255)),
    ):
        p.setColor(r, c)
    disabled = QPalette.ColorGroup.Disabled
    for r in (role.WindowText, role.Text, role.ButtonText):
        p.setColor(disabled, r, QColor(130, 130, 130))
    return p


def system_prefers_dark() -> bool:
    """The platform's colour scheme is dark (Qt 6.5+; unknown counts as light)."""
    hints = QGuiApplication.styleHints()
    return hints is not None and hints.colorScheme() == Qt.ColorScheme.Dark


def apply_color_scheme(app: QApplication, scheme: str = "system") -> None:
    """Use the light or dark palette: ``"dark"`` and ``"light"`` force one (Fusion);
    ``"system"`` follows the platform and, where it reports a dark scheme but gives a
    light palette (Windows' native styles), uses the dark Fusion palette."""
    if scheme not in SCHEMES:
        raise ValueError(f"unknown colour scheme {scheme!r}")
    dark = scheme == "dark" or (scheme == "system" and system_prefers_dark())
    if scheme == "system" and is_dark(app.palette()) == dark:
        use_dark_ramp(dark)
        return  # the platform's own palette already matches its scheme
    fusion = QStyleFactory.create("Fusion")
    app.setStyle(fusion)
    app.setPalette(dark_palette() if dark else fusion.standardPalette())
    use_dark_ramp(dark)
