"""Training settings: implementation stack, activation recomputation, optimizer."""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary

TRAINING_STACK: Vocabulary[Term] = Vocabulary("training stack", (
    Term("megatron", "Megatron-LM / NeMo", "Megatron-LM / NeMo"),
    Term("pytorch_amp", "PyTorch AMP (eager, Hugging Face)", "PyTorch AMP（Eager / Hugging Face）"),
    Term("deepspeed", "DeepSpeed (Megatron-DeepSpeed)", "DeepSpeed（Megatron-DeepSpeed）"),
))

RECOMPUTE: Vocabulary[Term] = Vocabulary("activation recomputation", (
    Term("none", "none", "不重算"),
    Term("selective", "selective", "选择性重算"),
    Term("full", "full", "完全重算"),
))

OPTIMIZER: Vocabulary[Term] = Vocabulary("optimizer", (
    Term("adamw", "AdamW", "AdamW"),
    Term("adamw_8bit", "AdamW 8-bit", "AdamW（8 位）"),
    Term("sgd", "SGD", "SGD"),
    Term("sgd_momentum", "SGD with momentum", "带动量 SGD"),
    Term("adafactor", "Adafactor", "Adafactor"),
))
