"""Every chart the core draws has Chinese titles, axes and legends for Chinese readers."""

from __future__ import annotations

import copy

from gpudesk.catalog.store import Catalog
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.project.model import Project, Workload
from gpudesk.report.chart_text import localise_spec, translate
from gpudesk.results.chart_model import ChartSpec
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.rack_layout_spec import RackLayoutSpec


def _plans():
    catalog = Catalog.open()
    projects = [load_project(p).project for p in sorted(samples_dir().glob("*.gpudesk"))]
    serving = Project()
    serving.phases[0].workloads = [Workload(kind="llm_inference", model_id="llama-3.1-8b")]
    projects += [Project(), serving, copy.deepcopy(serving)]
    return [estimate_plan(p, catalog) for p in projects]


def _words(spec) -> list[str]:
    if isinstance(spec, RackLayoutSpec):
        return [spec.title, *spec.role_labels.values()]
    assert isinstance(spec, ChartSpec)
    # a title or a series that draws a figure is named by the figure tables (tests/report/test_chart_figure_names.py)
    words = ["" if spec.title_figure else spec.title, spec.x_label, spec.y_label, spec.y2_label]
    words += [s.name for s in spec.series if not s.figure and (not s.name[:1].isupper() or " " in s.name
                                                                or s.name.isalpha())]
    words += [h.label for h in spec.hlines]
    return [w for w in words if w]


def test_every_chart_word_has_chinese():
    untranslated = set()
    for plan in _plans():
        charts = [c for p in plan.phases for c in p.charts.values()] + list(plan.charts.values())
        for spec in charts:
            for word in _words(spec):
                if translate(word, "zh") == word and any(ch.isalpha() and ch.isascii() for ch in word):
                    if not word.startswith(("NVIDIA", "AMD", "Intel")) and "×PP" not in word:
                        untranslated.add(word)
    assert not untranslated, sorted(untranslated)


def test_localised_copy_leaves_the_original_and_english_untouched():
    plan = _plans()[0]
    charts = [c for c in plan.phases[0].charts.values() if isinstance(c, ChartSpec)]
    spec = charts[0]
    before = [(s.name, s.tooltips) for s in spec.series]
    zh = localise_spec(spec, "zh")
    assert zh is not spec and [(s.name, s.tooltips) for s in spec.series] == before  # a copy: the original unchanged
    assert [s.color_role for s in zh.series] == [s.color_role for s in spec.series]
    # English words pass through, but for the figures a chart draws, named by the figure tables
    # (tests/report/test_chart_figure_names.py)
    for chart in charts:
        if not chart.title_figure and not any(s.figure for s in chart.series) and not chart.markers:
            assert localise_spec(chart, "en") is chart
        en = localise_spec(chart, "en")
        assert [s.name for s in en.series if not s.figure] == [s.name for s in chart.series if not s.figure]


def test_rack_boxes_name_a_generic_chassis_as_the_status_bar_does():
    """The rack elevation names its servers through the one per-language pattern (report.server_names): a generic
    chassis reads Chinese in Chinese, in the proposal's and the window's rack drawings alike; a product keeps its
    name."""
    from gpudesk.report.server_names import configured_server_name

    plans = {p.stem: load_project(p).project for p in sorted(samples_dir().glob("*.gpudesk"))}
    catalog = Catalog.open()
    phase = estimate_plan(plans["manufacturer-vision-private"], catalog).phases[0]
    spec = phase.charts["rack_layout"]
    assert spec.server["vendor"] == "various" and spec.server["name"].startswith("Generic ")
    for lang in ("zh", "en"):
        shown = localise_spec(spec, lang)
        name = configured_server_name(phase.config, lang)
        servers = [b for rack in shown.racks for b in rack.boxes if b.color_role != "network"]
        assert servers and all(b.label == name and b.tooltip.startswith(f"{name} · ") for b in servers), lang
    assert configured_server_name(phase.config, "zh").startswith("通用 8 卡 ")
    assert spec.racks[0].boxes[0].label.startswith("Generic ")  # the core's spec is left as it was
    bank = next(p.charts["rack_layout"] for p in estimate_plan(plans["bank-llm-assistant"], catalog).phases
                if "rack_layout" in p.charts)
    assert localise_spec(bank, "zh").racks[0].boxes[0].label == bank.server["name"]  # a vendor's product
