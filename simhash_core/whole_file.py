"""Writing a file whole or not at all.

The bytes go to a temporary file beside the target (the same folder, so the same
disk), which then replaces the target in one rename: a reader, a crash or a full disk
never leaves half a file under the target's name, and the file it replaces stays as
it was until the new one is complete. A target that is a device or a pipe
(``/dev/null``, ``/dev/stdout``, a named pipe) is written to as it is: renaming over it
would put a plain file in its place (:func:`is_stream`).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     target = Path(d) / "decisions.json"
...     write_whole(target, b"{}")
...     sorted(p.name for p in Path(d).iterdir()), target.read_bytes()
(['decisions.json'], b'{}')
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def _umask() -> int:
    """The process's umask, read without changing it where the system allows (it is
    the whole process's: another thread may be creating a file)."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)  # elsewhere: read it by setting it, and put it back at once
    os.umask(mask)
    return mask


def file_mode(path: Path) -> int:
    """Permissions for a file written at ``path``: a replaced file keeps its own, a new
    one gets what ``open()`` would give it (0666 less the umask)."""
    with contextlib.suppress(OSError):
        return stat.S_IMODE(os.stat(path).st_mode)
    return 0o666 & ~_umask()


def is_stream(path: Path) -> bool:
    """Whether ``path`` is a device, a pipe or a socket: written to, never replaced.

    >>> is_stream(Path("/dev/null")), is_stream(Path(__file__)), is_stream(Path("/no/such"))
    (True, False, False)
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def temporary_beside(path: Path) -> tuple[int, str]:
    """A new temporary file in ``path``'s folder, hidden and named after it (an open
    file descriptor and its path): what :func:`write_whole` renames into place."""
    return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")


def put_in_place(tmp: str, path: Path) -> None:
    """Rename the complete temporary file ``tmp`` over ``path``, with the permissions
    ``path`` has (or a new file would get): one step, on every system."""
    os.chmod(tmp, file_mode(path))
    os.replace(tmp, path)


def write_whole(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Write ``data`` at ``path`` whole or not at all. ``durable``: on the disk before
    the rename (a teacher's decisions), not only in the system's memory (a cache file
    that is made again when lost). An ``OSError`` leaves ``path`` as it was and no
    temporary file behind. A device or pipe is written to directly."""
    if is_stream(path):
        with open(path, "wb") as fh:
            fh.write(data)
        return
    fd, tmp = temporary_beside(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        put_in_place(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
