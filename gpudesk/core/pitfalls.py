"""Pitfall checks from the source documents (section 五 of the seven-step guide) and an architect's review.

Comparing only the per-GPU price; ignoring software ecosystem
compatibility (from the catalog's framework support per workload group);
no utilisation plan; no scaling path; CPU, IO and network bottlenecks; an
unreachable latency target; consumer GPUs in multi-GPU training; regulated
data on cloud storage. Each check states the numbers behind it and the fix
in English (the Chinese wording of every check id is in the text catalogue resources/i18n/checks_zh.toml);
``plan_pitfalls`` decides when each applies to a phase.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from gpudesk.catalog.records import Accelerator
from gpudesk.core.accuracy import AMD_CDNA3_MEASURED_PART, amd_cdna3_serving_numbers, attention_dp_numbers
from gpudesk.core.checks import Check
from gpudesk.core.constants.infrastructure import PCIE_X16_GBS_BY_GEN
from gpudesk.core.digits import percent_text
from gpudesk.core.hardware_sources import scaleup_bandwidth_unknown
from gpudesk.vocabulary.counts import counted

BOTTLENECK_IDS = (
    "host.cpu_starves_gpus", "host.ram_short", "host.pcie_lanes_short", "host.nic_pcie_bottleneck",
    "storage.read_bw_short", "storage.checkpoint_stall", "net.oversubscribed", "net.frontend_short",
)


def per_gpu_price_pitfall(
    names: Sequence[str], price_per_gpu_hour: Sequence[float], cost: Sequence[float], chosen: int,
    currency: str = "USD", per: str = "job",
) -> list[Check]:
    """The plan's GPU is cheaper by the hour than an alternative that costs less per job (or per month of the load).

    ``cost`` is what each candidate pays for the same work (a training run, or a month serving the same peak
    rate); ``chosen`` indexes the plan's own accelerator. Fires only when that accelerator wins on the hourly
    price and loses on the work, and names the alternative that does the work for least.
    """
    price = np.asarray(price_per_gpu_hour, dtype=float)
    work = np.asarray(cost, dtype=float)
    if not (0 <= chosen < len(names)) or not (np.isfinite(price[chosen]) and np.isfinite(work[chosen])):
        return []
    better = [i for i in range(len(names)) if i != chosen and np.isfinite(price[i]) and np.isfinite(work[i])
              and price[i] > price[chosen] and work[i] < work[chosen]]
    if not better:
        return []
    best = min(better, key=lambda i: work[i])
    numbers = {
        "cheap": names[chosen], "cheap_hour": float(price[chosen]), "cheap_job": float(work[chosen]),
        "best": names[best], "best_hour": float(price[best]), "best_job": float(work[best]), "currency": currency,
        "per": per,
    }
    unit = "a job" if per == "job" else "a month of the load"
    return [Check(
        "pitfall.per_gpu_price", "warning", "tco", "The cheaper GPU per hour costs more per job",
        f"{names[chosen]} costs {price[chosen]:,.2f} {currency}/GPU-h, less than {names[best]} at "
        f"{price[best]:,.2f}, but {unit} costs {work[chosen]:,.0f} {currency} on it against {work[best]:,.0f} "
        f"{currency} on {names[best]}.",
        f"Compare cost per job (or per million tokens), not price per GPU-hour; {names[best]} does the work for less.",
        ("tco.cost_per_training_run",), numbers,
    )]


SUPPORT_FIELD = {
    "pretrain": "support_llm_training", "finetune_full": "support_llm_training",
    "finetune_lora": "support_llm_training", "finetune_qlora": "support_llm_training",
    "llm_inference": "support_llm_serving", "agent_hosting": "support_llm_serving",
    "vision_train": "support_deep_learning", "vision_inference": "support_deep_learning",
    "diffusion_inference": "support_deep_learning", "embedding_inference": "support_deep_learning",
    "recsys_inference": "support_deep_learning",
}
GROUP_NAME = {"support_llm_training": "LLM training", "support_llm_serving": "LLM serving",
              "support_deep_learning": "deep learning"}
LEVEL_TEXT = {
    "vendor": "through the vendor's own plugin or fork of the frameworks",
    "partial": "with known gaps in the frameworks",
    "none": "not at all by the mainstream frameworks",
}


def ecosystem_pitfall(accelerator: Accelerator, kinds: Sequence[str]) -> list[Check]:
    """Workloads whose framework support on the accelerator is not upstream, from the catalog's support fields."""
    out: list[Check] = []
    for field_name in dict.fromkeys(SUPPORT_FIELD[k] for k in kinds if k in SUPPORT_FIELD):
        level = getattr(accelerator, field_name, "")
        if level == "upstream":
            continue
        stack = accelerator.software_stack or "unknown stack"
        per_kind = {"support_llm_training": accelerator.training_frameworks,
                    "support_llm_serving": accelerator.serving_frameworks}.get(field_name, ())
        names = per_kind or accelerator.frameworks  # what the vendor documents for this kind, else the general list
        listed = ", ".join(names) if names else "none recorded"
        group = GROUP_NAME[field_name]
        source = accelerator.provenance.source_of(field_name) if level else ""  # a citation id; none when unrecorded
        support = f"{group} is supported {LEVEL_TEXT[level]} (source: {source})" if level else \
            f"the catalog records no {group} framework support for it"
        out.append(Check(
            "pitfall.software_ecosystem", "blocker" if level == "none" else "warning" if level else "info", "gpu",
            "Software ecosystem may not support the workload",
            f"{accelerator.name} runs {stack}: {support}; "
            f"frameworks listed: {listed}. Driver, framework and container mismatches lengthen deployment and "
            "debugging.",
            "Confirm framework, driver and container versions on the platform with a pilot run, or pick an "
            "accelerator whose frameworks support this workload upstream.",
            (), {"accelerator": accelerator.name, "stack": stack, "group": group, "level": level or "unknown",
                 "supported": listed, "source": source},
        ))
    return out


def utilisation_pitfall(utilisation: float, break_even_utilisation: float, mode: str, cost_ratio: float = float("nan"),
                        ) -> list[Check]:
    """Owned or reserved capacity used less than the utilisation at which it beats paying by the hour.

    ``break_even_utilisation`` = the commitment's cost per GPU-hour at full use / the on-demand price per GPU-hour
    (reserved: reserved price / on-demand price); ``cost_ratio`` = the commitment's cost over paying on demand for
    the hours actually used, over the phase.
    """
    if not (utilisation < break_even_utilisation):
        return []
    ratio = f" Over the phase it costs {cost_ratio:,.1f}× paying on demand for the hours used." \
        if cost_ratio == cost_ratio else ""
    return [Check(
        "pitfall.no_utilisation_plan", "warning", "delivery", "Committed capacity would sit idle",
        f"The plan uses the {mode} capacity {percent_text(utilisation)} of the time, below the {percent_text(break_even_utilisation)} at "
        f"which it becomes cheaper than paying by the hour.{ratio}",
        "Plan the load (shared queue, more teams, inference off-peak), commit less and burst on demand, or rent.",
        ("delivery.owned_utilisation",), {"utilisation": utilisation, "break_even": break_even_utilisation,
                                          "mode": mode, "cost_ratio": cost_ratio},
    )]


def scaling_path_pitfall(
    headroom_nodes: float, growth_nodes: float, rack_headroom_kw: float, growth_kw: float, owned: bool = True,
) -> list[Check]:
    """The fabric, or an owned facility's powered racks, cannot take the growth the plan expects.

    ``owned`` False: a provider hosts the hardware, so only the fabric is the plan's to reserve. ``headroom_nodes``
    NaN: the fabric's room is unknown (no scale-out NIC known, net.headroom_nodes unknown): it is said so, never
    read as the growth, and the check fires only where the power is short.
    """
    fabric_known = math.isfinite(headroom_nodes)
    if not (fabric_known and headroom_nodes < growth_nodes) and not (owned and rack_headroom_kw < growth_kw):
        return []
    power = f"the racks already powered have {rack_headroom_kw:,.0f} kW spare" if owned else \
        "the provider supplies the power"
    fabric = f"the fabric takes {counted(round(headroom_nodes), 'more node')}" if fabric_known else \
        "how many more nodes the fabric takes is unknown"
    return [Check(
        "pitfall.no_scaling_path", "warning", "network", "No path to scale out",
        f"The plan expects {counted(round(growth_nodes), 'more node')} ({growth_kw:,.0f} kW); {fabric} and {power}.",
        "Reserve spine ports and facility power for the growth now; adding network and power later is slower and dearer.",
        ("net.headroom_nodes",),
        {"headroom_nodes": headroom_nodes if fabric_known else None, "growth_nodes": growth_nodes,
         "rack_headroom_kw": rack_headroom_kw, "growth_kw": growth_kw, "power": "owned" if owned else "provider",
         "fabric": "known" if fabric_known else "unknown"},
    )]


def bottleneck_pitfall(checks: Sequence[Check]) -> list[Check]:
    """Summarise CPU, IO and network checks: the GPUs will wait on something other than compute."""
    found = [c for c in checks if c.id in BOTTLENECK_IDS and c.severity != "info"]
    if not found:
        return []
    ids = ", ".join(c.id for c in found)
    return [Check(
        "pitfall.bottlenecks", "warning", "host", "GPUs would wait on CPU, IO or network",
        f"{counted(len(found), 'bottleneck', 'bottlenecks')} found ({ids}); the GPUs cost the same while they wait, so the job takes longer and "
        "costs more.",
        "Resolve each listed check before buying more GPUs.",
        tuple(f for c in found for f in c.figures), {"count": len(found), "ids": ids},
    )]


def no_fabric_pitfall(nodes: float, gpus_per_node: float, frontend: str) -> list[Check]:
    """Several nodes must talk (training, or a replica wider than a node) but the plan has no scale-out fabric.

    ``frontend``: the servers' front-end network the estimate then uses ("2 × 400 Gb/s"), or "" when unknown.
    """
    assumed = (f"the estimate carries the traffic over the servers' front-end network ({frontend})" if frontend
               else "the catalog has no front-end network for this server, so the estimate still assumes its "
               "back-end NICs, which nothing connects")
    return [Check(
        "pitfall.no_fabric_for_nodes", "warning", "network", "Several nodes but no scale-out network",
        f"The phase spreads one job over {nodes:,.0f} nodes of {gpus_per_node:,.0f} GPUs with the network fabric set "
        f"to none; {assumed}. Growing past one node later means rebuilding the network.",
        "Plan a scale-out fabric (InfiniBand or RoCE Ethernet) for the nodes now, or keep the job within one node.",
        ("plan.nodes",), {"nodes": nodes, "gpus_per_node": gpus_per_node,
                          "assumed": "frontend" if frontend else "backend", "frontend": frontend or "-"},
    )]


def latency_pitfall(ttft_unloaded_s: float, target_s: float, which: str) -> list[Check]:
    """Even an idle replica misses the first-token target: no number of GPUs meets it."""
    if not (ttft_unloaded_s > target_s):
        return []
    return [Check(
        "pitfall.latency_target_unreachable", "blocker", "task", "The latency target cannot be met at any scale",
        f"An idle replica needs {ttft_unloaded_s * 1000:,.0f} ms to the first token (prefill of the prompt and one "
        f"step) against a {which} target of {target_s * 1000:,.0f} ms; queueing only adds to it, so more replicas "
        "cannot help.",
        "Raise tensor parallelism, shorten the prompt, use a faster GPU or lower precision, or relax the target.",
        ("infer.ttft_unloaded_s",), {"ttft_ms": ttft_unloaded_s * 1000, "target_ms": target_s * 1000, "which": which},
    )]


def token_budget_pitfall(idle_ttft_s: float, target_s: float, which: str, budget: float,
                         prompt_tokens: float, minimum: float, output_tokens: float = 0.0) -> list[Check]:
    """The engine's token budget per iteration chunks a prompt so finely that even an idle replica misses the
    first-token target (infer.token_budget_idle_ttft_s, or _p50_s), or, ``output_tokens`` given, leaves too little of
    the end-to-end target ``target_s`` for them: the replica serves nothing and no number of GPUs helps; ``minimum``
    the least budget that meets the targets (infer.token_budget_min_tokens)."""
    tokens = "token" if budget == 1 else "tokens"  # "1 token per iteration"
    fed = (f"With {budget:,.0f} {tokens} per iteration the engine feeds a {prompt_tokens:,.0f}-token prompt one chunk "
           f"of at most {budget:,.0f} {tokens} an iteration, so even an idle replica needs {idle_ttft_s * 1000:,.0f} "
           "ms to the first token")
    numbers = {"ttft_ms": idle_ttft_s * 1000, "target_ms": target_s * 1000, "tokens": budget, "prompt": prompt_tokens,
               "minimum": minimum}
    raise_it = (f"Raise the engine's tokens per iteration to at least {minimum:,.0f} (TensorRT-LLM --max_num_tokens, "
                "vLLM --max_num_batched_tokens), shorten the prompt")
    if output_tokens > 0:
        return [Check(
            "pitfall.token_budget_e2e_unreachable", "blocker", "task",
            "The engine's tokens per iteration leave the end-to-end target unreachable",
            f"{fed}, leaving too little of the end-to-end target of {target_s * 1000:,.0f} ms for the "
            f"{output_tokens:,.0f} output tokens at the percentile; more replicas cannot help. The end-to-end target "
            f"needs at least {minimum:,.0f} tokens per iteration.",
            f"{raise_it} or the outputs, or relax the end-to-end target.",
            ("infer.token_budget_min_tokens",), {**numbers, "output_tokens": output_tokens})]
    if not (idle_ttft_s > target_s):
        return []
    return [Check(
        "pitfall.token_budget_too_small", "blocker", "task",
        "The engine's tokens per iteration leave the first-token target unreachable",
        f"{fed} against a {which} target of {target_s * 1000:,.0f} ms; more replicas cannot help. The first-token "
        f"targets need at least {minimum:,.0f} tokens per iteration.",
        f"{raise_it}, or relax the first-token target.", ("infer.token_budget_min_tokens",), {**numbers, "which": which},
    )]


def decode_target_pitfall(step_s: float, tpot_target_s: float, e2e_target_s: float, per_token_s: float,
                          output_tokens: float) -> list[Check]:
    """Even one sequence alone misses the time-per-token bound (the TPOT target, or the end-to-end target spread over
    the output): no batch size meets it, so no number of GPUs does."""
    if step_s > tpot_target_s:
        return [Check(
            "pitfall.tpot_target_unreachable", "blocker", "task", "The time-per-token target cannot be met at any "
            "scale",
            f"One decoding iteration takes {step_s * 1000:,.1f} ms even for a single sequence, against a "
            f"time-per-output-token target of {tpot_target_s * 1000:,.1f} ms; a larger batch only lengthens it and "
            "more replicas do not shorten it, so the replica serves no request at this target.",
            "Raise tensor parallelism, use a faster GPU or lower precision (weights and KV cache), or relax the "
            "time-per-token target.",
            ("infer.ttft_first_step_s",), {"step_ms": step_s * 1000, "target_ms": tpot_target_s * 1000},
        )]
    return [Check(
        "pitfall.e2e_target_unreachable", "blocker", "task", "The end-to-end target cannot be met at any scale",
        f"The end-to-end target of {e2e_target_s * 1000:,.0f} ms leaves {per_token_s * 1000:,.1f} ms for each of the "
        f"{output_tokens:,.0f} output tokens at the percentile once the prompt is prefilled, but one decoding "
        f"iteration takes {step_s * 1000:,.1f} ms even for a single sequence; more replicas do not shorten it.",
        "Raise tensor parallelism, use a faster GPU or lower precision, shorten the outputs, or relax the "
        "end-to-end target.",
        ("infer.ttft_first_step_s",), {"step_ms": step_s * 1000, "target_ms": e2e_target_s * 1000,
                                       "per_token_ms": per_token_s * 1000, "output_tokens": output_tokens},
    )]


def consumer_gpu_pitfall(accelerator: Accelerator, gpus: float) -> list[Check]:
    """Consumer boards in multi-GPU training: no scale-up link, no peer-to-peer, a licence without data centres."""
    if accelerator.segment != "consumer" or gpus <= 1:
        return []
    link = accelerator.scaleup_link or "none"
    source = accelerator.provenance.source_of("segment")
    return [Check(
        "pitfall.consumer_gpus", "warning", "gpu", "Consumer GPUs for multi-GPU training",
        f"{gpus:,.0f} {accelerator.name} train together, but these are consumer boards (catalog segment; {source}): "
        f"no NVLink (scale-up link: {link}), so every gradient crosses PCIe and the CPU; the stock driver does not "
        "enable peer-to-peer; and the GeForce driver licence excludes data-centre deployment.",
        "Use data-centre or workstation GPUs for multi-GPU training, or keep each job on one consumer GPU.",
        ("plan.gpus",), {"accelerator": accelerator.name, "gpus": gpus, "link": link},
    )]


def residency_pitfall(storage_name: str, provider: str, mode: str) -> list[Check]:
    """Regulated data on owned premises while the dataset lives in a public cloud's storage service."""
    return [Check(
        "pitfall.data_residency", "blocker", "storage", "Regulated data kept in public cloud storage",
        f"The data is marked regulated and the compute is {mode.replace('_', ' ')} on the customer's premises, but "
        f"the dataset and checkpoints are planned on {storage_name}, a {provider} cloud service.",
        "Keep regulated data on storage in the customer's own site (parallel file system, NAS or local NVMe), or "
        "confirm in writing that the regulator allows this cloud region.",
        ("storage.kind",), {"storage": storage_name, "provider": provider, "mode": mode},
    )]


def scaleup_unknown_check(accelerator: Accelerator, degrees: int) -> list[Check]:
    """The accelerator has a scale-up link the catalog gives no bandwidth for, and the sized layout runs collectives
    over it (tensor, expert or context parallel ``degrees`` > 1): the core times them at PCIe x16 speed
    (core/hardware.py), a lower bound, so the GPU count may be too high. Said, never silent."""
    if degrees <= 1 or not scaleup_bandwidth_unknown(accelerator):
        return []
    gen = accelerator.pcie_gen or 4
    pcie = PCIE_X16_GBS_BY_GEN.get(gen, PCIE_X16_GBS_BY_GEN[4]).value
    return [Check(
        "gpu.scaleup_bandwidth_unknown", "warning", "gpu",
        "Scale-up bandwidth unknown: collectives timed at PCIe speed",
        f"{accelerator.name} links its GPUs by {accelerator.scaleup_link}, but the catalog has no published "
        f"bandwidth for it; the collectives of the {degrees}-way model-parallel layout are timed at PCIe Gen{gen} x16 "
        f"({pcie:g} GB/s per direction), a lower bound, so step times and the GPU count may be too high.",
        f"Enter the vendor's {accelerator.scaleup_link} bandwidth per GPU in the catalog (with its source), or measure "
        "an all-reduce on the platform, before quoting this GPU count.",
        (), {"accelerator": accelerator.name, "link": accelerator.scaleup_link, "degrees": degrees, "gen": gen,
             "pcie_gbs": pcie},
    )]


def moe_attention_dp_check(tp: float, ep: float) -> list[Check]:
    """A serving replica of an MoE model runs attention data-parallel across its expert ranks (e > t): the published
    runs of that layout scatter about gpudesk's figure more widely than other serving runs (docs/validation.md; the
    engine releases before TensorRT-LLM 1.2 paid a host time per iteration there, which a plan stating its release
    gets), so the check says by how much the GPU count may be short, from the band of those runs (core/accuracy.py
    MOE_ADP_GROUP)."""
    band = attention_dp_numbers()
    if not (ep > tp) or band is None:
        return []
    low, high, cases = band["low_pct"] / 100.0, band["high_pct"] / 100.0, int(band["cases"])
    numbers = {"groups": ep / tp, "ep": ep, "cases": cases, "low_pct": band["low_pct"], "high_pct": band["high_pct"],
               "short": band["short"]}
    return [Check(
        "serving.moe_attention_dp_optimistic", "warning", "task",
        "MoE serving with attention data-parallel: throughput uncertain",
        f"The replica runs attention data-parallel in {ep / tp:,.0f} groups with its experts over {ep:,.0f} GPUs. On "
        f"the {cases} published runs of this layout (TensorRT-LLM and MLPerf: Qwen3-235B-A22B, DeepSeek-R1) the "
        f"measured throughput differed from gpudesk's by {percent_text(low, signed=True)} to {percent_text(high, signed=True)} (80% band), wider than "
        f"other serving runs, so it may need up to {1.0 / (1.0 + low):.1f}× the GPUs gpudesk sizes.",
        "State the serving engine release (TensorRT-LLM releases before 1.2 wait on the host every iteration of this "
        "layout), size with the low end of the band, or calibrate with a pilot run of this layout; compare with "
        "tensor-parallel attention (expert parallel equal to tensor parallel).",
        ("infer.tokens_per_s", "infer.in.tp", "infer.in.ep"), numbers,
    )]


def adp_hold_check(timeout: int, wait: int, iteration_s: float, target_s: float) -> list[Check]:
    """A serving plan whose engine balances its attention data-parallel ranks (core/adp_hold.py) holds a new prompt
    up to (timeout + batching wait) iterations: where that is more than half the first-token target at the
    percentile, the plan is told that the balancer's settings are what costs it. Not where no rate meets the targets:
    the hold vanishes at low rates (core/server_held_rate.py), so such a plan misses them without the hold too."""
    longest = (timeout + wait) * iteration_s
    if not (target_s > 0 and longest > 0.5 * target_s) or not np.isfinite(longest):
        return []
    numbers = {"timeout": timeout, "wait": wait, "longest_s": longest, "iteration_ms": iteration_s * 1e3,
               "target_s": target_s}
    return [Check(
        "serving.adp_hold_long", "warning", "gpu",
        "Attention data-parallel balancing holds new prompts long against the first-token target",
        f"With balancing on, the engine holds each new prompt until every attention group has one: up to {timeout} "
        f"+ {wait} iterations, {longest:.2f} s at this plan's {iteration_s * 1e3:.0f} ms iteration, against a "
        f"first-token target of {target_s:.2f} s.",
        "Lower the balancing timeout and batching wait (MLPerf's DeepSeek-R1 configs use 6-9 and 2-3 iterations), "
        "or turn attention data-parallel balancing off.",
        ("infer.in.adp_timeout_iters", "infer.in.adp_batching_wait_iters", "infer.tpot_s"), numbers,
    )]


def amd_cdna3_serving_check(accelerator: Accelerator) -> list[Check]:
    """A serving plan on an AMD CDNA3 accelerator: AMD's own published MI300X runs (vLLM 0.9.1, ROCm 6.4.1) measured
    AMD_CDNA3_SERVING_MEASURED_LOW to _HIGH of gpudesk's throughput (the release they ran, vllm-v1-sync, stated),
    too few runs (8) for an 80% band (core/accuracy.py AMD_CDNA3_SERVING_GROUP): the serving figures carry no band,
    and this warning says what the runs show. On another CDNA3 part (MI325X)
    it says first that gpudesk's validation holds no serving run on that part: the family's runs are MI300X's."""
    runs = amd_cdna3_serving_numbers(accelerator.family)
    if runs is None:
        return []
    measured = accelerator.id == AMD_CDNA3_MEASURED_PART
    numbers = {"accelerator": accelerator.name, "part": "measured" if measured else "unmeasured", "runs": runs["runs"],
               "low_pct": runs["low_pct"], "high_pct": runs["high_pct"], "short_low": runs["short_low"],
               "short_high": runs["short_high"]}
    unmeasured = "" if measured else (f"gpudesk's validation holds no serving run on {accelerator.name}; its "
                                      "family's (CDNA3) serving runs are all on MI300X. ")
    return [Check(
        "serving.amd_cdna3_optimistic", "warning", "task",
        "Serving on an AMD CDNA3 accelerator: throughput likely overstated",
        f"{unmeasured}On AMD's {runs['runs']:.0f} published serving runs on MI300X (vLLM 0.9.1 on ROCm 6.4.1, Llama "
        "3.1 70B and 405B, AMD 'Performance Results' page) the measured throughput was "
        f"{percent_text(runs['low_pct'] / 100.0)} to {percent_text(runs['high_pct'] / 100.0)} of gpudesk's "
        "estimate with the engine release they ran stated (vllm-v1-sync); a plan that states no release is estimated "
        "higher still. The published figures point to the serving stack on ROCm, and AMD's later vLLM builds on the same server (to November 2025, with ROCm 7.0 and AITER on) read "
        "within 10% of these runs. Too few runs for an 80% accuracy band, so the serving figures carry none: "
        f"the throughput is likely overstated and the GPU count short, by {runs['short_low']:.1f}× to "
        f"{runs['short_high']:.1f}× on those runs.",
        "State the engine release the plan will run (vllm-v1-sync for vLLM's V1 engine without async scheduling, as "
        "those runs were), then calibrate with a pilot run on this accelerator and that engine build before quoting "
        "the GPU count, or size with the measured share of those runs.",
        ("infer.tokens_per_s",), numbers,
    )]
