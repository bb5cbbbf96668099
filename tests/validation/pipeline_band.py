"""docs/validation.md's item on the band of serving runs with pipeline stages (core/accuracy.py
``PIPELINE_SERVING_GROUP``): which published runs form it and why, computed at each run of the report.

The group is every published serving run whose replica has pipeline stages (validation_bands.PIPELINE_IDS: pp > 1),
not the runs past some stage count: gpudesk's replica of p stages is one model for every p > 1, and its error against
the runs moves from the second stage on (the item prints the signed error by stage count, and the band that the
runs of four stages or more alone would give, so a reader sees the choice does not set the number).
"""

from __future__ import annotations

from statistics import median

import numpy as np
from validation_bands import PIPELINE_IDS, bands, conformal_bounds, in_band, ratio
from validation_cases_mlperf_inference import MLPERF_INFERENCE_CASES
from validation_cases_pipeline import LLAMA70_PP, PIPELINE_SERVING_CASES
from validation_runner import Result

from gpudesk.core.accuracy import ACCURACY_BANDS, MOE_ADP_GROUP, PIPELINE_SERVING_GROUP, layout_band_group

POOLED = "serving throughput"


def _stages() -> dict[str, int]:
    """case id -> pipeline stages, for every pipelined run of the group."""
    out = {c.id: c.pp for c in PIPELINE_SERVING_CASES if c.pp > 1}
    out.update({m.id: m.pp for m in MLPERF_INFERENCE_CASES if (m.pp or 1) > 1})
    return {i: p for i, p in out.items() if i in PIPELINE_IDS}


def _band_text(ratios: list[float]) -> str:
    low, high = conformal_bounds(np.array(ratios))
    return f"{low - 1.0:+.1%} … {high - 1.0:+.1%} from {len(ratios)}"


def pipeline_band_findings(results: list[Result]) -> list[str]:
    """The item: the runs, the band, the pooled band with and without them, and why pp > 1 forms the group."""
    by = {r.id: r for r in results}
    stages = _stages()
    runs = [by[i] for i in stages if i in by]
    drawn = bands(results)
    band = drawn.get(PIPELINE_SERVING_GROUP)
    if band is None or not runs:
        return ["* **Pipeline-parallel serving: its own band**: no band (fewer than 9 runs of that layout)."]
    pooled = [ratio(r) for r in results if in_band(POOLED, r)]
    mlperf = [r for r in runs if r.id.startswith("mlperf-")]
    rtx = [r for r in runs if not r.id.startswith("mlperf-")]
    llama70 = {c.id: c.pp for c in LLAMA70_PP if c.id in by}
    by_pp = {p: median(by[i].error for i, q in llama70.items() if q == p) for p in sorted(set(llama70.values()))}
    signed = "; ".join(f"PP{p} {e:+.0%}" for p, e in by_pp.items())
    rising = all(b > a for a, b in zip(by_pp.values(), list(by_pp.values())[1:], strict=False))
    others = [by[c.id].error for c in PIPELINE_SERVING_CASES if c.id in by and c.id not in llama70]
    layouts = sorted({(m.tp, m.pp, m.accelerator_id.split("-")[0].upper()) for m in MLPERF_INFERENCE_CASES
                      if m.id in stages})
    systems = "; ".join(f"TP{t} x PP{p} on {a}" for t, p, a in layouts)
    wide = [ratio(r) for r in runs if stages[r.id] >= 4]
    offline = sorted(r.error for r in mlperf if "offline" in r.id)
    server = sorted(r.error for r in mlperf if "offline" not in r.id)
    both = layout_band_group((MOE_ADP_GROUP, PIPELINE_SERVING_GROUP))
    width = {g: ACCURACY_BANDS[g]["high"] - ACCURACY_BANDS[g]["low"] for g in (MOE_ADP_GROUP, PIPELINE_SERVING_GROUP)
             if g in ACCURACY_BANDS}
    return [
        "* **Pipeline-parallel serving: its own band** (2026-12-04, `tests/validation/pipeline_band.py`; core/accuracy.py "
        "`PIPELINE_SERVING_GROUP`): a serving figure whose replica has pipeline stages (pp > 1) carries the 80% band "
        f"of the {len(runs)} published serving runs of that layout ({len(rtx)} RTX PRO 6000 runs at "
        f"{', '.join(f'PP{p}' for p in sorted({stages[r.id] for r in rtx}))}, the series above, and {len(mlperf)} "
        f"MLPerf Inference Llama 3.1 405B submissions whose stored engine configs run pipeline stages: {systems}), "
        f"{band['low']:+.1%} … {band['high']:+.1%}, all held-out (no "
        "constant was fitted on them, so no fit-half coverage), in place of the pooled serving band, which is now "
        f"drawn without them ({_band_text(pooled + [ratio(r) for r in runs])} runs with them, "
        f"{_band_text(pooled)} without). Such a plan gets the task-step warning `serving.pipeline_uncertain` with "
        f"the GPU-count shortfall the band implies, 1 / (1 − {-band['low']:.3f}) = {1.0 / (1.0 + band['low']):.2f}x, "
        "and a searched configuration with stages the same caveat (`search_pipeline`, `search.pipeline_recommended`; "
        "docs/search.md); no published per-micro-batch figure sets the missing cost, so the model is unchanged. "
        "**Why pp > 1** and not a stage count past which the per-GPU loss shows: gpudesk's replica of p stages "
        "is one model for every p > 1 (core/inference_step.py), and its error moves from the second stage on. "
        f"On the RTX series of Llama 3.3 70B, median signed error by stage count: {signed} (Llama 3.1 405B at PP8 "
        f"{median(others):+.0%}): "
        + ("each stage added moves gpudesk's figure up against the measured one, from the second stage on. "
           if rising else "gpudesk's figure no longer moves up against the measured one with every stage added. ")
        + "The MLPerf two-stage rows read "
        f"{offline[0]:+.0%} … {offline[-1]:+.0%} Offline and {', '.join(f'{e:+.0%}' for e in server)} Server. The "
        f"runs of four stages or more alone (one PCIe card) would give {_band_text(wide)} runs"
        + (": the choice does not set the band's low end. " if round(conformal_bounds(np.array(wide))[0] - 1.0, 3)
           == band["low"] else ". ")
        + "A replica in both layouts (attention data-parallel MoE with pipeline stages; no "
        "published run is) takes the wider of the two bands (core/accuracy.py `layout_band_group`: "
        + ", ".join(f"{g} {w:.1%} wide" for g, w in width.items()) + f"; so {both})."
    ]
