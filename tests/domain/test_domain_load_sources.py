"""A server's load factor says where it comes from: the workload's sizing, never 'user input'.

The power model's load factor (power.load_factor: the server's draw between idle and maximum, used where the draw is
not built from the step's compute share) was recorded as a user input for every workload, though no plan states one:
the manufacturer sample's inspection servers read "load 0.567 (user input)", which was 0.68 (TRAINING_POWER_LOAD) / 1.2
(the workload's peak factor).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from domain_plans import estimate, plan

from gpudesk.core.constants import TRAINING_POWER_LOAD
from gpudesk.project.io import load_project

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def test_an_item_serving_load_names_its_constant_and_peak_factor(catalog) -> None:
    project = load_project(SAMPLES / "manufacturer-vision-private.gpudesk").project
    f = estimate(catalog, project, 0).figures
    peak = project.phases[0].workloads[0].peak_factor
    assert f.number("power.load_factor") == pytest.approx(TRAINING_POWER_LOAD.value / peak)
    source = f.source("power.load_factor")
    assert "user input" not in source and "TRAINING_POWER_LOAD" in source and f"peak factor {peak:g}" in source


def test_a_virtual_desktop_load_says_it_is_an_estimate(catalog) -> None:
    est = estimate(catalog, plan(w__kind="rendering_vdi", w__seats=64, w__seat_profile_gb=4.0, delivery__mode="private",
                                 hardware__accelerator_id="l40s", facility__rack_power_limit_kw=20.0))
    f = est.figures
    assert f.number("power.load_factor") == pytest.approx(TRAINING_POWER_LOAD.value / 2)
    assert "gpudesk estimate" in f.source("power.load_factor") and "user input" not in f.source("power.load_factor")
