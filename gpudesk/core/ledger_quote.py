"""What a quotation adds to the equipment: installation, professional services, licences and VAT.

The rates come from the phase's ``costs`` (docs/project-format.md, "Quotation lines") or, where the plan
leaves them to the market (``-1``), from ``core.constants`` with their sources. Installation is part of
owning (``tco.installation_capex``), licences and one-off services are paid in every delivery mode
(``run.licence_per_year``, ``run.services_once``), so the delivery comparison carries them too. VAT is a
tax on the priced lines themselves: it is computed from the ledger's lines, month by month, and the
delivery comparison stays before tax (every mode pays the same rates on the same kinds of line).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gpudesk.core import constants as C
from gpudesk.core.catalog_prices import conversion_note
from gpudesk.core.cost_ledger import LedgerLine
from gpudesk.core.delivery import convert
from gpudesk.core.market import phase_market
from gpudesk.project.model import Phase

GOODS_CATEGORIES = ("hardware", "network", "storage", "facility")
"""Once lines in these categories are goods bought; VAT on goods applies to them."""
UNTAXED_CATEGORIES = ("energy", "staff", "tax")
"""Utility tariffs are quoted with their tax; wages bear no VAT; tax is not taxed again."""
APPLIANCE_KINDS = ("parallel-fs", "nas")
"""Storage products a site buys (when no cloud provider hosts them): counted in appliances, not TB-months."""
LICENCE_ITEMS = {"nvidia_ai_enterprise": "NVIDIA AI Enterprise", "nvidia_vgpu": "NVIDIA vGPU software"}


@dataclass(frozen=True)
class Rate:
    pct: float  # percent; 0 = no line
    source: str
    user: bool


def vat_rates(phase: Phase) -> tuple[Rate, Rate]:
    """(goods, services) VAT of the phase: the plan's rates, or its market's standard rates (-1)."""
    market = phase_market(phase)
    out = []
    for stated, table, field in ((phase.costs.vat_goods_pct, C.VAT_GOODS_PCT, "vat_goods_pct"),
                                 (phase.costs.vat_services_pct, C.VAT_SERVICES_PCT, "vat_services_pct")):
        if stated >= 0:
            out.append(Rate(float(stated), f"user input ({field})", True))
        elif market in table:
            const = table[market]
            out.append(Rate(float(const.value), f"{const.name}: {const.source}", False))
        else:
            out.append(Rate(0.0, f"no standard rate for the {market} market: state it in {field}", False))
    return out[0], out[1]


@dataclass(frozen=True)
class LicenceTerms:
    units: float
    units_source: str
    price: float  # currency per unit and year; NaN = no price
    price_source: str


def licence_terms(phase: Phase, licensed_gpus: float, gpus_source: str) -> LicenceTerms | None:
    """How many licences of the phase's ``licence`` and at what yearly price (None: no licence)."""
    c = phase.costs
    if c.licence == "none":
        return None
    if c.licence == "nvidia_ai_enterprise":
        units, units_source = float(licensed_gpus), gpus_source
    else:
        units = float(sum(w.seats for w in phase.workloads if w.kind == "rendering_vdi"))
        units_source = "the VDI workloads' concurrent seats (one licence per concurrent user)"
    if c.licence_per_unit_year > 0:
        return LicenceTerms(units, units_source, float(c.licence_per_unit_year), "user input (licence_per_unit_year)")
    if c.licence == "nvidia_ai_enterprise":
        const = C.NVIDIA_AI_ENTERPRISE_USD_PER_GPU_YEAR
        price = float(convert(const.value, "USD", c.currency, c.cny_per_usd))
        return LicenceTerms(units, units_source, price,
                            f"{const.name}: {const.source}" + conversion_note(c.currency, c.cny_per_usd))
    return LicenceTerms(units, units_source, math.nan, "")


Add = Callable[..., None]
"""``ledger_build._Lines.add``: (key, category, nature, item, detail, quantity, unit, unit_price, period, status,
source, date, figure_key, profile, params)."""


def _price(value: float) -> float | None:
    return value if math.isfinite(value) else None


def installation_line(add: Add, fs: Any, servers_new: int) -> None:
    """Installation and commissioning of the servers this phase buys (quote needed until the plan states it)."""
    if servers_new <= 0 or "tco.installation_per_server" not in fs:
        return
    price = _price(fs.number("tco.installation_per_server"))
    add("installation", "services", "capex", "Installation and commissioning",
        "rack, cable, burn-in and commissioning per server", servers_new, "server", price, "once",
        "user_quote" if price is not None else "unpriced", "user input" if price is not None else "", "",
        "tco.installation_capex")


def services_line(add: Add, fs: Any, owns: bool) -> None:
    if "run.services_once" not in fs:
        return
    add("services", "services", "capex" if owns else "opex", "Professional services",
        "solution design, deployment, tuning and hand-over", 1.0, "lot", fs.number("run.services_once"), "once",
        "user_quote", "user input", "", "run.services_once")


def licensed_basis(owned: bool) -> str:
    """What a per-GPU line bills: every GPU installed in the servers bought ("installed": servers × GPUs per server,
    the plan using fewer of them is still licensed for all), or the GPUs a rented phase runs ("used")."""
    return "installed" if owned else "used"


def licence_line(add: Add, fs: Any, licence: str, owned: bool) -> None:
    if licence == "none" or "run.licence_units" not in fs:
        return
    units = fs.number("run.licence_units", 0.0)
    yearly = _price(fs.number("run.licence_price"))
    per = "GPU" if licence == "nvidia_ai_enterprise" else "seat"
    explained = fs.explain("run.licence_price")
    basis = (("basis", licensed_basis(owned)), ("gpus", units)) if per == "GPU" else ()
    add("licence", "software", "opex", LICENCE_ITEMS[licence],
        f"subscription per {'GPU' if per == 'GPU' else 'concurrent user'} and year"
        + (f", on the {units:,.0f} GPUs {licensed_basis(owned)}" if per == "GPU" else ""), units, f"{per}-month",
        None if yearly is None else yearly / 12.0, "month",
        "unpriced" if yearly is None else "user_quote" if explained.source.startswith("user input") else "priced",
        explained.source, "", "run.licence_per_year", (), (("per", per), ("yearly", yearly or 0.0), *basis))


def _monthly_base(lines: Sequence[LedgerLine], months: int, taxed: Callable[[LedgerLine], bool]) -> list[float]:
    base = [0.0] * months
    for line in lines:
        if not taxed(line) or not line.priced:
            continue
        for i, value in enumerate(line.monthly()):
            base[i] += value or 0.0
    return base


def vat_lines(add: Add, lines: Sequence[LedgerLine], months: int, phase: Phase, owns: bool) -> None:
    """VAT on the priced lines: goods bought once, services once, services every month (a profile follows the
    taxed lines month by month, so seasonal rent is taxed in the months it is paid)."""
    goods, services = vat_rates(phase)
    cur = phase.costs.currency
    once_nature = "capex" if owns else "opex"

    def taxable(line: LedgerLine) -> bool:
        return line.category not in UNTAXED_CATEGORIES

    for rate, key, what, pick in (
        (goods, "tax.goods", "goods", lambda ln: ln.period == "once" and ln.category in GOODS_CATEGORIES),
        (services, "tax.services_once", "services", lambda ln: ln.period == "once" and taxable(ln)
         and ln.category not in GOODS_CATEGORIES),
    ):
        if rate.pct <= 0:
            continue
        base = sum(_monthly_base(lines, months, pick))
        if base > 0:
            add(key, "tax", once_nature, "Value-added tax", f"{rate.pct:g}% on the {what} above", base, cur,
                rate.pct / 100.0, "once", "user_quote" if rate.user else "estimated", rate.source, "",
                f"{key.replace('.', '.vat_')}", (), (("pct", rate.pct), ("on", what)))
    if services.pct <= 0:
        return
    monthly = _monthly_base(lines, months, lambda ln: ln.period == "month" and taxable(ln))
    peak = max(monthly, default=0.0)
    if peak > 0:
        add("tax.services", "tax", "opex", "Value-added tax", f"{services.pct:g}% on the recurring services above",
            peak, cur, services.pct / 100.0, "month", "user_quote" if services.user else "estimated", services.source,
            "", "tax.vat_services_per_year", tuple(m / peak for m in monthly),
            (("pct", services.pct), ("on", "recurring")))
