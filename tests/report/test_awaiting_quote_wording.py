"""A price that awaits a quote has one name per language on every surface: "待询价" / "awaiting a quote"
(vocabulary/costs.py, PRICE_STATUS "unpriced"). The window said "无价格" where the proposal said "待询价", the CLI
"unpriced", the comparison "not quoted", the cost ledger "no price: quote needed". Every text catalogue a surface
reads (the report, chart, check, reason, figure and wizard catalogues, and the window's Qt translations, English
source and Chinese translation) is read here for the other spellings."""

from __future__ import annotations

import re
import tomllib
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from gpudesk.paths import resource_path
from gpudesk.vocabulary.costs import PRICE_STATUS, awaiting_quote

OTHER_ZH = re.compile(r"无价格|未定价|未报价|尚未报价|需询价|待报价|尚无价格|没有价格")
"""Chinese spellings of the concept other than its name."""
OTHER_EN = re.compile(r"(?<!{)\bunpriced\b|quote needed|not quoted|no price\b(?! for (this|the|its))|without a price|"
                      r"price on request|have no price|has no price yet", re.IGNORECASE)
"""English spellings of the concept other than its name ("the catalog has no price for this server" says why a line
is estimated, a different thing)."""
FROM_THE_CORE: dict[str, str] = {}
"""English keys of a Chinese catalogue whose English is written in gpudesk/core (each says why it stays)."""


def _entries(table: dict[str, Any]) -> list[tuple[str, str]]:
    """(leaf key, text) of a catalogue's nested tables."""
    return [pair for key, value in table.items()
            for pair in (_entries(value) if isinstance(value, dict) else [(key, str(value))])]


def _texts() -> list[tuple[str, str, str]]:
    """(where, language, text) of every catalogue entry a surface shows."""
    found = []
    for path in sorted(resource_path("i18n").glob("*.toml")):
        lang = path.stem.rsplit("_", 1)[-1]
        for key, value in _entries(tomllib.loads(path.read_text(encoding="utf-8"))):
            found.append((f"{path.name}:{key}", lang, value))
            if lang == "zh" and " " in key and key not in FROM_THE_CORE:  # an English source text as the key
                found.append((f"{path.name}:{key!r} (key)", "en", key))
    for message in ET.parse(resource_path("i18n") / "gpudesk_zh_CN.ts").iter("message"):
        source, translation = message.findtext("source") or "", message.findtext("translation") or ""
        found += [(f"gpudesk_zh_CN.ts {source!r}", "en", source), (f"gpudesk_zh_CN.ts {source!r}", "zh", translation)]
    return found


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_catalogue_spells_awaiting_a_quote_another_way(lang: str) -> None:
    other = OTHER_ZH if lang == "zh" else OTHER_EN
    found = [f"{where}: {text!r}" for where, language, text in _texts() if language == lang and other.search(text)]
    assert not found, f"{len(found)} entries: " + "\n".join(found)


def test_the_name_is_the_vocabularys() -> None:
    assert awaiting_quote("zh") == PRICE_STATUS.name_of("unpriced", "zh") == "待询价"
    assert awaiting_quote("en") == PRICE_STATUS.name_of("unpriced", "en") == "awaiting a quote"


def test_the_check_finds_another_spelling() -> None:
    assert OTHER_ZH.search("不含 1 项无价格成本") and OTHER_EN.search("excluding 1 unpriced line")
    assert not OTHER_EN.search("the catalog has no price for this server; estimated from its GPUs")
