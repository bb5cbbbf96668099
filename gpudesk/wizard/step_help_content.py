"""The step guide's content: the seven steps' questions, rules, mistakes and case notes in Chinese and English.

Plain data in the notation of ``gpudesk.wizard.step_help`` (which renders it and documents the notation). The
Chinese follows the source documents in shared/seeds/ closely — the seven-step guide «gpu云计算服务器选型7个步骤和
3个实际案例» ("seven"), the lifecycle guide ("lifecycle") and the training-versus-inference article
("train_infer"); the English translates it. Numbers the articles quote that the hardware reference could not
verify (e.g. per-GPU TFLOPS, efficiency gains in percent) are left out; the GB200 NVL72 rack figures are kept and
marked as the article's.
"""

from __future__ import annotations

from gpudesk.wizard.step_help import StepHelp, Text
from gpudesk.wizard.step_help import case_note as _c
from gpudesk.wizard.step_help import question as _q
from gpudesk.wizard.step_help import rule as _r

GUIDE: tuple[StepHelp, ...] = (
    StepHelp(1, Text(
        "How much work there is, in numbers, before any GPU model is chosen: every later step is sized against it.",
        "先算任务，再看型号：先把任务量算出来，后面每一步都按它来配。"), (
        _q("w.kind w.model_id",
           "Which kind of work is it — training, online inference, graphics rendering, agents? Their priorities differ "
           "a lot; get the scenario wrong and every later configuration choice drifts.",
           "是模型训练、在线推理、图形渲染还是Agent？几类任务的关注点差别很大，场景分错了，后面的配置判断就容易一路偏掉。"),
        _q("w.model_id w.compute_dtype w.weight_dtype",
           "How large is the model, and in which precision does it compute and keep its weights?",
           "模型多大？用什么精度计算、存放权重？"),
        _q("w.train_tokens w.dataset_items w.epochs w.deadline_days",
           "Training: how much data, how many passes, and within what training period?",
           "训练：数据规模多大、训练几轮、训练周期多长？"),
        _q("w.requests_per_day w.items_per_day w.concurrency w.peak_factor w.ttft_p50_ms w.latency_ms",
           "Serving: daily volume, concurrency, peak over average and target latency?",
           "推理：日处理量、并发量、峰均比、目标时延各是多少？"),
        _q("w.seats w.agents", "Rendering and agents: how many concurrent seats or always-on agents?",
           "渲染与Agent：并发席位、常驻Agent各有多少？"),
    ), (
        _r("seven", "Model size, training period, daily volume, concurrency, data size and target latency all have to "
           "be put on paper.", "模型大小、训练周期、日处理量、并发量、数据规模、目标时延，这些都要落到纸面上。",
           "task.total_flops task.tokens_per_day task.peak_request_rate"),
        _r("seven", "A vision-inspection project with a low daily volume but a model that changes often should keep "
           "spending under control first instead of starting with several high-end cards.",
           "视觉检测项目日处理量并不高，但模型经常改，那就更适合先控制投入，别一开始就上多张高端卡。"),
        _r("seven", "In large-model training, once GPU memory runs short development efficiency suffers directly, and no "
           "later scheduling makes up for it.", "大模型训练显存一旦不足，开发效率会直接受影响，后面怎么调度都补不回来。",
           "mem.fits", "task.model_does_not_fit"),
        _r("lifecycle", "Each lifecycle stage wants something different: training — memory capacity, compute throughput, "
           "multi-GPU interconnect and stability under long high load; inference — low latency, high concurrency, "
           "tokens/s and cost per request; agents — always-on operation, permission isolation and highly available "
           "tool calls with retries.",
           "模型训练阶段极度关注显存容量、计算吞吐量、多卡互连通信以及长时间高负载运行的稳定性；模型推理阶段更看重低延迟、"
           "高并发、每秒吞吐量（Tokens/s）以及单位请求的成本控制；Agent部署阶段则需要保障Always-on持续运行、权限隔离、"
           "工具调用接口的高可用和失败重试机制。"),
        _r("gpudesk", "gpudesk turns the training period into a sustained compute rate (training compute ÷ deadline) "
           "and the daily volume into a peak rate (volume ÷ 86,400 s × peak over average), and checks the plan meets "
           "both.", "gpudesk 把训练周期换算成所需持续算力（训练计算量 ÷ 训练周期），把日处理量换算成峰值速率"
           "（日处理量 ÷ 86,400 秒 × 峰均比），再检查方案能否达到。",
           "task.sustained_flops_needed task.peak_items_per_s task.peak_request_rate",
           "task.deadline_missed task.ttft_target_missed"),
    ), (
        _r("seven", "Buying inference resources with a training mindset, so the specification is too heavy; or deploying "
           "AI work along the lines of a graphics workstation, so the cost structure does not fit.",
           "用训练型思路去采购推理资源，结果规格过重；或者沿着图形工作站的思路来部署AI任务，导致成本结构不合理。"),
        _r("seven", "Buying \"enough for the next three years\" up front: the budget is weighed down and resources sit "
           "idle for a long time.", "前期为了“买够未来三年”，结果预算压得很重，资源长期闲置。",
           checks="pitfall.no_utilisation_plan"),
    ), (
        _c("startup", "p0.w0.kind=vision_train p0.w0.model_id=yolov8-l p0.w0.dataset_items=120000 p0.w0.epochs=100 "
           "p0.w0.deadline_days=2 p1.w0.model_id=vit-l-16 p1.w0.dataset_items=1500000",
           "A 20-person startup trains an industrial quality-inspection model: little data at first, but the model "
           "changes fast and trials are frequent. The sample trains YOLOv8-L on 120,000 images, 100 epochs within 2 "
           "days; once orders come in, a ViT-L on 1,500,000 images.",
           "20人规模的创业公司训练工业质检模型，前期数据量不大，但模型改得快，试错频繁。示例方案：YOLOv8-L，"
           "12万张图、100轮、2天内训完；拿到订单后换成ViT-L，150万张图。"),
        _c("ecommerce", "p0.w0.kind=recsys_inference p0.w0.items_per_day=15000000000 p0.w0.latency_ms=30 "
           "p0.w0.peak_factor=3 p1.w0.items_per_day=75000000000 p1.w0.peak_factor=4",
           "Traffic is steady most of the time; recommendation requests rise clearly during the promotion. The sample "
           "scores 30 M feed requests × 500 candidates (15 billion items) a day within 30 ms at 3× peak over average, "
           "and 75 billion items a day at 4× in the festival phase.",
           "平时流量稳定，大促期间推荐请求会明显增加。示例方案：每天3000万次请求×500个候选，共150亿条打分，"
           "目标时延30毫秒，峰均比3；大促阶段每天750亿条，峰均比4。"),
        _c("manufacturer", "p0.w0.kind=vision_inference p0.w0.items_per_day=8640000 p0.w0.latency_ms=50 "
           "p0.w1.kind=vision_train p0.w1.dataset_items=400000 p0.w1.epochs=80 p0.w1.deadline_days=2 "
           "p1.w0.items_per_day=17280000 p1.w1.dataset_items=800000",
           "One platform serves quality-model training and real-time inference on the production line. The sample has "
           "two workloads: 100 images/s around the clock (8.64 M a day, 50 ms target) and retraining on 400,000 images, "
           "80 epochs within 2 days; the second production line doubles both.",
           "同一平台用于质检模型训练和产线实时推理。示例方案有两个工作负载：全天每秒100张图（每天864万张，目标时延"
           "50毫秒），以及用40万张图、80轮、2天内完成的再训练；第二条产线两者都翻倍。"),
    )),
    StepHelp(2, Text(
        "Which accelerator, how many per node and how many nodes, and how the model is split across them.",
        "选哪种加速卡、每节点几张、共几个节点，以及模型如何切分到这些卡上。"), (
        _q("hardware.accelerator_id hardware.gpus_per_node w.parallel.tp w.parallel.zero_stage w.parallel.recompute",
           "Does the model fit in GPU memory, with headroom, once weights, gradients, optimizer states, activations "
           "and KV cache are counted?", "算上权重、梯度、优化器状态、激活值和KV缓存之后，模型放得进显存吗？还有余量吗？"),
        _q("hardware.nodes hardware.gpus_per_node",
           "How many GPUs do the training period or the peak traffic need?", "训练周期或峰值流量需要多少张卡？"),
        _q("hardware.accelerator_id",
           "Do the accelerator's drivers and software stack support your frameworks and containers?",
           "这款卡的驱动和软件栈支持你用的框架和容器环境吗？"),
        _q("w.parallel.tp w.parallel.ep w.disaggregated",
           "Serving: how is one model replica split, and are prefill and decode served separately?",
           "推理：单个模型副本怎么切分？预填充和解码是否分离部署？"),
    ), (
        _r("seven", "Memory capacity, memory bandwidth, power, driver ecosystem and framework compatibility must all be "
           "weighed together, not only CUDA core counts and TFLOPS.",
           "别只比较CUDA核心数、TFLOPS：显存容量、显存带宽、功耗、驱动生态、框架兼容性都要一起看。",
           "mem.capacity mem.total"),
        _r("seven", "In training, memory often matters more than theoretical peak compute; in inference, low latency and "
           "price-performance are usually more practical.", "训练任务里，显存常常比理论峰值更关键；推理任务里，低延迟和性价比通常更实用。",
           "mem.headroom infer.ttft_s tco.cost_per_gpu_hour"),
        _r("seven", "Online inference does not always need the highest-end card: a more balanced, more elastic instance "
           "class often works out better overall.", "在线推理不一定非要追最高端显卡，选一档更均衡、弹性更好的实例，整体效果往往更合适。"),
        _r("train_infer", "Models above about 10 billion parameters need the memory of several GPUs pooled; inference "
           "favours energy efficiency and low-precision (INT8/FP8) support for higher throughput.",
           "100亿以上参数的模型需要多卡显存聚合；推理场景更注重能效比和量化支持，可使用INT8/FP8等低精度计算获得更高的吞吐量。",
           "mem.min_gpus"),
        _r("train_infer", "The article finds GDDR6 memory usually sufficient for inference; gpudesk bounds each decode "
           "step by memory bandwidth, so check the time per output token before accepting a low-bandwidth card for "
           "LLM serving.", "文章认为推理场景GDDR6显存通常已足够；gpudesk 按显存带宽计算每步解码时间，大模型推理选低带宽卡前"
           "请先看每token时延。", "infer.tpot_s infer.bottleneck"),
        _r("gpudesk", "A plan fits when the memory needed per GPU (model states, activations, KV cache, runtime and "
           "fragmentation) stays within usable memory; gpudesk blocks the plan otherwise and shows the fewest GPUs that "
           "would fit.", "每卡所需显存（模型状态、激活值、KV缓存、运行时开销与碎片）不超过可用显存才算放得下；否则 gpudesk "
           "判为阻断，并给出能放下的最少卡数。", "mem.total mem.usable mem.fits mem.min_gpus", "task.model_does_not_fit"),
    ), (
        _r("seven", "Good-looking parameters do not mean the card suits the business.", "参数好看，不代表业务就一定合适。"),
        _r("seven", "Ignoring the software ecosystem: once drivers, CUDA version, deep-learning framework and container "
           "environment do not match, deployment takes much longer and debugging costs rise.",
           "忽视软件生态：驱动、CUDA版本、深度学习框架、容器环境一旦不兼容，部署时间会被明显拉长，研发排查成本也会上来。",
           checks="pitfall.software_ecosystem"),
    ), (
        _c("startup", "p0.hardware.accelerator_id=l4 p0.hardware.gpus_per_node=4 p0.hardware.nodes=1 "
           "p1.hardware.accelerator_id=a100-sxm-80gb p1.hardware.gpus_per_node=8 p1.hardware.nodes=0",
           "On-demand instances with 2 to 4 cards; after winning orders, instances with more GPU memory. The sample "
           "starts on 4 × NVIDIA L4 (24 GB) in one node and moves to A100 80 GB, 8 per node, letting gpudesk size the "
           "number of nodes.", "按需开通2到4卡实例；项目拿到订单后，再升级到更高显存的实例。示例方案：先用1台4×NVIDIA L4"
           "（24 GB），之后换成每节点8张A100 80 GB，节点数由 gpudesk 计算。"),
        _c("ecommerce", "p0.hardware.accelerator_id=l40s p0.hardware.nodes=0 p1.hardware.accelerator_id=l40s",
           "The core models run on several mid-to-high-end GPU instances. The sample uses NVIDIA L40S (48 GB) in both "
           "phases and lets gpudesk size the node count from the traffic.",
           "核心模型部署到多台中高配GPU实例。示例方案两个阶段都用NVIDIA L40S（48 GB），节点数由 gpudesk 按流量计算。"),
        _c("manufacturer", "p0.hardware.accelerator_id=l40s p0.hardware.gpus_per_node=8 p0.hardware.nodes=0",
           "A private GPU cluster in the factory runs both training and real-time inference. The sample pools 8 × L40S "
           "per node for both workloads; gpudesk sizes the nodes.",
           "在工厂侧部署私有化GPU集群，同时用于质检模型训练和产线实时推理。示例方案：每节点8张L40S，两个工作负载共用，"
           "节点数由 gpudesk 计算。"),
    )),
    StepHelp(3, Text(
        "The server, its CPU cores and host memory: enough to keep the GPUs fed with data.",
        "服务器型号、CPU核数和主机内存：要能跟上GPU，喂得饱数据。"), (
        _q("hardware.server_id hardware.cpu_cores_per_node",
           "Are there enough CPU cores to decode and preprocess data at the rate the GPUs consume it?",
           "CPU核数够不够按GPU的消耗速度完成数据解码与预处理？"),
        _q("hardware.host_ram_gb",
           "Is there enough host memory for pinned buffers, checkpoint staging and any CPU offload?",
           "主机内存够不够放锁页缓冲、检查点暂存和CPU卸载？"),
        _q("hardware.server_id",
           "Do the server's PCIe lanes and generation match its GPUs and network cards?",
           "服务器的PCIe通道数和代数与GPU、网卡匹配吗？"),
    ), (
        _r("seven", "However strong the GPU, too few CPU threads or too little memory bandwidth hold back data "
           "preprocessing and task scheduling.", "GPU再强，CPU线程数不够、内存带宽不足，数据预处理和任务调度也会拖后腿。",
           "host.cores_needed host.gpu_feed_fraction", "host.cpu_starves_gpus"),
        _r("seven", "With several GPUs, CPU, memory and PCIe lanes must match, or the GPUs wait for data and their "
           "utilisation stays low.", "多卡场景下，CPU、内存和PCIe通道要匹配，不然就会出现GPU在等数据、卡利用率上不去的情况。",
           "host.ram_needed host.pcie_lanes_needed host.pcie_lanes_offered",
           "host.ram_short host.pcie_lanes_short host.pcie_gen_mismatch host.nic_pcie_bottleneck"),
        _r("lifecycle", "Agent orchestration and always-on runtimes usually need no GPU: stable CPU virtual machines "
           "carry them; GPUs matter for the model inference, embeddings or multimodal work behind them.",
           "Agent编排或云端运行环境的基础部署通常不需要GPU，稳定的CPU VM就可以承担always-on运行、工具接入和后台任务；"
           "GPU的价值更多体现在背后的模型推理、embedding生成或多模态任务上。", "agent.vcpus"),
        _r("gpudesk", "gpudesk counts the cores each GPU needs (data preprocessing plus the training process) and, when "
           "the server offers fewer, the share of planned GPU throughput the CPUs can still feed.",
           "gpudesk 计算每张GPU需要的CPU核数（数据预处理加训练进程），服务器不够时给出CPU还能喂饱的GPU吞吐比例。",
           "host.cores_per_gpu_needed host.cores_per_gpu_offered host.gpu_feed_fraction",
           "host.cpu_starves_gpus host.server_spec_unknown"),
    ), (
        _r("seven", "Looking only at the GPU model when buying easily buries a problem here.",
           "采购时如果只看GPU型号，很容易在这里埋坑。", checks="pitfall.bottlenecks"),
    ), (
        _c("startup", "p0.hardware.server_id=pcie-8x-l4 p0.hardware.cpu_cores_per_node=0 p0.hardware.host_ram_gb=0",
           "The source case does not discuss the host. The sample takes the catalog's 8-slot L4 server with its own CPU "
           "and memory (0 = server).",
           "原文案例没有讨论主机配置。示例方案用目录中的8卡位L4服务器，CPU与内存取服务器默认值（0=服务器默认）。"),
        _c("ecommerce", "p0.hardware.server_id=pcie-8x-l40s p0.hardware.cpu_cores_per_node=0",
           "The case stresses instance scheduling, monitoring and elastic policy rather than the host. The sample uses "
           "the catalog's 8-slot L40S server with its default CPU and memory.",
           "案例关注的重点是实例调度、监控能力和弹性策略，而非主机。示例方案用目录中的8卡位L40S服务器，CPU与内存取默认值。"),
        _c("manufacturer", "p0.hardware.server_id=pcie-8x-l40s p0.hardware.host_ram_gb=0",
           "Besides the GPUs, the plan built in high-speed storage, a container platform and access management. The "
           "sample uses the 8-slot L40S server with its default CPU and memory.",
           "方案里除了GPU本身，还把高速存储、容器平台、权限管理系统一起纳入建设。示例方案用8卡位L40S服务器，CPU与内存取默认值。"),
    )),
    StepHelp(4, Text(
        "Where datasets and checkpoints live, and whether storage reads and writes keep up with the GPUs.",
        "数据集和检查点放在哪里，存储读写能否跟上GPU。"), (
        _q("storage.dataset_tb storage.growth_pct_per_year",
           "How large is the dataset, and how fast does it grow?", "数据集有多大，每年增长多少？"),
        _q("storage.option_id", "Can the storage read data as fast as the GPUs consume it?",
           "存储的读取速度跟得上GPU的消耗吗？"),
        _q("storage.checkpoint_interval_hours",
           "How often are checkpoints written, and how long does each write stall training?",
           "多久保存一次检查点？每次写入让训练停多久？"),
        _q("storage.team_size storage.concurrent_jobs",
           "How many people and concurrent jobs share the same datasets?", "多少人、多少个并发任务共用同一份数据集？"),
    ), (
        _r("seven", "With large training datasets, training stalls often when IO cannot keep up; frequent training jobs "
           "suit local NVMe disks, which reduce the read bottleneck.",
           "训练数据集体量大，IO跟不上时，训练会频繁卡顿。高频训练任务更适合搭配NVMe本地盘，减少读取瓶颈。",
           "storage.read_bw_needed storage.read_bw_offered storage.io_feed_fraction", "storage.read_bw_short"),
        _r("seven", "When several people and jobs share datasets, plan high-performance shared storage, or the data is "
           "copied back and forth between nodes — slow and hard to manage.",
           "如果是多人协作、多个训练任务共用数据集，还要考虑高性能共享存储，不然数据会在不同节点之间反复复制，既慢又难管。",
           "storage.shared_recommended storage.local_copy_bytes", "storage.local_copy_sprawl"),
        _r("lifecycle", "AI data centres need high-throughput storage working closely with compute and network; storage "
           "must supply data continuously.", "AI数据中心需要高吞吐存储，以及计算、网络、存储之间更紧密的协同；存储要能持续供给数据。"),
        _r("gpudesk", "gpudesk sizes capacity for the dataset grown to the horizon plus the checkpoints kept, and warns "
           "when synchronous checkpoint writes take more than its limit of training time.",
           "gpudesk 按测算年限末的数据集大小加保留的检查点计算容量；同步写检查点占用训练时间超过限值时给出警告。",
           "storage.capacity_needed storage.checkpoint_stall_share storage.stall_limit", "storage.checkpoint_stall"),
    ), (
        _r("seven", "Many teams think training is slow because there are too few GPUs; often it is stuck on the disks "
           "first.", "很多团队以为训练慢是卡不够，其实往往先卡在磁盘。", "storage.io_feed_fraction", "pitfall.bottlenecks"),
    ), (
        _c("startup", "p0.storage.option_id=object-s3-standard p0.storage.dataset_tb=0.6 p0.storage.growth_pct_per_year=100 "
           "p0.storage.team_size=20",
           "Training data is kept in object storage. The sample stores a 0.6 TB dataset, doubling each year, in S3 "
           "Standard-class object storage for a team of 20.",
           "配合对象存储保存训练数据。示例方案：0.6 TB数据集、每年翻倍，放在S3标准型对象存储，团队20人。"),
        _c("ecommerce", "p0.storage.option_id=object-s3-standard p0.storage.dataset_tb=20 p0.storage.concurrent_jobs=4",
           "The case does not discuss storage. The sample keeps 20 TB in object storage with 4 concurrent jobs.",
           "原文案例没有讨论存储。示例方案：20 TB数据放在对象存储，4个并发作业。"),
        _c("manufacturer", "p0.storage.option_id=parallel-fs-ddn-ai400x2 p0.storage.dataset_tb=30 p1.storage.dataset_tb=60 "
           "p0.storage.team_size=40 p0.storage.concurrent_jobs=6",
           "High-speed storage is part of the build. The sample uses a parallel file system appliance (DDN AI400X2 "
           "class) shared by a team of 40 and 6 jobs: 30 TB, 60 TB with the second line.",
           "高速存储纳入建设。示例方案用并行文件系统一体机（DDN AI400X2一类），40人、6个作业共用：30 TB，第二条产线后60 TB。"),
    )),
    StepHelp(5, Text(
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
    StepHelp(6, Text(
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
           "AI模型库和Serverless Models，大规模训练适合使用分布式训练任务，业务自动化则适合使用AI Agent平台。早期用较轻量的"
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
        _c("ecommerce", "p0.delivery.mode=container_service p1.delivery.utilisation.peak_months=[11] "
           "p1.delivery.utilisation.peak_multiplier=5 p1.duration_months=2",
           "Resources are not all fixed in an own build: scale up for the peak, release afterwards. The sample runs "
           "on a container service all year and adds a 2-month festival phase with November at 5× demand.",
           "没有把资源全部压在固定自建上，高峰期扩上去，平峰期再释放。示例方案全年使用容器服务，另设2个月的大促阶段，"
           "11月需求为平时的5倍。"),
        _c("manufacturer", "p0.delivery.mode=private p0.delivery.data_sensitivity=regulated "
           "p0.delivery.utilisation.hours_per_day=24",
           "Data security and production continuity put a private cluster in the factory. The sample is private, with "
           "regulated data, busy around the clock.",
           "因为数据安全和生产连续性要求，在工厂侧部署私有化集群。示例方案为私有化部署，数据为受监管级别，全天候运行。"),
    )),
    StepHelp(7, Text(
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
           "tco.staff_per_year tco.opex_per_year tco.total_horizon"),
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
