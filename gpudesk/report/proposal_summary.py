"""The executive summary: what is recommended and why, what it costs, how it meets the targets, the risks.

Read off the plan's sized configurations (what, how many, which constraint sized it), the cost ledgers
(one-time, yearly, 3- and 5-year and the plan total defined once in ``PlanEstimate.total``), the serving
capacities and the phase figures. Nothing here is recomputed: every number is a surface of the core's.
"""

from __future__ import annotations

import math

from gpudesk.core.checks import SEVERITIES
from gpudesk.core.reason_values import Quantity
from gpudesk.core.sized_configuration import WorkloadSizing
from gpudesk.project.model import Workload
from gpudesk.report import ledger_text as L
from gpudesk.report.check_text import quantity_text
from gpudesk.report.display_units import capacity_and_peak
from gpudesk.report.document import BulletList, DataTable, Heading, Note, Paragraph, Section
from gpudesk.report.number_format import (
    format_money_zh,
    format_number,
    format_part,
    format_percent,
    wan_column,
)
from gpudesk.report.proposal_alternatives import alternatives_table, alternatives_warnings
from gpudesk.report.proposal_closing import signed_percent
from gpudesk.report.proposal_context import ProposalContext
from gpudesk.report.server_names import configured_server_name
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.cost_basis import basis_label
from gpudesk.results.plan_result import PhaseEstimate
from gpudesk.vocabulary.costs import awaiting_quote
from gpudesk.vocabulary.serving import PERCENTILE
from gpudesk.vocabulary.terms import in_sentence

TOTAL_COLUMNS = {"tco3": "tco.total_3y", "tco5": "tco.total_5y"}

TRAINING_KINDS = ("pretrain", "finetune_full", "finetune_lora", "finetune_qlora", "vision_train")
TOP_RISKS = 5


def _money(ctx: ProposalContext, value: float, wan: bool = False) -> str:
    return format_money_zh(value, ctx.currency, wan) if ctx.text.lang == "zh" else L.money(value, ctx.currency)


def _prefix(index: int) -> str:
    return "" if index == 0 else f"w{index + 1}."


def _largest(ctx: ProposalContext) -> PhaseEstimate:
    return max(ctx.plan.phases, key=lambda p: (p.config.gpus, p.index))


def recommendation(ctx: ProposalContext) -> list[str]:
    """Two or three sentences: what and how many; why that many (the binding constraint); how it is delivered."""
    t = ctx.text
    out = []
    if ctx.multi_phase:
        parts = [t.get("exec.phase_part", index=p.index + 1, name=p.name, what=_what(ctx, p)) for p in ctx.plan.phases]
        out.append(t.get("exec.roadmap", count=len(ctx.plan.phases), months=_months(ctx)) + _join(t, parts) + _end(t))
    else:
        out.append(t.get("exec.single", what=_what(ctx, ctx.plan.phases[0])))
    phase = _largest(ctx)
    why = _why(ctx, phase)
    if why:
        whose = _whose(ctx, phase)  # after 'Phase 2: ' the sentence runs on in lower case ('Phase 2: the GPU count …')
        out.append(whose + (in_sentence(why, ctx.text.lang) if whose else why) + ("" if ctx.text.lang == "zh" else " ")
                   + _band(ctx, phase))
    delivery = _delivery_reason(ctx, phase)
    if delivery:
        out.append(delivery)
    return out


def _join(t: ReportText, parts: list[str]) -> str:
    return ("；".join(parts)) if t.lang == "zh" else "; ".join(parts)


def _end(t: ReportText) -> str:
    return "。" if t.lang == "zh" else "."


def _months(ctx: ProposalContext) -> int:
    return max((p.start_month + p.ledger.months for p in ctx.plan.phases), default=0)


def _what(ctx: ProposalContext, phase: PhaseEstimate) -> str:
    t, c = ctx.text, phase.config
    mode = in_sentence(t.choice("delivery_mode", c.delivery_mode), t.lang)
    if c.owns_hardware:  # the GPUs bought (servers × GPUs per server) and, when fewer, the GPUs the plan uses
        return t.get("exec.what_owned" if c.installed_gpus == c.gpus else "exec.what_owned_partly",
                     servers=format_number(c.servers), server=configured_server_name(c, t.lang),
                     gpus=format_number(c.gpus), installed=format_number(c.installed_gpus),
                     accelerator=c.accelerator_named(t.lang), mode=mode)
    return t.get("exec.what_rented", gpus=format_number(c.gpus), accelerator=c.accelerator_named(t.lang), mode=mode)


def _whose(ctx: ProposalContext, phase: PhaseEstimate) -> str:
    """Which phase and workload the binding sentence sizes, where the plan has more than one ("第 2 阶段 · 质检模型
    再训练的 GPU 数量由…", "Phase 2 · Quality model retraining: …", as the performance table names them): the manufacturer summary read "16 张 GPU 上完成训练" right after
    phases of 10 and 19 GPUs, the 16 being phase 2's training share."""
    t, c = ctx.text, phase.config
    several = len(c.workloads) > 1
    if not c.workloads or not (ctx.multi_phase or several):
        return ""
    parts = ([t.get("exec.phase_short", index=phase.index + 1)] if ctx.multi_phase else []) + \
        ([max(c.workloads, key=lambda x: x.gpus).label(t.lang)] if several else [])
    whose = " · ".join(parts)
    if t.lang != "zh":
        return whose + ": "
    # "第 2 阶段的 GPU 数量由…决定"; a name ending in a digit or a Latin letter keeps the space before 的, as every
    # Chinese count does ('工作负载 2的 GPU 数量' of a workload the wizard added)
    return whose + (" 的 " if whose[-1:].isascii() and whose[-1:].isalnum() else "的 ")


def _why(ctx: ProposalContext, phase: PhaseEstimate) -> str:
    t, c = ctx.text, phase.config
    if not c.workloads:
        return ""
    w = max(c.workloads, key=lambda x: x.gpus)
    spec = ctx.project_phase(phase)
    workload = spec.workloads[w.index] if spec is not None and w.index < len(spec.workloads) else None
    sized_by = w.sized_by_text(t.lang)
    fs, pre = phase.figures, _prefix(w.index)
    if w.capacity is not None and w.capacity.unserved:
        return t.get("exec.why_unserved", sized_by=sized_by, gpus=format_number(w.gpus),
                     target=rate_text(w.capacity.target, w.capacity.unit, t), reason=w.capacity.unserved_text(t.lang))
    if w.capacity is not None and w.capacity.total == w.capacity.total and w.capacity.target > 0:
        cap = w.capacity
        per = rate_text(cap.per_replica, cap.unit, t, (cap.replicas, cap.total))
        if w.sized_by == "tables":  # the tables' memory binds: the sentence names both counts
            return t.get("exec.why_tables", sized_by=sized_by, gpus=format_number(w.gpus), per=per,
                         target=rate_text(cap.target, cap.unit, t), util=format_percent(cap.utilisation),
                         rate_gpus=format_number(fs.number(pre + "recsys.gpus_needed")))
        p99 = fs.number(pre + "infer.ttft_at_percentile_s")  # the first token at the target's percentile
        latency = t.get("exec.why_latency", p99=format_number(p99 * 1000, 0), target=format_number(workload.ttft_ms, 0),
                        pct=PERCENTILE.name_of(workload.latency_percentile, "en")) \
            if workload is not None and math.isfinite(p99) \
            and w.kind in ("llm_inference", "agent_hosting") else ""
        return t.get("exec.why_serving", sized_by=sized_by, target=rate_text(cap.target, cap.unit, t),
                     replicas=format_number(cap.replicas), per=per,
                     gpus=format_number(w.gpus), util=format_percent(cap.utilisation), latency=latency)
    days = fs.number(pre + "train.time_to_train_days", fs.number(pre + "vision.time_to_train_days"))
    if w.kind in TRAINING_KINDS and math.isfinite(days) and workload is not None:
        return t.get("exec.why_training", sized_by=sized_by, gpus=format_number(w.gpus), days=format_number(days),
                     deadline=format_number(workload.deadline_days))
    return t.get("exec.why_other", sized_by=sized_by, gpus=format_number(w.gpus))


BAND_KEYS = {"llm_inference": "infer.requests_per_s", "agent_hosting": "infer.requests_per_s",
             **{kind: "train.tokens_per_s" for kind in TRAINING_KINDS if kind != "vision_train"}}
"""The throughput figure behind a workload's GPU count, whose validation band (``PhaseEstimate.accuracy``, core/accuracy)
the summary quotes beside the count: its group names the estimate (推理吞吐, 训练吞吐)."""


def _band(ctx: ProposalContext, phase: PhaseEstimate) -> str:
    """The 80% band of the estimate that sized the largest workload's GPU count, as the accuracy section prints it
    (its interval and its published cases); without one, the plan's flat band (``PlanEstimate.accuracy_band``), as
    that section's fallback says. The summary gave the count and its reason but no band: a CTO read '660 张 GPU'
    as exact."""
    t, c = ctx.text, phase.config
    w = max(c.workloads, key=lambda x: x.gpus)
    key = _prefix(w.index) + BAND_KEYS.get(w.kind, "")
    band = phase.accuracy.get(key) if key in phase.accuracy else None
    if not band or band.get("low") is None:
        return t.get("exec.why_no_band", band=format_percent(ctx.plan.accuracy_band))
    return t.get("exec.why_band", group=t.choice("accuracy_group", str(band.get("group", ""))),
                 cases=format_number(int(band.get("fit_cases", 0)) + int(band.get("held_out_cases", 0)), 0),
                 interval=f"{signed_percent(band['low'] * 100)} … {signed_percent(band['high'] * 100)}")


def _delivery_reason(ctx: ProposalContext, phase: PhaseEstimate) -> str:
    t, fs = ctx.text, phase.figures
    mode = phase.config.delivery_mode
    if "delivery.modes" not in fs:
        return ""
    modes = [m for m in str(fs.value_at("delivery.modes")).split(",") if m]
    allowed = [m for m in modes if fs.number(f"delivery.allowed.{m}", 1.0) > 0]
    barred = [m for m in modes if m not in allowed]
    totals = {m: fs.number(f"delivery.total.{m}") for m in allowed}
    priced = {m: v for m, v in totals.items() if math.isfinite(v)}
    name = t.choice("delivery_mode", mode)
    if barred and mode in allowed and phase.figures.value_at("delivery.data_sensitivity") == "regulated":
        return t.get("exec.delivery_regulated", mode=name)
    if priced and mode in priced and min(priced, key=priced.__getitem__) == mode and len(priced) > 1:
        second = sorted(priced.values())[1]
        return t.get("exec.delivery_cheapest", mode=name, saving=_money(ctx, second - priced[mode]))
    return ""


def investment_table(ctx: ProposalContext) -> DataTable:
    """One-time, yearly and total per phase; a single phase adds its 3- and 5-year TCO, a roadmap its plan total
    and what the roadmap spends in its first 3 and 5 years (``roadmap.spend_3y``/``_5y``: phases run one after
    another, so a phase's own 5-year TCO would count months it does not run)."""
    t = ctx.text
    columns = ("phase", "once", "per_year", "phase_total") if ctx.multi_phase else \
        ("phase", "once", "per_year", "tco3", "tco5", "phase_total")
    # a single phase's 3- and 5-year columns say what they cover, as its cost page does ('租用 3 个月', '自购')
    ledger_of = None if ctx.multi_phase else ctx.plan.phases[0].ledger
    header = tuple(basis_label(t.get(f"exec.col_{c}"), TOTAL_COLUMNS.get(c, ""), ctx.plan.phases[0].figures,
                               ledger_of, t.lang) for c in columns)
    rows: list[tuple[str, ...]] = []
    # one unit for the table's amounts: '$0' one-time beside '7.0 万美元' a year read as two currencies
    wan = wan_column([ctx.plan.total, *(a for p in ctx.plan.phases for a in (
        p.ledger.one_time, p.ledger.opex_per_year, p.ledger.phase_total, p.ledger.total_over_years(5)))],
        ctx.currency, t.lang)

    def cell(amount: float, waiting: tuple[str, ...]) -> str:
        """An amount beside the lines awaiting a quote it leaves out (the core's FigureSet.awaiting, as the cost
        pages print it); "awaiting quotes" when nothing of it has a price yet (never ¥0 for unpriced servers)."""
        if waiting and amount == 0:
            return awaiting_quote(t.lang)
        return L.awaiting_total(_money(ctx, amount, wan), len(waiting), t, stacked=True)  # never widens it

    for p in ctx.plan.phases:
        ledger, f = p.ledger, p.figures
        first: tuple[str, ...] = (t.get("exec.phase_short", index=p.index + 1) if ctx.multi_phase else t.get("exec.this_plan"),
                 cell(ledger.one_time, f.awaiting("tco.one_time")),
                 cell(ledger.opex_per_year, f.awaiting("tco.opex_per_year")))
        if not ctx.multi_phase:
            first += (cell(ledger.total_over_years(3), f.awaiting("tco.total_3y")),
                      cell(ledger.total_over_years(5), f.awaiting("tco.total_5y")))
        rows.append(first + (cell(ledger.phase_total, f.awaiting("plan.phase_cost")),))
    total_rows = 0
    if ctx.multi_phase:
        roadmap = ctx.plan.roadmap
        phases = ctx.plan.phases
        spend = roadmap.awaiting("roadmap.total_spend") if roadmap is not None else \
            tuple(item for p in phases for item in p.figures.awaiting("plan.phase_cost"))
        rows.append((t.get("exec.all_phases"),
                     cell(sum(p.ledger.one_time for p in phases),
                          tuple(item for p in phases for item in p.figures.awaiting("tco.one_time"))),
                     "", cell(ctx.plan.total, spend)))
        total_rows = 1
        for years in (3, 5):
            key = f"roadmap.spend_{years}y"
            if roadmap is not None and key in roadmap:
                rows.append((t.get("exec.first_years", years=years), "", "",
                             cell(roadmap.number(key), roadmap.awaiting(key))))
                total_rows += 1
    return DataTable(header, tuple(rows), ("left",) + ("right",) * (len(columns) - 1), t.get("exec.investment"),
                     total_rows=total_rows)


def performance_rows(ctx: ProposalContext) -> list[tuple[str, ...]]:
    t = ctx.text
    rows: list[tuple[str, ...]] = []
    for phase in ctx.plan.phases:
        spec = ctx.project_phase(phase)
        for w in phase.config.workloads:
            workload = spec.workloads[w.index] if spec is not None and w.index < len(spec.workloads) else None
            name = (t.get("exec.phase_short", index=phase.index + 1) + " · " if ctx.multi_phase else "") + \
                w.label(t.lang)
            rows += _workload_rows(ctx, phase, w, workload, name)
    return rows


def _verdict(ctx: ProposalContext, ok: bool | None) -> str:
    if ok is None:
        return "—"
    return ctx.text.get("exec.meets") if ok else ctx.text.get("exec.misses")


def rate_text(value: float, unit: str, t: ReportText, part: tuple[float, float] | None = None) -> str:
    """A capacity or a peak rate with its unit, as the window's status bar and figure tables show it: from ten
    thousand up scaled as display_value scales it ('1,078 万项/秒', '10.78 M items/s'; the proposal read
    '10,780,265 项/秒' beside the window's '1,078 万项/秒'); below it with the digits a part of a total needs
    (``part``: the count of equal parts and their total, format_part)."""
    if math.isfinite(value) and abs(value) >= 1e4:
        return quantity_text(Quantity(value, unit), t.lang)
    number = format_part(value, *part) if part is not None else format_number(value)
    return f"{number} {t.choice('unit', unit)}"


def capacity_rates(total: float, target: float, unit: str, t: ReportText) -> tuple[str, str]:
    """(capacity, peak) as ``rate_text`` words them, the peak in the capacity's count word where the capacity has one,
    as the status bar and the CLI say them (display_units.capacity_and_peak): the English performance table read a
    target of '520,833 samples/s' beside '10.8 M samples/s' where the status bar read 'peak 0.521 M samples/s'."""
    shown = rate_text(total, unit, t)
    if not (math.isfinite(total) and abs(total) >= 1e4 and math.isfinite(target)):
        return shown, rate_text(target, unit, t)
    total_words, target_words, scaled = capacity_and_peak(total, target, unit, t.lang)
    if scaled == unit or not shown.startswith(total_words + " "):  # no count word, or worded otherwise: each its own
        return shown, rate_text(target, unit, t)
    return shown, f"{target_words} {shown.removeprefix(total_words + ' ')}"


def _workload_rows(ctx: ProposalContext, phase: PhaseEstimate, w: WorkloadSizing, workload: Workload | None,
                   name: str) -> list[tuple[str, ...]]:
    t, fs, pre = ctx.text, phase.figures, _prefix(w.index)
    rows: list[tuple[str, ...]] = []
    cap = w.capacity
    if cap is not None and cap.unserved:  # the target against 'cannot serve: <why>', never against 0
        rows.append((name, t.get("exec.metric_capacity"), rate_text(cap.target, cap.unit, t),
                     t.get("exec.cannot_serve", reason=cap.unserved_text(t.lang)), _verdict(ctx, False)))
    elif cap is not None and cap.target == cap.target and cap.total == cap.total:
        total, target = capacity_rates(cap.total, cap.target, cap.unit, t)
        rows.append((name, t.get("exec.metric_capacity"), target, total, _verdict(ctx, cap.total >= cap.target * 0.999)))
        rows.append((name, t.get("exec.metric_utilisation"), "", format_percent(cap.utilisation), "—"))
    if workload is not None and w.kind in ("llm_inference", "agent_hosting"):
        pct = PERCENTILE.name_of(workload.latency_percentile, "en")
        for key, target_ms, label in (("infer.ttft_at_percentile_s", workload.ttft_ms, "exec.metric_p99"),
                                      ("infer.tpot_s", workload.tpot_ms, "exec.metric_tpot")):
            value = fs.number(pre + key)
            if math.isfinite(value):
                ms = t.choice("unit", "ms")  # one unit word per language, as every other latency: 毫秒 / ms
                rows.append((name, t.get(label, pct=pct), f"≤ {format_number(target_ms, 0)} {ms}",
                             f"{format_number(value * 1000, 0)} {ms}", _verdict(ctx, value * 1000 <= target_ms * 1.0001)))
    days = fs.number(pre + ("vision." if w.kind == "vision_train" else "train.") + "time_to_train_days")
    if workload is not None and w.kind in TRAINING_KINDS and math.isfinite(days):
        day = t.choice("unit", "days")
        rows.append((name, t.get("exec.metric_time"), f"≤ {format_number(workload.deadline_days)} {day}",
                     f"{format_number(days)} {day}", _verdict(ctx, days <= workload.deadline_days * 1.0001)))
    return rows


def top_risks(ctx: ProposalContext) -> list[str]:
    t = ctx.text
    order = {s: i for i, s in enumerate(reversed(SEVERITIES))}
    seen: dict[str, tuple[int, str, list[str]]] = {}
    for phase in ctx.plan.phases:
        for check in phase.checks:
            if check.severity == "info" or check.id.startswith(("cost.unpriced", "cost.hardware_unpriced")):
                continue
            title, _message, fix = ctx.customer.risk(check)  # type: ignore[union-attr]
            rank = order.get(check.severity, 9)
            if check.id not in seen:
                seen[check.id] = (rank, f"{title}：{fix}" if t.lang == "zh" else f"{title}: {fix}", [])
            seen[check.id][2].append(str(phase.index + 1))
    ranked = sorted(seen.values(), key=lambda v: v[0])[:TOP_RISKS]
    out = []
    for _rank, text, phases in ranked:
        where = t.get("exec.in_phases", phases="、".join(phases) if t.lang == "zh" else ", ".join(phases)) \
            if ctx.multi_phase else ""
        out.append(text + where)
    return out


def unpriced_notice(ctx: ProposalContext) -> Note | None:
    t = ctx.text
    from gpudesk.report.ledger_text import item

    names = list(dict.fromkeys(item(line, t) for p in ctx.plan.phases for line in p.ledger.unpriced))
    if not names:
        return None
    sep = "、" if t.lang == "zh" else "; "
    return Note(t.get("exec.unpriced", count=ctx.plan.unpriced_lines, names=sep.join(names)), "warning")


def summary_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("summary")
    section.add(Heading(t.get("exec.recommendation")))
    for sentence in recommendation(ctx):
        section.add(Paragraph(sentence))
    section.add(investment_table(ctx))
    notice = unpriced_notice(ctx)
    if notice is not None:
        section.add(notice)
    rows = performance_rows(ctx)
    if rows:
        header = tuple(t.get(f"exec.col_{c}") for c in ("workload", "metric", "target", "planned", "verdict"))
        section.add(DataTable(header, tuple(rows), ("left", "left", "right", "right", "center"),
                              t.get("exec.performance")))
    risks = top_risks(ctx)
    section.add(Heading(t.get("exec.risks")))
    section.add(BulletList(tuple(risks)) if risks else Paragraph(t.get("risks.none")))
    largest = _largest(ctx)
    alternatives = alternatives_table(ctx, largest)
    if alternatives is not None:
        section.add(alternatives)
        for note in alternatives_warnings(ctx, largest):
            section.add(note)
    return section
