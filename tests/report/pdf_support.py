"""Read PDFs in tests with Python libraries from the test extras (pypdf, pypdfium2), never system binaries; print one
chart on a page of its own to read back."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pypdfium2


def pdf_pages_text(path: Path) -> list[str]:
    """Text of each page, in reading order, lines ending in a newline.

    PDFium's text page (pypdfium2, C) reads a 20-page proposal in about 0.1 s where pypdf's pure-Python
    extractor takes about 2.5 s; like pypdf it reads every text object on the page, clipped or not, so text
    painted twice or left over from another page still shows.
    """
    document = pypdfium2.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_bounded().replace("\r\n", "\n").replace("\r", "\n")
                for page in document]
    finally:
        document.close()


def pdf_text(path: Path) -> str:
    """Text of the whole document, pages separated by form feeds (as pdftotext prints it)."""
    return "\f".join(pdf_pages_text(path))


def pdf_fonts(path: Path) -> dict[str, bool]:
    """Base font name -> embedded (a FontFile stream is present), over every page."""
    fonts: dict[str, bool] = {}
    for page in pypdf.PdfReader(str(path)).pages:
        resources = page.get("/Resources") or {}
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            descriptors = [font.get("/FontDescriptor")]
            for child in font.get("/DescendantFonts") or []:
                descriptors.append(child.get_object().get("/FontDescriptor"))
            embedded = any(d is not None and any(k in d.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
                           for d in descriptors)
            name = str(font.get("/BaseFont", "?"))
            fonts[name] = fonts.get(name, False) or embedded
    return fonts


def pdf_images(path: Path) -> list[tuple[int, int]]:
    """(width, height) of every image drawn, over every page."""
    out = []
    for page in pypdf.PdfReader(str(path)).pages:
        for image in page.images:
            out.append(image.image.size)
    return out


def render_pages(path: Path, folder: Path, stem: str, dpi: float = 60.0) -> list[Path]:
    """Every page as a PNG (stem-01.png ...) for a person to look at."""
    for old in folder.glob(f"{stem}-*.png"):
        old.unlink()
    document = pypdfium2.PdfDocument(str(path))
    written = []
    for number, page in enumerate(document, start=1):
        target = folder / f"{stem}-{number:02d}.png"
        page.render(scale=dpi / 72.0).to_pil().save(target)
        written.append(target)
    document.close()
    return written


def print_chart(path: Path, spec: object, lang: str) -> Path:
    """``spec`` printed alone on a PDF page at ``path`` (480 × 300 pt), as the proposal paints its charts."""
    from PySide6 import QtCore, QtGui

    from gpudesk.pdf import styles
    from gpudesk.pdf.chart_paint import paint_chart
    from gpudesk.pdf.qt_setup import cjk_font_family, ensure_application

    ensure_application()
    writer = QtGui.QPdfWriter(str(path))
    writer.setResolution(300)
    painter = QtGui.QPainter(writer)
    scale = writer.logicalDpiX() / 72.0
    painter.scale(scale / styles.SCALE, scale / styles.SCALE)
    paint_chart(painter, spec, QtCore.QRectF(0, 0, 480 * styles.SCALE, 300 * styles.SCALE), cjk_font_family(), lang)
    painter.end()
    return path
