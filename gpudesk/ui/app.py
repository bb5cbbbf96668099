"""Start the desktop app: settings, language, theme, fonts, crash reporting, catalog, main window, recovery.

The main window is held through a :class:`LanguageSwitch`, which replaces it
when the interface language changes in the preferences; ``Started.window`` is
always the window shown now.
"""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import gpudesk.ui.early_imports  # before PySide6: see that module

# isort: split
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

gpudesk.ui.early_imports.spare_source_reads()  # before the imports below: see that function

from gpudesk import __version__  # noqa: E402
from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.store import Catalog
from gpudesk.paths import autosave_dir, samples_dir
from gpudesk.project.autosave import AutosaveStore
from gpudesk.project.cleanup import clean_at_startup
from gpudesk.project.errors import ProjectFileError
from gpudesk.project.recent import RecentFiles
from gpudesk.ui.excepthook import install_excepthook
from gpudesk.ui.fonts import apply_application_font
from gpudesk.ui.i18n import InstalledLanguage, choose_language, install_language, system_language
from gpudesk.ui.language_switch import LanguageSwitch
from gpudesk.ui.recovery_dialog import RecoveryDialog, offer_recovery
from gpudesk.ui.settings import AppSettings, open_qsettings
from gpudesk.ui.theme import apply_theme
from gpudesk.ui.widgets.session_text import error_words

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow

FIRST_SAMPLE = "startup-inspection.gpudesk"
GC_RESUME_FALLBACK_MS = 5000
"""Start-up pauses the cyclic garbage collector until the first results are on screen (see pause_collection); at
the latest this long after the window was built, should no estimate ever arrive."""
log = logging.getLogger("gpudesk.app")


@dataclass(frozen=True)
class Started:
    language_switch: LanguageSwitch  # holds the main window; rebuilds it when the interface language changes
    autosave: AutosaveStore | None
    recovery: RecoveryDialog | None  # shown when a crashed session left autosaves (a child of the first window)

    @property
    def window(self) -> MainWindow:
        """The main window shown now (a new one after each language switch)."""
        return self.language_switch.window

    def __iter__(self) -> Iterator[object]:
        """Unpacks as ``window, autosave, recovery``."""
        return iter((self.window, self.autosave, self.recovery))


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="gpudesk", description="Size GPU infrastructure and explain every number.")
    parser.add_argument("plan", nargs="?", help="a .gpudesk plan to open")
    parser.add_argument("--lang", choices=("zh", "en"), help="interface language (default: preferences, then system)")
    parser.add_argument("--screenshot", metavar="PNG", help="render the window to PNG and exit (for docs and tests)")
    return parser.parse_args(argv)


def make_application() -> QApplication:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName("gpudesk")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("gpudesk")
    return app


def start(args: argparse.Namespace, app: QApplication, settings: AppSettings | None = None,
          language: InstalledLanguage | None = None) -> Started:
    """Open the catalog and the main window, and offer recovery of a crashed session's autosaves.

    ``language``: the translators the caller installed for ``args.lang``, handed to the
    :class:`LanguageSwitch` to replace when the preference changes; ``None`` when the caller installed none.
    Raises CatalogError when the catalog cannot be opened.
    """
    settings = settings or AppSettings(open_qsettings())
    apply_theme(app, settings.get("preferences/theme"))
    catalog = Catalog.open()
    from gpudesk.ui.main_window import MainWindow

    try:
        autosave: AutosaveStore | None = AutosaveStore(autosave_dir())
    except (ProjectFileError, OSError) as exc:
        autosave = None
        QMessageBox.warning(None, "gpudesk", app.translate("App", "Autosave is off: {0}").format(error_words(exc)))
    window = MainWindow(catalog, lang=args.lang, autosave=autosave, settings=settings)
    plan = Path(args.plan) if args.plan else None
    if plan is None and (samples_dir() / FIRST_SAMPLE).exists():
        plan = samples_dir() / FIRST_SAMPLE
    _clean_up(settings, plan, autosave)
    # The window paints with the plan's inputs first; the estimate (and the estimation core's import) follows
    # at the next event-loop turn. A screenshot is taken right away, so it waits for the estimate.
    window.open_plan(plan, estimate_later=not args.screenshot)
    language_switch = LanguageSwitch(app, language or InstalledLanguage(window.lang), window)
    window.show()
    _report_catalog_recovery(app, window, catalog)
    recovery: RecoveryDialog | None = None
    if autosave is not None and not args.screenshot:
        recovery = offer_recovery(window, autosave, window.files.restore)
    return Started(language_switch, autosave, recovery)


def _report_catalog_recovery(app: QApplication, window: MainWindow, catalog: Catalog) -> QMessageBox | None:
    """Say (without blocking) what opening the user catalog had to do: rows quarantined, a damaged file rebuilt."""
    if not catalog.recovery:
        return None
    for line in catalog.recovery:
        log.warning("user catalog: %s", line)
    box = QMessageBox(QMessageBox.Icon.Warning, "gpudesk",
                      app.translate("App", "Your own catalog needed attention; gpudesk started with what could be "
                                           "read. Details:"), QMessageBox.StandardButton.Close, window)
    box.setObjectName("catalog-recovery")
    box.setInformativeText("\n".join(catalog.recovery[:20]))
    box.open()
    window.catalog_recovery_box = box  # type: ignore[attr-defined]  # kept alive while open
    return box


def _clean_up(settings: AppSettings, plan: Path | None, autosave: AutosaveStore | None) -> None:
    """Remove what interrupted runs left: stale staging files beside plans, dead empty autosave sessions."""
    folders = [p.parent for p in RecentFiles().files()]
    last = settings.get("ui/last_folder")
    folders += [Path(last)] if last else []
    folders += [plan.parent] if plan is not None else []
    clean_at_startup(autosave_dir(), folders, autosave.session_id if autosave is not None else "")


def pause_collection() -> None:
    """Pause Python's cyclic garbage collector for the start-up: importing ~500 modules and building the window
    creates objects fast enough to run ~130 collections before the first results, ~100 ms of CPU on the bank
    sample at load 14, and almost nothing they make is garbage. ``gpudesk.cli.main`` pauses it before importing
    this module; :func:`run_app` resumes it once the first results are painted (:func:`resume_collection`)."""
    gc.disable()


def resume_collection() -> None:
    """Resume the collector, first moving what start-up made into the permanent generation (``gc.freeze``):
    paused, every object start-up made stayed in the youngest generation, and the first collection after a plain
    ``gc.enable()`` scanned them all (bench_startup: 0.11 s -> 0.25 s of CPU from the first paint to the first
    results). The catalog, the modules and the window live as long as the app; a cycle start-up left behind stays
    in memory. Idempotent."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _resume_collection_after_results(window: MainWindow) -> None:
    """Resume the collector at the event-loop turn after the first estimate (or the reason it failed) reached the
    window, or after GC_RESUME_FALLBACK_MS."""
    if gc.isenabled():
        return
    if window.controller.estimate is not None or window.controller.last_error:
        resume_collection()
        return
    once = Qt.ConnectionType.SingleShotConnection
    window.controller.estimated.connect(lambda _estimate: QTimer.singleShot(0, resume_collection), once)
    window.controller.failed.connect(lambda _reason: QTimer.singleShot(0, resume_collection), once)
    QTimer.singleShot(GC_RESUME_FALLBACK_MS, resume_collection)


def run_app(argv: list[str]) -> int:
    pause_collection()  # resumed below, once the first results are on screen
    try:
        return _run(argv)
    finally:
        resume_collection()


def _run(argv: list[str]) -> int:
    args = parse_args(argv)
    app = make_application()
    install_excepthook()
    apply_application_font(app)
    settings = AppSettings(open_qsettings())
    # translators before any widget: texts are translated when widgets are built (a switch rebuilds the window)
    language = install_language(app, choose_language(args.lang, settings.get("preferences/language"), system_language()))
    args.lang = language.lang
    try:
        started = start(args, app, settings, language)
    except CatalogError as exc:
        QMessageBox.critical(None, "gpudesk", app.translate("App", "The catalog cannot be opened: {0}").format(error_words(exc)))
        return 2
    _resume_collection_after_results(started.window)
    if args.screenshot:
        app.processEvents()
        started.window.grab().save(args.screenshot)
        code = 0
    else:
        code = app.exec()  # `started` holds the window shown now, through every language switch
    if started.autosave is not None:
        started.autosave.close()
    return code
