"""The ``plagcheck`` command line: the parser and the ``scan`` command (``main.py``),
the ``archive`` commands (``archive.py``) and the terminal's progress bar
(``terminal.py``). The entry point is :func:`main` here, which imports them."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """The ``plagcheck`` command (:func:`simhash_core.cli.main.main`). A scan that
    reads its files starts its workers' server before anything else is imported: the
    server imports what the workers need (most of a second) while this process imports
    the command line's modules (as long again), where it used to start after them."""
    args = sys.argv[1:] if argv is None else argv
    try:
        if reads_files(args):
            from simhash_core.pool import WORKER_PRELOAD, start_server

            start_server(WORKER_PRELOAD)
        from simhash_core.cli.main import main as run
    except KeyboardInterrupt:  # Ctrl-C in the first second: as during the scan
        print("\ninterrupted", file=sys.stderr)
        return 130
    return run(argv)


def reads_files(args: list[str]) -> bool:
    """Whether command line ``args`` are a scan that will read files: one without a
    cache, or of paths the cache has not seen. A re-scan the cache may answer leaves
    the server to the scan, which starts it at the first file the cache lacks: a
    server importing beside a re-scan made it slower (the two processes' imports at
    once), and most re-scans need none.

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     os.environ["PLAGCHECK_CACHE_DIR"] = d
    ...     reads_files(["scan", d]), reads_files(["scan", "-h"]), reads_files(["archive"])
    (True, False, False)
    >>> del os.environ["PLAGCHECK_CACHE_DIR"]
    """
    if args[:1] != ["scan"] or {"-h", "--help"} & set(args):
        return False
    if "--no-cache" in args:
        return True
    import os

    from simhash_core.store.cache_glance import default_cache_path, seen_before

    given = [a for a in args[1:] if not a.startswith("-") and os.path.exists(a)]
    return not seen_before(default_cache_path(), given)
