"""The one exception text extraction raises, and the limits it enforces.

Every unreadable file ends as an :class:`ExtractError` with a short machine-readable
``code`` and a ``reason`` a teacher can act on, so a front end can list bad files
without knowing anything about DOCX, PDF or text encodings.
"""

from __future__ import annotations

from dataclasses import dataclass

from simhash_core.messages import Message

MB = 1024 * 1024

# Every code extract() can produce, with what it means (the table in docs/development.md
# is built from the reasons in the modules that raise them).
CODES: dict[str, str] = {
    "empty": "0-byte file, or no text at all after extraction",
    "binary": "a file named .txt that holds binary data",
    "encoding": "a text file whose encoding cannot be determined",
    "old-doc": "an old Word .doc (OLE2) file named .docx",
    "corrupt": "damaged or not the format its name says",
    "too-large": "refused because it would need too much memory (zip bomb, huge file)",
    "malicious": "refused because it contains XML entity declarations",
    "encrypted": "password-protected PDF or DOCX",
    "scanned": "PDF with pages but no text layer",
    "garbled": "PDF whose text layer cannot be decoded into characters",
    "unreadable": "the operating system refused to read the file",
    "missing": "the file disappeared, or is a broken symbolic link",
    "changed": "the file's bytes changed between the scan hashing and reading it",
    "unsupported": "a file type extract() does not handle",
}


class ExtractError(Exception):
    """A file could not be turned into text.

    ``code`` is one of :data:`CODES`; ``reason`` is the message for the user.

    >>> err = ExtractError("empty", Message.of("file.empty"))
    >>> err.code, str(err)
    ('empty', 'empty file (0 bytes)')
    """

    def __init__(self, code: str, reason: Message) -> None:
        super().__init__(code, reason)  # args survive pickling across worker processes
        self.code = code
        self.reason = reason

    def __str__(self) -> str:
        return str(self.reason)

    def __repr__(self) -> str:
        return f"ExtractError({self.code!r}, {self.reason!r})"


@dataclass(frozen=True)
class ExtractLimits:
    """Resource limits that keep one hostile or huge file from stalling a scan.

    ``max_txt_bytes``: a text file is read up to this size; the rest is dropped with a
    warning. ``max_docx_xml_bytes``: a DOCX is refused when any XML part would expand
    beyond this (zip bombs). ``max_docx_ratio``: ... or when an XML part of more than
    1 MB is compressed more than this (no real Word file comes near it).
    ``max_pdf_pages``: later pages are dropped with a warning. ``max_file_bytes``: no
    submission is this large, so any file above it is refused by its size alone, before
    a byte of it is read or hashed (a 100 GB sparse file costs nothing).
    """

    max_txt_bytes: int = 20 * MB
    max_docx_xml_bytes: int = 50 * MB
    max_docx_ratio: float = 1000.0
    max_pdf_pages: int = 2000
    max_file_bytes: int = 200 * MB

    def __post_init__(self) -> None:
        for name in ("max_txt_bytes", "max_docx_xml_bytes", "max_pdf_pages", "max_file_bytes"):
            if getattr(self, name) <= 0:
                raise ValueError(f"ExtractLimits.{name} must be positive")
        if self.max_docx_ratio <= 1:
            raise ValueError("ExtractLimits.max_docx_ratio must be greater than 1")


DEFAULT_LIMITS = ExtractLimits()


def too_large_reason(n_bytes: int, limit: int) -> Message:
    """Why a file is refused for its size.

    >>> str(too_large_reason(100 * 1024 * MB, 200 * MB))
    'too large: the file is 100 GB, and no submission is larger than 200 MB'
    """
    return Message.of("file.too-large", size=size_label(n_bytes), limit=size_label(limit))


def size_label(n_bytes: int) -> str:
    """Bytes as a short human size.

    >>> size_label(20 * MB), size_label(1536 * 1024), size_label(900)
    ('20 MB', '1.5 MB', '900 bytes')
    """
    if n_bytes < 1024:
        return f"{n_bytes} bytes"
    if n_bytes < MB:
        return f"{n_bytes / 1024:.0f} KB"
    if n_bytes >= 1024 * MB:
        value = n_bytes / (1024 * MB)
        return f"{value:.0f} GB" if value >= 10 or value == int(value) else f"{value:.1f} GB"
    value = n_bytes / MB
    return f"{value:.0f} MB" if value >= 10 or value == int(value) else f"{value:.1f} MB"
