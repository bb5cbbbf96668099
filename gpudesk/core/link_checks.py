"""How the plan's NICs and switch link, said where it is not as the plan may expect.

The links run at the slower end (core/derived_servers.server_nic and port_limited), so a NIC the plan names at another
speed than the server's own, or a switch with slower ports, is a warning; a NIC and a switch of different protocols
link not at all, a blocker.
"""

from __future__ import annotations

from gpudesk.core.checks import Check
from gpudesk.core.plan_resolve import ResolvedPhase

LINK_KIND = {"infiniband": "InfiniBand", "ethernet": "Ethernet"}


def link_checks(r: ResolvedPhase) -> list[Check]:
    """The phase's link checks: a NIC and a switch of different protocols; a NIC the plan names at another speed than
    the server's own NICs (core/derived_servers.server_nic); switch ports slower than the NICs (port_limited)."""
    checks: list[Check] = []
    if r.nic is not None and r.switch is not None and r.switch.kind in ("infiniband", "ethernet") \
            and r.nic.kind != r.switch.kind:
        checks.append(Check(
            "net.nic_switch_kind_mismatch", "blocker", "network", "NIC and switch speak different protocols",
            f"{r.nic.name} is an {LINK_KIND[r.nic.kind]} adapter but {r.switch.name} is an "
            f"{LINK_KIND[r.switch.kind]} switch; they do not link, so the network figures drawn from them describe "
            "no working fabric.",
            "Choose a NIC and a switch of the same kind (InfiniBand with InfiniBand, Ethernet/RoCE with Ethernet).",
            ("net.nic_gbps", "net.switches"),
            {"nic": r.nic.name, "nic_kind": r.nic.kind, "switch": r.switch.name, "switch_kind": r.switch.kind},
        ))
    row = r.catalog_server or r.server  # the server's own NICs, as its catalog row states their protocol
    if r.nic is not None and r.instance is None and row.nics and row.nic_kind in LINK_KIND \
            and r.nic.kind in LINK_KIND and r.nic.kind != row.nic_kind:
        checks.append(Check(
            "net.fabric_unlike_server_nics", "warning", "network", "The fabric is not the server's own NICs' kind",
            f"{row.name} carries {row.nics:,} × {row.nic_gbps:g} Gb/s {LINK_KIND[row.nic_kind]} NICs, but the plan's "
            f"network is {LINK_KIND[r.nic.kind]} ({r.nic.name}): the proposal would describe a compute network the "
            "server's NICs do not join.",
            f"Set the fabric to {LINK_KIND[row.nic_kind]} in step 5 to match the server's NICs, or choose a server "
            f"whose NICs are {LINK_KIND[r.nic.kind]}.",
            ("net.nic_gbps",),
            {"server": row.name, "nics": float(row.nics), "nic_gbps": float(row.nic_gbps), "server_kind": row.nic_kind,
             "nic": r.nic.name, "nic_kind": r.nic.kind},
        ))
    if r.nic_gbps_named and r.nic is not None:
        own = float(r.catalog_server.nic_gbps if r.catalog_server is not None and r.catalog_server.nic_gbps
                    else r.nic.gbps)
        checks.append(Check(
            "net.nic_unlike_server", "warning", "network", "The named NIC is not the server's own",
            f"The plan names {r.nic.name} at {r.nic_gbps_named:g} Gb/s, but {r.server.name} carries its own back-end "
            f"NICs at {own:g} Gb/s; the network is sized and timed at {own:g} Gb/s.",
            "Choose a server whose back-end NICs run at the named speed, or name the server's own NIC.",
            ("net.nic_gbps", "net.per_gpu_bw"),
            {"nic": r.nic.name, "named_gbps": r.nic_gbps_named, "server": r.server.name, "own_gbps": own},
        ))
    if not r.nic_gbps_own or r.switch is None:
        return checks
    port = float(r.switch.port_gbps)
    return [Check(
        "net.nic_faster_than_switch", "warning", "network", "NICs faster than the switch ports",
        f"The {r.nic_gbps_own:g} Gb/s NICs plug into {r.switch.name} ports of {port:g} Gb/s, so each link runs at "
        f"{port:g} Gb/s: the bandwidth per GPU, the switch count and the training and serving times are those of "
        f"{port:g} Gb/s links.",
        f"Choose a switch with {r.nic_gbps_own:g} Gb/s ports for the NICs' full speed, or keep this switch and NICs of "
        f"its speed.", ("net.nic_gbps", "net.per_gpu_bw"),
        {"nic_gbps": r.nic_gbps_own, "port_gbps": port, "switch": r.switch.name},
    )] + checks
