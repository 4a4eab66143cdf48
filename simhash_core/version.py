"""plagcheck's version: the installed distribution's (``pyproject.toml`` says it once).

>>> version()[0].isdigit()
True
"""

from __future__ import annotations

import argparse
from typing import Any

DISTRIBUTION = "plagcheck"


def version() -> str:
    """The version installed (wheel, editable install or bundle), else ``"unknown"``."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as distribution_version

    try:
        return distribution_version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a bare source tree
        return "unknown"


class PrintVersion(argparse.Action):
    """``--version`` for a command line: prints ``plagcheck`` and :func:`version`, looked
    up only when asked (finding the distribution's metadata is 40-60 ms, which every
    start of the command line and the app paid when the parser was made).

    >>> parser = argparse.ArgumentParser(prog="x")
    >>> _ = parser.add_argument("--version", action=PrintVersion)
    >>> parser.parse_args([]).version is None
    True
    """

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(f"plagcheck {version()}")
        parser.exit()
