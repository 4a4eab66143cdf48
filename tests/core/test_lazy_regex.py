"""Regular expressions compiled when first used (simhash_core/text/lazy_regex.py): the
same matches as ``re``, and none of the text modules' patterns compiled by starting the
command line."""

from __future__ import annotations

import re
import subprocess
import sys

from simhash_core.text.lazy_regex import LazyRegex, compile_all
from simhash_core.text.normalize import CJK_RANGES

TEXT = "第一句话。Second sentence, with 12 words; 第三句 ends here!"


def _span(m: re.Match[str] | None) -> tuple[int, int] | None:
    return None if m is None else m.span()


def test_a_lazy_pattern_matches_as_the_compiled_one() -> None:
    for pattern, flags in ((rf"[{CJK_RANGES}]+", 0), (r"[a-z]+", re.IGNORECASE), (r"\d+", 0)):
        lazy, eager = LazyRegex(pattern, flags), re.compile(pattern, flags)
        for pos in (0, 2, 12):
            assert _span(lazy.search(TEXT, pos)) == _span(eager.search(TEXT, pos))
            assert _span(lazy.match(TEXT, pos)) == _span(eager.match(TEXT, pos))
        assert _span(lazy.fullmatch("12")) == _span(eager.fullmatch("12"))
        assert [m.span() for m in lazy.finditer(TEXT)] == [m.span() for m in eager.finditer(TEXT)]
        assert lazy.findall(TEXT) == eager.findall(TEXT)
        assert lazy.split(TEXT) == eager.split(TEXT)
        assert lazy.sub("_", TEXT) == eager.sub("_", TEXT)
        upper = lambda m: m.group().upper()  # noqa: E731
        assert lazy.sub(upper, TEXT, 1) == eager.sub(upper, TEXT, 1)


def test_starting_the_command_line_compiles_no_text_pattern() -> None:
    # a re-scan that the cache answers reads no text: importing the scan, the command
    # line and the reports must not compile the text modules' patterns (tens of ms)
    probe = (
        "import simhash_core.cli.main, simhash_core.scan, simhash_core.report.export\n"
        "from simhash_core.text import lazy_regex as L\n"
        "made = L._MADE\n"
        "print(len(made), sum(p._compiled is not None for p in made))\n"
        "print(L.compile_all(), sum(p._compiled is not None for p in made))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split()
    made, compiled, counted, after = map(int, out)
    assert made >= 30 and compiled == 0
    assert counted == made and after == made  # the fork server compiles them all at once


def test_compile_all_counts_every_pattern_made() -> None:
    before = compile_all()
    LazyRegex("x+")
    assert compile_all() == before + 1
