"""What sized a configuration: the constraint that binds the GPU count, and performance bottlenecks."""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary

SIZED_BY: Vocabulary[Term] = Vocabulary("sizing constraint", (
    Term("fixed_nodes", "the node count set in the plan", "方案中指定的节点数"),
    Term("deadline", "the training deadline", "训练期限"),
    Term("best_effort", "the fastest layout (deadline cannot be met)", "最快切分方案（无法满足期限）"),
    Term("memory", "GPU memory (the smallest layout that fits)", "显存容量（能放下的最小切分）"),
    Term("peak_rate", "the peak request rate under the latency targets", "时延目标下的峰值请求率"),
    Term("item_rate", "the peak item rate under the latency target", "时延目标下的峰值处理量"),
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
))
"""What limits a configuration. Categorical figures hold these codes (strings), which every surface words."""

TRAINING_BOTTLENECKS = ("compute", "pipeline_bubble", "tp_comm", "dp_comm", "pp_comm", "ep_comm", "cp_comm",
                        "optimizer", "dequantisation", "unsupported_precision", "invalid_layout", "memory")
"""Training's codes in the order of its argmax over the parts of a step (gpudesk.core.training)."""
SERVING_BOTTLENECKS = ("weights_bandwidth", "kv_bandwidth", "compute", "communication", "kv_capacity", "tpot_target",
                       "unsupported_precision")
"""Serving's codes in the order gpudesk.core.inference assigns them."""
