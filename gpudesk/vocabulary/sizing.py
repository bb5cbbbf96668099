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
    Term("compute", "compute", "算力"),
    Term("memory_bandwidth", "memory bandwidth", "显存带宽"),
    Term("communication", "communication", "通信"),
    Term("pipeline_bubble", "pipeline bubble", "流水线气泡"),
    Term("host", "host CPU / data loading", "主机 CPU / 数据加载"),
    Term("storage", "storage throughput", "存储吞吐"),
    Term("network", "network", "网络"),
    Term("latency_target", "latency target", "时延目标"),
    Term("memory_capacity", "memory capacity", "显存容量"),
))
