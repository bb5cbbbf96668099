"""Step 3 of the selection process: can the host feed its GPUs?

CPU cores for loading and preprocessing at the throughput the time model
computed, host RAM (data-loader batch buffers, checkpoint staging, CPU offload
of optimizer states), PCIe lanes and generation for the GPUs and NICs,
each compared with what the chosen server offers. Keys ``host.*``. A phase that
runs fewer GPUs than its server holds (``host.gpus_used``) needs cores, loader
buffers and serving memory for those GPUs alone; the PCIe lanes count every
GPU installed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import Server
from gpudesk.core import constants as C
from gpudesk.core.checks import Check
from gpudesk.core.digits import percent_text
from gpudesk.core.explain import FigureSet
from gpudesk.core.infra_inputs import at, record_field, worst_index
from gpudesk.core.pass_memo import memoised_on_inputs

DATA_KINDS = ("text_pretokenized", "text_tokenize", "images", "video")


@dataclass(frozen=True)
class HostInputs:
    """What one node must do. Throughput is per GPU, in the data kind's unit.

    ``throughput_per_gpu``: tokens/s (text kinds), images/s (images) or frames/s (video),
    from the time model; arrays broadcast over candidates.
    ``video_frames_per_core_s``: a measured software-decode rate; there is no cited
    default, so video needs it (otherwise the core figures are unknown, NaN).
    """

    server: Server
    throughput_per_gpu: Any
    data_kind: str = "text_pretokenized"
    batch_units_per_gpu: Any = 0.0  # one loader batch per GPU (a micro-batch): tokens (text) or images; 0 = no loader
    image_size_px: float = 0.0  # images: the plan's image side in pixels (decoded H = W)
    checkpoint_staging_bytes_per_node: Any = 0.0
    offload_bytes_per_node: Any = 0.0
    video_frames_per_core_s: float | None = None
    gpu_pcie_gen: int | None = None  # accelerator's host interface generation
    cpu_cores_override: int = 0  # project Hardware.cpu_cores_per_node (0 = server)
    ram_gb_override: float = 0.0  # project Hardware.host_ram_gb (0 = server)
    pcie_lanes_override: int = 0  # lanes from the CPUs when the datasheet says (0 = sockets x per-socket)
    serves: bool = False  # a serving workload: the server holds the model's weights while loading, and the runtime
    weights_bytes_per_gpu: Any = 0.0  # each GPU's weight shard (NaN = unknown)
    weights_source: str = "memory model (mem.weights)"  # where that shard comes from (a recommender: its tables)
    kv_swap: bool = False  # an LLM server keeps CPU swap space for preempted KV blocks
    # GPUs the phase runs in its busiest server (0 = every GPU the server holds): a phase of fewer GPUs than a server
    # holds loads, feeds and stages for those alone; the PCIe lanes stay the installed GPUs'
    gpus_used: float = 0.0
    gpus_used_source: str = ""
    rented_instance: bool = False  # a rented instance (its offer's vCPUs and RAM): no PCIe or NIC layout of ours


def _gpus_used(fs: FigureSet, inp: HostInputs, gpus: Any) -> tuple[Any, str]:
    """(GPUs the host feeds, their key): ``host.gpus_used`` when the phase runs fewer GPUs than the server holds,
    else ``host.gpus``."""
    if 0 < inp.gpus_used < float(inp.server.gpus):
        used = fs.input("host.gpus_used", float(inp.gpus_used), "GPUs", "GPUs the phase runs per server",
                        inp.gpus_used_source or "the phase's sized configuration (fewer GPUs than the server holds)")
        return used, "host.gpus_used"
    return gpus, "host.gpus"


def _rate_per_core(fs: FigureSet, inp: HostInputs) -> Any:
    if inp.data_kind == "images":
        return fs.constant("host.rate_per_core", C.JPEG_DECODE_AUG_IMAGES_PER_CORE_S)
    if inp.data_kind == "text_tokenize":
        return fs.constant("host.rate_per_core", C.TOKENIZE_TOKENS_PER_CORE_S)
    if inp.data_kind == "video":
        rate = float("nan") if inp.video_frames_per_core_s is None else inp.video_frames_per_core_s
        source = "user input (measured)" if inp.video_frames_per_core_s else "unknown: enter a measured decode rate"
        return fs.input("host.rate_per_core", rate, "frames/s/core", "video decode rate per CPU core", source)
    return fs.input("host.rate_per_core", np.inf, "tokens/s/core", "pre-tokenised reads per core",
                    "pre-tokenised data is memory-mapped; no per-token CPU work (Megatron-LM indexed dataset)")


@memoised_on_inputs
def host_figures(inp: HostInputs) -> FigureSet:
    if inp.data_kind not in DATA_KINDS:
        raise ValueError(f"data_kind must be one of {DATA_KINDS}, not {inp.data_kind!r}")
    fs = FigureSet()
    s = inp.server
    gpus = record_field(fs, "host.gpus", s, "gpus", "GPUs", "GPUs per server")
    used, used_key = _gpus_used(fs, inp, gpus)
    name = used_key.removeprefix("host.")
    if inp.cpu_cores_override:
        cores = fs.input("host.cpu_cores", float(inp.cpu_cores_override), "cores", "CPU cores per server")
    else:
        cores = record_field(fs, "host.cpu_cores", s, "cpu_cores_total", "cores", "CPU cores per server")
    if inp.ram_gb_override:
        ram = fs.input("host.ram", inp.ram_gb_override * C.GB, "B", "host RAM per server")
    else:
        ram = record_field(fs, "host.ram", s, "ram_gb", "B", "host RAM per server", scale=C.GB)
    unit = {"images": "images/s", "video": "frames/s"}.get(inp.data_kind, "tokens/s")
    thr = fs.input("host.throughput_per_gpu", np.asarray(inp.throughput_per_gpu, dtype=float), unit,
                   "input throughput each GPU consumes", "time model (computed)")
    rate = _rate_per_core(fs, inp)
    base = fs.constant("host.train_process_cores", C.TRAIN_PROCESS_CORES_PER_GPU)

    pre = fs.add("host.preprocess_cores_per_gpu", thr / rate, "cores/GPU", "cores for loading and preprocessing",
                 "throughput_per_gpu / rate_per_core", ["host.throughput_per_gpu", "host.rate_per_core"])
    need = fs.add("host.cores_per_gpu_needed", pre + base, "cores/GPU", "CPU cores each GPU needs",
                  "preprocess_cores_per_gpu + train_process_cores",
                  ["host.preprocess_cores_per_gpu", "host.train_process_cores"])
    # a count of cores is whole: 13.3 read '每台所需 CPU 核数 13.3 核' and the check's 'at least 13 cores' fell short;
    # the demand per GPU (cores_per_gpu_needed) stays a fraction (1e-9: 12 x 1.0 is not 13)
    fs.add("host.cores_needed", np.ceil(need * used - 1e-9), "cores", "CPU cores the server needs",
           f"⌈cores_per_gpu_needed x {name}⌉", ["host.cores_per_gpu_needed", used_key])
    offered = fs.add("host.cores_per_gpu_offered", cores / used, "cores/GPU", "CPU cores per GPU in the server",
                     f"cpu_cores / {name}", ["host.cpu_cores", used_key])
    fs.add("host.gpu_feed_fraction", np.minimum(1.0, offered / need), "fraction",
                  "share of planned GPU throughput the CPUs can feed",
                  "min(1, cores_per_gpu_offered / cores_per_gpu_needed)",
                  ["host.cores_per_gpu_offered", "host.cores_per_gpu_needed"])

    # -- host RAM -------------------------------------------------------
    workers = fs.add("host.loader_workers_per_gpu", np.maximum(1.0, np.ceil(pre)), "workers",
                     "data-loader workers per GPU", "max(1, ceil(preprocess_cores_per_gpu))",
                     ["host.preprocess_cores_per_gpu"])
    batch = _batch_bytes(fs, inp)
    prefetch = fs.constant("host.prefetch_factor", C.DATALOADER_PREFETCH_FACTOR)
    beyond = fs.constant("host.loader_batches_beyond_prefetch", C.LOADER_BATCHES_BEYOND_PREFETCH)
    held = fs.add("host.loader_batches_held", prefetch * workers + beyond, "batches",
                  "loader batches held in host RAM per GPU",
                  "prefetch_factor x loader_workers_per_gpu + loader_batches_beyond_prefetch",
                  ["host.prefetch_factor", "host.loader_workers_per_gpu", "host.loader_batches_beyond_prefetch"])
    pinned = fs.add("host.pinned_buffers", batch * held * used, "B",
                    "data-loader batch buffers (shared and page-locked memory)",
                    f"batch_bytes_per_gpu x loader_batches_held x {name}",
                    ["host.batch_bytes_per_gpu", "host.loader_batches_held", used_key])
    stage = fs.input("host.checkpoint_staging", np.asarray(inp.checkpoint_staging_bytes_per_node, dtype=float),
                     "B", "checkpoint staged in host RAM (async save)", "storage model / user input")
    offload = fs.input("host.cpu_offload", np.asarray(inp.offload_bytes_per_node, dtype=float), "B",
                       "optimizer states offloaded to host RAM", "memory model (ZeRO-Offload) / user input")
    parts, keys = pinned + stage + offload, ["host.pinned_buffers", "host.checkpoint_staging", "host.cpu_offload"]
    formula = "pinned_buffers + checkpoint_staging + cpu_offload"
    if inp.serves:
        serving = _serving_ram(fs, inp, used, used_key)
        parts, keys, formula = parts + serving, [*keys, "host.serving_ram"], formula + " + serving_ram"
    ram_need = fs.add("host.ram_needed", parts, "B", "host RAM needed", formula, keys)
    fs.add("host.ram_headroom", ram - ram_need, "B", "host RAM left over", "ram - ram_needed",
           ["host.ram", "host.ram_needed"])

    if inp.rented_instance:  # the provider lays out the instance's PCIe and network: nothing here to size or buy
        return fs
    # -- PCIe -----------------------------------------------------------
    nics = record_field(fs, "host.nics", s, "nics", "NICs", "scale-out NICs per server")
    nic_gbps = record_field(fs, "host.nic_gbps", s, "nic_gbps", "Gb/s", "speed per scale-out NIC")
    lanes_dev = fs.constant("host.lanes_per_device", C.PCIE_LANES_PER_DEVICE)
    fs.add("host.pcie_lanes_needed", (gpus + nics) * lanes_dev, "lanes", "PCIe lanes the GPUs and NICs use",
           "(gpus + nics) x lanes_per_device", ["host.gpus", "host.nics", "host.lanes_per_device"])
    if inp.pcie_lanes_override:
        fs.input("host.pcie_lanes_offered", float(inp.pcie_lanes_override), "lanes", "PCIe lanes from the CPUs")
    else:
        sockets = record_field(fs, "host.cpu_sockets", s, "cpu_sockets", "sockets", "CPU sockets")
        per = fs.constant("host.lanes_per_socket", C.CPU_PCIE_LANES_PER_SOCKET)
        fs.add("host.pcie_lanes_offered", sockets * per, "lanes", "PCIe lanes from the CPUs",
               "cpu_sockets x lanes_per_socket", ["host.cpu_sockets", "host.lanes_per_socket"])
    gen = s.pcie_gen
    record_field(fs, "host.pcie_gen", s, "pcie_gen", "", "server PCIe generation")
    if gen in C.PCIE_X16_GBS_BY_GEN:
        slot = fs.constant("host.pcie_x16_bw", C.PCIE_X16_GBS_BY_GEN[gen])
        nic_bw = fs.add("host.nic_bw", nic_gbps / 8.0, "GB/s", "bandwidth of one NIC", "nic_gbps / 8",
                        ["host.nic_gbps"])
        fs.add("host.nic_slot_ratio", np.where(nic_bw > 0, slot / np.where(nic_bw > 0, nic_bw, 1.0), np.inf),
               "x", "PCIe x16 slot bandwidth over NIC bandwidth (>= 1 keeps the NIC fed)",
               "pcie_x16_bw / nic_bw", ["host.pcie_x16_bw", "host.nic_bw"])
    if inp.gpu_pcie_gen is not None:
        fs.input("host.gpu_pcie_gen", float(inp.gpu_pcie_gen), "", "GPU host-interface PCIe generation",
                 "catalog accelerator pcie_gen")
    return fs


def _batch_bytes(fs: FigureSet, inp: HostInputs) -> Any:
    """Host bytes of one loader batch per GPU: the micro-batch's units times each unit's decoded size in memory
    (a token's ids and masks; an image as the float tensor the GPU receives, not its compressed file)."""
    units = np.asarray(inp.batch_units_per_gpu, dtype=float)
    if not np.any(units > 0):
        return fs.input("host.batch_bytes_per_gpu", 0.0, "B", "host bytes of one input batch per GPU",
                        "no training data loader (the workload trains nothing)")
    if inp.data_kind == "images":
        fs.input("host.batch_units_per_gpu", units, "images", "images in one loader batch per GPU",
                 "global batch / GPUs (time model)")
        side = fs.input("host.image_size", float(inp.image_size_px), "px", "image side (height = width)",
                        "plan workload image_size")
        channels = fs.constant("host.image_channels", C.DECODED_IMAGE_CHANNELS)
        value = fs.constant("host.image_bytes_per_value", C.DECODED_IMAGE_BYTES_PER_VALUE)
        per_unit = fs.add("host.bytes_per_unit", side * side * channels * value, "B/image",
                          "host bytes of one decoded image", "image_size x image_size x image_channels x "
                          "image_bytes_per_value", ["host.image_size", "host.image_channels", "host.image_bytes_per_value"])
        unit_key = "host.bytes_per_unit"
    elif inp.data_kind in ("text_pretokenized", "text_tokenize"):
        fs.input("host.batch_units_per_gpu", units, "tokens", "tokens in one loader batch per GPU",
                 "micro-batch x sequence length (plan)")
        per_unit = fs.constant("host.loader_bytes_per_token", C.LOADER_BYTES_PER_TOKEN)
        unit_key = "host.loader_bytes_per_token"
    else:  # video: no cited decoded frame layout; unknown, never 0
        fs.input("host.batch_units_per_gpu", units, "frames", "frames in one loader batch per GPU", "time model")
        per_unit = fs.input("host.bytes_per_unit", float("nan"), "B/frame", "host bytes of one decoded frame",
                            "unknown: no decoded frame size for video")
        unit_key = "host.bytes_per_unit"
    return fs.add("host.batch_bytes_per_gpu", units * per_unit, "B", "host bytes of one input batch per GPU",
                  "batch_units_per_gpu x " + unit_key.removeprefix("host."), ["host.batch_units_per_gpu", unit_key])


def _serving_ram(fs: FigureSet, inp: HostInputs, gpus: Any, key: str) -> Any:
    """Host memory a serving server needs besides the data loader: the weights staged while loading, the LLM
    runtime's KV swap space, and what the OS and runtime keep. Unknown weights leave it unknown."""
    weights = fs.input("host.weights_per_gpu", np.asarray(inp.weights_bytes_per_gpu, dtype=float), "B",
                       "model weights per GPU", inp.weights_source)
    share = fs.constant("host.weight_staging_share", C.SERVING_WEIGHT_STAGING_FRACTION)
    name = key.removeprefix("host.")
    staged = fs.add("host.weights_staged", weights * share * gpus, "B", "model weights staged in host memory",
                    f"weights_per_gpu x weight_staging_share x {name}",
                    ["host.weights_per_gpu", "host.weight_staging_share", key])
    keys, total, formula = ["host.weights_staged"], staged, "weights_staged"
    if inp.kv_swap:
        swap = fs.constant("host.kv_swap_per_gpu", C.SERVING_CPU_SWAP_PER_GPU)
        swapped = fs.add("host.kv_swap", swap * gpus, "B", "CPU swap space for KV blocks", f"kv_swap_per_gpu x {name}",
                         ["host.kv_swap_per_gpu", key])
        keys, total, formula = [*keys, "host.kv_swap"], total + swapped, formula + " + kv_swap"
    system = fs.constant("host.system_reserved", C.HOST_SYSTEM_RESERVED)
    return fs.add("host.serving_ram", total + system, "B", "host RAM for serving (weights, swap, system)",
                  formula + " + system_reserved", [*keys, "host.system_reserved"])


def host_checks(fs: FigureSet) -> list[Check]:
    checks: list[Check] = []
    i = worst_index(fs["host.gpu_feed_fraction"])
    feed = at(fs, "host.gpu_feed_fraction", i)
    if feed == feed and feed < 1.0:
        need, offered = at(fs, "host.cores_per_gpu_needed", i), at(fs, "host.cores_per_gpu_offered", i)
        cores_needed = at(fs, "host.cores_needed", i)
        checks.append(Check(
            "host.cpu_starves_gpus", "blocker" if feed < 0.5 else "warning", "host",
            "CPU cores cannot feed the GPUs",
            f"Each GPU needs {need:.1f} CPU cores for loading and preprocessing at the planned throughput, but the "
            f"server offers {offered:.1f} per GPU; the GPUs would run at about {percent_text(feed)} of plan.",
            f"Choose a server with at least {cores_needed:.0f} cores, move decoding to the GPU (DALI/nvJPEG), "
            "or pre-process the dataset offline.",
            ("host.cores_per_gpu_needed", "host.cores_per_gpu_offered", "host.gpu_feed_fraction"),
            {"cores_per_gpu_needed": need, "cores_per_gpu_offered": offered, "feed_fraction": feed,
             "cores_needed": cores_needed},
        ))
    if feed != feed and "host.cores_needed" in fs:
        cores_needed = at(fs, "host.cores_needed", i)
        ram_needed = at(fs, "host.ram_needed", None) / C.GB if "host.ram_needed" in fs else float("nan")
        # what the plan needs is named only where it is known: 'needs at least nan CPU cores' read in the proposal
        # of a plan whose CPU demand is unknown (a generated plan of L40S virtual desktops on a server without CPUs)
        cores, ram = cores_needed == cores_needed and cores_needed > 0, ram_needed == ram_needed and ram_needed >= 1
        needs = [f"{cores_needed:,.0f} CPU cores"] * cores + [f"{ram_needed:,.0f} GB of host RAM"] * ram
        checks.append(Check(
            "host.server_spec_unknown", "info", "host", "Server CPU and memory not in the catalog",
            "The catalog has no CPU core count or RAM for this server, so the feed check cannot run."
            + (f" The plan needs at least {' and '.join(needs)} per server." if needs else ""),
            "Enter the quoted server's cores and RAM in step 3, or pick a catalog server with them.",
            ("host.cores_needed", "host.ram_needed"),
            {"cores_needed": cores_needed, "ram_needed_gb": ram_needed,  # the wording names what is known
             "need": ("cores_ram" if ram else "cores") if cores else ("ram" if ram else "none")},
        ))
    j = worst_index(fs["host.ram_headroom"])
    headroom = at(fs, "host.ram_headroom", j)
    serving_gb = at(fs, "host.serving_ram", j) / C.GB if "host.serving_ram" in fs else 0.0
    if headroom == headroom and headroom < 0 and serving_gb > 0:  # a server loading a model: what it stages
        need_gb, have_gb = at(fs, "host.ram_needed", j) / C.GB, at(fs, "host.ram", j) / C.GB
        staged_gb = at(fs, "host.weights_staged", j) / C.GB
        checks.append(Check(
            "host.serving_ram_short", "warning", "host", "Host RAM is smaller than the model it loads",
            f"Loading needs {need_gb:,.0f} GB of host RAM ({staged_gb:,.0f} GB of weights or embedding tables staged "
            f"while loading, with the system's reserve) but the server has {have_gb:,.0f} GB: the load pages through "
            "memory, so the server starts slowly or, with other work on it, runs out of memory.",
            "Choose a server or instance with more host memory, or spread the model over more GPUs so each stages "
            "a smaller part.",
            ("host.ram_needed", "host.weights_staged", "host.ram"),
            {"ram_needed_gb": need_gb, "staged_gb": staged_gb, "ram_gb": have_gb},
        ))
    elif headroom == headroom and headroom < 0:
        need_gb, have_gb = at(fs, "host.ram_needed", j) / C.GB, at(fs, "host.ram", j) / C.GB
        checks.append(Check(
            "host.ram_short", "blocker", "host", "Host RAM is too small",
            f"The plan needs {need_gb:,.0f} GB of host RAM (pinned buffers, checkpoint staging, CPU offload) but the "
            f"server has {have_gb:,.0f} GB.",
            "Add host memory, turn off CPU offload, or checkpoint synchronously instead of staging in RAM.",
            ("host.ram_needed", "host.ram"), {"ram_needed_gb": need_gb, "ram_gb": have_gb},
        ))
    need_l, have_l = (at(fs, "host.pcie_lanes_needed", None), at(fs, "host.pcie_lanes_offered", None)) \
        if "host.pcie_lanes_needed" in fs else (0.0, 0.0)  # a rented instance: the provider's PCIe
    if need_l > have_l:
        checks.append(Check(
            "host.pcie_lanes_short", "info", "host", "GPUs and NICs share PCIe uplinks",
            f"The GPUs and NICs use {need_l:.0f} PCIe lanes but the CPUs provide {have_l:.0f}; devices share "
            "uplinks through PCIe switches, so host-to-GPU copies and storage reads contend.",
            "Confirm the board's PCIe switch topology pairs each GPU with its NIC (GPUDirect RDMA), or choose a "
            "platform with more lanes.",
            ("host.pcie_lanes_needed", "host.pcie_lanes_offered"), {"lanes_needed": need_l, "lanes_offered": have_l},
        ))
    if "host.nic_slot_ratio" in fs:
        ratio = at(fs, "host.nic_slot_ratio", None)
        if ratio < 1.0:
            slot, nic = at(fs, "host.pcie_x16_bw", None), at(fs, "host.nic_bw", None)
            checks.append(Check(
                "host.nic_pcie_bottleneck", "warning", "host", "PCIe slot slower than the NIC",
                f"A PCIe x16 slot of this generation moves {slot:.0f} GB/s but each NIC runs at {nic:.0f} GB/s; "
                f"the NIC reaches only {percent_text(ratio)} of line rate.",
                "Use a PCIe Gen5 platform for 400 Gb/s NICs (Gen6 for 800 Gb/s), or slower NICs.",
                ("host.pcie_x16_bw", "host.nic_bw"), {"slot_gbs": slot, "nic_gbs": nic, "ratio": ratio},
            ))
    if "host.gpu_pcie_gen" in fs:
        g_gen, s_gen = at(fs, "host.gpu_pcie_gen", None), at(fs, "host.pcie_gen", None)
        if s_gen == s_gen and g_gen > s_gen:
            checks.append(Check(
                "host.pcie_gen_mismatch", "info", "host", "Server PCIe generation below the GPU's",
                f"The GPU supports PCIe Gen{g_gen:.0f} but the server runs Gen{s_gen:.0f}; host-to-GPU copies run "
                "at half the GPU's interface speed per generation step.",
                "Pick a server with the GPU's PCIe generation, or accept slower loading and checkpoint restore.",
                ("host.gpu_pcie_gen", "host.pcie_gen"), {"gpu_pcie_gen": g_gen, "server_pcie_gen": s_gen},
            ))
    return checks
