"""jieba's IDF table held as two arrays, loaded in milliseconds.

The SimHash weights a word by jieba's IDF (``jieba/analyse/idf.txt``: 270,000 words,
6 MB). Parsed into a ``dict`` the table takes 0.4-0.5 s, a string and a float object
per word, and every scan paid it before its first file: the workers' fork server loads
it before it forks them. Held as the words' sorted :func:`~simhash_core.hashing.stable_hash64`
values beside their IDFs, it is two arrays, read from a file in a few milliseconds.

That file is made from ``idf.txt`` the first time and kept in the user's cache folder,
named after a digest of ``idf.txt``'s bytes and of this form (:data:`FORM`): another
jieba's table makes another file, and the file is only a faster way to the same numbers
(:func:`idf_table` checks what it reads and makes it again from ``idf.txt`` otherwise).

A word is found by its 64-bit hash. Two of the table's words never share one (checked
when it is made); a word outside the table takes a table word's IDF only if their
hashes are equal, about one chance in 10^14 per word.

>>> t = IdfTable.of({"河流": 7.5, "研究": 4.25})
>>> t.get("河流"), t.get("猫", 9.0), "研究" in t, len(t)
(7.5, 9.0, True, 2)
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from pathlib import Path
from typing import Protocol, cast, overload

import numpy as np
import xxhash

from simhash_core.hashing import stable_hash64
from simhash_core.whole_file import write_whole

FORM = 1  # the table file's form: hashes then IDFs, uint64 and float64, little-endian


class IdfLookup(Protocol):
    """What weighting asks of an IDF table: a word's IDF, or ``default``."""

    def get(self, word: str, default: float, /) -> float: ...


@dataclass(frozen=True)
class IdfTable:
    """Words' IDFs by hash: ``hashes`` sorted and distinct (uint64), ``values`` (float64)
    in the same order; ``median`` is the middle of the sorted IDFs (the weight of a word
    the table lacks)."""

    hashes: np.ndarray
    values: np.ndarray
    median: float

    @classmethod
    def of(cls, table: Mapping[str, float]) -> IdfTable:
        """The table of ``table``'s words (a ``ValueError`` if two share a hash)."""
        hashes = word_hashes(list(table))
        values = np.fromiter(table.values(), np.float64, count=len(table))
        order = np.argsort(hashes, kind="stable")
        hashes, values = hashes[order], values[order]
        if len(hashes) > 1 and not (hashes[1:] > hashes[:-1]).all():
            raise ValueError("two words of the IDF table share a hash")
        return cls(hashes, values, _median(values))

    def __len__(self) -> int:
        return len(self.hashes)

    def of_hashes(self, hashes: np.ndarray, default: float) -> np.ndarray:
        """The IDF of each word whose :func:`stable_hash64` is in ``hashes`` (uint64), or
        ``default``: one search for them all (float64)."""
        if not len(self.hashes):
            return np.full(len(hashes), default, np.float64)
        at = np.minimum(np.searchsorted(self.hashes, hashes), len(self.hashes) - 1)
        return np.where(self.hashes[at] == hashes, self.values[at], default)

    def _at(self, word: str) -> int:
        """The word's index in the table, or -1."""
        h = np.uint64(stable_hash64(word))
        i = int(np.searchsorted(self.hashes, h))
        return i if i < len(self.hashes) and self.hashes[i] == h else -1

    @overload
    def get(self, word: str, default: float, /) -> float: ...
    @overload
    def get(self, word: str, default: None = None, /) -> float | None: ...

    def get(self, word: str, default: float | None = None, /) -> float | None:
        i = self._at(word)
        return float(self.values[i]) if i >= 0 else default

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self._at(word) >= 0

    def __getitem__(self, word: str) -> float:
        i = self._at(word)
        if i < 0:
            raise KeyError(word)
        return float(self.values[i])


def word_hashes(words: Sequence[str]) -> np.ndarray:
    """:func:`stable_hash64` of each word (uint64), not memoized: a table's 270,000 words
    would fill :func:`~simhash_core.hashing.stable_hashes`' memo."""
    return np.fromiter(map(stable_hash64, words), np.uint64, count=len(words))


def idf_values(
    idf: IdfLookup, words: Sequence[str], default: float, hashes: np.ndarray | None = None
) -> list[float]:
    """The IDF of each of ``words`` (``hashes``: theirs, if already made): one search in
    an :class:`IdfTable`, a look-up per word in any other table (a dict).

    >>> idf_values(IdfTable.of({"a": 2.0}), ["a", "b"], 1.5), idf_values({"a": 2.0}, ["b"], 1.5)
    ([2.0, 1.5], [1.5])
    """
    if isinstance(idf, IdfTable):
        found = idf.of_hashes(word_hashes(words) if hashes is None else hashes, default)
        return cast(list[float], found.tolist())
    return list(map(idf.get, words, repeat(default)))


def _median(values: np.ndarray) -> float:
    """The upper middle of the sorted values (what jieba's own weighting takes).

    >>> _median(np.array([3.0, 1.0, 2.0, 4.0]))
    3.0
    """
    if not len(values):
        return 0.0
    middle = len(values) // 2
    return float(np.partition(values, middle)[middle])


def parse_idf(text: str) -> dict[str, float]:
    """``idf.txt``'s lines (``word idf``) as a dict; a word listed twice keeps its last IDF.

    >>> parse_idf("河流 7.5\\n研究 4.25\\n河流 8\\n")
    {'河流': 8.0, '研究': 4.25}
    """
    words = text.split()
    return dict(zip(words[::2], map(float, words[1::2]), strict=True))


def idf_table(source: Path, folder: Path | None) -> IdfTable:
    """The table of ``source`` (an ``idf.txt``), from its file in ``folder`` when one was
    made and reads back whole; else parsed from ``source`` and, with a ``folder``, its file
    written there for the next process (a folder that can't be written is no error)."""
    data = source.read_bytes()
    name = f"jieba-idf-{FORM}-{xxhash.xxh3_128_hexdigest(data)}.npy"
    if folder is not None:
        kept = _read(folder / name)
        if kept is not None:
            return kept
    table = IdfTable.of(parse_idf(data.decode("utf-8")))
    if folder is not None:
        _write(folder / name, table)
    return table


def _read(path: Path) -> IdfTable | None:
    """The table written at ``path``, or None if there is none or it is not whole."""
    try:
        raw = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    if raw.dtype != np.dtype("<u8") or raw.ndim != 1 or len(raw) % 2:
        return None
    n = len(raw) // 2
    hashes, values = raw[:n], raw[n:].view("<f8")
    if n > 1 and not (hashes[1:] > hashes[:-1]).all():
        return None
    if not np.isfinite(values).all():
        return None
    return IdfTable(hashes, values, _median(values))


def _write(path: Path, table: IdfTable) -> None:
    """Write the table at ``path`` whole or not at all (a file renamed into place)."""
    raw = np.concatenate([table.hashes.astype("<u8"), table.values.astype("<f8").view("<u8")])
    out = io.BytesIO()
    np.save(out, raw, allow_pickle=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, out.getvalue(), durable=False)  # made again if lost
    except OSError:
        return
