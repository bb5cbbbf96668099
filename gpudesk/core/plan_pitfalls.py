"""When each pitfall applies to a phase: the seven-step guide's four (section 五) and an architect's four more.

* no scaling path — one job over several nodes with the fabric set to none; growth triggers beyond the
  fabric's spare ports or the spare room in the racks already powered (owned facilities);
* no utilisation plan — committed capacity (owned, reserved, bare metal) used less than its break-even, the
  break-even taken from the commitment's own price (reserved: reserved / on-demand price);
* comparing per-card price only — the plan's accelerator is cheaper by the hour than an alternative that does
  the same work for less (a training run, or a month serving the same peak rate);
* ignoring the software ecosystem — the catalog's framework support for the workload's group is not upstream;
* unreachable latency target, consumer GPUs in multi-GPU training, regulated data kept in cloud storage;
* a phase sized beyond any cluster — more nodes than a plan may state (the bound of ``hardware.nodes``).
The storage pitfall is ``storage.read_bw_short`` (``core/storage.py``), which now reads per-TB throughput and
request limits from the catalog.
"""

from __future__ import annotations

import dataclasses
import math

from gpudesk.core.candidates import Candidate
from gpudesk.core.checks import Check
from gpudesk.core.digits import percent_text
from gpudesk.core.explain import FigureSet
from gpudesk.core.pipeline_check import pipeline_stages_check
from gpudesk.core.pitfalls import (
    adp_hold_check,
    amd_cdna3_serving_check,
    consumer_gpu_pitfall,
    decode_target_pitfall,
    ecosystem_pitfall,
    latency_pitfall,
    moe_attention_dp_check,
    no_fabric_pitfall,
    per_gpu_price_pitfall,
    residency_pitfall,
    scaleup_unknown_check,
    scaling_path_pitfall,
    token_budget_pitfall,
    utilisation_pitfall,
)
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.core.plan_workload import WorkloadResult
from gpudesk.core.static_batch_check import static_wait_check
from gpudesk.project.model import Hardware, Phase, Workload
from gpudesk.vocabulary.delivery import COMMITTED_MODES, horizon_months
from gpudesk.vocabulary.delivery import owns_hardware as owns_facility
from gpudesk.vocabulary.serving import PERCENTILE
from gpudesk.vocabulary.workloads import LLM_SERVING_KINDS, TRAINING_KINDS


def plan_pitfalls(phase: Phase, r: ResolvedPhase, figures: FigureSet, results: list[WorkloadResult],
                  candidates: list[Candidate]) -> list[Check]:
    checks = ecosystem_pitfall(r.accelerator, [w.kind for w in phase.workloads])
    checks += commitment_checks(phase, figures)
    checks += _per_card_price(phase, candidates)
    checks += _scaling_path(phase, r, figures, results) + beyond_any_cluster(phase, figures)
    checks += _latency(phase, figures)
    checks += _adp_hold(phase, figures)
    checks += [c for w, res in zip(phase.workloads, results) if w.kind in LLM_SERVING_KINDS
               for c in moe_attention_dp_check(float(res.layout.tp), float(res.layout.ep))
               + pipeline_stages_check(float(res.layout.tp), float(res.layout.pp))]
    if any(w.kind in LLM_SERVING_KINDS for w in phase.workloads):
        checks += amd_cdna3_serving_check(r.accelerator)
    degrees = max((max(res.layout.tp, res.layout.cp, res.layout.ep) for res in results), default=1)
    checks += scaleup_unknown_check(r.accelerator, degrees)
    trains = [res.gpus for w, res in zip(phase.workloads, results) if w.kind in TRAINING_KINDS]
    checks += consumer_gpu_pitfall(r.accelerator, float(max(trains))) if trains else []
    if (phase.delivery.data_sensitivity == "regulated" and owns_facility(phase.delivery.mode)
            and r.storage.cloud_provider):
        checks += residency_pitfall(r.storage.name, r.storage.cloud_provider, phase.delivery.mode)
    return checks


def beyond_any_cluster(phase: Phase, figures: FigureSet) -> list[Check]:
    """A phase gpudesk sized to more nodes than a plan may state (hardware.nodes, whose bound is the largest cluster
    announced): the gov sample at 10^10 requests a day came to 197,872,809 servers, 1.58 billion GPUs, with no word
    that no such cluster exists (fuzz-26). The bound is the plan's own (project/model.py), read here, not restated."""
    most = float(next(f for f in dataclasses.fields(Hardware) if f.name == "nodes").metadata["max"])
    nodes, gpus = figures.number("plan.nodes"), figures.number("plan.gpus")
    if phase.hardware.nodes or not math.isfinite(nodes) or nodes <= most:
        return []
    return [Check(
        "plan.beyond_any_cluster", "warning", "task", "More nodes than any cluster",
        f"The workloads need {gpus:,.0f} GPUs in {nodes:,.0f} nodes, more than the {most:,.0f} nodes a plan may state, "
        "which is already beyond the largest cluster announced: no single deployment of this size exists.",
        "Check the workload's rate or deadline, its targets and its model; split the work across sites or phases, or "
        "relax the targets.",
        ("plan.nodes", "plan.gpus"), {"gpus": gpus, "nodes": nodes, "most": most},
    )]


def commitment_checks(phase: Phase, figures: FigureSet) -> list[Check]:
    """Idle committed capacity, or owning that cannot pay back within the phase."""
    utilisation = figures.number("delivery.owned_utilisation")
    mode = phase.delivery.mode
    if not math.isfinite(utilisation) or mode not in COMMITTED_MODES:
        return []
    break_even, ratio = _break_even_utilisation(figures, mode)
    if math.isfinite(break_even) and break_even < 1.0:
        return utilisation_pitfall(utilisation, break_even, mode, ratio)
    cloud_allowed = figures.number("delivery.allowed.cloud_on_demand") == 1.0
    private, cloud = figures.number("delivery.total.private"), figures.number("delivery.total.cloud_on_demand")
    if mode == "private" and cloud_allowed and math.isfinite(private) and math.isfinite(cloud):
        return [Check(
            "delivery.owning_not_paid_back", "warning", "delivery", "Owning does not pay back within this phase",
            f"Over {phase.duration_months} months, owning costs {private:,.0f} and renting on demand "
            f"{cloud:,.0f} {phase.costs.currency}, even with the servers busy {percent_text(utilisation)} of the time.",
            "Rent for this phase, lengthen it, or carry the servers into the next phase so they keep earning.",
            ("delivery.total.private", "delivery.total.cloud_on_demand", "delivery.owned_utilisation"),
            {"private": private, "cloud_on_demand": cloud, "months": phase.duration_months,
             "utilisation": utilisation, "currency": phase.costs.currency},
        )]
    return []


def _break_even_utilisation(figures: FigureSet, mode: str) -> tuple[float, float]:
    """(utilisation at which the commitment costs as much as on demand, commitment / on-demand cost).

    The commitment is the mode's own total (a reservation's reserved price, bare metal's monthly term, the private
    build; hybrid owns a share of the private build). On-demand cost grows with the hours used, so the
    break-even utilisation is the used share × commitment / on-demand cost.
    """
    # Software, staff and storage are paid whichever way the GPUs are delivered: compare the GPUs' own cost.
    months = len(figures["delivery.demand_multiplier"]) if "delivery.demand_multiplier" in figures else 0
    common = figures.number("delivery.running_per_month", 0.0) * months
    committed = figures.number(f"delivery.total.{'private' if mode == 'hybrid' else mode}") - common
    cloud = figures.number("delivery.total.cloud_on_demand") - common
    used = figures.number("delivery.owned_utilisation")
    if not all(math.isfinite(v) for v in (committed, cloud, used)) or cloud <= 0:
        return float("nan"), float("nan")
    return min(1.0, used * committed / cloud), committed / cloud


def _per_card_price(phase: Phase, candidates: list[Candidate]) -> list[Check]:
    """The plan's accelerator against every alternative that fits and is priced, on the cost of the same work."""
    priced = [c for c in candidates if c.fits and math.isfinite(c.cost) and c.cost > 0 and c.gpus > 0]
    pinned = next((c for c in priced if c.pinned), None)
    # the same accelerator in another layout is not a cheaper GPU: only other accelerators are compared
    priced = [c for c in priced if pinned is not None and (c.pinned or c.accelerator_id != pinned.accelerator_id)]
    chosen = next((i for i, c in enumerate(priced) if c.pinned), None)
    if chosen is None or len(priced) < 2:
        return []
    if phase.hardware.nodes > 0:
        # The pinned row holds the user's fixed node count, the alternatives the count the load needs: a month on
        # each is not the same work, so the comparison would be meaningless.
        return []
    # rows cost the ledger's total over the horizon (a rented phase: its own months); the pitfall speaks of a month
    months = max(horizon_months(phase.delivery.mode, phase.duration_months, max(phase.costs.horizon_years, 1)), 1.0)
    work = [c.cost / months for c in priced]
    hours = [730.0 * c.gpus for c in priced]
    return per_gpu_price_pitfall(
        [c.accelerator_name for c in priced], [v / max(h, 1e-9) for v, h in zip(work, hours)],
        work, chosen, phase.costs.currency, "month")


def _scaling_path(phase: Phase, r: ResolvedPhase, figures: FigureSet, results: list[WorkloadResult]) -> list[Check]:
    checks: list[Check] = []
    nodes, gpn = figures.number("plan.nodes", 1.0), figures.number("plan.gpus_per_node", 1.0)
    spans = any(w.kind in TRAINING_KINDS and res.gpus > gpn for w, res in zip(phase.workloads, results)) or any(
        w.kind in LLM_SERVING_KINDS and res.figures.number("infer.gpus_per_replica", 1.0) > gpn
        for w, res in zip(phase.workloads, results))
    # a rented phase's instances reach each other over the provider's network (the offer's), not the plan's fabric
    if phase.network.fabric == "none" and nodes > 1 and spans and r.instance is None:
        row = r.catalog_server or r.server
        frontend = f"{row.frontend_nics} × {row.frontend_nic_gbps:g} Gb/s" if row.frontend_nics and \
            row.frontend_nic_gbps else ""
        checks += no_fabric_pitfall(nodes, gpn, frontend)
    growth_nodes = float(sum(t.add_nodes for t in phase.triggers))
    # rented instances grow by renting more, on the provider's network; so does rented capacity with no fabric of the
    # plan's (a per-GPU cloud row: the startup's second phase read 'reserve spine ports and facility power' for '1 more
    # node (0 kW)', its provider's power unknown)
    if growth_nodes <= 0 or r.instance is not None or (
            not owns_facility(phase.delivery.mode) and phase.network.fabric == "none"):
        return checks
    if phase.network.fabric == "none":
        headroom = 0.0 if nodes + growth_nodes > 1 else growth_nodes
    else:
        headroom = figures.number("net.headroom_nodes")  # NaN when unknown: the check says so
    server_kw = figures.number("power.server_max_kw")
    growth_kw = growth_nodes * server_kw if math.isfinite(server_kw) else 0.0
    owned = owns_facility(phase.delivery.mode) and math.isfinite(server_kw)
    spare_kw = 0.0
    if owned:
        slots = figures.number("power.racks", 0.0) * figures.number("power.servers_per_rack", 0.0)
        spare_kw = max(slots - figures.number("plan.servers", 0.0), 0.0) * server_kw
    return checks + scaling_path_pitfall(headroom, growth_nodes, spare_kw, growth_kw, owned)


def _latency(phase: Phase, figures: FigureSet) -> list[Check]:
    w = phase.workloads[0]
    ttft0 = figures.number("infer.ttft_unloaded_s")
    if w.kind not in LLM_SERVING_KINDS or not math.isfinite(ttft0) or w.serving_scenario == "offline":
        return []  # offline serving is throughput only: the core binds no latency target (core/inference.py)
    if w.ttft_p50_ms > 0 and ttft0 * 1000.0 > w.ttft_p50_ms:
        checks = latency_pitfall(ttft0, w.ttft_p50_ms / 1000.0, "P50")
    else:
        checks = latency_pitfall(ttft0, w.ttft_ms / 1000.0, PERCENTILE.name_of(w.latency_percentile, "en"))
    if not checks and "infer.token_budget_min_tokens" in figures:  # the budget's chunks, not the prefill, miss it
        checks = _token_budget(w, figures)
    return checks + _decode_target(phase, figures) + static_wait_check(figures)


def _token_budget(w: Workload, figures: FigureSet) -> list[Check]:
    """The budget is below the least one whose chunks let an idle replica meet the first-token targets the core
    holds it to (infer.in.ttft_target_s, infer.in.ttft_tail_target_s: interactive holds the median target at the
    percentile, and infer.in.e2e_target_s): the P50 target where its idle first token misses it, else the percentile
    one, else the end-to-end one (the least budget counts it: core/token_budget.idle_budget_floor)."""
    need = figures.number("infer.token_budget_min_tokens")
    if not need > w.max_tokens_per_iteration:
        return []
    budget, p50 = float(w.max_tokens_per_iteration), figures.number("infer.token_budget_idle_ttft_p50_s")
    p50_target = figures.number("infer.in.ttft_target_s", 0.0)
    if p50_target > 0 and p50 > p50_target:
        return token_budget_pitfall(p50, p50_target, "P50", budget, float(w.prompt_tokens), need)
    tail, tail_target = figures.number("infer.token_budget_idle_ttft_s"), figures.number("infer.in.ttft_tail_target_s", 0)
    prompt_tail = figures.number("infer.prompt_tokens_tail", float(w.prompt_tokens))
    if tail_target > 0 and tail > tail_target:
        return token_budget_pitfall(tail, tail_target, PERCENTILE.name_of(w.latency_percentile, "en"), budget,
                                    prompt_tail, need)
    return token_budget_pitfall(tail, figures.number("infer.in.e2e_target_s", 0.0), "", budget, prompt_tail, need,
                                figures.number("infer.output_tokens_tail", float(w.output_tokens)))


def _decode_target(phase: Phase, figures: FigureSet) -> list[Check]:
    """No batch meets the time-per-token bound (the core's batch is 0 with room in memory for a sequence): the
    replica serves nothing, which infer.cannot_serve says, and no check said why or what would help."""
    w = phase.workloads[0]
    step = figures.number("infer.ttft_first_step_s")  # one iteration at batch 1 where the batch is 0
    if figures.number("infer.concurrency", 1.0) != 0 or not figures.number("infer.max_concurrency_kv", 0.0) >= 1 \
            or not math.isfinite(step):
        return []
    out_tail = figures.number("infer.output_tokens_tail", float(w.output_tokens))
    per_token = ((w.e2e_ms / 1000.0 - figures.number("infer.ttft_prefill_tail_s", 0.0)) / (out_tail + 1.0)
                 if w.e2e_ms > 0 else math.inf)
    if step * 1000.0 <= w.tpot_ms and not step > per_token:
        return []
    return decode_target_pitfall(step, w.tpot_ms / 1000.0, w.e2e_ms / 1000.0, per_token, out_tail)


def _adp_hold(phase: Phase, figures: FigureSet) -> list[Check]:
    """The ADP balancer's longest hold against the first workload's first-token target (pitfalls.adp_hold_check)."""
    w = phase.workloads[0]
    if w.kind not in LLM_SERVING_KINDS or "infer.in.adp_timeout_iters" not in figures \
            or w.serving_scenario == "offline":
        return []
    return adp_hold_check(w.attention_dp_timeout_iters, w.attention_dp_batching_wait_iters,
                          figures.number("infer.tpot_s"), w.ttft_ms / 1000.0)
