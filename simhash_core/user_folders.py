"""Where plagcheck keeps what it can make again: the user's cache folder.

>>> os.environ["PLAGCHECK_CACHE_DIR"] = "/tmp/somewhere"
>>> cache_folder().as_posix()
'/tmp/somewhere'
>>> del os.environ["PLAGCHECK_CACHE_DIR"]
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_FOLDER_VARIABLE = "PLAGCHECK_CACHE_DIR"  # set, it replaces the user's cache folder


def cache_folder() -> Path:
    """``<user cache dir>/plagcheck``, or the folder :data:`CACHE_FOLDER_VARIABLE` names:
    the fingerprint cache, large scans' mapped files, jieba's IDF table as arrays."""
    from platformdirs import user_cache_dir

    named = os.environ.get(CACHE_FOLDER_VARIABLE)
    return Path(named or user_cache_dir("plagcheck", appauthor=False))
