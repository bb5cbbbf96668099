"""Every chart the core draws has Chinese titles, axes and legends for Chinese readers."""

from __future__ import annotations

import copy

from gpudesk.catalog.store import Catalog
from gpudesk.results.pipeline import estimate_plan
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.project.model import Project, Workload
from gpudesk.results.chart_model import ChartSpec, RackLayoutSpec
from gpudesk.report.chart_text import localise_spec, translate


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
    words = [spec.title, spec.x_label, spec.y_label, spec.y2_label]
    words += [s.name for s in spec.series if not s.name[:1].isupper() or " " in s.name or s.name.isalpha()]
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
    spec = next(iter(plan.phases[0].charts.values()))
    zh = localise_spec(spec, "zh")
    assert zh is not spec and localise_spec(spec, "en") is spec
    assert [s.color_role for s in zh.series] == [s.color_role for s in spec.series]
