"""More MLPerf Training results (closed division): AMD Instinct, Intel Gaudi 2 and further NVIDIA rounds.

Every measured value is read from the submission's own MLPerf log (``result_0.txt``) in the MLCommons
results repository of its round, and every layout from the configuration the same submission ships:

* Llama 2 70B LoRA (r = 16, GovReport packed to 8,192 tokens per sample): tokens/s/GPU = the last
  ``tracked_stats`` throughput (samples/s) × 8,192 / GPUs, or, where a log prints no throughput, samples
  between two ``train_loss`` lines / the time between them (evaluation excluded) × 8,192 / GPUs.
* GPT-3 175B (C4, sequence 2,048): tokens/s/GPU = tokens between an ``eval_stop`` and the next
  ``eval_start`` (the ``epoch_num`` step between evaluations) / that time / GPUs.
* Llama 3.1 8B pre-training (C4, sequence 8,192): the last ``tracked_stats`` throughput × 8,192 / GPUs.

Layout terms no file states are assumptions, written in each note; gpudesk's own defaults are used for the
rest (no per-case constants).
"""

from __future__ import annotations

from validation_cases_training import TrainingCase
from validation_catalog import accelerator_row as _acc
from validation_catalog import model_row as _model
from validation_hardware import LLAMA2_70B

from gpudesk.catalog.records import ModelArch

_REPO = "github.com/mlcommons/training_results_v{v} (copy {copy}, commit {commit})"
_V51 = _REPO.format(v="5.1", copy="mlcommons/training_results_v5.1", commit="4da2d1c")
_V50 = _REPO.format(v="5.0", copy="prishajain1/training_results_v5.0", commit="0fdc28f")
_V40 = _REPO.format(v="4.0", copy="mlcommons/training_results_v4.0", commit="62f111b")
_AMD_CFG = ("layout from AMD's config_MI300X_1x8x1.sh (v5.1; the copy under ASUSTeK/benchmarks/llama2_70b_lora/"
            "implementations/ESC_A8A_MI325X_pytorch): TP1 PP1 CP1, micro-batch 1, global batch 8 (DP8), FP8 "
            "(Transformer Engine on ROCm, FP8 activations, FP8 attention off), full recompute of 21 of 80 layers "
            "(ACG=full, ACL=21; gpudesk's nearest option, selective, is used); AMD ROCm blog 'Technical Dive into "
            "AMD MLPerf Training v5.1 Submission' (2025-11-12) for the round")
_AMD_LORA = [  # id, round citation, path, accelerator, samples/s (last tracked_stats)
    ("mlperf-t51-lora-8xmi300x", _V51, "AMD/results/MI300X_EPYC_9575F_pytorch_llama2_70b", "mi300x", 2.1150869),
    ("mlperf-t51-lora-8xmi325x", _V51, "AMD/results/MI325X_EPYC_9575F_pytorch_llama2_70b", "mi325x", 2.8361431),
    ("mlperf-t50-lora-8xmi300x", _V50, "AMD/results/MI300X_EPYC_9575F_pytorch", "mi300x", 2.0283686),
    ("mlperf-t50-lora-8xmi325x", _V50, "AMD/results/MI325X_EPYC_9575F_pytorch", "mi325x", 2.7296037),
]
MLPERF_MORE_CASES = [
    TrainingCase(
        id=case_id, citation=f"MLPerf Training closed, AMD, {cite}: {path}/llama2_70b_lora/result_0.txt",
        model=LLAMA2_70B, accelerator=_acc(acc), n_gpus=8, measured=sps * 8192 / 8, global_batch=8,
        seq_len=8192, precision="fp8", recipe="delayed", method="lora", lora_rank=16, nic_gbps=400,
        note=f"{sps:.4f} samples/s (last tracked_stats) × 8,192 tokens / 8 GPUs; "
             + _AMD_CFG + ("; v5.0 layout taken as v5.1's (the v5.0 config is not in the stored copy)"
                           if "t50" in case_id else ""))
    for case_id, cite, path, acc, sps in _AMD_LORA
]
_GAUDI_LORA_S = (1715241367915 - 1715240877183) / 1000  # train_loss at 192 samples -> 576 samples
MLPERF_MORE_CASES.append(TrainingCase(
    id="mlperf-t40-lora-8xgaudi2",
    citation=f"MLPerf Training v4.0 closed, Intel-HabanaLabs, {_V40}: Intel-HabanaLabs/results/HLS-Gaudi2-PT/"
             "llama2_70b_lora/result_0.txt and benchmarks/llm_finetune/run_llama_70B_fp8_submission.sh",
    model=LLAMA2_70B, accelerator=_acc("gaudi2"), n_gpus=8, measured=384 / _GAUDI_LORA_S * 8192 / 8,
    global_batch=8, seq_len=8192, zero_stage=3, recompute="full", precision="fp8", method="lora", lora_rank=16,
    training_stack="fsdp2", nic_gbps=300,
    note=f"384 samples (train_loss at 192 and 576 samples) in {_GAUDI_LORA_S:.1f} s × 8,192 / 8 cards; DeepSpeed "
         "ZeRO-3 on 8 Gaudi 2 (described as gpudesk's sharded-data-parallel stack), per-device batch 1, global "
         "batch 8, gradient checkpointing, FP8 (--fp8), LoRA on qkv and o projections only; that the FP8 script "
         "was the one run is assumed from its name"))
_GAUDI_GPT3_S = (1715301418206 - 1715301278396) / 1000  # eval_stop -> eval_start, 12 steps
MLPERF_MORE_CASES.append(TrainingCase(
    id="mlperf-t40-gpt3-1024xgaudi2",
    citation=f"MLPerf Training v4.0 closed, Intel-HabanaLabs, {_V40}: Intel-HabanaLabs/results/HLS-Gaudi2-N128-PT/"
             "gpt3/result_0.txt and benchmarks/gpt3/README.md",
    model=_model("gpt-3-175b"), accelerator=_acc("gaudi2"), n_gpus=1024, measured=50_331_648 / _GAUDI_GPT3_S / 1024,
    tp=8, pp=8, micro_batch=2, global_batch=2048, seq_len=2048, precision="fp8", recipe="delayed", nic_gbps=300,
    note=f"50,331,648 tokens (12 steps of 2,048 × 2,048) in {_GAUDI_GPT3_S:.2f} s between two evaluations on "
         "1,024 Gaudi 2 (128 HLS-Gaudi2 nodes); TP8 PP8 DP16, micro-batch 2, global batch 2,048, FP8 Transformer "
         "Engine, fused SDPA with recompute (selective); Megatron-DeepSpeed; 3 × 100 GbE scale-out ports per "
         "Gaudi 2 (Gaudi 2 white paper) taken as 300 Gb/s per card"))

# MLPerf Training v5.1, NVIDIA (NeMo 25.09). Systems from NVIDIA/systems/*.json: Theia = GB300 NVL72, 4 GPUs and
# 4 × ConnectX-8 800 Gb/s per node; Tyche = GB200 NVL72, 4 GPUs and 4 × ConnectX-7 400 Gb/s per node; hsg = GB200.
# Layout from the config each README names (config_<system>_<nodes>x<GPUs>x<sequences per DP rank>x tp pp cp[_fp4]).
# measured = global batch / mean train_step_time of a block (the log's tracked_stats) × 8,192 / GPUs.
_NV51 = ("MLPerf Training v5.1 closed, NVIDIA, " + _V51 + ": NVIDIA/results/{run}/{bench}/result_0.txt; "
         "NVIDIA/benchmarks/{bench}/implementations/{run}/README-{run}.md ({cfg})")
_NV51_SYS = {"theia": ("gb300", 800), "tyche": ("gb200", 400), "hsg": ("gb200", 400)}
_NV51_MODEL = {"llama2_70b_lora": LLAMA2_70B, "llama31_8b": "llama-3.1-8b", "llama31_405b": "llama-3.1-405b"}
# The 8B runs' gradient buckets: BUCKET_SIZE=768000000 in config_GB300_128x4x1xtp2pp1cp4_8b.sh (v5.1) and in the
# config_common_8b.sh every v6.0 8B config sources; the other benchmarks' configs set none (Megatron's default).
_BUCKET_8B = 768e6
# run, benchmark, config, GPUs, global batch, mean step time (s), tp, pp, cp, vp, fp4
_NV51_ROWS = [
    ("theia_ngpu8_ngc25.09_nemo", "llama2_70b_lora", "config_GB300_2x4x1xtp1pp1cp1_fp4.sh", 8, 8, 0.7456289, 1, 1, 1, 1, True),
    ("theia_ngpu72_ngc25.09_nemo", "llama2_70b_lora", "config_GB300_18x4x1xtp1pp1cp8.sh", 72, 9, 0.1726129, 1, 1, 8, 1, False),
    ("theia_ngpu512_ngc25.09_nemo", "llama2_70b_lora", "config_GB300_128x4x1xtp1pp1cp8.sh", 512, 64, 0.1836634, 1, 1, 8, 1, False),
    ("tyche_ngpu8_ngc25.09_nemo", "llama2_70b_lora", "config_GB200_2x4x2xtp1pp1cp2_fp4.sh", 8, 8, 1.0289489, 1, 1, 2, 1, True),
    ("tyche_ngpu72_ngc25.09_nemo", "llama2_70b_lora", "config_GB200_18x4x1xtp1pp1cp8.sh", 72, 9, 0.1993456, 1, 1, 8, 1, False),
    ("theia_ngpu8_ngc25.09_nemo", "llama31_8b", "config_GB300_2x4x2xtp1pp1cp1_8b_fp4.sh", 8, 16, 0.3452602, 1, 1, 1, 1, True),
    ("theia_ngpu72_ngc25.09_nemo", "llama31_8b", "config_GB300_18x4x1xtp1pp1cp2_8b.sh", 72, 36, 0.1461936, 1, 1, 2, 1, False),
    ("tyche_ngpu8_ngc25.09_nemo", "llama31_8b", "config_GB200_2x4x2xtp1pp1cp1_8b_fp4.sh", 8, 16, 0.4028132, 1, 1, 1, 1, True),
    ("tyche_ngpu72_ngc25.09_nemo", "llama31_8b", "config_GB200_18x4x1xtp1pp1cp2_8b.sh", 72, 36, 0.1666299, 1, 1, 2, 1, False),
    ("theia_ngpu512_ngc25.09_nemo", "llama31_405b", "config_GB300_128x4x72xtp2pp8cp2_cg_fp4.sh", 512, 1152, 13.15, 2, 8, 2, 8, True),
    ("hsg_ngpu2560_ngc25.09_nemo", "llama31_405b", "config_GB200_640x4x24xtp4pp8cp2_cg_fp4.sh", 2560, 960, 3.3237359, 4, 8, 2, 8, True),
    ("hsg_ngpu5120_ngc25.09_nemo", "llama31_405b", "config_GB200_1280x4x16xtp4pp8cp2_cg_fp4.sh", 5120, 1280, 2.5813327, 4, 8, 2, 8, True),
    ("tyche_ngpu512_ngc25.09_nemo", "llama31_405b", "config_GB200_128x4x144xtp4pp8cp2_cg_fp4.sh", 512, 1152, 17.2618324, 4, 8, 2, 8, True),
    ("theia_ngpu512_ngc25.09_nemo", "llama31_8b", "config_GB300_128x4x1xtp2pp1cp4_8b.sh", 512, 64, 0.0866188, 2, 1, 4, 1, False),
    ("tyche_ngpu512_ngc25.09_nemo", "llama31_8b", "config_GB200_128x4x1xtp2pp1cp4_8b.sh", 512, 64, 0.0901748, 2, 1, 4, 1, False),
    ("tyche_ngpu512_ngc25.09_nemo", "llama2_70b_lora", "config_GB200_128x4x1xtp1pp1cp8.sh", 512, 64, 0.2095489, 1, 1, 8, 1, False),
]


def _nvidia_case(row: tuple, rnd: str, citation: str, systems: dict[str, tuple[str, int]], step: str,
                 fp8: str) -> TrainingCase:
    """An NVIDIA MLPerf Training row (``_NV51_ROWS``, ``_NV60_ROWS``) of round ``rnd`` ("51", "60") as a case: its
    system from ``systems`` (by the run's name), the config's layout, NVFP4 or FP8 (``fp8``: what the note says of
    it), ``step``: how the note gives the measured step (a format of ``step_s``)."""
    run, bench, cfg, n, gbs, step_s, tp, pp, cp, vp, fp4 = row
    acc_id, nic = systems[run.split("_")[0]]
    model = _NV51_MODEL[bench]
    lora = bench == "llama2_70b_lora"
    return TrainingCase(
        id=f"mlperf-t{rnd}-{bench.replace('_', '-')}-{n}x{acc_id}" + ("-fp4" if fp4 else ""),
        citation=citation.format(run=run, bench=bench, cfg=cfg),
        model=model if isinstance(model, ModelArch) else _model(model), accelerator=_acc(acc_id), n_gpus=n,
        measured=gbs / step_s * 8192 / n, tp=tp, pp=pp, cp=cp, virtual_stages=vp, global_batch=gbs, seq_len=8192,
        precision="fp4" if fp4 else "fp8", recipe="nvfp4" if fp4 else "tensorwise", tp_overlap=tp > 1,
        method="lora" if lora else "full", lora_rank=16, gpus_per_node=4, nics_per_node=4, nic_gbps=nic,
        grad_bucket_params=_BUCKET_8B if bench == "llama31_8b" else 0.0,
        note=(f"global batch {gbs} / mean train_step_time {step.format(step_s=step_s)} × 8,192 / {n} GPUs; TP{tp} "
              f"PP{pp} CP{cp}" + (f" VP{vp}" if vp > 1 else "") + ", micro-batch 1; "
              + ("NVFP4 (config _fp4)" if fp4 else fp8)
              + "; selective recompute assumed" + ("; LoRA r = 16" if lora else "")))


def _nv51_case(row: tuple) -> TrainingCase:
    bench = row[1]
    return _nvidia_case(row, "51", _NV51, _NV51_SYS, "{step_s:g} s", "FP8 current scaling (the config names no FP4; "
                        + ("config_common.sh FP8_RECIPE=tensorwise" if bench == "llama31_8b" else "FP8 assumed") + ")")


MLPERF_MORE_CASES += [_nv51_case(r) for r in _NV51_ROWS]

# MLPerf Training v5.0, NVIDIA Llama 3.1 405B pre-training (NeMo 25.01 on Eos DGX H100, 8 × 400 Gb/s per node;
# NeMo 25.04 on Tyche GB200 NVL72). measured = the block's tracked_stats throughput (samples/s) × 8,192 / GPUs, or,
# where the block prints none, global batch / the last train_step_time. Layout from config_<system>_<nodes>x<GPUs>x
# <sequences per DP rank>xtp..pp..cp.. of the submission; every config sets INTERLEAVED_PIPELINE=8, micro-batch 1,
# TP comm overlap and FP8 (config_common.sh FP8=True; NeMo's default delayed scaling, no FP8_RECIPE set).
_NV50 = ("MLPerf Training v5.0 closed, NVIDIA, " + _V50 + ": NVIDIA/results/{run}/llama31_405b/result_0.txt and "
         "NVIDIA/benchmarks/llama31_405b/implementations/{run}/{cfg}")
# run, config, accelerator, GPUs per node, NIC Gb/s, GPUs, global batch, samples/s, tp
_NV50_ROWS = [
    ("eos-dfw_n64_ngc25.01_nemo", "config_DGXH100_64x8x288xtp8pp8cp2.sh", "h100-sxm", 8, 400, 512, 1152, 20.855258, 8),
    ("eos-dfw_n256_ngc25.01_nemo", "config_DGXH100_256x8x72xtp8pp8cp2.sh", "h100-sxm", 8, 400, 2048, 1152, 78.707521, 8),
    ("eos-dfw_n304_ngc25.01_nemo", "config_DGXH100_304x8x64xtp8pp8cp2.sh", "h100-sxm", 8, 400, 2432, 1216, 92.522475, 8),
    ("eos-dfw_n320_ngc25.01_nemo", "config_DGXH100_320x8x56xtp8pp8cp2.sh", "h100-sxm", 8, 400, 2560, 1120, 92.806416, 8),
    ("eos-dfw_n1024_ngc25.01_nemo", "config_DGXH100_1024x8x24xtp8pp8cp2.sh", "h100-sxm", 8, 400, 8192, 1536, 291.310138, 8),
    ("tyche_ngpu256_ngc25.04_nemo", "config_GB200_64x4x112xtp4pp8cp2_cg.sh", "gb200", 4, 400, 256, 448, 448 / 19.2, 4),
]
MLPERF_MORE_CASES += [
    TrainingCase(
        id=f"mlperf-t50-llama31-405b-{n}x{acc}", citation=_NV50.format(run=run, cfg=cfg),
        model=_model("llama-3.1-405b"), accelerator=_acc(acc), n_gpus=n, measured=sps * 8192 / n, tp=tp, pp=8, cp=2,
        virtual_stages=8, global_batch=gbs, seq_len=8192, precision="fp8", recipe="delayed", tp_overlap=True,
        gpus_per_node=gpn, nics_per_node=gpn, nic_gbps=nic,
        note=(f"{sps:.3f} samples/s × 8,192 / {n} GPUs" + (" (global batch 448 / train_step_time 19.2 s: the block "
                                                            "prints no throughput)" if acc == "gb200" else "")
              + f"; TP{tp} PP8 VP8 CP2 (DP{n // (tp * 16)}), global batch {gbs}, micro-batch 1; FP8 (delayed "
                "scaling assumed), TP comm overlap, distributed optimizer with overlapped gradient reduce and "
                "parameter gather; selective recompute assumed"))
    for run, cfg, acc, gpn, nic, n, gbs, sps, tp in _NV50_ROWS
]

# MLPerf Training v5.0, NVIDIA Llama 2 70B LoRA (NeMo 25.04): DGX B200 (nyx, 8 GPUs, 8 × 400 Gb/s) and GB200 NVL72
# (Tyche, 4 GPUs per node). measured = the block's tracked_stats throughput (samples/s) × 8,192 / GPUs.
_NV50_LORA = ("MLPerf Training v5.0 closed, NVIDIA, " + _V50 + ": NVIDIA/results/{run}/llama2_70b_lora/result_0.txt; "
              "NVIDIA/benchmarks/llama2_70b_lora/implementations/{run}/{cfg}")
for _run, _cfg, _acc_id, _gpn, _n, _gbs, _sps, _cp in (
        ("nyx_n1_ngc25.04_nemo", "config_DGXB200_1x8x1xtp1pp1cp1.sh", "b200", 8, 8, 8, 5.1844716, 1),
        ("tyche_ngpu8_ngc25.04_nemo", "config_GB200_2x4x1xtp1pp1cp1.sh", "gb200", 4, 8, 8, 5.4381785, 1),
        ("tyche_ngpu144_ngc25.04_nemo", "config_GB200_36x4x1xtp1pp1cp8.sh", "gb200", 4, 144, 18, 73.8742, 8)):
    MLPERF_MORE_CASES.append(TrainingCase(
        id=f"mlperf-t50-lora-{_n}x{_acc_id}", citation=_NV50_LORA.format(run=_run, cfg=_cfg), model=LLAMA2_70B,
        accelerator=_acc(_acc_id), n_gpus=_n, measured=_sps * 8192 / _n, cp=_cp, global_batch=_gbs, seq_len=8192,
        precision="fp8", recipe="delayed", method="lora", lora_rank=16, gpus_per_node=_gpn, nics_per_node=_gpn,
        nic_gbps=400,
        note=f"{_sps:g} samples/s (tracked_stats) × 8,192 / {_n} GPUs; TP1 CP{_cp} (DP{_n // _cp}), global batch "
             f"{_gbs}, micro-batch 1; FP8 (delayed scaling assumed); LoRA r = 16; selective recompute assumed"))
for _run, _cfg, _n, _gbs, _sps in (
        ("tyche_ngpu72_ngc25.04_nemo", "config_GB200_18x4x1xtp1pp1cp8.sh", 72, 9, 37.9154939),
        ("tyche_ngpu512_ngc25.04_nemo", "config_GB200_128x4x1xtp1pp1cp8.sh", 512, 64, 245.2217753)):
    MLPERF_MORE_CASES.append(TrainingCase(
        id=f"mlperf-t50-lora-{_n}xgb200", citation=_NV50_LORA.format(run=_run, cfg=_cfg), model=LLAMA2_70B,
        accelerator=_acc("gb200"), n_gpus=_n, measured=_sps * 8192 / _n, cp=8, global_batch=_gbs, seq_len=8192,
        precision="fp8", recipe="delayed", method="lora", lora_rank=16, gpus_per_node=4, nics_per_node=4,
        nic_gbps=400,
        note=f"{_sps:g} samples/s (last tracked_stats) × 8,192 / {_n} GPUs; TP1 CP8 (DP{_n // 8}), global batch "
             f"{_gbs}, micro-batch 1; FP8 (delayed scaling assumed); LoRA r = 16; selective recompute assumed"))
MLPERF_MORE_CASES.append(TrainingCase(
    id="mlperf-t50-lora-16xh200-asus", citation=(
        "MLPerf Training v5.0 closed, ASUSTeK, " + _V50 + ": ASUSTeK/results/ESC_N8_E11_n2/llama2_70b_lora/"
        "result_1.txt and benchmarks/llama2_70b_lora/implementations/pytorch/configs/config_ESC_N8_H200_n2.sh"),
    model=LLAMA2_70B, accelerator=_acc("h200-sxm"), n_gpus=16, measured=4.5790119 * 8192 / 16, tp=2, global_batch=8,
    seq_len=8192, precision="fp8", recipe="delayed", tp_overlap=True, method="lora", lora_rank=16, nic_gbps=400,
    note="4.579 samples/s (last tracked_stats of result_1.txt; the stored copy holds no result_0) × 8,192 / 16 "
         "GPUs; 2 × ESC N8-E11 (8 × H200 each), TP2 CP1 (DP8), global batch 8, micro-batch 1, FP8 with FP8 "
         "attention, TP comm overlap (config); 8 × 400 Gb/s per node and selective recompute assumed"))

# MLPerf Training v6.0, NVIDIA (NeMo 26.04). Systems from NVIDIA/systems/*.json: Theia and Theia-cmh = GB300 NVL72,
# 4 GPUs and 4 × ConnectX-8 2 × 400 Gb/s per node; Tyche-hsg = GB200 NVL72, 4 × ConnectX-7 400 Gb/s per node.
# Layout from the config each README names (config_<system>_<nodes>x<GPUs>x<sequences per DP rank>x tp pp cp[_fp4]);
# the 405B configs set INTERLEAVED_PIPELINE=8 (config_GB300_512x4x16xtp2pp8cp2_cg_fp4.sh; the 512-GPU config is not
# in the stored copy, VP8 assumed alike). measured = global batch / the mean train_step_time of the log's last block
# (its tracked_stats) × 8,192 / GPUs. The 8-GPU Llama 2 70B LoRA log is left out: its last block's steps range from
# 0.73 s to 3.19 s, so the block mean does not describe a steady step.
_V60 = "github.com/mlcommons/training_results_v6.0 (copy Richardyu114/training_results_v6.0, commit eabf23a)"
_NV60 = ("MLPerf Training v6.0 closed, NVIDIA, " + _V60 + ": NVIDIA/results/{run}/{bench}/result_0.txt; "
         "NVIDIA/benchmarks/{bench}/implementations/{run}/README-{run}.md ({cfg})")
_NV60_SYS = {"theia": ("gb300", 800), "theia-cmh": ("gb300", 800), "tyche-hsg": ("gb200", 400)}
# run, benchmark, config, GPUs, global batch, mean step time of the last block (s), tp, pp, cp, vp, fp4
_NV60_ROWS = [
    ("theia_ngpu8_ngc26.04_nemo", "llama31_8b", "config_GB300_2x4x2xtp1pp1cp1_8b_fp4.sh", 8, 16, 0.34312622615178306, 1, 1, 1, 1, True),
    ("theia_ngpu72_ngc26.04_nemo", "llama31_8b", "config_GB300_18x4x1xtp1pp1cp1_8b_fp4.sh", 72, 72, 0.1935626741056011, 1, 1, 1, 1, True),
    ("theia_ngpu512_ngc26.04_nemo", "llama31_8b", "config_GB300_128x4x1xtp2pp1cp4_8b.sh", 512, 64, 0.07543797945960548, 2, 1, 4, 1, False),
    ("tyche-hsg_ngpu1024_ngc26.04_nemo", "llama31_8b", "config_GB200_256x4x1xtp4pp1cp4_8b.sh", 1024, 64, 0.0718333875579929, 4, 1, 4, 1, False),
    ("theia_ngpu72_ngc26.04_nemo", "llama2_70b_lora", "config_GB300_18x4x1xtp1pp1cp8.sh", 72, 9, 0.1660835853334731, 1, 1, 8, 1, False),
    ("theia_ngpu512_ngc26.04_nemo", "llama2_70b_lora", "config_GB300_128x4x1xtp1pp1cp8.sh", 512, 64, 0.1531908872450683, 1, 1, 8, 1, False),
    ("theia-cmh_ngpu512_ngc26.04_nemo", "llama31_405b", "config_GB300_128x4x56xtp2pp8cp2_cg_fp4.sh", 512, 896, 9.569794189062728, 2, 8, 2, 8, True),
    ("theia-cmh_ngpu2048_ngc26.04_nemo", "llama31_405b", "config_GB300_512x4x16xtp2pp8cp2_cg_fp4.sh", 2048, 1024, 3.070255537848939, 2, 8, 2, 8, True),
]


def _nv60_case(row: tuple) -> TrainingCase:
    return _nvidia_case(row, "60", _NV60, _NV60_SYS, "{step_s:.4g} s (last block)",
                        "FP8 current scaling assumed (the config names no FP4)")


MLPERF_MORE_CASES += [_nv60_case(r) for r in _NV60_ROWS]

# MLPerf Training v6.0, NVIDIA DeepSeek-V3 671B pre-training on 512 and 2,048 GPUs (MXFP8, sequence 4,096 from conf/model/671b.yaml,
# global batch 15,360, one MTP layer not modelled). Layout from the config each README names; TP PP VP EP from
# its exports, the GB200 config recomputes the MLP (RECOMPUTE_MODULES="mlp"; gpudesk's nearest option,
# selective, is used), the GB300 config recomputes nothing; 1F1B expert all-to-all overlap
# (OVERLAP_MOE_EXPERT_PARALLEL_COMM=True). The expert GEMMs are one fused grouped launch (USE_TE_OPS=True,
# NVTE_CUTEDSL_FUSED_GROUPED_MLP=1 in the GB200 config), not Transformer Engine's per-expert loop (expert_gemm_loop
# stays False). measured = global batch / the last block's train_step_time × 4,096 / GPUs.
_NV60_DSV3 = ("MLPerf Training v6.0 closed, NVIDIA, " + _V60 + ": NVIDIA/results/{run}/deepseekv3_671b/result_0.txt; "
              "NVIDIA/benchmarks/deepseekv3_671b/implementations/{run}/{cfg}")
for _run, _cfg, _acc_id, _nic, _n, _tp, _rec, _step in (
        ("theia_ngpu512_ngc26.04_nemo", "config_GB300_128x4x120xtp1pp4ep32cp1_mxfp8_full_cg.sh", "gb300", 800, 512,
         1, "none", 19.91170108288364),
        ("tyche-hsg_ngpu512_ngc26.04_nemo", "config_GB200_128x4x240xtp2pp4ep32cp1_mxfp8_full_cg.sh", "gb200", 400,
         512, 2, "selective", 30.851129019505834),
        ("tyche-hsg_ngpu2048_ngc26.04_nemo", "config_GB200_512x4x60xtp2pp4ep32cp1_mxfp8_full_cg.sh", "gb200", 400,
         2048, 2, "selective", 9.120666665786494)):
    MLPERF_MORE_CASES.append(TrainingCase(
        id=f"mlperf-t60-deepseekv3-{_n}x{_acc_id}", citation=_NV60_DSV3.format(run=_run, cfg=_cfg),
        model=_model("deepseek-v3"), accelerator=_acc(_acc_id), n_gpus=_n, measured=15360 / _step * 4096 / _n,
        tp=_tp, pp=4, ep=32, virtual_stages=4, global_batch=15360, seq_len=4096, recompute=_rec, precision="fp8",
        recipe="mxfp8", tp_overlap=_tp > 1, a2a_overlap=True, gpus_per_node=4, nics_per_node=4, nic_gbps=_nic,
        note=(f"global batch 15,360 / train_step_time {_step:.4g} s (last block) × 4,096 / {_n} GPUs; TP{_tp} PP4 "
              f"VP4 EP32 (DP{_n // (_tp * 4)}), micro-batch 1; MXFP8; recompute {_rec}; expert all-to-all overlapped")))
