"""The recognizer: RapidOCR's PP-OCR models run by ONNX Runtime, loaded once per process.

The models ship inside the ``rapidocr`` wheel (PP-OCRv6 small detection and recognition,
Chinese and English in one model), so nothing is downloaded at run time. The engine is
loaded on the first page that needs it: a scan without pictures never imports it, and
the 1.5-2 s it costs to load is paid once per worker process.

Each worker runs the models on one thread: two workers reading two pages at once get
more pages per minute than one worker on both cores (measured in ``benchmarks/ocr.py``).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

import numpy as np

ENGINE_NAME = "RapidOCR PP-OCRv6"
DETECT_SIDE = 960  # the page is detected at this longest side: 0.3 s instead of 2.5 s

_lock = threading.Lock()
_engine = None


class OcrUnavailable(Exception):
    """The OCR engine cannot be loaded here (not installed, or broken)."""


@dataclass(frozen=True)
class OcrLine:
    """One recognised piece of text: its box on the image (pixels) and confidence in [0, 1]."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    confidence: float

    @property
    def height(self) -> float:
        return self.y1 - self.y0


def available() -> bool:
    """Whether the OCR engine's package is installed (it is not imported here)."""
    import importlib.util

    return (
        importlib.util.find_spec("rapidocr") is not None
        and importlib.util.find_spec("onnxruntime") is not None
    )


def _load():
    global _engine
    with _lock:
        if _engine is None:
            try:
                from rapidocr import RapidOCR
            except Exception as exc:  # ImportError, or a broken native library
                raise OcrUnavailable(f"{type(exc).__name__}: {exc}") from exc
            for name in ("RapidOCR", "rapidocr"):
                logging.getLogger(name).setLevel(logging.ERROR)
            try:
                _engine = _make(RapidOCR)
            except Exception as exc:  # missing or damaged models, an ONNX Runtime error
                raise OcrUnavailable(f"{type(exc).__name__}: {exc}") from exc
        return _engine


def _make(RapidOCR):
    return RapidOCR(
        params={
            "Global.log_level": "error",
            "Global.use_cls": False,  # upright pages: the 180° classifier is skipped
            "Det.limit_side_len": DETECT_SIDE,
            "Det.limit_type": "max",
            "Rec.rec_batch_num": 1,  # lines of very different widths: no padding
            "EngineConfig.onnxruntime.intra_op_num_threads": 1,
            "EngineConfig.onnxruntime.inter_op_num_threads": 1,
        }
    )


def recognise(image: np.ndarray) -> list[OcrLine]:
    """The text lines found on an RGB (or grey) image, as the engine gives them.

    Raises :class:`OcrUnavailable` when the engine cannot be loaded.
    """
    engine = _load()
    if image.ndim == 2:
        image = np.repeat(image[:, :, None], 3, axis=2)
    # the engine takes OpenCV's channel order
    result = engine(np.ascontiguousarray(image[:, :, ::-1]))
    boxes, texts, scores = result.boxes, result.txts, result.scores
    if boxes is None or texts is None:
        return []
    lines = []
    for box, text, score in zip(boxes, texts, scores, strict=False):
        text = str(text).strip()
        if not text:
            continue
        xs, ys = box[:, 0], box[:, 1]
        lines.append(
            OcrLine(
                text,
                float(xs.min()),
                float(ys.min()),
                float(xs.max()),
                float(ys.max()),
                float(score),
            )
        )
    return lines
