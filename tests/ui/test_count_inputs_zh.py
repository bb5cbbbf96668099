"""Large count inputs read in 亿 and 万 in Chinese (issue 21): 3,000 亿 training tokens, not 300,000,000,000 tokens;
864 万项/天, not 8,640,000 项/天. The plan keeps the exact whole number through typing, undo, saving and loading,
the tool tip shows the full number, and English keeps plain digits with separators."""

from __future__ import annotations

from dataclasses import fields

from form_support import form_in, type_into

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.project import model
from gpudesk.project.io import load_project, save_project
from gpudesk.project.model import Project
from gpudesk.ui.widgets.count_spin import ZH_SCALES, CountSpinBox

TOKENS = "phases[0].workloads[0].train_tokens"
REQUESTS = "phases[0].workloads[0].requests_per_day"
USERS = "phases[0].workloads[0].users"
COUNT_UNITS = {"tokens", "items", "requests", "samples", "images", "params", "people", "sequences"}


def test_every_large_count_field_declares_its_chinese_scale_next_to_its_bounds() -> None:
    """A count field whose range reaches 1 亿 says once how Chinese readers type it (or "" for plain digits)."""
    undeclared = []
    for cls in (model.Workload, model.Parallelism):
        for spec in fields(cls):
            unit = str(spec.metadata.get("unit", "")).split("/")[0]
            if unit in COUNT_UNITS and float(spec.metadata.get("max", 0)) >= 1e8:
                scale = spec.metadata.get("zh_scale")
                if scale is None or (scale and scale not in ZH_SCALES):
                    undeclared.append(spec.name)
    assert not undeclared


def test_training_tokens_typed_in_yi_are_kept_exactly_through_save_and_load(qtbot, tmp_path) -> None:
    form, document = form_in("zh", Project(), qtbot)
    editor = form.add(TOKENS, "训练 token 数")
    assert isinstance(editor, CountSpinBox) and editor.suffix() == " 亿 token"
    assert editor.text() == "1,000 亿 token"  # the default 1e11
    type_into(qtbot, editor, "30")
    assert document.project.phases[0].workloads[0].train_tokens == 3_000_000_000
    assert editor.text() == "30 亿 token"
    assert editor.toolTip().endswith("= 3,000,000,000 token")
    type_into(qtbot, editor, "12.34567891")  # every whole token can be typed
    assert document.project.phases[0].workloads[0].train_tokens == 1_234_567_891
    assert editor.toolTip().endswith("= 1,234,567,891 token")
    path = tmp_path / "plan.gpudesk"
    save_project(document.project, path)
    reloaded = load_project(path).project
    assert reloaded.phases[0].workloads[0].train_tokens == 1_234_567_891
    form2, document2 = form_in("zh", reloaded, qtbot)
    shown = form2.add(TOKENS, "训练 token 数")
    assert shown.text() == "12.34567891 亿 token"
    assert document2.project.phases[0].workloads[0].train_tokens == 1_234_567_891  # showing it wrote nothing


def test_the_window_audit_flags_a_count_word_glued_to_a_latin_unit() -> None:
    """The audit's text rules catch "30 亿tokens" and "2 万GPU" anywhere in the Chinese window; 亿参数, 万项/天 and
    "30 亿 tokens" read well."""
    from window_audit import TextRules

    rules = TextRules("zh", {"tokens", "GPU"})
    flagged = [t for t in ("30 亿tokens", "2 万GPU", "30 亿 tokens", "76.15 亿参数", "864 万项/天", "1,250 万元")
               if "a Chinese count word glued to a Latin unit" in rules.problems(t)]
    assert flagged == ["30 亿tokens", "2 万GPU"]


def test_per_day_counts_in_wan_follow_undo_and_keep_an_int_field_an_int(qtbot) -> None:
    project = Project()
    project.phases[0].workloads[0].kind = "llm_inference"
    form, document = form_in("zh", project, qtbot)
    requests = form.add(REQUESTS, "日请求量")
    users = form.add(USERS, "用户数")
    assert requests.text() == "10 万次请求/天" and users.suffix() == " 万人"
    type_into(qtbot, requests, "864")
    assert document.project.phases[0].workloads[0].requests_per_day == 8_640_000
    type_into(qtbot, users, "1.2345")
    assert document.get(USERS) == 12_345 and isinstance(document.get(USERS), int)
    document.undo()
    document.undo()
    form.refresh()
    assert requests.text() == "10 万次请求/天" and document.get(REQUESTS) == 100_000


def test_english_keeps_plain_digits_with_separators(qtbot) -> None:
    form, _document = form_in("en", Project(), qtbot)
    editor = form.add(TOKENS, "Training tokens")
    assert not isinstance(editor, CountSpinBox)
    assert editor.text() == "100,000,000,000 tokens"


def test_a_per_day_count_of_ten_yi_or_more_reads_in_yi_and_keeps_its_scale_while_typed(qtbot) -> None:
    """The e-commerce sample's 150 亿 items a day read "1,500,000 万项/天" with the field's declared 万: a field
    declared in 万 that holds 10 亿 or more when its editor is made is typed in 亿, and keeps that scale while the
    user types a smaller number (the scale never changes under the cursor)."""
    project = Project()
    project.phases[0].workloads[0].kind = "llm_inference"
    project.phases[0].workloads[0].requests_per_day = 15_000_000_000
    form, document = form_in("zh", project, qtbot)
    requests = form.add(REQUESTS, "日请求量")
    assert requests.text() == "150 亿次请求/天"
    type_into(qtbot, requests, "0.0864")
    assert document.get(REQUESTS) == 8_640_000 and requests.text() == "0.0864 亿次请求/天"
    form.refresh()
    assert requests.suffix() == " 亿次请求/天"
