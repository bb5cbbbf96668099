"""Host figures follow the GPUs a phase runs, not the server's slots: the startup sample's second phase runs one
GPU of an 8-GPU server and was sized for 8 until stop 11 (CPU cores 43.8 -> 5.5, loader buffers 59.2 -> 7.4 GB,
storage reads 0.42 -> 0.05 GB/s). Every sample and generated plan is held to the same arithmetic in
tests/plan/reconcile_checks.py (check_host_follows_the_phases_gpus, on test_reconciliation.py's plans); this test
names the sample's case."""

import math

import pytest
from reconcile_checks import check_host_follows_the_phases_gpus
from test_reconciliation import GENERATED

from gpudesk.results.pipeline import estimate_plan


def test_the_startup_samples_one_gpu_phase_sizes_its_host_for_one_gpu(searched_sample):
    plan, _project = searched_sample("startup-inspection")
    phase = plan.phases[1]
    f = phase.figures
    assert phase.config.gpus == 1 and f.number("host.gpus") == 8
    assert check_host_follows_the_phases_gpus(phase) == 1
    assert f.number("host.gpus_used") == 1
    assert f.number("host.cores_needed") == math.ceil(f.number("host.cores_per_gpu_needed"))  # whole cores, rounded up
    assert f.number("host.cores_per_gpu_offered") == pytest.approx(f.number("host.cpu_cores"))
    assert f.number("host.pcie_lanes_needed") == (8 + f.number("host.nics")) * 16  # the installed GPUs' lanes
    assert "gpus_used" in f.formula("host.pinned_buffers")
    assert "fewer GPUs than the server holds" in f.source("host.gpus_used")
    assert f.number("storage.gpus") == 1


def test_a_generated_plans_small_rented_phases_size_their_hosts_per_instance(catalog):
    """Vision serving on 1 GPU and LLM serving on 2 rented L40S run on 1-GPU g6e.xlarge instances: their host
    figures are one instance's (its vCPUs and RAM, for its one GPU), no longer the owned-equivalent 8-GPU server's
    sized for the GPUs the phase ran in it (rented-18)."""
    plan = estimate_plan(GENERATED[1], catalog)
    rented = plan.phases[:2]
    assert [p.config.gpus for p in rented] == [1, 2]
    for p in rented:
        f = p.figures
        assert f.number("host.gpus") == f.number("plan.gpus_per_instance") == 1 and "host.gpus_used" not in f
        assert check_host_follows_the_phases_gpus(p) == 0
    llm = rented[1].figures
    assert llm.number("host.kv_swap") == pytest.approx(llm.number("host.kv_swap_per_gpu"))
    assert llm.number("host.weights_staged") == pytest.approx(
        llm.number("host.weights_per_gpu") * llm.number("host.weight_staging_share"))
