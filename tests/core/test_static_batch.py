"""A static batch runs until its longest output ends (core/inference_batch.py): with a spread of output lengths
it lasts E[max of C outputs] decode steps, and its throughput counts only the C·O real tokens. Until stop 11 it
lasted the mean output, so a spread changed nothing (docs/performance-model.md: Llama-2-7B FP8 on one H100,
512 + 256 ± 128 tokens, batch 64: 6,967 -> 2,818 output tokens/s per GPU), and its requests/s was not its
tokens/s / O. Without a spread the batch runs O steps (the published gptSessionBenchmark cases run fixed lengths)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pytest
from test_training_samples import H100, LLAMA3_8B

from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.inference_lengths import expected_max_length

if TYPE_CHECKING:
    from gpudesk.project.model import Project

BATCHES = np.array([1.0, 8.0, 64.0, 256.0])


def worked_example(batching: str) -> Project:
    """docs/performance-model.md's worked example: Llama 3.1 70B FP8 TP4 on H200, 2,048 + 512 tokens, 2 million
    requests a day (69.4 requests/s at the peak), the default first-token targets (1 s at P50, 3 s at P99)."""
    from gpudesk.project.model import Project

    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.batching = "llm_inference", "llama-3.1-70b", 4, batching
    w.compute_dtype = w.weight_dtype = w.kv_dtype = "fp8"
    w.prompt_tokens, w.output_tokens, w.requests_per_day = 2048, 512, 2e6
    project.phases[0].hardware.accelerator_id = "h200-sxm"
    return project


def _static(sd: float):  # type: ignore[no-untyped-def]
    hw = HardwareArrays.from_accelerators([H100]).take(np.zeros(BATCHES.size, dtype=int))
    return estimate_inference(InferenceInputs(
        model=LLAMA3_8B, hardware=hw, prompt_tokens=512, output_tokens=256, output_sd=sd, concurrency=BATCHES,
        batching="static", ttft_target_s=0.0, ttft_tail_target_s=0.0))  # the batch as given: no first-token target


def test_the_expected_longest_output_is_the_largest_order_statistic() -> None:
    rng = np.random.default_rng(20261202)
    for cv in (0.5, 1.0):
        sigma = np.sqrt(np.log1p(cv * cv))
        for n in (1, 8, 64):
            draws = np.exp(np.log(256.0) - sigma * sigma / 2 + sigma * rng.standard_normal((20_000, n)))
            assert float(expected_max_length(256.0, cv * 256.0, n)) == pytest.approx(draws.max(axis=1).mean(),
                                                                                     rel=0.02)
    assert float(expected_max_length(256.0, 0.0, 64)) == 256.0 and float(expected_max_length(256.0, 128.0, 1)) == 256.0


def test_a_static_batch_lasts_its_longest_output_and_counts_its_real_tokens() -> None:
    fs = _static(128.0)
    longest = np.asarray(fs["infer.output_tokens_batch_max"], dtype=float)
    assert longest[0] == pytest.approx(256.0) and np.all(np.diff(longest) > 0)
    assert np.allclose(longest, expected_max_length(256.0, 128.0, BATCHES))
    # the batch's time: one prefill of the C prompts, then O_max decode steps; its tokens: C real outputs of O
    decode = np.asarray(fs["infer.decode_step_s"], dtype=float)
    tokens = np.asarray(fs["infer.tokens_per_s"], dtype=float)
    batch_time = BATCHES * 256.0 / tokens
    prefill = batch_time - longest * decode
    assert np.all(prefill > 0) and np.all(prefill < 0.5 * batch_time)
    fixed = _static(0.0)  # the same batch without a spread runs O steps after the same prefill
    fixed_time = BATCHES * 256.0 / np.asarray(fixed["infer.tokens_per_s"], dtype=float)
    assert np.allclose(fixed_time - 256.0 * np.asarray(fixed["infer.decode_step_s"], dtype=float), prefill)
    assert np.allclose(fixed["infer.output_tokens_batch_max"], 256.0)
    assert np.all(tokens[1:] < np.asarray(fixed["infer.tokens_per_s"], dtype=float)[1:])
    # a static batch serves its C requests at once: requests/s x O is the throughput
    assert np.allclose(np.asarray(fs["infer.requests_per_s"], dtype=float) * 256.0, tokens)
    assert np.allclose(np.asarray(fixed["infer.requests_per_s"], dtype=float) * 256.0, fixed["infer.tokens_per_s"])
    assert "O_max" in fs.formula("infer.tokens_per_s")


def test_a_static_replica_is_never_sized_to_serve_more_than_its_batches_carry() -> None:
    """Static batching queued each request as if it held its slot only for its own prefill and output (as in-flight
    batching does), so a replica took 16.3 requests/s where its batches carry 7.2 (C / (prefill(C·I) + O_max ·
    decode)): Llama 3.1 70B FP8 TP4 on H200 at 69 requests/s was sized at 20 GPUs static against 40 continuous.
    A request now holds its slot until its batch's longest output ends."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.results.pipeline import estimate_plan

    gpus = {}
    for batching in ("continuous", "static"):
        project = worked_example(batching)
        f = estimate_plan(project, Catalog.open(), layout=False).phases[0].figures
        assert f.number("infer.max_rate_per_replica") <= f.number("infer.requests_per_s")
        gpus[batching] = f.number("infer.gpus_needed")
    assert gpus["static"] >= gpus["continuous"], gpus


def test_a_static_batch_s_first_tokens_wait_for_its_whole_prefill() -> None:
    """A static batch produces its first tokens only once the whole batch is prefilled: at 184 sequences of 2,048
    tokens that is seconds, where the first token read one prompt's prefill (0.11 s: inputs-25's audit). The
    unloaded TTFT and the first token's prefill under load are the batch's prefill(C·I), and a TTFT target sizes
    a static replica by it."""
    hw = HardwareArrays.from_accelerators([H100]).take(np.zeros(BATCHES.size, dtype=int))
    fs = estimate_inference(InferenceInputs(
        model=LLAMA3_8B, hardware=hw, prompt_tokens=2048, output_tokens=256, concurrency=BATCHES,
        batching="static", request_rate=0.5, ttft_target_s=0.0, ttft_tail_target_s=0.0))
    one = np.asarray(fs["infer.prefill_s"], dtype=float)
    tpot = np.asarray(fs["infer.tpot_s"], dtype=float)
    ttft0 = np.asarray(fs["infer.ttft_unloaded_s"], dtype=float)
    batch_prefill = ttft0 - tpot
    assert batch_prefill[0] == pytest.approx(one[0])  # one request: its own prefill
    assert np.all(np.diff(batch_prefill) > 0) and batch_prefill[-1] > 100.0 * one[-1]  # 256 prompts, compute-bound
    # under load its first token waits for the prefill of the batch it rides in, b̄ (core/batch_server.py): at 0.5
    # requests/s mostly a batch of one, on the chord between one prompt's prefill and the whole batch's
    b, c = (np.asarray(fs[k], dtype=float) for k in ("infer.batch_at_rate", "infer.concurrency"))
    assert np.all(b >= 1.0) and np.all(b <= c) and np.all(b[1:] > 1.0)
    share = np.where(c > 1, (b - 1.0) / np.maximum(c - 1.0, 1.0), 0.0)
    assert np.allclose(fs["infer.ttft_prefill_s"], one + share * (batch_prefill - one))
    assert np.all(np.asarray(fs["infer.ttft_s"], dtype=float) >= one + tpot)
    assert "whole prefill" in fs.formula("infer.ttft_unloaded_s")
    # with a first-token target the batch is the largest whose prefill(C·I) + decode(C) meets it
    held = estimate_inference(InferenceInputs(
        model=LLAMA3_8B, hardware=hw, prompt_tokens=2048, output_tokens=256, concurrency=BATCHES,
        batching="static", request_rate=0.5, ttft_target_s=1.0, ttft_tail_target_s=3.0))
    conc = np.asarray(held["infer.concurrency"], dtype=float)
    assert np.all(np.asarray(held["infer.ttft_unloaded_s"], dtype=float) <= 1.0) and conc[-1] < BATCHES[-1]
    above = estimate_inference(InferenceInputs(
        model=LLAMA3_8B, hardware=hw.take(np.zeros(1, dtype=int)), prompt_tokens=2048, output_tokens=256,
        concurrency=conc[-1] + 1.0, batching="static", request_rate=0.5, ttft_target_s=0.0, ttft_tail_target_s=0.0))
    assert above.value_at("infer.ttft_unloaded_s", 0) > 1.0  # one more sequence would miss the target
    assert "TTFT targets" in held.formula("infer.concurrency")
    continuous = estimate_inference(InferenceInputs(
        model=LLAMA3_8B, hardware=hw, prompt_tokens=2048, output_tokens=256, concurrency=BATCHES,
        batching="continuous", request_rate=0.5))
    assert np.allclose(continuous["infer.ttft_unloaded_s"], np.asarray(continuous["infer.prefill_s"], dtype=float)
                       + np.asarray(continuous["infer.tpot_s"], dtype=float))  # in-flight: its own prefill


def test_the_worked_example_s_static_replicas_are_sized_on_the_batch_server() -> None:
    """Llama 3.1 70B FP8 TP4 on H200, 2,048 + 512 tokens at 69 requests/s, TTFT 1 s at P50 and 3 s at P99, static
    batches of 12 lasting 3.7 s (one request) to 5.1 s (twelve): a request arriving while a batch runs waits for it, so
    no more than ~1% of requests may find one running with more than 2.9 s left. Sized on 12 slots (M/G/c) it took
    43 replicas (172 GPUs); the batch server needs thousands. The replicas meet the P99 target and one fewer misses
    it, as the search's lever computes it (batch_server.first_tokens on the figures, inference_batch.batch_server_of)."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.core.batch_server import first_tokens
    from gpudesk.core.inference_batch import batch_server_of
    from gpudesk.results.pipeline import estimate_plan

    project = worked_example("static")
    f = estimate_plan(project, Catalog.open(), layout=False).phases[0].figures
    replicas, rate = f.number("infer.replicas_needed"), f.number("infer.in.request_rate")
    assert f.number("infer.ttft_at_percentile_s") <= 3.0 + 1e-6 and f.number("infer.ttft_s") <= 1.0
    assert replicas > 1_000 and f.number("infer.gpus_needed") == 4 * replicas
    assert f.number("infer.max_rate_per_replica") < 0.01 * f.number("infer.requests_per_s")
    server = batch_server_of(f)
    _, (wait,), prefill = first_tokens(server, np.array([rate / replicas]), (0.01,))
    assert float(wait[0] + prefill[0]) + f.number("infer.tpot_s") == pytest.approx(
        f.number("infer.ttft_at_percentile_s"), rel=1e-9)
    _, (wait,), prefill = first_tokens(server, np.array([rate / (replicas - 1)]), (0.01,))
    assert float(wait[0] + prefill[0]) + f.number("infer.tpot_s") > 3.0


def test_a_static_plan_sized_by_its_waits_is_warned_and_a_continuous_one_is_not() -> None:
    """The worked example needs 5,680 static replicas where its batches' throughput needs 30: the task step warns,
    with both counts and the batch of one's time, and names continuous batching; the same plan batched continuously,
    or static without first-token targets (sized by throughput), carries no such warning."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.results.pipeline import estimate_plan

    def checks(batching: str, ttft: float) -> dict[str, object]:
        project = worked_example(batching)
        w = project.phases[0].workloads[0]
        w.ttft_ms = w.ttft_p50_ms = ttft
        phase = estimate_plan(project, Catalog.open(), layout=False).phases[0]
        return {c.id: c for c in phase.checks}

    warned = checks("static", 1000.0)["serving.static_batch_wait"]
    assert warned.severity == "warning" and warned.numbers["carried"] == 30  # type: ignore[attr-defined]
    assert warned.numbers["replicas"] > 100 * 30  # type: ignore[attr-defined]
    assert "continuous" in warned.fix  # type: ignore[attr-defined]
    assert "serving.static_batch_wait" not in checks("continuous", 1000.0)
    assert "serving.static_batch_wait" not in checks("static", 0.0)
