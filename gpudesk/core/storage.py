"""Step 4 of the selection process: does storage keep up with the GPUs?

Dataset size and the read bandwidth the planned throughput needs,
checkpoint size, write and restart (read-back) time per storage option,
capacity with growth over the horizon, shared versus local storage by
team size and concurrent jobs. Keys ``storage.*``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import StorageOption
from gpudesk.core import constants as C
from gpudesk.core.catalog_prices import catalog_price
from gpudesk.core.checks import Check
from gpudesk.core.digits import percent_text
from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import at, record_field, worst_index
from gpudesk.core.pass_memo import memoised_on_inputs

_BYTES_PER_UNIT = {
    "text_pretokenized": C.PRETOKENIZED_BYTES_PER_TOKEN,
    "text_tokenize": C.RAW_TEXT_BYTES_PER_TOKEN,
    "images": C.IMAGE_BYTES_PER_SAMPLE,
}


@dataclass(frozen=True)
class StorageInputs:
    """Numbers arrive as plain floats/arrays from the plan and the time model.

    ``throughput_per_gpu`` is in the data kind's unit (tokens/s, images/s, frames/s);
    ``bytes_per_unit`` 0 takes the cited default for the kind (video has none: give it).
    """

    option: StorageOption
    nodes: Any
    gpus_per_node: int
    throughput_per_gpu: Any
    dataset_bytes: Any
    params: Any  # model parameters (for checkpoint size)
    checkpoint_interval_s: Any
    data_kind: str = "text_pretokenized"
    bytes_per_unit: float = 0.0
    checkpoint_bytes_per_param: float = 0.0  # 0 = CHECKPOINT_BYTES_PER_PARAM
    checkpoints_kept: int = 1
    growth_per_year: float = 0.0  # fraction, e.g. 0.3
    horizon_years: float = 1.0
    team_size: int = 1
    concurrent_jobs: int = 1
    local_nvme_bytes_per_node: float = 0.0  # server local NVMe (0 = none)
    gpus: int = 0  # GPUs reading the data when not gpus_per_node x nodes (a phase smaller than its servers)
    # years the plan pays storage rent (a rented phase: its months billed; owned: the horizon); None = horizon_years
    rent_years: float | None = None
    currency: str = "USD"  # the plan's: the catalog's USD price is converted (core/catalog_prices.py)
    cny_per_usd: float = 7.1


def _capped(per_node: Any, nodes: Any, cap: float | None) -> Any:
    total = per_node * nodes
    return total if cap is None else np.minimum(total, cap)


def _checkpoint_bytes(inp: StorageInputs) -> Any:
    bpp = inp.checkpoint_bytes_per_param or C.CHECKPOINT_BYTES_PER_PARAM.value
    return np.asarray(inp.params, dtype=float) * bpp


@memoised_on_inputs
def storage_figures(inp: StorageInputs) -> FigureSet:
    fs = FigureSet()
    opt = inp.option
    nodes = fs.input("storage.nodes", np.asarray(inp.nodes, dtype=float), "nodes", "nodes reading the data")
    gpn = fs.input("storage.gpus_per_node", float(inp.gpus_per_node), "GPUs", "GPUs per node")
    thr = fs.input("storage.throughput_per_gpu", np.asarray(inp.throughput_per_gpu, dtype=float), "units/s",
                   "samples or tokens each GPU consumes per second", "time model (computed)")
    if inp.bytes_per_unit:
        bpu = fs.input("storage.bytes_per_unit", inp.bytes_per_unit, "B", "bytes read per sample/token")
    elif inp.data_kind in _BYTES_PER_UNIT:
        bpu = fs.constant("storage.bytes_per_unit", _BYTES_PER_UNIT[inp.data_kind])
    else:
        bpu = fs.input("storage.bytes_per_unit", float("nan"), "B", "bytes read per sample/token",
                       "unknown: enter bytes per sample for this data kind")
    if inp.gpus:  # the phase runs another count than gpus_per_node x nodes (fewer than its servers hold): those read
        gpus = fs.input("storage.gpus", float(inp.gpus), "GPUs", "GPUs reading the data",
                        "plan.gpus (the phase's sized configuration)")
        need = fs.add("storage.read_bw_needed", thr * bpu * gpus / C.GB, "GB/s", "read bandwidth the GPUs need",
                      "throughput_per_gpu x bytes_per_unit x gpus / 1e9 (the phase's GPUs, not gpus_per_node x nodes)",
                      ["storage.throughput_per_gpu", "storage.bytes_per_unit", "storage.gpus"])
    else:
        need = fs.add("storage.read_bw_needed", thr * bpu * gpn * nodes / C.GB, "GB/s", "read bandwidth the GPUs need",
                      "throughput_per_gpu x bytes_per_unit x gpus_per_node x nodes / 1e9",
                      ["storage.throughput_per_gpu", "storage.bytes_per_unit", "storage.gpus_per_node",
                       "storage.nodes"])
    rd = record_field(fs, "storage.read_per_node", opt, "read_gbs_per_node", "GB/s", "read bandwidth per node")
    wr = record_field(fs, "storage.write_per_node", opt, "write_gbs_per_node", "GB/s", "write bandwidth per node")
    cap = opt.aggregate_read_gbs_max
    provisioned = fs.add("storage.provisioned_tb", (np.asarray(inp.dataset_bytes, dtype=float)
                                                   + inp.checkpoints_kept * _checkpoint_bytes(inp)) / 1e12, "TB",
                         "capacity provisioned today", "(dataset + checkpoints kept × checkpoint size) / 1e12", [])
    terms: list[tuple[Any, str, list[str]]] = []  # every ceiling the catalog gives, the lowest binds
    if opt.read_gbs_per_node is not None:
        terms.append((rd * nodes, "read_per_node x nodes", ["storage.read_per_node", "storage.nodes"]))
    if opt.read_gbs_per_tb is not None:
        per_tb = record_field(fs, "storage.read_per_tb", opt, "read_gbs_per_tb", "GB/s per TB",
                              "read bandwidth per TB provisioned")
        terms.append((per_tb * provisioned, "read_per_tb x provisioned_tb",
                      ["storage.read_per_tb", "storage.provisioned_tb"]))
    if cap is not None:
        record_field(fs, "storage.aggregate_max", opt, "aggregate_read_gbs_max", "GB/s", "aggregate read ceiling")
        terms.append((cap, "aggregate_max", ["storage.aggregate_max"]))
    if opt.read_requests_per_s is not None and inp.data_kind == "images":  # one object per sample
        rps = record_field(fs, "storage.read_requests_per_s", opt, "read_requests_per_s", "requests/s",
                           "read request limit (per prefix)")
        terms.append((rps * bpu / C.GB, "read_requests_per_s x bytes_per_unit / 1e9 (one object per image)",
                      ["storage.read_requests_per_s", "storage.bytes_per_unit"]))
    if terms:
        offered_value = np.minimum.reduce([np.asarray(t[0], dtype=float) * np.ones_like(np.asarray(nodes, float))
                                           for t in terms])
        formula = "min(" + ", ".join(t[1] for t in terms) + ")" if len(terms) > 1 else terms[0][1]
        deps = [d for t in terms for d in t[2]]
    else:
        offered_value, formula, deps = rd * nodes, "read_per_node x nodes (unknown in the catalog)", \
            ["storage.read_per_node", "storage.nodes"]
    offered = fs.add("storage.read_bw_offered", offered_value, "GB/s", "read bandwidth the option delivers",
                     formula, deps)
    need_arr = np.asarray(need, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        feed = np.where(need_arr > 0, np.minimum(1.0, offered / np.where(need_arr > 0, need_arr, 1.0)), 1.0)
    fs.add("storage.io_feed_fraction", feed, "fraction",
           "share of planned throughput storage reads sustain",
           "min(1, read_bw_offered / read_bw_needed); 1 when the workload reads no training data",
           ["storage.read_bw_offered", "storage.read_bw_needed"])
    wdeps = ["storage.write_per_node", "storage.nodes"] + (["storage.aggregate_max"] if cap is not None else [])
    write_bw = fs.add("storage.write_bw", _capped(wr, nodes, cap), "GB/s", "checkpoint write bandwidth",
                      "min(write_per_node x nodes, aggregate_max)" if cap is not None else "write_per_node x nodes",
                      wdeps)

    # -- checkpoints ----------------------------------------------------
    params = fs.input("storage.params", np.asarray(inp.params, dtype=float), "params",
                      "parameters a checkpoint saves (trained: all for full training, the adapters for LoRA)",
                      "time model (train.trainable_params)")
    if inp.checkpoint_bytes_per_param:
        bpp = fs.input("storage.checkpoint_bytes_per_param", inp.checkpoint_bytes_per_param, "B/param",
                       "checkpoint bytes per parameter")
    else:
        bpp = fs.constant("storage.checkpoint_bytes_per_param", C.CHECKPOINT_BYTES_PER_PARAM)
    ckpt = fs.add("storage.checkpoint_size", params * bpp, "B", "checkpoint size (weights + optimizer states)",
                  "params x checkpoint_bytes_per_param", ["storage.params", "storage.checkpoint_bytes_per_param"])
    # Nothing to save (a serving workload trains no parameters): no time, whatever the storage's bandwidth, known
    # or not (an inference plan on object storage read "checkpoint write time: unknown").
    nothing = np.asarray(ckpt) == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        wtime = fs.add("storage.checkpoint_write_time", np.where(nothing, 0.0, ckpt / (write_bw * C.GB)), "s",
                       "time to write one checkpoint", "checkpoint_size / (write_bw x 1e9)",
                       ["storage.checkpoint_size", "storage.write_bw"])
        fs.add("storage.restart_read_time", np.where(nothing, 0.0, ckpt / (offered * C.GB)), "s",
               "time to read a checkpoint back on restart",
               "checkpoint_size / (read_bw_offered x 1e9)",
               ["storage.checkpoint_size", "storage.read_bw_offered"])
    interval = fs.input("storage.checkpoint_interval", np.asarray(inp.checkpoint_interval_s, dtype=float), "s",
                        "time between checkpoints")
    fs.add("storage.checkpoint_stall_share", wtime / (interval + wtime), "fraction",
           "share of wall time spent writing checkpoints (synchronous save)",
           "checkpoint_write_time / (checkpoint_interval + checkpoint_write_time)",
           ["storage.checkpoint_write_time", "storage.checkpoint_interval"])
    fs.constant("storage.stall_limit", C.CHECKPOINT_STALL_LIMIT)

    # -- capacity -------------------------------------------------------
    data = fs.input("storage.dataset", np.asarray(inp.dataset_bytes, dtype=float), "B", "dataset size today")
    growth = fs.input("storage.growth_per_year", inp.growth_per_year, "fraction/year", "dataset growth per year")
    years = fs.input("storage.horizon_years", inp.horizon_years, "years", "planning horizon")
    kept = fs.input("storage.checkpoints_kept", float(inp.checkpoints_kept), "checkpoints", "checkpoints kept")
    grown = fs.add("storage.dataset_at_horizon", data * (1.0 + growth) ** years, "B", "dataset size at the horizon",
                   "dataset x (1 + growth_per_year) ^ horizon_years",
                   ["storage.dataset", "storage.growth_per_year", "storage.horizon_years"])
    fs.add("storage.capacity_needed", grown + kept * ckpt, "B", "storage capacity needed",
           "dataset_at_horizon + checkpoints_kept x checkpoint_size",
           ["storage.dataset_at_horizon", "storage.checkpoints_kept", "storage.checkpoint_size"])
    rented = _capacity_rented(fs, inp, data, growth, kept, ckpt)
    price = catalog_price(fs, "storage.price_per_tb_month", opt, "price_usd_per_tb_month", "/TB/month",
                          "storage price per TB-month", inp.currency, inp.cny_per_usd)
    fs.add("storage.monthly_cost", rented / 1e12 * price, f"{inp.currency}/month", "storage rent per month",
           "capacity_rented / 1e12 x price_per_tb_month", ["storage.capacity_rented", "storage.price_per_tb_month"])

    # -- shared vs local ------------------------------------------------
    team = fs.input("storage.team_size", float(inp.team_size), "people", "people sharing the data")
    jobs = fs.input("storage.concurrent_jobs", float(inp.concurrent_jobs), "jobs", "concurrent jobs")
    local = fs.input("storage.local_nvme_per_node", inp.local_nvme_bytes_per_node, "B", "local NVMe per node",
                     "catalog servers local_nvme_tb / user input")
    fs.add("storage.local_copy_bytes", grown * nodes * jobs, "B", "bytes copied if every node keeps a local copy",
           "dataset_at_horizon x nodes x concurrent_jobs",
           ["storage.dataset_at_horizon", "storage.nodes", "storage.concurrent_jobs"])
    shared = np.asarray((jobs > 1) | ((team > 1) & (nodes > 1)) | (grown > local)).astype(float)
    fs.add("storage.shared_recommended", shared,
           "bool", "shared storage recommended",
           "concurrent_jobs > 1 OR (team_size > 1 AND nodes > 1) OR dataset_at_horizon > local_nvme_per_node",
           ["storage.concurrent_jobs", "storage.team_size", "storage.nodes", "storage.dataset_at_horizon",
            "storage.local_nvme_per_node"])
    fs.input("storage.kind", opt.kind, "", "storage option kind", f"catalog storage_options/{opt.id}.kind")
    return fs


def _capacity_rented(fs: FigureSet, inp: StorageInputs, data: Any, growth: Any, kept: Any, ckpt: Any) -> Any:
    """The capacity a month's rent pays for: the dataset's mean over the years rent is paid, growing as
    dataset x (1 + growth)^t, plus the checkpoints kept. Rented storage is billed on what it holds, grown as the data
    grows; until 2026-12-05 every month paid for the horizon's capacity (the startup sample's data, growing 100% a
    year over a 3-year horizon, was rented at 8x its size from its first month). The capacity to provision (storage.capacity_needed) stays the horizon's."""
    years = fs.input("storage.rent_years", float(inp.horizon_years if inp.rent_years is None else inp.rent_years),
                     "years", "years the storage is rented",
                     "the months the phase's cost counts (rented: the phase's months billed; owned: the horizon)")
    g, t = np.asarray(growth, dtype=float), np.asarray(years, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = np.where((g > 0) & (t > 0), ((1.0 + g) ** t - 1.0) / (t * np.log1p(np.where(g > 0, g, 1.0))), 1.0)
    grown = fs.add("storage.dataset_rented", data * mean, "B", "mean dataset size while rented",
                   "dataset x ((1 + growth_per_year) ^ rent_years - 1) / (rent_years x ln(1 + growth_per_year)); "
                   "dataset when it does not grow", ["storage.dataset", "storage.growth_per_year", "storage.rent_years"])
    return fs.add("storage.capacity_rented", grown + kept * ckpt, "B", "mean capacity rented",
                  "dataset_rented + checkpoints_kept x checkpoint_size",
                  ["storage.dataset_rented", "storage.checkpoints_kept", "storage.checkpoint_size"])


def storage_checks(fs: FigureSet) -> list[Check]:
    checks: list[Check] = []
    i = worst_index(fs["storage.io_feed_fraction"])
    feed = at(fs, "storage.io_feed_fraction", i)
    if feed == feed and feed < 1.0:
        need, have = at(fs, "storage.read_bw_needed", i), at(fs, "storage.read_bw_offered", i)
        checks.append(Check(
            "storage.read_bw_short", "blocker" if feed < 0.5 else "warning", "storage", "Storage reads bound the job",
            f"The GPUs need {need:,.1f} GB/s of reads but the storage delivers {have:,.1f} GB/s; the job would run at "
            f"about {percent_text(feed)} of the GPUs' speed.",
            "Stage the dataset on local NVMe, use a parallel file system sized for the read rate, or cache shards.",
            ("storage.read_bw_needed", "storage.read_bw_offered"),
            {"read_needed_gbs": need, "read_offered_gbs": have, "feed_fraction": feed},
        ))
    j = worst_index(fs["storage.checkpoint_stall_share"], low_is_bad=False)
    stall, limit = at(fs, "storage.checkpoint_stall_share", j), at(fs, "storage.stall_limit", None)
    if stall == stall and stall > limit:
        wtime, size = at(fs, "storage.checkpoint_write_time", j), at(fs, "storage.checkpoint_size", j)
        checks.append(Check(
            "storage.checkpoint_stall", "warning", "storage", "Checkpoints stall training",
            f"Writing a {size / C.GB:,.0f} GB checkpoint takes {wtime:,.0f} s, {percent_text(stall, 1)} of wall time, above the "
            f"{percent_text(limit, 1)} that frequent-checkpoint systems keep to.",
            "Checkpoint asynchronously to host RAM first, write to faster storage, or lengthen the interval.",
            ("storage.checkpoint_write_time", "storage.checkpoint_stall_share"),
            {"checkpoint_gb": size / C.GB, "write_time_s": wtime, "stall_share": stall, "limit": limit},
        ))
    shared = at(fs, "storage.shared_recommended", worst_index(fs["storage.shared_recommended"], low_is_bad=False))
    if shared >= 1.0 and fs["storage.kind"] == "local-nvme":
        copies = at(fs, "storage.local_copy_bytes", None) / 1e12
        checks.append(Check(
            "storage.local_copy_sprawl", "info", "storage", "Several jobs or people share data kept on local disks",
            f"With local disks only, the data is copied to every node for every job: {copies:,.1f} TB of copies.",
            "Add shared high-performance storage (parallel file system or NAS) and use local NVMe as a cache.",
            ("storage.local_copy_bytes", "storage.shared_recommended"), {"local_copy_tb": copies},
        ))
    return checks
