"""Why the recommended configuration, and what it would take to change the choice.

* The binding constraint (core/search_choice.py) in words, with the numbers behind it: the cheaper configuration
  it rules out, or — when none — how the recommendation's own sizing follows from it. For serving, the target
  that sets the replica count is found by evaluating the recommended configuration once per latency target with
  only that target set: the target that allows the lowest rate per replica binds.
* Levers: the cheapest configuration below the precision allowed (with its quality caveat and source), one
  replica fewer and the first-token target it would need, and the runner-up's price at which it would win.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.core.accuracy import attention_dp_numbers
from gpudesk.core.batch_server import first_tokens
from gpudesk.core.candidates import Reason
from gpudesk.core.constants.quantization import QUALITY_LOSS, QUALITY_LOSS_FP8_TRAINING
from gpudesk.core.disagg_capacity import carried_rate
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_batch import batch_server_of
from gpudesk.core.inference_queue import wait_quantile
from gpudesk.core.reason_values import Joined, Money, Word
from gpudesk.core.search_points import PointTable, SearchPoint
from gpudesk.core.search_words import (
    amd_cdna3_caveat,
    attention_dp_caveat,
    change,
    describe,
    disaggregated_pools,
    performance,
    pipeline_caveat,
    point_cost,
    versus,
)
from gpudesk.core.serving_load import percentile_level, serving_inputs
from gpudesk.project.assumed import assumed
from gpudesk.project.model import Phase, Workload
from gpudesk.vocabulary.sizing import BINDING


@dataclass(frozen=True)
class Lever:
    """One change that would move the choice, quantified: its words are ``reason``'s (reason catalogues)."""

    code: str  # quality | replica | runner_up | closest
    reason: Reason
    point: SearchPoint | None = None


def _single(ctx: Any, table: PointTable, row: int, **targets: Any) -> Any:
    """The serving model's figures for one searched configuration, with some targets changed."""
    c = table.cols
    # the searched unit's own hardware row: the scale-out its pinned plan resolves (config_search._scaleout), never
    # a guessed 100 Gb/s for a server that lists no NIC, so a lever's figures agree with the ranked rows
    hw = ctx.hardware.take(np.asarray([int(c["acc"][row])]))
    compute = str(c["compute"][row])
    return estimate_inference(serving_inputs(
        ctx.model, ctx.workload, hw, ctx.rate, weight_dtype=str(c["weight"][row]), kv_dtype=str(c["kv"][row]),
        compute_dtype=None if compute == str(c["weight"][row]) else compute, concurrency=float(c["batch"][row]),
        tp=float(c["tp"][row]), pp=float(c["pp"][row]), ep=float(c["ep"][row]), disaggregated=bool(c["disagg"][row]),
        derive_batch=False, **targets))


def serving_binding(ctx: Any, table: PointTable, row: int) -> str:
    """The latency target that sets the recommended replica count (the one allowing the lowest rate per replica),
    else the load itself (throughput)."""
    w: Workload = ctx.workload
    none = {"ttft_target_s": 0.0, "ttft_tail_target_s": 0.0, "e2e_target_s": 0.0}
    free = _single(ctx, table, row, **none).number("infer.max_rate_per_replica")
    rates = {}
    if w.ttft_p50_ms > 0 or w.ttft_ms > 0:
        rates["ttft"] = min(
            _single(ctx, table, row, **{**none, "ttft_target_s": w.ttft_p50_ms / 1000.0}).number(
                "infer.max_rate_per_replica") if w.ttft_p50_ms > 0 else math.inf,
            _single(ctx, table, row, **{**none, "ttft_tail_target_s": w.ttft_ms / 1000.0}).number(
                "infer.max_rate_per_replica"))
    if w.e2e_ms > 0:
        rates["e2e"] = _single(ctx, table, row, **{**none, "e2e_target_s": w.e2e_ms / 1000.0}).number(
            "infer.max_rate_per_replica")
    code, lowest = min(rates.items(), key=lambda kv: kv[1]) if rates else ("throughput", free)
    if not math.isfinite(lowest) or (math.isfinite(free) and lowest >= free * (1 - 1e-6)):
        return "throughput"
    replicas = table.cols["replicas_needed"][row]
    if math.ceil(ctx.rate / free - 1e-9) >= replicas:  # the target lowers the rate but not the replica count
        return "throughput"
    return code


def _replica_lever(ctx: Any, table: PointTable, row: int, rec: SearchPoint) -> Lever | None:
    """One replica fewer: the first-token target (at the plan's percentile) it would need."""
    w: Workload = ctx.workload
    replicas = int(rec.layout.get("replicas", 0))
    if replicas < 2 or rec.layout.get("disagg"):
        return None
    fs = _single(ctx, table, row)
    q = 1.0 - percentile_level(w)
    if "infer.batch_at_rate" in fs:  # static batching: the batch server's wait and its batch's prefill
        _, (wait,), prefill = first_tokens(batch_server_of(fs), np.array([ctx.rate / (replicas - 1)]), (q,))
        ttft = float(wait[0] + prefill[0]) + fs.number("infer.tpot_s")
        if not math.isfinite(ttft):
            return None
    else:
        c1 = max(fs.number("infer.concurrency", 1.0), 1.0)
        service = c1 / fs.number("infer.requests_per_s", math.nan)
        k = fs.number("infer.queue_variability", 0.5)
        now = float(wait_quantile(np.array(ctx.rate / replicas), service, c1, q, k))
        fewer = float(wait_quantile(np.array(ctx.rate / (replicas - 1)), service, c1, q, k))
        if not (math.isfinite(fewer) and math.isfinite(now)):
            return None
        ttft = fs.number("infer.ttft_at_percentile_s") - now + fewer
    per = max(int(rec.values.get("gpus_per_replica", rec.gpus / replicas)), 1)
    return Lever("replica", Reason("search_lever_replica", {
        "gpus": rec.gpus - per, "percentile": Word("percentile", w.latency_percentile), "ttft_ms": ttft * 1000,
        "target_ms": w.ttft_ms}))


def _violation(p: SearchPoint, code: str, phase: Phase, w: Workload) -> Reason:
    """What the cheaper point ``p`` breaks, with its figure against the target."""
    v = p.values
    pct = Word("percentile", w.latency_percentile)
    if code == "ttft":
        return Reason("search_violates_ttft", {"percentile": pct, "ms": v.get("ttft_at_percentile_s", math.nan) * 1000,
                                               "target_ms": w.ttft_ms})
    if code == "tpot":
        return Reason("search_violates_tpot", {"ms": v.get("tpot_s", math.nan) * 1000, "target_ms": w.tpot_ms})
    if code == "e2e":
        return Reason("search_violates_e2e", {"percentile": pct, "ms": v.get("e2e_at_percentile_s", math.nan) * 1000,
                                              "target_ms": w.e2e_ms})
    if code == "power":
        return Reason("search_violates_power", {"kw": v.get("power_kw", math.nan),
                                                "limit_kw": phase.facility.power_limit_kw})
    if code == "deadline":
        return Reason("search_violates_deadline", {"days": v.get("days", math.nan), "deadline_days": w.deadline_days})
    if code == "budget":
        return Reason("search_violates_budget", {"budget": Money(phase.costs.budget, phase.costs.currency)})
    if code == "memory":
        return Reason("search_violates_memory_serving" if p.kind in ("llm_inference", "agent_hosting")
                      else "search_violates_memory_training")
    return Reason("search_violates_other", {"binding": Word("binding", code)})


def _pools_load(rec: SearchPoint, n_pre: int, n_dec: int, rate: float) -> float:
    """The peak load's share of what a disaggregated point's pools carry, min(n_pre · λ_pre, n_dec · λ_dec)
    (core/disagg_capacity.py): the utilisation the plan's capacity states. The point's own ``utilisation`` is a
    decode instance's slot occupancy (rate per decode instance · service time / C), which read '26%' beside a
    capacity used at 93% when the prefill pool binds. NaN where a pool's rate is unknown."""
    carried = carried_rate(n_pre, n_dec, float(rec.values.get("max_prefill_rate_per_instance", math.nan)),
                           float(rec.values.get("max_rate_per_replica", math.nan)))
    return rate / carried if math.isfinite(carried) and carried > 0 else math.nan


def _own_sizing(search: Any, rec: SearchPoint, phase: Phase, w: Workload, rate: float = math.nan) -> Reason:
    """How the recommendation's own sizing follows from the binding constraint (no cheaper point to name);
    ``rate``: the peak load the search served (requests/s)."""
    b = search.binding
    pct = Word("percentile", w.latency_percentile)
    replicas = int(rec.layout.get("replicas", rec.layout.get("dp", 1)))
    util = rec.values.get("utilisation", math.nan)
    pools = disaggregated_pools(rec)
    if pools is not None and pools.key == "point_disaggregated_instances" and b in ("ttft", "e2e", "throughput"):
        # a disaggregated point's replicas are its prefill and decode instances together: say which, and the share
        # of the two pools' capacity the peak load uses
        key = {"ttft": "search_sizing_ttft_pools", "e2e": "search_sizing_e2e_pools"}.get(b, "search_sizing_load_pools")
        n_pre, n_dec = pools.numbers["prefill_instances"], pools.numbers["decode_instances"]
        return Reason(key, {"percentile": pct, "target_ms": w.ttft_ms if b == "ttft" else w.e2e_ms,
                            "utilisation": _pools_load(rec, n_pre, n_dec, rate), "prefill": n_pre, "decode": n_dec})
    if b == "ttft":
        return Reason("search_sizing_ttft", {"percentile": pct, "target_ms": w.ttft_ms, "replicas": replicas,
                                             "utilisation": util})
    if b == "e2e":
        return Reason("search_sizing_e2e", {"percentile": pct, "target_ms": w.e2e_ms, "replicas": replicas})
    if b == "throughput" and search.family == "serving":
        return Reason("search_sizing_load", {"replicas": replicas, "utilisation": util})
    if b == "deadline":
        return Reason("search_sizing_deadline", {"deadline_days": w.deadline_days, "days": rec.values.get("days", math.nan),
                                                 "gpus": rec.gpus})
    if b == "minimum":
        return Reason("search_sizing_minimum")
    return Reason("search_sizing_other", {"binding": Word("binding", b)})


def explain(search: Any, phase: Phase, w: Workload, binding_point: SearchPoint | None,
            quality_point: SearchPoint | None, serving_ctx: Any, table: PointTable
            ) -> tuple[Reason, tuple[Lever, ...]]:
    """Why the recommendation (a reason of the catalogues), and the levers that would change it."""
    cur = search.currency
    rec = search.recommended
    if rec is None:
        top = max(search.dropped, key=lambda k: search.dropped[k]) if search.dropped else "throughput"
        return (Reason("search_why_none", {"what": Word("binding", top, "dropped"), "summary": search.summary}),
                tuple(_closest(search)))
    binding = Word("binding", search.binding)
    rate = float(serving_ctx.rate) if serving_ctx is not None else math.nan
    if binding_point is not None:
        reason = Reason("search_binds_cheaper", {
            "binding": binding, "point": describe(binding_point), "cost": versus(binding_point, rec, cur),
            "violation": _violation(binding_point, search.binding, phase, w)})
    elif search.binding == "minimum":  # no target binds: "the nothing: … binds" read as nonsense
        reason = Reason("search_binds_none", {"sizing": _own_sizing(search, rec, phase, w, rate)})
    else:
        reason = Reason("search_binds_own", {"binding": binding, "sizing": _own_sizing(search, rec, phase, w, rate)})
    reason = _defaulted(reason, search.binding, w)
    perf = performance(rec)
    numbers = {"config": describe(rec), "cost": point_cost(rec, cur), "basis": _basis(search), "reason": reason}
    why = Reason("search_why", {**numbers, "performance": perf}) if perf is not None \
        else Reason("search_why_plain", numbers)
    stages = pipeline_caveat(rec)
    if stages is not None:  # the recommendation's replica has pipeline stages: the band of the runs of that layout
        why = Reason("search_why_pipeline_warning", {"why": why, **stages.numbers})
    why = _attention_dp_rule(why, rec, table)
    cdna3 = amd_cdna3_caveat(rec, search.families.get(rec.accelerator_id, ""))
    if cdna3 is not None:  # the recommendation itself is the configuration AMD's published runs read slower
        why = Reason("search_why_amd_cdna3", {"why": why, **cdna3.numbers})
    levers: list[Lever] = []
    if quality_point is not None:
        levers.append(_quality_lever(quality_point, rec, cur))
    if serving_ctx is not None and search.binding == "ttft" and binding_point is None:
        lever = _replica_lever(serving_ctx, table, rec.index, rec)
        if lever is not None:
            levers.append(lever)
    if search.runner_up is not None:
        levers.append(_runner_up(search.runner_up, rec, cur))
    return why, tuple(levers)


def _attention_dp_rule(why: Reason, rec: SearchPoint, table: PointTable) -> Reason:
    """The why with the attention data-parallel warning when the recommendation runs that layout, else with the
    ranking rule when the search ranked such layouts after the others (core/search_choice.rank_order)."""
    caveat = attention_dp_caveat(rec)
    if caveat is not None:
        return Reason("search_why_adp_warning", {"why": why, **caveat.numbers})
    numbers = attention_dp_numbers()
    demoted = table.cols.get("demoted")
    if numbers is None or demoted is None or not bool(np.any(demoted)):
        return why
    return Reason("search_why_adp_rule", {"why": why, **numbers})


def defaulted_target(code: str, w: Workload) -> tuple[str, float] | None:
    """(unit, value) when the target ``code`` (BINDING) reads an essential input the plan leaves at gpudesk's
    default (``project/assumed.py``), else None."""
    traits = BINDING.term(code).traits if code in BINDING else {}
    name = traits.get("field")
    if name is None or name not in {item.name for item in assumed(w)}:
        return None
    return str(traits["unit"]), float(getattr(w, name))


def _defaulted(reason: Reason, code: str, w: Workload) -> Reason:
    """The binding reason, saying so when the target that binds is gpudesk's default, not a value of the brief:
    a recommendation must not rest silently on a number nobody gave."""
    default = defaulted_target(code, w)
    if default is None:
        return reason
    return Reason(f"search_binds_default_{default[0]}", {
        "reason": reason, "binding": Word("binding", code), "value": default[1]})


def cost_basis(search: Any) -> Reason:
    """What a priced configuration's cost covers (the cost ledger of the plan pinning it): owned, the total cost of
    ownership over the horizon; rented, the rent of the phase's own months (CostLedger.total_over_years)."""
    if getattr(search, "rent_months", 0.0) > 0:
        return Reason("search_basis_ledger_rent", {"months": int(round(search.rent_months))})
    return Reason("search_basis_ledger", {"years": search.horizon_years})


def _basis(search: Any) -> Reason:
    """What the recommendation's cost covers."""
    if search.basis == "ledger":  # the cost ledger of the plan that pins the configuration
        return cost_basis(search)
    if search.family in ("training", "vision_train"):
        return Reason("search_basis_run")
    if search.basis == "own":
        return Reason("search_basis_own", {"years": search.horizon_years})
    return Reason("search_basis_rent", {"years": search.horizon_years})


def _caveat(q: SearchPoint) -> Reason:
    """The quality caveat of a configuration below the precision allowed, with its published source."""
    training = q.kind not in ("llm_inference", "agent_hosting") and "days" in q.values
    loss = QUALITY_LOSS_FP8_TRAINING if training and q.compute_dtype == "fp8" else (
        QUALITY_LOSS.get(q.precision) or QUALITY_LOSS.get(q.compute_dtype))
    if loss is None:
        return Reason("search_caveat_validate")
    numbers = {"loss": loss.value, "cite": Reason(f"cite_{loss.name.lower()}")}  # the source, as each language cites it
    if loss is QUALITY_LOSS_FP8_TRAINING:
        return Reason("search_caveat_fp8_training", numbers)
    return Reason("search_caveat_loss" if loss.value > 0 else "search_caveat_none", numbers)


def _quality_lever(q: SearchPoint, rec: SearchPoint, cur: str) -> Lever:
    ratio = q.gpus / rec.gpus if rec.gpus else math.nan
    if q.gpus == rec.gpus:
        gpus = Reason("search_lever_gpus_same", {"gpus": q.gpus})
    else:
        half = 0.4 <= ratio <= 0.55
        gpus = Reason("search_lever_gpus_half" if half else "search_lever_gpus", {"gpus": q.gpus, "was": rec.gpus})
    numbers = {"config": describe(q), "gpus": gpus, "caveat": _caveat(q)}
    d = change(q.cost, rec.cost)
    if math.isfinite(d):
        return Lever("quality", Reason("search_lever_quality_priced", {**numbers, "cost": point_cost(q, cur),
                                                                        "change": d}), q)
    return Lever("quality", Reason("search_lever_quality", numbers), q)


def _runner_up(r: SearchPoint, rec: SearchPoint, cur: str) -> Lever:
    numbers = {"config": describe(r), "cost": versus(r, rec, cur)}
    if math.isfinite(r.cost) and math.isfinite(rec.cost) and r.cost > rec.cost > 0:
        return Lever("runner_up", Reason("search_lever_runner_up_wins", {**numbers, "cut": 1.0 - rec.cost / r.cost}), r)
    if not math.isfinite(r.cost):
        return Lever("runner_up", Reason("search_lever_runner_up_unpriced", numbers), r)
    return Lever("runner_up", Reason("search_lever_runner_up", numbers), r)


def _closest(search: Any) -> list[Lever]:
    return [Lever("closest", Reason("search_lever_closest", {
        "config": describe(p), "broken": Joined(tuple(Word("binding", c, "dropped") for c in p.violations), "enum")}),
        p) for p in search.per_accelerator[:3]]
