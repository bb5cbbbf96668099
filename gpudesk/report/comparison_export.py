"""A plan comparison as text cells, CSV, an overlaid cost chart and a printable document."""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpudesk.atomic_files import atomic_write_bytes
from gpudesk.core.digits import percent_text
from gpudesk.csv_cells import SafeWriter
from gpudesk.report.comparison import ComparisonRow, PlanComparison
from gpudesk.report.comparison_config import configuration_table
from gpudesk.report.comparison_input_text import Applies, Unset, input_rows
from gpudesk.report.document import (
    Branding,
    ChartRef,
    DataTable,
    KeyValueTable,
    Note,
    Paragraph,
    ProposalDocument,
    Section,
)
from gpudesk.report.ledger_text import awaiting_total
from gpudesk.report.number_format import (
    MISSING,
    format_money,
    format_number,
    format_quantity,
    wan_column,
)
from gpudesk.report.server_names import catalog_names
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.chart_model import ChartSpec, Series
from gpudesk.results.plan_result import PlanEstimate


def metric_label(row: ComparisonRow, text: ReportText) -> str:
    return text.get(f"compare_metric.{row.metric.id}")


def value_text(row: ComparisonRow, index: int, comparison: PlanComparison, text: ReportText,
               stacked: bool = False) -> str:
    """A plan's value as text; ``stacked`` puts an amount's awaiting-quote marker on a line of its own (a table
    column of amounts never wraps inside a value, so the marker must not widen it)."""
    value = row.values[index]
    waiting = row.awaiting[index] if row.metric.money and row.awaiting else 0
    if waiting and not value:  # nothing of it priced: "待询价（5 项）" as the proposal's roadmap reads it, never "—"
        return awaiting_total("", waiting, text, priced_part=0.0)  # nor "¥0 + 1 项待询价"
    shown = amount_text(row, value, comparison, text)
    return awaiting_total(shown, waiting, text, stacked=stacked) if row.metric.money and value is not None else shown


def amount_text(row: ComparisonRow, value: float | None, comparison: PlanComparison, text: ReportText) -> str:
    """An amount of ``row`` as its cells read it (money in the row's unit, a count without decimals); unknown as
    unknown."""
    if value is None:
        return MISSING
    if row.metric.money:
        return format_money(value, comparison.currency, text.lang, in_wan(row, comparison, text.lang))
    decimals = 0 if row.metric.id in ("gpus", "servers", "racks", "unpriced") else None
    return format_quantity(value, row.metric.unit, text, decimals)


SHOWN_NUMBER = re.compile(r"\d[\d,]*(?:\.(\d+))?")


def least_shown(shown: str) -> str:
    """The smallest step ``shown`` (an amount as its cell reads it) can tell: its last digit's one, in its unit
    ('5,204 万元' -> '1 万元', '410.1 万元' -> '0.1 万元', '$2.99' -> '$0.01')."""
    number = SHOWN_NUMBER.search(shown)
    if number is None:
        return shown
    places = len(number.group(1) or "")
    return shown[:number.start()] + f"{10.0 ** -places:.{places}f}" + shown[number.end():]


def in_wan(row: ComparisonRow, comparison: PlanComparison, lang: str) -> bool:
    """Whether a money row's amounts (and their differences) read in 万 (``number_format.wan_column``): one unit
    across the plans, never '1.21 亿元' beside '1.9 万元' and '¥0' (walk-23)."""
    return row.metric.money and wan_column([*row.values, *row.deltas], comparison.currency, lang)


def delta_text(row: ComparisonRow, index: int, comparison: PlanComparison, lang: str = "en") -> str:
    delta = row.deltas[index]
    if delta is None:
        return MISSING
    sign = "+" if delta > 0 else ""
    shown = format_money(delta, comparison.currency, lang, in_wan(row, comparison, lang)) if row.metric.money \
        else format_number(delta)
    relative = row.relative_delta(index)
    pct = f" ({percent_text(relative, 1, signed=True)})" if relative is not None else ""
    return f"{sign}{shown}{pct}"


def better_text(row: ComparisonRow, text: ReportText) -> str:
    return text.get(f"compare.{row.metric.better}")


def plan_labels(comparison: PlanComparison, text: ReportText) -> tuple[str, ...]:
    """"Plan A", "Plan B" …: the key-figure table's column heads, named in full once above it by :func:`plans_table`
    (a 60-character plan name in each of seven narrow columns stacked a head fifteen lines tall)."""
    return tuple(text.get("compare.plan_n", n=chr(ord("A") + i)) for i in range(len(comparison.names)))


def plans_table(comparison: PlanComparison, text: ReportText) -> KeyValueTable:
    labels = plan_labels(comparison, text)
    return KeyValueTable(tuple(zip(labels, comparison.names, strict=True)), text.get("compare.plans"))


def table_header(comparison: PlanComparison, text: ReportText, short: bool = False) -> tuple[str, ...]:
    """The key-figure table's heads: plans by label and name (the window's sortable table) or, ``short``, by label
    (print, the names listed once above); the differences by label either way: in the window a difference read
    '<60-character name> 较 <60-character name>', its head cut at both ends at 1366 x 768 (gov against bank)."""
    labels = plan_labels(comparison, text)
    deltas = tuple(f"{label} {text.get('compare.delta', base=labels[0])}" for label in labels[1:])
    heads = labels if short else tuple(text.get("compare.plan_named", label=label, name=name)
                                       for label, name in zip(labels, comparison.names, strict=True))
    return (text.get("compare.metric"), text.get("compare.better"), *heads, *deltas)


def table_cells(comparison: PlanComparison, text: ReportText) -> list[tuple[str, ...]]:
    """The comparison table as display text: metric, direction, one value per plan, deltas vs the first."""
    plans = range(len(comparison.names))
    return [
        (metric_label(row, text), better_text(row, text),
         *[value_text(row, i, comparison, text, stacked=True) for i in plans],
         *[delta_text(row, i, comparison, text.lang) for i in plans if i > 0])
        for row in comparison.rows
    ]


def _raw(value: float | None, awaiting: int) -> str:
    """Empty when unknown, or money none of whose lines has a price (a rent all awaiting a quote read 0.0)."""
    return "" if value is None or (awaiting and value == 0) else repr(value)


def to_csv(comparison: PlanComparison, text: ReportText) -> str:
    """Machine-readable CSV: raw numbers (money with the lines awaiting a quote each value leaves out), one line per
    figure, then one per differing input. Formula-like cells ("=HYPERLINK(…)", "@SUM(…)") are neutralised."""
    out = io.StringIO()
    writer = SafeWriter(out)
    names = list(comparison.names)
    writer.writerow(["kind", "item", "unit", "better", *names, *[f"{n} - {names[0]}" for n in names[1:]],
                     *[f"{n}: lines awaiting a quote" for n in names], "best"])
    for row in comparison.rows:
        unit = row.metric.unit.replace("currency", comparison.currency)
        awaiting = row.awaiting if row.metric.money and row.awaiting else (0,) * len(names)
        writer.writerow([
            "figure", row.metric.id, unit, row.metric.better,
            *[_raw(v, waiting) for v, waiting in zip(row.values, awaiting, strict=True)],
            *["" if d is None else repr(d) for d in row.deltas[1:]],
            *[str(waiting) if row.metric.money else "" for waiting in awaiting],
            ";".join(names[i] for i in sorted(row.best)),
        ])
    for diff in comparison.input_differences:  # raw values, with the field's unit (its phase's currency for money)
        unit = diff.unit.replace("currency", diff.currencies[0]) if diff.currencies else diff.unit
        writer.writerow(["input", diff.path, unit, "", *["" if v is None else str(v) for v in diff.values],
                         *[""] * (2 * len(names) - 1), ""])
    return out.getvalue()


def write_csv(comparison: PlanComparison, path: str | Path, text: ReportText) -> None:
    """Write the comparison as CSV, atomically and verified (an existing file is replaced only when complete)."""
    raw = to_csv(comparison, text).encode("utf-8-sig")  # BOM: Excel opens Chinese correctly
    atomic_write_bytes(Path(path), raw)


def cumulative_cost_chart(comparison: PlanComparison, text: ReportText) -> ChartSpec | None:
    """Cumulative cost per plan, month by month from the phases' cost ledgers (the roadmap's spend); the note names
    each plan whose line leaves out lines awaiting a quote (a plan on unpriced servers drew a line near ¥0)."""
    series = []
    for i, (name, plan) in enumerate(zip(comparison.names, comparison.plans, strict=True)):
        months = plan_months(plan)
        if not months:
            continue
        scale = comparison.money_scale[i]
        running, ys = 0.0, [0.0]
        for value in months:
            running += value * scale
            ys.append(running)
        xs = tuple(float(m) for m in range(len(ys)))
        tips = [text.get("compare.chart_tip", plan=name, value=format_money(y, comparison.currency, text.lang),
                         month=int(x)) for x, y in zip(xs, ys)]
        series.append(Series(name, xs, tuple(ys), "line", "", tips))
    if not series:
        return None
    notes = text.get("compare.chart_note")
    total = next((r for r in comparison.rows if r.metric.id == "total"), None)
    partial = [text.get("compare.unranked_plan", plan=name, count=count)
               for name, count in zip(comparison.names, total.awaiting if total is not None else (), strict=False)
               if count]
    if partial:
        sep = "；" if text.lang == "zh" else "; "
        notes += sep + text.get("compare.chart_partial", plans=sep.join(partial))
    return ChartSpec(kind="cost_over_time", title=text.get("compare.chart_title"), x_label=text.get("compare.chart_x"),
                     y_label=text.get("compare.chart_y"), x_unit="month", y_unit=comparison.currency, series=series,
                     notes=notes, tick_language=text.lang)  # 30 万, 美元 in Chinese


def plan_months(plan: PlanEstimate) -> list[float]:
    """Spend per month over the plan's roadmap: each phase's ledger placed at its start month."""
    end = max((p.start_month + p.ledger.span_months for p in plan.phases), default=0)
    out = [0.0] * end
    for phase in plan.phases:
        for m, value in enumerate(phase.ledger.monthly()):
            out[phase.start_month + m] += value
    return out


def _has_rows(comparison: PlanComparison, metric_ids: tuple[str, ...]) -> bool:
    return set(metric_ids) <= {r.metric.id for r in comparison.rows}


def _runner_up(row: ComparisonRow, eligible: tuple[bool, ...], best: int) -> int | None:
    """The feasible plan whose value comes next after the best one (a total awaiting quotes by its priced part)."""
    others = [(i, v) for i, v in enumerate(row.values) if v is not None and eligible[i] and i != best]
    if not others:
        return None
    pick = min if row.metric.better == "lower" else max
    return pick(others, key=lambda pair: pair[1])[0]


def decision_rows(comparison: PlanComparison, text: ReportText) -> list[tuple[str, str, str]]:
    """(figure, the plan that wins it, why): the best feasible value against the next one."""
    rows = []
    for row in comparison.rows:
        if not row.best and row.unranked:  # a total awaiting quotes could still come out lower: the quotes decide
            sep = "、" if text.lang == "zh" else ", "
            rows.append((metric_label(row, text), MISSING, text.get(
                "compare.why_undecided", plans=sep.join(comparison.names[i] for i in row.unranked),
                count=len(row.unranked))))  # "X leaves out", not "X leave out"
            continue
        if not row.best or row.metric.id == "unpriced" and not any(row.values):
            continue
        winners = sorted(row.best)
        names = "、".join(comparison.names[i] for i in winners) if text.lang == "zh" else \
            ", ".join(comparison.names[i] for i in winners)
        runner = _runner_up(row, comparison.feasible, winners[0])
        best_text = value_text(row, winners[0], comparison, text)
        if len(winners) > 1:
            why = text.get("compare.why_tie", value=best_text)
        elif runner is None:
            why = text.get("compare.why_only", value=best_text)
        else:
            why = _why_ahead(row, winners[0], runner, comparison, text)
        rows.append((metric_label(row, text), names, why))
    return rows


def _why_ahead(row: ComparisonRow, best: int, runner: int, comparison: PlanComparison, text: ReportText) -> str:
    """Why plan ``best`` leads ``runner`` on ``row``: by how much, in the row's unit ("78.9 kW", not "78.9"). A gap
    the cells cannot show (both amounts read the same, '5,204 万元' beside '5,204 万元') reads as less than the step
    they show ("相差不足 1 万元"), never '0 万元'; a gap of an unknown amount as unknown, never as 0."""
    ahead, behind = row.values[best], row.values[runner]
    floor = "_floor" if not row.is_ranked(runner) else ""  # its total leaves out lines awaiting quotes
    words = {"value": value_text(row, best, comparison, text), "other": comparison.names[runner],
             "other_value": value_text(row, runner, comparison, text)}
    if ahead is None or behind is None or not math.isfinite(ahead) or not math.isfinite(behind):
        return text.get("compare.why_gap_unknown", **words)
    shown, best_shown = amount_text(row, abs(behind - ahead), comparison, text), amount_text(row, ahead, comparison, text)
    if best_shown == amount_text(row, behind, comparison, text) or not re.search(r"[1-9]", shown):
        return text.get(f"compare.why_near{floor}", least=least_shown(best_shown), **words)
    return text.get(f"compare.why_{row.metric.better}{floor}", gap=shown, **words)


def decision_section(comparison: PlanComparison, text: ReportText) -> Section:
    """The decision first: which plan wins each figure and why; which plans cannot be built as they stand."""
    section = Section("compare_decision", text.get("compare.decision"))
    total = next((r for r in comparison.rows if r.metric.id == "total"), None)
    if total is not None and total.best:
        winner = comparison.names[min(total.best)]
        section.add(Paragraph(text.get("compare.verdict", plan=winner,
                                       value=value_text(total, min(total.best), comparison, text))))
    blocked = [n for n, ok in zip(comparison.names, comparison.feasible) if not ok]
    if blocked:
        section.add(Note(text.get("compare.blocked", plans="、".join(blocked) if text.lang == "zh"
                                  else ", ".join(blocked)), "warning"))
    note = _unranked_note(comparison, total, text)
    if note is not None:
        section.add(note)
    rows = decision_rows(comparison, text)
    if rows:
        section.add(DataTable((text.get("compare.metric"), text.get("compare.winner"), text.get("compare.why")),
                              tuple(rows), ("left", "left", "left")))
    rates = [f"{n}: {r:g} CNY/USD" for n, r, plan in zip(comparison.names, comparison.rates, comparison.plans)
             if plan.currency != comparison.currency]
    if rates:
        section.add(Paragraph(text.get("compare.rates", currency=comparison.currency,
                                       rates="；".join(rates) if text.lang == "zh" else "; ".join(rates))))
    return section


def _unranked_note(comparison: PlanComparison, total: ComparisonRow | None, text: ReportText) -> Note | None:
    """Why a plan is not ranked on cost: its total leaves out lines awaiting quotes that another plan prices (so it
    could be higher than shown); when one of them could still come out cheaper than the best comparable total, no
    plan is chosen on cost."""
    if total is None or not total.unranked:
        return None
    sep = "；" if text.lang == "zh" else "; "
    plans = sep.join(text.get("compare.unranked_plan", plan=comparison.names[i], count=total.awaiting[i])
                     for i in total.unranked)
    if total.best:
        winner = min(total.best)
        return Note(text.get("compare.unranked_above", plans=plans, best=comparison.names[winner]), "warning")
    ranked = [i for i, v in enumerate(total.values) if v is not None and total.is_ranked(i) and comparison.feasible[i]]
    if not ranked:
        return Note(text.get("compare.unranked_all", plans=plans), "warning")
    low = min(ranked, key=lambda i: total.values[i] or 0.0)
    return Note(text.get("compare.no_verdict", plans=plans, best=comparison.names[low], count=len(total.unranked),
                         value=value_text(total, low, comparison, text)), "warning")


def comparison_document(comparison: PlanComparison, lang: str, branding: Branding,
                        describe: Callable[[str], str] | None = None, catalog: Any = None,
                        applies: Applies | None = None, unset: Unset | None = None) -> ProposalDocument:
    """The comparison as a document the proposal renderer prints: the decision first, then the figures.

    ``describe`` names an input path in ``lang`` (the faces pass the form's field labels); ``catalog`` names the
    products behind catalog ids; ``applies`` says which workload fields a kind uses (the form's); ``unset`` words an
    input left at its unset value (the form's)."""
    text = ReportText(lang)
    table_section = Section("compare_table", text.get("compare.table"))
    marked = frozenset((r, 2 + i) for r, row in enumerate(comparison.rows) for i in row.best)
    align = ("left", "center") + ("right",) * (2 * len(comparison.names) - 1)
    table_section.add(plans_table(comparison, text))
    table_section.add(configuration_table(comparison, text, plan_labels(comparison, text)))  # what each plan builds
    table_section.add(DataTable(table_header(comparison, text, short=True), tuple(table_cells(comparison, text)), align,
                                marked=marked))
    table_section.add(Note(text.get("compare.best_note")))
    inputs = Section("compare_inputs", text.get("compare.inputs"))
    differing = input_rows(comparison, text, describe, catalog_names(catalog, text.lang), applies, unset)
    if differing:
        inputs.add(DataTable((text.get("compare.path"), *comparison.names), differing))
    else:
        inputs.add(Paragraph(text.get("compare.no_diffs")))
    sections = [decision_section(comparison, text), table_section, inputs]
    chart = cumulative_cost_chart(comparison, text) if _has_rows(comparison, ("capex", "opex")) else None
    if chart is not None:
        chart_section = Section("compare_chart", text.get("compare.chart_title"))
        chart_section.add(ChartRef("cumulative_cost", text.get("chart.cumulative_cost"), chart))
        sections.append(chart_section)
    return ProposalDocument(
        title=text.get("compare.title"),
        lang=lang,
        project_name=" / ".join(comparison.names),
        branding=branding,
        sections=sections,
        footer_text=text.get("document.footer"),
    )
