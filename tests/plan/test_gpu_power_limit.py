"""A GPU power limit the estimate cannot take as stated is named (issue 18's power-limit input): below the clock law's
range (the clock held at its floor), above the part's TDP or on a part without a TDP (not applied)."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan


def _training(dp: int) -> Project:
    project = Project()
    w = project.phases[0].workloads[0]
    w.kind, w.model_id, w.parallel.tp, w.parallel.dp = "pretrain", "llama-3.1-8b", 1, dp
    return project


def test_a_power_limit_below_the_clock_law_is_named(catalog) -> None:
    """H200 at 50 W: the clock law ends at 20% of the rated clock (95 W on a 700 W TDP) and the estimate held the clock
    there without a word (train.tokens_per_s 28% of the uncapped figure). Now a warning names the limit, where the
    law ends and what the estimate assumed; 500 W (a published torchtitan setting) gets none."""
    def checks(limit: float):
        project = _training(dp=8)
        project.phases[0].hardware.accelerator_id = "h200-sxm"
        project.phases[0].hardware.gpu_power_limit_w = limit
        return [c for c in estimate_plan(project, catalog).phases[0].checks
                if c.id == "hardware.power_limit_below_clock_law"]

    (warned,) = checks(50.0)
    assert warned.severity == "warning" and warned.step == "gpu"
    assert warned.numbers["limit_w"] == 50.0 and warned.numbers["floor_w"] == pytest.approx(95.2)
    assert "50 W" in warned.message and "95 W" in warned.message and "20%" in warned.message
    assert warned.message.startswith("The GPU power limit of 50 W")
    assert not checks(500.0) and not checks(0.0)


@pytest.mark.parametrize("accelerator, limit, check_id, words", [
    ("h200-sxm", 3000.0, "hardware.power_limit_above_tdp", ("3,000 W", "700 W TDP")),
    ("h200-sxm", 701.0, "hardware.power_limit_above_tdp", ("701 W", "700 W TDP")),
    ("b300", 500.0, "hardware.power_limit_tdp_unknown", ("500 W", "no TDP")),
])
def test_a_power_limit_the_estimate_cannot_apply_is_named(catalog, accelerator, limit, check_id, words) -> None:
    """A limit above the TDP (H200 at 3,000 W) or on a part the catalog gives no TDP (B300) was dropped without a
    word: the estimate ran the GPUs uncapped and showed the plan's limit nowhere. Now a warning names the limit and
    why it is not applied; a limit at the TDP or below it, and none, get no such warning."""
    def checks(acc: str, watts: float):
        project = _training(dp=8)
        project.phases[0].hardware.accelerator_id = acc
        project.phases[0].hardware.gpu_power_limit_w = watts
        return [c for c in estimate_plan(project, catalog).phases[0].checks
                if c.id in ("hardware.power_limit_above_tdp", "hardware.power_limit_tdp_unknown")]

    (warned,) = checks(accelerator, limit)
    assert warned.id == check_id and warned.severity == "warning" and warned.step == "gpu"
    assert warned.numbers["limit_w"] == limit and all(w in warned.message for w in words), warned.message
    assert not checks(accelerator, 0.0) and not checks("h200-sxm", 700.0) and not checks("h200-sxm", 500.0)


def test_a_capped_plan_is_compared_with_capped_layouts_and_not_called_partly_populated(catalog) -> None:
    """Llama 3.1 8B at TP2 on one DGX H100 capped at 500 W: the layout search timed its layouts at the rated clock
    against the capped plan and called TP1 × PP2 18% faster (81,449 against 68,738 tokens/s; capped, it is 68,753),
    and the capped server (another row id, every slot filled) was called a partly populated one standing in
    ("fitted with 8 of its 8 GPU slots"). Every reader now times the phase on the same capped hardware."""
    project = _training(dp=0)
    phase = project.phases[0]
    phase.workloads[0].parallel.tp, phase.workloads[0].global_batch = 2, 512
    phase.hardware.accelerator_id, phase.hardware.nodes, phase.hardware.gpu_power_limit_w = "h100-sxm", 1, 500.0
    est = estimate_plan(project, catalog).phases[0]
    ids = {c.id for c in est.checks}
    assert "hardware.server_partly_populated" not in ids and "scaling.better_layout" not in ids
    planned, best = est.figures.number("train.tokens_per_s"), est.figures.number("scale.best_tokens_per_s")
    assert planned <= best < 1.05 * planned
    phase.hardware.gpu_power_limit_w = 0.0
    uncapped = estimate_plan(project, catalog).phases[0].figures.number("scale.best_tokens_per_s")
    assert best < 0.9 * uncapped  # the search's layouts are capped too


def test_the_configuration_search_times_its_candidates_capped(catalog) -> None:
    """The search capped its candidates' servers' power at the plan's limit but timed their GPUs at the rated clock:
    with H100s capped at 500 W, the searched TP1 × DP2 alternative on 2 H100 still read 7.77 days (uncapped), beside
    the plan's own capped row. Capped, it takes longer (9.15 days)."""
    def days(limit: float) -> dict[tuple[int, str], float]:
        project = _training(dp=0)
        phase = project.phases[0]
        phase.workloads[0].parallel.tp, phase.workloads[0].global_batch = 2, 512
        phase.workloads[0].train_tokens = 1e10
        phase.hardware.accelerator_id, phase.hardware.nodes, phase.hardware.gpu_power_limit_w = "h100-sxm", 1, limit
        found = estimate_plan(project, catalog, search=True).phases[0].candidates
        return {(c.gpus, c.layout): c.time_or_throughput for c in found if c.accelerator_id == "h100-sxm"}

    capped, rated = days(500.0), days(0.0)
    shared = [key for key in capped if key in rated and key[0] != 8]  # the searched rows, not the plan's own
    assert shared, (capped, rated)
    assert all(capped[key] > 1.1 * rated[key] for key in shared), (capped, rated)
