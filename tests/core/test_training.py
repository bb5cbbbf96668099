"""Training step time, MFU/HFU, parallel layouts and time to train."""

from __future__ import annotations

import numpy as np
import pytest
from test_training_samples import A100, B200, H100, L40S, LLAMA3_8B, LLAMA3_70B, MIXTRAL

from gpudesk.core.constants import (
    ATTENTION_BACKWARD_RELATIVE,
    ATTENTION_EFFICIENCY,
    FUSED_STACK_GEMM_TIME_SHARE,
    JOB_GOODPUT,
    MATMUL_EFFICIENCY_BF16,
    MOE_EXPERT_GEMM_CALL_S,
    MXFP8_GEMM_RELATIVE,
)
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.model_math import param_breakdown
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs


def _train(model=LLAMA3_8B, accs=(H100,), **kw):
    hw = HardwareArrays.from_accelerators(list(accs))
    return estimate_training(TrainingInputs(model=model, hardware=hw, **kw))


def test_single_gpu_compute_matches_hand_calculation():
    fs = _train(n_gpus=1, global_batch=8, seq_len=2048, recompute="none", zero_stage=0)
    tokens = 8 * 2048
    model_tok = fs.value_at("train.flops_per_token_model", 0)
    gemm_tok = 6.0 * param_breakdown(LLAMA3_8B).matmul_active
    attn_tok = model_tok - gemm_tok
    # Megatron stack: fused kernels, so the GEMM share of the step is FUSED_STACK_GEMM_TIME_SHARE
    share = FUSED_STACK_GEMM_TIME_SHARE.value
    gemm_s = tokens * gemm_tok / (989e12 * MATMUL_EFFICIENCY_BF16["nvidia-hopper"].value) \
        * fs.value_at("train.gemm_shape_factor", 0)
    backward = ATTENTION_BACKWARD_RELATIVE.value
    eta_attn = ATTENTION_EFFICIENCY["nvidia-hopper"].value / (1 / 3 + (2 / 3) / backward)
    attn_s = tokens * attn_tok / (fs.value_at("hw.peak_flops_attention", 0) * eta_attn)
    assert fs.value_at("train.gemm_shape_factor", 0) >= 1.0
    assert fs.value_at("train.compute_time_s", 0) == pytest.approx((gemm_s + attn_s) / share, rel=1e-6)
    assert fs.value_at("train.comm_tp_s", 0) == 0 and fs.value_at("train.comm_dp_raw_s", 0) == 0


def test_mfu_stays_below_matmul_efficiency_and_hfu_counts_recompute():
    fs = _train(n_gpus=8, global_batch=64, seq_len=4096, recompute="full")
    mfu, hfu = fs.value_at("train.mfu", 0), fs.value_at("train.hfu", 0)
    assert 0.2 < mfu < MATMUL_EFFICIENCY_BF16["nvidia-hopper"].value
    assert hfu == pytest.approx(mfu * 4 / 3, rel=0.03)  # full recompute adds one forward (≈ a third)
    assert fs.value_at("train.mfu_6n", 0) < mfu  # 6·N leaves attention out


def test_pipeline_bubble_follows_1f1b_and_interleaving():
    fs = _train(model=LLAMA3_70B, n_gpus=64, tp=8, pp=4, global_batch=64, virtual_stages=[1, 2], seq_len=4096)
    m = fs.value_at("train.micro_batches", 0)
    assert m == 32
    assert fs.value_at("train.bubble_fraction", 0) == pytest.approx(3 / 32)
    assert fs.value_at("train.bubble_fraction", 1) == pytest.approx(3 / 64)
    assert fs.value_at("train.step_time_s", 1) < fs.value_at("train.step_time_s", 0)


def test_tensor_parallel_across_nodes_is_slower_than_inside_one():
    fs = _train(model=LLAMA3_70B, n_gpus=64, tp=[8, 16], pp=[4, 2], global_batch=64, seq_len=4096)
    assert fs.value_at("train.tp_crosses_nodes", 0) == 0 and fs.value_at("train.tp_crosses_nodes", 1) == 1
    # t = 16 holds twice the layers per stage (p = 2) and its ring leaves NVLink for the NICs
    assert fs.value_at("train.comm_tp_s", 1) / 2 > fs.value_at("train.comm_tp_s", 0)


def test_data_parallel_overlap_hides_reduction_behind_backward():
    fs = _train(n_gpus=[8, 1024], global_batch=[8, 1024], seq_len=4096, zero_stage=1)
    assert fs.value_at("train.comm_dp_raw_s", 1) > fs.value_at("train.comm_dp_raw_s", 0)
    assert fs.value_at("train.comm_dp_s", 0) <= fs.value_at("train.comm_dp_raw_s", 0)


def test_zero3_communicates_every_micro_batch():
    fs = _train(n_gpus=64, global_batch=512, seq_len=4096, zero_stage=[1, 3])
    assert fs.value_at("train.comm_dp_raw_s", 1) > 4 * fs.value_at("train.comm_dp_raw_s", 0)


def test_fp8_uses_fp8_peak_and_fails_cleanly_where_unsupported():
    fs = _train(accs=(H100, A100), n_gpus=8, global_batch=64, compute_dtype="fp8")
    assert fs.value_at("train.compute_time_s", 0) > 0
    assert np.isnan(fs.value_at("train.step_time_s", 1))
    assert fs.value_at("train.bottleneck", 1) == "unsupported_precision"
    bf16 = _train(n_gpus=8, global_batch=64)
    assert fs.value_at("train.step_time_s", 0) < bf16.value_at("train.step_time_s", 0)


def test_lora_skips_weight_gradients_and_qlora_pays_dequantisation():
    full = _train(n_gpus=1, global_batch=8, recompute="none", zero_stage=0, method="full")
    lora = _train(n_gpus=1, global_batch=8, recompute="none", zero_stage=0, method="lora")
    qlora = _train(n_gpus=1, global_batch=8, recompute="none", zero_stage=0, method="qlora")
    ratio = lora.value_at("train.compute_time_s", 0) / full.value_at("train.compute_time_s", 0)
    assert 0.62 < ratio < 0.8  # 4·N instead of 6·N for GEMMs; attention unchanged
    assert qlora.value_at("train.dequant_time_s", 0) > 0 == lora.value_at("train.dequant_time_s", 0)
    assert qlora.value_at("train.step_time_s", 0) > lora.value_at("train.step_time_s", 0)


def test_moe_expert_parallel_adds_all_to_all():
    fs = _train(model=MIXTRAL, n_gpus=64, tp=1, pp=1, ep=[1, 8], global_batch=256, seq_len=4096, zero_stage=3)
    assert fs.value_at("train.comm_ep_s", 0) == 0
    assert fs.value_at("train.comm_ep_s", 1) > 0


def test_expert_group_is_adjacent_ranks_whatever_the_tensor_parallel():
    # Megatron-Core builds expert groups with their own rank order (expert TP 1, CP folded in): an EP8 group with
    # attention TP2 is 8 adjacent ranks, one H100 node, so each all-to-all costs what it costs with TP1
    fs = _train(model=MIXTRAL, n_gpus=64, tp=[1, 2], pp=1, ep=8, global_batch=256, seq_len=4096, zero_stage=1)
    per_mb = [fs.value_at("train.comm_ep_s", i) / fs.value_at("train.micro_batches", i) for i in (0, 1)]
    assert per_mb[1] == pytest.approx(per_mb[0], rel=1e-9)


def test_mxfp8_gemms_run_at_their_measured_share_of_tensorwise_fp8():
    # Transformer Engine's GEMM profiling guide (B300, pre-quantized): 7.161 ms MXFP8 against 6.812 ms FP8 current
    # scaling for the same layer; the casts differ apart (CAST_BYTES_*), so only eff.matmul carries the ratio
    tw, mx = (_train(accs=(B200,), n_gpus=8, global_batch=64, seq_len=4096, compute_dtype="fp8",
                     low_precision_recipe=r) for r in ("tensorwise", "mxfp8"))
    assert mx.value_at("eff.matmul", 0) == pytest.approx(tw.value_at("eff.matmul", 0) * MXFP8_GEMM_RELATIVE.value)
    assert MXFP8_GEMM_RELATIVE.value == pytest.approx(6.812 / 7.161, abs=5e-4)


def test_expert_gemms_one_call_per_local_expert_add_their_measured_time():
    # Transformer Engine's GroupedLinear runs one cuBLASLt GEMM per local expert (TE pull request #3134: 24.75 µs
    # per expert GEMM beyond one grouped launch, SM100): per micro-batch and MoE layer, E/e experts × 6 GEMMs
    kw = dict(model=MIXTRAL, n_gpus=64, tp=1, pp=2, ep=[2, 8], global_batch=256, seq_len=4096, zero_stage=1)
    grouped, loop = _train(**kw), _train(expert_gemm_loop=True, **kw)
    for i, e in enumerate((2, 8)):
        added = loop.value_at("train.compute_time_s", i) - grouped.value_at("train.compute_time_s", i)
        m, layers = loop.value_at("train.micro_batches", i), MIXTRAL.n_moe_layers or MIXTRAL.n_layers
        assert added == pytest.approx(m * layers / 2 * MIXTRAL.n_experts / e * 6 * MOE_EXPERT_GEMM_CALL_S.value)
        assert loop.value_at("train.step_time_s", i) > grouped.value_at("train.step_time_s", i)
    assert MOE_EXPERT_GEMM_CALL_S.value == pytest.approx((0.267e-3 - 0.069e-3) / 8)


def test_a_plan_states_its_expert_gemm_path():
    from gpudesk.core.plan_workload import training_inputs
    from gpudesk.project.model import Parallelism, Workload

    hw = HardwareArrays.from_accelerators([H100])
    for loop in (False, True):
        w = Workload(kind="pretrain", parallel=Parallelism(ep=8, expert_gemm_loop=loop))
        assert training_inputs(MIXTRAL, w, hw, 64).expert_gemm_loop is loop


def test_context_parallel_for_long_sequences():
    fs = _train(model=LLAMA3_70B, n_gpus=256, tp=8, pp=4, cp=[1, 4], global_batch=32, seq_len=65536)
    assert fs.value_at("train.dp", 1) == 2
    assert np.isfinite(fs.value_at("train.step_time_s", 1))
    assert fs.value_at("train.comm_cp_s", 1) >= 0


def test_invalid_layouts_are_marked_not_estimated():
    fs = _train(n_gpus=12, tp=8, global_batch=64)
    assert np.isnan(fs.value_at("train.step_time_s", 0))
    assert fs.value_at("train.bottleneck", 0) == "invalid_layout"


def test_time_to_train_and_gpu_hours_are_consistent():
    fs = _train(n_gpus=64, global_batch=512, train_tokens=1e12, seq_len=4096)
    tps = fs.value_at("train.tokens_per_s", 0)
    assert fs.value_at("train.time_to_train_s", 0) == pytest.approx(1e12 / tps / JOB_GOODPUT.value)
    assert fs.value_at("train.gpu_hours", 0) == pytest.approx(fs.value_at("train.time_to_train_s", 0) * 64 / 3600)
    assert fs.value_at("train.time_to_train_days", 0) == pytest.approx(fs.value_at("train.time_to_train_s", 0) / 86400)
    epochs = _train(n_gpus=64, global_batch=512, dataset_tokens=1e9, epochs=3, seq_len=4096)
    assert epochs.value_at("train.total_tokens", 0) == 3e9


def test_newer_parts_are_faster_and_pcie_parts_use_pcie():
    fs = _train(accs=(A100, H100, B200, L40S), n_gpus=8, global_batch=64, seq_len=4096, zero_stage=3)
    t = [fs.value_at("train.step_time_s", i) for i in range(4)]
    assert t[2] < t[1] < t[0]
    assert fs["hw.scaleup_bw"][3] == pytest.approx(31e9)


def test_every_figure_explains_itself():
    fs = _train(model=LLAMA3_70B, n_gpus=64, tp=8, pp=2, global_batch=128)
    for key in fs.keys(include_inputs=False):
        exp = fs.explain(key, 0)
        assert exp.formula, key
    leaves = {q.key for q in fs.sources_behind("train.step_time_s", 0)}
    assert {"hw.peak_flops", "eff.matmul", "eff.framework", "train.in.tp"} <= leaves
    assert "MAMF" in fs.explain("eff.matmul", 0).source


@pytest.mark.parametrize("precision, field", [("fp4", "fp4_tflops"), ("fp8", "fp8_tflops"), ("bf16", "bf16_tflops"),
                                              ("int8", "int8_tops"), ("int4", "int8_tops")])
def test_each_peak_cites_the_catalog_field_its_math_reads(precision, field):
    """GB300's fp4 figure has its own page (field_sources fp4_tflops = nvidia-gb300-page); the explanation of an fp4
    peak cites that field and that page, not the bf16 field's; int8 and int4 math cite int8_tops, which exists."""
    from gpudesk.catalog.store import Catalog

    catalog = Catalog.open()
    gb300, h100 = catalog.accelerator("gb300"), catalog.accelerator("h100-sxm")
    hw = HardwareArrays.from_accelerators([gb300, h100])
    fs = FigureSet()
    hw.record(fs, precision)
    source = fs.explain("hw.peak_flops").source
    for acc in (gb300, h100):
        assert f"catalog accelerators/{acc.id}.{field}: " in source
        assert (acc.provenance.source_of(field) or "no citation recorded") in source
    if precision == "fp4":
        assert gb300.provenance.source_of("fp4_tflops") != gb300.provenance.source_of("bf16_tflops")
    # low-precision GEMMs keep attention in 16 bit: it cites the bf16 figure both parts publish
    attention = fs.explain("hw.peak_flops_attention").source
    assert attention.count("bf16_tflops") == 2 and "fp4_tflops" not in attention and "int8_tops" not in attention


def test_the_bottleneck_is_a_vocabulary_code_worded_in_each_language():
    from gpudesk.vocabulary.sizing import BOTTLENECK

    fs = estimate_training(TrainingInputs(model=LLAMA3_8B, hardware=HardwareArrays.from_accelerators([H100])))
    code = fs.value_at("train.bottleneck")
    assert isinstance(code, str) and code in BOTTLENECK and fs.vocabulary("train.bottleneck") is BOTTLENECK
    assert fs.word("train.bottleneck", "en") == BOTTLENECK.term(code).en
    assert fs.word("train.bottleneck", "zh") == BOTTLENECK.term(code).zh
    assert fs.explain("train.bottleneck").worded("zh") == BOTTLENECK.term(code).zh
    assert fs.word("train.step_time_s", "en") is None  # a number is not worded
