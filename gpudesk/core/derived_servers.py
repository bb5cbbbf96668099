"""Server rows derived from a catalog row, or from none: what a phase runs on when the catalog's row is not it as is.

* :func:`generic_server`: a labelled N-GPU server for an accelerator no catalog server holds.
* :func:`power_limited`: a server with its GPUs capped at the plan's power limit.
* :func:`partly_populated`: a server fitted with fewer GPUs than its slots.
* :func:`instance_server`: a rented cloud instance, timed as the instance's GPUs of a server.
* :func:`fabric_server`: a server as the phase's fabric connects it (front-end NICs where there is no scale-out).
* :func:`server_nic`: the plan's NIC as the server carries it (at the speed of the server's own back-end NICs).
* :func:`port_limited`: a server's NICs and the plan's NIC as the plan's switch links them (never above its ports).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from gpudesk.catalog import records as rec
from gpudesk.core.constants import GPU_SHARE_OF_SERVER_MAX_POWER, SERVER_PLATFORM_OVERHEAD, VCPUS_PER_CORE
from gpudesk.project.model import Phase

GENERIC_PREFIX = "generic-"
T = TypeVar("T")
_KEPT: dict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = {}


def _kept(parts: tuple[Any, ...], make: Callable[[], T]) -> T:
    """The record derived from ``parts``, made once and handed out again while they are the same objects: the pass
    memos key their models on their arguments' identity (core/pass_memo.identity), and a record derived afresh on
    each resolve made every pass a miss (the bank sample's serving pass ran its replica again after a cost edit)."""
    key = tuple(id(p) for p in parts)
    held = _KEPT.get(key)
    if held is not None and all(a is b for a, b in zip(held[0], parts)):
        return held[1]  # type: ignore[no-any-return]
    if len(_KEPT) > 1024:  # plans come and go: a bound, never a leak
        _KEPT.clear()
    made = make()
    _KEPT[key] = (parts, made)
    return made


def generic_server(acc: rec.Accelerator, gpus: int) -> rec.Server:
    """A labelled, derived N-GPU server for an accelerator no catalog server holds.

    Maximum power = N × TDP / GPU_SHARE_OF_SERVER_MAX_POWER (unknown without a TDP); one 400 Gb/s
    scale-out NIC per GPU. The price is left unknown here, so the cost model estimates it from the GPU price
    (N × GPU price × (1 + SERVER_PLATFORM_OVERHEAD)) and the ledger marks it estimated, not priced.
    """
    power = gpus * acc.tdp_w / 1000.0 / GPU_SHARE_OF_SERVER_MAX_POWER.value if acc.tdp_w else None
    derived = (f"derived, not a catalog row: no catalog server holds {acc.id}; maximum power = {gpus} × TDP / "
               f"{GPU_SHARE_OF_SERVER_MAX_POWER.value:g} (constant GPU_SHARE_OF_SERVER_MAX_POWER); price estimated "
               f"from the GPU price: {gpus} × GPU price × (1 + {SERVER_PLATFORM_OVERHEAD.value:g}) (constant "
               "SERVER_PLATFORM_OVERHEAD); one 400 Gb/s NIC per GPU assumed")
    unknown = ("price_usd",) + (("power_max_kw",) if power is None else ())
    return rec.Server(
        id=f"{GENERIC_PREFIX}{acc.id}-{gpus}", name=f"Generic {gpus}-GPU server with {acc.name} (derived)",
        vendor="generic", accelerator_id=acc.id, gpus=gpus, cpu_sockets=2, nics=gpus, nic_gbps=400.0,
        pcie_gen=acc.pcie_gen, power_max_kw=power, rack_units=8.0 if gpus > 4 else 4.0,
        cooling="liquid" if (acc.tdp_w or 0) > 1000 else "air",
        scaleup_domain=min(max(acc.scaleup_domain or 1, 1), gpus), price_usd=None,
        provenance=rec.Provenance(source=derived, date=acc.provenance.date, unknown=(
            "power_idle_kw", "power_typical_kw", "weight_kg", "cpu_model", "cpu_cores_total", "ram_gb", "local_nvme_tb",
            *unknown), verified=False, notes=derived))


def power_limited(server: rec.Server, acc: rec.Accelerator, limit_w: float) -> rec.Server:
    """``server`` with its GPUs capped at ``limit_w``: maximum (and typical) power drop by N × (TDP − limit)."""
    if limit_w <= 0 or not acc.tdp_w or limit_w >= acc.tdp_w or server.power_max_kw is None:
        return server
    drop = server.gpus * (acc.tdp_w - limit_w) / 1000.0
    scale = (server.power_max_kw - drop) / server.power_max_kw
    return replace(
        server, id=f"{server.id}@{limit_w:g}W", name=f"{server.name}, GPUs capped at {limit_w:g} W",
        power_max_kw=server.power_max_kw - drop,
        power_typical_kw=None if server.power_typical_kw is None else server.power_typical_kw * scale)


def partly_populated(server: rec.Server, acc: rec.Accelerator, gpus: int) -> rec.Server:
    """``server`` fitted with ``gpus`` of its GPU slots: the same chassis, CPUs, memory and NICs.

    Maximum power drops by the TDP of each GPU left out (the catalog's other power figures by the same
    ratio); the price by the GPU's price, or is unknown when the server has a price and the GPU none.
    """
    missing = server.gpus - gpus
    scale = 1.0
    if server.power_max_kw is not None:
        drop = (missing * acc.tdp_w / 1000.0 if acc.tdp_w
                else server.power_max_kw * GPU_SHARE_OF_SERVER_MAX_POWER.value * missing / server.gpus)
        scale = (server.power_max_kw - drop) / server.power_max_kw
    price = server.price_usd
    if price is not None:
        price = price - missing * acc.price_usd if acc.price_usd is not None else None

    def scaled(value: float | None) -> float | None:
        return None if value is None else value * scale

    return replace(
        server, id=f"{server.id}@{gpus}", name=f"{server.name} fitted with {gpus} of {server.gpus} GPUs", gpus=gpus,
        power_idle_kw=scaled(server.power_idle_kw), power_typical_kw=scaled(server.power_typical_kw),
        power_max_kw=scaled(server.power_max_kw), price_usd=price,
    )


INSTANCE_ID = "cloud_offers/"
"""The id prefix of the server a rented instance is timed as (:func:`instance_server`): its offer row."""


def instance_server(server: rec.Server, acc: rec.Accelerator, instance: rec.CloudOffer) -> rec.Server:
    """The server a rented instance is: the instance's GPUs of the server's slots (a 1-GPU instance has no tensor
    parallel partner; its power and price scale as a partly populated server's), reaching other instances over
    the instance's network as the catalog's offer row gives it (one link of ``network_gbps`` per instance;
    unknown when the row does not say, never the plan's own NIC or a guessed speed)."""
    node = partly_populated(server, acc, instance.gpus) if 0 < instance.gpus < server.gpus else server
    gbps = float(instance.network_gbps or 0.0)  # CPU and RAM below: the offer's (vCPUs are threads), never the server's
    cores = int(instance.vcpus // VCPUS_PER_CORE.value) if instance.vcpus > 0 else 0
    host = {"cpu_cores_total": f"{instance.provenance.source_of('vcpus')}: {instance.vcpus} vCPUs / "
                               f"{VCPUS_PER_CORE.value:g} (constant VCPUS_PER_CORE)",
            "ram_gb": instance.provenance.source_of("ram_gb"), "gpus": instance.provenance.source_of("gpus")}
    unknown = tuple(f for f in node.provenance.unknown if f not in host) + \
        (() if cores else ("cpu_cores_total",)) + (() if instance.ram_gb > 0 else ("ram_gb",))
    cited = replace(node.provenance, unknown=unknown, field_sources={
        **node.provenance.field_sources, **host, "nic_gbps": instance.provenance.source_of("network_gbps")})
    return replace(node, id=f"{INSTANCE_ID}{instance.id}", nics=1 if gbps else 0, nic_gbps=gbps, frontend_nics=0,
                   frontend_nic_gbps=0.0, scaleup_domain=min(node.scaleup_domain, max(instance.gpus, 1)),
                   cpu_cores_total=cores, ram_gb=float(instance.ram_gb or 0.0), cpu_model="", provenance=cited)


def fabric_server(server: rec.Server, phase: Phase) -> rec.Server:
    """The server as the phase's fabric connects it: with no scale-out fabric, nodes reach each other over the
    front-end network only (its NICs replace the back-end ones). The estimate and the configuration search both
    read a server's scale-out through this and :func:`plan_nic`."""
    if phase.network.fabric == "none" and server.frontend_nics and server.frontend_nic_gbps:
        return replace(server, nics=server.frontend_nics, nic_gbps=server.frontend_nic_gbps)
    return server


def server_nic(server: rec.Server, nic: rec.Nic | None) -> rec.Nic | None:
    """The plan's NIC as the server carries it: a server row that lists its back-end NICs (DGX H100: 8 x 400 Gb/s
    ConnectX-7) links at their speed whatever adapter the plan names, as the time model reads it
    (plan_workload.scaleout_of: the server row's NICs first); the fabric, its switch and its bandwidth per GPU read the
    same. A row that lists none, or a plan NIC of its speed, as it is."""
    if nic is None or not server.nic_gbps or nic.gbps == server.nic_gbps:
        return nic
    prov = nic.provenance
    return _kept((server, nic), lambda: replace(nic, gbps=float(server.nic_gbps), provenance=replace(
        prov, field_sources={**prov.field_sources, "gbps": prov.source_of("gbps") + " (linked at the speed of "
                             f"servers/{server.id}'s own back-end NICs)"})))


def port_limited(server: rec.Server, nic: rec.Nic | None,
                 switch: rec.Switch | None) -> tuple[rec.Server, rec.Nic | None]:
    """The server's back-end NICs and the plan's NIC as the plan's switch links them: a link runs at the slower
    end's rate, so a NIC faster than the switch's ports links at the port speed (a 400 Gb/s NDR adapter in a 200 Gb/s
    HDR QM8700 runs HDR). The bandwidth per GPU, the fabric and the time model all read these. Without a switch, or
    with ports at least as fast as the NICs, as they are."""
    port = float(switch.port_gbps) if switch is not None and switch.port_gbps else 0.0
    if port <= 0 or not ((server.nic_gbps or 0.0) > port or (nic is not None and nic.gbps > port)):
        return server, nic
    return _kept((server, nic, switch), lambda: _linked_at(server, nic, switch, port))  # type: ignore[arg-type]


def _linked_at(server: rec.Server, nic: rec.Nic | None, switch: rec.Switch,
               port: float) -> tuple[rec.Server, rec.Nic | None]:
    note = f" (linked at the {port:g} Gb/s ports of switches/{switch.id})"
    if server.nic_gbps and server.nic_gbps > port:
        prov = server.provenance
        server = replace(server, nic_gbps=port, provenance=replace(prov, field_sources={
            **prov.field_sources, "nic_gbps": prov.source_of("nic_gbps") + note}))
    if nic is not None and nic.gbps > port:
        prov = nic.provenance
        nic = replace(nic, gbps=port, provenance=replace(prov, field_sources={
            **prov.field_sources, "gbps": prov.source_of("gbps") + note}))
    return server, nic
