"""The bundle's ``plagcheck`` command line (no Qt in it)."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from simhash_core.cli import main

    sys.exit(main())
