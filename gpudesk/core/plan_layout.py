"""The best parallel layout for an LLM training phase, found by search, and whether the plan uses it.

Every (tp, pp, ep) layout that fits in memory at the plan's GPU count is
timed in one vectorised call (``scaling.best_layouts``); the fastest is
reported with what limits it, and an info check says how much faster it
is than the layout in the plan.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np

from gpudesk.catalog import records as rec
from gpudesk.core.checks import Check
from gpudesk.core.constants import ESTIMATE_ACCURACY_BAND
from gpudesk.core.digits import percent_text
from gpudesk.core.explain import FigureSet
from gpudesk.core.flat_keys import codes_shared
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory import estimate_memory
from gpudesk.core.plan_workload import METHOD, memory_inputs, training_inputs
from gpudesk.core.scaling import Chain, best_layouts
from gpudesk.core.scaling import Workload as ScalingWork
from gpudesk.core.training import estimate_training
from gpudesk.project.model import Workload
from gpudesk.vocabulary.sizing import BOTTLENECK

# Report a better layout only when its gain exceeds half the estimate's own accuracy band (±20% → 10%).
FASTER_BY = 1.0 + ESTIMATE_ACCURACY_BAND.value / 2.0


def scaling_work(model: rec.ModelArch, w: Workload) -> ScalingWork:
    return ScalingWork(
        model=model, global_batch=w.global_batch, seq_len=w.seq_len, micro_batch=w.micro_batch,
        zero_stage=w.parallel.zero_stage, recompute=w.parallel.recompute, compute_dtype=w.compute_dtype,
        weight_dtype=w.weight_dtype, method=METHOD[w.kind], train_tokens=w.train_tokens,
        virtual_stages=w.parallel.virtual_stages,
    )


def plan_chain(model: rec.ModelArch, w: Workload, figures_in_blocks: bool = True) -> Chain:
    """Memory and step time of each layout as the plan states its job: the plan's workload with the layout's degrees
    (its training stack, pipeline schedule, overlap switches, low-precision recipe, optimizer, attention kernel …
    as the plan's own figures read them: core/plan_workload.py). Timed with the settings' defaults instead, a plan
    without FlashAttention was told TP1 × PP2 trains 69% faster than its own layout, timed with it."""
    def chain(hw: HardwareArrays, n: np.ndarray, tp: np.ndarray, pp: np.ndarray, cp: np.ndarray,
              ep: np.ndarray) -> tuple[FigureSet, FigureSet]:
        degrees: dict[str, Any] = {"tp": tp, "pp": pp, "cp": cp, "ep": ep}  # a column of layouts, one a row
        layout = dataclasses.replace(w, parallel=dataclasses.replace(w.parallel, **degrees))
        dp = np.maximum(np.floor(n / (tp * pp * cp)), 1.0)
        gpn = int(hw.gpus_per_node[0])
        with codes_shared():  # the layout columns coded once for both models (core/flat_keys.py)
            mem = estimate_memory(dataclasses.replace(
                memory_inputs(model, layout, hw, dp, gpn, hw.sources["memory"]), limits=False))
            train = estimate_training(dataclasses.replace(training_inputs(model, layout, hw, n),
                                                          figures_in_blocks=figures_in_blocks))
        return mem, train
    return chain


def layout_search(model: rec.ModelArch, w: Workload, hw: HardwareArrays, gpus: int,
                  planned_tokens_per_s: float, figures_in_blocks: bool = True) -> tuple[FigureSet, list[Check]]:
    """``figures_in_blocks``: core/training.py TrainingInputs.figures_in_blocks."""
    work = dataclasses.replace(scaling_work(model, w), figures_in_blocks=figures_in_blocks)
    fs = best_layouts(work, hw, [gpus], cp=w.parallel.cp, chain=plan_chain(model, w, figures_in_blocks))
    best = float(fs.value_at("scale.best_tokens_per_s"))
    checks: list[Check] = []
    if fs.number("scale.layouts_evaluated") == 0:
        replicas = w.global_batch // max(w.micro_batch, 1)
        checks.append(Check(
            "scaling.no_layout", "warning", "network", "No parallel layout uses every GPU",
            f"{gpus:,} GPUs cannot be split into whole data-parallel replicas that each get a micro-batch: the global "
            f"batch of {w.global_batch:,} sequences at {w.micro_batch:,} per GPU feeds at most {replicas:,} replicas "
            "of any power-of-two tensor × pipeline layout.",
            "Use fewer nodes (0 lets gpudesk size them), or a larger global batch.",
            ("scale.layouts_evaluated",), {"gpus": gpus, "global_batch": w.global_batch,
                                          "micro_batch": w.micro_batch, "replicas": replicas},
        ))
        return fs, checks
    if math.isfinite(best) and math.isfinite(planned_tokens_per_s) and planned_tokens_per_s > 0 \
            and best >= FASTER_BY * planned_tokens_per_s:
        tp, pp, ep = (int(fs.value_at(f"scale.best_{k}")) for k in ("tp", "pp", "ep"))
        gain = best / planned_tokens_per_s - 1
        limit = str(fs.value_at("scale.best_limit"))
        checks.append(Check(
            "scaling.better_layout", "info", "network", "A faster parallel layout exists",
            f"On {gpus:,} GPUs, TP{tp} × PP{pp} × EP{ep} trains {percent_text(gain)} faster than the plan's layout "
            f"({best:,.0f} against {planned_tokens_per_s:,.0f} tokens/s); it is limited by "
            f"{BOTTLENECK.name_of(limit, 'en')}.",
            f"Set tensor parallel {tp}, pipeline stages {pp} and expert parallel {ep} in step 2.",
            ("scale.best_tokens_per_s", "train.tokens_per_s", "scale.best_limit"),
            {"gpus": gpus, "tp": tp, "pp": pp, "ep": ep, "gain": gain, "best": best,
             "planned": planned_tokens_per_s, "limit": limit},
        ))
    return fs, checks
