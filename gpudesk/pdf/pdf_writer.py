"""Print a ProposalDocument: A4 pages, cover, header and footer, tables and charts.

``write_proposal_pdf(doc, path)`` writes a PDF with QPdfWriter;
``paint_document(doc, device)`` draws onto any paged device, so print
preview and printing (QPrinter) show exactly what the PDF holds. The
bundled WenQuanYi Micro Hei is registered and used for every word, so
Chinese never prints as boxes on a machine without CJK fonts.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from pathlib import Path

from PySide6 import QtCore, QtGui

from gpudesk.atomic_files import staged_output, verify_pdf
from gpudesk.report.document import KeyValueTable, ProposalDocument
from gpudesk.pdf.chart_images import render_chart_images
from gpudesk.pdf.qt_setup import cjk_font_family, ensure_application
from gpudesk.pdf.text_layout import INK, LAYOUT_DPI, RULE, build_text_document

MARGINS_MM = QtCore.QMarginsF(16, 14, 16, 14)
PDF_DPI = 300
HEADER_PX = 30.0
FOOTER_PX = 26.0
LOGO_BOX_PX = (220.0, 90.0)


def _font(family: str, pixels: float, bold: bool = False) -> QtGui.QFont:
    font = QtGui.QFont(family)
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    return font


def _draw_cover(painter: QtGui.QPainter, doc: ProposalDocument, family: str, page: QtCore.QRectF) -> None:
    painter.setPen(QtGui.QColor(INK))
    y = page.top() + 20
    logo = QtGui.QImage(doc.branding.logo_path) if doc.branding.logo_path else QtGui.QImage()
    if not logo.isNull():
        box = QtCore.QSizeF(*LOGO_BOX_PX)
        size = logo.size().toSizeF().scaled(box, QtCore.Qt.AspectRatioMode.KeepAspectRatio)
        painter.drawImage(QtCore.QRectF(page.left(), y, size.width(), size.height()), logo)
        y += size.height() + 16
    if doc.branding.company:
        painter.setFont(_font(family, 18, bold=True))
        painter.drawText(QtCore.QRectF(page.left(), y, page.width(), 30), doc.branding.company)
        y += 40
    y = max(y, page.top() + page.height() * 0.28)
    painter.setFont(_font(family, 40, bold=True))
    painter.drawText(QtCore.QRectF(page.left(), y, page.width(), 60), QtCore.Qt.AlignmentFlag.AlignLeft, doc.title)
    y += 70
    painter.setFont(_font(family, 24))
    title_rect = QtCore.QRectF(page.left(), y, page.width(), 100)
    flags = QtCore.Qt.AlignmentFlag.AlignLeft | QtCore.Qt.TextFlag.TextWordWrap
    used = painter.boundingRect(title_rect, flags, doc.project_name)
    painter.drawText(title_rect, flags, doc.project_name)
    y += used.height() + 24
    painter.setPen(QtGui.QPen(QtGui.QColor(RULE), 1.5))
    painter.drawLine(QtCore.QPointF(page.left(), y), QtCore.QPointF(page.right(), y))
    y += 24
    painter.setPen(QtGui.QColor(INK))
    rows = [r for s in doc.sections if s.id == "cover" for b in s.blocks if isinstance(b, KeyValueTable) for r in b.rows]
    for key, value in rows:
        painter.setFont(_font(family, 14))
        painter.drawText(QtCore.QRectF(page.left(), y, 200, 24), key)
        painter.drawText(QtCore.QRectF(page.left() + 210, y, page.width() - 210, 24), value)
        y += 28


def _draw_header_footer(
    painter: QtGui.QPainter, doc: ProposalDocument, family: str, page: QtCore.QRectF, number: int, total: int
) -> None:
    painter.setPen(QtGui.QColor("#555555"))
    painter.setFont(_font(family, 10))
    header = QtCore.QRectF(page.left(), page.top(), page.width(), HEADER_PX - 10)
    painter.drawText(header, QtCore.Qt.AlignmentFlag.AlignLeft | QtCore.Qt.AlignmentFlag.AlignVCenter,
                     f"{doc.project_name} — {doc.title}")
    if doc.branding.company:
        painter.drawText(header, QtCore.Qt.AlignmentFlag.AlignRight | QtCore.Qt.AlignmentFlag.AlignVCenter,
                         doc.branding.company)
    painter.setPen(QtGui.QPen(QtGui.QColor(RULE), 0.8))
    painter.drawLine(QtCore.QPointF(page.left(), header.bottom() + 2), QtCore.QPointF(page.right(), header.bottom() + 2))
    painter.setPen(QtGui.QColor("#555555"))
    footer = QtCore.QRectF(page.left(), page.bottom() - FOOTER_PX + 8, page.width(), FOOTER_PX - 8)
    text = doc.footer_text.format(page=number, pages=total) if doc.footer_text else f"{number} / {total}"
    painter.drawText(footer, QtCore.Qt.AlignmentFlag.AlignCenter, text)


def paint_document(
    doc: ProposalDocument, device: QtGui.QPagedPaintDevice, chart_images: Mapping[int, QtGui.QImage] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Draw the whole document onto a paged device (QPdfWriter or QPrinter); returns the page count.

    ``progress(page, pages)`` is called before each page; raising from it stops the document there.
    """
    return _drive(iter_paint_document(doc, device, chart_images), progress)


def iter_paint_document(doc: ProposalDocument, device: QtGui.QPagedPaintDevice,
                        chart_images: Mapping[int, QtGui.QImage] | None = None) -> Generator[tuple[int, int], None, int]:
    """:func:`paint_document` a page at a time: yields ``(page, pages)`` before each page, returns the page count.
    Closing the generator ends the painting cleanly (the device then holds the pages drawn so far)."""
    ensure_application()
    family = cjk_font_family()
    images = render_chart_images(doc) if chart_images is None else chart_images
    scale = device.resolution() / LAYOUT_DPI
    page = QtCore.QRectF(0, 0, device.width() / scale, device.height() / scale)
    body_height = page.height() - HEADER_PX - FOOTER_PX
    text_doc = build_text_document(doc, family, QtCore.QSizeF(page.width(), body_height), images)
    body_pages = text_doc.pageCount()
    total = 1 + body_pages
    painter = QtGui.QPainter()
    if not painter.begin(device):
        raise OSError("cannot start painting on the output device (is the file writable?)")
    try:
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QtGui.QPainter.RenderHint.SmoothPixmapTransform)
        painter.scale(scale, scale)
        yield 1, total
        _draw_cover(painter, doc, family, page)
        layout = text_doc.documentLayout()
        for index in range(body_pages):
            yield index + 2, total
            device.newPage()
            _draw_header_footer(painter, doc, family, page, index + 2, total)
            painter.save()
            painter.translate(0, HEADER_PX - index * body_height)
            clip = QtCore.QRectF(0, index * body_height, page.width(), body_height)
            painter.setClipRect(clip)
            context = QtGui.QAbstractTextDocumentLayout.PaintContext()
            # Lines that start exactly on the next page's first pixel must not be drawn (clipped but
            # still present as text) on this page: keep the layout's clip a pixel short of the edge.
            context.clip = clip.adjusted(0, 0, 0, -1)
            context.palette.setColor(QtGui.QPalette.ColorRole.Text, QtGui.QColor(INK))
            layout.draw(painter, context)
            painter.restore()
    finally:
        painter.end()
    return total


def _drive(pages: Generator[tuple[int, int], None, int], progress: Callable[[int, int], None] | None) -> int:
    """Run a page generator to its end, reporting each page; an exception from ``progress`` closes it."""
    while True:
        try:
            page, total = next(pages)
        except StopIteration as finished:
            return int(finished.value)
        if progress is not None:
            try:
                progress(page, total)
            except BaseException:
                pages.close()
                raise


def pdf_writer(path: str | Path, doc: ProposalDocument) -> QtGui.QPdfWriter:
    writer = QtGui.QPdfWriter(str(path))
    writer.setResolution(PDF_DPI)
    writer.setPageSize(QtGui.QPageSize(QtGui.QPageSize.PageSizeId.A4))
    writer.setPageMargins(MARGINS_MM, QtGui.QPageLayout.Unit.Millimeter)
    writer.setTitle(f"{doc.title} — {doc.project_name}")
    writer.setCreator("gpudesk")
    if doc.branding.author:
        writer.setAuthor(doc.branding.author)
    return writer


def write_proposal_pdf(doc: ProposalDocument, path: str | Path, chart_images: Mapping[int, QtGui.QImage] | None = None,
                       progress: Callable[[int, int], None] | None = None) -> int:
    """Write ``doc`` as an A4 PDF at ``path``; returns the number of pages.

    The pages go to a staging file beside ``path`` that replaces it only when complete and verified (a
    PDF header and end marker: a full disk or a file-size limit fails here, with a message): a failed or
    cancelled export (``progress`` raised) leaves an existing file as it was and no partial PDF behind.
    """
    return _drive(iter_write_proposal_pdf(doc, path, chart_images), progress)


def iter_write_proposal_pdf(doc: ProposalDocument, path: str | Path,
                            chart_images: Mapping[int, QtGui.QImage] | None = None) -> Generator[tuple[int, int], None, int]:
    """:func:`write_proposal_pdf` a page at a time (yields ``(page, pages)``); closing it removes the partial file."""
    ensure_application()
    target = Path(path)
    if not target.parent.is_dir():
        raise OSError(f"folder {target.parent} does not exist")
    writer: QtGui.QPdfWriter | None = None
    try:
        with staged_output(target, verify_pdf) as staged:  # verified (complete PDF) before it replaces target
            writer = pdf_writer(staged, doc)
            pages = yield from iter_paint_document(doc, writer, chart_images)
            writer = None  # QPdfWriter finishes and closes the file when it is destroyed
    except BaseException:  # GeneratorExit (cancelled) included: the staged file is gone, the target untouched
        writer = None  # closed before removal (Windows cannot remove an open file)
        raise
    return pages
