"""Issue 16 error 12: agent hosting prices its CPU VMs; a CPU-only offer never divides by its 0 GPUs.

Hand figure: AWS m7i.xlarge on demand 0.2016 USD/h for 4 vCPUs (catalog row aws-m7i-xlarge, AWS EC2 on-demand
price list, 2024-06-01) = 0.0504 USD per vCPU-hour; 200 always-on agents × 1 vCPU × 0.0504 × 730 h a month
= 7,358.40 USD a month.
"""

from __future__ import annotations

import math

import pytest
from domain_plans import check, estimate, plan

AGENTS = dict(w__kind="agent_hosting", w__model_id="qwen2.5-7b", w__agents=200, w__vcpus_per_agent=1.0)


def test_chosen_cpu_offer_prices_the_agent_vms(catalog) -> None:
    est = estimate(catalog, plan(delivery__cloud_offer_id="aws-m7i-xlarge", **AGENTS))  # raised ZeroDivisionError
    f = est.figures
    assert f.number("agent.cpu_price_per_vcpu_hour") == pytest.approx(0.2016 / 4)
    assert f.number("agent.cpu_cost_per_month") == pytest.approx(200 * 0.2016 / 4 * 730)  # 7,358.40 USD
    assert "aws-m7i-xlarge" in f.explain("agent.cpu_price_per_vcpu_hour").source
    # the GPU serving is priced from a GPU offer, and the plan says so
    assert math.isfinite(f.number("delivery.price.cloud_on_demand"))
    assert check(est, "delivery.cpu_offer_prices_no_gpus").severity == "info"


def test_without_a_choice_the_cheapest_cpu_offer_prices_them(catalog) -> None:
    f = estimate(catalog, plan(**AGENTS)).figures
    cheapest = min(o.on_demand_per_hour / o.vcpus for o in catalog.cloud_offers()
                   if o.gpus == 0 and o.vcpus and o.on_demand_per_hour is not None and o.currency == "USD")
    assert f.number("agent.cpu_price_per_vcpu_hour") <= cheapest + 1e-12
    assert f.number("agent.cpu_cost_per_month") > 0


def test_cpu_only_offer_on_a_gpu_workload_is_a_warning_not_a_crash(catalog) -> None:
    est = estimate(catalog, plan(w__kind="llm_inference", delivery__cloud_offer_id="aws-m7i-xlarge"))
    assert check(est, "delivery.cpu_offer_prices_no_gpus").severity == "warning"
