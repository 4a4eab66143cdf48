"""The CJK font the reports carry with them.

A report must draw Chinese the same on any machine it is opened on, including one with
no Chinese font at all (a school's locked-down Linux box, a board member's phone). So
both reports embed the glyphs they use, taken from the CJK font of the machine that
writes them:

* the PDF through reportlab, which subsets TrueType outlines itself;
* the HTML as an inline ``@font-face``: a WOFF subset, base64 in the page, holding only
  the characters the page shows. For the sample class's 2,485 distinct characters that
  is 198 kB of font (264 kB as base64) made in about 1.4 s; for the 1,000-file
  benchmark's 8,285, 531 kB in 3 s.

``PLAGCHECK_REPORT_FONT`` names a font file to use first (a ``.ttf``, ``.otf``,
``.ttc``). Without any usable font the HTML falls back on the reader's own CJK fonts
and the PDF on a standard CID font the viewer supplies.

>>> sorted(_ranges([0x4E00, 0x4E01, 0x4E02, 0x4E05]))
[(19968, 19970), (19973, 19973)]
"""

from __future__ import annotations

import base64
import io
import os
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ENV_FONT = "PLAGCHECK_REPORT_FONT"

# CJK faces, best first. The TrueType-outline ones suit both reports; reportlab reads
# no CFF outlines, so the OpenType-CFF ones (Noto, Source Han) serve the HTML only.
TRUETYPE_FONTS: tuple[tuple[str, int], ...] = (
    ("C:/Windows/Fonts/msyh.ttc", 0),
    ("C:/Windows/Fonts/msyh.ttf", 0),
    ("C:/Windows/Fonts/simhei.ttf", 0),
    ("C:/Windows/Fonts/simsun.ttc", 0),
    ("/System/Library/Fonts/STHeiti Light.ttc", 0),
    ("/System/Library/Fonts/Supplemental/Arial Unicode.ttf", 0),
    ("/Library/Fonts/Arial Unicode.ttf", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0),
)
CFF_FONTS: tuple[tuple[str, int], ...] = (
    ("/System/Library/Fonts/PingFang.ttc", 0),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),  # index 2: SC
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/opentype/source-han-sans/SourceHanSans-Regular.ttc", 2),
)

EMBEDDED_FAMILY = "plagcheck CJK"


@dataclass(frozen=True)
class FontFile:
    """One face of a font file: a ``.ttc`` holds several, chosen by ``index``."""

    path: Path
    index: int = 0


def bundled_fonts() -> list[tuple[str, int]]:
    """The CJK font a PyInstaller bundle carries (``fonts/`` inside it, see
    ``packaging/plagcheck.spec``), for machines without one; none elsewhere."""
    inside = getattr(sys, "_MEIPASS", None)
    return [(str(Path(inside) / "fonts" / "wqy-microhei.ttc"), 0)] if inside else []


def font_candidates(truetype_only: bool = False) -> list[FontFile]:
    """The CJK fonts to try, the user's choice (``PLAGCHECK_REPORT_FONT``) first, a
    bundle's own last."""
    chosen = os.environ.get(ENV_FONT)
    listed = [*TRUETYPE_FONTS] if truetype_only else [*TRUETYPE_FONTS, *CFF_FONTS]
    listed += bundled_fonts()
    found = [FontFile(Path(chosen))] if chosen else []
    found += [FontFile(Path(p), i) for p, i in listed]
    return [f for f in found if f.path.is_file()]


def _ranges(codes: list[int]) -> list[tuple[int, int]]:
    """Sorted code points folded into inclusive ranges (for ``unicode-range``)."""
    out: list[tuple[int, int]] = []
    for c in sorted(set(codes)):
        if out and c == out[-1][1] + 1:
            out[-1] = (out[-1][0], c)
        else:
            out.append((c, c))
    return out


def _subset_woff(font: FontFile, codes: list[int]) -> tuple[bytes, list[int]] | None:
    """A WOFF of ``font`` holding the glyphs for ``codes`` it has, and which those are;
    None if the file cannot be read as a font. Deterministic: no timestamps."""
    from fontTools import subset
    from fontTools.ttLib import TTFont, TTLibError

    try:
        face = TTFont(str(font.path), fontNumber=font.index, recalcTimestamp=False, lazy=True)
        cmap = face.getBestCmap() or {}
        have = [c for c in codes if c in cmap]
        if not have:
            return None
        options = subset.Options()
        options.flavor = "woff"  # zlib; WOFF2 is 25% smaller but needs brotli, 2x slower
        options.hinting = False  # screens and printers of today draw CJK well unhinted
        options.layout_features = []  # horizontal text, no shaping needed for CJK
        options.name_IDs = [1, 2]
        options.name_languages = [0x409]
        options.notdef_outline = True
        options.ignore_missing_glyphs = True
        # FontForge's timestamp table and the vertical metrics: not needed, not carried
        options.drop_tables += ["FFTM", "vhea", "vmtx"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=have)
        subsetter.subset(face)
        face.flavor = "woff"
        out = io.BytesIO()
        face.save(out, reorderTables=True)
        return out.getvalue(), have
    except (TTLibError, OSError, ValueError, KeyError, AssertionError, IndexError):
        return None


@dataclass(frozen=True)
class EmbeddedFont:
    """An inline font: the CSS rule, and the measures docs/benchmarks.md quotes."""

    css: str
    family: str
    characters: int
    font_bytes: int
    source: str


def embedded_font(text: str) -> EmbeddedFont | None:
    """An ``@font-face`` rule carrying the glyphs for the non-ASCII characters of
    ``text``, from the first CJK font found; None if there is none (or nothing to draw).

    ASCII stays with the page's Latin fonts; ``unicode-range`` tells the browser the
    face covers exactly the characters embedded.
    """
    codes = sorted({ord(ch) for ch in text if ord(ch) > 0x7F and not ch.isspace()})
    if not codes:
        return None
    return _embedded(tuple(codes))


@cache
def _embedded(codes: tuple[int, ...]) -> EmbeddedFont | None:
    for font in font_candidates():
        made = _subset_woff(font, list(codes))
        if made is None:
            continue
        woff, have = made
        ranges = ", ".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in _ranges(have))
        data = base64.b64encode(woff).decode("ascii")
        css = (
            f'@font-face {{ font-family: "{EMBEDDED_FAMILY}"; font-style: normal; '
            f"font-weight: 400; font-display: block; "
            f'src: url("data:font/woff;base64,{data}") format("woff"); '
            f"unicode-range: {ranges}; }}"
        )
        return EmbeddedFont(css, EMBEDDED_FAMILY, len(have), len(woff), font.path.name)
    return None
