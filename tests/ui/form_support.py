"""A plan's field form on its own (no window) and typing into one of its spin boxes, for the input tests."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.project.model import Project
from gpudesk.report.display_text import display_text
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.widgets.field_form import FieldForm


def form_in(lang: str, project: Project, qtbot) -> tuple[FieldForm, ProjectDocument]:
    document = ProjectDocument(project)
    form = FieldForm(document, text=display_text(lang))
    qtbot.addWidget(form)
    return form, document


def type_into(qtbot, spin: QAbstractSpinBox, text: str) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, text)
    qtbot.keyClick(spin, Qt.Key.Key_Enter)
