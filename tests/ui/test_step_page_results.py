"""A step with no figures for this phase says why instead of showing an empty table."""

from __future__ import annotations

from test_shell_support import SAMPLES, catalog, flush, make_window, priced_manufacturer, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.wizard.steps import step


def test_a_single_node_phase_explains_its_empty_network_step(make_window, tmp_path) -> None:
    window = make_window(priced_manufacturer(tmp_path))  # line 1 fits one L40S node
    window.go_to_step(step("network").number)
    flush()
    page = window.current_page()
    assert page.no_figures.isVisible() and "one node" in page.no_figures.text()
    assert not page.figures.isVisible()
    window.go_to_step(step("gpu").number)
    flush()
    page = window.current_page()
    assert page.figures.isVisible() and not page.no_figures.isVisible()
