"""A PDF's information dictionary is read while PDFium has the file open for its text
(#43): the same properties as opening it again for them, and the file opened once."""

from __future__ import annotations

import io

import pypdfium2
import pytest
from reportlab.pdfgen import canvas

from simhash_core.extract import pdf
from tests.core.textgen import en_essay


def _pdf(author: str | None, seed: int) -> bytes:
    out = io.BytesIO()
    c = canvas.Canvas(out, invariant=0)
    if author is not None:
        c.setAuthor(author)
        c.setCreator("a test")
    for k, line in enumerate(en_essay(seed, 60).split(". ")[:30]):
        c.drawString(40, 800 - 20 * k, line[:90])
    c.save()
    return out.getvalue()


@pytest.mark.parametrize("author", ["Ann Lee", "张三", "  ", None])
def test_the_properties_are_those_of_opening_the_file_again(author, monkeypatch):
    data = _pdf(author, seed=len(author or ""))
    expected = pdf.pdf_meta(data)
    opened = []
    real = pypdfium2.PdfDocument

    def counted(*args, **kw):
        opened.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(pypdfium2, "PdfDocument", counted)
    got = pdf.extract_pdf(data)
    assert got.meta == expected
    assert len(opened) == 1
    if author and author.strip():
        assert got.meta is not None and got.meta.author == author
        assert got.meta.created.startswith("20")
