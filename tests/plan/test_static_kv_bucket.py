"""Plan inputs that say how a serving engine ran attention (issue 18: plans that can say what was run):
kv_bucket_tokens, a static KV cache of input + output tokens read in buckets (Optimum Habana's text generation with
--bucket_size N --bucket_internal; N at or above input + output: the whole cache every step, as with --reuse_cache
and no bucket), and flash_attention, whether attention runs a fused kernel."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import _inputs_to_json

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def _static_fp8(model: str, accelerator: str, prompt: int, output: int, batch: int) -> Project:
    """A static batch of FP8 weights and KV cache, offline, as Intel's model-performance tables ran."""
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.serving_scenario, w.batching = "llm_inference", model, "offline", "static"
    w.prompt_tokens, w.output_tokens, w.concurrency = prompt, output, batch
    w.weight_dtype = w.kv_dtype = "fp8"
    project.phases[0].hardware.accelerator_id = accelerator
    return project


def test_a_static_cache_read_in_buckets_makes_each_decode_step_read_more(catalog) -> None:
    """128 + 128 tokens in a static batch: the mean context in flight is I + O/2 = 192; read in buckets of 128 the
    attention reads to the next multiple of 128, 256 at every step (192 + 64, at most I + O); a bucket above I + O
    reads the whole 256-token cache; the step is longer and fewer tokens come out; the input is echoed and named in
    the decode step's explanation."""
    project = _static_fp8("llama-3.1-8b", "gaudi3", 128, 128, 1024)
    w = project.phases[0].workloads[0]

    def run(bucket: int):  # type: ignore[no-untyped-def]
        w.kv_bucket_tokens = bucket
        return estimate_plan(project, catalog).phases[0].figures

    filled, bucketed, whole = run(0), run(128), run(100_000)
    assert filled.number("infer.context_in_flight") == filled.number("infer.context_read") == 192
    assert bucketed.number("infer.context_read") == whole.number("infer.context_read") == 256
    assert bucketed.number("infer.decode_step_s") > filled.number("infer.decode_step_s")
    assert bucketed.number("infer.tokens_per_s") < filled.number("infer.tokens_per_s")
    assert "infer.context_read" in [q.key for q in bucketed.explain("infer.decode_step_s").inputs]
    assert "infer.in.kv_bucket_tokens" in [q.key for q in bucketed.explain("infer.context_read").inputs]
    assert _inputs_to_json(bucketed)["infer.in.kv_bucket_tokens"]["value"] == 128
    w.prompt_tokens, w.output_tokens = 2048, 2048  # half a bucket more than the 3,072 filled on average
    assert run(128).number("infer.context_read") == 3072 + 64


def test_attention_without_a_fused_kernel_moves_its_scores_through_hbm(catalog) -> None:
    """flash_attention off (Intel's Mistral 7B commands run Optimum Habana without --use_flash_attention): every score
    a·n of a token goes through HBM, ATTENTION_SCORE_BYTES_SERVING (8 B) each; a decode step of C sequences at
    context c reads L·a·c·C·8 B more beside its KV cache, a prompt of n tokens moves L·a·n²·8 B (and computes the
    masked half of its scores); the input is echoed and the constant named in the step's explanation."""
    project = _static_fp8("mistral-7b-v0.1", "gaudi2", 2048, 128, 120)
    w = project.phases[0].workloads[0]

    def run(flash: bool):  # type: ignore[no-untyped-def]
        w.parallel.flash_attention = flash
        return estimate_plan(project, catalog).phases[0].figures

    fused, unfused = run(True), run(False)
    layers, heads, n, c = 32, 32, 2048, fused.number("infer.context_read")
    kv_rate = fused.number("hw.hbm_bw") * fused.number("eff.serving_kv_bw")
    scores = layers * heads * c * 120 * 8.0  # bytes a decode step of the batch reads beside its KV cache
    extra = unfused.number("infer.decode_step_s") - fused.number("infer.decode_step_s")
    assert extra == pytest.approx(scores / kv_rate, rel=1e-6)
    prompt = layers * heads * n * n * 8.0 / (fused.number("hw.hbm_bw") * fused.number("eff.hbm"))
    assert unfused.number("infer.prefill_s") > fused.number("infer.prefill_s") + prompt
    assert unfused.number("infer.tokens_per_s") < fused.number("infer.tokens_per_s")
    assert _inputs_to_json(unfused)["infer.in.flash_attention"]["value"] == "no"
    assert "eff.serving_score_bytes" in [q.key for q in unfused.explain("infer.decode_step_s").inputs]
    assert "eff.serving_score_bytes" not in fused
