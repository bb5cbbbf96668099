"""The step model's terms computed once per distinct row (core/training_rows.py) against the arithmetic as it was
written on every candidate before, kept here as the reference (issue 24 part 14 in benchmarks/README.md).

Large generated flat batches (bench_core's 122,880-configuration sweep; 2,592 of test_flat_distinct's layouts for a
MoE model in fp8, every input varying, recompute per candidate) run through ``estimate_training``; the reference recomputes on
every row, in the old order of operations, the figures whose terms moved: FLOPs per token, the micro-batch count and
the layout's validity, the stage imbalance, the compute time, the last bucket's share, the optimizer update and the
hardware FLOPs utilisation. Each must be equal bit for bit (same bytes: NaNs and signed zeros included).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from benchmarks import bench_core
from gpudesk.core import training_parts
from gpudesk.core.constants import (
    ADAM_UPDATE_BYTES_PER_PARAM,
    ATTENTION_BACKWARD_RELATIVE,
    FRAMEWORK_GEMM_TIME_SHARE,
    FUSED_STACK_GEMM_TIME_SHARE,
)
from gpudesk.core.explain import FigureSet
from gpudesk.core.flat_keys import FlatKeys
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.model_math import has_layer_shapes, param_breakdown, training_flops_per_token
from gpudesk.core.training import estimate_training
from gpudesk.core.training_comm import last_bucket_share, params_per_gpu
from gpudesk.core.training_gemm import cast_time_s, gemm_classes, permute_time_s
from gpudesk.core.training_inputs import TrainingInputs
from gpudesk.core.training_parts import head_layers, stage_imbalance
from gpudesk.core.training_rows import KeyRows, step_shape
from tests.core.test_chain_batch import ACCELERATORS
from tests.core.test_flat_distinct import _configurations
from tests.core.test_memory_fastpath import MIXTRAL


def _reference(inp: TrainingInputs, fs: FigureSet) -> dict[str, np.ndarray]:
    """The moved terms on every candidate, in the operations and order estimate_training used before they moved."""
    m, hw = inp.model, inp.hardware
    a = {k: np.asarray(getattr(inp, k), dtype=np.float64) for k in (
        "n_gpus", "tp", "pp", "cp", "ep", "micro_batch", "global_batch", "seq_len", "zero_stage", "virtual_stages")}
    a["recompute"] = rec = np.broadcast_to(np.asarray(fs["train.in.recompute"], dtype=np.float64), a["n_gpus"].shape)
    pb = param_breakdown(m)
    n_gemm = pb.matmul_active if pb.from_architecture else float(m.active_params)
    s = a["seq_len"]
    flops = training_flops_per_token(m, s)  # on every row
    attn_tok = np.maximum(flops["arch.flops_per_token_megatron"] - 6.0 * n_gemm, 0.0) if has_layer_shapes(m) \
        else s * 0.0
    gemm_factor = 6.0 if inp.method == "full" else 4.0
    model_tok = gemm_factor * n_gemm + 0.0 + attn_tok
    # Megatron's selective recompute (no torchtitan op policy, 365b9b6): the core attention only
    recompute_gemm = np.where(rec >= 2, 2.0 * n_gemm, np.where(rec >= 1, 0.0, 0.0))
    recompute_attn = np.where(rec >= 2, attn_tok / 3.0, np.where((rec >= 1) & True, attn_tok / 3.0, 0.0))
    recompute_tok = recompute_gemm + recompute_attn
    tp, pp, cp, ep, n = a["tp"], a["pp"], a["cp"], a["ep"], a["n_gpus"]
    dp = n / (tp * pp * cp)
    mb, gb = a["micro_batch"], a["global_batch"]
    micro = gb / (np.maximum(dp, 1e-9) * mb)
    valid = (np.abs(dp - np.round(dp)) < 1e-9) & (dp >= 1) & (micro >= 1.0 - 1e-9) \
        & (np.abs(np.round(dp * tp * cp / ep) * ep - dp * tp * cp) < 1e-9)
    v = a["virtual_stages"]
    valid &= (inp.pipeline_schedule != "interleaved") | (float(max(m.n_layers, 1)) / (pp * np.maximum(v, 1.0)) >= 1.0)
    peak, peak_attn = hw.peak(inp.compute_dtype), hw.attention_peak(inp.compute_dtype)
    eff_mm, eff_attn, eff_hbm = fs["eff.matmul"], fs["eff.attention"], fs["eff.hbm"]
    tokens_step = gb * s
    per_gpu_tokens = tokens_step / n
    gemm_tok_hw = gemm_factor * n_gemm + 0.0 + recompute_gemm
    attn_tok_hw = attn_tok + recompute_attn
    bw = hw.hbm_bw * eff_hbm
    gemm_s = gemm_tok_hw * per_gpu_tokens / (peak * eff_mm) * fs["train.gemm_shape_factor"]
    eta_attn = eff_attn / (1.0 / 3.0 + (2.0 / 3.0) / ATTENTION_BACKWARD_RELATIVE.value)
    attn_s = attn_tok_hw * per_gpu_tokens / (peak_attn * eta_attn)
    stage_tokens = tokens_step / (np.maximum(n / (tp * pp * cp), 1e-9) * cp)
    classes = gemm_classes(m)
    cast_s, _ = cast_time_s(classes, inp.compute_dtype, inp.low_precision_recipe, stage_tokens, tp, ep, pp, bw)
    permute_s = permute_time_s(m, stage_tokens, pp, bw)
    imbalance = stage_imbalance(float(max(m.n_layers, 1)), pp, head_layers(m, s))
    framework = min(1.0, FUSED_STACK_GEMM_TIME_SHARE.value * FRAMEWORK_GEMM_TIME_SHARE.value
                    / FRAMEWORK_GEMM_TIME_SHARE.value)  # the Megatron stack, no calibration
    compute = ((gemm_s + attn_s) / framework + cast_s + permute_s) * imbalance
    shape = replace(step_shape(inp, pb, a, dp), micro_batches=micro)
    held = params_per_gpu(shape)
    opt_params = np.where(a["zero_stage"] >= 1, held / (dp * cp), held)
    per_gpu = fs["train.tokens_per_s_per_gpu"]
    return {"train.flops_per_token_model": model_tok, "train.flops_per_token_recompute": recompute_tok,
            "arch.flops_per_token_6n": flops["arch.flops_per_token_6n"],
            "arch.flops_per_token_megatron": flops["arch.flops_per_token_megatron"],
            "arch.flops_per_token_forward": flops["arch.flops_per_token_forward"],
            "train.micro_batches": micro, "train.compute_time_s": compute,
            "train.optimizer_time_s": opt_params * ADAM_UPDATE_BYTES_PER_PARAM.value / (hw.hbm_bw * eff_hbm),
            "train.dp_last_bucket_share": last_bucket_share(shape),
            "train.hfu": per_gpu * (model_tok + recompute_tok) / peak,
            "usable": valid & np.isfinite(peak) & np.isfinite(peak_attn)}


def _bench_sweep() -> TrainingInputs:
    s = bench_core.build_sweep()
    hw = HardwareArrays.from_accelerators(bench_core.ACCELERATORS).take(s["hw"])
    return TrainingInputs(model=bench_core.LLAMA2_7B, hardware=hw, n_gpus=s["n"], tp=s["tp"], pp=s["pp"],
                          micro_batch=s["mb"], global_batch=s["gb"], seq_len=s["seq"], zero_stage=s["zero"],
                          recompute="selective", train_tokens=1e11, figures_in_blocks=False)


def _moe_fp8() -> TrainingInputs:
    batches = [_configurations(seed) for seed in (7, 8, 9)]
    c = {k: np.concatenate([b[k] for b in batches]) for k in batches[0]}
    hw = HardwareArrays.from_accelerators(ACCELERATORS).take(c["hw"].astype(int))
    return TrainingInputs(model=MIXTRAL, hardware=hw, n_gpus=c["n"], tp=c["tp"], pp=c["pp"], cp=c["cp"], ep=c["ep"],
                          micro_batch=c["mb"], global_batch=c["gb"], seq_len=c["seq"], zero_stage=c["zero"],
                          virtual_stages=c["v"], recompute=c["rec"], pipeline_schedule="interleaved",
                          compute_dtype="fp8", train_tokens=1e11)


def test_figures_no_search_reads_are_made_when_first_read() -> None:
    # the bench sweep takes the step's rows per global batch and ZeRO case (core/training_levels.py): the 6·N MFU,
    # the HFU, the GPU-hours and the exposed communication are made when read (HFU: against the old arithmetic above)
    fs = estimate_training(_bench_sweep())
    unread = ("train.mfu_6n", "train.hfu", "train.gpu_hours", "train.exposed_comm_s")
    assert all(callable(fs.held(key)._values) for key in unread)
    per_gpu, seconds = fs["train.tokens_per_s_per_gpu"], fs["train.time_to_train_s"]
    assert np.array_equal(fs["train.gpu_hours"], seconds * fs["train.in.n_gpus"] / 3600.0, equal_nan=True)
    assert np.array_equal(fs["train.mfu_6n"], per_gpu * fs["arch.flops_per_token_6n"] / fs["hw.peak_flops"],
                          equal_nan=True)
    assert [callable(fs.held(key)._values) for key in unread] == [False, True, False, True]  # made once read


@pytest.mark.parametrize("inputs", [_bench_sweep, _moe_fp8], ids=["bench-sweep-122880", "moe-fp8-per-row-recompute"])
def test_the_terms_once_per_distinct_row_equal_the_old_arithmetic_on_every_row(inputs) -> None:  # type: ignore[no-untyped-def]
    inp = inputs()
    fs = estimate_training(inp)
    size = np.size(inp.n_gpus)
    assert size >= 2500
    rows = KeyRows(FlatKeys.of({"seq_len": inp.seq_len, "n_gpus": inp.n_gpus, "tp": inp.tp, "pp": inp.pp,
                                "micro_batch": inp.micro_batch, "row": inp.hardware.row,
                                "recompute": np.asarray(fs["train.in.recompute"]), "cp": inp.cp, "ep": inp.ep,
                                "virtual_stages": inp.virtual_stages}))
    assert rows.inverse is not None and rows.count < size // 2  # the batch takes the de-duplicated path
    reference = _reference(inp, fs)
    usable = reference.pop("usable")
    assert 0 < usable.sum() < size  # both valid and invalid layouts
    assert np.array_equal(np.isfinite(fs["train.step_time_s"]), usable)  # the step is unknown exactly where unusable
    for key, expected in reference.items():
        got = np.asarray(fs[key])
        expected = np.broadcast_to(expected, got.shape)
        assert got.dtype == expected.dtype, key
        assert got.tobytes() == np.ascontiguousarray(expected).tobytes(), key


def test_a_flat_batch_chooses_its_bottleneck_when_first_read(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # no search reads the bottleneck codes: a flat batch leaves the choice (largest_parts) until they are read, and
    # makes it once for both figures; what it chooses is test_flat_distinct's (every row, de-duplicated or not)
    calls = []
    chosen = training_parts.largest_parts
    monkeypatch.setattr(training_parts, "largest_parts", lambda parts: calls.append(1) or chosen(parts))
    fs = estimate_training(_moe_fp8())
    fs["train.step_time_s"], fs["train.mfu"]  # what a search reads
    assert calls == []
    overhead, bottleneck = fs["train.largest_overhead"], fs["train.bottleneck"]
    assert calls == [1] and bottleneck.shape == overhead.shape == (np.size(fs["train.in.n_gpus"]),)
    assert {"invalid_layout", "compute"} <= set(bottleneck.tolist())


def test_a_flat_dense_batch_without_flash_attention_sizes_as_each_configuration_alone() -> None:
    # its score tensors pass through HBM although a 16-bit dense batch has no casts (the HBM bandwidth was then
    # undefined on the de-duplicated path: UnboundLocalError before issue 24 part 16)
    inp = _bench_sweep()
    rows = np.arange(0, np.size(inp.n_gpus), 97)
    pick = {f: np.asarray(getattr(inp, f))[rows] for f in ("n_gpus", "tp", "pp", "micro_batch", "global_batch",
                                                              "seq_len", "zero_stage")}
    batch = replace(inp, hardware=inp.hardware.take(rows), flash_attention=False, **pick)
    fs = estimate_training(batch)
    for i in (0, 5, 700):
        alone = estimate_training(replace(batch, hardware=batch.hardware.take(np.array([i])),
                                          **{f: v[i:i + 1] for f, v in pick.items()}))
        for key in ("train.attention_scores_s", "train.compute_time_s", "train.step_time_s"):
            assert np.array_equal(fs[key][i:i + 1], alone[key], equal_nan=True), (key, i)
    assert np.isfinite(fs["train.attention_scores_s"]).all() and (fs["train.attention_scores_s"] > 0).all()
