"""Failures are visible: log every uncaught exception and show a copyable report.

An exception in a Qt slot does not stop PySide6 and a windowed build has
no stderr, so without this hook errors would vanish silently.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gpudesk.logs import configure_logging, crash_report
from gpudesk.ui.screen_fit import fit_to_screen

log = logging.getLogger("gpudesk")


class CrashDialog(QDialog):
    """The error, where the report was logged, and the report itself, selectable and copyable."""

    def __init__(self, report: str, log_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("crash-dialog")
        self.setWindowTitle(self.tr("gpudesk hit an error"))
        intro = QLabel(self.tr("Something went wrong. Your plan is autosaved; you can keep working or save it "
                               "under a new name. Please send the report below to your gpudesk contact. "
                               "It was also written to:") + f"\n{log_path}")
        intro.setWordWrap(True)
        intro.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.report = QPlainTextEdit(report)
        self.report.setReadOnly(True)
        self.report.setAccessibleName(self.tr("Error report"))
        copy = QPushButton(self.tr("&Copy report"))
        copy.clicked.connect(lambda: QApplication.clipboard().setText(report))
        close = QPushButton(self.tr("&Close"))
        close.setDefault(True)
        close.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        buttons.addWidget(copy)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.report, 1)
        layout.addLayout(buttons)
        fit_to_screen(self, 760, 460)


def _show_dialog(report: str, log_path: Path) -> None:
    if QApplication.instance() is None:
        return
    CrashDialog(report, log_path, QApplication.activeWindow()).exec()


def install_excepthook(show_dialog: Callable[[str, Path], None] = _show_dialog) -> Callable[..., None]:
    log_path = configure_logging()

    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        report = crash_report(exc_type, exc, tb)
        log.error("uncaught exception\n%s", report)
        if sys.stderr is not None:
            sys.stderr.write(report)
        show_dialog(report, log_path)

    sys.excepthook = hook
    return hook
