"""A training phase's server draw is read from its own step (issue 18): the compute share the power figures use is
the sized configuration's train.compute_time_s / train.step_time_s, and only energy follows it."""

from __future__ import annotations

import pytest


def test_training_phase_power_reads_its_step(searched_sample):
    estimate, _ = searched_sample("bank-llm-assistant")
    phase = estimate.phases[0]  # rented fine-tuning: the owning alternative carries the power figures (alt.*)
    fs = phase.figures
    share = fs.number("train.compute_time_s") / fs.number("train.step_time_s")
    assert 0.0 < share <= 1.0
    assert fs.number("alt.power.compute_share") == pytest.approx(share, rel=1e-12)
    draw = fs.number("alt.power.host_kw") + fs.number("alt.power.gpus_per_server") * fs.number("alt.power.gpu_draw_kw")
    assert fs.number("alt.power.server_kw") == pytest.approx(min(draw, fs.number("alt.power.server_max_kw")))
    # the racks are designed for the nameplate, never the average draw
    assert fs.number("alt.power.rack_kw") == pytest.approx(
        fs.number("alt.power.servers_per_rack") * fs.number("alt.power.server_max_kw"))
    assert fs.number("alt.power.server_kw") < fs.number("alt.power.server_max_kw")
