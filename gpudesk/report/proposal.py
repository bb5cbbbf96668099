"""Build the printable proposal from an estimated plan.

``build_proposal(plan, project, lang, branding)`` returns a
:class:`~gpudesk.report.document.ProposalDocument` whose sections follow the order solution architects
expect (docs/proposal.md): cover, executive summary, requirements, architecture, bill of materials and
quotation, power/cooling/racks, network, storage, delivery modes, cost, charts, assumptions, risks,
calibration basis, roadmap (several phases only), accuracy, references, revisions. Every word comes from
the zh/en text catalogue; every number from the plan's sized configurations, cost ledgers and FigureSets.
What each section shows fits the workload kind (no sequence length for a vision model, no image size for a
recommender) and the delivery mode (no facility sizing for rented capacity).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from typing import Any

from gpudesk.catalog.sources import chinese_texts
from gpudesk.core.candidates import Candidate
from gpudesk.core.reason_values import Quantity
from gpudesk.core.request_lengths import dataset_lengths
from gpudesk.core.search_words import ITEM_RATE_UNITS
from gpudesk.project.free_text import as_shown, clipped
from gpudesk.project.model import Phase, Project, ProjectMeta, Workload
from gpudesk.report import proposal_closing, proposal_infra
from gpudesk.report.assumption_text import assumption_templates
from gpudesk.report.chart_text import chart_words_zh
from gpudesk.report.check_text import check_templates, code_names, offers_named, pools_text, quantity_text
from gpudesk.report.display_units import input_count_text
from gpudesk.report.document import (
    COMPANY_MAX_CHARS,
    Branding,
    DataTable,
    KeyValueTable,
    Note,
    Paragraph,
    ProposalDocument,
    Section,
)
from gpudesk.report.figure_rows import rows_of
from gpudesk.report.number_format import format_number, format_percent, format_quantity
from gpudesk.report.proposal_alternatives import candidate_cost, costs_in_wan
from gpudesk.report.proposal_bom import bom_section
from gpudesk.report.proposal_context import ProposalContext
from gpudesk.report.proposal_summary import capacity_rates, rate_text, summary_section
from gpudesk.report.search_section import search_section
from gpudesk.report.server_names import configured_server_name, names_text
from gpudesk.report.sources import SourceRegistry
from gpudesk.report.text_catalog import LANGUAGES, ReportText
from gpudesk.results.plan_result import PhaseEstimate, PlanEstimate
from gpudesk.text_catalogues import catalogue
from gpudesk.vocabulary.request_lengths import LENGTH_DATASET
from gpudesk.vocabulary.serving import PERCENTILE
from gpudesk.vocabulary.workloads import LLM_TRAINING_KINDS, kind_unit

# Key figures of a workload, printed under the configuration (a missing figure is simply not a row).
WORKLOAD_FIGURES = rows_of([
    ("train.time_to_train_days", "quantity"),
    ("vision.time_to_train_days", "quantity"),
    ("train.mfu", "percent"),
    ("infer.ttft_s", "latency"),
    ("infer.ttft_p99_s", "latency"),
    ("infer.tpot_s", "latency"),
    ("vision.images_per_s", "quantity"),
    ("recsys.peak_items_per_s", "quantity"),
    ("mem.total", "quantity"),
])
PHASE_FIGURES = rows_of([
    ("power.it_max_kw", "quantity"),
    ("power.it_kw", "quantity"),
    ("power.racks", "integer"),
])

CANDIDATE_ROWS = 8  # ranked configurations a proposal lists (the plan's own row is always among them)
WORKLOAD_FIELDS = {
    "llm_training": ("model_id", "compute_dtype", "seq_len", "global_batch", "train_tokens", "epochs",
                     "deadline_days"),
    "vision_train": ("model_id", "compute_dtype", "dataset_items", "image_size", "global_batch", "epochs",
                     "deadline_days"),
    "llm_inference": ("model_id", "weight_dtype", "prompt_tokens", "output_tokens", "concurrency",
                      "users", "peak_requests_per_s", "requests_per_day", "peak_factor", "latency_percentile",
                      "ttft_ms", "ttft_p50_ms", "tpot_ms", "e2e_ms"),
    "agent_hosting": ("model_id", "agents", "model_calls_per_agent_hour", "vcpus_per_agent", "prompt_tokens",
                      "output_tokens"),
    "rendering_vdi": ("seats", "seat_profile_gb"),
    "vision_inference": ("model_id", "items_per_day", "peak_factor", "latency_ms", "image_size"),
    "diffusion_inference": ("model_id", "items_per_day", "peak_factor", "latency_ms", "image_size"),
    "recsys_inference": ("model_id", "items_per_day", "peak_factor", "latency_ms"),
    "embedding_inference": ("model_id", "items_per_day", "peak_factor", "latency_ms", "prompt_tokens"),
}
CHOICE_FIELDS = {"compute_dtype", "weight_dtype"}


def read_texts_ahead(lang: str) -> None:
    """Read now the text catalogues a proposal in ``lang`` words itself with (and, in Chinese, the catalog's Chinese
    publisher, provider and instance names), each cached once per process by its reader: ``gpudesk report`` calls
    this while the searches run in their worker processes, so that building the proposal after them does not parse
    them (about 0.03-0.04 s of CPU). What is not read here is read when first needed, as before."""
    ReportText(lang)
    names_text(lang)
    catalogue("reasons", lang)
    if lang == "zh":
        check_templates(lang)
        code_names(lang)
        assumption_templates(lang)
        chart_words_zh()
        texts = chinese_texts()
        for part in ("publishers", "providers", "instances"):
            getattr(texts, part)


def build_proposal(
    plan: PlanEstimate,
    project: Project,
    lang: str,
    branding: Branding,
    *,
    issued: dt.date | None = None,
    catalog_date: str = "",
    catalog: Any = None,
    unset: Callable[[str, object, float | None], str | None] | None = None,
) -> ProposalDocument:
    """The whole proposal; ``issued`` defaults to today, ``catalog_date`` to unknown. With ``catalog`` (the one the
    plan was estimated with) cited sources are listed with their URLs and models by their names; with ``unset`` (the
    faces pass the wizard's ``defaults.unset_word``) an input left at its unset value reads as the form words it."""
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} not in {LANGUAGES}")
    plan.require_search("the proposal")  # its search section, alternatives and checks read the searched rows
    text = ReportText(lang)
    citations: Mapping[str, Any] = catalog.citations() if catalog is not None else {}
    ctx = ProposalContext(plan, project, text, issued or dt.date.today(), catalog_date,
                          SourceRegistry(citations, lang), catalog=catalog, unset=unset)
    sections = [
        cover_section(ctx, branding),
        summary_section(ctx),
        requirements_section(ctx),
        architecture_section(ctx),
        *([searched] if (searched := search_section(ctx)) is not None else []),
        bom_section(ctx),
        *proposal_infra.infrastructure_sections(ctx),
        *proposal_closing.closing_sections(ctx),
    ]
    return ProposalDocument(
        title=text.get("document.title"),
        lang=lang,
        project_name=as_shown(ProjectMeta, "name", project.meta.name or plan.project_name),
        branding=replace(branding, company=clipped(" ".join(branding.company.split()), COMPANY_MAX_CHARS),
                         author=as_shown(ProjectMeta, "author", branding.author)),
        sections=sections,
        footer_text=text.get("document.footer"),
    )


def cover_section(ctx: ProposalContext, branding: Branding) -> Section:
    t, meta = ctx.text, ctx.project.meta
    section = ctx.section("cover")
    rows = [
        (t.get("cover.project"), as_shown(ProjectMeta, "name", meta.name or ctx.plan.project_name)),
        (t.get("cover.customer"), as_shown(ProjectMeta, "customer", meta.customer)),
        (t.get("cover.company"), clipped(" ".join(branding.company.split()), COMPANY_MAX_CHARS)),
        (t.get("cover.author"), as_shown(ProjectMeta, "author", branding.author or meta.author)),
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
    servers = t.get("summary.servers_value", count=format_number(c.servers, 0), server=configured_server_name(c, t.lang))
    if c.partly_populated:
        servers += "；" if t.lang == "zh" else "; "
        servers += t.get("summary.partly_populated", gpus=c.gpus_installed_per_server, slots=c.gpus_per_server)
    if c.instances and not c.owns_hardware:  # what is rented, counted as the ledger bills it, named as it names it
        offer = next((dict(ln.params).get("offer_id", "") for ln in phase.ledger.lines if ln.params
                      and dict(ln.params).get("instance") == c.instance), "")
        named = offers_named({"instance": c.instance, "offer_id": offer}, t.lang)["instance"]
        servers = t.get("summary.instances_value", count=format_number(c.instances, 0), instance=named,
                        per=c.gpus_per_instance)
    if c.instances is None:  # rented, but no offer prices it: the instances the provider cuts are unknown, never 0
        servers = t.get("summary.instances_unknown", servers=servers)
    rows = [
        (t.get("summary.accelerator"), c.accelerator_named(t.lang)),
        (t.get("summary.gpus"), format_quantity(c.gpus, "GPUs", t, 0)),
        (t.get("summary.servers") if c.owns_hardware else t.get("summary.servers_rented"), servers),
    ]
    if c.servers_carried:
        rows.append((t.get("summary.servers_history"), t.get("summary.servers_carried", new=c.servers_new,
                                                               carried=c.servers_carried)))
    rows.append((t.get("summary.delivery_mode"), t.choice("delivery_mode", c.delivery_mode)))
    return rows


def workload_rows(ctx: ProposalContext, phase: PhaseEstimate) -> list[tuple[str, str]]:
    """Every workload of the phase: its GPUs, layout, what sized it, its capacity and its key figures."""
    t = ctx.text
    c = phase.config
    rows: list[tuple[str, str]] = []
    fmt = ctx.formatter(phase)
    for w in c.workloads:
        prefix = "" if w.index == 0 else f"w{w.index + 1}."
        several = len(c.workloads) > 1
        name = w.label(t.lang)
        lead = (lambda label: f"{name} · {label}") if several else (lambda label: label)
        if several:
            rows.append((lead(t.get("summary.gpus")), format_quantity(w.gpus, "GPUs", t, 0)))
        pools = pools_text(w.pools, t.lang)
        layout = " · ".join(part for part in (w.layout_text(), pools) if part)
        if layout:  # seats (rendering, desktops) have none
            rows.append((lead(t.get("summary.layout")), layout))
        rows.append((lead(t.get("summary.sized_by")), w.sized_by_text(t.lang)))
        if w.capacity is not None and w.capacity.unserved:  # never 'capacity 0 requests/s'
            rows.append((lead(t.get("summary.capacity")), t.get(
                "summary.capacity_unserved", reason=w.capacity.unserved_text(t.lang),
                target=rate_text(w.capacity.target, w.capacity.unit, t))))
        elif w.capacity is not None and w.capacity.total == w.capacity.total:
            cap = w.capacity
            total, target = capacity_rates(cap.total, cap.target, cap.unit, t)  # the peak in the capacity's unit
            rows.append((lead(t.get("summary.capacity")), t.get(
                "summary.capacity_value", total=total, replicas=cap.replicas,
                per_replica=rate_text(cap.per_replica, cap.unit, t, (cap.replicas, cap.total)),
                target=target, utilisation=format_percent(cap.utilisation))))
        for label, value in fmt.rows([type(r)(prefix + r.key, r.kind, r.skip_zero) for r in WORKLOAD_FIGURES]):
            rows.append((lead(label), value))
    return rows


def requirements_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("requirements")
    for phase, spec, _fmt in ctx.each_phase(section):
        if spec is None:
            section.add(Note(t.get("note.not_estimated")))
            continue
        section.add(KeyValueTable(_phase_rows(ctx, spec, phase)))
        for number, workload in enumerate(spec.workloads, start=1):
            name = workload.name or t.get("requirements.workload_n", n=number)
            kind = t.choice("workload_kind", workload.kind)
            title = f"{name}（{kind}）" if t.lang == "zh" else f"{name} ({kind})"
            sized = phase.config.workloads[number - 1] if number <= len(phase.config.workloads) else None
            section.add(KeyValueTable(tuple(_workload_rows(ctx, workload, sized.model_name if sized else "",
                                                           number - 1)), title))
        if spec.notes:
            section.add(Paragraph(spec.notes))
    return section


def _phase_rows(ctx: ProposalContext, spec: Phase, phase: PhaseEstimate) -> tuple[tuple[str, str], ...]:
    t = ctx.text
    util = spec.delivery.utilisation
    return (
        (t.get("requirements.stage"), t.choice("stage", spec.stage)),
        (t.get("requirements.schedule"), t.get("requirements.schedule_value", start=spec.start_month + 1,
                                                months=spec.duration_months)),
        (t.get("requirements.utilisation"), t.get("requirements.utilisation_value",
                                                   hours=format_number(util.hours_per_day),
                                                   days=format_number(util.days_per_month))),
        (t.get("requirements.sensitivity"), t.choice("sensitivity", spec.delivery.data_sensitivity)),
    )


def field_group(kind: str) -> str:
    return "llm_training" if kind in LLM_TRAINING_KINDS else kind if kind in WORKLOAD_FIELDS else "vision_inference"


def _workload_rows(ctx: ProposalContext, workload: Workload, model_name: str = "",
                   index: int = 0) -> list[tuple[str, str]]:
    """The workload's inputs; its model by the product name the estimate resolved (``model_name``), else the
    catalog's name, never its id; an input at its unset value in the form's words (``ctx.unset``): the gov
    proposal listed "服务人数 0 人" and "端到端时延（按分位；0 = 不设） 0 毫秒" for inputs not given. A named data set's
    lengths are the ones shown (as the estimate read them), with the data set named after them."""
    t = ctx.text
    workload = dataset_lengths(workload)
    names = WORKLOAD_FIELDS[field_group(workload.kind)]
    if "lora" in workload.kind:
        names = names + ("lora_rank",)
    meta = {f.name: f.metadata for f in fields(Workload)}
    out = []
    for name in names:
        value = getattr(workload, name)
        if name in CHOICE_FIELDS:
            shown = t.choice("dtype", value)
        elif name == "latency_percentile":
            shown = PERCENTILE.name_of(value, t.lang)
        elif name == "model_id":
            shown = chinese_texts().parts_in(model_name or ctx.model_name(value), t.lang)  # the catalog's name_zh
        elif isinstance(value, str):
            shown = value
        else:
            unset = ctx.unset(f"workloads[{index}].{name}", value, meta[name].get("min")) if ctx.unset else None
            unit = kind_unit(workload.kind, meta[name].get("unit", ""))  # a count in the form's 万 / 亿 (150 万次请求/天)
            shown = unset or input_count_text(value, meta[name], t.lang, t.choice("unit", unit)) \
                or format_quantity(value, unit, t)
        out.append((t.get(f"workload.{name}"), shown))
    if workload.length_dataset != "none":
        out.append((t.get("workload.length_dataset"), LENGTH_DATASET.name_of(workload.length_dataset, t.lang)))
    return out


def architecture_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("architecture")
    for phase, spec, fmt in ctx.each_phase(section):
        rows: list[tuple[str, str]] = []
        rows += configuration_rows(phase, t)
        if spec is not None:
            net = spec.network
            rows += [
                # a rented phase's node is its instance (a 1-GPU instance is not a slice of an 8-GPU server); a row
                # priced by the GPU too: the startup's rented A100 read '每台 GPU 数 8 卡' under '（每台 1 张 GPU）'
                (t.get("architecture.gpus_per_instance"), format_quantity(phase.config.gpus_per_instance, "GPUs", t, 0))
                if phase.config.instances and not phase.config.owns_hardware else
                (t.get("architecture.gpus_per_node"), format_quantity(phase.config.gpus_per_node, "GPUs", t, 0)),
                (t.get("architecture.fabric"), proposal_infra.fabric_text(phase, net.fabric, t)),
                (t.get("architecture.storage"), ctx.storage_name(phase, spec)),
            ]
        rows += workload_rows(ctx, phase)
        if phase.config.owns_hardware:
            rows += fmt.rows(PHASE_FIGURES)
        proposal_infra.add_rows_and_charts(ctx, section, phase, rows)
        if len(phase.candidates) > 1:  # the best rows and the plan's own (the search section says the rest)
            shown = [c for c in phase.candidates if c.rank <= CANDIDATE_ROWS or c.pinned]
            section.add(_candidate_table(ctx, shown, phase.config.owns_hardware))
    return section


def _performance(c: Candidate, t: ReportText) -> str:
    """A row's time or throughput as the step pages and the search's words show it (``display_value``): the
    e-commerce rows read '5,168,378 项/秒/GPU' beside the step page's '516.8 万样本/秒/GPU'."""
    if not math.isfinite(c.time_or_throughput) or c.time_or_throughput_unit not in ITEM_RATE_UNITS.values():
        return format_quantity(c.time_or_throughput, c.time_or_throughput_unit, t)
    return quantity_text(Quantity(c.time_or_throughput, c.time_or_throughput_unit), t.lang)


def _candidate_table(ctx: ProposalContext, candidates: list[Candidate], owned: bool) -> DataTable:
    """The best ranked rows and the plan's own; their cost is the ledger's over the horizon (owned) or the phase's
    rent (rented: CostLedger.total_over_years), and the header says which."""
    t = ctx.text
    header = tuple(t.get(f"candidates.{c}") for c in ("rank", "accelerator", "gpus", "nodes" if owned else "instances",
                                                      "layout", "fits", "performance", "cost" if owned else "cost_rent"))
    rows = []
    listed = [c for c in candidates if c.fits and c.gpus > 0 or c.pinned]
    shown = listed[:CANDIDATE_ROWS]
    own = next((c for c in listed if c.pinned), None)
    if own is not None and own not in shown:  # the plan's own row below the best: in its place, with its rank
        shown = shown[:CANDIDATE_ROWS - 1] + [own]
    wan = costs_in_wan(shown, t)  # one unit for the cost column
    for c in shown:
        rows.append((
            str(c.rank), c.accelerator_named(t.lang), format_number(c.gpus, 0), format_number(c.nodes, 0), c.layout,
            t.get("value.yes") if c.fits else t.get("value.no"),
            _performance(c, t),
            candidate_cost(c, t, wan),
        ))
    marked = frozenset((r, 1) for r, c in enumerate(shown) if c.pinned)
    return DataTable(header, tuple(rows), ("right", "left", "right", "right", "left", "center", "right", "right"),
                     title=t.get("candidates.title"), marked=marked)
