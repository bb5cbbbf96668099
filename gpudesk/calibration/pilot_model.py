"""The performance model a pilot is fitted against: the plan's own workload and accelerator.

``PilotModel(project, phase_index, catalog, setup)`` resolves the phase like the pipeline does
and offers ``predict(scales, conditions) -> {metric: value}`` that calls the real
``estimate_training`` / ``estimate_inference`` with the pilot's conditions and the scales as a
:class:`~gpudesk.core.calibration_hook.CalibrationScales`. Conditions come, in order of
precedence, from the measurement (``gpus``, ``seq_len``, ``global_batch``, ``micro_batch``,
``tp``, ``pp``, ``concurrency``, ``prompt_tokens``, ``output_tokens``), from the
:class:`PilotSetup` typed in the dialog, and last from the plan's workload (GPUs: one node).

Which metric of a steady-state group is fitted (one per group, or one latency and one
prefill figure for serving, so the same observation is never counted twice):

* training: step time when the global batch is known (logged or typed), else the figure least
  tied to unlogged settings: tokens/s per GPU, TFLOP/s per GPU, MFU, tokens/s, samples/s, step time;
* serving: TPOT (median, mean), else output tokens/s (per GPU, total); plus TTFT (median, mean);
* a typed ``goodput`` (productive share of a long run's wall time) fits ``goodput``.

Constants fitted: training fits ``matmul.<family>`` (plus ``scaleout_busbw`` when points span
one node and several nodes); serving fits ``hbm.<family>`` from latency figures and
``matmul.<family>`` from TTFT; a goodput figure fits ``goodput``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from gpudesk.calibration.fit import FitPoint
from gpudesk.calibration.steady_state import SteadyState
from gpudesk.catalog.store import Catalog
from gpudesk.core.calibration_hook import CalibrationScales, calibratable_name
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.plan_resolve import resolve_model, resolve_phase
from gpudesk.core.plan_workload import TRAIN_KINDS, phase_hardware, training_inputs
from gpudesk.core.training import estimate_training
from gpudesk.project.model import Project
from gpudesk.refusals import Refusal, refusal

T = TypeVar("T")

TRAIN_METRICS = ("tokens_per_s_per_gpu", "tflops_per_gpu", "mfu", "tokens_per_s", "samples_per_s", "step_time_s")
LATENCY_METRICS = ("tpot_median_s", "tpot_mean_s", "output_tokens_per_s_per_gpu", "output_tokens_per_s")
PREFILL_METRICS = ("ttft_median_s", "ttft_mean_s")
GOODPUT_METRIC = "goodput"
SERVING = "serving"  # condition added to each point: 1 measured while serving, 0 while training
UNLOADED_TARGET_S = 1e9  # no latency target while predicting a benchmark: it measured what it got


class PilotSetupError(ValueError):
    """The pilot's configuration cannot be evaluated against this plan (``refusal``: why, keyed)."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(str(reason))
        self.refusal = reason


@dataclass(frozen=True)
class PilotSetup:
    """How the pilot ran, where its logs do not say (0 = take it from the plan)."""

    gpus: int = 0
    global_batch: int = 0
    seq_len: int = 0
    micro_batch: int = 0
    tp: int = 0
    pp: int = 0
    concurrency: int = 0
    prompt_tokens: int = 0
    output_tokens: int = 0


def _first(values: Mapping[str, object], names: Sequence[str]) -> str | None:
    return next((n for n in names if n in values), None)


class PilotModel:
    """Predictions of the pilot's metrics by the plan's model at given efficiency scales."""

    def __init__(self, project: Project, phase_index: int, catalog: Catalog, setup: PilotSetup | None = None) -> None:
        if not 0 <= phase_index < len(project.phases):
            raise PilotSetupError(refusal("pilot.no_phase", phase=phase_index + 1))
        self.phase = project.phases[phase_index]
        where = f"phases[{phase_index}]"
        self.setup = setup or PilotSetup()
        resolved = resolve_phase(catalog, self.phase, where)
        self.accelerator = resolved.accelerator
        self.family = resolved.accelerator.family
        self.gpus_per_node = resolved.node_gpus(self.phase)
        self.hw = phase_hardware(resolved, self.phase)
        self.train = next((w for w in self.phase.workloads if w.kind in TRAIN_KINDS), None)
        self.serve = next((w for w in self.phase.workloads if w.kind == "llm_inference"), None)
        self.train_model = resolve_model(catalog, self.train, where) if self.train else None
        self.serve_model = resolve_model(catalog, self.serve, where) if self.serve else None

    # -- conditions ---------------------------------------------------------
    def _pick(self, conditions: Mapping[str, float], name: str, plan_value: float) -> float:
        if conditions.get(name, 0) > 0:
            return float(conditions[name])
        typed = getattr(self.setup, name, 0)
        return float(typed) if typed > 0 else float(plan_value)

    def training_conditions(self, conditions: Mapping[str, float]) -> dict[str, float]:
        w = self._need(self.train, "pilot.what_training")
        return {
            "gpus": self._pick(conditions, "gpus", self.gpus_per_node),
            "global_batch": self._pick(conditions, "global_batch", w.global_batch),
            "seq_len": self._pick(conditions, "seq_len", w.seq_len),
            "micro_batch": self._pick(conditions, "micro_batch", w.micro_batch),
            "tp": self._pick(conditions, "tp", w.parallel.tp),
            "pp": self._pick(conditions, "pp", w.parallel.pp),
        }

    def serving_conditions(self, conditions: Mapping[str, float]) -> dict[str, float]:
        w = self._need(self.serve, "pilot.what_serving")
        derived = dict(conditions)
        requests = conditions.get("num_requests", 0)
        if requests > 0:  # vLLM / SGLang print totals; per-request lengths follow
            for total, per in (("total_input_tokens", "prompt_tokens"), ("total_output_tokens", "output_tokens")):
                if conditions.get(total, 0) > 0 and per not in conditions:
                    derived[per] = conditions[total] / requests
        tp = self._pick(derived, "tp", w.parallel.tp)
        return {
            "concurrency": self._pick(derived, "concurrency", w.concurrency),
            "prompt_tokens": self._pick(derived, "prompt_tokens", w.prompt_tokens),
            "output_tokens": self._pick(derived, "output_tokens", w.output_tokens),
            "tp": tp,
            "gpus": self._pick(derived, "gpus", tp * w.parallel.pp),
        }

    def _need(self, workload: T | None, what: str) -> T:
        """The phase's workload (or its model) for ``what``; a clear message when the phase has none."""
        if workload is None:
            raise PilotSetupError(refusal("pilot.no_workload", name=self.phase.name, what=refusal(what)))
        return workload

    # -- prediction -----------------------------------------------------------
    def predict(self, scales: Mapping[str, float], conditions: Mapping[str, float]) -> dict[str, float]:
        calibration = CalibrationScales(dict(scales), source="pilot fit in progress") if scales else None
        if conditions.get(SERVING, 0) > 0:
            return self._predict_serving(calibration, conditions)
        return self._predict_training(calibration, conditions)

    def _predict_training(self, calibration: CalibrationScales | None,
                          conditions: Mapping[str, float]) -> dict[str, float]:
        w = self._need(self.train, "pilot.what_training")
        c = self.training_conditions(conditions)
        parallel = replace(w.parallel, tp=int(c["tp"]), pp=int(c["pp"]))
        pilot = replace(w, global_batch=int(c["global_batch"]), seq_len=int(c["seq_len"]),
                        micro_batch=int(c["micro_batch"]), parallel=parallel)
        model = self._need(self.train_model, "pilot.what_training")
        fs = estimate_training(training_inputs(model, pilot, self.hw, c["gpus"], calibration))
        step = float(fs.value_at("train.step_time_s"))
        if not math.isfinite(step):
            raise PilotSetupError(refusal("pilot.layout_cannot_run", gpus=c["gpus"], tp=c["tp"], pp=c["pp"],
                                          batch=c["global_batch"], micro=c["micro_batch"],
                                          accelerator=self.accelerator.name, precision=w.compute_dtype))
        per_gpu = float(fs.value_at("train.tokens_per_s_per_gpu"))
        return {
            "step_time_s": step,
            "tokens_per_s": float(fs.value_at("train.tokens_per_s")),
            "tokens_per_s_per_gpu": per_gpu,
            "samples_per_s": float(fs.value_at("train.tokens_per_s")) / c["seq_len"],
            "mfu": float(fs.value_at("train.mfu")),
            "tflops_per_gpu": per_gpu * float(fs.value_at("train.flops_per_token_model")) / 1e12,
            GOODPUT_METRIC: float(fs.value_at("train.goodput")),
        }

    def _predict_serving(self, calibration: CalibrationScales | None,
                         conditions: Mapping[str, float]) -> dict[str, float]:
        w = self._need(self.serve, "pilot.what_serving")
        c = self.serving_conditions(conditions)
        fs = estimate_inference(InferenceInputs(
            model=self._need(self.serve_model, "pilot.what_serving"), hardware=self.hw, weight_dtype=w.weight_dtype, kv_dtype=w.kv_dtype,
            compute_dtype=None if w.compute_dtype == w.weight_dtype else w.compute_dtype,
            prompt_tokens=c["prompt_tokens"], output_tokens=c["output_tokens"], concurrency=c["concurrency"],
            tp=c["tp"], pp=w.parallel.pp, ep=w.parallel.ep, request_rate=0.0, ttft_target_s=UNLOADED_TARGET_S,
            ttft_tail_target_s=UNLOADED_TARGET_S, tpot_target_s=0.0, calibration=calibration,
        ))
        tpot = float(fs.value_at("infer.tpot_s"))
        if not (math.isfinite(tpot) and tpot > 0):
            raise PilotSetupError(refusal("pilot.cannot_serve", accelerator=self.accelerator.name, tp=c["tp"]))
        replicas = max(1.0, c["gpus"] / float(fs.value_at("infer.gpus_per_replica")))
        ttft = float(fs.value_at("infer.ttft_unloaded_s"))
        per_replica = float(fs.value_at("infer.tokens_per_s"))
        return {
            "tpot_median_s": tpot, "tpot_mean_s": tpot, "ttft_median_s": ttft, "ttft_mean_s": ttft,
            "output_tokens_per_s": per_replica * replicas,
            "output_tokens_per_s_per_gpu": float(fs.value_at("infer.tokens_per_s_per_gpu")),
        }

    # -- what to fit -------------------------------------------------------------
    def points(self, states: Iterable[SteadyState]) -> list[FitPoint]:
        """The fit points of the steady-state groups this model can predict."""
        points = []
        for state in states:
            medians = state.values
            if state.kind == "inference":
                chosen = [m for m in (_first(medians, LATENCY_METRICS), _first(medians, PREFILL_METRICS)) if m]
                serving = 1.0
            elif state.kind in ("train_step", "manual"):
                batch_known = state.conditions.get("global_batch", 0) > 0 or self.setup.global_batch > 0
                order = ("step_time_s", *TRAIN_METRICS) if batch_known else TRAIN_METRICS
                chosen = [m for m in (_first(medians, order), _first(medians, (GOODPUT_METRIC,))) if m]
                serving = 0.0
            else:
                continue
            for metric in chosen:
                value = medians[metric]
                if not value.median > 0:
                    continue
                where = f"lines {value.first_line}–{value.last_line}" if value.first_line else "typed in"
                points.append(FitPoint(
                    metric, value.median, {**state.conditions, SERVING: serving}, value.sigma_rel, metric,
                    f"pilot log {state.source_name or '(pasted)'} {where}",
                ))
        return points

    def constants_for(self, points: Sequence[FitPoint]) -> list[str]:
        names: list[str] = []
        train = [p for p in points if p.conditions.get(SERVING, 0) == 0 and p.metric != GOODPUT_METRIC]
        serve = [p for p in points if p.conditions.get(SERVING, 0) > 0]
        if train or any(p.metric in PREFILL_METRICS for p in serve):
            names.append(calibratable_name("matmul", self.family))
        if any(p.metric in LATENCY_METRICS for p in serve):
            names.append(calibratable_name("hbm", self.family))
        if train:
            gpus = {self.training_conditions(p.conditions)["gpus"] for p in train}
            if len(gpus) > 1 and max(gpus) > self.gpus_per_node:
                names.append("scaleout_busbw")
        if any(p.metric == GOODPUT_METRIC for p in points):
            names.append("goodput")
        return names
