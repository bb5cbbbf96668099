"""Where each hardware column of an accelerator comes from, and how much memory one GPU exposes.

Every column :class:`gpudesk.core.hardware.HardwareArrays` builds from a catalog row cites the row's field and its
citation (``accelerator_sources``). Memory capacity is the catalog's driver total (``usable_memory_mib`` × 2^20, as
nvidia-smi / rocm-smi report it) where known, else the marketed ``memory_gb`` × 1e9 (``capacity_bytes``).
"""

from __future__ import annotations

from collections.abc import Sequence

from gpudesk.catalog.records import Accelerator
from gpudesk.vocabulary.precision import MATH_FORMATS, peak_field

NO_SCALEUP = ("", "none", "pcie", "PCIe")
MIB = float(2**20)
DRIVER_FORMULA = "usable_memory_mib × 2^20 (driver total)"
MARKETED_FORMULA = "memory_gb × 1e9 (marketed; driver total unknown)"
MIXED_FORMULA = ("usable_memory_mib × 2^20 (driver total) where the catalog has it, "
                 "else memory_gb × 1e9 (marketed)")


def _catalog_source(acc: Accelerator, field_name: str) -> str:
    citation = acc.provenance.source_of(field_name) or "no citation recorded"
    return f"catalog accelerators/{acc.id}.{field_name}: {citation}"


def _attention_source(acc: Accelerator) -> str:
    """The field low-precision GEMMs' attention runs at (HardwareArrays.attention_peak): bf16, else fp16."""
    if acc.bf16_tflops is None and acc.fp16_tflops is not None:
        return _catalog_source(acc, "fp16_tflops") + " (no bf16 figure)"
    return _catalog_source(acc, "bf16_tflops")


def capacity_bytes(acc: Accelerator) -> float:
    """Bytes one GPU exposes: the driver total when the catalog has it, else the marketed GB × 1e9."""
    if acc.usable_memory_mib:
        return float(acc.usable_memory_mib) * MIB
    return float(acc.memory_gb) * 1e9


def capacity_source(acc: Accelerator) -> str:
    """Which catalog field gave the capacity, its value and its citation."""
    if acc.usable_memory_mib:
        return (f"{_catalog_source(acc, 'usable_memory_mib')} ({acc.usable_memory_mib:,.0f} MiB driver total; "
                f"marketed {acc.memory_gb:g} GB)")
    return f"{_catalog_source(acc, 'memory_gb')} (marketed {acc.memory_gb:g} GB; driver total unknown)"


def capacity_formula(accelerators: Sequence[Accelerator]) -> str:
    known = {bool(a.usable_memory_mib) for a in accelerators}
    return DRIVER_FORMULA if known == {True} else MARKETED_FORMULA if known == {False} else MIXED_FORMULA


_SOURCES: dict[int, tuple[Accelerator, dict[str, str]]] = {}
"""Each accelerator record's source lines, by identity (records are frozen; the entry holds the record, so its id
is not reused while cached)."""


def scaleup_bandwidth_unknown(a: Accelerator) -> bool:
    """``a`` has a scale-up link the catalog gives no bandwidth for: its collectives are timed at PCIe x16 speed."""
    return a.scaleup_link not in NO_SCALEUP and not a.scaleup_bw_gbs


def accelerator_sources(a: Accelerator) -> dict[str, str]:
    """Where each hardware column of ``a`` comes from (joined over the candidates in ``from_accelerators``)."""
    hit = _SOURCES.get(id(a))
    if hit is not None and hit[0] is a:
        return hit[1]
    is_pcie = a.scaleup_link in NO_SCALEUP or not a.scaleup_bw_gbs
    found = {
        # each math format cites the catalog field it reads (int8 and int4 math read int8_tops)
        **{f"peak.{p}": _catalog_source(a, peak_field(p)) for p in MATH_FORMATS},
        # low-precision GEMMs keep attention in 16 bit: bf16 where the part publishes it, else fp16
        "peak.attention": _attention_source(a),
        "hbm_bw": _catalog_source(a, "mem_bw_gbs"),
        "memory": capacity_source(a),
        "scaleup": (_catalog_source(a, "scaleup_bw_gbs") if not is_pcie else
                    f"accelerators/{a.id}: no scale-up link; PCIe Gen{a.pcie_gen or 4} x16 "
                    "(constants PCIE_X16_GBS_BY_GEN)" if not scaleup_bandwidth_unknown(a) else
                    f"accelerators/{a.id}: {a.scaleup_link} bandwidth unknown (not published); PCIe "
                    f"Gen{a.pcie_gen or 4} x16 assumed, a lower bound (constants PCIE_X16_GBS_BY_GEN)"),
        "scaleup_mesh": (f"{_catalog_source(a, 'scaleup_links')} ({a.scaleup_links} peer links, full mesh)"
                         if a.scaleup_topology == "full-mesh" and not is_pcie else
                         f"accelerators/{a.id}: switched scale-up link: every group gets the whole link"
                         if a.scaleup_topology == "switched" else
                         f"accelerators/{a.id}: scale-up topology not recorded: every group gets the whole link"),
    }
    if len(_SOURCES) >= 4096:
        _SOURCES.clear()
    _SOURCES[id(a)] = (a, found)
    return found
