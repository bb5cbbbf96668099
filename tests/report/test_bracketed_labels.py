"""A Chinese figure label takes the words the English label closes with in Chinese ([bracketed] in figures_zh.toml).

core/memory.py names the weights by the plan's mode ('weights (served weights)', '… (frozen base weights)'); the
Chinese read '权重（冻结的基座权重）' for every plan, the bank sample's served Ascend phases included.
"""

from __future__ import annotations

import re

import pytest

from gpudesk.report.display_text import display_text

MODES = ("trained weights", "frozen base weights", "frozen NF4 base weights", "served weights")


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_of_the_weights_reads_in_chinese(mode: str) -> None:
    shown = display_text("zh").row_label("mem.weights", f"weights ({mode})")
    assert shown.startswith("权重（") and "{0}" not in shown
    assert not re.search(r"[a-z]", shown), shown  # no English left (NF4 is a format's name)


def test_a_served_model_is_not_called_a_frozen_base(searched_sample) -> None:
    estimate, _project = searched_sample("bank-llm-assistant")
    pilot, launch = (estimate.phases[i].figures for i in (0, 1))  # LoRA fine-tuning, then serving
    zh = display_text("zh")
    assert zh.row_label("mem.weights", pilot.label("mem.weights")) == "权重（冻结的基座权重）"
    assert zh.row_label("mem.weights", launch.label("mem.weights")) == "权重（推理服务的权重）"
    assert display_text("en").row_label("mem.weights", launch.label("mem.weights")) == "Weights (served weights)"
