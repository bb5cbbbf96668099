"""One assumption of a phase, worded in English from a key and its values.

``ASSUMPTION_TEMPLATES`` holds the English wording of each assumption key that ``plan_assembly.assumptions``
records; every other language words the key from the text catalogue (``resources/i18n/assumptions_<lang>.toml``,
through :func:`gpudesk.report.assumption_text.assumption_text`), so the core holds no other language's words.
"""

from __future__ import annotations

from typing import Any

ASSUMPTION_TEMPLATES: dict[str, str] = {
    "compliance": (
        "Market {market_name}: {accelerator} is {status} there (rule: {rule}; effective {effective}; source "
        "{source}, taken {taken}). Data residency: {residency_name}; MLPS 2.0 level: {mlps_name}; domestic "
        "parts: {domestic_name}; industry: {industry_name}."
    ),
    "compliance_unknown": (
        "Market {market_name}: the catalog holds no availability record for {accelerator} (confirm with the "
        "vendor). Data residency: {residency_name}; MLPS 2.0 level: {mlps_name}; domestic parts: "
        "{domestic_name}; industry: {industry_name}."
    ),
    "hardware": (
        "Accelerator {accelerator} in {server} ({gpus_per_system:,} GPUs per system)."
    ),
    "storage_network": (
        "Storage: {storage}. Network: {nic} with {switch} switches, oversubscription {oversubscription:g}:1."
    ),
    "storage_no_network": (
        "Storage: {storage}. Network: none with no switches, oversubscription {oversubscription:g}:1."
    ),
    "rented_instance": (
        "Rented {provider} {instance} instances, {gpus_per_instance:,} × {accelerator} each; between instances the "
        "provider's network, {network_gbps:g} Gb/s per instance."
    ),
    "rented_instance_network_unknown": (
        "Rented {provider} {instance} instances, {gpus_per_instance:,} × {accelerator} each; between instances the "
        "provider's network, its bandwidth not given by the catalog (ask the provider)."
    ),
    "storage_only": (
        "Storage: {storage}."
    ),
    "if_owned_instead": (
        "If owned instead (the ownership comparison only): {server} ({gpus_per_system:,} GPUs per system), {nic} "
        "with {switch} switches at {oversubscription:g}:1, PUE {pue:g} ({pue_source}), electricity "
        "{electricity:g} per kWh ({electricity_source}), rack power limit {rack_limit_kw:g} kW ({rack_limit_source})."
    ),
    "if_owned_instead_no_network": (
        "If owned instead (the ownership comparison only): {server} ({gpus_per_system:,} GPUs per system), no "
        "scale-out network, PUE {pue:g} ({pue_source}), electricity {electricity:g} per kWh ({electricity_source}), "
        "rack power limit {rack_limit_kw:g} kW ({rack_limit_source})."
    ),
    "power_price": (
        "PUE {pue:g} ({pue_source}); electricity {electricity:g} per kWh ({electricity_source})."
    ),
    "rack_limit": (
        "Rack power limit {rack_limit_kw:g} kW ({rack_limit_source})."
    ),
    "utilisation": (
        "Utilisation: {hours_per_day:g} h/day, {days_per_month:g} days/month."
    ),
    "utilisation_peak": (
        "Utilisation: {hours_per_day:g} h/day, {days_per_month:g} days/month, peak months {peak_months} at "
        "{peak_multiplier:g}×."
    ),
    "horizon_currency": (
        "Phase duration {months} months; TCO horizon {horizon_years} years; hardware depreciated over "
        "{depreciation_years} years; currency {currency} at {cny_per_usd:g} CNY/USD."
    ),
    "cloud_price": (
        "Cloud price from {provider} {instance} ({region}, {date})."
    ),
    "rented_on_plan_server": (
        "{provider} {instance} prices one GPU of the provider's own node and gives no node or network: the phase is "
        "timed on the plan's {server} with {nic} between nodes; confirm the provider's node and interconnect."
    ),
    "rented_on_plan_server_no_nic": (
        "{provider} {instance} prices one GPU of the provider's own node and gives no node or network: the phase is "
        "timed on the plan's {server}, with no scale-out network between nodes; confirm the provider's node and "
        "interconnect."
    ),
    "assumed_inputs": (
        "Workload {workload}: not set in the plan, gpudesk's defaults were used: {inputs}."
    ),
}
"""English wording of each assumption key, filled with ``Assumption.values``."""


def assumption_text(key: str, values: dict[str, Any]) -> str:
    """The assumption ``key`` in English, filled with ``values``."""
    return ASSUMPTION_TEMPLATES[key].format(**values)


class Assumption(str):
    """One assumption of a phase: its English sentence (the ``str`` value, so JSON output and
    older consumers print it as before), plus ``key`` and ``values`` (codes, numbers and names, never words of
    another language) so the proposal can word it in its language. A plain ``str`` in
    ``PhaseEstimate.assumptions`` (a note typed by hand) is printed as it is."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, values: dict[str, Any]) -> Assumption:
        self = super().__new__(cls, assumption_text(key, values))
        self.key = key
        self.values = dict(values)
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "text": str(self), "values": dict(self.values)}
