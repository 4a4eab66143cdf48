"""The one exception the archive raises for conditions a teacher must act on."""

from __future__ import annotations


class ArchiveError(Exception):
    """An archive that cannot be used, with a sentence a teacher can act on
    (damaged file, unreachable server, wrong format)."""
