"""Step 1, "size the task first": the workload in numbers before any hardware."""

from __future__ import annotations

from gpudesk.core.explain import FigureSet
from gpudesk.core.plan_workload import TRAIN_KINDS
from gpudesk.project.model import Workload
from gpudesk.vocabulary.workloads import LLM_SERVING_KINDS, item_unit

SECONDS_PER_DAY = 86400.0


VISION_TRAIN_PASSES = 3.0  # forward + backward (≈ 2 × forward), as estimate_vision counts a training image


def task_figures(w: Workload, trained_flops_per_token: float | None,
                 forward_gflops_per_image: float | None = None) -> FigureSet:
    """The workload in numbers. ``forward_gflops_per_image``: the vision model's catalog figure (vision training)."""
    fs = FigureSet()
    if w.kind == "vision_train":
        _vision_training(fs, w, forward_gflops_per_image)
    elif w.kind in TRAIN_KINDS:
        tokens = fs.input("task.train_tokens", w.train_tokens, "tokens", "tokens to train on")
        fs.input("task.epochs", w.epochs, "epochs", "passes over the data")
        deadline = fs.input("task.deadline_days", w.deadline_days, "days", "training deadline")
        if trained_flops_per_token:
            fpt = fs.input("task.flops_per_token", trained_flops_per_token, "FLOP/token",
                           "training FLOPs per token (Megatron convention)", "derived: arch.flops_per_token_megatron")
            total = fs.add("task.total_flops", fpt * tokens * w.epochs, "FLOP", "training compute",
                           "FLOPs per token × tokens × epochs", ["task.flops_per_token", "task.train_tokens", "task.epochs"])
            fs.add("task.sustained_flops_needed", total / max(deadline * SECONDS_PER_DAY, 1.0), "FLOP/s",
                   "sustained compute the deadline needs", "training compute / (deadline × 86,400 s)",
                   ["task.total_flops", "task.deadline_days"])
    elif w.kind in LLM_SERVING_KINDS:
        rpd = fs.input("task.requests_per_day", w.requests_per_day, "requests/day", "requests per day")
        peak = fs.input("task.peak_factor", w.peak_factor, "x", "peak over the daily average")
        io = fs.input("task.tokens_per_request", float(w.prompt_tokens + w.output_tokens), "tokens",
                      "prompt + output tokens per request")
        rate = fs.add("task.peak_request_rate", rpd / SECONDS_PER_DAY * peak, "requests/s", "peak request rate",
                      "requests per day / 86,400 s × peak factor", ["task.requests_per_day", "task.peak_factor"])
        fs.add("task.tokens_per_day", rpd * io, "tokens", "tokens processed per day",
               "requests per day × tokens per request", ["task.requests_per_day", "task.tokens_per_request"])
        fs.input("task.output_tokens", float(w.output_tokens), "tokens", "output tokens per request")
        fs.add("task.peak_output_tokens_per_s", rate * w.output_tokens, "tokens/s", "peak output tokens per second",
               "peak request rate × output tokens", ["task.peak_request_rate", "task.output_tokens"])
    elif w.kind == "rendering_vdi":
        fs.input("task.seats", float(w.seats), "seats", "concurrent seats")
        fs.input("task.seat_profile_gb", w.seat_profile_gb, "GB", "framebuffer per seat")
    elif w.items_per_day:
        per_day = fs.input("task.items_per_day", w.items_per_day, item_unit(w.kind, "day"), "items per day")
        peak = fs.input("task.peak_factor", w.peak_factor, "x", "peak over the daily average")
        fs.add("task.peak_items_per_s", per_day / SECONDS_PER_DAY * peak, item_unit(w.kind, "s"), "peak item rate",
               "items per day / 86,400 s × peak factor", ["task.items_per_day", "task.peak_factor"])
    return fs


def _vision_training(fs: FigureSet, w: Workload, forward_gflops: float | None) -> None:
    items = fs.input("task.dataset_items", w.dataset_items or w.items_per_day, "images", "training images")
    epochs = fs.input("task.epochs", w.epochs, "epochs", "passes over the data")
    deadline = fs.input("task.deadline_days", w.deadline_days, "days", "training deadline")
    images = fs.add("task.images_to_process", items * epochs, "images", "images processed in training",
                    "training images × epochs", ["task.dataset_items", "task.epochs"])
    fs.add("task.images_per_s_needed", images / max(deadline * SECONDS_PER_DAY, 1.0), "images/s",
           "image rate the deadline needs", "images processed / (deadline × 86,400 s)",
           ["task.images_to_process", "task.deadline_days"])
    if forward_gflops:
        g = fs.input("task.gflops_per_image", forward_gflops, "GFLOP", "forward GFLOPs per image",
                     "derived: vision.gflops_per_image (model catalog)")
        total = fs.add("task.total_flops", images * VISION_TRAIN_PASSES * g * 1e9, "FLOP", "training compute",
                       f"images processed × {VISION_TRAIN_PASSES:g} (forward + backward) × GFLOPs per image × 1e9",
                       ["task.images_to_process", "task.gflops_per_image"])
        fs.add("task.sustained_flops_needed", total / max(deadline * SECONDS_PER_DAY, 1.0), "FLOP/s",
               "sustained compute the deadline needs", "training compute / (deadline × 86,400 s)",
               ["task.total_flops", "task.deadline_days"])
