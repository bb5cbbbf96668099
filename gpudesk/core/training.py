"""Training step time, throughput, MFU/HFU and time to train.

Conventions (docs/performance-model.md):

* ``train.mfu`` uses model FLOPs in Megatron-LM's convention (every GEMM
  forward + 2× backward, causal attention at one half, no recompute) —
  the convention of Narayanan et al. 2021, Korthikanti et al. 2022 and the
  Llama 3 paper. ``train.mfu_6n`` uses 6·N_active per token (PaLM
  appendix B without attention). ``train.hfu`` adds recomputed FLOPs.
  LoRA/QLoRA count the FLOPs the method needs (no weight gradients of
  frozen matrices: 4·N instead of 6·N per token).
* Compute time = ((GEMM FLOPs / (peak × matmul efficiency) × shape factor +
  attention FLOPs / (attention peak × training attention efficiency)) /
  GEMM share + low-precision casts + MoE permutation) × stage
  imbalance (core/training_gemm.py, core/training_parts.py); the attention
  peak is the compute format's, or the part's 16-bit one under fp8/fp4 GEMMs.
  The GEMM share is FUSED_STACK_GEMM_TIME_SHARE for Megatron; for eager stacks
  it falls with the part's 16-bit matmul rate (EAGER_NON_GEMM_REFERENCE_TFLOPS).
* Step = (compute + exposed TP + exposed EP + PP + exposed CP + QLoRA
  dequantisation) × (1 + bubble) + exposed DP + optimizer update; the bubble
  follows the pipeline schedule (1F1B, interleaved, zero bubble, DualPipe).
* Whole-run time divides by JOB_GOODPUT.

Numeric fields of :class:`TrainingInputs` broadcast over candidates (one
per hardware row).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gpudesk.core.arrays import Gathered, broadcast_shape, broadcast_view, once, replaced
from gpudesk.core.constants import (
    ACTIVATION_COMM_BYTES,
    ADAM_UPDATE_BYTES_PER_PARAM,
    ATTENTION_BACKWARD_RELATIVE,
    GRAD_REDUCE_BYTES,
    LOW_PRECISION_CAST_BYTES,
    OVERLAP_COMPUTE_SLOWDOWN,
)
from gpudesk.core.constants import serving as SV
from gpudesk.core.explain import FigureSet
from gpudesk.core.flat_keys import FlatKeys
from gpudesk.core.model_math import has_layer_shapes
from gpudesk.core.precision import bytes_per_value
from gpudesk.core.training_comm import crossings, dp_traffic, step_collectives, step_communication
from gpudesk.core.training_flops import token_flops
from gpudesk.core.training_gemm import (
    adds_hbm_time,
    cast_time_s,
    expert_loop_time_s,
    gemm_classes,
    permute_time_s,
    score_time_s,
    shape_factor_rows,
)
from gpudesk.core.training_inputs import TrainingInputs, check_method_and_recipe, recompute_code
from gpudesk.core.training_levels import TAIL_WORTH_IT, Level, stage_case_codes
from gpudesk.core.training_parts import (
    bottleneck_index,
    bubble_fraction,
    exposed_dp_in_buckets,
    exposed_ep,
    exposed_tp,
    record_bottleneck,
    record_settings,
    record_step_inputs,
    record_trainable,
    schedule_of,
)
from gpudesk.core.training_rows import (
    KeyRows,
    efficiencies_and_links,
    framework_share,
    hardware_figures,
    layout_terms,
    step_shape,
)
from gpudesk.core.training_throughput import throughput_figures


def estimate_training(inp: TrainingInputs) -> FigureSet:
    """Every train.* figure for each candidate."""
    check_method_and_recipe(inp)
    m, hw = inp.model, inp.hardware
    names = ("n_gpus", "tp", "pp", "cp", "ep", "micro_batch", "global_batch", "seq_len", "zero_stage",
             "virtual_stages", "train_tokens", "epochs", "dataset_tokens")
    raw = [np.asarray(getattr(inp, k), dtype=np.float64) for k in names]
    raw.append(recompute_code(inp.recompute))
    # Each array keeps its own shape: a grid sweep (inputs on separate axes) computes every part on the axes
    # it reads; the recorded inputs are views broadcast to the whole sweep (one per hardware row at least).
    full = broadcast_shape(*(r.shape for r in raw), hw.shape)
    arrays = dict(zip((*names, "recompute"), raw))
    fs = FigureSet()
    record_step_inputs(fs, {k: broadcast_view(v, full) for k, v in arrays.items()})
    a = arrays
    source = hw.source_rows()  # a re-indexed set: its rows of the source tell the accelerators apart (no gather)
    keys = FlatKeys.of({**arrays, "row": hw.row if source is None else source[1]})  # a flat batch: parts once per distinct input (flat_keys.py)
    eff, links = efficiencies_and_links(hw, inp, keys)  # a flat batch's: per accelerator, held per candidate
    fs.merge(hardware_figures(hw, eff, inp.compute_dtype))  # hw.* and eff.* (made once within the window's memo)
    # FLOPs per token read only the sequence and recompute mode: once per distinct row (core/training_rows.py)
    rows = KeyRows(keys)
    tok = token_flops(fs, inp, rows, a)
    pb, model_tok, gemm_tok_hw, attn_tok_hw, hfu_tok = tok.pb, tok.model, tok.gemm_hw, tok.attention_hw, tok.hfu
    rec = a["recompute"]

    tp, pp, cp, n = a["tp"], a["pp"], a["cp"], a["n_gpus"]
    dp = n / (tp * pp * cp) if rows.inverse is None else rows.held(  # the layout's: on its rows
        rows.pick(n) / (rows.pick(tp) * rows.pick(pp) * rows.pick(cp)))
    mb, gb, s = a["micro_batch"], a["global_batch"], a["seq_len"]
    shape = step_shape(inp, pb, a, dp)
    schedule = schedule_of(inp.pipeline_schedule, a["virtual_stages"])
    record_settings(fs, inp, schedule)
    # the terms that read only the layout, sequence and accelerator: once per distinct row (core/training_rows.py);
    # what combines them with the global batch, once per distinct row of both (core/training_levels.py)
    hbm_bw = hw.held("hbm_bw")  # a flat sweep's: picked at each part's rows, not gathered (hardware.py)
    terms = layout_terms(rows, m, shape, inp.method, schedule == "interleaved", mb, hbm_bw, eff.hbm)
    at = Level.refine(keys, rows.inverse, rows.count, [keys.coded("global_batch")] if keys is not None else [])

    def on_layout(value: Any) -> Any:  # an input the layout decides at ``at``'s rows: its layout rows' lifted
        return at.lift(rows.held(rows.pick(value))) if at.inverse is not None else at.pick(value)  # (a sweep: copies)

    gb_at, n_at, tp_at, pp_at = at.pick(gb), on_layout(n), on_layout(tp), on_layout(pp)
    micro = gb_at / at.lift(terms.figure("micro_den"))
    valid = at.lift(terms.figure("layout_ok")) & (micro >= 1.0 - 1e-9)  # d whole, EP from t·c·d, layers per stage
    dp = fs.add("train.dp", dp, "replicas", "data parallel d", "d = N_gpu / (t · p · c)",
           ["train.in.n_gpus", "train.in.tp", "train.in.pp", "train.in.cp"])
    fs.add("train.micro_batches", at.held(micro), "micro-batches", "micro-batches per step m", "m = B / (d · b)",
           ["train.dp", "train.in.global_batch", "train.in.micro_batch"])
    tokens_step = gb_at * on_layout(s)
    fs.add("train.tokens_per_step", at.held(tokens_step), "tokens", "tokens per step", "B · s",
           ["train.in.global_batch", "train.in.seq_len"])
    record_trainable(fs, inp.method, inp.lora_rank, pb, rows.pick(n), rows.held)

    # -- compute --------------------------------------------------------
    peak = hw.held_peak(inp.compute_dtype)
    peak_attn = hw.held_peak(inp.compute_dtype, attention=True)
    peak_at, peak_attn_at = on_layout(peak), on_layout(peak_attn)
    per_gpu_tokens = tokens_step / n_at
    # the ridge point (peak · η_mm / (HBM bw · η_hbm)) reads only the accelerator: on the distinct rows
    ridge = rows.every(rows.pick(peak) * rows.pick(eff.matmul) / (rows.pick(hbm_bw) * rows.pick(eff.hbm)))
    classes = gemm_classes(m)
    if keys is not None and inp.figures_in_blocks:  # and its figures kept in blocks (explain.Rows)
        fs.keep_in_blocks(keys.size)
    gemm_shape, shape_rows = shape_factor_rows(classes, a["micro_batch"], a["seq_len"], a["cp"], a["tp"], a["ep"],
                                               ridge, inp.compute_dtype, keys)
    fs.constant("eff.serving_roofline_p", SV.SERVING_ROOFLINE_SHARPNESS)
    fs.add("train.gemm_shape_factor", gemm_shape if shape_rows is None else Gathered(gemm_shape, shape_rows), "×",
           "GEMM time over its compute-bound time (by shape)",
           "Σ_classes FLOP share · (1 + (t_mem/t_comp)^p)^(1/p) at each class's M×K×N (experts: M = b·s/c·k·e/E)",
           ["train.in.micro_batch", "train.in.seq_len", "train.in.tp", "train.in.ep", "eff.serving_roofline_p"])
    gemm_s = at.lift(gemm_tok_hw) * per_gpu_tokens / (peak_at * on_layout(eff.matmul)) * at.lift(gemm_shape, shape_rows)
    eta_attn = on_layout(eff.attention) / (1.0 / 3.0 + (2.0 / 3.0) / ATTENTION_BACKWARD_RELATIVE.value)
    fs.constant("eff.attention_backward_relative", ATTENTION_BACKWARD_RELATIVE)
    attn_s = at.lift(attn_tok_hw) * per_gpu_tokens / (peak_attn_at * eta_attn)
    imbalance = at.lift(terms.figure("imbalance"))
    hbm_time = keys is None or adds_hbm_time(m, classes, inp.compute_dtype)  # a flat 16-bit dense batch: none
    cast_b = 0.0
    if hbm_time or not inp.flash_attention:  # the casts, the permutes and unfused scores move bytes through HBM
        bw = on_layout(hbm_bw) * on_layout(eff.hbm)
    if hbm_time:
        stage_tokens = tokens_step / at.lift(terms.figure("stage_den"))
        cast_s, cast_b = cast_time_s(classes, inp.compute_dtype, inp.low_precision_recipe, stage_tokens, tp_at,
                                     on_layout(a["ep"]), pp_at, bw)
        permute_s = permute_time_s(m, stage_tokens, pp_at, bw)
    if cast_b:
        fs.input("train.cast_bytes", cast_b, "B/value", f"HBM bytes per cast value ({inp.low_precision_recipe})",
                 f"constant {LOW_PRECISION_CAST_BYTES[inp.low_precision_recipe].name}: "
                 f"{LOW_PRECISION_CAST_BYTES[inp.low_precision_recipe].source}")
    framework = on_layout(framework_share(fs, inp, eff, hw))
    if hbm_time:
        compute = ((gemm_s + attn_s) / framework + cast_s + permute_s) * imbalance
    else:  # the casts and permutes are zeros: x + 0 + 0 is x + 0, bit for bit
        compute = ((gemm_s + attn_s) / framework + 0.0) * imbalance
    if not inp.flash_attention and has_layer_shapes(m):  # unfused attention: its score tensors through HBM
        compute = compute + score_time_s(fs, m, on_layout(s), on_layout(rec), per_gpu_tokens, bw, at.held) * imbalance
    loop = inp.expert_gemm_loop and m.is_moe and inp.training_stack == "megatron"
    if loop:  # the expert GEMMs one cuBLASLt call per local expert (MOE_EXPERT_GEMM_CALL_S)
        compute = compute + expert_loop_time_s(fs, m, inp.method, micro, pp_at, on_layout(a["ep"]), on_layout(rec),
                                               at.held)
    fs.add("train.compute_time_s", at.held(compute), "s", "compute time per step",
           "((GEMM FLOPs/(peak·η_mm)·shape + attention FLOPs/(peak_attn·η_attn,train)) / framework share + "
           "low-precision casts + MoE permutation) · stage imbalance, per GPU; η_attn,train = η_attn / (1/3 + "
           "(2/3)/backward relative)" + ("; + expert GEMMs one call per local expert" if loop else ""),
           ["train.flops_per_token_model", "train.flops_per_token_recompute", "train.tokens_per_step",
            "train.in.n_gpus", "hw.peak_flops", "hw.peak_flops_attention", "eff.matmul", "eff.attention",
            "eff.framework", "train.gemm_shape_factor", "eff.attention_backward_relative", "hw.hbm_bw"]
           + (["train.in.low_precision_recipe"] if inp.compute_dtype in ("fp8", "fp4") else [])
           + ([] if inp.training_stack == "megatron" else ["eff.eager_share"])
           + (["train.expert_gemm_loop_s"] if loop else []))

    # -- communication --------------------------------------------------
    wbytes = 0.5 if inp.method == "qlora" else 2.0
    shape = replaced(shape, dp=dp)
    sc = step_collectives(shape, links, ACTIVATION_COMM_BYTES.value, GRAD_REDUCE_BYTES.value, wbytes, keys)
    tp_s, cp_raw, ep_s, pp_s = step_communication(sc, replaced(shape, **{f: on_layout(getattr(shape, f)) for f in (
        "pp", "full_recompute", "virtual_stages")}), micro, at)
    fs.constant("train.act_bytes", ACTIVATION_COMM_BYTES)
    fs.constant("train.grad_bytes", GRAD_REDUCE_BYTES)
    link_deps = ["hw.scaleup_bw", "hw.scaleout_bw", "hw.scaleup_domain", "eff.scaleup_busbw", "eff.scaleout_busbw"]
    fs.add("train.comm_tp_s", at.held(tp_s), "s", "tensor-parallel communication per step",
           "m · (L/p) · (4, or 6 with full recompute) · all-reduce(b·s/c·h·2 B, t), inside a node at the "
           "scale-up bandwidth, on a full mesh (no switch: a link to each peer) only min(t − 1, links) / links of it",
           ["train.micro_batches", "train.in.tp", "train.act_bytes", *link_deps])
    cp_exposed = np.maximum(cp_raw - attn_s / eff.framework, 0.0)
    fs.add("train.comm_cp_s", at.held(cp_exposed), "s", "context-parallel communication not hidden by attention",
           "max(0, m·(L/p)·(AG + RS of K,V over c) − attention time)", ["train.in.cp", "train.compute_time_s",
                                                                        *link_deps])
    fs.add("train.comm_ep_s", at.held(ep_s), "s", "expert-parallel all-to-all per step",
           "m · (L_moe/p) · 4 · all-to-all(b·s/c·h·k·2 B, e)", ["train.in.ep", "train.micro_batches", *link_deps])
    fs.add("train.comm_pp_s", at.held(pp_s), "s", "pipeline point-to-point per step",
           "m · 2 · v · p2p(b·s/c·h/t·2 B)", ["train.in.pp", "train.micro_batches", *link_deps])
    # what the ZeRO stage changes: once per distinct row of the above, the stage's case and the tokens to train
    case = [stage_case_codes(a["zero_stage"], keys.size), *(keys.coded(k) for k in (  # the case varies slowest
        "train_tokens", "epochs", "dataset_tokens"))] if keys is not None else []
    tail = Level.refine(keys, at.inverse, at.count, case, worth=TAIL_WORTH_IT, within=at)
    starts = tail.starts(case[0][0], 3) if case else None  # the rows of ZeRO 1-2 and of ZeRO-3 start here

    def up(value: Any) -> Any:  # a value of the global batch's rows at the stage's
        return tail.lift(value, at.inverse)

    def zero_tail() -> Any:  # the stage at the stage's rows: not read where they are ordered by its case
        return tail.pick(a["zero_stage"])

    dp_raw, zero3 = dp_traffic(sc, shape, links, zero_tail, up(micro), tail, starts)
    fs.add("train.comm_dp_raw_s", tail.held(dp_raw), "s", "data-parallel gradient/weight traffic per step",
           "ZeRO 0-2: all-reduce(grads/(t·p)); ZeRO-3: m · (2·AG(weights) + RS(grads))",
           ["train.dp", "train.in.zero_stage", "train.grad_bytes", *link_deps])
    fs.add("train.comm_time_s", tail.held(up(tp_s + cp_raw + ep_s + pp_s) + dp_raw), "s",
           "all communication per step (before overlap)", "TP + CP + EP + PP + DP",
           ["train.comm_tp_s", "train.comm_ep_s", "train.comm_pp_s", "train.comm_dp_raw_s", "train.comm_cp_s"])

    # -- step -----------------------------------------------------------
    optimizer = terms.by_stage(lambda: zero_tail() >= 1, "optimizer_sharded", "optimizer_whole", tail,
                               None if starts is None else starts[0])
    fs.constant("train.adam_bytes", ADAM_UPDATE_BYTES_PER_PARAM)
    fs.add("train.optimizer_time_s", tail.held(optimizer), "s", "optimizer update per step",
           "parameters updated per GPU (÷ d·c with ZeRO ≥ 1) · 30 B / (HBM bw · η_hbm)",
           ["train.adam_bytes", "hw.hbm_bw", "eff.hbm", "train.dp", "train.in.zero_stage"])
    if inp.method == "qlora":
        base = (pb.linear if pb.from_architecture else float(m.params_total)) / (tp_at * pp_at)
        passes = np.where(on_layout(rec) >= 2, 3.0, 2.0)
        dequant = micro * passes * base * (0.5 + bytes_per_value("bf16")) / (on_layout(hbm_bw) * on_layout(eff.hbm))
    else:
        dequant = np.zeros_like(compute)
    fs.add("train.dequant_time_s", at.held(dequant), "s", "QLoRA 4-bit to bf16 dequantisation per step",
           "m · passes (2, 3 with full recompute) · linear params/(t·p) · (0.5 + 2) B / (HBM bw · η_hbm)",
           ["train.micro_batches", "hw.hbm_bw", "eff.hbm"])
    bubble, bubble_formula = bubble_fraction(schedule, pp_at, on_layout(a["virtual_stages"]), micro)
    bubble = np.where(pp_at > 1, bubble, 0.0)
    fs.add("train.bubble_fraction", at.held(bubble), "fraction", "pipeline bubble (of ideal time)", bubble_formula,
           ["train.in.pp", "train.in.virtual_stages", "train.micro_batches", "train.in.pipeline_schedule"])
    tp_exposed = exposed_tp(tp_s, gemm_s / eff.framework, tp_at, inp.tp_comm_overlap)
    ep_exposed = exposed_ep(ep_s, compute, inp.moe_a2a_overlap or schedule == "dualpipe")
    serial = compute + tp_exposed + ep_exposed + pp_s + cp_exposed + dequant
    bubble_s = serial * bubble
    compute_case = up(compute)
    dp_exposed = exposed_dp_in_buckets(fs, terms, dp_raw, zero3, compute_case, up(micro), up(bubble_s),
                                       inp.overlap_grad_reduce, inp.overlap_param_gather, tail,
                                       None if starts is None else starts[1])
    fs.add("train.comm_dp_s", tail.held(dp_exposed), "s", "data-parallel communication not hidden",
           "ZeRO 0-2 overlapped, q the last bucket's share: max(RS·q, RS − (2/3)·t_mb·(1 − q) − bubble/2) + max(AG·q, "
           "AG − (1/3)·t_mb·(1 − q) − bubble/2) (RS = AG = DP/2; AG not overlapped without the param-gather overlap); "
           "no overlap: DP; ZeRO-3: max(0, DP − compute)", ["train.comm_dp_raw_s", "train.compute_time_s",
                                                             "train.bubble_fraction", "train.dp_last_bucket_share",
                                                             "train.in.overlap_grad_reduce",
                                                             "train.in.overlap_param_gather"])
    slowdown = fs.constant("train.overlap_slowdown", OVERLAP_COMPUTE_SLOWDOWN) * np.minimum(
        np.maximum(dp_raw - dp_exposed, 0.0), compute_case)
    fs.add("train.overlap_slowdown_s", tail.held(slowdown), "s", "compute slowed by data-parallel traffic it hides",
           "slowdown · min(DP − exposed DP, compute)", ["train.comm_dp_raw_s", "train.comm_dp_s",
                                                          "train.compute_time_s", "train.overlap_slowdown"])
    step = up(serial + bubble_s) + dp_exposed + slowdown + optimizer  # serial + bubble first, as it always summed
    supported = np.isfinite(peak_at) & np.isfinite(peak_attn_at)
    usable = valid & supported
    step = np.where(up(usable), step, np.nan)
    fs.add("train.exposed_comm_s", tail.later(lambda: up(tp_exposed + ep_exposed + pp_s + cp_exposed) + dp_exposed),
           "s",
           "communication on the critical path", "exposed TP + exposed EP + PP + exposed CP + exposed DP",
           ["train.comm_tp_s", "train.comm_ep_s", "train.comm_pp_s", "train.comm_cp_s", "train.comm_dp_s",
            "train.in.tp_comm_overlap", *(["train.in.moe_a2a_overlap"] if m.is_moe else [])])  # a dense model: no a2a
    fs.add("train.step_time_s", tail.held(step), "s", "time per optimizer step",
           "(compute + TP + EP + PP + exposed CP + dequant) · (1 + bubble) + exposed DP + overlap slowdown + "
           "optimizer", ["train.compute_time_s", "train.exposed_comm_s", "train.bubble_fraction",
                         "train.overlap_slowdown_s", "train.optimizer_time_s", "train.dequant_time_s"],
           note="unknown where the layout is invalid (d not whole, m < 1) or the part lacks the precision")
    throughput_figures(fs, {k: tail.pick(a[k]) for k in ("train_tokens", "epochs", "dataset_tokens")}, step,
                       up(tokens_step), tail.lift(model_tok), tail.lift(hfu_tok),
                       tail.lift(fs.held("arch.flops_per_token_6n")), up(peak_at), up(n_at),  # rows of the key
                       inp.calibration, tail.held, tail.later)

    # Choose by index and look the codes up once: string arrays are ~10x the bytes of the numbers (a sweep's). A flat
    # batch chooses when the codes are first read (no search reads them: arrays.Gathered.deferred), the same choice,
    # once per distinct row of the stage's case.
    def choose() -> tuple[np.ndarray, np.ndarray]:
        parts = [compute_case, up(bubble_s), up(tp_exposed), dp_exposed, slowdown, up(pp_s), up(ep_exposed),
                 up(cp_exposed), optimizer, up(dequant)]
        return bottleneck_index(parts, up(valid), up(supported), up(usable))

    record_bottleneck(fs, once(choose), None if keys is None else (keys.size, tail.every))
    crossing = crossings(sc)
    fs.add("train.tp_crosses_nodes", crossing["tp"], "bool",
           "tensor-parallel group leaves the scale-up domain", "t > members per scale-up domain",
           ["train.in.tp", "hw.scaleup_domain"])
    fs.add("train.dp_crosses_nodes", crossing["dp"], "bool",
           "data-parallel group leaves the scale-up domain", "d·c > members per scale-up domain",
           ["train.dp", "hw.scaleup_domain"])
    fs.keep_in_blocks(None)
    return fs
