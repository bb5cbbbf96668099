"""Published training runs that state their recipe: layout, precision recipe, schedule, stack, power limit.

Sources (each case cites its table or log):

* Megatron-Bridge ``docs/performance-summary.md`` (NeMo 25.11 and 25.09 containers): pre-training
  tokens/s/GPU on DGX-H100, DGX-B200, DGX-GB200 and DGX-GB300 with the full layout (GBS, MBS, sequence,
  FSDP, TP, PP, CP, VP, EP) and FP8 recipe (FP8-CS = current/tensor-wise scaling, FP8-MX = MXFP8; a value in
  parentheses is the other recipe, with the layout in parentheses where it differs). MoE rows force-balance
  the tokens over experts.
* torchtitan ``benchmarks/llama3_h100_202412_torchtitan.md`` (H100 96GB HBM2e at the default 500 W power
  limit; FSDP2, torch.compile, Float8 tensor-wise, CP, TP, PP) and ``docs/performance.md`` (64 A100 80GB,
  FSDP2) and ``benchmarks/llama3_8b_h200_2025-06_torchtitan.md`` (H200, Trainy): TPS/GPU and peak memory.
* MLPerf Training v4.0 closed, NVIDIA (mlcommons/training_results_v4.0): GPT-3 175B tokens/s from the
  block_start/block_stop timestamps of ``result_0.txt`` (tokens per block / block time / GPUs) and Llama 2 70B
  LoRA from the last ``tracked_stats`` throughput (samples/s × 8,192 tokens / GPUs); layouts from the
  ``config_*.sh`` of the same submission.

What a source does not publish and gpudesk assumes is stated per case: NICs (DGX: 8 × 400 Gb/s), activation
recomputation (selective where unstated), the TP communication overlap of the Megatron recipes (on when
TP > 1), micro-batches of a torchtitan pipeline (1 sequence).
"""

from __future__ import annotations

from validation_cases_training import TrainingCase
from validation_catalog import accelerator_row as _acc
from validation_catalog import model_row as _model
from validation_hardware import A100_80, H100_96_HBM2E, LLAMA2_13B, LLAMA2_70B, QWEN3_30B_A3B

from gpudesk.catalog.records import ModelArch

_MB = ("Megatron-Bridge docs/performance-summary.md, NeMo {c} container, Pre-Training Performance, System: {s} "
       "(github.com/NVIDIA-NeMo/Megatron-Bridge; copy pufanyi/Megatron-Bridge commit 21a2ced)")
_MB_NOTE = ("tokens/s/GPU as published; {prec}; selective recompute and the recipes' TP comm overlap assumed; "
            "{net}")
_SYSTEMS = {  # system -> (accelerator id, NIC Gb/s per GPU, note)
    "DGX-H100": ("h100-sxm", 400, "DGX H100: 8 × 400 Gb/s per node"),
    "DGX-B200": ("b200", 400, "DGX B200: 8 × 400 Gb/s per node"),
    "DGX-GB200": ("gb200", 400, "GB200 NVL72: 72-GPU NVLink domain, 400 Gb/s per GPU assumed"),
    "DGX-GB300": ("gb300", 800, "GB300 NVL72: 72-GPU NVLink domain, 800 Gb/s per GPU assumed"),
}
_MODELS = {"L8": "llama-3.1-8b", "L70": "llama-3.1-70b", "L405": "llama-3.1-405b", "DSV3": "deepseek-v3",
           "Q235": "qwen3-235b-a22b"}
# Left out: GB300 DeepSeekV3 (PP8 with EP64 on 256 GPUs leaves 32 ranks per stage for a 64-rank expert group)
# and the H100 Qwen3-235B row of 25.11 (one column missing).
# container, system, model, GPUs, recipe, GBS, MBS, seq, FSDP, TP, PP, CP, VP, EP, tokens/s/GPU
_MB_ROWS = [
    ("25.11", "DGX-GB300", "L8", 8, "tensorwise", 128, 2, 8192, 0, 1, 1, 1, 1, 1, 37556),
    ("25.11", "DGX-GB300", "L8", 8, "mxfp8", 128, 2, 8192, 0, 1, 1, 1, 1, 1, 36108),
    ("25.11", "DGX-GB300", "L70", 64, "tensorwise", 128, 2, 8192, 1, 1, 1, 1, 1, 1, 4440),
    ("25.11", "DGX-GB300", "L70", 64, "mxfp8", 128, 2, 8192, 0, 2, 4, 1, 5, 1, 4346),
    ("25.11", "DGX-GB300", "L405", 128, "tensorwise", 64, 1, 8192, 1, 2, 1, 1, 1, 1, 850),
    ("25.11", "DGX-GB300", "L405", 128, "mxfp8", 64, 1, 8192, 0, 4, 8, 2, 8, 1, 638),
    ("25.11", "DGX-GB300", "Q30", 8, "mxfp8", 512, 4, 4096, 0, 1, 1, 1, 1, 8, 28934),
    ("25.11", "DGX-GB300", "Q235", 64, "mxfp8", 1024, 1, 4096, 0, 2, 1, 1, 1, 64, 5350),
    ("25.11", "DGX-GB200", "L8", 8, "tensorwise", 128, 2, 8192, 0, 1, 1, 1, 1, 1, 31508),
    ("25.11", "DGX-GB200", "L8", 8, "mxfp8", 128, 2, 8192, 0, 1, 1, 1, 1, 1, 29789),
    ("25.11", "DGX-GB200", "L70", 64, "tensorwise", 128, 2, 8192, 1, 1, 1, 1, 1, 1, 4312),
    ("25.11", "DGX-GB200", "L70", 64, "mxfp8", 128, 2, 8192, 0, 2, 4, 1, 5, 1, 3617),
    ("25.11", "DGX-GB200", "L405", 128, "tensorwise", 64, 1, 8192, 1, 2, 1, 1, 1, 1, 706),
    ("25.11", "DGX-GB200", "L405", 128, "mxfp8", 64, 1, 8192, 0, 4, 8, 2, 8, 1, 563),
    ("25.11", "DGX-GB200", "DSV3", 256, "mxfp8", 2048, 1, 4096, 0, 1, 4, 1, 4, 64, 3653),
    ("25.11", "DGX-GB200", "Q30", 8, "mxfp8", 512, 4, 4096, 0, 1, 1, 1, 1, 8, 23766),
    ("25.11", "DGX-GB200", "Q235", 64, "mxfp8", 1024, 1, 4096, 0, 2, 1, 1, 1, 64, 4366),
    ("25.11", "DGX-B200", "L8", 8, "tensorwise", 128, 2, 8192, 0, 1, 1, 1, 1, 1, 30624),
    ("25.11", "DGX-B200", "L8", 8, "mxfp8", 128, 2, 8192, 0, 1, 1, 1, 1, 1, 29521),
    ("25.11", "DGX-B200", "L405", 128, "tensorwise", 64, 1, 8192, 0, 4, 8, 2, 8, 1, 661),
    ("25.11", "DGX-B200", "L405", 128, "mxfp8", 64, 1, 8192, 0, 4, 8, 2, 8, 1, 624),
    ("25.11", "DGX-B200", "DSV3", 256, "mxfp8", 2048, 1, 4096, 0, 1, 16, 1, 1, 8, 2139),
    ("25.11", "DGX-B200", "Q30", 8, "mxfp8", 512, 1, 4096, 0, 1, 1, 1, 1, 8, 9299),
    ("25.11", "DGX-B200", "Q235", 64, "mxfp8", 1024, 1, 4096, 0, 1, 8, 1, 2, 8, 3269),
    ("25.11", "DGX-H100", "L8", 8, "tensorwise", 128, 1, 8192, 1, 1, 1, 1, 1, 1, 14451),
    ("25.11", "DGX-H100", "L70", 64, "tensorwise", 128, 1, 8192, 0, 4, 8, 1, 5, 1, 1602),
    ("25.11", "DGX-H100", "L405", 1024, "tensorwise", 512, 1, 8192, 0, 8, 8, 2, 8, 1, 292),
    ("25.11", "DGX-H100", "Q30", 16, "tensorwise", 512, 2, 4096, 0, 1, 2, 1, 24, 8, 5275),
    ("25.09", "DGX-H100", "DSV3", 1024, "tensorwise", 8192, 1, 4096, 0, 2, 8, 1, 4, 64, 1297),
    ("25.09", "DGX-H100", "Q235", 256, "tensorwise", 2048, 1, 4096, 0, 2, 8, 1, 4, 32, 1204),
]
# The MoE rows' expert GEMMs: Megatron-Core's TEGroupedMLP on Transformer Engine's GroupedLinear, one cuBLASLt GEMM per
# local expert on several streams (TE pull request #853); Megatron-Bridge issue #2885 (2026-03-18) names "unfused
# expert GEMMs and cast functions" as what its 26.06 release removed, so the 25.09 and 25.11 containers ran the loop.
_MB_EXPERTS = "; expert GEMMs one cuBLASLt call per local expert (TE GroupedLinear; Megatron-Bridge issue #2885)"
_RECIPE_NAME = {"tensorwise": "FP8-CS (current scaling)", "mxfp8": "FP8-MX (MXFP8)"}


def _mb_case(row: tuple) -> TrainingCase:
    cont, system, key, n, recipe, gbs, mbs, seq, fsdp, tp, pp, cp, vp, ep, tps = row
    acc_id, nic, net = _SYSTEMS[system]
    model = QWEN3_30B_A3B if key == "Q30" else _model(_MODELS[key])
    return TrainingCase(
        id=f"mbridge-{cont}-{system.lower()}-{key.lower()}-{n}-{recipe}-tp{tp}pp{pp}cp{cp}vp{vp}ep{ep}",
        citation=_MB.format(c=cont, s=system), model=model, accelerator=_acc(acc_id), n_gpus=n, measured=tps,
        tp=tp, pp=pp, cp=cp, ep=ep, virtual_stages=vp, micro_batch=mbs, global_batch=gbs, seq_len=seq,
        zero_stage=3 if fsdp else 1, precision="fp8", recipe=recipe, tp_overlap=tp > 1, nic_gbps=nic,
        expert_gemm_loop=model.is_moe,
        note=_MB_NOTE.format(prec=_RECIPE_NAME[recipe], net=net) + (", FSDP" if fsdp else ", distributed optimizer")
        + (_MB_EXPERTS if model.is_moe else ""))


MEGATRON_BRIDGE_CASES = [_mb_case(r) for r in _MB_ROWS]

_TT = ("pytorch/torchtitan benchmarks/llama3_h100_202412_torchtitan.md (2024-12, torch 1963fc8, torchao eab345c, "
       "torchtitan 9dec370) Table {t}")
_TT_NOTE = ("H100 96GB HBM2e at the 500 W default power limit (TDP 700 W), 400 Gb/s RDMA per GPU; FSDP2; "
            "Float8 = torchao tensor-wise dynamic scaling on nn.Linear; sequence 8,192 (torchtitan's Llama 3 "
            "default) unless stated; {extra}")


def _tt(table: str, key: str, model: ModelArch, n: int, tps: float, mem: float, *, lbs: int, gbs: int,
        seq: int = 8192, tp: int = 1, pp: int = 1, cp: int = 1, recompute: str = "selective", fp8: bool = True,
        compile_: bool = True, schedule: str = "auto", v: int = 1, tp_overlap: bool = False,
        mb: int | None = None, extra: str = "") -> TrainingCase:
    return TrainingCase(
        id=f"torchtitan-h100-500w-{key}", citation=_TT.format(t=table), model=model, accelerator=H100_96_HBM2E,
        n_gpus=n, measured=tps, tp=tp, pp=pp, cp=cp, global_batch=gbs, micro_batch=mb or lbs, seq_len=seq,
        zero_stage=3, recompute=recompute, precision="fp8" if fp8 else "bf16", recipe="tensorwise",
        schedule=schedule, virtual_stages=v, tp_overlap=tp_overlap, power_limit_w=500, nic_gbps=400,
        training_stack="fsdp2", torch_compile=compile_, measured_memory_gib=mem,
        note=_TT_NOTE.format(extra=extra or f"local batch {lbs}"))


_L8, _L70, _L405 = "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b"
TORCHTITAN_CASES = [
    _tt("1", "8b-8gpu-fsdp", _model(_L8), 8, 5762, 82.4, lbs=2, gbs=16, fp8=False, compile_=False),
    _tt("1", "8b-8gpu-fsdp-compile", _model(_L8), 8, 6667, 77.0, lbs=2, gbs=16, fp8=False),
    _tt("1", "8b-8gpu-fsdp-compile-float8", _model(_L8), 8, 8532, 76.8, lbs=2, gbs=16),
    _tt("2", "8b-8gpu-cp1-32k", _model(_L8), 8, 3890, 83.9, lbs=1, gbs=8, seq=32768, recompute="full"),
    _tt("2", "8b-8gpu-cp2-64k", _model(_L8), 8, 2540, 84.2, lbs=1, gbs=4, seq=65536, cp=2, recompute="full"),
    _tt("2", "8b-8gpu-cp4-128k", _model(_L8), 8, 1071, 84.0, lbs=1, gbs=2, seq=131072, cp=4, recompute="full"),
    _tt("2", "8b-8gpu-cp8-256k", _model(_L8), 8, 548, 84.5, lbs=1, gbs=1, seq=262144, cp=8, recompute="full"),
    _tt("3", "8b-128gpu-fsdp", _model(_L8), 128, 5605, 67.0, lbs=2, gbs=256, fp8=False, compile_=False),
    _tt("3", "8b-128gpu-fsdp-compile", _model(_L8), 128, 6514, 62.0, lbs=2, gbs=256, fp8=False),
    _tt("3", "8b-128gpu-fsdp-compile-float8", _model(_L8), 128, 8380, 61.8, lbs=2, gbs=256),
    _tt("4", "70b-256gpu-fsdp32-tp8", _model(_L70), 256, 829, 71.9, lbs=16, gbs=512, tp=8, recompute="full"),
    _tt("4", "70b-256gpu-fsdp32-tp8-asynctp", _model(_L70), 256, 876, 67.6, lbs=16, gbs=512, tp=8,
        recompute="full", tp_overlap=True, extra="local batch 16; AsyncTP = TP collectives overlapped"),
    _tt("5", "405b-512gpu-1f1b", _model(_L405), 512, 100, 82.5, lbs=32, gbs=256, tp=8, pp=8, recompute="full",
        schedule="1f1b", tp_overlap=True, mb=1, extra="local batch 32 in micro-batches of 1 (assumed); AsyncTP"),
    _tt("5", "405b-512gpu-interleaved", _model(_L405), 512, 128, 72.7, lbs=32, gbs=256, tp=8, pp=8,
        recompute="full", schedule="interleaved", v=2, tp_overlap=True, mb=1,
        extra="local batch 32 in micro-batches of 1 and 2 stages per rank (assumed); AsyncTP"),
    _tt("6", "405b-512gpu-cp1-32k", _model(_L405), 512, 76, 75.3, lbs=8, gbs=64, seq=32768, tp=8, pp=8,
        recompute="full", schedule="1f1b", tp_overlap=True, mb=1, extra="local batch 8, micro-batches of 1"),
    _tt("6", "405b-512gpu-cp2-64k", _model(_L405), 512, 47, 75.9, lbs=8, gbs=32, seq=65536, tp=8, pp=8, cp=2,
        recompute="full", schedule="1f1b", tp_overlap=True, mb=1, extra="local batch 8, micro-batches of 1"),
    _tt("6", "405b-512gpu-cp4-128k", _model(_L405), 512, 31, 77.1, lbs=8, gbs=16, seq=131072, tp=8, pp=8, cp=4,
        recompute="full", schedule="1f1b", tp_overlap=True, mb=1, extra="local batch 8, micro-batches of 1"),
    _tt("6", "405b-512gpu-cp8-256k", _model(_L405), 512, 16, 84.9, lbs=8, gbs=8, seq=262144, tp=8, pp=8, cp=8,
        recompute="full", schedule="1f1b", tp_overlap=True, mb=1, extra="local batch 8, micro-batches of 1"),
]

_TT_A100 = ("pytorch/torchtitan docs/performance.md (commit 0413364): WPS and MFU with FSDP2 on 64 A100 (80GB), "
            "Llama {v} table")
_TT_A100_NOTE = ("FSDP2 on 64 A100 80GB, bf16, eager; local batch {b}; sequence {s} (Llama {v} default); "
                 "activation checkpointing {ac}; 8 × 200 Gb/s per node assumed")


def _tt_a100(key: str, model: ModelArch, v: str, lbs: int, seq: int, ac: str, recompute: str,
             wps: float) -> TrainingCase:
    return TrainingCase(
        id=f"torchtitan-a100-64gpu-{key}", citation=_TT_A100.format(v=v), model=model, accelerator=A100_80,
        n_gpus=64, measured=wps, global_batch=64 * lbs, micro_batch=lbs, seq_len=seq, zero_stage=3,
        recompute=recompute, training_stack="fsdp2", nic_gbps=200,
        note=_TT_A100_NOTE.format(b=lbs, s=seq, v=v, ac=ac))


TORCHTITAN_A100_CASES = [
    _tt_a100("llama3-8b-sel-layer", _model(_L8), "3", 1, 8192, "selective layer", "selective", 2904),
    _tt_a100("llama3-8b-sel-op", _model(_L8), "3", 1, 8192, "selective op", "selective", 2973),
    _tt_a100("llama3-70b-full", _model(_L70), "3", 1, 8192, "full", "full", 331),
    _tt_a100("llama2-13b-none", LLAMA2_13B, "2", 2, 4096, "none", "none", 2162),
    _tt_a100("llama2-13b-sel-layer", LLAMA2_13B, "2", 2, 4096, "selective layer", "selective", 1914),
    _tt_a100("llama2-13b-sel-op", LLAMA2_13B, "2", 2, 4096, "selective op", "selective", 1904),
    _tt_a100("llama2-70b-sel-op", LLAMA2_70B, "2", 1, 4096, "selective op", "selective", 355),
    _tt_a100("llama2-70b-full", LLAMA2_70B, "2", 2, 4096, "full", "full", 353),
]

_TT_H200 = ("pytorch/torchtitan benchmarks/llama3_8b_h200_2025-06_torchtitan.md (Trainy, June 2025; torch "
            "2.8.0a0+5228986c39, torchtitan e7c0cae)")
TORCHTITAN_H200_CASES = [
    TrainingCase(id=f"torchtitan-h200-llama3-8b-{n}gpu", citation=_TT_H200, model=_model(_L8),
                 accelerator=_acc("h200-sxm"), n_gpus=n, measured=tps, global_batch=2 * n, micro_batch=2,
                 seq_len=8192, zero_stage=3, recompute="selective", precision="fp8", recipe="tensorwise",
                 training_stack="fsdp2", torch_compile=True, nic_gbps=400, measured_memory_gib=mem,
                 note="FSDP2 + torch.compile + Float8 (tensor-wise, FP8 all-gather), local batch 2, 400 Gb/s per "
                      "GPU; sequence 8,192 and selective activation checkpointing of torchtitan's llama3_8b.toml "
                      "assumed")
    for n, tps, mem in ((32, 10938, 47.96), (64, 10753, 46.97))
]

_V40 = "MLPerf Training v4.0 closed, NVIDIA (github.com/mlcommons/training_results_v4.0, commit 62f111b)"
_GPT3 = _model("gpt-3-175b")
MLPERF_TRAINING_CASES = [
    TrainingCase(id="mlperf-t40-gpt3-512xh100", citation=f"{_V40}: NVIDIA/results/eos_n64_ngc24.04_nemo/gpt3/"
                 "result_0.txt and config_DGXH100_64x8x128x4x8_mbs2.sh", model=_GPT3, accelerator=_acc("h100-sxm"),
                 n_gpus=512, measured=51_904_512 / 119.966 / 512, tp=4, pp=8, virtual_stages=4, micro_batch=2,
                 global_batch=2048, seq_len=2048, precision="fp8", recipe="delayed", tp_overlap=True,
                 nic_gbps=400, note="last block: 51,904,512 tokens in 119.966 s on 512 GPUs; TP4 PP8 VP4, MBS 2, "
                                    "128 sequences per data-parallel rank (DP16); FP8 (Transformer Engine delayed "
                                    "scaling), TP comm overlap on; selective recompute assumed"),
    TrainingCase(id="mlperf-t40-gpt3-10752xh100", citation=f"{_V40}: NVIDIA/results/eos-dfw_n1344_ngc24.04_nemo/"
                 "gpt3/result_0.txt and config_DGXH100_1344x8x6x4x6_mbs1_cg.sh", model=_GPT3,
                 accelerator=_acc("h100-sxm"), n_gpus=10752, measured=55_050_240 / 9.203 / 10752, tp=4, pp=6,
                 virtual_stages=8, micro_batch=1, global_batch=2688, seq_len=2048, precision="fp8", recipe="delayed",
                 tp_overlap=True, nic_gbps=400,
                 note="last block: 55,050,240 tokens in 9.203 s on 10,752 GPUs; TP4 PP6 VP8, MBS 1, 6 sequences per "
                      "data-parallel rank (DP448); FP8, TP comm overlap, layer CUDA graphs; selective recompute "
                      "assumed"),
]
_LORA = ("Llama 2 70B LoRA (r = 16), sequence 8,192, FP8 GEMMs and FP8 attention (config_common.sh: FP8_DPA=1), "
         "TP comm overlap, micro-batch 1; measured = last tracked_stats throughput × 8,192 / GPUs")
for _id, _path, _acc_id, _n, _tp, _cp, _gbs, _sps, _gpn, _nic in (
        ("mlperf-t40-lora-8xh100", "eos_ngc24.04_nemo", "h100-sxm", 8, 4, 1, 8, 2.15522, 8, 400),
        ("mlperf-t40-lora-8xh200", "h200_ngc24.04_nemo", "h200-sxm", 8, 2, 1, 8, 2.47697, 8, 400),
        ("mlperf-t40-lora-1024xh100", "eos_n128_ngc24.04_nemo", "h100-sxm", 1024, 4, 2, 128, 197.1029, 8, 400),
        ("mlperf-t40-lora-64xl40s", "l40s_n16_ngc24.04_nemo", "l40s", 64, 4, 2, 8, 2.71915, 4, 100)):
    MLPERF_TRAINING_CASES.append(TrainingCase(
        id=_id, citation=f"{_V40}: NVIDIA/results/{_path}/llama2_70b_lora/result_0.txt", model=LLAMA2_70B,
        accelerator=_acc(_acc_id), n_gpus=_n, measured=_sps * 8192 / _n, tp=_tp, cp=_cp, global_batch=_gbs,
        seq_len=8192, precision="fp8", recipe="delayed", tp_overlap=_acc_id != "l40s", method="lora", lora_rank=16,
        gpus_per_node=_gpn, nics_per_node=_gpn, nic_gbps=_nic,
        note=f"{_sps:g} samples/s; TP{_tp} CP{_cp}, global batch {_gbs}; {_LORA}"
             + ("; 4 L40S per node (DGXNGPU=4), PCIe, no TP overlap (config); 4 × 100 Gb/s per node assumed"
                if _acc_id == "l40s" else "; selective recompute assumed")))

RECIPE_CASES = (MEGATRON_BRIDGE_CASES + TORCHTITAN_CASES + TORCHTITAN_A100_CASES + TORCHTITAN_H200_CASES
                + MLPERF_TRAINING_CASES)
