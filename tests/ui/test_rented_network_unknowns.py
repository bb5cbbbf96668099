"""A rented phase's unknown network figure says why where no check does: walk-26 made a plan in the wizard (LoRA
fine-tuning and serving for a China customer on Ascend 910B, public cloud on demand), for which the catalog has no
cloud offer; step 5 read 'front-end (north-south) capacity: unknown' under 'No warnings for this step', the page
leaving a rented phase's network figures to its checks and no check speaking of the network."""

from __future__ import annotations

import pytest
from test_shell_support import catalog, flush, make_window, settings  # noqa: F401
from window_walk import language_and_theme

from gpudesk.project.io import save_project
from gpudesk.ui.plan_edits import add_workload
from gpudesk.wizard.starter import MARKETS, starter_plan


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_unknown_network_figure_of_a_rented_phase_says_why(make_window, qapp, tmp_path, lang):  # noqa: F811
    project = starter_plan("finetune_lora", "development", lang, MARKETS[0], "能源集团")
    project, _index = add_workload(project, 0, "llm_inference", lang)  # its serving, added with + Workload
    phase = project.phases[0]
    phase.hardware.accelerator_id = "ascend-910b"
    for workload in phase.workloads:
        workload.model_id, workload.parallel.tp = "qwen3-32b", 4
    phase.workloads[1].requests_per_day = 200_000.0  # two replicas: 12 GPUs, two nodes
    path = tmp_path / "wizard.gpudesk"
    save_project(project, path)
    with language_and_theme(qapp, lang, "light"):
        window = make_window(path, lang=lang)
        window.resize(1366, 768)
        window.controller.run_now()
        assert window.controller.finish_search(timeout_ms=120_000)
        flush()
        estimate = window.controller.estimate.phases[0]
        assert not estimate.config.owns_hardware and not estimate.config.instances  # rented, no offer to rent
        window.go_to_step(5)
        flush()
        page = window.current_page()
        model = page.figures.figure_model
        unknown = [k for k in model.keys() if k.startswith("net.") and k in estimate.figures
                   and estimate.figures.number(k) != estimate.figures.number(k)]
        assert unknown, model.keys()
        said = page.checks.checks() or (page.unknowns.isVisible() and page.unknowns.text())
        assert said, (unknown, page.unknowns.text())
