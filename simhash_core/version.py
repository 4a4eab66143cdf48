"""plagcheck's version: the installed distribution's (``pyproject.toml`` says it once).

>>> version()[0].isdigit()
True
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as distribution_version

DISTRIBUTION = "plagcheck"


def version() -> str:
    """The version installed (wheel, editable install or bundle), else ``"unknown"``."""
    try:
        return distribution_version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a bare source tree
        return "unknown"
