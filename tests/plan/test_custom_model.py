"""A workload can carry its own model architecture (``custom_model``) instead of a catalog id."""

from __future__ import annotations

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.results.pipeline import PlanInputError, estimate_plan

# Llama-2-7B's published shape (Touvron et al. 2023, Table 1 / model config): a user typing in a model the
# catalog does not have.
LLAMA2_7B = {"kind": "decoder", "params_total": 6.74e9, "n_layers": 32, "hidden": 4096, "n_heads": 32,
             "n_kv_heads": 32, "head_dim": 128, "ffn_hidden": 11008, "vocab": 32000, "max_context": 4096,
             "attention": "mha"}


def test_a_custom_model_is_estimated_like_a_catalog_row() -> None:
    project = Project()
    project.phases[0].workloads[0].custom_model = dict(LLAMA2_7B, name="in-house 7B")
    phase = estimate_plan(project, Catalog.open()).phases[0]
    assert phase.figures.number("arch.params_total") == pytest.approx(6.74e9, rel=0.02)
    assert phase.figures.number("mem.total") > 0


def test_a_broken_custom_model_names_the_field_and_the_reason() -> None:
    project = Project()
    project.phases[0].workloads[0].custom_model = dict(LLAMA2_7B, n_layers="many", colour="blue")
    with pytest.raises(PlanInputError) as raised:
        estimate_plan(project, Catalog.open())
    message = str(raised.value)
    assert "phases[0].workloads[0].custom_model" in message and "n_layers" in message and "colour" in message
