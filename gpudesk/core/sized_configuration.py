"""The one sized configuration of a phase: what is deployed, how many, and what sized it.

Computed once by the core (``gpudesk.core.phase_sizing``) and read by every surface: step pages,
status bar, charts, proposal, comparison, roadmap, CSV and JSON. No surface re-derives a GPU, node
or server count from candidates or inputs.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from gpudesk.catalog.records import display_name
from gpudesk.vocabulary.delivery import DELIVERY_MODE
from gpudesk.vocabulary.sizing import SIZED_BY, UNSERVED
from gpudesk.vocabulary.workloads import DATA_PARALLEL_LAYOUT_KINDS, WORKLOAD_KIND


@dataclass(frozen=True)
class Layout:
    """Parallel layout of one workload: model-parallel degrees and data-parallel replicas."""

    tp: int = 1
    pp: int = 1
    cp: int = 1
    ep: int = 1
    dp: int = 1

    @property
    def model_parallel(self) -> int:
        return self.tp * self.pp * self.cp

    def text(self) -> str:
        """``"TP4 × PP2 × DP8"``; context and expert parallel only when used."""
        parts = [f"TP{self.tp}", f"PP{self.pp}"]
        if self.cp > 1:
            parts.append(f"CP{self.cp}")
        if self.ep > 1:
            parts.append(f"EP{self.ep}")
        parts.append(f"DP{self.dp}")
        return " × ".join(parts)


@dataclass(frozen=True)
class ServingCapacity:
    """Serving figures that exist per replica and for the whole deployment, kept apart."""

    replicas: int
    per_replica: float  # requests/s (LLM) or items/s one replica sustains at the latency targets
    total: float  # per_replica × replicas
    target: float  # the peak load the plan must carry, same unit
    unit: str  # "requests/s" | "items/s" | "seats" | "agents"
    tokens_per_s_per_replica: float = float("nan")  # LLM serving only
    tokens_per_s_total: float = float("nan")
    # why the rates cannot be stated (vocabulary.sizing.UNSERVED code; the rates are then NaN, never 0): "" = they can
    unserved: str = ""

    def unserved_text(self, lang: str) -> str:
        """Why the deployment cannot serve, in ``lang`` ("" when it can)."""
        return UNSERVED.name_of(self.unserved, lang) if self.unserved else ""

    @property
    def utilisation(self) -> float:
        """Share of the deployment's capacity the peak load uses (NaN when capacity is unknown)."""
        return self.target / self.total if self.total > 0 else float("nan")


@dataclass(frozen=True)
class WorkloadSizing:
    """How one workload of the phase was sized."""

    index: int
    name: str
    kind: str
    gpus: int  # GPUs this workload runs on in the plan
    gpus_needed: int  # what its own sizing asked for (differs from ``gpus`` when the plan fixes the nodes)
    layout: Layout
    sized_by: str  # vocabulary.sizing.SIZED_BY code
    gpus_key: str  # FigureSet key whose explanation shows the sizing (e.g. "plan.w1.gpus")
    capacity: ServingCapacity | None = None
    model_name: str = ""  # the model's catalog name ("" for kinds without a model, e.g. VDI seats)
    # disaggregated LLM serving: (prefill pool GPUs, decode pool GPUs) as the core sized them
    # (infer.disagg_prefill_gpus, infer.disagg_decode_gpus); () for every other workload
    pools: tuple[int, ...] = ()

    def label(self, lang: str) -> str:
        return self.name or WORKLOAD_KIND.name_of(self.kind, lang)

    def sized_by_text(self, lang: str) -> str:
        return SIZED_BY.name_of(self.sized_by, lang)

    def layout_text(self) -> str:
        """The layout as every surface writes it (CLI, window, proposal, the plan's ranked row): a language model's
        parallel layout ("TP4 × PP2 × DP8"); vision training's data-parallel replicas alone ("DP4": each GPU holds
        the whole model, TP and PP are always 1); nothing for item serving (a replica a GPU, as its searched rows:
        search_words.layout_text) or seats (rendering, virtual desktops)."""
        term = WORKLOAD_KIND.term(self.kind) if self.kind in WORKLOAD_KIND else None
        if term is None or term.llm:
            return self.layout.text()
        return f"DP{self.layout.dp}" if self.kind in DATA_PARALLEL_LAYOUT_KINDS else ""


@dataclass(frozen=True)
class SizedConfiguration:
    """What the phase deploys.

    ``servers`` run the workloads; ``servers_owned`` of them belong to the customer (all on premises,
    the baseline share in hybrid, none when renting), of which ``servers_carried`` were bought in the
    previous phase and ``servers_new`` are bought in this one.
    """

    accelerator_id: str
    accelerator_name: str
    server_id: str
    server_name: str  # the catalog's name (English for generic rows: report.server_names words them per language)
    gpus_per_server: int  # GPU slots of the server model
    # GPUs per node the phase runs on (what ``nodes`` counts): a rented instance's GPUs (1 for a 1-GPU instance, not
    # the plan's 8-GPU server), else the GPUs populated per server
    gpus_per_node: int
    gpus_installed_per_server: int  # GPUs populated per server of the plan's model (fewer than the slots = partly
    # populated): what owning the phase takes, a rented phase's owning alternative included
    workloads: tuple[WorkloadSizing, ...]
    gpus: int
    nodes: int
    servers: int
    servers_carried: int
    delivery_mode: str
    shared_capacity: bool  # the plan fixes the node count and its workloads share those GPUs
    rack_scale: bool = False
    servers_owned: int = 0
    baseline_gpus: int = 0  # GPUs the workloads need outside seasonal peaks (an owned build adds the peak)
    server_vendor: str = ""  # the chassis' catalog vendor: "various" = a generic row, "generic" = derived by the core
    # a rented phase: the instances its cost ledger bills (⌈GPUs / GPUs per instance⌉ of the rented offer) and
    # that offer's instance and GPUs each; 0 / "" when nothing is rented (owned); None (unknown, never 0) for a
    # rented phase no offer prices (its rental awaits a quote: how many instances the provider cuts is not known)
    instances: int | None = 0
    instance: str = ""
    gpus_per_instance: int = 0
    accelerator_name_zh: str = ""  # the catalog rows' name_zh (catalog.records.display_name)
    server_name_zh: str = ""

    def accelerator_named(self, lang: str) -> str:
        """The accelerator's name as a reader of ``lang`` is shown it."""
        return display_name(self.accelerator_name, self.accelerator_name_zh, lang)

    @property
    def units(self) -> int:
        """What the phase pays for, counted as it is paid: the instances a rented phase rents (128 one-GPU
        instances, not 16 of the plan's 8-GPU nodes), else the nodes."""
        return self.instances if self.instances and not self.owns_hardware else self.nodes

    @property
    def servers_new(self) -> int:
        return self.servers_owned - self.servers_carried

    @property
    def owns_hardware(self) -> bool:
        return bool(DELIVERY_MODE.term(self.delivery_mode).owns_hardware)

    @property
    def partly_populated(self) -> bool:
        return not self.rack_scale and self.gpus_installed_per_server < self.gpus_per_server

    @property
    def installed_gpus(self) -> int:
        """GPUs physically in the servers (a partly populated server carries fewer than its slots)."""
        per_server = self.gpus_per_server if self.rack_scale else self.gpus_installed_per_server
        return self.servers * per_server

    @property
    def sized_by(self) -> str:
        """The constraint that set the phase's GPU count (its largest workload's)."""
        if self.shared_capacity or not self.workloads:
            return "fixed_nodes"
        return max(self.workloads, key=lambda w: w.gpus).sized_by

    def layout_text(self) -> str:
        """One layout per workload, ``"w1: TP4 × PP1 × DP2; w2: …"`` when there are several."""
        if len(self.workloads) == 1:
            return self.workloads[0].layout_text()
        return "; ".join(f"{w.name or w.kind}: {w.layout_text()}" for w in self.workloads)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out.update(servers_new=self.servers_new, owns_hardware=self.owns_hardware,
                   partly_populated=self.partly_populated, installed_gpus=self.installed_gpus,
                   sized_by=self.sized_by)
        for sizing, row in zip(self.workloads, out["workloads"], strict=True):
            row["layout_text"] = sizing.layout_text()
            if sizing.capacity is not None:
                row["capacity"]["utilisation"] = sizing.capacity.utilisation
                if sizing.capacity.unserved:  # the rates are null: why, in both languages
                    row["capacity"]["unserved_names"] = {
                        lang: sizing.capacity.unserved_text(lang) for lang in ("en", "zh")}
        return out
