"""OpenDocument styles, as far as they can hide text: ``text:display="none"``, the
letters' colour (``fo:color``) and size (``fo:font-size``), from a span's or a
paragraph's style through its parent styles (``style:parent-style-name``), the
automatic styles of ``content.xml`` and the styles of ``styles.xml``; and the page's
colour (the page layout's ``fo:background-color``).

>>> from xml.etree.ElementTree import fromstring
>>> xml = (f'<office:automatic-styles xmlns:office="{OFFICE}" xmlns:style="{STYLE}" '
...        f'xmlns:fo="{FO}" xmlns:text="{TEXT}"><style:style style:name="T1" '
...        'style:family="text" style:parent-style-name="Small"><style:text-properties '
...        'fo:color="#FFFFFF"/></style:style><style:style style:name="Small" '
...        'style:family="text"><style:text-properties fo:font-size="1pt"/></style:style>'
...        '</office:automatic-styles>')
>>> OdtStyles([fromstring(xml)]).look("text", "T1")
OdtLook(hidden=None, color='FFFFFF', points=1.0)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from xml.etree.ElementTree import Element

OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
FO = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
_S, _T, _F = "{" + STYLE + "}", "{" + TEXT + "}", "{" + FO + "}"
MAX_PARENTS = 20
_LENGTH = re.compile(r"\s*([0-9.]+)\s*(pt|cm|mm|in|pc|px)\s*$")
_POINTS = {"pt": 1.0, "cm": 72 / 2.54, "mm": 72 / 25.4, "in": 72.0, "pc": 12.0, "px": 0.75}


@dataclass(frozen=True)
class OdtLook:
    """What text looks like as far as it can hide it; None where a style says nothing.
    ``grounded``: a background of its own (where a light colour may be read)."""

    hidden: bool | None = None
    color: str | None = None  # RRGGBB, upper case
    points: float | None = None
    grounded: bool = False

    def over(self, base: OdtLook) -> OdtLook:
        """This look where it says something, else ``base``'s."""
        return OdtLook(
            self.hidden if self.hidden is not None else base.hidden,
            self.color if self.color is not None else base.color,
            self.points if self.points is not None else base.points,
            self.grounded or base.grounded,
        )

    def __repr__(self) -> str:
        return f"OdtLook(hidden={self.hidden}, color={self.color!r}, points={self.points})"


def points_of(value: str | None) -> float | None:
    """A length in points (a percentage or nothing: None).

    >>> points_of("1pt"), points_of("0.05cm"), points_of("80%")
    (1.0, 1.4173228346456694, None)
    """
    found = _LENGTH.match(value or "")
    if not found:
        return None
    try:
        return float(found.group(1)) * _POINTS[found.group(2)]
    except ValueError:
        return None


def _look_of(style: Element) -> OdtLook:
    """The look a ``style:style`` element gives itself."""
    text = style.find(_S + "text-properties")
    paragraph = style.find(_S + "paragraph-properties")
    grounded = False
    for props in (text, paragraph):
        if props is not None:
            ground = (props.get(_F + "background-color") or "transparent").lower()
            grounded = grounded or ground not in ("transparent", "#ffffff")
    if text is None:
        return OdtLook(grounded=grounded)
    display = text.get(_T + "display")
    color = (text.get(_F + "color") or "").lstrip("#").upper() or None
    sizes = [
        points_of(text.get(name))
        for name in (_F + "font-size", _S + "font-size-asian")
        if text.get(name) is not None
    ]
    # letters are tiny only where every script's size given is
    points = (
        max((s for s in sizes if s is not None), default=None)
        if all(s is not None for s in sizes)
        else None
    )
    return OdtLook(None if display is None else display == "none", color, points, grounded)


class OdtStyles:
    """The named styles of a document's style containers (``office:styles``,
    ``office:automatic-styles``; later ones win), by family and name."""

    def __init__(self, containers: Iterable[Element]) -> None:
        self.own: dict[tuple[str, str], tuple[OdtLook, str | None]] = {}
        self.defaults: dict[str, OdtLook] = {}
        self.resolved: dict[tuple[str, str], OdtLook] = {}
        for container in containers:
            for style in container:
                family = style.get(_S + "family") or ""
                if style.tag == _S + "default-style":
                    self.defaults[family] = _look_of(style)
                elif style.tag == _S + "style" and style.get(_S + "name"):
                    parent = style.get(_S + "parent-style-name")
                    self.own[(family, style.get(_S + "name") or "")] = (_look_of(style), parent)

    def look(self, family: str, name: str | None) -> OdtLook:
        """A style's look through its parents (the family's default under them)."""
        base = self.defaults.get(family, OdtLook())
        if not name:
            return base
        key = (family, name)
        if key in self.resolved:
            return self.resolved[key]
        chain: list[OdtLook] = []
        at: str | None = name
        while at and (family, at) in self.own and len(chain) < MAX_PARENTS:
            look, at = self.own[(family, at)]
            chain.append(look)
        found = base
        for look in reversed(chain):
            found = look.over(found)
        self.resolved[key] = found
        return found


def page_colour(styles: Element | None) -> str | None:
    """The first page layout's background colour (``RRGGBB``), or None."""
    if styles is None:
        return None
    for props in styles.iter(_S + "page-layout-properties"):
        color = (props.get(_F + "background-color") or "").lstrip("#").upper()
        if len(color) == 6:
            return color
    return None
