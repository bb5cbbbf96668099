"""Saving a proposal keeps the window live, can be cancelled, and never leaves a partial PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QProgressDialog, QPushButton, QWidget

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.pdf.pdf_writer import write_proposal_pdf
from gpudesk.report.document import Branding
from gpudesk.report.proposal import build_proposal
from gpudesk.ui.report.proposal_export import ExportCancelled, export_pdf

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "bank-llm-assistant.gpudesk"


@pytest.fixture(scope="module")
def document(searched_sample):
    plan, project = searched_sample(SAMPLE.stem)  # the session's searched sample
    return build_proposal(plan, project, "zh", Branding())


def test_export_writes_every_page_while_the_event_loop_keeps_running(qtbot, document, tmp_path) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    target = tmp_path / "proposal.pdf"
    try:
        pages = export_pdf(parent, document, target)
    finally:
        timer.stop()
    assert pages > 10 and target.read_bytes()[:5] == b"%PDF-"
    assert len(ticks) >= 5  # the UI thread served timers (and so repaints and input) during the export
    assert not list(tmp_path.glob("*.gpudesk-tmp"))


def test_cancel_leaves_an_existing_file_as_it_was(qtbot, document, tmp_path) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    target = tmp_path / "proposal.pdf"
    target.write_bytes(b"the user's earlier proposal")

    def press_cancel() -> None:  # in the dialog's Cancel, once the pages are being written
        dialog = parent.findChild(QProgressDialog)
        if dialog is None or not list(tmp_path.glob("*.gpudesk-tmp")):
            QTimer.singleShot(5, press_cancel)
            return
        dialog.findChild(QPushButton).click()

    QTimer.singleShot(5, press_cancel)
    with pytest.raises(ExportCancelled):
        export_pdf(parent, document, target)
    assert target.read_bytes() == b"the user's earlier proposal"
    assert not list(tmp_path.glob("*.gpudesk-tmp"))


def test_a_failure_mid_document_leaves_no_partial_file(document, tmp_path) -> None:
    target = tmp_path / "proposal.pdf"

    def stop_at_page_three(page: int, _pages: int) -> None:
        if page == 3:
            raise RuntimeError("stopped")

    with pytest.raises(RuntimeError, match="stopped"):
        write_proposal_pdf(document, target, progress=stop_at_page_three)
    assert list(tmp_path.iterdir()) == []


def test_cancelling_between_pages_removes_the_partial_file(qtbot, document, tmp_path) -> None:
    from gpudesk.ui.background import BackgroundTask
    from gpudesk.ui.report.proposal_export import _export_steps

    target = tmp_path / "proposal.pdf"
    task = BackgroundTask(_export_steps(document, target))
    pages_seen: list[str] = []
    task.progress.connect(lambda _pct, text: pages_seen.append(text) if text.startswith("Page") else None)
    task.start()
    qtbot.waitUntil(lambda: len(pages_seen) >= 3, timeout=20_000)
    assert list(tmp_path.glob("*.gpudesk-tmp"))  # pages are being written to the temporary file
    task.cancel()
    assert task.outcome == "cancelled"
    assert list(tmp_path.iterdir()) == []
