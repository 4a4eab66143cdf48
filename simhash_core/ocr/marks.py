"""Text read by OCR, bracketed while a document's text is put together, then located.

A reader knows which text it recognised, but the text is joined, unwrapped and
cleaned after that, which moves every offset. So each recognised piece travels in
private-use marks (:data:`OCR_START` and :data:`OCR_END`), and
:func:`unmark` removes them at the end and says where each piece landed.

>>> text = "typed " + mark("read") + " typed again " + mark("read too")
>>> clean, spans = unmark(text)
>>> clean, [clean[a:b] for a, b in spans]
('typed read typed again read too', ['read', 'read too'])
"""

from __future__ import annotations

# private-use characters: a file's own text never keeps them (see strip_marks)
OCR_START, OCR_END = "\ue000", "\ue001"


def mark(text: str) -> str:
    """``text`` bracketed as read by OCR."""
    return OCR_START + text + OCR_END


def strip_marks(text: str) -> str:
    """``text`` without any mark (a file's own text never carries them into a document).

    >>> strip_marks("a\\ue000b\\ue001c")
    'abc'
    """
    if OCR_START not in text and OCR_END not in text:
        return text
    return text.replace(OCR_START, "").replace(OCR_END, "")


def unmark(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` without marks, and the ``(start, end)`` of each marked piece in it, in
    order. An unmatched mark is dropped; a piece the cleaning emptied is kept (empty)."""
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    length = 0
    start: int | None = None
    pos = 0
    while True:
        a = text.find(OCR_START, pos)
        b = text.find(OCR_END, pos)
        nxt = min(i for i in (a, b, len(text)) if i >= 0)
        out.append(text[pos:nxt])
        length += nxt - pos
        if nxt == len(text):
            break
        if text[nxt] == OCR_START:
            start = length
        elif start is not None:
            spans.append((start, length))
            start = None
        pos = nxt + 1
    return "".join(out), spans
