"""Closing proposal sections: charts, assumptions, risks, calibration basis, roadmap, accuracy, revisions."""

from __future__ import annotations

from gpudesk.core.checks import SEVERITIES, Check
from gpudesk.report.check_text import localise
from gpudesk.results.plan_result import Assumption, PhaseEstimate
from gpudesk.report.document import BulletList, ChartRef, DataTable, KeyValueTable, Note, Paragraph, Section
from gpudesk.report.figure_rows import rows_of
from gpudesk.report.number_format import format_money, format_number, format_percent
from gpudesk.report.proposal_context import CHART_HOME, ProposalContext
from gpudesk.report.proposal_infra import bom_table, phase_charts

CHART_ORDER = ("memory_fit", "inference", "time_vs_cost", "generic")
HEADLINE_KEYS = ("train.time_to_train_days", "infer.tokens_per_s", "mem.total", "power.it_kw", "tco.total_5y")
ROADMAP_FIGURES = rows_of([
    ("roadmap.months", "integer"),
    ("roadmap.peak_gpus", "integer"),
    ("roadmap.peak_kw", "quantity"),
    ("roadmap.total_spend", "money"),
])


def closing_sections(ctx: ProposalContext) -> list[Section]:
    sections = [charts_section(ctx), assumptions_section(ctx), risks_section(ctx), calibration_section(ctx)]
    if ctx.multi_phase:
        sections.append(roadmap_section(ctx))
    return sections + [accuracy_section(ctx), revisions_section(ctx)]


def _chart_rank(ref: ChartRef) -> int:
    kind = str(getattr(ref.spec, "kind", ""))
    return CHART_ORDER.index(kind) if kind in CHART_ORDER else len(CHART_ORDER)


def charts_section(ctx: ProposalContext) -> Section:
    section = ctx.section("charts")
    for phase, _spec, _fmt in ctx.each_phase(section):
        refs = sorted(phase_charts(ctx, phase, "charts"), key=_chart_rank)
        for ref in refs:
            section.add(ref)
        if not refs:
            section.add(Note(ctx.text.get("charts.none")))
    return section


def phase_assumptions(phase: PhaseEstimate, lang: str) -> list[str]:
    """The phase's assumptions in ``lang``: structured ones from their templates, plain notes as written."""
    return [a.text(lang) if isinstance(a, Assumption) else str(a) for a in phase.assumptions]


def assumptions_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("assumptions")
    for phase, spec, _fmt in ctx.each_phase(section):
        items = phase_assumptions(phase, t.lang)
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
            else:
                items.append(t.get("assumptions.pue_default"))
        items.append(t.get("assumptions.catalog", version=ctx.plan.catalog_version or t.get("value.unknown")))
        section.add(BulletList(tuple(items)))
    return section


def _sorted_checks(checks: list[Check]) -> list[Check]:
    order = {s: i for i, s in enumerate(reversed(SEVERITIES))}
    return sorted(checks, key=lambda c: (order.get(c.severity, len(order)), c.step, c.id))


def risks_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("risks")
    columns = ("phase",) * ctx.multi_phase + ("severity", "risk", "detail", "mitigation")
    header = tuple(t.get(f"risks.{c}") for c in columns)
    found = [(p.name, c) for p in ctx.plan.phases for c in p.checks]
    found += [(t.get("risks.roadmap"), c) for c in ctx.plan.roadmap_checks]
    if not found:
        section.add(Paragraph(t.get("risks.none")))
        return section
    ranked = {id(c): i for i, c in enumerate(_sorted_checks([c for _name, c in found]))}
    found.sort(key=lambda pair: ranked[id(pair[1])])
    rows = tuple((name,) * ctx.multi_phase + (t.choice("severity", c.severity), *localise(c, t.lang))
                 for name, c in found)
    section.add(DataTable(header, rows, ("left",) * ctx.multi_phase + ("center", "left", "left", "left")))
    counts = {s: sum(1 for _name, c in found if c.severity == s) for s in SEVERITIES}
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
        if not calibrated:
            section.add(Paragraph(t.get("calibration.none")))
        else:
            section.add(Paragraph(t.get("calibration.some", count=len(calibrated))))
        rows = tuple((fmt.label(k), fmt.shown(k), t.get("calibration.measured") if k in calibrated
                      else t.get("calibration.default")) for k in keys)
        if rows:
            section.add(DataTable(header, rows, ("left", "right", "left")))
    return section


def roadmap_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("roadmap")
    header = tuple(t.get(f"roadmap.{c}") for c in ("phase", "start", "duration", "gpus", "capex", "opex", "bom"))
    rows = []
    for phase in ctx.plan.phases:
        spec = ctx.project_phase(phase)
        ledger = phase.ledger
        rows.append((
            phase.name,
            format_number(spec.start_month, 0) if spec else "—",
            format_number(spec.duration_months, 0) if spec else "—",
            format_number(phase.config.gpus, 0),
            format_money(ledger.capex, ledger.currency, t.lang),
            format_money(ledger.opex_per_year, ledger.currency, t.lang),
            format_money(ledger.phase_total, ledger.currency, t.lang),
        ))
    section.add(DataTable(header, tuple(rows), ("left",) + ("right",) * 6))
    roadmap_rows = ctx.roadmap_formatter().rows(ROADMAP_FIGURES)
    if roadmap_rows:
        section.add(KeyValueTable(roadmap_rows, t.get("roadmap.totals")))
    for name, spec in ctx.plan.charts.items():
        if CHART_HOME.get(str(getattr(spec, "kind", "")), "roadmap") == "roadmap":
            section.add(ChartRef(name, ctx.chart_caption(name, spec), spec))
    for phase in ctx.plan.phases:
        if phase.bom:
            section.add(Paragraph(t.get("roadmap.phase_bom", name=phase.name)))
            section.add(bom_table(ctx, phase.ledger))
    return section


def accuracy_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("accuracy")
    band = format_percent(ctx.plan.accuracy_band)
    section.add(Paragraph(t.get("accuracy.band", band=band)))
    calibrated = any(p.calibrated_keys for p in ctx.plan.phases)
    section.add(Paragraph(t.get("accuracy.calibrated" if calibrated else "accuracy.uncalibrated")))
    section.add(Note(t.get("accuracy.disclaimer"), "warning"))
    return section


def revisions_section(ctx: ProposalContext) -> Section:
    t = ctx.text
    section = ctx.section("revisions")
    header = (t.get("revisions.version"), t.get("revisions.date"), t.get("revisions.author"), t.get("revisions.summary"))
    revisions = ctx.project.revisions
    rows = [(str(i), r.date, r.author, r.summary) for i, r in enumerate(revisions, start=1)]
    rows.append((str(len(revisions) + 1), ctx.issued.isoformat(), ctx.project.meta.author,
                 t.get("revisions.issued")))
    section.add(DataTable(header, tuple(rows), ("right", "left", "left", "left")))
    return section
