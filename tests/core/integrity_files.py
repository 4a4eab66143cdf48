"""DOCX and ODT packages written from scratch for the integrity tests: an essay's
paragraphs as runs, with the runs a trick adds (hidden, white, tiny, a decoy), and the
styles that hide them. Nothing here is a sample file: the text is passed in."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from xml.sax.saxutils import escape

from tests.core.office_files import MANIFEST, ODT_NS

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/'
    'vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    '<Override PartName="/word/styles.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>'
)
_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="word/document.xml"/></Relationships>'
)
_DOC_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/styles" Target="styles.xml"/></Relationships>'
)


def run(text: str, properties: str = "") -> str:
    """A ``w:r`` with ``w:rPr`` contents ``properties``."""
    rpr = f"<w:rPr>{properties}</w:rPr>" if properties else ""
    return f'<w:r>{rpr}<w:t xml:space="preserve">{escape(text)}</w:t></w:r>'


def paragraph(runs: Sequence[str], properties: str = "") -> str:
    ppr = f"<w:pPr>{properties}</w:pPr>" if properties else ""
    return f"<w:p>{ppr}{''.join(runs)}</w:p>"


def docx_bytes(body: str, *, styles: str = "", background: str = "") -> bytes:
    """A DOCX whose body is ``body`` (paragraphs' XML), with ``styles`` (``w:style``
    elements and ``w:docDefaults``) and a page ``background`` colour."""
    ground = f'<w:background w:color="{background}"/>' if background else ""
    document = (
        f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{W_NS}" '
        f'xmlns:mc="{MC_NS}" xmlns:wps="http://schemas.microsoft.com/office/word/2010/'
        f'wordprocessingShape">{ground}<w:body>{body}</w:body></w:document>'
    )
    style_part = (
        f'<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="{W_NS}">{styles}</w:styles>'
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES)
        z.writestr("_rels/.rels", _RELS)
        z.writestr("word/_rels/document.xml.rels", _DOC_RELS)
        z.writestr("word/document.xml", document)
        z.writestr("word/styles.xml", style_part)
    return out.getvalue()


def odt_package(body: str, *, automatic: str = "", styles: str = "", page: str = "") -> bytes:
    """An ODT whose body is ``body`` (``text:p`` XML), with ``automatic`` styles in
    content.xml, ``styles`` in styles.xml and a page layout coloured ``page``."""
    fo = 'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"'
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODT_NS} {fo}>'
        f"<office:automatic-styles>{automatic}</office:automatic-styles>"
        f"<office:body><office:text>{body}</office:text></office:body>"
        "</office:document-content>"
    )
    layout = (
        '<style:page-layout style:name="pm1"><style:page-layout-properties '
        f'fo:background-color="{page}"/></style:page-layout>'
        if page
        else ""
    )
    style_part = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-styles {ODT_NS} {fo}>'
        f"<office:styles>{styles}</office:styles>"
        f"<office:automatic-styles>{layout}</office:automatic-styles>"
        "</office:document-styles>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text")
        z.writestr("META-INF/manifest.xml", MANIFEST.format(extra=""))
        z.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("styles.xml", style_part, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def layered_pdf(shown: str, invisible: str, *, picture: bool = False) -> bytes:
    """An English PDF whose pages show ``shown`` and carry ``invisible`` as an invisible
    text layer (render mode 3) at the same places, as a searchable scan carries its
    recognised text; with ``picture``, each page also shows a picture (as a scan does)."""
    import textwrap

    from PIL import Image
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=A4)
    height = A4[1]
    seen = textwrap.wrap(" ".join(shown.split()), 95)
    hidden = textwrap.wrap(" ".join(invisible.split()), 95)
    per_page = 60
    grey = ImageReader(Image.new("L", (40, 40), 200))
    for start in range(0, max(len(seen), len(hidden)), per_page):
        if picture:
            pdf.drawImage(grey, 20, 20, 40, 40)
        for layer, mode in ((seen, 0), (hidden, 3)):
            text = pdf.beginText(50, height - 50)
            text.setFont("Helvetica", 9)
            text.setTextRenderMode(mode)
            text.setLeading(12)
            for line in layer[start : start + per_page]:
                text.textLine(line)
            pdf.drawText(text)
        pdf.showPage()
    pdf.save()
    return out.getvalue()
