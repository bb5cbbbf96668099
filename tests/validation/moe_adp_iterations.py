"""Per-iteration time of the attention data-parallel MoE runs: measured against gpudesk (docs/validation.md).

Run from the repository root:  .venv/bin/python tests/validation/moe_adp_iterations.py

The TensorRT-LLM perf overview (validation_cases_serving.PERF_OVERVIEW) runs a fixed number of requests per length
pair (its own table, ``REQUESTS``), all of one length, fed at once; trtllm-bench's --max_batch_size holds per
attention-DP rank, so a run whose requests fit the KV cache holds all of them and runs as waves of identical
requests. This prints, per Qwen3-235B-A22B row of that layout, the requests in flight (min(requests, gpudesk's KV
limit)), the mean iteration the measured throughput implies over the waves and gpudesk's for the same waves
(prefill of the wave, then O decode steps at the mean context), and for the DeepSeek-R1 recipes (many waves at the
recipe's concurrency: steady state) the measured iteration against gpudesk's in-flight-batching one, each under the
engine release the run used (its host time per iteration included: core/engine_release.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from validation_cases_serving import DEEPSEEK_ADP_CASES, REQUESTS, SERVING_CASES, ServingCase  # noqa: E402

from gpudesk.core.efficiency import Efficiencies  # noqa: E402
from gpudesk.core.hardware import HardwareArrays  # noqa: E402
from gpudesk.core.inference import estimate_inference  # noqa: E402
from gpudesk.core.inference_inputs import InferenceInputs, serving_math
from gpudesk.core.inference_step import ReplicaModel  # noqa: E402


def _replica(case: ServingCase) -> ReplicaModel:
    hw = HardwareArrays.from_accelerators([case.accelerator()])
    math = serving_math(case.weight_dtype, None)
    return ReplicaModel.build(case.model(), hw, Efficiencies.for_hardware(hw, math, None), np.array([1.0 * case.tp]),
                              np.array([1.0]), np.array([1.0 * case.ep]), case.weight_dtype, case.kv_dtype, math,
                              case.release)


def _estimate(case: ServingCase, concurrency: float) -> tuple[float, float]:
    """(in-flight batching tokens/s per GPU, KV limit in sequences) gpudesk gives the case at a concurrency cap."""
    fs = estimate_inference(InferenceInputs(
        model=case.model(), hardware=HardwareArrays.from_accelerators([case.accelerator()]),
        weight_dtype=case.weight_dtype, kv_dtype=case.kv_dtype, prompt_tokens=case.prompt, output_tokens=case.output,
        concurrency=concurrency, tp=case.tp, ep=case.ep, batching="continuous", serving_fraction=case.serving_fraction,
        scenario="offline", identical_requests=True, engine_release=case.release))
    return float(fs.value_at("infer.tokens_per_s_per_gpu", 0)), float(fs.value_at("infer.max_concurrency_kv", 0))


def wave_rows() -> list[str]:
    rows = []
    for case in (c for c in SERVING_CASES if c.ep > c.tp):
        n = REQUESTS[(case.prompt, case.output)]
        rep, (_, kv) = _replica(case), _estimate(case, 1e6)
        c = min(n, int(kv))
        full, rest = divmod(n, c)
        steps = (full + (rest > 0)) * case.output

        def wave(size: int, rep: ReplicaModel = rep, case: ServingCase = case) -> float:
            b = np.array([float(size)])
            prefill = rep.prefill(b * case.prompt, np.array([float(case.prompt)]))[0]
            return float(prefill + case.output * rep.decode_step(b, np.array([case.prompt + case.output / 2.0]))
                         ["total"][0])

        gpudesk = (full * wave(c) + (wave(rest) if rest else 0.0)) / steps
        measured = n * case.output / (case.measured * rep.gpus[0]) / steps
        rows.append(f"{case.id}: {c} in flight ({c / rep.gpus[0]:.0f} per rank), iteration measured "
                    f"{measured * 1e3:.1f} ms, gpudesk {gpudesk * 1e3:.1f} ms, gap {(measured - gpudesk) * 1e3:+.1f} ms")
    return rows


def recipe_rows() -> list[str]:
    rows = []
    for case in DEEPSEEK_ADP_CASES:
        rep = _replica(case)
        tps, kv = _estimate(case, case.max_batch)
        c = min(case.max_batch, kv)
        measured = case.max_batch / (case.measured * rep.gpus[0])
        gpudesk = c / (tps * rep.gpus[0])
        rows.append(f"{case.id}: iteration measured {measured * 1e3:.1f} ms ({case.max_batch} in flight), gpudesk "
                    f"{gpudesk * 1e3:.1f} ms ({c:.0f} in flight), gap {(measured - gpudesk) * 1e3:+.1f} ms")
    return rows


if __name__ == "__main__":
    print("\n".join(wave_rows() + recipe_rows()))
