"""Pipeline schedule, stage balance and how much communication the step hides.

Bubble, as a fraction of the ideal (bubble-free) time of the micro-batches,
for p stages and m micro-batches per step:

* 1F1B: (p − 1)/m; interleaved with v virtual stages: (p − 1)/(v·m)
  (Narayanan et al. 2021);
* zero bubble (ZB-H1): ZERO_BUBBLE_FACTOR · (p − 1)/m (Qi et al. 2024);
* DualPipe: DUALPIPE_BUBBLE_FACTOR · (p/2 − 1)/m (DeepSeek-V3 report, Table 2).

Stage balance: the last stage also runs the output head, e layers' worth
of forward FLOPs (e = 2·V·h / forward FLOPs of one layer). The slowest stage
sets the pace, so compute is multiplied by (L + e·p)/(L + e): 1 without a
pipeline, 1.08 for 126 layers in 16 stages with Llama 3's head, 1.33 in 64.

Data-parallel gradients (ZeRO 0–2) with overlap_grad_reduce are reduced in
buckets while the backward of the last micro-batch runs, and in the
pipeline's cool-down (half the bubble); with a distributed optimizer and
overlap_param_gather the all-gather half runs during the next step's first
forward and warm-up. Without overlap the whole reduction is exposed.
Tensor-parallel collectives with tp_comm_overlap are split into t chunks
pipelined with the GEMMs (Transformer Engine userbuffers): only the first
chunk, or what exceeds the GEMM time, shows. Expert-parallel all-to-all with
moe_a2a_overlap (or DualPipe) runs under another micro-batch's compute.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.arrays import Gathered, broadcast_shape
from gpudesk.core.constants import DUALPIPE_BUBBLE_FACTOR, ZERO_BUBBLE_FACTOR
from gpudesk.core.explain import FigureSet
from gpudesk.core.model_math import ParamBreakdown, attention_core_dims, has_layer_shapes, param_breakdown
from gpudesk.vocabulary.sizing import BOTTLENECK, TRAINING_BOTTLENECKS
from gpudesk.vocabulary.training import LOW_PRECISION_RECIPE, PIPELINE_SCHEDULE

if TYPE_CHECKING:
    from gpudesk.core.training_levels import Level
    from gpudesk.core.training_rows import RowTerms

SCHEDULES = ("1f1b", "interleaved", "zero_bubble", "dualpipe")


def schedule_of(name: str, virtual_stages: np.ndarray) -> str:
    """'auto' = interleaved where v > 1 (else plain 1F1B), for callers that predate the schedule input."""
    if name == "auto":
        return "interleaved" if np.any(np.asarray(virtual_stages) > 1) else "1f1b"
    if name not in SCHEDULES:
        raise ValueError(f"unknown pipeline schedule {name!r}; known: {', '.join(SCHEDULES)}")
    return name


def bubble_fraction(schedule: str, pp: np.ndarray, v: np.ndarray, micro: np.ndarray) -> tuple[np.ndarray, str]:
    m = np.maximum(micro, 1.0)
    if schedule == "interleaved":
        return (pp - 1.0) / (np.maximum(v, 1.0) * m), "(p − 1) / (v · m): interleaved 1F1B"
    if schedule == "zero_bubble":
        return ZERO_BUBBLE_FACTOR.value * (pp - 1.0) / m, "ZERO_BUBBLE_FACTOR · (p − 1) / m: zero bubble (ZB-H1)"
    if schedule == "dualpipe":
        return (DUALPIPE_BUBBLE_FACTOR.value * np.maximum(pp / 2.0 - 1.0, 0.0) / m,
                "DUALPIPE_BUBBLE_FACTOR · (p/2 − 1) / m: DualPipe")
    return (pp - 1.0) / m, "(p − 1) / m: 1F1B"


def head_layers(m: ModelArch, seq_len: np.ndarray) -> np.ndarray:
    """Output head forward FLOPs in units of one layer's forward FLOPs (e)."""
    if not has_layer_shapes(m):
        return np.zeros_like(np.asarray(seq_len, dtype=np.float64))
    pb = param_breakdown(m)
    per_layer = 2.0 * (pb.matmul_active - m.vocab * m.hidden) / max(m.n_layers, 1) \
        + 2.0 * np.asarray(seq_len, dtype=np.float64) / 2.0 * attention_core_dims(m)
    return np.asarray(2.0 * m.vocab * m.hidden / per_layer)


def stage_imbalance(layers: float, pp: np.ndarray, e: np.ndarray) -> np.ndarray:
    """Slowest stage / mean stage: (L + e·p) / (L + e)."""
    return np.asarray((layers + e * pp) / (layers + e))


def exposed_dp(raw: np.ndarray, per_micro: np.ndarray, compute: np.ndarray, micro: np.ndarray,
               bubble_s: np.ndarray, grad_overlap: bool, param_overlap: bool,
               last_share: np.ndarray | float = 0.0, split: int | None = None) -> np.ndarray:
    """Data-parallel seconds on the critical path (ZeRO 0–2 pattern; ZeRO-3 is overlapped per micro-batch).

    ``last_share``: the share of the reduced gradients in the last bucket (:func:`training_comm.last_bucket_share`;
    0 = reduced continuously). A bucket's reduce-scatter starts once the backward has produced its gradients, so the
    first starts a share into the backward and the last, started as the backward ends, has nothing left to hide
    behind; likewise the forward waits for the first bucket's all-gather. Each half shows at least its last
    bucket: max(half · share, half − pass · (1 − share) − bubble/2).

    ``split`` (1-D rows ordered by pattern): rows before it reduce once per step (ZeRO 0–2), the rest per
    micro-batch (ZeRO-3, ``per_micro`` not read); each row computes only its own pattern, the same values."""
    if not grad_overlap:
        return raw
    if split is None:
        once = _exposed_once(raw, compute, micro, bubble_s, param_overlap, last_share)
        return np.asarray(np.where(per_micro, np.maximum(raw - compute, 0.0), once))
    out = np.empty(np.shape(raw))
    head, tail = slice(0, split), slice(split, None)
    share = last_share[head] if isinstance(last_share, np.ndarray) and last_share.ndim == 1 else last_share
    out[head] = _exposed_once(raw[head], compute[head], micro[head], bubble_s[head], param_overlap, share)
    np.maximum(raw[tail] - compute[tail], 0.0, out=out[tail])
    return out


def _exposed_once(raw: np.ndarray, compute: np.ndarray, micro: np.ndarray, bubble_s: np.ndarray, param_overlap: bool,
                  last_share: np.ndarray | float) -> np.ndarray:
    """:func:`exposed_dp` of gradients reduced once per step (ZeRO 0–2), overlapped with the backward."""
    t_mb = compute / np.maximum(micro, 1.0)
    half = raw / 2.0  # reduce-scatter and all-gather of the same volume
    hidden = 1.0 - np.asarray(last_share)
    if param_overlap:
        cool_down, least = bubble_s / 2.0, half * last_share  # each once for both halves
        rs = np.maximum(half - (2.0 / 3.0) * t_mb * hidden - cool_down, least)
        ag = np.maximum(half - (1.0 / 3.0) * t_mb * hidden - cool_down, least)
        exposed = np.maximum(rs, 0.0) + np.maximum(ag, 0.0)
    else:
        exposed = np.maximum(np.maximum(raw - (2.0 / 3.0) * t_mb * hidden - bubble_s / 2.0, raw * last_share), 0.0)
    return np.asarray(exposed)


def exposed_dp_in_buckets(fs: FigureSet, terms: RowTerms, raw: np.ndarray, per_micro: np.ndarray,
                          compute: np.ndarray, micro: np.ndarray, bubble_s: np.ndarray, grad_overlap: bool,
                          param_overlap: bool, at: Level, split: int | None = None) -> np.ndarray:
    """:func:`exposed_dp` of a training step, its last gradient bucket's share (:func:`training_comm
    .last_bucket_share`, from the step's layout terms: core/training_rows.py) recorded as a figure."""
    fs.add("train.dp_last_bucket_share", terms.figure("bucket_share"), "fraction",
           "gradients in the last data-parallel bucket",
           "1 / (v · ⌈(P/v) / bucket⌉), P the parameters per GPU, bucket Megatron's (max(40M, 1M · d) "
           "parameters unless set)", ["train.dp", "train.in.virtual_stages", "train.in.tp", "train.in.pp"])
    return exposed_dp(raw, per_micro, compute, micro, bubble_s, grad_overlap, param_overlap,
                      at.lift(terms.figure("bucket_share")), split)


def exposed_tp(raw: np.ndarray, gemm_s: np.ndarray, tp: np.ndarray, overlap: bool) -> np.ndarray:
    if not overlap:
        return raw
    return np.where(tp > 1, np.maximum(raw - gemm_s, raw / np.maximum(tp, 1.0)), 0.0)


def exposed_ep(raw: np.ndarray, compute: np.ndarray, overlap: bool) -> np.ndarray:
    return np.maximum(raw - compute, 0.0) if overlap else raw


STACKED_MAX_ROWS = 4096  # up to this many candidates the parts are stacked: fewer calls, a few KB more memory


def largest_parts(parts: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """``(argmax over every part, 1 + argmax over parts[1:])`` per candidate, as ``np.argmax(np.stack(parts),
    axis=0)`` answers them (the first maximum wins, a NaN counts as the maximum, the first NaN wins): up to
    ``STACKED_MAX_ROWS`` candidates by it, on the parts stacked; a larger batch without stacking, one running
    comparison per part, so parts of smaller broadcast shapes are compared as they are."""
    shape = broadcast_shape(*(np.shape(p) for p in parts))
    if math.prod(shape) <= STACKED_MAX_ROWS:  # a sweep or one configuration
        stacked = np.empty((len(parts), *shape))  # each part broadcast into its row (np.stack's values)
        for row, part in enumerate(parts):
            stacked[row] = part
        return np.asarray(np.argmax(stacked, axis=0)), np.asarray(np.argmax(stacked[1:], axis=0) + 1)
    best = np.array(np.broadcast_to(parts[1], shape), dtype=np.float64)
    stuck = np.isnan(best)  # a NaN has been met: the index stays
    rest = np.ones(shape, dtype=np.intp)
    for k in range(2, len(parts)):
        part = np.asarray(parts[k], dtype=np.float64)
        take = part > best
        nan = np.isnan(part)
        if nan.any():
            nan = nan & ~stuck
            take |= nan
            stuck |= nan
        if take.any():  # a part no candidate's largest (an absent one: zeros) leaves both as they are
            np.copyto(best, part, where=take)
            np.copyto(rest, k, where=take)
    first = np.asarray(parts[0], dtype=np.float64)
    wins = np.isnan(first) | (~stuck & (first >= best))  # ties go to the first part
    return np.where(wins, 0, rest), rest


def record_step_inputs(fs: FigureSet, arrays: dict[str, np.ndarray]) -> None:
    """The step model's inputs (train.in.*), each broadcast to every candidate."""
    labels = {
        "n_gpus": ("GPUs", "GPUs in the job"), "tp": ("GPUs", "tensor parallel t"), "pp": ("stages", "pipeline p"),
        "cp": ("GPUs", "context parallel c"), "ep": ("GPUs", "expert parallel e"),
        "micro_batch": ("sequences", "micro-batch b"), "global_batch": ("sequences", "global batch B"),
        "seq_len": ("tokens", "sequence length s"), "zero_stage": ("", "ZeRO stage"),
        "recompute": ("", "recompute (0 none, 1 selective, 2 full)"), "virtual_stages": ("", "virtual stages v"),
        "train_tokens": ("tokens", "tokens to train"), "epochs": ("epochs", "epochs"),
        "dataset_tokens": ("tokens", "dataset tokens"),
    }
    for name, (unit, label) in labels.items():
        fs.input(f"train.in.{name}", arrays[name], unit, label)


SETTING_LABELS = {  # the plan's switches and recipe the step reads, echoed as train.in.* ("yes"/"no", the recipe's code)
    "overlap_grad_reduce": "data-parallel gradient reduction overlapped with the backward",
    "overlap_param_gather": "distributed optimizer's parameter all-gather overlapped with the next forward",
    "tp_comm_overlap": "tensor-parallel collectives overlapped with the GEMMs",
    "moe_a2a_overlap": "expert all-to-all overlapped with another micro-batch's compute",
    "low_precision_recipe": "FP8/FP4 scaling recipe (read for fp8 and fp4 compute)",
}


def record_settings(fs: FigureSet, inp: Any, schedule: str) -> None:
    """The plan's overlap switches, low-precision recipe and pipeline schedule as inputs of the step (``inp``: the
    TrainingInputs, ``schedule``: :func:`schedule_of`'s): the figures they move name them, so `estimate --json` and the
    Explain panel say what moved them; the recipe and the schedule in words (their vocabularies)."""
    for name, label in SETTING_LABELS.items():
        value = getattr(inp, name)
        fs.input(f"train.in.{name}", value if isinstance(value, str) else ("yes" if value else "no"), "", label,
                 vocabulary=LOW_PRECISION_RECIPE if name == "low_precision_recipe" else None)
    fs.input("train.in.pipeline_schedule", schedule, "", "pipeline schedule", vocabulary=PIPELINE_SCHEDULE)


def record_trainable(fs: FigureSet, method: str, lora_rank: int, pb: ParamBreakdown, like: np.ndarray,
                     held: Callable[[Any], Any] = lambda v: v) -> None:
    """Parameters the method trains: what gradients, optimizer states and checkpoints are kept for (``like``: the
    GPU count at some rows, ``held`` recording a value of those rows as every candidate's)."""
    if method == "full":
        fs.add("train.trainable_params", held(fs["arch.params_total"] + 0.0 * like), "params", "parameters trained",
               "full training: every parameter", ["arch.params_total"])
        return
    rank = fs.input("train.in.lora_rank", lora_rank, "", "LoRA rank r")
    adapters = rank * pb.lora_in_out if pb.from_architecture else float("nan")
    fs.add("train.trainable_params", held(adapters + 0.0 * like), "params", "parameters trained (LoRA adapters)",
           "r · Σ(in + out) over every linear matrix of the blocks (the base stays frozen)",
           ["train.in.lora_rank", "arch.params_total"],
           note="" if pb.from_architecture else "no layer shapes in the record: adapter size unknown")


BOTTLENECKS = np.asarray(TRAINING_BOTTLENECKS)  # codes by the index of the argmax over a step's parts
_UNSUPPORTED, _INVALID = TRAINING_BOTTLENECKS.index("unsupported_precision"), TRAINING_BOTTLENECKS.index("invalid_layout")


def bottleneck_index(parts: list[Any], valid: np.ndarray, supported: np.ndarray, usable: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Indices into BOTTLENECKS of the step's largest part and of its largest loss besides compute, per candidate
    (``parts``: compute, bubble, TP, exposed DP, its overlap slowdown, PP, EP, exposed CP, optimizer, dequant)."""
    compute, bubble, tp, dp, slowdown, *rest = parts
    first, beside_compute = largest_parts([compute, bubble, tp, dp + slowdown, *rest])
    largest = np.where(valid, np.where(supported, first, _UNSUPPORTED), _INVALID)
    return largest, np.where(usable, beside_compute, largest)


def record_bottleneck(fs: FigureSet, codes: Callable[[], tuple[np.ndarray, np.ndarray]],
                      flat: tuple[int, Callable[[np.ndarray], np.ndarray]] | None) -> None:
    """The step's bottleneck and largest overhead from ``codes`` (:func:`bottleneck_index`). Choose by index and look
    the codes up once: string arrays are ~10x the bytes of the numbers (a sweep's). A flat batch (``flat``: its
    size, and how an index of its distinct rows reaches every candidate) chooses when the codes are first read (no
    search reads them: arrays.Gathered.deferred), the same choice."""
    if flat is None:
        code, overhead = (BOTTLENECKS[i] for i in codes())
    else:
        size, every = flat
        code = Gathered.deferred(BOTTLENECKS, lambda: every(codes()[0]), size)
        overhead = Gathered.deferred(BOTTLENECKS, lambda: every(codes()[1]), size)
    fs.add("train.bottleneck", code, "", "largest part of the step",
           "argmax(compute, bubble, TP, exposed DP, PP, EP, exposed CP, optimizer, dequant); unsupported_precision "
           "where the part lacks the precision, invalid_layout where the layout is invalid",
           ["train.compute_time_s", "train.bubble_fraction", "train.comm_tp_s", "train.comm_dp_s",
            "train.comm_pp_s", "train.comm_ep_s", "train.comm_cp_s", "train.optimizer_time_s"], vocabulary=BOTTLENECK)
    fs.add("train.largest_overhead", overhead, "",
           "largest loss besides compute (what limits scaling)",
           "argmax(bubble, TP, exposed DP, PP, EP, exposed CP, optimizer, dequant); else as train.bottleneck",
           ["train.bottleneck"], vocabulary=BOTTLENECK)
