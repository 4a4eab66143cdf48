"""Comparing two 64-bit SimHash fingerprints bit by bit (pure, no Qt).

Bit 0 is the most significant bit, as in :func:`simhash_core.simhash.bit_contributions`.
Pigeonhole blocks come from :func:`simhash_core.index.block_layout`: with distance
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

from simhash_core.index import block_layout
from simhash_core.simhash import bit_contributions, hamming

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
) -> tuple[list[tuple[str, float]], list[tuple[str, float]], float]:
    """Keywords pushing bit ``index`` towards 1 and towards 0 (strongest first, at most
    ``limit`` each), and the net push of all the document's kept keywords."""
    pushes = bit_contributions(keywords, index, BITS)
    up = [(t, w) for t, w in pushes if w > 0][:limit]
    down = [(t, w) for t, w in pushes if w < 0][:limit]
    return up, down, float(sum(w for _, w in pushes))
