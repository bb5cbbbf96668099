"""Accelerator catalog rows as numpy arrays, one element per candidate.

Every time model (training, inference, scaling, search) reads hardware
through :class:`HardwareArrays`, so a sweep can mix GPU types: the arrays
are indexed by candidate and :meth:`HardwareArrays.take` re-indexes them for
a flattened sweep. Values keep the catalog's meaning, converted to SI
(FLOP/s, B/s, B). Unknown catalog values are NaN, never guessed.

Links: the scale-up link (NVLink, XGMI, HCCS …) joins ``scaleup_domain``
GPUs. Parts without one (PCIe cards) talk over PCIe inside a node: their
scale-up bandwidth is the PCIe x16 rate of their generation and their
domain is the node. A full-mesh link (``scaleup_topology = "full-mesh"``:
MI300X XGMI, Gaudi RoCE, Ascend 910B HCCS) has ``scaleup_mesh_links`` peer
links of scaleup_bw / links each; a group of k GPUs inside the node uses only
min(k − 1, links) of them (:func:`gpudesk.core.collectives.mesh_share`). A
switched link, or one whose topology the catalog does not record, gives every
group the whole scaleup_bw (0 links). Scale-out bandwidth per GPU is NIC Gb/s × NICs per
node / GPUs per node, given as input because it belongs to the server and
network plan, not to the accelerator.

Memory capacity is what the card exposes: the catalog's driver total
(``usable_memory_mib`` × 2^20, as nvidia-smi / rocm-smi report it) where
known, else the marketed ``memory_gb`` × 1e9 — never more than the published
driver totals of the cards that have one (core/hardware_sources.py, with
the citation behind every column). Every fit verdict (training, serving,
recommendation, layout search, KV-cache and context limits) reads this one
number through :meth:`HardwareArrays.memory_fields`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypedDict

import numpy as np

from gpudesk.catalog.records import Accelerator
from gpudesk.core.arrays import Gathered, whole
from gpudesk.core.constants import PCIE_X16_GBS_BY_GEN
from gpudesk.core.explain import FigureSet
from gpudesk.core.flat_keys import note_taken_codes
from gpudesk.core.hardware_sources import (
    MARKETED_FORMULA,
    NO_SCALEUP,
    accelerator_sources,
    capacity_bytes,
    capacity_formula,
)
from gpudesk.core.pass_memo import memoised_by
from gpudesk.core.power_limit import clock_fraction, describe
from gpudesk.vocabulary.precision import MATH_FORMATS, WIDE_FORMATS, math_of


class MemoryFields(TypedDict):
    """The capacity arguments of ``MemoryInputs`` (:meth:`HardwareArrays.memory_fields`)."""

    gpu_memory_gb: np.ndarray
    gpu_memory_formula: str
    gpu_memory_source: str


def _value(raw: float | None) -> float:
    return float("nan") if raw is None else float(raw)


class _Peaks(Mapping[str, np.ndarray]):
    """Dense peak FLOP/s of each math format for the accelerators (× the clock fraction under a power limit), made
    when the format is first read: an estimate reads one or two of the ``MATH_FORMATS``."""

    def __init__(self, accelerators: Sequence[Accelerator], clock: np.ndarray) -> None:
        self._accelerators, self._clock = tuple(accelerators), clock
        self._made: dict[str, np.ndarray] = {}

    def __getitem__(self, key: str) -> np.ndarray:
        if key not in self._made:
            if key not in MATH_FORMATS:
                raise KeyError(key)
            self._made[key] = np.array([_value(a.peak_tflops(key)) * 1e12 for a in self._accelerators]) * self._clock
        return self._made[key]

    def __iter__(self) -> Iterator[str]:
        return iter(MATH_FORMATS)

    def __len__(self) -> int:
        return len(MATH_FORMATS)


class _Reindexed(Mapping[str, np.ndarray]):
    """``{k: v[index] for k, v in base.items()}``, each value taken when first read."""

    def __init__(self, base: Mapping[str, np.ndarray], index: np.ndarray) -> None:
        self._base, self._index = base, index
        self._taken: dict[str, np.ndarray] = {}

    def __getitem__(self, key: str) -> np.ndarray:
        if key not in self._taken:
            self._taken[key] = np.take(self._base[key], self._index)
        return self._taken[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._base)

    def __len__(self) -> int:
        return len(self._base)


# the per-candidate arrays of HardwareArrays, which a re-indexed set (:meth:`HardwareArrays.take`) gathers when read
PER_CANDIDATE = ("hbm_bw", "memory_bytes", "memory_gb", "scaleup_bw", "scaleup_domain", "scaleup_is_pcie",
                 "scaleout_bw", "gpus_per_node", "row", "scaleup_mesh_links")
# a flat set re-indexed to at least this many candidates gathers a field when first read: a flat batch this large has
# its step model read the hardware at its distinct rows (training_rows.PER_ACCELERATOR_MIN_ROWS); a smaller set's
# readers (a search's batches) read each field whole, where deferring cost ~1.5 % of a serving search (measured)
LAZY_TAKE_MIN_ROWS = 16_384


@dataclass(frozen=True)
class HardwareArrays:
    """Per-candidate hardware figures (SI units) with the source of each field.

    A flat set re-indexed by :meth:`take` to ``LAZY_TAKE_MIN_ROWS`` candidates or more keeps its source's arrays and
    each candidate's row: a field is gathered when first read (a flat sweep's step model reads most at :meth:`held`)."""

    peak_flops: Mapping[str, np.ndarray]  # dense peak FLOP/s per precision, NaN when unknown
    hbm_bw: np.ndarray  # B/s, one direction
    memory_bytes: np.ndarray  # B the GPU exposes (capacity_bytes)
    memory_gb: np.ndarray  # the same capacity in GB (1e9 B), as the memory model expects; not the marketed figure
    scaleup_bw: np.ndarray  # B/s per GPU, one direction
    scaleup_domain: np.ndarray  # GPUs reachable over the scale-up link
    scaleup_is_pcie: np.ndarray  # bool: the "scale-up" link is PCIe
    scaleout_bw: np.ndarray  # B/s per GPU across nodes
    gpus_per_node: np.ndarray
    sources: dict[str, str] = field(default_factory=dict)  # field -> citations (one per distinct accelerator)
    # each candidate's accelerator: its index among the accelerators passed to from_accelerators, whose ids and
    # calibration families these are (``ids`` and ``family`` per candidate are read through them: a flat sweep
    # re-indexed by ``take`` copies one integer per candidate, not two strings)
    row: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.intp))
    base_family: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=str))
    base_ids: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=str))
    memory_formula: str = MARKETED_FORMULA  # how memory_bytes was obtained (capacity_formula)
    # peer links per GPU of a full-mesh scale-up link (each scaleup_bw / links); 0 = switched or not recorded
    scaleup_mesh_links: np.ndarray = field(default_factory=lambda: np.zeros(0))

    @classmethod
    def from_accelerators(
        cls,
        accelerators: Sequence[Accelerator],
        nic_gbps: float | Sequence[float] = 400.0,
        nics_per_node: float | Sequence[float] = 8.0,
        gpus_per_node: float | Sequence[float] = 8.0,
        power_limit_w: float | Sequence[float] = 0.0,
    ) -> HardwareArrays:
        """One candidate per accelerator; NIC figures may be scalars or one per accelerator.

        ``power_limit_w`` (0 = none): a GPU power cap below the TDP lowers every dense peak by the clock
        fraction it sustains (:mod:`gpudesk.core.power_limit`)."""
        if not accelerators:
            raise ValueError("at least one accelerator is needed")
        n = len(accelerators)
        nic = np.broadcast_to(np.asarray(nic_gbps, dtype=np.float64), (n,))
        nics = np.broadcast_to(np.asarray(nics_per_node, dtype=np.float64), (n,))
        gpn = np.broadcast_to(np.asarray(gpus_per_node, dtype=np.float64), (n,))
        limits = np.broadcast_to(np.asarray(power_limit_w, dtype=np.float64), (n,))
        tdps = [a.tdp_w for a in accelerators]
        clock = clock_fraction(limits, np.array([_value(t) for t in tdps]))
        peak = _Peaks(accelerators, clock)  # each format's when first read (a call reads one or two)
        pcie_bw = np.array([float(PCIE_X16_GBS_BY_GEN.get(a.pcie_gen or 4, PCIE_X16_GBS_BY_GEN[4]).value)
                            for a in accelerators]) * 1e9
        is_pcie = np.array([a.scaleup_link in NO_SCALEUP or not a.scaleup_bw_gbs for a in accelerators])
        link_bw = np.array([_value(a.scaleup_bw_gbs) for a in accelerators]) * 1e9
        domain = np.array([float(a.scaleup_domain or 1) for a in accelerators])
        scaleup_bw = np.where(is_pcie, pcie_bw, link_bw)
        scaleup_domain = np.where(is_pcie, gpn, np.maximum(domain, 1.0))
        mesh = np.array([float(a.scaleup_links or 0) if a.scaleup_topology == "full-mesh" else 0.0
                         for a in accelerators])
        mesh = np.where(is_pcie, 0.0, mesh)
        per_acc = [accelerator_sources(a) for a in accelerators]
        sources = {key: "; ".join(sorted({one[key] for one in per_acc})) for key in per_acc[0]}
        sources["scaleout"] = "user input: NIC Gb/s x NICs per node / GPUs per node"
        limited = describe(limits.tolist(), tdps, [a.id for a in accelerators])
        if limited:
            for key in [k for k in sources if k.startswith("peak.")]:
                sources[key] += f"; × clock fraction under the power limit ({limited})"
        return cls(
            peak_flops=peak,
            hbm_bw=np.array([float(a.mem_bw_gbs) for a in accelerators]) * 1e9,
            memory_bytes=np.array([capacity_bytes(a) for a in accelerators]),
            memory_gb=np.array([capacity_bytes(a) for a in accelerators]) / 1e9,
            scaleup_bw=scaleup_bw,
            scaleup_domain=scaleup_domain,
            scaleup_is_pcie=is_pcie,
            scaleout_bw=nic * nics / gpn / 8.0 * 1e9,
            gpus_per_node=gpn.copy(),
            sources=sources,
            row=np.arange(n),
            base_family=np.array([a.family for a in accelerators]),
            base_ids=np.array([a.id for a in accelerators]),
            memory_formula=capacity_formula(accelerators),
            scaleup_mesh_links=mesh,
        )

    @cached_property
    def ids(self) -> np.ndarray:
        """Accelerator id per candidate (str)."""
        return np.asarray(self.base_ids[self.row])

    @cached_property
    def family(self) -> np.ndarray:
        """Calibration family per candidate (str)."""
        return np.asarray(self.base_family[self.row])

    @property
    def size(self) -> int:
        return int(self.shape[0])

    @property
    def shape(self) -> tuple[int, ...]:
        """The candidates' shape (that of every per-candidate field)."""
        taken = self.__dict__.get("_taken_from")
        return tuple(taken[1].shape) if taken is not None else tuple(self.hbm_bw.shape)

    def __getattr__(self, name: str) -> Any:  # a re-indexed set's field not read yet (:meth:`take`)
        taken = self.__dict__.get("_taken_from")
        if taken is None or name not in PER_CANDIDATE:
            raise AttributeError(name)
        held = taken[2].get(name)  # held already: one gather serves both
        value = np.take(getattr(taken[0], name), taken[1]) if held is None else held.whole()
        object.__setattr__(self, name, value)
        note_taken_codes(value, getattr(taken[0], name), taken[1])  # its codes, where a block shares them
        return value

    def held(self, name: str) -> Any:
        """A per-candidate field as held: where :meth:`take` deferred its gathers, the source's values at each
        candidate's row (:class:`arrays.Gathered`: picked at a part's rows, gathered when read whole); else the array."""
        taken = self.__dict__.get("_taken_from")
        if taken is None or name in self.__dict__:
            return getattr(self, name)
        made = taken[2]
        if name not in made:
            made[name] = Gathered(getattr(taken[0], name), taken[1])
        return made[name]

    def held_peak(self, precision: str, attention: bool = False) -> Any:
        """:meth:`peak` (``attention``: :meth:`attention_peak`) as :meth:`held` holds a field."""
        taken = self.__dict__.get("_taken_from")
        if taken is None:
            return self.attention_peak(precision) if attention else self.peak(precision)
        key, made = ("attention." if attention else "peak.") + precision, taken[2]
        if key not in made:
            base = taken[0]
            made[key] = Gathered(base.attention_peak(precision) if attention else base.peak(precision), taken[1])
        return made[key]

    def peak(self, precision: str) -> np.ndarray:
        """Dense peak FLOP/s for a compute precision (int4 runs int8 math; NaN where unknown)."""
        try:
            return self.peak_flops[math_of(precision)]
        except ValueError:
            raise ValueError(f"unknown compute precision {precision!r}; known: {', '.join(MATH_FORMATS)}") from None

    def attention_peak(self, compute: str) -> np.ndarray:
        """Dense peak FLOP/s of the attention core (Q·Kᵀ, softmax, ·V) when the GEMMs run in ``compute``.

        A 16- or 32-bit compute format runs attention in that format. Low-precision GEMMs (fp8, fp6, fp4,
        int8, int4) keep attention in 16 bit (Transformer Engine's FP8 recipe casts only GEMM inputs; FP8
        attention is opt-in): bf16 where the catalog has the part's bf16 figure, else fp16 (Turing T4 and
        Ascend 910B publish fp16 only). NaN only where the part has neither.
        """
        if compute in WIDE_FORMATS:
            return self.peak(compute)
        bf16 = self.peak("bf16")
        return np.where(np.isfinite(bf16), bf16, self.peak("fp16"))

    @memoised_by(lambda self, index: (id(self), np.shape(index), np.asarray(index, dtype=np.intp).tobytes()))
    def take(self, index: np.ndarray) -> HardwareArrays:
        """Re-index every array (e.g. to the hardware column of a flattened sweep): each field is ``np.take`` of
        this set's at ``index``; a flat set of ``LAZY_TAKE_MIN_ROWS`` or more makes each when first read."""
        taken = self.__dict__.get("_taken_from")
        if taken is not None:  # a re-indexed set re-indexed again: its source at the composed rows
            source: HardwareArrays = taken[0]
            return source.take(np.take(taken[1], index))
        idx, n = np.asarray(index, dtype=np.intp), self.size
        common: dict[str, Any] = {"peak_flops": _Reindexed(self.peak_flops, idx),  # the precisions read, when read
                                  "sources": self.sources, "base_family": self.base_family,
                                  "base_ids": self.base_ids, "memory_formula": self.memory_formula}
        if idx.ndim != 1 or idx.size < LAZY_TAKE_MIN_ROWS:  # a smaller set's readers read each field whole
            fields: dict[str, Any] = {name: np.take(getattr(self, name), idx) for name in PER_CANDIDATE}
            return HardwareArrays(**common, **fields)
        if idx.min() < -n or idx.max() >= n:  # what np.take raises
            raise IndexError(f"index out of bounds for {n} accelerator rows")
        out = object.__new__(HardwareArrays)
        for name, value in (*common.items(), ("_taken_from", (self, idx % n if idx.min() < 0 else idx, {}))):
            object.__setattr__(out, name, value)
        return out

    def source_rows(self) -> tuple[HardwareArrays, np.ndarray] | None:
        """(the set this one re-indexes, each candidate's row of it) where :meth:`take` deferred its gathers."""
        return None if (taken := self.__dict__.get("_taken_from")) is None else (taken[0], taken[1])

    def memory_fields(self) -> MemoryFields:
        """The capacity arguments of ``MemoryInputs``: value (GB), formula and catalog source."""
        return {"gpu_memory_gb": self.memory_gb, "gpu_memory_formula": self.memory_formula,
                "gpu_memory_source": self.sources["memory"]}

    def record(self, fs: FigureSet, precision: str, prefix: str = "hw") -> None:
        """Record the hardware inputs used by the time models, with their sources."""
        # Each peak cites the catalog field its math reads (fp4 math: fp4_tflops; int8 and int4: int8_tops).
        fs.input(f"{prefix}.peak_flops", self.held_peak(precision), "FLOP/s", f"dense peak ({precision})",
                 self.sources[f"peak.{math_of(precision)}"])
        wide = precision in WIDE_FORMATS
        attention = precision if wide else "16-bit: bf16, else fp16"
        fs.input(f"{prefix}.peak_flops_attention", self.held_peak(precision, attention=True), "FLOP/s",
                 f"dense peak of the attention math ({attention})",
                 self.sources[f"peak.{math_of(precision)}"] if wide else self.sources["peak.attention"])
        fs.input(f"{prefix}.hbm_bw", self.held("hbm_bw"), "B/s", "memory bandwidth", self.sources["hbm_bw"])
        fs.input(f"{prefix}.memory_bytes", self.held("memory_bytes"), "B", "memory per GPU",
                 f"{self.memory_formula}: {self.sources['memory']}")
        fs.input(f"{prefix}.scaleup_bw", self.held("scaleup_bw"), "B/s", "scale-up bandwidth per GPU (one direction)",
                 self.sources["scaleup"])
        fs.input(f"{prefix}.scaleup_domain", self.held("scaleup_domain"), "GPUs", "scale-up domain size",
                 self.sources["scaleup"])
        mesh = self.held("scaleup_mesh_links")  # a source without a meshed part: none of its rows has one
        if np.any((mesh.values if isinstance(mesh, Gathered) else mesh) > 0) and np.any(whole(mesh) > 0):
            fs.input(f"{prefix}.scaleup_mesh_links", mesh, "links",
                     "peer links per GPU of a full-mesh scale-up link (0 = switched or not recorded): a group of k "
                     "GPUs inside a node gets min(k − 1, links) / links of the scale-up bandwidth",
                     self.sources["scaleup_mesh"])
        fs.input(f"{prefix}.scaleout_bw", self.held("scaleout_bw"), "B/s", "scale-out bandwidth per GPU",
                 self.sources["scaleout"])
