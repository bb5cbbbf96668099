"""Calibrated efficiencies per hardware family × operation class.

Operation classes: dense matmul (MAMF, per compute precision), fused
attention, memory-bound streaming (HBM), and collectives (bus bandwidth
over the scale-up link, PCIe, or the scale-out network). Every value is a
measured or published figure from ``core/constants.py``; none is fitted to a
validation case. Families with no measurement get the documented
"unmeasured" value and say so in their source.

End-to-end compute time is GEMM time / FRAMEWORK_GEMM_TIME_SHARE (the
measured share of a transformer step spent in tensor contractions), applied
identically to every training and prefill estimate.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from gpudesk.core.arrays import distinct
from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.constants import (
    ATTENTION_EFFICIENCY,
    ATTENTION_EFFICIENCY_PART,
    ATTENTION_EFFICIENCY_UNMEASURED,
    FRAMEWORK_GEMM_TIME_SHARE,
    HBM_EFFICIENCY,
    HBM_EFFICIENCY_PART,
    MATMUL_EFFICIENCY_BF16,
    MATMUL_EFFICIENCY_BF16_PART,
    MATMUL_EFFICIENCY_BF16_UNMEASURED,
    MATMUL_EFFICIENCY_FP4,
    MATMUL_EFFICIENCY_FP4_TRAINING,
    MATMUL_EFFICIENCY_FP4_UNMEASURED,
    MATMUL_EFFICIENCY_FP8,
    MATMUL_EFFICIENCY_FP8_PART,
    MATMUL_EFFICIENCY_FP8_UNMEASURED,
    MXFP8_GEMM_RELATIVE,
    PCIE_BUSBW_EFFICIENCY,
    SCALEOUT_BUSBW_EFFICIENCY,
    SCALEUP_BUSBW_EFFICIENCY,
    SCALEUP_BUSBW_EFFICIENCY_UNMEASURED,
    Constant,
)
from gpudesk.core.explain import FigureSet
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.pass_memo import memoised
from gpudesk.vocabulary.precision import LOW_FORMATS

HBM_SOURCE = f"constant {HBM_EFFICIENCY.name}: {HBM_EFFICIENCY.source}"  # the shared value, as a source line


def by_family(family: np.ndarray | HardwareArrays, table: dict[str, Constant],
               fallback: Constant) -> tuple[np.ndarray, str]:
    """Look a family table up for every candidate; also return the sources used."""
    if isinstance(family, HardwareArrays):
        values, source = by_family(family.base_family, table, fallback)  # the few accelerators, then index
        return np.take(values, family.row), source  # what values[row] gives, without fancy indexing's cost
    uniq, inverse = np.unique(family, return_inverse=True)
    chosen = [table.get(str(f), fallback) for f in uniq]
    values = np.array([c.value for c in chosen])[inverse]
    source = "; ".join(sorted({f"{f}: constant {c.name} = {c.value:g} ({c.source})" for f, c in zip(uniq, chosen)}))
    return values, source


def by_part(hw: np.ndarray | HardwareArrays, values: np.ndarray, source: str,
            table: dict[str, Constant]) -> tuple[np.ndarray, str]:
    """Replace a family value by the part's own measurement where the table has one (accelerator id)."""
    if not isinstance(hw, HardwareArrays) or not table:
        return values, source
    ids = hw.base_ids  # the accelerators passed; each candidate's is base_ids[row]
    chosen = {str(i): table[str(i)] for i in distinct(ids) if str(i) in table}
    if not chosen:
        return values, source
    values = np.array(values, dtype=float, copy=True)
    for part, const in chosen.items():
        values[np.isin(hw.row, np.flatnonzero(ids == part))] = const.value
    parts = "; ".join(f"{p}: constant {c.name} = {c.value:g} ({c.source})" for p, c in sorted(chosen.items()))
    return values, f"{source}; measured part: {parts}"


def matmul_efficiency(family: np.ndarray | HardwareArrays, precision: str) -> tuple[np.ndarray, str]:
    """Achievable dense-matmul fraction of peak for a compute precision (the part's own MAMF where measured)."""
    if precision in ("fp4", "fp6"):  # block-scaled formats: their own measured fraction of their own peak
        return by_family(family, MATMUL_EFFICIENCY_FP4, MATMUL_EFFICIENCY_FP4_UNMEASURED)
    if precision in LOW_FORMATS:
        return by_part(family, *by_family(family, MATMUL_EFFICIENCY_FP8, MATMUL_EFFICIENCY_FP8_UNMEASURED),
                       MATMUL_EFFICIENCY_FP8_PART)
    return by_part(family, *by_family(family, MATMUL_EFFICIENCY_BF16, MATMUL_EFFICIENCY_BF16_UNMEASURED),
                   MATMUL_EFFICIENCY_BF16_PART)


def hbm_part_share(hw: HardwareArrays) -> np.ndarray:
    """The part's own measured HBM share over the shared HBM_EFFICIENCY (1 where the part has none): a streaming read
    on that part reaches this much of what the shared value assumes (the KV cache's paged reads included)."""
    values, _ = by_part(hw, np.full(hw.hbm_bw.shape, HBM_EFFICIENCY.value), HBM_SOURCE, HBM_EFFICIENCY_PART)
    return np.asarray(values / HBM_EFFICIENCY.value)


@dataclass(frozen=True)
class Efficiencies:
    """Per-candidate efficiencies and where each came from."""

    matmul: np.ndarray
    attention: np.ndarray
    hbm: np.ndarray
    framework: float
    scaleup_busbw: np.ndarray
    scaleout_busbw: np.ndarray
    sources: dict[str, str]

    @classmethod
    def for_hardware(cls, hw: HardwareArrays, precision: str, scales: CalibrationScales | None = None) -> Efficiencies:
        """Catalog efficiencies; ``scales`` (a pilot calibration) multiplies the named constants (the same
        hardware arrays priced again within a pricing pass reuse them: core/pass_memo.py)."""
        return _efficiencies(hw, precision, scales)

    def for_training(self, hw: HardwareArrays, precision: str, recipe: str = "") -> Efficiencies:
        """The matmul fraction training GEMMs reach: NVFP4 has a training measurement of its own where a family has
        one (MATMUL_EFFICIENCY_FP4_TRAINING), scaled by the ratio to the serving value so a pilot calibration's
        factor is kept; MXFP8's block-scaled GEMMs run at MXFP8_GEMM_RELATIVE of the tensor-wise FP8 rate the FP8
        MAMF measures; every other format is the same as serving's."""
        if precision == "fp8" and recipe == "mxfp8":
            c = MXFP8_GEMM_RELATIVE  # the same form as a family table's source (by_family), so it reads translated
            sources = {**self.sources, "matmul": f"{self.sources['matmul']}; training GEMMs: mxfp8: constant "
                                                 f"{c.name} = {c.value:g} ({c.source})"}
            return replace(self, matmul=self.matmul * MXFP8_GEMM_RELATIVE.value, sources=sources)
        if precision != "fp4":
            return self
        trained, source = by_family(hw, MATMUL_EFFICIENCY_FP4_TRAINING, MATMUL_EFFICIENCY_FP4_UNMEASURED)
        serving, _ = by_family(hw, MATMUL_EFFICIENCY_FP4, MATMUL_EFFICIENCY_FP4_UNMEASURED)
        measured = np.isin(hw.family, list(MATMUL_EFFICIENCY_FP4_TRAINING))
        if not measured.any():
            return self
        sources = {**self.sources, "matmul": f"{self.sources['matmul']}; training GEMMs: {source}"}
        return replace(self, matmul=np.where(measured, self.matmul * trained / serving, self.matmul), sources=sources)

    def calibrated(self, hw: HardwareArrays, scales: CalibrationScales) -> Efficiencies:
        """Pilot calibration: multiply by the fitted scales and say so in each source (see calibration_hook)."""
        families = hw.family
        sources = dict(self.sources)
        values: dict[str, np.ndarray] = {}
        plain = {"matmul": self.matmul, "hbm": self.hbm, "scaleup_busbw": self.scaleup_busbw}
        catalog_sources = {"matmul": sources["matmul"], "scaleup_busbw": sources["scaleup"],
                           "hbm": sources.get("hbm", HBM_SOURCE)}
        for kind, value in plain.items():
            factor, applied = scales.per_family(kind, families)
            scaled = value * factor
            values[kind] = np.minimum(scaled, 1.0) if kind in ("matmul", "hbm") else scaled
            if applied:
                sources[kind if kind != "scaleup_busbw" else "scaleup"] = (
                    f"{catalog_sources[kind]}; {scales.source_note(kind, applied)}")
        framework = self.framework
        if "framework" in scales.factors:
            framework = min(1.0, self.framework * scales.factor("framework"))
            sources["framework"] = (f"constant {FRAMEWORK_GEMM_TIME_SHARE.name}: {FRAMEWORK_GEMM_TIME_SHARE.source}; "
                                    + scales.source_note("framework", ["framework"]))
        scaleout = self.scaleout_busbw
        if "scaleout_busbw" in scales.factors:
            scaleout = self.scaleout_busbw * scales.factor("scaleout_busbw")
            sources["scaleout"] = (f"constant {SCALEOUT_BUSBW_EFFICIENCY.name}: {SCALEOUT_BUSBW_EFFICIENCY.source}; "
                                   + scales.source_note("scaleout_busbw", ["scaleout_busbw"]))
        return Efficiencies(values["matmul"], self.attention, values["hbm"], framework, values["scaleup_busbw"],
                            scaleout, sources)

    def take(self, index: np.ndarray) -> Efficiencies:
        idx = np.asarray(index, dtype=np.intp)
        return Efficiencies(np.take(self.matmul, idx), np.take(self.attention, idx), np.take(self.hbm, idx),
                            self.framework, np.take(self.scaleup_busbw, idx), np.take(self.scaleout_busbw, idx),
                            self.sources)

    def record(self, fs: FigureSet, precision: str, prefix: str = "eff") -> None:
        fs.input(f"{prefix}.matmul", self.matmul, "fraction", f"achievable matmul / peak ({precision})",
                 self.sources["matmul"])
        fs.input(f"{prefix}.attention", self.attention, "fraction", "fused attention / peak",
                 self.sources["attention"])
        # Calibrated constants are recorded as inputs whose source names the pilot (calibration_hook).
        if "hbm" in self.sources:
            fs.input(f"{prefix}.hbm", self.hbm, "fraction", HBM_EFFICIENCY.label, self.sources["hbm"])
        else:
            fs.constant(f"{prefix}.hbm", HBM_EFFICIENCY, self.hbm)
        if "framework" in self.sources:
            fs.input(f"{prefix}.framework", self.framework, "fraction", FRAMEWORK_GEMM_TIME_SHARE.label,
                     self.sources["framework"])
        else:
            fs.constant(f"{prefix}.framework", FRAMEWORK_GEMM_TIME_SHARE)
        fs.input(f"{prefix}.scaleup_busbw", self.scaleup_busbw, "fraction",
                 "collective bus bandwidth / scale-up link", self.sources["scaleup"])
        if "scaleout" in self.sources:
            fs.input(f"{prefix}.scaleout_busbw", self.scaleout_busbw, "fraction", SCALEOUT_BUSBW_EFFICIENCY.label,
                     self.sources["scaleout"])
        else:
            fs.constant(f"{prefix}.scaleout_busbw", SCALEOUT_BUSBW_EFFICIENCY, self.scaleout_busbw)


@memoised
def _efficiencies(hw: HardwareArrays, precision: str, scales: CalibrationScales | None) -> Efficiencies:
    """:meth:`Efficiencies.for_hardware` (memoised within a pricing pass on the same hardware arrays)."""
    mm, mm_src = matmul_efficiency(hw, precision)
    attn, attn_src = by_part(hw, *by_family(hw, ATTENTION_EFFICIENCY, ATTENTION_EFFICIENCY_UNMEASURED),
                             ATTENTION_EFFICIENCY_PART)
    link, link_src = by_family(hw, SCALEUP_BUSBW_EFFICIENCY, SCALEUP_BUSBW_EFFICIENCY_UNMEASURED)
    scaleup = np.where(hw.scaleup_is_pcie, PCIE_BUSBW_EFFICIENCY.value, link)
    if hw.scaleup_is_pcie.any():
        link_src += f"; PCIe parts: constant PCIE_BUSBW_EFFICIENCY ({PCIE_BUSBW_EFFICIENCY.source})"
    hbm, hbm_src = by_part(hw, np.full(hw.hbm_bw.shape, HBM_EFFICIENCY.value), HBM_SOURCE, HBM_EFFICIENCY_PART)
    base = Efficiencies(
        matmul=mm,
        attention=attn,
        hbm=hbm,
        framework=FRAMEWORK_GEMM_TIME_SHARE.value,
        scaleup_busbw=scaleup,
        scaleout_busbw=np.full(hw.hbm_bw.shape, SCALEOUT_BUSBW_EFFICIENCY.value),
        sources={"matmul": mm_src, "attention": attn_src, "scaleup": link_src,
                 **({"hbm": hbm_src} if hbm_src != HBM_SOURCE else {})},
    )
    return base if scales is None else base.calibrated(hw, scales)
