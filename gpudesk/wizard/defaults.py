"""Inputs where 0 means "let gpudesk choose": which figure holds the value the estimate used instead.

The form shows that value in place of the 0 ("auto: 3 nodes", "catalog default: 1.58"), so the user sees what
the plan assumes, not 0.000. Paths are relative to the active phase as in ``gpudesk.wizard.fields``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gpudesk.vocabulary.costs import awaiting_quote
from gpudesk.wizard.words import word


@dataclass(frozen=True)
class UsedValue:
    figure: str  # the figure whose value the estimate used
    chosen_by: str  # what chose it: input.chosen_by.<chosen_by> of the wizard catalogue

    def word(self, lang: str) -> str:
        return word(f"input.chosen_by.{self.chosen_by}", lang)


USED_VALUES: dict[str, UsedValue] = {
    "hardware.nodes": UsedValue("plan.nodes", "sized"),
    "hardware.gpu_power_limit_w": UsedValue("power.gpu_tdp_kw", "tdp"),  # no cap: the datasheet TDP
    "workloads[{w}].parallel.dp": UsedValue("train.dp", "sized"),
    "hardware.cpu_cores_per_node": UsedValue("host.cpu_cores", "server"),
    "hardware.host_ram_gb": UsedValue("host.ram", "server"),
    "facility.pue": UsedValue("power.pue", "catalog"),
    "facility.electricity_per_kwh": UsedValue("power.electricity_price", "catalog"),
    "facility.rack_power_limit_kw": UsedValue("power.rack_limit_kw", "catalog"),
    "costs.gpu_price_override": UsedValue("tco.gpu_price", "catalog"),
}
"""Row path -> the figure that holds the value used when the input is 0."""

ZERO_MEANS: tuple[str, ...] = (
    "costs.colo_per_rack_month", "costs.services_once", "costs.licence_per_unit_year", "compliance.mlps_level",
    # fields where 0 is a real value ("no VAT line", "included in the price") say "not set" with -1, their minimum
    "facility.grid_co2_kg_per_kwh", "costs.vat_goods_pct", "costs.vat_services_pct", "costs.installation_per_server",
    # the search's inputs (issue 19): 0 = not given, derived or no limit
    "workloads[{w}].users", "workloads[{w}].peak_requests_per_s", "workloads[{w}].e2e_ms",
    "workloads[{w}].prompt_tokens_sd", "workloads[{w}].output_tokens_sd", "facility.power_limit_kw", "costs.budget",
    "workloads[{w}].concurrency",
    # disaggregated serving's pools (core/inference_disagg.py): 0 = as the decode instances, or sized by the rate
    "workloads[{w}].parallel.prefill_tp", "workloads[{w}].parallel.prefill_pool_gpus",
    "workloads[{w}].parallel.decode_pool_gpus",
    # a static KV cache read in buckets (core/inference_lengths.py): 0 = read as filled
    "workloads[{w}].kv_bucket_tokens",
    # the engine's token budget per iteration (core/token_budget.py): 0 = none
    "workloads[{w}].max_tokens_per_iteration",
)
"""Row paths where no figure stands in for the field's unset value (0, or -1 where 0 is a value): what it means is
``input.zero_means.<path>`` of the wizard catalogue."""


NAMED_BY_VOCABULARY = {"costs.installation_per_server": awaiting_quote}
"""Unset values that name a vocabulary term, read from it rather than the catalogue (one name per concept)."""


def zero_means(path: str, lang: str) -> str:
    named = NAMED_BY_VOCABULARY.get(path)
    return named(lang) if named is not None else word(f"input.zero_means.{path}", lang)


_PHASE = re.compile(r"^phases\[\d+\]\.")
_WORKLOAD = re.compile(r"workloads\[\d+\]")


def unset_word(path: str, value: object, floor: float | None, lang: str) -> str | None:
    """What a plan input at its unset value means, in the step pages' words, for a page that lists inputs without
    the estimate beside them (the comparison): "目录默认" for a GPU price override of 0, "不限" for a budget of 0,
    "市场标准税率" for a VAT of -1; None when ``value`` is set. ``path`` is a whole plan path
    ("phases[0].costs.gpu_price_override"); a field where 0 is a real value is unset only at its floor (-1)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    row = _WORKLOAD.sub("workloads[{w}]", _PHASE.sub("", path))
    unset = float(floor) if floor is not None and floor < 0 else 0.0
    if float(value) != unset:
        return None
    if row in USED_VALUES:
        return USED_VALUES[row].word(lang)
    return zero_means(row, lang) if row in ZERO_MEANS else None
