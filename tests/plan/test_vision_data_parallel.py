"""Vision training is data parallel: every step reduces the model's gradients across the GPUs. On main before this
test the vision model scaled linearly with the GPU count and charged no all-reduce, so the startup sample's
trade-off front showed B200 x 1,024 GPUs training its detector in 23 s. The plan now charges the LLM path's
gradient all-reduce (core/collectives.tuned_all_reduce_time of parameters x GRAD_REDUCE_BYTES over the plan's links,
the protocol NCCL's tuner picks, as every all-reduce since 2026-12-03),
hidden behind the backward pass as core/training_parts.exposed_dp models it."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.collectives import Links, local_members, tuned_all_reduce_time
from gpudesk.core.constants import GRAD_REDUCE_BYTES
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.plan_resolve import PlanInputError, resolve_phase
from gpudesk.core.plan_workload import hardware_for
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.pipeline import estimate_phase

PHASE = 1  # the startup sample's ViT-L/16 training on HGX A100 (its GPU count derived, not fixed by nodes)


def _pinned(catalog: Catalog, dp: int):
    project = copy.deepcopy(load_project(samples_dir() / "startup-inspection.gpudesk").project)
    project.phases[PHASE].workloads[0].parallel.dp = dp
    return estimate_phase(project, PHASE, catalog, layout=False), project


def test_a_thousand_gpus_lose_the_all_reduce_of_every_step(catalog) -> None:
    one, _ = _pinned(catalog, 1)
    wide, project = _pinned(catalog, 1024)
    assert (one.config.gpus, wide.config.gpus) == (1, 1024)
    f1, f = one.figures, wide.figures
    assert f1.number("vision.comm_dp_raw_s") == 0.0
    linear = 1024 * f1.number("vision.images_per_s")
    allreduce = f.number("vision.comm_dp_s") + f.number("vision.overlap_slowdown_s")
    assert allreduce > 0.0
    assert f.number("vision.images_per_s") < linear
    batch = project.phases[PHASE].workloads[0].global_batch
    assert f.number("vision.images_per_s") == pytest.approx(batch / (batch / linear + allreduce), rel=1e-9)
    assert f.number("vision.epoch_time_s") == pytest.approx(
        project.phases[PHASE].workloads[0].dataset_items / f.number("vision.images_per_s"), rel=1e-9)

    # the raw all-reduce is the collective time of the gradient bytes over the plan's own links
    phase = project.phases[PHASE]
    r = resolve_phase(catalog, phase, "phase")
    hw = hardware_for(r.accelerator, r.server, wide.config.gpus_per_node, r.nic)
    assert float(np.ravel(hw.scaleout_bw)[0]) == pytest.approx(f.number("hw.scaleout_bw"))
    links = Links.from_hardware(hw, Efficiencies.for_hardware(hw, phase.workloads[0].compute_dtype))
    n = np.array([1024.0])
    expected = tuned_all_reduce_time(np.array([f.number("vision.params") * GRAD_REDUCE_BYTES.value]), n,
                                     local_members(n, np.ones(1), hw.scaleup_domain), links)
    assert f.number("vision.comm_dp_raw_s") == pytest.approx(float(expected[0]), rel=1e-12)
    assert f.number("vision.params") == catalog.model(phase.workloads[0].model_id).params_total


def test_servers_with_no_scale_out_nic_name_the_missing_field(catalog) -> None:
    """The L4 phase's PCIe server lists no back-end NIC and the plan names none: across servers the all-reduce has no
    bandwidth, so the plan says which field to set instead of training as if the servers were one."""
    project = copy.deepcopy(load_project(samples_dir() / "startup-inspection.gpudesk").project)
    project.phases[0].hardware.nodes = 4
    project.phases[0].delivery.mode = "private"  # owned (rented, its g6.xlarge instances' 10 Gb/s network carries it)
    with pytest.raises(PlanInputError, match=r"^phases\[0\]\.network\.nic_id: 16 GPUs span several servers"):
        estimate_phase(project, 0, catalog, layout=False)
    project.phases[0].hardware.nodes = 0  # derived: past the deadline, the fastest count whose time is known
    project.phases[0].workloads[0].deadline_days = 1e-4
    best = estimate_phase(project, 0, catalog, layout=False)
    assert best.config.gpus == 4 and best.config.workloads[0].sized_by == "best_effort"
