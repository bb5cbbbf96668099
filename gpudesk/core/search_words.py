"""How a searched configuration, a dropped-points count and a lever read, in English and Chinese.

Each function returns a :class:`Reason` (or reasons joined) holding the search's numbers: the words are in the
reason catalogues (``resources/i18n/reasons_<lang>.toml``), worded by the report in the reader's language.
Nothing here decides anything.
"""

from __future__ import annotations

import math

from gpudesk.core.accuracy import amd_cdna3_serving_numbers, attention_dp_numbers, pipeline_numbers
from gpudesk.core.candidates import Reason
from gpudesk.core.reason_values import Joined, Money, Quantity, Word
from gpudesk.core.search_points import SearchPoint
from gpudesk.vocabulary.precision import PRECISION
from gpudesk.vocabulary.workloads import DATA_PARALLEL_LAYOUT_KINDS, ITEM_UNITS, item_unit


def attention_dp(p: SearchPoint) -> bool:
    """Whether a searched serving configuration runs attention data-parallel across its expert ranks (e > t, MoE)."""
    return p.kind in ("llm_inference", "agent_hosting") and p.layout.get("ep", 1.0) > p.layout.get("tp", 1.0)


def attention_dp_caveat(p: SearchPoint) -> Reason | None:
    """The warning of the plan's own attention data-parallel layout (core/pitfalls.moe_attention_dp_check) for a
    searched configuration of that layout: the band of its published runs and the shortfall it implies."""
    numbers = attention_dp_numbers()
    if not attention_dp(p) or numbers is None:
        return None
    return Reason("search_attention_dp", {**numbers, "groups": p.layout["ep"] / p.layout.get("tp", 1.0)})


def pipeline_stages(p: SearchPoint) -> bool:
    """Whether a searched serving configuration's replica has pipeline stages (pp > 1)."""
    return p.kind in ("llm_inference", "agent_hosting") and p.layout.get("pp", 1.0) > 1.0


def pipeline_caveat(p: SearchPoint) -> Reason | None:
    """The warning of the plan's own pipeline-stage layout (core/pipeline_check.pipeline_stages_check) for a searched
    configuration of that layout: the band of the published runs with pipeline stages and the shortfall it implies."""
    numbers = pipeline_numbers()
    if not pipeline_stages(p) or numbers is None:
        return None
    return Reason("search_pipeline", {**numbers, "pp": p.layout["pp"]})


def amd_cdna3_caveat(p: SearchPoint, family: str) -> Reason | None:
    """The plan's AMD CDNA3 serving warning (core/pitfalls.amd_cdna3_serving_check) for a searched serving
    configuration on a CDNA3 accelerator (``family``: its calibration family): AMD's published MI300X runs measured
    a fraction of gpudesk's throughput, so the configuration's GPU count may be short; None elsewhere."""
    numbers = amd_cdna3_serving_numbers(family)
    if p.kind not in ("llm_inference", "agent_hosting") or numbers is None:
        return None
    return Reason("search_amd_cdna3", numbers)


def short(dtype: str) -> str:
    return PRECISION.name_of(dtype, "en").split(" (")[0]


def precision_text(p: SearchPoint) -> str:
    """The configuration's precision as the ranked rows' precision column holds it: format names only (e.g. FP8, or
    "INT4 · KV FP16" when the KV cache is kept in another format), which read the same in every language."""
    w, kv = short(p.weight_dtype), short(p.kv_dtype)
    if p.kind in ("llm_inference", "agent_hosting"):
        return w if p.weight_dtype == kv.lower() or w == kv else f"{w} · KV {kv}"
    return PRECISION.name_of(p.compute_dtype, "en")


def layout_text(p: SearchPoint) -> str:
    lay = p.layout
    if "tp" not in lay:  # vision training: data parallel only (DP4); item serving and seats: none, each replica (or
        # seat) on a GPU of its own; its 'DP1' read as the layout of a phase's 3 GPUs where other workloads ran beside it
        return f"DP{int(lay['dp'])}" if "dp" in lay and p.kind in DATA_PARALLEL_LAYOUT_KINDS else ""
    parts = [f"TP{int(lay.get('tp', 1))}"]
    if lay.get("pp", 1) > 1:
        parts.append(f"PP{int(lay['pp'])}")
    if lay.get("cp", 1) > 1:
        parts.append(f"CP{int(lay['cp'])}")
    if lay.get("ep", 1) > 1:
        parts.append(f"EP{int(lay['ep'])}")
    if "dp" in lay:
        parts.append(f"DP{int(lay['dp'])}")
    return " × ".join(parts)


def disaggregated_pools(p: SearchPoint) -> Reason | None:
    """A disaggregated configuration's two pools, each with its instances: 'prefill pool 184 GPUs (46 instances) +
    decode pool 148 GPUs (37 instances)'. The core counts a disaggregated deployment's replicas as its prefill and
    decode instances together (core/inference_load.py), so the configuration read '83 replicas · batch 64 · prefill
    pool 184 + decode pool 148 GPUs', the 83 neither pool's. None when the point is not disaggregated or a pool is
    unknown; the pools without their instances where the counts do not divide."""
    if not p.layout.get("disagg"):
        return None
    pools = [float(p.values.get(k, math.nan)) for k in ("disagg_prefill_gpus", "disagg_decode_gpus")]
    if not all(math.isfinite(g) and g >= 1 for g in pools):
        return None
    prefill, decode = int(pools[0]), int(pools[1])
    per, replicas = float(p.values.get("gpus_per_replica", math.nan)), float(p.layout.get("replicas", math.nan))
    if math.isfinite(per) and per >= 1 and math.isfinite(replicas) and decode % int(per) == 0:
        decoders = decode // int(per)
        if 1 <= decoders < replicas:
            return Reason("point_disaggregated_instances", {"prefill": prefill, "decode": decode,
                                                            "prefill_instances": int(replicas) - decoders,
                                                            "decode_instances": decoders})
    return Reason("point_disaggregated_pools", {"prefill": prefill, "decode": decode})


def point_cost(p: SearchPoint, currency: str) -> Money:
    """A configuration's cost with the lines awaiting a quote it leaves out (the ranked row's '+ 4 项待询价')."""
    return Money(p.cost, currency, p.awaiting)


def describe(p: SearchPoint) -> Joined:
    """One configuration: accelerator × GPUs · precision · layout and what else sets it (replicas, batch …)."""
    lay = p.layout
    parts: list[Reason] = [Reason("point_gpus", {"accelerator": p.accelerator_name, "gpus": p.gpus})]
    w, kv = short(p.weight_dtype), short(p.kv_dtype)
    if p.kind in ("llm_inference", "agent_hosting") and w != kv and p.weight_dtype != kv.lower():
        parts.append(Reason("point_precision_kv", {"weights": w, "kv": kv}))
    elif p.kind in ("llm_inference", "agent_hosting"):
        parts.append(Reason("point_precision", {"precision": w}))
    elif p.compute_dtype:
        parts.append(Reason("point_precision", {"precision": PRECISION.name_of(p.compute_dtype, "en")}))
    layout = layout_text(p)
    if layout:
        parts.append(Reason("point_layout", {"layout": layout}))
    pools = disaggregated_pools(p)
    if "replicas" in lay and math.isfinite(float(lay["replicas"])) and lay["replicas"] >= 1 and \
            (pools is None or pools.key != "point_disaggregated_instances"):  # the pools count their instances
        r = int(lay["replicas"])
        parts.append(Reason("point_replica" if r == 1 else "point_replicas", {"replicas": r}))
    if "batch" in lay and math.isfinite(float(lay["batch"])) and lay["batch"] >= 1:
        parts.append(Reason("point_batch", {"batch": int(lay["batch"])}))
    if lay.get("disagg"):
        parts.append(pools or Reason("point_disaggregated"))
    if "zero" in lay:
        parts.append(Reason(f"search_training_{lay.get('recompute_name', 'selective')}",
                            {"zero": int(lay["zero"]), "micro_batch": int(lay.get("mb", 1))}))
    return Joined(tuple(parts))


def performance(p: SearchPoint) -> Reason | None:
    """What the configuration achieves (the figure the plan's targets are about); None when unknown."""
    v = p.values
    if p.kind in ("llm_inference", "agent_hosting"):
        tps, ttft, tpot = (float(v.get(k, math.nan)) for k in ("tokens_per_s_per_user", "ttft_at_percentile_s", "tpot_s"))
        if not all(math.isfinite(x) for x in (tps, ttft, tpot)):
            return None
        return Reason("search_serving_perf", {"tokens_per_user": tps, "ttft_ms": ttft * 1000, "tpot_ms": tpot * 1000})
    rate = float(v.get("items_per_s_per_gpu", math.nan))
    if math.isfinite(rate):  # in the unit of the figure it is (the step pages' 万样本/秒/GPU, not 项/秒)
        return Reason("search_items", {"rate": Quantity(rate, ITEM_RATE_UNITS.get(p.kind, "items/s/GPU"))})
    days = float(v.get("days", math.nan))
    if math.isfinite(days):  # in the unit it reaches, as the ranked table beside it: '14.8 h', not '0.616 days'
        return Reason("search_days", {"days": Quantity(days, "days")})
    if "seats_per_gpu" in v and math.isfinite(float(v["seats_per_gpu"])):
        return Reason("search_seats", {"seats": float(v["seats_per_gpu"])})
    return None


ITEM_RATE_UNITS = {kind: item_unit(kind, "s/GPU") for kind in ITEM_UNITS}
"""The unit of each item-serving kind's rate figure (core/workloads_other: vision., diffusion., embed., recsys.)."""


def dropped_text(total: int, dropped: dict[str, int], feasible: int, excluded: dict[str, str] | None = None,
                 network_unknown: tuple[tuple[str, str], ...] = ()) -> Reason:
    """'412 configurations: 380 out of memory, 20 miss the TTFT target …, 12 meet every target' and the
    accelerators left out before the search, by reason (core/search_catalog.eligible, cooling). Layouts across
    rented instances whose network the catalog does not give (``network_unknown``: the offers' names and ids) are
    dropped with the fabric's: the summary names those offers, so no alternative disappears without a word."""
    parts: tuple[Reason, ...] = ()
    for code, n in dropped.items():
        parts += (Reason("search_dropped", {"count": n, "what": Word("binding", code, "dropped")}),)
        if code == "fabric" and network_unknown:  # said beside the count it is part of
            offers = tuple(Reason("search_offer", {"offer": name, "offer_id": oid}) for name, oid in network_unknown)
            parts += (Reason("search_network_unknown", {"offers": Joined(offers, "list")}),)
    parts += (Reason("search_feasible", {"count": feasible}),)
    numbers: dict[str, object] = {"total": total, "parts": Joined(parts, "list")}
    if not excluded:
        return Reason("search_summary", numbers)
    counts: dict[str, int] = {}
    for reason in excluded.values():
        counts[reason] = counts.get(reason, 0) + 1
    left = tuple(Reason(f"search_excluded_{r}" if r in EXCLUDED else "search_excluded_other", {"count": n, "code": r})
                 for r, n in sorted(counts.items(), key=lambda kv: -kv[1]))
    return Reason("search_summary_excluded", {**numbers, "excluded": len(excluded), "why": Joined(left, "list")})


EXCLUDED = ("market", "no_server", "domestic", "not_listed", "no_data", "cooling")
"""Why an accelerator was not searched (core/search_catalog.eligible, cooling): reasons search_excluded_<code>."""


def change(new: float, old: float) -> float:
    """The relative change from ``old`` to ``new`` (NaN when either is unknown or ``old`` is 0)."""
    if not (math.isfinite(new) and math.isfinite(old)) or old == 0:
        return math.nan
    return new / old - 1


def versus(p: SearchPoint, ref: SearchPoint, currency: str) -> Reason:
    """What ``p`` costs against ``ref``: money with the change when both are priced, else GPUs."""
    if math.isfinite(p.cost) and math.isfinite(ref.cost):
        d = change(p.cost, ref.cost)
        return Reason("search_versus_cost", {"cost": point_cost(p, currency), "change": d}) if math.isfinite(d) \
            else Reason("search_cost", {"cost": point_cost(p, currency)})
    d = change(p.gpus, ref.gpus)
    return Reason("search_versus_gpus", {"gpus": p.gpus, "change": d if math.isfinite(d) else 0.0})
