"""What extraction asks of OCR: read a picture, read a rendered page, say how it went.

An :class:`OcrReader` is handed to the extractors. It is off (``enabled=False``) with
``--no-ocr``; then it reads nothing and only counts what it was offered, so the file's
text says how many scanned pages or pictures were left unread. ``on_step`` hears
``(done, total)`` after each page or picture, which the scan turns into per-page
progress and a longer time limit for the file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from simhash_core.messages import Message

from .engine import OcrUnavailable, recognise
from .images import ImageRefused, decode, peek_size, too_small
from .layout import confidence, page_text
from .marks import strip_marks
from .orientation import read_upright

LOW_CONFIDENCE = 0.80  # a page or picture read with less is flagged for checking
MAX_PAGES = 100  # scanned pages read per file; the rest are reported, not read
MIN_CHARS = 4  # a page or picture with fewer letters read holds no text (a photo, a rule)
# the per-file time limit grows by this much for each page or picture to read, up to
# STEP_SECONDS_CAP in all (measured: 6-9 s for a dense A4 page on one core)
STEP_SECONDS = 30.0
STEP_SECONDS_CAP = MAX_PAGES * STEP_SECONDS  # 50 minutes


@dataclass(frozen=True)
class OcrPiece:
    """Text read from one page or picture (a line per printed line, a blank line
    between paragraphs: the extractor unwraps it) and its mean confidence."""

    text: str
    confidence: float
    turn: int = 0  # quarter turns (anticlockwise) the picture was turned to be read


@dataclass
class OcrReader:
    """Reads pages and pictures for one file, and remembers what it could not read."""

    enabled: bool = True
    on_step: Callable[[int, int], None] | None = None
    max_pages: int = MAX_PAGES
    turn_pages: bool = True  # a page that reads poorly is tried turned (see .orientation)
    offered: int = 0  # pages and pictures that could hold text, read or not
    skipped: int = 0  # of those, not read for now: OCR off, the engine missing, no memory
    warnings: list[Message] = field(default_factory=list)
    _total: int = 0
    _done: int = 0
    _unavailable: bool = False

    def plan(self, steps: int) -> None:
        """Announce ``steps`` more pages or pictures to read (for progress and the
        file's time limit)."""
        if not self.enabled or not steps:
            return
        self._total = max(self._done, self._total + steps)
        if self.on_step is not None:
            self.on_step(self._done, self._total)

    def _step(self) -> None:
        self._done += 1
        if self.on_step is not None:
            self.on_step(self._done, max(self._total, self._done))

    def pixels(self, image: np.ndarray, where: Message | None = None) -> OcrPiece | None:
        """Read a rendered page or a decoded picture (RGB). None when OCR is off or
        cannot run here, or the engine failed on it (a warning names ``where``)."""
        self.offered += 1
        if not self.enabled or self._unavailable:
            self.skipped += 1
            return None
        turn = 0
        extra = 0  # reads of the page turned: each a step of its own

        def planned(count: int) -> None:
            nonlocal extra
            extra += count
            self.plan(count)

        try:
            if self.turn_pages:
                boxes, turn = read_upright(image, recognise, planned)
            else:
                boxes = recognise(image)
        except OcrUnavailable as exc:
            self._unavailable = True
            self.skipped += 1
            self.warnings.append(Message.of("ocr.unavailable", detail=str(exc)[:160]))
            return None
        except MemoryError:  # this time, in this worker: not final, so not cached
            self.skipped += 1
            self.warnings.append(Message.of("ocr.failed", where=where or "", detail="memory"))
            return None
        except Exception as exc:  # the engine refuses this picture (a strip 3,000 px long):
            # it always will, so the file's text (with the warning) may be cached
            detail = f"{type(exc).__name__}: {exc}".strip()[:160]
            self.warnings.append(
                Message.of(
                    "ocr.failed", where=where or Message.of("ocr.where-unknown"), detail=detail
                )
            )
            return None
        finally:
            for _ in range(1 + extra):
                self._step()
        text = strip_marks(page_text(boxes)).strip()
        if sum(ch.isalnum() for ch in text) < MIN_CHARS:  # a rule, a stamp, a stray mark
            return OcrPiece("", 1.0)
        return OcrPiece(text, confidence(boxes), turn)

    def picture(self, data: bytes, name: str) -> OcrPiece | None:
        """Read a picture's bytes; None when it holds no text, is too small, or OCR is
        off. A picture that cannot be decoded adds a warning naming it."""
        if not self.enabled:
            if not too_small(*peek_size(data)):
                self.offered += 1
                self.skipped += 1
            return None
        try:
            image = decode(data)
        except ImageRefused as exc:
            self.offered += 1
            self._step()
            self.warnings.append(Message.of("warn.ocr-picture", name=name, reason=exc.reason))
            return None
        if image is None:
            self._step()
            return None
        return self.pixels(image, Message.of("ocr.where-picture", name=name))
