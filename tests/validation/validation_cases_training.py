"""Published training measurements: configuration, measured value, citation.

The measured quantity is tokens/s per GPU (throughput cases) or whole-run
GPU-hours (model-card cases). Where a paper reports achieved TFLOP/s, the
conversion to tokens/s uses that paper's own FLOP formula, stated per case.
Layout values a source does not publish are marked "assumed" in the note;
``layout="best"`` lets gpudesk's own layout search choose (model cards
publish no layout).
"""

from __future__ import annotations

from dataclasses import dataclass

from validation_hardware import (
    A100_40,
    A100_80,
    BLOOM_176B,
    DEEPSEEK_V3,
    H100,
    H800,
    LLAMA1_7B,
    LLAMA1_13B,
    LLAMA1_33B,
    LLAMA1_65B,
    LLAMA2_7B,
    LLAMA2_13B,
    LLAMA2_34B,
    LLAMA2_70B,
    LLAMA3_8B,
    LLAMA3_70B,
    LLAMA3_405B,
    MPT_7B,
    NEMOTRON4_340B,
    gpt,
)

from gpudesk.catalog.records import Accelerator, ModelArch


@dataclass(frozen=True)
class TrainingCase:
    id: str
    citation: str
    model: ModelArch
    accelerator: Accelerator
    n_gpus: int
    measured: float
    metric: str = "tokens_per_s_per_gpu"  # or "gpu_hours"
    tp: int = 1
    pp: int = 1
    cp: int = 1
    ep: int = 1
    global_batch: int = 1024
    seq_len: int = 2048
    recompute: str = "selective"
    zero_stage: int = 1
    virtual_stages: int = 1
    precision: str = "bf16"
    nic_gbps: float = 200.0
    train_tokens: float = 0.0
    layout: str = "given"  # given | best
    note: str = ""
    micro_batch: int = 1
    schedule: str = "auto"  # pipeline schedule (auto: interleaved when virtual_stages > 1)
    recipe: str = "tensorwise"  # fp8/fp4 scaling recipe
    tp_overlap: bool = False
    a2a_overlap: bool = False
    grad_overlap: bool = True
    grad_bucket_params: float = 0.0  # the run's DDP bucket size (parameters); 0 = not published, Megatron's default
    method: str = "full"
    lora_rank: int = 16
    power_limit_w: float = 0.0
    gpus_per_node: int = 8
    nics_per_node: int = 8
    training_stack: str = "megatron"
    torch_compile: bool = False
    flash_attention: bool = True  # False where the source runs attention unfused (scores through HBM)
    expert_gemm_loop: bool = False  # True where the run's expert GEMMs are one cuBLASLt call per local expert
    measured_memory_gib: float = 0.0  # > 0: the source also gives peak memory per GPU (GiB)


def megatron_hfu_tokens(tflops: float, layers: int, hidden: int, seq: int, vocab: int) -> float:
    """Tokens/s/GPU from Megatron's reported TFLOP/s: F/token = 96·l·h²·(1 + s/6h + V/16lh) (full recompute)."""
    per_token = 96.0 * layers * hidden**2 * (1.0 + seq / (6.0 * hidden) + vocab / (16.0 * layers * hidden))
    return tflops * 1e12 / per_token


def megatron_mfu_tokens(mfu: float, peak_tflops: float, layers: int, hidden: int, seq: int, vocab: int) -> float:
    """Tokens/s/GPU from a reported MFU: model F/token = 72·l·h²·(1 + s/6h + V/12lh) (Korthikanti et al. 2022)."""
    per_token = 72.0 * layers * hidden**2 * (1.0 + seq / (6.0 * hidden) + vocab / (12.0 * layers * hidden))
    return mfu * peak_tflops * 1e12 / per_token


_N21 = "Narayanan et al. 2021, Efficient Large-Scale Language Model Training on GPU Clusters (arXiv 2104.04473) Table 1"
_N21_NOTE = ("Selene, 8 x 200 Gb/s HDR per DGX A100; full recompute (Megatron formula counts it); "
             "measured = reported TFLOP/s / (96·l·h²·(1+s/6h+V/16lh)); v = 1 assumed; attention unfused: "
             "'custom kernels to enable the fusion of scale, mask, and softmax' (4.2) over the materialized scores")
_NARAYANAN = [  # params B, heads, hidden, layers, t, p, GPUs, batch, TFLOP/s per GPU
    (1.7, 24, 2304, 24, 1, 1, 32, 512, 137), (3.6, 32, 3072, 30, 2, 1, 64, 512, 138),
    (7.5, 32, 4096, 36, 4, 1, 128, 512, 142), (18.4, 48, 6144, 40, 8, 1, 256, 1024, 135),
    (39.1, 64, 8192, 48, 8, 2, 512, 1536, 138), (76.1, 80, 10240, 60, 8, 4, 1024, 1792, 140),
    (145.6, 96, 12288, 80, 8, 8, 1536, 2304, 148), (310.1, 128, 16384, 96, 8, 16, 1920, 2160, 155),
    (529.6, 128, 20480, 105, 8, 35, 2520, 2520, 163), (1008.0, 160, 25600, 128, 8, 64, 3072, 3072, 163),
]
NARAYANAN_CASES = [
    TrainingCase(
        id=f"megatron-gpt-{p:g}b-{n}xA100", citation=_N21, model=gpt(f"gpt-{p:g}b", p * 1e9, h, a, layers),
        accelerator=A100_80, n_gpus=n, tp=t, pp=pp, global_batch=b, seq_len=2048, recompute="full", zero_stage=0,
        measured=megatron_hfu_tokens(tf, layers, h, 2048, 51200), note=f"{tf} TFLOP/s per GPU; {_N21_NOTE}",
        flash_attention=False)
    for p, a, h, layers, t, pp, n, b, tf in _NARAYANAN
]

_K22 = ("Korthikanti et al. 2022, Reducing Activation Recomputation in Large Transformer Models "
        "(arXiv 2205.05198, MLSys 2023) abstract")
_K22_NOTE = ("530B (h 20480, 128 heads, 105 layers), t = 8, p = 35, d = 8; measured = MFU x 312 / "
             "(72·l·h²·(1+s/6h+V/12lh)); global batch 2240 (one sequence per GPU) and v = 1 assumed; attention "
             "unfused: its section 4 counts the QKᵀ, softmax, dropout-mask and dropout outputs (5as/h)")
KORTHIKANTI_CASES = [
    TrainingCase(id="megatron-530b-2240xA100-selective", citation=_K22, model=gpt("gpt-530b", 529.6e9, 20480, 128, 105),
                 accelerator=A100_80, n_gpus=2240, tp=8, pp=35, global_batch=2240, recompute="selective",
                 zero_stage=0, measured=megatron_mfu_tokens(0.542, 312, 105, 20480, 2048, 51200), flash_attention=False,
                 note=f"MFU 54.2% with sequence parallelism + selective recompute; {_K22_NOTE}"),
    TrainingCase(id="megatron-530b-2240xA100-full", citation=_K22, model=gpt("gpt-530b", 529.6e9, 20480, 128, 105),
                 accelerator=A100_80, n_gpus=2240, tp=8, pp=35, global_batch=2240, recompute="full", zero_stage=0,
                 measured=megatron_mfu_tokens(0.421, 312, 105, 20480, 2048, 51200), flash_attention=False,
                 note=f"MFU 42.1% with full recompute; {_K22_NOTE}"),
]

_L3P = "Llama Team 2024, The Llama 3 Herd of Models (arXiv 2407.21783) Table 4"
_L3_NOTE = ("H100 700 W, 400 Gb/s RoCE per GPU; measured = reported TFLOP/s per GPU / gpudesk Megatron-convention "
            "FLOPs per token; interleaved schedule stated, v = 4 assumed; no recompute assumed")
LLAMA3_CASES = [
    TrainingCase(id="llama3-405b-8192xH100", citation=_L3P, model=LLAMA3_405B, accelerator=H100, n_gpus=8192, tp=8,
                 pp=16, global_batch=2048, seq_len=8192, recompute="none", virtual_stages=4, nic_gbps=400,
                 measured=430.0, metric="tflops_per_gpu", note=f"430 TFLOP/s, 43% BF16 MFU; {_L3_NOTE}"),
    TrainingCase(id="llama3-405b-16384xH100", citation=_L3P, model=LLAMA3_405B, accelerator=H100, n_gpus=16384,
                 tp=8, pp=16, global_batch=2048, seq_len=8192, recompute="none", virtual_stages=4, nic_gbps=400,
                 measured=400.0, metric="tflops_per_gpu", note=f"400 TFLOP/s, 41% BF16 MFU; {_L3_NOTE}"),
    TrainingCase(id="llama3-405b-16384xH100-cp16-131k", citation=_L3P, model=LLAMA3_405B, accelerator=H100,
                 n_gpus=16384, tp=8, pp=16, cp=16, global_batch=128, seq_len=131072, recompute="none",
                 virtual_stages=4, nic_gbps=400, measured=380.0, metric="tflops_per_gpu",
                 note=f"380 TFLOP/s, 38% BF16 MFU, 131k context with CP 16; {_L3_NOTE}"),
]

_NEMO = "NVIDIA 2024, Nemotron-4 340B Technical Report (arXiv 2406.11704) Table 2"
_DGXC = ("NVIDIA NGC DGX Cloud Benchmarking recipe 'Nemotron4 340B 24.11' (catalog.ngc.nvidia.com "
         "nemotron340b-dgxc-benchmarking-a): BF16, 128 H100, GBS 32, TP8 PP8 VP12 MBS1, step 4.77 s")
NEMOTRON_CASES = [
    TrainingCase(id="nemotron4-340b-6144xH100", citation=_NEMO, model=NEMOTRON4_340B, accelerator=H100, n_gpus=6144,
                 tp=8, pp=12, global_batch=2304, seq_len=4096, recompute="selective", virtual_stages=8, nic_gbps=400,
                 measured=2304 * 4096 / 8.0 / 6144,
                 note="iteration 8.0 s at batch 2304, DP 64 (MFU 41-42%); v = 8 assumed (1 layer per virtual stage "
                      "as NVIDIA's recipe)"),
    TrainingCase(id="nemotron4-340b-128xH100-dgxc", citation=_DGXC, model=NEMOTRON4_340B, accelerator=H100,
                 n_gpus=128, tp=8, pp=8, global_batch=32, seq_len=4096, recompute="selective", virtual_stages=12,
                 nic_gbps=400, measured=32 * 4096 / 4.77 / 128, note="tokens/s = GBS · s / step time / GPUs"),
]

OTHER_THROUGHPUT_CASES = [
    TrainingCase(id="bloom-176b-384xA100", model=BLOOM_176B, accelerator=A100_80, n_gpus=384, tp=4, pp=12,
                 global_batch=2048, seq_len=2048, recompute="full", zero_stage=1,
                 citation="BigScience 2022, BLOOM (arXiv 2211.05100) 3.4.3 and Hugging Face blog 'The Technology "
                          "Behind BLOOM Training' (2022): 150 TFLOP/s per A100 80GB",
                 measured=megatron_hfu_tokens(150, 70, 14336, 2048, 250880),
                 note="TP4 PP12 DP8, ZeRO-1, 4 x 100 Gb/s Omni-Path per node assumed as 8 x 50; measured via "
                      "Megatron-DeepSpeed's formula (checkpoint factor 4)", nic_gbps=50),
    TrainingCase(id="llama1-65b-2048xA100", model=LLAMA1_65B, accelerator=A100_80, n_gpus=2048, tp=8, pp=1,
                 global_batch=2048, seq_len=2048, recompute="selective", zero_stage=1, tp_overlap=True,
                 citation="Touvron et al. 2023, LLaMA (arXiv 2302.13971) 2.4: 65B processes ~380 tokens/s/GPU on "
                          "2048 A100 80GB", measured=380.0,
                 note="model + sequence parallelism and reduced recompute (Korthikanti et al.) stated; t = 8, "
                      "distributed optimizer (ZeRO-1) as in Megatron, selective recompute assumed; "
                      "tensor-parallel all-reduce overlapped with compute (LLaMA 2.4)"),
]

_L1GH = "Touvron et al. 2023, LLaMA (arXiv 2302.13971) Table 15 (GPU-hours, A100-80GB)"
# LLaMA 2.4: "we also overlap the computation of activations and the communication between GPUs over the network
# (due to all_reduce operations) as much as possible": the tensor-parallel collectives are overlapped.
_L1_OVERLAP = "tensor-parallel all-reduce overlapped with compute (LLaMA 2.4)"
_L2GH = "Llama 2 model card / Touvron et al. 2023 (arXiv 2307.09288) Table 2 (A100-80GB GPU-hours, 2T tokens)"
_L31GH = "Llama 3.1 model card (github.com/meta-llama/llama-models MODEL_CARD.md): H100-80GB GPU-hours"
_GH_NOTE = "layout not published: gpudesk's best layout at this GPU count; goodput 0.9 applied"
GPU_HOUR_CASES = [
    TrainingCase(id="llama1-7b-gpu-hours", citation=_L1GH, model=LLAMA1_7B, accelerator=A100_80, n_gpus=2048,
                 metric="gpu_hours", measured=82_432, train_tokens=1.0e12, global_batch=2048, layout="best",
                 note=f"1.0T tokens, batch 4M tokens; {_GH_NOTE}; {_L1_OVERLAP}", tp_overlap=True),
    TrainingCase(id="llama1-13b-gpu-hours", citation=_L1GH, model=LLAMA1_13B, accelerator=A100_80, n_gpus=2048,
                 metric="gpu_hours", measured=135_168, train_tokens=1.0e12, global_batch=2048, layout="best",
                 note=f"1.0T tokens; {_GH_NOTE}; {_L1_OVERLAP}", tp_overlap=True),
    TrainingCase(id="llama1-33b-gpu-hours", citation=_L1GH, model=LLAMA1_33B, accelerator=A100_80, n_gpus=2048,
                 metric="gpu_hours", measured=530_432, train_tokens=1.4e12, global_batch=2048, layout="best",
                 note=f"1.4T tokens; {_GH_NOTE}; {_L1_OVERLAP}", tp_overlap=True),
    TrainingCase(id="llama1-65b-gpu-hours", citation=_L1GH, model=LLAMA1_65B, accelerator=A100_80, n_gpus=2048,
                 metric="gpu_hours", measured=1_022_362, train_tokens=1.4e12, global_batch=2048, layout="best",
                 note=f"1.4T tokens; {_GH_NOTE}; {_L1_OVERLAP}", tp_overlap=True),
    TrainingCase(id="llama2-7b-gpu-hours", citation=_L2GH, model=LLAMA2_7B, accelerator=A100_80, n_gpus=2048,
                 metric="gpu_hours", measured=184_320, train_tokens=2.0e12, global_batch=1024, seq_len=4096,
                 layout="best", note=f"2T tokens, 4M-token batch; {_GH_NOTE}"),
    TrainingCase(id="llama2-13b-gpu-hours", citation=_L2GH, model=LLAMA2_13B, accelerator=A100_80, n_gpus=2048,
                 metric="gpu_hours", measured=368_640, train_tokens=2.0e12, global_batch=1024, seq_len=4096,
                 layout="best", note=_GH_NOTE),
    TrainingCase(id="llama2-34b-gpu-hours", citation=_L2GH, model=LLAMA2_34B, accelerator=A100_80, n_gpus=2048,
                 metric="gpu_hours", measured=1_038_336, train_tokens=2.0e12, global_batch=1024, seq_len=4096,
                 layout="best", note=_GH_NOTE),
    TrainingCase(id="llama2-70b-gpu-hours", citation=_L2GH, model=LLAMA2_70B, accelerator=A100_80, n_gpus=2048,
                 metric="gpu_hours", measured=1_720_320, train_tokens=2.0e12, global_batch=1024, seq_len=4096,
                 layout="best", note=_GH_NOTE),
    TrainingCase(id="llama3.1-8b-gpu-hours", citation=_L31GH, model=LLAMA3_8B, accelerator=H100, n_gpus=4096,
                 metric="gpu_hours", measured=1_460_000, train_tokens=15.0e12, global_batch=2048, seq_len=8192,
                 nic_gbps=400, layout="best", note=f"15T+ tokens (15T used); {_GH_NOTE}"),
    TrainingCase(id="llama3.1-70b-gpu-hours", citation=_L31GH, model=LLAMA3_70B, accelerator=H100, n_gpus=8192,
                 metric="gpu_hours", measured=7_000_000, train_tokens=15.0e12, global_batch=2048, seq_len=8192,
                 nic_gbps=400, layout="best", note=f"15T+ tokens (15T used); {_GH_NOTE}"),
    TrainingCase(id="llama3.1-405b-gpu-hours", citation=_L31GH, model=LLAMA3_405B, accelerator=H100, n_gpus=16384,
                 metric="gpu_hours", measured=30_840_000, train_tokens=15.6e12, global_batch=2048, seq_len=8192,
                 tp=8, pp=16, virtual_stages=4, recompute="none", nic_gbps=400,
                 note="15.6T tokens (Llama 3 paper); layout of Table 4; long-context stage ignored; goodput 0.9"),
    TrainingCase(id="deepseek-v3-gpu-hours", model=DEEPSEEK_V3, accelerator=H800, n_gpus=2048, metric="gpu_hours",
                 citation="DeepSeek-AI 2024, DeepSeek-V3 Technical Report (arXiv 2412.19437) Table 1 and 3.2: "
                          "pre-training 2,664K H800 GPU-hours for 14.8T tokens on 2,048 H800",
                 measured=2_664_000, train_tokens=14.8e12, global_batch=15360, seq_len=4096, pp=16, ep=64,
                 recompute="selective", precision="fp8", recipe="blockwise", schedule="dualpipe", nic_gbps=400,
                 note="PP16, EP64 across 8 nodes, ZeRO-1 DP, no TP, FP8 GEMMs with 1×128 / 128×128 block scaling; "
                      "DualPipe (its all-to-all overlapped with compute, its bubble) as the report states"),
    TrainingCase(id="mpt-7b-gpu-hours", model=MPT_7B, accelerator=A100_40, n_gpus=440, metric="gpu_hours",
                 citation="MosaicML 2023, 'Introducing MPT-7B' blog: 1T tokens in 9.5 days on 440 A100-40GB",
                 measured=440 * 9.5 * 24, train_tokens=1.0e12, global_batch=1760, seq_len=2048, layout="best",
                 note=f"GPU-hours = 440 x 9.5 days x 24 h; global batch 1,760 sequences assumed; {_GH_NOTE}"),
]

TRAINING_CASES = (NARAYANAN_CASES + KORTHIKANTI_CASES + LLAMA3_CASES + NEMOTRON_CASES + OTHER_THROUGHPUT_CASES
                  + GPU_HOUR_CASES)
