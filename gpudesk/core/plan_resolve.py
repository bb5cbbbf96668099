"""Find the catalog rows a phase refers to, or say plainly which one is missing.

Every lookup failure becomes a :class:`PlanInputError` naming the field
path in the plan and the catalog table, so the UI and the CLI can show
one clear line instead of a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.store import Catalog
from gpudesk.core.delivery import convert
from gpudesk.core.derived_servers import (
    fabric_server,
    generic_server,
    instance_server,
    partly_populated,
    port_limited,
    power_limited,
    server_nic,
)
from gpudesk.core.market import AvailabilityIndex, offer_allowed, phase_market
from gpudesk.project.errors import printable
from gpudesk.project.model import Phase, Workload
from gpudesk.refusals import ListedReasons, PartName, Refusal, cause_of, refusal
from gpudesk.vocabulary.delivery import DELIVERY_MODE

T = TypeVar("T")


class PlanInputError(ValueError):
    """The plan cannot be estimated as it stands; the message says why and where, on one line (``refusal``: its key
    and values, the plan field as ``field``, for the wording in other languages and by the form's labels)."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(printable(str(reason), 600))  # it may quote the plan's own text (an id, a key)
        self.refusal = reason


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
    catalog_server: rec.Server | None = None  # the catalog row when ``server`` is it partly populated
    cpu_offer: rec.CloudOffer | None = None  # CPU virtual machines (agent hosting): chosen, else the cheapest
    chosen_offer_has_no_gpus: bool = False  # delivery.cloud_offer_id names a CPU-only offer
    nic_gbps_own: float = 0.0  # the NICs' own speed where the switch's ports are slower (derived_servers.port_limited)
    nic_gbps_named: float = 0.0  # the plan's NIC's speed where the server's own NICs run at another (server_nic)
    chosen_offer_name: str = ""  # that CPU-only offer as the catalog names it ("Aliyun ecs.g7.xlarge"), for checks
    instance: rec.CloudOffer | None = None  # a rented phase's node: the instance it rents (``server`` is it)
    instance_host: rec.Server | None = None  # the server that instance is cut from, where ``server`` holds fewer GPUs

    def node_gpus(self, phase: Phase) -> int:
        """GPUs in one node as the estimate lays a workload out: a rack system's; a rented instance's (they alone
        share its scale-up links, other instances are reached over its network); else the plan's."""
        if self.server.is_rack:
            return self.server.gpus
        return self.instance.gpus if self.instance is not None else phase.hardware.gpus_per_node

    def timed(self) -> tuple[rec.Server, rec.Nic | None]:
        """The server and NIC a workload is timed on: a rented phase's instance and the instance's network (never
        the plan's own NIC: the provider's network is the offer's); else the plan's server and NIC. ``server`` and
        ``nic`` stay the plan's own for what owning it would take (alt.*)."""
        if self.instance is None:
            return self.server, self.nic
        return instance_server(self.instance_host or self.server, self.accelerator, self.instance), None

    def rented_offer(self, priced_as: str) -> rec.CloudOffer | None:
        """The offer a rented mode (its ``priced_as``) rents, as its cost ledger bills it: GPU rental and bare
        metal their own offers, the cloud modes the cloud offer."""
        return {"gpu_rental": self.rental_offer, "bare_metal": self.bare_metal_offer}.get(priced_as, self.offer)


def _lookup(getter: Callable[[str], T], rid: str, where: str) -> T:
    """A catalog row by id; a missing one becomes a PlanInputError naming the plan field."""
    try:
        return getter(rid)
    except CatalogError as exc:
        raise PlanInputError(refusal("input.catalog", field=where, cause=cause_of(exc))) from None


FINETUNE_KINDS = ("finetune_full", "finetune_lora", "finetune_qlora")


def check_context(model: rec.ModelArch, workload: Workload, where: str) -> None:
    """Token counts the model's context cannot hold: the declared bound that needs the model to check."""
    ctx = int(model.max_context or 0)
    if ctx <= 0:
        return  # context unknown: nothing to check against
    name = refusal("input.model_context", model=model.name, context=ctx)
    if workload.kind == "llm_inference":
        prompt, output = workload.prompt_tokens, workload.output_tokens
        if prompt >= ctx:
            raise PlanInputError(refusal("input.prompt_too_long", field=f"{where}.prompt_tokens", prompt=prompt,
                                         model=name, most=ctx - 1))
        if prompt + output > ctx:
            raise PlanInputError(refusal("input.output_too_long", field=f"{where}.output_tokens", output=output,
                                         prompt=prompt, model=name, most=ctx - prompt))
    elif workload.kind in FINETUNE_KINDS and workload.seq_len > ctx:
        raise PlanInputError(refusal("input.seq_too_long", field=f"{where}.seq_len", seq=workload.seq_len, model=name,
                                     most=ctx))


def resolve_model(catalog: Catalog, workload: Workload, where: str) -> rec.ModelArch:
    model = _resolve_model(catalog, workload, where)
    check_context(model, workload, where)
    return model


def _resolve_model(catalog: Catalog, workload: Workload, where: str) -> rec.ModelArch:
    if workload.custom_model:
        from gpudesk.catalog.intake import record_from_mapping

        data = {"id": "custom", "name": "custom model", **workload.custom_model}
        try:
            record, problems = record_from_mapping("models", data, f"{where}.custom_model", user_row=True)
        except (CatalogError, ValueError, TypeError) as exc:
            raise PlanInputError(refusal("input.catalog", field=f"{where}.custom_model", cause=cause_of(exc))) from None
        if record is None:
            listed = tuple(refusal("input.custom_model_problem", name=p.field, reason=p.why, column=p.field)
                           if p.field else p.why for p in problems)
            raise PlanInputError(refusal("input.custom_model", field=f"{where}.custom_model",
                                         problems=ListedReasons(listed)))
        return cast("rec.ModelArch", record)  # a "models" mapping gives a ModelArch
    return _lookup(catalog.model, workload.model_id, f"{where}.model_id")


def _server_for(catalog: Catalog, phase: Phase, acc: rec.Accelerator, where: str) -> rec.Server:
    if phase.hardware.server_id:
        server = _lookup(catalog.server, phase.hardware.server_id, f"{where}.hardware.server_id")
        if server.gpus <= 0:
            raise PlanInputError(refusal("input.server_no_gpus", field=f"{where}.hardware.server_id",
                                         server=part_named(server), gpus=server.gpus))
        if server.accelerator_id != acc.id:
            held = next((a for a in catalog.accelerators() if a.id == server.accelerator_id), None)
            raise PlanInputError(refusal("input.server_other_accelerator", field=f"{where}.hardware.server_id",
                                         server=part_named(server, held), accelerator=part_named(acc),
                                         holds=part_named(held) if held is not None else server.accelerator_id))
        return server
    matches = [s for s in catalog.servers() if s.accelerator_id == acc.id and s.gpus > 0]
    if not matches:
        return generic_server(acc, phase.hardware.gpus_per_node)
    wanted = phase.hardware.gpus_per_node
    index, market = AvailabilityIndex.of(catalog), phase_market(phase)
    return min(matches, key=lambda s: (index.server(s.id, market).status == "unavailable", s.gpus != wanted,
                                       s.is_rack, s.gpus < wanted, abs(s.gpus - wanted), s.id))


CLOUD_OFFER_KINDS = ("hyperscaler", "gpu-cloud", "china-cloud")  # what the cloud modes rent (ResolvedPhase.offer)
RENTAL_OFFER_KINDS = ("rental", "gpu-cloud")  # what GPU rental rents (ResolvedPhase.rental_offer)


def offer_kinds(priced_as: str) -> tuple[str, ...]:
    """The catalog offer kinds a rented mode (its ``priced_as``) is priced from, as the cost ledger reads them
    (core/ledger_build._rented_lines): GPU rental its rental offers, bare metal none in the catalog, the cloud modes
    the cloud offers. The search ranks on the same offers, or a part would rank at a price its ledger never pays."""
    return {"gpu_rental": RENTAL_OFFER_KINDS, "bare_metal": ()}.get(priced_as, CLOUD_OFFER_KINDS)


def _offer_for(catalog: Catalog, acc_id: str, kinds: tuple[str, ...], cny_per_usd: float, chosen: str = "",
               market: str = "global", in_country: bool = False) -> rec.CloudOffer | None:
    """The chosen offer, else the cheapest priced offer of these kinds that the plan's market allows."""
    if chosen:
        return catalog.cloud_offer(chosen)
    priced = [(o, o.on_demand_per_hour) for o in catalog.cloud_offers() if o.accelerator_id == acc_id and o.kind in kinds
              and o.on_demand_per_hour is not None and offer_allowed(o, market, in_country)]
    if not priced:
        return None
    return min(priced, key=lambda p: (p[1] / max(p[0].gpus, 1) / (cny_per_usd if p[0].currency == "CNY" else 1.0),
                                      p[0].id))[0]


def _per_vcpu_hour(offer: rec.CloudOffer, cny_per_usd: float) -> float:
    """USD per vCPU-hour on demand (an offer without an on-demand price sorts last)."""
    if offer.on_demand_per_hour is None:
        return float("inf")
    return offer.on_demand_per_hour / offer.vcpus / (cny_per_usd if offer.currency == "CNY" else 1.0)


def _cpu_offer(catalog: Catalog, chosen: rec.CloudOffer | None, cny_per_usd: float, market: str = "global",
               in_country: bool = False) -> rec.CloudOffer | None:
    """The CPU-only offer that prices agent VMs: the plan's own choice, else the cheapest per vCPU-hour that the
    plan's market allows."""
    if chosen is not None and chosen.gpus <= 0:
        return chosen if chosen.vcpus > 0 and chosen.on_demand_per_hour is not None else None
    offers = [o for o in catalog.cloud_offers() if o.gpus <= 0 and o.vcpus > 0 and o.on_demand_per_hour is not None
              and offer_allowed(o, market, in_country)]
    return min(offers, key=lambda o: (_per_vcpu_hour(o, cny_per_usd), o.id)) if offers else None


def _facility(catalog: Catalog, kind: str, region: str, override: float, unset: float, where: str,
              phase: Phase) -> FacilityValue:
    if override != unset:
        return FacilityValue(override, f"user input ({where})")
    try:
        row = catalog.facility_default(kind, region)
    except CatalogError as exc:
        raise PlanInputError(refusal("input.catalog_enter", field=where, cause=cause_of(exc))) from None
    value, note = row.value, ""
    money = row.unit.split("/")[0] if "/" in row.unit else ""
    target = phase.costs.currency
    if money in ("USD", "CNY") and money != target:
        value = float(convert(row.value, money, target, phase.costs.cny_per_usd))
        note = f", {row.value:g} {row.unit} at {phase.costs.cny_per_usd:g} CNY/USD"
    return FacilityValue(value, f"catalog facility_defaults/{row.id}: {row.provenance.source} ({row.provenance.date}{note})")


def _refuse_node_beyond_server(row: rec.Server, acc: rec.Accelerator, wanted: int, chosen: bool, where: str) -> None:
    """A node of more GPUs than the server holds: 36 GPUs per node on the catalog's 8-GPU RTX 4090 server counted 4
    nodes of 36 GPUs in 18 servers of 8, and its host figures (cores, pinned memory) per 8-GPU server beside the
    36-GPU node (fuzz-26); the default 8 on the RTX PRO 6000's 4-slot server read 2 nodes in 4 servers."""
    named, server = part_named(acc), part_named(row, acc)
    if chosen:
        raise PlanInputError(refusal("input.node_exceeds_server", field=f"{where}.hardware.gpus_per_node",
                                     per_node=wanted, server=server, slots=row.gpus))
    raise PlanInputError(refusal("input.node_exceeds_servers", field=f"{where}.hardware.gpus_per_node",
                                 per_node=wanted, accelerator=named, server=server, slots=row.gpus))


def part_named(row: rec.Accelerator | rec.Server, accelerator: rec.Accelerator | None = None) -> PartName:
    """An accelerator, or a server holding ``accelerator``, as a refusal names it in the reader's language."""
    if isinstance(row, rec.Server):
        return PartName(row.name, row.name_zh, row.vendor, row.gpus,
                        part_named(accelerator) if accelerator is not None else None)
    return PartName(row.name, row.name_zh)


def resolve_phase(catalog: Catalog, phase: Phase, where: str) -> ResolvedPhase:
    acc = _lookup(catalog.accelerator, phase.hardware.accelerator_id, f"{where}.hardware.accelerator_id")
    row = _server_for(catalog, phase, acc, where)
    server, wanted = row, phase.hardware.gpus_per_node
    if not row.is_rack and wanted > row.gpus:  # the plan's node is one server: it cannot hold more than its slots
        _refuse_node_beyond_server(row, acc, wanted, bool(phase.hardware.server_id), where)
    if not row.is_rack and 0 < wanted < row.gpus:  # the plan's node holds fewer GPUs than any catalog server
        server = partly_populated(row, acc, wanted)
    server = power_limited(server, acc, phase.hardware.gpu_power_limit_w)
    server = fabric_server(server, phase)
    storage = _lookup(catalog.storage_option, phase.storage.option_id, f"{where}.storage.option_id")
    rate = phase.costs.cny_per_usd
    market, in_country = phase_market(phase), phase.compliance.data_residency == "in_country"
    try:
        offer = _offer_for(catalog, acc.id, CLOUD_OFFER_KINDS, rate, phase.delivery.cloud_offer_id, market, in_country)
    except CatalogError as exc:
        raise PlanInputError(refusal("input.catalog", field=f"{where}.delivery.cloud_offer_id",
                                     cause=cause_of(exc))) from None
    cpu_only = offer is not None and offer.gpus <= 0  # a CPU VM prices the agents' vCPUs, never GPUs
    cpu_offer = _cpu_offer(catalog, offer if cpu_only else None, rate, market, in_country)
    chosen_name = f"{offer.provider} {offer.instance}" if offer is not None and cpu_only else ""
    if cpu_only:
        offer = _offer_for(catalog, acc.id, CLOUD_OFFER_KINDS, rate, market=market, in_country=in_country)
    rental = _offer_for(catalog, acc.id, RENTAL_OFFER_KINDS, rate, market=market, in_country=in_country)
    instance = rented_instance(phase, offer, rental) if not row.is_rack else None
    host = None
    if instance is not None and instance.gpus > server.gpus:
        # the plan's node is smaller than the instance it rents (256 nodes × 1 GPU on spot, billed as 32 p5e instances
        # of 8 H200s): the instance is cut from a whole server, never from the plan's 1-GPU one (host cores and RAM
        # for one GPU beside the instance's eight, fuzz-26)
        whole = row if row.gpus >= instance.gpus else generic_server(acc, instance.gpus)
        host = fabric_server(power_limited(whole, acc, phase.hardware.gpu_power_limit_w), phase)
    nic = plan_nic(catalog, server, phase, where)
    named = nic.gbps if phase.network.nic_id and nic is not None and server.nic_gbps and nic.gbps != server.nic_gbps \
        else 0.0  # a NIC the plan names (a default one is taken at the server's speed, nothing to say)
    nic = server_nic(server, nic)
    switch = plan_switch(catalog, nic, phase, where)
    own = max(server.nic_gbps or 0.0, nic.gbps if nic is not None else 0.0)
    server, nic = port_limited(server, nic, switch)
    f = phase.facility
    # the site's defaults follow the cooling the plan states for the site, never the server's: a liquid-cooled server
    # in an air-cooled room is the room's blocker (power.needs_liquid_cooling), not a reason to price a liquid room
    cooling = f.cooling
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
        catalog_server=row, cpu_offer=cpu_offer, chosen_offer_has_no_gpus=cpu_only, chosen_offer_name=chosen_name,
        instance=instance, instance_host=host,
        nic_gbps_own=own if switch is not None and own > switch.port_gbps > 0 else 0.0,
        nic_gbps_named=named,
    )


INSTANCE_KINDS = ("hyperscaler", "china-cloud")
"""Offer kinds whose rows are instance shapes, a virtual machine of the row's ``gpus`` (g6.xlarge: one L4;
p4d.24xlarge: eight A100): the phase's nodes. A ``gpu-cloud`` or ``rental`` row prices one GPU of the provider's
own node ('H100 SXM (per GPU)'), which stays timed as the plan's server (docs/catalog.md)."""


def rented_instance(phase: Phase, offer: rec.CloudOffer | None,
                    rental: rec.CloudOffer | None) -> rec.CloudOffer | None:
    """The instance a rented phase rents, as its ledger bills it (``ResolvedPhase.rented_offer``): None when the
    phase owns its servers or no offer with GPUs is found."""
    mode = phase.delivery.mode
    if DELIVERY_MODE.term(mode).owns_hardware:
        return None
    chosen = {"gpu_rental": rental, "bare_metal": None}.get(str(DELIVERY_MODE.term(mode).priced_as), offer)
    # an offer of another part (delivery.offer_mismatch says so) is not what the plan's GPUs run on
    return chosen if chosen is not None and chosen.gpus > 0 and chosen.accelerator_id == phase.hardware.accelerator_id \
        and chosen.kind in INSTANCE_KINDS else None


def plan_nic(catalog: Catalog, server: rec.Server, phase: Phase, where: str) -> rec.Nic | None:
    """The phase's NIC: the one it names, else the catalog NIC of its fabric closest to the server's speed."""
    if phase.network.nic_id:
        return _lookup(catalog.nic, phase.network.nic_id, f"{where}.network.nic_id")
    return _default_nic(catalog, server, phase)


def _default_nic(catalog: Catalog, server: rec.Server, phase: Phase) -> rec.Nic | None:
    if phase.network.fabric == "none":
        return None
    kind = "infiniband" if phase.network.fabric == "infiniband" else "ethernet"
    nics = [n for n in catalog.nics() if n.kind == kind]
    if not nics:
        return None
    target = server.nic_gbps or 400
    return min(nics, key=lambda n: (abs(n.gbps - target), n.price_usd is None, n.id))


def plan_switch(catalog: Catalog, nic: rec.Nic | None, phase: Phase, where: str) -> rec.Switch | None:
    """The phase's switch: the one it names, else the catalog switch of its fabric that best matches the NIC."""
    if phase.network.switch_id:
        return _lookup(catalog.switch, phase.network.switch_id, f"{where}.network.switch_id")
    return _default_switch(catalog, nic, phase)


def _default_switch(catalog: Catalog, nic: rec.Nic | None, phase: Phase) -> rec.Switch | None:
    if nic is None:
        return None
    kind = "infiniband" if phase.network.fabric == "infiniband" else "ethernet"
    switches = [s for s in catalog.switches() if s.kind == kind]
    if not switches:
        return None
    return min(switches, key=lambda s: (s.port_gbps < nic.gbps, abs(s.port_gbps - nic.gbps), -s.ports, s.id))
