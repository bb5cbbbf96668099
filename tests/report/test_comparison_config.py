"""The comparison names what each plan builds (product-20: it showed figures only): per phase, each plan's accelerator,
GPUs, servers, delivery mode, layout and pools, in the words the proposal prints for the same sized configuration."""

from __future__ import annotations

from report_samples import roadmap_plan, three_training_plans

from gpudesk.report.check_text import pools_text
from gpudesk.report.comparison import compare_plans
from gpudesk.report.comparison_config import configuration_rows_by_phase, phase_configuration
from gpudesk.report.proposal import configuration_rows
from gpudesk.report.text_catalog import ReportText


def test_each_plan_shows_its_sized_configuration_as_the_proposal_words_it():
    entries = three_training_plans()
    comparison = compare_plans(entries)
    for lang in ("zh", "en"):
        text = ReportText(lang)
        rows = configuration_rows_by_phase(comparison, text)
        assert [r[0] for r in rows] == [text.get("exec.phase_short", index=1)]
        for (plan, _project), cell in zip(entries, rows[0][1:], strict=True):
            phase = plan.phases[0]
            lines = cell.split("\n")
            assert lines[:len(configuration_rows(phase, text))] == [v for _k, v in configuration_rows(phase, text)]
            assert phase.config.accelerator_name in cell and phase.config.workloads[0].layout.text() in cell
            assert f"{phase.config.gpus:,}" in lines[1]  # each plan's own count, read off its configuration


def test_a_plan_with_fewer_phases_reads_a_dash_and_pools_are_named():
    (base, base_project), _small, _cheap = three_training_plans()
    roadmap, roadmap_project = roadmap_plan()
    comparison = compare_plans([(base, base_project), (roadmap, roadmap_project)])
    text = ReportText("en")
    rows = configuration_rows_by_phase(comparison, text)
    assert len(rows) == len(roadmap.phases) > 1
    assert all(row[1] == "—" for row in rows[1:])  # the first plan has one phase
    for row, phase in zip(rows, roadmap.phases):
        assert row[2] == phase_configuration(phase, text)
        for w in phase.config.workloads:
            if w.pools:
                assert pools_text(w.pools, "en") in row[2]
