"""Each parser on real-format samples, including malformed lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.calibration import LOG_FORMATS, UnrecognisedLogError, detect_and_parse
from gpudesk.project.model import Measurement as PlanMeasurement

SAMPLES = Path(__file__).parent / "samples"


def parse(name: str):
    path = SAMPLES / name
    return detect_and_parse(path.read_text(encoding="utf-8"), str(path))


def problem_lines(result) -> list[int]:
    return [p.line for p in result.problems]


def test_megatron_iterations_memory_and_truncated_line():
    result = parse("megatron_llama3_8b_pretrain.log")
    assert result.log_format == "megatron"
    steps = [m for m in result.measurements if "step_time_s" in m.values]
    assert len(steps) == 10
    first = steps[0]
    assert first.values["step_time_s"] == pytest.approx(24.8903)
    assert first.conditions["step"] == 10 and first.conditions["global_batch"] == 128
    assert first.values["samples_per_s"] == pytest.approx(128 / 24.8903)
    assert "tflops_per_gpu" in first.values and "loss" in first.values
    memory = [m for m in result.measurements if "memory_gb" in m.values]
    assert memory[0].values["memory_gb"] == pytest.approx(71250.8046875 * 2**20 / 1e9)
    assert memory[0].conditions == {"rank": 0.0, "step": 10.0}
    assert len(result.problems) == 1
    bad = result.problems[0]
    assert "elapsed time per iteration" in bad.reason
    assert (SAMPLES / "megatron_llama3_8b_pretrain.log").read_text().splitlines()[bad.line - 1].strip().startswith("[2025-03-04 10:19:02]")


def test_megatron_current_over_average_elapsed_time():
    line = (" [2025-01-01 00:00:00] iteration       20/     100 | consumed samples:        2560 | "
            "elapsed time per iteration (ms): 1500.0/1600.0 | learning rate: 1.0E-04 | global batch size:   128 |")
    result = detect_and_parse(line + "\n")
    assert result.measurements[0].values["step_time_s"] == pytest.approx(1.5)


def test_torchtitan_with_colour_codes_and_bad_tps():
    result = parse("torchtitan_llama3_8b.log")
    assert result.log_format == "torchtitan"
    assert len(result.measurements) == 11
    step10 = next(m for m in result.measurements if m.conditions["step"] == 10)
    assert step10.values["mfu"] == pytest.approx(step10.values["tflops_per_gpu"] / 989.0, rel=2e-3)
    assert step10.values["memory_gb"] == pytest.approx(57.85 * 2**30 / 1e9)
    assert 6000 < step10.values["tokens_per_s_per_gpu"] < 6400
    assert len(result.problems) == 1 and "tps" in result.problems[0].text


def test_deepspeed_breakdown_timer_and_flops_profiler():
    result = parse("deepspeed_zero3_llama2_7b.log")
    assert result.log_format == "deepspeed"
    breakdown = [m for m in result.measurements if set(m.values) == {"step_time_s"}]
    assert len(breakdown) == 10  # microstep lines are not used
    assert breakdown[0].values["step_time_s"] == pytest.approx((1310.5 + 2622.9 + 240.1) / 1000)
    assert breakdown[0].conditions["step"] == 1
    timers = [m for m in result.measurements if "samples_per_s" in m.values and "memory_gb" in m.values]
    assert timers[0].values["memory_gb"] == pytest.approx(38.49 * 2**30 / 1e9)
    profile = next(m for m in result.measurements if "tflops_per_gpu" in m.values)
    assert profile.values == pytest.approx({"step_time_s": 2.09, "tflops_per_gpu": 337.07, "samples_per_s": 30.63})
    assert profile.conditions == {"step": 10.0, "gpus": 8.0, "micro_batch": 8.0}
    assert len(result.problems) == 1 and "lacks" in result.problems[0].reason


def test_hf_trainer_dicts_quoted_numbers_and_unclosed_dict():
    result = parse("hf_trainer_qwen_lora.log")
    assert result.log_format == "hf_trainer"
    losses = [m.values["loss"] for m in result.measurements if "loss" in m.values]
    assert losses == pytest.approx([1.8423, 1.4127, 1.2917, 1.198, 1.1022])
    summaries = [m for m in result.measurements if "runtime_s" in m.values]
    assert len(summaries) == 1  # TrainOutput repeats the same summary
    assert summaries[0].values["step_time_s"] == pytest.approx(1 / 0.394)
    assert summaries[0].values["samples_per_s"] == pytest.approx(12.563)
    assert len(result.problems) == 1 and "not closed" in result.problems[0].reason


def test_vllm_sweep_two_blocks_with_missing_p99():
    result = parse("vllm_bench_serve_sweep.txt")
    assert result.log_format == "serving_benchmark"
    low, high = result.measurements
    assert low.conditions["concurrency"] == 16 and high.conditions["concurrency"] == 64
    assert "request_rate" not in low.conditions  # "inf" carries no finite rate
    assert low.values["output_tokens_per_s"] == pytest.approx(2508.92)
    assert low.values["ttft_p99_s"] == pytest.approx(0.14877)
    assert low.values["tpot_mean_s"] == pytest.approx(0.00628)
    assert "ttft_p99_s" not in high.values
    assert [p.reason for p in result.problems] == ["no number after 'P99 TTFT (ms)'"]
    assert any("vLLM" in note for note in result.notes)


def test_sglang_bench_serving():
    result = parse("sglang_bench_serving.txt")
    (m,) = result.measurements
    assert m.conditions["concurrency"] == 128 and m.conditions["request_rate"] == 8.0
    assert m.values["e2e_mean_s"] == pytest.approx(1.27131)
    assert m.values["itl_p95_s"] == pytest.approx(0.00335)
    assert any("SGLang" in note for note in result.notes)
    assert not result.problems


def test_trtllm_bench_overview_and_world():
    result = parse("trtllm_bench_llama70b_fp8.txt")
    assert result.log_format == "trtllm_bench"
    (m,) = result.measurements
    assert m.values["output_tokens_per_s_per_gpu"] == pytest.approx(2589.3632)
    assert m.values["ttft_p99_s"] == pytest.approx(2.7149904)
    assert m.values["tpot_mean_s"] == pytest.approx(0.0232888)
    assert m.conditions["gpus"] == 4 and m.conditions["concurrency"] == pytest.approx(246.8813)
    assert "ep" not in m.conditions  # "EP Size: None"


def test_mlperf_offline_summary_and_invalid_server_run():
    result = parse("mlperf_log_summary.txt")
    (m,) = result.measurements
    assert m.values["samples_per_s"] == pytest.approx(34.6112)
    assert m.values["output_tokens_per_s"] == pytest.approx(10124.58)
    assert m.values["e2e_p99_s"] == pytest.approx(643.291017720)
    assert m.conditions["mlperf_valid"] == 1.0
    server = "\n".join([
        "MLPerf Results Summary", "Scenario : Server", "Completed samples per second    : 13.33",
        "Completed tokens per second: 3883.67", "Result is : INVALID",
        "99.00 percentile first token latency (ns)   : 1760966679", "Mean Time to Output Token (ns)  : not-a-number",
    ])
    invalid = detect_and_parse(server, "mlperf_log_summary.txt")
    (s,) = invalid.measurements
    assert s.conditions["mlperf_valid"] == 0.0 and s.values["ttft_p99_s"] == pytest.approx(1.760966679)
    assert any("INVALID" in note for note in invalid.notes)
    assert problem_lines(invalid) == [7]


def test_nvidia_smi_units_na_and_short_row():
    result = parse("nvidia_smi_query.csv")
    assert result.log_format == "nvidia_smi_csv"
    assert len(result.measurements) == 13
    busy = result.measurements[4]
    assert busy.values["gpu_util"] == pytest.approx(0.97)
    assert busy.values["memory_gb"] == pytest.approx(72330 * 2**20 / 1e9)
    assert busy.values["power_w"] == pytest.approx(655.71)
    assert busy.conditions["elapsed_s"] == pytest.approx(20.002)
    assert problem_lines(result) == [9, 12]


def test_nvidia_smi_nounits_with_index():
    text = "index, utilization.gpu [%], memory.used [MiB], power.draw [W]\n0, 95, 70000, 650.5\n1, 93, 70100, 640.0\n"
    result = detect_and_parse(text, "smi.csv")
    assert [m.conditions["gpu_index"] for m in result.measurements] == [0.0, 1.0]
    assert result.measurements[0].values == pytest.approx({"gpu_util": 0.95, "memory_gb": 70000 * 2**20 / 1e9, "power_w": 650.5})


def test_fio_text_groups_and_bad_iops_line():
    result = parse("fio_seqread_group.txt")
    read, write = result.measurements
    assert read.values["read_gbs"] == pytest.approx(5611 * 2**20 / 1e9)
    assert read.values["read_iops"] == 5611 and read.conditions["jobs"] == 8
    assert write.values["write_iops"] == 2100 and write.values["write_gbs"] == pytest.approx(2110 * 2**20 / 1e9)
    assert problem_lines(result) == [20]


def test_fio_json_and_old_format():
    result = parse("fio_randread.json")
    (m,) = result.measurements
    assert m.values == pytest.approx({"read_gbs": 3.914683733, "read_iops": 955733.333333})
    old = detect_and_parse("job: (groupid=0, jobs=1): err= 0: pid=1\nRun status group 0 (all jobs):\n"
                           "   READ: io=995212KB, aggrb=2109KB/s, minb=2109KB/s\n")
    assert any("2.x" in p.reason for p in old.problems)


def test_dataloader_lines():
    result = parse("dataloader_throughput.log")
    assert [m.values["samples_per_s"] for m in result.measurements][:2] == [6120.4, 18342.6]
    assert result.measurements[0].conditions == {"step": 1.0, "workers": 16.0, "batch_size": 256.0}
    assert problem_lines(result) == [6]


def test_unrecognised_text_names_every_format():
    with pytest.raises(UnrecognisedLogError) as info:
        detect_and_parse("hello\nthis is not a log\n", "notes.txt")
    message = str(info.value)
    assert "notes.txt" in message
    for log_format in LOG_FORMATS:
        assert log_format.label in message


def test_measurement_maps_onto_the_project_model():
    m = parse("mlperf_log_summary.txt").measurements[0]
    plan = m.to_plan("h100-sxm")
    assert isinstance(plan, PlanMeasurement)
    assert plan.kind == "inference" and plan.accelerator_id == "h100-sxm"
    assert plan.source_name == "mlperf_log_summary.txt:5"
    assert plan.values["samples_per_s"] == pytest.approx(34.6112)


@pytest.mark.parametrize("junk", ["", "\x00\x01\x02", "iteration | | |", "{'loss': [", "= PERFORMANCE OVERVIEW\nRequest Throughput (req/sec): x"])
def test_garbage_never_crashes(junk):
    try:
        result = detect_and_parse(junk)
    except UnrecognisedLogError:
        return
    assert isinstance(result.problems, list)
