"""What a phase's configuration search may use, and what a GPU-hour of each accelerator costs the customer.

Accelerators are filtered by the plan's market (core/market.py: availability per market, 信创, rented parts
already in a provider's region), by a server the catalog holds for them (owned phases) and by the room's
cooling. Each gets one price per GPU-hour on the basis the phase pays in:

* **rented** (cloud, rental, bare metal, platforms): the cheapest offer the market allows at the mode's rate
  (on demand, reserved, spot), for the hours the mode bills (used hours on demand and spot, every hour of a
  commitment);
* **owned** (private, hybrid): the server's price per GPU (catalog, else the GPU price × platform overhead, or
  the plan's GPU price override), its energy as the cost ledger charges it (the power model's energy of one
  server: draw at the workload's load, idle outside the usage profile's hours, PUE, tariff; core/owned_power.py),
  and maintenance, spread over the plan's horizon: a GPU-hour of the horizon's total cost of ownership. That
  GPU-hour ranks the search's points, each with the energy of its own draw where its step sets it (training and
  vision training: the compute share of its step; LLM serving: the compute- and memory-bound shares of its
  iteration; ``UnitCost.energy_at``, core/search_points.point_energy): the energy the ledger charges the plan that
  pins it. The cost each named point shows is its plan's ledger (results/search_pricing.py).

A part without a price stays unpriced (NaN), never free.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.catalog.store import Catalog
from gpudesk.core.candidates import Reason
from gpudesk.core.constants import GPU_SHARE_OF_SERVER_MAX_POWER, SERVER_PLATFORM_OVERHEAD
from gpudesk.core.delivery import convert
from gpudesk.core.derived_servers import power_limited
from gpudesk.core.market import AvailabilityIndex, is_domestic, offer_allowed, phase_market, priced_offer_exists, usable
from gpudesk.core.owned_power import WorkloadDraw, busy_fraction, energy_per_server_hour, energy_per_server_hour_at
from gpudesk.core.plan_resolve import INSTANCE_KINDS, ResolvedPhase, offer_kinds
from gpudesk.project.model import Phase
from gpudesk.vocabulary.delivery import RENTED_MODES, owns_hardware, priced_as

HOURS_PER_YEAR = 8760.0
HOURS_PER_MONTH = 730.0
OFFER_RATE = {"cloud_on_demand": "on_demand_per_hour", "cloud_reserved_1y": "reserved_1y_per_hour",
              "cloud_reserved_3y": "reserved_3y_per_hour", "cloud_spot": "spot_per_hour"}
LIQUID = ("liquid", "hybrid")


@dataclass(frozen=True)
class UnitCost:
    """One accelerator as the search prices and powers it."""

    accelerator: rec.Accelerator
    server: rec.Server | None
    per_gpu_hour: float  # plan currency per GPU-hour of the cost basis; NaN = unpriced
    basis: str  # "rent" | "own"
    source: Reason  # how the GPU-hour is priced (reason catalogue)
    gpus_per_server: int  # whole servers (owned) or instances (rented) are bought
    server_kw: float  # maximum power of one server (NaN when unknown)
    cooling: str  # the server's cooling ("air" when unknown)
    energy_per_gpu_hour: float = float("nan")  # owned: the power model's energy (core/owned_power.py); NaN rented
    tier: int = 0  # 0 available in the market; 1 restricted, unknown or not the 信创 preference; 2 consumer board
    gpus_per_node: int = 8  # GPUs in one node (the server's, else the plan's): what "nodes" count
    market: tuple[Reason, ...] = ()  # the market status (reason catalogue)
    instance: rec.CloudOffer | None = None  # rented: the offer it is priced at (its GPUs are a node, its network between)
    # owned: (compute shares, memory-bound shares) of points -> their energy per GPU-hour (owned_energy_at); None rented
    energy_at: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = field(default=None, compare=False)

    @property
    def priced(self) -> bool:
        return math.isfinite(self.per_gpu_hour)


def eligible(catalog: Catalog, phase: Phase) -> tuple[list[rec.Accelerator], dict[str, str]]:
    """Accelerators the phase may use, and the reason each other catalog part is left out (id -> code).

    A part unavailable in the market, or without an availability row in a market the catalog tracks (cn), stays
    out unless it can be rented there; a 信创 requirement keeps only
    domestic parts; an owned phase needs a server the catalog holds for the part. The pinned accelerator always
    stays so the plan's own choice is compared (its checks say why it cannot be used)."""
    wanted = set(phase.hardware.candidates)
    market, in_country = phase_market(phase), phase.compliance.data_residency == "in_country"
    index = AvailabilityIndex.of(catalog)
    rented = phase.delivery.mode in RENTED_MODES
    with_server = {s.accelerator_id for s in catalog.servers()
                   if index.server(s.id, market).status != "unavailable" or rented}
    keep: list[rec.Accelerator] = []
    left: dict[str, str] = {}
    for acc in catalog.accelerators():
        pinned = acc.id == phase.hardware.accelerator_id
        if not acc.memory_gb or not acc.mem_bw_gbs:
            left[acc.id] = "no_data"
        elif pinned:
            keep.append(acc)
        elif wanted and acc.id not in wanted:
            left[acc.id] = "not_listed"
        elif not usable(index.accelerator(acc.id, market), rented,
                        rented and priced_offer_exists(catalog, acc.id, market, in_country), index.tracks(market)):
            left[acc.id] = "market"
        elif acc.id not in with_server:
            left[acc.id] = "no_server"
        elif phase.compliance.domestic_parts == "required" and not is_domestic(acc):
            left[acc.id] = "domestic"
        else:
            keep.append(acc)
    return keep, left


def server_for(catalog: Catalog, phase: Phase, acc: rec.Accelerator, r: ResolvedPhase) -> rec.Server | None:
    """The plan's own server for its own accelerator, else the catalog's best match (GPUs per node, not rack)."""
    if acc.id == r.accelerator.id:
        return r.catalog_server or r.server
    matches = [s for s in catalog.servers() if s.accelerator_id == acc.id]
    if not matches:
        return None
    wanted = phase.hardware.gpus_per_node
    return min(matches, key=lambda s: (s.gpus != wanted, s.is_rack, abs(s.gpus - wanted), s.id))


def server_kw(server: rec.Server | None, acc: rec.Accelerator) -> float:
    """Server maximum power: the catalog's, else its GPUs' TDP over the GPUs' share of server power."""
    if server is not None and server.power_max_kw:
        return float(server.power_max_kw)
    gpus = server.gpus if server is not None else 8
    if acc.tdp_w:
        return gpus * acc.tdp_w / 1000.0 / GPU_SHARE_OF_SERVER_MAX_POWER.value
    return float("nan")


def _rent(catalog: Catalog, phase: Phase, acc: rec.Accelerator) -> tuple[float, Reason, rec.CloudOffer | None]:
    mode = priced_as(phase.delivery.mode)
    field = OFFER_RATE.get(mode, "on_demand_per_hour")
    cur, fx = phase.costs.currency, phase.costs.cny_per_usd
    market, in_country = phase_market(phase), phase.compliance.data_residency == "in_country"
    u = phase.delivery.utilisation
    committed = mode not in ("cloud_on_demand", "cloud_spot")
    hours = HOURS_PER_MONTH if committed else min(u.hours_per_day * u.days_per_month, HOURS_PER_MONTH)
    best: tuple[float, rec.CloudOffer] | None = None
    kinds = offer_kinds(mode)  # the offers the ledger of the plan pinning the part prices it from
    chosen = phase.delivery.cloud_offer_id if acc.id == phase.hardware.accelerator_id else ""
    offers = catalog.cloud_offers()
    if chosen and any(o.id == chosen and o.accelerator_id == acc.id and o.gpus > 0 and o.kind in kinds
                      for o in offers):  # the plan's own part rents the instance the plan chose, as its ledger bills
        offers = [o for o in offers if o.id == chosen]
    for offer in offers:
        if offer.accelerator_id != acc.id or offer.gpus <= 0 or offer.kind not in kinds \
                or not offer_allowed(offer, market, in_country):
            continue
        rate = getattr(offer, field) or offer.on_demand_per_hour
        if rate is None:
            continue
        per_gpu = float(convert(rate / offer.gpus, offer.currency, cur, fx))
        if best is None or per_gpu < best[0]:
            best = (per_gpu, offer)
    if best is None:
        return float("nan"), Reason("rent_no_offer"), None
    price, offer = best
    # a GPU-hour of the month, billed for the hours the mode charges
    per_hour = price * hours / HOURS_PER_MONTH
    date = offer.provenance.date
    return per_hour, Reason("rent_offer", {"provider": offer.provider, "offer_id": offer.id, "instance": offer.instance, "price": price,
                                           "currency": cur, "hours": hours, "date": date}), offer


def owned_energy_per_gpu_hour(phase: Phase, acc: rec.Accelerator, server: rec.Server | None, r: ResolvedPhase,
                              draw: WorkloadDraw) -> float:
    """The energy an owned GPU-hour costs, as the cost ledger charges it: the power model's energy of one server
    (its GPUs capped as the plan caps them) per GPU; NaN without a catalog server (its power is unknown)."""
    if server is None:
        return float("nan")
    capped = power_limited(server, acc, phase.hardware.gpu_power_limit_w)
    return energy_per_server_hour(phase, r, capped, acc, draw) / max(server.gpus, 1)


def owned_energy_at(phase: Phase, acc: rec.Accelerator, server: rec.Server | None, r: ResolvedPhase,
                    draw: WorkloadDraw, compute_share: np.ndarray, memory_share: np.ndarray) -> np.ndarray:
    """``owned_energy_per_gpu_hour`` of each searched point at its own step's shares (core/owned_power.py
    energy_per_server_hour_at): the energy the ledger charges the plan that pins the point; NaN without a catalog
    server or where a point's step is unknown."""
    if server is None:
        return np.full(np.shape(compute_share), np.nan)
    capped = power_limited(server, acc, phase.hardware.gpu_power_limit_w)
    return energy_per_server_hour_at(phase, r, capped, acc, draw, compute_share, memory_share) / max(server.gpus, 1)


def _own(phase: Phase, acc: rec.Accelerator, server: rec.Server | None, r: ResolvedPhase, load: float,
         energy: float) -> tuple[float, Reason]:
    c = phase.costs
    cur, fx, years = c.currency, c.cny_per_usd, max(c.horizon_years, 1)
    gpus = server.gpus if server is not None else 8
    if c.gpu_price_override and acc.id == phase.hardware.accelerator_id:
        capex, how, server_name = c.gpu_price_override * (1 + SERVER_PLATFORM_OVERHEAD.value), "own_plan_price", ""
    elif server is not None and server.price_usd:
        capex, how, server_name = float(convert(server.price_usd / gpus, "USD", cur, fx)), "own_server_price", server.name
    elif acc.price_usd:
        capex = float(convert(acc.price_usd, "USD", cur, fx)) * (1 + SERVER_PLATFORM_OVERHEAD.value)
        how, server_name = "own_gpu_price", ""
    else:
        return float("nan"), Reason("own_no_price")
    maintenance = capex * c.maintenance_pct_per_year / 100.0 / HOURS_PER_YEAR
    # an unknown server power ranks without energy (the ledger's energy line of that plan stays unpriced)
    per_hour = capex / (years * HOURS_PER_YEAR) + (energy if math.isfinite(energy) else 0.0) + maintenance
    return per_hour, Reason(how, {"server": server_name, "capex": capex, "currency": cur, "years": years, "load": load,
                                  "busy": busy_fraction(phase), "pue": r.pue.value, "tariff": r.electricity.value,
                                  "maintenance": c.maintenance_pct_per_year})


def market_tier(index: AvailabilityIndex, acc: rec.Accelerator, phase: Phase,
                rented_from: tuple[str, str] = ("", "")) -> tuple[int, tuple[Reason, ...]]:
    """Ranking tier in the plan's market and its words: available parts first, then restricted, unknown or not
    domestic under a 信创 preference, then consumer boards (their driver licence excludes data centres).
    ``rented_from``: the provider and offer id a rented phase ranks the part at (its priced offer in the market); a part a
    provider already runs there can be rented whatever its sale or export status (as ``usable`` admits it), so it
    ranks with the available parts, its status still said."""
    market = phase_market(phase)
    status = index.accelerator(acc.id, market)
    if status.status in ("available", "unknown"):
        tier, reason = (0 if status.status == "available" else 1), Reason(f"market_{status.status}", {"market": market})
    else:  # restricted or unavailable, with the rule and the date it took effect when known
        since = "_since" if status.effective else ""
        tier = 1 if status.status == "restricted" else 2
        reason = Reason(f"market_{status.status}{since}",
                        {"market": market, "rule": status.rule, "rule_text": status.rule_text, **({"since": status.effective} if since else {})})
    reasons: tuple[Reason, ...] = (reason,)
    if rented_from[0] and tier > 0:
        tier, reasons = 0, (reason, Reason("market_rented_there", {"market": market, "provider": rented_from[0],
                                                                   "offer_id": rented_from[1]}))
    if phase.compliance.domestic_parts == "preferred" and not is_domestic(acc):
        tier = max(tier, 1)
    if acc.segment == "consumer":
        tier, reasons = max(tier, 2), (reason, Reason("consumer_board"))
    return tier, reasons


def unit_costs(catalog: Catalog, phase: Phase, r: ResolvedPhase, accelerators: list[rec.Accelerator],
               draw: WorkloadDraw) -> list[UnitCost]:
    """The price per GPU-hour of every accelerator on the phase's cost basis (see the module docstring);
    ``draw`` what sets a server's draw in the plan's own power figures (core/owned_power.py)."""
    owned = owns_hardware(phase.delivery.mode)
    index = AvailabilityIndex.of(catalog)
    out = []
    for acc in accelerators:
        server = server_for(catalog, phase, acc, r)
        kw = server_kw(server, acc)
        energy, energy_at, instance = float("nan"), None, None
        if owned:
            energy = owned_energy_per_gpu_hour(phase, acc, server, r, draw)
            price, source = _own(phase, acc, server, r, draw.load_factor, energy)
            unit = server.gpus if server is not None else 8
            energy_at = partial(owned_energy_at, phase, acc, server, r, draw)
        else:
            price, source, offer = _rent(catalog, phase, acc)
            unit = offer.gpus if offer is not None else 1
            instance = offer if offer is not None and offer.kind in INSTANCE_KINDS else None  # else a per-GPU price
        rented_from = (str(source.numbers.get("provider", "")), str(source.numbers.get("offer_id", ""))) \
            if source.key == "rent_offer" else ("", "")
        tier, market = market_tier(index, acc, phase, rented_from)
        # a rented node is its instance (1-GPU instances: no tensor parallel), an owned one the server
        node = instance.gpus if instance is not None else server.gpus if server is not None \
            else phase.hardware.gpus_per_node
        out.append(UnitCost(acc, server, price, "own" if owned else "rent", source, max(unit, 1), kw,
                            server.cooling if server is not None else "air", energy, tier=tier, market=market,
                            gpus_per_node=max(node, 1), instance=instance, energy_at=energy_at))
    return out


def cooling_ok(unit: UnitCost, phase: Phase) -> bool:
    """A liquid- or hybrid-cooled server cannot go into an air-cooled room the phase owns."""
    return not (owns_hardware(phase.delivery.mode) and phase.facility.cooling == "air" and unit.cooling in LIQUID)
