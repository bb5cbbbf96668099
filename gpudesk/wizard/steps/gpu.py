"""Step 2: Choose GPUs beyond peak FLOPS (看GPU时，别只盯峰值算力)."""

from __future__ import annotations

from gpudesk.wizard.step_record import FieldRow, LLM_SERVING, LLM_TRAINING, Step, Text, W

STEP = Step(
    key="gpu",
    intro=Text(
        "Compare memory capacity and bandwidth, supported precisions, power and the software ecosystem "
        "(drivers, CUDA/ROCm/CANN, framework support). For training, memory often matters more than peak "
        "throughput; for inference, latency and cost per request.",
        "显存容量、显存带宽、功耗、驱动生态、框架兼容性都要一起看。训练任务里显存常常比理论峰值更关键；"
        "推理任务里低延迟和性价比通常更实用。",
    ),
    fields=(
        FieldRow("hardware.accelerator_id", "Accelerator", "加速卡", choices="accelerators"),
        FieldRow("hardware.gpus_per_node", "GPUs per node", "每节点GPU数"),
        FieldRow("hardware.gpu_power_limit_w", "GPU power limit (0 = TDP)", "GPU功率上限（0=TDP）"),
        FieldRow("hardware.nodes", "Nodes (0 = size for me)", "节点数（0=自动）"),
        FieldRow(f"{W}.parallel.tp", "Tensor parallel", "张量并行", LLM_TRAINING + LLM_SERVING),
        FieldRow(f"{W}.parallel.pp", "Pipeline stages", "流水线并行", LLM_TRAINING),
        FieldRow(f"{W}.parallel.ep", "Expert parallel", "专家并行", LLM_TRAINING + LLM_SERVING),
        FieldRow(f"{W}.parallel.cp", "Context parallel", "上下文并行", LLM_TRAINING),
        FieldRow(f"{W}.parallel.zero_stage", "ZeRO stage", "ZeRO阶段", LLM_TRAINING),
        FieldRow(f"{W}.parallel.recompute", "Activation recompute", "激活重计算", LLM_TRAINING),
        FieldRow(f"{W}.parallel.pipeline_schedule", "Pipeline schedule", "流水线调度", LLM_TRAINING),
        FieldRow(f"{W}.parallel.virtual_stages", "Interleaved chunks", "交错流水块数", LLM_TRAINING),
        FieldRow(f"{W}.parallel.sequence_parallel", "Sequence parallel", "序列并行", LLM_TRAINING),
        FieldRow(f"{W}.parallel.flash_attention", "FlashAttention", "FlashAttention", LLM_TRAINING + LLM_SERVING),
        FieldRow(f"{W}.parallel.training_stack", "Training stack", "训练框架实现", LLM_TRAINING),
        FieldRow(f"{W}.parallel.torch_compile", "torch.compile", "torch.compile 编译", LLM_TRAINING),
        FieldRow(f"{W}.parallel.overlap_grad_reduce", "Overlap gradient reduction", "梯度归约与反向重叠", LLM_TRAINING),
        FieldRow(f"{W}.parallel.overlap_param_gather", "Overlap parameter gather", "参数汇聚与前向重叠", LLM_TRAINING),
        FieldRow(f"{W}.parallel.tp_comm_overlap", "Overlap TP communication", "张量并行通信与计算重叠",
                 LLM_TRAINING),
        FieldRow(f"{W}.parallel.moe_a2a_overlap", "Overlap expert all-to-all", "专家全交换与计算重叠",
                 LLM_TRAINING),
        FieldRow(f"{W}.low_precision_recipe", "FP8/FP4 recipe", "FP8/FP4 缩放方案", LLM_TRAINING),
        FieldRow(f"{W}.parallel.cpu_offload", "CPU offload", "CPU卸载", LLM_TRAINING),
        FieldRow(f"{W}.batching", "Batching mode", "批处理方式", LLM_SERVING),
        FieldRow(f"{W}.serving_scenario", "Serving scenario", "服务场景", LLM_SERVING),
        FieldRow(f"{W}.serving_memory_fraction", "Engine memory share", "推理引擎显存占比", LLM_SERVING),
        FieldRow(f"{W}.concurrency", "Engine max batch (0 = derived)", "引擎最大批量（0=自动推算）", LLM_SERVING),
        FieldRow(f"{W}.parallel.dp", "Data parallel (0 = size for me)", "数据并行（0=自动）", LLM_TRAINING),
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
