"""Build the printable proposal from an estimated plan.

``build_proposal(plan, project, lang, branding)`` returns a
:class:`~gpudesk.report.document.ProposalDocument` whose sections follow
the order solution architects expect (docs/proposal.md): cover, executive
summary, requirements, architecture, bill of materials, power/cooling/racks,
network, storage, delivery modes, cost, charts, assumptions, risks,
calibration basis, roadmap (several phases only), accuracy, revisions.
Every word comes from the zh/en text catalogue; every number from the
plan's FigureSets, formatted per language.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import fields

from gpudesk.results.plan_result import PhaseEstimate, PlanEstimate
from gpudesk.vocabulary.serving import PERCENTILE
from gpudesk.project.model import Phase, Project, Workload
from gpudesk.report import proposal_closing, proposal_infra
from gpudesk.report.document import Branding, DataTable, KeyValueTable, Note, Paragraph, ProposalDocument, Section
from gpudesk.report.figure_rows import rows_of
from gpudesk.report.number_format import CURRENCY_SYMBOLS, format_money, format_number, format_percent, format_quantity
from gpudesk.report.proposal_context import ProposalContext
from gpudesk.report.search_section import search_section
from gpudesk.report.text_catalog import LANGUAGES, ReportText

SUMMARY_FIGURES = rows_of([
    ("train.time_to_train_days", "quantity"),
    ("train.mfu", "percent"),
    ("infer.ttft_s", "quantity"),
    ("infer.ttft_p99_s", "quantity"),
    ("infer.tpot_s", "quantity"),
    ("mem.total", "quantity"),
    ("power.it_max_kw", "quantity"),
    ("power.it_kw", "quantity"),
    ("power.facility_max_kw", "quantity"),
    ("power.racks", "integer"),
    ("plan.phase_cost", "money"),
    ("tco.capex", "money"),
    ("tco.opex_per_year", "money"),
    ("tco.total_3y", "money"),
    ("tco.total_5y", "money"),
    ("delivery.break_even.private_vs_cloud_on_demand", "quantity"),
])
# A rented phase owns nothing: no capex, no facility (the provider's), no owned-hardware break-even.
RENTED_SUMMARY_FIGURES = tuple(r for r in SUMMARY_FIGURES
                               if not r.key.startswith(("tco.capex", "power.", "delivery.break_even")))

CANDIDATE_ROWS = 8  # ranked configurations a proposal lists (the plan's own row is always among them)
TRAINING_KINDS = {"pretrain", "finetune_full", "finetune_lora", "finetune_qlora", "vision_train"}
WORKLOAD_FIELDS = {
    "training": ("model_id", "compute_dtype", "seq_len", "global_batch", "train_tokens", "epochs", "deadline_days"),
    "llm_inference": ("model_id", "weight_dtype", "prompt_tokens", "output_tokens", "concurrency",
                      "users", "peak_requests_per_s", "requests_per_day", "peak_factor", "latency_percentile",
                      "ttft_ms", "ttft_p50_ms", "tpot_ms", "e2e_ms"),
    "agent_hosting": ("model_id", "agents", "model_calls_per_agent_hour", "vcpus_per_agent", "prompt_tokens",
                      "output_tokens"),
    "rendering_vdi": ("seats", "seat_profile_gb"),
    "items": ("model_id", "items_per_day", "latency_ms", "image_size"),
}
CHOICE_FIELDS = {"compute_dtype", "weight_dtype"}


def build_proposal(
    plan: PlanEstimate,
    project: Project,
    lang: str,
    branding: Branding,
    *,
    issued: dt.date | None = None,
    catalog_date: str = "",
) -> ProposalDocument:
    """The whole proposal; ``issued`` defaults to today, ``catalog_date`` to unknown."""
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} not in {LANGUAGES}")
    text = ReportText(lang)
    ctx = ProposalContext(plan, project, text, issued or dt.date.today(), catalog_date)
    sections = [
        cover_section(ctx, branding),
        summary_section(ctx),
        requirements_section(ctx),
        architecture_section(ctx),
        *([searched] if (searched := search_section(ctx)) is not None else []),
        *proposal_infra.infrastructure_sections(ctx),
        *proposal_closing.closing_sections(ctx),
    ]
    return ProposalDocument(
        title=text.get("document.title"),
        lang=lang,
        project_name=project.meta.name or plan.project_name,
        branding=branding,
        sections=sections,
        footer_text=text.get("document.footer"),
    )


def cover_section(ctx: ProposalContext, branding: Branding) -> Section:
    t, meta = ctx.text, ctx.project.meta
    section = ctx.section("cover")
    rows = [
        (t.get("cover.project"), meta.name or ctx.plan.project_name),
        (t.get("cover.customer"), meta.customer),
        (t.get("cover.company"), branding.company),
        (t.get("cover.author"), branding.author or meta.author),
        (t.get("cover.date"), ctx.issued.isoformat()),
        (t.get("cover.app_version"), ctx.plan.app_version),
        (t.get("cover.catalog_version"), ctx.plan.catalog_version),
        (t.get("cover.catalog_date"), ctx.catalog_date or t.get("value.unknown")),
    ]
    section.add(KeyValueTable(tuple((k, v) for k, v in rows if v)))
    return section


def configuration_rows(phase: PhaseEstimate, t: ReportText) -> list[tuple[str, str]]:
    """The plan's own sized configuration, as every surface shows it."""
    c = phase.config
    servers = t.get("summary.servers_value", count=format_number(c.servers, 0), server=c.server_name)
    if c.partly_populated:
        servers += "；" if t.lang == "zh" else "; "
        servers += t.get("summary.partly_populated", gpus=c.gpus_per_node, slots=c.gpus_per_server)
    rows = [
        (t.get("summary.accelerator"), c.accelerator_name),
        (t.get("summary.gpus"), format_quantity(c.gpus, "GPUs", t, 0)),
        (t.get("summary.servers"), servers),
    ]
    if c.servers_carried:
        rows.append(("", t.get("summary.servers_carried", new=c.servers_new, carried=c.servers_carried)))
    for w in c.workloads:
        layout = w.layout.text()
        if len(c.workloads) == 1:
            rows.append((t.get("summary.layout"), layout))
            rows.append((t.get("summary.sized_by"), w.sized_by_text(t.lang)))
        else:
            rows.append((t.get("summary.layout") if w.index == 0 else "", t.get(
                "summary.workload_gpus", name=w.label(t.lang), gpus=w.gpus, layout=layout,
                sized_by=w.sized_by_text(t.lang))))
        if w.capacity is not None and w.capacity.total == w.capacity.total:
            cap = w.capacity
            unit = t.choice("unit", cap.unit)
            rows.append((t.get("summary.capacity"), t.get(
                "summary.capacity_value", total=format_number(cap.total), unit=unit, replicas=cap.replicas,
                per_replica=format_number(cap.per_replica), target=f"{format_number(cap.target)} {unit}",
                utilisation=format_percent(cap.utilisation))))
    return rows


def summary_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("summary")
    for phase, spec, fmt in ctx.each_phase(section):
        rows: list[tuple[str, str]] = []
        rows += configuration_rows(phase, t)
        rows += fmt.rows(SUMMARY_FIGURES if phase.config.owns_hardware else RENTED_SUMMARY_FIGURES)
        mode = fmt.figures.value_at("delivery.chosen_mode") if fmt.has("delivery.chosen_mode") else None
        if isinstance(mode, str) or spec is not None:
            chosen = mode if isinstance(mode, str) else spec.delivery.mode  # type: ignore[union-attr]
            rows.append((t.get("summary.delivery_mode"), t.choice("delivery_mode", chosen)))
        if rows:
            section.add(Paragraph(t.get("summary.lead")))
            section.add(KeyValueTable(tuple(rows)))
        else:
            section.add(Note(t.get("note.not_estimated")))
        blockers = [c for c in phase.checks if c.severity == "blocker"]
        if blockers:
            section.add(Note(t.get("summary.blockers", count=len(blockers)), "warning"))
    return section


def requirements_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("requirements")
    for phase, spec, _fmt in ctx.each_phase(section):
        if spec is None:
            section.add(Note(t.get("note.not_estimated")))
            continue
        section.add(KeyValueTable(_phase_rows(ctx, spec)))
        header = (t.get("requirements.workload"), t.get("requirements.parameter"), t.get("requirements.value"))
        rows: list[tuple[str, str, str]] = []
        for number, workload in enumerate(spec.workloads, start=1):
            name = workload.name or t.get("requirements.workload_n", n=number)
            kind = t.choice("workload_kind", workload.kind)
            for label, value in _workload_rows(workload, t):
                rows.append((f"{name} ({kind})", label, value))
        if rows:
            section.add(DataTable(header, tuple(rows), ("left", "left", "right")))
        if spec.notes:
            section.add(Paragraph(spec.notes))
    return section


def _phase_rows(ctx: ProposalContext, spec: Phase) -> tuple[tuple[str, str], ...]:
    t = ctx.text
    util = spec.delivery.utilisation
    return (
        (t.get("requirements.stage"), t.choice("stage", spec.stage)),
        (t.get("requirements.schedule"), t.get("requirements.schedule_value", start=spec.start_month,
                                                months=spec.duration_months)),
        (t.get("requirements.utilisation"), t.get("requirements.utilisation_value",
                                                   hours=format_number(util.hours_per_day),
                                                   days=format_number(util.days_per_month))),
        (t.get("requirements.sensitivity"), t.choice("sensitivity", spec.delivery.data_sensitivity)),
    )


def _workload_rows(workload: Workload, t: ReportText) -> list[tuple[str, str]]:
    if workload.kind in TRAINING_KINDS:
        names = WORKLOAD_FIELDS["training"] + (("lora_rank",) if "lora" in workload.kind else ())
    else:
        names = WORKLOAD_FIELDS.get(workload.kind, WORKLOAD_FIELDS["items"])
    meta = {f.name: f.metadata for f in fields(Workload)}
    out = []
    for name in names:
        value = getattr(workload, name)
        if name in CHOICE_FIELDS:
            shown = t.choice("dtype", value)
        elif name == "latency_percentile":
            shown = PERCENTILE.name_of(value, t.lang)
        elif isinstance(value, str):
            shown = value
        else:
            shown = format_quantity(value, meta[name].get("unit", ""), t)
        out.append((t.get(f"workload.{name}"), shown))
    return out


def architecture_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("architecture")
    for phase, spec, _fmt in ctx.each_phase(section):
        rows: list[tuple[str, str]] = []
        rows += configuration_rows(phase, t)
        if spec is not None:
            hw, net, store = spec.hardware, spec.network, spec.storage
            rows += [
                (t.get("architecture.gpus_per_node"), format_quantity(hw.gpus_per_node, "GPUs", t, 0)),
                (t.get("architecture.server"), hw.server_id or t.get("architecture.server_derived")),
                (t.get("architecture.fabric"), t.choice("fabric", net.fabric)),
                (t.get("architecture.storage"), store.option_id),
            ]
        proposal_infra.add_rows_and_charts(ctx, section, phase, rows)
        if len(phase.candidates) > 1:  # the best rows and the plan's own (the search section says the rest)
            shown = [c for c in phase.candidates if c.rank <= CANDIDATE_ROWS or c.pinned]
            section.add(_candidate_table(ctx, shown))
    return section


def _candidate_table(ctx: ProposalContext, candidates: list) -> DataTable:
    t = ctx.text
    header = tuple(t.get(f"candidates.{c}") for c in ("rank", "accelerator", "gpus", "nodes", "layout", "fits",
                                                      "performance", "cost"))
    rows = []
    for c in candidates:
        rows.append((
            str(c.rank), c.accelerator_name, format_number(c.gpus, 0), format_number(c.nodes, 0), c.layout_in(t.lang),
            t.get("value.yes") if c.fits else t.get("value.no"),
            format_quantity(c.time_or_throughput, c.time_or_throughput_unit, t),
            _candidate_cost(c.cost, c.cost_unit, t, c.cost_unit_in(t.lang)),
        ))
    return DataTable(header, tuple(rows), ("right", "left", "right", "right", "left", "center", "right", "right"),
                     title=t.get("candidates.title"))


def _candidate_cost(cost: float, unit: str, t: ReportText, shown: str = "") -> str:
    """'$2,183 per month' for a money unit such as 'USD/month'; 'USD over 3 years' as the amount with its period;
    other units as plain quantities."""
    money, slash, per = unit.partition("/")
    over = re.match(r"^([A-Z]{3}) over (\d+) years?$", unit)
    if over and over.group(1) in CURRENCY_SYMBOLS:
        amount = format_money(cost, over.group(1))
        return f"{amount}（{over.group(2)} 年）" if t.lang == "zh" else f"{amount} over {over.group(2)} years"
    if money not in CURRENCY_SYMBOLS:
        return format_quantity(cost, unit, t)
    return format_money(cost, money, t.lang) + (t.choice("unit", "/" + per) if slash else "")
