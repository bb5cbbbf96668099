"""Step 1: Size the task (先算任务，再看型号)."""

from __future__ import annotations

from gpudesk.wizard.step_record import (
    ITEM_SERVING,
    LLM_SERVING,
    LLM_TRAINING,
    MODEL_KINDS,
    TRAINING,
    FieldRow,
    Step,
    Text,
    W,
)

STEP = Step(
    key="task",
    intro=Text(
        "Put the workload on paper before choosing hardware: model size, training period, daily volume, "
        "concurrency, data size and latency target. A vision project with low volume but frequent model "
        "changes should start small; large-model training is blocked by too little GPU memory.",
        "别急着挑卡，先把任务量算出来：模型大小、训练周期、日处理量、并发量、数据规模、目标时延。"
        "日处理量不高但模型常改的视觉项目应先控制投入；大模型训练一旦显存不足，开发效率会直接受影响。",
    ),
    fields=(
        FieldRow("/meta.name", "Plan name", "方案名称"),
        FieldRow("/meta.customer", "Customer", "客户"),
        FieldRow("/meta.author", "Prepared by", "编制人"),
        FieldRow("name", "Phase name", "阶段名称"),
        FieldRow(f"{W}.name", "Workload name", "工作负载名称"),
        FieldRow(f"{W}.kind", "Workload type", "工作负载类型"),
        FieldRow(f"{W}.model_id", "Model", "模型", MODEL_KINDS, choices="models"),
        FieldRow(f"{W}.compute_dtype", "Compute precision", "计算精度",
                 TRAINING + LLM_SERVING + ITEM_SERVING),
        FieldRow(f"{W}.weight_dtype", "Weight precision", "权重精度",
                 TRAINING + LLM_SERVING + ITEM_SERVING),
        FieldRow(f"{W}.kv_dtype", "KV cache precision", "KV缓存精度", LLM_SERVING),
        FieldRow(f"{W}.optimizer", "Optimizer", "优化器", TRAINING),
        FieldRow(f"{W}.seq_len", "Sequence length", "序列长度", LLM_TRAINING),
        FieldRow(f"{W}.global_batch", "Global batch", "全局批量", TRAINING),
        FieldRow(f"{W}.micro_batch", "Micro-batch per GPU", "每卡微批量", TRAINING),
        FieldRow(f"{W}.train_tokens", "Training tokens", "训练token数", LLM_TRAINING),
        FieldRow(f"{W}.dataset_items", "Training images/samples", "训练样本数", ("vision_train",)),
        FieldRow(f"{W}.epochs", "Epochs", "训练轮数", TRAINING),
        FieldRow(f"{W}.deadline_days", "Training deadline", "训练周期（截止）", TRAINING),
        FieldRow(f"{W}.lora_rank", "LoRA rank", "LoRA秩", ("finetune_lora", "finetune_qlora")),
        FieldRow(f"{W}.prompt_tokens", "Prompt tokens", "输入token数", LLM_SERVING),
        FieldRow(f"{W}.output_tokens", "Output tokens", "输出token数", LLM_SERVING),
        FieldRow(f"{W}.concurrency", "Concurrent requests", "并发请求数", LLM_SERVING),
        FieldRow(f"{W}.requests_per_day", "Requests per day", "日请求量", LLM_SERVING + ("agent_hosting",)),
        FieldRow(f"{W}.peak_factor", "Peak over average", "峰均比", LLM_SERVING + ITEM_SERVING),
        FieldRow(f"{W}.ttft_p50_ms", "TTFT target (P50)", "首token时延目标 P50", LLM_SERVING),
        FieldRow(f"{W}.ttft_p99_ms", "TTFT target (P99)", "首token时延目标 P99", LLM_SERVING),
        FieldRow(f"{W}.tpot_ms", "Time per output token target", "每token时延目标", LLM_SERVING),
        FieldRow(f"{W}.items_per_day", "Items per day", "日处理量", ITEM_SERVING),
        FieldRow(f"{W}.latency_ms", "Latency target", "目标时延", ITEM_SERVING),
        FieldRow(f"{W}.image_size", "Image size", "图像尺寸", ("vision_train", "vision_inference", "diffusion_inference")),
        FieldRow(f"{W}.seats", "Concurrent seats", "并发席位", ("rendering_vdi",)),
        FieldRow(f"{W}.seat_profile_gb", "vGPU framebuffer per seat", "每席位vGPU显存", ("rendering_vdi",)),
        FieldRow(f"{W}.agents", "Always-on agents", "常驻Agent数", ("agent_hosting",)),
        FieldRow(f"{W}.model_calls_per_agent_hour", "Model calls per agent-hour", "每Agent每小时模型调用", ("agent_hosting",)),
        FieldRow(f"{W}.vcpus_per_agent", "vCPUs per agent", "每Agent vCPU", ("agent_hosting",)),
    ),
    figure_prefixes=("task.", "arch.params_total", "arch.params_active", "arch.kv_bytes_per_token"),
)
