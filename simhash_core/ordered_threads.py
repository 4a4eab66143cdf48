"""A function over a stream of items in a few threads, the results in the items' order.

For work that is mostly NumPy or SciPy (which let go of the interpreter while they
sort, sum or multiply): the next items are worked on while the caller takes the
results of the first, and no more than ``threads`` of them are ahead of it, so what is
held stays bounded however long the stream.

>>> list(map_in_order(lambda x: x * x, iter(range(6)), threads=2))
[0, 1, 4, 9, 16, 25]
>>> list(map_in_order(str.upper, ["a", "b"], threads=1))
['A', 'B']
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

_In = TypeVar("_In")
_Out = TypeVar("_Out")


def map_in_order(
    func: Callable[[_In], _Out],
    items: Iterable[_In],
    threads: int,
    name: str = "ordered",
    ahead: int | None = None,
) -> Iterator[_Out]:
    """``func(item)`` of each of ``items``, in order; with ``threads`` > 1, up to that
    many computed at once in threads named ``name``, and ``ahead`` items (``threads -
    1`` unless given) worked on while the caller takes a result: ``threads`` keeps
    every thread busy when taking a result costs time too, one more result held. The
    items are read only as far as they are needed. A consumer that stops early leaves
    nothing running.

    >>> list(map_in_order(lambda x: -x, range(5), threads=2, ahead=2))
    [0, -1, -2, -3, -4]
    """
    if threads <= 1:
        yield from map(func, items)
        return
    ahead = threads - 1 if ahead is None else max(ahead, 0)
    source = iter(items)
    pool = ThreadPoolExecutor(threads, thread_name_prefix=name)
    pending: deque[Future[_Out]] = deque()
    try:
        for item in source:
            pending.append(pool.submit(func, item))
            if len(pending) > ahead:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["map_in_order"]
