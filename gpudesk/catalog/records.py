"""Typed catalog records: the contract between the catalog and everything else.

Every record carries ``source`` (citation id of the row as a whole),
``date`` (ISO date the values were taken) and ``field_sources`` (citation
ids for fields whose source differs from the row's). Unknown values are
``None`` and listed in ``unknown``, never invented. ``user_row`` marks rows
from the user's overlay catalog.

Units are in the field names: ``_gb`` decimal gigabytes (1e9 B), ``_mib`` mebibytes (2^20 B), ``_gbs``
GB/s (1e9 B/s, one direction), ``_tflops`` dense TFLOPS (1e12 FLOP/s),
``_w`` watts, ``_kw`` kilowatts, ``_usd``/``_cny`` money.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpudesk.vocabulary.precision import peak_field


@dataclass(frozen=True)
class Provenance:
    source: str = ""
    date: str = ""
    field_sources: dict[str, str] = field(default_factory=dict)
    unknown: tuple[str, ...] = ()
    verified: bool = True
    notes: str = ""
    user_row: bool = False

    def source_of(self, field_name: str) -> str:
        return self.field_sources.get(field_name, self.source)


@dataclass(frozen=True)
class Accelerator:
    id: str
    name: str
    vendor: str  # nvidia | amd | intel | huawei
    family: str  # calibration family: nvidia-volta, nvidia-ampere, nvidia-hopper, nvidia-blackwell, nvidia-ada, nvidia-turing, amd-cdna2, amd-cdna3, amd-cdna4, intel-gaudi, huawei-ascend
    memory_gb: float
    memory_type: str
    mem_bw_gbs: float
    # Device total the driver reports (nvidia-smi "Total", rocm-smi "VRAM Total Memory"), MiB (2^20 B). The
    # marketed memory_gb is not one unit (HBM parts are binary-ish, GDDR parts decimal-ish); memory fit uses this.
    usable_memory_mib: float | None = None
    fp64_tflops: float | None = None
    fp32_tflops: float | None = None
    tf32_tflops: float | None = None
    bf16_tflops: float | None = None
    fp16_tflops: float | None = None
    fp8_tflops: float | None = None
    fp6_tflops: float | None = None
    fp4_tflops: float | None = None
    int8_tops: float | None = None
    sparsity_factor: float | None = None  # 2.0 where 2:4 sparse doubles the dense figure
    tdp_w: float | None = None
    form_factor: str = ""  # SXM | OAM | PCIe | superchip
    scaleup_link: str = ""  # e.g. NVLink4, XGMI, HCCS, none
    scaleup_bw_gbs: float | None = None  # per GPU, one direction
    scaleup_domain: int = 1  # GPUs reachable over the scale-up link
    # How the scale-up link joins the GPUs of a node: "switched" (a switch such as NVSwitch gives any group the whole
    # scaleup_bw_gbs) or "full-mesh" (point-to-point links, one bundle to each peer: a group of k GPUs reaches only
    # its own k - 1 bundles); "" = not recorded. scaleup_links: the peer links (bundles) a GPU has in a full mesh;
    # each carries scaleup_bw_gbs / scaleup_links.
    scaleup_topology: str = ""
    scaleup_links: int | None = None
    pcie_gen: int | None = None
    display_outputs: int | None = None
    rt_cores: bool = False
    vgpu_profiles_gb: tuple[float, ...] = ()
    software_stack: str = ""  # CUDA | ROCm | oneAPI/SynapseAI | CANN | DTK | Neuware | XPU | MUSA ...
    frameworks: tuple[str, ...] = ()
    # Framework support per workload kind, as the vendor documents it (e.g. "MindSpeed (Megatron port)",
    # "MindIE", "vLLM-Ascend"); empty = not documented, which the ecosystem check reads as unknown.
    training_frameworks: tuple[str, ...] = ()
    serving_frameworks: tuple[str, ...] = ()
    # How the mainstream frameworks support the part, per workload group (docs/catalog.md "Framework support"):
    # upstream (released by the framework itself) | vendor (the vendor's plugin or fork) | partial (works with
    # named gaps) | none; "" = not recorded. Groups: LLM training (Megatron-LM, DeepSpeed, FSDP), LLM serving
    # (vLLM, SGLang, TensorRT-LLM), other deep learning (PyTorch models: vision, diffusion, embeddings, recsys).
    support_llm_training: str = ""
    support_llm_serving: str = ""
    support_deep_learning: str = ""
    release_year: int | None = None
    segment: str = ""  # datacenter | workstation | consumer ("" = not recorded); consumer parts carry licence limits
    markets: tuple[str, ...] = ()  # global, china, export-controlled, china-market, domestic
    price_usd: float | None = None  # indicative street price per GPU
    name_zh: str = ""  # the name a Chinese reader is shown ("" = the name reads the same in Chinese): see display_name
    provenance: Provenance = field(default_factory=Provenance)

    def peak_tflops(self, precision: str) -> float | None:
        """Dense peak the math of a precision runs at (gpudesk.vocabulary.precision: int4 math reads int8_tops)."""
        value = getattr(self, peak_field(precision), None)
        return None if value is None else float(value)


@dataclass(frozen=True)
class ModelArch:
    id: str
    name: str
    kind: str  # decoder | encoder | encoder-decoder | vision | diffusion | speech | recsys
    params_total: float  # published parameter count
    params_active: float | None = None  # per token, for MoE; None = dense
    n_layers: int = 0
    hidden: int = 0
    n_heads: int = 0
    n_kv_heads: int = 0
    head_dim: int = 0  # explicit: NOT always hidden / n_heads
    ffn_hidden: int = 0
    vocab: int = 0
    max_context: int = 0
    gated_mlp: bool = True  # SwiGLU/GeGLU: three FFN matrices
    tied_embeddings: bool = False
    attention: str = "gqa"  # mha | gqa | mqa | mla | none
    sliding_window: int | None = None
    n_sliding_layers: int = 0  # layers that use the sliding window
    mla_kv_lora_rank: int | None = None
    mla_q_lora_rank: int | None = None
    mla_rope_dim: int | None = None
    mla_v_head_dim: int | None = None
    n_experts: int = 0
    experts_per_token: int = 0
    n_shared_experts: int = 0
    n_moe_layers: int = 0
    moe_ffn_hidden: int = 0
    image_size: int | None = None
    gflops_per_sample: float | None = None  # forward GFLOPs per image/sample for vision/diffusion/recsys
    denoise_steps: int | None = None
    license: str = ""
    name_zh: str = ""  # the name a Chinese reader is shown ("" = the name reads the same in Chinese): see display_name
    provenance: Provenance = field(default_factory=Provenance)

    @property
    def is_moe(self) -> bool:
        return self.n_experts > 0

    @property
    def active_params(self) -> float:
        return self.params_active if self.params_active else self.params_total


@dataclass(frozen=True)
class Server:
    id: str
    name: str
    vendor: str
    accelerator_id: str
    gpus: int
    cpu_model: str = ""
    cpu_sockets: int = 2
    cpu_cores_total: int = 0
    ram_gb: float = 0
    nics: int = 0
    nic_gbps: float = 0  # per NIC, Gb/s
    frontend_nics: int = 0
    frontend_nic_gbps: float = 0
    # the protocol of the back-end NICs the server carries (infiniband | ethernet, RoCE being Ethernet); "" where the
    # row does not say (dual-mode VPI adapters run either): a plan's fabric of the other kind does not link to them
    nic_kind: str = ""
    local_nvme_tb: float = 0
    pcie_gen: int | None = None
    power_idle_kw: float | None = None
    power_typical_kw: float | None = None
    power_max_kw: float | None = None
    rack_units: float = 0  # 0 for a whole rack system (see is_rack)
    weight_kg: float | None = None
    cooling: str = ""  # air | liquid | hybrid; "" = not published (listed unknown)
    liquid_heat_share: float = 0.0
    is_rack: bool = False  # NVL72-class rack-scale system
    scaleup_domain: int = 8
    price_usd: float | None = None
    name_zh: str = ""  # the name a Chinese reader is shown ("" = the name reads the same in Chinese): see display_name
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True)
class Interconnect:
    id: str
    name: str
    kind: str  # nvlink | pcie | infiniband | roce | ethernet | xgmi | hccs
    generation: str
    bw_gbs: float  # per link/port or per GPU, one direction, GB/s
    scope: str  # "per-gpu" | "per-port"
    latency_us: float | None = None
    max_domain: int | None = None
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True)
class Switch:
    id: str
    name: str
    kind: str  # infiniband | ethernet | nvswitch
    ports: int
    port_gbps: float
    power_w: float | None = None
    rack_units: float = 1
    price_usd: float | None = None
    ports_per_cage: int | None = None  # ports one transceiver cage (one module) serves: 2 in twin-port OSFP cages
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True)
class Nic:
    id: str
    name: str
    kind: str  # infiniband | ethernet
    gbps: float
    ports: int = 1
    power_w: float | None = None
    price_usd: float | None = None
    optic_price_usd: float | None = None  # per transceiver end
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True)
class StorageOption:
    id: str
    name: str
    kind: str  # local-nvme | parallel-fs | nas | object
    read_gbs_per_node: float | None = None
    write_gbs_per_node: float | None = None
    read_gbs_per_tb: float | None = None  # aggregate throughput scaling with capacity
    aggregate_read_gbs_max: float | None = None
    latency_class: str = ""  # us | sub-ms | ms | 10ms+
    price_usd_per_tb_month: float | None = None
    provenance: Provenance = field(default_factory=Provenance)
    price_cny_per_tb_month: float | None = None  # China cloud list prices (added by the catalog; optional)
    read_requests_per_s: float | None = None  # read request limit (object storage: GETs per second per prefix)
    cloud_provider: str = ""  # the cloud that hosts the service ("" = a product run in the customer's own site)


@dataclass(frozen=True)
class CloudOffer:
    id: str
    provider: str
    instance: str
    accelerator_id: str | None
    gpus: int
    vcpus: int = 0
    ram_gb: float = 0
    region: str = ""
    currency: str = "USD"
    on_demand_per_hour: float | None = None
    reserved_1y_per_hour: float | None = None
    reserved_3y_per_hour: float | None = None
    spot_per_hour: float | None = None
    kind: str = "hyperscaler"  # hyperscaler | gpu-cloud | china-cloud | rental | cpu-vm
    provenance: Provenance = field(default_factory=Provenance)
    # Market the offer is sold in (cn, us, eu, global): a cn plan rents only cn offers, others none of them.
    market: str = ""
    monthly_per_month: float | None = None  # monthly subscription (包月) per instance-month, in ``currency``
    # network between instances, Gb/s per instance as the provider states it ("up to" figures at their ceiling):
    # what a rented phase's instances reach each other over; None: the catalog does not say (the time across
    # instances is then unknown, never a guessed speed)
    network_gbps: float | None = None


@dataclass(frozen=True)
class Availability:
    """Whether an accelerator or a server can be bought in a market, on what rule, since when.

    ``status``: available | restricted (a licence or approval is needed) | unavailable. ``rule`` names the
    rule or announcement it rests on; ``effective`` is the date that rule took effect. A user row with the
    same id overrides a shipped one (the architect's own reading, with their note in ``notes``).
    """

    id: str
    item_table: str  # accelerators | servers
    item_id: str
    market: str  # cn | us | eu | global (every market without a row of its own)
    status: str
    rule: str
    effective: str = ""  # YYYY-MM-DD the rule took effect
    rule_zh: str = ""  # the rule in Chinese (zh readers); empty: ``rule`` is shown
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True)
class FacilityDefault:
    id: str
    kind: str  # pue | electricity | grid_co2 | rack_power
    region: str  # or cooling type for pue / rack_power
    value: float
    unit: str
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True)
class Citation:
    id: str
    title: str
    url: str = ""
    publisher: str = ""
    accessed: str = ""
    kind: str = "V"  # V vendor, S secondary, M measured, D derived
    note: str = ""  # how the source was used, caveats (added by the catalog; optional)


def display_name(name: str, name_zh: str, lang: str) -> str:
    """A catalog part's name as a reader of ``lang`` is shown it: the row's ``name_zh`` in Chinese where the catalog
    gives one (the English name's descriptive words, such as "per Blackwell GPU of a Grace Blackwell superchip",
    in Chinese), else the product name as it is. Every surface that names an accelerator or a server asks here."""
    return name_zh if lang == "zh" and name_zh else name

