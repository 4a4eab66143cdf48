"""Everything the matrix shows for one scan result, prepared in one go: the values in
display order, the heats of a metric, their colours as an image, and the archive marks.

Pure numpy plus a ``QImage`` (which Qt allows outside the GUI thread), so a large class
is prepared in a worker thread (:class:`app.models.matrix_model.MatrixModel` does so
above :data:`BACKGROUND_CELLS`): a 3,000 x 3,000 overview is a dozen passes over 36 MB
arrays, which froze the window for a second when done on the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtGui import QImage

from app.heat_colors import heat_argb
from app.matrix_data import OVERVIEW_LIMIT, MatrixData
from app.metrics import Metric
from simhash_core.types import DENSE_MATRIX_LIMIT, ScanResult

# matrices of more cells than this are prepared in the background (1,000 files)
BACKGROUND_CELLS = 1_000_000


@dataclass(frozen=True)
class PreparedMatrix:
    """A result's matrix, ready to show with ``metric``."""

    data: MatrixData
    metric: Metric
    heat: np.ndarray  # float32 N x N, NaN on the diagonal
    image: QImage  # the heats' colours, one pixel per cell
    archived_rows: np.ndarray  # bool N: display rows of archived documents
    archive_cells: np.ndarray  # bool N x N: reported pairs with an archived document


def expected_size(result: ScanResult) -> int:
    """How many rows the matrix of ``result`` will have, without building it."""
    n = len(result.documents)
    m = result.matrix
    if m is not None and len(m.similarity) == n:
        return n
    if n > DENSE_MATRIX_LIMIT:
        return min(OVERVIEW_LIMIT, sum(len(c.members) for c in result.clusters))
    return 0


def in_background(result: ScanResult | None) -> bool:
    """Whether the matrix of ``result`` is big enough to be prepared off the GUI thread."""
    return result is not None and expected_size(result) ** 2 > BACKGROUND_CELLS


def heat_image(heat: np.ndarray) -> QImage:
    """The colours of ``heat`` (N x N) as an image that owns its pixels."""
    n = len(heat)
    argb = np.ascontiguousarray(heat_argb(heat)) if n else np.zeros((1, 1), np.uint32)
    w = max(n, 1)
    return QImage(argb.data, w, w, 4 * w, QImage.Format.Format_ARGB32).copy()


def archive_marks(result: ScanResult, data: MatrixData) -> tuple[np.ndarray, np.ndarray]:
    """Display rows of archived documents, and the cells of reported pairs with one."""
    docs = result.documents
    rows = np.fromiter(
        (bool(docs[int(d)].archive_label) for d in data.order), dtype=bool, count=data.size
    )
    cells = np.zeros((data.size, data.size), bool)
    if rows.any():
        for a, b in data.pairs:
            if docs[a].archive_label or docs[b].archive_label:
                r, c = data.position[a], data.position[b]
                if r >= 0 and c >= 0:  # the group overview shows only some documents
                    cells[r, c] = cells[c, r] = True
    return rows, cells


def prepare_matrix(result: ScanResult | None, metric: Metric) -> PreparedMatrix:
    """The matrix of ``result`` (``None``: an empty one) shown with ``metric``."""
    data = MatrixData.from_result(result) if result is not None else MatrixData.empty()
    heat = data.heat(metric)
    if result is None:
        rows, cells = np.zeros(0, bool), np.zeros((0, 0), bool)
    else:
        rows, cells = archive_marks(result, data)
    return PreparedMatrix(data, metric, heat, heat_image(heat), rows, cells)
