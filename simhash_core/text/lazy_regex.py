"""Regular expressions compiled when first used, not when their module is imported.

Python's ``re`` compiles a character class by listing the characters it holds: a class
of the CJK ranges (``[\\u4e00-\\u9fff...]``, 40,000 characters) takes several
milliseconds. The text modules hold dozens of such patterns; compiled at import they
were 60-75 ms of every start of the command line and of the app, and a re-scan that the
cache answers uses none of them. :class:`LazyRegex` is such a pattern, compiled the first
time it matches; :func:`compile_all` compiles every one made so far (the workers' fork
server does, so that no worker compiles them again).

>>> word = LazyRegex(r"[a-z]+")
>>> [m.group() for m in word.finditer("two words")], word.sub("_", "a b")
(['two', 'words'], '_ _')
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

_MADE: list[LazyRegex] = []  # every pattern made, for compile_all
_LOCK = threading.Lock()


class LazyRegex:
    """A ``re.Pattern[str]`` made from ``pattern`` and ``flags`` when first used; the
    methods the package uses, with ``re``'s arguments.

    >>> LazyRegex(r"\\d+").search("rooms 12 and 3").group()
    '12'
    """

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None
        with _LOCK:
            _MADE.append(self)

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if it was not yet: two threads that both
        compile it get equal patterns)."""
        made = self._compiled
        if made is None:
            made = self._compiled = re.compile(self.pattern, self.flags)
        return made

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled.findall(string, pos, endpos)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def __repr__(self) -> str:
        return f"LazyRegex({self.pattern!r}, {self.flags})"


def compile_all() -> int:
    """Compile every :class:`LazyRegex` made so far (imported modules' patterns); how
    many there are.

    >>> compile_all() >= 1
    True
    """
    with _LOCK:
        made = list(_MADE)
    for pattern in made:
        pattern.compiled  # noqa: B018 (compiled when read)
    return len(made)
