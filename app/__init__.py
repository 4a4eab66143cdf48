"""plagcheck's desktop application (PySide6) over :mod:`simhash_core`.

The app is a thin Qt layer: the core computes every score; the app scans in a
background thread, shows the results (matrix, groups, pairs, errors, side-by-side
passages, fingerprint bits) and writes reports through :mod:`simhash_core.report.export`.

Imports go one way: ``app -> simhash_core``. Nothing here imports jieba in the GUI
thread; the scan module (and the segmenter) is imported by the worker thread.
"""

ORGANIZATION = "plagcheck"
APPLICATION = "plagcheck"

__all__ = ["APPLICATION", "ORGANIZATION"]
