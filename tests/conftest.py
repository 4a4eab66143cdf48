"""Test-wide settings: no test touches the user's cache or settings."""

import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="plagcheck-test-cache-")
os.environ["PLAGCHECK_CACHE_DIR"] = _CACHE
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_unconfigure(config: object) -> None:
    """Remove the session's cache directory (it held only this run's fingerprints)."""
    shutil.rmtree(_CACHE, ignore_errors=True)
