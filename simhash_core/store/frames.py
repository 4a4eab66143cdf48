"""Several arrays in one run of bytes, for a cache row: how many, each one's type and
length, then their bytes back to back (little-endian; a mask packed eight to a byte).
Small integer arrays go into one frame that is compressed once (one stream per row
part, not one per array); arrays that do not squeeze (hashes, signatures) into a plain
frame. Reading checks that the lengths account for every byte: damaged or truncated
bytes raise ValueError (or :data:`SQUEEZE_ERRORS`), never give arrays of other sizes.

Compressed with Zstandard at level 3: as small as zlib at level 1 (the cache's codec
before), three times faster to write and to read (measured on the rows of the
benchmark class and of 1,000 English texts: docs/benchmarks.md). Bytes zlib
compressed (rows written before) are still read (:func:`unsqueeze`).

>>> parts = [np.array([1, 2], np.uint8), np.array([True, False, True]), np.zeros(0, np.int64)]
>>> [p.tolist() for p in unpack_frame(pack_frame(parts))]
[[1, 2], [True, False, True], []]
>>> [p.tolist() for p in unpack_frame(squeeze(pack_frame(parts)), compressed=True)]
[[1, 2], [True, False, True], []]
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Sequence

import numpy as np
import zstandard

# the types a frame holds, by their code (the index); "bits": a bool array, packed
_TYPES = ("u1", "i1", "<u2", "<i2", "<u4", "<i4", "<u8", "<i8", "<f8", "bits")
_BITS = _TYPES.index("bits")
_DTYPES = [np.dtype(t) for t in _TYPES[:_BITS]]
_ITEMSIZES = [d.itemsize for d in _DTYPES]
LEVEL = 3  # Zstandard's: rows are written while a scan waits for them
# what damaged compressed bytes may raise
SQUEEZE_ERRORS = (zlib.error, zstandard.ZstdError)
_ZSTD = b"\x28\xb5\x2f\xfd"  # how a Zstandard frame starts (zlib's never do: 0x78)
# more than any text or row holds: larger is damage (not a reason to take the memory)
MAX_UNSQUEEZED = 1 << 30
_CODECS = threading.local()  # each thread's own (a context is not shared by threads)


def _codecs() -> tuple[zstandard.ZstdCompressor, zstandard.ZstdDecompressor]:
    made = getattr(_CODECS, "pair", None)
    if made is None:
        compress = zstandard.ZstdCompressor(level=LEVEL, write_checksum=True)
        made = _CODECS.pair = (compress, zstandard.ZstdDecompressor())
    return made


def squeeze(data: bytes) -> bytes:
    """``data`` compressed (Zstandard, with its size and a checksum in the frame).

    >>> unsqueeze(squeeze(b"abc" * 100)) == b"abc" * 100
    True
    >>> unsqueeze(zlib.compress(b"written before")) == b"written before"
    True
    """
    return _codecs()[0].compress(data)


def unsqueeze(data: bytes) -> bytes:
    """What :func:`squeeze` (or, for rows written before, zlib) compressed; one of
    :data:`SQUEEZE_ERRORS` on damaged bytes, ValueError where they claim more than
    :data:`MAX_UNSQUEEZED`."""
    if not data.startswith(_ZSTD):
        return zlib.decompress(data)
    size = zstandard.frame_content_size(data)
    if size < 0 or size > MAX_UNSQUEEZED:
        raise ValueError(f"compressed bytes that claim {size} bytes")
    return _codecs()[1].decompress(data)


def _code(values: np.ndarray) -> int:
    if values.dtype == np.bool_:
        return _BITS
    return _TYPES.index(values.dtype.newbyteorder("<").str.lstrip("|"))


def pack_frame(arrays: Sequence[np.ndarray]) -> bytes:
    """``arrays`` (of the types of :data:`_TYPES`, or bool) as one frame."""
    codes = [_code(a) for a in arrays]
    count = len(arrays)
    head = struct.pack(f"<H{count}B{count}I", count, *codes, *(len(a) for a in arrays))
    body = [
        np.packbits(a).tobytes() if c == _BITS else a.astype(_TYPES[c], copy=False).tobytes()
        for a, c in zip(arrays, codes, strict=True)
    ]
    return head + b"".join(body)


def unpack_frame(blob: bytes, *, compressed: bool = False) -> list[np.ndarray]:
    """The arrays of :func:`pack_frame` (of :func:`squeeze` too, if ``compressed``),
    little-endian; ValueError where the bytes do not add up."""
    # a copy the arrays are writable views of (as arrays read from a file are)
    data = bytearray(unsqueeze(blob) if compressed else blob)
    try:  # the table read as Python numbers: a dozen arrays, no NumPy call each
        (count,) = struct.unpack_from("<H", data)
        table = struct.unpack_from(f"<{count}B{count}I", data, 2)
        codes, lengths = table[:count], table[count:]
        sizes = [
            (n + 7) // 8 if c == _BITS else n * _ITEMSIZES[c]
            for c, n in zip(codes, lengths, strict=True)
        ]
    except (struct.error, IndexError) as exc:
        raise ValueError(f"frame: a damaged table ({exc})") from None
    at = 2 + 5 * count
    if at + sum(sizes) != len(data):
        raise ValueError("frame: its lengths do not match its bytes")
    out = []
    for code, n, size in zip(codes, lengths, sizes, strict=True):
        if code == _BITS:
            out.append(np.unpackbits(np.frombuffer(data, np.uint8, size, at), count=n).view(bool))
        else:
            out.append(np.frombuffer(data, _DTYPES[code], n, at))
        at += size
    return out


__all__ = [
    "LEVEL",
    "MAX_UNSQUEEZED",
    "SQUEEZE_ERRORS",
    "pack_frame",
    "squeeze",
    "unpack_frame",
    "unsqueeze",
]
