"""Every text catalogue under resources/i18n, read through the one loader (gpudesk.text_catalogues.catalogue):
a catalogue held in both languages holds the same keys in each, and no Chinese entry is left in English.

Catalogues held in Chinese alone (checks, sources, figures) are keyed by what the core writes in English
(a check id, a source phrase, a figure key); their own tests hold every emitted key to the catalogue. Formulas
are keyed by id in both languages (formulas_en.toml holds the English each translation was made from).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from gpudesk.paths import resource_path
from gpudesk.text_catalogues import LANGUAGES, catalogue

FOLDER = resource_path("i18n")
SUBJECTS = sorted({p.stem.rsplit("_", 1)[0] for p in FOLDER.glob("*_zh.toml")})
BOTH = [s for s in SUBJECTS if all((FOLDER / f"{s}_{lang}.toml").exists() for lang in LANGUAGES)]
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
SLOT = re.compile(r"\{[^{}]*\}")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]*")
TECHNICAL = {"PUE", "TDP", "GPU", "GPUs", "tokens", "token", "kWh", "TTFT", "TPOT", "English", "max", "all-to-all",
             "FlashAttention"}
"""Words a Chinese text may keep as they are: units, acronyms, product and function names, a language's own name. A
word with a digit, an underscore or a dot is a name (P50, 1F1B, N_active, mem.total), also kept."""


def flat(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, Mapping):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def english_words(text: str) -> list[str]:
    """The English words of a text with no Chinese in it (none when it has Chinese: it was translated)."""
    if CJK.search(text):
        return []
    words = WORD.findall(SLOT.sub(" ", text))
    return [w for w in words if len(w) >= 3 and w not in TECHNICAL and not re.search(r"[\d_.]", w)]


def test_the_catalogues_are_found():
    assert {"report", "reasons", "formulas"} <= set(BOTH)
    assert {"checks", "sources", "figures"} <= set(SUBJECTS)


@pytest.mark.parametrize("subject", BOTH)
def test_both_languages_hold_the_same_keys(subject: str):
    en, zh = (set(flat(catalogue(subject, lang))) for lang in LANGUAGES[::-1])
    assert not en - zh, f"{subject}: keys without Chinese: {sorted(en - zh)[:20]}"
    assert not zh - en, f"{subject}: keys without English: {sorted(zh - en)[:20]}"


@pytest.mark.parametrize("subject", SUBJECTS)
def test_no_chinese_entry_is_left_in_english(subject: str):
    left = {key: value for key, value in flat(catalogue(subject, "zh")).items()
            if isinstance(value, str) and english_words(value)}
    assert not left, f"{subject}_zh.toml entries still in English: {left}"


def test_the_check_catches_english():
    assert english_words("Training deadline") == ["Training", "deadline"]
    assert english_words("C · O / (prefill(C·I) + O · decode(C, I))") == ["prefill", "decode"]
    assert not english_words("训练 token 数") and not english_words("mem.total ≤ mem.usable")
    assert not english_words("{calib} × {src}") and not english_words("IT kW × PUE") and not english_words("P99")


def test_the_catalogues_are_read_through_one_loader():
    """No module but the loader opens a text catalogue (the product catalog's own TOML is data, not text)."""
    root = Path(__file__).resolve().parents[2] / "gpudesk"
    readers = []
    for path in root.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if "tomllib" not in source:  # an import of it names it: only these files are parsed (3.6 CPU-s for all)
            continue
        tree = ast.parse(source)
        if any(isinstance(n, (ast.Import, ast.ImportFrom)) and "tomllib" in ast.unparse(n) for n in ast.walk(tree)):
            readers.append(path.relative_to(root).as_posix())
    assert sorted(readers) == ["catalog/sources.py", "text_catalogues.py"]


def test_units_are_worded_in_one_table():
    """Unit names live in report_<lang>.toml ([unit], [unit_part]) alone: the window, the charts and the proposal
    read the same words (16 卡 in the figure table as in the proposal)."""
    holders = {subject for subject in SUBJECTS for lang in LANGUAGES if (FOLDER / f"{subject}_{lang}.toml").exists()
               and {"unit", "unit_part"} & set(catalogue(subject, lang))}
    assert holders == {"report"}, holders


PROSE = ["assumptions", "checks", "reasons", "refusals", "report", "samples", "wizard"]
"""Catalogues of Chinese sentences; formulas and figure help texts set terms apart with spaces (按 峰值请求率 × ...)."""
SPACED_HAN = re.compile(r"[\u4e00-\u9fff，。；：] +[\u4e00-\u9fff]")


def spaced_sentences(subject: str) -> dict[str, str]:
    """Entries of a Chinese prose catalogue with a space between two Chinese characters (Chinese sets none)."""
    return {key: SPACED_HAN.search(value).group() for key, value in flat(catalogue(subject, "zh")).items()
            if isinstance(value, str) and SPACED_HAN.search(value)}


@pytest.mark.parametrize("subject", PROSE)
def test_no_space_between_chinese_characters(subject: str):
    """'因此 所需 GPU 数量' read in the pipeline band's warning on the gov sample's phase 2 (walk-25)."""
    assert subject in SUBJECTS
    assert not spaced_sentences(subject), f"{subject}_zh.toml: {spaced_sentences(subject)}"


def test_the_space_check_catches_a_space():
    assert SPACED_HAN.search("因此 所需 GPU") and SPACED_HAN.search("区间），因此 所需")
    assert not SPACED_HAN.search("偏差 {low_pct:+.0f}% 至") and not SPACED_HAN.search("所需 GPU 数量")
