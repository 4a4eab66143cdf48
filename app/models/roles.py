"""Named custom item-data roles shared by the models, views, delegates and tests."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import Qt

_BASE = int(Qt.ItemDataRole.UserRole)


class Role(IntEnum):
    """Custom roles; read them with ``model.data(index, Role.X)``."""

    VALUE = _BASE + 1  # float: the raw value of the current metric
    HEAT = _BASE + 2  # float in [0, 1] (NaN on the diagonal)
    DOC_PAIR = _BASE + 3  # (row document index, column document index)
    FLAGGED = _BASE + 4  # bool: the core flagged the pair
    HIGHLIGHTED = _BASE + 5  # bool: both documents belong to the highlighted group
    PAIR_SCORE = _BASE + 6  # PairScore or None
    ARCHIVED = _BASE + 7  # bool: one side comes from the archive of past years
    DOC_INDEX = _BASE + 8  # int: a document index (headers, group members)
    CLUSTER_ID = _BASE + 9  # int: a group id (groups list)
    SORT = _BASE + 10  # a sortable key (pairs table)
    FILE_ERROR = _BASE + 11  # FileError (errors table)
    ARCHIVE_LABEL = _BASE + 12  # str | None: the archive label (course and term) shown
    HEADER_NAME = _BASE + 13  # str: a matrix row's document name, without its number
    FILTER_TEXT = _BASE + 14  # str: "F" or "N" (flagged), then each path on its own line
