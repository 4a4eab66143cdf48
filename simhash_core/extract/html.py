"""Web pages (.html, .htm) and Markdown (.md): the text a reader sees.

An HTML page is parsed with the standard library's tolerant :class:`HTMLParser` (no DTD
is ever read, no entity but the HTML ones expanded, nothing fetched). Only text a
browser shows is kept: scripts, styles, templates, the page's ``<head>`` (its title
included) and elements marked ``hidden``, ``aria-hidden="true"`` or styled
``display:none`` / ``visibility:hidden`` are left out, so text hidden in a page is not
compared. Block elements (paragraphs, list items, table rows, headings...) become
lines. The charset is the page's byte-order mark or ``<meta charset>``, else detected
like a text file's. Moodle keeps text typed into the platform as such a page
(``onlinetext.html``).

A Markdown file is text: its markup (heading and list marks, emphasis, the targets of
links and pictures, code fences, HTML tags) is dropped, its words kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

from simhash_core.messages import Message
from simhash_core.types import ExtractedText

from .errors import ExtractError

BLOCK_TAGS = {
    "p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
    "pre", "table", "ul", "ol", "dd", "dt", "section", "article", "hr", "title",
}  # fmt: skip
# a whole page's blocks: a cell and a page's regions are lines of their own too
_PAGE_BLOCKS = BLOCK_TAGS | {
    "td", "th", "header", "footer", "main", "aside", "nav", "figure", "figcaption",
}  # fmt: skip
_HIDDEN_TAGS = {"script", "style", "template", "noscript"}
# elements without an end tag: never open
_VOID_TAGS = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
    "source", "track", "wbr",
}  # fmt: skip
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


class HtmlText(HTMLParser):
    """Visible text of an HTML page, a line per block element (no DTD is ever read).

    ``page=True`` reads a whole page as a browser shows it: the ``<head>`` and
    elements hidden by attribute or style are left out too. Without it (an HTML part
    imported into a DOCX), only scripts, styles and templates are.
    """

    def __init__(self, page: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.blocks = _PAGE_BLOCKS if page else BLOCK_TAGS
        self.parts: list[str] = []
        self.open: list[tuple[str, bool]] = []  # (tag, hides its content)
        self.hidden = 0

    def _hides(self, tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        if tag in _HIDDEN_TAGS:
            return True
        if not self.page:
            return False
        if tag == "head":
            return True
        values = {k.lower(): (v or "") for k, v in attrs}
        return (
            "hidden" in values
            or values.get("aria-hidden", "").strip().lower() == "true"
            or bool(_HIDDEN_STYLE.search(values.get("style", "")))
        )

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.blocks:
            self.parts.append("\n")
        if tag in _VOID_TAGS:
            return
        hides = self._hides(tag, attrs)
        self.open.append((tag, hides))
        self.hidden += hides

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.blocks:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.blocks:
            self.parts.append("\n")
        if not any(t == tag for t, _ in self.open):
            return  # a stray end tag
        while self.open:  # close what the page left open inside it
            name, hides = self.open.pop()
            self.hidden -= hides
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_paragraphs(html: str, page: bool = False) -> Iterator[str]:
    """The paragraphs of an HTML text (``page``: as a browser shows a whole page).

    >>> list(html_paragraphs("<html><style>p{}</style><p>One &amp; two</p><p>三</p></html>"))
    ['One & two', '三']
    >>> list(html_paragraphs(
    ...     "<head><title>T</title></head><p>seen<span hidden>not</span></p>"
    ...     "<div style='display: none'><p>gone</p></div><p>also <br>seen</p>", page=True))
    ['seen', 'also', 'seen']
    """
    parser = HtmlText(page)
    parser.feed(html)
    parser.close()
    for line in "".join(parser.parts).split("\n"):
        text = " ".join(line.split())
        if text:
            yield text


def decode_markup(data: bytes) -> tuple[str, str | None]:
    """Text of an HTML or XML page or part: its byte-order mark, else its declared charset,
    else detected as a text file's is; with the encoding used."""
    from .txt import decode_text

    bom = data.startswith((b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf"))
    match = re.search(rb"charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", data[:4096])
    if match and not bom:
        name = match.group(1).decode("ascii")
        try:
            return data.decode(name, errors="replace"), name.lower()
        except LookupError:
            pass
    try:
        text, encoding, _ = decode_text(data)
        return text, encoding
    except ExtractError:
        return data.decode("utf-8", errors="replace"), "utf-8"


def extract_html(data: bytes) -> ExtractedText:
    """The visible text of a web page's bytes.

    >>> extract_html(b"<p>Hello <script>x()</script>world</p>").text
    'Hello world'
    """
    html, encoding = decode_markup(data)
    text = "\n\n".join(html_paragraphs(html, page=True))
    if not text.strip():
        raise ExtractError("empty", Message.of("file.blank"))
    return ExtractedText(text, "html", encoding=encoding)


_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+|\s+#+\s*$")
_SETEXT = re.compile(r"^\s{0,3}(=+|-+)\s*$")
_QUOTE = re.compile(r"^\s{0,3}(>\s?)+")
_LIST = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?")
_RULE = re.compile(r"^\s{0,3}([-*_])(\s*\1){2,}\s*$")
_PICTURE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)|\[([^\]]+)\]\[[^\]]*\]")
_LINK_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+\S+")
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3}|~~)(?=\S)(.+?)(?<=\S)\1")
_CODE = re.compile(r"`+([^`]*)`+")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def markdown_text(markdown: str) -> str:
    """The words of a Markdown text without its markup.

    >>> markdown_text("# Title\\n\\nSome *bold* and [a link](http://x.org).\\n- ![pic](p.png)")
    'Title\\n\\nSome bold and a link.\\npic'
    """
    out: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            out.append(line)
            continue
        if _RULE.match(line) or _LINK_DEFINITION.match(line) or _TABLE_RULE.match(line):
            out.append("")
            continue
        if _SETEXT.match(line) and out and out[-1].strip():
            continue  # the underline of a heading
        line = _HEADING.sub("", _QUOTE.sub("", line))
        line = _LIST.sub("", line)
        line = _PICTURE.sub(r"\1", line)
        line = _LINK.sub(lambda m: m.group(1) or m.group(2), line)
        line = _CODE.sub(r"\1", line)
        line = _TAG.sub("", line)
        for _ in range(3):  # nested emphasis
            line = _EMPHASIS.sub(r"\2", line)
        line = line.replace("|", " ").strip() if line.lstrip().startswith("|") else line
        out.append(line.rstrip())
    return "\n".join(out).strip("\n")


def extract_markdown(data: bytes, *, truncated_at: int | None = None) -> ExtractedText:
    """A Markdown file's words: read as a text file (its encoding detected), then without
    its markup."""
    from dataclasses import replace

    from .txt import extract_txt

    text = extract_txt(data, truncated_at=truncated_at)
    words = markdown_text(text.text)
    if not words.strip():
        raise ExtractError("empty", Message.of("file.blank"))
    return replace(text, text=words, kind="md")
