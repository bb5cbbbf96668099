"""What sized a configuration: the constraint that binds the GPU count, and performance bottlenecks."""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary

SIZED_BY: Vocabulary[Term] = Vocabulary("sizing constraint", (
    Term("fixed_nodes", "the node count set in the plan", "方案中指定的节点数"),
    Term("fixed_layout", "the data-parallel degree set in the plan", "方案中指定的数据并行度"),
    Term("deadline", "the training deadline", "训练期限"),
    Term("best_effort", "the fastest layout (deadline cannot be met)", "最快切分方案（无法满足期限）"),
    Term("memory", "GPU memory (the smallest layout that fits)", "显存容量（能放下的最小切分）"),
    Term("peak_rate", "the peak request rate under the latency targets", "时延目标下的峰值请求率"),
    Term("item_rate", "the peak item rate under the latency target", "时延目标下的峰值处理量"),
    Term("tables", "the GPU memory the embedding tables need", "嵌入表所需的显存"),
    Term("seats", "the concurrent seats", "并发席位数"),
    Term("agents", "the always-on agents", "常驻智能体数量"),
    Term("minimum", "one replica (no load given)", "一个副本（未给出负载）"),
))

BOTTLENECK: Vocabulary[Term] = Vocabulary("bottleneck", (
    # what bounds a training step (train.bottleneck, train.largest_overhead, scale.limit, scale.best_limit)
    Term("compute", "compute (matrix math)", "算力（矩阵运算）"),
    Term("pipeline_bubble", "pipeline bubble", "流水线气泡"),
    Term("tp_comm", "tensor-parallel communication", "张量并行通信"),
    Term("dp_comm", "data-parallel gradient reduction", "数据并行梯度同步"),
    Term("pp_comm", "pipeline-parallel communication", "流水线并行通信"),
    Term("ep_comm", "expert-parallel all-to-all", "专家并行全交换通信"),
    Term("cp_comm", "context-parallel communication", "上下文并行通信"),
    Term("optimizer", "optimizer step", "优化器更新"),
    Term("dequantisation", "weight dequantisation", "权重反量化"),
    Term("unsupported_precision", "precision the accelerator lacks", "加速卡不支持该精度"),
    Term("invalid_layout", "invalid parallel layout", "并行切分无效"),
    Term("memory", "GPU memory (no layout fits)", "显存容量（没有能放下的切分）"),
    # what bounds a serving replica (infer.bottleneck)
    Term("weights_bandwidth", "memory bandwidth (reading weights)", "显存带宽（读取权重）"),
    Term("kv_bandwidth", "memory bandwidth (reading the KV cache)", "显存带宽（读取 KV 缓存）"),
    Term("communication", "communication between GPUs", "GPU 间通信"),
    Term("kv_capacity", "KV-cache capacity", "KV 缓存容量"),
    Term("tpot_target", "time-per-token target", "每 token 时延目标"),
    Term("token_budget", "engine's token budget per iteration", "推理引擎每轮迭代的 token 预算"),
))
"""What limits a configuration. Categorical figures hold these codes (strings), which every surface words."""

TRAINING_BOTTLENECKS = ("compute", "pipeline_bubble", "tp_comm", "dp_comm", "pp_comm", "ep_comm", "cp_comm",
                        "optimizer", "dequantisation", "unsupported_precision", "invalid_layout", "memory")
"""Training's codes in the order of its argmax over the parts of a step (gpudesk.core.training)."""
SERVING_BOTTLENECKS = ("weights_bandwidth", "kv_bandwidth", "compute", "communication", "kv_capacity", "tpot_target",
                       "unsupported_precision", "token_budget")
"""Serving's codes in the order gpudesk.core.inference assigns them."""

# What binds a searched configuration, and why a point of the search was dropped. ``dropped`` is how a count of
# dropped points reads ("380 out of memory"); the order is the order in which a point's first violation is
# attributed, so the counts add up to the points dropped. ``field`` (with its ``unit``) is the workload input a
# target constraint reads: when that input is still gpudesk's default, the why says so (core/search_levers.py).
BINDING: Vocabulary[Term] = Vocabulary("binding constraint", (
    Term("cooling", "facility cooling", "机房散热方式",
         {"dropped_en": "need liquid cooling the room lacks", "dropped_zh": "需要机房不具备的液冷"}),
    Term("unsupported", "precision the accelerator cannot run", "加速卡不支持的精度",
         {"dropped_en": "use a precision the accelerator lacks", "dropped_zh": "精度不受加速卡支持"}),
    Term("fabric", "scale-out network between servers", "服务器间的横向扩展网络",
         {"dropped_en": "span servers that have no scale-out network", "dropped_zh": "跨服务器但服务器间没有横向扩展网络"}),
    Term("layout", "layout the model cannot use", "模型不适用的切分方式",
         {"dropped_en": "use a layout the model cannot split into", "dropped_zh": "切分方式与模型结构不符"}),
    Term("memory", "GPU memory", "显存容量",
         {"dropped_en": "out of memory", "dropped_zh": "显存不足"}),
    Term("ttft", "time-to-first-token target", "首 token 时延目标",
         {"dropped_en": "miss the TTFT target", "dropped_zh": "未达首 token 时延目标",
          "field": "ttft_ms", "unit": "ms"}),
    Term("tpot", "time-per-output-token target", "每 token 时延目标",
         {"dropped_en": "miss the TPOT target", "dropped_zh": "未达每 token 时延目标",
          "field": "tpot_ms", "unit": "ms"}),
    Term("e2e", "end-to-end latency target", "端到端时延目标",
         {"dropped_en": "miss the end-to-end target", "dropped_zh": "未达端到端时延目标"}),
    Term("latency", "per-item latency target", "单条处理时延目标",
         {"dropped_en": "miss the latency target", "dropped_zh": "未达时延目标",
          "field": "latency_ms", "unit": "ms"}),
    Term("throughput", "peak load (replica capacity)", "峰值负载（副本处理能力）",
         {"dropped_en": "cannot carry the load", "dropped_zh": "无法承载负载"}),
    Term("deadline", "training deadline", "训练期限",
         {"dropped_en": "miss the deadline", "dropped_zh": "无法在期限内完成",
          "field": "deadline_days", "unit": "days"}),
    Term("power", "facility power limit", "机房供电上限",
         {"dropped_en": "exceed the power limit", "dropped_zh": "超出供电上限"}),
    Term("budget", "budget", "预算",
         {"dropped_en": "exceed the budget", "dropped_zh": "超出预算"}),
    Term("quality", "precision allowed for model quality", "为保证模型质量允许的精度",
         {"dropped_en": "quantise below the precision allowed", "dropped_zh": "量化低于允许的精度"}),
    Term("minimum", "nothing: the smallest configuration meets every target", "无：最小配置即满足全部目标",
         {"dropped_en": "", "dropped_zh": ""}),
    Term("token_budget", "engine's token budget per iteration", "推理引擎每轮迭代的 token 预算",
         {"dropped_en": "exceed the engine's tokens per iteration", "dropped_zh": "超出推理引擎每轮迭代的 token 预算"}),
))

# Why a serving deployment's capacity cannot be stated (ServingCapacity.unserved): shown as 'cannot serve: <name>'
# on every surface and null in the JSON, never as a capacity of 0
UNSERVED: Vocabulary[Term] = Vocabulary("why a deployment cannot serve", (
    Term("no_memory", "the model and one sequence's KV cache do not fit in GPU memory with this layout",
         "此并行方式下，模型权重加一条序列的 KV 缓存放不进 GPU 显存"),
    Term("targets_unmet", "no batch size meets the latency targets", "任何批量都达不到延迟目标"),
    Term("tables_exceed_gpus", "the embedding tables need the memory of more GPUs than the phase has",
         "嵌入表所需显存超过本阶段全部 GPU 的显存"),
))
