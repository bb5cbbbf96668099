"""AMD's two MI300X rows whose sequences do not all fit the KV cache: what vLLM V1's recompute preemption would add.

Nothing here is a model term or a fit; it sizes a mechanism for the record (docs/validation.md) and for a later
model change. vLLM's 'Optimization and Tuning' page for 0.9.1 (docs.vllm.ai/en/v0.9.1/configuration/
optimization.html): when 'KV cache space is insufficient to handle all batched requests' vLLM V1 preempts requests
(PreemptionMode.RECOMPUTE) and 'preempted requests are recomputed when sufficient KV cache space becomes available
again'. The page's runs feed every prompt at once with max_num_seqs = the prompts, and V1 gives a sequence KV blocks
as it grows, so all N start; gpudesk's harness (validation_runner.predict_serving) instead runs waves of the C
sequences its KV cache holds at full length, I + O tokens each.

With all N growing in step, the cache (C (I + O) tokens) fills at length L0 = C (I + O) / N; from there to I + O
the running set shrinks as C (I + O) / L, so the sequences preempted between L and L + dL number C (I + O) / L^2 dL,
each holding L tokens to recompute: C (I + O) ln((I + O) / L0) tokens in all, prefilled again later at gpudesk's
own prefill cost (ReplicaModel.prefill_compute, sequences of the mean preempted length). vLLM's larger batches
before the cache fills are not counted (they shorten its run by a few per cent at these batches).
"""

from __future__ import annotations

import math

import numpy as np
from validation_amd_builds import _replica
from validation_cases_serving import ServingCase


def recompute(case: ServingCase, held: float) -> tuple[float, float]:
    """(tokens vLLM V1 prefills again, gpudesk's seconds for them) when ``held`` of the case's sequences fit."""
    length = case.prompt + case.output
    if held >= case.requests:
        return 0.0, 0.0
    start = held * length / case.requests  # L0: the length at which the cache fills
    tokens = held * length * math.log(length / start)
    mean = (start + length) / 2.0
    seconds = float(_replica(case).prefill_compute(np.array([tokens]), np.array([mean]))[0])
    return tokens, seconds


def with_recompute(case: ServingCase, predicted: float, held: float) -> float:
    """gpudesk's output tokens/s per GPU for the case with the recompute time added to its run."""
    run = case.requests * case.output / case.tp / predicted
    return case.requests * case.output / case.tp / (run + recompute(case, held)[1])


def held_whole(cases: list[ServingCase]) -> dict[str, float]:
    """The sequences gpudesk holds in flight for each case at its engine cap (its KV cache at full length)."""
    from validation_runner import serving_at
    return {c.id: float(serving_at(c, float(c.max_batch))[1][0]) for c in cases}


def preemption_record(cases: list[ServingCase], predicted: dict[str, float]) -> str:
    """The docs/validation.md record: the rows that do not fit, their errors, and with recompute added."""
    held = held_whole(cases)
    short = [c for c in cases if held[c.id] < c.requests]
    fit = [predicted[c.id] / c.measured - 1.0 for c in cases if held[c.id] >= c.requests]
    parts = []
    for c in short:
        tokens, seconds = recompute(c, held[c.id])
        after = with_recompute(c, predicted[c.id], held[c.id]) / c.measured - 1.0
        parts.append(f"{c.model_id.removeprefix('llama-3.1-').upper()} {c.prompt:,} + {c.output:,} "
                     f"({held[c.id]:,.0f} of {c.requests:,} fit; {tokens / 1e6:.2f} M tokens, {seconds:.0f} s): "
                     f"{predicted[c.id] / c.measured - 1.0:+.0%} → {after:+.0%}")
    return (
        "**Rows that do not fit the KV cache** (2026-12-04, sized, not modelled): of the 8 rows, gpudesk holds all "
        f"sequences of {len(fit)} ({min(fit):+.0%} … {max(fit):+.0%}) and not those of {len(short)}, the two "
        "largest misses. vLLM V1 starts every prompt and, when the cache fills, preempts sequences and recomputes "
        "them later (PreemptionMode.RECOMPUTE, vLLM 0.9.1's 'Optimization and Tuning' page), where gpudesk's "
        "harness runs waves of what fits; with all sequences growing in step the preempted ones hold "
        "C (I + O) ln((I + O) / L0) tokens, L0 = C (I + O) / N the length at which the cache fills "
        "(validation_amd_preemption.py). Their prefill at gpudesk's own cost, added to the run: "
        + "; ".join(parts) + ", within the rows that fit. A model term for vLLM V1's offline runs beyond the KV "
        "cache would take this; it is left for a change with its own tests."
    )
