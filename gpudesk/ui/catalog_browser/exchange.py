"""Import and export: CSV per table and the shareable catalog package (team price lists).

Imports are all or nothing (the catalog guarantees it); the outcome, with
every rejected row and its reason, is shown in :class:`ImportReportDialog`.
CSV files are written as UTF-8 with a byte-order mark so spreadsheet
programs on Chinese Windows open them correctly; a CSV that is not UTF-8 is
read again as GB18030 (what those programs save) before it is rejected.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpudesk.atomic_files import atomic_write_bytes
from gpudesk.catalog.bundle import export_bundle, import_bundle
from gpudesk.catalog.csv_io import export_csv, import_csv_file, records_for_export
from gpudesk.catalog.errors import CatalogError, CatalogImportError, Problem, keyed_problem
from gpudesk.catalog.store import Catalog
from gpudesk.logs import internal_error
from gpudesk.report.refusal_text import catalog_problem_cells
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.ui.widgets.session_text import session_language

FALLBACK_ENCODING = "gb18030"


@dataclass
class ImportOutcome:
    """What an import did: ``counts`` per table when applied, else ``problems`` (nothing applied)."""

    source: Path
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    encoding: str = "utf-8"

    @property
    def applied(self) -> bool:
        return not self.problems


def export_table_csv(catalog: Catalog, table: str, path: Path, *, user_only: bool = False) -> int:
    """Write one table (or only its user rows) as CSV; returns the number of rows written."""
    records = list(records_for_export(catalog, table, user_only=user_only))
    atomic_write_bytes(Path(path), export_csv(table, records).encode("utf-8-sig"))  # verified; old file kept on failure
    return len(records)


def _guarded(outcome: ImportOutcome, action: str, run: Callable[[], None], action_zh: str = "") -> ImportOutcome:
    """Run an import; any failure becomes the outcome's problems (one line each), never an exception."""
    try:
        run()
    except CatalogImportError as exc:
        outcome.problems = list(exc.problems)
    except CatalogError as exc:  # the user catalog could not be written (full disk …): nothing was applied
        outcome.problems = [keyed_problem("catalog", "", "", exc.refusal) if exc.refusal is not None
                            else Problem("catalog", "", "", str(exc))]
    except Exception as exc:  # noqa: BLE001 - last-resort guard: one line and a log entry
        outcome.problems = [Problem("catalog", "", "", internal_error(action, exc, session_language(), action_zh))]
    return outcome


def import_table_csv(catalog: Catalog, table: str, path: Path) -> ImportOutcome:
    outcome = ImportOutcome(Path(path))
    return _guarded(outcome, f"importing {Path(path).name}", lambda: _import_csv(catalog, table, outcome),
                    f"导入 {Path(path).name} ")


def _import_csv(catalog: Catalog, table: str, outcome: ImportOutcome) -> None:
    path = outcome.source
    try:
        records = import_csv_file(catalog, table, path)
    except CatalogImportError as exc:
        if not _is_encoding_problem(exc.problems):
            outcome.problems = list(exc.problems)
            return
        try:
            records = import_csv_file(catalog, table, path, encoding=FALLBACK_ENCODING)
        except CatalogImportError as retry:
            outcome.problems = list(exc.problems if _is_encoding_problem(retry.problems) else retry.problems)
            return
        outcome.encoding = FALLBACK_ENCODING
    outcome.counts = {table: len(records)}


def _is_encoding_problem(problems: list[Problem]) -> bool:
    return len(problems) == 1 and "is not valid utf-8" in problems[0].reason


def export_package(catalog: Catalog, path: Path) -> dict[str, int]:
    """Every user row and the sources it cites, in one shareable file."""
    return export_bundle(catalog, Path(path))


def import_package(catalog: Catalog, path: Path) -> ImportOutcome:
    outcome = ImportOutcome(Path(path))

    def run() -> None:
        outcome.counts = import_bundle(catalog, Path(path))

    return _guarded(outcome, f"importing the package {Path(path).name}", run, f"导入目录包 {Path(path).name} ")


class ImportReportDialog(QDialog):
    """Lists what was imported, or every rejected row with its field and reason."""

    def __init__(self, outcome: ImportOutcome, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.outcome = outcome
        self.setWindowTitle(self.tr("Import report"))
        layout = QVBoxLayout(self)
        name = outcome.source.name
        if outcome.applied:
            total = sum(outcome.counts.values())
            imported = self.tr("Imported 1 row from {1} into your catalog.") if total == 1 else \
                self.tr("Imported {0} rows from {1} into your catalog.")
            text = imported.format(total, name)
            if outcome.encoding != "utf-8":
                text += " " + self.tr("The file was read as {0}.").format(outcome.encoding.upper())
        else:
            text = self.tr("{0} was rejected: nothing was imported. Fix the rows below and import again.").format(name)
        self.summary = QLabel(text, self)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.table = QTableWidget(self)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        if outcome.applied:
            self.table.setColumnCount(2)
            self.table.setHorizontalHeaderLabels([self.tr("Table"), self.tr("Rows")])
            for table, count in sorted(outcome.counts.items()):
                self._append([table, str(count)])
        else:
            self.table.setColumnCount(4)
            self.table.setHorizontalHeaderLabels([self.tr("Table"), self.tr("Row"), self.tr("Field"), self.tr("Reason")])
            lang = session_language()
            for p in outcome.problems:
                self._append(list(catalog_problem_cells(p, lang, file_column=True)))
        self.table.horizontalHeader().setStretchLastSection(True)
        for column in range(self.table.columnCount() - 1):  # table, row and field whole; the reason takes the rest
            self.table.horizontalHeader().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().hide()
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        fit_to_screen(self, 960, 420)

    def _append(self, cells: list[str]) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for col, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(text)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.table.setItem(row, col, item)

    def rows(self) -> list[list[str]]:
        def text(r: int, c: int) -> str:
            item = self.table.item(r, c)
            return item.text() if item is not None else ""

        return [[text(r, c) for c in range(self.table.columnCount())] for r in range(self.table.rowCount())]
