"""The stop-word list that SimHash features leave out.

Its own module so that both the tokenizer and the vocabulary can use it without
importing each other.
"""

from __future__ import annotations

from functools import lru_cache

from simhash_core.text.normalize import read_resource


@lru_cache(maxsize=1)
def stopwords() -> frozenset[str]:
    """The stop-word list, ``resources/stopwords.txt`` (shipped in the package as
    ``simhash_core/data/stopwords.txt``, a link to it, so a wheel carries the list)."""
    words = set()
    for line in read_resource("stopwords.txt").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            words.add(line)
    return frozenset(words)
