r"""RTF files (WordPad, TextEdit on a Mac, old Word): the text, in the code pages its
fonts declare.

Chinese RTF written by Word or WPS spells each character as two ``\'hh`` bytes in the
code page of the *font* it is set in (``\fcharset134``: GBK), while the document's own
``\ansicpg`` is often Windows-1252; readers that decode every ``\'hh`` with one code
page turn such a file into mojibake. Here each font's charset is read from the font
table and bytes are decoded with the code page of the font in force; ``\uN`` Unicode
escapes (with their ``\ucN`` fallback characters skipped) take precedence.

Left out: the font, colour and style tables, document information, pictures and
objects, field instructions (their results are kept) and every ignorable destination
(``{\*\...}``). Paragraphs, line breaks, table cells and rows end lines.

Limits: groups nested deeper than :data:`MAX_DEPTH` are refused (a crafted file could
otherwise use memory without end), and ``\binN`` data is skipped by its length, never
read as text.

>>> extract_rtf(rb"{\rtf1{\fonttbl{\f0\fcharset134 SimSun;}}\f0 \'d6\'d0\'ce\'c4 text\par}").text
'中文 text'
"""

from __future__ import annotations

import re

from simhash_core.messages import Message
from simhash_core.types import ExtractedText

from .errors import ExtractError

MAX_DEPTH = 200  # Word nests a few dozen groups deep at most

# \fcharset -> Python codec (Microsoft's charset numbers)
_CHARSETS = {
    0: "cp1252",
    128: "cp932",
    129: "cp949",
    134: "gb18030",
    136: "cp950",
    161: "cp1253",
    162: "cp1254",
    163: "cp1258",
    177: "cp1255",
    178: "cp1256",
    186: "cp1257",
    204: "cp1251",
    222: "cp874",
    238: "cp1250",
}
# destinations whose text is not the document's
_SKIPPED = frozenset(
    {
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "fldinst",
        "themedata", "colorschememapping", "datastore", "latentstyles", "listtable",
        "listoverridetable", "rsidtbl", "generator", "xmlnstbl", "mmathPr", "revtbl",
        "filetbl", "pgdsctbl", "nonshppict", "header", "headerl", "headerr", "headerf",
        "footer", "footerl", "footerr", "footerf", "private", "bkmkstart", "bkmkend",
        "userprops", "template", "docvar", "wgrffmtfilter", "listtext", "pntext",
    }
)  # fmt: skip
_BREAKS = {"par": "\n", "line": "\n", "sect": "\n", "page": "\n", "row": "\n", "cell": "\t"}
_SYMBOLS = {
    "tab": "\t", "emdash": "—", "endash": "–", "lquote": "‘", "rquote": "’",
    "ldblquote": "“", "rdblquote": "”", "bullet": "•", "emspace": "\u2003",
    "enspace": "\u2002", "qmspace": "\u2005",
}  # fmt: skip
_TOKEN = re.compile(
    rb"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?"  # control word, optional parameter
    rb"|\\'([0-9a-fA-F]{2})"  # a byte in the current code page
    rb"|\\(.)"  # control symbol
    rb"|([{}])"
    rb"|[\r\n]+"
    rb"|([^\\{}\r\n]+)",
    re.S,
)


# blanks before a line end (the look-behind keeps the match linear on long runs)
_TRAILING_BLANKS = re.compile(r"(?<![ \t])[ \t]+\n")
# the code pages an RTF may name: each leaves ASCII as ASCII (an EBCDIC code page would
# turn the whole text into other letters and hide it from the comparison)
_ANSI_CODE_PAGES = {874, 932, 936, 949, 950, *range(1250, 1259)}


class _Group:
    __slots__ = ("codec", "skip", "uc")

    def __init__(self, codec: str, skip: bool, uc: int) -> None:
        self.codec = codec
        self.skip = skip
        self.uc = uc


def extract_rtf(data: bytes) -> ExtractedText:
    """The text of an RTF file given as bytes."""
    if not data.lstrip().startswith(b"{\\rtf"):
        raise ExtractError("corrupt", Message.of("rtf.not-rtf"))
    text = _Reader(data).text()
    text = _TRAILING_BLANKS.sub("\n", text).strip("\n")
    if not text.strip():
        raise ExtractError("empty", Message.of("file.blank"))
    return ExtractedText(text, "rtf")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.out: list[str] = []
        self.pending = bytearray()  # \'hh bytes not yet decoded
        self.pending_codec = "cp1252"
        self.default_codec = "cp1252"
        self.fonts: dict[int, str] = {}  # font number -> codec
        self.default_font: int | None = None
        self.font_number: int | None = None  # the font being declared in \fonttbl
        self.fallback = 0  # characters still to skip after a \uN
        self.high: int | None = None  # a \uN high surrogate waiting for its low half

    def text(self) -> str:
        stack: list[_Group] = []
        group = _Group("cp1252", False, 1)
        destination_next = False
        in_fonttbl_depth: int | None = None
        pos, size = 0, len(self.data)
        while pos < size:
            m = _TOKEN.match(self.data, pos)
            if m is None:  # a lone backslash at the very end
                break
            pos = m.end()
            word, param, hexbyte, symbol, brace, literal = m.groups()
            if brace == b"{":
                if len(stack) >= MAX_DEPTH:
                    raise ExtractError("malicious", Message.of("rtf.too-deep", depth=MAX_DEPTH))
                stack.append(group)
                group = _Group(group.codec, group.skip, group.uc)
                destination_next = True
                continue
            if brace == b"}":
                self._flush()
                self.fallback = 0  # a group's fallback characters end with it
                if in_fonttbl_depth is not None and len(stack) <= in_fonttbl_depth:
                    in_fonttbl_depth = None
                if stack:
                    group = stack.pop()
                destination_next = False
                continue
            if word is None and hexbyte is None and symbol is None and literal is None:
                continue  # a line end in the RTF source: no text, and no destination
            first, destination_next = destination_next, False
            if word is not None:
                name = word.decode("ascii")
                value = int(param) if param is not None else None
                if name == "bin" and value:  # raw bytes: skip them, never read as text
                    pos += max(value, 0)
                    continue
                if name == "fonttbl":
                    in_fonttbl_depth = len(stack)
                    group.skip = True
                    continue
                if in_fonttbl_depth is not None:
                    self._font_table(name, value)
                    continue
                if first and name in _SKIPPED:
                    group.skip = True
                    continue
                self._control(name, value, group)
                continue
            if symbol is not None:
                if symbol == b"*" and first:
                    group.skip = True  # an ignorable destination
                elif not group.skip:
                    self._symbol(symbol)
                continue
            if hexbyte is not None:
                if group.skip:
                    continue
                if self.fallback:
                    self.fallback -= 1
                    continue
                if self.pending and self.pending_codec != group.codec:
                    self._flush()
                self.pending_codec = group.codec
                self.pending.append(int(hexbyte, 16))
                continue
            if literal is not None and not group.skip:
                raw = literal
                if self.fallback:
                    skip = min(self.fallback, len(raw))
                    raw, self.fallback = raw[skip:], self.fallback - skip
                if raw:  # 8-bit text (some writers leave it raw) is in the font's code page
                    if self.pending and self.pending_codec != group.codec:
                        self._flush()
                    self.pending_codec = group.codec
                    self.pending.extend(raw)
        self._flush()
        return "".join(self.out)

    def _font_table(self, name: str, value: int | None) -> None:
        if name == "f" and value is not None:
            self.font_number = value
        elif name == "fcharset" and value is not None and self.font_number is not None:
            codec = _CHARSETS.get(value)
            if codec:
                self.fonts[self.font_number] = codec

    def _control(self, name: str, value: int | None, group: _Group) -> None:
        if name == "ansicpg" and value:
            if value in _ANSI_CODE_PAGES:
                codec = f"cp{value}" if value != 936 else "gb18030"
                self.default_codec = codec
                group.codec = codec
            return
        if name == "deff" and value is not None:
            self.default_font = value
            return
        if name == "f" and value is not None:
            group.codec = self.fonts.get(value, self.default_codec)
            return
        if name == "plain" and self.default_font is not None:
            group.codec = self.fonts.get(self.default_font, self.default_codec)
            return
        if name == "uc" and value is not None:
            group.uc = max(0, min(value, 10))
            return
        if group.skip:
            return
        if name == "u" and value is not None:
            code = (value + 65536 if value < 0 else value) & 0xFFFF
            self.fallback = group.uc
            if 0xD800 <= code < 0xDC00:  # the first half of an emoji or a rare character
                self._flush()
                self.high = code
            elif 0xDC00 <= code < 0xE000:  # its second half; alone, it is dropped
                if self.high is not None:
                    pair = 0x10000 + ((self.high - 0xD800) << 10) + (code - 0xDC00)
                    self.high = None
                    self._emit(chr(pair))
            else:
                self._emit(chr(code))
            return
        if name in _BREAKS:
            self._emit(_BREAKS[name])
        elif name in _SYMBOLS:
            self._emit(_SYMBOLS[name])

    def _symbol(self, symbol: bytes) -> None:
        if symbol in (b"\\", b"{", b"}"):
            self._emit(symbol.decode("ascii"))
        elif symbol == b"~":
            self._emit("\u00a0")
        elif symbol == b"_":
            self._emit("\u2011")
        elif symbol in (b"\n", b"\r"):
            self._emit("\n")

    def _emit(self, chars: str) -> None:
        self._flush()
        self.out.append(chars)

    def _flush(self) -> None:
        self.high = None  # a high surrogate not followed at once by its low half
        if self.pending:
            self.out.append(bytes(self.pending).decode(self.pending_codec, errors="replace"))
            self.pending.clear()
