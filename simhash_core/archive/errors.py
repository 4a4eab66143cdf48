"""The one exception the archive raises for conditions a teacher must act on."""

from __future__ import annotations

from simhash_core.messages import Message


class ArchiveError(Exception):
    """An archive that cannot be used (damaged file, unreachable server, wrong format),
    with a :class:`~simhash_core.messages.Message` a teacher can act on: ``str()`` is its
    English sentence, and the app shows it in the interface's language.

    >>> str(ArchiveError(Message.of("archive.no-label", label="2024")))
    "no label '2024' in the archive"
    """

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class LabelError(ArchiveError, ValueError):
    """A label the archive cannot file documents under (empty, or more than one line)."""


class ArchiveChanging(ArchiveError):
    """The archive kept being changed by other clients (a colleague adding or removing a
    label) while it was checked, so no consistent view of it was seen: nothing is known
    to be wrong, and the check should be run again when they are done."""
