"""Reading figures out of a FigureSet for the proposal, formatted per language.

A row is printed only when its figure is present: a plan that serves no
training has no ``train.*`` figures and its proposal simply shows no
training rows (never a blank). Labels come from the text catalogue
(``figure.<key>``) and fall back to the FigureSet's own label.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from gpudesk.core.applicability import not_applicable
from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.explain import FigureSet
from gpudesk.core.reason_values import Quantity
from gpudesk.report.check_text import quantity_text
from gpudesk.report.display_units import as_row_label, display_value, rescale_bytes
from gpudesk.report.number_format import format_money, format_percent, format_quantity, wan_column
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.cost_basis import basis_label

MONEY_UNITS = ("USD", "CNY", "currency")
WORKLOAD_PREFIX = re.compile(r"^w\d+\.")
KINDS = ("quantity", "money", "percent", "integer", "text", "yesno", "latency")
"""``latency``: a time in milliseconds whatever its size, the unit the plan states its targets in (a P99 first token
read "1.99 s" under a P50 of "409 ms", and "1,990 ms" against its 4,000 ms target in the summary)."""

CENTS_TOLERANCE = 0.005
"""A money rate under 100 is shown in cents when rounding to them moves it by at most this share (0.5%)."""

# Display scaling for SI base units the core uses (ARCHITECTURE.md "Units").
DISPLAY_UNITS = {"B": (1e-9, "GB"), "B/s": (1e-9, "GB/s"), "W": (1e-3, "kW"), "FLOP/s": (1e-12, "TFLOP/s")}


@dataclass(frozen=True)
class FigureRow:
    """One figure to print: its FigureSet key and how to format it."""

    key: str
    kind: str = "quantity"
    skip_zero: bool = False  # a part of a breakdown that is zero for this plan (no colocation, no checkpoints)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"figure row {self.key!r}: kind {self.kind!r} not in {KINDS}")


class FigureFormatter:
    """Formats the figures of one FigureSet for one language and currency."""

    def __init__(self, figures: FigureSet | None, text: ReportText, currency: str,
                 ledger: CostLedger | None = None) -> None:
        self.figures = figures if figures is not None else FigureSet()
        self.text = text
        self.currency = currency
        self.ledger = ledger  # the phase's: a total over years says what it covers (results/cost_basis.py)

    def has(self, key: str) -> bool:
        if key not in self.figures:
            return False
        raw = self.figures[key]
        if not isinstance(raw, str) and np.size(raw) != 1:
            return False  # a series over months or candidates is a chart, not a table cell
        value = self.figures.value_at(key)
        return isinstance(value, str) or not math.isnan(value)

    def value(self, key: str) -> float | None:
        """The scalar value, or None when absent, textual or NaN."""
        if not self.has(key):
            return None
        value = self.figures.value_at(key)
        return None if isinstance(value, str) else float(value)

    def label(self, key: str) -> str:
        entry = "figure." + WORKLOAD_PREFIX.sub("", key)  # a second workload's "w2.mem.total" reads as "mem.total"
        label = self.text.get(entry) if self.text.has(entry) else as_row_label(self.figures.label(key))
        return basis_label(label, key, self.figures, self.ledger, self.text.lang)

    def shown(self, key: str, kind: str = "quantity", wan: bool = False) -> str:
        """The figure as a table cell; ``wan``: an amount in 万 whatever its size, as the rest of its table
        (``number_format.wan_column``)."""
        raw = self.figures.value_at(key)
        worded = self.figures.word(key, self.text.lang)
        if worded is not None:
            return worded
        if not_applicable(self.figures, key):  # never '0 B' for the checkpoint of a phase that trains nothing
            return self.text.get("value.not_applicable")
        if isinstance(raw, str) or kind == "text":
            return self.text.choice("value", str(raw))
        if raw == math.inf and self.figures.unit(key) == "month":  # a break-even month that never comes
            return self.text.get("value.never_pays_back")
        if kind == "money" or (kind == "quantity" and is_money_unit(self.figures.unit(key))):
            if isinstance(raw, (int, float)) and 0 < abs(raw) < 100:  # a rate: as precise as it is quoted (0 is ¥0)
                from gpudesk.report.ledger_text import unit_price

                # a quoted rate keeps its digits ($0.8048/h); a computed one reads in cents (¥16.07, not ¥16.0667)
                cents = round(float(raw), 2)
                exact = cents != 0 and abs(cents - raw) <= CENTS_TOLERANCE * abs(raw)
                return unit_price(cents if exact else float(raw), self.currency) + self._money_suffix(key)
            return format_money(raw, self.currency, self.text.lang, wan) + self._money_suffix(key)
        if kind == "yesno":
            return self.text.get("value.yes") if raw else self.text.get("value.no")
        if kind == "percent":
            return format_percent(raw, 1)
        if kind == "latency" and self.figures.unit(key) == "s":
            return format_quantity(raw * 1e3, "ms", self.text, 0 if abs(raw) >= 0.01 else None)
        unit = self.figures.unit(key)
        if unit == "B" and isinstance(raw, (int, float)):  # bytes in the prefix the window shows (display_value)
            shown_unit, number = display_value(float(raw), unit, self.text.lang)
            return f"{number} {self.text.choice('unit', shown_unit)}"
        scale, shown_unit = DISPLAY_UNITS.get(unit, (1.0, unit))
        if unit == "s" and isinstance(raw, (int, float)) and 0 < abs(raw) < 1:  # 59 毫秒, not 0.059 秒
            scale, shown_unit = 1e3, "ms"
        value = raw * scale
        # bytes in the prefix the window shows them in (display_units): 61.03 kB/s and 37.98 TB, not 0.000061 GB/s
        rescaled = rescale_bytes(value, shown_unit) if 0 < abs(value) < 1 or abs(value) >= 1000 else None
        if rescaled is not None:
            shown_unit, value = rescaled
        decimals = 0 if kind == "integer" or (shown_unit == "ms" and abs(value) >= 10) else None
        if kind == "quantity" and rescaled is None and "/s" in shown_unit and isinstance(value, (int, float)) \
                and math.isfinite(value) and abs(value) >= 1e4:  # a large rate as the window's figure table shows
            # it: '347.2 万项/秒', '3.472 M items/s', not '3,472,222 items/s'
            return quantity_text(Quantity(float(value), shown_unit), self.text.lang)
        return format_quantity(value, shown_unit, self.text, decimals)

    def marked(self, key: str, kind: str = "quantity", wan: bool = False) -> str:
        """:meth:`shown`, and beside a total the lines awaiting a quote it leaves out (the core's FigureSet.awaiting),
        as every table of the proposal prints a total: "609.6 万元 + 4 项待询价", never the priced part alone (the
        measured-data table read 609.6 万元 where the cost table read 609.6 万元 + 4 项待询价)."""
        from gpudesk.report.ledger_text import awaiting_total

        return awaiting_total(self.shown(key, kind, wan), len(self.figures.awaiting(key)), self.text, self.value(key))

    def _money_suffix(self, key: str) -> str:
        _money, slash, per = self.figures.unit(key).partition("/")
        return self.text.choice("unit", "/" + per) if slash else ""

    def rows(self, specs: Iterable[FigureRow]) -> tuple[tuple[str, str], ...]:
        """(label, formatted value) for every spec whose figure is present; its amounts in one unit (in Chinese, all
        in 万 when one reaches 10,000: the cost page read '一次性投入 $0' over '年运营费用 7.0 万美元/年')."""
        present = [s for s in specs if self.has(s.key) and not (s.skip_zero and self.value(s.key) == 0)]
        wan = self.in_wan(present)
        return tuple((self.label(s.key), self.shown(s.key, s.kind, wan)) for s in present)

    def in_wan(self, specs: Iterable[FigureRow]) -> bool:
        """Whether the amounts of a table of ``specs`` read in 万 (``number_format.wan_column``)."""
        return wan_column([self.value(s.key) for s in specs if s.kind == "money" or (
            s.kind == "quantity" and is_money_unit(self.figures.unit(s.key)))], self.currency, self.text.lang)

    def present(self, keys: Sequence[str]) -> list[str]:
        return [k for k in keys if self.has(k)]


def is_money_unit(unit: str) -> bool:
    return unit.split("/")[0] in MONEY_UNITS


def rows_of(specs: Iterable[tuple[str, str] | tuple[str, str, bool]]) -> tuple[FigureRow, ...]:
    """``(key, kind)`` or ``(key, kind, skip_zero)`` tuples as FigureRows."""
    return tuple(FigureRow(*spec) for spec in specs)
