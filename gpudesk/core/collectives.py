"""Collective communication times over the link each parallel dimension crosses.

Bandwidth terms follow the ring algorithms NCCL/RCCL use (Patarasuk & Yuan
2009; NCCL ``doc/PERFORMANCE.md`` bus-bandwidth definitions):

* all-reduce:      2·(n−1)/n · S / B_bus
* all-gather / reduce-scatter: (n−1)/n · S / B_bus   (S = the gathered buffer)
* all-to-all:      each rank sends (n−1)/n · S; the part to ranks in its own
  scale-up domain goes over the scale-up link, the rest over its NIC, the
  two in parallel
* point-to-point:  S / B_link

Latency follows NCCL's own model (``src/graph/tuning.cc``): a base latency
plus one hop latency per algorithm step, NVLink/PCIe steps inside the
domain and network steps between domains.

The bus bandwidth of a group that spans several scale-up domains is the
smaller of the scale-up bandwidth and (NIC bandwidth per GPU × members of
the group inside one domain): with one NIC per GPU, NCCL rings run one
channel per NIC, so a group with k members per node uses k NICs per node
(measured: 4-node B200 all-reduce reaches ~0.95 × 8 × 400 Gb/s per node).
Bandwidths passed in are already multiplied by their measured efficiency.
A family whose measured bus efficiency exceeds 1 (Hopper: NVLink SHARP
reduces inside the NVSwitch) gets it for all-reduce only; every other
collective and point-to-point transfer moves each byte over the link and is
capped at SCALEUP_RING_BUSBW_CAP of the link rate.

A full-mesh scale-up link (no switch: MI300X XGMI, Gaudi RoCE, Ascend 910B
HCCS) joins each GPU to each peer of its node by its own link of
scaleup_bw / links. A ring or all-to-all over k ranks of one node runs over
the k − 1 links among them (RCCL/HCCL run one ring per link order), so its
per-rank bandwidth is min(k − 1, links) × the link rate, and a point-to-point
transfer has one link (:func:`mesh_share`). A switched link gives every group
the whole per-GPU bandwidth.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gpudesk.core.arrays import broadcast_shape
from gpudesk.core.constants import (
    NCCL_BASE_LATENCY_S,
    NCCL_HOP_LATENCY_S,
    NCCL_LL_ALLREDUCE_BW_SHARE,
    NCCL_SIMPLE_BASE_LATENCY_S,
    NCCL_SIMPLE_HOP_LATENCY_S,
    SCALEUP_RING_BUSBW_CAP,
)
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays

OPS = ("all_reduce", "all_gather", "reduce_scatter", "all_to_all", "p2p")
RING_OPS = ("all_reduce", "all_gather", "reduce_scatter")


@dataclass(frozen=True)
class Links:
    """Effective link figures per candidate (bandwidth × measured bus efficiency)."""

    scaleup_bw: np.ndarray  # B/s per GPU inside the scale-up domain (no in-switch reduction)
    scaleout_bw: np.ndarray  # B/s per GPU between domains
    scaleup_domain: np.ndarray  # GPUs per scale-up domain
    scaleup_hop_s: np.ndarray  # s per algorithm step inside the domain
    net_hop_s: float  # s per algorithm step between domains
    base_s: float  # s per collective call
    scaleup_reduce_bw: np.ndarray | None = None  # all-reduce inside the domain (in-switch reduction); None = scaleup_bw
    # Simple protocol (large buffers: gradient buckets): s per call, per step inside the domain, per step between
    simple_base_s: float = NCCL_SIMPLE_BASE_LATENCY_S.value
    simple_scaleup_hop_s: np.ndarray | float = NCCL_SIMPLE_HOP_LATENCY_S["scaleup"].value
    simple_net_hop_s: float = NCCL_SIMPLE_HOP_LATENCY_S["net"].value
    mesh_links: np.ndarray | float = 0.0  # peer links per GPU of a full-mesh scale-up link; 0 = switched

    @classmethod
    def from_hardware(cls, hw: HardwareArrays, eff: Efficiencies) -> Links:
        hop = np.where(hw.scaleup_is_pcie, NCCL_HOP_LATENCY_S["pcie"].value, NCCL_HOP_LATENCY_S["scaleup"].value)
        return cls(
            scaleup_reduce_bw=hw.scaleup_bw * eff.scaleup_busbw,
            scaleup_bw=hw.scaleup_bw * np.minimum(eff.scaleup_busbw, SCALEUP_RING_BUSBW_CAP.value),
            scaleout_bw=hw.scaleout_bw * eff.scaleout_busbw,
            scaleup_domain=hw.scaleup_domain,
            scaleup_hop_s=hop,
            net_hop_s=NCCL_HOP_LATENCY_S["net"].value,
            base_s=NCCL_BASE_LATENCY_S.value,
            simple_scaleup_hop_s=np.where(hw.scaleup_is_pcie, NCCL_SIMPLE_HOP_LATENCY_S["pcie"].value,
                                          NCCL_SIMPLE_HOP_LATENCY_S["scaleup"].value),
            mesh_links=hw.scaleup_mesh_links,
        )


def mesh_share(members: np.ndarray, mesh_links: np.ndarray | float) -> np.ndarray:
    """Share of the per-GPU scale-up bandwidth a group with ``members`` ranks in one node reaches: on a full mesh
    of ``mesh_links`` peer links, min(members − 1, links) / links (one link for a pair); 1 on a switched link."""
    links = np.asarray(mesh_links, dtype=np.float64)
    if not (links > 0.0).any():
        return np.ones(np.shape(members))
    peers = np.maximum(np.asarray(members, dtype=np.float64) - 1.0, 1.0)
    return np.where(links > 0.0, np.minimum(peers, np.maximum(links, 1.0)) / np.maximum(links, 1.0), 1.0)


def local_members(group: np.ndarray, stride: np.ndarray, domain: np.ndarray) -> np.ndarray:
    """Members of a parallel group that share one scale-up domain.

    Ranks are laid out with the group's members ``stride`` apart (tensor
    parallel innermost, stride 1). A domain of ``domain`` GPUs holds
    ⌊domain / stride⌋ of them, at least 1 and at most the whole group.
    """
    g = np.asarray(group, dtype=np.float64)
    per_domain = np.floor(np.asarray(domain, dtype=np.float64) / np.maximum(np.asarray(stride, dtype=np.float64), 1.0))
    return np.minimum(np.maximum(per_domain, 1.0), np.maximum(g, 1.0))  # np.clip's answer, without its wrapper


def bus_bandwidth(group: np.ndarray, local: np.ndarray, links: Links, reduce: bool = False) -> np.ndarray:
    """Bus bandwidth of a group: scale-up inside one domain, else limited by the NICs in use.

    ``reduce``: an all-reduce, which an in-switch reduction (NVLink SHARP) speeds up inside one domain.
    """
    spans = np.asarray(group) > np.asarray(local)
    share = mesh_share(local, links.mesh_links)
    inside = links.scaleup_reduce_bw if reduce and links.scaleup_reduce_bw is not None else links.scaleup_bw
    across = np.minimum(links.scaleup_bw * share, links.scaleout_bw * np.asarray(local, dtype=np.float64))
    return np.asarray(np.where(spans, across, inside * share))


def _link_shapes(links: Links) -> list[tuple[int, ...]]:
    shapes = [np.shape(links.scaleup_bw), np.shape(links.scaleout_bw), np.shape(links.scaleup_hop_s)]
    return shapes + ([np.shape(links.scaleup_reduce_bw)] if links.scaleup_reduce_bw is not None else [])


def _latency(steps: np.ndarray, inter_steps: np.ndarray, links: Links) -> np.ndarray:
    return np.asarray(links.base_s + (steps - inter_steps) * links.scaleup_hop_s + inter_steps * links.net_hop_s)


def _ring_time_flat(reduce: bool, size: np.ndarray, n: np.ndarray, loc: np.ndarray, links: Links) -> np.ndarray:
    """``collective_time`` of a ring all-reduce (``reduce``) or all-gather / reduce-scatter over flat arrays of one
    length (a list of configurations): the same operations in the same order, so the same bits, written into three
    buffers instead of ~20 temporaries (each a fresh block of memory the system hands over page by page)."""
    bw, t, lat = np.empty_like(n), np.empty_like(n), np.empty_like(n)
    # bus_bandwidth: where(n > loc, min(scale-up, scale-out × loc), inside)
    inside = links.scaleup_reduce_bw if reduce and links.scaleup_reduce_bw is not None else links.scaleup_bw
    up = links.scaleup_bw
    if (np.asarray(links.mesh_links) > 0.0).any():  # a full mesh: the group's own links in its node
        share = mesh_share(loc, links.mesh_links)
        inside, up = inside * share, up * share
    np.multiply(links.scaleout_bw, loc, out=bw)
    np.minimum(up, bw, out=bw)
    np.copyto(bw, inside, where=~np.greater(n, loc))
    np.subtract(n, 1.0, out=lat)  # the algorithm's steps: 2(n-1) for all-reduce, n-1 otherwise
    if reduce:
        np.multiply(2.0, lat, out=lat)
    np.divide(lat, n, out=t)
    np.multiply(t, size, out=t)
    np.divide(t, bw, out=t)  # [2·](n-1)/n · S / B
    np.divide(n, loc, out=bw)  # the domains' steps: [2·](ceil(n / loc) - 1)
    np.ceil(bw, out=bw)
    np.subtract(bw, 1.0, out=bw)
    if reduce:
        np.multiply(2.0, bw, out=bw)
    np.subtract(lat, bw, out=lat)  # _latency: base + (steps - inter) · hop + inter · net hop
    np.multiply(lat, links.scaleup_hop_s, out=lat)
    np.add(links.base_s, lat, out=lat)
    np.multiply(bw, links.net_hop_s, out=bw)
    np.add(lat, bw, out=lat)
    np.add(t, lat, out=t)
    np.copyto(t, 0.0, where=~np.greater(n, 1.0))
    return t


def collective_time(op: str, size_bytes: np.ndarray, group: np.ndarray, local: np.ndarray,
                    links: Links) -> np.ndarray:
    """Seconds for one collective of ``size_bytes`` over ``group`` ranks (0 when the group is 1)."""
    n = np.maximum(np.asarray(group, dtype=np.float64), 1.0)
    loc = np.minimum(np.asarray(local, dtype=np.float64), n)
    size = np.asarray(size_bytes, dtype=np.float64)
    shape = broadcast_shape(n.shape, loc.shape, size.shape, *_link_shapes(links))
    several = n > 1.0
    if op in OPS and not (several.any() if several.ndim else several):  # no candidate communicates (e.g. no CP, EP)
        return np.zeros(shape)
    if op in RING_OPS and n.shape == loc.shape == size.shape == shape and n.ndim == 1:
        return _ring_time_flat(op == "all_reduce", size, n, loc, links)
    domains = np.ceil(n / loc)
    if op == "all_reduce":
        bw = bus_bandwidth(n, loc, links, reduce=True)
        t = 2.0 * (n - 1.0) / n * size / bw + _latency(2.0 * (n - 1.0), 2.0 * (domains - 1.0), links)
    elif op in ("all_gather", "reduce_scatter"):
        bw = bus_bandwidth(n, loc, links)
        t = (n - 1.0) / n * size / bw + _latency(n - 1.0, domains - 1.0, links)
    elif op == "all_to_all":
        intra = (loc - 1.0) / n * size / (links.scaleup_bw * mesh_share(loc, links.mesh_links))
        inter = (n - loc) / n * size / links.scaleout_bw
        t = np.maximum(intra, inter) + _latency(n - 1.0, domains - 1.0, links)
    elif op == "p2p":
        crosses = n > loc
        bw = np.where(crosses, links.scaleout_bw, links.scaleup_bw * mesh_share(np.full(np.shape(n), 2.0),
                                                                                 links.mesh_links))
        hop = np.where(crosses, links.net_hop_s, links.scaleup_hop_s)
        t = size / bw + links.base_s + hop
    else:
        raise ValueError(f"unknown collective {op!r}; known: {', '.join(OPS)}")
    return np.where(n > 1.0, t, 0.0)


def reduce_volume_time(size_bytes: np.ndarray, group: np.ndarray, local: np.ndarray, links: Links) -> np.ndarray:
    """Seconds an all-reduce of ``size_bytes`` spends moving bytes at the ring's bus bandwidth, without its latency
    (a gradient reduce pays its latency per bucket: :func:`bucket_steps_latency`)."""
    n = np.maximum(np.asarray(group, dtype=np.float64), 1.0)
    loc = np.minimum(np.asarray(local, dtype=np.float64), n)
    inter = np.ceil(n / loc) - 1.0
    t = collective_time("all_reduce", size_bytes, n, loc, links) - _latency(2.0 * (n - 1.0), 2.0 * inter, links)
    return np.where(n > 1.0, t, 0.0)


def bucket_steps_latency(group: np.ndarray, local: np.ndarray, links: Links) -> np.ndarray:
    """Seconds of Simple-protocol ring steps one gradient bucket's reduce passes through: 2·(n − 1) steps (a
    reduce-scatter and an all-gather, or one all-reduce), 2·(domains − 1) of them across the network (NCCL
    tuning.cc's ring latency model); each collective call adds ``links.simple_base_s``. 0 when the group is 1."""
    n = np.maximum(np.asarray(group, dtype=np.float64), 1.0)
    loc = np.minimum(np.asarray(local, dtype=np.float64), n)
    inter = np.ceil(n / loc) - 1.0
    t = 2.0 * (n - 1.0 - inter) * links.simple_scaleup_hop_s + 2.0 * inter * links.simple_net_hop_s
    return np.where(n > 1.0, t, 0.0)


def tuned_all_reduce_time(size_bytes: np.ndarray, group: np.ndarray, local: np.ndarray, links: Links) -> np.ndarray:
    """Seconds of one ring all-reduce of ``size_bytes`` in the protocol NCCL's tuner picks (tuning.cc: each protocol
    takes latency + bytes / bandwidth, the fastest runs): LL, its latency (``collective_time``'s) with the bytes at
    NCCL_LL_ALLREDUCE_BW_SHARE of the bus bandwidth, or Simple, its latency (``links.simple_base_s`` + Simple ring
    steps, ``bucket_steps_latency``) with the bytes at the full bus bandwidth. Small buffers take LL, megabytes take
    Simple. 0 for a group of 1. One pass over the arrays (the serving search calls it per step)."""
    n = np.maximum(np.asarray(group, dtype=np.float64), 1.0)
    loc = np.minimum(np.asarray(local, dtype=np.float64), n)
    volume = 2.0 * (n - 1.0) / n * np.asarray(size_bytes, dtype=np.float64) / bus_bandwidth(n, loc, links, reduce=True)
    inter = 2.0 * (np.ceil(n / loc) - 1.0)  # ring steps across the network
    intra = 2.0 * (n - 1.0) - inter
    ll = links.base_s + intra * links.scaleup_hop_s + inter * links.net_hop_s + volume / NCCL_LL_ALLREDUCE_BW_SHARE.value
    simple = links.simple_base_s + intra * links.simple_scaleup_hop_s + inter * links.simple_net_hop_s + volume
    return np.where(n > 1.0, np.minimum(ll, simple), 0.0)
