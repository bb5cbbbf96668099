"""`gpudesk estimate PLAN` without ``--json``: the estimate as a person reads it in a terminal.

Reads the same document as ``--json`` (:func:`gpudesk.results.plan_json.plan_to_json`): the sized configuration,
the cost ledger's totals and every figure with its label, in readable units. Nothing here computes a count or a
total; an unknown value reads "unknown", never 0.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from gpudesk.core.checks import Check
from gpudesk.core.cost_ledger import LedgerLine
from gpudesk.core.digits import percent_text
from gpudesk.report.check_text import localise, offers_named, pools_text
from gpudesk.report.display_text import DisplayText, display_text
from gpudesk.report.display_units import NOT_APPLICABLE, capacity_and_peak, display_value
from gpudesk.report.ledger_text import awaiting_total, item
from gpudesk.report.number_format import format_money
from gpudesk.report.series_text import series_value
from gpudesk.report.server_names import server_display_name
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.cost_basis import with_basis
from gpudesk.vocabulary.costs import awaiting_quote
from gpudesk.vocabulary.delivery import DELIVERY_MODE
from gpudesk.vocabulary.sizing import SIZED_BY
from gpudesk.vocabulary.workloads import WORKLOAD_KIND


@dataclass(frozen=True)
class Words:
    """The terminal's wording in one language: the proposal's catalogue (``[terminal]``, ``[unit]`` …) and the
    window's figure names (report/display_text.py), so a label reads as it does in the window."""

    lang: str
    text: ReportText
    names: DisplayText

    @classmethod
    def of(cls, lang: str) -> Words:
        return cls(lang, ReportText(lang), display_text(lang))

    def get(self, key: str, **values: Any) -> str:
        return self.text.get("terminal." + key, **values)

    def money(self, value: Any, currency: str) -> str:
        if not isinstance(value, (int, float)) or not math.isfinite(value):
            return self.get("unknown")
        if self.lang == "en":  # scripts and the tests read the whole amount
            return f"{value:,.0f} {currency}"
        return format_money(float(value), currency, self.lang)

    def count(self, value: Any, noun: str) -> str:
        """'32 GPUs' / '1 GPU' / '32 张 GPU' (the proposal's measure word); an unknown count says so, never 0."""
        if not isinstance(value, (int, float)) or not math.isfinite(value):
            return self.get(noun + "_unknown")
        return self.get(noun, count=round(value))

    def name(self, vocabulary: Any, code: Any) -> str:
        return vocabulary.name_of(code, self.lang) if isinstance(code, str) else ""


def _workload_line(w: dict[str, Any], say: Words) -> str:
    parts = [say.count(w.get("gpus"), "gpus")]
    if w.get("layout_text"):
        parts.append(str(w["layout_text"]))
    if pools := pools_text(list(w.get("pools") or ()), say.lang):
        parts.append(pools)
    if w.get("sized_by"):
        what = say.name(SIZED_BY, w["sized_by"])
        parts.append(say.get("sized_by", what=what.lower() if say.lang == "en" else what))
    cap = w.get("capacity")
    if isinstance(cap, dict) and isinstance(cap.get("total"), (int, float)):
        # in one unit, as the status bar says it (the target scaled on its own lost its 万: '目标 52.1')
        total, target, unit = capacity_and_peak(float(cap["total"]), float(cap.get("target", math.nan)),
                                                str(cap.get("unit", "")), say.lang)
        used = cap.get("utilisation")
        load = say.get("serves", total=say.names.value(total), unit=say.names.unit(unit),
                       target=say.names.value(target))
        if isinstance(used, (int, float)) and math.isfinite(used):
            load = say.get("serves_used", serves=load, used=percent_text(used))
        parts.append(load)
    kind = say.name(WORKLOAD_KIND, w.get("kind"))
    return say.get("workload", name=w.get("name") or kind, kind=kind, parts=say.get("list_separator").join(parts))


def _configuration(config: dict[str, Any] | None, say: Words, out: TextIO,
                   lines: Sequence[dict[str, Any]] = ()) -> None:
    if not config:
        return
    zh = say.lang == "zh"
    accelerator = str((zh and config.get("accelerator_name_zh")) or config.get("accelerator_name") or "")
    server = server_display_name(str(config.get("server_name") or ""), str(config.get("server_vendor") or ""),
                                 int(config.get("gpus_per_server") or 0), accelerator, say.lang,
                                 str(config.get("server_name_zh") or "")) or say.get("server_default")
    mode = say.name(DELIVERY_MODE, config.get("delivery_mode"))
    # what is rented is the provider's instances, as the window says it; where the catalog has no offer to rent
    # (its price awaits a quote) there are no instances to count: the plan's servers, as the proposal names them
    # ('租用 0 个实例' read as if nothing were rented)
    if config.get("owns_hardware") is False and config.get("instances"):
        instance = str(config.get("instance") or "")
        offer = next((p.get("offer_id", "") for p in (dict(line.get("params") or {}) for line in lines)
                      if p.get("instance") == instance), "")  # the offer the ledger bills, named as the proposal names it
        print(say.get("sized_rented", gpus=say.count(config.get("gpus"), "gpus"), accelerator=accelerator,
                      instances=say.count(config.get("instances"), "instances"),
                      instance=offers_named({"instance": instance, "offer_id": offer}, say.lang)["instance"],
                      mode=mode), file=out)  # never "in 1 server (Generic 8-GPU NVIDIA L4 24GB server)"
    else:
        unknown = config.get("owns_hardware") is False and config.get("instances") is None  # no offer prices it
        print(say.get("sized_rented_unknown" if unknown else "sized", gpus=say.count(config.get("gpus"), "gpus"),
                      accelerator=accelerator, servers=say.count(config.get("servers"), "servers"), server=server,
                      mode=mode), file=out)
    for w in config.get("workloads", ()):
        print(f"    {_workload_line(w, say)}", file=out)


def _awaiting(shown: str, value: Any, waiting: Any, say: Words) -> str:
    """A total beside the lines awaiting a quote it leaves out (the ledger's ``awaiting``), in the proposal's words
    (report/ledger_text.awaiting_total); "awaiting quotes" when nothing of it is priced, never 0."""
    count = len(waiting) if isinstance(waiting, list) else 0
    if not count:
        return shown
    return awaiting_total(shown, count, say.text, priced_part=value if isinstance(value, (int, float)) else None)


def _ledger(ledger: dict[str, Any] | None, say: Words, out: TextIO) -> None:
    if not ledger:
        return
    cur = str(ledger.get("currency", ""))
    waiting = ledger.get("awaiting") or {}
    once, running, total = (_awaiting(say.money(ledger.get(k), cur), ledger.get(k), waiting.get(k), say)
                            for k in ("one_time", "opex_per_year", "phase_total"))
    print(say.get("cost", once=once, running=running, total=total, months=say.count(ledger.get("months"), "months")),
          file=out)
    unpriced = ledger.get("unpriced") or []
    if unpriced:  # each line by its item, as the proposal's bill names it, not by its key ("storage.appliances")
        items = {line.get("key"): _item(line, say) for line in ledger.get("lines") or []}
        named = say.get("items_separator").join(str(items.get(key) or key) for key in unpriced)
        print(say.get("unpriced_items", awaiting=awaiting_quote(say.lang), items=named), file=out)


def _item(line: dict[str, Any], say: Words) -> str:
    """A ledger line's item as the proposal's bill names it in the language (report/ledger_text.item)."""
    try:
        fields = {f.name for f in dataclasses.fields(LedgerLine)} - {"profile"}
        kept = {k: v for k, v in line.items() if k in fields}
        return item(LedgerLine(**{**kept, "params": tuple(dict(line.get("params") or {}).items())}), say.text)
    except (TypeError, ValueError):  # a document from another version: its own words
        return str(line.get("item") or line.get("key") or "")


def _value(fig: dict[str, Any], currency: str, say: Words) -> tuple[str, str]:
    """(shown value, unit) of one figure of the JSON in the language, as the window's figure table shows it."""
    value = fig.get("value")
    named = (fig.get("names") or {}).get(say.lang)  # a categorical figure's code, named
    if named is not None:
        return named, ""
    if fig.get("not_applicable"):  # computed as 0 where it does not apply (a serving phase's checkpoint)
        return (NOT_APPLICABLE if say.lang == "en" else say.text.get("value.not_applicable")), ""
    if isinstance(value, str):
        return value, str(fig.get("unit", ""))
    if fig.get("months"):  # a figure over the phase's months: its running total, one value or range
        months = [math.nan if v is None else float(v) for v in fig["months"]]
        stored = str(fig.get("unit", ""))

        def each(month: float, stored: str = stored) -> tuple[str, str]:
            unit, number = display_value(month, stored, say.lang)
            return say.names.value(number), say.names.unit(unit, currency)
        return series_value(months, str(fig.get("over", "")), each)
    unit, shown = display_value(math.nan if value is None else float(value), str(fig.get("unit", "")), say.lang)
    shown = say.names.value(shown)
    return shown, say.names.unit_after(shown, unit, currency)


def _figures(figures: dict[str, Any], currency: str, say: Words, out: TextIO) -> None:
    print(say.get("figures"), file=out)
    width = max((len(k) for k in figures), default=10)
    for key, fig in figures.items():
        shown, unit = _value(fig, currency, say)
        label = with_basis(say.names.row_label(key, str(fig.get("label", ""))),  # as the proposal's row
                           (fig.get("basis") or {}).get(say.lang, ""), say.lang)
        waiting = fig.get("awaiting_quotes") or []
        if waiting:  # the value is the priced part of the total: the marker after the label keeps the columns
            label += say.get("items_separator") + _awaiting("", None, waiting, say).strip()
        print(f"    {key:<{width}}  {f'{shown} {unit}'.strip():>22}  {label}", file=out)


def _check(check: dict[str, Any], say: Words) -> str:
    """One check as the window and the proposal word it in the language (report/check_text.localise)."""
    try:
        title, message, _fix = localise(Check(**{**check, "figures": tuple(check.get("figures") or ())}), say.lang)
    except (TypeError, ValueError):  # a document from another version: its own English words
        title, message = check["title"], check["message"]
    return say.get("check", severity=say.get("severity." + str(check["severity"])), title=title, message=message)


def write_estimate_text(document: dict[str, Any], out: TextIO, lang: str = "en") -> None:
    """The plan document as text in ``lang``: a headline, then per phase its configuration, cost, checks and
    figures."""
    say = Words.of(lang)
    currency = document.get("currency", "")
    unpriced = document.get("unpriced_lines") or 0
    head = say.get("headline", project=document.get("project") or say.get("plan_default"),
                   total=say.money(document.get("total"), currency))
    if unpriced:
        head = say.get("headline_unpriced", headline=head, lines=say.count(unpriced, "cost_lines"),
                       awaiting=awaiting_quote(lang))
    print(head, file=out)
    for phase in document["phases"]:
        place = say.get("phase", n=phase["index"] + 1)
        heading = say.get("phase_heading", place=place, name=phase["name"])
        print("\n" + (f"== {place} ==" if phase["name"] == place else heading), file=out)
        _configuration(phase.get("configuration"), say, out, (phase.get("ledger") or {}).get("lines") or [])
        _ledger(phase.get("ledger"), say, out)
        if phase["checks"]:
            print(say.get("checks"), file=out)
        for check in phase["checks"]:
            print(_check(check, say), file=out)
        cur = str((phase.get("ledger") or {}).get("currency") or currency)
        _figures(phase["figures"], cur, say, out)
