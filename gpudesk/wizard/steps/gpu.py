"""Step 2: Choose GPUs beyond peak FLOPS (看GPU时，别只盯峰值算力)."""

from __future__ import annotations

from gpudesk.wizard.step_record import LLM_SERVING, LLM_TRAINING, FieldRow, Step, Text, W

STEP = Step(
    key="gpu",
    intro=Text("step.gpu.intro"),
    fields=(
        FieldRow("hardware.accelerator_id", choices="accelerators"),
        FieldRow("hardware.gpus_per_node"),
        FieldRow("hardware.gpu_power_limit_w"),
        FieldRow("hardware.nodes"),
        FieldRow(f"{W}.parallel.tp", LLM_TRAINING + LLM_SERVING),
        FieldRow(f"{W}.parallel.pp", LLM_TRAINING),
        FieldRow(f"{W}.parallel.ep", LLM_TRAINING + LLM_SERVING),
        FieldRow(f"{W}.parallel.cp", LLM_TRAINING),
        FieldRow(f"{W}.parallel.zero_stage", LLM_TRAINING),
        FieldRow(f"{W}.parallel.recompute", LLM_TRAINING),
        FieldRow(f"{W}.parallel.pipeline_schedule", LLM_TRAINING),
        FieldRow(f"{W}.parallel.virtual_stages", LLM_TRAINING),
        FieldRow(f"{W}.parallel.sequence_parallel", LLM_TRAINING),
        FieldRow(f"{W}.parallel.flash_attention", LLM_TRAINING + LLM_SERVING),
        FieldRow(f"{W}.parallel.training_stack", LLM_TRAINING),
        FieldRow(f"{W}.parallel.torch_compile", LLM_TRAINING),
        FieldRow(f"{W}.parallel.overlap_grad_reduce", LLM_TRAINING),
        FieldRow(f"{W}.parallel.overlap_param_gather", LLM_TRAINING),
        FieldRow(f"{W}.parallel.tp_comm_overlap",
                 LLM_TRAINING),
        FieldRow(f"{W}.parallel.moe_a2a_overlap",
                 LLM_TRAINING),
        FieldRow(f"{W}.parallel.expert_gemm_loop", LLM_TRAINING),
        FieldRow(f"{W}.low_precision_recipe", LLM_TRAINING),
        FieldRow(f"{W}.parallel.cpu_offload", LLM_TRAINING),
        FieldRow(f"{W}.batching", LLM_SERVING),
        FieldRow(f"{W}.serving_scenario", LLM_SERVING),
        FieldRow(f"{W}.attention_dp_balance", LLM_SERVING),
        FieldRow(f"{W}.engine_release", LLM_SERVING),
        FieldRow(f"{W}.serving_memory_fraction", LLM_SERVING),
        FieldRow(f"{W}.concurrency", LLM_SERVING),
        FieldRow(f"{W}.parallel.dp", (*LLM_TRAINING, "vision_train")),
    ),
    figure_prefixes=("mem.", "train.", "infer.", "vision.", "diffusion.", "recsys.", "embed.", "vdi.", "agent."),
    headlines=(
        "mem.total", "mem.capacity", "mem.headroom", "mem.fits", "mem.min_gpus", "train.time_to_train_days",
        "train.tokens_per_s", "train.mfu", "train.gpu_hours", "train.bottleneck", "infer.gpus_needed",
        "infer.tokens_per_s", "infer.ttft_s", "infer.ttft_p99_s", "infer.tpot_s", "infer.bottleneck",
        "vision.time_to_train_days", "vision.gpus_needed", "vision.images_per_s_per_gpu", "diffusion.gpus_needed",
        "recsys.gpus_needed", "embed.gpus_needed", "vdi.gpus_needed", "vdi.seats_per_gpu", "agent.vcpus",
    ),
    charts=("memory_fit", "inference", "pareto"),
    panel="recommendations",
)
