"""`gpudesk estimate PLAN` without ``--json``: the estimate as a person reads it in a terminal.

Reads the same document as ``--json`` (:func:`gpudesk.results.plan_json.plan_to_json`): the sized configuration,
the cost ledger's totals and every figure with its label, in readable units. Nothing here computes a count or a
total; an unknown value reads "unknown", never 0.
"""

from __future__ import annotations

import math
from typing import Any, TextIO

from gpudesk.core.digits import percent_text
from gpudesk.report.check_text import pools_text
from gpudesk.report.display_units import NOT_APPLICABLE, display_value
from gpudesk.report.ledger_text import awaiting_total
from gpudesk.report.series_text import series_value
from gpudesk.report.text_catalog import ReportText
from gpudesk.vocabulary.costs import awaiting_quote
from gpudesk.vocabulary.counts import counted
from gpudesk.vocabulary.delivery import DELIVERY_MODE
from gpudesk.vocabulary.sizing import SIZED_BY
from gpudesk.vocabulary.workloads import WORKLOAD_KIND

LANG = "en"


def _money(value: Any, currency: str) -> str:
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        return "unknown"
    return f"{value:,.0f} {currency}"


def _count(value: Any, one: str, many: str) -> str:
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        return f"unknown {many}"
    return counted(round(value), one, many)


def _name(vocabulary: Any, code: Any) -> str:
    return vocabulary.name_of(code, LANG) if isinstance(code, str) else ""


def _workload_line(w: dict[str, Any]) -> str:
    parts = [_count(w.get("gpus"), "GPU", "GPUs")]
    if w.get("layout_text"):
        parts.append(str(w["layout_text"]))
    if pools := pools_text(list(w.get("pools") or ()), LANG):
        parts.append(pools)
    if w.get("sized_by"):
        parts.append(f"sized by {_name(SIZED_BY, w['sized_by']).lower()}")
    cap = w.get("capacity")
    if isinstance(cap, dict) and isinstance(cap.get("total"), (int, float)):
        unit, total = display_value(float(cap["total"]), str(cap.get("unit", "")), LANG)
        _, target = display_value(float(cap.get("target", math.nan)), str(cap.get("unit", "")), LANG)
        used = cap.get("utilisation")
        load = f"serves {total} {unit} against a target of {target}"
        if isinstance(used, (int, float)) and math.isfinite(used):
            load += f" ({percent_text(used)} used)"
        parts.append(load)
    return f"{w.get('name') or _name(WORKLOAD_KIND, w.get('kind'))} ({_name(WORKLOAD_KIND, w.get('kind'))}): " + \
        ", ".join(parts)


def _configuration(config: dict[str, Any] | None, out: TextIO) -> None:
    if not config:
        return
    server = config.get("server_name") or "servers"
    mode = _name(DELIVERY_MODE, config.get("delivery_mode"))
    print(f"  Sized: {_count(config.get('gpus'), 'GPU', 'GPUs')} of {config.get('accelerator_name')} in "
          f"{_count(config.get('servers'), 'server', 'servers')} ({server}); delivery: {mode}", file=out)
    for w in config.get("workloads", ()):
        print(f"    {_workload_line(w)}", file=out)


def _awaiting(shown: str, value: Any, waiting: Any) -> str:
    """A total beside the lines awaiting a quote it leaves out (the ledger's ``awaiting``), in the proposal's words
    (report/ledger_text.awaiting_total); "awaiting quotes" when nothing of it is priced, never 0."""
    count = len(waiting) if isinstance(waiting, list) else 0
    if not count:
        return shown
    # the proposal's wording, read only where a total lacks lines (the report catalogue is a 32 KB parse)
    return awaiting_total(shown, count, ReportText(LANG), priced_part=value if isinstance(value, (int, float)) else None)


def _ledger(ledger: dict[str, Any] | None, out: TextIO) -> None:
    if not ledger:
        return
    cur = str(ledger.get("currency", ""))
    waiting = ledger.get("awaiting") or {}
    once, running, total = (_awaiting(_money(ledger.get(k), cur), ledger.get(k), waiting.get(k))
                            for k in ("one_time", "opex_per_year", "phase_total"))
    print(f"  Cost: one-time {once}; running {running} a year; phase total {total} over {_count(ledger.get('months'), 'month', 'months')}",
          file=out)
    unpriced = ledger.get("unpriced") or []
    if unpriced:  # each line by its item, as the proposal's bill names it, not by its key ("storage.appliances")
        items = {line.get("key"): line.get("item") for line in ledger.get("lines") or []}
        named = "; ".join(str(items.get(key) or key) for key in unpriced)
        print(f"    {awaiting_quote(LANG)} (totals exclude them): {named}", file=out)


def _figures(figures: dict[str, Any], out: TextIO) -> None:
    print("  Figures (key, value, meaning; `--explain KEY` shows the formula, inputs and sources):", file=out)
    width = max((len(k) for k in figures), default=10)
    for key, fig in figures.items():
        value = fig.get("value")
        named = (fig.get("names") or {}).get(LANG)  # a categorical figure's code, named
        if named is not None:
            unit, shown = "", named
        elif fig.get("not_applicable"):  # computed as 0 where it does not apply (a serving phase's checkpoint)
            unit, shown = "", NOT_APPLICABLE
        elif isinstance(value, str):
            unit, shown = str(fig.get("unit", "")), value
        elif fig.get("months"):  # a figure over the phase's months: its running total, one value or range
            months = [math.nan if v is None else float(v) for v in fig["months"]]
            stored = str(fig.get("unit", ""))

            def each(month: float, stored: str = stored) -> tuple[str, str]:
                unit, number = display_value(month, stored, LANG)
                return number, unit
            shown, unit = series_value(months, str(fig.get("over", "")), each)
        else:
            unit, shown = display_value(math.nan if value is None else float(value), str(fig.get("unit", "")), LANG)
        one = f"unit_one.{unit}"
        if shown == "1" and ReportText(LANG).has(one):  # '1 core', as the window and the proposal write it
            unit = ReportText(LANG).get(one)
        label = str(fig.get("label", ""))
        waiting = fig.get("awaiting_quotes") or []
        if waiting:  # the value is the priced part of the total: the marker after the label keeps the columns
            label += "; " + _awaiting("", None, waiting).strip()
        print(f"    {key:<{width}}  {f'{shown} {unit}'.strip():>22}  {label}", file=out)


def write_estimate_text(document: dict[str, Any], out: TextIO) -> None:
    """The plan document as text: a headline, then per phase its configuration, cost, checks and figures."""
    currency = document.get("currency", "")
    unpriced = document.get("unpriced_lines") or 0
    head = f"{document.get('project') or 'Plan'}: plan total {_money(document.get('total'), currency)}"
    if unpriced:
        head += f" ({_count(unpriced, 'cost line', 'cost lines')} {awaiting_quote(LANG)}, excluded)"
    print(head, file=out)
    for phase in document["phases"]:
        place = f"Phase {phase['index'] + 1}"
        print(f"\n== {place}{'' if phase['name'] == place else ': ' + phase['name']} ==", file=out)
        _configuration(phase.get("configuration"), out)
        _ledger(phase.get("ledger"), out)
        if phase["checks"]:
            print("  Checks:", file=out)
        for check in phase["checks"]:
            print(f"    [{check['severity']}] {check['title']}: {check['message']}", file=out)
        _figures(phase["figures"], out)
