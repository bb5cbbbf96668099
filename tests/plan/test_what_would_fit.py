"""A training job no layout holds is told the one change that would fit, established by the same memory model, and the
plan with that change does fit on the GPUs it names (core/memory_alternatives.py)."""

from __future__ import annotations

from gpudesk.project.model import Phase, Project, Workload
from gpudesk.report.check_text import localise
from gpudesk.results.pipeline import estimate_plan


def _mlu_pretraining(nodes: int = 256, recompute: str = "selective", zero: int = 1) -> Project:
    """Llama 3.1 70B FP16 pre-training on one-card MLU370-X8 servers (the lead's stop-20 note)."""
    w = Workload(kind="pretrain", model_id="llama-3.1-70b", compute_dtype="fp16", weight_dtype="fp16",
                 train_tokens=1e11)
    w.parallel.recompute, w.parallel.zero_stage = recompute, zero
    phase = Phase(workloads=[w])
    phase.hardware.accelerator_id, phase.hardware.nodes, phase.hardware.gpus_per_node = "mlu370-x8", nodes, 1
    return Project(phases=[phase])


def test_a_job_no_layout_holds_is_told_the_change_that_fits_and_that_change_fits(catalog) -> None:
    """It read 'no layout gpudesk tries fits the model on this GPU' (true under selective recompute: at tensor parallel
    1 the first 1F1B stage holds every layer's activations), with no word of what would."""
    [check] = [c for c in estimate_plan(_mlu_pretraining(), catalog).phases[0].checks
               if c.id == "task.model_does_not_fit"]
    assert check.numbers["smallest"] == "recompute_zero3", check.numbers
    gpus = int(check.numbers["fit_gpus"])
    en, zh = localise(check, "en")[2], localise(check, "zh")[2]
    assert "full activation recompute and ZeRO-3" in en and f"{gpus:,} GPUs hold it" in en, en
    assert "完全激活重计算并启用 ZeRO-3" in zh and f"{gpus:,} 张 GPU" in zh and "没有一种能在此 GPU" not in zh, zh
    changed = estimate_plan(_mlu_pretraining(nodes=gpus, recompute="full", zero=3), catalog).phases[0]
    assert changed.figures.number("mem.fits") == 1.0
    assert not [c for c in changed.checks if c.id == "task.model_does_not_fit"]
