"""Shared fixtures and helpers for the shell tests (no tests here): a main window with settings and autosaves in temp folders."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QPoint, QTimer, QTranslator
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QApplication, QWidget

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first
from gpudesk.catalog.store import Catalog
from gpudesk.paths import autosave_dir, samples_dir
from gpudesk.project.autosave import AutosaveStore
from gpudesk.ui.settings import AppSettings, open_qsettings

SAMPLES = sorted(samples_dir().glob("*.gpudesk"))


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return Catalog.open()


@pytest.fixture
def settings(tmp_path: Path) -> AppSettings:
    return AppSettings(open_qsettings(tmp_path / "settings.ini"))


@pytest.fixture
def make_window(qtbot, catalog, settings) -> Iterator[Callable[..., object]]:
    from gpudesk.ui.main_window import MainWindow

    made: list[tuple[MainWindow, AutosaveStore]] = []

    def make(plan: Path | None = None, lang: str = "en", screen: QScreen | None = None) -> MainWindow:
        """``screen``: the screen the window opens on, given before it is shown (as the app opens on the screen it
        starts on) rather than moved there after."""
        store = AutosaveStore(autosave_dir())
        window = MainWindow(catalog, lang=lang, autosave=store, settings=settings)
        # not qtbot.addWidget: pytest-qt would close it before this fixture marks it saved, and a dirty
        # window asks "save changes?" in a modal box that nobody answers
        window.open_plan(plan)
        if screen is not None:
            window.setScreen(screen)
            window.move(screen.availableGeometry().topLeft() + QPoint(10, 10))
        window.show()
        made.append((window, store))
        activate(qtbot, window)
        return window

    yield make
    for window, store in made:
        for dialog in list(window.dialogs.open.values()):
            dialog.close()
        discard(window, store)


def discard(window, store: AutosaveStore | None = None) -> None:
    """Close a test's main window without its "save changes?" box (its plan marked saved), delete it (later tests
    count the main windows left), close its autosave store and let Qt process what that posted."""
    if window.document is not None:
        window.document.mark_saved()
    window.close()
    window.deleteLater()
    if store is not None:
        store.close()
    flush()


def activate(qtbot, window: QWidget) -> None:
    """Make ``window`` the active window again (after a modal dialog) so its shortcuts fire."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)


def flush() -> None:
    """Run posted events, deferred deletes included (the event loop is not running in tests)."""
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


def answer_modal(action: Callable[[QWidget], None]) -> None:
    """Drive the next modal dialog (QInputDialog, QMessageBox) once its own event loop runs."""

    def run() -> None:
        widget = QApplication.activeModalWidget()
        if widget is None:
            QTimer.singleShot(10, run)
            return
        action(widget)

    QTimer.singleShot(0, run)


@pytest.fixture
def language_restored(qapp) -> Iterator[None]:
    """Whatever a test switches to, the next test starts with no translator and the locale it had."""
    before = QLocale()
    yield
    for translator in qapp.findChildren(QTranslator):
        QCoreApplication.removeTranslator(translator)
    QLocale.setDefault(before)
    flush()


def priced_manufacturer(folder: Path) -> Path:
    """The manufacturer sample on a GPU with a catalog price, saved in ``folder``: L40S servers outside the China
    market (the shipped China sample runs on L20, which has no published price, and the L40S cannot be bought in
    China). Line 1 is then a single priced node, as tests of the what-if GPU-price driver and single-node pages need."""
    from gpudesk.paths import samples_dir
    from gpudesk.project.io import load_project, save_project

    project = load_project(samples_dir() / "manufacturer-vision-private.gpudesk").project
    for phase in project.phases:
        phase.hardware.accelerator_id, phase.hardware.server_id = "l40s", "pcie-8x-l40s"
        phase.facility.region = "us"
    path = folder / "manufacturer-l40s.gpudesk"
    save_project(project, path)
    return path


def searched_window_at(make_window, stem: str, step_key: str):  # type: ignore[no-untyped-def]
    """Sample ``stem`` opened at wizard step ``step_key`` with its idle layout and configuration searches done."""
    from gpudesk.wizard.steps import step

    window = make_window(next(p for p in SAMPLES if p.stem == stem))
    window.go_to_step(step(step_key).number)
    flush()
    assert window.controller.finish_search()
    return window
