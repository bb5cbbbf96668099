"""What a serving estimate is computed from: the model, the accelerator rows, the precisions, the request lengths and
their spread, the layout, the targets, batching and scenario, and the engine's settings (:class:`InferenceInputs`),
with the numeric inputs' units and labels as the figures record them. Numeric fields broadcast over candidates;
core/inference.py estimates the replica from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gpudesk.catalog.records import ModelArch
from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.hardware import HardwareArrays
from gpudesk.vocabulary.precision import serving_math as weights_math
from gpudesk.vocabulary.serving import ADP_BALANCE_BATCHING_WAIT_ITERS as ADP_WAIT
from gpudesk.vocabulary.serving import ADP_BALANCE_TIMEOUT_ITERS as ADP_TIMEOUT

BATCHING = ("continuous", "separate_prefill", "static", "disaggregated")
SCENARIOS = ("server", "offline", "interactive")


def serving_math(weight_dtype: str, compute_dtype: str | None) -> str:
    """The format a serving replica's GEMMs run in: the one given, else the weight format's (int4 weight-only: bf16)."""
    return compute_dtype or weights_math(weight_dtype)


@dataclass(frozen=True)
class InferenceInputs:
    model: ModelArch
    hardware: HardwareArrays
    weight_dtype: str = "bf16"
    kv_dtype: str = "bf16"
    compute_dtype: str | None = None  # None: the weight format's math (int4 weight-only runs bf16 math)
    prompt_tokens: Any = 1024  # mean input length
    output_tokens: Any = 256  # mean output length
    prompt_sd: Any = 0.0  # spread (standard deviation) of input lengths, tokens
    output_sd: Any = 0.0  # spread of output lengths
    concurrency: Any = 0  # the engine's maximum batch per replica; 0 = derived (KV cache, TPOT and E2E targets)
    tp: Any = 1
    pp: Any = 1
    ep: Any = 1
    request_rate: Any = 0.0  # requests/s at peak, all replicas together
    percentile: float = 0.99  # level at which the tail targets (TTFT, TPOT, end-to-end) hold
    ttft_target_s: Any = 1.0  # median (P50); 0 = none
    ttft_tail_target_s: Any = 3.0  # at ``percentile``; 0 = none
    tpot_target_s: Any = 0.0  # 0 = no TPOT target
    e2e_target_s: Any = 0.0  # at ``percentile``; 0 = none
    batching: str = "continuous"  # continuous | separate_prefill | static | disaggregated
    disaggregated: bool = False  # also set by batching = "disaggregated"
    scenario: str = "server"  # server | offline (no latency targets) | interactive (TPOT binds)
    serving_fraction: float | None = None  # memory share the engine may use; None = SERVING_MEMORY_FRACTION
    calibration: CalibrationScales | None = None  # pilot-fitted efficiency scales (core/calibration_hook.py)
    derive_batch: bool = True  # False: C is the given batch capped by the KV cache only (a search checks TPOT)
    queue: bool = True  # False: no queueing figures (rates, replicas, loaded TTFT), for sweeps that read none
    layout_search: bool = True  # False: no mem.min_gpus (the fewest GPUs for one replica), for sweeps and searches
    power_shares: bool = True  # False: no infer.compute_bound_share / memory_bound_share (a search reads none)
    # False: no infer.server_ttft_tail_s, the first token at the percentile at the highest rate (with the ADP
    # balancer's hold a bisection of hold and wait composed over every row, core/held_first_token.py; a search reads none)
    server_ttft_tail: bool = True
    ttft_p99: bool = True  # False: no infer.ttft_p99_s (with the ADP balancer a third bisection of hold and wait; a search reads none)
    # the engine holds new prompts until every attention data-parallel group has one (TensorRT-LLM's
    # attention_dp_config.enable_balance, its timeout and batching wait in iterations: core/adp_hold.py,
    # core/adp_release.py; vLLM and SGLang have no such wait)
    prompts_aligned: bool = False
    # every request of one length, all fed at once (trtllm-bench's throughput runs): every group admits the same
    # prompts in the same iterations and ends them together, whatever the engine holds (no wait without a TTFT target)
    identical_requests: bool = False
    adp_timeout_iters: int = ADP_TIMEOUT
    adp_batching_wait_iters: int = ADP_WAIT
    kv_bucket_tokens: Any = 0  # static KV cache read in buckets of N tokens (0: as filled; core/inference_lengths.py)
    max_tokens_per_iteration: Any = 0  # the engine's token budget per micro-batch iteration (0: none; core/token_budget.py)
    flash_attention: bool = True  # False: no fused attention kernel, every score through HBM (core/inference_step.py)
    fp8_context_attention: bool = False  # the prompt's attention at the FP8 rate (core/context_attention.py)
    engine_release: str = "current"  # the serving engine release that runs the plan (core/engine_release.py)
    # the data set whose lengths the four length inputs are ("none": the plan's own; core/request_lengths.py)
    length_dataset: str = "none"
    # disaggregated serving (core/inference_disagg.py): each prefill instance's tensor parallel (0 = tp, the decode
    # instances'), and one block's prefill and decode pools in GPUs (both 0: each pool sized from the rate on its own)
    prefill_tp: Any = 0
    prefill_pool_gpus: float = 0.0
    decode_pool_gpus: float = 0.0


FIELDS = ("prompt_tokens", "output_tokens", "prompt_sd", "output_sd", "concurrency", "tp", "pp", "ep",
          "request_rate", "ttft_target_s", "ttft_tail_target_s", "tpot_target_s", "e2e_target_s", "kv_bucket_tokens")
LENGTH_INPUTS = ("prompt_tokens", "output_tokens", "prompt_sd", "output_sd")  # a named data set's (length_dataset)
UNITS = {"kv_bucket_tokens": "tokens", "prompt_tokens": "tokens", "output_tokens": "tokens", "prompt_sd": "tokens", "output_sd": "tokens",
         "concurrency": "sequences", "tp": "GPUs", "pp": "stages", "ep": "GPUs", "request_rate": "requests/s",
         "ttft_target_s": "s", "ttft_tail_target_s": "s", "tpot_target_s": "s", "e2e_target_s": "s"}
LABELS = {"tp": "tensor parallel t", "pp": "pipeline stages p", "ep": "expert parallel e",
          "request_rate": "request rate", "prompt_tokens": "mean input length", "output_tokens": "mean output length",
          "prompt_sd": "spread of input lengths", "output_sd": "spread of output lengths",
          "concurrency": "engine maximum batch (0 = derived)", "ttft_target_s": "TTFT target (P50; 0 = none)",
          "ttft_tail_target_s": "TTFT target at the percentile", "tpot_target_s": "TPOT target",
          "e2e_target_s": "end-to-end target at the percentile (0 = none)",
          "kv_bucket_tokens": "KV cache read in buckets of (0 = as filled)"}
