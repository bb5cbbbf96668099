"""Step 5: Network for multi-node work (多机多卡场景下，网络不是配角)."""

from __future__ import annotations

from gpudesk.wizard.step_record import FieldRow, Step, Text

STEP = Step(
    key="network",
    intro=Text(
        "In distributed training the network decides how well nodes cooperate: low latency and high "
        "bandwidth shorten parameter synchronisation. A weak network leaves GPUs idle while costs keep "
        "running; plan the expansion path early.",
        "分布式训练中网络决定多机协同效率，低时延高带宽能减少参数同步时间。网络差时GPU大量空转、成本照烧；扩容预案要提前看。",
    ),
    fields=(
        FieldRow("network.fabric", "Fabric", "网络类型"),
        FieldRow("network.nic_id", "NIC", "网卡", choices="nics"),
        FieldRow("network.switch_id", "Switch", "交换机", choices="switches"),
        FieldRow("network.oversubscription", "Oversubscription", "收敛比"),
        FieldRow("network.rail_optimized", "Rail-optimised", "轨道优化"),
    ),
    figure_prefixes=("scale.", "net."),
    headlines=(
        "scale.best_tp", "scale.best_pp", "scale.best_ep", "scale.best_tokens_per_s", "scale.best_limit",
        "net.switches", "net.tiers", "net.effective_per_gpu_bw", "net.headroom_nodes", "net.cost",
    ),
    charts=("scaling",),
    no_figures=Text(
        "This phase runs on one node and serves no network traffic, so it needs no scale-out fabric. "
        "Choose a fabric and more nodes in this step to size one.",
        "本阶段只用一个节点、也不承载网络流量，因此不需要横向扩展网络。如需测算网络，请在本步骤中选择网络类型并增加节点数。",
    ),
)
