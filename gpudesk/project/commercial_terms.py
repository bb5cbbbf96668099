"""The commercial terms of a phase: how it is delivered (mode, cloud offer, utilisation, hybrid share), the
compliance it must meet (data residency, 等保 level, 信创 parts, industry) and its cost assumptions with the
quotation lines. Declared like every plan field (``field_declarations.py``: unit, range, reason); the phase
(``model.Phase``) holds one of each.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpudesk.project import bound_reasons as why
from gpudesk.project import quotation_help as quote
from gpudesk.project import serving_help as serve
from gpudesk.project.field_declarations import choice, items, num, text
from gpudesk.vocabulary.delivery import DELIVERY_MODE

DELIVERY_MODES = DELIVERY_MODE.codes
CURRENCIES = ("USD", "CNY")


@dataclass
class UtilisationProfile:
    hours_per_day: float = num(24, 0, 24, "h", why=why.HOURS)
    days_per_month: float = num(30, 0, 31, "days", why=why.DAYS)
    peak_months: list[int] = items(list, 12, "months of peak load", item_min=1, item_max=12, item_unit="month",
                                   item_why=why.MONTH)
    peak_multiplier: float = num(1, 1, 100, "x", why=why.PEAK_MULTIPLIER)


@dataclass
class DeliveryPlan:
    mode: str = choice("cloud_on_demand", DELIVERY_MODES)
    cloud_offer_id: str = text("", 200, catalog="cloud_offers")
    utilisation: UtilisationProfile = field(default_factory=UtilisationProfile)
    data_sensitivity: str = choice("normal", ("normal", "sensitive", "regulated"))
    hybrid_owned_share: float = num(0.6, 0, 1, "fraction", "share of capacity owned in hybrid mode", why=why.SHARE)


@dataclass
class CompliancePlan:
    data_residency: str = choice(
        "none", ("none", "in_country"),
        "in the country: data and compute stay in the plan's market (facility region); only that market's cloud "
        "offers may be rented")
    mlps_level: int = num(0, 0, 4, "level",
                          "等保 2.0 (MLPS 2.0, GB/T 22239-2019) protection level the system is filed at; 0 = none",
                          why=why.MLPS)
    domestic_parts: str = choice(
        "none", ("none", "preferred", "required"),
        "信创 procurement: required = China-domestic accelerators only; preferred = ranked first, others warned")
    industry: str = choice(
        "general", ("general", "finance", "government", "healthcare", "energy", "telecom", "education"),
        "regulated industry the customer belongs to (stated with the compliance assumptions)")


@dataclass
class CostPlan:
    currency: str = choice("USD", CURRENCIES, "follows the facility region (a China region costs in CNY) until the user "
                           "chooses a currency")
    currency_chosen: bool = field(default=False, metadata={
        "help": "true once the user set the currency; until then a China region (cn…) costs the phase in CNY"})
    cny_per_usd: float = num(7.1, 0.1, 100, "CNY/USD", why=why.RATE)
    horizon_years: int = num(5, 1, 15, "years", why=why.HORIZON)
    staff_fte: float = num(1, 0, 10_000, "FTE", why=why.FTE)
    staff_cost_per_year: float = num(150_000, 0, 1e8, "currency/year", why=why.MONEY_YEAR)
    software_per_gpu_year: float = num(0, 0, 1e6, "currency/GPU/year", why=why.MONEY_UNIT)
    maintenance_pct_per_year: float = num(8, 0, 100, "% of capex/year", why=why.PERCENT)
    colo_per_rack_month: float = num(0, 0, 1e6, "currency/rack/month", "0 = own facility", why=why.MONEY_UNIT)
    depreciation_years: int = num(4, 1, 15, "years", why=why.HORIZON)
    fitout_per_kw: float = num(0, 0, 1e6, "currency/kW", why=why.MONEY_UNIT)
    gpu_price_override: float = num(0, 0, 1e7, "currency/GPU", "0 = catalog price", why=why.GPU_PRICE)
    budget: float = num(0, 0, 1e13, "currency", serve.BUDGET, why=why.BUDGET)
    # quotation lines (docs/project-format.md "Quotation lines"); -1 = the market's standard rate / not quoted yet
    vat_goods_pct: float = num(-1, -1, 100, "%", quote.VAT_GOODS, why=why.VAT)
    vat_services_pct: float = num(-1, -1, 100, "%", quote.VAT_SERVICES, why=why.VAT)
    installation_per_server: float = num(-1, -1, 1e7, "currency/server", quote.INSTALLATION, why=why.INSTALLATION)
    services_once: float = num(0, 0, 1e10, "currency", quote.SERVICES, why=why.SERVICES)
    licence: str = choice("none", ("none", "nvidia_ai_enterprise", "nvidia_vgpu"), quote.LICENCE)
    licence_per_unit_year: float = num(0, 0, 1e6, "currency/unit/year", quote.LICENCE_PRICE, why=why.MONEY_UNIT)
