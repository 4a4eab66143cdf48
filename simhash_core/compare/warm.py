"""What a comparison needs first and reading never does, loaded while the files are read.

A cold scan's comparison starts by importing scipy's sparse matrices (the meaning
layer's sentence products) and, at its first reworded passage, loading the segmenter's
part-of-speech tagger (the names a sentence states, :mod:`simhash_core.text.facts`):
0.2 and 0.16 s here, waited for after the last file was read. Loaded in a thread while
the workers read, they cost the scan nothing. A re-scan answered from the cache reads
no file and loads neither.
"""

from __future__ import annotations

import threading


def load_comparison_soon() -> None:
    """Start loading, in a thread, what :func:`_load` loads (safe to call again)."""
    threading.Thread(target=_load, name="load-comparison", daemon=True).start()


def _load() -> None:
    """Import scipy's sparse matrices and make the tagger tag a word once."""
    import scipy.sparse  # noqa: F401

    from simhash_core.text.facts import chinese_names

    chinese_names("北京")
