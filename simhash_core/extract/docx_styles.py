"""Word's styles, as far as they can hide text: a run's hidden mark (``w:vanish``), its
colour and its size, from the run itself, its character style, its paragraph's style
and the document's defaults (``word/styles.xml``), each style through the styles it is
based on.

>>> from xml.etree.ElementTree import fromstring
>>> styles = DocxStyles(fromstring(
...     f'<w:styles xmlns:w="{W}"><w:style w:type="character" w:styleId="Quiet">'
...     '<w:basedOn w:val="Small"/><w:rPr><w:vanish/></w:rPr></w:style>'
...     '<w:style w:type="character" w:styleId="Small"><w:rPr><w:sz w:val="2"/></w:rPr>'
...     '</w:style></w:styles>'))
>>> styles.look(None, "Quiet", RunLook())
RunLook(vanish=True, color=None, size=2)
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.etree.ElementTree import Element

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_PREFIXES = ("{" + W + "}", "{http://purl.oclc.org/ooxml/wordprocessingml/main}")
_OFF = frozenset({"0", "false", "off"})
# theme colours that are the page's own (the default theme's background is white)
_PAGE_THEME = frozenset({"background1", "light1"})
MAX_BASED_ON = 20  # Word itself stops following basedOn well before this


def w_child(element: Element | None, local: str) -> Element | None:
    """The first child ``w:local`` of ``element`` (either WordprocessingML namespace)."""
    if element is None:
        return None
    for prefix in _PREFIXES:
        found = element.find(prefix + local)
        if found is not None:
            return found
    return None


def w_attr(element: Element | None, local: str) -> str | None:
    """The ``w:local`` attribute of ``element``, or None."""
    if element is None:
        return None
    for prefix in _PREFIXES:
        value = element.get(prefix + local)
        if value is not None:
            return value
    return None


@dataclass(frozen=True)
class RunLook:
    """What a run looks like, as far as it can hide the run: hidden (``vanish``), its
    colour (``RRGGBB``, upper case; ``"auto"``) and its size in half-points. None where
    this level of formatting does not say."""

    vanish: bool | None = None
    color: str | None = None
    size: int | None = None

    def over(self, base: RunLook) -> RunLook:
        """This look where it says something, else ``base``'s."""
        return RunLook(
            self.vanish if self.vanish is not None else base.vanish,
            self.color if self.color is not None else base.color,
            self.size if self.size is not None else base.size,
        )


def run_look(properties: Element | None) -> RunLook:
    """The look a ``w:rPr`` element gives.

    >>> from xml.etree.ElementTree import fromstring
    >>> run_look(fromstring(f'<w:rPr xmlns:w="{W}"><w:vanish w:val="0"/>'
    ...                     '<w:color w:val="ffffff"/><w:sz w:val="20"/></w:rPr>'))
    RunLook(vanish=False, color='FFFFFF', size=20)
    """
    if properties is None:
        return RunLook()
    vanish = w_child(properties, "vanish")
    hidden = None if vanish is None else (w_attr(vanish, "val") or "1").lower() not in _OFF
    color_element = w_child(properties, "color")
    color = None
    if color_element is not None:
        if w_attr(color_element, "themeColor") in _PAGE_THEME:
            color = "FFFFFF"
        else:
            color = (w_attr(color_element, "val") or "").upper() or None
    size = None
    size_element = w_child(properties, "sz")
    if size_element is not None:
        try:
            size = int(float(w_attr(size_element, "val") or ""))
        except ValueError:
            size = None
    return RunLook(hidden, color, size)


class DocxStyles:
    """A document's styles (its ``styles.xml`` root, or None), resolved on demand."""

    def __init__(self, root: Element | None) -> None:
        self.defaults = RunLook()
        self.default_paragraph: str | None = None
        self.own: dict[str, tuple[RunLook, str | None]] = {}  # id: own look, based on
        self.resolved: dict[str, RunLook] = {}
        if root is None:
            return
        defaults = w_child(w_child(root, "docDefaults"), "rPrDefault")
        self.defaults = run_look(w_child(defaults, "rPr"))
        for style in root:
            if not isinstance(style.tag, str) or not style.tag.endswith("}style"):
                continue
            name = w_attr(style, "styleId")
            if not name:
                continue
            based = w_attr(w_child(style, "basedOn"), "val")
            self.own[name] = (run_look(w_child(style, "rPr")), based)
            default = (w_attr(style, "default") or "").lower() in ("1", "true", "on")
            if default and w_attr(style, "type") == "paragraph":
                self.default_paragraph = name

    def style(self, name: str | None) -> RunLook:
        """A style's look, through the styles it is based on (a loop stops it)."""
        if not name or name not in self.own:
            return RunLook()
        if name in self.resolved:
            return self.resolved[name]
        chain: list[RunLook] = []
        at: str | None = name
        while at and at in self.own and len(chain) < MAX_BASED_ON:
            look, at = self.own[at]
            chain.append(look)
            if at == name:
                break
        found = RunLook()
        for look in reversed(chain):
            found = look.over(found)
        self.resolved[name] = found
        return found

    def look(self, paragraph_style: str | None, run_style: str | None, direct: RunLook) -> RunLook:
        """A run's look: its own formatting over its character style over its
        paragraph's style (the default one where it names none) over the defaults."""
        paragraph = self.style(paragraph_style or self.default_paragraph)
        return direct.over(self.style(run_style).over(paragraph.over(self.defaults)))
