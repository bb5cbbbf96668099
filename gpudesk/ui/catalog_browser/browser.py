"""The catalog browser: every catalog table, its sources, comparisons, user rows and exchange."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QMessageBox,
    QSplitter,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.schema import TABLES
from gpudesk.catalog.store import Catalog
from gpudesk.logs import internal_error
from gpudesk.ui.catalog_browser.comparison import MAX_COMPARED, ComparisonDialog
from gpudesk.ui.catalog_browser.detail_pane import DetailPane
from gpudesk.ui.catalog_browser.exchange import (
    ImportOutcome,
    ImportReportDialog,
    export_package,
    export_table_csv,
    import_package,
    import_table_csv,
)
from gpudesk.ui.catalog_browser.row_form import RowFormDialog
from gpudesk.ui.catalog_browser.table_page import TablePage
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.ui.widgets.session_text import session_language

# The order architects work in: hardware first, then fabric, storage, prices, facility, workloads.
TABLE_ORDER = ("accelerators", "servers", "interconnects", "switches", "nics", "storage_options",
               "cloud_offers", "facility_defaults", "models")
PACKAGE_FILTER = "gpudesk catalog package (*.gpcat.zip *.zip)"


class CatalogBrowser(QWidget):
    """Browse, compare, edit and exchange catalog rows. ``catalog_changed`` fires after any write."""

    catalog_changed = Signal()

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.pages: dict[str, TablePage] = {}
        self.open_dialogs: list[QDialog] = []
        self.tabs = QTabWidget(self)
        for table in [t for t in TABLE_ORDER if t in TABLES] + [t for t in TABLES if t not in TABLE_ORDER]:
            page = TablePage(catalog, table, self.tabs)
            page.selection_changed.connect(self._selection_changed)
            self.pages[table] = page
            self.tabs.addTab(page, self._tab_title(table))
        self.tabs.currentChanged.connect(lambda _i: self._selection_changed(self.current_page().selected_records()))
        self.detail = DetailPane(catalog, self)
        self.toolbar = QToolBar(self)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self._build_actions()
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.tabs)
        splitter.addWidget(self.detail)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([980, 500])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.toolbar)
        layout.addWidget(splitter, 1)
        self._selection_changed([])

    def _tab_title(self, table: str) -> str:
        titles = {"accelerators": self.tr("Accelerators"), "servers": self.tr("Servers"),
                  "interconnects": self.tr("Interconnects"), "switches": self.tr("Switches"), "nics": self.tr("NICs"),
                  "storage_options": self.tr("Storage"), "cloud_offers": self.tr("Cloud offers"),
                  "facility_defaults": self.tr("Facility"), "models": self.tr("Models"),
                  "availability": self.tr("Availability")}
        return titles.get(table, TABLES[table].title)

    def _build_actions(self) -> None:
        bar = self.toolbar
        self.add_action = bar.addAction(self.tr("Add row…"), lambda: self.open_row_form("add"))
        self.edit_action = bar.addAction(self.tr("Edit…"), lambda: self.open_row_form("edit"))
        self.duplicate_action = bar.addAction(self.tr("Duplicate…"), lambda: self.open_row_form("duplicate"))
        self.delete_action = bar.addAction(self.tr("Delete"), self._confirm_delete)
        bar.addSeparator()
        self.compare_action = bar.addAction(self.tr("Compare"), self.open_comparison)
        bar.addSeparator()
        self.import_csv_action = bar.addAction(self.tr("Import CSV…"), self._choose_csv_import)
        self.export_csv_action = bar.addAction(self.tr("Export CSV…"), self._choose_csv_export)
        self.import_package_action = bar.addAction(self.tr("Import price list…"), self._choose_package_import)
        self.export_package_action = bar.addAction(self.tr("Export price list…"), self._choose_package_export)
        self.edit_action.setToolTip(self.tr("Edit your own row (shipped rows: duplicate them first)"))
        self.delete_action.setToolTip(self.tr("Delete your own rows; shipped rows cannot be deleted"))
        self.compare_action.setToolTip(self.tr("Select 2 to {0} rows of this table to compare").format(MAX_COMPARED))
        self.import_package_action.setToolTip(self.tr("Import a catalog package shared by your team"))
        self.export_package_action.setToolTip(self.tr("Share all your rows and their sources as one file"))

    # -- state --------------------------------------------------------------
    def current_table(self) -> str:
        return self.current_page().table

    def current_page(self) -> TablePage:
        page = self.tabs.currentWidget()
        assert isinstance(page, TablePage)
        return page

    def show_table(self, table: str) -> TablePage:
        page = self.pages[table]
        self.tabs.setCurrentWidget(page)
        return page

    def select(self, table: str, ids: list[str]) -> None:
        self.show_table(table).select_ids(ids)

    def selected_records(self) -> list[Any]:
        return self.current_page().selected_records()

    def _selection_changed(self, records: list[Any]) -> None:
        one = len(records) == 1
        self.edit_action.setEnabled(one and records[0].provenance.user_row)
        self.duplicate_action.setEnabled(one)
        self.delete_action.setEnabled(bool(records) and all(r.provenance.user_row for r in records))
        self.compare_action.setEnabled(2 <= len(records) <= MAX_COMPARED)
        if one:
            self.detail.show_record(self.current_table(), records[0])
        elif not records:
            self.detail.show_nothing()

    def reload(self) -> None:
        for page in self.pages.values():
            page.reload()
        self._selection_changed(self.selected_records())
        self.catalog_changed.emit()

    def _keep(self, dialog: QDialog) -> QDialog:
        self.open_dialogs.append(dialog)
        dialog.finished.connect(lambda _r, d=dialog: self.open_dialogs.remove(d) if d in self.open_dialogs else None)
        dialog.open()
        return dialog

    # -- rows ---------------------------------------------------------------
    def open_row_form(self, mode: str) -> RowFormDialog:
        table = self.current_table()
        records = self.selected_records()
        base = records[0] if mode != "add" and records else None
        if mode == "edit" and base is not None and not base.provenance.user_row:
            mode = "duplicate"  # shipped rows are never edited in place
        dialog = RowFormDialog(self.catalog, table, mode, base, self)
        dialog.accepted.connect(lambda: self._row_saved(table, dialog))
        self._keep(dialog)
        return dialog

    def _row_saved(self, table: str, dialog: RowFormDialog) -> None:
        self.reload()
        if dialog.saved is not None:
            self.select(table, [dialog.saved.id])

    def delete_rows(self, table: str, ids: list[str]) -> list[str]:
        """Delete user rows; returns the ids that could not be deleted, with the reason shown."""
        refused = []
        for rid in ids:
            try:
                self.catalog.delete_row(table, rid)
            except CatalogError as exc:
                refused.append(f"{rid}: {exc}")
        self.reload()
        if refused:
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Not deleted"), "\n".join(refused),
                              QMessageBox.StandardButton.Close, self)
            self._keep(box)
        return refused

    def _confirm_delete(self) -> None:
        table, records = self.current_table(), self.selected_records()
        if not records:
            return
        names = "\n".join(f"• {r.id}" for r in records)
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Delete rows"),
                          self.tr("Delete these rows from your catalog?\n{0}\n"
                                  "A row that overrides a shipped row reverts to the shipped values.").format(names),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self)
        box.accepted.connect(lambda: self.delete_rows(table, [r.id for r in records]))
        self._keep(box)

    def open_comparison(self) -> ComparisonDialog | None:
        records = self.selected_records()
        if not 2 <= len(records) <= MAX_COMPARED:
            return None
        dialog = ComparisonDialog(self.current_table(), records, self._citation_title, self)
        dialog.setModal(False)
        self.open_dialogs.append(dialog)
        dialog.finished.connect(lambda _r: self.open_dialogs.remove(dialog) if dialog in self.open_dialogs else None)
        dialog.show()
        return dialog

    def _citation_title(self, cid: str) -> str:
        try:
            citation = self.catalog.citation(cid)
        except CatalogError:
            return cid
        return f"{citation.title} [{citation.kind}]"

    # -- exchange -----------------------------------------------------------
    def export_csv_to(self, table: str, path: Path, *, user_only: bool = False) -> int:
        return export_table_csv(self.catalog, table, Path(path), user_only=user_only)

    def import_csv_from(self, table: str, path: Path) -> ImportReportDialog:
        return self._report(import_table_csv(self.catalog, table, Path(path)))

    def export_package_to(self, path: Path) -> dict[str, int]:
        return export_package(self.catalog, Path(path))

    def import_package_from(self, path: Path) -> ImportReportDialog:
        return self._report(import_package(self.catalog, Path(path)))

    def _report(self, outcome: ImportOutcome) -> ImportReportDialog:
        if outcome.applied:
            self.reload()
        dialog = ImportReportDialog(outcome, self)
        self._keep(dialog)
        return dialog

    def _choose_csv_import(self) -> None:
        table = self.current_table()
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import {0} from CSV").format(table), "",
                                              self.tr("CSV files (*.csv)"))
        if path:
            self.import_csv_from(table, Path(path))

    def _choose_csv_export(self) -> None:
        table = self.current_table()
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export {0} as CSV").format(table), f"{table}.csv",
                                              self.tr("CSV files (*.csv)"))
        if path:
            self._export_guarded(lambda: self.export_csv_to(table, Path(path)), path)

    def _choose_package_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import a catalog package"), "", self.tr(PACKAGE_FILTER))
        if path:
            self.import_package_from(Path(path))

    def _choose_package_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export your rows as a catalog package"),
                                              "price-list.gpcat.zip", self.tr(PACKAGE_FILTER))
        if path:
            counts = self._export_guarded(lambda: self.export_package_to(Path(path)), path)
            if counts is None:
                return
            rows = sum(counts.values())
            wrote = self.tr("Wrote 1 row and its sources to {1}.") if rows == 1 else \
                self.tr("Wrote {0} rows and their sources to {1}.")
            text = wrote.format(rows, Path(path).name)
            self._keep(QMessageBox(QMessageBox.Icon.Information, self.tr("Price list exported"), text,
                                   QMessageBox.StandardButton.Close, self))

    def _export_guarded(self, export: Callable[[], Any], path: str) -> Any:
        """Run an export; a failure becomes a message (the previous file is left as it was), never an exception."""
        try:
            return export()
        except OSError as exc:
            message = f"{path}: {exc.strerror or exc}"
        except CatalogError as exc:
            message = str(exc)
        except Exception as exc:  # noqa: BLE001 - last-resort guard: one line and a log entry
            message = internal_error("exporting from the catalog", exc, session_language(), "从产品目录导出")
        self._keep(QMessageBox(QMessageBox.Icon.Warning, self.tr("Export failed"), message,
                               QMessageBox.StandardButton.Close, self))
        return None


def open_catalog_browser(parent: QWidget | None, catalog: Catalog) -> QDialog:
    """A non-modal dialog holding a :class:`CatalogBrowser`, shown; the browser is ``dialog.browser``."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(dialog.tr("Catalog"))
    dialog.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
    browser = CatalogBrowser(catalog, dialog)
    layout = QVBoxLayout(dialog)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(browser)
    dialog.browser = browser  # type: ignore[attr-defined]
    fit_to_screen(dialog, 1400, 820)
    dialog.show()
    return dialog
