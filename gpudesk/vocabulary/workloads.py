"""Workload kinds (step 1) and how each is sized."""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary


def _kind(code: str, en: str, zh: str, family: str, trains: bool, llm: bool) -> Term:
    return Term(code, en, zh, {"family": family, "trains": trains, "llm": llm})


WORKLOAD_KIND: Vocabulary[Term] = Vocabulary("workload kind", (
    _kind("pretrain", "LLM pre-training", "大模型预训练", "llm_training", True, True),
    _kind("finetune_full", "LLM full fine-tuning", "大模型全参数微调", "llm_training", True, True),
    _kind("finetune_lora", "LLM LoRA fine-tuning", "大模型 LoRA 微调", "llm_training", True, True),
    _kind("finetune_qlora", "LLM QLoRA fine-tuning", "大模型 QLoRA 微调", "llm_training", True, True),
    _kind("llm_inference", "LLM serving", "大模型推理服务", "llm_serving", False, True),
    _kind("vision_train", "Vision model training", "视觉模型训练", "vision_training", True, False),
    _kind("vision_inference", "Vision inference", "视觉推理", "item_serving", False, False),
    _kind("diffusion_inference", "Image generation (diffusion)", "图像生成（扩散模型）", "item_serving", False, False),
    _kind("recsys_inference", "Recommendation inference", "推荐模型推理", "item_serving", False, False),
    _kind("embedding_inference", "Embedding service", "向量嵌入服务", "item_serving", False, False),
    _kind("rendering_vdi", "Rendering / virtual desktops", "图形渲染 / 云桌面", "seats", False, False),
    _kind("agent_hosting", "Agent hosting", "智能体托管", "agents", False, True),
))

LLM_TRAINING_KINDS = WORKLOAD_KIND.where(family="llm_training")
TRAINING_KINDS = WORKLOAD_KIND.where(trains=True)
ITEM_SERVING_KINDS = WORKLOAD_KIND.where(family="item_serving")
LLM_SERVING_KINDS = WORKLOAD_KIND.where(llm=True, trains=False)
"""Kinds that serve a language model (sized by requests and tokens): LLM serving and agents."""
DATA_PARALLEL_LAYOUT_KINDS = WORKLOAD_KIND.where(family="vision_training")
"""Kinds outside the language models whose layout names a data-parallel degree ("DP4": one training run's replicas):
vision training. Item serving and seats run each replica (or seat) on a GPU of its own and name none: a ranking
service read '2 张 GPU，DP2' in the CLI and the window while its search rows named no DP (d716b071)."""
ITEM_UNITS = {"vision_inference": "images", "diffusion_inference": "images", "recsys_inference": "samples",
              "embedding_inference": "items"}
"""The one unit each item-serving kind counts what it serves in: its rate per GPU (samples/s/GPU), its peak, capacity
and targets (samples/s) and its daily volume (samples/day) all say it (a recommendation service read '项/秒' for its
capacity beside '样本/秒/GPU' for the same quantity per GPU)."""


def item_unit(kind: str, per: str) -> str:
    """``"samples/s"``, ``"samples/s/GPU"``, ``"images/day"`` …: the kind's item (``items`` for another kind) per ``per``."""
    return f"{ITEM_UNITS.get(kind, 'items')}/{per}"


TRAINED_ITEM_UNITS = {"vision_train": "images"}
"""What a training kind's dataset and batch count where it trains on no token sequences: a vision model's are images
(the startup sample's proposal read '训练图片数 120,000 项' and '全局批大小 1,024 条序列' for its YOLOv8 run)."""


def kind_unit(kind: str, unit: str) -> str:
    """A workload field's declared unit as its kind counts (``ITEM_UNITS``, ``TRAINED_ITEM_UNITS``): an image service's
    'items/day' reads 'images/day' ('图像/天'), a recommender's 'samples/day', a vision training run's batch and
    dataset 'images'; other units, and other kinds, as declared. The input ``items_per_day`` read '项/天' for every
    kind beside its rates in images or samples."""
    head, sep, per = unit.partition("/")
    if kind in TRAINED_ITEM_UNITS and head in ("items", "sequences"):
        return TRAINED_ITEM_UNITS[kind] + sep + per
    return item_unit(kind, per) if head == "items" and sep and kind in ITEM_UNITS else unit


SEAT_KINDS = WORKLOAD_KIND.where(family="seats")
"""Kinds sized by concurrent seats, with no model to compute (rendering, virtual desktops)."""

SCENARIO: Vocabulary[Term] = Vocabulary("scenario", (
    Term("training", "Model training", "模型训练型",
         {"kinds": ("finetune_lora", "finetune_qlora", "finetune_full", "pretrain", "vision_train")}),
    Term("inference", "Online inference", "在线推理型",
         {"kinds": ("llm_inference", "vision_inference", "diffusion_inference", "recsys_inference",
                    "embedding_inference")}),
    Term("graphics", "Rendering and visualisation", "图形渲染与可视化型", {"kinds": ("rendering_vdi",)}),
    Term("automation", "Business automation with agents", "业务自动化（Agent）", {"kinds": ("agent_hosting",)}),
))
"""The seed's three scenario families (plus agents), each with the workload kinds it covers (a new plan starts from
one, ``gpudesk.wizard.starter``); what each values is ``starter.scenario.<code>`` of the wizard catalogue."""
