"""A figure the proposal prints has one English name on every surface: the window's figure tables and the CLI read
what the proposal's rows read (report_en.toml's [figure] entry where it has one, else the core's label, capitalised
where it starts a row). 69 of the 89 figures the English proposal printed read otherwise in the window and the
CLI ("Output throughput per replica" in the PDF, "output tokens/s per replica" on step 4)."""

from __future__ import annotations

import io
import json

import pytest

from gpudesk.cli.estimate_text import write_estimate_text
from gpudesk.report.display_text import display_text
from gpudesk.report.display_units import as_row_label, in_sentence
from gpudesk.report.document import Branding
from gpudesk.report.figure_rows import FigureFormatter
from gpudesk.report.proposal import build_proposal
from gpudesk.results.plan_json import plan_to_json
from gpudesk.text_catalogues import catalogue
from gpudesk.ui.widgets.figure_table import FigureTableModel, basis_labels


def _printed(plan, project, catalog, monkeypatch) -> dict[tuple[int, str], str]:
    """(phase index, figure key) -> the row label the English proposal printed."""
    printed: dict[tuple[int, str], str] = {}
    phase_of = {id(phase.figures): phase.index for phase in plan.phases}
    label = FigureFormatter.label

    def recorded(self, key):
        shown = label(self, key)
        if id(self.figures) in phase_of:
            printed[(phase_of[id(self.figures)], key)] = shown
        return shown

    monkeypatch.setattr(FigureFormatter, "label", recorded)
    build_proposal(plan, project, "en", Branding(), catalog_date="2026-12-01", catalog=catalog)
    return printed


@pytest.mark.parametrize("stem", ["bank-llm-assistant", "gov-llm-domestic-accelerator"])
def test_the_window_and_the_cli_name_a_printed_figure_as_the_proposal_does(searched_sample, monkeypatch, qapp,
                                                                           stem):
    plan, project = searched_sample(stem)
    printed = _printed(plan, project, searched_sample.catalog, monkeypatch)
    assert len(printed) > 50  # the proposal's figure rows were read
    text = display_text("en")
    out = io.StringIO()
    write_estimate_text(json.loads(json.dumps(plan_to_json(plan))), out, "en")
    cli = out.getvalue().split("== Phase ")[1:]
    in_cli = 0
    for (index, key), label in printed.items():
        phase = plan.phases[index]
        model = FigureTableModel(text=text)
        model.set_figures(phase.figures, [key], basis_labels(phase, [key], text))
        assert model.cell_text(0, 0) == label, (key, label)
        # "    <key>  <value and unit, right-aligned>  <label>[; + 4 lines awaiting quotes]"
        rows = [line.split(None, 1)[1].lstrip().split("  ", 1)[1] for line in cli[index].splitlines()
                if line.split(None, 1)[:1] == [key]]
        assert not rows or any(row == label or row.startswith(label + "; ") for row in rows), (key, label, rows)
        in_cli += bool(rows)
    assert in_cli > len(printed) // 2, (in_cli, len(printed))  # the CLI's figure rows were read


def test_every_english_name_reads_back_as_its_row_label():
    """The surfaces hold a name in its sentence form and capitalise it where it starts a row: each of
    report_en.toml's [figure] names must come back as written."""
    names = {k: v for k, v in catalogue("report", "en")["figure"].items() if isinstance(v, str)}
    assert names and {k: v for k, v in names.items() if as_row_label(in_sentence(v)) != v} == {}
