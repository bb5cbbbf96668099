"""Start the desktop app: fonts, crash reporting, catalog, main window."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication, QMessageBox

from gpudesk import __version__
from gpudesk.catalog.store import Catalog, CatalogError
from gpudesk.paths import autosave_dir, samples_dir
from gpudesk.project.autosave import AutosaveStore
from gpudesk.ui.excepthook import install_excepthook
from gpudesk.ui.fonts import apply_application_font


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="gpudesk", description="Size GPU infrastructure and explain every number.")
    parser.add_argument("plan", nargs="?", help="a .gpudesk plan to open")
    parser.add_argument("--lang", choices=("zh", "en"), help="interface language (default: system locale)")
    parser.add_argument("--screenshot", metavar="PNG", help="render the window to PNG and exit (for docs and tests)")
    return parser.parse_args(argv)


def default_language() -> str:
    return "zh" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def run_app(argv: list[str]) -> int:
    args = parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("gpudesk")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("gpudesk")
    install_excepthook()
    apply_application_font(app)
    try:
        catalog = Catalog.open()
    except CatalogError as exc:
        QMessageBox.critical(None, "gpudesk", f"The catalog cannot be opened: {exc}")
        return 2
    from gpudesk.ui.main_window import MainWindow

    autosave = AutosaveStore(autosave_dir())
    window = MainWindow(catalog, lang=args.lang or default_language(), autosave=autosave)
    plan = Path(args.plan) if args.plan else None
    if plan is None and (samples_dir() / "startup-inspection.gpudesk").exists():
        plan = samples_dir() / "startup-inspection.gpudesk"
    window.open_plan(plan)
    window.show()
    if args.screenshot:
        app.processEvents()
        window.grab().save(args.screenshot)
        autosave.close()
        return 0
    code = app.exec()
    autosave.close()
    return code
