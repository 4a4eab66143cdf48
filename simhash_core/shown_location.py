"""Archive addresses as they may be shown to people: never with a password.

Light on purpose (no numpy, no core): the app calls it while drawing its window.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

_SECRET_PARAMS = {"password", "username", "user", "pass"}


def shown_location(location: str | Path | None) -> str:
    """An archive location as it may be shown, logged or written in a report: the
    user name and password of a URL (in the address or its query) become ``***``.

    >>> shown_location("redis://:secret@host:6379/0")
    'redis://***@host:6379/0'
    >>> shown_location("redis://alice:pw@host/1?password=pw&socket_timeout=5")
    'redis://***@host/1?password=%2A%2A%2A&socket_timeout=5'
    >>> shown_location("/home/t/archive.sqlite")
    '/home/t/archive.sqlite'
    """
    text = str(location or "")
    if "://" not in text:
        return text
    try:
        parts = urlsplit(text)
        netloc = parts.netloc
        if "@" in netloc:
            netloc = "***@" + netloc.rsplit("@", 1)[1]
        query = parts.query
        if query:
            pairs = parse_qsl(query, keep_blank_values=True)
            query = urlencode([(k, "***" if k.lower() in _SECRET_PARAMS else v) for k, v in pairs])
        return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
    except ValueError:  # not parseable: hide everything between :// and the last @
        return re.sub(r"://[^/]*@", "://***@", text)
