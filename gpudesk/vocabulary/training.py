"""Training settings: implementation stack, activation recomputation, optimizer."""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary

TRAINING_STACK: Vocabulary[Term] = Vocabulary("training stack", (
    Term("megatron", "Megatron-LM / NeMo", "Megatron-LM / NeMo"),
    Term("pytorch_amp", "PyTorch AMP (eager, Hugging Face)", "PyTorch AMP（即时执行 / Hugging Face）"),
    Term("deepspeed", "DeepSpeed (Megatron-DeepSpeed)", "DeepSpeed（Megatron-DeepSpeed）"),
    Term("fsdp2", "PyTorch FSDP2 (torchtitan)", "PyTorch FSDP2（torchtitan）"),
))

RECOMPUTE: Vocabulary[Term] = Vocabulary("activation recomputation", (
    Term("none", "None", "不重算"),
    Term("selective", "Selective", "选择性重算"),
    Term("full", "Full", "完全重算"),
))

OPTIMIZER: Vocabulary[Term] = Vocabulary("optimizer", (
    Term("adamw", "AdamW", "AdamW"),
    Term("adamw_8bit", "AdamW 8-bit", "AdamW（8 位）"),
    Term("sgd", "SGD", "SGD"),
    Term("sgd_momentum", "SGD with momentum", "带动量 SGD"),
    Term("adafactor", "Adafactor", "Adafactor"),
))

PIPELINE_SCHEDULE: Vocabulary[Term] = Vocabulary("pipeline schedule", (
    Term("1f1b", "1F1B", "1F1B"),
    Term("interleaved", "Interleaved 1F1B (virtual stages)", "交错 1F1B（虚拟流水级）"),
    Term("zero_bubble", "Zero bubble (ZB-H1)", "零气泡（ZB-H1）"),
    Term("dualpipe", "DualPipe (DeepSeek-V3)", "DualPipe（DeepSeek-V3）"),
))

LOW_PRECISION_RECIPE: Vocabulary[Term] = Vocabulary("low-precision training recipe", (
    Term("tensorwise", "FP8 current scaling (per tensor)", "FP8 即时缩放（逐张量）"),
    Term("delayed", "FP8 delayed scaling (amax history)", "FP8 延迟缩放（按历史最大值）"),
    Term("blockwise", "FP8 block scaling (1×128 / 128×128)", "FP8 分块缩放（1×128 / 128×128）"),
    Term("mxfp8", "MXFP8 (1×32 blocks, Blackwell)", "MXFP8（1×32 分块，Blackwell）"),
    Term("nvfp4", "NVFP4 (1×16 blocks, Blackwell)", "NVFP4（1×16 分块，Blackwell）"),
))
