"""Compliance of a phase with its market: availability of the parts, 信创, data residency, 等保 2.0.

Every check names the rule it rests on with its date and source (the catalog's availability rows) and, where
a part cannot be used, the alternatives that can (from the ranked candidates). ``compliance_assumption``
states what was assumed and when, for the proposal's assumption list.
"""

from __future__ import annotations

from collections.abc import Sequence

from gpudesk.catalog import records as rec
from gpudesk.catalog.store import Catalog
from gpudesk.core.accuracy import family_has_band
from gpudesk.core.assumptions import Assumption
from gpudesk.core.candidates import Candidate
from gpudesk.core.checks import Check
from gpudesk.core.constants import MATMUL_EFFICIENCY_BF16
from gpudesk.core.cost_ledger import CostLedger
from gpudesk.core.market import (
    AvailabilityIndex,
    is_domestic,
    offer_allowed,
    phase_market,
    priced_offer_exists,
)
from gpudesk.core.plan_resolve import ResolvedPhase
from gpudesk.project.model import Phase
from gpudesk.vocabulary.delivery import PUBLIC_CLOUD_MODES, RENTED_MODES, compared_mode_name
from gpudesk.vocabulary.plan_choices import DATA_RESIDENCY, DOMESTIC_PARTS, INDUSTRY, MARKET, MLPS_LEVEL
from gpudesk.vocabulary.terms import Term, Vocabulary, in_sentence

MLPS_CLOUD_LEVEL = 3
"""等保 2.0 level from which a system on a shared public cloud needs the platform's own filing at that level
(GB/T 22239-2019 sets extended requirements for cloud computing per level; level 3 is the usual bar for finance)."""


def _alternatives(candidates: list[Candidate], pinned: str, limit: int = 3) -> str:
    names = [c.accelerator_name for c in candidates if c.fits and c.accelerator_id != pinned]
    return ", ".join(names[:limit])


def availability_checks(catalog: Catalog, phase: Phase, acc: rec.Accelerator, server: rec.Server,
                        candidates: list[Candidate]) -> list[Check]:
    market, index = phase_market(phase), AvailabilityIndex.of(catalog)
    in_country = phase.compliance.data_residency == "in_country"
    rented = phase.delivery.mode in RENTED_MODES
    acc_status, server_status = index.accelerator(acc.id, market), index.server(server.id, market)
    alternatives = _alternatives(candidates, acc.id)
    checks: list[Check] = []
    for part, status in ((acc.name, acc_status), (server.name, server_status)):
        if status.status == "unavailable" and not (rented and priced_offer_exists(catalog, acc.id, market, in_country)):
            checks.append(Check(
                "compliance.part_unavailable", "blocker", "gpu", "A part of the plan cannot be bought in its market",
                f"{part} is unavailable in {market_name(market)} since {status.effective or 'an undated rule'}: "
                f"{status.rule} (source {status.source}, taken {status.date}).",
                f"Choose a part available in {market_name(market)}" + (f", e.g. {alternatives}" if alternatives else "")
                + ", or rent it where a provider in the market runs it; if the rule has changed, override the "
                "availability row in your catalog with your own note.",
                ("plan.gpus",), {"part": part, "alternatives": alternatives or "—", "rule": status.rule,
                 "rule_text": status.rule_text, "effective": status.effective or "—", "source": status.source, "market": market},
            ))
            break
        if status.status == "restricted" and not rented:
            checks.append(Check(
                "compliance.part_restricted", "warning", "gpu", "A part of the plan needs an export licence or approval",
                f"{part} is restricted in {market_name(market)} since {status.effective or 'an undated rule'}: "
                f"{status.rule} (source {status.source}, taken {status.date}).",
                "Confirm the licence or the buyer's approval before quoting delivery dates"
                + (f"; alternatives available without one: {alternatives}" if alternatives else "") + ".",
                (), {"part": part, "alternatives": alternatives or "—", "rule": status.rule,
                 "rule_text": status.rule_text, "effective": status.effective or "—", "source": status.source, "market": market},
            ))
            break
    if not acc_status.known:
        checks.append(Check(
            "compliance.availability_unknown", "info", "gpu", "No availability data for this market",
            f"The catalog has no availability row for {acc.name} in {market_name(market)}; whether it can be bought "
            "there was not checked.",
            "Add an availability row (status, rule, date, source) for this part and market in your catalog.",
            (), {"part": acc.name, "market": market},
        ))
    return checks


def residency_checks(phase: Phase, acc: rec.Accelerator, offer: rec.CloudOffer | None,
                     candidates: list[Candidate]) -> list[Check]:
    c, market, mode = phase.compliance, phase_market(phase), phase.delivery.mode
    checks: list[Check] = []
    domestic_alts = ", ".join(x.accelerator_name for x in candidates if x.fits and x.accelerator_id != acc.id)[:200]
    numbers = {"accelerator": acc.name, "vendor": acc.vendor, "alternatives": domestic_alts or "—"}
    fix = "Choose a domestic accelerator" + (f", e.g. {domestic_alts}" if domestic_alts else "") + "."
    if c.domestic_parts == "required" and not is_domestic(acc):
        checks.append(Check(
            "compliance.domestic_required", "blocker", "gpu", "信创 procurement needs a domestic accelerator",
            f"The customer requires China-domestic parts (信创); {acc.name} is made by {acc.vendor}.",
            fix, (), numbers,
        ))
    elif c.domestic_parts == "preferred" and not is_domestic(acc):
        checks.append(Check(
            "compliance.domestic_preferred", "warning", "gpu", "A domestic accelerator is preferred",
            f"The customer prefers China-domestic parts (信创); {acc.name} is made by {acc.vendor}.",
            fix, (), numbers,
        ))
    if offer is not None and mode in PUBLIC_CLOUD_MODES and not offer_allowed(offer, market, c.data_residency == "in_country"):
        checks.append(Check(
            "compliance.offer_outside_market", "blocker", "delivery", "The cloud offer is outside the plan's market",
            f"The plan is in {market_name(market)} but rents {offer.provider} {offer.instance} in {offer.region} "
            f"(sold in {market_name(offer.market)}).",
            f"Choose an offer sold in {market_name(market)}, or clear the cloud offer in step 6 to "
            "let gpudesk pick one.",
            (), {"market": market, "offer": f"{offer.provider} {offer.instance}", "offer_id": offer.id,
                 "offer_market": offer.market},
        ))
    if c.mlps_level >= MLPS_CLOUD_LEVEL and mode in PUBLIC_CLOUD_MODES:
        checks.append(Check(
            "compliance.mlps_public_cloud", "warning", "delivery", "MLPS 2.0 (等保) filing on a shared public cloud",
            f"The system is filed at MLPS 2.0 level {c.mlps_level} and runs on {in_sentence(compared_mode_name(mode, 'en'), 'en')}; the "
            "cloud platform must "
            f"itself hold a filing at level {c.mlps_level} or above (GB/T 22239-2019 cloud extensions).",
            "Ask the provider for its MLPS filing certificate for the region, or move the workload to a private or "
            "dedicated deployment.",
            (), {"level": c.mlps_level, "mode": mode},
        ))
    return checks


def validation_check(acc: rec.Accelerator, kinds: Sequence[str] = ()) -> list[Check]:
    """Figures for a hardware family without published efficiency measurements carry no validation: said where no
    workload of the phase has a band on the family (accuracy.family_has_band, the rule every band follows; the
    9 MindFormers training runs give Ascend 910B training its band, its serving none)."""
    if acc.family in MATMUL_EFFICIENCY_BF16 or any(family_has_band(k, acc.family) for k in kinds):
        return []
    return [Check(
        "accuracy.family_not_validated", "info", "task", "No validation for this hardware family",
        f"gpudesk has no published efficiency measurement and no validation case for the hardware family of the "
        f"{acc.name}; "
        "its figures use the cross-family median efficiencies, so the accuracy band does not apply to them.",
        "Run a pilot on the platform and load its logs (calibration) before committing to the figures.",
        (), {"family": acc.family, "accelerator": acc.name},
    )]




def pricing_check(phase: Phase, r: ResolvedPhase, ledger: CostLedger) -> list[Check]:
    """Owned servers without a catalog price or a quote: the ledger's servers line is unpriced (never priced at 0)."""
    servers = ledger.line("servers")
    if servers is None or servers.priced or phase.costs.gpu_price_override > 0:
        return []
    return [Check(
        "cost.hardware_unpriced", "warning", "tco", "The hardware is awaiting a quote: capex and TCO leave the servers out",
        f"Neither {r.server.name} nor {r.accelerator.name} has a price in the catalog, so the phase's capex, TCO "
        "and cost comparison leave the servers out until a quote is entered.",
        "Enter the vendor's quote per accelerator in step 7 (GPU price override), or add the server's price with its "
        "source as a user catalog row.",
        ("tco.capex",), {"server": r.server.name, "accelerator": r.accelerator.name, "server_vendor": r.server.vendor,
                         "server_gpus": (r.catalog_server or r.server).gpus},
    )]


def currency_check(phase: Phase) -> list[Check]:
    """A China plan costed in another currency (the user chose it): say that CNY prices are converted, and at what."""
    costs = phase.costs
    if phase_market(phase) != "cn" or costs.currency == "CNY":
        return []
    return [Check(
        "cost.currency_converted", "info", "tco", "A China plan costed in another currency",
        f"The plan is in market cn but costed in {costs.currency}, as set in costs.currency: the catalog's CNY "
        f"prices (Chinese cloud offers, domestic servers) are converted at the plan's exchange rate of "
        f"{costs.cny_per_usd:g} CNY per USD (costs.cny_per_usd).",
        "Check the rate against the day's central parity before quoting, or set the currency to CNY to quote "
        "the Chinese prices as published.",
        (), {"currency": costs.currency, "rate": costs.cny_per_usd},
    )]


def compliance_checks(catalog: Catalog, phase: Phase, r: ResolvedPhase, candidates: list[Candidate],
                      ledger: CostLedger | None) -> list[Check]:
    """Every compliance check of a phase (availability, 信创, residency, 等保), the validation note and, for owned
    hardware without a price, the request for a quote (None: the ledger is not made yet, results/deferred_costs.py)."""
    return (availability_checks(catalog, phase, r.accelerator, r.server, candidates)
            + residency_checks(phase, r.accelerator, r.offer, candidates) + validation_check(r.accelerator, [w.kind for w in phase.workloads])
            + (pricing_check(phase, r, ledger) if ledger is not None else []) + currency_check(phase))


def market_name(code: str, lang: str = "en") -> str:
    """A market by its name ("United States", "中国大陆"); an unknown code as it is."""
    return MARKET.term(code).name(lang) if code in MARKET else code


def _named(vocabulary: Vocabulary[Term], code: str, running: bool = True) -> dict[str, str]:
    """``{"": the code, "_name": its English name}`` (the code itself when the vocabulary lacks it), in lower case
    where it runs on after a label's colon (``running``: 'domestic parts: no requirement', as 'MLPS 2.0 level: none
    (not filed)'; it read 'Data residency: No requirement'); a market leads its clause ('Market Mainland China:').
    Another language names the code from the vocabulary (gpudesk.report.assumption_text)."""
    term = vocabulary.term(code) if code in vocabulary else None
    name = term.en if term else code
    return {"": code, "_name": in_sentence(name, "en") if running else name}


def compliance_assumption(catalog: Catalog, phase: Phase, acc: rec.Accelerator) -> Assumption:
    """The phase's market rules as an assumption, every code by its name ("United States", "no requirement"); a
    part the catalog holds no availability record for says so in one clause instead of a row of dashes."""
    market, c = phase_market(phase), phase.compliance
    status = AvailabilityIndex.of(catalog).accelerator(acc.id, market)
    values: dict[str, object] = {"accelerator": acc.name, "status": status.status, "mlps_level": c.mlps_level}
    for key, vocabulary, code in (("market", MARKET, market), ("residency", DATA_RESIDENCY, c.data_residency),
                                  ("domestic", DOMESTIC_PARTS, c.domestic_parts), ("industry", INDUSTRY, c.industry),
                                  ("mlps", MLPS_LEVEL, str(c.mlps_level))):
        values.update({key + suffix: name for suffix, name in _named(vocabulary, code, key != "market").items()})
    if status.status == "unknown" and not (status.rule or status.source):
        return Assumption("compliance_unknown", values)
    values.update({"rule": status.rule or "—", "rule_text": {lang: text or "—" for lang, text in status.rule_text.items()},
                   "effective": status.effective or "—", "source": status.source or "—",
                   "taken": status.date or "—"})
    return Assumption("compliance", values)
