"""The plan a user builds: typed, Qt-free, serialisable.

A :class:`Project` holds one or more :class:`Phase` objects (pilot,
training, launch, peak season, …); each phase has its own workloads,
hardware, storage, network, facility, delivery mode and cost
assumptions. Every numeric field declares its unit, valid range and the reason for
that range (``why``, texts in ``bound_reasons.py``) in its metadata: the
schema validator, the JSON Schema in ``docs/``, the documentation tables
and the UI's spin boxes all read the same declaration, so a field added
here is bounded everywhere without a list to maintain. Fields naming a
catalog row declare the table (``catalog``); the inputs a workload cannot
do without declare ``essential`` (what they are: workload, model, data or
target) and the workload kinds they matter for (``kinds``), so a plan that
leaves them unset says so (``assumed.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gpudesk.project import bound_reasons as why
from gpudesk.project import serving_help as serve
from gpudesk.project.commercial_terms import CompliancePlan, CostPlan, DeliveryPlan
from gpudesk.project.field_declarations import choice, essential, free_text, items, num, text
from gpudesk.vocabulary.plan_choices import REGION
from gpudesk.vocabulary.precision import PRECISION
from gpudesk.vocabulary.request_lengths import LENGTH_DATASET
from gpudesk.vocabulary.serving import (
    ADP_BALANCE_BATCHING_WAIT_ITERS,
    ADP_BALANCE_TIMEOUT_ITERS,
    ENGINE_RELEASE,
    PERCENTILE,
    QUANTIZATION,
    SERVING_BATCHING,
    SERVING_SCENARIO,
)
from gpudesk.vocabulary.training import LOW_PRECISION_RECIPE, OPTIMIZER, PIPELINE_SCHEDULE, TRAINING_STACK
from gpudesk.vocabulary.training import RECOMPUTE as RECOMPUTE_MODES
from gpudesk.vocabulary.workloads import ITEM_SERVING_KINDS as ITEM_SERVING
from gpudesk.vocabulary.workloads import LLM_TRAINING_KINDS as LLM_TRAINING
from gpudesk.vocabulary.workloads import SEAT_KINDS, WORKLOAD_KIND
from gpudesk.vocabulary.workloads import TRAINING_KINDS as TRAINING

SCHEMA_VERSION = 5


WORKLOAD_KINDS = WORKLOAD_KIND.codes
DTYPES = PRECISION.codes
OPTIMIZERS = OPTIMIZER.codes
RECOMPUTE = RECOMPUTE_MODES.codes
TRAINING_STACKS = TRAINING_STACK.codes
FABRICS = ("none", "infiniband", "roce", "ethernet")
LLM_SERVING = WORKLOAD_KIND.where(family="llm_serving")
MODEL_KINDS = tuple(k for k in WORKLOAD_KINDS if k not in SEAT_KINDS)


@dataclass
class Parallelism:
    tp: int = num(1, 1, 1024, "GPUs", "tensor parallel degree", why=why.DEGREE)
    pp: int = num(1, 1, 1024, "stages", "pipeline parallel stages", why=why.STAGES)
    dp: int = num(0, 0, 1_000_000, "replicas",
                  "data parallel degree; 0 = sized by gpudesk, else the job uses tp·pp·cp·dp GPUs (must match the "
                  "nodes when they are set)", why=why.REPLICAS)
    cp: int = num(1, 1, 1024, "GPUs", "context parallel degree", why=why.DEGREE)
    ep: int = num(1, 1, 1024, "GPUs", "expert parallel degree", why=why.DEGREE)
    prefill_tp: int = num(0, 0, 1024, "GPUs", serve.PREFILL_TP, why=why.PREFILL_TP)
    prefill_pool_gpus: int = num(0, 0, 1_000_000, "GPUs", serve.PREFILL_POOL, why=why.POOL)
    decode_pool_gpus: int = num(0, 0, 1_000_000, "GPUs", serve.DECODE_POOL, why=why.POOL)
    zero_stage: int = num(1, 0, 3, "", "ZeRO stage (3 = FSDP full shard)", why=why.ZERO)
    recompute: str = choice("selective", RECOMPUTE, "activation recomputation")
    sequence_parallel: bool = True
    flash_attention: bool = field(default=True, metadata={"help": (
        "fused attention kernel (FlashAttention or the engine's own): training keeps no a·s score tensors in memory "
        "and moves none through HBM; serving off: every attention score goes through HBM, in prefill and decode")})
    training_stack: str = choice(
        "megatron", TRAINING_STACKS,
        "training implementation: Megatron-LM / NeMo conventions (fused vocab-parallel loss, bf16 "
        "weights with fp32 master copy and fp32 gradients); eager PyTorch / Hugging Face under "
        "torch.autocast (fp32 weights and gradients, bf16 weight copies, unfused cross-entropy on fp32 logits); "
        "DeepSpeed ZeRO (16-bit weights and gradients, fp32 master copy and Adam moments); "
        "PyTorch FSDP2 as torchtitan runs it (fp32 sharded parameters, gradients and Adam moments, bf16 gathered "
        "layers, eager layers, unfused cross-entropy)")
    virtual_stages: int = num(1, 1, 64, "", "interleaved pipeline chunks per stage (interleaved schedule)",
                              why=why.CHUNKS)
    pipeline_schedule: str = choice(
        "1f1b", PIPELINE_SCHEDULE.codes,
        "pipeline schedule: 1F1B bubble (p−1)/m; interleaved (p−1)/(v·m) with v virtual stages; zero bubble "
        "(ZB-H1) a third of 1F1B's; DualPipe (DeepSeek-V3) two half-depth pipelines, expert all-to-all hidden")
    overlap_grad_reduce: bool = field(default=True, metadata={
        "help": "reduce data-parallel gradients in buckets during the backward (Megatron --overlap-grad-reduce, "
                "PyTorch DDP/FSDP default); off: the whole reduction is exposed"})
    overlap_param_gather: bool = field(default=True, metadata={
        "help": "all-gather the distributed optimizer's parameters during the next forward "
                "(Megatron --overlap-param-gather)"})
    tp_comm_overlap: bool = field(default=False, metadata={
        "help": "pipeline tensor-parallel collectives with the GEMMs (Transformer Engine userbuffers, "
                "Megatron --tp-comm-overlap, torchtitan AsyncTP)"})
    moe_a2a_overlap: bool = field(default=False, metadata={
        "help": "hide the expert all-to-all under another micro-batch's compute (Megatron 1F1B A2A overlap, "
                "DualPipe)"})
    expert_gemm_loop: bool = field(default=False, metadata={
        "help": "run the expert GEMMs one cuBLASLt call per local expert (Transformer Engine GroupedLinear, "
                "Megatron-Core before its fused grouped MLP); off: one grouped launch"})
    torch_compile: bool = field(default=False, metadata={
        "help": "torch.compile the layers (fuses element-wise kernels: step time, and FSDP2 activation memory)"})
    cpu_offload: bool = False


@dataclass
class Workload:
    kind: str = choice("pretrain", WORKLOAD_KINDS, **essential("workload", WORKLOAD_KINDS, "Workload type"))
    name: str = free_text("", 100, why.WORKLOAD_NAME)
    model_id: str = text("llama-3.1-8b", 200, catalog="models", alternative="custom_model",
                         **essential("model", MODEL_KINDS, "Model"))
    custom_model: dict[str, Any] | None = field(
        default=None, metadata={"max_items": 200, "max_depth": 8, "help": "user-defined model architecture"}
    )
    compute_dtype: str = choice("bf16", DTYPES, "precision of matrix math")
    weight_dtype: str = choice("bf16", DTYPES, "precision weights are stored in")
    kv_dtype: str = choice("bf16", DTYPES, "KV cache precision")
    optimizer: str = choice("adamw", OPTIMIZERS)
    low_precision_recipe: str = choice(
        "tensorwise", LOW_PRECISION_RECIPE.codes,
        "scaling recipe of fp8/fp4 training GEMMs (read when the compute precision is fp8 or fp4): how many bytes "
        "each cast of an activation moves")
    seq_len: int = num(4096, 1, 10_000_000, "tokens", "training sequence length", why=why.CONTEXT,
                       **essential("data", LLM_TRAINING, "Sequence length"))
    micro_batch: int = num(1, 1, 65_536, "sequences", "micro-batch per GPU", why=why.MICRO_BATCH)
    global_batch: int = num(1024, 1, 100_000_000, "sequences", "global batch", why=why.GLOBAL_BATCH, zh_scale="")
    train_tokens: float = num(1e11, 0, 1e15, "tokens", "tokens to train on", why=why.TOKENS, zh_scale="亿",
                              **essential("data", LLM_TRAINING, "Training tokens"))
    epochs: float = num(1, 0, 100_000, "epochs", why=why.EPOCHS,
                        **essential("data", ("vision_train",), "Epochs"))
    dataset_tokens: float = num(0, 0, 1e15, "tokens", "dataset size in tokens (0 = train_tokens / epochs)",
                                why=why.TOKENS, zh_scale="亿")
    deadline_days: float = num(30, 0, 3650, "days", "training deadline", why=why.DEADLINE,
                               **essential("target", TRAINING, "Training deadline"))
    lora_rank: int = num(16, 1, 4096, "", "LoRA rank", why=why.LORA_RANK)
    parallel: Parallelism = field(default_factory=Parallelism)
    # inference: load, targets and request shapes in business terms
    prompt_tokens: int = num(1024, 1, 10_000_000, "tokens", "mean input (prompt) length", why=why.CONTEXT,
                             **essential("data", LLM_SERVING, "Prompt tokens"))
    prompt_tokens_sd: float = num(0, 0, 10_000_000, "tokens", serve.PROMPT_SD, why=why.CONTEXT)
    output_tokens: int = num(256, 1, 1_000_000, "tokens", "mean output length", why=why.OUTPUT,
                             **essential("data", LLM_SERVING, "Output tokens"))
    output_tokens_sd: float = num(0, 0, 1_000_000, "tokens", serve.OUTPUT_SD, why=why.OUTPUT)
    length_dataset: str = choice("none", LENGTH_DATASET.codes, serve.LENGTH_DATASET)
    concurrency: int = num(0, 0, 10_000_000, "sequences", serve.CONCURRENCY, why=why.CONCURRENCY)
    users: int = num(0, 0, 1_000_000_000, "people", serve.USERS, why=why.USERS, zh_scale="万")
    requests_per_day: float = num(100_000, 0, 1e12, "requests/day", serve.REQUESTS, why=why.REQUESTS, zh_scale="万",
                                  **essential("data", LLM_SERVING, "Requests per day"),
                                  alternative="peak_requests_per_s")
    busy_hours_per_day: float = num(24, 1, 24, "h", serve.BUSY_HOURS, why=why.BUSY_HOURS)
    peak_factor: float = num(3, 1, 1000, "x", "peak rate over the average rate of the busy hours", why=why.PEAK)
    peak_requests_per_s: float = num(0, 0, 1e7, "requests/s", serve.PEAK_RATE, why=why.PEAK_RATE)
    latency_percentile: str = choice("p99", PERCENTILE.codes, serve.PERCENTILE)
    ttft_ms: float = num(3000, 1, 600_000, "ms", "time-to-first-token target at the latency percentile",
                         why=why.LATENCY, **essential("target", LLM_SERVING, "First-token target"))
    ttft_p50_ms: float = num(1000, 0, 600_000, "ms", "median (P50) time-to-first-token target; 0 = none",
                             why="0 = none; " + why.LATENCY)
    tpot_ms: float = num(50, 1, 60_000, "ms", "time-per-output-token target (one decode iteration of the batch)",
                         why=why.TPOT,
                         **essential("target", LLM_SERVING, "Time per output token target"))
    e2e_ms: float = num(0, 0, 3_600_000, "ms", serve.E2E, why=why.E2E)
    quantization: str = choice("as_planned", QUANTIZATION.codes, serve.QUANTIZATION)
    batching: str = choice("continuous", SERVING_BATCHING.codes, serve.BATCHING)
    serving_scenario: str = choice("server", SERVING_SCENARIO.codes, serve.SCENARIO)
    attention_dp_balance: bool = field(default=False, metadata={"help": serve.ADP_BALANCE})
    attention_dp_timeout_iters: int = num(ADP_BALANCE_TIMEOUT_ITERS, 1, 1000, "iterations", serve.ADP_TIMEOUT,
                                          why=why.ADP_ITERS)
    attention_dp_batching_wait_iters: int = num(ADP_BALANCE_BATCHING_WAIT_ITERS, 0, 1000, "iterations",
                                                serve.ADP_BATCHING_WAIT, why=why.ADP_ITERS)
    kv_bucket_tokens: int = num(0, 0, 10_000_000, "tokens", serve.KV_BUCKET, why=why.KV_BUCKET)
    max_tokens_per_iteration: int = num(0, 0, 10_000_000, "tokens", serve.TOKEN_BUDGET, why=why.TOKEN_BUDGET)
    fp8_context_attention: bool = field(default=False, metadata={"help": serve.FP8_CONTEXT_ATTENTION})
    engine_release: str = choice("current", ENGINE_RELEASE.codes, serve.ENGINE_RELEASE)
    serving_memory_fraction: float = num(0.9, 0.05, 0.99, "fraction", serve.MEMORY_SHARE, why=why.MEMORY_SHARE)
    # vision, diffusion, recommendation, embeddings
    items_per_day: float = num(0, 0, 1e13, "items/day", "images, samples or embeddings per day", why=why.ITEMS,
                               zh_scale="万", **essential("data", ITEM_SERVING, "Items per day"))
    latency_ms: float = num(100, 1, 600_000, "ms", "per-item latency target", why=why.LATENCY,
                            **essential("target", ITEM_SERVING, "Latency target"))
    image_size: int = num(224, 8, 16_384, "px", why=why.IMAGE)
    dataset_items: float = num(0, 0, 1e13, "items", "training images/samples", why=why.ITEMS, zh_scale="万",
                               **essential("data", ("vision_train",), "Training images/samples"))
    # rendering / VDI
    seats: int = num(0, 0, 1_000_000, "seats", "concurrent VDI/render seats", why=why.SEATS,
                     **essential("data", ("rendering_vdi",), "Concurrent seats"))
    seat_profile_gb: float = num(4, 0.5, 192, "GB", "vGPU framebuffer per seat", why=why.SEAT_PROFILE)
    # agents
    agents: int = num(0, 0, 10_000_000, "agents", "always-on agents", why=why.AGENTS,
                      **essential("data", ("agent_hosting",), "Always-on agents"))
    model_calls_per_agent_hour: float = num(30, 0, 1e6, "calls/h", why=why.CALLS,
                                            **essential("data", ("agent_hosting",), "Model calls per agent-hour"))
    vcpus_per_agent: float = num(1, 0.1, 256, "vCPU", why=why.VCPUS)
    assumed_inputs: list[str] = items(
        list, 64, "essential inputs the plan file left unset, so gpudesk's defaults stand in for them (an "
        "input leaves the list when it is edited)", item_max_len=64)


@dataclass
class Hardware:
    accelerator_id: str = text("h100-sxm", 200, "pinned accelerator", catalog="accelerators")
    candidates: list[str] = items(list, 64, "accelerators to compare", item_max_len=200, item_catalog="accelerators")
    server_id: str = text("", 200, "server model; empty = derived from accelerator", catalog="servers")
    gpus_per_node: int = num(8, 1, 72, "GPUs", why=why.GPUS_PER_NODE)
    nodes: int = num(0, 0, 100_000, "nodes", "0 = sized by gpudesk", why=why.NODES)
    cpu_cores_per_node: int = num(0, 0, 1024, "cores", "0 = server default", why=why.CORES)
    host_ram_gb: float = num(0, 0, 65_536, "GB", "0 = server default", why=why.HOST_RAM)
    gpu_power_limit_w: float = num(
        0, 0, 3000, "W", "GPU power limit (nvidia-smi -pl); 0 = the TDP. Below the TDP the sustained clock, so "
        "compute, the GPUs' busy draw and the server's maximum drop; idle and host draw stay", why=why.POWER_LIMIT)


@dataclass
class StoragePlan:
    option_id: str = text("parallel-fs-lustre", 200, catalog="storage_options")
    dataset_tb: float = num(1, 0, 1_000_000, "TB", why=why.DATASET_TB)
    growth_pct_per_year: float = num(30, 0, 1000, "%/year", why=why.GROWTH)
    checkpoint_interval_hours: float = num(2, 0.05, 10_000, "h", why=why.CHECKPOINT)
    team_size: int = num(10, 1, 100_000, "people", why=why.TEAM)
    concurrent_jobs: int = num(1, 1, 10_000, "jobs", why=why.JOBS)
    sample_bytes: float = num(0, 0, 1e12, "B", "bytes read per sample (0 = derived)", why=why.SAMPLE_BYTES)


@dataclass
class NetworkPlan:
    fabric: str = choice("infiniband", FABRICS)
    nic_id: str = text("", 200, catalog="nics")
    switch_id: str = text("", 200, catalog="switches")
    oversubscription: float = num(1, 1, 16, ":1", why=why.OVERSUBSCRIPTION)
    rail_optimized: bool = True


@dataclass
class FacilityPlan:
    region: str = text("us", 50, "facility region: electricity and grid-carbon defaults, market and currency",
                       suggested=REGION.codes)
    pue: float = num(0, 0, 3, "", "0 = catalog default for the cooling type", why=why.PUE)
    electricity_per_kwh: float = num(0, 0, 10, "currency/kWh", "0 = catalog default for the region",
                                     why=why.ELECTRICITY)
    grid_co2_kg_per_kwh: float = num(-1, -1, 2, "kg/kWh", "-1 = catalog default for the region", why=why.GRID_CO2)
    rack_power_limit_kw: float = num(0, 0, 500, "kW", "0 = catalog default for the cooling type", why=why.RACK_KW)
    power_limit_kw: float = num(0, 0, 1_000_000, "kW", serve.POWER_LIMIT, why=why.POWER_KW)
    cooling: str = choice("air", ("air", "liquid", "hybrid"))


@dataclass
class GrowthTrigger:
    metric: str = choice("requests_per_day", ("requests_per_day", "concurrency", "train_tokens", "seats", "items_per_day"))
    threshold: float = num(0, 0, 1e15, why=why.THRESHOLD)
    add_nodes: int = num(1, 0, 100_000, "nodes", why=why.ADD_NODES)
    note: str = free_text("", 500, why.NOTE)


@dataclass
class Phase:
    name: str = free_text("Phase 1", 80, why.PHASE_NAME)
    stage: str = choice(
        "production",
        ("development", "training", "large_training", "deployment", "integration", "production", "automation"),
    )
    start_month: int = num(0, 0, 600, "month", why=why.MONTHS)
    duration_months: int = num(12, 1, 600, "months", why=why.MONTHS)
    workloads: list[Workload] = items(lambda: [Workload()], 8, "workloads served in this phase", why=why.WORKLOADS)
    hardware: Hardware = field(default_factory=Hardware)
    storage: StoragePlan = field(default_factory=StoragePlan)
    network: NetworkPlan = field(default_factory=NetworkPlan)
    facility: FacilityPlan = field(default_factory=FacilityPlan)
    delivery: DeliveryPlan = field(default_factory=DeliveryPlan)
    costs: CostPlan = field(default_factory=CostPlan)
    compliance: CompliancePlan = field(default_factory=CompliancePlan)
    carry_forward_hardware: bool = True
    triggers: list[GrowthTrigger] = items(list, 100, "growth triggers")
    notes: str = free_text("", 100_000, why.NOTES)


@dataclass
class Measurement:
    kind: str = choice(
        "train_step", ("train_step", "inference", "gpu_telemetry", "io_throughput", "manual")
    )
    source_name: str = text("", 500)
    accelerator_id: str = text("", 200, catalog="accelerators")
    values: dict[str, float] = items(dict, 500, "measured values", key_max_len=200, item_min=-1e30, item_max=1e30,
                                     item_why=why.MEASUREMENT)
    conditions: dict[str, float] = items(
        dict, 500, "measurement conditions", key_max_len=200, item_min=-1e30, item_max=1e30, item_why=why.MEASUREMENT
    )


@dataclass
class Calibration:
    measurements: list[Measurement] = items(list, 10_000, "pilot measurements")
    fitted: dict[str, float] = items(
        dict, 1000, "constant name -> fitted value", key_max_len=200, item_min=0.001, item_max=1000, item_why=why.SCALE
    )
    uncertainty: dict[str, float] = items(
        dict, 1000, "constant name -> relative 1-sigma", key_max_len=200, item_min=0, item_max=100, item_why=why.SIGMA
    )
    enabled: bool = True


@dataclass
class Revision:
    date: str = text("", 40)
    author: str = free_text("", 60, why.AUTHOR)
    summary: str = free_text("", 2000, why.SUMMARY)


@dataclass
class ProjectMeta:
    name: str = free_text("Untitled plan", 120, why.PLAN_NAME)
    customer: str = free_text("", 120, why.CUSTOMER)
    author: str = free_text("", 60, why.AUTHOR)
    created: str = text("", 40)
    modified: str = text("", 40)
    language: str = choice("zh", ("zh", "en"))
    notes: str = free_text("", 100_000, why.NOTES)


@dataclass
class Project:
    schema_version: int = num(SCHEMA_VERSION, 1, SCHEMA_VERSION, "", "plan file format version", why=why.SCHEMA)
    app_version: str = text("", 100, "gpudesk version that saved the plan")
    catalog_version: str = text("", 100, "catalog version the plan was sized against")
    meta: ProjectMeta = field(default_factory=ProjectMeta)
    phases: list[Phase] = items(lambda: [Phase()], 10, "phases of the plan", why=why.PHASES)
    calibration: Calibration = field(default_factory=Calibration)
    revisions: list[Revision] = items(list, 1000, "revision history")
    catalog_snapshot: dict[str, Any] = items(
        dict, 2000, "catalog rows the plan used, keyed 'table/id'", key_max_len=300, max_depth=6
    )
