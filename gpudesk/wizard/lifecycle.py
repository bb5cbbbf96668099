"""Which resource form suits each lifecycle stage of an AI project, and why (Qt-free data).

The mapping follows the source document «贯穿 AI 全生命周期的 GPU 算力优化策略»
(shared/seeds/ai-lifecycle-gpu-guide.zh.txt, section «不同 AI 工作负载应该选择什么架构？»):
"开发验证适合使用 GPU 虚拟机，高性能训练或专属推理适合使用裸金属，可复现部署适合使用容器服务，
快速推理集成适合使用 AI 模型库和 Serverless Models，大规模训练适合使用分布式训练任务，
业务自动化则适合使用 AI Agent 平台" — and, for agents, "Agent 编排或云端运行环境的基础部署通常不需要
GPU，稳定的 CPU VM 就可以承担 … GPU 的价值更多体现在背后的模型推理". The phase dialog shows the
advice for the phase's stage and offers to apply the suggested delivery mode.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.project.model import Phase

SOURCE = "shared/seeds/ai-lifecycle-gpu-guide.zh.txt (AI lifecycle GPU guide, section on choosing an architecture)"


@dataclass(frozen=True)
class StageAdvice:
    stage: str  # a Phase.stage choice
    delivery_mode: str  # a DeliveryPlan.mode choice
    stage_en: str
    stage_zh: str
    form_en: str  # the resource form in words
    form_zh: str
    reason_en: str
    reason_zh: str

    def stage_title(self, lang: str) -> str:
        return self.stage_zh if lang == "zh" else self.stage_en

    def form(self, lang: str) -> str:
        return self.form_zh if lang == "zh" else self.form_en

    def reason(self, lang: str) -> str:
        return self.reason_zh if lang == "zh" else self.reason_en


STAGE_ADVICE: tuple[StageAdvice, ...] = (
    StageAdvice(
        "development", "cloud_on_demand",
        "Development and validation", "开发与原型验证",
        "GPU virtual machines (on demand)", "GPU 虚拟机（按需）",
        "Prototypes need a quick start, a consistent environment and controlled cost, not the largest GPUs: "
        "a GPU VM gets PyTorch, CUDA and a notebook running in minutes and is released when idle.",
        "此阶段通常不需要最大规模 GPU，而是需要快速启动、环境一致和成本可控；GPU 虚拟机可快速配置 "
        "PyTorch、CUDA、JupyterLab，闲置即可释放。",
    ),
    StageAdvice(
        "training", "bare_metal",
        "High-performance training", "高性能训练",
        "Bare-metal GPU servers", "裸金属 GPU 服务器",
        "Long multi-GPU runs need the whole machine: no virtualisation overhead, full NVLink and network "
        "bandwidth, stable performance and data isolation.",
        "长时间多卡训练需要独占整机：无虚拟化开销、完整的 NVLink 与网络带宽、性能稳定、数据隔离。",
    ),
    StageAdvice(
        "large_training", "managed_training",
        "Large-scale training", "大规模训练",
        "Managed distributed training jobs", "分布式训练任务（托管）",
        "At scale the risk is failed runs and idle GPUs: a managed job service handles submission, scheduling, "
        "monitoring, logs, permissions and cost accounting across many nodes.",
        "规模越大，训练失败与资源空转的隐性成本越高；分布式训练任务负责任务提交、资源分配、状态监控、"
        "日志、权限与成本管理。",
    ),
    StageAdvice(
        "deployment", "container_service",
        "Reproducible deployment", "可复现部署",
        "Container service", "容器服务",
        "Containers pin driver, CUDA and framework versions so a model deploys the same way every time and "
        "scales out by adding replicas.",
        "容器固定驱动、CUDA 与框架版本，保证每次部署一致，并可通过增加副本弹性扩容。",
    ),
    StageAdvice(
        "integration", "serverless_api",
        "Quick model integration", "快速推理集成",
        "Model APIs / serverless endpoints", "模型 API / Serverless 端点",
        "To validate a use case fast, call text, image or vision models through an API and pay per call "
        "instead of building an inference cluster first.",
        "相比从零搭建推理集群，通过 API 调用模型更适合快速验证场景，按调用付费，再随业务规模扩展。",
    ),
    StageAdvice(
        "production", "bare_metal",
        "Dedicated inference in production", "专属推理（生产）",
        "Bare-metal GPU servers", "裸金属 GPU 服务器",
        "Production serving with latency targets wants dedicated GPUs: no noisy neighbours, predictable "
        "latency, and the full machine for the model.",
        "有时延目标的生产推理适合专属 GPU：无资源争抢、时延可预期、整机服务模型。",
    ),
    StageAdvice(
        "automation", "agent_platform",
        "Business automation with agents", "业务自动化（Agent）",
        "Agent platform on CPU machines; GPUs only behind the models they call",
        "AI Agent 平台（CPU 云主机）；GPU 只用于其调用的模型",
        "Agent orchestration and always-on runtimes usually need no GPU: stable CPU VMs run tools, access "
        "control, logs and background jobs; GPUs matter only for the model inference, embeddings or "
        "multimodal work behind them.",
        "Agent 编排与云端运行环境的基础部署通常不需要 GPU，稳定的 CPU VM 即可承担常驻运行、工具接入和"
        "后台任务；GPU 的价值体现在其背后的模型推理、embedding 生成或多模态任务上。",
    ),
)

_BY_STAGE = {advice.stage: advice for advice in STAGE_ADVICE}


def stages() -> tuple[str, ...]:
    """The lifecycle stages a phase can have, in lifecycle order."""
    return tuple(advice.stage for advice in STAGE_ADVICE)


def advice_for(stage: str) -> StageAdvice:
    """The advice for ``stage``; raises KeyError for an unknown stage."""
    return _BY_STAGE[stage]


def follows_advice(phase: Phase) -> bool:
    """Whether the phase's delivery mode is the one suggested for its stage."""
    return phase.delivery.mode == advice_for(phase.stage).delivery_mode

