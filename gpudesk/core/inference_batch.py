"""What a serving iteration's time is made of: a static batch's length and the shares its GPUs are bound by.

* ``static_batch``: a static batch (TensorRT-LLM's gptSessionBenchmark) prefills its C prompts together and then
  decodes in lockstep until its longest output ends: O_max = E[max of C outputs] steps of decode(C)
  (core/inference_lengths.expected_max_length; O without spread), of which only the C·O real tokens count; a
  finished sequence's slot idles to the end (its cache stops growing: the decode step keeps the mean context).
* ``batch_server``: what a static replica's queue reads (core/batch_server.py): T(1) = prefill(I) + O·decode(1),
  a batch of one, beside T(C) and the two prefills.
* ``bound_shares``: infer.compute_bound_share and infer.memory_bound_share, what the power model draws each share
  of an iteration at (core/power_draw.py).
"""

from __future__ import annotations

import numpy as np

from gpudesk.core.batch_server import BatchServer
from gpudesk.core.explain import FigureSet
from gpudesk.core.inference_lengths import expected_max_length
from gpudesk.core.inference_step import ReplicaModel


def static_batch(fs: FigureSet, rep: ReplicaModel, c1: np.ndarray, prompt: np.ndarray, out: np.ndarray,
                 out_sd: np.ndarray, decode_s: np.ndarray, limit: float,
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the batch's time prefill(C·I) + O_max·decode(C), O_max, the batch's prefill prefill(C·I)); adds
    ``infer.output_tokens_batch_max``. O_max is at most what the model's context leaves after the mean prompt (never
    under the mean output). Every request of the batch has its first token only after the whole batch's prefill."""
    longest = np.minimum(expected_max_length(out, out_sd, c1), np.maximum(limit - prompt, out))
    fs.add("infer.output_tokens_batch_max", longest, "tokens", "expected longest output of a static batch",
           "E[max of C outputs] = O·∫ exp(σu − σ²/2)·C·φ(u)·Φ(u)^(C−1) du, σ² = ln(1 + (sd/O)²) (largest order "
           "statistic of C log-normal outputs; sd 0 or C = 1: O), at most the context left after the prompt",
           ["infer.in.output_tokens", "infer.in.output_sd", "infer.concurrency"])
    batch_prefill = rep.prefill(c1 * prompt, prompt)
    return batch_prefill + longest * decode_s, longest, batch_prefill


def batch_server(fs: FigureSet, rep: ReplicaModel, c1: np.ndarray, ctx: np.ndarray, out: np.ndarray,
                 prefill_one: np.ndarray, static: tuple[np.ndarray, np.ndarray, np.ndarray]) -> BatchServer:
    """The static replica's batch server (core/batch_server.py) from ``static`` (:func:`static_batch`'s batch time,
    O_max and prefill at C); adds ``infer.batch_time_one_s``, T(1), the chord's other end."""
    one = fs.add("infer.batch_time_one_s", prefill_one + out * rep.decode_step(np.ones_like(c1), ctx)["total"], "s",
                 "time of a static batch of one request", "prefill(I) + O · decode(1)",
                 ["infer.prefill_s", "infer.in.output_tokens", "infer.context_read"])
    return BatchServer(c1, one, static[0], prefill_one, static[2])


def batch_server_of(fs: FigureSet, row: int = 0) -> BatchServer:
    """The batch server :func:`batch_server` built, read back from a static estimate's figures (a searched point's
    lever asks it for another rate): T(C) = C / infer.requests_per_s, prefill(C·I) = TTFT₀ − one iteration."""
    def at(key: str) -> np.ndarray:
        return np.asarray([fs.value_at(key, row)], dtype=np.float64)

    c1 = np.maximum(at("infer.concurrency"), 1.0)
    return BatchServer(c1, at("infer.batch_time_one_s"), c1 / at("infer.requests_per_s"), at("infer.prefill_s"),
                       at("infer.ttft_unloaded_s") - at("infer.tpot_s"))


def bound_shares(fs: FigureSet, rep: ReplicaModel, c1: np.ndarray, ctx: np.ndarray, prompt: np.ndarray,
                 pre_share: np.ndarray, tpot: np.ndarray, static: tuple[np.ndarray, np.ndarray, np.ndarray] | None,
                 valid: np.ndarray) -> None:
    """infer.compute_bound_share and infer.memory_bound_share: how a serving iteration's time divides by the
    resource that bounds it (core/power.py draws each share at its own power; the rest, collectives and kernel
    boundaries, near idle). Prefill is taken as compute-bound. ``static``: (the batch's time, O_max, its prefill)."""
    on_c, on_m = rep.bound_split(c1, ctx)
    if static is not None:  # one prefill of the whole batch, then O_max decode steps
        total, steps, batch_prefill = static
        c, m, t = batch_prefill + steps * on_c, steps * on_m, total
        how = "(prefill(C·I) + O_max · compute-bound part of decode(C)) / (prefill(C·I) + O_max · decode(C))"
    else:
        c, m, t = pre_share + on_c, on_m, tpot
        how = "(prefill share + compute-bound part of decode(C)) / iteration"
    deps = ["infer.decode_step_s", "infer.concurrency", "infer.tpot_s"]
    fs.add("infer.compute_bound_share", np.where(valid, c / t, np.nan), "fraction",
           "share of a serving iteration bound by compute",
           f"{how}, the compute-bound part of decode(C) = linear time × c^p / (c^p + m^p) (c, m: GEMM compute and "
           "weight-read seconds) + attention where its FLOPs outlast its KV reads", deps)
    fs.add("infer.memory_bound_share", np.where(valid, m / t, np.nan), "fraction",
           "share of a serving iteration bound by memory reads",
           "memory-bound part of decode(C) / iteration (static batching: O_max · that part / (prefill(C·I) + O_max "
           "· decode(C))), the memory-bound part = linear time × m^p / (c^p + m^p) + attention where its KV reads "
           "outlast its FLOPs", deps)
