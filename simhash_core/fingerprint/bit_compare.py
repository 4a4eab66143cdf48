"""Comparing two 64-bit SimHash fingerprints bit by bit (pure, no Qt).

Bit 0 is the most significant bit, as in :func:`simhash_core.fingerprint.simhash.bit_contributions`.
Pigeonhole blocks come from :func:`simhash_core.fingerprint.index.block_layout`: with distance
``k`` the 64 bits are cut into ``k + 1`` blocks, and two fingerprints within distance
``k`` must agree exactly on at least one block.

>>> c = BitComparison.of(0xFFFF_0000_0000_0000, 0xFFFF_0000_0000_0003, k=3)
>>> c.distance, c.differing
(2, [62, 63])
>>> [(b.first, b.last, b.equal) for b in c.blocks]
[(0, 15, True), (16, 31, True), (32, 47, True), (48, 63, False)]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simhash_core.fingerprint.index import block_layout
from simhash_core.fingerprint.simhash import bit_contributions, fingerprint_from_sums, hamming

BITS = 64


@dataclass(frozen=True)
class Block:
    """A pigeonhole block: bits ``first..last`` (inclusive, 0 = most significant)."""

    number: int  # 1-based
    first: int
    last: int
    equal: bool


def bit(fingerprint: int, index: int) -> int:
    """Bit ``index`` of a 64-bit fingerprint, 0 being the most significant."""
    return (int(fingerprint) >> (BITS - 1 - index)) & 1


@dataclass(frozen=True)
class BitComparison:
    a: int
    b: int
    distance: int
    differing: list[int]
    blocks: list[Block]

    @classmethod
    def of(cls, a: int, b: int, k: int) -> BitComparison:
        differing = [i for i in range(BITS) if bit(a, i) != bit(b, i)]
        blocks = []
        for number, (shift, width) in enumerate(block_layout(BITS, k), start=1):
            mask = ((1 << width) - 1) << shift
            first = BITS - shift - width
            blocks.append(Block(number, first, first + width - 1, (a & mask) == (b & mask)))
        return cls(a, b, hamming(a, b), differing, blocks)

    @property
    def equal_blocks(self) -> int:
        return sum(1 for b in self.blocks if b.equal)

    def block_of(self, index: int) -> Block:
        return next(b for b in self.blocks if b.first <= index <= b.last)


def strongest_pushes(
    keywords: tuple[tuple[str, float], ...], index: int, limit: int = 5
) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
    """Keywords pushing bit ``index`` towards 1 and towards 0 (strongest first, at most
    ``limit`` each), from the document's kept top keywords."""
    pushes = bit_contributions(keywords, index, BITS)
    up = [(t, w) for t, w in pushes if w > 0][:limit]
    down = [(t, w) for t, w in pushes if w < 0][:limit]
    return up, down


def net_push(sums: np.ndarray | None, fingerprint: int, index: int) -> float | None:
    """The exact net push on bit ``index``: the SimHash sum over *all* the document's
    weighted words (``Document.bit_sums``), whose sign is the bit. ``None`` when the
    sums do not reproduce the fingerprint (a document made without them).

    >>> sums = np.array([2.5, -1.0] + [0.0] * 62)
    >>> net_push(sums, 1 << 63, 0), net_push(sums, 1 << 63, 1), net_push(sums, 0, 0)
    (2.5, -1.0, None)
    """
    if sums is None or len(sums) != BITS or fingerprint_from_sums(sums) != int(fingerprint):
        return None
    return float(sums[index])


def format_push(value: float) -> str:
    """A signed push that never rounds to a misleading ``+0.00`` or ``-0.00``.

    >>> format_push(3.14159), format_push(-0.0004), format_push(0.0)
    ('+3.14', '-0.0004', '0')
    """
    if value == 0:
        return "0"
    if abs(value) < 0.005:
        return f"{value:+.1g}"
    return f"{value:+.2f}"
