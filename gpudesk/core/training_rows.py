"""The step model's terms that read only the layout, the sequence and the accelerator, once per distinct row.

A flat batch (a search's candidates, a sweep) repeats each layout over global batches and ZeRO stages, and these
terms read neither: whether the layout is valid (d whole, EP dividing t·c·d, enough layers per virtual stage), the
stage imbalance, the denominators of the micro-batch count and of a stage's tokens, the last gradient bucket's share
and the optimizer update of both ZeRO cases. :func:`layout_terms` computes them on one row per distinct combination
of the collectives' inputs (the key the step model already finds for its collectives and GEMM shape factor:
core/flat_keys.py, core/training_comm.COLLECTIVE_INPUTS) and each candidate gathers the ones it computes with. The
operations and values are those of each candidate's own row, so every figure is the same, bit for bit
(tests/core/test_flat_distinct.py: the batch against itself without de-duplication and against each configuration
alone; tests/core/test_chain_reference.py: against the arithmetic as it was written before, on a large batch).
A grid or a single configuration computes them as they are (broadcast shapes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.arrays import Gathered, replaced, whole
from gpudesk.core.collectives import Links
from gpudesk.core.constants import (
    ADAM_UPDATE_BYTES_PER_PARAM,
    FRAMEWORK_GEMM_TIME_SHARE,
    FUSED_STACK_GEMM_TIME_SHARE,
    TORCH_COMPILE_FUSED_SHARE,
)
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.explain import FigureSet
from gpudesk.core.flat_keys import WORTH_IT, FlatKeys
from gpudesk.core.model_math import ParamBreakdown, has_layer_shapes, kv_values_per_token_layer
from gpudesk.core.pass_memo import memoised, memoised_by, small_values_key
from gpudesk.core.training_comm import (
    COLLECTIVE_INPUTS,
    StepShape,
    by_stage,
    last_bucket_share,
    params_per_gpu,
)
from gpudesk.core.training_gemm import eager_gemm_share
from gpudesk.core.training_levels import Level
from gpudesk.core.training_parts import head_layers, stage_imbalance

if TYPE_CHECKING:
    from gpudesk.core.calibration_hook import CalibrationScales
    from gpudesk.core.hardware import HardwareArrays
    from gpudesk.core.training_inputs import TrainingInputs

# a flat batch of at least this many candidates computes its efficiencies and links per accelerator row: finding
# the rows and holding the figures cost ~0.3 ms a call, measured 2.8 % of a 1,536-row chain (slower) against 3 % of
# a 122,880-row one and 1.6-3 % of a 16,384-row one (faster) (benchmarks/README.md, issue 24 part 16)
PER_ACCELERATOR_MIN_ROWS = 16_384
# the step model's inputs these terms may read (the recompute mode joins the key only where it varies per candidate)
TERM_INPUTS = (*COLLECTIVE_INPUTS, "recompute")


class KeyRows:
    """One row per distinct combination of ``TERM_INPUTS`` of a flat batch (with more than one such row and at most
    ``WORTH_IT`` of the batch), or every candidate as given (a grid, a single configuration, a batch whose rows are
    mostly distinct): :meth:`pick` the inputs of a term at those rows, compute it, then :meth:`held` to record it
    (held per distinct row until read whole) or :meth:`every` to compute with it per candidate."""

    def __init__(self, keys: FlatKeys | None) -> None:
        self.keys, self.representative, self.inverse, self.count = keys, None, None, 0
        if keys is not None:
            representative, inverse = keys.distinct(TERM_INPUTS)
            if 1 < representative.size <= WORTH_IT * keys.size:
                self.representative, self.inverse, self.count = representative, inverse, representative.size

    def pick(self, value: Any) -> Any:
        """``value`` (an input array of the batch, or a dataclass of them) at the distinct rows."""
        if self.keys is None or self.representative is None:
            return whole(value)
        return self.keys.pick(value, self.representative)

    def held(self, value: Any) -> Any:
        """A term computed on the picked rows as a figure of every candidate (:class:`arrays.Gathered`); a value no
        picked input decided (a scalar) as it is."""
        if (self.inverse is not None and isinstance(value, np.ndarray) and value.ndim == 1
                and value.size == self.count):
            return Gathered(value, self.inverse)
        return value

    def every(self, value: Any) -> Any:
        """A term computed on the picked rows (or held), gathered to every candidate."""
        value = self.held(value)
        return value.whole() if isinstance(value, Gathered) else value

    def spread(self, fs: FigureSet, originals: dict[int, Any]) -> None:
        """A FigureSet computed on the picked rows held for every candidate (``originals``: picked input -> given)."""
        if self.inverse is not None:
            fs.spread(self.inverse, self.count, originals)


class RowTerms:
    """The layout terms (:func:`_terms`) by name: :meth:`figure` to record one, :meth:`every` to compute with."""

    def __init__(self, rows: KeyRows, values: dict[str, Any]) -> None:
        self._rows, self._values = rows, values
        self._held: dict[str, Any] = {}

    def figure(self, name: str) -> Any:
        if name not in self._held:
            self._held[name] = self._rows.held(self._values[name])
        return self._held[name]

    def every(self, name: str) -> Any:
        return self._rows.every(self.figure(name))

    def by_stage(self, sharded: Callable[[], Any], if_sharded: str, if_not: str, at: Level, first: int | None = None
                 ) -> Any:
        """``np.where(sharded(), if_sharded, if_not)`` at ``at``'s rows (``sharded()`` picked there), with one gather
        where both are per row; ``first``: where the rows are ordered by ``sharded``, the first sharded row (then
        ``sharded`` is not called)."""
        a, b = self.figure(if_sharded), self.figure(if_not)
        if isinstance(a, Gathered) and isinstance(b, Gathered) and first is not None:
            out = np.empty(at.count)
            at.lift_into(out[:first], b.values, b.inverse, 0)
            at.lift_into(out[first:], a.values, a.inverse, first)
            return out
        if isinstance(a, Gathered) and isinstance(b, Gathered):
            return by_stage(sharded(), a.values, b.values, at.index_of(a.inverse))
        return np.where(sharded(), at.lift(a), at.lift(b))


def layout_terms(rows: KeyRows, m: ModelArch, shape: StepShape, method: str, interleaved: bool,
                 micro_batch: Any, hbm: Any, eff_hbm: Any) -> RowTerms:
    """The terms (:func:`_terms`) on ``rows``' distinct rows."""
    # the shape's per-candidate figures that are no function of the key are not read: leave them out of the picking
    shape = shape if rows.representative is None else replace(shape, micro_batches=np.asarray(1.0),
                                                              zero_stage=np.asarray(0.0))
    return RowTerms(rows, _terms(m, method, interleaved, rows.pick(shape), rows.pick(micro_batch), rows.pick(hbm),
                                 rows.pick(eff_hbm)))


def _terms(m: ModelArch, method: str, interleaved: bool, s: StepShape, mb: Any, hbm: Any, eff_hbm: Any
           ) -> dict[str, Any]:
    """What estimate_training computes from these inputs alone, in its own operations and order: the stage imbalance
    (it reads the sequence) and the terms of :func:`_layout_only`."""
    layers = float(max(m.n_layers, 1))
    return {**_layout_only(m, method, interleaved, s, mb, hbm, eff_hbm),
            "imbalance": stage_imbalance(layers, s.pp, head_layers(m, s.seq_len))}


# the StepShape fields _layout_only never reads: an edit of the sequence keeps its terms (tests/core/test_edit_memo.py)
UNREAD_BY_LAYOUT = frozenset({"seq_len", "micro_batch", "micro_batches", "zero_stage", "full_recompute"})
_LAYOUT_READ = tuple(f.name for f in fields(StepShape) if f.name not in UNREAD_BY_LAYOUT)


def _layout_key(m: ModelArch, method: str, interleaved: bool, s: StepShape, mb: Any, hbm: Any, eff_hbm: Any) -> Any:
    return small_values_key((m, method, interleaved, mb, hbm, eff_hbm,
                             *(getattr(s, name) for name in _LAYOUT_READ)))


@memoised_by(_layout_key)
def _layout_only(m: ModelArch, method: str, interleaved: bool, s: StepShape, mb: Any, hbm: Any, eff_hbm: Any
                 ) -> dict[str, Any]:
    """The terms that read neither the sequence nor the micro-batch count nor the ZeRO stage (within the window's
    memo kept per input: an edit of the sequence or the batch keeps them; nobody changes the dict or its arrays)."""
    tp, pp, cp, ep, dp = s.tp, s.pp, s.cp, s.ep, s.dp
    layers = float(max(m.n_layers, 1))
    # the layout's part of the step's validity (the micro-batch count's part is the caller's): d whole and ≥ 1,
    # EP from the t·c·d ranks (ETP 1), interleaving with at least one layer per virtual stage
    ok = (np.abs(dp - np.round(dp)) < 1e-9) & (dp >= 1) & (np.abs(np.round(dp * tp * cp / ep) * ep - dp * tp * cp) < 1e-9)
    ok = ok & ((not interleaved) | (layers / (pp * np.maximum(s.virtual_stages, 1.0)) >= 1.0))
    held = params_per_gpu(s) if method == "full" else s.dense_params / (tp * pp)
    return {
        "layout_ok": ok,
        "micro_den": np.maximum(dp, 1e-9) * mb,  # m = B / (max(d, 1e-9) · b)
        "stage_den": np.maximum(dp, 1e-9) * cp,  # a stage's tokens: B · s / (max(d, 1e-9) · c)
        "bucket_share": last_bucket_share(s),
        # the optimizer update with ZeRO ≥ 1 (÷ d·c) and without: each candidate takes its stage's
        "optimizer_sharded": held / (dp * cp) * ADAM_UPDATE_BYTES_PER_PARAM.value / (hbm * eff_hbm),
        "optimizer_whole": held * ADAM_UPDATE_BYTES_PER_PARAM.value / (hbm * eff_hbm),
    }


def step_shape(inp: TrainingInputs, pb: ParamBreakdown, a: dict[str, np.ndarray], dp: np.ndarray) -> StepShape:
    """The step's layout and work (the micro-batch count is set once known; LoRA/QLoRA reduce adapter gradients)."""
    m = inp.model
    shape = StepShape(
        tp=a["tp"], pp=a["pp"], cp=a["cp"], ep=a["ep"], dp=dp, micro_batch=a["micro_batch"], seq_len=a["seq_len"],
        micro_batches=np.asarray(np.nan), virtual_stages=a["virtual_stages"], zero_stage=a["zero_stage"],
        full_recompute=a["recompute"] >= 2, layers=float(max(m.n_layers, 1)),
        moe_layers=float((m.n_moe_layers or m.n_layers) if m.is_moe else 0),
        hidden=float(m.hidden), kv_width=float(kv_values_per_token_layer(m, 1)) if has_layer_shapes(m) else 0.0,
        experts_per_token=float(m.experts_per_token),
        dense_params=(pb.total - pb.experts_routed) if pb.from_architecture else float(m.params_total),
        expert_params=pb.experts_routed if pb.from_architecture else 0.0,
        bucket_params=inp.grad_bucket_params if inp.overlap_grad_reduce else np.inf,  # no overlap: one bucket
    )
    if inp.method != "full":  # only adapter gradients are reduced
        adapters = inp.lora_rank * pb.lora_in_out if pb.from_architecture else 0.0
        shape = replaced(shape, dense_params=adapters, expert_params=0.0)
    return shape


def framework_share(fs: FigureSet, inp: TrainingInputs, eff: Efficiencies, hw: HardwareArrays) -> Any:
    """The GEMM time share of the training stack: Megatron's fused kernels (torch.compile's fusion on top); an eager
    stack's share falls with the part's achieved 16-bit matmul rate (training_gemm.eager_gemm_share)."""
    if inp.training_stack != "megatron":
        eff16 = Efficiencies.for_hardware(hw, "bf16", inp.calibration).for_training(hw, "bf16")
        return eager_gemm_share(fs, eff.framework, hw.peak("bf16") * eff16.matmul, inp.torch_compile)
    # fused kernels; a pilot calibration of the share scales it alike
    framework = min(1.0, fs.constant("eff.fused_stack", FUSED_STACK_GEMM_TIME_SHARE) * eff.framework
                    / FRAMEWORK_GEMM_TIME_SHARE.value)
    if inp.torch_compile:
        framework = min(1.0, eff.framework / (1.0 - fs.constant("eff.compile_fused", TORCH_COMPILE_FUSED_SHARE)))
    return framework


def efficiencies_and_links(hw: HardwareArrays, inp: TrainingInputs, keys: FlatKeys | None
                           ) -> tuple[Efficiencies, Links]:
    """The step's efficiencies and links. They read only the accelerator: a flat batch computes them once per
    accelerator row (of the set a re-indexed one was taken from, else its distinct rows) and holds each per candidate (arrays.Gathered: a part picks them at its distinct rows,
    a figure read whole gathers), the same values; anything else on every candidate as given."""
    if keys is None or keys.size < PER_ACCELERATOR_MIN_ROWS:
        return _on_every_candidate(hw, inp.compute_dtype, inp.calibration, inp.low_precision_recipe)
    source = hw.source_rows()  # a re-indexed set (HardwareArrays.take): its source's rows, each candidate's known
    if source is None:
        representative, inverse = keys.distinct(["row"])
        if representative.size > WORTH_IT * keys.size:
            return _on_every_candidate(hw, inp.compute_dtype, inp.calibration, inp.low_precision_recipe)
        source = (hw.take(representative), inverse)
    few, inverse = source
    eff = Efficiencies.for_hardware(few, inp.compute_dtype, inp.calibration).for_training(
        few, inp.compute_dtype, inp.low_precision_recipe)
    return _held(eff, inverse, few.size), _held(Links.from_hardware(few, eff), inverse, few.size)


@memoised
@memoised
def hardware_figures(hw: HardwareArrays, eff: Efficiencies, precision: str) -> FigureSet:
    """The step's hardware and efficiency inputs (``hw.record``, ``eff.record``), merged into its figures: within the
    window's memo made once for the same hardware (nobody changes a set's entries once made)."""
    fs = FigureSet()
    hw.record(fs, precision)
    eff.record(fs, precision)
    return fs


@memoised
def _on_every_candidate(hw: HardwareArrays, compute_dtype: str, calibration: CalibrationScales | None, recipe: str
                        ) -> tuple[Efficiencies, Links]:
    """(memoised within the window's memo on the same hardware: the same links edit after edit, and what is memoised
    on them, training_comm's data-parallel collectives, kept)"""
    eff = Efficiencies.for_hardware(hw, compute_dtype, calibration).for_training(hw, compute_dtype, recipe)
    return eff, Links.from_hardware(hw, eff)


def _held(value: Any, inverse: np.ndarray, count: int) -> Any:
    """A dataclass whose arrays of ``count`` rows are held for every candidate (``values[inverse]``)."""
    held = {}
    for f in fields(value):
        v = getattr(value, f.name)
        if f.init and isinstance(v, np.ndarray) and v.ndim == 1 and v.size == count:
            held[f.name] = Gathered(v, inverse)
    return replace(value, **held)
