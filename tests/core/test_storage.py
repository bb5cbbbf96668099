"""Storage (step 4): read bandwidth, checkpoints, capacity, shared vs local."""

import numpy as np
import pytest
from test_power import LUSTRE, NVME

from gpudesk.core.storage import StorageInputs, storage_checks, storage_figures


def _inp(**kw):
    base = dict(option=LUSTRE, nodes=4, gpus_per_node=8, throughput_per_gpu=2000.0, dataset_bytes=100e12,
                params=70e9, checkpoint_interval_s=600.0, data_kind="images", growth_per_year=0.3, horizon_years=2)
    base.update(kw)
    return StorageInputs(**base)


def test_read_bandwidth_and_checkpoint_times():
    fs = storage_figures(_inp())
    # need = 2,000 img/s x 117 KB x 8 GPUs x 4 nodes = 7.488 GB/s; offered = min(20 x 4, 100) = 80 GB/s
    assert fs["storage.read_bw_needed"] == pytest.approx(7.488)
    assert fs["storage.read_bw_offered"] == pytest.approx(80.0)
    # checkpoint 70e9 x 14 B = 980 GB; write = min(10 x 4, 100) = 40 GB/s -> 24.5 s; read back at 80 GB/s = 12.25 s
    assert fs["storage.checkpoint_size"] == pytest.approx(980e9)
    assert fs["storage.checkpoint_write_time"] == pytest.approx(24.5)
    assert fs["storage.restart_read_time"] == pytest.approx(12.25)
    # stall = 24.5 / (600 + 24.5) = 3.9% > 3.5% (CheckFreq)
    assert fs["storage.checkpoint_stall_share"] == pytest.approx(24.5 / 624.5)
    assert [c.id for c in storage_checks(fs)] == ["storage.checkpoint_stall"]
    # capacity: 100 TB x 1.3^2 = 169 TB + 1 x 0.98 TB
    assert fs["storage.capacity_needed"] == pytest.approx(169e12 + 980e9)
    # rent (50 USD/TB-month) pays for the mean over the 2 years rented: 100 TB x (1.3^2 - 1) / (2 ln 1.3)
    # = 100 x 0.69 / 0.524729 = 131.497 TB + 0.98 TB, not the horizon's 169.98 TB
    assert fs["storage.capacity_rented"] == pytest.approx(100e12 * 0.69 / (2 * np.log(1.3)) + 980e9)
    assert fs["storage.monthly_cost"] == pytest.approx((100 * 0.69 / (2 * np.log(1.3)) + 0.98) * 50)


def test_rent_follows_the_data_as_it_grows():
    """Rented storage is billed on what it holds: a 6-month phase pays for its 6 months' mean, however long the
    horizon; data that does not grow is rented at its size. Until 2026-12-05 every month paid for the horizon's
    capacity (169.98 TB here from the first month)."""
    half = storage_figures(_inp(rent_years=0.5))
    assert half["storage.capacity_rented"] == pytest.approx(100e12 * (1.3 ** 0.5 - 1) / (0.5 * np.log(1.3)) + 980e9)
    assert 100e12 < half["storage.dataset_rented"] < 100e12 * 1.3 ** 0.5
    flat = storage_figures(_inp(growth_per_year=0.0))
    assert flat["storage.capacity_rented"] == pytest.approx(100e12 + 980e9) == flat["storage.capacity_needed"]


def test_io_bound_job_is_flagged_across_a_sweep():
    fs = storage_figures(_inp(nodes=np.array([4, 8]), throughput_per_gpu=20000.0, checkpoint_interval_s=3600.0))
    # 8 nodes: need 20,000 x 117e3 x 64 / 1e9 = 149.76 GB/s vs cap 100 -> feed 0.668
    assert fs["storage.io_feed_fraction"][1] == pytest.approx(100 / 149.76)
    check = [c for c in storage_checks(fs) if c.id == "storage.read_bw_short"][0]
    assert check.numbers["read_needed_gbs"] == pytest.approx(149.76)


def test_local_disks_for_a_team_suggest_shared_storage():
    fs = storage_figures(_inp(option=NVME, team_size=12, concurrent_jobs=3, local_nvme_bytes_per_node=30e12,
                              checkpoint_interval_s=7200.0))
    assert fs["storage.shared_recommended"] == 1.0
    assert fs["storage.local_copy_bytes"] == pytest.approx(169e12 * 4 * 3)
    assert "storage.local_copy_sprawl" in {c.id for c in storage_checks(fs)}
    solo = storage_figures(_inp(option=NVME, nodes=1, dataset_bytes=1e12, local_nvme_bytes_per_node=30e12,
                                checkpoint_interval_s=7200.0))
    assert solo["storage.shared_recommended"] == 0.0
