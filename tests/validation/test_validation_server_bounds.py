"""What bounded each logged MLPerf Inference Server run (mlperf_server_bounds, docs/validation.md)."""

from __future__ import annotations

from mlperf_inference_prediction import predict_mlperf_inference
from mlperf_llama_405b import INTERACTIVE_LOGS, SERVER_LOGS
from mlperf_server_bounds import (
    ASKED,
    BALANCER,
    MORE_405B_LOGS,
    V60_SERVER,
    balancer_hold,
    binding,
    bound_rows,
    deepseek_logs,
    log_capacity,
)
from validation_cases_mlperf_inference import MLPERF_INFERENCE_CASES

BY = {c.id: c for c in MLPERF_INFERENCE_CASES}


def test_each_logged_run_completed_the_rate_its_submitter_asked_for():
    """LoadGen issues a Server run's queries at its target_qps: every rate recorded as asked (the config's, or the log's
    where no config is stored) is what its log completed, within the log's two printed decimals."""
    logs = {**SERVER_LOGS, **MORE_405B_LOGS, **INTERACTIVE_LOGS}
    assert set(logs) <= set(ASKED)
    for i, (asked, how) in ASKED.items():
        done = logs[i]["samples_per_s"] if i in logs else BY[i].total_tokens_per_s / BY[i].output
        assert abs(done / asked - 1) < 0.01 and how, i


def test_binding_names_the_p99s_within_a_tenth_of_their_targets():
    targets = (2.0, 0.080)
    assert binding(1.94, 0.0708, targets) == "first token"
    assert binding(1.01, 0.0779, targets) == "TPOT"
    assert binding(1.9, 0.079, targets) == "first token and TPOT"
    assert binding(0.75, 0.0602, targets) == "neither"


def test_every_logged_deepseek_server_run_is_read_and_cited():
    logs = deepseek_logs()
    assert set(V60_SERVER) <= set(logs) and len(logs) == 5
    for i, log in logs.items():
        assert i in BY and BY[i].scenario == "server"
        assert 0 < log["ttft_p50"] < log["ttft_p99"] and 0 < log["tpot_p50"] <= log["tpot_p99"], i
    assert all("mlperf_log_detail.txt" in v[3] and "commit ab33b21" in v[3] for v in V60_SERVER.values())
    assert set(BALANCER) <= set(logs)


def test_deepseek_server_runs_ran_within_what_their_own_iteration_allows():
    """Read from the logs alone (the Server batch and median TPOT, the Offline run's mean iteration), each engine's
    80 ms P99 TPOT allows every logged DeepSeek-R1 Server run at least the rate it completed and at most 1.3x it."""
    for i, (ran, capacity, _) in log_capacity(BY, deepseek_logs()).items():
        assert ran <= capacity <= 1.3 * ran, (i, ran, capacity)


def test_a_server_run_below_both_targets_is_a_rate_gpudesk_allows():
    """A run whose logged P99s both sat well inside their targets served a rate its engine sustained within them, so
    gpudesk's highest rate meeting the same targets must not read below it."""
    below = [i for i, what, _, _ in bound_rows(BY) if what == "neither"]
    assert len(below) >= 4
    for i in below:
        assert predict_mlperf_inference(BY[i])[0] >= BY[i].measured, i


def test_the_balancer_hold_is_a_few_tenths_of_a_second():
    """(timeout + batching wait) iterations at the log's median TPOT: 0.5-0.8 s for every configured run, at most
    the log's P99 first token."""
    for i, (hold, p99) in balancer_hold(BY).items():
        assert 0.4 < hold <= p99, (i, hold, p99)


def test_the_added_405b_log_is_the_cases_run():
    """MORE_405B_LOGS holds the run each case measures: its completed tokens/s over the system's GPUs is the case's
    figure, and its output per sample the case's mean output within 5%."""
    for i, log in MORE_405B_LOGS.items():
        case = BY[i]
        assert abs(log["tokens_per_s"] / case.gpus / case.measured - 1) < 1e-3, i
        assert abs(log["tokens_per_s"] / log["samples_per_s"] / case.output - 1) < 0.05, i
        assert "mlperf_log_summary.txt" in log["citation"] and case.scenario == "server", i
