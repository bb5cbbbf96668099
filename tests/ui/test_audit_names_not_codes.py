"""The window audit (window_audit.TextRules) tells a catalog name that holds an underscore from a code: a check of a
plan that trains on Ascend lists its frameworks as the catalog names them, 'MindSpore, PyTorch (torch_npu)', and the
audit of walk-26's wizard plan (a 32B LoRA fine-tune and its serving on Ascend 910B) flagged torch_npu, the package's
own name, as a snake_case code on every step. A code beside it is still one."""

from __future__ import annotations

from test_shell_support import catalog  # noqa: F401
from window_audit import TextRules
from window_text_rules import snake_names


def test_a_framework_name_with_an_underscore_is_a_name(catalog):  # noqa: F811
    names = snake_names(catalog)
    assert "torch_npu" in names  # the Ascend rows' 'PyTorch (torch_npu)'
    text = "Huawei Ascend 910B 64GB runs CANN; frameworks listed: MindSpore, PyTorch (torch_npu)."
    rules = TextRules("en", snake_names=names)
    assert rules.problems(text) == []
    assert rules.problems(text + " Support: vendor_plugin, upstream.") == ["a snake_case code"]
    assert TextRules("en").problems(text) == ["a snake_case code"]  # without the catalog's names it is flagged
