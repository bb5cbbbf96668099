"""The seven steps of the selection process, as plain data.

Titles and guidance follow the source document «gpu云计算服务器选型7个步骤»
(shared/seeds/gpu-cloud-server-7-steps-3-cases.zh.txt), in Chinese and English.
The Qt pages are thin views over these; navigation and status are tested
without Qt.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    number: int
    key: str
    title_en: str
    title_zh: str
    guidance_en: str
    guidance_zh: str

    def title(self, lang: str) -> str:
        return self.title_zh if lang == "zh" else self.title_en

    def guidance(self, lang: str) -> str:
        return self.guidance_zh if lang == "zh" else self.guidance_en


STEPS: tuple[Step, ...] = (
    Step(
        1, "task", "Size the task", "先算任务，再看型号",
        "Put the workload on paper before choosing hardware: model size, training period, daily volume, "
        "concurrency, data size and latency target. A vision project with low volume but frequent model "
        "changes should start small; large-model training is blocked by too little GPU memory.",
        "别急着挑卡，先把任务量算出来：模型大小、训练周期、日处理量、并发量、数据规模、目标时延。"
        "日处理量不高但模型常改的视觉项目应先控制投入；大模型训练一旦显存不足，开发效率会直接受影响。",
    ),
    Step(
        2, "gpu", "Choose GPUs beyond peak FLOPS", "看GPU时，别只盯峰值算力",
        "Compare memory capacity and bandwidth, supported precisions, power and the software ecosystem "
        "(drivers, CUDA/ROCm/CANN, framework support). For training, memory often matters more than peak "
        "throughput; for inference, latency and cost per request.",
        "显存容量、显存带宽、功耗、驱动生态、框架兼容性都要一起看。训练任务里显存常常比理论峰值更关键；"
        "推理任务里低延迟和性价比通常更实用。",
    ),
    Step(
        3, "host", "CPU and memory that keep GPUs fed", "CPU和内存要能跟上GPU",
        "Too few CPU threads or too little memory bandwidth stalls data preprocessing and scheduling. With "
        "several GPUs, CPU, memory and PCIe lanes must match, or GPUs wait for data.",
        "CPU线程数不够、内存带宽不足，数据预处理和任务调度会拖后腿。多卡场景下CPU、内存和PCIe通道要匹配，"
        "否则GPU在等数据、利用率上不去。",
    ),
    Step(
        4, "storage", "Storage matched to the data flow", "存储方案要和数据流匹配",
        "Large datasets stall training when IO lags: local NVMe for frequent training; shared high-performance "
        "storage when several people and jobs share datasets. Slow training is often the disk, not the GPU.",
        "训练数据集体量大、IO跟不上时训练会频繁卡顿。高频训练适合NVMe本地盘；多人协作、多个任务共用数据集"
        "要考虑高性能共享存储。很多时候训练慢是先卡在磁盘。",
    ),
    Step(
        5, "network", "Network for multi-node work", "多机多卡场景下，网络不是配角",
        "In distributed training the network decides how well nodes cooperate: low latency and high bandwidth "
        "shorten parameter synchronisation. A weak network leaves GPUs idle while costs keep running; plan "
        "the expansion path early.",
        "分布式训练中网络决定多机协同效率，低时延高带宽能减少参数同步时间。网络差时GPU大量空转、成本照烧；"
        "扩容预案要提前看。",
    ),
    Step(
        6, "delivery", "Delivery mode by business cycle", "交付方式要贴着业务周期选",
        "Short tests and fluctuating business suit public cloud; long, stable, high-utilisation or sensitive "
        "workloads suit private or dedicated clusters; hybrid keeps core data in-house with elastic capacity.",
        "短期测试、业务波动大适合公有云；业务长期稳定、利用率高、数据敏感适合私有化或专属集群；"
        "需要弹性又不能外放核心数据时考虑混合部署。",
    ),
    Step(
        7, "tco", "Operating cost and TCO", "运维成本要提前算进去",
        "The instance price is only part of the cost: images, drivers, scheduling, monitoring, backup and "
        "staff take time and budget for years. Count power at a PUE, cooling, maintenance and software too.",
        "实例价格只是总成本的一部分。镜像管理、驱动适配、作业调度、监控告警、备份恢复、人员维护都会长期"
        "占用时间和预算；还要算上电费（按PUE）、制冷、维保和软件。",
    ),
)


def step(number: int) -> Step:
    for s in STEPS:
        if s.number == number:
            return s
    raise KeyError(f"no step {number}; steps are 1–{len(STEPS)}")
