"""The ``plagcheck`` command line: the parser and the ``scan`` command (``main.py``),
the ``archive`` commands (``archive.py``) and the terminal's progress bar
(``terminal.py``). The entry point is :func:`main` here, which imports them."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """The ``plagcheck`` command (:func:`simhash_core.cli.main.main`). A scan starts
    its workers' server before anything else is imported: the server imports what the
    workers need (most of a second) while this process imports the command line's
    modules (as long again), where it used to start after them."""
    args = sys.argv[1:] if argv is None else argv
    try:
        if args[:1] == ["scan"] and not {"-h", "--help"} & set(args):
            from simhash_core.pool import WORKER_PRELOAD, start_server

            start_server(WORKER_PRELOAD)
        from simhash_core.cli.main import main as run
    except KeyboardInterrupt:  # Ctrl-C in the first second: as during the scan
        print("\ninterrupted", file=sys.stderr)
        return 130
    return run(argv)
