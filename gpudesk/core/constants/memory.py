"""Tuning constants: Memory overheads and the memory model. Each has its source."""

from __future__ import annotations

from gpudesk.core.constants.base import GB, GIB, Constant  # noqa: F401

# ---------------------------------------------------------------------------
# Memory overheads (runtime, per GPU)
# ---------------------------------------------------------------------------
CUDA_CONTEXT_BYTES = Constant(
    "CUDA_CONTEXT_BYTES", 0.75 * GIB, "B", "CUDA/ROCm context and kernels",
    "domain guide: CUDA context ~0.5–1 GB per process (midpoint); PyTorch issue reports of 500–900 MiB on Hopper",
)
COMM_BUFFER_BYTES = Constant(
    "COMM_BUFFER_BYTES", 0.35 * GIB, "B", "NCCL/RCCL communication buffers",
    "domain guide: NCCL buffers ~0.3–0.4 GB per process when more than one GPU communicates",
)
ALLOCATOR_FRAGMENTATION = Constant(
    "ALLOCATOR_FRAGMENTATION", 0.05, "fraction", "allocator reserve / fragmentation",
    "PyTorch caching allocator: reserved exceeds allocated by ~5–10% in steady training "
    "(torch.cuda.memory_stats reserved vs allocated); lower bound used",
)
SERVING_MEMORY_FRACTION = Constant(
    "SERVING_MEMORY_FRACTION", 0.90, "fraction", "serving engine memory fraction",
    "vLLM default gpu_memory_utilization=0.9 (vLLM engine arguments documentation)",
)

# ---------------------------------------------------------------------------
# Memory model (gpudesk/core/memory*.py, model_math.py; docs/memory-model.md)
# ---------------------------------------------------------------------------
MASTER_WEIGHT_BYTES = Constant(
    "MASTER_WEIGHT_BYTES", 4.0, "B/param", "fp32 master copy of 16-bit weights",
    "Rajbhandari et al. 2020 (ZeRO, arXiv:1910.02054) §3.1: mixed-precision Adam keeps an fp32 copy of the "
    "parameters (4Ψ of the K=12 optimizer bytes)",
)
ADAM_STATE_BYTES = Constant(
    "ADAM_STATE_BYTES", 8.0, "B/param", "Adam/AdamW moments m and v (fp32)",
    "Rajbhandari et al. 2020 (ZeRO) §3.1: fp32 momentum and variance, 4Ψ + 4Ψ of K=12",
)
ADAM_8BIT_STATE_BYTES = Constant(
    "ADAM_8BIT_STATE_BYTES", 2.0, "B/param", "8-bit Adam moments (block-wise quantised)",
    "Dettmers et al. 2022, '8-bit Optimizers via Block-wise Quantization' (arXiv:2110.02861): two 8-bit states "
    "per parameter (bitsandbytes Adam8bit); per-block fp32 absmax ignored (<1%)",
)
SGD_MOMENTUM_STATE_BYTES = Constant(
    "SGD_MOMENTUM_STATE_BYTES", 4.0, "B/param", "SGD momentum buffer (fp32)",
    "torch.optim.SGD keeps one momentum_buffer per parameter when momentum > 0 (PyTorch documentation)",
)
ADAFACTOR_FACTORED_BYTES = Constant(
    "ADAFACTOR_FACTORED_BYTES", 8.0, "B·h/param", "Adafactor factored second moment, per param × h",
    "Shazeer & Stern 2018 (arXiv:1804.04235): row and column second-moment vectors, (n+m) fp32 values per n×m "
    "matrix, i.e. ≤ 4·(1/n+1/m) ≤ 8/h B per parameter when both sides ≥ h; no first moment (beta1=None default)",
)
MIN_GRADIENT_BYTES = Constant(
    "MIN_GRADIENT_BYTES", 2.0, "B/param", "smallest gradient storage",
    "ZeRO paper §3.1 (fp16 gradients, 2Ψ); Megatron-LM/Transformer Engine keep gradients in bf16 or fp32 even "
    "with fp8 compute (Megatron distributed-optimizer docs)",
)
_MEGATRON_DIST_OPT = ("NVIDIA/Megatron-LM README, 'Distributed Optimizer': bytes per parameter 20 (fp16 param, fp16 "
                      "grads; 4 + 16/d distributed), 18 (bf16 param, fp32 grads; 6 + 12/d), 16 (fp32 param, fp32 "
                      "grads; 8 + 8/d)")
MEGATRON_MAIN_GRAD_BYTES = Constant(
    "MEGATRON_MAIN_GRAD_BYTES", 4.0, "B/param", "Megatron main gradient (fp32) of a bf16 or fp32 parameter",
    f"{_MEGATRON_DIST_OPT}: with bf16 parameters the gradient buffer is fp32 (arguments.py sets "
    "accumulate_allreduce_grads_in_fp32 with --bf16), so 2 + 4 + 12 = 18 B/param",
)
MEGATRON_FP16_GRAD_COPY_BYTES = Constant(
    "MEGATRON_FP16_GRAD_COPY_BYTES", 4.0, "B/param", "fp32 gradient copy the optimizer keeps for fp16 parameters",
    f"{_MEGATRON_DIST_OPT}: with fp16 parameters and fp16 gradients the optimizer keeps fp32 main parameters and "
    "gradients, 4 + 4 + 8 = 16 B/param sharded (4 + 16/d)",
)
QLORA_NF4_BITS_PER_PARAM = Constant(
    "QLORA_NF4_BITS_PER_PARAM", 4.127, "bit/param", "NF4 base weight incl. double-quantised constants",
    "Dettmers et al. 2023, QLoRA (arXiv:2305.14314) §3: 4-bit NormalFloat, blocksize 64; double quantisation "
    "brings constants from 0.5 to 8/64 + 32/(64·256) = 0.127 bit/param",
)
INT4_GROUP_SCALE_BITS = Constant(
    "INT4_GROUP_SCALE_BITS", 20.0 / 128.0, "bit/param", "int4 group-wise scale + zero point",
    "GPTQ/AWQ default group_size 128 with one fp16 scale and one packed 4-bit zero point per group "
    "(AutoGPTQ/AutoAWQ qweight/qzeros/scales layout): 20 bits / 128 values",
)
FP4_BLOCK_SCALE_BITS = Constant(
    "FP4_BLOCK_SCALE_BITS", 8.0 / 16.0, "bit/param", "FP4 weight block scales (NVFP4: one E4M3 per 16 values)",
    "NVFP4, the FP4 format Blackwell tensor cores and TensorRT-LLM / vLLM checkpoints use: 16 E2M1 values share "
    "one FP8 (E4M3) scale, plus one FP32 scale per tensor (negligible): 72 bits per 16 values, 4.5 bit/value "
    "(Modal, 'LLM Engineer's Almanac: block quants', modal.com/llm-almanac/block-quants; zeroentropy.dev/"
    "concepts/nvfp4, both read 2026-12-03). OCP MXFP4 shares one E8M0 per 32 values (0.25 bit/value); the "
    "constant takes NVFP4's. The scales are stored and streamed with the weights",
)
CROSS_ENTROPY_LOGIT_BYTES = Constant(
    "CROSS_ENTROPY_LOGIT_BYTES", 4.0, "B/value", "output logits kept for the loss (fp32)",
    "Korthikanti et al. 2022 (arXiv:2205.05198) §4.3: output layer and cross-entropy store 4·s·b·V/t bytes",
)
DROPOUT_MASK_BYTES = Constant(
    "DROPOUT_MASK_BYTES", 1.0, "B/value", "dropout mask per value",
    "Korthikanti et al. 2022 §4.1: masks stored as one byte per element (sbh per dropout, a·s²·b for attention); "
    "kept although many recipes train without dropout (over-estimates those by ~2·sbh per layer)",
)
ZERO3_LIVE_LAYERS = Constant(
    "ZERO3_LIVE_LAYERS", 2.0, "layers", "layers of gathered parameters live under ZeRO-3/FSDP",
    "PyTorch FSDP docs (BackwardPrefetch / forward_prefetch): the current unit's unsharded parameters plus the "
    "prefetched next unit are held at once; DeepSpeed ZeRO-3 prefetch bucket behaves alike",
)
PREFILL_CHUNK_TOKENS = Constant(
    "PREFILL_CHUNK_TOKENS", 8192.0, "tokens", "tokens per prefill step the engine reserves activations for",
    "vLLM engine/arg_utils.py: default max_num_batched_tokens 8192 for the OpenAI server on GPUs ≥ 70 GiB "
    "(2048 on smaller); vLLM profiles peak activation memory at this many tokens",
)


# ---------------------------------------------------------------------------
# Training stack "pytorch_amp": eager PyTorch / Hugging-Face-style training under torch.autocast (bf16) with
# fp32 parameters and an unfused loss (gpudesk/core/memory_activations.py, docs/memory-model.md). Each value is
# the size of one tensor element the mechanism keeps, not a fit: the forward-saved bytes they give match the
# H200 runs to < 1% (docs/validation.md, "measured here"), held-out shapes included.
# ---------------------------------------------------------------------------
AMP_UNFUSED_LOGIT_BYTES = Constant(
    "AMP_UNFUSED_LOGIT_BYTES", 14.0, "B/value", "logit bytes at the loss's peak, unfused F.cross_entropy(logits.float())",
    "mechanism: bf16 logits 2 (kept by the caller) + fp32 log-probabilities 4 (saved by log_softmax) + fp32 "
    "gradient of the log-probabilities 4 (nll_loss backward) + fp32 gradient of the logits 4 (log_softmax "
    "backward) live together at the start of the backward; HF casts logits to fp32 before the loss as here "
    "(Liger-Kernel issue #241); measured on this workplace's H200 2026-11-30 (forward keeps 6 B/value, peak "
    "matches 14 B/value within 0.3 GiB); fused/chunked losses avoid it (Wijmans et al. 2024, arXiv:2411.09009; "
    "pytorch/pytorch issue #124480)",
)
AMP_WEIGHT_CACHE_BYTES = Constant(
    "AMP_WEIGHT_CACHE_BYTES", 2.0, "B/param", "bf16 copy autocast makes of every fp32 matrix weight",
    "PyTorch aten/src/ATen/autocast_mode.cpp: autocast caches the lower-precision casts of fp32 leaf weights "
    "(cache_enabled=True, cleared on leaving the autocast region); the linear layers save the bf16 copy for "
    "the backward, so without recompute every matrix's copy (LM head included, input embedding not cast) lives "
    "until its backward; measured on this workplace's H200 2026-11-30 (the micro-batch-independent part of "
    "the forward-saved bytes: 2.30 GiB for 1.24 B parameters)",
)
AMP_RESIDUAL_BYTES = Constant(
    "AMP_RESIDUAL_BYTES", 4.0, "B/value", "fp32 residual stream and RMSNorm values under autocast",
    "mechanism: with fp32 parameters the embedding output and every residual add stay fp32 (autocast casts only "
    "listed ops such as matmul to bf16); each RMSNorm saves its fp32 input and fp32 normalised value and "
    "returns fp32, which each following linear layer casts to bf16 separately (HF LlamaRMSNorm computes in "
    "fp32 likewise); full recompute keeps the fp32 block input; measured on this workplace's H200 2026-11-30",
)
