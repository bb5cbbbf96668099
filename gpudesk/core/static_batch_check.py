"""The task-step warning of a static-batching plan sized by its waits rather than its throughput.

A static engine runs each batch to the end of its longest output, so a request that arrives while a batch runs
waits for it to end (core/batch_server.py). Where a batch of one already lasts longer than the first-token target
leaves for waiting, only a replica that is idle most of the time meets the target at its percentile, and the plan
needs many times the replicas its batches' throughput would: the worked example (Llama 3.1 70B FP8 TP4 on H200 at
69 requests/s, 1 s P50 and 3 s P99 first-token targets) takes 5,680 replicas where its batches carry the rate on 30.
The warning says so with those numbers, says the count assumes each replica queues an even share of the requests
(random or round-robin routing: a gateway that queues centrally and hands each request to an idle replica needs
fewer, not estimated), and names the batching that admits requests as they come. The Chinese wording is in
resources/i18n/checks_zh.toml under the same id.
"""

from __future__ import annotations

import math

from gpudesk.core.checks import Check
from gpudesk.core.explain import FigureSet

WAIT_BOUND_RATIO = 1.5
"""Replicas sized on the waits over those the throughput alone needs, ⌈rate / requests per replica⌉, above which the
plan is warned: below it the waits cost less than a third more GPUs, as queueing costs any serving plan."""


def static_wait_check(figures: FigureSet) -> list[Check]:
    """A static plan whose replicas come from the batch server's waits: ``replicas`` ≥ WAIT_BOUND_RATIO × the
    replicas its batches' throughput needs. Nothing for another batching or without a rate."""
    if "infer.batch_at_rate" not in figures:
        return []
    replicas, rate = figures.number("infer.replicas_needed"), figures.number("infer.in.request_rate")
    capacity, allowed = figures.number("infer.requests_per_s"), figures.number("infer.max_rate_per_replica")
    if not all(math.isfinite(x) and x > 0 for x in (replicas, rate, capacity, allowed)):
        return []
    carried = math.ceil(rate / capacity - 1e-9)
    if replicas < WAIT_BOUND_RATIO * carried:
        return []
    numbers = {"replicas": replicas, "carried": carried, "one_s": figures.number("infer.batch_time_one_s"),
               "allowed": allowed, "capacity": capacity, "share_pct": 100.0 * allowed / capacity}
    return [Check(
        "serving.static_batch_wait", "warning", "task",
        "Static batching: sized by the wait for the batch in progress",
        f"A static engine runs each batch to the end of its longest output ({numbers['one_s']:,.1f} s even for a "
        f"batch of one), and a request arriving meanwhile waits for it. To meet the first-token targets each replica "
        f"may take only {allowed:,.3g} requests/s, {numbers['share_pct']:,.1f}% of the {capacity:,.3g} its batches "
        f"carry, so the plan needs {replicas:,.0f} replicas where its throughput alone needs {carried:,}. This counts "
        f"each replica queueing an even share of the requests (random or round-robin routing); replicas behind a "
        f"gateway that holds requests and hands each to an idle replica wait less, which gpudesk does not estimate.",
        "Serve with continuous (in-flight) batching, which admits a request at the next iteration, or relax the "
        "first-token target at the percentile.",
        ("infer.replicas_needed", "infer.max_rate_per_replica", "infer.requests_per_s", "infer.batch_time_one_s"),
        numbers,
    )]
