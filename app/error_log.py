"""The GUI's error log: an exception nobody caught is written, with its time and the
version, to ``errors.log`` in the user's log folder, where Help → Open the error log
finds it. ``plagcheck-gui`` is a GUI script (no console on Windows), so without it such
an error would go nowhere.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType

from simhash_core.version import version

LOG_NAME = "errors.log"
MAX_BYTES = 1_000_000  # past this the log starts again (the old one kept as errors.log.1)


def log_path() -> Path:
    """``errors.log`` in the user's log folder (``$PLAGCHECK_LOG_DIR`` for tests)."""
    folder = os.environ.get("PLAGCHECK_LOG_DIR")
    if not folder:
        import platformdirs

        folder = platformdirs.user_log_dir("plagcheck", appauthor=False)
    return Path(folder) / LOG_NAME


def record(
    kind: type[BaseException],
    error: BaseException,
    trace: TracebackType | None,
    where: str = "",
) -> Path:
    """Append one error to the log (rotating it past :data:`MAX_BYTES`); returns the log."""
    path = log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and path.stat().st_size > MAX_BYTES:
        path.replace(path.with_name(LOG_NAME + ".1"))
    stamp = dt.datetime.now().astimezone().isoformat(timespec="seconds")
    head = f"--- {stamp} plagcheck {version()} {where}".rstrip()
    text = "".join(traceback.format_exception(kind, error, trace))
    with path.open("a", encoding="utf-8") as log:
        log.write(f"{head}\n{text}\n")
    return path


def install() -> None:
    """Log the uncaught errors of every thread (still shown on a console where one is);
    with no console at all (``pythonw``), what goes to stderr goes to the log too."""
    previous, previous_thread = sys.excepthook, threading.excepthook

    def on_error(
        kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        record(kind, error, trace)
        if sys.stderr is not None:
            previous(kind, error, trace)

    def on_thread_error(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            where = f"(thread {args.thread.name})" if args.thread else ""
            record(args.exc_type, args.exc_value, args.exc_traceback, where)
        if sys.stderr is not None:
            previous_thread(args)

    sys.excepthook = on_error
    threading.excepthook = on_thread_error
    if sys.stderr is None:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        sys.stderr = path.open("a", encoding="utf-8", buffering=1)
