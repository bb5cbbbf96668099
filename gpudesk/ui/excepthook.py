"""Failures are visible: log every uncaught exception and show a copyable report.

An exception in a Qt slot does not stop PySide6 and a windowed build has
no stderr, so without this hook errors would vanish silently.
"""

from __future__ import annotations

import datetime as _dt
import logging
import platform
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox

from gpudesk import __version__
from gpudesk.paths import user_log_dir

log = logging.getLogger("gpudesk")


def configure_logging() -> Path:
    path = user_log_dir() / "gpudesk.log"
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("gpudesk")
    if not any(isinstance(h, logging.FileHandler) for h in root.handlers):
        root.addHandler(handler)
    root.setLevel(logging.INFO)
    return path


def crash_report(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> str:
    lines = traceback.format_exception(exc_type, exc, tb)
    return (
        f"gpudesk {__version__} — {_dt.datetime.now().isoformat(timespec='seconds')}\n"
        f"Python {platform.python_version()} on {platform.platform()}\n\n" + "".join(lines)
    )


def _show_dialog(report: str, log_path: Path) -> None:
    if QApplication.instance() is None:
        return
    box = QMessageBox()
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(QApplication.translate("Crash", "gpudesk hit an error"))
    box.setText(
        QApplication.translate("Crash", "Something went wrong. Your work is autosaved. The report below was written to:")
        + f"\n{log_path}"
    )
    box.setDetailedText(report)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()


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
