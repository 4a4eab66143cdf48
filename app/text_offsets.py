"""Mapping Python string offsets to Qt text-document positions and back.

The core gives passage offsets as Python string indices (code points) into the
original text. ``QTextDocument`` counts UTF-16 code units, so every character outside
the Basic Multilingual Plane (emoji, rare CJK Extension B characters) shifts later
positions by one; and ``\\r\\n`` must be shown as one line break. :class:`DisplayText`
builds the text to display and both maps.

>>> d = DisplayText("a😀b\\r\\nc")
>>> d.text
'a😀b\\nc'
>>> [d.to_qt(i) for i in range(7)]
[0, 1, 3, 4, 4, 5, 6]
>>> d.to_python(3), d.to_python(5)
(2, 5)
"""

from __future__ import annotations

import numpy as np


class DisplayText:
    """The text as shown (``\\r\\n`` and lone ``\\r`` made ``\\n``) plus offset maps."""

    def __init__(self, original: str) -> None:
        widths = np.fromiter(
            (2 if ord(ch) > 0xFFFF else 1 for ch in original), dtype=np.int64, count=len(original)
        )
        # a "\r" followed by "\n" disappears from the display
        arr = np.frombuffer(original.encode("utf-32-le"), dtype=np.uint32) if original else None
        if arr is not None and len(arr) > 1:
            crlf_cr = np.zeros(len(arr), dtype=bool)
            crlf_cr[:-1] = (arr[:-1] == 13) & (arr[1:] == 10)
            widths[crlf_cr] = 0
        self.text = original.replace("\r\n", "\n").replace("\r", "\n")
        # _starts[i] = Qt position of Python index i; one extra entry for the end
        self._starts = np.concatenate([[0], np.cumsum(widths)]).astype(np.int64)

    @property
    def qt_length(self) -> int:
        return int(self._starts[-1])

    def to_qt(self, index: int) -> int:
        """Qt position of Python string index ``index`` (clamped to the text)."""
        index = min(max(int(index), 0), len(self._starts) - 1)
        return int(self._starts[index])

    def to_python(self, position: int) -> int:
        """Python index of the character at Qt position ``position``."""
        return int(np.searchsorted(self._starts, int(position), side="right") - 1)
