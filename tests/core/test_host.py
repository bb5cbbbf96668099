"""Host sizing (step 3): cores, RAM and PCIe for a DGX H100 (hardware-facts 4C: 8 x 400 Gb/s NICs)."""

from dataclasses import replace

import numpy as np
import pytest
from test_power import DGX_H100

from gpudesk.core.host import HostInputs, host_checks, host_figures


def test_images_need_cores_and_starve_gpus():
    # 2,000 images/s per GPU / 100 images/s/core = 20 cores + 1 for the training process = 21 per GPU;
    # DGX H100 has 112 cores / 8 GPUs = 14 per GPU -> GPUs fed at 14/21 = 67%
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=2000.0, data_kind="images"))
    assert fs["host.cores_per_gpu_needed"] == pytest.approx(21.0)
    assert fs["host.cores_needed"] == pytest.approx(168.0)
    assert fs["host.gpu_feed_fraction"] == pytest.approx(14 / 21)
    starve = [c for c in host_checks(fs) if c.id == "host.cpu_starves_gpus"][0]
    assert starve.severity == "warning" and "21.0" in starve.message and "168" in starve.fix
    exp = fs.explain("host.preprocess_cores_per_gpu")
    assert "JPEG_DECODE_AUG_IMAGES_PER_CORE_S" in exp.inputs[1].source


def test_a_servers_cores_are_whole_and_never_short():
    """The manufacturer's storage page read '每台所需 CPU 核数 13.3 核' and the check's 'at least 13 cores' fell short:
    the server's count is rounded up; the demand per GPU stays a fraction."""
    # 1,430 images/s per GPU / 100 images/s/core = 14.3 cores + 1 -> 15.3 per GPU, 122.4 for 8 GPUs -> 123 cores
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=1430.0, data_kind="images"))
    assert fs["host.cores_per_gpu_needed"] == pytest.approx(15.3)
    assert fs["host.cores_needed"] == 123.0
    starve = [c for c in host_checks(fs) if c.id == "host.cpu_starves_gpus"][0]
    assert "at least 123 cores" in starve.fix
    assert fs.explain("host.cores_needed").formula.startswith("⌈")


def test_pretokenised_text_is_cheap_and_sweeps():
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=np.array([1e4, 4e4]), data_kind="text_pretokenized"))
    np.testing.assert_allclose(fs["host.cores_per_gpu_needed"], [1.0, 1.0])
    assert not any(c.id == "host.cpu_starves_gpus" for c in host_checks(fs))
    tok = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=np.array([1e5, 3.24e6]), data_kind="text_tokenize"))
    # 3.24e6 / 162,000 = 20 cores + 1 -> 21 per GPU at the second candidate
    assert tok["host.cores_per_gpu_needed"][1] == pytest.approx(21.0)
    assert host_checks(tok)[0].numbers["cores_per_gpu_needed"] == pytest.approx(21.0)


def test_video_without_measured_rate_is_unknown():
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=100.0, data_kind="video"))
    assert np.isnan(fs["host.cores_per_gpu_needed"])
    assert "unknown" in fs.explain("host.rate_per_core").source


def test_ram_pcie_and_nic_slot():
    # pinned: 8 x 4,096 tokens x 28 B = 917,504 B batch x prefetch 2 x 1 worker x 2 copies x 8 GPUs = 29.4 MB;
    # + 1,000 GB staging + 1,200 GB offload = 2,200.03 GB > 2,048
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=1e4, batch_units_per_gpu=8 * 4096,
                                 checkpoint_staging_bytes_per_node=1000e9, offload_bytes_per_node=1200e9))
    assert fs["host.pinned_buffers"] == pytest.approx(8 * 4096 * 28 * 2 * 1 * 2 * 8)
    assert fs["host.ram_needed"] == pytest.approx(2200e9 + 8 * 4096 * 28 * 32)
    ids = {c.id for c in host_checks(fs)}
    # (8 GPUs + 8 NICs) x 16 = 256 lanes > 2 sockets x 80 = 160
    assert fs["host.pcie_lanes_needed"] == 256 and fs["host.pcie_lanes_offered"] == 160
    assert ids == {"host.ram_short", "host.pcie_lanes_short"}
    # Gen5 x16 = 63 GB/s over a 400 Gb/s (50 GB/s) NIC: fine; on Gen4 (31 GB/s) the NIC is starved
    assert fs["host.nic_slot_ratio"] == pytest.approx(63 / 50)
    gen4 = host_figures(HostInputs(server=replace(DGX_H100, pcie_gen=4), throughput_per_gpu=1e4, gpu_pcie_gen=5))
    assert {"host.nic_pcie_bottleneck", "host.pcie_gen_mismatch"} <= {c.id for c in host_checks(gen4)}


def test_unknown_data_kind_rejected():
    with pytest.raises(ValueError):
        host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=1.0, data_kind="audio"))
