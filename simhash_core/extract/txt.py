"""Plain-text files: detect the encoding, refuse binary data, normalise line ends.

Order of the checks, from certain to guessed: known binary magic numbers, byte-order
marks (UTF-32/UTF-8/UTF-16), UTF-16 without a BOM (mostly-ASCII text by its NUL bytes in
every other place; Chinese by which byte order decodes to Chinese text), a few stray
NUL or control bytes in otherwise good text (removed, with a warning), binary data (many
control bytes), strict UTF-8, and only then charset-normalizer. A guess is accepted only
when it decodes strictly and the result looks like text.
"""

from __future__ import annotations

import codecs
import re

import numpy as np
from charset_normalizer import from_bytes

from simhash_core.messages import Message
from simhash_core.types import ExtractedText

from .errors import ExtractError, size_label
from .sniff import describe_magic

ENCODING_REASON = Message.of("txt.encoding")

_BOMS: tuple[tuple[bytes, str], ...] = (  # UTF-32 first: its LE BOM starts like UTF-16's
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Control bytes that never occur in text. Allowed: TAB LF VT FF CR, SUB (old DOS end of
# file) and ESC (ISO-2022 escape sequences).
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x1A), 0x1C, 0x1D, 0x1E, 0x1F, 0x7F])
_GB_FAMILY = {"gb2312", "gbk", "gb18030"}  # codecs.lookup() names (not 7-bit HZ)
_BIG5_FAMILY = {"big5", "big5hkscs", "cp950"}
_SAMPLE = 64 * 1024
_MAX_CONTROL_SHARE = 0.05
# stray control bytes removed from otherwise valid UTF-8 text: at most this share of the
# bytes (a binary file has far more, and is not valid UTF-8 without them), at least
# _FEW_STRAY allowed, never more than _MAX_STRAY (a pasted scrap of junk in an essay)
_MAX_STRAY_SHARE = 0.01
_FEW_STRAY = 8
_MAX_STRAY = 1024
# UTF-16 without a BOM is taken when this share of the decoded sample is ordinary text
_UTF16_TEXT_SHARE = 0.95


def extract_txt(data: bytes, *, truncated_at: int | None = None) -> ExtractedText:
    """Decode the bytes of a text file.

    ``truncated_at`` is the byte limit when ``data`` was cut short (the decoder then
    drops an incomplete last character and a warning is added).

    >>> extract_txt("课程论文".encode("gb18030")).encoding
    'gb18030'
    >>> extract_txt(b"") # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ExtractError: empty file (0 bytes)
    """
    if not data:
        raise ExtractError("empty", Message.of("file.empty"))
    warnings: list[Message] = []
    data, stray = _without_stray_controls(data)
    if stray:
        warnings.append(Message.of("warn.control-bytes", count=stray))
    text, encoding, guessed = decode_text(data, final=truncated_at is None)
    text = _normalise_newlines(text)
    if not text.strip():
        raise ExtractError("empty", Message.of("file.blank"))
    if truncated_at is not None:
        warnings.append(Message.of("warn.truncated", size=size_label(truncated_at)))
    if guessed:
        warnings.append(Message.of("warn.encoding-guessed", charset=charset_name(encoding)))
    return ExtractedText(text, "txt", encoding=encoding, warnings=tuple(warnings))


_CHARSETS = {
    "gb18030": "charset.gb18030",
    "cp950": "charset.big5",
    "big5hkscs": "charset.big5",
    "cp1252": "charset.cp1252",
    "latin-1": "charset.latin-1",
}


def charset_name(encoding: str) -> Message:
    """A teacher's name for a Python codec name.

    >>> str(charset_name("cp1252")), str(charset_name("koi8_r"))
    ('Western European (Windows-1252)', 'koi8_r')
    """
    code = _CHARSETS.get(encoding)
    return Message.of(code) if code else Message.of("charset.other", name=encoding)


def decode_text(data: bytes, *, final: bool = True) -> tuple[str, str, bool]:
    """Return ``(text, encoding, guessed)`` for the bytes of a text file.

    ``guessed`` is True when the encoding came from statistical detection. Raises
    :class:`ExtractError` with code ``"binary"`` or ``"encoding"``.

    >>> decode_text(b"\\xff\\xfeh\\x00i\\x00")
    ('hi', 'utf-16-le', False)
    """
    what = describe_magic(data[:64])
    if what:
        raise ExtractError("binary", Message.of("txt.binary", what=what))
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _decode(data[len(bom) :], encoding, final), encoding, False
    for utf16 in (_utf16_without_bom(data[:_SAMPLE]), _utf16_by_content(data)):
        if utf16:
            try:
                return _decode(data, utf16, final), utf16, False
            except ExtractError:
                pass
    _refuse_binary(data)
    try:
        return _decode(data, "utf-8", final), "utf-8", False
    except ExtractError:
        pass
    encoding = _guess_encoding(data)
    text = _decode(data, encoding, final)
    _check_plausible(text)
    return text, encoding, True


def _decode(data: bytes, encoding: str, final: bool) -> str:
    """Strict decode; with ``final=False`` an incomplete last character is dropped."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="strict")
    try:
        return decoder.decode(data, final=final)
    except (UnicodeDecodeError, LookupError) as exc:
        raise ExtractError("encoding", ENCODING_REASON) from exc


def _utf16_without_bom(sample: bytes) -> str | None:
    """Spot BOM-less UTF-16 of mostly ASCII text: a NUL byte in every other place."""
    if len(sample) < 8:
        return None
    even, odd = sample[0::2], sample[1::2]
    even_nul, odd_nul = even.count(0) / len(even), odd.count(0) / len(odd)
    if odd_nul > 0.3 and even_nul < 0.05:
        return "utf-16-le"
    if even_nul > 0.3 and odd_nul < 0.05:
        return "utf-16-be"
    return None


def _texty(ch: str) -> bool:
    """Whether ``ch`` is a character that ordinary Chinese or English text is made of."""
    code = ord(ch)
    return (
        0x20 <= code < 0x7F
        or ch in "\t\n\r"
        or 0x4E00 <= code <= 0x9FFF  # CJK unified ideographs
        or 0x3400 <= code <= 0x4DBF  # extension A
        or 0x3000 <= code <= 0x303F  # CJK punctuation
        or 0xFF00 <= code <= 0xFFEF  # full-width forms
        or 0x2000 <= code <= 0x206F  # general punctuation (dashes, quotes)
        or 0xA0 <= code <= 0x17F  # Latin-1 and Latin Extended-A
    )


def _utf16_by_content(data: bytes) -> str | None:
    """Spot BOM-less UTF-16 of Chinese text, which has few NUL bytes (only its ASCII).

    Both byte orders are decoded and the one that reads as ordinary text wins, by a clear
    margin: Chinese characters swapped byte for byte land in unrelated scripts.

    >>> _utf16_by_content("第一章 绪论\\n本文研究".encode("utf-16-le"))
    'utf-16-le'
    >>> _utf16_by_content("第一章 绪论\\n本文研究".encode("utf-16-be"))
    'utf-16-be'
    """
    sample = data[: _SAMPLE & ~1]
    if len(sample) < 8 or len(data) % 2 or b"\x00" not in sample:
        return None
    shares = {}
    for encoding in ("utf-16-le", "utf-16-be"):
        try:
            text = sample.decode(encoding)
        except UnicodeDecodeError:
            # a surrogate pair cut at the end of the sample is no reason to refuse
            try:
                text = sample[:-2].decode(encoding)
            except UnicodeDecodeError:
                continue
        if text:
            shares[encoding] = sum(map(_texty, text)) / len(text)
    if not shares:
        return None
    best = max(shares, key=lambda e: shares[e])
    others = [v for e, v in shares.items() if e != best]
    if shares[best] >= _UTF16_TEXT_SHARE and all(v < shares[best] - 0.2 for v in others):
        return best
    return None


def _without_stray_controls(data: bytes) -> tuple[bytes, int]:
    """``data`` without a few stray NUL or control bytes, and how many were removed.

    Only when they are rare (see :data:`_MAX_STRAY_SHARE`), not part of UTF-16 or UTF-32
    text, and the rest is valid UTF-8: one NUL in an essay must not lose the essay,
    while binary data keeps its control bytes and is refused.

    >>> _without_stray_controls("一篇文章".encode() + b"\\x00" + "的中间".encode() * 200)[1]
    1
    """
    if any(data.startswith(bom) for bom, _ in _BOMS) or _utf16_without_bom(data[:_SAMPLE]):
        return data, 0
    if describe_magic(data[:64]):
        return data, 0
    cleaned = data.translate(None, _CONTROL_BYTES)
    stray = len(data) - len(cleaned)
    if not stray or stray > min(_MAX_STRAY, max(_FEW_STRAY, _MAX_STRAY_SHARE * len(data))):
        return data, 0
    try:
        cleaned.decode("utf-8")
    except UnicodeDecodeError:
        return data, 0
    return cleaned, stray


def _refuse_binary(data: bytes) -> None:
    if b"\x00" in data:
        raise ExtractError("binary", Message.of("txt.nul"))
    controls = len(data) - len(data.translate(None, _CONTROL_BYTES))
    if controls > _MAX_CONTROL_SHARE * len(data):
        raise ExtractError("binary", Message.of("txt.binary", what=Message.of("looks.binary")))


def _guess_encoding(data: bytes) -> str:
    """charset-normalizer's guess, preferring Chinese encodings among equally good ones.

    Text whose non-ASCII bytes stand alone is Western single-byte (Windows-1252) before
    any detector is asked. On short inputs GB18030, Big5, EUC-KR and Shift-JIS are
    often equally plausible (they share byte ranges); for a Chinese or English class
    Chinese is the better bet. Among tied single-byte code pages Windows-1252 wins.
    """
    if _single_byte_text(data):
        for candidate in ("cp1252", "latin-1"):  # Western first; latin-1 decodes anything
            try:
                data.decode(candidate)
            except UnicodeDecodeError:
                continue
            return candidate
    matches = list(from_bytes(data))
    if not matches:
        raise ExtractError("encoding", ENCODING_REASON)
    tied = [m for m in matches if m.chaos <= matches[0].chaos + 0.01]
    names = [codecs.lookup(m.encoding).name for m in tied]
    if any(name in _GB_FAMILY for name in names):
        return "gb18030"  # the superset: every GBK/GB2312 file is valid GB18030
    if any(name in _BIG5_FAMILY for name in names):
        for candidate in ("cp950", "big5hkscs"):  # Windows' Big5 first, then the HK superset
            try:
                data.decode(candidate)
            except UnicodeDecodeError:
                continue
            return candidate
    if "cp1252" in names:  # Western European: the commonest legacy code page
        return "cp1252"
    return names[0]


# a file whose non-ASCII bytes mostly stand alone between ASCII ones is single-byte text
_LONE_HIGH_SHARE = 0.8


def _single_byte_text(data: bytes) -> bool:
    """True when the non-ASCII bytes mostly stand alone between ASCII bytes.

    Chinese in GB18030 or Big5 takes two non-ASCII bytes a character, in runs as long
    as its phrases. English typed on Windows has lone ones: curly quotes, dashes, an
    accented letter. Detectors weigh such a file as Chinese (``won\x92t`` decodes to
    "won抰" in GB18030, where 0x92 0x74 is a character), so this is asked first.

    >>> _single_byte_text("I won’t – café".encode("cp1252"))
    True
    >>> _single_byte_text("课程论文 essay".encode("gb18030"))
    False
    """
    high = np.frombuffer(data[: 4 * _SAMPLE], np.uint8) >= 0x80
    count = np.count_nonzero(high)
    if not count:
        return False
    beside = np.zeros(len(high) + 2, bool)  # a high byte before or after each byte
    beside[2:] = high
    beside[:-2] |= high
    lone = np.count_nonzero(high & ~beside[1:-1])
    return bool(lone >= _LONE_HIGH_SHARE * count)


def _check_plausible(text: str) -> None:
    """Refuse a guessed decoding that produced replacement, control or private-use chars."""
    sample = text[: 4 * _SAMPLE]
    if "\ufffd" in sample:
        raise ExtractError("encoding", ENCODING_REASON)
    if len(_IMPLAUSIBLE.findall(sample)) > _MAX_CONTROL_SHARE * len(sample):
        raise ExtractError("encoding", ENCODING_REASON)


# The characters of the categories Cc (but TAB LF VT FF CR SUB ESC) and Co: fixed ranges,
# found by one search instead of a category lookup per character (checked against
# unicodedata for every code point by the tests)
_IMPLAUSIBLE = re.compile(
    "[\x00-\x08\x0e-\x19\x1c-\x1f\x7f-\x9f\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd]"
)


def _normalise_newlines(text: str) -> str:
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\x00" in text:
        text = text.replace("\x00", "")
    return text.replace("\r\n", "\n").replace("\r", "\n")
