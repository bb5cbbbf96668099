"""A rented phase's server count is owning's, and says so.

The ecommerce sample's first phase (2 × g6e.xlarge, 1 GPU each) listed 'plan.servers 1 台 服务器或整机柜系统数' and
'plan.installed_gpus 8 卡 已安装 GPU 数（整台服务器）' beside 'plan.instances 2 台': the 1 and the 8 are the plan's
8-GPU server, what owning the phase would take, not what it rents. They are alt.* figures there, as its power and
costs; an owned phase keeps plan.servers.
"""

from __future__ import annotations

from functools import lru_cache

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.display_text import display_text
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_result import PlanEstimate


@lru_cache(maxsize=None)
def _plan(sample: str) -> PlanEstimate:
    return estimate_plan(load_project(samples_dir() / f"{sample}.gpudesk").project, Catalog.open(), search=False)


def test_a_rented_phase_labels_its_servers_as_owning() -> None:
    phase = _plan("ecommerce-recsys").phases[0]
    fs = phase.figures
    assert not phase.config.owns_hardware
    assert "plan.servers" not in fs and "plan.installed_gpus" not in fs
    assert fs.number("alt.plan.servers") == phase.config.servers
    assert fs.number("alt.plan.installed_gpus") == phase.config.installed_gpus
    # what it rents: its instances hold its GPUs
    assert fs.number("plan.instances") * fs.number("plan.gpus_per_instance") >= fs.number("plan.gpus")
    assert display_text("zh").figure_label("alt.plan.servers", "servers or rack systems").endswith("（如改为自购）")


def test_an_owned_phase_keeps_its_servers() -> None:
    for phase in _plan("manufacturer-vision-private").phases:
        assert phase.config.owns_hardware
        assert phase.figures.number("plan.servers") == phase.config.servers
        assert not any(key.startswith("alt.plan.") for key in phase.figures.keys())
