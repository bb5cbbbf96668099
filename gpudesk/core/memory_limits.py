"""The memory estimate's limits: the largest micro-batch, concurrency and context that fit (core/memory.py).

They read the GPU's capacity, so on a flat batch they run on the rows of every input's distinct combinations, where
the states, activations and total ran once per distinct combination of the other inputs (their values taken there by
``lift``: flat_estimates.Lift); each row computes with its own values in the same operations, so every figure is the
same, bit for bit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from gpudesk.core import constants as C
from gpudesk.core.explain import FigureSet, as_array
from gpudesk.core.memory_budget import Needs, Settings, kv_stage_fraction
from gpudesk.core.model_math import kv_layer_counts, kv_values_per_token_layer
from gpudesk.core.precision import bytes_per_value

if TYPE_CHECKING:
    from gpudesk.core.memory import MemoryInputs


def record_limits(fs: FigureSet, inp: MemoryInputs, cfg: Settings, bud: Needs, usable: np.ndarray, s: np.ndarray,
                   b: np.ndarray, lift: Callable[[Any], Any]) -> None:
    """The limits on the capacity's rows (``usable``'s); ``bud``, ``s`` and ``b`` of the other inputs' rows, taken
    there by ``lift`` (the same values in the same operations as on the capacity's rows)."""
    f = C.ALLOCATOR_FRAGMENTATION.value
    runtime = lift(bud.runtime)
    fixed = usable - runtime - (1 + f) * lift(bud.state_total)
    limit_deps = ["mem.usable", "mem.runtime", "mem.model_states", "mem.c.fragmentation"]
    with np.errstate(divide="ignore", invalid="ignore"):
        if cfg.training:
            assert bud.train_act is not None  # a training budget always models its activations
            per_sample = lift((1 + f) * bud.train_act.bytes(s, 1.0))
            mb = np.where(per_sample > 0, np.floor(np.maximum(fixed, 0) / per_sample), np.nan)
            fs.add("mem.max_micro_batch", mb, "sequences", "largest micro-batch that fits",
                   "⌊(usable − runtime − (1+f)·states) / ((1+f) · activations per sequence)⌋", [*limit_deps,
                                                                                         "mem.activations"])
            budget = np.maximum(fixed, 0) / lift((1 + f) * b)
            act = bud.train_act
            stages = dataclasses.replace(act, alpha_first=lift(act.alpha_first), beta_first=lift(act.beta_first),
                                         alpha_last=lift(act.alpha_last), beta_last=lift(act.beta_last))
            ctx = np.where(act.modelled, stages.max_seq_len(budget), np.nan)
            fs.add("mem.max_context", ctx, "tokens", "longest training sequence at this micro-batch",
                   "largest s with (1+f)·b·(α·s + β·s²) ≤ usable − runtime − (1+f)·states on first and last stage",
                   [*limit_deps, "mem.activations", "mem.in.micro_batch"])
            return
        fixed_inf = usable - runtime - lift((1 + f) * (bud.states.weights + bud.fixed_workspace))
        per_seq = bud.kv_per_sequence + (1 + f) * bud.logits_per_sequence
        each = lift(per_seq)
        conc = np.where(each > 0, np.floor(np.maximum(fixed_inf, 0) / each), np.nan)
        fs.add("mem.kv_budget", np.maximum(fixed_inf, 0.0), "B", "memory left for KV cache and logits per GPU",
               "usable − runtime − (1+f)·(weights + prefill workspace)", limit_deps)
        fs.add("mem.per_sequence", per_seq, "B", "KV cache and logits of one sequence at s per GPU",
               "KV per sequence + (1+f)·logits", ["mem.kv_cache", "mem.activations"])
        fs.add("mem.max_concurrency", conc, "sequences", "concurrent sequences that fit at s",
               "⌊(usable − runtime − (1+f)·(weights + prefill workspace)) / (KV per sequence + (1+f)·logits)⌋",
               [*limit_deps, "mem.kv_cache", "mem.activations"])
        fs.add("mem.max_context", _max_inference_context(inp, cfg, bud, fixed_inf, b, lift), "tokens",
               "longest context per sequence at this concurrency",
               "per-sequence budget B = (usable − runtime − (1+f)(weights + workspace + b·logits)) · c / (b · ⌈L/p⌉/L);"
               " s = B/(c_kv·(L_f + L_s)) if s ≤ w else (B/c_kv − L_s·w)/L_f; capped at the model's max context",
               [*limit_deps, "mem.kv_cache", "mem.in.micro_batch", "arch.params_total"])


def _max_inference_context(inp: MemoryInputs, cfg: Settings, bud: Needs, fixed_inf: np.ndarray, b: np.ndarray,
                           lift: Callable[[Any], Any]) -> np.ndarray:
    m, f = inp.model, C.ALLOCATOR_FRAGMENTATION.value
    if not m.n_layers:
        return fixed_inf * np.nan
    full, sliding = kv_layer_counts(m)
    c_kv = kv_values_per_token_layer(m, inp.tp) * bytes_per_value(inp.kv_dtype)
    share = kv_stage_fraction(m, as_array(inp.pp)) / as_array(inp.cp)
    avail = np.maximum(fixed_inf - lift((1 + f) * b * bud.logits_per_sequence), 0.0)
    per_seq_tokens = avail / lift(b * share * c_kv)  # Σ over layers of tokens held, per sequence
    w = float(m.sliding_window or 0)
    short = per_seq_tokens / (full + sliding)
    with np.errstate(divide="ignore", invalid="ignore"):
        long = np.where(full > 0, (per_seq_tokens - sliding * w) / max(full, 1), np.inf)
    ctx = np.floor(np.where(short <= w, short, long) if sliding else short)
    return np.minimum(ctx, float(m.max_context)) if m.max_context else ctx
