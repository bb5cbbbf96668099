"""Reopening a plan after a catalog update names the changes and can reproduce the saved numbers."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox
from test_shell_support import make_window, settings  # noqa: F401 - pytest fixtures

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first
from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project, save_project


@pytest.fixture
def catalog() -> Catalog:
    """A catalog of this test's own: the test edits the user overlay (in this test's GPUDESK_HOME)."""
    return Catalog.open()


def test_saved_values_reproduced_after_a_price_change(qtbot, make_window, tmp_path):
    plan = tmp_path / "bank.gpudesk"
    project = load_project(samples_dir() / "bank-llm-assistant.gpudesk").project
    for phase in project.phases:  # on priced DGX H100 servers in a US region (the China sample's Ascend has no price)
        phase.facility.region = "us"
        phase.hardware.accelerator_id, phase.hardware.server_id = "h100-sxm", "dgx-h100"
        phase.delivery.cloud_offer_id, phase.compliance.domestic_parts = "", "none"
        for workload in phase.workloads:
            if workload.kind == "llm_inference":
                workload.compute_dtype = workload.weight_dtype = workload.kv_dtype = "fp8"
    save_project(project, plan)
    window = make_window(plan)
    assert window.files.save()  # records the catalog rows the plan used
    qtbot.waitUntil(lambda: window.controller.estimate is not None)
    saved_capex = window.controller.estimate.phases[1].figures.value_at("tco.capex")
    assert load_project(plan).project.catalog_snapshot

    # The catalog moves on: the DGX H100 is re-priced in the user's catalog.
    window.catalog.edit_row("servers", "dgx-h100", {"price_usd": 200_000.0})
    window.files.open_path(plan)
    box = window.files.drift_box
    assert isinstance(box, QMessageBox) and "servers/dgx-h100" in box.detailedText()
    keep = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole)
    keep.click()
    qtbot.waitUntil(lambda: window.files.pinned_to_snapshot)
    assert window.controller.estimate.phases[1].figures.value_at("tco.capex") == saved_capex

    window.files.new_document()  # a new plan estimates with today's catalog again
    assert not window.files.pinned_to_snapshot and window.controller.catalog is window.catalog
    assert isinstance(window.catalog, Catalog)
