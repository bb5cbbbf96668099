"""Step 5's layout search times every layout as the plan states its job (issue 18's plan inputs: training stack,
pipeline schedule, overlap switches, low-precision recipe, attention kernel …), not with the settings' defaults."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan


def _plan(**parallel: object) -> Project:
    project = Project()
    phase = project.phases[0]
    w = phase.workloads[0]
    w.kind, w.model_id, w.global_batch, w.train_tokens = "pretrain", "llama-3.1-8b", 512, 1e10
    w.parallel.tp = 2
    for key, value in parallel.items():
        setattr(w.parallel, key, value)
    phase.hardware.accelerator_id, phase.hardware.nodes = "h100-sxm", 1
    return project


@pytest.mark.parametrize("setting", [{"flash_attention": False}, {"training_stack": "fsdp2"},
                                     {"training_stack": "pytorch_amp"}])
def test_the_layout_search_times_layouts_with_the_plans_settings(catalog, setting) -> None:
    """Llama 3.1 8B at TP2 on one DGX H100 without FlashAttention: the search timed its layouts with it and said
    TP1 × PP2 trains 69% faster than the plan's layout (81,449 against 48,259 tokens/s); under FSDP2 48% (81,449
    against 54,165). Timed as the plan runs, the plan's layout is the fastest and the search finds the plan's own
    figure for it."""
    est = estimate_plan(_plan(**setting), catalog).phases[0]
    f = est.figures
    assert "scaling.better_layout" not in {c.id for c in est.checks}
    assert (f.number("scale.best_tp"), f.number("scale.best_pp")) == (2.0, 1.0)
    assert f.number("scale.best_tokens_per_s") == pytest.approx(f.number("train.tokens_per_s"), rel=1e-9)


def test_a_plan_with_the_default_settings_searches_as_before(catalog) -> None:
    """The defaults are what the search assumed before: the same best layout (TP1 × PP2) and throughput."""
    f = estimate_plan(_plan(), catalog).phases[0].figures
    assert (f.number("scale.best_tp"), f.number("scale.best_pp")) == (1.0, 2.0)
    assert f.number("scale.best_tokens_per_s") == pytest.approx(81_449.3, rel=1e-5)
