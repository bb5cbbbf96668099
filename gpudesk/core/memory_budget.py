"""Per-GPU memory budget for one layout, and the fewest GPUs that fit.

:func:`evaluate_layout` adds model states, activations, KV cache and
runtime overheads for arrays of candidates (pure numpy); the layout search
of :func:`min_gpus` re-evaluates it for a handful of powers of two, once per distinct
combination of the inputs it reads (the batch's own codes where it has them: core/flat_keys.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.column_codes import rows_of_codes
from gpudesk.core.constants import (
    ALLOCATOR_FRAGMENTATION,
    COMM_BUFFER_BYTES,
    CUDA_CONTEXT_BYTES,
    PREFILL_CHUNK_TOKENS,
    SERVING_MEMORY_FRACTION,
)
from gpudesk.core.flat_estimates import coded_at, on_rows
from gpudesk.core.flat_keys import FlatKeys
from gpudesk.core.memory_activations import (
    TrainingActivations,
    inference_logits_per_sequence,
    inference_workspace_per_token,
    training_activations,
)
from gpudesk.core.memory_states import TRAINING_MODES, Layout, StateBytes, model_state_bytes
from gpudesk.core.model_math import ParamBreakdown, kv_cache_bytes

MAX_DP_DOUBLINGS = 20  # ZeRO-3 search up to 2^20 data-parallel ranks
ZERO3_FIRST_BLOCK = 4  # ZeRO-3 search: d = 1..8 evaluated at once, then the rest at once
DISTINCT_SEARCH_MIN_CANDIDATES = 256  # below this, de-duplicating costs more than it saves
# the per-candidate inputs the model states and the training activations read (evaluate_layout's ``keys``)
LAYOUT_COLUMNS = ("tp", "pp", "dp", "cp", "ep", "zero_stage")
ACTIVATION_COLUMNS = ("seq_len", "tp", "pp", "cp", "virtual_stages", "micro_batch")


@dataclass(frozen=True)
class Settings:
    """Everything but the layout and the per-candidate sizes."""

    model: ModelArch
    breakdown: ParamBreakdown
    mode: str
    weight_dtype: str
    kv_dtype: str
    optimizer: str
    master_weights: bool
    recompute: str
    sequence_parallel: bool
    flash_attention: bool
    lora_rank: int
    cpu_offload: bool
    serving_fraction: float
    training_stack: str = "megatron"
    # pytorch_amp only: True where one micro-batch makes each optimizer step (no gradient accumulation), so
    # gradients are created as the backward frees activations instead of persisting beside them
    single_step: np.ndarray | bool = False
    torch_compile: bool = False  # fsdp2: compiled layers keep fused activations
    # serving: the fraction is a share of the memory free after the model loads, all of it KV cache (TensorRT-LLM);
    # False: a share of the device total (vLLM, SGLang); vocabulary/serving.py ENGINE_RELEASE ``kv_of_free``
    kv_of_free: bool = False

    @property
    def training(self) -> bool:
        return self.mode in TRAINING_MODES


@dataclass(frozen=True)
class Needs:
    """What one layout needs per GPU: everything of its budget but the GPU's capacity."""

    states: StateBytes
    activations: np.ndarray
    kv_cache: np.ndarray
    runtime: np.ndarray
    fragmentation: np.ndarray
    total: np.ndarray
    train_act: TrainingActivations | None
    kv_per_sequence: np.ndarray  # inference: KV bytes of one sequence at seq_len on this GPU
    fixed_workspace: np.ndarray  # inference: prefill-chunk workspace
    logits_per_sequence: np.ndarray
    grad_overlap: np.ndarray | float = 0.0  # bytes of gradients and activations never held together

    @property
    def state_total(self) -> np.ndarray:
        s = self.states
        return np.asarray(s.weights + s.gradients + s.optimizer + s.lora_adapters + s.zero3_gathered + s.amp_weight_cache)

    @property
    def serving_fixed(self) -> np.ndarray:
        """Inference: what a replica holds whatever its batch, runtime + (1+f)·(weights + prefill workspace); the
        rest of its total is per sequence (KV cache + (1+f)·logits)."""
        return np.asarray(self.runtime + (1 + ALLOCATOR_FRAGMENTATION.value) * (self.states.weights + self.fixed_workspace))


@dataclass(frozen=True)
class Budget:
    """A layout's needs and the memory its GPUs offer."""

    needs: Needs
    usable: np.ndarray

    @property
    def total(self) -> np.ndarray:
        return self.needs.total


def runtime_bytes(cfg: Settings, lay: Layout) -> np.ndarray:
    """CUDA context always; NCCL buffers only when GPUs of one model instance communicate."""
    group = lay.gpus if cfg.training else lay.tp * lay.pp * lay.cp * np.maximum(lay.ep, 1)
    return CUDA_CONTEXT_BYTES.value + np.where(group > 1, COMM_BUFFER_BYTES.value, 0.0)


def usable_bytes(cfg: Settings, capacity: np.ndarray, fixed: np.ndarray | float) -> np.ndarray:
    """The memory a layout may fill on GPUs of ``capacity``: all of it in training; serving, what the engine lets the
    replica hold (:func:`serving_usable_bytes`), ``fixed`` its batch-independent bytes (Needs.serving_fixed)."""
    if cfg.training:
        return capacity * 1.0
    return serving_usable_bytes(cfg.serving_fraction, cfg.kv_of_free, capacity, fixed)


def serving_usable_bytes(fraction: float, kv_of_free: bool, capacity: np.ndarray, fixed: np.ndarray | float
                         ) -> np.ndarray:
    """What a serving engine at memory ``fraction`` lets a replica hold per GPU: its ``fixed`` bytes (weights, workspace,
    runtime) and its KV budget, usable − fixed, which every path that sizes KV reads through this (the estimate, the
    serving and configuration searches, the fewest GPUs, the disaggregated pools and the drain all read mem.kv_budget
    or mem.usable). ``kv_of_free`` (TensorRT-LLM's free_gpu_memory_fraction): the KV budget is fraction × the memory
    free after the model loads, f·(C − F), so usable = F + f·(C − F), never above C. Otherwise (vLLM's
    gpu_memory_utilization, SGLang's mem_fraction_static) the fraction bounds everything: usable = f·C, KV budget
    f·C − F."""
    if kv_of_free:
        return np.asarray(np.minimum(capacity, fixed + fraction * (capacity - fixed)))
    return capacity * fraction + fixed * 0.0


def kv_stage_fraction(m: ModelArch, pp: np.ndarray) -> np.ndarray:
    """Share of the layers (and so of the KV cache) on the heaviest pipeline stage."""
    return np.ceil(m.n_layers / pp) / m.n_layers if m.n_layers else pp * 0.0 + 1.0


def evaluate_layout(cfg: Settings, lay: Layout, capacity: np.ndarray, seq_len: np.ndarray,
                    micro_batch: np.ndarray, virtual_stages: np.ndarray, keys: FlatKeys | None = None) -> Budget:
    """The budget of every candidate: :func:`layout_needs` and the usable memory of ``capacity``."""
    needs = layout_needs(cfg, lay, seq_len, micro_batch, virtual_stages, keys)
    fixed = 0.0 if cfg.training else needs.serving_fixed
    return Budget(needs, usable_bytes(cfg, capacity, fixed) + needs.runtime * 0.0)


def layout_needs(cfg: Settings, lay: Layout, seq_len: np.ndarray, micro_batch: np.ndarray,
                 virtual_stages: np.ndarray, keys: FlatKeys | None = None) -> Needs:
    """What every candidate needs per GPU. ``keys``: the candidates' columns (a flat batch, flat_estimates.known_keys
    of ``LAYOUT_COLUMNS`` and ``ACTIVATION_COLUMNS``): the model states and the activations, which read only those, run
    once per distinct combination of them (bench_core's 5,664 rows: 472 and 192) and are taken to every row."""
    m, f = cfg.model, ALLOCATOR_FRAGMENTATION.value
    states = on_rows(keys, LAYOUT_COLUMNS, lambda layout: model_state_bytes(
        cfg.breakdown, layout, cfg.mode, cfg.weight_dtype, cfg.optimizer, cfg.master_weights, cfg.lora_rank,
        cfg.cpu_offload, cfg.training_stack, cfg.recompute), lay)
    runtime = runtime_bytes(cfg, lay)
    zero = runtime * 0.0
    overlap = zero
    if cfg.training:
        def activations_of(s: np.ndarray, t: np.ndarray, p: np.ndarray, c: np.ndarray, v: np.ndarray,
                           b: np.ndarray) -> tuple[TrainingActivations, np.ndarray]:
            act = training_activations(m, cfg.weight_dtype, s, t, p, c, cfg.recompute, cfg.sequence_parallel,
                                       cfg.flash_attention, v, cfg.training_stack, cfg.torch_compile)
            return act, act.bytes(s, b)

        act, activations = on_rows(keys, ACTIVATION_COLUMNS, activations_of, seq_len, lay.tp, lay.pp, lay.cp,
                                   virtual_stages, micro_batch)
        kv = kv_seq = workspace = logits = zero
        if cfg.training_stack == "pytorch_amp":
            # peak = max(start of backward: activations + weight cache, end: gradients + one layer's working set)
            start = activations + states.amp_weight_cache
            overlap = np.where(cfg.single_step, np.clip(np.minimum(
                states.gradients, start - micro_batch * act.working_layer), 0.0, None), 0.0) + zero
    else:
        act = None
        workspace = PREFILL_CHUNK_TOKENS.value * inference_workspace_per_token(m, lay.tp) + zero
        logits = inference_logits_per_sequence(m, lay.tp) + zero
        activations = workspace + micro_batch * logits
        kv_seq = kv_cache_bytes(m, cfg.kv_dtype, seq_len, 1.0, lay.tp) * kv_stage_fraction(m, lay.pp) / lay.cp
        kv = kv_seq * micro_batch
    dynamic = (states.weights + states.gradients + states.optimizer + states.lora_adapters + states.zero3_gathered
               + states.amp_weight_cache)
    fragmentation = f * (dynamic + activations - overlap)
    total = dynamic + activations - overlap + kv + runtime + fragmentation
    return Needs(states, activations, kv, runtime, fragmentation, total, act, kv_seq, workspace, logits, overlap)


def _largest_power_of_two_at_most(x: np.ndarray) -> np.ndarray:
    return np.asarray(2.0 ** np.floor(np.log2(np.maximum(x, 1.0))))


def _fewest_tp_pp(cfg: Settings, capacity: np.ndarray, seq_len: np.ndarray, micro_batch: np.ndarray,
                  cp: np.ndarray, zero_stage: np.ndarray, gpus_per_node: np.ndarray,
                  virtual_stages: np.ndarray) -> np.ndarray:
    """Family tp×pp: n = 1, 2, 4, … ≤ 8·L as t = min(n, T), p = n/t (p ≤ L), d = 1; the least n that fits."""
    shape = np.broadcast(capacity, seq_len, micro_batch, cp, zero_stage, gpus_per_node, virtual_stages).shape
    cand, n, within = tp_pp_layouts(cfg, cp, zero_stage, gpus_per_node, shape)
    b = evaluate_layout(cfg, cand, capacity, seq_len, micro_batch, virtual_stages)
    return first_fit((b.total <= b.usable) & within, n * cp)


def tp_pp_layouts(cfg: Settings, cp: np.ndarray, zero_stage: np.ndarray, gpus_per_node: np.ndarray,
                   shape: tuple[int, ...]) -> tuple[Layout, np.ndarray, np.ndarray]:
    """The tp×pp family's layouts of candidates of ``shape`` over a leading axis of n, the n, and p ≤ L."""
    ones = np.ones(shape)
    t_max = _largest_power_of_two_at_most(np.minimum(8.0, gpus_per_node)) * ones
    max_layers = max(cfg.model.n_layers, 1)
    # every n in one evaluation over a leading axis (one call instead of one per n: a sweep's distinct rows are a
    # few hundred, so each call is mostly numpy's per-call cost); the first n that fits is the answer, as one n at a
    # time finds it
    count = 1
    while 2.0 ** count <= 8.0 * max_layers:
        count += 1
    n = (2.0 ** np.arange(count, dtype=np.float64)).reshape((-1,) + (1,) * len(shape))
    t = np.minimum(n, t_max)
    p = n / t
    return Layout(t, p, ones, cp * ones, ones, zero_stage * ones), n, p <= max_layers


def first_fit(fits: np.ndarray, answers: np.ndarray) -> np.ndarray:
    """The answer of the first candidate along the leading axis that fits; NaN where none does."""
    first = np.argmax(fits, axis=0)
    found = np.take_along_axis(np.broadcast_to(answers, fits.shape), first[None], axis=0)[0]
    return np.where(fits.any(axis=0), found, np.nan)


def _fewest_zero3(cfg: Settings, capacity: np.ndarray, seq_len: np.ndarray, micro_batch: np.ndarray,
                  tp: np.ndarray, pp: np.ndarray, cp: np.ndarray, ep: np.ndarray, zero_stage: np.ndarray,
                  virtual_stages: np.ndarray) -> np.ndarray:
    """Family ZeRO-3: the given t, p, c, e and d = 1, 2, 4, … until the shards fit; n = t·p·d·c."""
    # The doublings in two blocks, each one evaluation over a leading axis of d values (most layouts fit within
    # the first block); the first d that fits is the answer, as one d at a time would find it. The second block
    # runs only for the rows the first left without an answer (each row's answer is its own: flat rows are taken).
    args = (capacity, seq_len, micro_batch, tp, pp, cp, ep, zero_stage, virtual_stages)
    shape = np.broadcast(*args).shape
    result = _zero3_block(cfg, range(0, ZERO3_FIRST_BLOCK), *args)
    missing = np.isnan(result)
    rest = range(ZERO3_FIRST_BLOCK, MAX_DP_DOUBLINGS + 1)
    if len(shape) == 1 and 0 < missing.sum() < missing.size:
        todo = np.flatnonzero(missing)
        result[todo] = _zero3_block(cfg, rest, *(np.take(np.broadcast_to(x, shape), todo) for x in args))
    elif missing.any():
        result = np.where(missing, _zero3_block(cfg, rest, *args), result)
    return result


def _zero3_block(cfg: Settings, block: range, capacity: np.ndarray, seq_len: np.ndarray, micro_batch: np.ndarray,
                 tp: np.ndarray, pp: np.ndarray, cp: np.ndarray, ep: np.ndarray, zero_stage: np.ndarray,
                 virtual_stages: np.ndarray) -> np.ndarray:
    """The fewest GPUs with d = 2^k, k in ``block``, that fit; NaN where none does."""
    shape = np.broadcast(capacity, seq_len, micro_batch, tp, pp, cp, ep, zero_stage, virtual_stages).shape
    cand = zero3_layouts(block, tp, pp, cp, ep, zero_stage, shape)
    b = evaluate_layout(cfg, cand, capacity, seq_len, micro_batch, virtual_stages)
    return first_fit(b.total <= b.usable, cand.gpus)


def zero3_layouts(block: range, tp: np.ndarray, pp: np.ndarray, cp: np.ndarray, ep: np.ndarray,
                   zero_stage: np.ndarray, shape: tuple[int, ...]) -> Layout:
    """The ZeRO-3 family's layouts of candidates of ``shape`` over a leading axis of d = 2^k, k in ``block``."""
    ones = np.ones(shape)
    d = (2.0 ** np.arange(block.start, block.stop, dtype=np.float64)).reshape((-1,) + (1,) * len(shape))
    return Layout(tp * ones, pp * ones, d * ones, cp * ones, ep * ones, zero_stage * ones)


def search_min_gpus(cfg: Settings, lay: Layout, capacity: np.ndarray, seq_len: np.ndarray,
                    micro_batch: np.ndarray, virtual_stages: np.ndarray, gpus_per_node: np.ndarray) -> np.ndarray:
    """:func:`min_gpus` searched on every candidate as given (no de-duplication): the reference path."""
    result = _fewest_tp_pp(cfg, capacity, seq_len, micro_batch, lay.cp, lay.zero_stage, gpus_per_node,
                           virtual_stages)
    if cfg.training:
        zero3 = np.broadcast_to(lay.zero_stage >= 3, result.shape)
        if np.any(zero3):
            z3 = _fewest_zero3(cfg, capacity, seq_len, micro_batch, lay.tp, lay.pp, lay.cp, lay.ep,
                               lay.zero_stage, virtual_stages)
            result = np.where(zero3, np.broadcast_to(z3, result.shape), result)
    return result


def min_gpus(cfg: Settings, lay: Layout, capacity: np.ndarray, seq_len: np.ndarray, micro_batch: np.ndarray,
             virtual_stages: np.ndarray, gpus_per_node: np.ndarray) -> np.ndarray:
    """Fewest GPUs of one model replica that fit; NaN when no layout of the family fits.

    Family tp×pp (inference, ZeRO 0–2): n = 1, 2, 4, … GPUs as t = min(n, T) with T the largest power
    of two ≤ min(8, GPUs per node), p = n / t across nodes (p ≤ L), dp = 1, experts split over t.
    Family ZeRO-3 (training with zero_stage 3): the given t, p, cp and dp = 1, 2, 4, … until the shards fit.

    The answer depends only on the inputs each family reads, and a sweep repeats the same few values of
    them across many candidates (the tp×pp family ignores the given t, p, d), so each family is searched
    once per distinct combination and the answers are scattered back: identical results to
    :func:`search_min_gpus`, a small fraction of the work on a sweep.
    """
    shape = np.broadcast(capacity, seq_len, micro_batch, lay.tp, lay.pp, lay.dp, lay.cp, lay.ep,
                         lay.zero_stage, gpus_per_node, virtual_stages).shape
    size = int(np.prod(shape))
    if size < DISTINCT_SEARCH_MIN_CANDIDATES:
        return search_min_gpus(cfg, lay, capacity, seq_len, micro_batch, virtual_stages, gpus_per_node)
    read = [capacity, seq_len, micro_batch, lay.cp, lay.zero_stage, gpus_per_node, virtual_stages]
    if cfg.training:
        read += [lay.tp, lay.pp, lay.ep]
    if 4 * int(np.prod(np.broadcast(*read).shape)) <= size:
        # a grid sweep: the inputs the families read span a few axes (not d, nor the global batch), so the
        # search on their own broadcast shape is already once per distinct row; broadcast the answers
        found = _fewest_tp_pp(cfg, capacity, seq_len, micro_batch, lay.cp, lay.zero_stage, gpus_per_node,
                              virtual_stages)
        if cfg.training and np.any(lay.zero_stage >= 3):
            z3 = _fewest_zero3(cfg, capacity, seq_len, micro_batch, lay.tp, lay.pp, lay.cp, lay.ep, lay.zero_stage,
                               virtual_stages)
            found = np.where(lay.zero_stage >= 3, z3, found)
        return np.array(np.broadcast_to(found, shape))
    zero3 = (np.broadcast_to(lay.zero_stage >= 3, shape).ravel() if cfg.training
             else np.zeros(size, dtype=bool))
    result = np.full(size, np.nan)
    common = {"capacity": capacity, "seq_len": seq_len, "micro_batch": micro_batch, "cp": lay.cp,
              "zero_stage": lay.zero_stage, "virtual_stages": virtual_stages}
    rows = np.flatnonzero(~zero3)
    if rows.size:
        result[rows] = _on_distinct(lambda **c: _fewest_tp_pp(cfg, **c), shape, rows,
                                    {**common, "gpus_per_node": gpus_per_node})
    rows = np.flatnonzero(zero3)
    if rows.size:
        result[rows] = _on_distinct(lambda **c: _fewest_zero3(cfg, **c), shape, rows,
                                    {**common, "tp": lay.tp, "pp": lay.pp, "ep": lay.ep})
    return result.reshape(shape)


def _on_distinct(search: Callable[..., np.ndarray], shape: tuple[int, ...], rows: np.ndarray,
                 columns: dict[str, np.ndarray]) -> np.ndarray:
    """``search`` of the candidates ``rows`` (flat indices into ``shape``), run once per distinct row."""
    varying = {k: np.broadcast_to(v, shape).reshape(-1) for k, v in columns.items() if np.size(v) > 1}
    fixed = {k: np.asarray(v, dtype=float).reshape(()) for k, v in columns.items() if np.size(v) <= 1}
    if not varying:
        return np.broadcast_to(search(**fixed), rows.shape)
    # a column the batch coded (an input of the estimate's distinct rows) is not coded again: its codes at the rows
    coded = [coded_at(columns[k] if np.shape(columns[k]) == v.shape else v, rows) for k, v in varying.items()]
    representative, inverse = rows_of_codes(coded, rows.size)
    at = np.take(rows, representative)
    answers = search(**fixed, **{k: np.take(v, at) for k, v in varying.items()})
    return np.take(np.broadcast_to(answers, representative.shape), inverse)


def default_serving_fraction(value: float | None) -> float:
    return SERVING_MEMORY_FRACTION.value if value is None else float(value)
