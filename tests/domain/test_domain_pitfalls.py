"""The seed document's four pitfalls (section 五) and four an architect adds: each committed by a small plan, each
silent on the clean twin of that plan (issue 16).

Plans are built from the project model's defaults (Llama 3.1 8B pre-training on H100 SXM, InfiniBand, US) plus
the fields each test names.
"""

from __future__ import annotations

import pytest
from domain_plans import check, check_ids, estimate, plan

from gpudesk.vocabulary.delivery import horizon_months, owns_hardware

# -- 没有扩展预案: no scaling path -------------------------------------------------------------------------------

SIXTEEN_NODES = dict(hardware__nodes=16, w__train_tokens=2e12)


def test_sixteen_nodes_without_a_fabric(catalog) -> None:
    est = estimate(catalog, plan(network__fabric="none", **SIXTEEN_NODES))
    fires = check(est, "pitfall.no_fabric_for_nodes")
    assert fires.numbers["nodes"] == 16
    # computed over what exists: the DGX H100's front-end network, 2 × 400 Gb/s for 8 GPUs = 12.5 GB/s per GPU,
    # not the 8 × 400 Gb/s InfiniBand rails (50 GB/s per GPU)
    dgx = catalog.server("dgx-h100")
    assert est.figures.number("hw.scaleout_bw") == pytest.approx(
        dgx.frontend_nics * dgx.frontend_nic_gbps / 8 / 8 * 1e9)
    clean = estimate(catalog, plan(network__fabric="infiniband", **SIXTEEN_NODES))
    assert "pitfall.no_fabric_for_nodes" not in check_ids(clean)
    assert clean.figures.number("hw.scaleout_bw") == pytest.approx(8 * 400 / 8 / 8 * 1e9)


def _growth(limit_kw: float):  # type: ignore[no-untyped-def]
    from gpudesk.project.model import GrowthTrigger

    return plan(delivery__mode="private", hardware__nodes=2, facility__rack_power_limit_kw=limit_kw,
                triggers=[GrowthTrigger(metric="train_tokens", threshold=1e12, add_nodes=2)])


def test_growth_past_the_powered_racks(catalog) -> None:
    # 20.4 kW racks hold 2 DGX H100 (10.2 kW each): the 2 servers fill the one rack; 2 more need 20.4 kW of new racks
    fires = check(estimate(catalog, _growth(20.4)), "pitfall.no_scaling_path")
    assert fires.numbers["growth_kw"] == pytest.approx(2 * 10.2) and fires.numbers["rack_headroom_kw"] == 0
    # 40.8 kW racks hold 4: the rack already powered has room for the 2 more
    assert "pitfall.no_scaling_path" not in check_ids(estimate(catalog, _growth(40.8)))


def test_rented_gpus_with_no_fabric_of_the_plans_grow_by_renting_more(catalog) -> None:
    """The startup's second phase rents A100s by the GPU (no instance shape, fabric none) and adds a node when its
    volume grows: it read '没有扩展预案 … 计划新增 1 个节点（0 kW）' and 'reserve spine ports and facility power', none
    of which a cloud tenant owns (the provider's power unknown, printed as 0 kW). Owned, the same growth fires."""
    from gpudesk.project.model import GrowthTrigger

    growth = [GrowthTrigger(metric="train_tokens", threshold=1e12, add_nodes=1)]
    rented = plan(delivery__mode="cloud_on_demand", network__fabric="none", hardware__accelerator_id="a100-sxm-80gb",
                  hardware__server_id="hgx-a100-8", triggers=growth)
    assert "pitfall.no_scaling_path" not in check_ids(estimate(catalog, rented))
    owned = plan(delivery__mode="private", network__fabric="none", hardware__accelerator_id="a100-sxm-80gb",
                 hardware__server_id="hgx-a100-8", triggers=growth)
    assert check(estimate(catalog, owned), "pitfall.no_scaling_path").numbers["growth_nodes"] == 1


# -- 没做利用率规划: idle reserved capacity ------------------------------------------------------------------------

def _reserved(hours: float, days: float):  # type: ignore[no-untyped-def]
    return plan(w__kind="llm_inference", w__requests_per_day=20_000, hardware__accelerator_id="l40s",
                delivery__mode="cloud_reserved_1y", delivery__cloud_offer_id="aws-g6e-xlarge", duration_months=36,
                delivery__utilisation__hours_per_day=hours, delivery__utilisation__days_per_month=days)


def test_idle_reservation(catalog) -> None:
    # AWS g6e.xlarge (1 L40S): 1.861 USD/h on demand, 1.17 reserved 1 y -> break-even 1.17 / 1.861 = 62.9% of the
    # 730 h a month; used 10 h × 22 days = 220 h = 30.1% -> the reservation costs 730 × 1.17 / (220 × 1.861)
    # = 2.09× paying on demand for the hours used
    fires = check(estimate(catalog, _reserved(10, 22)), "pitfall.no_utilisation_plan")
    assert fires.numbers["break_even"] == pytest.approx(1.17 / 1.861, rel=1e-3)
    assert fires.numbers["utilisation"] == pytest.approx(220 / 730, rel=1e-3)
    assert fires.numbers["cost_ratio"] == pytest.approx(730 * 1.17 / (220 * 1.861), rel=1e-3)
    assert "pitfall.no_utilisation_plan" not in check_ids(estimate(catalog, _reserved(24, 30)))


# -- 只比单卡价格: comparing per-card price only --------------------------------------------------------------------

def test_cheap_card_that_costs_more_per_job(catalog) -> None:
    project = plan(hardware__accelerator_id="a100-sxm-80gb")
    est = estimate(catalog, project, search=True)
    fires = check(est, "pitfall.per_gpu_price")
    priced = [c for c in est.candidates if c.fits and c.cost == c.cost and c.cost > 0]
    a100 = next(c for c in priced if c.pinned)
    best = min(priced, key=lambda c: c.cost)
    assert fires.numbers["cheap"] == a100.accelerator_name and fires.numbers["best"] == best.accelerator_name
    # rows cost the ledger's total over the horizon, which for rented capacity is the phase's own months (266f698);
    # the pitfall speaks of a month
    phase = project.phases[0]
    months = horizon_months(phase.delivery.mode, phase.duration_months, est.figures.number("tco.horizon_years"))
    assert months == (12 * est.figures.number("tco.horizon_years") if owns_hardware(phase.delivery.mode)
                      else phase.duration_months)
    assert fires.numbers["best_job"] == pytest.approx(best.cost / months)
    assert fires.numbers["best_job"] < fires.numbers["cheap_job"]
    # the card that is already cheapest per job raises nothing (before: every training plan named B200)
    assert "pitfall.per_gpu_price" not in check_ids(estimate(catalog, plan(hardware__accelerator_id=best.accelerator_id),
                                                                search=True))


# -- 忽视软件生态: software ecosystem from the catalog --------------------------------------------------------------

@pytest.mark.parametrize(("accelerator", "kind", "level"), [
    ("gaudi3", "pretrain", "vendor"), ("ascend-910b", "llm_inference", "vendor"), ("mi300x", "pretrain", "vendor"),
])
def test_stack_without_upstream_support(catalog, accelerator, kind, level) -> None:
    est = estimate(catalog, plan(w__kind=kind, w__compute_dtype="fp16", w__weight_dtype="fp16", w__kv_dtype="fp16",
                                 hardware__accelerator_id=accelerator))
    assert check(est, "pitfall.software_ecosystem").numbers["level"] == level


@pytest.mark.parametrize(("accelerator", "kind"), [("h100-sxm", "pretrain"), ("mi300x", "llm_inference")])
def test_upstream_stack_is_silent(catalog, accelerator, kind) -> None:
    # ROCm serving is upstream in vLLM (catalog support_llm_serving = upstream), Megatron-style training is not
    est = estimate(catalog, plan(w__kind=kind, hardware__accelerator_id=accelerator))
    assert "pitfall.software_ecosystem" not in check_ids(est)


# -- unreachable latency target ----------------------------------------------------------------------------------

def test_first_token_target_below_an_idle_prefill(catalog) -> None:
    slow = plan(w__kind="llm_inference", w__model_id="llama-3.1-70b", w__parallel__tp=8, w__prompt_tokens=32_000,
                w__ttft_p50_ms=50)
    est = estimate(catalog, slow)
    fires = check(est, "pitfall.latency_target_unreachable")
    assert fires.numbers["ttft_ms"] == pytest.approx(est.figures.number("infer.ttft_unloaded_s") * 1000)
    assert fires.numbers["ttft_ms"] > 50
    relaxed = plan(w__kind="llm_inference", w__model_id="llama-3.1-70b", w__parallel__tp=8, w__prompt_tokens=32_000,
                   w__ttft_p50_ms=10_000, w__ttft_ms=30_000)
    assert "pitfall.latency_target_unreachable" not in check_ids(estimate(catalog, relaxed))


LATENCY_CHECKS = {"pitfall.latency_target_unreachable", "task.ttft_target_missed", "serving.adp_hold_long"}


@pytest.mark.parametrize(("model", "tp", "ep", "adp", "server"), [
    ("llama-3.1-70b", 8, 1, False, {"pitfall.latency_target_unreachable"}),
    ("deepseek-v3", 1, 8, True, {"serving.adp_hold_long"}),
])
def test_offline_serving_is_held_to_no_latency_target(catalog, model, tp, ep, adp, server) -> None:
    """Offline serving is throughput only (the core binds no latency target), yet an offline plan was still told
    'The latency target cannot be met at any scale' (a blocker), 'The time-to-first-token target is not met' and that
    the attention data-parallel balancer holds prompts long against the first-token target: targets it does not have."""
    def latency_checks(scenario: str) -> set[str]:
        est = estimate(catalog, plan(w__kind="llm_inference", w__model_id=model, w__parallel__tp=tp,
                                     w__parallel__ep=ep, w__attention_dp_balance=adp, w__attention_dp_timeout_iters=1000,
                                     w__compute_dtype="fp8", w__weight_dtype="fp8", w__kv_dtype="fp8",
                                     w__serving_scenario=scenario, w__ttft_ms=5 if not adp else 3000,
                                     w__ttft_p50_ms=0, hardware__accelerator_id="h200-sxm", hardware__nodes=1))
        return LATENCY_CHECKS & {c.id for c in est.checks}

    assert latency_checks("server") == server
    assert latency_checks("offline") == set()


@pytest.mark.parametrize(("scenario", "tpot_ms", "e2e_ms", "fires"), [
    ("server", 1, 0, "pitfall.tpot_target_unreachable"), ("interactive", 1, 0, "pitfall.tpot_target_unreachable"),
    ("server", 50, 2_000, "pitfall.e2e_target_unreachable"), ("offline", 1, 0, None), ("server", 50, 0, None),
])
def test_a_time_per_token_no_batch_meets_is_named(catalog, scenario, tpot_ms, e2e_ms, fires) -> None:
    """A TPOT target (or an end-to-end target over the outputs) below one sequence's own iteration: the core finds no
    batch (infer.concurrency 0), the replica serves nothing (infer.cannot_serve), and no check said so or why, where
    a first-token target below an idle prefill gets a blocker. Offline serving has no latency target."""
    est = estimate(catalog, plan(w__kind="llm_inference", w__model_id="llama-3.1-70b", w__parallel__tp=8,
                                 w__prompt_tokens=1_500, w__output_tokens=350, w__serving_scenario=scenario,
                                 w__tpot_ms=tpot_ms, w__e2e_ms=e2e_ms, hardware__accelerator_id="h200-sxm"))
    ids = {"pitfall.tpot_target_unreachable", "pitfall.e2e_target_unreachable"} & set(check_ids(est))
    if fires is None:
        assert not ids and est.figures.number("infer.concurrency") >= 1
        return
    assert ids == {fires} and est.figures.number("infer.concurrency") == 0
    named = check(est, fires)
    step = est.figures.number("infer.ttft_first_step_s") * 1000
    assert named.severity == "blocker" and named.numbers["step_ms"] == pytest.approx(step)
    assert named.numbers["target_ms"] == (tpot_ms if e2e_ms == 0 else e2e_ms) and step > tpot_ms / 10
    assert f"{step:,.1f} ms" in named.message


@pytest.mark.parametrize(("budget", "fires"), [(1, True), (2, True), (64, False), (0, False)])
def test_a_token_budget_too_small_for_the_first_token_is_named(catalog, budget, fires) -> None:
    """An engine that takes 2 tokens an iteration feeds a 4,000-token prompt over 2,000 iterations or more: even an
    idle replica misses the 3 s first-token target, the replica serves nothing, and the blocker says it is the
    budget (not the prefill, whose own idle first token meets the target); 64 tokens meet it."""
    est = estimate(catalog, plan(w__kind="llm_inference", w__model_id="llama-3.1-8b", w__prompt_tokens=4_000,
                                 w__output_tokens=400, w__weight_dtype="fp8", w__kv_dtype="fp8", w__compute_dtype="fp8",
                                 w__max_tokens_per_iteration=budget, w__peak_requests_per_s=2.0,
                                 hardware__accelerator_id="h200-sxm"))
    ids = set(check_ids(est))
    assert "pitfall.latency_target_unreachable" not in ids
    if not fires:
        assert "pitfall.token_budget_too_small" not in ids and est.figures.number("infer.max_rate_per_replica") > 0
        return
    named = check(est, "pitfall.token_budget_too_small")
    idle = est.figures.number("infer.token_budget_idle_ttft_s") * 1000
    assert named.severity == "blocker" and named.numbers["ttft_ms"] == pytest.approx(idle) and idle > 3000
    assert named.numbers["tokens"] == budget and f"{idle:,.0f} ms" in named.message
    assert f"With {budget} token{'s' if budget > 1 else ''} per iteration" in named.message  # "1 token", not "1 tokens"

    assert named.numbers["minimum"] == est.figures.number("infer.token_budget_min_tokens") > budget
    assert f"at least {named.numbers['minimum']:,.0f} tokens per iteration" in named.message


def test_a_token_budget_only_the_p50_first_token_target_rules_out_is_named_with_its_least_budget(catalog) -> None:
    """A budget whose chunks miss only the P50 first-token target (the percentile one met) left the replica 'cannot
    serve' with no check saying why. The blocker names the P50 target and the least budget, which serves: one token
    below it the replica cannot serve, at it the blocker is gone and the replica has a rate."""
    def served(budget: int):
        return estimate(catalog, plan(w__kind="llm_inference", w__model_id="llama-3.1-70b", w__prompt_tokens=1_500,
                                      w__output_tokens=350, w__parallel__tp=8, w__ttft_ms=4_000, w__ttft_p50_ms=1_500,
                                      w__max_tokens_per_iteration=budget, w__peak_requests_per_s=2.0,
                                      hardware__accelerator_id="h200-sxm", hardware__nodes=1))

    least = served(2).figures.number("infer.token_budget_min_tokens")
    short = served(int(least) - 1)
    named = check(short, "pitfall.token_budget_too_small")
    p50 = short.figures.number("infer.token_budget_idle_ttft_p50_s") * 1000
    assert named.numbers["which"] == "P50" and named.numbers["target_ms"] == 1_500 and p50 > 1_500
    assert named.numbers["minimum"] == least and short.figures.number("infer.token_budget_idle_ttft_s") * 1000 < 4_000
    assert "infer.cannot_serve" in short.figures
    enough = served(int(least))
    assert "pitfall.token_budget_too_small" not in set(check_ids(enough))
    assert enough.figures.number("infer.max_rate_per_replica") > 0


def test_a_token_budget_the_interactive_scenario_rules_out_is_named(catalog) -> None:
    """Interactive serving holds the median first-token target at the percentile (core/inference.py): a budget whose
    chunks miss it there (the plan's own percentile target met) left 'cannot serve' unexplained; the blocker reads
    the targets the core holds the replica to."""
    def served(budget: int):
        return estimate(catalog, plan(w__kind="llm_inference", w__model_id="llama-3.1-8b", w__prompt_tokens=1_500,
                                      w__prompt_tokens_sd=1_500.0, w__serving_scenario="interactive", w__ttft_ms=4_000,
                                      w__ttft_p50_ms=1_500, w__max_tokens_per_iteration=budget,
                                      w__compute_dtype="fp8", w__weight_dtype="fp8", w__kv_dtype="fp8",
                                      hardware__accelerator_id="h200-sxm", hardware__nodes=1))

    least = served(2).figures.number("infer.token_budget_min_tokens")
    short = served(int(least) - 1)
    assert "infer.cannot_serve" in short.figures
    named = check(short, "pitfall.token_budget_too_small")
    assert named.numbers["target_ms"] == 1_500 and named.numbers["minimum"] == least
    assert "pitfall.token_budget_too_small" not in set(check_ids(served(int(least))))


def test_a_token_budget_the_end_to_end_target_rules_out_is_named(catalog) -> None:
    """The budget's chunks met both first-token targets but left too little of the end-to-end one for the outputs
    (the rate search reads E2E − O_p·TPOT for the first token): 'cannot serve' with no check. Named with the least
    budget, which serves."""
    def served(budget: int):
        return estimate(catalog, plan(w__kind="llm_inference", w__model_id="llama-3.1-70b", w__parallel__tp=8,
                                      w__ttft_ms=600_000, w__ttft_p50_ms=0, w__e2e_ms=4_000,
                                      w__max_tokens_per_iteration=budget, w__compute_dtype="fp8", w__weight_dtype="fp8",
                                      w__kv_dtype="fp8", hardware__accelerator_id="h200-sxm", hardware__nodes=1))

    least = served(1).figures.number("infer.token_budget_min_tokens")
    short = served(int(least) - 1)
    assert "infer.cannot_serve" in short.figures
    named = check(short, "pitfall.token_budget_e2e_unreachable")
    assert named.numbers["target_ms"] == 4_000 and named.numbers["minimum"] == least and named.numbers["ttft_ms"] < 4_000
    enough = served(int(least))
    assert "pitfall.token_budget_e2e_unreachable" not in set(check_ids(enough))
    assert enough.figures.number("infer.max_rate_per_replica") > 0

# -- storage too slow (object storage, NFS, FSx) -------------------------------------------------------------------

VISION = dict(w__kind="vision_train", w__model_id="resnet-50", w__dataset_items=1_281_167, w__epochs=90,
              hardware__nodes=1, storage__dataset_tb=0.15)


@pytest.mark.parametrize("option", ["parallel-fs-lustre", "nas-nfs-efs", "object-s3-standard"])
def test_cloud_storage_too_slow_for_eight_gpus(catalog, option) -> None:
    est = estimate(catalog, plan(storage__option_id=option, **VISION))
    f = est.figures
    # 8 H100 × 4,560 images/s × 117 KB ≈ 4.3 GB/s of reads; FSx Lustre: 0.2274 GB/s per TB × 0.15 TB provisioned;
    # EFS: 1,500 MiB/s per client; S3: 5,500 GETs/s per prefix × 117 KB = 0.64 GB/s
    assert f.number("storage.read_bw_needed") > 4.0
    assert f.number("storage.read_bw_offered") < 1.6
    assert check(est, "storage.read_bw_short").severity == "blocker"


def test_parallel_fs_appliance_keeps_up(catalog) -> None:
    est = estimate(catalog, plan(storage__option_id="parallel-fs-ddn-ai400x2", **VISION))
    assert "storage.read_bw_short" not in check_ids(est)


# -- consumer GPUs for multi-GPU training --------------------------------------------------------------------------

def test_four_geforce_cards_training_together(catalog) -> None:
    four = plan(w__kind="finetune_qlora", w__train_tokens=1e8, hardware__accelerator_id="rtx-4090",
                hardware__gpus_per_node=4, hardware__nodes=1)
    assert check(estimate(catalog, four), "pitfall.consumer_gpus").numbers["gpus"] == 4
    one = plan(w__kind="finetune_qlora", w__train_tokens=1e8, hardware__accelerator_id="rtx-4090",
               hardware__gpus_per_node=1, hardware__nodes=1)
    assert "pitfall.consumer_gpus" not in check_ids(estimate(catalog, one))


# -- data residency ------------------------------------------------------------------------------------------------

def test_regulated_on_premises_plan_keeping_fsx(catalog) -> None:
    fsx = plan(delivery__mode="private", delivery__data_sensitivity="regulated", storage__option_id="parallel-fs-lustre")
    fires = check(estimate(catalog, fsx), "pitfall.data_residency")
    assert fires.severity == "blocker" and fires.numbers["provider"] == "AWS"
    own = plan(delivery__mode="private", delivery__data_sensitivity="regulated",
               storage__option_id="parallel-fs-ddn-ai400x2")
    assert "pitfall.data_residency" not in check_ids(estimate(catalog, own))


# -- an unknown scale-up bandwidth is said, not silently replaced ------------------------------------------------

def test_unknown_scaleup_bandwidth_is_named_where_the_layout_uses_it(catalog) -> None:
    """Cambricon MLU370-X8 lists MLU-Link without a bandwidth in one direction: its collectives are timed at PCIe
    Gen4 x16 (a lower bound), which a 70B model served with TP4 leans on; the check says so and its source text
    says why."""
    acc = catalog.accelerator("mlu370-x8")
    assert acc.scaleup_link == "MLU-Link" and not acc.scaleup_bw_gbs
    est = estimate(catalog, plan(w__kind="llm_inference", w__model_id="llama-3.1-70b", w__compute_dtype="fp16", w__weight_dtype="fp16", w__kv_dtype="fp16",
                                 hardware__accelerator_id="mlu370-x8", w__parallel__tp=4))
    fires = check(est, "gpu.scaleup_bandwidth_unknown")
    assert fires.numbers["link"] == "MLU-Link" and fires.numbers["degrees"] == 4 and fires.numbers["pcie_gbs"] == 31.0
    # one GPU per replica runs no collective: nothing to say
    small = estimate(catalog, plan(w__kind="llm_inference", w__model_id="llama-3.1-8b", w__compute_dtype="fp16", w__weight_dtype="fp16", w__kv_dtype="fp16",
                                   hardware__accelerator_id="mlu370-x8", w__parallel__tp=1))
    assert "gpu.scaleup_bandwidth_unknown" not in check_ids(small)
    # a part whose link bandwidth is published raises nothing at the same layout
    h100 = estimate(catalog, plan(w__kind="llm_inference", w__model_id="llama-3.1-70b", w__compute_dtype="fp16", w__weight_dtype="fp16", w__kv_dtype="fp16",
                                  hardware__accelerator_id="h100-sxm", w__parallel__tp=4))
    assert "gpu.scaleup_bandwidth_unknown" not in check_ids(h100)
