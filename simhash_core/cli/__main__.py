"""``python -m simhash_core.cli``: the ``plagcheck`` command."""

import sys

from simhash_core.cli import main

sys.exit(main())
