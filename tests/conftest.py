"""Test-wide settings: no test touches the user's cache or settings."""

import os
import tempfile

_CACHE = tempfile.mkdtemp(prefix="plagcheck-test-cache-")
os.environ["PLAGCHECK_CACHE_DIR"] = _CACHE
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
