"""System power cases (docs/validation.md): MLPerf-verified node draw, read consistently from the published run."""

from __future__ import annotations

from validation_cases_power import GROUP_POWER, POWER_CASES, predict_power
from validation_runner import MEDIAN_LIMITS
from validation_split import frozen_split


def test_each_run_gives_its_node_count_back_and_cites_the_submission():
    assert GROUP_POWER in MEDIAN_LIMITS and len({c.id for c in POWER_CASES}) == len(POWER_CASES) >= 3
    for c in POWER_CASES:
        # total DC energy / run time / (node + its network share) is the whole number of nodes the run used
        nodes = c.energy_dc_j / c.run_s / 1e3 / (c.node_dc_kw + c.network_dc_kw)
        assert abs(nodes - c.nodes) < 0.02, c.id
        assert 1.0 < c.energy_ac_j / c.energy_dc_j < 1.05 and c.measured > c.node_dc_kw, c.id
        assert "MLPerf Training v4.0" in c.citation and c.citation.startswith("Sustainable Metal Cloud"), c.id
        assert c.id not in frozen_split(), c.id


def test_gpudesk_figure_is_the_training_server_draw_between_idle_and_maximum():
    for c in POWER_CASES:
        kw, assumed = predict_power(c)
        assert 0.25 * 10.2 < kw < 10.2 and "dgx-h100" in assumed, c.id
