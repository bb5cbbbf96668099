"""Rank alternative accelerators for a phase's main workload, with reasons.

One vectorised evaluation over every eligible accelerator (× every GPU
count for training): the smallest GPU count that fits in memory and meets
the deadline (training) or serves the peak rate (serving), its time or
throughput, and its cost at the accelerator's cheapest catalog GPU-hour
price. Feasible and priced configurations rank first, cheapest first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.catalog.store import Catalog
from gpudesk.core.delivery import convert
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import InferenceInputs, estimate_inference
from gpudesk.core.market import (
    AvailabilityIndex,
    is_domestic,
    offer_allowed,
    phase_market,
    priced_offer_exists,
    usable,
)
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.plan_resolve import PlanInputError, ResolvedPhase, resolve_model
from gpudesk.core.candidates import Candidate, Reason
from gpudesk.core.recommend_other import RATE_KEYS, as_candidates, item_serving, vdi_seats, vision_training
from gpudesk.core.plan_workload import MAX_DOUBLINGS, MEMORY_MODE, TRAIN_KINDS, WorkloadResult, training_inputs
from gpudesk.core.training import estimate_training
from gpudesk.project.model import Phase, Workload
from gpudesk.vocabulary.workloads import LLM_SERVING_KINDS
from gpudesk.vocabulary.delivery import RENTED_MODES

HOURS_PER_MONTH = 730.0
TOP_N = 8
MEMORY_KEYS = ("mem.weights", "mem.gradients", "mem.optimizer", "mem.lora_adapters", "mem.activations",
               "mem.kv_cache", "mem.runtime", "mem.fragmentation")


def _memory_columns(mem) -> list[tuple[str, np.ndarray]]:  # type: ignore[no-untyped-def]
    """Each memory component, then the capacity, as one flat column over the swept configurations."""
    shape = np.shape(mem["mem.total"])
    return [(key, np.broadcast_to(np.asarray(mem[key], dtype=float), shape).reshape(-1))
            for key in (*[k for k in MEMORY_KEYS if k in mem], "mem.capacity")]


def _memory_at(columns: list[tuple[str, np.ndarray]], index: int) -> tuple[tuple[tuple[str, float], ...], float]:
    """The memory components of one swept configuration and its capacity, for the memory-fit chart."""
    return tuple((key, float(values[index])) for key, values in columns[:-1]), float(columns[-1][1][index])


@dataclass(frozen=True)
class Priced:
    accelerator: rec.Accelerator
    price_per_gpu_hour: float  # plan currency; NaN when the catalog has no offer
    offer: str


def eligible(catalog: Catalog, phase: Phase) -> list[rec.Accelerator]:
    """Accelerators the phase may compare: listed (or all), with a server, and usable in the plan's market.

    A part unavailable in the market, or without an availability row in a market the catalog tracks (cn), stays
    out unless it can be rented there (rented modes with an offer in the market); a 信创 requirement keeps only
    domestic parts. The pinned accelerator always stays, so the
    plan's own choice is shown beside the alternatives (its checks say why it cannot be used).
    """
    wanted = set(phase.hardware.candidates)
    market, in_country = phase_market(phase), phase.compliance.data_residency == "in_country"
    index = AvailabilityIndex.of(catalog)
    rented = phase.delivery.mode in RENTED_MODES
    with_server = {s.accelerator_id for s in catalog.servers() if index.server(s.id, market).status != "unavailable"
                   or rented}
    out = []
    for acc in catalog.accelerators():
        pinned = acc.id == phase.hardware.accelerator_id
        if wanted and acc.id not in wanted and not pinned:
            continue
        if acc.id not in with_server and not pinned:
            continue
        if not acc.memory_gb or not acc.mem_bw_gbs:
            continue
        if not pinned and not usable(index.accelerator(acc.id, market), rented,
                                     rented and priced_offer_exists(catalog, acc.id, market, in_country),
                                     index.tracks(market)):
            continue
        if not pinned and phase.compliance.domestic_parts == "required" and not is_domestic(acc):
            continue
        out.append(acc)
    return out


def gpu_hour_prices(catalog: Catalog, accelerators: list[rec.Accelerator], phase: Phase) -> list[Priced]:
    """Cheapest on-demand price per GPU-hour of each accelerator among the offers the plan's market allows."""
    cur, rate = phase.costs.currency, phase.costs.cny_per_usd
    market, in_country = phase_market(phase), phase.compliance.data_residency == "in_country"
    best: dict[str, tuple[float, str]] = {}
    for offer in catalog.cloud_offers():
        if offer.accelerator_id is None or offer.on_demand_per_hour is None or offer.gpus <= 0:
            continue
        if not offer_allowed(offer, market, in_country):
            continue
        per_gpu = float(convert(offer.on_demand_per_hour / offer.gpus, offer.currency, cur, rate))
        if offer.accelerator_id not in best or per_gpu < best[offer.accelerator_id][0]:
            best[offer.accelerator_id] = (per_gpu, f"{offer.provider} {offer.instance}")
    return [Priced(a, *best.get(a.id, (float("nan"), ""))) for a in accelerators]


def _hardware(accs: list[rec.Accelerator], phase: Phase) -> HardwareArrays:
    return HardwareArrays.from_accelerators(accs, nic_gbps=400.0, nics_per_node=phase.hardware.gpus_per_node,
                                            gpus_per_node=phase.hardware.gpus_per_node)


def _training(model: rec.ModelArch, w: Workload, phase: Phase, priced: list[Priced]) -> list[Candidate]:
    accs = [p.accelerator for p in priced]
    p = w.parallel
    mp = p.tp * p.pp * p.cp
    counts = mp * 2.0 ** np.arange(MAX_DOUBLINGS)
    n_acc, n_cnt = len(accs), counts.size
    acc_idx = np.repeat(np.arange(n_acc), n_cnt)
    n = np.tile(counts, n_acc)
    hw = _hardware(accs, phase).take(acc_idx)
    train = estimate_training(training_inputs(model, w, hw, n))
    mem = estimate_memory(MemoryInputs(
        model=model, mode=MEMORY_MODE[w.kind], weight_dtype=w.weight_dtype,
        optimizer=w.optimizer, seq_len=w.seq_len, micro_batch=w.micro_batch, tp=p.tp, pp=p.pp, dp=n / mp, cp=p.cp,
        ep=p.ep, zero_stage=p.zero_stage, recompute=p.recompute, sequence_parallel=p.sequence_parallel,
        flash_attention=p.flash_attention, virtual_stages=p.virtual_stages, lora_rank=w.lora_rank,
        cpu_offload=p.cpu_offload, gpus_per_node=phase.hardware.gpus_per_node, **hw.memory_fields(),
        limits=False,  # the ranking reads the fit and the components, not the limits or the layout search
    ))
    days = np.asarray(train["train.time_to_train_days"], dtype=float).reshape(n_acc, n_cnt)
    fits = (np.asarray(mem["mem.fits"], dtype=float) > 0).reshape(n_acc, n_cnt)
    columns = _memory_columns(mem)
    out = []
    for i, pr in enumerate(priced):
        ok = fits[i] & np.isfinite(days[i]) & (days[i] <= w.deadline_days)
        feasible_any = fits[i] & np.isfinite(days[i])
        j = int(np.argmax(ok)) if ok.any() else (int(np.argmin(np.where(feasible_any, days[i], np.inf)))
                                                  if feasible_any.any() else n_cnt - 1)
        gpus, d = int(counts[j]), float(days[i, j])
        cost = d * 24.0 * gpus * pr.price_per_gpu_hour
        reasons: list[Reason] = []
        if not fits[i].any():
            reasons.append(Reason("train_does_not_fit"))
        elif not ok.any():
            reasons.append(Reason("train_misses_deadline", {"deadline_days": w.deadline_days, "days": d}))
        else:
            reasons.append(Reason("train_meets_deadline", {"days": d, "gpus": gpus}))
        reasons.append(_price_reason(pr, phase))
        memory, capacity = _memory_at(columns, i * n_cnt + j)
        out.append(_candidate(pr, gpus, phase, bool(ok.any()), d, "days", cost, f"{phase.costs.currency}/run",
                              reasons, p.tp, p.pp, gpus // mp, memory, capacity))
    return out


def _serving(model: rec.ModelArch, w: Workload, phase: Phase, priced: list[Priced], rate: float) -> list[Candidate]:
    accs = [p.accelerator for p in priced]
    p = w.parallel
    infer = estimate_inference(InferenceInputs(
        model=model, hardware=_hardware(accs, phase), weight_dtype=w.weight_dtype, kv_dtype=w.kv_dtype,
        compute_dtype=None if w.compute_dtype == w.weight_dtype else w.compute_dtype,
        prompt_tokens=w.prompt_tokens, output_tokens=w.output_tokens, concurrency=w.concurrency, tp=p.tp,
        pp=p.pp, ep=p.ep, request_rate=rate, ttft_target_s=w.ttft_p50_ms / 1000, ttft_p99_target_s=w.ttft_p99_ms / 1000,
        tpot_target_s=w.tpot_ms / 1000, batching=w.batching, scenario=w.serving_scenario,
        layout_search=False,  # the ranking reads the fit and the GPUs to serve the rate, not mem.min_gpus
    ))
    gpus = np.asarray(infer["infer.gpus_needed"], dtype=float)
    tput = np.asarray(infer["infer.tokens_per_s"], dtype=float)
    fits = np.asarray(infer["mem.fits"], dtype=float) > 0 if "mem.fits" in infer else np.ones(len(accs), bool)
    columns = _memory_columns(infer) if "mem.total" in infer else None
    out = []
    for i, pr in enumerate(priced):
        ok = bool(fits[i] and math.isfinite(gpus[i]) and gpus[i] > 0)
        g = int(gpus[i]) if ok else 0
        cost = g * pr.price_per_gpu_hour * HOURS_PER_MONTH
        reasons = [
            Reason("serves_peak", {"gpus": g}) if ok else Reason("cannot_serve"),
            Reason("replica_throughput", {"tokens_per_s": float(tput[i])}) if math.isfinite(tput[i])
            else Reason("throughput_unknown"),
            _price_reason(pr, phase),
        ]
        memory, capacity = _memory_at(columns, i) if columns is not None else ((), 0.0)
        out.append(_candidate(pr, g, phase, ok, float(tput[i]), "tokens/s", cost, f"{phase.costs.currency}/month",
                              reasons, p.tp, p.pp, max(g // max(p.tp * p.pp, 1), 0), memory, capacity))
    return out


def _price_reason(pr: Priced, phase: Phase) -> Reason:
    if not math.isfinite(pr.price_per_gpu_hour):
        return Reason("no_cloud_price")
    return Reason("gpu_hour_price", {"price": pr.price_per_gpu_hour, "currency": phase.costs.currency,
                                     "offer": pr.offer})


def _candidate(pr: Priced, gpus: int, phase: Phase, ok: bool, value: float, unit: str, cost: float, cost_unit: str,
               reasons: list[Reason], tp: int, pp: int, dp: int, memory: tuple[tuple[str, float], ...] = (),
               capacity: float = 0.0) -> Candidate:
    gpn = phase.hardware.gpus_per_node
    return Candidate(
        rank=0, accelerator_id=pr.accelerator.id, accelerator_name=pr.accelerator.name, gpus=gpus,
        nodes=max(1, math.ceil(gpus / gpn)) if gpus else 0, layout=f"TP{tp} × PP{pp} × DP{dp}", fits=ok,
        time_or_throughput=value, time_or_throughput_unit=unit, cost=cost, cost_unit=cost_unit,
        reasons=tuple(reasons),
        pinned=pr.accelerator.id == phase.hardware.accelerator_id,
        memory=memory, memory_capacity=capacity,
    )


def _rank(cands: list[Candidate], lower_is_better: bool, tier: dict[str, int] | None = None) -> list[Candidate]:
    """Feasible first, then by market tier (available, then restricted, then parts that cannot be used there),
    then priced and cheapest, then fastest."""
    tier = tier or {}

    def key(c: Candidate) -> tuple[bool, int, bool, float, float]:
        priced = math.isfinite(c.cost) and c.cost > 0
        perf = c.time_or_throughput if lower_is_better else -c.time_or_throughput
        return (not c.fits, tier.get(c.accelerator_id, 0), not priced, c.cost if priced else 0.0,
                perf if math.isfinite(perf) else math.inf)

    ordered = sorted(cands, key=key)
    ranked = [Candidate(**{**c.__dict__, "rank": i + 1}) for i, c in enumerate(ordered)]
    pinned = [c for c in ranked if c.pinned]
    top = ranked[:TOP_N]
    return top + [c for c in pinned if c not in top]


def recommend(catalog: Catalog, phase: Phase, r: ResolvedPhase, primary: WorkloadResult) -> list[Candidate]:
    ranked = _recommend(catalog, phase, primary)
    if not ranked:
        return ranked
    return _with_market_reasons(catalog, phase, ranked)


def _market_tiers(catalog: Catalog, phase: Phase) -> dict[str, int]:
    """0 = available, 1 = restricted, no availability data, or not preferred under a 信创 preference, 2 = cannot be
    used (pinned only)."""
    market, index = phase_market(phase), AvailabilityIndex.of(catalog)
    tiers: dict[str, int] = {}
    for acc in catalog.accelerators():
        status = index.accelerator(acc.id, market).status
        tier = 2 if status == "unavailable" else (0 if status == "available" else 1)  # unknown ranks with restricted
        if phase.compliance.domestic_parts == "required" and not is_domestic(acc):
            tier = 2
        elif phase.compliance.domestic_parts == "preferred" and not is_domestic(acc):
            tier = max(tier, 1)
        tiers[acc.id] = tier
    return tiers


def _with_market_reasons(catalog: Catalog, phase: Phase, ranked: list[Candidate]) -> list[Candidate]:
    market, index = phase_market(phase), AvailabilityIndex.of(catalog)
    out = []
    for c in ranked:
        status = index.accelerator(c.accelerator_id, market)
        if status.status in ("available", "unknown"):
            reason = Reason(f"market_{status.status}", {"market": market})
        else:  # restricted or unavailable, with the rule and the date it took effect when known
            since = "_since" if status.effective else ""
            reason = Reason(f"market_{status.status}{since}",
                            {"market": market, "rule": status.rule, **({"since": status.effective} if since else {})})
        out.append(Candidate(**{**c.__dict__, "reasons": (*c.reasons, reason)}))
    return out


def _recommend(catalog: Catalog, phase: Phase, primary: WorkloadResult) -> list[Candidate]:
    w = phase.workloads[0]
    priced = gpu_hour_prices(catalog, eligible(catalog, phase), phase)
    if not priced:
        return []
    tiers = _market_tiers(catalog, phase)
    prices = np.array([p.price_per_gpu_hour for p in priced])
    currency = phase.costs.currency
    if w.kind == "rendering_vdi":
        rows = vdi_seats([p.accelerator for p in priced], w, prices)
        return _rank(as_candidates(rows, priced, phase, "seats/GPU", f"{currency}/month", _candidate), False, tiers)
    try:
        model = resolve_model(catalog, w, "phases[].workloads[0]")
    except PlanInputError:
        return []
    if w.kind in TRAIN_KINDS:
        return _rank(_training(model, w, phase, priced), lower_is_better=True, tier=tiers)
    if w.kind in LLM_SERVING_KINDS:
        return _rank(_serving(model, w, phase, priced, primary.request_rate), lower_is_better=False, tier=tiers)
    hw = _hardware([p.accelerator for p in priced], phase)
    if w.kind == "vision_train":
        rows = vision_training(model, w, hw, prices)
        return _rank(as_candidates(rows, priced, phase, "days", f"{currency}/run", _candidate), True, tiers)
    if w.kind in RATE_KEYS:
        rows = item_serving(model, w, phase, hw, prices, [p.accelerator.name for p in priced])
        return _rank(as_candidates(rows, priced, phase, "items/s", f"{currency}/month", _candidate), False, tiers)
    return []
