"""What a training step's time means for the job: throughput, model and hardware FLOPs utilisation, and the time
and GPU-hours to train (with the job's goodput), recorded beside the step's figures (core/training.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gpudesk.core.calibration_hook import CalibrationScales
from gpudesk.core.constants import JOB_GOODPUT
from gpudesk.core.explain import FigureSet


def throughput_figures(fs: FigureSet, a: dict[str, np.ndarray], step: np.ndarray, tokens_step: np.ndarray,
                       model_tok: np.ndarray, model_and_recompute_tok: np.ndarray, six_n_tok: np.ndarray,
                       peak: np.ndarray, n: np.ndarray, calibration: CalibrationScales | None = None,
                       held: Callable[[Any], Any] = lambda v: v,
                       later: Callable[[Callable[[], Any]], Any] = lambda make: make()) -> None:
    """The figures from the step time (``held``: each value as recorded, core/training_levels.Level.held; ``later``:
    those no search reads, made when first read where the level allows: Level.later)."""
    tps = tokens_step / step
    fs.add("train.tokens_per_s", held(tps), "tokens/s", "training throughput", "B · s / step time",
           ["train.tokens_per_step", "train.step_time_s"])
    per_gpu = tps / n  # the same values each product below starts from
    fs.add("train.tokens_per_s_per_gpu", held(per_gpu), "tokens/s/GPU", "throughput per GPU", "tokens/s / N_gpu",
           ["train.tokens_per_s", "train.in.n_gpus"])
    fs.add("train.mfu", held(per_gpu * model_tok / peak), "fraction", "model FLOPs utilisation (Megatron convention)",
           "tokens/s/GPU · model FLOPs per token / dense peak", ["train.tokens_per_s_per_gpu",
                                                                "train.flops_per_token_model", "hw.peak_flops"])
    fs.add("train.mfu_6n", later(lambda: per_gpu * six_n_tok / peak), "fraction",
           "model FLOPs utilisation (6·N convention)", "tokens/s/GPU · 6·N_active / dense peak",
           ["train.tokens_per_s_per_gpu", "arch.flops_per_token_6n", "hw.peak_flops"])
    fs.add("train.hfu", later(lambda: per_gpu * model_and_recompute_tok / peak), "fraction", "hardware FLOPs utilisation",
           "tokens/s/GPU · (model + recomputed FLOPs per token) / dense peak",
           ["train.tokens_per_s_per_gpu", "train.flops_per_token_model", "train.flops_per_token_recompute",
            "hw.peak_flops"])
    total = np.where(a["dataset_tokens"] > 0, a["dataset_tokens"] * a["epochs"], a["train_tokens"])
    fs.add("train.total_tokens", held(total), "tokens", "tokens to process",
           "dataset tokens · epochs when a dataset size is given, else tokens to train",
           ["train.in.train_tokens", "train.in.dataset_tokens", "train.in.epochs"])
    if calibration is not None and "goodput" in calibration.factors:  # pilot-calibrated goodput, capped at 1
        goodput = fs.input("train.goodput", min(1.0, JOB_GOODPUT.value * calibration.factor("goodput")), "fraction",
                           JOB_GOODPUT.label, f"constant {JOB_GOODPUT.name}: {JOB_GOODPUT.source}; goodput × "
                           + calibration.describe("goodput") + " (capped at 1)")
    else:
        goodput = fs.constant("train.goodput", JOB_GOODPUT)
    seconds = total / tps / goodput
    fs.add("train.time_to_train_s", held(seconds), "s", "time to train", "tokens / (tokens/s · goodput)",
           ["train.total_tokens", "train.tokens_per_s", "train.goodput"])
    fs.add("train.time_to_train_days", held(seconds / 86400.0), "days", "time to train", "seconds / 86,400",
           ["train.time_to_train_s"])
    fs.add("train.gpu_hours", later(lambda: seconds * n / 3600.0), "GPU·h", "GPU-hours", "time to train · N_gpu / 3,600",
           ["train.time_to_train_s", "train.in.n_gpus"])
