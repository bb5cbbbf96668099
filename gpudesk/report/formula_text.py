"""Formulas and source lines of the core's figures in the reader's language.

The core writes every formula and every source in English
(:class:`gpudesk.core.explain.FigureSet`). Formulas are translated by id:

* ``resources/i18n/formulas_en.toml`` holds each formula's English by its id (the figure key it belongs
  to), ``formulas_<lang>.toml`` its translation under the same id. A formula the core writes is found by
  its English (numbers normalised, below) and shown through its id; when the core's wording changes, the
  old translation is no longer used (it was made from other English) until the entry under the id is
  updated. Formulas whose clauses are joined by a top-level ``"; "`` are looked up clause by clause, so
  each combination of clauses the core emits is covered. ``[formula_pattern]``: formulas with named slots.
* ``[note]`` in the same two files: the note a figure carries, by the id of the figure, found and filled the way
  a formula is.
* ``resources/i18n/sources_<lang>.toml``: ``[source]`` a whole source phrase (``"TCO model (computed)"``),
  ``[source_pattern]`` templates with named slots, ``[source_suffix]`` an annotation the core appends to a
  citation (``" (unknown in catalog)"``), translated while the citation stays.

A tuning constant's own source (``constant NAME: <source>`` and the other ways the
core quotes it) comes from ``resources/i18n/constants_<lang>.toml`` by the
constant's name: the citation as published, the words around it translated.
``constants_en.toml`` records the English each translation was made from; a
translation is used only while that English still equals the constant's source.

Numbers vary between plans (``3 · GFLOPs per image`` in training, ``1 ·`` in
serving), so every number is replaced by ``{0}``, ``{1}`` … in order of
appearance before the lookup and put back into the translation. Named slots
(``{server}``, ``{mode}``, ``{name}`` …) match any text and are copied as they
are, except ``{mode}`` (a delivery mode, named in the language) and ``{src}``
(a nested source line, translated in turn). A formula or source without an
entry stays English, whole: a half-translated formula would mislead.

Qt-free, so the CLI and the proposal can use it as well as the Explain panel.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from gpudesk.text_catalogues import catalogue
from gpudesk.vocabulary.delivery import DELIVERY_MODE, DELIVERY_OPTION, delivery_name

NUMBER = re.compile(r"(?<![\w.^₀-₉])\d+(?:,\d{3})*(?:\.\d+)?(?:e[+-]?\d+)?(?![\w])")
PLACEHOLDER = re.compile(r"\{(\d+)\}")
SLOT = re.compile(r"\{([a-z_]+)\}")
SLOT_PATTERNS = {  # what a named slot may match; any other slot matches text without brackets
    "server": ".+?", "src": ".+?", "formula": ".+?", "name": ".+?", "items": ".+",
    "family": "[a-z0-9-]+", "calib": "[a-z0-9_.-]+", "key": "[a-z0-9_.]+",
}
SOURCE_KINDS = re.compile(r"^(user input|derived|constant|catalog|model)\b")
CONSTANT_MENTION = re.compile(r"\bconstant ([A-Z][A-Z0-9_]*(?:\.[a-z]+)?)")
CLAUSE_SEPARATOR = "; "
ZH_CLAUSE_SEPARATOR = "；"


def normalise(text: str) -> tuple[str, list[str]]:
    """``text`` with its numbers replaced by ``{0}``, ``{1}`` … and the numbers, in order."""
    numbers: list[str] = []

    def swap(match: re.Match[str]) -> str:
        numbers.append(match.group(0))
        return "{" + str(len(numbers) - 1) + "}"

    return NUMBER.sub(swap, text), numbers


def fill(template: str, numbers: list[str]) -> str:
    """Put the numbers back into a translated template."""
    return PLACEHOLDER.sub(lambda m: numbers[int(m.group(1))], template)


def template_slots(template: str) -> list[str]:
    """The numbered and named slots of a template, sorted (what a translation must keep)."""
    return sorted(PLACEHOLDER.findall(template)) + sorted(SLOT.findall(template))


def split_clauses(text: str) -> list[str]:
    """``text`` split at every ``"; "`` outside brackets."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        char = text[i]
        if char in "([{⌈⌊":
            depth += 1
        elif char in ")]}⌉⌋":
            depth = max(depth - 1, 0)
        elif depth == 0 and text.startswith(CLAUSE_SEPARATOR, i):
            parts.append(text[start:i])
            start = i + len(CLAUSE_SEPARATOR)
            i = start
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _template_regex(template: str, suffix: bool = False) -> re.Pattern[str]:
    """A template with ``{0}`` numbers and ``{name}`` slots as a regex over the raw English text
    (the whole text, or its end when ``suffix``)."""
    out, last = [], 0
    for match in re.finditer(r"\{(\d+|[a-z_]+)\}", template):
        out.append(re.escape(template[last:match.start()]))
        name = match.group(1)
        out.append(f"(?P<n{name}>{NUMBER.pattern})" if name.isdigit()
                   else f"(?P<{name}>{SLOT_PATTERNS.get(name, '[^()]+?')})")
        last = match.end()
    out.append(re.escape(template[last:]))
    return re.compile(("" if suffix else "^") + "".join(out) + "$")


@dataclass(frozen=True)
class FormulaText:
    """Formula and source translation for one language; ``lang == "en"`` returns the text given."""

    lang: str
    formulas: dict[str, str] = field(default_factory=dict)
    formula_patterns: tuple[tuple[re.Pattern[str], str], ...] = ()
    sources: dict[str, str] = field(default_factory=dict)
    source_patterns: tuple[tuple[re.Pattern[str], str], ...] = ()
    source_suffixes: tuple[tuple[re.Pattern[str], str], ...] = ()
    kinds: dict[str, str] = field(default_factory=dict)
    modes: dict[str, str] = field(default_factory=dict)
    constants: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (English source, translation)
    notes: dict[str, str] = field(default_factory=dict)  # a figure's note, by its English (numbers as {0} …)
    fields: dict[str, str] = field(default_factory=dict)  # a plan field (path or name) -> its form's label

    @property
    def translates(self) -> bool:
        return self.lang != "en"

    # -- formulas --------------------------------------------------------------
    def formula(self, english: str) -> str:
        """The formula in the language; ``english`` unchanged when any clause of it has no entry."""
        if not self.translates or not english:
            return english
        translated = self.lookup_formula(english)
        return english if translated is None else translated

    def lookup_formula(self, english: str) -> str | None:
        """The translation, or None where the catalogue lacks the formula or one of its clauses."""
        return self._clauses(english, self.formulas, self.formula_patterns)

    # -- notes -----------------------------------------------------------------
    def note(self, english: str) -> str:
        """A figure's note in the language (``[note]``, found by its English like a formula, clause by clause);
        ``english`` unchanged where the catalogue lacks it or one of its clauses."""
        if not self.translates or not english:
            return english
        translated = self.lookup_note(english)
        return english if translated is None else translated

    def lookup_note(self, english: str) -> str | None:
        """The note's translation, or None where the catalogue lacks the note or one of its clauses."""
        return self._clauses(english, self.notes, ())

    # -- sources ---------------------------------------------------------------
    def source(self, english: str) -> str:
        """A source line in the language: derived formulas, model phrases and kind words translated;
        citations (ids, titles, URLs, datasheet names) kept as they are."""
        if not self.translates or not english:
            return english
        english = self.constant_sources(english)
        if english.startswith("derived: "):  # the whole rest is one formula, "; " clauses included
            return self._kind("derived") + "：" + self.formula(english[len("derived: "):])
        clauses = split_clauses(english)
        done = [self._source_clause(c) for c in clauses]
        out = done[0]
        for i in range(1, len(done)):  # a citation's own "; " stays as it is
            both = done[i - 1] != clauses[i - 1] and done[i] != clauses[i]
            out += (ZH_CLAUSE_SEPARATOR if both else CLAUSE_SEPARATOR) + done[i]
        return out

    def constant_sources(self, text: str) -> str:
        """``text`` with the source of every tuning constant it quotes in the language ("constant NAME: <source>"
        becomes "常量 NAME：<译文>"); a constant without a current entry keeps its English source."""
        for name in dict.fromkeys(CONSTANT_MENTION.findall(text)):
            english, translated = self.constants.get(name, ("", ""))
            if not english or english not in text:
                continue
            text = text.replace(f"constant {name}: {english}", f"{self._kind('constant')} {name}：{translated}")
            text = text.replace(english, translated).replace(f"constant {name}", f"{self._kind('constant')} {name}")
        return text

    def _source_clause(self, clause: str) -> str:
        head, sep, rest = clause.partition(": ")
        if sep and not SOURCE_KINDS.match(clause):
            formula = self.lookup_formula(head)
            if formula is not None:  # "usable_memory_mib × 2^20 (driver total): catalog …"
                return formula + "：" + self._source_clause(rest)
        found = self._one(clause, self.sources, self.source_patterns)
        if found is not None:
            return found
        for pattern, target in self.source_suffixes:  # " (unknown in catalog)" after a citation
            match = pattern.search(clause)
            if match and match.start() > 0:
                return self._source_clause(clause[:match.start()]) + self._render(target, match)
        return SOURCE_KINDS.sub(lambda m: self._kind(m.group(1)), clause, count=1)

    def _kind(self, word: str) -> str:
        return self.kinds.get(word, word)

    # -- lookup ------------------------------------------------------------------
    def _clauses(self, english: str, table: dict[str, str],
                 patterns: tuple[tuple[re.Pattern[str], str], ...]) -> str | None:
        """``english`` whole from ``table``, else each of its top-level "; " clauses; None where one is missing."""
        whole = self._one(english, table, patterns)
        if whole is not None:
            return whole
        clauses = split_clauses(english)
        if len(clauses) < 2:
            return None
        done = [self._one(clause, table, patterns) for clause in clauses]
        return None if any(c is None for c in done) else ZH_CLAUSE_SEPARATOR.join(c for c in done if c is not None)

    def _one(self, english: str, table: dict[str, str],
             patterns: tuple[tuple[re.Pattern[str], str], ...]) -> str | None:
        template, numbers = normalise(english)
        if template in table:
            return fill(table[template], numbers)
        for pattern, target in patterns:
            match = pattern.match(english)
            if match:
                return self._render(target, match)
        return None

    def _render(self, target: str, match: re.Match[str]) -> str:
        groups = match.groupdict()

        def slot(m: re.Match[str]) -> str:
            name = m.group(1)
            if name.isdigit():
                return groups[f"n{name}"]
            value = groups[name]
            if name == "mode":
                return self.modes.get(value.replace(" ", "_"), value)
            if name == "src":
                return self.source(value)
            if name == "formula":
                return self.formula(value)
            if name == "where":  # "user input (horizon_years)": the field by its form's label, not its code
                return self.fields.get(value, value)
            return self.sources.get(value, value)

        return re.sub(r"\{(\d+|[a-z_]+)\}", slot, target)


def constant_source_table(lang: str) -> dict[str, tuple[str, str]]:
    """Each tuning constant's (English source it was translated from, translation) by name
    (``constants_en.toml`` and ``constants_<lang>.toml``)."""
    english, translated = catalogue("constants", "en"), catalogue("constants", lang)
    return {str(name): (str(english.get(name, "")), str(text)) for name, text in translated.items()}


def _strings(data: Mapping[str, Any], name: str) -> dict[str, str]:
    return {str(k): str(v) for k, v in data.get(name, {}).items()}


def formula_ids(table: str = "formula") -> dict[str, str]:
    """Each formula's id by its English (normalised: numbers as ``{0}``, ``{1}`` …), from ``formulas_en.toml``."""
    return {english: formula_id for formula_id, english in _strings(catalogue("formulas", "en"), table).items()}


def by_english(table: str, lang: str) -> dict[str, str]:
    """The ``lang`` text of each formula by the English it was made from (the two catalogues joined by id)."""
    translated = _strings(catalogue("formulas", lang), table)
    return {english: translated[formula_id] for english, formula_id in formula_ids(table).items()
            if formula_id in translated}


@lru_cache(maxsize=4)
def formula_text(lang: str) -> FormulaText:
    """The formula text of ``lang``, read once per language (the tables never change after loading)."""
    if lang == "en":
        return FormulaText("en")
    data, figures = catalogue("sources", lang), catalogue("figures", lang)
    return FormulaText(
        lang,
        formulas=by_english("formula", lang),
        formula_patterns=tuple((_template_regex(k), v) for k, v in by_english("formula_pattern", lang).items()),
        sources=_strings(data, "source"),
        source_patterns=tuple((_template_regex(k), v) for k, v in _strings(data, "source_pattern").items()),
        source_suffixes=tuple((_template_regex(k, suffix=True), v) for k, v in _strings(data, "source_suffix").items()),
        kinds=_strings(figures, "source"),
        modes={code: delivery_name(code, lang) for code in DELIVERY_OPTION.codes + DELIVERY_MODE.codes},
        constants=constant_source_table(lang),
        notes=by_english("note", lang),
        fields=field_labels(lang),
    )


_HINT = re.compile(r"（[^（）]*=[^（）]*）$")  # a form label's input hint: "节点数（0=自动）"


def field_labels(lang: str) -> dict[str, str]:
    """Each plan field's label as its form shows it (the wizard catalogue's ``field`` table, read as data), by its
    path within a phase or workload and by its name where only one field has it; the input hint left out."""
    labels: dict[str, str] = {}
    names: dict[str, set[str]] = {}
    for path, label in catalogue("wizard", lang).get("field", {}).items():
        if not isinstance(label, str):
            continue
        bare = path.lstrip("/").replace("workloads[{w}].", "")
        labels[bare] = _HINT.sub("", label)
        names.setdefault(bare.rsplit(".", 1)[-1], set()).add(labels[bare])
    labels.update({name: next(iter(found)) for name, found in names.items() if len(found) == 1 and name not in labels})
    return labels


FIGURE_NAME = re.compile(r"(?<![\w.{])([a-z][a-z0-9]*(?:[._][a-z0-9]+)+)(?![\w(])")
"""A name in a formula that reads as code: a figure's key or its last part (``hours_used_per_month``,
``mem.max_concurrency``). A mathematical symbol with a subscript (``d_qk``, ``r_kv``, ``z_p``) starts with one letter
and is left as it is; so is a plain word."""
_LABEL_END = re.compile(r" \(|; |, |（|；|，")  # English or Chinese: the label before its explanation


def named_formula(formula: str, label_of: Callable[[str], str | None], spaced: bool = True) -> str:
    """An English formula with each figure it names as code by the figure's English label, as the inputs table below
    it names the same figure: 'billed_gpus x hours_per_month x price' -> 'GPUs billed x hours per month x price'.
    ``label_of`` gives a name's label (None: not a figure). A label is cut before its first bracket, semicolon or
    comma, which explain the figure in the table rather than in the formula; a name with no label, but written
    in snake case, reads with spaces ('head_dim' -> 'head dim'; as it is when not ``spaced``, for a Chinese formula
    whose words are already translated); a dotted name with no label stays as it is."""
    def name(match: re.Match[str]) -> str:
        code = match.group(1)
        if len(code.split("_", 1)[0].split(".", 1)[0]) < 2:  # a subscripted symbol: r_kv, t_mb
            return code
        label = label_of(code)
        if label:
            return _LABEL_END.split(label, maxsplit=1)[0]
        return code.replace("_", " ") if "." not in code and spaced else code
    return FIGURE_NAME.sub(name, formula)
