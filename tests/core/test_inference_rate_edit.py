"""An edit of the request rate alone (issue 24): within an active PassMemo (the window's phase cache) the serving
model keeps the replica's figures per input but the rate and runs only the queueing again. Every figure must be
what a fresh estimate at the new rate gives (values, explanations, key order); any other input sizes afresh; and the
kept figures are never changed by a later call."""

from __future__ import annotations

import json

import numpy as np
from test_training_samples import H100, LLAMA3_70B, MIXTRAL

from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.pass_memo import PassMemo
from gpudesk.results.plan_json import figures_to_json

KEPT = "gpudesk.core.inference._kept_replica"  # the memoised replica (other memoised parts it reads count apart)


def _text(fs) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(figures_to_json(fs, include_inputs=True), default=str)


def test_a_new_rate_runs_the_queue_alone_and_gives_the_fresh_figures() -> None:
    hw = HardwareArrays.from_accelerators([H100, H100])  # two rows: arrays, not scalars
    cases = [dict(model=LLAMA3_70B, tp=4.0, tpot_target_s=0.05),
             dict(model=MIXTRAL, tp=np.array([2.0, 4.0]), ep=2.0, batching="separate_prefill", prompt_sd=300.0),
             dict(model=LLAMA3_70B, tp=8.0, batching="disaggregated", scenario="interactive")]
    memo = PassMemo()
    for given in cases:
        first = InferenceInputs(hardware=hw, request_rate=3.0, **given)
        with memo.active():
            kept = _text(estimate_inference(first))
        assert kept == _text(estimate_inference(first))
        for rate in (7.5, np.array([0.5, 40.0]), 0.0):
            again = InferenceInputs(hardware=hw, request_rate=rate, **given)
            hits, misses = memo.counted(KEPT), memo.counted(KEPT, hit=False)
            with memo.active():
                got = estimate_inference(again)
            kept_shape = np.shape(rate) == ()  # the replica is kept per the rate's shape (fields_key's shape_only)
            assert (memo.counted(KEPT), memo.counted(KEPT, hit=False)) == (hits + kept_shape, misses + (not kept_shape)), \
                "a rate edit sized the replica again"
            assert _text(got) == _text(estimate_inference(again))
            assert got.value_at("infer.in.request_rate", 1) == float(np.broadcast_to(rate, 2)[1])
        with memo.active():
            assert _text(estimate_inference(first)) == kept, "a later rate changed the kept figures"
            misses = memo.counted(KEPT, hit=False)
            estimate_inference(InferenceInputs(hardware=hw, request_rate=3.0, **{**given, "prompt_tokens": 2048}))
        assert memo.counted(KEPT, hit=False) == misses + 1, "another input was served from the kept replica"
