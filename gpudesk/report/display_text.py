"""Display names of the core's figures, units, choices and field help in the interface language.

The core records English labels and SI-style unit names in its FigureSet; the
project model declares English help and raw choice codes. In Chinese the
interface shows the names of ``resources/i18n/figures_zh.toml`` (figure keys,
units, help, choices) and of the proposal's ``report_zh.toml`` (``[figure]``,
``[unit]`` and the choice tables it already holds); entries of
``figures_zh.toml`` win. In English a figure is named as the proposal names it:
``report_en.toml``'s ``[figure]`` entry where it has one, else the core's label,
held in the form that stands inside a sentence (``in_sentence``: "output
throughput per replica"); a surface that starts a table cell or a heading with
it capitalises it (``as_row_label``: "Output throughput per replica", the
proposal's row). Other English is the core's own text. Qt-free: the widgets pass
the session language in.

A key missing from the tables falls back to the English text, so a figure the
core adds later is still shown; ``tests/ui/test_i18n_figures.py`` fails on any
key of ``docs/figures.md`` without a Chinese label.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from gpudesk.report.display_units import COUNT_WORDS, as_row_label, in_sentence, with_count_word
from gpudesk.text_catalogues import catalogue
from gpudesk.vocabulary.fields import choice_name

WORKLOAD_PREFIX = re.compile(r"^w\d+\.")  # second and further workloads of a phase: "w2.mem.total"
ALTERNATIVE_PREFIX = "alt."  # a rented phase's "if we bought it instead" figures: "alt.power.racks"
ALTERNATIVE_SUFFIX = {"zh": "（如改为自购）", "en": " (if owned instead)"}
_BRACKETED = re.compile(r"\(([^()]+)\)$")


def _with_bracketed(label: str, english: str, words: Mapping[str, str] | None = None) -> str:
    """A label whose last words vary with the plan ('可达矩阵乘算力 / 峰值（{0}）': the compute precision) takes them
    from the English label's closing brackets ('achievable matmul / peak (fp8)' -> '…（FP8）'), in the language where
    ``words`` has them ('weights (served weights)' -> '权重（推理服务的权重）'; the Chinese read '冻结的基座权重' for
    every plan, a served model's too); none, no brackets."""
    if "{0}" not in label:
        return label
    found = _BRACKETED.search(english)
    if found is None:
        return label.replace("（{0}）", "")
    return label.replace("{0}", (words or {}).get(found.group(1), found.group(1).upper()))
COUNT_PREFIX = re.compile(rf"^({'|'.join(COUNT_WORDS)}) (.+)$")  # display_value's scaled counts: "12.5 B params", "76 亿 params"
SOURCE_PREFIX = re.compile(r"^(user input|derived|constant|catalog|model)\b")


def _table(data: Mapping[str, Any], name: str) -> dict[str, str]:
    return {str(k): str(v) for k, v in data.get(name, {}).items() if not isinstance(v, dict)}


def _pattern(template: str) -> re.Pattern[str]:
    escaped = re.escape(template).replace(r"\{mode\}", "(?P<mode>[a-z0-9_]+)").replace(r"\{n\}", r"(?P<n>\d+)")
    return re.compile(f"^{escaped}$")


@dataclass(frozen=True)
class DisplayText:
    """Lookup of display names for one language; ``lang == "en"`` returns the English given."""

    lang: str
    figures: dict[str, str] = field(default_factory=dict)
    figure_patterns: tuple[tuple[re.Pattern[str], str], ...] = ()
    units: dict[str, str] = field(default_factory=dict)
    units_one: dict[str, str] = field(default_factory=dict)  # a unit after the number 1 ("1 core"), as the proposal
    unit_parts: dict[str, str] = field(default_factory=dict)
    count_prefixes: dict[str, str] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    choices: dict[str, dict[str, str]] = field(default_factory=dict)
    help: dict[str, str] = field(default_factory=dict)
    bound_reasons: dict[str, str] = field(default_factory=dict)
    inapplicable: dict[str, str] = field(default_factory=dict)  # why a figure does not apply (core/applicability.py)
    bracketed: dict[str, str] = field(default_factory=dict)  # a label's closing English words in the language
    legend_names: dict[str, str] = field(default_factory=dict)  # report_<lang>.toml [legend]

    @property
    def translates(self) -> bool:
        return self.lang != "en"

    # -- figures ---------------------------------------------------------------
    def has_figure(self, key: str) -> bool:
        base = WORKLOAD_PREFIX.sub("", key).removeprefix(ALTERNATIVE_PREFIX)
        return base in self.figures or any(p.match(base) for p, _t in self.figure_patterns)

    def figure_label(self, key: str, english: str) -> str:
        """The label of figure ``key`` (``w2.`` prefixes map to the base key); ``english`` when unknown."""
        if key.startswith(ALTERNATIVE_PREFIX):
            label = self.figure_label(key.removeprefix(ALTERNATIVE_PREFIX), english)
            return label + ALTERNATIVE_SUFFIX.get(self.lang, ALTERNATIVE_SUFFIX["en"])
        base = WORKLOAD_PREFIX.sub("", key)
        if not self.translates:
            return self.figures.get(base, english)
        if base in self.figures:
            return _with_bracketed(self.figures[base], english, self.bracketed)
        for pattern, template in self.figure_patterns:
            match = pattern.match(base)
            if match:
                names = match.groupdict()
                mode = names.get("mode")
                return template.format(mode=self.choice("mode", mode) if mode else "", n=names.get("n", ""))
        return english

    def row_label(self, key: str, english: str) -> str:
        """The label of figure ``key`` where it starts a table row or cell (the window's figure tables, the Explain
        panel's inputs, the CLI's figure list), as the proposal's rows read it: in English capitalised
        (``as_row_label``: "Output throughput per replica"); in Chinese the name, or the English capitalised where
        the language has none."""
        if not self.translates:
            return as_row_label(self.figure_label(key, english))
        return self.figure_label(key, as_row_label(english))

    def legend_label(self, key: str, english: str) -> str:
        """The name a chart's legend gives figure ``key``: report_<lang>.toml's [legend] short name where the figure
        tables' name is too long for a laptop chart's legend ('运行时开销' for '运行时开销（CUDA 上下文 + 通信缓冲区）'),
        else ``row_label``. The chart's hover says the full name."""
        return self.legend_names.get(WORKLOAD_PREFIX.sub("", key)) or self.row_label(key, english)

    # -- units -----------------------------------------------------------------
    def unit(self, unit: str, currency: str = "") -> str:
        """A unit in the language: whole-unit names first, else part by part ("currency/GPU/year")."""
        if currency:
            unit = unit.replace("currency", currency)
        if not unit:
            return unit
        if unit in self.units:  # the proposal's unit names, in English too ('Gb/s', never the core's 'Gbps')
            return self.units[unit]
        if not self.translates:  # an English compound unit as the core writes it ("USD/GPU/year")
            return unit
        prefixed = COUNT_PREFIX.match(unit)
        if prefixed and prefixed.group(1) in self.count_prefixes:
            return with_count_word(self.count_prefixes[prefixed.group(1)], self.unit(prefixed.group(2)))
        if "/" in unit:
            return "/".join(self.unit_parts.get(part, self.units.get(part, part)) for part in unit.split("/"))
        return unit

    def unit_after(self, number: str, unit: str, currency: str = "") -> str:
        """``unit`` after the shown ``number``: singular after "1" where the language has a singular
        (``[unit_one]``: '1 core', as the proposal's format_quantity writes it, never '1 cores')."""
        return self.units_one[unit] if number == "1" and unit in self.units_one else self.unit(unit, currency)

    def value(self, text: str) -> str:
        """A cell value that is a word ("yes", "no", "inf") in the language; other text unchanged."""
        return self.values.get(text, text) if self.translates else text

    def source(self, text: str) -> str:
        """Where an input comes from: the leading kind ("user input", "derived: …") in the language."""
        if not self.translates:
            return text
        return SOURCE_PREFIX.sub(lambda m: self.sources.get(m.group(1), m.group(1)), text, count=1)

    # -- the input form --------------------------------------------------------------
    def choice(self, field_name: str, code: str) -> str:
        """The display name of a choice code of the model field ``field_name``: its vocabulary's name
        (``gpudesk.vocabulary``), the same in the form, the charts, the checks and the proposal."""
        named = choice_name(field_name, code, self.lang)
        if named is not None:
            return named
        english = code.replace("_", " ")
        if not self.translates:
            return english
        return self.choices.get(field_name, {}).get(code, english)

    def field_help(self, text: str) -> str:
        return self.help.get(text, text) if self.translates else text

    def not_applicable(self, reason: str) -> str:
        """Why a figure does not apply (``core.applicability``'s English reason), in the language."""
        return self.inapplicable.get(reason, reason) if self.translates else reason

    def bound_reason(self, text: str) -> str:
        """Why a field's range is what it is (``why`` in the model's field metadata), in the language."""
        return self.bound_reasons.get(text, text) if self.translates else text


@lru_cache(maxsize=4)
def display_text(lang: str) -> DisplayText:
    """The display text of ``lang``, read once per language (the tables are immutable after loading)."""
    if lang == "en":  # English words are the core's own, its units the proposal's ('Gb/s', '×')
        report = catalogue("report", "en")
        return DisplayText("en", figures={k: in_sentence(v) for k, v in _table(report, "figure").items()},
                           units=_table(report, "unit"), units_one=_table(report, "unit_one"),
                           legend_names=_table(report, "legend"))
    report, ui = catalogue("report", lang), catalogue("figures", lang)
    choices = {str(name): {str(k): str(v) for k, v in table.items()} for name, table in ui.get("choice", {}).items()}
    return DisplayText(
        lang,
        figures={**_table(report, "figure"), **_table(ui, "figure")},
        figure_patterns=tuple((_pattern(t), str(v)) for t, v in ui.get("figure_pattern", {}).items()),
        units=_table(report, "unit"),  # one unit table, shared with the proposal and the charts
        units_one=_table(report, "unit_one"),
        unit_parts=_table(report, "unit_part"),
        count_prefixes=_table(ui, "count_prefix"),
        values=_table(ui, "value"),
        sources=_table(ui, "source"),
        choices=choices,
        help=_table(ui, "help"),
        bound_reasons=_table(ui, "bound_reason"),
        inapplicable=_table(ui, "not_applicable"),
        bracketed=_table(ui, "bracketed"),
        legend_names=_table(report, "legend"),
    )
