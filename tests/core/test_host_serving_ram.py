"""Host RAM of a serving server (step 3): weights staged while loading, the LLM runtime's CPU swap space and what
the OS keeps, with cited constants; unknown weights leave the need unknown, and step 3 is not ✓ over unknowns."""

import math

import numpy as np
import pytest
from test_power import DGX_H100

from gpudesk.catalog.store import Catalog
from gpudesk.core import constants as C
from gpudesk.core.host import HostInputs, host_figures
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.wizard.navigation import INCOMPLETE, step_status


def test_an_llm_server_needs_its_weights_swap_and_system_memory():
    # 8 GPUs x 20 GB weight shard = 160 GB staged + 8 x 4 GiB vLLM swap + 9.32 GiB system
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=0.0, serves=True, weights_bytes_per_gpu=20e9,
                                 kv_swap=True))
    expected = 8 * 20e9 + 8 * 4 * C.GIB + 9.32 * C.GIB
    assert fs["host.ram_needed"] == pytest.approx(expected)
    assert fs["host.serving_ram"] == pytest.approx(expected)
    sources = " ".join(i.source for i in fs.explain("host.kv_swap").inputs)
    assert "SERVING_CPU_SWAP_PER_GPU" in sources and "swap-space" in sources
    assert "GIB" not in fs.explain("host.serving_ram").formula
    # DGX H100 has 2 TB: the headroom is known and positive
    assert fs["host.ram_headroom"] == pytest.approx(2048e9 - expected)


def test_item_serving_has_no_swap_and_unknown_weights_stay_unknown():
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=0.0, serves=True, weights_bytes_per_gpu=1e9))
    assert "host.kv_swap" not in fs
    assert fs["host.ram_needed"] == pytest.approx(8e9 + 9.32 * C.GIB)
    unknown = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=0.0, serves=True,
                                      weights_bytes_per_gpu=float("nan")))
    assert np.isnan(unknown["host.ram_needed"]) and np.isnan(unknown["host.ram_headroom"])


def test_training_memory_is_unchanged():
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=1e4, batch_units_per_gpu=4096))
    assert "host.serving_ram" not in fs
    assert fs["host.ram_needed"] == pytest.approx(4096 * 28 * 2 * 1 * 2 * 8)


def test_the_gov_sample_needs_host_memory_and_step_3_is_not_done_over_unknowns():
    path = next(p for p in samples_dir().glob("*.gpudesk") if p.stem.startswith("gov"))
    plan = estimate_plan(load_project(path).project, Catalog.open())
    for phase in plan.phases:
        need = phase.figures.number("host.ram_needed")
        assert need > 9 * C.GIB, need  # never "0 MB"
        assert not math.isfinite(phase.figures.value_at("host.gpu_feed_fraction"))  # the catalog has no CPU data
        assert step_status(phase.checks, phase.figures)["host"] == INCOMPLETE
