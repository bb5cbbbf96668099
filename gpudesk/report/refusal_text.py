"""Why a plan was refused or cannot be estimated, worded in the reader's language.

The raising code records a :class:`~gpudesk.refusals.Refusal` (a key and its values; English templates in
``gpudesk/refusals/``); the Chinese is by key in ``resources/i18n/refusals_zh.toml``. A plan field is named by
the label its form shows when the caller passes ``field_name`` (the window and the CLI pass the wizard's
``describe_path``; the report layer cannot import the wizard); a catalog table by its name in the reader's language;
a unit by the one unit table; the operating system's and the JSON parser's own English by their code or message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gpudesk.catalog.errors import Problem, row_id_of
from gpudesk.project.errors import MAX_PROBLEMS_SHOWN, ProjectValidationError, printable
from gpudesk.refusals import ENGLISH, Amount, Choices, ListedReasons, PartName, Refusal, reason_of, refusal
from gpudesk.report.chart_text import unit_text
from gpudesk.report.display_units import exact_text
from gpudesk.text_catalogues import catalogue, fill_chinese, flat_catalogue
from gpudesk.vocabulary.catalog_fields import CATALOG_FIELD
from gpudesk.vocabulary.fields import choice_name
from gpudesk.vocabulary.plan_choices import REGION
from gpudesk.vocabulary.precision import PRECISION

FieldName = Callable[[str, str], str]
"""``(path, lang) -> label``: a plan field's path in words, as its form labels it."""

_LOOKUPS = {"os.error": ("os_error", "code"), "json.parser": ("json_parser", "text")}
"""Refusals that quote what another program said: their Chinese by that code or message, in a table of their own."""


def template(key: str, lang: str, count: Any = None) -> str:
    """The wording of refusal ``key`` in ``lang`` (its ``_one`` form when ``count`` is 1)."""
    table = ENGLISH if lang == "en" else flat_catalogue("refusals", lang)
    if count == 1 and f"{key}_one" in table:
        key = f"{key}_one"
    return table[key]


def refusal_text(reason: Refusal | str, lang: str, field_name: FieldName | None = None) -> str:
    """A refusal worded in ``lang``; a reason given as text (a message nobody keyed) is shown as it is."""
    if not isinstance(reason, Refusal):
        return printable(str(reason))
    if lang == "en" and field_name is None:
        return printable(reason.english())
    if lang != "en" and reason.key in _LOOKUPS:
        table, by = _LOOKUPS[reason.key]
        found = catalogue("refusals", lang).get(table, {}).get(str(reason.values.get(by, "")))
        if found is not None:
            return str(found)
    if lang != "en" and reason.key == "field.range_why":  # a plan field's range reason: the one table of them
        found = catalogue("figures", lang).get("bound_reason", {}).get(str(reason.values.get("text", "")))
        return fill_chinese(template(reason.key, lang), {"text": found}) if found else ""
    values = {name: _worded(name, value, lang, field_name) for name, value in reason.values.items()}
    if reason.key == "field.range_unit" and not values["unit"]:  # a unit the language leaves unsaid (fraction)
        return ""
    text = template(reason.key, lang, reason.values.get("count"))
    return _tidy(fill_chinese(text, values)) if lang == "zh" else text.format(**values)


_LOOSE_SPACE = re.compile(r" {2,}| (?=[（）；，。：])|(?<=[（）；，。：]) |(?<=”) (?=[\u3400-\u9fff])")


def _tidy(text: str) -> str:
    """No doubled space where an optional value was empty, and none beside Chinese punctuation."""
    return _LOOSE_SPACE.sub(lambda m: " " if len(m.group(0)) > 1 else "", text).strip()


def _worded(name: str, value: Any, lang: str, field_name: FieldName | None) -> Any:
    if isinstance(value, Refusal):
        return refusal_text(value, lang, field_name)
    if isinstance(value, Amount):
        return amount_text(value, lang)
    if isinstance(value, Choices):
        if lang == "en":
            return str(value)
        return "、".join(choice_name(value.field, code, lang) or code for code in value.codes)
    if isinstance(value, PartName):
        return part_name(value, lang)
    if isinstance(value, ListedReasons):
        return ("；" if lang == "zh" else "; ").join(refusal_text(item, lang, field_name) for item in value.items)
    if not isinstance(value, str):
        return value
    if name == "field" and field_name is not None:
        return field_name(value, lang)
    if name == "table":
        return str(catalogue("refusals", lang).get("table", {}).get(value, value)) if lang != "en" else value
    if name == "unit":
        return unit_text(value, lang)
    if name == "column" and lang != "en":
        return CATALOG_FIELD.name_of(value, lang) if value in CATALOG_FIELD else f"“{printable(value)}”"
    if name == "near_field" and field_name is not None:  # the field a typo was likely meant as: its label alone
        return field_name(value, lang).rsplit(" · ", 1)[-1]
    if name == "region" and value in REGION:
        return REGION.name_of(value, lang)
    if name == "precision" and value in PRECISION:
        return PRECISION.name_of(value, lang)
    return printable(value)


def part_name(part: PartName, lang: str) -> str:
    """A part a refusal names, as every surface names it in ``lang`` (report/server_names.server_display_name)."""
    from gpudesk.report.server_names import server_display_name  # (its catalogue of names read only when needed)

    accelerator = part_name(part.accelerator, lang) if part.accelerator is not None else ""
    return server_display_name(part.name, part.vendor, part.gpus, accelerator, lang, part.name_zh)


def amount_text(amount: Amount, lang: str) -> str:
    """A number a refusal states, exactly, as the reader counts (display_units.exact_text: '1,000 万')."""
    return exact_text(amount.value, lang)


def problem_lines(error: ProjectValidationError, lang: str, field_name: FieldName | None = None) -> list[str]:
    """Each problem of a refused plan on its line: the field (by its label) and why."""
    colon = "：" if lang == "zh" else ": "
    lines = []
    for path, reason in error.refusals[:MAX_PROBLEMS_SHOWN]:
        where = _where(path, reason, lang, field_name)
        lines.append(f"{where}{colon}{refusal_text(reason, lang, field_name)}")
    if len(error.refusals) > MAX_PROBLEMS_SHOWN:
        lines.append(refusal_text(refusal("plan.more_problems", count=len(error.refusals) - MAX_PROBLEMS_SHOWN),
                                  lang))
    return lines


def _where(path: str, reason: Refusal | str, lang: str, field_name: FieldName | None) -> str:
    """A problem's place: a field by its label; a key the plan does not know by its group's label and the key as
    the file wrote it (it has no label)."""
    if not path:
        return _top_level(lang)
    if field_name is None:
        return path
    if isinstance(reason, Refusal) and reason.key in ("field.unknown", "field.unknown_near"):
        group, _, key = path.rpartition(".")
        quoted = f"“{printable(key)}”" if lang == "zh" else f"'{printable(key)}'"
        return f"{field_name(group, lang)} · {quoted}" if group else quoted
    return field_name(path, lang)


def _top_level(lang: str) -> str:
    return "（顶层）" if lang == "zh" else "(top level)"


def error_text(error: BaseException, lang: str, field_name: FieldName | None = None) -> str:
    """What a refused or failed plan shows: a plan's problems one a line under a heading, or the one reason."""
    if isinstance(error, ProjectValidationError):
        head = refusal_text(refusal("plan.problems", count=len(error.refusals)), lang)
        if error.note:
            note = refusal_text(error.note, lang, field_name)
            head += f"（{note}）" if lang == "zh" else f" ({note})"
        colon = "：" if lang == "zh" else ":"
        return "\n".join([head + colon] + ["  " + line for line in problem_lines(error, lang, field_name)])
    reason = reason_of(error)
    return refusal_text(reason if reason is not None else str(error), lang, field_name)



def catalog_problem_cells(problem: Problem, lang: str, file_column: bool = False) -> tuple[str, str, str, str]:
    """A catalog row's problem (an edit or an import refused) as the reader sees it: the table and the field by
    their names (``file_column``: the field also as the file's column heads it, for an import), the row by its id
    and the line of the imported file, and why. English keeps the codes, as before."""
    table = problem.table
    if lang != "en":
        table = str(catalogue("refusals", lang).get("table", {}).get(table, table))
    row = problem.row
    if problem.line and lang != "en":
        rid = row_id_of(problem)
        row = f"第 {problem.line} 行" + (f"（{rid}）" if rid and rid != f"line {problem.line}" else "")
    field = problem.field
    if lang != "en" and field in CATALOG_FIELD:
        field = CATALOG_FIELD.name_of(field, lang) + (f"（{field}）" if file_column else "")
    return table, row, field, refusal_text(problem.why, lang)
