"""The status bar reads the sized configuration and the ledger: the same GPUs and phase cost as every other surface."""

from __future__ import annotations

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.ui.summary import summary_text
from gpudesk.ui.widgets.display_text import display_text

SAMPLES = sorted(samples_dir().glob("*.gpudesk"))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_status_bar_shows_the_configuration_and_the_ledger(path, qapp) -> None:
    plan = estimate_plan(load_project(path).project, Catalog.open())
    for phase in plan.phases:
        text = summary_text(phase, plan.currency, display_text("en"))
        assert text.startswith(f"{phase.config.gpus} GPUs")
        assert (f"in {phase.config.servers} × {phase.config.server_name}" in text) == phase.config.owns_hardware
        assert f"phase cost: {phase.ledger.phase_total:,.0f} {plan.currency}" in text
        years = int(phase.figures.number("tco.horizon_years"))
        assert f"{years}-year TCO: {phase.ledger.total_over_years(years):,.0f}" in text  # the plan's own horizon
        assert ("unpriced" in text) == bool(phase.ledger.unpriced)
