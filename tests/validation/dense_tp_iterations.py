"""Per-iteration time of dense tensor-parallel serving (Llama 3.1 405B): measured against gpudesk's step, part by part.

Run from the repository root:  .venv/bin/python tests/validation/dense_tp_iterations.py

For each Llama 3.1 405B row of the TensorRT-LLM perf overview (validation_cases_serving.LLAMA405) it prints the
sequences gpudesk holds in flight (C: min(the engine cap, its KV limit, the run's requests)), the batch trtllm-bench's
own heuristic would give the engine (``bench_engine_settings``), the iteration the measured rate implies at C
(C / measured tokens/s of the replica) and gpudesk's continuous-batching iteration at C split into its parts: the
weight stream and GEMM compute of the decode step's linear layers, attention (KV read or FLOPs), the layers' two TP
all-reduces (2 x L calls, each in the protocol NCCL's tuner picks, collectives.tuned_all_reduce_time; in brackets
what the LL protocol's latency alone gave, the model until 2026-12-03), the kernel boundaries and the iteration's
share of prefill (its C/O prompts and their tokens in the all-reduces). The gap is what neither explains. Then, for
the MLPerf Inference Llama 3.1 405B cases, the replica-seconds per request at the config's batch
(mlperf_llama_405b.breakdown) against the run's.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from moe_adp_iterations import _estimate, _replica  # noqa: E402
from validation_cases_serving import LLAMA405, ServingCase, bench_engine_settings  # noqa: E402

from gpudesk.core.collectives import collective_time, local_members, tuned_all_reduce_time  # noqa: E402
from gpudesk.core.constants import ACTIVATION_COMM_BYTES  # noqa: E402


def iteration_parts(case: ServingCase) -> dict[str, float]:
    """gpudesk's continuous-batching iteration of ``case`` at the sequences it holds, by part (seconds), with the
    measured rate's iteration at the same C and the all-reduce calls' size and time."""
    rep, (tps, kv) = _replica(case), _estimate(case, case.max_batch)
    c = float(min(case.max_batch, kv, case.requests or np.inf))
    b, ctx = np.array([c]), np.array([case.prompt + case.output / 2.0])
    step = rep.decode_step(b, ctx)
    mix = rep.mixed_prefill(b, np.array([float(case.prompt)]), np.array([float(case.output)]))
    m, g = case.model(), float(rep.gpus[0])
    size = b * m.hidden * ACTIVATION_COMM_BYTES.value
    local = local_members(rep.tp, np.ones_like(rep.tp), rep.links.scaleup_domain)
    call = float(tuned_all_reduce_time(size, rep.tp, local, rep.links)[0])
    ll_call = float(collective_time("all_reduce", size, rep.tp, local, rep.links)[0])

    def f(x: np.ndarray) -> float:
        return float(np.ravel(x)[0])

    return dict(c=c, engine_batch=float(bench_engine_settings(m, case.accelerator(), case.tp, case.weight_dtype,
                                                              case.prompt, case.output)[0]),
                measured=c / (case.measured * g), gpudesk=c / (tps * g), weights=f(step["gemm_weights"]),
                gemm=f(step["linear"]) - f(step["gemm_weights"]), attention=f(step["attention"]),
                comm=f(step["comm"]), comm_ll=2.0 * m.n_layers * ll_call, kernels=f(step["kernels"]),
                prefill=f(mix), call_bytes=f(size), call=call)


def perf_overview_rows() -> list[str]:
    rows = []
    for case in LLAMA405:
        p = iteration_parts(case)
        rows.append(
            f"{case.id}: C {p['c']:.0f} (trtllm-bench batch {p['engine_batch']:.0f}); iteration measured "
            f"{p['measured'] * 1e3:.1f} ms, gpudesk {p['gpudesk'] * 1e3:.1f} ms = weights {p['weights'] * 1e3:.1f} + GEMM "
            f"{p['gemm'] * 1e3:.1f} + attention {p['attention'] * 1e3:.1f} + all-reduce {p['comm'] * 1e3:.1f} (LL "
            f"latency {p['comm_ll'] * 1e3:.1f}; {p['call_bytes'] / 1e6:.1f} MB a call, {p['call'] * 1e6:.0f} us) + "
            f"kernels {p['kernels'] * 1e3:.1f} + prefill {p['prefill'] * 1e3:.1f}; gap "
            f"{(p['measured'] - p['gpudesk']) * 1e3:+.1f} ms (gpudesk {p['measured'] / p['gpudesk'] - 1:+.1%} in throughput)")
    return rows


def mlperf_rows() -> list[str]:
    from mlperf_llama_405b import breakdown
    from validation_cases_mlperf_inference import MLPERF_INFERENCE_CASES

    rows = []
    for case in (c for c in MLPERF_INFERENCE_CASES if c.task == "llama3.1-405b"):
        b = breakdown(case)
        rows.append(f"{case.id}: TP{b['tp']:.0f} PP{b['pp']:.0f}, C {b['c']:.0f}, iteration {b['tpot'] * 1e3:.0f} ms; "
                    f"per request gpudesk {b['total']:.3f} s (prefill GEMM {b['gemm']:.3f}, attention "
                    f"{b['attention']:.3f}, all-reduce {b['comm']:.3f}, decode {b['decode']:.3f}), measured "
                    f"{b['measured']:.3f} s")
    return rows


if __name__ == "__main__":
    print("\n".join(perf_overview_rows() + mlperf_rows()))
