"""Word's styles, as far as they can hide text: a run's hidden mark (``w:vanish``), its
colour and its size, from the run itself, its character style, its paragraph's style
and the document's defaults (``word/styles.xml``), each style through the styles it is
based on.

>>> styles = DocxStyles(
...     f'<w:styles xmlns:w="{W}"><w:style w:type="character" w:styleId="Quiet">'
...     '<w:basedOn w:val="Small"/><w:rPr><w:vanish/></w:rPr></w:style>'
...     '<w:style w:type="character" w:styleId="Small"><w:rPr><w:sz w:val="2"/></w:rPr>'
...     '</w:style></w:styles>'.encode())
>>> styles.look(None, "Quiet", RunLook())
RunLook(vanish=True, color=None, size=2)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from xml.etree.ElementTree import Element, fromstring

import xxhash

from .hidden_runs import TINY_POINTS, same_colour

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_PREFIXES = ("{" + W + "}", "{http://purl.oclc.org/ooxml/wordprocessingml/main}")
_OFF = frozenset({"0", "false", "off"})
# theme colours that are the page's own (the default theme's background is white)
_PAGE_THEME = frozenset({"background1", "light1"})
MAX_BASED_ON = 20  # Word itself stops following basedOn well before this
_P = rb"(?:[\w.-]+:)?"  # any namespace prefix
_STYLE = re.compile(rb"<" + _P + rb"style\b([^>]*)>(.*?)</" + _P + rb"style>", re.S)
_DEFAULTS = re.compile(rb"<" + _P + rb"rPrDefault\b[^>]*>(.*?)</" + _P + rb"rPrDefault>", re.S)
_RUN_PROPERTIES = re.compile(rb"<(" + _P + rb")rPr\b[^>]*?(?:/>|>.*?</" + _P + rb"rPr>)", re.S)
_BASED_ON = re.compile(rb"<" + _P + rb"basedOn\b[^>]*>")
_HIDING = re.compile(rb"vanish|color|<" + _P + rb"sz\b")
_MARKER = re.compile(rb'vanish|themeColor="(?:background1|light1)"')
_TABLE_STYLE = re.compile(rb"<" + _P + rb'style\b[^>]*type="table".*?</' + _P + rb"style>", re.S)
_SIZE = re.compile(rb"<(?:\w+:)?sz\s[^>]*?val=\"(\d+)")
_COLOUR = re.compile(rb"<(?:\w+:)?color\s[^>]*?val=\"([0-9A-Fa-f]{6})\"")


def could_hide(data: bytes, page: str) -> bool:
    """Whether a styles part (its bytes) says anything that can hide a run's text, in
    a paragraph or character style or the defaults: a hidden mark, the page's colour
    (or the theme's background), letters of 2 points or less. Table styles do not
    count (their light letters sit on their own shading). The part is read as styles
    only where this holds: nearly every file says nothing of the kind, and is spared.
    A part is searched once per process (:data:`SEEN_STYLES_KEPT` parts are kept).

    >>> could_hide(b'<w:rPr><w:color w:val="2F5496"/><w:sz w:val="28"/></w:rPr>', "FFFFFF")
    False
    >>> could_hide(b'<w:rPr><w:color w:val="ffffff"/></w:rPr>', "FFFFFF")
    True
    >>> could_hide(b'<w:style w:type="table" w:styleId="Grid"><w:rPr><w:color '
    ...            b'w:themeColor="background1"/></w:rPr></w:style>', "FFFFFF")
    False
    """
    key = (xxhash.xxh3_128_digest(data), page)
    found = _SEEN_STYLES.get(key)
    if found is None:
        found = _SEEN_STYLES[key] = _could_hide(data, page)
        if len(_SEEN_STYLES) > SEEN_STYLES_KEPT:
            del _SEEN_STYLES[next(iter(_SEEN_STYLES))]
    return found


# styles parts already searched in this process, by their bytes' 128-bit digest and
# the page colour: the files of one class, made from one template by one version of
# Word, share their 350 KB part, and searching it takes longer than unzipping it
SEEN_STYLES_KEPT = 64
_SEEN_STYLES: dict[tuple[bytes, str], bool] = {}


def _could_hide(data: bytes, page: str) -> bool:
    """:func:`could_hide`, searched."""
    rest = _without_table_styles(data)
    if _MARKER.search(rest):
        return True
    if any(int(size) <= 2 * TINY_POINTS for size in _SIZE.findall(rest)):
        return True
    colours = {c.decode("ascii") for c in _COLOUR.findall(rest)}
    return any(same_colour(colour, page) for colour in colours)


def _without_table_styles(data: bytes) -> bytes:
    """A styles part without its table styles (each ``<w:style w:type="table"``, to the
    next style); split by plain search, which takes a tenth of a millisecond for Word's
    350 KB part, a pattern with any prefix only where the prefix is not ``w``."""
    if b'type="table"' not in data:
        return data
    if b"<w:style " not in data:
        return _TABLE_STYLE.sub(b"", data)
    pieces = data.split(b"<w:style ")
    return b"".join(
        [pieces[0], *(p for p in pieces[1:] if b'w:type="table"' not in p[: p.find(b">")])]
    )


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
    """A document's styles (the bytes of its ``styles.xml``), resolved on demand.

    Word's styles part is large (thousands of elements, most of them latent styles and
    table styles), and parsing it whole would take longer than the rest of the file.
    So it is read as text: each paragraph or character style's id, the style it is
    based on, and, where its run properties say anything that can hide text, those
    properties (a small fragment, parsed). Table styles are left out: their light
    letters sit on their own shading.
    """

    def __init__(self, data: bytes | None, parse: Callable[[bytes], Element] = fromstring) -> None:
        self.defaults = RunLook()
        self.default_paragraph: str | None = None
        self.own: dict[str, tuple[RunLook, str | None]] = {}  # id: own look, based on
        self.resolved: dict[str, RunLook] = {}
        if not data:
            return
        defaults = _DEFAULTS.search(data)
        if defaults:
            self.defaults = _look_of(defaults.group(1), parse)
        for found in _STYLE.finditer(data):
            head, body = found.group(1), found.group(2)
            kind = _attribute(head, b"type")
            name = _attribute(head, b"styleId")
            if not name or kind not in ("paragraph", "character"):
                continue
            based = _attribute(_first(_BASED_ON, body), b"val")
            self.own[name] = (_look_of(body, parse), based)
            if kind == "paragraph" and _attribute(head, b"default") in ("1", "true", "on"):
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


def _attribute(head: bytes, name: bytes) -> str | None:
    """The value of attribute ``name`` (any prefix) in a tag's text, or None."""
    found = re.search(rb"(?:^|\s)" + _P + name + rb'="([^"]*)"', head)
    return found.group(1).decode("utf-8", "replace") if found else None


def _first(pattern: re.Pattern[bytes], body: bytes) -> bytes:
    found = pattern.search(body)
    return found.group(0) if found else b""


def _look_of(body: bytes, parse: Callable[[bytes], Element]) -> RunLook:
    """The look the first run properties in a style's text give (parsed only where
    they say something that can hide text)."""
    found = _RUN_PROPERTIES.search(body)
    if found is None or not _HIDING.search(found.group(0)):
        return RunLook()
    prefix = found.group(1).rstrip(b":") or b"w"
    fragment = b"<x xmlns:" + prefix + b'="' + W.encode() + b'">' + found.group(0) + b"</x>"
    return run_look(parse(fragment)[0])
