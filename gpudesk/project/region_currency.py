"""A plan's currency follows its region until the user chooses one.

A phase in a China region (``cn``, ``cn-shanghai``, ``china``, ``prc``) is quoted in CNY: a new plan, a file
without a currency and a region edited to ``cn`` all cost in CNY, as long as the user has not picked the
currency themselves (``costs.currency_chosen``). A currency the user set is never changed: a China plan costed
in USD stays in USD, and the estimate says that the catalog's CNY prices are converted at the plan's rate
(``cost.currency_converted``). Setting the currency marks it chosen in the same undoable edit.

A plan is costed in one currency (core/plan_admission.py refuses a plan whose phases differ), so a phase's region
never splits it: in a plan of several phases, a phase whose currency was not chosen takes the currency its other
phases share rather than its region's (a China customer's plan in CNY whose phase 2 bursts to a US cloud region
stays in CNY, its USD prices converted at the plan's rate). Until 2026-12-04 the region edit moved that phase to USD
and the next estimate refused the plan for mixing currencies.

Qt-free and read by the plan loader (``schema.py``) and the edit choke point (``session/document.py``).
"""

from __future__ import annotations

import re
from typing import Any

from gpudesk.project.model import Project

CHINA_CURRENCY = "CNY"
OTHER_CURRENCY = "USD"  # the model's default: what a region outside China returns to when nothing was chosen
_PHASE_FIELD = re.compile(r"^phases\[(\d+)\]\.(facility\.region|costs\.currency)$")


def market_of_region(region: str) -> str:
    """``cn`` for a China region (``cn``, ``cn-west``, ``china``, ``prc``); ``us``, ``eu``; else ``global``."""
    r = region.strip().lower()
    if r.startswith("cn") or r in ("china", "prc"):
        return "cn"
    if r.startswith("us"):
        return "us"
    if r.startswith("eu"):
        return "eu"
    return "global"


def currency_of_region(region: str, current: str, previous_region: str | None = None) -> str:
    """The currency a phase whose currency was not chosen takes in ``region``.

    China → CNY. Leaving China (``previous_region`` in cn) returns CNY to USD; any other region keeps ``current``
    (a new plan's currency from the preferences stays).
    """
    if market_of_region(region) == "cn":
        return CHINA_CURRENCY
    if previous_region is not None and market_of_region(previous_region) == "cn" and current == CHINA_CURRENCY:
        return OTHER_CURRENCY
    return current


def follow_region_in_dict(data: dict[str, Any]) -> dict[str, Any]:
    """A plan dict from a file with each phase's currency settled (a new copy; the input is untouched).

    A phase that states ``costs.currency`` without ``currency_chosen`` chose it (files written before the flag
    existed, hand-written plans); a phase without a currency, or whose currency is not chosen, follows its region.
    """
    phases = data.get("phases")
    if not isinstance(phases, list):
        return data
    out = []
    for phase in phases:
        if not isinstance(phase, dict):
            out.append(phase)
            continue
        facility, costs = phase.get("facility", {}), phase.get("costs", {})
        region = facility.get("region") if isinstance(facility, dict) else None
        if not isinstance(costs, dict):
            out.append(phase)
            continue
        costs = dict(costs)
        if "currency" in costs and "currency_chosen" not in costs:
            costs["currency_chosen"] = True
        chosen = costs.get("currency_chosen") is True
        if not chosen and isinstance(region, str) and market_of_region(region) == "cn":
            costs["currency"] = CHINA_CURRENCY
        out.append({**phase, "costs": costs})
    return {**data, "phases": _one_currency(out)}


def _one_currency(phases: list[Any]) -> list[Any]:
    """Phases whose currency was not chosen take the plan's: the first chosen currency, else the first phase's (a
    phase without one has the model's USD). Chosen currencies are left as stated, agreeing or not (the estimate
    refuses a plan that mixes them, naming the field)."""
    costs = [p.get("costs") if isinstance(p, dict) and isinstance(p.get("costs"), dict) else None for p in phases]
    stated = [c for c in costs if c is not None]
    if len(stated) < 2:
        return phases
    chosen = [c.get("currency") for c in stated if c.get("currency_chosen") is True and isinstance(c.get("currency"), str)]
    plan = chosen[0] if chosen else stated[0].get("currency", OTHER_CURRENCY)
    return [{**p, "costs": {**c, "currency": plan}} if c is not None and c.get("currency_chosen") is not True else p
            for p, c in zip(phases, costs)]


def unsettled_currencies(project: Project) -> list[tuple[str, str]]:
    """(path, currency) for each phase whose currency the plan file's reader would settle otherwise
    (:func:`follow_region_in_dict`): what an edit brings along so that the plan it leaves is the plan its saved file
    opens as. Setting phase 2's currency to USD in a plan whose phase 1 still followed its China region (CNY, not
    chosen) left a plan refused for mixing currencies, which the saved file then opened in USD throughout."""
    data = {"phases": [{"facility": {"region": p.facility.region},
                        "costs": {"currency": p.costs.currency, "currency_chosen": p.costs.currency_chosen}}
                       for p in project.phases]}
    settled = follow_region_in_dict(data)["phases"]
    return [(f"phases[{i}].costs.currency", s["costs"]["currency"]) for i, (p, s) in
            enumerate(zip(project.phases, settled, strict=True)) if s["costs"]["currency"] != p.costs.currency]


def edits_following(project: Project, assignments: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """The assignments an edit brings along: a region edit moves a not-chosen currency, a currency edit marks it
    chosen. Paths already assigned by the edit itself are left to it."""
    assigned = {path for path, _value in assignments}
    extra: list[tuple[str, Any]] = []
    for path, value in assignments:
        match = _PHASE_FIELD.match(path)
        if not match:
            continue
        index = int(match.group(1))
        if index >= len(project.phases):
            continue
        phase, prefix = project.phases[index], f"phases[{index}].costs."
        if match.group(2) == "costs.currency":
            if prefix + "currency_chosen" not in assigned:
                extra.append((prefix + "currency_chosen", True))
        elif not phase.costs.currency_chosen and isinstance(value, str) and prefix + "currency" not in assigned:
            currency = currency_of_region(value, phase.costs.currency, phase.facility.region)
            others = {p.costs.currency for j, p in enumerate(project.phases) if j != index}
            if len(others) == 1:  # one plan, one currency: the region of one phase does not split it
                currency = next(iter(others))
            if currency != phase.costs.currency:
                extra.append((prefix + "currency", currency))
    return extra
