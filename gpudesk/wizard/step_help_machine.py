"""The step guide's content for steps 1–4 (the workload and the machine: task, GPU, host, storage).

Plain data in the notation of ``gpudesk.wizard.step_help`` (which renders it and documents the notation). The
Chinese follows the source documents in shared/seeds/ closely — the seven-step guide «gpu云计算服务器选型7个步骤和
3个实际案例» ("seven"), the lifecycle guide ("lifecycle") and the training-versus-inference article
("train_infer"); the English translates it. Numbers the articles quote that the hardware reference could not
verify (e.g. per-GPU TFLOPS, efficiency gains in percent) are left out; the GB200 NVL72 rack figures are kept and
marked as the article's.
"""

from __future__ import annotations

from gpudesk.wizard.step_help import StepHelp
from gpudesk.wizard.step_record import Text
from gpudesk.wizard.step_help import case_note as _c
from gpudesk.wizard.step_help import question as _q
from gpudesk.wizard.step_help import rule as _r


GUIDE_MACHINE: tuple[StepHelp, ...] = (
    StepHelp("task", Text(
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
        _q("w.requests_per_day w.items_per_day w.peak_requests_per_s w.peak_factor w.ttft_ms w.latency_ms",
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
           "高并发、每秒吞吐量（token/秒）以及单位请求的成本控制；Agent部署阶段则需要保障全天候持续运行、权限隔离、"
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
    StepHelp("gpu", Text(
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
        _q("w.parallel.tp w.parallel.ep w.batching",
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
        _c("manufacturer", "p0.hardware.accelerator_id=l20 p0.hardware.gpus_per_node=8 p0.hardware.nodes=0",
           "A private GPU cluster in the factory runs both training and real-time inference. The sample pools 8 × L20 "
           "per node for both workloads (the L40S cannot be bought in China); gpudesk sizes the nodes.",
           "在工厂侧部署私有化GPU集群，同时用于质检模型训练和产线实时推理。示例方案：每节点8张L20（L40S 在中国无法采购），"
           "两个工作负载共用，节点数由 gpudesk 计算。"),
    )),
    StepHelp("host", Text(
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
           "Agent编排或云端运行环境的基础部署通常不需要GPU，稳定的CPU云主机就可以承担常驻运行、工具接入和后台任务；"
           "GPU的价值更多体现在背后的模型推理、向量嵌入生成或多模态任务上。", "agent.vcpus"),
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
        _c("manufacturer", "p0.hardware.server_id=pcie-8x-l20 p0.hardware.host_ram_gb=0",
           "Besides the GPUs, the plan built in high-speed storage, a container platform and access management. The "
           "sample uses the 8-slot L20 server with its default CPU and memory.",
           "方案里除了GPU本身，还把高速存储、容器平台、权限管理系统一起纳入建设。示例方案用8卡位L20服务器，CPU与内存取默认值。"),
    )),
    StepHelp("storage", Text(
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
)
