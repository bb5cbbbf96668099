"""Plans nobody wrote by hand, drawn with a fixed seed across the shapes a user can state.

Every workload kind and delivery mode (tests/plan/test_reconciliation.py meets each pair on NVIDIA parts); here
each plan also draws a vendor family (NVIDIA, AMD, Intel Gaudi, Huawei Ascend and the other China-domestic
parts), a precision, a scale from one GPU to thousands, a region and currency, serving with disaggregated
prefill/decode pools, fixed (nodes stated) or sized (nodes 0) counts, estimated with or without the configuration
search, and parts whose catalog rows carry no price; now and then a later phase costed in another currency than
the first (refused: a plan adds its phases in one currency). :func:`generated_plans` is deterministic for its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gpudesk.project.model import Phase, Project, Workload
from gpudesk.vocabulary.serving import ENGINE_RELEASE, PERCENTILE, SERVING_SCENARIO

FAMILIES = {  # vendor family -> accelerators drawn (several have no catalog price: the ledger must say unknown)
    "nvidia": ("h100-sxm", "a100-sxm-80gb", "l40s", "h200-sxm", "b200", "h20", "l20", "rtx-4090"),
    "amd": ("mi300x", "mi325x"),
    "gaudi": ("gaudi3", "gaudi2"),
    "ascend": ("ascend-910b", "ascend-910c"),
    "domestic": ("mlu370-x8", "kunlun-p800", "hygon-k100-ai", "mtt-s4000", "br104", "iluvatar-bi-v100"),
}

VGPU_PARTS = ("l40s", "l4", "rtx-6000-ada")  # catalog parts with vGPU profiles (test_generated_vdi_parts_have_profiles)
KINDS = {  # workload kind -> (models drawn, field overrides drawn from)
    "pretrain": (("llama-3.1-8b", "llama-3.1-70b"), {"train_tokens": (2e10, 1e12), "deadline_days": (7, 60)}),
    "finetune_full": (("llama-3.1-8b",), {"train_tokens": (1e9, 5e9)}),
    "finetune_lora": (("llama-3.1-8b", "qwen2.5-7b"), {"train_tokens": (1e8, 1e9)}),
    "finetune_qlora": (("llama-3.1-8b",), {"train_tokens": (1e8, 1e9)}),
    "llm_inference": (("llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b"), {"requests_per_day": (1e4, 2e5, 5e6)}),
    "vision_train": (("yolov8-l", "resnet-50"), {"dataset_items": (2e5, 1e6), "deadline_days": (1, 5)}),
    "vision_inference": (("resnet-50", "yolov8-l"), {"items_per_day": (1e5, 5e6, 1e8)}),
    "diffusion_inference": (("stable-diffusion-3-medium",), {"items_per_day": (2e3, 2e4)}),
    "recsys_inference": (("dlrm-dcnv2",), {"items_per_day": (1e8, 1e10)}),
    "embedding_inference": (("bert-base",), {"items_per_day": (1e6, 1e8)}),
    "rendering_vdi": ((None,), {"seats": (10, 200)}),
    "agent_hosting": (("qwen2.5-7b",), {"agents": (20, 500)}),
}
SERVING_LLM = ("llm_inference",)
TRAINING = ("pretrain", "finetune_full", "finetune_lora", "finetune_qlora")
MODES = ("cloud_on_demand", "cloud_reserved_1y", "cloud_reserved_3y", "cloud_spot", "gpu_rental", "bare_metal",
         "private", "hybrid", "container_service", "serverless_api", "managed_training", "agent_platform")
OWNED = ("private", "private", "hybrid", "bare_metal")
NODES = (0, 0, 0, 1, 2, 4, 16, 64, 256, 512)  # 0 = sized by gpudesk; 512 x 8 = 4,096 GPUs
PRECISIONS = {  # (compute, weights, KV) for serving; (compute, weights) for training
    "serving": (("bf16", "bf16", "bf16"), ("fp8", "fp8", "fp8"), ("bf16", "int8", "bf16"), ("bf16", "int4", "fp8"),
                ("fp16", "fp16", "fp16"), ("fp4", "fp4", "fp8")),
    "training": (("bf16", "bf16"), ("fp8", "bf16"), ("fp16", "fp16")),
}
REGIONS = ("us", "cn", "cn")


@dataclass(frozen=True)
class Drawn:
    """One generated plan and what was drawn for it (so a failure names its shape)."""

    project: Project
    search: bool
    mixed_currency: bool
    families: tuple[str, ...]
    label: str


def _workload(rng: random.Random, kind: str, pools: bool = False) -> Workload:
    models, fields = KINDS[kind]
    model = rng.choice(models)  # None: the kind reads no model (the plan keeps the default id, as the wizard does)
    w = Workload(kind=kind, **({"model_id": model} if model else {}), **{k: rng.choice(v) for k, v in fields.items()})
    if kind in TRAINING:
        w.compute_dtype, w.weight_dtype = rng.choice(PRECISIONS["training"])
    elif kind in SERVING_LLM or kind == "agent_hosting":
        w.compute_dtype, w.weight_dtype, w.kv_dtype = rng.choice(PRECISIONS["serving"])
        w.prompt_tokens, w.output_tokens = rng.choice(((1024, 256), (4096, 512), (256, 1024)))
        if kind in SERVING_LLM and (pools or rng.random() < 0.3):  # disaggregated prefill / decode, pools sized or stated
            w.batching = "disaggregated"
            w.parallel.tp = rng.choice((1, 2, 4, 8)) if w.model_id != "llama-3.1-70b" else rng.choice((4, 8))
            if rng.random() < 0.5:
                w.parallel.prefill_pool_gpus, w.parallel.decode_pool_gpus = 2 * w.parallel.tp, w.parallel.tp
    return w


def _phase(rng: random.Random, index: int, kind: str, mode: str, family: str, region: str, pools: bool) -> Phase:
    w = _workload(rng, kind, pools)
    phase = Phase(name=f"P{index + 1}", workloads=[w])
    if kind in ("llm_inference", "agent_hosting") and rng.random() < 0.25:  # a second workload on the same GPUs
        phase.workloads.append(_workload(rng, "embedding_inference"))
    accelerator = rng.choice(VGPU_PARTS if kind == "rendering_vdi" else FAMILIES[family])  # seats need vGPU profiles
    phase.hardware.accelerator_id = accelerator
    phase.hardware.candidates = [accelerator, rng.choice(FAMILIES[rng.choice(sorted(FAMILIES))])]
    phase.hardware.nodes = rng.choice(NODES)
    if phase.hardware.nodes and rng.random() < 0.2:
        phase.hardware.gpus_per_node = rng.choice((1, 2, 4))
    phase.delivery.mode = mode
    phase.duration_months = rng.choice((1, 3, 12, 36))
    phase.carry_forward_hardware = rng.random() < 0.5
    phase.facility.region = region
    phase.costs.currency = "CNY" if region == "cn" else "USD"
    if family in ("ascend", "domestic") and rng.random() < 0.5:
        phase.compliance.domestic_parts = "required"
    phase.network.fabric = rng.choice(("infiniband", "roce", "ethernet"))
    phase.delivery.utilisation.hours_per_day = rng.choice((8.0, 24.0))
    phase.costs.software_per_gpu_year = rng.choice((0.0, 0.0, 800.0))
    if rng.random() < 0.15:
        phase.costs.gpu_price_override = rng.choice((9_000.0, 120_000.0))
    return phase


def generated_plans(seed: int, count: int) -> list[Drawn]:
    """``count`` plans of one to three phases (phases following each other), drawn with ``seed``."""
    rng = random.Random(seed)
    kinds, modes, families = sorted(KINDS), list(MODES), sorted(FAMILIES)
    drawn, at = [], 0
    for number in range(count):
        phases, shape, region = [], [], rng.choice(REGIONS)
        for index in range(rng.choice((1, 1, 2, 3))):
            # walk the kinds, modes and families in turn so a short run still meets each of them
            kind, family = kinds[at % len(kinds)], families[(at + at // len(kinds)) % len(families)]
            mode = modes[(at * 5) % len(modes)] if rng.random() < 0.75 else rng.choice(OWNED)
            at += 1
            phases.append(_phase(rng, index, kind, mode, family, region, pools=at // len(kinds) % 2 == 0))
            shape.append(f"{kind}/{mode}/{phases[-1].hardware.accelerator_id}x{phases[-1].hardware.nodes or 'auto'}")
        mixed = len(phases) > 1 and rng.random() < 0.1  # a later phase costed in the other currency: refused
        if mixed:
            phases[-1].costs.currency = "USD" if region == "cn" else "CNY"
        for i in range(1, len(phases)):
            phases[i].start_month = phases[i - 1].start_month + phases[i - 1].duration_months
        search = rng.random() < 0.5
        project = Project(phases=phases)
        project.meta.language = rng.choice(("zh", "en"))
        drawn.append(Drawn(project, search, mixed, tuple(sorted({f for f in families if any(
            p.hardware.accelerator_id in FAMILIES[f] for p in phases)})),
            f"plan{number}{'-searched' if search else ''}: " + " | ".join(shape)))
    return drawn


def serving_input_plans(seed: int, count: int) -> list[Drawn]:
    """``count`` one-phase LLM serving plans that state issue 18's serving inputs, which :func:`generated_plans` leaves
    at their defaults: the scenario (each in turn), spreads of the prompt and output lengths, the engine release, the
    attention data-parallel balancer on an MoE model with experts wider than tensor parallel, a KV bucket, the
    serving memory share, the latency percentile, an end-to-end target, a GPU power limit and the engine's token
    budget per iteration."""
    rng = random.Random(seed)
    drawn = []
    for number in range(count):
        family, region = rng.choice(("nvidia", "nvidia", "amd", "ascend")), rng.choice(REGIONS)
        phase = _phase(rng, 0, "llm_inference", rng.choice(MODES[:8] + OWNED), family, region, pools=False)
        w = phase.workloads[0]
        if w.batching != "disaggregated" and rng.random() < 0.5:  # MoE, attention data-parallel over its experts
            w.model_id, w.parallel.tp, w.parallel.ep = "mixtral-8x7b", 1, rng.choice((2, 4))
            w.attention_dp_balance = rng.random() < 0.7
            w.attention_dp_timeout_iters, w.attention_dp_batching_wait_iters = rng.choice(((50, 10), (9, 3), (500, 0)))
        w.serving_scenario = SERVING_SCENARIO.codes[number % len(SERVING_SCENARIO.codes)]
        w.engine_release = rng.choice(ENGINE_RELEASE.codes)
        w.prompt_tokens_sd = w.prompt_tokens * rng.choice((0.0, 0.5, 2.0))
        w.output_tokens_sd = w.output_tokens * rng.choice((0.0, 0.5, 2.0))
        w.kv_bucket_tokens = rng.choice((0, 0, 256))
        # the engine's token budget per iteration, from a generator of its own (the other draws stay as they were)
        w.max_tokens_per_iteration = random.Random(seed + 7919 * (number + 1)).choice((0, 512, 2048, 8192))
        # FP8 context attention, from a generator of its own as well
        w.fp8_context_attention = random.Random(seed + 104729 * (number + 1)).random() < 0.5
        w.serving_memory_fraction = rng.choice((0.9, 0.6))
        w.latency_percentile = rng.choice(PERCENTILE.codes)
        w.e2e_ms = rng.choice((0.0, 60_000.0))
        phase.hardware.gpu_power_limit_w = rng.choice((0.0, 0.0, 500.0))
        search = rng.random() < 0.5
        project = Project(phases=[phase])
        project.meta.language = rng.choice(("zh", "en"))
        shape = (f"{w.model_id} tp{w.parallel.tp} ep{w.parallel.ep} {w.serving_scenario} {w.batching} "
                 f"{w.engine_release} adp{int(w.attention_dp_balance)} sd{w.prompt_tokens_sd:g}/{w.output_tokens_sd:g} "
                 f"budget{w.max_tokens_per_iteration} fp8ctx{int(w.fp8_context_attention)} "
                 f"{phase.hardware.accelerator_id}x{phase.hardware.nodes or 'auto'} {phase.delivery.mode}")
        drawn.append(Drawn(project, search, False, (family,), f"serving{number}{'-searched' if search else ''}: {shape}"))
    return drawn

