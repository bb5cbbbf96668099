"""Step 6 of the selection process: how the capacity is delivered.

Public cloud on-demand, reserved 1y/3y and spot, GPU rental, bare metal,
private on-premises and hybrid (owned baseline + rented bursts), priced
month by month over a utilisation profile with seasonal peaks; data
sensitivity as a constraint; cumulative cost per mode and the break-even
month between modes. Keys ``delivery.*``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import CloudOffer
from gpudesk.core import constants as C
from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import catalog_source
from gpudesk.core.pass_memo import memoised_on_inputs
from gpudesk.vocabulary.delivery import RESERVATION_TERM_MONTHS, billed_months, compared_mode_name, public_cloud
from gpudesk.vocabulary.terms import in_sentence

_OFFER_FIELD = {
    "cloud_on_demand": "on_demand_per_hour",
    "cloud_reserved_1y": "reserved_1y_per_hour",
    "cloud_reserved_3y": "reserved_3y_per_hour",
    "cloud_spot": "spot_per_hour",
}


@dataclass(frozen=True)
class DeliveryInputs:
    """Baseline GPUs in use; prices per instance-hour from catalog offers, converted to ``currency``.

    ``gpus`` is the capacity the workloads were sized for (their volume × peak factor); in ``peak_months`` demand
    is ``peak_multiplier`` times that. ``private_capex`` and ``private_opex_per_month`` (from the TCO model) are for
    owning the servers of the sized configuration, which an owned phase buys for its peak month; renting pays the
    multiplier in the peak months only. ``running_per_month`` (software, staff, storage) is added to every mode so
    modes compare on equal terms. Modes whose prices are missing are left out (never priced at zero).
    """

    gpus: float
    months: int
    offer: CloudOffer | None = None
    rental_offer: CloudOffer | None = None  # GPU rental, billed by the month
    bare_metal_offer: CloudOffer | None = None  # dedicated servers, billed by the month
    private_capex: float | None = None
    private_opex_per_month: float | None = None
    private_source: str = "TCO model (computed)"
    hours_per_day: float = 24.0
    days_per_month: float = 30.0
    peak_months: tuple[int, ...] = ()  # calendar months 1..12
    peak_multiplier: float = 1.0
    start_month: int = 1  # calendar month of plan month 1
    hybrid_owned_share: float = 0.6
    hybrid_owned_gpus: float | None = None  # GPUs of the owned hybrid baseline; None = share × gpus
    hybrid_capex: float | None = None  # owning the hybrid baseline (TCO model); None = the private build × owned share
    hybrid_opex_per_month: float | None = None
    running_per_month: float = 0.0  # software, staff and storage rent (core.running_costs): every mode pays them
    once_every_mode: float = 0.0  # one-off professional services (run.services_once): every mode pays them in month 1
    data_sensitivity: str = "normal"  # normal | sensitive | regulated
    chosen_mode: str = "cloud_on_demand"
    currency: str = "USD"
    cny_per_usd: float = 7.1


def _named(mode: str) -> str:
    """A delivery mode in a figure label: its English name (the UI and proposal name it in their language)."""
    return compared_mode_name(mode, "en")


def _in_text(mode: str) -> str:
    """A delivery mode inside an English sentence or label ("cheaper than public cloud, on demand")."""
    return in_sentence(_named(mode), "en")


def convert(amount: Any, from_currency: str, to_currency: str, cny_per_usd: float) -> Any:
    if from_currency == to_currency:
        return amount
    if (from_currency, to_currency) == ("USD", "CNY"):
        return amount * cny_per_usd
    if (from_currency, to_currency) == ("CNY", "USD"):
        return amount / cny_per_usd
    raise ValueError(f"no conversion from {from_currency} to {to_currency}")


def break_even_month(cum_a: Any, cum_b: Any) -> Any:
    """First month (1-based) from which ``cum_a`` stays at or below ``cum_b``; infinity if that never happens within
    the months given (owning never pays back: a month that never comes), NaN if a cost is unknown (no month can
    be said). The window reads infinity as "never pays back", not "unknown".

    Vectorised over leading axes; the last axis is months.
    """
    a, b = np.asarray(cum_a, dtype=float), np.asarray(cum_b, dtype=float)
    cheaper = a <= b
    # stays cheaper from month m on: reverse cumulative AND
    stays = np.flip(np.logical_and.accumulate(np.flip(cheaper, axis=-1), axis=-1), axis=-1)
    first = np.argmax(stays, axis=-1)
    found = np.take_along_axis(stays, first[..., None], axis=-1)[..., 0]
    known = np.isfinite(a).all(axis=-1) & np.isfinite(b).all(axis=-1)
    return np.where(found, first + 1.0, np.where(known, np.inf, np.nan))


def _gpus_word(count: int) -> str:
    return "GPU" if count == 1 else "GPUs"


def _gpu_hour_price(fs: FigureSet, inp: DeliveryInputs, mode: str, offer: CloudOffer, field_name: str) -> float | None:
    per_instance = getattr(offer, field_name)
    if per_instance is None or offer.gpus <= 0:  # a CPU-only offer has no price per GPU-hour
        return None
    value = convert(per_instance / offer.gpus, offer.currency, inp.currency, inp.cny_per_usd)
    fs.input(f"delivery.price.{mode}", value, f"{inp.currency}/GPU-h", f"{_named(mode)} price per GPU-hour",
             catalog_source(offer, field_name) + f" (per instance / {offer.gpus} {_gpus_word(offer.gpus)}, in {inp.currency})")
    return float(value)


def _gpu_month_price(fs: FigureSet, inp: DeliveryInputs, offer: CloudOffer) -> float | None:
    """Monthly subscription (包月) per GPU, where the offer has one."""
    if offer.monthly_per_month is None:
        return None
    value = convert(offer.monthly_per_month / offer.gpus, offer.currency, inp.currency, inp.cny_per_usd)
    fs.input("delivery.price.cloud_monthly", value, f"{inp.currency}/GPU-month", "monthly subscription per GPU",
             catalog_source(offer, "monthly_per_month") + f" (per instance / {offer.gpus} {_gpus_word(offer.gpus)}, in {inp.currency})")
    return float(value)


def _billed_gpus(fs: FigureSet, key: str, gpus: Any, offer: CloudOffer) -> Any:
    """GPUs billed on an offer: whole instances of ``offer.gpus`` GPUs each."""
    per = fs.input(f"delivery.gpus_per_instance.{key}", float(max(offer.gpus, 1)), "GPUs",
                   f"GPUs per {offer.instance} instance", catalog_source(offer, "gpus"))
    return fs.add(f"delivery.billed_gpus.{key}", np.ceil(np.asarray(gpus, dtype=float) / per) * per, "GPUs",
                  f"GPUs billed on {offer.instance} (whole instances)", "⌈gpus / GPUs per instance⌉ × GPUs per instance",
                  ["delivery.gpus", f"delivery.gpus_per_instance.{key}"])


def _reserved(fs: FigureSet, inp: DeliveryInputs, mode: str, reserved: Any,
              burst: Any) -> tuple[Any, str, list[str]]:
    """A reservation bills its whole term (``billed_months``: whole terms however short the phase), so its
    series runs every month billed; bursts above it are bought on demand in the phase's months only."""
    name, cur = _named(mode), inp.currency
    term = billed_months(mode, inp.months)
    fs.input(f"delivery.term_months.{mode}", float(term), "months", f"{name}: months billed",
             f"whole terms of {RESERVATION_TERM_MONTHS[mode]} months, however short the phase; the phase uses "
             f"{min(inp.months, term)} of them")
    per_month = fs.add(f"delivery.reserved_monthly.{mode}", reserved, f"{cur}/month", f"{name}: the reservation per month",
                       "billed_gpus x hours_per_month x price",
                       ["delivery.billed_gpus.cloud", "delivery.hours_per_month", f"delivery.price.{mode}"])
    fs.add(f"delivery.term_cost.{mode}", per_month * term, cur, f"{name}: the reservation over its term",
           "reservation per month x months billed", [f"delivery.reserved_monthly.{mode}", f"delivery.term_months.{mode}"])
    in_phase = np.zeros(term)
    in_phase[: inp.months] = np.broadcast_to(np.asarray(burst, dtype=float), (inp.months,))
    return (per_month + in_phase, "reservation per month every month billed + billed_gpus x (demand_multiplier - 1) x "
            "hours_used_per_month x on-demand price in the phase's months",
            [f"delivery.reserved_monthly.{mode}", f"delivery.term_months.{mode}", "delivery.billed_gpus.cloud",
             "delivery.demand_multiplier", "delivery.hours_used_per_month", "delivery.price.cloud_on_demand"])


def _padded(cumulative: Any, months: int) -> Any:
    """A cumulative cost over ``months``: after its own last month nothing more is billed."""
    cum = np.asarray(cumulative, dtype=float)
    return np.concatenate([cum, np.full(months - cum.size, cum[-1])]) if cum.size < months else cum


@memoised_on_inputs
def delivery_figures(inp: DeliveryInputs) -> FigureSet:
    fs = FigureSet()
    g = fs.input("delivery.gpus", float(inp.gpus), "GPUs", "GPUs in use", "plan.gpus (the phase's sized configuration)")
    months = np.arange(inp.months)
    calendar = (inp.start_month - 1 + months) % 12 + 1
    peak = np.isin(calendar, np.asarray(inp.peak_months, dtype=int))
    fs.input("delivery.peak_multiplier", inp.peak_multiplier, "x", "demand in peak months over baseline")
    mult = fs.add("delivery.demand_multiplier", np.where(peak, inp.peak_multiplier, 1.0), "x",
                  "demand multiplier per month", "peak_multiplier in peak months, else 1", ["delivery.peak_multiplier"],
                  over="month")
    hpd = fs.input("delivery.hours_per_day", inp.hours_per_day, "h", "hours used per day")
    dpm = fs.input("delivery.days_per_month", inp.days_per_month, "days", "days used per month")
    used = fs.add("delivery.hours_used_per_month", hpd * dpm, "h", "GPU hours used per GPU per month",
                  "hours_per_day x days_per_month", ["delivery.hours_per_day", "delivery.days_per_month"])
    billed = fs.constant("delivery.hours_per_month", C.HOURS_PER_MONTH)
    fs.add("delivery.owned_utilisation", used * np.mean(mult) / (billed * np.max(mult)), "fraction",
           "utilisation of capacity sized for the peak month",
           "hours_used_per_month x mean(demand_multiplier) / (hours_per_month x max(demand_multiplier))",
           ["delivery.hours_used_per_month", "delivery.demand_multiplier", "delivery.hours_per_month"])

    monthly: dict[str, tuple[Any, str, list[str]]] = {}
    od = None
    if inp.offer is not None:
        prices = {m: _gpu_hour_price(fs, inp, m, inp.offer, f) for m, f in _OFFER_FIELD.items()}
        od = prices["cloud_on_demand"]
        cloud = _billed_gpus(fs, "cloud", g, inp.offer)
        for mode in ("cloud_on_demand", "cloud_spot"):
            if prices[mode] is not None:
                monthly[mode] = (cloud * mult * used * prices[mode],
                                 "billed_gpus x demand_multiplier x hours_used_per_month x price",
                                 ["delivery.billed_gpus.cloud", "delivery.demand_multiplier",
                                  "delivery.hours_used_per_month", f"delivery.price.{mode}"])
        monthly_price = _gpu_month_price(fs, inp, inp.offer)
        if monthly_price is not None and od is not None:
            monthly["cloud_monthly"] = (cloud * monthly_price + cloud * (mult - 1.0) * used * od,
                                        "billed_gpus x monthly subscription per GPU + billed_gpus x (demand_multiplier - 1) x "
                                        "hours_used_per_month x on-demand price",
                                        ["delivery.billed_gpus.cloud", "delivery.price.cloud_monthly", "delivery.demand_multiplier",
                                         "delivery.hours_used_per_month", "delivery.price.cloud_on_demand"])
        for mode in ("cloud_reserved_1y", "cloud_reserved_3y"):
            if prices[mode] is not None and od is not None:
                monthly[mode] = _reserved(fs, inp, mode, cloud * billed * prices[mode], cloud * (mult - 1.0) * used * od)
    for mode, offer in (("gpu_rental", inp.rental_offer), ("bare_metal", inp.bare_metal_offer)):
        if offer is not None and _gpu_hour_price(fs, inp, mode, offer, "on_demand_per_hour") is not None:
            price = fs[f"delivery.price.{mode}"]
            rented = _billed_gpus(fs, mode, g, offer)
            monthly[mode] = (rented * mult * billed * price,
                             "billed_gpus x demand_multiplier x hours_per_month x price (monthly term)",
                             [f"delivery.billed_gpus.{mode}", "delivery.demand_multiplier", "delivery.hours_per_month",
                              f"delivery.price.{mode}"])
    if inp.private_capex is not None and inp.private_opex_per_month is not None:
        capex = fs.input("delivery.private_capex", inp.private_capex, inp.currency, "capex to own peak capacity",
                         inp.private_source)
        opex = fs.input("delivery.private_opex", inp.private_opex_per_month, f"{inp.currency}/month",
                        "opex per month of owned capacity", inp.private_source)
        upfront = np.where(months == 0, capex, 0.0)
        monthly["private"] = (upfront + opex, "private_capex in month 1 + private_opex every month",
                              ["delivery.private_capex", "delivery.private_opex"])
        if od is not None:
            fs.input("delivery.hybrid_owned_share", inp.hybrid_owned_share, "fraction",
                             "share of the phase's GPUs owned in hybrid mode")
            whole = inp.hybrid_owned_gpus is not None
            owned_gpus = inp.hybrid_owned_share * inp.gpus if inp.hybrid_owned_gpus is None else inp.hybrid_owned_gpus
            owned = fs.add("delivery.hybrid_owned_gpus", min(float(owned_gpus), float(inp.gpus)), "GPUs",
                           "GPUs owned in hybrid mode", "⌈hybrid_owned_share × servers⌉ × GPUs per server (≤ gpus)"
                           if whole else "hybrid_owned_share × gpus", ["delivery.hybrid_owned_share", "delivery.gpus"])
            per = float(max(inp.offer.gpus, 1)) if inp.offer is not None else 1.0
            burst_gpus = fs.add("delivery.hybrid_burst_gpus", np.ceil(np.maximum(g * mult - owned, 0.0) / per) * per,
                                "GPUs", "hybrid: cloud GPUs above the owned baseline, per month (whole instances)",
                                "⌈max(gpus × demand_multiplier − hybrid_owned_gpus, 0) / GPUs per instance⌉ × GPUs "
                                "per instance", ["delivery.gpus", "delivery.demand_multiplier", "delivery.hybrid_owned_gpus"],
                                over="month")
            burst = fs.add("delivery.hybrid_burst_monthly", burst_gpus * used * od,
                           f"{inp.currency}/month", "hybrid: cloud bursts above the owned baseline per month",
                           "hybrid_burst_gpus × hours_used_per_month × on-demand price",
                           ["delivery.hybrid_burst_gpus", "delivery.hours_used_per_month",
                            "delivery.price.cloud_on_demand"], over="month")
            if inp.hybrid_capex is not None and inp.hybrid_opex_per_month is not None:
                h_capex = fs.input("delivery.hybrid_capex", inp.hybrid_capex, inp.currency,
                                   "capex of the owned hybrid baseline", "TCO model (tco.owned_capex)")
                h_opex = fs.input("delivery.hybrid_opex", inp.hybrid_opex_per_month, f"{inp.currency}/month",
                                  "opex per month of the owned baseline", "TCO model (tco.owned_opex_per_year / 12)")
                own_cost, own_formula = np.where(months == 0, h_capex, 0.0) + h_opex, "hybrid_capex in month 1 + hybrid_opex"
                own_deps = ["delivery.hybrid_capex", "delivery.hybrid_opex"]
            else:
                frac = owned / g if g > 0 else 0.0
                own_cost, own_formula = frac * (upfront + opex), "(hybrid_owned_gpus / gpus) × private cost"
                own_deps = ["delivery.hybrid_owned_gpus", "delivery.gpus", "delivery.private_capex", "delivery.private_opex"]
            monthly["hybrid"] = (own_cost + burst, own_formula + " + cloud bursts",
                                 [*own_deps, "delivery.hybrid_burst_monthly"])

    cur = inp.currency
    fs.input("delivery.data_sensitivity", inp.data_sensitivity, "", "data sensitivity")
    running = fs.input("delivery.running_per_month", inp.running_per_month, f"{cur}/month",
                       "software, staff and storage per month (every mode)", "running costs (run.known_per_month)")
    once = fs.input("delivery.once_every_mode", inp.once_every_mode, cur, "one-off services (every mode, month 1)",
                    "running costs (run.services_once)") if inp.once_every_mode else 0.0
    for mode, (series, formula, deps) in monthly.items():
        raw = np.asarray(series, dtype=float)
        billed_span = max(raw.shape[-1] if raw.ndim else 1, inp.months)  # a reservation's term past the phase
        span = np.arange(billed_span)
        series = np.broadcast_to(raw, span.shape) + np.where(span < inp.months, running, 0.0) + np.where(
            span == 0, once, 0.0)
        longer = billed_span > inp.months
        fs.add(f"delivery.monthly.{mode}", series, f"{cur}/month", f"{_named(mode)} cost per month",
               formula + " + running_per_month" + (" in the phase's months" if longer else "")
               + (" + once_every_mode in month 1" if once else ""),
               [*deps, "delivery.running_per_month"] + (["delivery.once_every_mode"] if once else []), over="month")
        cum = fs.add(f"delivery.cumulative.{mode}", np.cumsum(series), cur, f"{_named(mode)} cumulative cost",
                     "running sum of monthly cost", [f"delivery.monthly.{mode}"], over="month_total")
        if longer:
            fs.add(f"delivery.total.{mode}", cum[-1], cur, f"{_named(mode)} cost of the phase",
                   f"cumulative at the last month billed: the reservation's {billed_span} months (the phase uses "
                   f"{inp.months})", [f"delivery.cumulative.{mode}", f"delivery.term_cost.{mode}"])
        else:
            fs.add(f"delivery.total.{mode}", cum[-1], cur, f"{_named(mode)} cost over the phase",
                   "cumulative at the last month", [f"delivery.cumulative.{mode}"])
        allowed = not (inp.data_sensitivity == "regulated" and public_cloud(mode))
        fs.add(f"delivery.allowed.{mode}", float(allowed), "bool", f"{_named(mode)} allowed for the data",
               "0 when data_sensitivity is regulated and the mode is public cloud or rental",
               ["delivery.data_sensitivity"])
    for mode in monthly:
        if mode != "private" and "private" in monthly:
            compared = max(int(np.size(fs["delivery.cumulative.private"])),
                           int(np.size(fs[f"delivery.cumulative.{mode}"])))
            own, other = (_padded(fs["delivery.cumulative.private"], compared),
                          _padded(fs[f"delivery.cumulative.{mode}"], compared))
            if np.all(np.isfinite(own)) and np.allclose(own, other, rtol=1e-12, atol=0.0):
                continue  # the same cost every month (a hybrid owning the whole build): owning breaks even with nothing
            fs.add(f"delivery.break_even.private_vs_{mode}", break_even_month(own, other), "month",
                   f"month from which owning stays cheaper than {_in_text(mode)}",
                   "first month m with cumulative.private <= cumulative.mode for every month from m on",
                   ["delivery.cumulative.private", f"delivery.cumulative.{mode}"])
    fs.input("delivery.modes", ",".join(monthly), "", "modes priced")
    fs.input("delivery.chosen_mode", inp.chosen_mode, "", "delivery mode chosen")
    return fs


def cheapest_allowed_mode(fs: FigureSet) -> str:
    modes = [m for m in str(fs["delivery.modes"]).split(",") if m and fs[f"delivery.allowed.{m}"] >= 1.0]
    return min(modes, key=lambda m: float(fs[f"delivery.total.{m}"])) if modes else ""


def delivery_checks(fs: FigureSet) -> list[Check]:
    checks: list[Check] = []
    sens, mode = fs["delivery.data_sensitivity"], fs["delivery.chosen_mode"]
    if sens == "regulated" and public_cloud(mode):
        alt = cheapest_allowed_mode(fs)
        checks.append(Check(
            "delivery.regulated_data_public_cloud", "blocker", "delivery", "Regulated data cannot go to a public cloud mode",
            f"The data is marked regulated, which rules out {_in_text(mode)} and the other shared public-cloud modes.",
            f"Use private on-premises, dedicated bare metal or hybrid with regulated data kept on owned capacity"
            f"{f' (cheapest allowed here: {_in_text(alt)})' if alt else ''}.",
            ("delivery.data_sensitivity",), {"mode": mode, "cheapest_allowed": alt},
        ))
    elif sens == "sensitive" and public_cloud(mode):
        checks.append(Check(
            "delivery.sensitive_data_public_cloud", "warning", "delivery", "Sensitive data in a public cloud mode",
            f"The data is marked sensitive and the plan uses {_in_text(mode)}.",
            "Confirm encryption, residency and access controls with the provider, or keep the data on owned capacity.",
            ("delivery.data_sensitivity",), {"mode": mode},
        ))
    if sens == "regulated" and mode == "hybrid":
        checks.append(Check(
            "delivery.hybrid_burst_data", "warning", "delivery", "Hybrid bursts must not carry regulated data",
            "Burst capacity runs in a public cloud; only workloads without regulated data may burst.",
            "Split workloads: regulated training and serving on owned nodes, bursts for the rest.",
            ("delivery.data_sensitivity",), {"mode": mode},
        ))
    return checks
