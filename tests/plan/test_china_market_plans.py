"""Plans in the China market (issue 17): parts and offers available there, compliance checks, domestic sizing."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest

from gpudesk.catalog.field_rules import DOMESTIC_VENDORS
from gpudesk.catalog.store import Catalog
from gpudesk.core.market import AvailabilityIndex, market_of_region
from gpudesk.core.plan_resolve import resolve_phase
from gpudesk.paths import resource_path, shipped_catalog_path
from gpudesk.project.schema import project_from_dict
from gpudesk.results.pipeline import estimate_plan

BANK = resource_path("samples") / "bank-llm-assistant.gpudesk"
GOV = resource_path("samples") / "gov-llm-domestic-accelerator.gpudesk"


@pytest.fixture
def catalog(tmp_path: Path) -> Catalog:
    return Catalog.open(shipped_catalog_path(), tmp_path / "user.db")


def _plan(path: Path, **phase_changes: object) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    for phase in data["phases"]:
        for dotted, value in phase_changes.items():
            node = phase
            *parents, leaf = dotted.split("__")
            for key in parents:
                node = node[key]
            node[leaf] = copy.deepcopy(value)
    return data


def _estimate(data: dict, catalog: Catalog, search: bool = True):  # type: ignore[no-untyped-def]
    """The plan estimated as the report reads it: searched, since the compliance checks read the search's candidates."""
    return estimate_plan(project_from_dict(data), catalog, search=search)


def test_region_maps_to_market() -> None:
    assert [market_of_region(r) for r in ("cn", "cn-west", "us", "eu-west", "sg")] == ["cn", "cn", "us", "eu", "global"]


def test_cn_plan_candidates_and_offers_are_available_there(catalog: Catalog, searched_sample) -> None:
    estimate, project = searched_sample(BANK.stem)  # the shipped sample as is, searched once per test process
    index = AvailabilityIndex(catalog)
    offers = {o.id: o for o in catalog.cloud_offers()}
    for phase_est, phase in zip(estimate.phases, project.phases, strict=True):
        assert phase_est.candidates
        for c in phase_est.candidates:
            if not c.pinned:
                assert index.accelerator(c.accelerator_id, "cn").status != "unavailable" or phase.delivery.mode \
                    == "cloud_on_demand", c.accelerator_id
            if phase.compliance.domestic_parts == "required" and not c.pinned:
                assert catalog.accelerator(c.accelerator_id).vendor in DOMESTIC_VENDORS
        resolved = resolve_phase(catalog, phase, "phases[]")
        for offer in (resolved.offer, resolved.rental_offer):
            assert offer is None or offers[offer.id].market == "cn"
        source = str(phase_est.figures.explain("delivery.price.cloud_on_demand")) \
            if "delivery.price.cloud_on_demand" in phase_est.figures else ""
        assert "aws-p5" not in source and "lambda" not in source


def test_us_plan_never_rents_a_china_offer(catalog: Catalog) -> None:
    data = _plan(BANK, facility__region="us", costs__currency="USD", compliance__domestic_parts="none",
                 delivery__cloud_offer_id="")
    for phase in project_from_dict(data).phases:
        resolved = resolve_phase(catalog, phase, "phases[]")
        assert resolved.offer is None or resolved.offer.market != "cn"


def test_unavailable_part_raises_a_blocker_naming_the_rule_and_alternatives(catalog: Catalog) -> None:
    data = _plan(BANK, hardware__accelerator_id="h100-sxm", hardware__server_id="", delivery__mode="private",
                 compliance__domestic_parts="none")
    phase = _estimate(data, catalog).phases[1]
    blocker = next(c for c in phase.checks if c.id == "compliance.part_unavailable")
    assert blocker.severity == "blocker" and "7 Oct 2022" in blocker.message and "2022-10-07" in blocker.message
    assert blocker.numbers["alternatives"] != "—"


def test_user_override_of_availability_clears_the_blocker(catalog: Catalog) -> None:
    data = _plan(BANK, hardware__accelerator_id="h100-sxm", hardware__server_id="", delivery__mode="private",
                 compliance__domestic_parts="none")
    catalog.edit_row("availability", "h100-sxm-cn-2022-10", {
        "status": "available", "notes": "customer holds a licence (architect's note, 2026-11-30)"})
    phase = _estimate(data, catalog).phases[1]
    assert not [c for c in phase.checks if c.id == "compliance.part_unavailable"]
    assumption = next(a for a in phase.assumptions if getattr(a, "key", "") == "compliance")
    assert assumption.values["status"] == "available"


def test_restricted_part_warns_with_its_rule_and_date(catalog: Catalog) -> None:
    data = _plan(BANK, hardware__accelerator_id="h20", hardware__server_id="", delivery__mode="private",
                 compliance__domestic_parts="none")
    phase = _estimate(data, catalog).phases[1]
    warning = next(c for c in phase.checks if c.id == "compliance.part_restricted")
    assert warning.numbers["effective"] == "2025-07-14"


def test_xinchuang_requirement_blocks_a_foreign_part(catalog: Catalog) -> None:
    data = _plan(BANK, hardware__accelerator_id="l20", hardware__server_id="", delivery__mode="private")
    checks = _estimate(data, catalog).phases[1].checks
    assert any(c.id == "compliance.domestic_required" and c.severity == "blocker" for c in checks)


def test_residency_and_mlps_checks(catalog: Catalog) -> None:
    data = _plan(BANK, delivery__cloud_offer_id="aws-p4d-24xlarge")
    pilot = _estimate(data, catalog).phases[0]
    ids = {c.id for c in pilot.checks}
    assert {"compliance.offer_outside_market", "compliance.mlps_public_cloud"} <= ids


def test_bank_sample_is_compliant_in_china(searched_sample) -> None:
    estimate, _project = searched_sample(BANK.stem)
    for phase in estimate.phases:
        bad = [c.id for c in phase.checks if c.id.startswith("compliance.") and c.severity == "blocker"]
        assert bad == [], (phase.name, bad)
        assert any(getattr(a, "key", "") == "compliance" and a.values["market"] == "cn" for a in phase.assumptions)


def test_cn_region_defaults_to_cny() -> None:
    data = _plan(BANK)
    for phase in data["phases"]:
        del phase["costs"]["currency"]
    assert {p.costs.currency for p in project_from_dict(data).phases} == {"CNY"}
    data["phases"][0]["facility"]["region"] = "us"
    assert project_from_dict(data).phases[0].costs.currency == "USD"


DOMESTIC_SERVING = ("ascend-910b", "ascend-910c", "mlu370-x8", "mtt-s4000", "br100", "br104", "iluvatar-bi-v100",
                    "hygon-k100-ai", "kunlun-p800")


@pytest.mark.parametrize("acc", DOMESTIC_SERVING)
def test_domestic_accelerators_size_training_and_serving_with_finite_figures(catalog: Catalog, acc: str) -> None:
    data = _plan(GOV, hardware__accelerator_id=acc, hardware__server_id="")
    serve = data["phases"][0]
    w = serve["workloads"][0]
    dtype = "bf16" if catalog.accelerator(acc).bf16_tflops else "fp16"  # the 16-bit format the part publishes
    w.update(model_id="llama-3.1-8b", compute_dtype=dtype, weight_dtype=dtype, kv_dtype=dtype, requests_per_day=20000)
    w["parallel"]["tp"] = 2
    train = copy.deepcopy(serve)
    train["workloads"][0].update(kind="finetune_lora", train_tokens=2e8, deadline_days=30)
    data["phases"] = [serve, train]
    # the plan's own figures (what this test reads) come before the search; the search (the catalog's domestic
    # parts, much the same for each accelerator here) runs on the gov sample in test_domestic_sample_sizes_power_and_cost
    estimate = _estimate(data, catalog, search=False)
    s, t = estimate.phases[0].figures, estimate.phases[1].figures
    for value in (s.number("infer.tokens_per_s"), s.number("infer.gpus_needed"), s.number("infer.ttft_s"),
                  t.number("train.time_to_train_days"), t.number("train.tokens_per_s")):
        assert math.isfinite(value) and value > 0, acc
    assert "fp16" in str(s.explain("hw.peak_flops_attention")) or catalog.accelerator(acc).bf16_tflops


def test_domestic_sample_sizes_power_and_cost(searched_sample) -> None:
    phase = searched_sample(GOV.stem)[0].phases[0]  # the shipped sample as is, searched once per test process
    f = phase.figures
    assert f.number("infer.gpus_needed") > 0 and math.isfinite(f.number("infer.tokens_per_s"))
    assert f.number("power.it_max_kw") > 0 and f.number("tco.energy_per_year") > 0
    [unvalidated] = [c for c in phase.checks if c.id == "accuracy.family_not_validated"]
    # the card by its name, never its family's catalog code ('no validation case for cambricon-mlu (…)': walk-25)
    assert "cambricon-mlu" not in unvalidated.message and "Cambricon MLU370-X8 48GB" in unvalidated.message
    assert not [c for c in phase.checks if c.id.startswith("compliance.") and c.severity != "info"]


def test_a_part_without_a_cn_row_is_not_recommended_for_owning_in_china(catalog: Catalog) -> None:
    """cn is a tracked market: a part with no availability row there (L4) is not assumed buyable; one the Oct 2023
    rule names (L40S) is unavailable; a market the catalog does not track (us) keeps both."""
    from gpudesk.core.search_catalog import eligible

    data = _plan(BANK, delivery__mode="private", compliance__domestic_parts="none", hardware__candidates=[])
    cn = {a.id for a in eligible(catalog, project_from_dict(data).phases[1])[0]}
    assert AvailabilityIndex(catalog).accelerator("l4", "cn").status == "unknown"
    assert "l4" not in cn and "l40s" not in cn and {"l20", "ascend-910b", "kunlun-p800"} <= cn
    data = _plan(BANK, facility__region="us", delivery__mode="private", compliance__domestic_parts="none",
                 hardware__candidates=[])
    us = {a.id for a in eligible(catalog, project_from_dict(data).phases[1])[0]}
    assert {"l4", "l40s"} <= us
