"""Charts of a proposal rendered to images through the same ChartView the app shows."""

from __future__ import annotations

from collections.abc import Generator

from PySide6 import QtGui

from gpudesk.report.chart_text import localise_spec
from gpudesk.results.chart_model import ChartSpec, RackLayoutSpec
from gpudesk.report.document import ChartRef, ProposalDocument
from gpudesk.plotting import ChartView
from gpudesk.pdf.text_layout import CHART_SIZE

PRINT_SCALE = 2  # images carry twice the printed pixel density


def render_chart_images(doc: ProposalDocument, scale: float = PRINT_SCALE) -> dict[int, QtGui.QImage]:
    """Image for the n-th ChartRef of the document (counting every section), when it carries a spec."""
    charts = iter_chart_images(doc, scale)
    while True:
        try:
            next(charts)
        except StopIteration as finished:
            return finished.value


def iter_chart_images(doc: ProposalDocument,
                      scale: float = PRINT_SCALE) -> Generator[tuple[int, int], None, dict[int, QtGui.QImage]]:
    """:func:`render_chart_images` a chart at a time: yields ``(done, total)`` after each chart and returns the
    images. Charts are widgets, so this runs on the UI thread."""
    refs = [b for s in doc.sections for b in s.blocks if isinstance(b, ChartRef)]
    images: dict[int, QtGui.QImage] = {}
    if not any(isinstance(r.spec, (ChartSpec, RackLayoutSpec)) for r in refs):
        return images
    view = ChartView(theme="light")
    try:
        width, height = CHART_SIZE
        for index, ref in enumerate(refs):
            if isinstance(ref.spec, (ChartSpec, RackLayoutSpec)):
                view.set_spec(localise_spec(ref.spec, doc.lang))
                images[index] = view.render_to_image(width, height, scale)
            yield index + 1, len(refs)
    finally:
        view.deleteLater()
    return images
