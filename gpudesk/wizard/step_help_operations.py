"""The step guide's content for steps 5–7 (running it: network, delivery mode, operating cost and TCO).

Same notation and sources as ``step_help_machine`` (its docstring says how the content follows the seeds).
"""

from __future__ import annotations

from gpudesk.wizard.step_help import StepHelp
from gpudesk.wizard.step_record import Text
from gpudesk.wizard.step_help import case_note as _c
from gpudesk.wizard.step_help import question as _q
from gpudesk.wizard.step_help import rule as _r


GUIDE_OPERATIONS: tuple[StepHelp, ...] = (
    StepHelp("network", Text(
        "How nodes talk to each other — fabric, network cards, switches, oversubscription — and how far the cluster "
        "can grow without a rebuild.", "节点之间如何互联（网络类型、网卡、交换机、收敛比），以及集群不重建网络能扩到多大。"), (
        _q("network.fabric", "Does one job span more than one node, and over which fabric?",
           "一个任务是否跨多个节点？用什么网络互联？"),
        _q("network.nic_id network.oversubscription network.rail_optimized",
           "How much bandwidth does each GPU get across the fabric after oversubscription?",
           "算上收敛比之后，每张GPU跨节点能分到多少带宽？"),
        _q("network.switch_id", "Can the fabric grow to the next phase's size without a rebuild?",
           "网络能否不重建就扩到下一阶段的规模？"),
    ), (
        _r("seven", "Once training is distributed, the network decides how efficiently nodes work together: low latency "
           "and high bandwidth cut parameter synchronisation time between nodes.",
           "一旦进入分布式训练，网络就决定多机协同效率。低时延、高带宽的网络能减少节点之间参数同步时间。",
           "train.comm_dp_s train.exposed_comm_s net.effective_per_gpu_bw", "net.oversubscribed"),
        _r("seven", "The problem hardly shows on a single machine and grows suddenly across several, so look at the "
           "expansion plan early.", "单机阶段这个问题不明显，扩到多机后会突然放大，所以扩容预案要提前看。",
           "net.headroom_nodes net.max_nodes_this_tier",
           "net.no_expansion_headroom roadmap.fabric_cannot_grow pitfall.no_scaling_path"),
        _r("train_infer", "Training clusters need fast interconnect — NVLink between GPUs in a server, InfiniBand between "
           "servers; inference clusters care more about horizontal scaling and load balancing, usually on standard "
           "Ethernet with scheduling.", "训练集群需要高速互联技术，如NVLink（单机多卡）和InfiniBand（多机互联）；推理集群更注重"
           "横向扩展和负载均衡，通常采用标准以太网结合智能调度。", "net.north_south_gbps", "net.frontend_short net.latency_budget"),
        _r("gpudesk", "gpudesk searches tensor, pipeline and expert parallel layouts for the planned GPUs, names what "
           "limits the best one, and warns when a faster layout than the one entered exists.",
           "gpudesk 针对计划的GPU数搜索张量、流水线、专家并行的切分方式，指出最优方案的瓶颈所在；存在比所填更快的切分时给出提示。",
           "scale.best_tokens_per_s scale.best_limit scale.best_efficiency", "scaling.better_layout"),
    ), (
        _r("seven", "With a weak network the most visible result is GPUs idling while the costs keep burning.",
           "网络差的时候，最直观的结果就是GPU大量空转，成本却照样在烧。", "train.exposed_comm_s", "pitfall.bottlenecks"),
        _r("seven", "No expansion plan: running on one machine today does not mean scaling smoothly to many later; "
           "adding network and architecture once the business has grown leaves you on the back foot.",
           "没有扩展预案：现在能跑单机，不代表以后能平滑扩到多机。等业务上来再补网络和架构，通常更被动。",
           checks="pitfall.no_scaling_path"),
    ), (
        _c("startup", "p0.network.fabric=none p1.network.fabric=none",
           "Instances of 2 to 4 cards stay within one machine. The sample has no multi-node fabric in either phase.",
           "2到4卡实例都在单机内。示例方案两个阶段都不需要多机网络。"),
        _c("ecommerce", "p0.network.fabric=ethernet p0.network.oversubscription=1",
           "Container orchestration scales the inference replicas out and back in; replicas do not synchronise "
           "parameters. The sample uses non-blocking Ethernet.",
           "通过容器编排做弹性扩容，推理副本之间不需要参数同步。示例方案采用无收敛（1:1）以太网。"),
        _c("manufacturer", "p0.network.fabric=ethernet p1.network.fabric=ethernet",
           "The factory's GPU resource pool serves line inference and retraining; the sample connects it with "
           "Ethernet in both phases.", "工厂侧的GPU资源池同时服务产线推理和再训练；示例方案两个阶段都用以太网互联。"),
    )),
    StepHelp("delivery", Text(
        "How the capacity is obtained — public cloud, rental, bare metal, private, hybrid, containers — for how long, "
        "and why.", "算力以什么方式交付（公有云、租赁、裸金属、私有化、混合、容器），用多久，为什么。"), (
        _q("delivery.utilisation.hours_per_day delivery.utilisation.days_per_month delivery.utilisation.peak_months "
           "delivery.utilisation.peak_multiplier duration_months",
           "How many hours will the GPUs actually be busy, which months peak, and for how long is the phase?",
           "GPU每天、每月实际忙多少小时？哪些月份是旺季？这个阶段持续多久？"),
        _q("delivery.data_sensitivity", "How sensitive is the data — can it leave your premises?",
           "数据敏感度如何？能否放到外部？"),
        _q("delivery.mode delivery.cloud_offer_id delivery.hybrid_owned_share",
           "Rent, own, or mix — and which cloud offer is the comparison priced from?",
           "租、买还是混合？云上价格按哪个实例比较？"),
        _q("notes", "What is the reasoning, in a sentence, for the proposal?", "写进方案书的理由是什么？"),
    ), (
        _r("seven", "Short-term tests and strongly fluctuating business usually suit public cloud.",
           "短期测试、业务波动大，通常更适合公有云。", "delivery.owned_utilisation delivery.total.cloud_on_demand"),
        _r("seven", "Long-term stable business with high utilisation or sensitive data suits a private or dedicated "
           "cluster.", "业务长期稳定、利用率高、数据敏感，私有化或专属集群更合适。",
           "delivery.total.private delivery.break_even.private_vs_cloud_on_demand",
           "delivery.regulated_data_public_cloud delivery.sensitive_data_public_cloud"),
        _r("seven", "When R&D needs elasticity but core data must not go outside, consider hybrid deployment that "
           "separates core training from edge inference.",
           "如果研发需要弹性，核心数据又不能随便放外部，可以考虑混合部署，把核心训练和边缘推理分开。",
           "delivery.total.hybrid", "delivery.hybrid_burst_data"),
        _r("seven", "There is no one-size-fits-all answer: the business cycle, the budget structure and the security "
           "requirements have to line up.", "这里没有一刀切答案，要看业务周期、预算结构和安全要求能不能对上。"),
        _r("lifecycle", "Different stages want different resources: development on GPU virtual machines, high-performance "
           "training or dedicated inference on bare metal, reproducible deployment on container services, quick "
           "inference integration on model APIs, large-scale training as distributed training jobs, business "
           "automation on an agent platform. Start light and add dedicated GPUs as production arrives.",
           "开发验证适合使用GPU虚拟机，高性能训练或专属推理适合使用裸金属，可复现部署适合使用容器服务，快速推理集成适合使用"
           "AI模型库和Serverless模型服务，大规模训练适合使用分布式训练任务，业务自动化则适合使用AI Agent平台。早期用较轻量的"
           "资源验证，进入生产阶段后再逐步引入专属GPU。", "delivery.chosen_mode"),
        _r("gpudesk", "gpudesk prices every allowed mode month by month over the phase, finds the month from which "
           "owning stays cheaper, and warns when owning does not pay back within the phase.",
           "gpudesk 按月计算每种可选交付方式在本阶段的费用，找出自购开始持续更省的月份；本阶段内自购无法回本时给出警告。",
           "delivery.cumulative.private delivery.break_even.private_vs_cloud_reserved_1y",
           "delivery.owning_not_paid_back roadmap.retired_before_payback"),
    ), (
        _r("seven", "No utilisation plan: the business is not continuous but capacity is bought as if fully loaded for "
           "the long term, and ends up idle.", "没做利用率规划：业务并不连续，却按长期满载去采购，最后很容易形成闲置资源。",
           "delivery.owned_utilisation", "pitfall.no_utilisation_plan"),
        _r("seven", "Keeping high-spec resources online that normal traffic never fills: the GPU configuration looks "
           "good on paper, the operating cost does not.",
           "为了追求高配，把平时根本用不满的资源一直挂着，账面上的GPU配置很好看，实际运营成本却不友好。",
           "delivery.owned_utilisation"),
    ), (
        _c("startup", "p0.delivery.mode=cloud_on_demand p0.delivery.utilisation.hours_per_day=10 "
           "p0.delivery.utilisation.days_per_month=22 p1.delivery.mode=cloud_on_demand",
           "Public-cloud GPU servers on demand: low capital spending, fast validation; flexibility is worth more than "
           "buying the strongest hardware first, and iteration speed is what counts early on. The sample rents on "
           "demand, busy 10 hours a day on 22 days a month, and still rents after winning orders.",
           "用公有云GPU服务器按需开通：前期资本支出低，研发能快速验证方案；这个场景里，灵活性比“先把最强硬件买回来”更有用，"
           "前期更值钱的往往是迭代速度。示例方案按需租用，每天忙10小时、每月22天，拿到订单后仍然租用。"),
        _c("ecommerce", "p0.delivery.mode=container_service p1.w0.items_per_day=75000000000 "
           "p1.delivery.utilisation.peak_multiplier=1 p1.duration_months=2",
           "Resources are not all fixed in an own build: scale up for the peak, release afterwards. The sample runs "
           "on a container service all year and adds a 2-month festival phase whose workload is the festival "
           "traffic, 5× the daily volume; its delivery profile adds no seasonal multiplier, so the peak counts once.",
           "没有把资源全部压在固定自建上，高峰期扩上去，平峰期再释放。示例方案全年使用容器服务，另设2个月的大促阶段，"
           "其工作负载即大促流量（日处理量为平时的5倍）；该阶段的交付配置不再叠加旺季倍数，峰值只计一次。"),
        _c("manufacturer", "p0.delivery.mode=private p0.delivery.data_sensitivity=regulated "
           "p0.delivery.utilisation.hours_per_day=24",
           "Data security and production continuity put a private cluster in the factory. The sample is private, with "
           "regulated data, busy around the clock.",
           "因为数据安全和生产连续性要求，在工厂侧部署私有化集群。示例方案为私有化部署，数据为受监管级别，全天候运行。"),
    )),
    StepHelp("tco", Text(
        "The total cost over the horizon — hardware, power at the facility's PUE, cooling, maintenance, software, "
        "staff and colocation — and whether racks and cooling can take the load.",
        "测算年限内的总成本：硬件、按PUE计的电费、制冷、维保、软件、人员与机柜租金，以及机柜和散热能否承载。"), (
        _q("costs.staff_fte costs.staff_cost_per_year",
           "Who runs the platform — images, drivers, scheduling, monitoring, backup — and what does that cost a year?",
           "谁来运维（镜像、驱动、调度、监控、备份）？每年要花多少？"),
        _q("facility.region facility.cooling facility.pue facility.electricity_per_kwh facility.rack_power_limit_kw",
           "What does power cost where the GPUs run, and can the racks and cooling take the load?",
           "机房电价多少？机柜功率和散热能否承载？"),
        _q("costs.software_per_gpu_year costs.maintenance_pct_per_year costs.colo_per_rack_month costs.depreciation_years",
           "What do software, maintenance, rack space and depreciation add each year?",
           "软件、维保、机柜租金和折旧每年各加多少？"),
        _q("costs.currency costs.cny_per_usd costs.horizon_years",
           "Over how many years, and in which currency, is the cost compared?", "按几年、用什么币种比较成本？"),
    ), (
        _r("seven", "The instance price is only part of the total cost: image management, driver adaptation, job "
           "scheduling, monitoring and alerting, backup and recovery, and staff take time and budget for years.",
           "实例价格只是总成本的一部分。镜像管理、驱动适配、作业调度、监控告警、备份恢复、人员维护，这些都会长期占用时间和预算。",
           "run.staff_per_year tco.opex_per_year tco.total_horizon"),
        _r("seven", "A mature plan lets the team spend less time on low-level compatibility and environment problems and "
           "keeps its effort for the models and the business.",
           "一个成熟的方案，应该让团队少花时间处理底层兼容和环境问题，把精力留给模型和业务本身。"),
        _r("train_infer", "Total cost of ownership weighs purchase, energy, maintenance and depreciation together; a low "
           "PUE is becoming a requirement.", "总拥有成本（TCO）要综合考虑采购成本、能耗费用、维护费用和折旧成本；低PUE（电能使用效率）"
           "正成为刚需。", "tco.capex power.annual_energy_cost tco.maintenance_per_year tco.depreciation_per_year power.pue"),
        _r("lifecycle", "Dense GPU systems redefine facility needs: the article's GB200 NVL72 example puts 72 Blackwell GPUs "
           "and 36 Grace CPUs in one rack, over 1,000 W per GPU at peak, about 132 kW per rack — roughly 115 kW to liquid and "
           "17 kW to air (the article's figures).", "高密度GPU系统在重新定义基础设施要求：文中以GB200 NVL72为例，单柜集成"
           "72个Blackwell GPU和36个Grace CPU，每个GPU峰值功耗超过1000瓦；约132kW机柜功耗里液冷承担约115kW、风冷承担约17kW（文中数据）。",
           "power.rack_kw power.liquid_kw power.air_kw", "power.needs_liquid_cooling power.rack_limit_exceeded"),
        _r("gpudesk", "gpudesk takes facility power as IT power × PUE, cooling load in tons as kW ÷ 3.517, and warns "
           "when a rack cannot take the next phase's power.", "gpudesk 按 IT功率 × PUE 计算机房总功率，按 kW ÷ 3.517 "
           "计算制冷冷吨；机柜承载不了下一阶段功率时给出警告。", "power.facility_kw power.cooling_tons power.btu_per_h",
           "roadmap.rack_power_cannot_grow"),
    ), (
        _r("seven", "Comparing only the per-card price: cheap is not always economical; with a poor network or slow "
           "disks the job takes longer and the total cost can be higher.",
           "只比单卡价格：便宜不一定省钱。如果网络差、磁盘慢，任务完成时间更长，综合成本可能更高。",
           "tco.cost_per_training_run tco.cost_per_gpu_hour", "pitfall.per_gpu_price"),
        _r("seven", "Machines bought well but an environment that breaks every day: the compute is never really used.",
           "机器买得漂亮，环境天天出问题，算力就很难真正用起来。"),
    ), (
        _c("startup", "p0.costs.currency=USD p0.costs.horizon_years=3 p0.costs.staff_fte=0.5 p1.costs.staff_fte=1",
           "Capital is not tied up in hardware. The sample counts in US dollars over 3 years, with half an operations "
           "engineer in the pilot and one after orders come in.",
           "资金不被硬件占住。示例方案以美元计、测算3年，试点期0.5名运维人员，拿到订单后1名。"),
        _c("ecommerce", "p0.costs.staff_fte=2 p1.costs.staff_fte=3 p0.costs.horizon_years=3",
           "Watch the cost per request as well as the configuration. The sample counts 2 operations staff in steady "
           "months and 3 during the festival, over 3 years.",
           "单位请求成本也要盯住。示例方案平时2名运维人员，大促期间3名，测算3年。"),
        _c("manufacturer", "p0.costs.currency=CNY p0.costs.horizon_years=5 p0.costs.depreciation_years=5 "
           "p0.costs.staff_fte=2 p0.facility.region=cn",
           "Algorithm environments scattered across departments were unified into one resource pool: higher "
           "utilisation and smoother cooperation — a platform that keeps running and can be managed. The sample counts "
           "in yuan over 5 years, depreciates over 5, and staffs 2 operators in a Chinese facility.",
           "原来分散在不同部门和设备上的算法环境被统一进一个资源池，设备利用率更高，跨部门协作也顺了很多——企业要的是一套能持续"
           "运行、持续管理的算力平台。示例方案以人民币计、测算5年、折旧5年，2名运维人员，机房在中国。"),
    )),
)
