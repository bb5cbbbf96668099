"""Find the catalog rows a phase refers to, or say plainly which one is missing.

Every lookup failure becomes a :class:`PlanInputError` naming the field
path in the plan and the catalog table, so the UI and the CLI can show
one clear line instead of a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.store import Catalog
from gpudesk.core.delivery import convert
from gpudesk.core.market import AvailabilityIndex, offer_allowed, phase_market
from gpudesk.project.model import Phase, Workload


class PlanInputError(ValueError):
    """The plan cannot be estimated as it stands; the message says why and where."""


@dataclass(frozen=True)
class FacilityValue:
    value: float
    source: str


@dataclass(frozen=True)
class ResolvedPhase:
    accelerator: rec.Accelerator
    server: rec.Server
    storage: rec.StorageOption
    nic: rec.Nic | None
    switch: rec.Switch | None
    offer: rec.CloudOffer | None
    rental_offer: rec.CloudOffer | None
    bare_metal_offer: rec.CloudOffer | None
    pue: FacilityValue
    electricity: FacilityValue
    grid_co2: FacilityValue
    rack_limit_kw: FacilityValue


def _lookup(getter, rid: str, where: str):  # type: ignore[no-untyped-def]
    try:
        return getter(rid)
    except CatalogError as exc:
        raise PlanInputError(f"{where}: {exc}") from None


def resolve_model(catalog: Catalog, workload: Workload, where: str) -> rec.ModelArch:
    if workload.custom_model:
        from gpudesk.catalog.intake import record_from_mapping

        data = {"id": "custom", "name": "custom model", **workload.custom_model}
        try:
            record, problems = record_from_mapping("models", data, f"{where}.custom_model", user_row=True)
        except (CatalogError, ValueError, TypeError) as exc:
            raise PlanInputError(f"{where}.custom_model: {exc}") from None
        if record is None:
            raise PlanInputError(f"{where}.custom_model: " + "; ".join(f"{p.field}: {p.reason}" if p.field else p.reason
                                                                       for p in problems))
        return record
    return _lookup(catalog.model, workload.model_id, f"{where}.model_id")


def _server_for(catalog: Catalog, phase: Phase, acc: rec.Accelerator, where: str) -> rec.Server:
    if phase.hardware.server_id:
        server = _lookup(catalog.server, phase.hardware.server_id, f"{where}.hardware.server_id")
        if server.accelerator_id != acc.id:
            raise PlanInputError(
                f"{where}.hardware.server_id: server {server.id} holds {server.accelerator_id}, "
                f"not the chosen accelerator {acc.id}; pick a matching server or clear the field"
            )
        return server
    matches = [s for s in catalog.servers() if s.accelerator_id == acc.id]
    if not matches:
        raise PlanInputError(
            f"{where}.hardware.accelerator_id: no server in the catalog holds {acc.id}; "
            "add one in the catalog browser or choose another accelerator"
        )
    wanted = phase.hardware.gpus_per_node
    index, market = AvailabilityIndex(catalog), phase_market(phase)
    return min(matches, key=lambda s: (index.server(s.id, market).status == "unavailable", s.gpus != wanted,
                                       s.is_rack, abs(s.gpus - wanted), s.id))


def _offer_for(catalog: Catalog, acc_id: str, kinds: tuple[str, ...], cny_per_usd: float, chosen: str = "",
               market: str = "global", in_country: bool = False) -> rec.CloudOffer | None:
    """The chosen offer, else the cheapest priced offer of these kinds that the plan's market allows."""
    if chosen:
        return catalog.cloud_offer(chosen)
    offers = [o for o in catalog.cloud_offers() if o.accelerator_id == acc_id and o.kind in kinds
              and o.on_demand_per_hour is not None and offer_allowed(o, market, in_country)]
    if not offers:
        return None
    return min(offers, key=lambda o: (o.on_demand_per_hour / max(o.gpus, 1) / (cny_per_usd if o.currency == "CNY" else 1.0), o.id))


def _facility(catalog: Catalog, kind: str, region: str, override: float, unset: float, where: str,
              phase: Phase) -> FacilityValue:
    if override != unset:
        return FacilityValue(override, f"user input ({where})")
    try:
        row = catalog.facility_default(kind, region)
    except CatalogError as exc:
        raise PlanInputError(f"{where}: {exc}; enter the value for this plan") from None
    value, note = row.value, ""
    money = row.unit.split("/")[0] if "/" in row.unit else ""
    target = phase.costs.currency
    if money in ("USD", "CNY") and money != target:
        value = float(convert(row.value, money, target, phase.costs.cny_per_usd))
        note = f", {row.value:g} {row.unit} at {phase.costs.cny_per_usd:g} CNY/USD"
    return FacilityValue(value, f"catalog facility_defaults/{row.id}: {row.provenance.source} ({row.provenance.date}{note})")


def resolve_phase(catalog: Catalog, phase: Phase, where: str) -> ResolvedPhase:
    acc = _lookup(catalog.accelerator, phase.hardware.accelerator_id, f"{where}.hardware.accelerator_id")
    server = _server_for(catalog, phase, acc, where)
    storage = _lookup(catalog.storage_option, phase.storage.option_id, f"{where}.storage.option_id")
    nic = _lookup(catalog.nic, phase.network.nic_id, f"{where}.network.nic_id") if phase.network.nic_id else _default_nic(catalog, server, phase)
    rate = phase.costs.cny_per_usd
    switch = (_lookup(catalog.switch, phase.network.switch_id, f"{where}.network.switch_id")
              if phase.network.switch_id else _default_switch(catalog, nic, phase))
    market, in_country = phase_market(phase), phase.compliance.data_residency == "in_country"
    try:
        offer = _offer_for(catalog, acc.id, ("hyperscaler", "gpu-cloud", "china-cloud"), rate, phase.delivery.cloud_offer_id,
                           market, in_country)
    except CatalogError as exc:
        raise PlanInputError(f"{where}.delivery.cloud_offer_id: {exc}") from None
    rental = _offer_for(catalog, acc.id, ("rental", "gpu-cloud"), rate, market=market, in_country=in_country)
    f = phase.facility
    cooling = f.cooling if not server.cooling == "liquid" else "liquid"
    return ResolvedPhase(
        accelerator=acc, server=server, storage=storage, nic=nic, switch=switch,
        offer=offer, rental_offer=rental, bare_metal_offer=None,
        pue=_facility(catalog, "pue", cooling, f.pue, 0.0, f"{where}.facility.pue", phase),
        electricity=_facility(catalog, "electricity", f.region, f.electricity_per_kwh, 0.0,
                              f"{where}.facility.electricity_per_kwh", phase),
        grid_co2=_facility(catalog, "grid_co2", f.region, f.grid_co2_kg_per_kwh, -1.0,
                           f"{where}.facility.grid_co2_kg_per_kwh", phase),
        rack_limit_kw=_facility(catalog, "rack_power", cooling, f.rack_power_limit_kw, 0.0,
                                f"{where}.facility.rack_power_limit_kw", phase),
    )


def _default_nic(catalog: Catalog, server: rec.Server, phase: Phase) -> rec.Nic | None:
    if phase.network.fabric == "none":
        return None
    kind = "infiniband" if phase.network.fabric == "infiniband" else "ethernet"
    nics = [n for n in catalog.nics() if n.kind == kind]
    if not nics:
        return None
    target = server.nic_gbps or 400
    return min(nics, key=lambda n: (abs(n.gbps - target), n.price_usd is None, n.id))


def _default_switch(catalog: Catalog, nic: rec.Nic | None, phase: Phase) -> rec.Switch | None:
    if nic is None:
        return None
    kind = "infiniband" if phase.network.fabric == "infiniband" else "ethernet"
    switches = [s for s in catalog.switches() if s.kind == kind]
    if not switches:
        return None
    return min(switches, key=lambda s: (s.port_gbps < nic.gbps, abs(s.port_gbps - nic.gbps), -s.ports, s.id))
