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
from gpudesk.wizard.words import word

SOURCE = "shared/seeds/ai-lifecycle-gpu-guide.zh.txt (AI lifecycle GPU guide, section on choosing an architecture)"


@dataclass(frozen=True)
class StageAdvice:
    """A stage's advice; its words are ``lifecycle.<stage>.title|form|reason`` of the wizard catalogue."""

    stage: str  # a Phase.stage choice
    delivery_mode: str  # a DeliveryPlan.mode choice

    def stage_title(self, lang: str) -> str:
        return word(f"lifecycle.{self.stage}.title", lang)

    def form(self, lang: str) -> str:
        """The resource form in words."""
        return word(f"lifecycle.{self.stage}.form", lang)

    def reason(self, lang: str) -> str:
        return word(f"lifecycle.{self.stage}.reason", lang)


STAGE_ADVICE: tuple[StageAdvice, ...] = (
    StageAdvice("development", "cloud_on_demand"),
    StageAdvice("training", "bare_metal"),
    StageAdvice("large_training", "managed_training"),
    StageAdvice("deployment", "container_service"),
    StageAdvice("integration", "serverless_api"),
    StageAdvice("production", "bare_metal"),
    StageAdvice("automation", "agent_platform"),
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

