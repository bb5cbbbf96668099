"""The step guide's content is complete, bilingual, and every input, figure, check and sample value it names exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from check_sources import emitted_check_ids

from gpudesk.paths import samples_dir
from gpudesk.wizard.step_help import CASES, SOURCES, guide, help_for, help_html, input_labels, sample_path
from gpudesk.wizard.steps import STEPS, step

KEYS = [s.key for s in STEPS]

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
LATIN = re.compile(r"[A-Za-z]")
TAG = re.compile(r"<[^>]+>")
CODE = re.compile(r"<code>[^<]*</code>|<a [^>]*>[^<]*</a>|[\w-]+\.gpudesk")


def figure_keys() -> set[str]:
    """Every key documented in docs/figures.md (the first column of its tables)."""
    return set(re.findall(r"^\| `([^`]+)` \|", (ROOT / "docs" / "figures.md").read_text(encoding="utf-8"), re.M))


def chinese_share(text: str) -> float:
    cjk, latin = len(CJK.findall(text)), len(LATIN.findall(text))
    return cjk / max(1, cjk + latin)


def test_there_is_one_guide_per_step_in_step_order():
    assert [entry.step for entry in guide()] == KEYS
    with pytest.raises(KeyError):
        help_for("no-such-step")


@pytest.mark.parametrize("key", KEYS)
def test_each_step_has_questions_rules_mistakes_and_all_three_cases(key):
    entry = help_for(key)
    assert len(entry.questions) >= 3 and len(entry.rules) >= 3 and entry.mistakes
    assert [note.case for note in entry.cases] == list(CASES), "each step tells the three cases, in case order"
    assert all(q.inputs for q in entry.questions), "every question names the inputs that answer it"
    for text in entry.texts():
        assert len(text.get("en").strip()) > 20 and len(text.get("zh").strip()) > 8, text
    for r in entry.rules + entry.mistakes:
        assert r.source in SOURCES
        if r.source == "gpudesk":
            assert r.figures or r.checks, f"gpudesk's own rule must point to what implements it: {r.text.key}"
    assert any(r.source != "gpudesk" for r in entry.rules), "each step carries advice from the source documents"


@pytest.mark.parametrize("key", KEYS)
def test_english_has_no_chinese_and_chinese_is_mostly_chinese(key):
    entry = help_for(key)
    for text in entry.texts():
        assert not CJK.search(text.get("en")), text.get("en")
        assert chinese_share(text.get("zh")) >= 0.6, text.get("zh")
    english = TAG.sub(" ", help_html(key, "en"))
    assert not CJK.search(english), CJK.findall(english)[:10]
    chinese = TAG.sub(" ", CODE.sub(" ", help_html(key, "zh")))  # keys, check ids and file names stay Latin
    assert chinese_share(chinese) >= 0.6


@pytest.mark.parametrize("key", KEYS)
def test_every_input_named_is_asked_on_that_step_and_shown_with_the_forms_label(key):
    asked = {row.path for row in step(key).fields}
    for q in help_for(key).questions:
        assert set(q.inputs) <= asked, set(q.inputs) - asked
        for lang in ("en", "zh"):
            page = help_html(key, lang)
            for label in input_labels(key, q.inputs, lang):
                assert f"<b>{label}</b>" in page


def test_input_labels_refuse_an_input_of_another_step():
    with pytest.raises(KeyError):
        input_labels("task", ("hardware.accelerator_id",), "en")


def test_every_figure_key_is_documented_and_every_check_id_is_emitted_by_the_core():
    documented, emitted = figure_keys(), emitted_check_ids()
    assert len(documented) > 300 and len(emitted) > 25  # the parsers found the tables and the Check calls
    figures = {k for entry in guide() for r in entry.rules + entry.mistakes for k in r.figures}
    checks = {c for entry in guide() for r in entry.rules + entry.mistakes for c in r.checks}
    assert figures - documented == set()
    assert checks - emitted == set()
    assert len(checks) >= 20, "the guide points to most of the checks that implement its rules"


def _value_at(plan: dict, path: str) -> object:
    node: object = plan
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        node = node[int(part[1:-1])] if part.startswith("[") else node[part]  # type: ignore[index]
    return node


def _written(value: str) -> object:
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value


def test_case_notes_state_what_the_shipped_sample_plans_hold():
    plans = {key: json.loads((samples_dir() / case.sample_file).read_text(encoding="utf-8")) for key, case in CASES.items()}
    checked = 0
    for entry in guide():
        for note in entry.cases:
            assert note.sample, f"step {entry.step}, {note.case}: a case note states what the sample plan holds"
            for path, written in note.sample:
                assert _value_at(plans[note.case], path) == _written(written), (entry.step, note.case, path)
                checked += 1
    assert checked >= 60


def test_sample_paths_expand_phase_and_workload():
    assert sample_path("p1.w0.dataset_items") == "phases[1].workloads[0].dataset_items"
    assert sample_path("p0.costs.staff_fte") == "phases[0].costs.staff_fte"
    assert sample_path("p0.delivery.utilisation.hours_per_day") == "phases[0].delivery.utilisation.hours_per_day"


def test_html_names_figures_by_label_and_checks_by_title_never_by_key():
    page = help_html("storage", "en", figure_labels={"storage.read_bw_needed": "read bandwidth the GPUs need"},
                     fired_checks={"storage.read_bw_short": "Storage cannot feed the GPUs"})
    assert "<a href='fig:storage.read_bw_needed'>read bandwidth the GPUs need</a>" in page
    assert "storage.read_bw_offered" not in page  # a figure this plan lacks is left out, not shown as a key
    assert "Storage cannot feed the GPUs" in page and "storage.read_bw_short" not in page
    assert "gpudesk checks this for every plan" in page  # the rules whose checks did not fire
    assert not re.search(r"\b[a-z]+\.[a-z_]+_[a-z_]+\b", TAG.sub(" ", page))  # no key or check id as text
    assert page.startswith("<h3>4. Storage matched to the data flow</h3>")
    assert "<h3>4. 存储方案要和数据流匹配</h3>" in help_html("storage", "zh")
    for case in CASES.values():
        assert case.title.get("en") in page and case.sample_file in page
