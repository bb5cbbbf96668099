"""Print a ProposalDocument: cover, contents, sections, charts drawn as vectors, outline and links.

``write_proposal_pdf(doc, path)`` writes an A4 PDF with QPdfWriter; ``paint_document(doc, device)`` draws
the same pages onto any paged device, so print preview and printing (QPrinter) show exactly what the PDF
holds. The layout (:mod:`gpudesk.pdf.layout`) places every block before anything is painted; each page is
then painted from its own blocks only. The bundled WenQuanYi Micro Hei is used for every word, so Chinese
never prints as boxes, and Qt embeds only the glyphs used.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

from PySide6 import QtCore, QtGui

from gpudesk.atomic_files import staged_output, verify_pdf
from gpudesk.pdf import styles as S
from gpudesk.pdf.chart_labels import elide, two_lines
from gpudesk.pdf.chart_paint import paint_chart
from gpudesk.pdf.draw import Marks, PageCanvas
from gpudesk.pdf.layout import Laid, layout
from gpudesk.pdf.pdf_post import Bookmark, PdfStructureError, add_navigation
from gpudesk.pdf.qt_setup import cjk_font_family, ensure_application
from gpudesk.pdf.styles import Metrics, wrap
from gpudesk.refusals import Refusal, refusal
from gpudesk.report.document import KeyValueTable, ProposalDocument

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

PDF_DPI = 300
LOGO_BOX = (170.0, 70.0)


@dataclass
class Painted:
    """What a painted document hands to the PDF post-pass."""

    pages: int = 0
    marks: Marks = field(default_factory=Marks)
    laid: Laid | None = None

    def bookmarks(self) -> list[Bookmark]:
        if self.laid is None:
            return []
        out = []
        for entry in self.laid.outline:
            page, y = self.marks.anchors.get(entry.anchor, self.laid.anchors.get(entry.anchor, (0, 0.0)))
            if page:
                out.append(Bookmark(entry.level, entry.title, page, y))
        return out


def logo_problem(path: str) -> Refusal | None:
    """Why the logo at ``path`` cannot be drawn on the cover (None when it can, or when there is none): an empty or
    corrupt .png was left off the cover without a word and the proposal written, by the command line and the
    proposal dialog alike."""
    if not path:
        return None
    if not Path(path).is_file():
        return refusal("logo.missing", path=path)
    ensure_application()  # image format plugins (JPEG) load with the application
    reader = QtGui.QImageReader(path)
    if reader.read().isNull():
        return refusal("logo.unreadable", path=path, why=reader.errorString())
    return None


def _cover(c: PageCanvas, doc: ProposalDocument, family: str) -> None:
    x, width = S.BODY_X, S.BODY_W
    y = 70.0
    logo = QtGui.QImage(doc.branding.logo_path) if doc.branding.logo_path else QtGui.QImage()
    if not logo.isNull():
        size = logo.size().toSizeF().scaled(QtCore.QSizeF(*LOGO_BOX), QtCore.Qt.AspectRatioMode.KeepAspectRatio)
        c.image(logo, x, y, size.width(), size.height())
        y += size.height() + 14
    if doc.branding.company:
        m = Metrics(family, 13.0)
        for line in two_lines(m, doc.branding.company, width):  # a long name wraps, never runs off the page
            c.text(m, x, y, line, S.MUTED)
            y += m.line_height
        y += 8
    y = max(y, S.PAGE_H * 0.27)
    title = Metrics(family, 30.0)
    c.text(title, x, y, doc.title, S.ACCENT)
    y += title.line_height + 10
    name = Metrics(family, 16.0)
    for line in wrap(name, doc.project_name, width):
        c.text(name, x, y, line, S.INK)
        y += name.line_height
    y += 14
    c.line(x, y, x + width, y, S.ACCENT, 1.4)
    y += 18
    rows = [r for s in doc.sections if s.id == "cover" for b in s.blocks if isinstance(b, KeyValueTable) for r in b.rows]
    m = Metrics(family, 10.5)
    for key, value in rows:
        lines = wrap(m, value, width - 130)
        c.text(m, x, y, key, S.MUTED)
        for i, line in enumerate(lines):
            c.text(m, x + 130, y + i * m.line_height, line, S.INK)
        y += len(lines) * m.line_height + 5


def _furniture(c: PageCanvas, doc: ProposalDocument, family: str, number: int, total: int) -> None:
    m = Metrics(family, 7.5)
    top = S.MARGIN_TOP
    header = f"{doc.project_name} — {doc.title}"
    right = elide(m, doc.branding.company, S.BODY_W / 2)  # the plan's name keeps the left half at least
    room = S.BODY_W - (m.width(right) + 12 if right else 0)
    while m.width(header) > room and len(header) > 4:
        header = header[:-2]
    if header != f"{doc.project_name} — {doc.title}":
        header += "…"
    c.text(m, S.BODY_X, top, header, S.MUTED)
    if right:
        c.text(m, S.BODY_X, top, right, S.MUTED, "right", S.BODY_W)
    c.line(S.BODY_X, top + m.line_height + 2, S.BODY_X + S.BODY_W, top + m.line_height + 2, S.RULE, 0.6)
    footer = doc.footer_text.format(page=number, pages=total) if doc.footer_text else f"{number} / {total}"
    c.text(m, S.BODY_X, S.PAGE_H - S.MARGIN_BOTTOM - m.line_height, footer, S.MUTED, "center", S.BODY_W)


def _is_printer(device: QtGui.QPagedPaintDevice) -> TypeGuard[QPrinter]:
    """Whether ``device`` is a QPrinter. A QPrinter exists only once QtPrintSupport is loaded (the window's print
    preview loads it), so the PDF path never imports QtPrintSupport (and QtWidgets under it) just to ask."""
    support = sys.modules.get("PySide6.QtPrintSupport")
    return support is not None and isinstance(device, support.QPrinter)


def _prepare(device: QtGui.QPagedPaintDevice) -> None:
    device.setPageSize(QtGui.QPageSize(QtGui.QPageSize.PageSizeId.A4))
    if _is_printer(device):
        device.setFullPage(True)  # the layout places its own margins
    else:
        device.setPageMargins(QtCore.QMarginsF(0, 0, 0, 0), QtGui.QPageLayout.Unit.Point)


def _resolution(device: QtGui.QPagedPaintDevice) -> int:
    """Dots per inch of the page: QPdfWriter and QPrinter (the devices gpudesk paints on) both report it."""
    resolution = getattr(device, "resolution", None)
    return int(resolution()) if callable(resolution) else device.logicalDpiX()


def iter_paint_document(doc: ProposalDocument, device: QtGui.QPagedPaintDevice,
                        painted: Painted | None = None) -> Generator[tuple[int, int], None, int]:
    """Paint page by page: yields ``(page, pages)`` before each page and returns the page count. Closing the
    generator ends the painting cleanly (the device holds the pages drawn so far)."""
    ensure_application()
    family = cjk_font_family()
    result = painted if painted is not None else Painted()
    laid = layout(doc, family)
    result.laid = laid
    total = laid.total
    _prepare(device)
    painter = QtGui.QPainter()
    if not painter.begin(device):
        raise OSError("cannot start painting on the output device (is the file writable?)")
    scale = device.logicalDpiX() / 72.0
    marks = result.marks

    def chart(p: QtGui.QPainter, spec: object, rect: QtCore.QRectF) -> None:
        paint_chart(p, spec, rect, family, doc.lang)

    try:
        painter.scale(scale / S.SCALE, scale / S.SCALE)  # quarter points (gpudesk.pdf.draw)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        yield 1, total
        _cover(PageCanvas(painter, 1, marks, chart), doc, family)
        number = 1
        for placed in [*laid.toc_pages, *laid.pages]:
            number += 1
            yield number, total
            device.newPage()
            canvas = PageCanvas(painter, number, marks, chart)
            _furniture(canvas, doc, family, number, total)
            for flowable, x, y in placed:
                flowable.paint(canvas, x, y)
    finally:
        painter.end()
    result.pages = total
    return total


def _drive(steps: Generator[tuple[int, int], None, int], progress: Callable[[int, int], None] | None) -> int:
    """Run a page generator to its end, reporting each page; an exception from ``progress`` closes it."""
    while True:
        try:
            page, total = next(steps)
        except StopIteration as finished:
            return int(finished.value)
        if progress is not None:
            try:
                progress(page, total)
            except BaseException:
                steps.close()
                raise


def paint_document(doc: ProposalDocument, device: QtGui.QPagedPaintDevice,
                   progress: Callable[[int, int], None] | None = None) -> int:
    """Draw the whole document onto a paged device (QPdfWriter or QPrinter); returns the page count.

    ``progress(page, pages)`` is called before each page; raising from it stops the document there.
    """
    return _drive(iter_paint_document(doc, device), progress)


def pdf_writer(path: str | Path, doc: ProposalDocument) -> QtGui.QPdfWriter:
    writer = QtGui.QPdfWriter(str(path))
    writer.setResolution(PDF_DPI)
    writer.setTitle(f"{doc.title} — {doc.project_name}")
    writer.setCreator("gpudesk")
    if doc.branding.author:
        writer.setAuthor(doc.branding.author)
    return writer


def write_proposal_pdf(doc: ProposalDocument, path: str | Path,
                       progress: Callable[[int, int], None] | None = None) -> int:
    """Write ``doc`` as an A4 PDF at ``path``; returns the number of pages.

    The pages go to a staging file beside ``path`` that replaces it only when complete and verified (a
    PDF header and end marker: a full disk or a file-size limit fails here, with a message): a failed or
    cancelled export (``progress`` raised) leaves an existing file as it was and no partial PDF behind.
    """
    return _drive(iter_write_proposal_pdf(doc, path), progress)


def iter_write_proposal_pdf(doc: ProposalDocument, path: str | Path) -> Generator[tuple[int, int], None, int]:
    """:func:`write_proposal_pdf` a page at a time (yields ``(page, pages)``); closing it removes the partial file."""
    ensure_application()
    target = Path(path)
    if not target.parent.is_dir():
        raise OSError(f"folder {target.parent} does not exist")
    writer: QtGui.QPdfWriter | None = None
    painted = Painted()
    try:
        with staged_output(target, verify_pdf) as staged:  # verified (complete PDF) before it replaces target
            writer = pdf_writer(staged, doc)
            pages = yield from iter_paint_document(doc, writer, painted)
            writer = None  # QPdfWriter finishes and closes the file when it is destroyed
            try:
                add_navigation(str(staged), painted.bookmarks(), painted.marks.links, painted.marks.anchors)
            except (PdfStructureError, KeyError, AttributeError, ValueError):
                pass  # the pages are complete; only the outline and links are missing
    except BaseException:  # GeneratorExit (cancelled) included: the staged file is gone, the target untouched
        writer = None  # closed before removal (Windows cannot remove an open file)
        raise
    return pages
