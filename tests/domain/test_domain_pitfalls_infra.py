"""The seven-step guide's steps 3, 5 and 6 and its utilisation pitfall, each committed by a small plan and silent on
its clean twin (the seed's section 五 pitfalls are in test_domain_pitfalls.py).

* step 3, 'CPU线程数不够 … GPU在等数据': ResNet-50 on 8 H100 decodes about 4,530 JPEGs a second per GPU; at 100
  images a second per core (JPEG_DECODE_AUG_IMAGES_PER_CORE_S) each GPU needs 45 cores + 1 for its training process;
* step 5, oversubscribed leaves: 16 DGX H100 × 8 rails = 128 NIC ports, two tiers of 64-port QM9700;
* step 6, regulated data in a public cloud mode;
* 没做利用率规划 for an owned build: owning 8 H100 for three months costs more than renting them on demand.
"""

from __future__ import annotations

import pytest
from domain_plans import check, check_ids, estimate, plan

VISION = dict(w__kind="vision_train", w__model_id="resnet-50", w__dataset_items=1_281_167, w__epochs=90,
              hardware__nodes=1, storage__dataset_tb=0.15, storage__option_id="parallel-fs-ddn-ai400x2")


def test_cpus_that_cannot_decode_for_the_gpus(catalog) -> None:
    est = estimate(catalog, plan(**VISION))  # DGX H100: 112 cores, 14 a GPU
    fires = check(est, "host.cpu_starves_gpus")
    per_gpu = est.figures.number("vision.images_per_s") / 8  # the step's rate, all-reduce included
    assert fires.numbers["cores_per_gpu_needed"] == pytest.approx(per_gpu / 100.0 + 1.0)
    assert fires.numbers["cores_per_gpu_offered"] == 14.0 and fires.severity == "blocker"  # feeds 30% of plan
    assert "host.cpu_starves_gpus" in check(est, "pitfall.bottlenecks").numbers["ids"]
    # the same job with 1,024 cores a server (128 a GPU) is fed
    clean = estimate(catalog, plan(hardware__cpu_cores_per_node=1024, **VISION))
    assert "host.cpu_starves_gpus" not in check_ids(clean) and "pitfall.bottlenecks" not in check_ids(clean)


SIXTEEN = dict(hardware__nodes=16, w__train_tokens=2e12)


def test_oversubscribed_leaves(catalog) -> None:
    est = estimate(catalog, plan(network__oversubscription=3.0, **SIXTEEN))
    assert est.figures.number("net.tiers") == 2
    fires = check(est, "net.oversubscribed")
    # 8 × 400 Gb/s / 8 / 8 GPUs = 50 GB/s a GPU; across leaves 50 / 3
    assert fires.numbers["per_gpu_gbs"] == pytest.approx(50.0)
    assert fires.numbers["effective_gbs"] == pytest.approx(50.0 / 3.0)
    assert "net.oversubscribed" in check(est, "pitfall.bottlenecks").numbers["ids"]
    clean = estimate(catalog, plan(**SIXTEEN))  # non-blocking, 1:1
    assert "net.oversubscribed" not in check_ids(clean)


def test_regulated_data_in_a_public_cloud_mode(catalog) -> None:
    est = estimate(catalog, plan(delivery__mode="cloud_on_demand", delivery__data_sensitivity="regulated"))
    assert check(est, "delivery.regulated_data_public_cloud").severity == "blocker"
    assert "delivery.regulated_data_public_cloud" not in check_ids(
        estimate(catalog, plan(delivery__mode="private", delivery__data_sensitivity="regulated",
                               facility__rack_power_limit_kw=40.8)))
    assert "delivery.regulated_data_public_cloud" not in check_ids(estimate(catalog, plan(delivery__mode="cloud_on_demand")))


def test_owning_for_three_months(catalog) -> None:
    short = estimate(catalog, plan(delivery__mode="private", duration_months=3, facility__rack_power_limit_kw=40.8))
    fires = check(short, "delivery.owning_not_paid_back")
    assert fires.numbers["private"] > fires.numbers["cloud_on_demand"] and fires.numbers["months"] == 3
    assert fires.numbers["private"] == pytest.approx(short.figures.number("delivery.total.private"))
    long = estimate(catalog, plan(delivery__mode="private", duration_months=48, facility__rack_power_limit_kw=40.8))
    assert "delivery.owning_not_paid_back" not in check_ids(long)
    assert long.figures.number("delivery.total.private") < long.figures.number("delivery.total.cloud_on_demand")
