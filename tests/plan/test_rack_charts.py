"""The rack charts tell the same story as the power table: every rack counted, each at its design (nameplate) kW."""

from __future__ import annotations

import pytest

from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.pipeline import estimate_plan


@pytest.mark.parametrize("sample", ["gov-llm-domestic-accelerator", "bank-llm-assistant", "manufacturer-vision-private"])
def test_rack_charts_agree_with_the_rack_count_and_design_power(catalog, sample):
    project = load_project(samples_dir() / f"{sample}.gpudesk").project
    for phase in estimate_plan(project, catalog).phases:
        f = phase.figures
        if "power.racks" not in f or "rack_layout" not in phase.charts or phase.charts["rack_layout"] is None:
            continue
        racks = int(f.number("power.racks"))
        layout = phase.charts["rack_layout"]
        drawn = [r for r in layout.racks if r.name.startswith("R")]
        # a layout that draws fewer racks than the plan needs says so (gov phase 2: 12 drawn of 13)
        assert len(drawn) == racks or layout.notes == f"first {len(drawn)} of {racks} racks shown"
        power = phase.charts["power"]
        bars = [sum(s.y[i] for s in power.series) for i in range(len(power.categories))]
        design = f.number("power.servers_per_rack") * f.number("power.server_max_kw")
        assert bars[0] == pytest.approx(design)  # the table's kW per rack, not the lower typical draw
        for rack, kw in zip(drawn, bars):
            assert rack.power_kw == pytest.approx(kw)
