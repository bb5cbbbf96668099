"""Issue 16 error 7: the server follows the plan's GPUs per node (a partly populated one when none matches).

Hand figures: RTX 4090 TDP 450 W, L4 72 W (catalog rows, NVIDIA datasheets); the generic PCIe servers carry no
power in the catalog, so their maximum is GPUs × TDP / 0.55 (GPU share of a server's maximum input, DGX H100).
Before: one 4090 was costed and powered as the 8-GPU box (8 × 450 / 0.55 = 6.5 kW), a 4×L4 pilot as 8 GPUs.
"""

from __future__ import annotations

import pytest
from domain_plans import check, check_ids, estimate, plan

from gpudesk.core.derived_servers import partly_populated


def test_one_4090_for_qlora_is_a_one_gpu_box(catalog) -> None:
    est = estimate(catalog, plan(w__kind="finetune_qlora", w__train_tokens=1e8, hardware__accelerator_id="rtx-4090",
                                 hardware__gpus_per_node=1, delivery__mode="private"))
    f = est.figures
    assert f.number("power.server_max_kw") == pytest.approx(1 * 0.450 / 0.55)  # not 8 × 0.45 / 0.55 = 6.5 kW
    price = catalog.accelerator("rtx-4090").price_usd
    assert f.number("tco.server_capex") == pytest.approx(1 * price * 1.35)  # one GPU + 35% platform, not eight
    fit = check(est, "hardware.server_partly_populated")
    assert fit.numbers["gpus"] == 1 and fit.numbers["slots"] == 8


def test_four_l4_pilot_is_powered_as_four(catalog) -> None:
    est = estimate(catalog, plan(w__kind="vision_inference", w__model_id="resnet-50", w__items_per_day=1e6,
                                 hardware__accelerator_id="l4", hardware__gpus_per_node=4, hardware__nodes=1,
                                 delivery__mode="private"))  # an owned pilot: its facility is sized
    assert est.config.installed_gpus == 4 and est.config.partly_populated
    assert est.figures.number("power.it_max_kw") == pytest.approx(4 * 0.072 / 0.55)  # 0.52 kW, not 1.05 kW


def test_a_matching_server_is_taken_as_it_is(catalog) -> None:
    est = estimate(catalog, plan(hardware__accelerator_id="h100-sxm", hardware__gpus_per_node=8,
                                 delivery__mode="private"))
    assert "hardware.server_partly_populated" not in check_ids(est) and not est.config.partly_populated
    assert est.figures.number("power.server_max_kw") == pytest.approx(10.2)


def test_partly_populated_dgx_drops_the_tdp_of_the_missing_gpus(catalog) -> None:
    dgx, h100 = catalog.server("dgx-h100"), catalog.accelerator("h100-sxm")
    half = partly_populated(dgx, h100, 4)
    assert half.power_max_kw == pytest.approx(10.2 - 4 * 0.700)  # DGX H100 10.2 kW max, H100 SXM 700 W
    assert half.gpus == 4 and "4 of 8" in half.name
