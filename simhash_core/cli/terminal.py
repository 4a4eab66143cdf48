"""What the command line needs around the core: a progress bar and checked arguments.

Shared by ``plagcheck scan`` and ``plagcheck archive`` (which import it, never each
other's modules for it).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from simhash_core.progress import ProgressReport, Stage

STAGE_WORDS = {
    Stage.DISCOVER: "finding files",
    Stage.READ: "reading",
    Stage.COMPARE: "comparing",
    Stage.ARCHIVE: "archive",
    Stage.WRITE: "writing",
}


class TerminalProgress:
    """A one-line progress bar per stage, drawn only on a terminal: the files read of
    the files to read and the time left while reading, a percentage in the other
    stages (the comparison counts its work in thousandths, not in files), as the app's
    bar shows them."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr  # the current one, not the one at import
        self.enabled = self.stream.isatty()
        self.stage: Stage | None = None
        self.started = time.monotonic()
        self.last = 0.0
        self.open_line = False  # a bar is drawn and its line not ended

    def __call__(self, report: ProgressReport) -> bool:
        now = time.monotonic()
        if report.stage != self.stage:
            if self.open_line:
                self.stream.write("\n")
                self.open_line = False
            self.stage, self.started, self.last = report.stage, now, 0.0
        done, total = report.done, report.total
        if not self.enabled or (now - self.last < 0.1 and done < total):
            return True
        self.last = now
        width = 30
        frac = report.fraction if total else 1.0
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        left = ""
        if report.stage is Stage.READ and done:
            left = f"{(now - self.started) / done * (total - done):4.0f}s left  "
        count = f"{done}/{total}" if report.stage is Stage.READ else f"{frac:4.0%}"
        name = report.item[-40:]
        word = STAGE_WORDS[report.stage]
        self.stream.write(f"\r{word:<9} [{bar}] {count} {left}{name:<40}")
        self.open_line = done < total
        if not self.open_line:
            self.stream.write("\n")
        self.stream.flush()
        return True


def bounded(kind: type, low: float, high: float | None = None):
    """An argparse type: ``kind`` within ``[low, high]``, else a clear usage error.

    >>> bounded(int, 0, 12)("3")
    3
    >>> bounded(float, 0, 1)("1.5")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 1.5 is not between 0 and 1
    """

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value < low or (high is not None and value > high):
            if high is None:
                raise argparse.ArgumentTypeError(f"{text} must be at least {low}")
            raise argparse.ArgumentTypeError(f"{text} is not between {low} and {high}")
        return value

    return parse
