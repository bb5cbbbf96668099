"""A plan that defines its own model (workloads[i].custom_model) shows that model on the task step, not the catalog
model its model_id names and the estimate leaves unread (issue 18: the wizard shows what the plan says)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.catalog_choices import CatalogChoices
from gpudesk.ui.pages.step_page import StepPage
from gpudesk.wizard.steps import step

ACME = {"kind": "decoder", "name": "Acme 13B", "params_total": 13.0e9, "n_layers": 40, "hidden": 5120, "n_heads": 40,
        "n_kv_heads": 8, "ffn_hidden": 13824, "vocab": 64000, "max_context": 8192}
MODEL = "phases[0].workloads[0].model_id"


@pytest.fixture
def page(qtbot):
    project = Project()
    project.phases[0].workloads[0].kind = "pretrain"
    project.phases[0].workloads[0].custom_model = dict(ACME)
    document = ProjectDocument(project)
    shown = StepPage(step("task"), document, CatalogChoices(Catalog.open()), "en")
    qtbot.addWidget(shown)
    shown.rebind(0, 0)
    return shown, document


def test_the_task_step_names_the_plans_own_model(page) -> None:
    """Before: the model row read 'Llama 3.1 8B' (the default model_id) beside figures of the 13B model."""
    shown, document = page
    combo = shown.form.editors[MODEL]
    assert isinstance(combo, QComboBox)
    assert combo.currentText() == "Custom model: Acme 13B (defined in the plan)"
    assert combo.findText(document.project.phases[0].workloads[0].model_id) < 0  # no second entry for the id


def test_choosing_a_catalog_model_replaces_the_custom_one_in_one_undoable_edit(page) -> None:
    shown, document = page
    combo = shown.form.editors[MODEL]
    combo.setCurrentIndex(combo.findData("llama-3.1-70b"))
    workload = document.project.phases[0].workloads[0]
    assert workload.model_id == "llama-3.1-70b" and workload.custom_model is None  # before: kept, and estimated
    shown.sync_inputs([MODEL, "phases[0].workloads[0].custom_model"])  # what the window does after an edit
    assert "Custom model" not in combo.itemText(0) and combo.currentData() == "llama-3.1-70b"
    document.undo()
    assert workload.custom_model == ACME and workload.model_id == "llama-3.1-8b"
    shown.sync_inputs([MODEL, "phases[0].workloads[0].custom_model"])
    assert combo.currentText() == "Custom model: Acme 13B (defined in the plan)"
