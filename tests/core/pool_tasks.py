"""Task functions for the pool tests (importable by worker processes)."""

import os
import time


def square(x: int) -> int:
    return x * x


def hang(seconds: float) -> str:
    time.sleep(seconds)
    return "woke up"


def crash(code: int) -> None:
    os._exit(code)


def raise_reason(msg: object) -> None:
    class Bad(Exception):
        code = "corrupt"
        reason = msg

    raise Bad(msg)


def hog_memory(mb: int) -> int:
    block = bytearray(mb * 1024 * 1024)
    return len(block)


def pid() -> int:
    time.sleep(0.2)
    return os.getpid()


def square_or_crash(x: int) -> int:
    if x < 0:
        os._exit(1)
    return x * x


def analyze_but_hang_on(path: str, *args):
    """The real per-file analysis, except that files named ``hang*`` never finish."""
    from simhash_core.scan import _analyze_task

    if os.path.basename(path).startswith("hang"):
        time.sleep(3600)
    return _analyze_task(path, *args)


def analyze_but_crash_on(path: str, *args):
    """The real per-file analysis, except that files named ``crash*`` kill the worker."""
    from simhash_core.scan import _analyze_task

    if os.path.basename(path).startswith("crash"):
        os.abort()
    return _analyze_task(path, *args)


def loaded_modules() -> list[str]:
    import sys

    return sorted(sys.modules)


def echo(data: bytes) -> bytes:
    return data


def spin(seconds: float) -> int:
    """Busy CPU (not sleeping) for ``seconds``: a reader stuck in a loop."""
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        n += 1
    return n


def note_pid_and_spin(folder: str, seconds: float) -> int:
    """Write this worker's pid into ``folder``, then spin (a reader stuck at 100% CPU)."""
    with open(os.path.join(folder, f"{os.getpid()}.pid"), "w") as fh:
        fh.write(str(os.getpid()))
    return spin(seconds)


def slow_with_note(seconds: float, extra: float) -> str:
    """Runs ``seconds`` after asking the pool for ``extra`` more than its time limit."""
    from simhash_core.pool import note

    note(0, 1, extra)
    time.sleep(seconds)
    return "done"


def must_not_run(*args: object) -> None:
    """A task that fails the test that reaches it (a file that should be cached)."""
    raise AssertionError(f"a file was read again: {args[0]}")


def analyze_but_replace(path: str, *args):
    """The real per-file analysis, except that files named ``replaced*`` get other text
    just before they are read (after the scan hashed them), as a sync client would."""
    from simhash_core.scan import _analyze_task

    if os.path.basename(path).startswith("replaced"):
        with open(path, "a", encoding="utf-8") as fh:
            fh.write("an added paragraph, synced in while the scan ran\n")
    return _analyze_task(path, *args)
