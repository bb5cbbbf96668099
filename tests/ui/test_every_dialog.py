"""Every dialog the window opens, opened and closed as a user does: menu action or shortcut, then Close.

Print preview is among them (it crashed the app: the printer it drew on was freed while it was shown).
The preview is also printed, to a PDF printer, and that file read back.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QApplication, QDialog, QInputDialog, QWidget
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.ui.actions import ActionId

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
from pdf_support import pdf_text  # noqa: E402

pytestmark = [pytest.mark.gui, pytest.mark.shared_searches]  # tests/search_memo.py: reads no pending search state
STARTUP = next(p for p in SAMPLES if p.name == "startup-inspection.gpudesk")
# action -> name under which window.dialogs keeps what it opened (modal ones are answered instead)
KEPT = {
    ActionId.EXPORT_PROPOSAL: "proposal",
    ActionId.PRINT_PREVIEW: "print_preview",
    ActionId.PREFERENCES: "preferences",
    ActionId.BROWSE_CATALOG: "catalog",
    ActionId.CALIBRATE: "calibration",
    ActionId.USER_GUIDE: "user_guide",
    ActionId.ABOUT: "about",
}


def _close_when_modal(seen: list[str], accept: bool = False) -> None:
    """Close (or accept) the next modal dialog once its own event loop runs, noting its class."""

    def run() -> None:
        widget = QApplication.activeModalWidget()
        if widget is None:
            QTimer.singleShot(10, run)
            return
        seen.append(type(widget).__name__)
        (widget.accept if accept else widget.reject)()

    QTimer.singleShot(0, run)


def _preview_pages(preview: QPrintPreviewDialog) -> int:
    widget = preview.findChild(QPrintPreviewWidget)
    assert widget is not None
    widget.updatePreview()
    return widget.pageCount()


def test_every_menu_dialog_opens_and_closes(qtbot, make_window, tmp_path, monkeypatch):
    window = make_window(STARTUP)
    for action, name in KEPT.items():
        window.actions_[action].trigger()
        dialog = window.dialogs.open[name]
        qtbot.waitUntil(dialog.isVisible, timeout=10_000)
        gc.collect()  # whatever a dialog uses must be owned by it, not by a local that is gone by now
        flush()
        if action == ActionId.PRINT_PREVIEW:
            assert isinstance(dialog, QPrintPreviewDialog) and _preview_pages(dialog) > 5
        dialog.close()
        flush()
        assert not dialog.isVisible(), name
    seen: list[str] = []
    _close_when_modal(seen)
    window.actions_[ActionId.RENAME_PHASE].trigger()
    assert seen == ["QInputDialog"]
    phase = window.commands.edit_phase()
    qtbot.waitUntil(phase.isVisible)
    phase.close()
    monkeypatch.setattr("gpudesk.ui.window_dialogs.QFileDialog.getOpenFileNames",
                        lambda *a, **k: ([str(p) for p in SAMPLES[:2]], ""))
    window.actions_[ActionId.COMPARE].trigger()
    compare = window.dialogs.open["compare"]
    qtbot.waitUntil(compare.isVisible)
    compare.close()
    flush()


def test_print_preview_shortcut_opens_a_preview_that_prints(qtbot, make_window, tmp_path):
    window = make_window(STARTUP, lang="zh")
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    preview = window.dialogs.open["print_preview"]
    qtbot.waitUntil(preview.isVisible, timeout=10_000)
    gc.collect()
    flush()
    pages = _preview_pages(preview)
    assert pages > 5
    printer = preview.printer_in_use
    out = tmp_path / "printed.pdf"
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    preview.findChild(QPrintPreviewWidget).print_()  # what the preview's Print button does after its dialog
    text = pdf_text(out)
    assert "技术方案书" in text and text.count("\f") + 1 == pages
    preview.close()
    flush()


def test_proposal_dialog_preview_and_print_buttons(qtbot, make_window, monkeypatch, tmp_path):
    window = make_window(STARTUP)
    window.actions_[ActionId.EXPORT_PROPOSAL].trigger()
    dialog = window.dialogs.open["proposal"]
    seen: list[str] = []
    _close_when_modal(seen)
    dialog.preview_button.click()  # modal preview: shown, painted, closed
    gc.collect()
    assert seen == ["QPrintPreviewDialog"]
    printed = tmp_path / "print.pdf"

    def accept_to_pdf(self: QPrintDialog) -> int:
        self.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        self.printer().setOutputFileName(str(printed))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", accept_to_pdf)
    dialog.print_button.click()
    assert printed.read_bytes()[:5] == b"%PDF-"
    dialog.close()
    flush()
    assert not [w for w in QApplication.topLevelWidgets()
                if isinstance(w, (QPrintPreviewDialog, QInputDialog)) and w.isVisible()]
    assert isinstance(window, QWidget)
