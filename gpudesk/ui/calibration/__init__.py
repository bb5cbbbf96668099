"""Calibrate from a pilot run (menu "Calibrate from a pilot…")."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget

from gpudesk.catalog.store import Catalog
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.calibration.dialog import CalibrationDialog

__all__ = ["CalibrationDialog", "open_calibration_dialog"]


def open_calibration_dialog(parent: QWidget, document: ProjectDocument, catalog: Catalog) -> QDialog:
    """Open the (window-modal, non-blocking) calibration dialog over ``parent`` and return it."""
    dialog = CalibrationDialog(document, catalog, parent)
    dialog.open()
    return dialog
