"""The text catalogues: every user-facing text that is not a Qt widget string, keyed by id.

Each catalogue is ``resources/i18n/<subject>_<lang>.toml`` (nested tables, dotted keys) and is read here, once
per process, by :func:`catalogue`, the one reader of them all: the proposal (``report``), the Chinese check
wording (``checks``), reasons (``reasons``), why a plan is refused (``refusals``), assumptions (``assumptions``), formulas by id, source lines and
figure labels (``formulas``, ``sources``, ``figures``) and the wizard's steps, fields and guide (``wizard``).
It sits beside ``paths`` so that every layer above the core that words things (report, wizard, ui) reads through
it; the core and results read no files and hold no words but English.
"""

from __future__ import annotations

import math
import re
import string
import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from gpudesk.core.digits import percent_text
from gpudesk.paths import resource_path

LANGUAGES = ("zh", "en")


def catalogue_path(lang: str, subject: str) -> Path:
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} not in {LANGUAGES}")
    return resource_path("i18n", f"{subject}_{lang}.toml")


@lru_cache(maxsize=32)
def catalogue(subject: str, lang: str) -> Mapping[str, Any]:
    """The text catalogue ``resources/i18n/<subject>_<lang>.toml`` as read (nested tables). Shared between
    callers: never change what it returns."""
    with catalogue_path(lang, subject).open("rb") as handle:
        return tomllib.load(handle)


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """A catalogue's nested tables as one mapping of dotted keys to texts."""
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


@lru_cache(maxsize=32)
def flat_catalogue(subject: str, lang: str) -> Mapping[str, str]:
    """:func:`catalogue` flattened to dotted keys, once per process."""
    return flatten(catalogue(subject, lang))


_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_FULL_WIDTH_OPENING = "（【《「『“"
_FULL_WIDTH_CLOSING = "）】》」』”"
_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_]\w*)[^{}]*\}(?!\})")


def fill_chinese(template: str, values: Mapping[str, Any]) -> str:
    """``template.format(**values)`` with no space left between two Chinese characters: a Chinese sentence spaces
    a name it quotes when the name is Latin ("存放于 DDN AI400X2"), not when it is Chinese ("存放于 并行文件存储一体机"
    read as if a word were missing). Nor beside a value's full-width bracket, whatever stands on its other side:
    '租用 AWS 中国（宁夏区域，西云数据运营） p4d.24xlarge 实例' read with a space after the closing one."""
    drop: set[int] = set()
    for match in _FIELD.finditer(template):
        value = values.get(match[1])
        if not isinstance(value, str) or not value:
            continue
        start, end = match.start(), match.end()
        if start >= 1 and template[start - 1] == " " and (value[0] in _FULL_WIDTH_OPENING or (
                start >= 2 and _CJK.match(template[start - 2]) and _CJK.match(value[0]))):
            drop.add(start - 1)
        if template[end:end + 1] == " " and (value[-1] in _FULL_WIDTH_CLOSING or (
                _CJK.match(template[end + 1:end + 2] or "a") and _CJK.match(value[-1]))):
            drop.add(end)
    if drop:
        template = "".join(c for i, c in enumerate(template) if i not in drop)
    return fill(template, values)


_PERCENT_SPEC = re.compile(r"(?P<sign>\+)?,?\.(?P<places>\d+)%")


class _CatalogueFormatter(string.Formatter):
    """``str.format`` but a ``{share:.0%}`` field follows the one percent rule (core/digits.percent_text): a
    catalogue template's utilisation of 0.02% read '利用率 0%'."""

    def format_field(self, value: Any, format_spec: str) -> str:
        spec = _PERCENT_SPEC.fullmatch(format_spec)
        if spec and isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
            return percent_text(float(value), int(spec["places"]), signed=bool(spec["sign"]))
        return str(super().format_field(value, format_spec))


_FORMATTER = _CatalogueFormatter()


def fill(template: str, values: Mapping[str, Any]) -> str:
    """``template.format(**values)`` for a catalogue text, its percentages by the one rule."""
    return _FORMATTER.vformat(template, (), values)
