"""Closing proposal sections: charts, assumptions, risks, calibration basis, roadmap, accuracy, references,
revisions.

Risks are grouped by check across phases and worded for the customer (:mod:`gpudesk.report.customer_text`);
assumptions cite their sources by reference number; accuracy prints each figure's own band from the
validation residuals (``PhaseEstimate.accuracy``) instead of one flat percentage; the references section lists
every source the document cites, with its URL.
"""

from __future__ import annotations

from typing import Any

from gpudesk.core.checks import SEVERITIES, Check
from gpudesk.core.ledger_quote import vat_rates
from gpudesk.project.free_text import as_shown
from gpudesk.project.model import ProjectMeta, Revision
from gpudesk.report import ledger_text as L
from gpudesk.report.assumption_text import assumption_text
from gpudesk.report.check_text import assumed_listing
from gpudesk.report.document import (
    BulletList,
    ChartRef,
    DataTable,
    Heading,
    KeyValueTable,
    Note,
    Paragraph,
    ReferenceList,
    Section,
)
from gpudesk.report.figure_rows import rows_of
from gpudesk.report.number_format import format_money, format_number, format_percent, wan_column
from gpudesk.report.proposal_context import CHART_HOME, ProposalContext
from gpudesk.report.proposal_infra import costs_in_wan, phase_charts
from gpudesk.report.server_names import configured_server_name
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.plan_result import Assumption, PhaseEstimate
from gpudesk.vocabulary.steps import step_number

CHART_ORDER = ("memory_fit", "inference", "time_vs_cost", "generic")
HEADLINE_KEYS = ("train.time_to_train_days", "vision.time_to_train_days", "infer.tokens_per_s", "mem.total",
                 "power.it_kw", "tco.total_5y")
ROADMAP_FIGURES = rows_of([
    ("roadmap.months", "integer"),
    ("roadmap.peak_gpus", "integer"),
    ("roadmap.peak_kw", "quantity", True),  # a roadmap that only rents owns no kW: no "0 kW" row
    ("roadmap.total_spend", "money"),
])
ACCURACY_KEYS = (("train.time_to_train_days", "quantity"), ("train.tokens_per_s", "quantity"), ("train.mfu", "percent"),
                 ("infer.tokens_per_s", "quantity"), ("infer.requests_per_s", "quantity"), ("infer.tpot_s", "quantity"),
                 ("infer.ttft_unloaded_s", "quantity"), ("mem.total", "quantity"))


def closing_sections(ctx: ProposalContext) -> list[Section]:
    charts = charts_section(ctx)
    sections = [*([charts] if charts is not None else []), assumptions_section(ctx), risks_section(ctx),
                calibration_section(ctx)]
    if ctx.multi_phase:
        sections.append(roadmap_section(ctx))
    sections.append(accuracy_section(ctx))
    sections.append(references_section(ctx))  # last but one: every section before it has cited its sources
    return sections + [revisions_section(ctx)]


def _chart_rank(ref: ChartRef) -> int:
    kind = str(getattr(ref.spec, "kind", ""))
    return CHART_ORDER.index(kind) if kind in CHART_ORDER else len(CHART_ORDER)


def charts_section(ctx: ProposalContext) -> Section | None:
    """The charts no other section shows, phase by phase; a phase without any is left out, and so is the
    section when no phase has one (a heading over "no other charts" tells the reader nothing)."""
    per_phase = [(phase, sorted(phase_charts(ctx, phase, "charts"), key=_chart_rank)) for phase in ctx.plan.phases]
    if not any(refs for _phase, refs in per_phase):
        return None
    section = ctx.section("charts")
    for phase, refs in per_phase:
        if refs and ctx.multi_phase:
            section.add(Heading(ctx.phase_title(phase)))
        for ref in refs:
            section.add(ref)
    return section


def phase_assumptions(phase: PhaseEstimate, lang: str) -> list[str]:
    """The phase's assumptions in ``lang``: structured ones from their templates, plain notes as written; the
    server named as every surface names it (a generic chassis in the reader's language)."""
    server = configured_server_name(phase.config, lang)

    def worded(a: Assumption) -> Assumption:
        if a.key in ("hardware", "if_owned_instead", "if_owned_instead_no_network"):
            return Assumption(a.key, {**a.values, "server": server})
        if a.key == "assumed_inputs":  # the inputs are data: worded in the language from the catalogue
            return Assumption(a.key, {**a.values, "inputs": assumed_listing(a.values["defaults"], lang)})
        return a

    return [assumption_text(worded(a), lang) if isinstance(a, Assumption) else str(a) for a in phase.assumptions]


def assumptions_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("assumptions")
    for phase, spec, _fmt in ctx.each_phase(section):
        items = [ctx.sources.scrub(ctx.customer.clean(a)) for a in phase_assumptions(phase, t.lang)]  # type: ignore
        covered = {a.key for a in phase.assumptions if isinstance(a, Assumption)}
        if spec is not None:
            util, costs = spec.delivery.utilisation, spec.costs
            if not covered & {"utilisation", "utilisation_peak"}:
                items.append(t.get("assumptions.utilisation", hours=format_number(util.hours_per_day),
                                   days=format_number(util.days_per_month)))
            if "horizon_currency" not in covered:
                items.append(t.get("assumptions.horizon", years=costs.horizon_years,
                                   depreciation=costs.depreciation_years))
                items.append(t.get("assumptions.currency", currency=costs.currency,
                                   rate=format_number(costs.cny_per_usd, 2)))
            if spec.facility.pue > 0:
                items.append(t.get("assumptions.pue_user", pue=format_number(spec.facility.pue, 2)))
            elif phase.config.owns_hardware:
                items.append(t.get("assumptions.pue_default"))
        items += _quotation_assumptions(ctx, phase)
        items.append(t.get("assumptions.catalog", version=ctx.plan.catalog_version or t.get("value.unknown")))
        section.add(BulletList(tuple(items)))
    return section


def _quotation_assumptions(ctx: ProposalContext, phase: PhaseEstimate) -> list[str]:
    """The VAT the quotation applies: the plan's rates or its market's, whatever lines happen to be priced yet."""
    t = ctx.text
    spec = ctx.project_phase(phase)
    if spec is None:
        return []
    goods, services = vat_rates(spec)
    if goods.pct <= 0 and services.pct <= 0:
        return [t.get("assumptions.no_vat")]
    refs = "".join(dict.fromkeys(ctx.sources.marker(r.source) for r in (goods, services) if not r.user))
    return [t.get("assumptions.vat", goods=f"{goods.pct:g}%", services=f"{services.pct:g}%", refs=refs)]


def _sorted(checks: list[Check]) -> list[Check]:
    order = {s: i for i, s in enumerate(reversed(SEVERITIES))}
    return sorted(checks, key=lambda c: (order.get(c.severity, len(order)), step_number(c.step), c.id))


def risks_section(ctx: ProposalContext) -> Section:
    """One row per risk as the customer reads it; phases whose risk reads the same (title, detail and mitigation)
    share one row that lists them. A check two phases raise with their own numbers ("1 line awaiting a quote" and
    "4 lines", 3 GB and 335 GB of host memory) is two rows: one row read phase 1's numbers for phases 1, 2 and 3."""
    t = ctx.text
    section = ctx.section("risks")
    found = [(p, c) for p in ctx.plan.phases for c in p.checks]
    grouped: dict[tuple[str, str, str, str], list[tuple[PhaseEstimate, Check]]] = {}
    for phase, check in found:
        title, message, fix = ctx.customer.risk(check)  # type: ignore[union-attr]
        message = ctx.sources.scrub(message)  # a catalog source cited by id reads by its title and reference
        grouped.setdefault((check.id, title, message, fix), []).append((phase, check))
    roadmap = list(ctx.plan.roadmap_checks)
    if not grouped and not roadmap:
        section.add(Paragraph(t.get("risks.none")))
        return section
    columns = ("phase",) * ctx.multi_phase + ("severity", "risk", "detail", "mitigation")
    header = tuple(t.get(f"risks.{c}") for c in columns)
    rank = {id(c): i for i, c in enumerate(_sorted([pairs[0][1] for pairs in grouped.values()]))}
    rows = []
    sep = "、" if t.lang == "zh" else ", "
    for (_id, title, message, fix), phases in sorted(grouped.items(), key=lambda kv: rank[id(kv[1][0][1])]):
        where = sep.join(str(p.index + 1) for p, _c in phases)
        rows.append((t.get("risks.phases", phases=where),) * ctx.multi_phase + (
            t.choice("severity", phases[0][1].severity), title, message, fix))
    for check in _sorted(roadmap):
        title, message, fix = ctx.customer.risk(check)  # type: ignore[union-attr]
        message = ctx.sources.scrub(message)
        rows.append((t.get("risks.roadmap"),) * ctx.multi_phase + (t.choice("severity", check.severity), title,
                                                                   message, fix))
    section.add(DataTable(header, tuple(rows), ("left",) * ctx.multi_phase + ("center", "left", "left", "left")))
    checks = [c for _p, c in found] + roadmap
    counts = {s: sum(1 for c in checks if c.severity == s) for s in SEVERITIES}
    section.add(Paragraph(t.get("risks.counts", blocker=counts["blocker"], warning=counts["warning"],
                                info=counts["info"])))
    return section


def calibration_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("calibration")
    header = (t.get("calibration.figure"), t.get("calibration.value"), t.get("calibration.basis"))
    for phase, _spec, fmt in ctx.each_phase(section):
        calibrated = [k for k in phase.calibrated_keys if fmt.has(k)]
        keys = calibrated + [k for k in HEADLINE_KEYS if fmt.has(k) and k not in calibrated]
        section.add(Paragraph(t.get("calibration.some", count=len(calibrated)) if calibrated
                              else t.get("calibration.none")))
        wan = costs_in_wan(fmt)  # an amount as the cost table prints it
        rows = tuple((fmt.label(k), fmt.marked(k, wan=wan), t.get("calibration.measured") if k in calibrated
                      else t.get("calibration.default")) for k in keys)
        if rows:
            section.add(DataTable(header, rows, ("left", "right", "left")))
    return section


def roadmap_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("roadmap")

    header = tuple(t.get(f"roadmap.{c}") for c in ("phase", "start", "duration", "gpus", "mode", "capex", "opex",
                                                   "bom"))
    rows = []
    wan = wan_column([ctx.plan.total, *(a for p in ctx.plan.phases for a in (  # one unit for the table's amounts
        p.ledger.one_time, p.ledger.opex_per_year, p.ledger.phase_total))], ctx.currency, t.lang)
    for phase in ctx.plan.phases:
        spec = ctx.project_phase(phase)
        ledger = phase.ledger
        rows.append((
            phase.name,
            format_number(spec.start_month + 1, 0) if spec else "—",
            format_number(spec.duration_months, 0) if spec else "—",
            format_number(phase.config.gpus, 0),
            t.choice("delivery_mode", phase.config.delivery_mode),
            # an amount beside the lines it leaves out, "awaiting quotes" when none is priced: the gov roadmap read
            # capex ¥0 for two phases of unpriced servers (the summary: 待询价)
            _awaiting(ledger.one_time, phase.figures.awaiting("tco.one_time"), ledger.currency, t, wan),
            _awaiting(ledger.opex_per_year, phase.figures.awaiting("tco.opex_per_year"), ledger.currency, t, wan),
            L.awaiting_total(format_money(ledger.phase_total, ledger.currency, t.lang, wan), len(ledger.unpriced), t,
                             stacked=True),
        ))
    rows.append((t.get("roadmap.all"), "", "", "", "", _awaiting(
        sum(p.ledger.one_time for p in ctx.plan.phases),
        tuple(item for p in ctx.plan.phases for item in p.figures.awaiting("tco.one_time")), ctx.currency, t, wan), "",
        L.awaiting_total(format_money(ctx.plan.total, ctx.currency, t.lang, wan), ctx.plan.unpriced_lines, t,
                         stacked=True)))
    section.add(DataTable(header, tuple(rows), ("left", "right", "right", "right", "left", "right", "right", "right"),
                          total_rows=1))
    fmt = ctx.roadmap_formatter()
    roadmap_rows = tuple((label, L.awaiting_total(shown, ctx.plan.unpriced_lines, t)
                          if label == fmt.label("roadmap.total_spend") else shown)
                         for label, shown in fmt.rows(ROADMAP_FIGURES))  # the spend leaves the unpriced lines out
    if roadmap_rows:
        section.add(KeyValueTable(roadmap_rows, t.get("roadmap.totals")))
    for name, spec in ctx.plan.charts.items():
        if CHART_HOME.get(str(getattr(spec, "kind", "")), "roadmap") == "roadmap":
            section.add(ChartRef(name, ctx.chart_caption(name, spec), spec))
    return section


def _awaiting(amount: float, waiting: tuple[str, ...], currency: str, t: ReportText, wan: bool = False) -> str:
    return L.awaiting_total(format_money(amount, currency, t.lang, wan), len(waiting), t, priced_part=amount,
                            stacked=True)


def _band_text(band: dict[str, Any] | None, t: ReportText) -> tuple[str, str]:
    if not band:
        return t.get("accuracy.no_band"), t.get("accuracy.no_validation")
    if band.get("low") is None and band.get("family"):  # the group's cases ran on other families (core/accuracy.py)
        return t.get("accuracy.no_band"), t.get("accuracy.family_not_covered",
                                                group=t.choice("accuracy_group", str(band.get("group", ""))))
    if band.get("low") is None:  # a group with published runs, too few for a band (core/accuracy.py GROUP_RUNS)
        return t.get("accuracy.no_band"), t.get("accuracy.too_few_runs", runs=int(band.get("runs", 0)),
                                                 group=t.choice("accuracy_group", str(band.get("group", ""))))
    interval = f"{signed_percent(band['low'] * 100)} … {signed_percent(band['high'] * 100)}"
    fit, held = int(band.get("fit_cases", 0)), int(band.get("held_out_cases", 0))
    if not fit:  # a group whose runs all came after the split was frozen (Intel Gaudi): no fit-half coverage
        return interval, t.get("accuracy.basis_held_out_only", total=held,
                               held_cov=format_percent(band.get("held_out_coverage", 0.0)),
                               group=t.choice("accuracy_group", str(band.get("group", ""))))
    basis = t.get("accuracy.basis", total=fit + held, cases=fit, held=held,
                  fit_cov=format_percent(band.get("fit_coverage", 0.0)),
                  held_cov=format_percent(band.get("held_out_coverage", 0.0)),
                  group=t.choice("accuracy_group", str(band.get("group", ""))))
    return interval, basis


def signed_percent(pct: float) -> str:
    """+17% · −0.5% · +2.4% (a true minus sign; a decimal below ten)."""
    text = f"{abs(pct):.1f}" if abs(pct) < 10 else f"{abs(pct):.0f}"
    return ("−" if pct < 0 else "+") + text + "%"


def accuracy_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("accuracy")
    section.add(Paragraph(t.get("accuracy.lead", coverage=format_percent(0.8))))
    header = (t.get("calibration.figure"), t.get("calibration.value"), t.get("accuracy.interval"),
              t.get("accuracy.basis_col"))
    any_band = False
    for phase, _spec, fmt in ctx.each_phase(section):
        rows = []
        for key, kind in ACCURACY_KEYS:
            if key not in phase.accuracy or not fmt.has(key):
                continue
            interval, basis = _band_text(phase.accuracy[key], t)
            any_band = any_band or (phase.accuracy[key] or {}).get("low") is not None
            rows.append((fmt.label(key), fmt.marked(key, kind), interval, basis))
        if rows:
            section.add(DataTable(header, tuple(rows), ("left", "right", "right", "left")))
        else:
            section.add(Paragraph(t.get("accuracy.none_for_phase")))
    if not any_band:
        section.add(Paragraph(t.get("accuracy.fallback", band=format_percent(ctx.plan.accuracy_band))))
    calibrated = any(p.calibrated_keys for p in ctx.plan.phases)
    section.add(Paragraph(t.get("accuracy.calibrated" if calibrated else "accuracy.uncalibrated")))
    section.add(Note(t.get("accuracy.disclaimer"), "warning"))
    return section


def references_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("references")
    refs = ctx.sources.references()
    if refs:
        section.add(Paragraph(t.get("references.lead")))
        section.add(ReferenceList(refs))
    else:
        section.add(Paragraph(t.get("references.none")))
    return section


def revisions_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("revisions")
    header = (t.get("revisions.version"), t.get("revisions.date"), t.get("revisions.author"), t.get("revisions.summary"))
    revisions = ctx.project.revisions
    rows = [(str(i), r.date, as_shown(Revision, "author", r.author), as_shown(Revision, "summary", r.summary))
            for i, r in enumerate(revisions, start=1)]
    author = as_shown(ProjectMeta, "author", ctx.project.meta.author)
    rows.append((str(len(revisions) + 1), ctx.issued.isoformat(), author,
                 t.get("revisions.issued")))
    section.add(DataTable(header, tuple(rows), ("right", "left", "left", "left")))
    return section
