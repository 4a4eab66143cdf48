"""A file's content hash: the key of its text and analysis in the cache and the archive.

BLAKE2b of the bytes, 20 bytes long. The reader hashes exactly the bytes it turns into
text (:func:`simhash_core.extract.extract`), so a text is never filed under the hash of
other bytes, even when the file is replaced while a scan runs.

>>> len(content_digest(b"essay"))
40
"""

from __future__ import annotations

import hashlib
from typing import Any

DIGEST_BYTES = 20


def content_hasher() -> Any:
    """A new, empty content hash (``update`` it with the bytes, then ``hexdigest``)."""
    return hashlib.blake2b(digest_size=DIGEST_BYTES)


def content_digest(data: bytes) -> str:
    """The content hash of ``data``."""
    h = content_hasher()
    h.update(data)
    return h.hexdigest()
