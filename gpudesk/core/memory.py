"""Does this model fit on these GPUs? Per-GPU memory with every term explained.

``estimate_memory`` returns a FigureSet (keys ``mem.*``, plus the ``arch.*``
parameter figures it rests on) for arrays of candidates. The terms and their
sources are in docs/memory-model.md; the arithmetic lives in
memory_states (weights, gradients, optimizer, adapters), memory_activations
(Korthikanti et al. 2022; inference workspace) and memory_budget (KV cache,
overheads, layout search).

Sweeps that only ask "does it fit?" pass ``limits=False``: the same
components, total, usable, headroom and fit, without the limit figures and
the layout search (most of the time of a full estimate).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from numpy.typing import ArrayLike

from gpudesk.catalog.records import ModelArch
from gpudesk.core import constants as C
from gpudesk.core.explain import FigureSet, as_array
from gpudesk.core.flat_estimates import Lift, known_keys, on_distinct_inputs, same_codes
from gpudesk.core.memory_activations import TRAINING_STACKS
from gpudesk.core.memory_budget import (
    Needs,
    Settings,
    default_serving_fraction,
    layout_needs,
    min_gpus,
    usable_bytes,
)
from gpudesk.core.memory_fewest_gpus import min_gpus_per_capacity
from gpudesk.core.memory_limits import record_limits
from gpudesk.core.memory_states import (
    MODES,
    OPTIMIZERS,
    TRAINING_MODES,
    Layout,
    amp_fp32_params,
    gradient_bytes_per_param,
    optimizer_bytes_per_param,
    weight_bytes_per_param,
)
from gpudesk.core.model_math import (
    has_layer_shapes,
    kv_layer_counts,
    kv_values_per_token_layer,
    param_breakdown,
    parameter_count,
)
from gpudesk.core.precision import bytes_per_value
from gpudesk.vocabulary.serving import ENGINE_RELEASE


@dataclass(frozen=True)
class MemoryInputs:
    model: ModelArch
    mode: str  # "train" (pre-training or full fine-tune), "lora", "qlora", "inference"
    gpu_memory_gb: ArrayLike  # capacity per GPU in decimal GB (1e9 B): HardwareArrays.memory_gb, the driver total
    weight_dtype: str = "bf16"
    kv_dtype: str = "bf16"
    optimizer: str = "adamw"  # adamw | adamw_8bit | sgd | sgd_momentum | adafactor
    master_weights: bool = True  # fp32 master copy with 16-bit weights (mixed precision)
    seq_len: ArrayLike = 4096  # training sequence length, or inference context (prompt + output) per sequence
    micro_batch: ArrayLike = 1  # training micro-batch per GPU; inference: concurrent sequences per replica
    tp: ArrayLike = 1
    pp: ArrayLike = 1
    dp: ArrayLike = 1
    cp: ArrayLike = 1
    ep: ArrayLike = 1
    zero_stage: ArrayLike = 0  # 0..3 (3 = FSDP full shard); shards over dp × cp
    recompute: str = "selective"  # none | selective | full
    sequence_parallel: bool = True
    flash_attention: bool = True
    virtual_stages: ArrayLike = 1  # interleaved pipeline
    lora_rank: int = 16
    cpu_offload: bool = False  # optimizer states (and ZeRO-3 params) offloaded to host
    serving_fraction: float | None = None  # None = SERVING_MEMORY_FRACTION for mode inference
    # the serving engine release (vocabulary/serving.py ENGINE_RELEASE): what the fraction is a share of
    engine_release: str = "current"
    gpus_per_node: ArrayLike = 8
    gpu_memory_source: str = "user input"  # e.g. "catalog accelerators/h100-sxm.usable_memory_mib: <citation> …"
    gpu_memory_formula: str = "gpu_memory_gb × 1e9"  # how the capacity was obtained (HardwareArrays.memory_formula)
    # megatron: Megatron-LM conventions (fused vocab-parallel loss, persistent gradient buffers); pytorch_amp:
    # eager PyTorch / Hugging-Face layers under torch.autocast with fp32 parameters and an unfused loss
    training_stack: str = "megatron"
    torch_compile: bool = False  # fsdp2 stack: torch.compile fuses the MLP activation
    # micro-batches per optimizer step (gradient accumulation); None = not known, gradients counted beside the
    # activations. pytorch_amp with 1: the backward frees activations as it creates gradients (mem.grad_overlap)
    micro_batches_per_step: ArrayLike | None = None
    # False for sweeps that only need the fit: skips the limits (mem.max_micro_batch, mem.max_concurrency,
    # mem.max_context) and the layout search (mem.min_gpus); every other figure is unchanged
    limits: bool = True
    # False: the limits without the layout search (mem.min_gpus), for sweeps that read the limits but not it
    search: bool = True


def _settings(inp: MemoryInputs) -> Settings:
    if inp.mode not in MODES:
        raise ValueError(f"unknown mode {inp.mode!r}; valid: {', '.join(MODES)}")
    if inp.optimizer not in OPTIMIZERS:
        raise ValueError(f"unknown optimizer {inp.optimizer!r}; valid: {', '.join(OPTIMIZERS)}")
    if inp.training_stack not in TRAINING_STACKS:
        raise ValueError(f"unknown training stack {inp.training_stack!r}; valid: {', '.join(TRAINING_STACKS)}")
    bytes_per_value(inp.weight_dtype)
    bytes_per_value(inp.kv_dtype)
    single = False if inp.micro_batches_per_step is None else as_array(inp.micro_batches_per_step) <= 1
    return Settings(inp.model, param_breakdown(inp.model), inp.mode, inp.weight_dtype, inp.kv_dtype, inp.optimizer,
                    inp.master_weights, inp.recompute, inp.sequence_parallel, inp.flash_attention, inp.lora_rank,
                    inp.cpu_offload, default_serving_fraction(inp.serving_fraction), inp.training_stack, single,
                    inp.torch_compile, bool(ENGINE_RELEASE.term(inp.engine_release).kv_of_free))


def _record_inputs(fs: FigureSet, inp: MemoryInputs, cfg: Settings) -> None:
    fs.input("mem.in.gpu_memory_gb", inp.gpu_memory_gb, "GB", "GPU memory capacity", inp.gpu_memory_source)
    fs.input("mem.in.mode", inp.mode, "", "workload mode")
    for key, label, unit in (("tp", "tensor parallel t", "GPUs"), ("pp", "pipeline stages p", "stages"),
                             ("dp", "data parallel d", "replicas"), ("cp", "context parallel c", "GPUs"),
                             ("ep", "expert parallel e", "GPUs"), ("zero_stage", "ZeRO stage", ""),
                             ("seq_len", "sequence length s", "tokens"), ("micro_batch", "micro-batch / concurrency b",
                                                                          "sequences"),
                             ("virtual_stages", "interleaved chunks v", ""), ("gpus_per_node", "GPUs per node", "GPUs")):
        fs.input(f"mem.in.{key}", getattr(inp, key), unit, label)
    amp = amp_fp32_params(inp.mode, inp.weight_dtype, inp.training_stack)
    b_lin, b_unq = (C.MASTER_WEIGHT_BYTES.value,) * 2 if amp else weight_bytes_per_param(inp.mode, inp.weight_dtype)
    fs.input("mem.in.weight_bytes", b_lin, "B/param", f"bytes per linear-layer weight ({inp.weight_dtype}"
             + (", NF4 base" if inp.mode == "qlora" else ", incl. group scales" if inp.weight_dtype == "int4"
                else ", incl. block scales" if inp.weight_dtype == "fp4" else "")
             + (": fp32 parameters under torch.autocast" if amp else "") + ")")
    fs.input("mem.in.unquantised_bytes", b_unq, "B/param", "bytes per embedding / norm weight (≥ 16-bit)")
    fs.input("mem.in.kv_bytes", bytes_per_value(inp.kv_dtype), "B", f"KV cache value ({inp.kv_dtype})")
    fs.input("mem.in.lora_rank", inp.lora_rank, "", "LoRA rank r")
    fs.input("mem.in.recompute", inp.recompute, "", "activation recompute")
    fs.input("mem.in.flags", f"sequence_parallel={inp.sequence_parallel}, flash_attention={inp.flash_attention}, "
             f"cpu_offload={inp.cpu_offload}, master_weights={inp.master_weights}", "", "switches")
    if cfg.training:
        fs.input("mem.in.training_stack", inp.training_stack, "", "training implementation")
        fs.input("mem.in.micro_batches_per_step", "not known" if inp.micro_batches_per_step is None
                 else inp.micro_batches_per_step, "", "micro-batches per optimizer step")
        fs.input("mem.in.grad_bytes", C.MASTER_WEIGHT_BYTES.value if amp else gradient_bytes_per_param(
            inp.weight_dtype, inp.training_stack), "B/param", "bytes per gradient"
            + (" (fp32 under torch.autocast)" if amp else " (Megatron fp32 main gradients)"
               if inp.training_stack == "megatron" and inp.weight_dtype != "fp16"
            else "derived: the weight format's bytes, at least MIN_GRADIENT_BYTES (ZeRO paper §3.1)"),
            f"constant {C.MEGATRON_MAIN_GRAD_BYTES.name}: {C.MEGATRON_MAIN_GRAD_BYTES.source}"
            if inp.training_stack == "megatron" and inp.weight_dtype != "fp16"
            else "derived: the weight format's bytes, at least MIN_GRADIENT_BYTES (ZeRO paper §3.1)")
        fs.constant("mem.c.master", C.MASTER_WEIGHT_BYTES)
        fs.input("mem.in.optimizer_bytes", optimizer_bytes_per_param(inp.optimizer, inp.weight_dtype,
                                                                     inp.master_weights and not amp,
                                                                     cfg.breakdown.hidden, inp.training_stack),
                 "B/param", f"K: optimizer bytes per trained parameter ({inp.optimizer}, master copy included)",
                 "derived from constants MASTER_WEIGHT_BYTES, ADAM_STATE_BYTES / ADAM_8BIT_STATE_BYTES / "
                 "SGD_MOMENTUM_STATE_BYTES / ADAFACTOR_FACTORED_BYTES"
                 + ("; + MEGATRON_FP16_GRAD_COPY_BYTES (Megatron keeps an fp32 copy of fp16 gradients)"
                    if inp.training_stack == "megatron" and inp.weight_dtype == "fp16" else ""))
    fs.constant("mem.c.cuda_context", C.CUDA_CONTEXT_BYTES)
    fs.constant("mem.c.comm_buffers", C.COMM_BUFFER_BYTES)
    fs.constant("mem.c.fragmentation", C.ALLOCATOR_FRAGMENTATION)
    if inp.serving_fraction is None:
        fs.constant("mem.c.serving_fraction", C.SERVING_MEMORY_FRACTION, cfg.serving_fraction)
    else:
        fs.input("mem.c.serving_fraction", cfg.serving_fraction, "fraction", C.SERVING_MEMORY_FRACTION.label)
    if not cfg.training and inp.engine_release != "current":
        fs.input("mem.in.engine_release", inp.engine_release, "", "serving engine release that runs the plan",
                 vocabulary=ENGINE_RELEASE)
    fs.constant("mem.c.prefill_chunk", C.PREFILL_CHUNK_TOKENS)
    fs.constant("mem.c.zero3_live_layers", C.ZERO3_LIVE_LAYERS)
    if cfg.training and inp.training_stack == "pytorch_amp":
        fs.constant("mem.c.logit_bytes", C.AMP_UNFUSED_LOGIT_BYTES)
        fs.constant("mem.c.amp_residual", C.AMP_RESIDUAL_BYTES)
        fs.constant("mem.c.amp_weight_cache", C.AMP_WEIGHT_CACHE_BYTES)
    else:
        fs.constant("mem.c.logit_bytes", C.CROSS_ENTROPY_LOGIT_BYTES)
    fs.constant("mem.c.dropout_mask", C.DROPOUT_MASK_BYTES)


LAYOUT = ["mem.in.tp", "mem.in.pp", "mem.in.ep"]
ZERO = ["mem.in.dp", "mem.in.cp", "mem.in.zero_stage"]
SHARD = ("per GPU: ⌈L/p⌉ layers' matrices / t (routed experts / e when e > 1), one V·h embedding matrix / t "
         "(both when p = 1), norms")
MIN_GPUS_UNIT, MIN_GPUS_LABEL = "GPUs", "fewest GPUs for one replica"  # also a pending row's (results/deferred_figures)


PER_CANDIDATE = ("gpu_memory_gb", "seq_len", "micro_batch", "tp", "pp", "dp", "cp", "ep", "zero_stage",
                 "virtual_stages", "gpus_per_node", "micro_batches_per_step")


def estimate_memory(inp: MemoryInputs) -> FigureSet:
    """Per-GPU memory of one candidate array: states, activations, KV cache, overheads, fit and limits.

    A flat batch is estimated once per distinct combination of its inputs (a sweep over global batches or GPU
    counts repeats them) and spread back to every candidate: the same figures (core/flat_keys.py). What does not
    read the GPU's capacity (states, activations, total) runs once per distinct combination of the other inputs
    (bench_core: 5,664 rows; a search's batch, whose accelerators repeat its layouts: a fifth of its rows), the fit,
    limits and layout search on the rows with the capacity (core/flat_estimates.py, Lift)."""
    # every row a finer row (most rows distinct with the capacity: a search's batch) pays for training, whose states
    # and activations are most of the work, not for inference, whose budget is a few passes: fewer than the lifts
    # (the China serving search's memory calls measured 1.04-1.07x as long)
    return (on_distinct_inputs(inp, PER_CANDIDATE, _estimate, apart="gpu_memory_gb",
                               every_row=inp.mode in TRAINING_MODES) or _estimate(inp))


def _same(value: Any) -> Any:
    return value


def _estimate(inp: MemoryInputs, lift: Callable[[Any], Any] = _same) -> FigureSet:
    """The figures of ``inp``; ``lift``: where the inputs but the capacity are on a flat batch's distinct rows and
    the capacity on finer rows (flat_estimates.Lift), a value of the distinct rows at the finer rows."""
    cfg = _settings(inp)
    fs = parameter_count(inp.model)
    _record_inputs(fs, inp, cfg)
    lay = Layout(*(as_array(getattr(inp, k)) for k in ("tp", "pp", "dp", "cp", "ep", "zero_stage")))
    cap = as_array(inp.gpu_memory_gb) * C.GB
    same_codes(cap, inp.gpu_memory_gb)  # the layout search's rows: the capacities' codes (core/flat_keys.py)
    s, b, v = as_array(inp.seq_len), as_array(inp.micro_batch), as_array(inp.virtual_stages)
    keys = known_keys({"tp": lay.tp, "pp": lay.pp, "dp": lay.dp, "cp": lay.cp, "ep": lay.ep,
                      "zero_stage": lay.zero_stage, "seq_len": s, "virtual_stages": v, "micro_batch": b})
    bud = layout_needs(cfg, lay, s, b, v, keys)
    st = bud.states
    train, mode = cfg.training, inp.mode
    amp = amp_fp32_params(mode, inp.weight_dtype, inp.training_stack)
    w_deps = ["arch.params_total", "mem.in.weight_bytes", "mem.in.unquantised_bytes", *LAYOUT]
    z3 = "; ZeRO-3 (training): / (d·c) for dense, / (d·c·t/e) for experts" if train else ""
    base = {"train": "trained weights", "lora": "frozen base weights", "qlora": "frozen NF4 base weights",
            "inference": "served weights"}[mode]
    fs.add("mem.weights", st.weights, "B", f"weights ({base})",
           f"Σ params × bytes: linear × B_w + (embedding + norms) × B_16; {SHARD}{z3}"
           + ("; offloaded to host with ZeRO-3 + CPU offload" if inp.cpu_offload else ""), w_deps + ZERO)
    grad_f = ("LoRA: base frozen, no base gradients — adapter gradients r·Σ(in+out) × B_g" if mode in ("lora", "qlora")
              else "trained params × B_g; ZeRO ≥ 2: / (d·c)")
    if not train:
        grad_f = "0: inference keeps no gradients"
    deps_t = (["mem.in.grad_bytes"] if train else []) + ["arch.params_total", *LAYOUT, *ZERO]
    fs.add("mem.gradients", st.gradients, "B", "gradients", grad_f
           + ("; offloaded to host at ZeRO ≥ 2 with CPU offload" if inp.cpu_offload and train else ""), deps_t)
    opt_f = ("0: inference keeps no optimizer states" if not train else
             "trained params × K (K = 4 master + 8 Adam m,v = 12 for mixed-precision AdamW; 8-bit Adam 2; SGD 0; "
             "momentum 4; Adafactor 8/h); ZeRO ≥ 1: / (d·c), experts / (d·c·t/e)"
             + ("; CPU offload: on the host, 0 on the GPU" if inp.cpu_offload else ""))
    if amp:
        opt_f += "; pytorch_amp: no separate master copy (the parameters are fp32), K = moments only"
    fs.add("mem.optimizer", st.optimizer, "B", "optimizer states", opt_f,
           (["mem.in.optimizer_bytes", "mem.c.master"] if train else []) + ["arch.params_total", *LAYOUT, *ZERO])
    fs.add("mem.lora_adapters", st.lora_adapters, "B", "LoRA adapter weights",
           "r · Σ(in + out) over every linear matrix of the blocks × ⌈L/p⌉/L / t × 16-bit (adapter gradients and "
           "Adam states in mem.gradients / mem.optimizer)" if mode in ("lora", "qlora") else "0: no adapters",
           ["mem.in.lora_rank", "arch.params_total", *LAYOUT],
           note="" if cfg.breakdown.from_architecture or mode not in ("lora", "qlora")
           else "no layer shapes in the record: adapter size unknown, not counted")
    fs.add("mem.zero3_gathered", st.zero3_gathered, "B", "ZeRO-3 gathered layers",
           "ZeRO-3 with d·c > 1: live layers × one layer's matrices / t × B_w (current + prefetched unit)",
           ["mem.c.zero3_live_layers", "arch.params_per_layer" if "arch.params_per_layer" in fs else "arch.params_total",
            "mem.in.weight_bytes", *ZERO])
    fs.add("mem.model_states", st.weights + st.gradients + st.optimizer + st.lora_adapters, "B",
           "model states (weights + gradients + optimizer + adapters)",
           "weights + gradients + optimizer + LoRA adapters (the ZeRO paper's 'model states')",
           ["mem.weights", "mem.gradients", "mem.optimizer", "mem.lora_adapters"])
    fs.add("mem.host_offload", st.host_offload, "B", "bytes kept in host memory (CPU offload)",
           "optimizer states (+ gradients at ZeRO ≥ 2, + weight shards at ZeRO-3) moved to host RAM",
           ["mem.optimizer", "mem.gradients", "mem.weights"])
    _record_activations(fs, inp, cfg, bud)
    if cfg.training:
        cached = amp and inp.training_stack == "pytorch_amp"
        fs.add("mem.amp_weight_cache", st.amp_weight_cache + 0.0 * bud.total, "B", "autocast bf16 weight copies",
               "pytorch_amp, full training: 2 B × (block matrices per GPU + LM head V·h/t); full recompute: LM head "
               "+ one layer's matrices" if cached else "0: no autocast weight cache (Megatron or FSDP2 stack, or not "
               "full training; FSDP2's bf16 copies are the gathered layers)",
               ["mem.c.amp_weight_cache" if cached else "mem.in.training_stack", "arch.params_total", *LAYOUT,
                "mem.in.recompute"])
        fs.add("mem.grad_overlap", bud.grad_overlap + 0.0 * bud.total, "B", "gradients and activations not held together",
               "pytorch_amp with one micro-batch per step: gradients + activations + cache − max(activations + cache, "
               "gradients + one layer's activations) = min(gradients, activations + cache − b · one layer); "
               "else 0 (gradients persist across accumulated micro-batches, or in Megatron's gradient buffer)",
               ["mem.gradients", "mem.activations", "mem.amp_weight_cache", "mem.in.micro_batches_per_step",
                "mem.in.training_stack"])
    fs.add("mem.runtime", bud.runtime, "B", "runtime (CUDA context + communication buffers)",
           "CUDA context + NCCL buffers when the model instance spans > 1 GPU (training: t·p·d·c; inference: t·p·c·e)",
           ["mem.c.cuda_context", "mem.c.comm_buffers", *LAYOUT, *ZERO])
    fs.add("mem.fragmentation", bud.fragmentation, "B", "allocator fragmentation",
           "f × (weights + gradients + optimizer + adapters + gathered + activations"
           + (" + autocast weight copies − gradient/activation overlap" if cfg.training else "")
           + "); paged KV cache excluded",
           ["mem.c.fragmentation", "mem.model_states", "mem.zero3_gathered", "mem.activations"]
           + (["mem.amp_weight_cache", "mem.grad_overlap"] if cfg.training else []))
    fs.add("mem.total", bud.total, "B", "memory needed per GPU",
           "model states + ZeRO-3 gathered + activations + KV cache + runtime + fragmentation"
           + (" + autocast weight copies − gradient/activation overlap" if cfg.training else ""),
           ["mem.model_states", "mem.zero3_gathered", "mem.activations", "mem.kv_cache", "mem.runtime",
            "mem.fragmentation"] + (["mem.amp_weight_cache", "mem.grad_overlap"] if cfg.training else []))
    # the capacity's rows from here (every row where ``lift`` is the identity)
    total = lift(bud.total)
    usable = usable_bytes(cfg, cap, 0.0 if train else lift(bud.serving_fixed)) + lift(bud.runtime * 0.0)
    fs.add("mem.capacity", cap + 0.0 * total, "B", "GPU memory capacity", inp.gpu_memory_formula,
           ["mem.in.gpu_memory_gb"])
    fs.add("mem.usable", usable, "B", "usable memory", _usable_formula(cfg), ["mem.capacity"] if train else (
        ["mem.capacity", "mem.c.serving_fraction"] + (["mem.in.engine_release"] if "mem.in.engine_release" in fs
                                                      else [])
        + (["mem.runtime", "mem.weights", "mem.activations", "mem.c.fragmentation"] if cfg.kv_of_free else [])))
    fs.add("mem.headroom", usable - total, "B", "headroom", "usable − total", ["mem.usable", "mem.total"])
    fs.add("mem.fits", (total <= usable).astype(float), "bool", "fits in GPU memory", "total ≤ usable",
           ["mem.total", "mem.usable"])
    if not inp.limits:
        return fs
    record_limits(fs, inp, cfg, bud, usable, s, b, lift)
    if not inp.search:
        return fs
    gpn = as_array(inp.gpus_per_node)
    gpus = min_gpus_per_capacity(cfg, lay, cap, s, b, v, gpn, lift) if isinstance(lift, Lift) else None
    if gpus is None:
        lay = Layout(*(lift(x) for x in (lay.tp, lay.pp, lay.dp, lay.cp, lay.ep, lay.zero_stage)))
        gpus = min_gpus(cfg, lay, cap, lift(s), lift(b), lift(v), lift(gpn))
    family = ("ZeRO-3: given t, p, c; d = 1, 2, 4, … until the shards fit; n = t·p·c·d" if train else "")
    fs.add("mem.min_gpus", gpus, MIN_GPUS_UNIT, MIN_GPUS_LABEL,
           "smallest n = 1, 2, 4, … with t = min(n, T), T = largest power of two ≤ min(8, GPUs per node), "
           "p = n/t across nodes (p ≤ L), d = 1, experts over t, given c, dtype, optimizer, s and b; unknown if none"
           + (f" — when zero_stage = 3: {family}" if family else ""),
           ["mem.total", "mem.in.gpus_per_node", "mem.in.cp", "mem.in.zero_stage"])
    return fs


def _usable_formula(cfg: Settings) -> str:
    """mem.usable's formula, with what the serving fraction is a share of (memory_budget.serving_usable_bytes)."""
    if cfg.training:
        return "capacity (training)"
    if cfg.kv_of_free:
        return ("fixed + serving fraction × (capacity − fixed), at most the capacity; fixed = runtime + (1+f)·(weights "
                "+ prefill workspace); the fraction is a share of the memory free once the model has loaded "
                "(TensorRT-LLM's free GPU memory fraction), all of it KV cache")
    return ("capacity × serving fraction; the fraction is a share of the device total that weights, activations and "
            "KV cache share (vLLM's GPU memory utilisation, SGLang's static memory fraction)")


def _record_activations(fs: FigureSet, inp: MemoryInputs, cfg: Settings, bud: Needs) -> None:
    m = inp.model
    modelled = bud.train_act.modelled if bud.train_act is not None else bool(m.n_layers)
    note = "" if modelled else "no layer shapes in the record: activations not modelled, the total is a lower bound"
    if cfg.training:
        assert bud.train_act is not None  # a training budget always models its activations
        rc = {"none": "all tensors kept", "selective": "selective recompute: core attention recomputed (no 5·a·s/h)",
              "full": "full recompute: layer input 2·s·b·h kept, one layer recomputed at a time"}[inp.recompute]
        if inp.training_stack == "fsdp2" and inp.recompute == "selective":
            rc = ("torchtitan's op-level selective checkpoint: per layer the input, the attention output and the "
                  "outputs of every other matmul (the first, third, …) kept, 2·(h + a·d + kept outputs) per token "
                  "(core/recompute_policy.py)")
        formula = ("per layer s·b·h·(R + S/t + 5·a·s/(h·t))/c with R = 10 (SP: 10/t), S = 24 for GPT shapes, "
                   "generalised to g·d K/V, gated MLP 3f, MoE k experts (Korthikanti et al. 2022); "
                   f"{rc}; FlashAttention {'drops' if inp.flash_attention else 'keeps'} the 5·a·s/h term; "
                   "first stage × ⌈L/p⌉·p layer-micro-batches in flight (1F1B; interleaved × (1 + (p−1)/(p·v))); "
                   "+ fp32 logits 4·s·b·V/(t·c) on the last stage; max over first and last stage")
        if inp.training_stack == "pytorch_amp":
            formula = ("per layer s·b·(R + S/t + quadratic·s/t)/c, eager layers under torch.autocast: R = 4·4h fp32 "
                       "(two RMSNorm inputs and normalised values) + 2h per linear layer reading a norm (3 + 2 "
                       "gated, + 1 plain MLP), S = 2·(q + k + v + 2·o) + 4·a + MLP 2·4f gated (2·2f plain), no "
                       f"dropout masks; {rc}, full recompute keeps the fp32 block input 4·h; FlashAttention "
                       f"{'drops' if inp.flash_attention else 'keeps'} the a·s·4 term; first stage × ⌈L/p⌉·p "
                       "layer-micro-batches in flight; + unfused loss 14·s·b·V/(t·c) (bf16 logits, fp32 "
                       "log-probabilities and two fp32 gradients at the backward's start) + final norm 10·h·s·b")
        fs.add("mem.activations_per_layer", bud.train_act.per_layer, "B", "stored activations per layer, one micro-batch",
               formula.split(";")[0], ["arch.params_total", "mem.in.seq_len", *LAYOUT, "mem.in.cp", "mem.c.dropout_mask"],
               note=note)
        fs.add("mem.activations", bud.activations, "B", "activations", formula,
               ["mem.activations_per_layer", "mem.in.micro_batch", "mem.in.pp", "mem.in.virtual_stages",
                "mem.c.logit_bytes", "mem.in.recompute", "mem.in.flags", "mem.in.training_stack"]
               + (["mem.c.amp_residual"] if inp.training_stack == "pytorch_amp" else []), note=note)
        fs.add("mem.kv_cache", bud.kv_cache, "B", "KV cache", "0: training keeps no KV cache", [])
        return
    fs.add("mem.activations", bud.activations, "B", "activation workspace (inference)",
           "prefill chunk T × per-token transient of one layer 2·(2h + (q + k + v + o + MLP inner)/t) + b × fp32 "
           "logits 4·V/t (engine profiles at T tokens)", ["mem.c.prefill_chunk", "mem.in.micro_batch", "mem.in.tp",
                                                         "mem.c.logit_bytes"], note=note)
    kv = kv_values_per_token_layer(m, inp.tp) if m.n_layers else 0.0
    full, sliding = kv_layer_counts(m) if m.n_layers else (0, 0)
    kv_deps = ["arch.L", "arch.g", "arch.d", "mem.in.tp"] if has_layer_shapes(m) else ["mem.in.tp"]
    fs.add("mem.kv_values_per_token_layer", kv, "values", "cached values per token per layer per TP rank",
           "MLA: r_kv + r_rope" if m.attention == "mla" else "2 (K and V) · max(⌈g/t⌉, 1) · d", kv_deps)
    fs.input("mem.kv_layers", f"{full} full + {sliding} sliding (window {m.sliding_window or 0})", "",
             "KV layer split", f"model {m.id}")
    fs.add("mem.kv_cache", bud.kv_cache, "B", "KV cache",
           "b · [L_full·s + L_sliding·min(w, s)] · kv values (2·max(⌈g/t⌉,1)·d, MLA r_kv + r_rope) · B_kv "
           "× ⌈L/p⌉/L / c", ["mem.kv_values_per_token_layer", "mem.kv_layers", "mem.in.kv_bytes", "mem.in.seq_len",
                             "mem.in.micro_batch", "mem.in.pp", "mem.in.cp"])
