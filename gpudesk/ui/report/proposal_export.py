"""Save a proposal as PDF without freezing the window: the layout, then one slice per page, with Cancel.

Run by ``run_with_progress`` (``gpudesk/ui/background.py`` says why slices and not a pool thread): a
window-modal progress dialog (shown after 300 ms, so a short export never flashes it); Cancel stops at the
next page, and a cancelled or failed export leaves no partial file and an existing file as it was (the pages
go to a temporary file first). Charts are drawn as vectors with their page.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtWidgets

from gpudesk.pdf.pdf_writer import iter_write_proposal_pdf
from gpudesk.report.document import ProposalDocument
from gpudesk.ui.background import BackgroundError, run_with_progress


class ExportCancelled(Exception):
    """The user pressed Cancel."""


def _scaled(steps: Generator[tuple[int, int], None, Any], start: int, share: int,
            text: Callable[[int, int], str]) -> Generator[tuple[int, str], None, Any]:
    """``steps`` (yielding ``(done, total)``) as progress from ``start`` to ``start + share`` percent; closing this
    closes ``steps`` (which removes a partial PDF)."""
    try:
        while True:
            try:
                done, total = next(steps)
            except StopIteration as finished:
                return finished.value
            yield start + share * done // max(total, 1), text(done, total)
    finally:
        steps.close()


def _export_steps(doc: ProposalDocument, target: Path) -> Generator[tuple[int, str], None, int]:
    translate = QtCore.QCoreApplication.translate
    pages = yield from _scaled(iter_write_proposal_pdf(doc, target), 0, 100,
                               lambda page, total: translate("ProposalExport", "Page {0} of {1}").format(page, total))
    return int(pages)


def export_pdf(parent: QtWidgets.QWidget, doc: ProposalDocument, target: Path) -> int:
    """Write ``doc`` to ``target`` behind a progress dialog with Cancel; returns the page count. Raises
    :class:`ExportCancelled` when cancelled and ``OSError`` (with the reason) when the file cannot be written."""
    title = QtCore.QCoreApplication.translate("ProposalExport", "Saving the proposal")
    try:
        pages = run_with_progress(parent, title, _export_steps(doc, target))
    except BackgroundError as exc:
        raise OSError(str(exc).split(": ", 1)[-1]) from None
    if pages is None:
        raise ExportCancelled()
    return pages
