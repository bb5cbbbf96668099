"""Published serving measurements with in-flight (continuous) batching under maximum load.

Source: NVIDIA TensorRT-LLM ``docs/source/performance/perf-overview.md``
(repository NVIDIA/TensorRT-LLM, commit 00f37686aa854010d68bcbd0f4ab000221541ca6,
the v1.0 tables): ``trtllm-bench throughput`` with the PyTorch backend, every
request of one input/output length (token-norm-dist, standard deviation 0),
requests "fed at an infinite rate" (the offline scenario). The metric is
Total Output Throughput (tokens/s) of one TP group; per GPU = that / TP.
Quantized checkpoints: NVIDIA ModelOpt FP8 (Hopper) and NVFP4 (Blackwell);
the KV cache is taken at the weights' precision (FP8) on Hopper and FP8 on
Blackwell (NVFP4 checkpoints keep an FP8 KV cache).

What the page fixes and gpudesk is told: model, GPU, TP, precision, input and
output length, the KV-cache share of free memory (0.90 default, "in many
cases" 0.95: 0.90 is used). What the page's commands leave to trtllm-bench and
gpudesk is told as it ran: the engine's max_batch_size and max_num_tokens, which
trtllm-bench sets from its own heuristic when the command gives neither
(``bench_engine_settings``); max_batch_size is the cap per micro-batch, and per
rank with attention data-parallel, so the replica holds that times pp or times
the attention ranks (``engine_batch_cap``) — stated per case in the note.

Accelerators and models are the shipped catalog rows (``catalog.db``), so
the suite checks what a plan would use. Llama 3.3 70B has Llama 3.1 70B's
architecture (same config.json shapes), so the catalog's ``llama-3.1-70b``
row stands for it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine_releases import DEEPSEEK_BLOG_RELEASE, PERF_OVERVIEW_RELEASE
from validation_catalog import catalog

from gpudesk.catalog.records import Accelerator, ModelArch
from gpudesk.core.hardware_sources import capacity_bytes

PERF_OVERVIEW = ("NVIDIA TensorRT-LLM docs/source/performance/perf-overview.md (v1.0 tables, commit 00f3768, "
                 "https://github.com/NVIDIA/TensorRT-LLM/blob/00f37686aa854010d68bcbd0f4ab000221541ca6/docs/"
                 "source/performance/perf-overview.md)")
ENGINE_MAX_BATCH = 2048  # a batch cap assumed where a run states none and no heuristic of its engine is known (the default ServingCase.max_batch; blog_layouts)
KV_FRACTION = 0.90  # the page: --kv_cache_free_gpu_mem_fraction default 0.90
# the page's $num_requests per (input, output) length ('For each input and output sequence length combination, the
# table below details the $num_requests that were used'): each run is that many requests, all queued at once
REQUESTS = {(128, 128): 30000, (128, 2048): 3000, (128, 4096): 1500, (1000, 2000): 1500, (2048, 128): 3000,
            (2048, 2048): 1500, (5000, 500): 1500, (1000, 1000): 3000, (500, 2000): 3000, (20000, 2000): 1000}

# the page's llm_options.yml, dense and MoE alike: cuda_graph_config with enable_padding: true and these batch_sizes;
# the engine captures those ≤ its max_batch_size and max_num_tokens (tensorrt_llm/_torch/pyexecutor/model_engine.py,
# PyTorchModelEngine: _cuda_graph_batch_sizes) and pads a generation-only step to the smallest ≥ its batch
PAGE_GRAPH_BATCHES = (1, 2, 4, 8, 16, 32, 64, 128, 256, 384, 512, 1024, 2048, 4096, 8192)
TRTLLM_BENCH = ("NVIDIA TensorRT-LLM tensorrt_llm/bench/build/tuning.py (calc_engine_setting, finetune_setting) and "
                "tensorrt_llm/bench/benchmark/utils/general.py (get_settings)")


# What trtllm-bench counts as the checkpoint's parameters (bench/build/dataclasses.py ModelConfig.get_param_count):
# the elements of every tensor in its safetensors headers, all dtypes summed (huggingface_hub
# src/huggingface_hub/utils/_safetensors.py, commit 18c8713, TensorInfo.parameter_count = the shape's product). An
# NVFP4 checkpoint stores each linear weight of the transformer blocks as [out, in / 2] bytes, two FP4 values a byte,
# with an FP8 scale per 16 values [out, in / 16] (TensorRT-LLM tensorrt_llm/_torch/modules/linear.py, commit 00bbf71,
# NVFP4LinearMethod: the weight it loads is [out_features, in_features // 2] of float4_e2m1x2 and its weight_scale
# float8_e4m3fn at scaling_vector_size 16); the embeddings and the output head stay 16 bit ('Only the weights and
# activations of the linear operators within transformers blocks are quantized', the model card of
# nvidia/Llama-3.1-405B-Instruct-FP4, one of the page's FP4 checkpoints). Norms and MoE routers (under 0.1%) are
# counted as quantized. FP8 checkpoints store one element per weight.
NVFP4_ELEMENTS_PER_WEIGHT = 1.0 / 2.0 + 1.0 / 16.0


def checkpoint_parameter_count(model: ModelArch, weight_dtype: str) -> float:
    """The parameter count trtllm-bench reads from the checkpoint's safetensors headers (see above): the model's
    parameters for an FP8 checkpoint; for NVFP4 the block weights at 1/2 + 1/16 elements each plus the 16-bit
    embeddings and head (vocab · hidden, twice unless tied)."""
    if weight_dtype != "fp4":
        return float(model.params_total)
    embeddings = float(model.vocab * model.hidden * (1 if model.tied_embeddings else 2))
    return (float(model.params_total) - embeddings) * NVFP4_ELEMENTS_PER_WEIGHT + embeddings


def bench_engine_settings(model: ModelArch, acc: Accelerator, tp: int, weight_dtype: str, isl: int,
                          osl: int, kv_fraction: float = KV_FRACTION, pp: int = 1) -> tuple[int, int]:
    """(max_batch_size, max_num_tokens) trtllm-bench sets when the command gives neither, as the page's do
    (TRTLLM_BENCH): the KV cache of (total GPU memory, NVML's, of the tp·pp GPUs − the checkpoint's parameter count,
    ``checkpoint_parameter_count``, at 0.5 B for NVFP4 and 1 B for FP8) × the KV
    share holds R requests of isl + osl tokens at 2·L·max(tp, KV heads)·d·1 B (FP8 KV) per token; raw batch
    min(R, 4,096) / pp (per micro-batch: calc_engine_setting passes pp_size to finetune_setting), rounded up (to 32 below 256, 128 below 1,024, else 256; at least 64); raw tokens min(batch·(1 + isl/osl),
    32,768), rounded up (256 below 4,096, at least 2,048; 512 below 8,192; else 1,024); and, chunked prefill being
    off (the page does not enable it), max_num_tokens at least isl + max_batch_size. With attention data-parallel
    both hold per rank."""
    gib = 2.0 ** 30
    per_token = 2.0 * model.n_layers * max(tp, model.n_kv_heads) * model.head_dim * 1.0 / gib
    engine = checkpoint_parameter_count(model, weight_dtype) * (0.5 if weight_dtype == "fp4" else 1.0) / gib
    requests = (capacity_bytes(acc) / gib * tp * pp - engine) * kv_fraction / (per_token * (isl + osl))
    raw_bs = min(requests, 4096.0) / pp
    raw_tokens = min(raw_bs * (1.0 + isl / osl), 32768.0)
    step = 32 if raw_bs < 256 else 128 if raw_bs < 1024 else 256
    batch = max(64, step * math.ceil(raw_bs / step)) if raw_bs < 256 else step * math.ceil(raw_bs / step)
    unit = 256 if raw_tokens < 4096 else 512 if raw_tokens < 8192 else 1024
    tokens = unit * math.ceil(raw_tokens / unit)
    tokens = max(2048, tokens) if raw_tokens < 4096 else tokens
    return batch, max(tokens, isl + batch)


def engine_batch_cap(batch: int, pp: int = 1, attention_ranks: int = 1) -> int:
    """The sequences the replica holds at most when the engine caps each micro-batch, and with attention
    data-parallel each rank, at ``batch`` (max_batch_size): pp micro-batches in flight (core/inference_step.py),
    each attention rank its own batch (max_batch_size 'in each rank', TensorRT-LLM's DeepSeek-R1 guide), so
    batch · pp · ranks; gpudesk's concurrency is the replica's."""
    return batch * pp * attention_ranks


def bench_engine_note(batch: int, tokens: int, attention_ranks: int = 1) -> str:
    """What trtllm-bench ran the row with (``bench_engine_settings``: ``batch``, ``tokens``), for the case's note."""
    graphs = [b for b in PAGE_GRAPH_BATCHES if b <= min(batch, tokens)]
    return (f"trtllm-bench's engine (its heuristic): max_batch_size {batch:,}"
            + (f" per rank, {engine_batch_cap(batch, attention_ranks=attention_ranks):,} over the {attention_ranks} "
               "attention ranks" if attention_ranks > 1 else "")
            + f" (the case's batch cap), max_num_tokens {tokens:,} (chunked prefill "
            "off; stated, read as chunked: core/token_budget.py), "
            f"CUDA graphs padded up to {graphs[-1]:,} (not modelled)")


@dataclass(frozen=True)
class ServingCase:
    id: str
    citation: str
    model_id: str
    accelerator_id: str
    tp: int
    prompt: int
    output: int
    measured: float  # output tokens/s per GPU
    weight_dtype: str
    kv_dtype: str
    max_batch: int = ENGINE_MAX_BATCH
    serving_fraction: float = KV_FRACTION
    note: str = ""
    ep: int = 1
    requests: int = 0  # requests in the run (the page's $num_requests); 0 = a steady state with no end
    release: str = "current"  # the serving engine release the run used (engine_releases.py)
    max_tokens: int = 0  # the engine's max_num_tokens per iteration and rank (InferenceInputs.max_tokens_per_iteration)
    pp: int = 1  # pipeline stages of the replica (trtllm-bench --pp); max_batch is the replica's, all micro-batches

    @property
    def precision(self) -> str:
        return self.weight_dtype

    def model(self) -> ModelArch:
        return catalog().model(self.model_id)

    def accelerator(self) -> Accelerator:
        return catalog().accelerator(self.accelerator_id)


_LENGTHS = ((128, 128), (128, 2048), (128, 4096), (500, 2000), (1000, 1000), (1000, 2000), (2048, 128),
            (2048, 2048), (5000, 500), (20000, 2000))


def _table(model_id: str, label: str, columns: list[tuple[str, int, str]], rows: list[tuple],
           ep: int = 1) -> list[ServingCase]:
    """One perf-overview table: columns (accelerator id, TP, precision); rows of totals per column (None = blank).

    ``ep``: MoE tables run the page's MoE command (``--tp``, ``--ep``) with its MoE ``llm_options.yml``, which sets
    ``enable_attention_dp: true`` (printed inside ``cuda_graph_config``, where the option is not a field; read as
    the top-level LLM API option it is): attention data-parallel over the column's GPUs and experts split over them,
    in gpudesk tensor parallel 1 and expert parallel = the column's TP (one replica of TP GPUs)."""
    out = []
    for (isl, osl), values in zip(_LENGTHS, rows):
        for (acc, tp, dtype), total in zip(columns, values):
            if total is None:
                continue
            batch, tokens = bench_engine_settings(catalog().model(model_id), catalog().accelerator(acc), tp, dtype,
                                                  isl, osl)
            ranks = tp if ep > 1 else 1  # attention data-parallel over the column's GPUs (MoE tables)
            out.append(ServingCase(
                id=f"trtllm-v1-{model_id}-{acc}-tp{tp}-{dtype}-{isl}-{osl}", citation=f"{PERF_OVERVIEW}, {label}",
                model_id=model_id, accelerator_id=acc, tp=1 if ep > 1 else tp, prompt=isl, output=osl,
                measured=total / tp, weight_dtype=dtype, kv_dtype="fp8", ep=tp if ep > 1 else 1,
                requests=REQUESTS[(isl, osl)], release=PERF_OVERVIEW_RELEASE[0], max_tokens=tokens,
                max_batch=engine_batch_cap(batch, attention_ranks=ranks),
                note=f"engine {PERF_OVERVIEW_RELEASE[0]} ({PERF_OVERVIEW_RELEASE[1]}); total {total:,} output tokens/s on TP{tp}; offline, in-flight batching, "
                     f"{REQUESTS[(isl, osl)]:,} requests (the page's table); KV share 0.90 of "
                     f"free memory (page default); {bench_engine_note(batch, tokens, ranks)}"
                     + (f"; MoE: experts over {tp} GPUs (expert parallel {tp}) and attention data-parallel over "
                        f"them (the page's MoE options: enable_attention_dp); ADP balancing off (the options set no "
                        f"attention_dp_config, TensorRT-LLM's default), but its requests are identical and fed at once, so "
                        f"every rank admits the same prompts in the same iterations: prompts aligned, no rank waits "
                        f"for another's prefill" if ep > 1 else "")))
    return out


LLAMA70 = _table("llama-3.1-70b", "Llama 3.3 70B", [("b200", 1, "fp4"), ("gb200", 1, "fp4"), ("h200-sxm", 1, "fp8"),
                                                   ("h100-sxm", 2, "fp8")], [
    (11147, 12189, 3803, 6378), (9922, 11309, 4336, 6651), (6831, 7849, 2872, 4199), (7762, 9028, 3666, 5222),
    (7007, 7326, 2909, 4205), (6271, 6513, 2994, 4146), (1339, 1450, 442, 762), (4783, 5646, 2003, 3082),
    (1459, 1602, 566, 898), (665, 755, 283, 437)])
LLAMA405 = _table("llama-3.1-405b", "Llama 3.1 405B", [("b200", 4, "fp4"), ("gb200", 4, "fp4"), ("h200-sxm", 8, "fp8"),
                                                     ("h100-sxm", 8, "fp8")], [
    (6281, 6740, 3814, 3627), (8020, 8151, 5348, 4340), (6345, 6608, 4741, 3116), (6244, 6540, 4724, 3994),
    (5209, 5389, 3330, 2919), (4933, 5135, 3722, 2895), (749, 797, 456, 453), (4212, 4407, 2948, 2296),
    (1048, 1112, 650, 610), (672, 739, 505, 345)])
LLAMA8 = _table("llama-3.1-8b", "Llama 3.1 8B", [("h200-sxm", 1, "fp8"), ("h100-sxm", 1, "fp8")], [
    (27911, 28312), (26221, 22714), (18027, 14325), (20770, 17660), (17744, 15220), (16828, 13899), (3538, 3450),
    (12194, 9305), (3902, 3459), (1804, 1351)])

QWEN3_235B = _table("qwen3-235b-a22b", "Qwen3-235B-A22B", [("b200", 8, "fp4"), ("h200-sxm", 8, "fp8"),
                                                          ("h100-sxm", 8, "fp8")], [
    (63362, 30429, None), (66057, 42821, 19658), (39496, 26852, 12447), (57117, 28026, 18351),
    (42391, 23789, 14898), (34105, 22061, 15136), (7329, 3331, None), (26854, 16672, 9924), (8190, 3623, 3225),
    (4453, 1876, None)], ep=8)

SERVING_CASES = LLAMA70 + LLAMA405 + LLAMA8 + QWEN3_235B

# DeepSeek-R1 at maximum throughput, from TensorRT-LLM's own reproduction recipes: 8 GPUs, attention data-parallel
# over 8 (enable_attention_dp) with experts over 8 (--ep 8), the command's max_batch_size per rank × 8 sequences
# in flight (--concurrency), synthetic requests of exactly 1,024 input and 2,048 output tokens. The command's KV
# share is of the memory left free by the weights; gpudesk's serving fraction is of all memory, so the suite's
# 0.90 is used and the concurrency binds. gpudesk: the catalog's deepseek-v3 row (R1 has V3's architecture),
# tensor parallel 1 and expert parallel 8. The R1-0528 FP8-KV run on the same page is not used: its data set is not stated.
DEEPSEEK_BLOG = ("NVIDIA TensorRT-LLM docs/source/blogs/Best_perf_practice_on_DeepSeek-R1_in_TensorRT-LLM.md "
                 "(repository NVIDIA/TensorRT-LLM, commit 01c4ece9, results reproduced at TensorRT-LLM b6261862), "
                 "'{section}'")
DEEPSEEK_ADP_CASES = [
    ServingCase(
        id="trtllm-blog-deepseek-r1-b200-adp8-fp4-1024-2048", citation=DEEPSEEK_BLOG.format(
            section="B200 max-throughput for R1 with FP16 KV cache"), model_id="deepseek-v3", accelerator_id="b200",
        tp=1, ep=8, prompt=1024, output=2048, measured=36384.0838 / 8, weight_dtype="fp4", kv_dtype="bf16",
        max_batch=3072, release=DEEPSEEK_BLOG_RELEASE[0],
        note=f"engine {DEEPSEEK_BLOG_RELEASE[0]} ({DEEPSEEK_BLOG_RELEASE[1]}); total 36,384 output tokens/s on 8 B200 (nvidia/DeepSeek-R1-FP4: NVFP4 experts); attention "
             "data-parallel 8 × expert parallel 8; --concurrency 3072 (max_batch_size 384 per rank); BF16 KV cache "
             "(the section's title); the recipe's KV share 0.85 of free memory; CUDA graphs with padding at 1 … 384 "
             "(its cuda_graph_config); ADP balancing off (its extra-llm-api-config sets no attention_dp_config); its requests are identical and each "
             "completion's replacement goes to the rank it left (fewest active tokens): prompts aligned"),
    ServingCase(
        id="trtllm-blog-deepseek-r1-h200-sxm-adp8-fp8-1024-2048", citation=DEEPSEEK_BLOG.format(
            section="H200 max-throughput"), model_id="deepseek-v3", accelerator_id="h200-sxm", tp=1, ep=8,
        prompt=1024, output=2048, measured=11489.2671 / 8, weight_dtype="fp8", kv_dtype="bf16", max_batch=1024,
        release=DEEPSEEK_BLOG_RELEASE[0],
        note=f"engine {DEEPSEEK_BLOG_RELEASE[0]} ({DEEPSEEK_BLOG_RELEASE[1]}); total 11,489 output tokens/s on 8 H200 (deepseek-ai/DeepSeek-R1: FP8 weights); attention "
             "data-parallel 8 × expert parallel 8; --concurrency 1024 (max_batch_size 128 per rank); KV cache at "
             "the checkpoint's 16 bit (no KV quantisation set; assumed); the recipe's KV share 0.8 of free memory; "
             "one CUDA graph, batch 128 per rank (its cuda_graph_config; padding is TensorRT-LLM's default then); "
             "ADP balancing off (its extra-llm-api-config sets no attention_dp_config); its requests are identical and each "
             "completion's replacement goes to the rank it left (fewest active tokens): prompts aligned"),
]
