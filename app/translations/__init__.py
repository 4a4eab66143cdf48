"""Qt translation files: ``plagcheck_<lang>.ts`` (source, edited with Qt Linguist or by
hand) and ``plagcheck_<lang>.qm`` (compiled, loaded at run time). Rebuild both with
``python -m app.translations.build``."""
