"""Step 2 shows the training-stack input for LLM training, beside recompute and FlashAttention."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Project
from gpudesk.session.document import ProjectDocument
from gpudesk.wizard import fields

PATH = "phases[0].workloads[0].parallel.training_stack"


def test_row_sits_with_recompute_and_flash_attention_for_llm_training_only():
    paths = [r.path for r in fields.rows_for("gpu", "pretrain")]
    row = paths.index("workloads[{w}].parallel.training_stack")
    assert paths[row - 1] == "workloads[{w}].parallel.flash_attention"
    assert "workloads[{w}].parallel.recompute" in paths
    assert all("training_stack" not in r.path for r in fields.rows_for("gpu", "llm_inference"))
    stack = next(r for r in fields.rows_for("gpu", "finetune_lora") if r.path.endswith("training_stack"))
    assert stack.label("zh") == "训练框架实现" and stack.label("en") == "Training stack"


def _qt():
    """The Qt side (skipped where Qt is blocked: tests/test_layers.py runs this folder without it)."""
    pytest.importorskip("PySide6.QtWidgets", exc_type=ImportError)
    import gpudesk.ui  # noqa: F401  (installs the PySide6 guard before any Qt import)
    from gpudesk.report.display_text import display_text
    from gpudesk.ui.widgets.field_form import FieldForm
    return display_text, FieldForm


def test_choice_values_have_chinese_display_names():
    display_text, _ = _qt()
    zh = display_text("zh")
    assert zh.choice("training_stack", "pytorch_amp") != "pytorch_amp"
    assert zh.choice("training_stack", "megatron") != "megatron"


def test_form_edits_the_stack(request):
    _, FieldForm = _qt()
    qtbot = request.getfixturevalue("qtbot")  # pytest-qt: absent in the Qt-free run, which skipped above
    document = ProjectDocument(Project())
    form = FieldForm(document)
    qtbot.addWidget(form)
    editor = form.add(PATH, "Training stack")
    assert PATH in form.editors and editor.isEnabled()
    assert document.project.phases[0].workloads[0].parallel.training_stack == "megatron"
    editor.setCurrentIndex(editor.findData("pytorch_amp"))
    assert document.project.phases[0].workloads[0].parallel.training_stack == "pytorch_amp"
