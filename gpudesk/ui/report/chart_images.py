"""Charts of a proposal rendered to images through the same ChartView the app shows."""

from __future__ import annotations

from collections.abc import Callable

from PySide6 import QtGui

from gpudesk.report.chart_text import localise_spec
from gpudesk.report.chart_model import ChartSpec, RackLayoutSpec
from gpudesk.report.document import ChartRef, ProposalDocument
from gpudesk.ui.charts import ChartView
from gpudesk.ui.report.text_layout import CHART_SIZE

PRINT_SCALE = 2  # images carry twice the printed pixel density


def render_chart_images(doc: ProposalDocument, scale: float = PRINT_SCALE,
                        progress: Callable[[int, int], bool] | None = None) -> dict[int, QtGui.QImage] | None:
    """Image for the n-th ChartRef of the document (counting every section), when it carries a spec.

    Charts are widgets, so this runs on the UI thread; ``progress(done, total)`` is called after each chart
    (a caller may process events there) and returns True to stop: then the result is None.
    """
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
            if progress is not None and progress(index + 1, len(refs)):
                return None
    finally:
        view.deleteLater()
    return images
