"""The start-up benchmark's probe and summary (the full benchmark is run by hand: benchmarks/bench_startup.py)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest


def test_memory_reader_parses_proc_status(bench_startup: ModuleType, tmp_path: Path) -> None:
    status = tmp_path / "status"
    status.write_text("Name:\tpython\nVmPeak:\t  900 kB\nVmHWM:\t  153600 kB\nVmRSS:\t  102400 kB\n", encoding="ascii")
    assert bench_startup.read_memory_kb(str(status)) == {"VmHWM": 153600, "VmRSS": 102400}


def test_summary_takes_medians_and_ratio(bench_startup: ModuleType) -> None:
    probe = bench_startup.ProbeResult
    results = [
        probe("gpudesk", 1.0, 150.0, 140.0), probe("gpudesk", 0.8, 160.0, 150.0), probe("gpudesk", 5.0, 170.0, 160.0),
        probe("bare", 0.5, 100.0, 90.0), probe("bare", 0.4, 110.0, 100.0), probe("bare", 0.6, 120.0, 110.0),
    ]
    summary = bench_startup.summarise(results)
    assert summary.gpudesk_median_s == 1.0 and summary.bare_median_s == 0.5
    assert summary.ratio == pytest.approx(2.0)
    assert summary.gpudesk_peak_rss_mb == 160.0
    assert not summary.ratio_ok and summary.rss_ok
    with pytest.raises(ValueError):
        bench_startup.summarise([probe("bare", 0.5, 100.0, 90.0)])


def test_bare_window_probe_reports_first_paint_and_memory(bench_startup: ModuleType, tmp_path: Path) -> None:
    result = bench_startup.measure_once("bare", None, tmp_path / "home")
    assert result.kind == "bare"
    assert 0.0 < result.start_s < bench_startup.PROBE_TIMEOUT_S
    assert 20.0 < result.peak_rss_mb < 2000.0 and result.rss_mb <= result.peak_rss_mb
    assert 0.0 < result.paint_cpu_s <= result.results_cpu_s  # the process's CPU seconds at both moments
    assert bench_startup.cpu_medians([result], "bare") == (result.paint_cpu_s, result.results_cpu_s)
