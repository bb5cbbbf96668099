"""What the system-power case modules ask of gpudesk (``validation_cases_power``, ``_power_mlperf`` and
``_power_serving``): the catalog's server row a case maps to, the share of a training step gpudesk's time model
spends in compute for the run's layout, and the server power a plan shows for that share (``power.server_kw``)."""

from __future__ import annotations

import dataclasses

from validation_catalog import catalog

from gpudesk.catalog.records import Accelerator, ModelArch, Server
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.power import PowerInputs, power_figures
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs
from gpudesk.core.workloads_other import estimate_vision


def mlperf_citation(src: dict, *logs: str) -> str:
    """A stored MLPerf copy's citation: what it is, the original, the copy read (where it is not the original), its
    commit and when, and the logs."""
    what = src["what"].split(",")
    copy = "" if src["copy"] in src["original"] else f"copy {src['copy']}, "
    return (f"{what[0]}, {what[1].strip()}, {src['original']} ({copy}commit {src['commit'][:7]}, read {src['read']}): "
            + " and ".join(logs))


def server_row(server_id: str) -> tuple[Server, Accelerator]:
    """The catalog server a case maps to and its accelerator."""
    server = catalog().server(server_id)
    return server, catalog().accelerator(server.accelerator_id)


def as_run(server: Server, cooling: str, liquid_heat_share: float = 0.0) -> Server:
    """The catalog row a case maps to, cooled as the measured system was (its submission's or operator's own
    description): ``cooling`` air or liquid, and the share of its heat that goes to liquid where that is known (1 for
    an immersed server: no fans; 0 = not published, gpudesk's DIRECT_LIQUID_HEAT_SHARE applies). Nothing else of
    the row changes."""
    return dataclasses.replace(server, cooling=cooling, liquid_heat_share=liquid_heat_share)


def step_compute_share(model: ModelArch, accelerator: Accelerator, n_gpus: int, tp: int, cp: int, global_batch: int,
                       seq_len: int, dtype: str, method: str) -> float:
    """gpudesk's share of the run's training step spent in compute (train.compute_time_s / train.step_time_s), on
    8 × 400 Gb/s per node, LoRA rank 16 where the method is LoRA, TP collectives overlapped (NVIDIA's configs)."""
    fs = estimate_training(TrainingInputs(
        model=model, hardware=HardwareArrays.from_accelerators([accelerator], nic_gbps=400.0), n_gpus=n_gpus, tp=tp,
        cp=cp, global_batch=global_batch, seq_len=seq_len, compute_dtype=dtype, method=method, lora_rank=16,
        tp_comm_overlap=True))
    return fs.value_at("train.compute_time_s", 0) / fs.value_at("train.step_time_s", 0)


def vision_compute_share(model: ModelArch, accelerator: Accelerator, n_gpus: int, global_batch: int,
                         dtype: str) -> float:
    """gpudesk's share of a data-parallel vision training step spent in compute (vision.compute_time_s /
    vision.step_time_s, as a vision_train plan records it), on 8 x 400 Gb/s per node, gradients reduced behind
    the backward pass."""
    fs = estimate_vision(model, HardwareArrays.from_accelerators([accelerator], nic_gbps=400.0), True, dtype,
                         float(n_gpus), 0.0, global_batch, True)
    return fs.value_at("vision.compute_time_s", 0) / fs.value_at("vision.step_time_s", 0)


def server_power(server: Server, accelerator: Accelerator, share: float) -> FigureSet:
    """The power figures of one training server computing ``share`` of its step (power.server_kw and its terms)."""
    return power_figures(PowerInputs(server=server, servers=1, rack_power_limit_kw=40.0, electricity_per_kwh=0.1,
                                     grid_co2_kg_per_kwh=0.5, accelerator_tdp_w=accelerator.tdp_w,
                                     compute_share=share))
