"""Help texts of the serving fields of ``Workload`` (load, targets, lengths, engine) and of the limits the
configuration search honours (site power, phase budget).

Kept here so the model stays short; the Chinese help is keyed by these texts (resources/i18n/figures_zh.toml).
"""

from __future__ import annotations

PROMPT_SD = (
    "spread of input lengths (standard deviation; lengths are taken as log-normal); 0 = every prompt the same"
)
OUTPUT_SD = "spread of output lengths (standard deviation; log-normal); 0 = every answer the same length"
CONCURRENCY = (
    "engine maximum batch per replica (vLLM's maximum number of sequences), every pipeline micro-batch together "
    "(TensorRT-LLM's --max_batch_size is per micro-batch: with pipeline parallel p it holds p times as many); 0 = "
    "derived: the largest batch whose KV cache fits and that meets the TPOT and end-to-end targets"
)
USERS = "people the service serves (stated in the proposal with the rate per user); 0 = not given"
REQUESTS = "daily volume; with a peak rate given and this 0, derived as peak rate × busy hours / peak factor"
BUSY_HOURS = (
    "hours a day the daily volume arrives in (e.g. 10 for office use); the peak factor applies "
    "over their average"
)
PEAK_RATE = "peak request rate as the customer states it; 0 = requests per day / (busy hours × 3,600) × peak factor"
PERCENTILE = "percentile at which the TTFT, TPOT and end-to-end targets must hold"
E2E = "end-to-end latency target at the latency percentile (request to last token); 0 = none"
QUANTIZATION = (
    "lowest precision the configuration search may recommend (lower ones are shown with their quality caveat)"
)
BATCHING = (
    "how the serving engine batches: continuous, in-flight batching with prefill tokens mixed into the decode "
    "steps, chunked or whole (TensorRT-LLM, vLLM V1, SGLang); separate prefill, each prefill is its own step "
    "and decoding waits (vLLM V0 default); static, fixed batches run to completion; disaggregated, separate "
    "prefill and decode pools, the KV cache moved between them"
)
PREFILL_TP = (
    "disaggregated serving: tensor parallel degree of each prefill instance (the decode instances run the plan's "
    "tensor parallel; pipeline and expert parallel are the same for both); 0 = the same as the decode instances"
)
PREFILL_POOL = (
    "disaggregated serving: GPUs of the prefill pool in one block of the deployment (set together with the decode "
    "pool: the block is repeated whole until the rate is served; a whole number of prefill instances); 0 = each "
    "pool sized from the rate"
)
DECODE_POOL = (
    "disaggregated serving: GPUs of the decode pool in one block of the deployment (set together with the prefill "
    "pool; a whole number of decode instances, each the larger of tensor and expert parallel × pipeline stages "
    "GPUs); 0 = each pool sized from the rate"
)
SCENARIO = (
    "MLPerf-style load: server = requests arrive at the peak rate and TTFT/TPOT targets bind; offline = batch "
    "work at the average rate, throughput only (no latency target); interactive = as server, and the median TTFT target "
    "must hold at the latency percentile too (every user's first token within it, as MLPerf's interactive scenario "
    "holds a tighter first-token limit at its percentile)"
)
ADP_BALANCE = (
    "the engine holds new prompts until every attention data-parallel group has one, then releases them together "
    "(TensorRT-LLM attention_dp_config.enable_balance). Read only for an MoE model whose expert parallel is wider "
    "than its tensor parallel (attention data-parallel): an iteration then waits only for the uneven part of each "
    "release (some group still has none where the timeout forced it), much less than without it; each new "
    "prompt waits in the balancer (its timeout and batching wait, below) and the wait counts against the "
    "first-token targets; off: each group admits its prompts as its own sequences end and every iteration waits "
    "for the group that prefills the most (vLLM, SGLang, TensorRT-LLM by default)"
)
ADP_TIMEOUT = (
    "attention data-parallel balancing: iterations a new prompt is held while some attention group has none, "
    "before the engine releases it anyway (TensorRT-LLM attention_dp_config.timeout_iters, default 50). Read with "
    "attention data-parallel balancing on: the hold joins the first token and counts against the TTFT targets"
)
ADP_BATCHING_WAIT = (
    "attention data-parallel balancing: iterations the engine holds new prompts more once every attention group "
    "has one, so more of them prefill together (TensorRT-LLM attention_dp_config.batching_wait_iters, default 10). "
    "Read with attention data-parallel balancing on"
)
ENGINE_RELEASE = (
    "the serving engine release that runs (or ran) the plan: current = what gpudesk models (TensorRT-LLM 1.2 and "
    "later, vLLM, SGLang); an earlier TensorRT-LLM release adds the host time each iteration of an attention "
    "data-parallel replica paid before release 1.2 (read only for an MoE model whose expert parallel is wider than "
    "its tensor parallel), and on B300 and GB300 runs FP4 matrix math at twice the FP8 rate, not the datasheet's "
    "three times (releases before 1.2 lack Blackwell Ultra's own FP4 instruction); pytorch-cudagraph / pytorch-eager = plain PyTorch layers, one kernel per tensor op (52 "
    "per Llama layer where an engine runs 9), decode steps replayed from a CUDA graph or run eager (the host "
    "launching every kernel), the prefill eager under both; vllm-v1-sync = vLLM's V1 engine scheduling "
    "synchronously (no --async-scheduling): every decode step also waits for the host's work on each sequence in "
    "flight, 21 µs each; the serving memory share is read as the release's engine reads it: of the free memory "
    "after the model loads for a TensorRT-LLM release, of the device total for the current engine (as vLLM and "
    "SGLang), so a TensorRT-LLM deployment names its release"
)
LENGTH_DATASET = (
    "the data set the requests look like: its published mean and spread of input and output lengths replace the "
    "plan's own (prompt tokens, output tokens and their spreads are then not read); none = the plan's own"
)
KV_BUCKET = (
    "static KV cache read in buckets: the engine allocates each sequence's cache for input + output and every decode "
    "step's attention reads it up to the next multiple of this many tokens (Optimum Habana text generation with "
    "--bucket_size N --bucket_internal; N at or above input + output: the whole cache every step, as with "
    "--reuse_cache and no bucket), half a bucket more than the tokens filled on average; 0 = the cache is read as "
    "filled (paged engines: TensorRT-LLM, vLLM, SGLang)"
)
TOKEN_BUDGET = (
    "the engine's token budget per iteration: decode tokens and prompt chunks one iteration may carry, per "
    "micro-batch with pipeline parallel and per rank with attention data-parallel (TensorRT-LLM --max_num_tokens, "
    "vLLM --max_num_batched_tokens); it caps the sequences in flight at stages x ranks x budget / (1 + input/output) "
    "and, in the server scenario, how fast prompts are fed; 0 = no budget"
)
FP8_CONTEXT_ATTENTION = (
    "the engine runs the prompt's attention (Q·Kᵀ and P·V of the prefill) in FP8 (TensorRT-LLM "
    "--use_fp8_context_fmha): on Hopper at FlashAttention-3's published FP8 rate (close to 1.2 PFLOP/s on H100, "
    "against 740 TFLOP/s in BF16); no other family has a published FP8 attention rate (on B200 and GB200 the "
    "softmax's exponentials already bound the 16-bit kernel), so there the setting is stated and the prompt's "
    "attention keeps its 16-bit rate; decode attention is unchanged"
)
MEMORY_SHARE = (
    "share of GPU memory given to the serving engine, read as the plan's engine release reads it: a TensorRT-LLM "
    "release takes it of the memory left free once the model has loaded, all of it for the KV cache (its free "
    "GPU memory fraction); vLLM, SGLang and the current engine take it of the device total, for weights, "
    "activations and KV cache together (GPU memory utilisation)"
)
POWER_LIMIT = (
    "IT power the site can give this phase's servers; 0 = no limit (the search drops "
    "configurations above it)"
)
BUDGET = (
    "the most the phase's configuration may cost over the horizon (owned: servers and running "
    "costs; rented: rent); 0 = no limit (the search drops configurations above it)"
)
