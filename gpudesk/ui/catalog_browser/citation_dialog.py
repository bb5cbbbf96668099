"""A small form for a new source (a vendor quote, a team price list) that a user row can cite."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from gpudesk.catalog import records as rec
from gpudesk.catalog.intake import citation_from_mapping
from gpudesk.catalog.validate import DATE_PATTERN, ID_PATTERN
from gpudesk.report.refusal_text import catalog_problem_cells
from gpudesk.ui.widgets.session_text import session_language

KIND_LABELS = (("V", "V — vendor"), ("S", "S — secondary"), ("M", "M — measured"), ("D", "D — derived"))


class CitationDialog(QDialog):
    """Collects a :class:`Citation`; nothing is stored here (the row form saves it with the row)."""

    def __init__(self, existing_ids: Collection[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New source"))
        self.existing_ids = set(existing_ids)
        self.citation: rec.Citation | None = None
        self.id_edit = QLineEdit(self)
        self.id_edit.setPlaceholderText("quote-acme-2025-05")
        self.title_edit = QLineEdit(self)
        self.publisher_edit = QLineEdit(self)
        self.url_edit = QLineEdit(self)
        self.accessed_edit = QLineEdit(dt.date.today().isoformat(), self)
        self.kind_combo = QComboBox(self)
        for code, label in KIND_LABELS:
            self.kind_combo.addItem(self.tr(label), code)
        self.kind_combo.setCurrentIndex(0)
        self.error = QLabel(self)
        self.error.setStyleSheet("color: #c62828;")
        self.error.setWordWrap(True)
        self.error.hide()
        form = QFormLayout(self)
        form.addRow(self.error)
        form.addRow(self.tr("Id *"), self.id_edit)
        form.addRow(self.tr("Title *"), self.title_edit)
        form.addRow(self.tr("Publisher"), self.publisher_edit)
        form.addRow(self.tr("URL"), self.url_edit)
        form.addRow(self.tr("Accessed (YYYY-MM-DD)"), self.accessed_edit)
        form.addRow(self.tr("Kind"), self.kind_combo)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def accept(self) -> None:
        data = {
            "id": self.id_edit.text().strip(), "title": self.title_edit.text().strip(),
            "publisher": self.publisher_edit.text().strip(), "url": self.url_edit.text().strip(),
            "accessed": self.accessed_edit.text().strip(), "kind": self.kind_combo.currentData(),
        }
        citation, problems = citation_from_mapping(data, "new source")
        lang = session_language()
        colon = "：" if lang == "zh" else ": "
        reasons = [colon.join(catalog_problem_cells(p, lang)[2:]) for p in problems]
        if data["id"] and not ID_PATTERN.match(data["id"]):
            reasons.append(self.tr("id: use lower-case letters, digits and . _ + -"))
        if data["id"] in self.existing_ids:
            reasons.append(self.tr("id: a source '{0}' already exists; pick it instead").format(data["id"]))
        if data["accessed"] and not DATE_PATTERN.match(data["accessed"]):
            reasons.append(self.tr("accessed: give the date as YYYY-MM-DD"))
        if reasons or citation is None:
            self.error.setText("\n".join(reasons))
            self.error.show()
            return
        self.citation = citation
        super().accept()
