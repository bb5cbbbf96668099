"""What each wizard step asks and shows, as data.

Paths are relative to the active phase (``workloads[{w}]`` is the active
workload), except those starting with ``/``, which are plan-wide (``/meta.name``). ``kinds`` limits a row to some workload kinds (None = all).
Figure keys name FigureSet entries the step shows when present.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TRAINING = ("pretrain", "finetune_full", "finetune_lora", "finetune_qlora", "vision_train")
LLM_TRAINING = ("pretrain", "finetune_full", "finetune_lora", "finetune_qlora")
LLM_SERVING = ("llm_inference",)
ITEM_SERVING = ("vision_inference", "diffusion_inference", "recsys_inference", "embedding_inference")
MODEL_KINDS = TRAINING + LLM_SERVING + ITEM_SERVING + ("agent_hosting",)


@dataclass(frozen=True)
class FieldRow:
    path: str
    label_en: str
    label_zh: str
    kinds: tuple[str, ...] | None = None
    choices: str | None = None  # catalog-backed choice list: models | accelerators | servers | storage | cloud_offers | nics | switches

    def label(self, lang: str) -> str:
        return self.label_zh if lang == "zh" else self.label_en

    def applies(self, kind: str) -> bool:
        return self.kinds is None or kind in self.kinds


W = "workloads[{w}]"

STEP_FIELDS: dict[int, tuple[FieldRow, ...]] = {
    1: (
        FieldRow("/meta.name", "Plan name", "方案名称"),
        FieldRow("/meta.customer", "Customer", "客户"),
        FieldRow("/meta.author", "Prepared by", "编制人"),
        FieldRow("name", "Phase name", "阶段名称"),
        FieldRow(f"{W}.name", "Workload name", "工作负载名称"),
        FieldRow(f"{W}.kind", "Workload type", "工作负载类型"),
        FieldRow(f"{W}.model_id", "Model", "模型", MODEL_KINDS, choices="models"),
        FieldRow(f"{W}.compute_dtype", "Compute precision", "计算精度", TRAINING + LLM_SERVING + ITEM_SERVING),
        FieldRow(f"{W}.weight_dtype", "Weight precision", "权重精度", TRAINING + LLM_SERVING + ITEM_SERVING),
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
        FieldRow(f"{W}.users", "People served", "服务人数", LLM_SERVING),
        FieldRow(f"{W}.peak_requests_per_s", "Peak requests/s (0 = from daily volume)", "峰值请求数/秒（0=按日请求量推算）",
                 LLM_SERVING),
        FieldRow(f"{W}.requests_per_day", "Requests per day", "日请求量", LLM_SERVING + ("agent_hosting",)),
        FieldRow(f"{W}.busy_hours_per_day", "Busy hours per day", "每日业务时长", LLM_SERVING),
        FieldRow(f"{W}.peak_factor", "Peak over average", "峰均比", LLM_SERVING + ITEM_SERVING),
        FieldRow(f"{W}.latency_percentile", "Latency targets hold at", "时延目标分位", LLM_SERVING),
        FieldRow(f"{W}.ttft_ms", "First-token target at the percentile", "首token时延目标（按分位）", LLM_SERVING),
        FieldRow(f"{W}.ttft_p50_ms", "Median first-token target (0 = none)", "首token时延中位数目标（0=不设）",
                 LLM_SERVING),
        FieldRow(f"{W}.tpot_ms", "Time per output token target", "每token时延目标", LLM_SERVING),
        FieldRow(f"{W}.e2e_ms", "End-to-end target at the percentile (0 = none)", "端到端时延目标（按分位，0=不设）",
                 LLM_SERVING),
        FieldRow(f"{W}.prompt_tokens", "Input tokens (mean)", "输入token数（均值）", LLM_SERVING),
        FieldRow(f"{W}.prompt_tokens_sd", "Input length spread (sd)", "输入长度离散度（标准差）", LLM_SERVING),
        FieldRow(f"{W}.output_tokens", "Output tokens (mean)", "输出token数（均值）", LLM_SERVING),
        FieldRow(f"{W}.output_tokens_sd", "Output length spread (sd)", "输出长度离散度（标准差）", LLM_SERVING),
        FieldRow(f"{W}.quantization", "Quantisation allowed", "允许的量化", LLM_SERVING),
        FieldRow(f"{W}.items_per_day", "Items per day", "日处理量", ITEM_SERVING),
        FieldRow(f"{W}.latency_ms", "Latency target", "目标时延", ITEM_SERVING),
        FieldRow(f"{W}.image_size", "Image size", "图像尺寸", ("vision_train", "vision_inference", "diffusion_inference")),
        FieldRow(f"{W}.seats", "Concurrent seats", "并发席位", ("rendering_vdi",)),
        FieldRow(f"{W}.seat_profile_gb", "vGPU framebuffer per seat", "每席位vGPU显存", ("rendering_vdi",)),
        FieldRow(f"{W}.agents", "Always-on agents", "常驻Agent数", ("agent_hosting",)),
        FieldRow(f"{W}.model_calls_per_agent_hour", "Model calls per agent-hour", "每Agent每小时模型调用", ("agent_hosting",)),
        FieldRow(f"{W}.vcpus_per_agent", "vCPUs per agent", "每Agent vCPU", ("agent_hosting",)),
    ),
    2: (
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
    3: (
        FieldRow("hardware.server_id", "Server model", "服务器型号", choices="servers"),
        FieldRow("hardware.cpu_cores_per_node", "CPU cores per node (0 = server)", "每节点CPU核数（0=服务器默认）"),
        FieldRow("hardware.host_ram_gb", "Host RAM per node (0 = server)", "每节点内存（0=服务器默认）"),
    ),
    4: (
        FieldRow("storage.option_id", "Storage", "存储方案", choices="storage"),
        FieldRow("storage.dataset_tb", "Dataset size", "数据集大小"),
        FieldRow("storage.growth_pct_per_year", "Data growth", "数据年增长"),
        FieldRow("storage.checkpoint_interval_hours", "Checkpoint interval", "检查点间隔", TRAINING),
        FieldRow("storage.team_size", "Team size", "团队人数"),
        FieldRow("storage.concurrent_jobs", "Concurrent jobs", "并发作业数"),
    ),
    5: (
        FieldRow("network.fabric", "Fabric", "网络类型"),
        FieldRow("network.nic_id", "NIC", "网卡", choices="nics"),
        FieldRow("network.switch_id", "Switch", "交换机", choices="switches"),
        FieldRow("network.oversubscription", "Oversubscription", "收敛比"),
        FieldRow("network.rail_optimized", "Rail-optimised", "轨道优化"),
    ),
    6: (
        FieldRow("delivery.mode", "Delivery mode", "交付方式"),
        FieldRow("delivery.cloud_offer_id", "Cloud offer", "云实例", choices="cloud_offers"),
        FieldRow("delivery.utilisation.hours_per_day", "Busy hours per day", "每日使用小时"),
        FieldRow("delivery.utilisation.days_per_month", "Busy days per month", "每月使用天数"),
        FieldRow("delivery.utilisation.peak_months", "Peak months (1–12, comma-separated)", "旺季月份（1–12，逗号分隔）"),
        FieldRow("delivery.utilisation.peak_multiplier", "Peak-season multiplier", "旺季倍数"),
        FieldRow("delivery.data_sensitivity", "Data sensitivity", "数据敏感度"),
        FieldRow("delivery.hybrid_owned_share", "Owned share (hybrid)", "自有比例（混合）"),
        FieldRow("compliance.data_residency", "Data residency", "数据驻留"),
        FieldRow("compliance.mlps_level", "MLPS 2.0 level (等保)", "等保 2.0 级别"),
        FieldRow("compliance.domestic_parts", "Domestic parts (信创)", "信创（国产部件）"),
        FieldRow("compliance.industry", "Industry", "行业"),
        FieldRow("duration_months", "Phase duration", "阶段时长"),
        FieldRow("notes", "Phase notes (reasoning for the proposal)", "阶段说明（写入方案书）"),
    ),
    7: (
        FieldRow("costs.currency", "Currency", "币种"),
        FieldRow("costs.cny_per_usd", "Exchange rate", "汇率"),
        FieldRow("costs.horizon_years", "Horizon", "测算年限"),
        FieldRow("facility.region", "Region", "地区"),
        FieldRow("facility.cooling", "Cooling", "散热方式"),
        FieldRow("facility.pue", "PUE (0 = default)", "PUE（0=默认）"),
        FieldRow("facility.electricity_per_kwh", "Electricity price (0 = default)", "电价（0=默认）"),
        FieldRow("facility.rack_power_limit_kw", "Rack power limit (0 = default)", "机柜功率上限（0=默认）"),
        FieldRow("facility.power_limit_kw", "Site power for this phase (0 = no limit)", "本阶段可用供电（0=不限）"),
        FieldRow("costs.staff_fte", "Operations staff", "运维人员"),
        FieldRow("costs.staff_cost_per_year", "Cost per staff-year", "人均年成本"),
        FieldRow("costs.software_per_gpu_year", "Software per GPU-year", "每卡年软件费"),
        FieldRow("costs.maintenance_pct_per_year", "Maintenance", "维保比例"),
        FieldRow("costs.colo_per_rack_month", "Colocation per rack-month", "机柜租金/月"),
        FieldRow("costs.depreciation_years", "Depreciation", "折旧年限"),
        FieldRow("costs.gpu_price_override", "GPU price override", "GPU单价覆盖"),
        FieldRow("costs.budget", "Budget over the horizon (0 = none)", "测算期预算（0=不限）"),
        FieldRow("costs.installation_per_server", "Installation per server (-1 = not quoted)", "每台安装调试费（-1=待报价）"),
        FieldRow("costs.services_once", "Professional services (lump sum)", "专业服务费（一次性）"),
        FieldRow("costs.licence", "Licensed GPU software", "GPU 授权软件"),
        FieldRow("costs.licence_per_unit_year", "Licence per GPU or seat and year (0 = list price)",
                 "每卡/每用户年许可费（0=目录价）"),
        FieldRow("costs.vat_goods_pct", "VAT on goods (-1 = market rate)", "货物增值税率（-1=市场标准税率）"),
        FieldRow("costs.vat_services_pct", "VAT on services (-1 = market rate)", "服务增值税率（-1=市场标准税率）"),
    ),
}


def rows_for(step: int, kind: str) -> list[FieldRow]:
    return [r for r in STEP_FIELDS.get(step, ()) if r.applies(kind)]


def resolve(row: FieldRow, phase: int, workload: int) -> str:
    """The project path of a row: ``/meta.name`` is plan-wide; other rows are relative to the active phase."""
    if row.path.startswith("/"):
        return row.path[1:]
    return f"phases[{phase}]." + row.path.format(w=workload)


# Fields edited outside the step forms (the phase dialog, the plan itself).
OTHER_LABELS: dict[str, tuple[str, str]] = {
    "stage": ("Lifecycle stage", "生命周期阶段"), "start_month": ("Starts in month", "起始月份"),
    "carry_forward_hardware": ("Keeps the previous phase's hardware", "沿用上一阶段硬件"),
    "triggers": ("Growth triggers", "扩容触发条件"), "storage.sample_bytes": ("Bytes per sample", "每样本字节数"),
    "hardware.candidates": ("Accelerators compared", "参与比较的加速卡"), "meta.language": ("Language", "语言"),
    "meta.notes": ("Plan notes", "方案说明"), "calibration": ("Pilot calibration", "试点校准"),
    "workloads[{w}].custom_model": ("Custom model", "自定义模型"),
}

_PHASE_PATH = re.compile(r"^phases\[(\d+)\]\.(.*)$")
_WORKLOAD = re.compile(r"workloads\[(\d+)\]")


def describe_path(path: str, lang: str) -> str:
    """A project field path in words: ``phases[0].costs.staff_fte`` → "Phase 1 · Operations staff"."""
    match = _PHASE_PATH.match(path)
    inner, where = (path, "") if match is None else (match.group(2), match.group(1))
    pattern = _WORKLOAD.sub("workloads[{w}]", inner)
    absolute = "/" + inner
    label = next((row.label(lang) for rows in STEP_FIELDS.values() for row in rows
                  if row.path in (pattern, absolute)), "")
    if not label:
        bare = re.sub(r"\[\d+\]", "", pattern)  # list items take their list's label: triggers[0].threshold
        key = next((k for k in OTHER_LABELS if bare == k or bare.startswith(k + ".")), "")
        label = OTHER_LABELS[key][1 if lang == "zh" else 0] if key else inner.split(".")[-1].replace("_", " ")
    if not where:
        return label
    workload = _WORKLOAD.search(inner)
    phase = f"阶段 {int(where) + 1}" if lang == "zh" else f"Phase {int(where) + 1}"
    if workload:
        phase += f" · {'负载' if lang == 'zh' else 'workload'} {int(workload.group(1)) + 1}"
    return f"{phase} · {label}"
