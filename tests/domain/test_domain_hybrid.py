"""The delivery comparison's hybrid column owns what a hybrid plan would own: whole servers.

A hybrid plan owns ⌈hybrid_owned_share × servers⌉ servers, at least one (core/phase_sizing.hybrid_owned_servers),
which the figure delivery.hybrid_owned_gpus says in its formula. The column every other plan shows took
hybrid_owned_share × GPUs instead: the recommendation sample (2 L40S in one 8-GPU server, owned share 0.6) owned
1.2 GPUs and burst one more on demand.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from domain_plans import estimate, plan

from gpudesk.project.io import load_project

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def test_the_hybrid_column_of_a_rented_plan_owns_whole_servers(catalog) -> None:
    project = load_project(SAMPLES / "ecommerce-recsys.gpudesk").project
    est = estimate(catalog, project, 0)
    f, config = est.figures, est.config
    share = project.phases[0].delivery.hybrid_owned_share
    servers = max(1, math.ceil(share * f.number("alt.tco.servers")))  # of the servers the private column buys
    owned = min(servers * config.gpus_installed_per_server, config.gpus)
    assert owned == 2 and f.number("delivery.hybrid_owned_gpus") == owned  # before: 0.6 × 2 = 1.2
    assert f.number("delivery.hybrid_burst_gpus") == 0
    # owning both GPUs is the private build: the two columns cost the same
    assert f.number("delivery.total.hybrid") == pytest.approx(f.number("delivery.total.private"))
    # the same cost every month: no month from which owning is cheaper (it read '1 month', as if owning won)
    assert "delivery.break_even.private_vs_hybrid" not in f
    assert "delivery.break_even.private_vs_cloud_on_demand" in f


def test_the_hybrid_column_of_an_owned_plan_owns_whole_servers(catalog) -> None:
    # 3 DGX H100 (24 GPUs) owned, share 0.5: the hybrid column owns ⌈1.5⌉ = 2 servers = 16 GPUs (before: 12)
    est = estimate(catalog, plan(delivery__mode="private", hardware__nodes=3, delivery__hybrid_owned_share=0.5,
                                 facility__rack_power_limit_kw=40.8))
    assert est.config.servers == 3 and est.config.gpus == 24
    assert est.figures.number("delivery.hybrid_owned_gpus") == 16
