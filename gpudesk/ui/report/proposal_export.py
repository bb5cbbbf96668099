"""Save a proposal as PDF without freezing the window: charts, then pages, in slices, with Cancel.

The charts are drawn by the same ``ChartView`` widgets the app shows, one at a time with the events
processed in between; the pages are then painted onto the PDF one per slice (``BackgroundTask``, see
``gpudesk/ui/background.py`` for why slices and not a pool thread). One window-modal progress dialog covers
both (shown after 300 ms, so a short export never flashes it); Cancel stops at the next chart or page, and a
cancelled or failed export leaves no partial file and an existing file as it was (the pages go to a
temporary file first).
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from pathlib import Path

from PySide6 import QtCore, QtGui, QtWidgets

from gpudesk.report.document import ProposalDocument
from gpudesk.ui.background import BackgroundTask
from gpudesk.ui.report.chart_images import render_chart_images
from gpudesk.ui.report.pdf_writer import iter_write_proposal_pdf

CHARTS_SHARE = 35
"""Percent of the progress bar for drawing the charts (about a third of a full export's time)."""


class ExportCancelled(Exception):
    """The user pressed Cancel."""


def _page_steps(doc: ProposalDocument, images: Mapping[int, QtGui.QImage],
                target: Path) -> Generator[tuple[int, str], None, int]:
    pages = iter_write_proposal_pdf(doc, target, images)
    while True:
        try:
            page, total = next(pages)
        except StopIteration as finished:
            return int(finished.value)
        text = QtCore.QCoreApplication.translate("ProposalExport", "Page {0} of {1}").format(page, total)
        try:
            yield CHARTS_SHARE + (100 - CHARTS_SHARE) * (page - 1) // max(total, 1), text
        except GeneratorExit:
            pages.close()  # removes the partial file
            raise


def export_pdf(parent: QtWidgets.QWidget, doc: ProposalDocument, target: Path) -> int:
    """Write ``doc`` to ``target``; returns the page count. Raises :class:`ExportCancelled` when cancelled and
    ``OSError`` (with the reason) when the file cannot be written."""
    translate = QtCore.QCoreApplication.translate
    dialog = QtWidgets.QProgressDialog(translate("ProposalExport", "Drawing the charts…"),
                                       translate("ProposalExport", "Cancel"), 0, 100, parent)
    dialog.setObjectName("proposal-export-progress")
    dialog.setWindowTitle(translate("ProposalExport", "Saving the proposal"))
    dialog.setWindowModality(QtCore.Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(300)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)
    try:
        def chart_done(done: int, total: int) -> bool:
            dialog.setValue(CHARTS_SHARE * done // max(total, 1))
            QtWidgets.QApplication.processEvents()
            return dialog.wasCanceled()

        images = render_chart_images(doc, progress=chart_done)
        if images is None or dialog.wasCanceled():
            raise ExportCancelled()
        task = BackgroundTask(_page_steps(doc, images, target), parent=dialog)

        def show(percent: int, text: str) -> None:
            dialog.setValue(percent)
            dialog.setLabelText(text)

        task.progress.connect(show)
        dialog.canceled.connect(task.cancel)
        task.start()
        task.wait()
        if task.outcome == "cancelled":
            raise ExportCancelled()
        if task.outcome == "failed":
            raise OSError(task.error.split(": ", 1)[-1])
        return int(task.result)
    finally:
        dialog.close()
        dialog.deleteLater()
