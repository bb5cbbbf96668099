"""The pipeline-parallel serving series (validation_cases_pipeline.py): cited, stated as run, and read by gpudesk
with its stages."""

from __future__ import annotations

import math
from dataclasses import replace

from validation_cases_pipeline import (
    LLAMA70_PP,
    LLAMA405_PP,
    PIPELINE_SERVING_CASES,
    RTX_PRO_6000,
    blog_layouts,
    findings,
    with_16bit_peak,
)
from validation_cases_serving import REQUESTS, SERVING_CASES, bench_engine_settings
from validation_catalog import catalog
from validation_runner import predict_serving, serving_at
from validation_split import HELD_OUT, frozen_split


def test_cases_cite_the_page_and_state_the_layout_they_ran():
    assert len(LLAMA70_PP) == 40 and len(LLAMA405_PP) == 6
    assert len({c.id for c in PIPELINE_SERVING_CASES}) == len(PIPELINE_SERVING_CASES)
    frozen = frozen_split()
    for c in PIPELINE_SERVING_CASES:
        assert "00f3768" in c.citation and "RTX 6000 Pro" in c.citation, c.id
        assert f"tp{c.tp}-pp{c.pp}" in c.id and c.accelerator_id == RTX_PRO_6000 and c.weight_dtype == "fp4"
        batch = bench_engine_settings(c.model(), c.accelerator(), c.tp, c.weight_dtype, c.prompt, c.output, pp=c.pp)[0]
        assert c.max_batch == batch * c.pp and c.requests == REQUESTS[(c.prompt, c.output)]  # per micro-batch
        assert f"max_batch_size {batch:,}" in c.note and "not modelled), max_num" not in c.note, c.id
        assert f"TP{c.tp} x PP{c.pp}" in c.note and c.measured > 0
        assert frozen.get(c.id, HELD_OUT) == HELD_OUT  # added after the freeze: held-out
    assert {c.pp for c in LLAMA70_PP} == {1, 2, 4, 8} and {c.pp for c in LLAMA405_PP} == {8}


def test_bench_heuristic_sizes_the_batch_per_micro_batch():
    """trtllm-bench's finetune_setting divides the requests the KV cache holds by pp_size: with the 4,096 cap
    binding (Llama 3.1 8B FP8 at 128 + 128 on H200), two stages get 2,048 a micro-batch, two-way TP 4,096."""
    model, acc = catalog().model("llama-3.1-8b"), catalog().accelerator("h200-sxm")
    assert bench_engine_settings(model, acc, 2, "fp8", 128, 128)[0] == 4096
    assert bench_engine_settings(model, acc, 1, "fp8", 128, 128, pp=2)[0] == 2048
    for c in SERVING_CASES:  # pp = 1 leaves every existing case's engine as it was
        assert bench_engine_settings(c.model(), c.accelerator(), c.tp, c.weight_dtype, c.prompt, c.output, pp=1) \
            == bench_engine_settings(c.model(), c.accelerator(), c.tp, c.weight_dtype, c.prompt, c.output)


def test_shipped_row_without_a_16bit_peak_gives_unknown_not_zero():
    row = catalog().accelerator(RTX_PRO_6000)
    value = predict_serving(PIPELINE_SERVING_CASES[0])
    if row.bf16_tflops is None and row.fp16_tflops is None:
        assert math.isnan(value)
    else:
        assert value > 0


def test_the_stages_reach_the_serving_model():
    """The same run told one stage instead of eight reads differently: the harness passes ``pp``."""
    acc = with_16bit_peak(4.0)
    case = next(c for c in LLAMA70_PP if (c.prompt, c.output, c.pp) == (128, 2048, 8))
    eight = float(serving_at(case, float(case.max_batch), accelerator=acc)[0][0])
    one = float(serving_at(replace(case, pp=1), float(case.max_batch), accelerator=acc)[0][0])
    assert eight > 0 and one > 0 and eight != one


def test_findings_state_every_column():
    text = findings()[0]
    for pp in (1, 2, 4, 8):
        assert f"PP{pp} " in text
    assert "nan" not in text.lower()


def test_blog_layouts_read_both_layouts_per_user_and_per_gpu():
    """One sequence: the per-user rate is 1 / TPOT of that sequence; at the cap, PP8 holds pp micro-batches."""
    one, cap = blog_layouts(128, 128, True), blog_layouts(128, 128, False)
    assert set(one) == set(cap) == {"tp8", "pp8"}
    assert all(v > 0 and math.isfinite(v) for v in (*one.values(), *cap.values()))
    assert cap["tp8"] > one["tp8"] / 8  # 2,048 sequences on 8 GPUs make more per GPU than one sequence does
    assert "5.6x" in findings()[0]
