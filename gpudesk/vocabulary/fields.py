"""Which vocabulary names the codes of each choice field of a plan, by the field's name in the project model.

Every surface that shows a plan's choice (the input form, the proposal, charts, checks, the comparison)
names it through :func:`choice_name`, so one code reads the same everywhere, in each language.
"""

from __future__ import annotations

from gpudesk.vocabulary.costs import LICENCE
from gpudesk.vocabulary.delivery import DELIVERY_MODE
from gpudesk.vocabulary.plan_choices import (
    COOLING,
    CURRENCY,
    DATA_RESIDENCY,
    DATA_SENSITIVITY,
    DOMESTIC_PARTS,
    FABRIC,
    INDUSTRY,
    LANGUAGE,
    MEASUREMENT_KIND,
    REGION,
    STAGE,
    TRIGGER_METRIC,
)
from gpudesk.vocabulary.precision import PRECISION
from gpudesk.vocabulary.request_lengths import LENGTH_DATASET
from gpudesk.vocabulary.serving import ENGINE_RELEASE, PERCENTILE, QUANTIZATION, SERVING_BATCHING, SERVING_SCENARIO
from gpudesk.vocabulary.terms import Term, Vocabulary
from gpudesk.vocabulary.training import LOW_PRECISION_RECIPE, OPTIMIZER, PIPELINE_SCHEDULE, RECOMPUTE, TRAINING_STACK
from gpudesk.vocabulary.workloads import WORKLOAD_KIND

FIELD_VOCABULARIES: dict[str, tuple[Vocabulary[Term], ...]] = {
    "kind": (WORKLOAD_KIND, MEASUREMENT_KIND),  # a workload's kind, or a pilot measurement's
    "mode": (DELIVERY_MODE,),
    "compute_dtype": (PRECISION,), "weight_dtype": (PRECISION,), "kv_dtype": (PRECISION,),
    "optimizer": (OPTIMIZER,), "recompute": (RECOMPUTE,), "training_stack": (TRAINING_STACK,),
    "stage": (STAGE,), "data_sensitivity": (DATA_SENSITIVITY,), "fabric": (FABRIC,), "cooling": (COOLING,),
    "currency": (CURRENCY,), "language": (LANGUAGE,), "data_residency": (DATA_RESIDENCY,),
    "domestic_parts": (DOMESTIC_PARTS,), "industry": (INDUSTRY,), "metric": (TRIGGER_METRIC,),
    "pipeline_schedule": (PIPELINE_SCHEDULE,), "low_precision_recipe": (LOW_PRECISION_RECIPE,),
    "batching": (SERVING_BATCHING,), "serving_scenario": (SERVING_SCENARIO,), "licence": (LICENCE,),
    "latency_percentile": (PERCENTILE,), "quantization": (QUANTIZATION,), "region": (REGION,),
    "engine_release": (ENGINE_RELEASE,), "length_dataset": (LENGTH_DATASET,),
}

# the proposal's names for the same vocabularies (its text catalogue's groups)
REPORT_GROUPS: dict[str, Vocabulary[Term]] = {
    "workload_kind": WORKLOAD_KIND, "delivery_mode": DELIVERY_MODE, "stage": STAGE,
    "sensitivity": DATA_SENSITIVITY, "fabric": FABRIC, "cooling": COOLING, "dtype": PRECISION,
}


def choice_name(field: str, code: str, lang: str) -> str | None:
    """The name of ``code`` of the choice field ``field`` in ``lang``; None when no vocabulary holds it."""
    for vocabulary in FIELD_VOCABULARIES.get(field, ()):
        if code in vocabulary:
            return vocabulary.term(code).name(lang)
    return None
