"""Chinese text for every check the core emits, and both languages of the plan's assumptions.

``ZH_TEMPLATES`` holds (title, message, fix) for every check id emitted under
``gpudesk/core`` and ``gpudesk/calibration`` (``tests/core/test_check_localisation``
finds the ids in the source and fails on one without a template, or on a template
naming a value the emitting site does not put in ``Check.numbers``). Each template
is formatted with the check's ``numbers``; ``localise`` returns (title, message,
fix) in the requested language so the wizard, CLI and proposal can print either.

``ASSUMPTION_TEMPLATES`` holds the English and Chinese wording of each assumption
key that ``plan_assembly.assumptions`` records (``Assumption``: key + values).
"""

from __future__ import annotations

from typing import Any

from gpudesk.core.checks import Check

MODE_ZH = {
    "cloud_on_demand": "公有云按需", "cloud_reserved_1y": "公有云包年（1 年）", "cloud_reserved_3y": "公有云包年（3 年）", "cloud_monthly": "公有云包月",
    "cloud_spot": "公有云竞价实例", "gpu_rental": "GPU 算力租赁", "bare_metal": "裸金属租用",
    "private": "私有化部署（自购）", "hybrid": "混合部署", "container_service": "容器服务",
    "serverless_api": "无服务器 API", "managed_training": "托管训练平台", "agent_platform": "智能体平台",
}
"""Delivery-mode names as the proposal prints them (same words as report_zh.toml [delivery_mode])."""
MODE_KEYS = ("mode", "cheapest_allowed")
"""``Check.numbers`` keys whose value is a delivery-mode code."""
CODE_ZH = {
    "level": {"vendor": "经厂商插件或分支支持", "partial": "部分支持（有已知缺口）", "none": "不支持",
              "unknown": "目录未记录", "upstream": "主流框架原生支持"},
    "group": {"LLM training": "大模型训练", "LLM serving": "大模型推理服务", "deep learning": "深度学习"},
    "which": {"P50": "P50", "P99": "P99"},
    "assumed": {"frontend": "估算按服务器的前端网络承载节点间流量", "backend": "目录中没有该服务器的前端网络，估算仍按其后端"
                "网卡计算，但没有交换机连接它们"},
}
"""Other ``Check.numbers`` codes shown by their Chinese names."""

ZH_TEMPLATES: dict[str, tuple[str, str, str]] = {
    "compliance.part_unavailable": (
        "方案中的部件在该市场无法采购",
        "{part} 在 {market} 市场不可采购（自 {effective} 起）：{rule}（来源 {source}）。",
        "改选在 {market} 市场可采购的部件（例如 {alternatives}），或租用该市场内云厂商已部署的资源；如规则已变化，"
        "请在用户目录中覆盖该供货记录并写明依据。",
    ),
    "compliance.part_restricted": (
        "方案中的部件需要出口许可或审批",
        "{part} 在 {market} 市场受限（自 {effective} 起）：{rule}（来源 {source}）。",
        "报交付周期前先确认许可或买方审批；无需许可的替代方案：{alternatives}。",
    ),
    "compliance.availability_unknown": (
        "目录中没有该市场的供货数据",
        "目录中没有 {part} 在 {market} 市场的供货记录，未核实能否在该市场采购。",
        "在用户目录中为该部件和市场补充供货记录（状态、依据、日期、来源）。",
    ),
    "compliance.domestic_required": (
        "信创采购要求使用国产加速卡",
        "客户要求采用国产部件（信创），而 {accelerator} 的厂商是 {vendor}。",
        "改选国产加速卡，例如 {alternatives}。",
    ),
    "compliance.domestic_preferred": (
        "客户倾向国产加速卡",
        "客户倾向采用国产部件（信创），而 {accelerator} 的厂商是 {vendor}。",
        "如无特殊理由，改选国产加速卡，例如 {alternatives}。",
    ),
    "compliance.offer_outside_market": (
        "云资源不在方案所在市场",
        "方案位于 {market} 市场，但租用的是 {offer}（所属市场 {offer_market}）。",
        "改选在 {market} 市场销售的云资源，或清空 delivery.cloud_offer_id 由 gpudesk 自动选择。",
    ),
    "compliance.mlps_public_cloud": (
        "公有云上的等保备案",
        "系统按等保 2.0 第 {level:.0f} 级备案，运行在{mode}上；云平台本身须具备不低于第 {level:.0f} 级的备案"
        "（GB/T 22239-2019 云计算扩展要求）。",
        "向云厂商索取该地域的等保备案证明，或改为私有化/专属部署。",
    ),
    "cost.hardware_unpriced": (
        "硬件没有价格：投资与 TCO 未计入服务器",
        "目录中 {server} 和 {accelerator} 都没有价格，本阶段的投资、TCO 与成本对比在填入报价前不含服务器。",
        "在 costs.gpu_price_override 中填入厂商按卡报价，或在用户目录中为该服务器添加带来源的价格。",
    ),
    "cost.currency_converted": (
        "中国市场的方案以其他币种计价",
        "方案位于 cn 市场，但按用户设定的 {currency} 计价（costs.currency）：目录中的人民币价格（国内云实例、国产服务器）"
        "按方案汇率 1 美元 = {rate:g} 元人民币换算（costs.cny_per_usd）。",
        "报价前按当日人民币汇率中间价核对汇率；或把币种改为人民币，直接按公布的人民币价格报价。",
    ),
    "accuracy.family_not_validated": (
        "该硬件系列没有验证数据",
        "gpudesk 没有 {family}（{accelerator}）的公开效率实测和验证案例；其数字使用跨系列中位效率，准确度区间不适用。",
        "先在该平台上做试点并导入日志（校准），再据此定案。",
    ),
    "cost.unpriced_lines": (
        "部分成本没有价格",
        "有 {count} 项成本在目录中没有价格：{items}。各项合计均不含这些项目。",
        "请向厂商或服务商询价，并在目录浏览器或本阶段的成本输入中填写报价。",
    ),
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
        "只比单卡价格：卡时单价低不等于完成任务更省",
        "{cheap} 单价 {cheap_hour:,.2f} {currency}/卡时，低于 {best} 的 {best_hour:,.2f}，但完成同样工作在 {cheap} 上需 "
        "{cheap_job:,.0f} {currency}，在 {best} 上只需 {best_job:,.0f} {currency}。",
        "比较单任务（或每百万 token）成本，而不是卡时单价；{best} 完成同样工作更便宜。",
    ),
    "pitfall.software_ecosystem": (
        "忽视软件生态兼容性",
        "{accelerator} 使用 {stack}：目录记录其 {group} 的框架支持为 {level}（{source}）；列出的框架为 {supported}。"
        "驱动、框架、容器不兼容会拉长部署与排查时间。",
        "先用试点任务验证框架、驱动与容器版本，或选择主流框架原生支持该负载的加速卡。",
    ),
    "pitfall.no_utilisation_plan": (
        "没做利用率规划：资源会闲置",
        "{mode} 资源的利用率只有 {utilisation:.0%}，低于比按需付费更划算所需的 {break_even:.0%}；本阶段的承诺费用为按实际"
        "使用小时按需付费的 {cost_ratio:,.1f} 倍。",
        "规划负载（共享队列、更多团队、错峰推理），少承诺、高峰按需扩容，或改为租用。",
    ),
    "pitfall.no_scaling_path": (
        "没有扩展预案",
        "计划新增 {growth_nodes:.0f} 个节点（{growth_kw:,.0f} kW）；网络还能接入 {headroom_nodes:.0f} 个节点，{power_zh}。",
        "现在就为扩容预留 Spine 端口和机房电力；事后再补网络与电力更慢也更贵。",
    ),
    "pitfall.no_fabric_for_nodes": (
        "多节点却没有扩展网络",
        "本阶段把一个任务分布在 {nodes:,.0f} 个节点（每节点 {gpus_per_node:,.0f} 张 GPU）上，但网络架构设为无；{assumed}"
        "（{frontend}）。"
        "以后扩展到多机时需要重建网络。",
        "现在就为这些节点规划扩展网络（InfiniBand 或 RoCE 以太网），或把任务限制在单个节点内。",
    ),
    "pitfall.latency_target_unreachable": (
        "时延目标在任何规模下都无法达到",
        "即使副本空闲，首 token 也需要 {ttft_ms:,.0f} 毫秒（提示词 prefill 加一步解码），而 {which} 目标为 "
        "{target_ms:,.0f} 毫秒；排队只会更慢，增加副本无济于事。",
        "提高张量并行度、缩短提示词、换更快的 GPU 或更低精度，或放宽时延目标。",
    ),
    "pitfall.consumer_gpus": (
        "用消费级 GPU 做多卡训练",
        "{gpus:,.0f} 张 {accelerator} 一起训练，但它们是消费级显卡：没有 NVLink（高速互联：{link}），梯度都要经 PCIe 与 "
        "CPU；官方驱动未开启点对点通信；GeForce 驱动许可不允许数据中心部署。",
        "多卡训练选用数据中心或工作站 GPU，或让每个任务只用一张消费级 GPU。",
    ),
    "pitfall.data_residency": (
        "受监管数据存放在公有云存储中",
        "数据为受监管级别，算力以 {mode} 方式部署在客户自有场地，但数据集与检查点计划存放在 {storage}，这是 {provider} "
        "的云服务。",
        "把受监管数据放在客户自有场地的存储上（并行文件系统、NAS 或本地 NVMe），或取得监管方对该云区域的书面认可。",
    ),
    "pitfall.bottlenecks": (
        "GPU 在等 CPU、IO 或网络",
        "发现 {count} 个瓶颈（{ids}）；GPU 等待时费用照付，任务更慢、成本更高。",
        "在增购 GPU 之前先逐项解决这些问题。",
    ),
    "host.server_spec_unknown": (
        "目录中缺少该服务器的 CPU 与内存参数",
        "目录未记录该服务器的 CPU 核数与内存，无法检查 CPU 供数能力。方案每台服务器至少需要 {cores_needed:,.0f} 个 CPU 核和 "
        "{ram_needed_gb:,.0f} GB 主机内存。",
        "在第 3 步填写报价服务器的核数与内存，或选择目录中有这些参数的服务器。",
    ),
    "task.model_does_not_fit": (
        "模型放不进 GPU 显存",
        "按当前并行方式，每张 {accelerator} 需要 {need_gb:,.1f} GB 显存，但只有 {have_gb:,.1f} GB"
        "（权重、梯度、优化器状态、激活、KV 缓存与运行时开销）。",
        "进一步切分（增大张量/流水线并行、ZeRO-3）、激活重计算、降低精度，或选择显存更大的 GPU；能放下的最小配置需要 "
        "{min_gpus:,.0f} 张 GPU。",
    ),
    "scaling.better_layout": (
        "存在更快的并行切分方式",
        "在 {gpus:,.0f} 张 GPU 上，TP{tp} × PP{pp} × EP{ep} 的训练速度比方案当前切分快 {gain:.0%}"
        "（{best:,.0f} 对比 {planned:,.0f} token/秒），其瓶颈为 {limit}。",
        "在第 2 步把张量并行设为 {tp}、流水线并行设为 {pp}、专家并行设为 {ep}。",
    ),
    "task.precision_unsupported": (
        "加速卡缺少该计算精度的算力数据",
        "目录中 {accelerator} 没有 {precision} 峰值算力（{field} 未知），{where} 无法按 {precision} 估算：时间、吞吐与 GPU "
        "数量均为未知。",
        "改用目录为 {accelerator} 列出的精度（{listed}），或在目录浏览器中补充 {field} 及其来源。",
    ),
    "delivery.cpu_offer_prices_no_gpus": (
        "纯 CPU 云实例无法为 GPU 定价",
        "所选云实例 {offer} 不含 GPU；{accelerator} 的 GPU 卡时按 {gpu_offer} 定价（智能体场景下该 CPU 实例用于计算智能体"
        "虚拟机费用）。",
        "在第 6 步为该加速卡选择 GPU 云实例。",
    ),
    "hardware.server_partly_populated": (
        "以部分装配的服务器代替",
        "目录中没有可装 {gpus:.0f} 张 {accelerator} 的服务器；方案采用 {server}，只装配其 {slots:.0f} 个 GPU 槽位中的 "
        "{gpus:.0f} 个，功耗与价格按未装配的 GPU 扣减。",
        "按该 GPU 数量询价整机，或在目录浏览器中添加这样的服务器。",
    ),
    "task.deadline_missed": (
        "训练无法在期限内完成",
        "在 {gpus:,.0f} 张 GPU 上训练 {tokens:,.0f} 个 token 需要 {days:,.1f} 天，期限为 {deadline_days:,.0f} 天。",
        "允许更多节点（节点数设为 0 由 gpudesk 自动确定）、换更快的 GPU、采用 FP8 训练，或放宽期限。",
    ),
    "task.ttft_target_missed": (
        "首 token 时延未达目标",
        "首 token 时延（TTFT，{which}）为 {ttft_ms:,.0f} 毫秒，目标为 {target_ms:,.0f} 毫秒。",
        "提高张量并行度、缩短提示词、换更快的 GPU，或将 prefill 与 decode 分离部署。",
    ),
    "delivery.owning_not_paid_back": (
        "本阶段内自购无法回本",
        "在 {months:,.0f} 个月内，自购成本 {private:,.0f} {currency}，按需租用 {cloud_on_demand:,.0f} {currency}；"
        "即使服务器 {utilisation:.0%} 的时间处于忙碌状态也是如此。",
        "本阶段改为租用、延长阶段，或把服务器延续到下一阶段继续使用。",
    ),
    "roadmap.fabric_cannot_grow": (
        "网络无法扩展到下一阶段",
        "{next_phase} 需要新增 {needed:,.0f} 个节点，但 {phase} 的网络只剩 {headroom:,.0f} 个节点的端口。",
        "现在就按最终规模建设 Spine 层，或把网络重建纳入路线图。",
    ),
    "roadmap.rack_power_cannot_grow": (
        "机柜承载不了下一阶段的功率",
        "{next_phase} 每柜功率 {rack_kw:,.1f} kW，而 {phase} 的机柜上限为 {limit_kw:,.1f} kW。",
        "现在就为更高密度服务器预留电力与制冷，或把机房改造列入预算。",
    ),
    "roadmap.retired_before_payback": (
        "自购硬件未回本即退役",
        "{phase} 自购服务器只使用 {months:,.0f} 个月，但{payback_when_zh}与按需租用的成本持平，且 {next_phase} "
        "不再沿用这些服务器。",
        "把服务器延续到下一阶段、本阶段改为租用，或延长该阶段。",
    ),
    "calibration.memory_above_capacity": (
        "实测显存超过加速卡容量",
        "试点记录 {measured_gb:,.1f} GB（{field}），而计划的加速卡只有 {memory_gb:,.0f} GB（驱动报告的总量，"
        "未知时按二进制单位计，为 {capacity_gb:,.1f} GB）。",
        "确认试点运行在计划的加速卡上（是否用了更大显存的型号），并确认日志的显存单位读取正确；否则方案需要更大显存的 GPU。",
    ),
    "scaling.no_layout": (
        "没有能用上全部 GPU 的并行布局",
        "{gpus:,} 张 GPU 无法划分为每个都分到微批量的完整数据并行副本：全局批量 {global_batch:,} 条序列、每卡 "
        "{micro_batch:,} 条，任何 2 的幂次张量 × 流水线布局最多只能喂饱 {replicas:,} 个副本。",
        "减少节点数（填 0 由 gpudesk 测算），或增大全局批量。",
    ),
    "calibration.unknown_constant": (
        "部分校准系数未被采用",
        "方案的校准中有 {count} 个拟合系数无法使用，已忽略：{ignored}。可校准的常量为 {known}，系数须大于 0。",
        "根据试点日志重新拟合校准（工具 → 校准），或删除这些条目。",
    ),
    "delivery.offer_mismatch": (
        "所选云实例与方案不符",
        "所选云实例 {offer}（{gpus} 张 GPU）配备的是 {offer_accelerator}，而非本阶段的加速卡 {accelerator}，其价格不能代表本方案。",
        "在第 6 步选择配备该加速卡的云实例，或清空该字段以使用最便宜的匹配实例。",
    ),
    "power.server_taller_than_rack": (
        "服务器高于机柜",
        "该服务器高 {height_u:g}U，而机柜可用 {usable_u:g}U，没有机柜能容纳它。",
        "核对目录中该服务器的高度（rack_units），或选择其他服务器。",
    ),
    "plan.assumed_inputs": (
        "部分关键输入采用 gpudesk 默认值",
        "方案未设定 {count} 项关键输入，以下数值为 gpudesk 默认值：{inputs_zh}。",
        "请在第 1 步填写这些输入，或逐项确认保留默认值；在此之前，结果描述的是一个无人指定的工作负载。",
    ),
    "calibration.throughput_above_roofline": (
        "实测吞吐超过加速卡峰值",
        "试点结果相当于峰值的 {mfu:.0%}（{basis}），任何任务都不可能超过 100%。",
        "核对试点使用的加速卡与精度（是否拿 FP8 结果对比 BF16 峰值？）以及吞吐除以的 GPU 数；在查明原因前不要用该测量校准。",
    ),
    "calibration.mfu_above_best_matmul": (
        "实测效率高于最优矩阵乘法",
        "试点结果相当于峰值的 {mfu:.0%}（{basis}），高于最优单个矩阵乘法可达到的 {ceiling:.0%}。",
        "校准前先确认日志采用的 FLOP 计算口径（是否计入重计算、是否按稀疏峰值）。",
    ),
    "calibration.util_below_throughput": (
        "GPU 利用率远低于所报吞吐",
        "nvidia-smi 显示 GPU 忙碌时间为 {gpu_util_median:.0%}（{samples:,.0f} 个采样的中位数），但训练日志对应 MFU 为 "
        "{mfu_median:.0%}；模型计算只能在 GPU 忙碌时进行。",
        "在训练日志的同一稳态迭代期间（同一任务、同一时间窗）采集 nvidia-smi，然后重新导入两者。",
    ),
    "search.suggestion": (
        "配置搜索找到了满足全部目标的配置",
        "方案自身的配置无法满足目标；配置搜索（{summary_zh}）推荐 {configuration_zh}（约束条件：{binding_zh}）；"
        "方案所选加速卡上的可行配置：{own_zh}。",
        "在第 2 步“推荐配置”中采用该配置，或按其调整切分方式、精度或加速卡。",
    ),
}


def localise(check: Check, language: str = "en") -> tuple[str, str, str]:
    """(title, message, fix) of a check in ``en`` or ``zh``.

    English is the check's own text. Chinese fills the id's template with the check's
    ``numbers`` (delivery-mode codes shown by their Chinese names); an id without a
    template, or numbers that do not fit it, fall back to the English text rather than
    print a half-filled sentence."""
    if language != "zh" or check.id not in ZH_TEMPLATES:
        return check.title, check.message, check.fix
    numbers = {k: (MODE_ZH.get(str(v), v) if k in MODE_KEYS else CODE_ZH[k].get(str(v), v) if k in CODE_ZH else v)
               for k, v in check.numbers.items()}
    title, message, fix = ZH_TEMPLATES[check.id]
    try:
        return title, message.format(**numbers), fix.format(**numbers)
    except (KeyError, ValueError, TypeError):
        return check.title, check.message, check.fix


ASSUMPTION_TEMPLATES: dict[str, tuple[str, str]] = {
    "compliance": (
        "Market {market}: {accelerator} is {status} there (rule: {rule}; effective {effective}; source {source}, "
        "taken {taken}). Data residency: {residency}; MLPS 2.0 level: {mlps_level}; domestic parts: {domestic}; "
        "industry: {industry}.",
        "市场 {market}：{accelerator} 的供货状态为{status}（依据：{rule}；生效日期 {effective}；来源 {source}，"
        "采集于 {taken}）。数据驻留：{residency}；等保 2.0 级别：{mlps_level}；信创要求：{domestic}；行业：{industry}。",
    ),
    "hardware": (
        "Accelerator {accelerator} in {server} ({gpus_per_system:,} GPUs per system).",
        "加速卡 {accelerator}，服务器 {server}（每台 {gpus_per_system:,} 张 GPU）。",
    ),
    "storage_network": (
        "Storage: {storage}. Network: {nic} with {switch} switches, oversubscription {oversubscription:g}:1.",
        "存储：{storage}。网络：{nic}，交换机 {switch}，收敛比 {oversubscription:g}:1。",
    ),
    "storage_no_network": (
        "Storage: {storage}. Network: none with no switches, oversubscription {oversubscription:g}:1.",
        "存储：{storage}。无计算网络与交换机（收敛比 {oversubscription:g}:1）。",
    ),
    "power_price": (
        "PUE {pue:g} ({pue_source}); electricity {electricity:g} per kWh ({electricity_source}).",
        "PUE {pue:g}（{pue_source}）；电价每千瓦时 {electricity:g}（{electricity_source}）。",
    ),
    "rack_limit": (
        "Rack power limit {rack_limit_kw:g} kW ({rack_limit_source}).",
        "单机柜功率上限 {rack_limit_kw:g} kW（{rack_limit_source}）。",
    ),
    "utilisation": (
        "Utilisation: {hours_per_day:g} h/day, {days_per_month:g} days/month.",
        "使用强度：每天 {hours_per_day:g} 小时，每月 {days_per_month:g} 天。",
    ),
    "utilisation_peak": (
        "Utilisation: {hours_per_day:g} h/day, {days_per_month:g} days/month, peak months {peak_months} at "
        "{peak_multiplier:g}×.",
        "使用强度：每天 {hours_per_day:g} 小时，每月 {days_per_month:g} 天；高峰月份 {peak_months} 为平时的 "
        "{peak_multiplier:g} 倍。",
    ),
    "horizon_currency": (
        "Phase duration {months} months; TCO horizon {horizon_years} years; hardware depreciated over "
        "{depreciation_years} years; currency {currency} at {cny_per_usd:g} CNY/USD.",
        "阶段时长 {months} 个月；总拥有成本测算周期 {horizon_years} 年；硬件按 {depreciation_years} 年折旧；币种 {currency}，"
        "汇率 1 美元 = {cny_per_usd:g} 元人民币。",
    ),
    "cloud_price": (
        "Cloud price from {provider} {instance} ({region}, {date}).",
        "云价格取自 {provider} {instance}（{region}，{date}）。",
    ),
    "assumed_inputs": (
        "Workload {workload}: not set in the plan, gpudesk's defaults were used: {inputs}.",
        "工作负载 {workload}：方案未设定以下输入，采用 gpudesk 默认值：{inputs}。",
    ),
}
"""Wording of each assumption key: (English, Chinese), filled with ``Assumption.values``."""


def assumption_text(key: str, values: dict[str, Any], language: str = "en") -> str:
    """The assumption ``key`` in ``en`` or ``zh``, filled with ``values``; in Chinese a value ``<name>_zh`` (a code
    already worded in Chinese) stands in for ``<name>``."""
    english, chinese = ASSUMPTION_TEMPLATES[key]
    if language == "zh":
        values = {**values, **{k[:-3]: v for k, v in values.items() if k.endswith("_zh")}}
    return (chinese if language == "zh" else english).format(**values)
