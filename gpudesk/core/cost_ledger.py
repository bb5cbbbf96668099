"""The one cost ledger of a phase: every line of money, priced or not, and the totals defined once.

A line is either paid once at the start of the phase (capex, ``period == "once"``) or recurs every
month of the phase (``period == "month"``, with an optional month-by-month profile for seasonal
rental). A line without a price stays unpriced: its amount is ``None``, totals exclude it and say
so, and nothing downstream reads it as zero. Summary, bill of materials, TCO section, roadmap,
status bar, comparison (PDF and CSV) and the explain panel all read this ledger.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from gpudesk.vocabulary.costs import COST_CATEGORY, PRICE_STATUS, total_basis
from gpudesk.vocabulary.delivery import horizon_months, owns_hardware


def per_year(currency: str) -> str:
    """The unit of every money figure that is an amount per year ("CNY/year"), declared once: a cost page showed
    staff '50.0 万元' beside rent '166.0 万元/年' because some yearly figures carried the bare currency."""
    return f"{currency}/year"


RENT_LINE_KEYS = ("cloud.instances", "cloud.reserved", "cloud.burst", "gpu_rental.instances", "bare_metal.instances")
"""Ledger lines that rent GPU capacity (core/ledger_build._rented_lines, _hybrid_burst): instances of the offer, hour
by hour or by the committed term; the rent a cost page shows as a line of the yearly run rate (tco.rent_per_year)."""
CPU_VM_LINE_SUFFIX = "agents.cpu_vms"
"""Ledger lines of the agents' CPU virtual machines end with this key (``w2.agents.cpu_vms``: a second workload's)."""


@dataclass(frozen=True)
class LedgerLine:
    key: str  # stable id within the phase, e.g. "servers", "cloud.instances", "energy"
    category: str  # vocabulary.costs.COST_CATEGORY code
    nature: str  # "capex" | "opex"
    item: str  # product or service name, as a customer reads it
    detail: str  # configuration of the line (what one unit is)
    quantity: float  # units per period
    unit: str  # "server", "switch", "instance-hour", "kWh", "FTE-year" … (per period)
    unit_price: float | None  # plan currency per unit; None = unpriced
    currency: str
    period: str  # "once" (start of the phase) | "month" (every month of the phase)
    months: int  # months the line is billed (the phase's duration; a reservation: its whole terms, billed_months)
    status: str  # vocabulary.costs.PRICE_STATUS code
    source: str = ""  # citation of the unit price (catalog row and its source, or "user input")
    date: str = ""  # date of the price
    figure_key: str = ""  # FigureSet key that explains the amount
    profile: tuple[float, ...] = ()  # recurring lines: share of ``quantity`` used in each month (default 1)
    unit_price_unit: str = ""  # what the price is per when it differs from ``unit`` (e.g. "instance-hour")
    # values the line's wording is made of (counts, names, rates), so a document words it in its own language
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def priced(self) -> bool:
        return self.unit_price is not None and math.isfinite(self.unit_price)

    @property
    def amount(self) -> float | None:
        """Once: the line's cost. Recurring: its cost in a month at the profile's full level."""
        return self.quantity * self.unit_price if self.priced else None  # type: ignore[operator]

    def monthly(self) -> list[float | None]:
        """The line's cost in each month of the phase (capex in month 1)."""
        amount = self.amount
        if amount is None:
            return [None] * self.months
        if self.period == "once":
            return [amount, *([0.0] * (self.months - 1))]
        shares = self.profile or (1.0,) * self.months
        return [float(amount * s) for s in shares[: self.months]]

    @cached_property  # a line never changes (frozen): read for every total, the roadmap and each surface
    def phase_amount(self) -> float | None:
        """What the line costs over the whole phase."""
        months = self.monthly()
        return None if not self.priced else float(sum(m for m in months if m is not None))

    @property
    def extended(self) -> float | None:
        """The bill of materials' extended price: the line over the phase."""
        return self.phase_amount

    @property
    def per_year(self) -> float | None:
        """Recurring lines: the average yearly run rate; once lines: 0."""
        if self.period == "once":
            return 0.0
        total = self.phase_amount
        return None if total is None else total / max(self.months, 1) * 12.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key, "category": self.category, "nature": self.nature, "item": self.item,
            "detail": self.detail, "quantity": self.quantity, "unit": self.unit, "unit_price": self.unit_price,
            "unit_price_unit": self.unit_price_unit or self.unit, "currency": self.currency, "period": self.period,
            "months": self.months, "status": self.status, "source": self.source, "date": self.date,
            "figure_key": self.figure_key, "amount": self.amount, "phase_amount": self.phase_amount,
            "per_year": self.per_year, "params": dict(self.params),
        }

    def category_name(self, lang: str) -> str:
        return COST_CATEGORY.name_of(self.category, lang)

    def status_name(self, lang: str) -> str:
        return PRICE_STATUS.name_of(self.status, lang)


@dataclass(frozen=True)
class CostLedger:
    """The phase's lines and the totals every surface prints."""

    currency: str
    months: int
    delivery_mode: str
    lines: tuple[LedgerLine, ...] = field(default_factory=tuple)

    def _sum(self, values: list[float | None]) -> float:
        return float(sum(v for v in values if v is not None))

    @property
    def unpriced(self) -> tuple[LedgerLine, ...]:
        """Lines that need a quote: their cost is unknown and left out of every total."""
        return tuple(line for line in self.lines if not line.priced and line.status != "carried")

    def awaiting(self, period: str | None = None, nature: str | None = None,
                 categories: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The lines awaiting a quote that a total over ``period`` / ``nature`` / ``categories`` (None, (): any)
        leaves out, by item: what every surface shows beside that total ("127.9 万元 + 4 项待询价"), so the priced
        part is never read as the whole."""
        return tuple(line.item for line in self.unpriced if period in (None, line.period)
                     and nature in (None, line.nature) and (not categories or line.category in categories))

    @property
    def capex(self) -> float:
        """Paid once at the start of the phase (priced lines only)."""
        return self._sum([line.amount for line in self.lines if line.period == "once" and line.nature == "capex"])

    @property
    def one_time(self) -> float:
        """Everything paid once at the start of the phase: capex, and one-off services of a rented phase."""
        return self._sum([line.amount for line in self.lines if line.period == "once"])

    @property
    def opex_per_year(self) -> float:
        """Average yearly run rate of the recurring lines (priced lines only)."""
        return self._sum([line.per_year for line in self.lines if line.period == "month"])

    @property
    def opex_per_month(self) -> float:
        return self.opex_per_year / 12.0

    @cached_property  # the ledger never changes (frozen): the roadmap and the surfaces read it for each phase
    def phase_total(self) -> float:
        """Everything the phase costs over its months: capex + recurring lines month by month."""
        return self._sum([line.phase_amount for line in self.lines])

    @property
    def before_tax(self) -> float:
        """The phase total without its VAT lines: what the delivery comparison compares (every mode pays the same
        rates on the same kinds of line)."""
        return self._sum([line.phase_amount for line in self.lines if line.category != "tax"])

    @property
    def basis(self) -> str:
        """What a total over some years covers (vocabulary ``TOTAL_BASIS``): "owned" or "rented"."""
        return "owned" if owns_hardware(self.delivery_mode) else "rented"

    def months_within(self, years: float) -> float:
        """The months :meth:`total_over_years` covers: owned, the whole span; rented, the months billed within it."""
        return horizon_months(self.delivery_mode, self.months, years)

    def basis_words(self, years: float, lang: str) -> str:
        """``"租用 3 个月"`` / ``"owned"``: what the total over ``years`` covers, in the one wording every surface
        shows beside it (``vocabulary.costs.TOTAL_BASIS``)."""
        return total_basis(self.basis, self.months_within(years), lang)

    def total_over_years(self, years: float) -> float:
        """Total cost of ownership over ``years`` on the phase's delivery basis (``horizon_months``): owned
        hardware, what is paid once + years × the yearly run rate; rented capacity, what is billed within
        ``years`` (the rent stops with the phase: a 3-month rented pilot costs its 3 months over a 5-year horizon,
        not 20 quarters of rent; a reservation bills its whole term, ``billed_months``, which its line runs)."""
        if owns_hardware(self.delivery_mode):
            return self.one_time + years * self.opex_per_year
        return float(sum(self._monthly[: int(math.ceil(self.months_within(years)))]))

    @property
    def span_months(self) -> int:
        """Months the ledger bills from the phase's start: the phase's, or longer when a reservation's term
        outlasts the phase (its months past the phase are billed too)."""
        return max([self.months, *(line.months for line in self.lines)])

    def monthly(self) -> list[float]:
        """Spend in each month billed from the phase's start (``span_months``; unpriced lines excluded)."""
        return list(self._monthly)

    @cached_property
    def _monthly(self) -> tuple[float, ...]:
        out = [0.0] * self.span_months
        for line in self.lines:
            for i, value in enumerate(line.monthly()):
                if value is not None:
                    out[i] += value
        return tuple(out)

    def by_category(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for line in self.lines:
            if line.phase_amount is not None:
                out[line.category] = out.get(line.category, 0.0) + line.phase_amount
        return out

    @property
    def rent_lines(self) -> tuple[LedgerLine, ...]:
        """The lines that rent GPU capacity (``RENT_LINE_KEYS``), priced or awaiting a price."""
        return tuple(line for line in self.lines if line.key in RENT_LINE_KEYS)

    @property
    def cpu_vm_lines(self) -> tuple[LedgerLine, ...]:
        """The agents' CPU virtual machines, priced or awaiting a price."""
        return tuple(line for line in self.lines if line.key.endswith(CPU_VM_LINE_SUFFIX))

    def line(self, key: str) -> LedgerLine | None:
        return next((line for line in self.lines if line.key == key), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "currency": self.currency, "months": self.months, "delivery_mode": self.delivery_mode,
            "lines": [line.to_dict() for line in self.lines],
            "capex": self.capex, "one_time": self.one_time, "opex_per_year": self.opex_per_year,
            "phase_total": self.phase_total,
            "total_3y": self.total_over_years(3), "total_5y": self.total_over_years(5),
            # what each total covers, in the words the window and the proposal print beside it
            "basis": self.basis, **{f"total_{n}y_basis": {"months": self.months_within(n), "en": self.basis_words(n, "en"),
                                                          "zh": self.basis_words(n, "zh")} for n in (3, 5)},
            "unpriced": [line.key for line in self.unpriced],
            # per total, the lines awaiting a quote it leaves out (its value is the priced part)
            "awaiting": {"capex": list(self.awaiting("once", "capex")), "one_time": list(self.awaiting("once")),
                         "opex_per_year": list(self.awaiting("month")), "phase_total": list(self.awaiting())},
            # The totals above add priced lines only; a reader must not take them as complete.
            "totals_complete": not self.unpriced,
        }
