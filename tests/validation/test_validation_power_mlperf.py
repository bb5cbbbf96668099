"""MLPerf power-log cases: the parse rule, the cited data file, and gpudesk's figure for them."""

from __future__ import annotations

import json

from mlperf_power_log import window_mean
from validation_cases_power_mlperf import DATA, MLPERF_POWER_CASES, predict_mlperf_power
from validation_power_model import server_row
from validation_split import frozen_split


def _line(key: str, t: int, value: object = None) -> str:
    return ":::MLLOG " + json.dumps({"namespace": "", "time_ms": t, "event_type": "POINT_IN_TIME", "key": key,
                                      "value": value, "metadata": {}})


def test_window_mean_keeps_only_readings_inside_the_timed_run():
    result = "\n".join(["0: " + _line("init_start", 900), "0: " + _line("run_start", 1500),
                        "0: " + _line("run_stop", 4200)])
    power = "\n".join([_line("conversion_eff", 1000, 0.94)] + [
        _line("power_reading", t, w) for t, w in ((1000, 2800.0), (2000, 9000.0), (3000, 10000.0),
                                                   (3000, 10000.0), (4000, 5000.0), (5000, 3000.0))])
    got = window_mean(result, power)
    assert got["readings"] == 3 and got["mean_w"] == 8000.0 and got["run_s"] == 2.7


def test_data_file_cites_its_source_and_each_run_is_consistent():
    data = json.loads(DATA.read_text(encoding="utf-8"))
    for src in data["sources"].values():
        assert src["copy"].split("/")[1].startswith("training_results_v") and len(src["commit"]) == 40
        assert src["read"] and src["original"].startswith("https://github.com/mlcommons/") and "cooling" in src["system"]
    for r in data["runs"]:
        assert r["source"] in data["sources"] and r["server_id"] in ("dgx-b200", "dgx-h100"), r["id"]
        run_s = (r["run_stop_ms"] - r["run_start_ms"]) / 1e3
        # about one reading a second (Dell's meter: one per 1.3 s), a few skipped
        assert 0.7 * run_s < r["readings"] / r["nodes_read"] <= run_s + 1, r["id"]
        for n in r.get("per_node", []):
            assert 0.7 * run_s < n["readings"] <= run_s + 1 and n["min_w"] < n["mean_ac_w"] < n["max_w"], r["id"]
        if "per_node" in r:
            node_means = [n["mean_ac_w"] for n in r["per_node"]]
            assert len(node_means) == r["nodes_read"] and abs(sum(node_means) / len(node_means) - r["mean_ac_w"]) < 0.01
        assert r["min_w"] < r["mean_ac_w"] < r["max_w"] < 14_300, r["id"]
        assert r["power_log"].startswith(r["result_log"].rsplit("/", 1)[0] + "/power/result_0/node_"), r["id"]


def test_cases_are_held_out_and_gpudesk_reads_the_closest_server_row():
    assert len({c.id for c in MLPERF_POWER_CASES}) == len(MLPERF_POWER_CASES) >= 2
    frozen = frozen_split()
    for c in MLPERF_POWER_CASES:
        assert c.id not in frozen and "MLPerf Training v" in c.citation and c.server_id in c.note
        kw, assumed = predict_mlperf_power(c)
        kw_max = server_row(c.server_id)[0].power_max_kw
        assert kw_max is not None and 0.25 * kw_max < kw < kw_max and c.server_id in assumed, c.id
