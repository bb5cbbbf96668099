"""The plan a user builds: typed, Qt-free, serialisable.

A :class:`Project` holds one or more :class:`Phase` objects (pilot,
training, launch, peak season, …); each phase has its own workloads,
hardware, storage, network, facility, delivery mode and cost
assumptions. Every numeric field declares its unit and valid range in
its metadata: the schema validator, the JSON Schema in ``docs/`` and the
UI's spin boxes all read the same declaration.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gpudesk.vocabulary.delivery import DELIVERY_MODE
from gpudesk.vocabulary.precision import PRECISION
from gpudesk.vocabulary.training import OPTIMIZER, TRAINING_STACK
from gpudesk.vocabulary.training import RECOMPUTE as RECOMPUTE_MODES
from gpudesk.vocabulary.workloads import WORKLOAD_KIND

SCHEMA_VERSION = 2


def num(default: float, lo: float, hi: float, unit: str = "", help: str = "") -> Any:
    return field(default=default, metadata={"min": lo, "max": hi, "unit": unit, "help": help})


def choice(default: str, choices: tuple[str, ...], help: str = "") -> Any:
    return field(default=default, metadata={"choices": choices, "help": help})


def text(default: str = "", max_len: int = 10_000, help: str = "") -> Any:
    return field(default=default, metadata={"max_len": max_len, "help": help})


def items(factory: Any, max_items: int, help: str = "", **item_limits: Any) -> Any:
    """A list or mapping field: ``max_items`` bounds its length; ``item_min``/``item_max``/``item_unit``
    bound numeric items (values, for mappings), ``item_max_len`` text items, ``key_max_len`` mapping
    keys and ``max_depth`` free-form JSON values."""
    return field(default_factory=factory, metadata={"max_items": max_items, "help": help, **item_limits})


WORKLOAD_KINDS = WORKLOAD_KIND.codes
DTYPES = PRECISION.codes
OPTIMIZERS = OPTIMIZER.codes
RECOMPUTE = RECOMPUTE_MODES.codes
TRAINING_STACKS = TRAINING_STACK.codes
DELIVERY_MODES = DELIVERY_MODE.codes
FABRICS = ("none", "infiniband", "roce", "ethernet")
CURRENCIES = ("USD", "CNY")


@dataclass
class Parallelism:
    tp: int = num(1, 1, 1024, "GPUs", "tensor parallel degree")
    pp: int = num(1, 1, 1024, "stages", "pipeline parallel stages")
    dp: int = num(0, 0, 1_000_000, "replicas",
                  "data parallel degree; 0 = sized by gpudesk, else the job uses tp·pp·cp·dp GPUs (must match the "
                  "nodes when they are set)")
    cp: int = num(1, 1, 1024, "GPUs", "context parallel degree")
    ep: int = num(1, 1, 1024, "GPUs", "expert parallel degree")
    zero_stage: int = num(1, 0, 3, "", "ZeRO stage (3 = FSDP full shard)")
    recompute: str = choice("selective", RECOMPUTE, "activation recomputation")
    sequence_parallel: bool = True
    flash_attention: bool = True
    training_stack: str = choice(
        "megatron", TRAINING_STACKS,
        "training implementation: megatron = Megatron-LM / NeMo conventions (fused vocab-parallel loss, bf16 "
        "weights with fp32 master copy and fp32 gradients); pytorch_amp = eager PyTorch / Hugging Face under "
        "torch.autocast (fp32 weights and gradients, bf16 weight copies, unfused cross-entropy on fp32 logits); "
        "deepspeed = DeepSpeed ZeRO (16-bit weights and gradients, fp32 master copy and Adam moments)")
    virtual_stages: int = num(1, 1, 64, "", "interleaved pipeline chunks per stage")
    cpu_offload: bool = False


@dataclass
class Workload:
    kind: str = choice("pretrain", WORKLOAD_KINDS)
    name: str = text("")
    model_id: str = text("llama-3.1-8b", 200)
    custom_model: dict[str, Any] | None = field(
        default=None, metadata={"max_items": 200, "max_depth": 8, "help": "user-defined model architecture"}
    )
    compute_dtype: str = choice("bf16", DTYPES, "precision of matrix math")
    weight_dtype: str = choice("bf16", DTYPES, "precision weights are stored in")
    kv_dtype: str = choice("bf16", DTYPES, "KV cache precision")
    optimizer: str = choice("adamw", OPTIMIZERS)
    seq_len: int = num(4096, 1, 10_000_000, "tokens", "training sequence length")
    micro_batch: int = num(1, 1, 65_536, "sequences", "micro-batch per GPU")
    global_batch: int = num(1024, 1, 100_000_000, "sequences", "global batch")
    train_tokens: float = num(1e11, 0, 1e15, "tokens", "tokens to train on")
    epochs: float = num(1, 0, 100_000, "epochs")
    dataset_tokens: float = num(0, 0, 1e15, "tokens", "dataset size in tokens (0 = train_tokens / epochs)")
    deadline_days: float = num(30, 0, 3650, "days", "training deadline")
    lora_rank: int = num(16, 1, 4096, "", "LoRA rank")
    parallel: Parallelism = field(default_factory=Parallelism)
    # inference
    prompt_tokens: int = num(1024, 1, 10_000_000, "tokens")
    output_tokens: int = num(256, 1, 1_000_000, "tokens")
    concurrency: int = num(32, 1, 10_000_000, "requests", "requests in flight")
    requests_per_day: float = num(100_000, 0, 1e12, "requests/day")
    peak_factor: float = num(3, 1, 1000, "x", "peak rate over the daily average")
    ttft_p50_ms: float = num(1000, 1, 600_000, "ms", "time-to-first-token target (P50)")
    ttft_p99_ms: float = num(3000, 1, 600_000, "ms", "time-to-first-token target (P99)")
    tpot_ms: float = num(50, 1, 60_000, "ms", "time-per-output-token target")
    disaggregated: bool = False
    serving_memory_fraction: float = num(
        0.9, 0.05, 0.99, "fraction",
        "share of GPU memory the serving engine may use for weights, activations and KV cache "
        "(vLLM gpu_memory_utilization; TensorRT-LLM takes its KV share of the memory left after the weights)")
    # vision, diffusion, recommendation, embeddings
    items_per_day: float = num(0, 0, 1e13, "items/day", "images, samples or embeddings per day")
    latency_ms: float = num(100, 1, 600_000, "ms", "per-item latency target")
    image_size: int = num(224, 8, 16_384, "px")
    dataset_items: float = num(0, 0, 1e13, "items", "training images/samples")
    # rendering / VDI
    seats: int = num(0, 0, 1_000_000, "seats", "concurrent VDI/render seats")
    seat_profile_gb: float = num(4, 0.5, 192, "GB", "vGPU framebuffer per seat")
    # agents
    agents: int = num(0, 0, 10_000_000, "agents", "always-on agents")
    model_calls_per_agent_hour: float = num(30, 0, 1e6, "calls/h")
    vcpus_per_agent: float = num(1, 0.1, 256, "vCPU")


@dataclass
class Hardware:
    accelerator_id: str = text("h100-sxm", 200, "pinned accelerator")
    candidates: list[str] = items(list, 64, "accelerators to compare", item_max_len=200)
    server_id: str = text("", 200, "server model; empty = derived from accelerator")
    gpus_per_node: int = num(8, 1, 72, "GPUs")
    nodes: int = num(0, 0, 100_000, "nodes", "0 = sized by gpudesk")
    cpu_cores_per_node: int = num(0, 0, 1024, "cores", "0 = server default")
    host_ram_gb: float = num(0, 0, 65_536, "GB", "0 = server default")


@dataclass
class StoragePlan:
    option_id: str = text("parallel-fs-lustre", 200)
    dataset_tb: float = num(1, 0, 1_000_000, "TB")
    growth_pct_per_year: float = num(30, 0, 1000, "%/year")
    checkpoint_interval_hours: float = num(2, 0.05, 10_000, "h")
    team_size: int = num(10, 1, 100_000, "people")
    concurrent_jobs: int = num(1, 1, 10_000, "jobs")
    sample_bytes: float = num(0, 0, 1e12, "B", "bytes read per sample (0 = derived)")


@dataclass
class NetworkPlan:
    fabric: str = choice("infiniband", FABRICS)
    nic_id: str = text("", 200)
    switch_id: str = text("", 200)
    oversubscription: float = num(1, 1, 16, ":1")
    rail_optimized: bool = True


@dataclass
class FacilityPlan:
    region: str = text("us", 50)
    pue: float = num(0, 0, 3, "", "0 = catalog default for the cooling type")
    electricity_per_kwh: float = num(0, 0, 10, "currency/kWh", "0 = catalog default for the region")
    grid_co2_kg_per_kwh: float = num(-1, -1, 2, "kg/kWh", "-1 = catalog default for the region")
    rack_power_limit_kw: float = num(0, 0, 500, "kW", "0 = catalog default for the cooling type")
    cooling: str = choice("air", ("air", "liquid", "hybrid"))


@dataclass
class UtilisationProfile:
    hours_per_day: float = num(24, 0, 24, "h")
    days_per_month: float = num(30, 0, 31, "days")
    peak_months: list[int] = items(list, 12, "months of peak load", item_min=1, item_max=12, item_unit="month")
    peak_multiplier: float = num(1, 1, 100, "x")


@dataclass
class DeliveryPlan:
    mode: str = choice("cloud_on_demand", DELIVERY_MODES)
    cloud_offer_id: str = text("", 200)
    utilisation: UtilisationProfile = field(default_factory=UtilisationProfile)
    data_sensitivity: str = choice("normal", ("normal", "sensitive", "regulated"))
    hybrid_owned_share: float = num(0.6, 0, 1, "", "share of capacity owned in hybrid mode")


@dataclass
class CompliancePlan:
    data_residency: str = choice(
        "none", ("none", "in_country"),
        "in_country: data and compute stay in the plan's market (facility region); only that market's cloud "
        "offers may be rented")
    mlps_level: int = num(0, 0, 4, "level",
                          "等保 2.0 (MLPS 2.0, GB/T 22239-2019) protection level the system is filed at; 0 = none")
    domestic_parts: str = choice(
        "none", ("none", "preferred", "required"),
        "信创 procurement: required = China-domestic accelerators only; preferred = ranked first, others warned")
    industry: str = choice(
        "general", ("general", "finance", "government", "healthcare", "energy", "telecom", "education"),
        "regulated industry the customer belongs to (stated with the compliance assumptions)")


@dataclass
class CostPlan:
    currency: str = choice("USD", CURRENCIES)
    cny_per_usd: float = num(7.1, 0.1, 100, "CNY/USD")
    horizon_years: int = num(5, 1, 15, "years")
    staff_fte: float = num(1, 0, 10_000, "FTE")
    staff_cost_per_year: float = num(150_000, 0, 1e8, "currency/year")
    software_per_gpu_year: float = num(0, 0, 1e6, "currency/GPU/year")
    maintenance_pct_per_year: float = num(8, 0, 100, "% of capex/year")
    colo_per_rack_month: float = num(0, 0, 1e6, "currency/rack/month", "0 = own facility")
    depreciation_years: int = num(4, 1, 15, "years")
    fitout_per_kw: float = num(0, 0, 1e6, "currency/kW")
    gpu_price_override: float = num(0, 0, 1e7, "currency/GPU", "0 = catalog price")


@dataclass
class GrowthTrigger:
    metric: str = choice("requests_per_day", ("requests_per_day", "concurrency", "train_tokens", "seats", "items_per_day"))
    threshold: float = num(0, 0, 1e15)
    add_nodes: int = num(1, 0, 100_000, "nodes")
    note: str = text("")


@dataclass
class Phase:
    name: str = text("Phase 1", 200)
    stage: str = choice(
        "production",
        ("development", "training", "large_training", "deployment", "integration", "production", "automation"),
    )
    start_month: int = num(0, 0, 600, "month")
    duration_months: int = num(12, 1, 600, "months")
    workloads: list[Workload] = items(lambda: [Workload()], 50, "workloads served in this phase")
    hardware: Hardware = field(default_factory=Hardware)
    storage: StoragePlan = field(default_factory=StoragePlan)
    network: NetworkPlan = field(default_factory=NetworkPlan)
    facility: FacilityPlan = field(default_factory=FacilityPlan)
    delivery: DeliveryPlan = field(default_factory=DeliveryPlan)
    costs: CostPlan = field(default_factory=CostPlan)
    compliance: CompliancePlan = field(default_factory=CompliancePlan)
    carry_forward_hardware: bool = True
    triggers: list[GrowthTrigger] = items(list, 100, "growth triggers")
    notes: str = text("", 100_000)


@dataclass
class Measurement:
    kind: str = choice(
        "train_step", ("train_step", "inference", "gpu_telemetry", "io_throughput", "manual")
    )
    source_name: str = text("", 500)
    accelerator_id: str = text("", 200)
    values: dict[str, float] = items(dict, 500, "measured values", key_max_len=200, item_min=-1e30, item_max=1e30)
    conditions: dict[str, float] = items(
        dict, 500, "measurement conditions", key_max_len=200, item_min=-1e30, item_max=1e30
    )


@dataclass
class Calibration:
    measurements: list[Measurement] = items(list, 10_000, "pilot measurements")
    fitted: dict[str, float] = items(
        dict, 1000, "constant name -> fitted value", key_max_len=200, item_min=-1e30, item_max=1e30
    )
    uncertainty: dict[str, float] = items(
        dict, 1000, "constant name -> relative 1-sigma", key_max_len=200, item_min=0, item_max=1e6
    )
    enabled: bool = True


@dataclass
class Revision:
    date: str = text("", 40)
    author: str = text("", 200)
    summary: str = text("", 2000)


@dataclass
class ProjectMeta:
    name: str = text("Untitled plan", 300)
    customer: str = text("", 300)
    author: str = text("", 300)
    created: str = text("", 40)
    modified: str = text("", 40)
    language: str = choice("zh", ("zh", "en"))
    notes: str = text("", 100_000)


@dataclass
class Project:
    schema_version: int = num(SCHEMA_VERSION, 1, SCHEMA_VERSION, "", "plan file format version")
    app_version: str = text("", 100, "gpudesk version that saved the plan")
    catalog_version: str = text("", 100, "catalog version the plan was sized against")
    meta: ProjectMeta = field(default_factory=ProjectMeta)
    phases: list[Phase] = items(lambda: [Phase()], 50, "phases of the plan")
    calibration: Calibration = field(default_factory=Calibration)
    revisions: list[Revision] = items(list, 1000, "revision history")
    catalog_snapshot: dict[str, Any] = items(
        dict, 2000, "catalog rows the plan used, keyed 'table/id'", key_max_len=300, max_depth=6
    )
