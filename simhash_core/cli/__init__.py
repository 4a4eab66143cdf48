"""The ``plagcheck`` command line: the parser and the ``scan`` command (``main.py``),
the ``archive`` commands (``archive.py``) and the terminal's progress bar
(``terminal.py``). The entry point is :func:`simhash_core.cli.main.main`."""
