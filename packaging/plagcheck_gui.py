"""The bundle's ``plagcheck-gui``: the app, as ``python -m app`` runs it.

ONNX Runtime (the OCR) is imported before PySide6: loaded the other way round in one
process, Qt's bundled libraries come first and onnxruntime's native module may fail
to load against them. ``freeze_support`` lets the scan's worker processes start from
the frozen executable."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    import onnxruntime  # noqa: F401  (before PySide6: see above)

    from app.__main__ import main

    sys.exit(main())
