"""The font the HTML report carries: only the characters it shows, the same bytes in
every process, and a bad font file named by the user skipped, not fatal."""

from __future__ import annotations

import base64
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from simhash_core.report import fonts

needs_cjk_font = pytest.mark.skipif(
    not fonts.font_candidates(),
    reason="no CJK font: .ci/system-deps.sh installs fonts-wqy-microhei",
)
ROOT = Path(__file__).resolve().parents[2]
TEXT = "抄袭检查 plagcheck：学生 1 与学生 2 的匹配段落。"


def woff_of(css: str) -> bytes:
    return base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", css).group(1))


@needs_cjk_font
def test_the_font_holds_exactly_the_non_ascii_characters_shown():
    from fontTools.ttLib import TTFont

    fonts._embedded.cache_clear()
    font = fonts.embedded_font(TEXT)
    wanted = {ord(c) for c in TEXT if ord(c) > 0x7F}
    assert font is not None and font.characters == len(wanted)
    face = TTFont(io.BytesIO(woff_of(font.css)))
    assert face.flavor == "woff"
    assert set(face.getBestCmap()) == wanted  # no Latin, nothing more
    # the browser is told the same: unicode-range lists exactly these code points
    listed = set()
    for a, _, b in re.findall(r"U\+([0-9A-F]+)(-([0-9A-F]+))?", font.css.split("unicode-range")[1]):
        listed |= set(range(int(a, 16), int(b or a, 16) + 1))
    assert listed == wanted


def test_plain_ascii_needs_no_font():
    assert fonts.embedded_font("only ASCII here 123") is None


@needs_cjk_font
def test_the_same_text_gives_the_same_font_bytes_whatever_the_process():
    code = (
        "import hashlib, sys; from simhash_core.report.fonts import embedded_font; "
        f"print(hashlib.sha256(embedded_font({TEXT!r}).css.encode()).hexdigest())"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1


@needs_cjk_font
def test_a_broken_font_named_by_the_user_is_passed_over(tmp_path, monkeypatch):
    bad = tmp_path / "broken.ttf"
    bad.write_bytes(b"not a font at all" * 100)
    monkeypatch.setenv(fonts.ENV_FONT, str(bad))
    fonts._embedded.cache_clear()
    try:
        assert fonts.font_candidates()[0].path == bad
        font = fonts.embedded_font(TEXT)
        assert font is not None and font.source != bad.name
    finally:
        fonts._embedded.cache_clear()
