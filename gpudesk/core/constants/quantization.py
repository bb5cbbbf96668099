"""What serving a model at a lower precision costs in quality: the caveat a recommendation states.

Values are the accuracy a quantised model loses against its BF16 original on published evaluations, in percent
(upper end of the range reported); the configuration search (core/config_search.py) quotes them beside any
configuration below the plan's own precision. They describe well-calibrated post-training quantisation with the
usual recipes; a customer's own evaluation set decides.
"""

from __future__ import annotations

from gpudesk.core.constants.base import Constant

_KURTIC = ("Kurtic et al., \"Give Me BF16 or Give Me Death\"? Accuracy-Performance Trade-Offs in LLM Quantization, "
           "ACL 2025 (arXiv 2411.02355, 2024-11-04): over 500,000 evaluations of the Llama-3.1 family (8B-405B)")

QUALITY_LOSS = {
    "bf16": Constant("QUALITY_LOSS_BF16", 0.0, "%", "accuracy lost at BF16/FP16 weights (the reference)",
                     "reference precision of the published checkpoints"),
    "fp8": Constant("QUALITY_LOSS_FP8", 0.0, "%", "accuracy lost with FP8 weights and activations (W8A8-FP)",
                    _KURTIC + ": FP8 W8A8 is effectively lossless across all model scales"),
    "int8": Constant("QUALITY_LOSS_INT8", 3.0, "%", "accuracy lost with INT8 weights and activations (W8A8-INT)",
                     _KURTIC + ": well-tuned INT8 W8A8 loses 1-3%"),
    "int4": Constant("QUALITY_LOSS_INT4", 3.0, "%", "accuracy lost with INT4 weight-only quantisation (W4A16)",
                     _KURTIC + ": INT4 weight-only is competitive with INT8 W8A8 (1-3%)"),
    "fp4": Constant("QUALITY_LOSS_FP4", 1.0, "%", "accuracy lost with NVFP4 weights and activations (vs FP8)",
                    "NVIDIA Technical Blog, Introducing NVFP4 for Efficient and Accurate Low-Precision Inference "
                    "(2025-06-24, developer.nvidia.com/blog/introducing-nvfp4-for-efficient-and-accurate-low-"
                    "precision-inference): under 1% accuracy loss against FP8 on DeepSeek-R1 and Llama 3"),
}

QUALITY_LOSS_FP8_TRAINING = Constant(
    "QUALITY_LOSS_FP8_TRAINING", 0.25, "%", "training loss above the BF16 run with FP8 mixed-precision training",
    "DeepSeek-AI, DeepSeek-V3 Technical Report (arXiv 2412.19437, 2024-12-27), section 3.3: with fine-grained "
    "(tile- and block-wise) scaling, the FP8-trained model's loss stays within 0.25% of the BF16 baseline; "
    "per-tensor scaling recipes need validating on the customer's own runs",
)
