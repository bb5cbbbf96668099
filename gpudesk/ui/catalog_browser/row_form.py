"""The add / edit / duplicate form for a user row, generated from the record's fields.

Each field gets an editor with its unit and allowed range (from the
catalog's field rules). Saving validates the whole row with the catalog
(types, ranges, citations, cross-row checks) and writes nothing unless every
check passes; otherwise each problem is listed by field name and reason and
the offending editors are outlined.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogError, CatalogValidationError, Problem, keyed_problem
from gpudesk.catalog.intake import record_from_mapping
from gpudesk.catalog.schema import field_defaults, field_kinds, format_field_sources, required_fields, table_spec
from gpudesk.catalog.store import Catalog
from gpudesk.ui.catalog_browser.citation_dialog import CitationDialog
from gpudesk.ui.catalog_browser.columns import field_label, field_unit
from gpudesk.ui.catalog_browser.field_editors import (
    editor_value,
    is_blank,
    make_editor,
    mark_error,
    set_editor_value,
)
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.ui.widgets.session_text import refusal_words, session_language

MODES = ("add", "edit", "duplicate")


class RowFormDialog(QDialog):
    """``saved`` holds the stored record after a successful save."""

    def __init__(self, catalog: Catalog, table: str, mode: str = "add", base: Any = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        if mode != "add" and base is None:
            raise ValueError(f"{mode} needs the row to start from")
        self.catalog = catalog
        self.table = table
        self.mode = mode
        self.base = base
        self.saved: Any = None
        self.pending_citations: list[rec.Citation] = []
        self.problems: list[Problem] = []
        self.kinds = field_kinds(table_spec(table).record_type)
        self.editors: dict[str, QWidget] = {}
        title = {"add": self.tr("Add a row to {0}"), "edit": self.tr("Edit {0}"),
                 "duplicate": self.tr("Duplicate into your own row: {0}")}[mode]
        self.setWindowTitle(title.format(base.id if base is not None and mode != "add" else
                                         self.tr(table_spec(table).title).lower()))
        self._build()
        self._fill()
        fit_to_screen(self, 620, 760)

    # -- building ---------------------------------------------------------
    def _build(self) -> None:
        self.error_label = QLabel(self)
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b71c1c; background: #fdecea; padding: 6px; border-radius: 4px;")
        self.error_label.hide()
        required = set(required_fields(table_spec(self.table).record_type))
        fields_box = QWidget(self)
        form = QFormLayout(fields_box)
        for name, kind in self.kinds.items():
            editor = make_editor(self.table, name, kind, self._completions(name), fields_box)
            editor.setObjectName(f"field_{name}")
            self.editors[name] = editor
            unit = field_unit(self.table, name)
            label = self.tr(field_label(name)) + (f" ({unit})" if unit else "")
            if name in required and not kind.startswith("opt_"):
                label += " *"
            form.addRow(label, editor)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(fields_box)

        source_box = QGroupBox(self.tr("Where the values come from"), self)
        source_form = QFormLayout(source_box)
        source_edit = make_editor(self.table, "source", "str", list(self.catalog.citations()), source_box)
        assert isinstance(source_edit, QLineEdit)  # a free-text field: a line edit with the citation ids to complete
        self.source_edit: QLineEdit = source_edit
        new_source = QPushButton(self.tr("New source…"), source_box)
        new_source.clicked.connect(self._new_citation)
        source_row = QHBoxLayout()
        source_row.addWidget(self.source_edit, 1)
        source_row.addWidget(new_source)
        source_form.addRow(self.tr("Source citation *"), source_row)
        self.date_edit = QLineEdit(source_box)
        self.field_sources_edit = QLineEdit(source_box)
        self.field_sources_edit.setPlaceholderText("price_usd=quote-acme-2025-05; tdp_w=…")
        self.field_sources_edit.setProperty("codes-shown", True)  # field names are this entry's syntax
        self.verified_check = QCheckBox(self.tr("checked against the source"), source_box)
        self.notes_edit = QLineEdit(source_box)
        source_form.addRow(self.tr("Date (YYYY-MM-DD) *"), self.date_edit)
        source_form.addRow(self.tr("Field sources"), self.field_sources_edit)
        source_form.addRow(self.tr("Verified"), self.verified_check)
        source_form.addRow(self.tr("Notes"), self.notes_edit)
        self.provenance_editors: dict[str, QWidget] = {
            "source": self.source_edit, "date": self.date_edit, "field_sources": self.field_sources_edit,
            "verified": self.verified_check, "notes": self.notes_edit,
        }
        hint = QLabel(self.tr("* required. Leave a value empty when the source does not give it: "
                              "it is stored and shown as unknown, never guessed."), self)
        hint.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self)
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.error_label)
        layout.addWidget(scroll, 1)
        layout.addWidget(source_box)
        layout.addWidget(hint)
        layout.addWidget(buttons)

    def _completions(self, name: str) -> list[str]:
        if name == "accelerator_id":
            return [a.id for a in self.catalog.accelerators()]
        return []

    def _fill(self) -> None:
        record = self.base
        if record is None:
            for name, value in field_defaults(table_spec(self.table).record_type).items():
                set_editor_value(self.editors[name], value)
            self.date_edit.setText(dt.date.today().isoformat())
            return
        for name in self.kinds:
            value = None if name in record.provenance.unknown else getattr(record, name)
            set_editor_value(self.editors[name], value)
        prov: rec.Provenance = record.provenance
        self.source_edit.setText(prov.source)
        self.date_edit.setText(prov.date)
        self.field_sources_edit.setText(format_field_sources(dict(prov.field_sources)))
        self.notes_edit.setText(prov.notes)
        self.notes_edit.setCursorPosition(0)
        self.verified_check.setChecked(prov.verified and self.mode == "edit")
        id_editor = self.editors["id"]
        assert isinstance(id_editor, QLineEdit)
        if self.mode == "edit":
            id_editor.setReadOnly(True)
            id_editor.setToolTip(self.tr("the id of a row cannot change; duplicate it under a new id instead"))
        else:
            id_editor.setText(self._free_id(f"{record.id}-copy"))

    def _free_id(self, wanted: str) -> str:
        taken = {r.id for r in self.catalog.rows(self.table)}
        candidate, n = wanted, 2
        while candidate in taken:
            candidate, n = f"{wanted}-{n}", n + 1
        return candidate

    def _new_citation(self) -> None:
        dialog = CitationDialog(set(self.catalog.citations()) | {c.id for c in self.pending_citations}, self)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.citation is not None:
            self.add_pending_citation(dialog.citation)

    def add_pending_citation(self, citation: rec.Citation) -> None:
        """A new source saved together with the row (and only if the row saves)."""
        self.pending_citations.append(citation)
        self.source_edit.setText(citation.id)

    # -- saving -----------------------------------------------------------
    def collect(self) -> dict[str, Any]:
        """The form as a mapping for the catalog's intake; blank optional values become unknown."""
        base_unknown = set(self.base.provenance.unknown) if self.base is not None else set()
        data: dict[str, Any] = {}
        unknown: list[str] = []
        for name, kind in self.kinds.items():
            value = editor_value(self.editors[name])
            if is_blank(value):
                if kind.startswith("opt_") or name in base_unknown:
                    unknown.append(name)
                if kind in ("int", "float"):
                    continue  # a number left empty takes the field's default (or is reported as required)
            data[name] = value
        data.update(source=self.source_edit.text().strip(), date=self.date_edit.text().strip(),
                    field_sources=self.field_sources_edit.text().strip(), unknown=tuple(unknown),
                    verified=self.verified_check.isChecked(), notes=self.notes_edit.text().strip())
        return data

    def accept(self) -> None:
        if self.save():
            super().accept()

    def save(self) -> bool:
        """Validate and store; on any problem show it, write nothing, and return False."""
        data = self.collect()
        label = str(data.get("id") or "new row")
        record, problems = record_from_mapping(self.table, data, label, user_row=True)
        if record is None:
            self.show_problems(problems)
            return False
        if self.mode != "edit" and any(r.id == record.id for r in self.catalog.rows(self.table)):
            self.show_problems([Problem(self.table, record.id, "id", self.tr(
                "this id is already used in {0}; choose another").format(self.table))])
            return False
        try:
            self.catalog.apply_user_rows({self.table: [record]}, self.pending_citations)
        except CatalogValidationError as exc:
            self.show_problems(exc.problems)
            return False
        except CatalogError as exc:
            self.show_problems([keyed_problem(self.table, record.id, "", exc.refusal) if exc.refusal is not None
                                else Problem(self.table, record.id, "", str(exc))])
            return False
        self.saved = self.catalog.row(self.table, record.id)
        return True

    def label_of(self, field_name: str) -> str:
        if field_name in self.kinds:
            unit = field_unit(self.table, field_name)
            return self.tr(field_label(field_name)) + (f" ({unit})" if unit else "")
        return field_label(field_name) if field_name else self.tr("row")

    def show_problems(self, problems: list[Problem]) -> None:
        for editor in [*self.editors.values(), *self.provenance_editors.values()]:
            mark_error(editor, None)
        lines = []
        colon = "：" if session_language() == "zh" else ": "
        for p in problems:
            reason = refusal_words(p.why)
            lines.append(f"• {self.label_of(p.field)}{colon}{reason}")
            found = self.editors.get(p.field) or self.provenance_editors.get(p.field)
            if found is not None:
                mark_error(found, reason)
        header = self.tr("Not saved — fix these and save again:")
        self.error_label.setText(header + "\n" + "\n".join(lines))
        self.error_label.show()
        self.problems = list(problems)
