"""Plan input kv_bucket_tokens (issue 18: plans that can say what was run): an engine that keeps a static KV cache of
input + output tokens and reads it in buckets (Optimum Habana's text generation with --bucket_size N
--bucket_internal; N at or above input + output: the whole cache every step, as with --reuse_cache and no bucket)."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import _inputs_to_json

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def test_a_static_cache_read_in_buckets_makes_each_decode_step_read_more(catalog) -> None:
    """128 + 128 tokens in a static batch: the mean context in flight is I + O/2 = 192; read in buckets of 128 the
    attention reads to the next multiple of 128, 256 at every step (192 + 64, at most I + O); a bucket above I + O
    reads the whole 256-token cache; the step is longer and fewer tokens come out; the input is echoed and named in
    the decode step's explanation."""
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.serving_scenario, w.batching = "llm_inference", "llama-3.1-8b", "offline", "static"
    w.prompt_tokens, w.output_tokens, w.concurrency = 128, 128, 1024
    w.weight_dtype = w.kv_dtype = "fp8"
    project.phases[0].hardware.accelerator_id = "gaudi3"

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
