"""Total cost of ownership has one Chinese name, 总体拥有成本 (the proposal's heading "成本构成与总体拥有成本（TCO）"
and every figure label): the proposal's ranking tables and search reasons said 总拥有成本 on the page before the
cost section's 总体拥有成本, and the window's candidate table did too (walk of polish-25)."""

from __future__ import annotations

from test_awaiting_quote_wording import _texts

OTHER_ZH = "总拥有成本"
QUOTED = {"wizard_zh.toml:rule3": "a rule of thumb quoted from the source document the step guide cites"}
"""Entries that quote a source in its own words (each says why)."""


def test_no_chinese_text_names_tco_another_way() -> None:
    found = [f"{where}: {text!r}" for where, lang, text in _texts()
             if lang == "zh" and OTHER_ZH in text and where not in QUOTED]
    assert not found, "\n".join(found)


def test_the_quoted_exception_is_still_there() -> None:
    assert any(where in QUOTED and OTHER_ZH in text for where, _lang, text in _texts())


def test_chinese_text_names_tco_in_chinese() -> None:
    """The acronym stands only beside the Chinese name, as in the cost section's heading '总体拥有成本（TCO）': the
    unpriced-hardware check read '硬件待询价：投资与 TCO 未计入服务器' on the gov sample (window, PDF, CLI; walk-25)."""
    found = [f"{where}: {text!r}" for where, lang, text in _texts()
             if lang == "zh" and "TCO" in text.replace("（TCO）", "")]
    assert not found, "\n".join(found)
