"""An English figure label at the head of a table row starts with a capital; units, symbols and names keep theirs.

The core writes labels in lower case because they also stand inside sentences; the window's figure tables showed
"host RAM needed" under "CPU cores the server needs" until the row label was capitalised where it is shown."""

from __future__ import annotations

import pytest

from gpudesk.report.display_units import as_row_label


@pytest.mark.parametrize(("label", "shown"), [
    ("host RAM needed", "Host RAM needed"),
    ("data-loader workers per GPU", "Data-loader workers per GPU"),
    ("kW per refrigeration ton", "kW per refrigeration ton"),  # a unit keeps its case
    ("fp32 master copy of 16-bit weights", "fp32 master copy of 16-bit weights"),  # a format name
    ("p95 TTFT", "p95 TTFT"),  # a percentile symbol
    ("ZeRO stage", "ZeRO stage"),
    ("ep", "ep"),  # too short to be a word: left for the label test to catch as a code
])
def test_row_label(label: str, shown: str) -> None:
    assert as_row_label(label) == shown


def test_window_figure_table_shows_row_labels(qapp) -> None:
    from gpudesk.core.explain import FigureSet
    from gpudesk.report.display_text import DisplayText
    from gpudesk.ui.widgets.figure_table import FigureTableModel

    figures = FigureSet()
    figures.add("host.ram_needed_gb", 611.8, "MB", "host RAM needed", "formula", [])
    model = FigureTableModel(text=DisplayText(lang="en"))
    model.set_figures(figures, ["host.ram_needed_gb"])
    assert model.index(0, 0).data() == "Host RAM needed"
