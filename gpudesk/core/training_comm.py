"""Communication of one training step, per parallel dimension.

Rank layout follows Megatron-LM's order (tensor innermost, then context,
then data/expert, pipeline outermost), so each dimension's group has a
stride and a number of members inside one scale-up domain; that decides
which link it crosses (see :mod:`gpudesk.core.collectives`). Expert layers
take their own order (expert TP 1 innermost, then expert, expert data,
pipeline: Megatron-Core's expert rank generator, MoE parallel folding), so
an expert group is e adjacent ranks whatever the attention's t and c.

Per micro-batch and per layer of the stage (b micro-batch, s sequence, h
hidden, c context-parallel, t tensor-parallel):

* TP (Megatron with sequence parallelism): 2 all-gathers + 2 reduce-scatters
  forward and the same backward = 4 all-reduce equivalents of b·(s/c)·h
  activations (6 with full recompute). On the critical path.
* CP (ring attention): K and V gathered forward, their gradients reduced
  backward; overlapped with the attention kernels, only the excess shows.
* EP (MoE): dispatch and combine all-to-all forward and backward (4 per MoE
  layer) of b·(s/c)·h·k activations.
* PP: one activation send forward and one gradient send backward per
  micro-batch and virtual stage, b·(s/c)·h/t values (sequence-parallel shard).
* DP: gradients reduced once per step (ZeRO 0-2: all-reduce, or
  reduce-scatter + all-gather of the same volume), overlapped with the
  backward pass of the last micro-batch, in Megatron's gradient buckets:
  each bucket's collectives pay the Simple-protocol ring latency over the
  data × context group (a 256-rank ring across 8 domains: ~0.9 ms per call,
  NCCL's tuning model); ZeRO-3/FSDP gathers the weights
  forward and backward and reduce-scatters gradients every micro-batch,
  overlapped with that micro-batch's compute.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.core.arrays import Gathered, broadcast_shape, whole
from gpudesk.core.collectives import (
    Links,
    bucket_steps_latency,
    collective_time,
    local_members,
    reduce_volume_time,
    tuned_all_reduce_time,
)
from gpudesk.core.constants import DDP_BUCKET_MIN_PARAMS, DDP_BUCKET_PARAMS_PER_RANK
from gpudesk.core.flat_keys import WORTH_IT, FlatKeys
from gpudesk.core.pass_memo import memoised_by, small_values_key
from gpudesk.core.training_levels import Level


@dataclass(frozen=True)
class StepShape:
    """Per-candidate layout and work of one step (all arrays broadcast to one shape)."""

    tp: np.ndarray
    pp: np.ndarray
    cp: np.ndarray
    ep: np.ndarray
    dp: np.ndarray
    micro_batch: np.ndarray
    seq_len: np.ndarray
    micro_batches: np.ndarray  # m per pipeline per step
    virtual_stages: np.ndarray
    zero_stage: np.ndarray
    full_recompute: np.ndarray  # bool
    layers: float
    moe_layers: float
    hidden: float
    kv_width: float  # K and V values per token per layer (2·g·d, or the MLA latent)
    experts_per_token: float
    dense_params: float  # parameters replicated across expert-parallel ranks
    expert_params: float  # routed expert parameters (sharded by EP)
    bucket_params: float = 0.0  # gradient bucket (parameters); 0 = Megatron's default, inf = one bucket


def params_per_gpu(shape: StepShape) -> np.ndarray:
    """Weights each GPU holds before ZeRO sharding: dense/(t·p) + experts/(e·p)."""
    return np.asarray(shape.dense_params / (shape.tp * shape.pp) + shape.expert_params / (shape.ep * shape.pp))


@dataclass(frozen=True)
class Collectives:
    """The collectives of one micro-batch and layer (or of one step for the data-parallel reduce), before the
    step multiplies them: what the layout, the micro-batch's tokens and the hardware decide."""

    tp: np.ndarray  # all-reduce of the activations over t
    cp: np.ndarray  # all-gather + reduce-scatter of K, V over c
    ep: np.ndarray  # all-to-all of the routed activations over e
    pp: np.ndarray  # point-to-point send to the next stage
    reduce_once: np.ndarray  # ZeRO 0-2: gradients all-reduced once per step, bytes only (latency per bucket below)
    dense_bucket_steps: np.ndarray  # Simple-protocol ring steps of one dense gradient bucket (s)
    expert_bucket_steps: np.ndarray  # the same over the expert data-parallel group
    per_mb: np.ndarray  # ZeRO-3: weights gathered twice and gradients reduce-scattered, per micro-batch
    tp_crosses: np.ndarray
    dp_crosses: np.ndarray
    pp_crosses: np.ndarray
    ep_crosses: np.ndarray


# the StepShape fields and hardware rows :func:`collectives` and the buckets' latency read (not m, ZeRO stage or
# recompute), as named by estimate_training's inputs (d from the GPU count)
COLLECTIVE_INPUTS = ("row", "tp", "pp", "cp", "ep", "n_gpus", "micro_batch", "seq_len", "virtual_stages")
# of them, what the data-parallel collectives and the buckets' latency read (d from the GPU count, t, p, c)
DP_INPUTS = ("row", "tp", "pp", "cp", "ep", "n_gpus", "virtual_stages")


def collectives(shape: StepShape, links: Links, act_bytes: float, grad_bytes: float,
                weight_bytes: float) -> Collectives:
    tp, cp, ep, pp, tp_crosses, pp_crosses, ep_crosses = _layer_collectives(shape, links, act_bytes)
    reduce_once, dense_steps, expert_steps, per_mb, dp_crosses = _dp_collectives_kept(shape, links, grad_bytes,
                                                                                    weight_bytes)
    return Collectives(tp, cp, ep, pp, reduce_once, dense_steps, expert_steps, per_mb, tp_crosses, dp_crosses,
                       pp_crosses, ep_crosses)


def _layer_collectives(s: StepShape, links: Links, act_bytes: float) -> tuple[np.ndarray, ...]:
    """The collectives of one micro-batch and layer (TP, CP, EP, PP) and whether TP, PP, EP cross domains."""
    tokens_mb = s.micro_batch * s.seq_len / s.cp
    act = tokens_mb * s.hidden * act_bytes
    dom = links.scaleup_domain
    one = np.ones_like(s.tp)
    local_tp = local_members(s.tp, one, dom)
    tp = tuned_all_reduce_time(act, s.tp, local_tp, links)
    local_cp = local_members(s.cp, s.tp, dom)
    kv = s.micro_batch * s.seq_len * s.kv_width * act_bytes
    cp = collective_time("all_gather", kv, s.cp, local_cp, links) + collective_time("reduce_scatter", kv, s.cp,
                                                                                    local_cp, links)
    # experts take their own rank order (MoE parallel folding: expert TP 1, CP folded in), so an expert group is e
    # adjacent ranks whatever the attention's t and c (Megatron-Core initialize_model_parallel)
    local_ep = local_members(s.ep, one, dom)
    routed = act * max(s.experts_per_token, 1.0)
    ep = collective_time("all_to_all", routed, s.ep, local_ep, links)
    local_pp = local_members(s.pp, s.tp * s.cp * s.dp, dom)
    pp = collective_time("p2p", act / s.tp, s.pp, local_pp, links)
    return tp, cp, ep, pp, s.tp > local_tp, (s.pp > 1) & (local_pp < s.pp), s.ep > local_ep


def _dp_collectives(s: StepShape, links: Links, grad_bytes: float, weight_bytes: float) -> tuple[np.ndarray, ...]:
    """The data-parallel collectives (they read ``DP_INPUTS`` only): the ZeRO 0-2 reduce's bytes, one bucket's ring
    steps (dense and expert), ZeRO-3's traffic per micro-batch, and whether the group crosses domains."""
    dom = links.scaleup_domain
    dp_group = s.dp * s.cp
    local_dp = local_members(dp_group, s.tp, dom)
    expert_group = np.maximum(dp_group * s.tp / s.ep, 1.0)  # expert data parallel: t·c·d / e (expert TP 1)
    local_edp = local_members(expert_group, s.ep, dom)
    dense_pg = s.dense_params / (s.tp * s.pp)
    expert_pg = s.expert_params / (s.ep * s.pp)
    reduce_once = (reduce_volume_time(dense_pg * grad_bytes, dp_group, local_dp, links)
                   + reduce_volume_time(expert_pg * grad_bytes, expert_group, local_edp, links))
    per_mb = (2.0 * collective_time("all_gather", dense_pg * weight_bytes, dp_group, local_dp, links)
              + collective_time("reduce_scatter", dense_pg * grad_bytes, dp_group, local_dp, links)
              + 2.0 * collective_time("all_gather", expert_pg * weight_bytes, expert_group, local_edp, links)
              + collective_time("reduce_scatter", expert_pg * grad_bytes, expert_group, local_edp, links))
    return (reduce_once, bucket_steps_latency(dp_group, local_dp, links),
            bucket_steps_latency(expert_group, local_edp, links), per_mb, dp_group > local_dp)


_DP_FIELDS = ("tp", "pp", "cp", "ep", "dp", "dense_params", "expert_params")  # what _dp_collectives reads of a shape


def _dp_key(s: StepShape, links: Links, grad_bytes: float, weight_bytes: float) -> Any:
    """:func:`_dp_collectives`' inputs by value (the links by identity: they are the memoised efficiencies' of the
    same hardware, training_rows.efficiencies_and_links); None (not memoised) for a large batch."""
    return small_values_key((*(getattr(s, f) for f in _DP_FIELDS), links, grad_bytes, weight_bytes))


# within the window's memo (core/pass_memo.py) an edit that changes no layout, GPU count or parameter count (the
# sequence, the batch, the deadline) keeps the data-parallel collectives of the sweep it sizes with
_dp_collectives_kept = memoised_by(_dp_key)(_dp_collectives)


def bucket_latency(s: StepShape, dense_steps: np.ndarray, expert_steps: np.ndarray, calls: np.ndarray) -> np.ndarray:
    """Seconds of latency the gradient buckets of one step pay (ZeRO 0-2): per bucket ``calls`` (the latency of its
    collective calls: reduce-scatter + all-gather with the distributed optimizer, else one all-reduce;
    :func:`_bucket_calls`) and the ring's steps.
    Megatron buckets only the first model chunk of the first stage (the last to finish its backward); every other
    chunk reduces as one bucket: ⌈(P/v) / bucket⌉ + (v − 1) buckets, P the parameters each GPU holds."""
    bucket = s.bucket_params or np.maximum(DDP_BUCKET_MIN_PARAMS.value, DDP_BUCKET_PARAMS_PER_RANK.value * s.dp)
    chunks = np.maximum(s.virtual_stages, 1.0)
    out = np.zeros(broadcast_shape(np.shape(dense_steps), np.shape(expert_steps)))
    for params, steps in ((s.dense_params / (s.tp * s.pp), dense_steps), (s.expert_params / (s.ep * s.pp),
                                                                           expert_steps)):
        buckets = np.where(params > 0, np.ceil(params / chunks / bucket) + chunks - 1.0, 0.0)
        out = out + np.where(steps > 0, buckets * (calls + steps), 0.0)
    return out


def last_bucket_share(s: StepShape) -> np.ndarray:
    """Share of one step's reduced gradients in its last bucket, 1 / (v · ⌈(P/v) / bucket⌉): Megatron buckets the
    first model chunk of the first stage (the last to finish its backward) and fills each bucket in the order the
    backward produces its gradients (:func:`bucket_latency`); P the parameters each GPU holds. 0 without a
    finite bucket count."""
    bucket = s.bucket_params or np.maximum(DDP_BUCKET_MIN_PARAMS.value, DDP_BUCKET_PARAMS_PER_RANK.value * s.dp)
    chunks = np.maximum(s.virtual_stages, 1.0)
    buckets = np.ceil(params_per_gpu(s) / chunks / bucket)
    return np.asarray(np.where(np.isfinite(bucket) & (buckets >= 1.0), 1.0 / (chunks * np.maximum(buckets, 1.0)),
                               0.0))


def _bucket_calls(distributed_optimizer: Any, links: Links) -> np.ndarray:
    return np.where(distributed_optimizer, 2.0, 1.0) * links.simple_base_s


_BUCKET_FIELDS = (*_DP_FIELDS, "virtual_stages", "bucket_params")  # and what bucket_latency reads besides


def _reduce_key(s: StepShape, c: Collectives, sharded: Any, links: Links) -> Any:
    return small_values_key((*(getattr(s, f) for f in _BUCKET_FIELDS), c.reduce_once, c.dense_bucket_steps,
                             c.expert_bucket_steps, sharded, links))


@memoised_by(_reduce_key)
def _reduce_with_buckets(s: StepShape, c: Collectives, sharded: Any, links: Links) -> Any:
    """ZeRO 0-2's reduce of one step, every candidate's: the bytes and the buckets' latency (``sharded``: the
    distributed optimizer's two calls per bucket). Kept per input within the window's memo, as the collectives."""
    return c.reduce_once + bucket_latency(s, c.dense_bucket_steps, c.expert_bucket_steps, _bucket_calls(sharded, links))


def _collectives_and_reduce(shape: StepShape, links: Links, act_bytes: float, grad_bytes: float,
                            weight_bytes: float, dp_rows: tuple[np.ndarray, np.ndarray] | None = None
                            ) -> tuple[Collectives, np.ndarray, np.ndarray]:
    """:func:`collectives`, and the ZeRO 0-2 reduce of one step (bytes + the buckets' latency) for ZeRO 0 and for
    ZeRO 1-2 (one call per bucket, or two): neither reads the micro-batches, so a flat batch computes them once per
    distinct row of ``COLLECTIVE_INPUTS`` and each row takes the one its ZeRO stage uses. ``dp_rows``: (one of these
    rows per distinct combination of ``DP_INPUTS``, each row's): the data-parallel part runs there and each row takes
    its own (it reads neither the micro-batch nor the sequence: bench_core's 640 of 7,680 rows)."""
    tp, cp, ep, pp, tp_crosses, pp_crosses, ep_crosses = _layer_collectives(shape, links, act_bytes)
    if dp_rows is None:
        dp = _dp_and_reduce(shape, links, grad_bytes, weight_bytes)
    else:
        rows, inverse = dp_rows
        at = FlatKeys({}, np.size(inverse))  # picks the arrays of these rows' length
        dp = tuple(np.take(v, inverse, mode="wrap") if np.ndim(v) == 1 and np.size(v) == rows.size else v
                   for v in _dp_and_reduce(at.pick(shape, rows), at.pick(links, rows), grad_bytes, weight_bytes))
    reduce_once, dense_steps, expert_steps, per_mb, dp_crosses, zero0, sharded = dp
    return (Collectives(tp, cp, ep, pp, reduce_once, dense_steps, expert_steps, per_mb, tp_crosses, dp_crosses,
                        pp_crosses, ep_crosses), zero0, sharded)


def _dp_and_reduce(shape: StepShape, links: Links, grad_bytes: float, weight_bytes: float) -> tuple[np.ndarray, ...]:
    """:func:`_dp_collectives` and the ZeRO 0 and ZeRO 1-2 reduce of one step with the buckets' latency."""
    reduce_once, dense_steps, expert_steps, per_mb, crosses = _dp_collectives(shape, links, grad_bytes, weight_bytes)
    once = [reduce_once + bucket_latency(shape, dense_steps, expert_steps, _bucket_calls(sharded, links))
            for sharded in (False, True)]
    return reduce_once, dense_steps, expert_steps, per_mb, crosses, once[0], once[1]


@dataclass(frozen=True)
class StepCollectives:
    """The collectives of a batch (:func:`collectives`) and the ZeRO 0 and ZeRO 1-2 reduce of one step, once per
    distinct row of ``COLLECTIVE_INPUTS`` (each candidate's row ``inverse``) or, with ``inverse`` None, on every
    candidate (the reduce then left to :func:`dp_traffic`)."""

    c: Collectives
    reduce_zero0: Any
    reduce_sharded: Any
    inverse: np.ndarray | None


def step_collectives(shape: StepShape, links: Links, act_bytes: float, grad_bytes: float, weight_bytes: float,
                     keys: FlatKeys | None = None) -> StepCollectives:
    """``keys`` (a flat batch): the collectives are computed once per distinct combination of
    ``COLLECTIVE_INPUTS`` (core/flat_keys.py), the same values as on every candidate."""
    representative, inverse = (None, None) if keys is None else keys.distinct(COLLECTIVE_INPUTS)
    if keys is None or representative is None or representative.size > WORTH_IT * keys.size:
        # every candidate: a flat batch's links held per accelerator row gathered (arrays.Gathered); others as they
        # are (the same links, so what is memoised on them is kept)
        held = {f.name: whole(v) for f in dataclasses.fields(links) if isinstance(v := getattr(links, f.name), Gathered)}
        links = dataclasses.replace(links, **held) if held else links
        return StepCollectives(collectives(shape, links, act_bytes, grad_bytes, weight_bytes), None, None, None)
    dp_rows: tuple[np.ndarray, np.ndarray] | None = keys.distinct_at(DP_INPUTS, representative)
    if dp_rows is not None and dp_rows[0].size > WORTH_IT * representative.size:
        dp_rows = None
    c, reduce_zero0, reduce_sharded = _collectives_and_reduce(
        keys.pick(shape, representative), keys.pick(links, representative), act_bytes, grad_bytes, weight_bytes,
        dp_rows)
    return StepCollectives(c, reduce_zero0, reduce_sharded, inverse)


def step_communication(sc: StepCollectives, s: StepShape, micro: Any, at: Level) -> tuple[Any, Any, Any, Any]:
    """Seconds of TP, CP (before overlap), EP and PP communication per GPU per step, at ``at``'s rows (``s`` and
    ``micro``, the micro-batches per step, picked there)."""
    c = sc.c

    def every(v: np.ndarray) -> Any:  # gathered where used: a temporary the allocator reuses, not a copy kept
        return at.lift(v, sc.inverse)

    layers_stage = s.layers / s.pp
    n_ar = np.where(s.full_recompute, 6.0, 4.0)
    per_layer = micro * layers_stage  # m · L/p, once for TP and CP
    tp_s = per_layer * n_ar * every(c.tp)
    cp_raw = per_layer * every(c.cp)
    ep_s = micro * (s.moe_layers / s.pp) * 4.0 * every(c.ep)
    pp_s = micro * 2.0 * s.virtual_stages * every(c.pp)
    pp_s = np.where(s.pp > 1, pp_s, 0.0)
    return tp_s, cp_raw, ep_s, pp_s


def dp_traffic(sc: StepCollectives, shape: StepShape, links: Links, zero_stage: Callable[[], Any], micro: Any, at: Level,
               bounds: list[int] | None = None) -> tuple[Any, Any]:
    """Data-parallel seconds per step before overlap (ZeRO 0-2: gradients reduced once, with the buckets' latency;
    ZeRO-3: per micro-batch, summed over the step) and whether each row follows ZeRO-3's pattern, at ``at``'s rows
    (``zero_stage()`` and ``micro`` picked there; ``shape``: every candidate's, read where nothing was de-duplicated;
    ``bounds``: where ``at``'s rows are ordered by the stage's case, the rows ZeRO 1-2 and ZeRO-3 start at; then the
    stage is not read, and the pattern is None: ZeRO-3's rows are those from the second bound on)."""
    c = sc.c
    if bounds is not None and sc.inverse is not None:  # each case's rows take only their own traffic
        out, ((b1, b2), per_mb) = np.empty(at.count), (bounds, np.asarray(c.per_mb))
        at.lift_into(out[:b1], sc.reduce_zero0, sc.inverse, 0)
        at.lift_into(out[b1:b2], sc.reduce_sharded, sc.inverse, b1)
        if per_mb.ndim == 0:
            np.multiply(per_mb, micro[b2:], out=out[b2:])
        else:
            at.lift_into(out[b2:], per_mb, sc.inverse, b2)
            np.multiply(out[b2:], micro[b2:], out=out[b2:])
        return out, None  # ZeRO-3's rows: from b2 on
    zero3 = zero_stage() >= 3
    if sc.inverse is None:
        reduce_once = _reduce_with_buckets(shape, c, zero_stage() >= 1, links)
    else:  # the same values, computed once per distinct row: each row gathers the one its ZeRO stage uses
        reduce_once = by_stage(zero_stage() >= 1, sc.reduce_sharded, sc.reduce_zero0, at.index_of(sc.inverse))
    return np.where(zero3, at.lift(c.per_mb, sc.inverse) * micro, reduce_once), zero3


def crossings(sc: StepCollectives) -> dict[str, Any]:
    """Whether each group leaves the scale-up domain (1.0 or 0.0), held per distinct row of a flat batch."""
    def crosses(v: np.ndarray) -> Any:
        v = np.asarray(v, dtype=np.float64)
        return v if sc.inverse is None or v.ndim != 1 else Gathered(v, sc.inverse)

    c = sc.c
    return {"tp": crosses(c.tp_crosses), "dp": crosses(c.dp_crosses), "pp": crosses(c.pp_crosses),
            "ep": crosses(c.ep_crosses)}


def by_stage(sharded: Any, if_sharded: np.ndarray, if_not: np.ndarray, inverse: np.ndarray) -> np.ndarray:
    """``np.where(sharded, if_sharded[inverse], if_not[inverse])`` with one gather: both answers side by side, each
    row's index moved to the second half where it is sharded (a stage for the whole batch gathers the one it uses)."""
    if np.size(sharded) == 1:
        return np.take(if_sharded if bool(np.reshape(sharded, -1)[0]) else if_not, inverse, mode="wrap")
    both = np.concatenate((if_not, if_sharded))
    index = np.multiply(sharded, if_not.size, dtype=np.intp)
    np.add(index, inverse, out=index)
    return np.asarray(np.take(both, index, mode="wrap"))  # in range
