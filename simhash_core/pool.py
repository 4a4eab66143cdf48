"""A process pool where one bad file cannot take the scan down.

Each worker is a separate process that handles one task at a time. The parent
watches every worker: a task running past ``timeout`` seconds has its worker killed
and gets an error; a worker that dies (a crash in a C library, the memory cap) is
replaced and its task gets an error; everything else carries on. Cancelling or an
exception in the parent (Ctrl-C) kills and reaps every worker, so no zombies remain.

The memory cap is an address-space limit (``RLIMIT_AS``) set inside each worker.

Workers die with the process that owns the pool, even when it is killed outright
(``kill -9``, a crash of the app): each worker watches its owner (a pidfd on Linux,
else a poll once a second) and kills itself when the owner is gone. The fork server
then exits too, since only the workers still hold its "alive" pipe.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import select
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from typing import Any, TypeVar, cast

from simhash_core.messages import Message
from simhash_core.progress import Progress

TaskFunc = Callable[..., Any]
PREFETCH_MAX_BYTES = 32 * 1024  # far below a local socket's buffer (about 200 KB)


@dataclass(frozen=True)
class TaskNote:
    """What a running task says before it ends: it has done ``done`` of ``total`` steps
    (pages read by OCR), and needs ``seconds`` more than the pool's time limit in all."""

    done: int
    total: int
    seconds: float = 0.0


_note_conn: Connection | None = None  # in a worker: where the running task's notes go


def note(done: int, total: int, seconds: float = 0.0) -> None:
    """Tell the parent how far the running task is, and how much longer it may run
    (see :class:`TaskNote`); nothing outside a worker process."""
    if _note_conn is not None:
        with contextlib.suppress(OSError, ValueError):
            _note_conn.send(("note", TaskNote(done, total, seconds)))


@dataclass(frozen=True)
class TaskFailure:
    """Why a task produced no result."""

    code: str  # "timeout", "crashed", "memory", "error"
    reason: Message


# what a scan's workers need, imported once by the fork server (see simhash_core.scan)
WORKER_PRELOAD = ["simhash_core.worker_preload"]


def _context(preload: Sequence[str] = ()) -> mp.context.BaseContext:
    """forkserver on Linux: safe with threads in the parent (the GUI), and workers fork
    from a server that already imported ``preload``; spawn elsewhere."""
    if sys.platform.startswith("linux"):
        ctx = mp.get_context("forkserver")
        if preload:
            ctx.set_forkserver_preload(list(preload))
        return ctx
    return mp.get_context("spawn")


def start_server(preload: Sequence[str] = ()) -> None:
    """Start the fork server now, importing ``preload`` in it, so the first scan does not
    wait about a second for it. Nothing to do where workers are spawned (not Linux).

    Safe to call from any thread and more than once.
    """
    if sys.platform.startswith("linux"):
        from multiprocessing import forkserver

        _context(preload)
        forkserver.ensure_running()


def _die_with(owner: int) -> None:
    """Kill this process as soon as process ``owner`` has ended (a daemon thread)."""

    def gone() -> bool:
        try:
            os.kill(owner, 0)
        except ProcessLookupError:
            return True
        except OSError:
            return False  # exists, but is not ours to signal
        return False

    def watch() -> None:
        pidfd = None
        if hasattr(os, "pidfd_open"):
            with contextlib.suppress(OSError):
                pidfd = os.pidfd_open(owner)
        if pidfd is not None:
            select.select([pidfd], [], [])  # readable when the owner exits
        else:
            while not gone():
                time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGKILL)

    if gone():
        os.kill(os.getpid(), signal.SIGKILL)
    threading.Thread(target=watch, name="owner-watch", daemon=True).start()


def _worker_main(
    conn: Connection, init: TaskFunc | None, memory_mb: int, owner: int | None = None
) -> None:
    # Ctrl-C in a terminal reaches the whole process group: the parent decides, and
    # kills the workers itself
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if owner is not None:
        _die_with(owner)
    if memory_mb and sys.platform.startswith("linux"):
        import resource

        limit = memory_mb * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if init is not None:
        init()
    global _note_conn
    _note_conn = conn
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        func, args = msg
        result: tuple[str, Any] | tuple[str, str, Message]  # ("ok", value), ("fail", code, why)
        try:
            result = ("ok", func(*args))
        except MemoryError:
            result = ("fail", "memory", Message.of("task.memory"))
        except Exception as exc:  # reported per file; the worker lives on
            code = getattr(exc, "code", "error")
            reason = getattr(exc, "reason", None)
            if not isinstance(reason, Message):
                reason = Message.of("task.error", detail=f"{type(exc).__name__}: {exc}")
            result = ("fail", str(code), reason)
        try:
            conn.send(result)
        except Exception as exc:  # unpicklable result
            conn.send(("fail", "error", Message.of("task.unsent", detail=str(exc))))


class _Worker:
    """One worker process and the tasks sent to it, oldest (the running one) first."""

    def __init__(self, ctx, init, memory_mb: int) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(
            target=_worker_main, args=(child, init, memory_mb, os.getpid()), daemon=True
        )
        self.proc.start()
        child.close()
        self.queue: deque[tuple[Any, tuple]] = deque()  # (key, args) sent, not answered
        self.started = 0.0  # when the running task (the first in the queue) started
        self.extra = 0.0  # seconds the running task asked for beyond the time limit

    def send(self, key: Any, args: tuple, message: bytes) -> None:
        """Send a pickled ``(func, args)`` task."""
        if not self.queue:
            self.started = time.monotonic()
        self.queue.append((key, args))
        self.conn.send_bytes(message)

    def finished(self) -> Any:
        """Forget the running task (answered); the next one starts now. Returns its key."""
        key, _ = self.queue.popleft()
        self.started = time.monotonic()
        self.extra = 0.0
        return key

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(timeout=5)
        self.conn.close()

    def stop(self) -> None:
        with contextlib.suppress(OSError, BrokenPipeError):
            self.conn.send(None)
        self.proc.join(timeout=2)
        if self.proc.is_alive():
            self.kill()
        else:
            self.conn.close()


class IsolatedPool:
    """Run ``func(*args)`` for many tasks in ``workers`` isolated processes.

    Each worker is sent ``depth`` tasks ahead, so it starts its next file the moment it
    has sent a result, instead of waiting for the parent to receive and unpickle that
    result and answer (1-2 ms per file: a tenth of a small file's work). The time limit
    of a task counts from when its worker starts it.
    """

    def __init__(
        self,
        workers: int = 0,
        *,
        timeout: float = 60.0,
        memory_mb: int = 3072,
        initializer: TaskFunc | None = None,
        preload: Sequence[str] = (),
        depth: int = 2,
    ) -> None:
        if depth < 1:
            raise ValueError(f"depth must be >= 1, got {depth}")
        self.workers = workers or os.cpu_count() or 1
        self.timeout = timeout
        self.memory_mb = memory_mb
        self.initializer = initializer
        self.preload = tuple(preload)
        self.depth = depth
        self._held: tuple[tuple[Any, tuple], bytes] | None = None  # see _pickled

    def run(
        self,
        func: TaskFunc,
        tasks: Sequence[tuple[Any, tuple | Callable[[], tuple]]],
        progress: Progress | None = None,
        on_note: Callable[[Any, TaskNote], None] | None = None,
        between: Callable[[], bool] | None = None,
    ) -> Iterator[tuple[Any, Any]]:
        """Yield ``(key, result)`` or ``(key, TaskFailure)`` as tasks finish.

        A task's arguments may be a function making them, called when the task is sent
        (large arguments are then never all held at once).

        Stops early (killing the workers) when ``progress`` is cancelled; the results
        already yielded stay valid. ``on_note`` hears the running tasks' notes
        (:func:`note`); a note's ``seconds`` extend that task's time limit.
        ``between`` is the caller's own work, done a little at a time (a few
        milliseconds a call) whenever no worker has a result ready, instead of waiting:
        this process's core works beside the workers'. It returns False once it has
        nothing left; whatever it has not done when the tasks end is the caller's.
        """
        progress = progress or Progress()
        ctx = _context(self.preload)
        pending = list(reversed(tasks))
        pool: list[_Worker] = []

        def replace(i: int) -> tuple[Any, _Worker]:
            """Kill worker ``i`` and start another; its running task's key is returned and
            the tasks queued behind it go back to ``pending``, to be sent again."""
            old = pool[i]
            old.kill()
            key, _ = old.queue.popleft()
            pending.extend(reversed(old.queue))
            pool[i] = _Worker(ctx, self.initializer, self.memory_mb)
            return key, pool[i]

        try:
            for _ in range(min(self.workers, len(tasks))):
                pool.append(_Worker(ctx, self.initializer, self.memory_mb))
            for w in pool:
                self._feed(w, func, pending)
            while any(w.queue for w in pool):
                if progress.cancelled:
                    return
                busy = {w.conn: w for w in pool if w.queue}
                # wait gives back some of the objects it is given: here the pipes
                pause = 0.0 if between is not None else 0.1
                ready = cast("list[Connection]", wait(list(busy), timeout=pause))
                if not ready and between is not None and not between():
                    between = None
                for conn in ready:
                    w = busy[conn]
                    try:
                        msg = conn.recv()
                    except (EOFError, OSError):
                        code = w.proc.exitcode
                        key, w = replace(pool.index(w))
                        outcome: Any = TaskFailure(
                            "crashed", Message.of("task.crashed", exit=str(code))
                        )
                    else:
                        if msg[0] == "note":
                            w.extra = max(w.extra, float(msg[1].seconds))
                            if on_note is not None and w.queue:
                                on_note(w.queue[0][0], msg[1])
                            continue
                        key = w.finished()
                        outcome = msg[1] if msg[0] == "ok" else TaskFailure(msg[1], msg[2])
                    # the worker gets more work before the caller handles this result
                    self._feed(w, func, pending)
                    yield key, outcome
                now = time.monotonic()
                for i, w in enumerate(pool):
                    limit = self.timeout + w.extra
                    if w.queue and now - w.started > limit:
                        key, w = replace(i)
                        yield (
                            key,
                            TaskFailure("timeout", Message.of("task.timeout", seconds=limit)),
                        )
                        self._feed(w, func, pending)
        finally:
            for w in pool:
                if w.queue:
                    w.kill()
                else:
                    w.stop()

    def _feed(self, w: _Worker, func: TaskFunc, pending: list) -> None:
        """Top the worker's queue up to ``depth`` tasks.

        A task is sent ahead only while it is small: the socket holds it unread, so the
        parent never blocks on a busy worker (which may itself be blocked sending a
        result that the parent is not reading yet).
        """
        while pending and len(w.queue) < self.depth:
            key, args = task = pending[-1]
            message = self._pickled(func, task)
            if w.queue and len(message) > PREFETCH_MAX_BYTES:
                return  # kept pickled until a worker's queue is empty
            pending.pop()
            w.send(key, args, message)

    def _pickled(self, func: TaskFunc, task: tuple[Any, tuple]) -> bytes:
        """``(func, args)`` of ``task`` pickled, once: a large task that waits for an
        empty queue is offered again after every result."""
        held = self._held
        if held is None or held[0] is not task:
            args = task[1]() if callable(task[1]) else task[1]  # made when first sent
            held = self._held = (task, bytes(ForkingPickler.dumps((func, args))))
        return held[1]


_Chunk = TypeVar("_Chunk")


def run_chunks(
    func: TaskFunc,
    chunks: Sequence[_Chunk],
    args: Callable[[_Chunk], tuple],
    pool: IsolatedPool,
    progress: Progress | None = None,
    share: tuple[float, float] = (0.0, 1.0),
    between: Callable[[], bool] | None = None,
) -> Iterator[tuple[_Chunk, Any]]:
    """``func(*args(chunk))`` for each of ``chunks`` in ``pool``, each chunk's arguments
    made when it is sent (never all held at once): ``(chunk, result)`` as they finish,
    in any order, without the chunks no worker could finish (the caller does those
    itself). ``progress`` hears how many have finished, as the ``share`` of its stage,
    and can cancel them (the results yielded so far stay valid). ``between``: the
    caller's own work meanwhile (see :meth:`IsolatedPool.run`)."""
    progress = progress or Progress()
    tasks = [(k, partial(args, chunk)) for k, chunk in enumerate(chunks)]
    low, high = share
    results = pool.run(func, tasks, progress, between=between)
    for done, (k, outcome) in enumerate(results, start=1):
        progress.reached(low + (high - low) * done / len(chunks))
        if not isinstance(outcome, TaskFailure):
            yield chunks[k], outcome
