"""Where each tuning constant comes from, in Chinese (issue 21): the Explain panel's "constant NAME: <source>"
lines read in the reader's language, with the citation kept as published and every number kept."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

from gpudesk.core import constants as C
from gpudesk.core.constants import every_constant
from gpudesk.report.formula_text import constant_source_table, formula_text

NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_every_constant_has_a_current_chinese_source():
    table, constants = constant_source_table("zh"), every_constant()
    missing = sorted(set(constants) - set(table))
    stale = sorted(name for name, c in constants.items() if name in table and table[name][0] != c.source)
    gone = sorted(set(table) - set(constants))
    assert not missing, f"constants without an entry in resources/i18n/constants_zh.toml: {missing}"
    assert not stale, (f"constants whose source changed since their Chinese was written (update en and zh in "
                       f"resources/i18n/constants_zh.toml): {stale}")
    assert not gone, f"entries in resources/i18n/constants_zh.toml for constants that no longer exist: {gone}"


def test_a_translation_keeps_every_number_and_reads_chinese():
    for name, (english, chinese) in constant_source_table("zh").items():
        assert Counter(NUMBER.findall(english)) == Counter(NUMBER.findall(chinese)), name
        assert CJK.search(chinese), name
        assert "; " not in chinese.replace(english, ""), name  # a Chinese clause ends with "；"


def test_the_explain_line_of_every_constant_reads_chinese():
    zh, table = formula_text("zh"), constant_source_table("zh")
    for name, constant in every_constant().items():
        line = f"constant {name}: {constant.source}"
        assert zh.source(line) == f"常量 {name}：{table[name][1]}", name
        assert formula_text("en").source(line) == line


def test_a_constant_quoted_inside_a_longer_source_is_translated_where_it_stands():
    hopper = C.MATMUL_EFFICIENCY_BF16["nvidia-hopper"]
    line = f"nvidia-hopper: constant {hopper.name} = {hopper.value:g} ({hopper.source})"
    shown = formula_text("zh").source(line)
    assert shown.startswith(f"nvidia-hopper：常量 {hopper.name} = 0.803 (")
    assert "实测 794.5 TFLOPS，峰值 989 TFLOPS" in shown and " of " not in shown
    assert "ml-engineering compute/accelerator/README.md MAMF table" in shown  # the citation as published


def test_a_source_edited_in_the_code_shows_in_english_until_its_entry_is_updated():
    zh = formula_text("zh")
    stale = dataclasses.replace(zh, constants={"HBM_EFFICIENCY": ("an older wording", "旧的译文")})
    line = f"constant HBM_EFFICIENCY: {C.HBM_EFFICIENCY.source}"
    assert stale.source(line) == f"常量 HBM_EFFICIENCY: {C.HBM_EFFICIENCY.source}"


def test_a_part_measured_on_its_own_reads_chinese_where_its_family_value_is_replaced():
    """The H200's own FP8 MAMF replaces the Hopper family's (core/efficiency.by_part); its source line said
    'measured part: h200-sxm: …' in the Chinese Explain panel (walk-24, a Llama 3.1 405B plan on H200)."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.core.efficiency import matmul_efficiency
    from gpudesk.core.hardware import HardwareArrays

    _values, english = matmul_efficiency(HardwareArrays.from_accelerators([Catalog.open().accelerator("h200-sxm")]),
                                         "fp8")
    assert "measured part: h200-sxm: constant MAMF_FP8_H200" in english  # the case this test is about
    shown = formula_text("zh").source(english)
    assert "measured part" not in shown and "本型号实测值：h200-sxm：常量 MAMF_FP8_H200 = 0.734" in shown, shown
    assert formula_text("en").source(english) == english
