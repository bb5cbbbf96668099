"""Chinese text for every infrastructure check (host, storage, network, power, delivery, pitfalls).

Each template is formatted with the check's ``numbers``; ``localise``
returns (title, message, fix) in the requested language so the proposal
can print either.
"""

from __future__ import annotations

from gpudesk.core.checks import Check

ZH_TEMPLATES: dict[str, tuple[str, str, str]] = {
    "host.cpu_starves_gpus": (
        "CPU 核数不足，喂不饱 GPU",
        "按计划吞吐，每张 GPU 需要 {cores_per_gpu_needed:.1f} 个 CPU 核做数据加载与预处理，服务器每卡只有 "
        "{cores_per_gpu_offered:.1f} 个；GPU 约只能跑到计划的 {feed_fraction:.0%}。",
        "选择至少 {cores_needed:.0f} 核的服务器，或把解码放到 GPU（DALI/nvJPEG），或离线预处理数据集。",
    ),
    "host.ram_short": (
        "主机内存不足",
        "方案需要 {ram_needed_gb:,.0f} GB 主机内存（锁页缓冲、检查点暂存、CPU 卸载），服务器只有 {ram_gb:,.0f} GB。",
        "增加内存、关闭 CPU 卸载，或改为同步写检查点而不在内存中暂存。",
    ),
    "host.pcie_lanes_short": (
        "GPU 与网卡共享 PCIe 上行",
        "GPU 和网卡共占用 {lanes_needed:.0f} 条 PCIe 通道，CPU 只提供 {lanes_offered:.0f} 条；设备经 PCIe 交换芯片共享上行，"
        "主机到 GPU 的拷贝与存储读取会相互争用。",
        "确认主板 PCIe 交换拓扑让每张 GPU 与其网卡配对（GPUDirect RDMA），或选择通道更多的平台。",
    ),
    "host.nic_pcie_bottleneck": (
        "PCIe 插槽慢于网卡",
        "该代 PCIe x16 插槽带宽 {slot_gbs:.0f} GB/s，每块网卡 {nic_gbs:.0f} GB/s；网卡只能达到线速的 {ratio:.0%}。",
        "400 Gb/s 网卡用 PCIe Gen5 平台（800 Gb/s 用 Gen6），或换低速网卡。",
    ),
    "host.pcie_gen_mismatch": (
        "服务器 PCIe 代数低于 GPU",
        "GPU 支持 PCIe Gen{gpu_pcie_gen:.0f}，服务器为 Gen{server_pcie_gen:.0f}；主机到 GPU 拷贝每低一代速度减半。",
        "选择与 GPU 同代 PCIe 的服务器，或接受更慢的数据加载与检查点恢复。",
    ),
    "storage.read_bw_short": (
        "存储读带宽成为瓶颈",
        "GPU 需要 {read_needed_gbs:,.1f} GB/s 读带宽，存储只能提供 {read_offered_gbs:,.1f} GB/s；任务约只能跑到 GPU 能力的 "
        "{feed_fraction:.0%}。",
        "把数据集预置到本地 NVMe、按读带宽选配并行文件系统，或缓存数据分片。",
    ),
    "storage.checkpoint_stall": (
        "检查点写入拖慢训练",
        "写一次 {checkpoint_gb:,.0f} GB 检查点需 {write_time_s:,.0f} 秒，占总时长 {stall_share:.1%}，超过高频检查点系统控制的 "
        "{limit:.1%}。",
        "先异步写入主机内存、换更快的存储，或延长检查点间隔。",
    ),
    "storage.local_copy_sprawl": (
        "多人多任务共用本地盘数据",
        "只用本地盘时，每个任务都要把数据复制到每个节点：共 {local_copy_tb:,.1f} TB 副本。",
        "增加高性能共享存储（并行文件系统或 NAS），本地 NVMe 作缓存。",
    ),
    "net.no_expansion_headroom": (
        "网络无法按计划扩容",
        "当前 {tiers:.0f} 层网络在需要新增交换层之前只能再接入 {headroom_nodes:.0f} 个节点，而计划新增 {growth_nodes:.0f} 个。",
        "按最终规模一次建好 Spine 层（预留端口），或选用更高端口数的交换机。",
    ),
    "net.oversubscribed": (
        "网络收敛比拖慢跨 Leaf 集合通信",
        "Leaf 收敛比为 {oversubscription:.1f}:1，每张 GPU 跨 Leaf 只有 {effective_gbs:.1f} GB/s，而非 {per_gpu_gbs:.1f} GB/s。",
        "训练网络用无阻塞（1:1）设计；推理或存储网络再考虑收敛。",
    ),
    "net.frontend_short": (
        "前端网络承载不了客户端流量",
        "峰值客户端流量 {north_south_gbps:,.1f} Gb/s，前端网卡只能承载 {frontend_gbps:,.1f} Gb/s。",
        "增加或升级前端网卡，或把服务分散到更多节点。",
    ),
    "net.latency_budget": (
        "网络时延超出预算",
        "跨网络单向时延 {latency_us:,.1f} 微秒，超过 {budget_us:,.0f} 微秒的预算。",
        "时延敏感的服务限制在同一 Leaf 或同一节点（NVLink 域）内。",
    ),
    "power.rack_limit_exceeded": (
        "单台服务器超过机柜功率上限",
        "服务器最大功耗 {server_max_kw:,.1f} kW，机柜上限 {rack_limit_kw:,.1f} kW。",
        "选择额定功率密度足够的机房（或包间），或换低功耗服务器。",
    ),
    "power.needs_liquid_cooling": (
        "服务器需要液冷，机房不具备",
        "服务器 {liquid_share:.0%} 的热量（{liquid_kw:,.0f} kW）须经液冷带走，但机房为风冷。",
        "部署到具备液冷（CDU、冷却水）的机房，或选用风冷服务器。",
    ),
    "delivery.regulated_data_public_cloud": (
        "受监管数据不能放在公有云模式",
        "数据为受监管级别，{mode} 及其他共享公有云模式均不可用。",
        "采用私有化部署、专属裸金属或混合模式，受监管数据留在自有资源上（此处最便宜的可用方式：{cheapest_allowed}）。",
    ),
    "delivery.sensitive_data_public_cloud": (
        "敏感数据使用公有云模式",
        "数据为敏感级别，方案使用 {mode}。",
        "与云厂商确认加密、数据驻留与访问控制，或把数据留在自有资源上。",
    ),
    "delivery.hybrid_burst_data": (
        "混合模式的弹性部分不得承载受监管数据",
        "弹性扩容部分运行在公有云上，只有不含受监管数据的负载可以外溢。",
        "拆分负载：受监管的训练与推理放在自有节点，其余负载再弹性外溢。",
    ),
    "pitfall.per_gpu_price": (
        "只比单卡价格：单价最低不等于单任务最省",
        "{cheap} 单价 {cheap_hour:,.2f} {currency}/卡时，但单个任务成本 {cheap_job:,.0f} {currency}；{best} 单价 "
        "{best_hour:,.2f} {currency}/卡时，完成同一任务只需 {best_job:,.0f} {currency}。",
        "比较单任务（或每百万 token）成本，而不是卡时单价；{best} 单任务更便宜。",
    ),
    "pitfall.software_ecosystem": (
        "忽视软件生态兼容性",
        "{accelerator} 使用 {stack}；目录列出的框架为 {supported}，不含 {framework}。驱动、框架、容器不兼容会拉长部署与排查时间。",
        "先用试点任务验证框架、驱动与容器版本，或选择软件栈支持这些框架的加速卡。",
    ),
    "pitfall.no_utilisation_plan": (
        "没做利用率规划：资源会闲置",
        "{mode} 资源的利用率只有 {utilisation:.0%}，低于比按需付费更划算所需的 {break_even:.0%}。",
        "规划负载（共享队列、更多团队、错峰推理），少承诺、高峰按需扩容，或改为租用。",
    ),
    "pitfall.no_scaling_path": (
        "没有扩展预案",
        "计划新增 {growth_nodes:.0f} 个节点（{growth_kw:,.0f} kW）；网络还能接入 {headroom_nodes:.0f} 个节点，机房余量 "
        "{rack_headroom_kw:,.0f} kW。",
        "现在就为扩容预留 Spine 端口和机房电力；事后再补网络与电力更慢也更贵。",
    ),
    "pitfall.bottlenecks": (
        "GPU 在等 CPU、IO 或网络",
        "发现 {count} 个瓶颈（{ids}）；GPU 等待时费用照付，任务更慢、成本更高。",
        "在增购 GPU 之前先逐项解决这些问题。",
    ),
}


def localise(check: Check, language: str = "en") -> tuple[str, str, str]:
    """(title, message, fix) of a check in ``en`` or ``zh``; English when no Chinese template exists."""
    if language == "zh" and check.id in ZH_TEMPLATES:
        title, message, fix = ZH_TEMPLATES[check.id]
        return title, message.format(**check.numbers), fix.format(**check.numbers)
    return check.title, check.message, check.fix
