"""The wizard's steps, in order: the one list every menu, shortcut, setting, check and test derives from.

A step's code is its key (``"host"``); its position here is its number (1-based), its names are its title. What a
step asks and shows lives in its own module under ``gpudesk/wizard/steps/`` (named by the code); checks in the
core name the step they belong to by its code, so the core, the report and the CLI can order and name steps
without the wizard. Titles follow the source document «gpu 云计算服务器选型 7 个步骤»
(shared/seeds/gpu-cloud-server-7-steps-3-cases.zh.txt).
"""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary

WIZARD_STEP: Vocabulary[Term] = Vocabulary("wizard step", (
    Term("task", "Size the task", "先算任务，再看型号"),
    Term("gpu", "Choose GPUs beyond peak FLOPS", "看 GPU 时，别只盯峰值算力"),
    Term("host", "CPU and memory that keep GPUs fed", "CPU 和内存要能跟上 GPU"),
    Term("storage", "Storage matched to the data flow", "存储方案要和数据流匹配"),
    Term("network", "Network for multi-node work", "多机多卡场景下，网络不是配角"),
    Term("delivery", "Delivery mode by business cycle", "交付方式要贴着业务周期选"),
    Term("tco", "Operating cost and TCO", "运维成本要提前算进去"),
))


def step_number(code: str) -> int:
    """The step's position in the wizard (1-based); ValueError naming the valid codes for an unknown one."""
    WIZARD_STEP.term(code)
    return WIZARD_STEP.codes.index(code) + 1
