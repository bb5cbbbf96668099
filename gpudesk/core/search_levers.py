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

from gpudesk.core.constants.quantization import QUALITY_CITE_ZH, QUALITY_LOSS, QUALITY_LOSS_FP8_TRAINING
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_queue import wait_quantile
from gpudesk.core.search_points import PointTable, SearchPoint
from gpudesk.core.search_words import change, describe, money, money_zh, performance, versus
from gpudesk.core.serving_load import percentile_level, serving_inputs
from gpudesk.project.model import Phase, Workload
from gpudesk.vocabulary.serving import PERCENTILE
from gpudesk.vocabulary.sizing import BINDING


@dataclass(frozen=True)
class Lever:
    """One change that would move the choice, quantified."""

    code: str  # quality | relax | replica | runner_up
    en: str
    zh: str
    point: SearchPoint | None = None


def _single(ctx: Any, table: PointTable, row: int, **targets: Any) -> Any:
    """The serving model's figures for one searched configuration, with some targets changed."""
    c = table.cols
    unit = ctx.units[int(c["acc"][row])]
    hw = HardwareArrays.from_accelerators([unit.accelerator], (unit.server.nic_gbps or 100.0) if unit.server else 400.0,
                                          (unit.server.nics or ctx.gpus_per_node) if unit.server else ctx.gpus_per_node,
                                          ctx.gpus_per_node)
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
    c1 = max(fs.number("infer.concurrency", 1.0), 1.0)
    service = c1 / fs.number("infer.requests_per_s", math.nan)
    k = fs.number("infer.queue_variability", 0.5)
    q = 1.0 - percentile_level(w)
    now = float(wait_quantile(np.array(ctx.rate / replicas), service, c1, q, k))
    fewer = float(wait_quantile(np.array(ctx.rate / (replicas - 1)), service, c1, q, k))
    if not (math.isfinite(fewer) and math.isfinite(now)):
        return None
    ttft = fs.number("infer.ttft_at_percentile_s") - now + fewer
    per = max(int(rec.values.get("gpus_per_replica", rec.gpus / replicas)), 1)
    pct = PERCENTILE.name_of(w.latency_percentile, "en")
    return Lever("replica", f"One replica fewer ({rec.gpus - per:,} GPUs) needs a {pct} first-token target of "
                 f"{ttft * 1000:,.0f} ms (now {w.ttft_ms:,.0f} ms)",
                 f"少用一个副本（{rec.gpus - per:,} 张 GPU）需把 {pct} 首 token 目标放宽到 {ttft * 1000:,.0f} 毫秒"
                 f"（当前 {w.ttft_ms:,.0f} 毫秒）")


def _violation(p: SearchPoint, code: str, phase: Phase, w: Workload) -> tuple[str, str]:
    v = p.values
    pct = PERCENTILE.name_of(w.latency_percentile, "en")
    if code == "ttft":
        t = v.get("ttft_at_percentile_s", math.nan) * 1000
        return (f"its {pct} first token takes {t:,.0f} ms against {w.ttft_ms:,.0f} ms",
                f"其 {pct} 首 token 需 {t:,.0f} 毫秒，目标 {w.ttft_ms:,.0f} 毫秒")
    if code == "tpot":
        t = v.get("tpot_s", math.nan) * 1000
        return f"each token takes {t:,.1f} ms against {w.tpot_ms:,.0f} ms", f"每 token {t:,.1f} 毫秒，目标 {w.tpot_ms:,.0f} 毫秒"
    if code == "e2e":
        t = v.get("e2e_at_percentile_s", math.nan) * 1000
        return f"a {pct} request takes {t:,.0f} ms end to end against {w.e2e_ms:,.0f} ms", \
            f"{pct} 端到端 {t:,.0f} 毫秒，目标 {w.e2e_ms:,.0f} 毫秒"
    if code == "power":
        kw = v.get("power_kw", math.nan)
        lim = phase.facility.power_limit_kw
        return f"it draws {kw:,.0f} kW against the {lim:,.0f} kW the site has", f"需 {kw:,.0f} kW，机房只有 {lim:,.0f} kW"
    if code == "deadline":
        d = v.get("days", math.nan)
        return f"it takes {d:,.1f} days against {w.deadline_days:g}", f"需 {d:,.1f} 天，期限 {w.deadline_days:g} 天"
    if code == "budget":
        return (f"it costs more than the {phase.costs.budget:,.0f} {phase.costs.currency} budget",
                f"超出 {phase.costs.budget:,.0f} {phase.costs.currency} 的预算")
    if code == "memory":
        if p.kind in ("llm_inference", "agent_hosting"):
            return "its weights and KV cache do not fit in GPU memory", "其权重与 KV 缓存放不下显存"
        return ("its weights, gradients, optimizer states and activations do not fit in GPU memory",
                "其权重、梯度、优化器状态与激活放不下显存")
    name = BINDING.term(code)
    return f"it breaks the {name.en}", f"不满足{name.zh}"


def _own_sizing(search: Any, rec: SearchPoint, phase: Phase, w: Workload) -> tuple[str, str]:
    b = search.binding
    pct = PERCENTILE.name_of(w.latency_percentile, "en")
    replicas = int(rec.layout.get("replicas", rec.layout.get("dp", 1)))
    util = rec.values.get("utilisation", math.nan)
    if b == "ttft":
        return (f"the {pct} first-token target of {w.ttft_ms:,.0f} ms sets the replica count: {replicas:,} replicas "
                f"at {util:.0%} utilisation", f"{pct} 首 token 目标 {w.ttft_ms:,.0f} 毫秒决定副本数：{replicas:,} 个副本，"
                f"利用率 {util:.0%}")
    if b == "e2e":
        return (f"the {pct} end-to-end target of {w.e2e_ms:,.0f} ms sets the replica count: {replicas:,} replicas",
                f"{pct} 端到端目标 {w.e2e_ms:,.0f} 毫秒决定副本数：{replicas:,} 个副本")
    if b == "throughput" and search.family == "serving":
        return (f"the peak load sets the replica count: {replicas:,} replicas at {util:.0%} utilisation",
                f"峰值负载决定副本数：{replicas:,} 个副本，利用率 {util:.0%}")
    if b == "deadline":
        d = rec.values.get("days", math.nan)
        return (f"the {w.deadline_days:g}-day deadline sets the GPU count: {d:,.1f} days on {rec.gpus:,} GPUs",
                f"{w.deadline_days:g} 天期限决定 GPU 数：{rec.gpus:,} 张 GPU 需 {d:,.1f} 天")
    if b == "minimum":
        return ("one replica of the smallest configuration carries the load within every target",
                "最小配置的一个副本即可在全部目标内承载负载")
    name = BINDING.term(b)
    return f"the {name.en} sets the GPU count", f"{name.zh}决定 GPU 数"


def explain(search: Any, phase: Phase, w: Workload, binding_point: SearchPoint | None,
            quality_point: SearchPoint | None, serving_ctx: Any, table: PointTable
            ) -> tuple[tuple[str, str], tuple[Lever, ...]]:
    cur = search.currency
    rec = search.recommended
    if rec is None:
        top = max(search.dropped, key=lambda k: search.dropped[k]) if search.dropped else "throughput"
        term = BINDING.term(top)
        return ((f"No configuration meets every target: most are ruled out because they {term.dropped_en} "
                 f"({search.summary[0]}).", f"没有任何配置满足全部目标：多数因{term.dropped_zh}而被排除（{search.summary[1]}）。"),
                tuple(_closest(search)))
    d_en, d_zh = describe(rec)
    p_en, p_zh = performance(rec)
    name = BINDING.term(search.binding)
    if binding_point is not None:
        v_en, v_zh = _violation(binding_point, search.binding, phase, w)
        b_en, b_zh = describe(binding_point)
        c_en, c_zh = versus(binding_point, rec, cur)
        reason_en = f"the {name.en} binds: {b_en} would need {c_en} but {v_en}"
        reason_zh = f"约束条件是{name.zh}：{b_zh} 只需 {c_zh}，但{v_zh}"
    else:
        reason_en, reason_zh = _own_sizing(search, rec, phase, w)
        reason_en, reason_zh = f"the {name.en} binds: " + reason_en, f"约束条件是{name.zh}：" + reason_zh
    why_en = f"Recommended: {d_en}. {p_en}; {money(rec.cost, cur)} {_basis(search)[0]}. Why: {reason_en}."
    why_zh = f"推荐：{d_zh}。{p_zh}；{_basis(search)[1]} {money_zh(rec.cost, cur)}。原因：{reason_zh}。"
    levers: list[Lever] = []
    if quality_point is not None:
        levers.append(_quality_lever(quality_point, rec, cur))
    if serving_ctx is not None and search.binding == "ttft" and binding_point is None:
        lever = _replica_lever(serving_ctx, table, rec.index, rec)
        if lever is not None:
            levers.append(lever)
    if search.runner_up is not None:
        levers.append(_runner_up(search.runner_up, rec, cur))
    return (why_en, why_zh), tuple(levers)


def _basis(search: Any) -> tuple[str, str]:
    if search.basis == "ledger":  # the cost ledger of the plan that pins the configuration
        return (f"total cost of ownership over {search.horizon_years} years (cost ledger)",
                f"{search.horizon_years} 年总拥有成本（费用台账）")
    if search.family in ("training", "vision_train"):
        return "for the run", "单次训练费用"
    if search.basis == "own":
        return (f"total cost of ownership over {search.horizon_years} years",
                f"{search.horizon_years} 年总拥有成本")
    return f"rent over {search.horizon_years} years", f"{search.horizon_years} 年租用费用"


def _quality_lever(q: SearchPoint, rec: SearchPoint, cur: str) -> Lever:
    d_en, d_zh = describe(q)
    training = q.kind not in ("llm_inference", "agent_hosting") and "days" in q.values
    loss = QUALITY_LOSS_FP8_TRAINING if training and q.compute_dtype == "fp8" else (
        QUALITY_LOSS.get(q.precision) or QUALITY_LOSS.get(q.compute_dtype))
    cite = loss.source.split(":")[0] if loss is not None else ""
    cite_zh = QUALITY_CITE_ZH.get(loss.name, cite) if loss is not None else ""
    if loss is QUALITY_LOSS_FP8_TRAINING:
        caveat_en = f"quality caveat: training loss up to {loss.value:g}% above a BF16 run ({cite})"
        caveat_zh = f"质量提示：训练损失最多比 BF16 高 {loss.value:g}%（{cite_zh}）"
    elif loss is not None and loss.value > 0:
        caveat_en = f"quality caveat: up to {loss.value:g}% accuracy lost on published evaluations ({cite})"
        caveat_zh = f"质量提示：公开评测中精度损失最多 {loss.value:g}%（{cite_zh}）"
    elif loss is not None:
        caveat_en = f"quality caveat: no accuracy lost on published evaluations ({cite}); validate on the customer's tasks"
        caveat_zh = f"质量提示：公开评测中无明显精度损失（{cite_zh}）；请用客户任务验证"
    else:
        caveat_en, caveat_zh = ("quality caveat: validate on the customer's own evaluation set",
                                "质量提示：请用客户自己的评测集验证")
    ratio = q.gpus / rec.gpus if rec.gpus else math.nan
    halves = " — half the GPUs" if 0.4 <= ratio <= 0.55 else ""
    priced = math.isfinite(q.cost) and math.isfinite(rec.cost)
    c_en = f", {money(q.cost, cur)} ({change(q.cost, rec.cost)})" if priced else ""
    c_zh = f"，{money_zh(q.cost, cur)}（{change(q.cost, rec.cost)}）" if priced else ""
    gpus_en = f"{q.gpus:,} GPUs instead of {rec.gpus:,}{halves}" if q.gpus != rec.gpus else f"the same {q.gpus:,} GPUs"
    gpus_zh = f"{q.gpus:,} 张 GPU（原 {rec.gpus:,} 张）{'，减半' if halves else ''}" if q.gpus != rec.gpus \
        else f"同样 {q.gpus:,} 张 GPU"
    return Lever("quality", f"{d_en}: {gpus_en}{c_en}; {caveat_en}; allow it with 'Quantisation allowed'",
                 f"{d_zh}：{gpus_zh}{c_zh}；{caveat_zh}；可在“允许的量化”中放开", q)


def _runner_up(r: SearchPoint, rec: SearchPoint, cur: str) -> Lever:
    d_en, d_zh = describe(r)
    c_en, c_zh = versus(r, rec, cur)
    en = f"Runner-up: {d_en}, {c_en}"
    zh = f"次优：{d_zh}，{c_zh}"
    if math.isfinite(r.cost) and math.isfinite(rec.cost) and r.cost > rec.cost > 0:
        cut = 1.0 - rec.cost / r.cost
        en += f"; it wins if its price falls by {cut:.0%}"
        zh += f"；其价格下降 {cut:.0%} 即可胜出"
    elif not math.isfinite(r.cost):
        en += "; no price in the catalog: a quote decides"
        zh += "；目录中无价格，需报价后比较"
    return Lever("runner_up", en, zh, r)


def _closest(search: Any) -> list[Lever]:
    out = []
    for p in search.per_accelerator[:3]:
        d_en, d_zh = describe(p)
        broken = ", ".join(BINDING.term(c).dropped_en for c in p.violations)
        broken_zh = "、".join(BINDING.term(c).dropped_zh for c in p.violations)
        out.append(Lever("closest", f"Closest: {d_en} ({broken})", f"最接近：{d_zh}（{broken_zh}）", p))
    return out
